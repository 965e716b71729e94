"""What the number check finds in an answer, and how its time grows, for the tests of its parts."""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from verifier.checks.models import SourceText
from verifier.checks.numbers import check_numbers


def statuses(answer: str, *excerpts: str) -> dict[str, str]:
    """The status of each figure of the answer, by its text, against excerpts [1], [2], …."""
    sources = [SourceText(n, text) for n, text in enumerate(excerpts, start=1)]
    return {f.text: f.status for f in check_numbers("", answer, sources).findings}


def assert_linear(work: Callable[[int], object], size: int, factor: int = 8) -> None:
    """Fail when the time of work(n) grows faster than n**1.5 from size to size * factor.

    Both sizes run in the same test, interleaved and best of three, so the machine's speed and
    its load cancel out; a linear reading grows by an exponent near 1, a quadratic one by 2.
    """
    work(size)  # the first call compiles patterns that every later call reuses
    best = {size: math.inf, size * factor: math.inf}
    for _ in range(3):
        for n in best:
            started = time.perf_counter()
            work(n)
            best[n] = min(best[n], time.perf_counter() - started)
    exponent = math.log(best[size * factor] / best[size], factor)
    assert exponent < 1.5, f"time grew as n**{exponent:.2f}: {best}"
