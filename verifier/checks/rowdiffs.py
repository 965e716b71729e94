"""Differences of two readings of one counter in an excerpt: the kilometres of a logbook's
trip from its start and end readings on one row ("48.210 | 48.352": 142 km), a meter's
consumption from the readings of two neighbouring lines ("01.01.2026 12.480" and "01.02.2026
12.893": 413 kWh), the hours of a time sheet's counter.

Only figures of four digits or more, as many on both sides, next to each other on the row or
each alone on its line of two neighbouring lines (readings of one counter are), and only an
ungrounded figure with a unit a counter reads (km, kWh, m³, litres, hours) that is their
difference: a wrong figure meets another pair's difference by chance hardly ever."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from decimal import Decimal
from itertools import pairwise

from verifier.checks.citations import Sentences
from verifier.checks.grounding import Verdict
from verifier.checks.months import YEAR
from verifier.checks.numparse import day_clock, tokenize_lines
from verifier.checks.readings import Token

# A line with a reading of four digits or more (grouped or not).
_READING = re.compile(r"(?<![0-9.,'])[0-9][0-9.,']{3,}")
# What counters read, right after the answer's figure: distance, energy, volume, hours.
_COUNTED = re.compile(
    r"[ \u00a0]?(?:km|kilometer\w*|kwh|m³|m3|mi|miles?|meilen|l|liter\w*|litres?|gallons?"
    r"|h|std\.?|stunden|hours?|betriebsstunden)(?![^\W\d_])",
    re.I,
)
_MIN_DIGITS = 4
_MAX_LINES = 200  # lines of one excerpt read for readings
_MAX_READ = 16_384  # characters of one excerpt read for them
_Difference = tuple[int, str, str]  # the excerpt, the first reading and the second as written


class RowDifferences:
    """The differences of neighbouring readings on the excerpts' rows, read when first asked."""

    def __init__(self, sentences: Sentences, excerpts: Sequence[tuple[int, str]]) -> None:
        self._sentences = sentences
        self._excerpts = excerpts
        self._read: dict[int, dict[Decimal, _Difference]] = {}

    def derive(self, tok: Token) -> Verdict | None:
        """The difference of two readings of one row an ungrounded figure is, or None."""
        r = tok.readings[0]
        if r.key[0] != "n" or r.num is None or r.num <= 0 or r.scale:
            return None
        if not _COUNTED.match(self._sentences.text, tok.end):
            return None  # what no counter reads: spare the excerpts' reading
        for n, text in self._sentences.cited_excerpts(self._excerpts, tok.start):
            if n not in self._read:
                self._read[n] = _differences(n, text)
            found = self._read[n].get(r.num)
            if found:
                return Verdict("derived", r, frozenset({n}), "difference", found[1:])
        return None


def _differences(n: int, text: str) -> dict[Decimal, _Difference]:
    """Each difference of two neighbouring readings on a line of the text, or alone on two
    neighbouring lines."""
    lines: list[tuple[int, int]] = []
    pos = 0
    for raw in text[:_MAX_READ].split("\n"):
        if len(lines) < _MAX_LINES and _READING.search(raw):
            lines.append((pos, pos + len(raw)))
        pos += len(raw) + 1
    out: dict[Decimal, _Difference] = {}
    if not lines:
        return out
    rows: list[list[Token]] = [[] for _ in lines]
    for tok in tokenize_lines(text, lines, day_clock(text)):
        k = bisect_right(lines, (tok.start, len(text))) - 1
        if _reading(text, tok):
            rows[k].append(tok)
    pairs = [pair for row in rows for pair in pairwise(row)]
    for ((_, end), above), ((start, _), below) in pairwise(zip(lines, rows, strict=True)):
        if end + 1 == start and len(above) == 1 and len(below) == 1:
            pairs.append((above[0], below[0]))  # one counter's column: "31.12.2025: 18.402"
    for a, b in pairs:
        ra, rb = a.readings[0], b.readings[0]
        assert ra.num is not None and rb.num is not None
        if ra.digits != rb.digits or ra.places != rb.places or rb.num <= ra.num:
            continue  # a counter only rises
        written = (text[a.start : a.end], text[b.start : b.end])
        if (written[0].isdigit()) != (written[1].isdigit()):
            continue  # readings of one counter are grouped alike
        out.setdefault(rb.num - ra.num, (n, *written))
    return out


def _reading(text: str, tok: Token) -> bool:
    """Whether a token reads as a counter's reading: a number of four digits or more that
    is no year ("2021 3.480 kWh")."""
    r = tok.readings[0]
    return (
        r.key[0] == "n"
        and r.num is not None
        and r.digits >= _MIN_DIGITS
        and not YEAR.fullmatch(text[tok.start : tok.end])
    )
