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
_ANY_YEARS = (2025, 2024)  # a common year and a leap year, for dates without one
_HALF_MONTH = 15  # days left over that round a count of months up


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


def months_between(first: date, last: date) -> tuple[int, int]:
    """The whole months from first to last (either order), and the nearest count of months
    (half a month or more of days left over counts one more)."""
    a, b = sorted((first, last))
    months = (b.year - a.year) * 12 + b.month - a.month
    # A month's end counts as its day where the month is shorter: 31 Jan + 3 months is 30 Apr.
    while months > 0 and (plus(a, months, "months") or b) > b:
        months -= 1
    reached = plus(a, months, "months") or a
    left = (b - reached).days
    return months, months + (left >= _HALF_MONTH)


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


def in_years_of(r: Reading, start: Reading) -> list[date]:
    """A day and month without a year as dates in the year of a start date and the next; of
    a start without one too, in a common year and a leap year ("am 1. März ausgesät, 3 Wochen
    danach, also um den 22. März")."""
    if start.key[0] == "dm":
        return [d for y in _ANY_YEARS for d in in_years_of(r, Reading(("d", str(y)), ""))]
    if start.key[0] != "d":
        return []
    year = int(start.key[1])
    return [d for y in (year, year + 1) if (d := as_date(r, y))]


def days_between(a: Reading, b: Reading) -> set[int]:
    """The days from a to b; a day and month without a year take the other's, or a leap
    year and a common one where neither has one. The later one may come first ("due
    March 17, 2026, 14 days after the March 3 meeting"), or a year may turn between them."""
    years = [int(k[1]) for k in (a.key, b.key) if k[0] == "d"] or [2024, 2025]
    out = set()
    for year in years:
        first, last = as_date(a, year), as_date(b, year)
        if first and last:
            out.add(abs((last - first).days))
        if first and last and last < first and b.key[0] == "dm":
            last = as_date(b, year + 1)  # "28.12. bis 03.01."
        if first and last and last < first and a.key[0] == "dm":
            first = as_date(a, year - 1)
        if first and last:
            out.add(abs((last - first).days))
    return out
