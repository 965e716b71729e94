"""Calendar arithmetic for the span checks: a date plus a term (a month's end where the
month is shorter, and the day before where a term of months or years ends), the terms an
excerpt states ("24 Monate", "ein Jahr Garantie", "Net 30") and its full dates."""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta

from verifier.checks.numparse import tokenize
from verifier.checks.numwords import word_number
from verifier.checks.readings import Reading

# A term an excerpt states, its count in digits or words: "24 Monate", "ein Jahr Garantie".
_TERM = re.compile(
    r"\b([0-9]{1,3}|[a-zäöüß]+)[ \u00a0-]+(?:(tage?n?|days?)|(wochen?|weeks?)"
    r"|(monate?n?|months?)|(jahre?n?|years?))\b",
    re.I,
)
# Payment terms as invoices write them: "Net 30" is due 30 days after the invoice date.
_NET = re.compile(r"\bnet[ \u00a0]?([0-9]{1,3})\b(?![ \u00a0-]*days?\b)", re.I)
_ONE = {"ein", "eine", "einen", "einem", "einer", "one", "a", "an"}
_MAX_TERMS = 12  # an excerpt's terms tried for one date


def as_date(r: Reading, year: int | None = None) -> date | None:
    """The date of a reading (a day and month take the year given), None for none."""
    k = r.key
    try:
        if k[0] == "d":
            return date(int(k[1]), int(k[2]), int(k[3]))
        if k[0] == "dm" and year is not None:
            return date(year, int(k[1]), int(k[2]))
    except ValueError:
        return None
    return None


def plus(day: date, n: int, unit: str) -> date | None:
    """day plus n units; a month's end where the month is shorter (31 Jan + 1 month)."""
    if unit in ("days", "weeks"):
        try:
            return day + timedelta(days=n * (7 if unit == "weeks" else 1))
        except OverflowError:  # past the calendar's years 1 to 9999
            return None
    months = day.month - 1 + n * (12 if unit == "years" else 1)
    year, month = day.year + months // 12, months % 12 + 1
    if not 1 <= year <= 9999:
        return None
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def term_ends(start: date, n: int, unit: str) -> tuple[date | None, ...]:
    """The dates n units after start: that day, and for months and years also the day
    before it, where a term ends."""
    end = plus(start, n, unit)
    # The day before only where the term keeps its day: 31 Jan + 1 month is 28 Feb, not 27.
    if end is None or unit in ("days", "weeks") or end.day != start.day:
        return (end,)
    return end, end - timedelta(days=1)


# A term an excerpt states: count, period, the term as written, and its line's span.
Term = tuple[int, str, str, int, int]


def terms_of(text: str) -> list[Term]:
    """The terms an excerpt states (see Term), the first few."""
    found: list[tuple[re.Match[str], int | None, str]] = []
    for m in _TERM.finditer(text):
        count = m.group(1).lower()
        n = int(count) if count.isdigit() else 1 if count in _ONE else word_number(count)
        found.append((m, n, ("days", "weeks", "months", "years")[(m.lastindex or 2) - 2]))
    found += [(m, int(m.group(1)), "days") for m in _NET.finditer(text)]
    out: list[Term] = []
    for m, n, unit in sorted(found, key=lambda f: f[0].start()):
        if n:
            line_end = text.find("\n", m.end())
            line = (text.rfind("\n", 0, m.start()) + 1, len(text) if line_end < 0 else line_end)
            out.append((n, unit, m.group(), *line))
    return out[:_MAX_TERMS]


def dates_of(text: str) -> list[tuple[int, int, date]]:
    """The full dates of a text in order, each with where it starts and ends."""
    out: list[tuple[int, int, date]] = []
    for tok in tokenize(text):
        day = next((d for x in tok.readings if (d := as_date(x))), None)
        if day:
            out.append((tok.start, tok.end, day))
    return out
