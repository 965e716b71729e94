"""Durations the excerpts' clock times imply: a shift's hours ("Mo 13.04.: 08:00–16:30, Pause
30 min": 8 Stunden, or 8,5 with the break), a journey's ("Abflug 10:05" over "Ankunft 12:20":
2 Stunden 15 Minuten), and the total of an excerpt's shifts ("kommt auf 28,5 Stunden").

A span is two clock times of one line joined as a range ("08:00–16:30", "9 bis 17 Uhr") or
standing in cells side by side as a line's first two (a time sheet's "| 09:15 | 12:45 |", less
a break in the next cell), or the clock times of two lines in a row that hold one each. A
break stated on a range's line ("Pause 30 min", "45 min Pause", "Mittagspause 1 h") may be
taken off. Clock times are exact:
a wrong duration matches a span by chance hardly ever, so no word need announce one; the
total is that of every range of the excerpt (a run of some of them adds up by chance)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from verifier.checks.citations import Sentences
from verifier.checks.grounding import Verdict
from verifier.checks.linesigns import line_span
from verifier.checks.numparse import tokenize
from verifier.checks.readings import Reading, Token

# What joins the two clock times of a range on one line.
_RANGE = re.compile(
    r"[ \t\u00a0]*(?:Uhr[ \t\u00a0]*)?(?:[-–—]|bis|to|until|till)[ \t\u00a0]*", re.I
)
_CELLS = re.compile(r"[ \t\u00a0]*[|;][ \t\u00a0]*")  # a table's or a semicolon export's
# A break on a range's line, before or after its length.
_BREAK_WORD = r"(?:mittags)?pause|break|lunch"
_UNIT = r"(min|minuten|minutes|mins|m|h|std|stunden?|hours?|hrs?)\b"  # "break 30m"
# Each number starts a run of digits, so that a long run is not tried at every digit.
_BREAK = re.compile(
    rf"(?i:(?:{_BREAK_WORD})\W{{0,3}}(?:von\s+)?(?<![0-9.,])([0-9]+(?:[.,][0-9]+)?)\s*{_UNIT}"
    rf"|(?<![0-9.,])([0-9]+(?:[.,][0-9]+)?)\s*{_UNIT}\s*(?:{_BREAK_WORD}))"
)
# A column of breaks in minutes, as its header names it: "Pause (min)", "Break (mins)".
_BREAK_HEADER = re.compile(
    rf"(?i:(?:{_BREAK_WORD})[^\W\d_]{{0,12}}[ \t]{{0,3}}\(?[ \t]{{0,3}}(?:min|mins|minuten)\b)"
)
_MINUTES_CELL = re.compile(r"[ \t\u00a0]*[|;][ \t\u00a0]*([0-9]{1,3})[ \t\u00a0]*(?:[|;]|$)", re.M)
_MAX_SPAN = 16 * 60  # minutes: a longer span of two clock times is the other half of the day
_MAX_READ = 20_000  # characters of an excerpt read for its clock times


@dataclass(frozen=True, slots=True)
class _Span:
    """Two clock times of an excerpt: where the first one's line starts, the minutes from one
    to the other (two or more where a time may be either half of the day), the minutes of a
    break on a range's line, and both as written."""

    line: int
    minutes: frozenset[int]
    pause: int
    first: str
    second: str

    def lengths(self) -> set[int]:
        """The span's minutes, with and without its break."""
        return {*self.minutes, *(m - self.pause for m in self.minutes if m > self.pause)}


def _minutes(tok: Token) -> set[int]:
    """The minutes of the day a clock time may stand for (7:45 may be 19:45)."""
    return {int(r.key[1]) * 60 + int(r.key[2]) for r in tok.readings if r.key[0] == "t"}


def clock_spans(a: Token, b: Token) -> frozenset[int]:
    """The minutes from clock time a to clock time b, each way the clock may read them."""
    return frozenset(
        span for x in _minutes(a) for y in _minutes(b) if 0 < (span := (y - x) % 1440) <= _MAX_SPAN
    )


def _column(text: str, line_start: int, at: int) -> int:
    """The cell of a table's or a semicolon export's line a position stands in, from 0."""
    return sum(text.count(sep, line_start, at) for sep in "|;")


def _break_column(text: str) -> int | None:
    """The cell of the header that names a column of breaks in minutes ("Pause (min)")."""
    m = _BREAK_HEADER.search(text)
    if m is None:
        return None
    return _column(text, text.rfind("\n", 0, m.start()) + 1, m.start())


def _break(line: str) -> int:
    """The minutes of a break stated on a line, 0 for none."""
    m = _BREAK.search(line)
    if m is None:
        return 0
    value, unit = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
    minutes = float(value.replace(",", ".")) * (1 if unit.lower().startswith("m") else 60)
    return round(minutes)


