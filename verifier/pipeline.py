"""The verification pipeline over one case: the code stage now, the judge joins later."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from verifier.checks.citations import check_citations
from verifier.checks.models import SourceText
from verifier.checks.numbers import check_numbers
from verifier.checks.urls import check_urls
from verifier.schemas import Reason

CHECKER_VERSION = "code-2"


class VerdictData(BaseModel):
    """A verdict before it is stored: the flag, the reasons and each stage's full output."""

    flagged: bool
    reasons: list[Reason]
    stages: dict[str, Any]
    checker_version: str = CHECKER_VERSION


def verify_case(question: str, answer: str, excerpts: Sequence[SourceText]) -> VerdictData:
    """Run every code-stage check over one answer and combine them into a verdict."""
    numbers = check_numbers(question, answer, excerpts)
    citations = check_citations(answer, excerpts, numbers)
    urls = check_urls(answer, excerpts)
    reasons = [
        Reason(
            stage="numbers",
            kind="ungrounded_number",
            **f.model_dump(
                include={"text", "start", "end", "excerpts", "message_en", "message_de"}
            ),
        )
        for f in numbers.findings
        if f.status == "ungrounded"
    ]
    reasons += [
        Reason(
            stage="citations",
            kind=f.kind,
            excerpts=f.cited,
            **f.model_dump(include={"text", "start", "end", "message_en", "message_de"}),
        )
        for f in citations.findings
    ]
    reasons += [
        Reason(
            stage="urls",
            kind="unknown_url",
            **f.model_dump(
                include={"text", "start", "end", "excerpts", "message_en", "message_de"}
            ),
        )
        for f in urls.findings
        if f.status == "unknown_url"
    ]
    reasons.sort(key=lambda r: (r.start or 0, r.stage))
    return VerdictData(
        flagged=bool(reasons),
        reasons=reasons,
        stages={
            "numbers": numbers.model_dump(),
            "citations": citations.model_dump(),
            "urls": urls.model_dump(),
        },
    )


def sources_of(excerpts: Sequence[dict[str, Any]]) -> list[SourceText]:
    """The checks' view of excerpt dicts as posted ({n, text, url?, ...})."""
    return [SourceText(n=int(e["n"]), text=str(e["text"]), url=e.get("url")) for e in excerpts]
