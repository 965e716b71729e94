"""Differences of two readings on one row of an excerpt: the kilometres of a logbook's trip
from its start and end readings ("48.210 | 48.352": 142 km), a meter's consumption from two
readings, the hours of a time sheet's counter.

Only figures of four digits or more, as many on both sides, next to each other on the row
(readings of one counter are), and only an ungrounded figure with a unit a counter reads
(km, kWh, m³, litres, hours) that is their difference: a wrong figure meets another row's
difference by chance hardly ever."""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal
from itertools import pairwise

from verifier.checks.citations import Sentences
from verifier.checks.grounding import Verdict
from verifier.checks.months import YEAR
from verifier.checks.numparse import day_clock, tokenize_lines
from verifier.checks.readings import Token

# A line with two readings of four digits or more (grouped or not).
_TWO_READINGS = re.compile(r"(?<![0-9.,'])[0-9][0-9.,']{3,}+[^0-9\n]++[0-9][0-9.,']{3,}")
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
    """Each difference of two neighbouring readings on a line of the text."""
    lines: list[tuple[int, int]] = []
    pos = 0
    for raw in text[:_MAX_READ].split("\n"):
        if len(lines) < _MAX_LINES and _TWO_READINGS.search(raw):
            lines.append((pos, pos + len(raw)))
        pos += len(raw) + 1
    out: dict[Decimal, _Difference] = {}
    if not lines:
        return out
    tokens = tokenize_lines(text, lines, day_clock(text))
    for a, b in pairwise(tokens):
        if text.find("\n", a.end, b.start) >= 0:
            continue  # readings of one row only
        ra, rb = a.readings[0], b.readings[0]
        if ra.key[0] != "n" or rb.key[0] != "n" or ra.num is None or rb.num is None:
            continue
        if ra.digits != rb.digits or ra.digits < _MIN_DIGITS or ra.places != rb.places:
            continue
        written = (text[a.start : a.end], text[b.start : b.end])
        if any(YEAR.fullmatch(w) for w in written) or rb.num <= ra.num:
            continue  # a year beside a reading ("2021 3.480 kWh"); a counter only rises
        if (written[0].isdigit()) != (written[1].isdigit()):
            continue  # readings of one counter are grouped alike
        out.setdefault(rb.num - ra.num, (n, *written))
    return out