def _spans(text: str) -> tuple[list[_Span], list[_Span]]:
    """The ranges of an excerpt (two clock times joined on one line), and the spans between
    the clock times of two lines in a row that hold one each."""
    text = text[:_MAX_READ]
    clocks = [t for t in tokenize(text) if _minutes(t)]
    ranges: list[_Span] = []
    followed: list[_Span] = []
    breaks: dict[int, int] = {}
    break_column = _break_column(text)
    for k, (a, b) in enumerate(pairwise(clocks)):
        start, end = line_span(text, a.start)
        minutes = clock_spans(a, b)
        if not minutes:
            continue
        written = (text[a.start : a.end], text[b.start : b.end])
        first = k == 0 or clocks[k - 1].end <= start  # a is its line's first clock time
        # A time sheet's row: its first two clock times in cells side by side ("| 09:15 |
        # 12:45 |"), a start and an end; a third (a break's "0:30") is no end of a range.
        cells = first and _CELLS.fullmatch(text, a.end, b.start) is not None
        if b.start < end and cells:
            # A third cell with a clock time is the row's break ("| 0:30 |"): the sheet counts
            # the time worked without it, and only that.
            c = clocks[k + 2] if k + 2 < len(clocks) else None
            if c is not None and c.start < end and _CELLS.fullmatch(text, b.end, c.start):
                pause = min(_minutes(c))
                minutes = frozenset(m - pause for m in minutes if m > pause)
            # A next cell of minutes under a break's header ("Pause (min)") may be taken off.
            minutes_cell = (
                _MINUTES_CELL.match(text, b.end, end)
                if break_column == _column(text, start, b.start) + 1
                else None
            )
            pause = int(minutes_cell[1]) if minutes_cell else 0
            ranges.append(_Span(start, minutes, pause, *written))
            continue
        if b.start < end and _RANGE.fullmatch(text, a.end, b.start):
            if start not in breaks:  # one search a line, however many ranges stand on it
                breaks[start] = _break(text[start:end])
            ranges.append(_Span(start, minutes, breaks[start], *written))
            continue
        next_start, next_end = line_span(text, b.start)
        alone = first and (k + 2 >= len(clocks) or clocks[k + 2].start > next_end)
        if next_start == end + 1 and alone:  # one clock time on each of two lines in a row
            followed.append(_Span(start, minutes, 0, *written))
    return ranges, followed


class ClockSpans:
    """The durations the clock times of the excerpts give, read at the first that asks."""

    def __init__(self, sentences: Sentences, excerpts: Sequence[tuple[int, str]]) -> None:
        self.text = sentences.text
        self._excerpts = excerpts
        self._read: dict[int, tuple[list[_Span], list[_Span]]] = {}
        self._sentences = sentences

    def derive(self, tok: Token) -> Verdict | None:
        """The span of excerpt clock times an ungrounded duration is, or None."""
        # A part of "2 Stunden und 15 Minuten" reads as its own and as the whole duration.
        durations = [r for r in tok.readings if r.key[:2] == ("u", "time")] or _summed_hours(
            self.text, tok
        )
        if not durations:
            return None
        for n, text in self._sentences.cited_excerpts(self._excerpts, tok.start):
            if n not in self._read:
                self._read[n] = _spans(text)
            for r in durations:
                found = self._span_of(n, r)
                if found:
                    return found
        return None

    def _span_of(self, n: int, r: Reading) -> Verdict | None:
        """The span of excerpt n that the duration r is, or the total of its ranges."""
        seconds = float(str(r.key[2]))
        if seconds <= 0 or seconds % 60:
            return None
        minutes = int(seconds // 60)
        ranges, followed = self._read[n]
        for span in (*ranges, *followed):
            if minutes in span.lengths():
                return Verdict(
                    "derived", r, frozenset({n}), "time_between", (span.first, span.second)
                )
        if len(ranges) >= 2 and minutes in _totals(ranges):
            operands = (ranges[0].first, ranges[-1].second)
            return Verdict("derived", r, frozenset({n}), "run", operands)
        return None


# The rest of a sum written out whose result is in hours: "8 + 7 + 8.75 + 4 = 27.75 hours".
_HOURS_SUMMED = re.compile(
    r"(?:[ \t\u00a0]*\+[ \t\u00a0]*[0-9][0-9.,]*)*[ \t\u00a0]*=[ \t\u00a0]*[0-9][0-9.,]*"
    r"[ \t\u00a0]*(?:hours?|hrs?|h|std\.?|stunden)\b",
    re.I,
)


def _summed_hours(text: str, tok: Token) -> list[Reading]:
    """A bare term of a sum written out in hours, as the hours it is: the 8 of "8 + 7 + 8.75
    + 4 = 27.75 hours"."""
    r = tok.readings[0]
    if r.key[0] != "n" or r.num is None or not _HOURS_SUMMED.match(text, tok.end):
        return []
    seconds = r.num * 3600
    if seconds != seconds.to_integral_value():
        return []
    value = str(int(seconds))
    return [Reading(("u", "time", value), value)]


def _totals(ranges: list[_Span]) -> set[int]:
    """The total of every range of an excerpt, with and without the breaks; none where a
    range may be read two ways (7:00–3:30 without am or pm)."""
    if any(len(span.minutes) != 1 for span in ranges):
        return set()
    gross = sum(min(span.minutes) for span in ranges)
    return {gross, gross - sum(span.pause for span in ranges)}
