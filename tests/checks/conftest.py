"""What the number check finds in an answer, for the tests of its parts."""

from __future__ import annotations

from verifier.checks.models import SourceText
from verifier.checks.numbers import check_numbers


def statuses(answer: str, *excerpts: str) -> dict[str, str]:
    """The status of each figure of the answer, by its text, against excerpts [1], [2], …."""
    sources = [SourceText(n, text) for n, text in enumerate(excerpts, start=1)]
    return {f.text: f.status for f in check_numbers("", answer, sources).findings}
