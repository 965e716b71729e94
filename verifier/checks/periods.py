"""The period an amount is named for ("6,45 € im Monat", "Jahresbeitrag", "per year"), and the
factor between two periods (12 from a month to a year)."""

from __future__ import annotations

import re

# The period an amount is named for ("im Monat", "jährlich", "per year"), by its length.
_PERIODS = {
    name: re.compile(
        rf"(?:\b(?:pro|je|im|in|ins|aufs|das|die|den|dem|per|a|an|each|the)\s+|/\s*)(?:{noun})\b"
        rf"|\b(?:{adverb})\b",
        re.I,
    )
    for name, noun, adverb in (
        ("week", "woche|week|wk", "wöchentlich|weekly"),
        (
            "month",
            "monat|month|mo",
            "monatlich|monthly|monats\\w+",
        ),
        ("quarter", "quartal|quarter", "vierteljährlich|quartalsweise|quarterly"),
        (
            "year",
            "jahr|year|yr",
            "jährlich|yearly|annual\\w*|jahres\\w+",
        ),
    )
}
_AFTER_CUT = re.compile(r"[.;!?,]|[0-9]")
_BEFORE_CUT = re.compile(r"[.;!?]\s")
_IN_WEEKS = {"week": 1, "month": 0, "quarter": 13, "year": 52}  # a month has no whole weeks
_IN_MONTHS = {"month": 1, "quarter": 3, "year": 12}


def period_of(text: str, start: int, end: int) -> str | None:
    """The period named for the figure at text[start:end]: right after it in its clause, up to
    the next comma or figure ("6,45 € im Monat"), or else the nearest before it in its clause
    ("Im Monat zahlst du 6,45 €", "Jährlich zahlst du 120 €, monatlich also 10 €")."""
    after = text[end : end + 30]
    cut = _AFTER_CUT.search(after)
    after = after[: cut.start()] if cut else after
    found = [(m.start(), name) for name, rx in _PERIODS.items() if (m := rx.search(after))]
    if found:
        return min(found)[1]
    before = text[max(0, start - 60) : start]
    clause = _BEFORE_CUT.split(before)[-1]
    found = [(m.end(), name) for name, rx in _PERIODS.items() for m in rx.finditer(clause)]
    return max(found)[1] if found else None


def factor(given: str, wanted: str) -> float | None:
    """What an amount for one period is multiplied by for another (12 from month to year)."""
    if given == wanted:
        return None
    if given in _IN_MONTHS and wanted in _IN_MONTHS:
        return _IN_MONTHS[wanted] / _IN_MONTHS[given]
    if _IN_WEEKS[given] and _IN_WEEKS[wanted]:
        return _IN_WEEKS[wanted] / _IN_WEEKS[given]
    return None
