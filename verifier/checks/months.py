"""Month names in German and English, as the tokenizer's grammar and its readings need them."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable, Iterator, Sequence

# A month's name or abbreviation, as a date writes it (Jan., Januar, Jänner, March, Mrz).
MON = (
    r"(?:Jan(?:uary|uar)?|Jänner|Feb(?:ruary|ruar)?|Mar(?:ch)?|Mä?rz|Apr(?:il)?|Ma[iy]"
    r"|Jun[ei]?|Jul[iy]?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|O[ck]t(?:ober)?|Nov(?:ember)?"
    r"|De[cz](?:ember)?)\.?(?![A-Za-zÄÖÜäöüß])"
)
# Months that go before their day ("May 3"): English names only; "Juni 3" is no German date.
MON_EN = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
    r"|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?(?![A-Za-zÄÖÜäöüß])"
)
# A month named alone in an answer: written out, so that "Jan" (a name) and "Mar." are not.
MON_FULL = (
    r"(?:Januar|January|Jänner|Februar|February|März|March|April|Mai|Juni|June|Juli|July"
    r"|May(?![ \t]+(?:I|we|you|he|she|it|they|this|that)\b)"
    r"|August|September|Oktober|October|November|Dezember|December)(?![A-Za-zÄÖÜäöüß])"
)
_MONTHS = {
    "jan": 1,
    "jän": 1,
    "feb": 2,
    "mar": 3,
    "mär": 3,
    "mrz": 3,
    "apr": 4,
    "mai": 5,
    "may": 5,
    "jun": 6,
    "jul": 7,
    "aug": 8,
    "sep": 9,
    "oct": 10,
    "okt": 10,
    "nov": 11,
    "dec": 12,
    "dez": 12,
}


def month_number(word: str) -> int | None:
    """The month a name's first letters give (Jun., Juni, june); None for a name re's case
    folding matched but lower() does not give back (ſeptember, MAİ)."""
    return _MONTHS.get(word.casefold()[:3])


_MONTH_WORD = re.compile(MON_FULL)
YEAR = re.compile(r"(?:19|20)[0-9]{2}")  # a year as written: 1900 to 2099
_YEAR = re.compile(r"(?<![0-9.,/-])" + YEAR.pattern + r"(?![0-9])")
_YEAR_AFTER = re.compile(r"[ \t\u00a0]*(?:'|’)?[0-9]{2,4}(?![0-9.,])")  # "Februar 2025", "Feb '25"


def under_year(texts: Sequence[tuple[int, str]], year: int, month: int) -> set[int]:
    """The texts that name the month without a year of its own, under the year: the last
    year written before it is that year ("Jahresrückblick 2024 ... Februar: ...", "Blog-
    Statistik 2025 / Dezember: 5.210")."""

    def named(text: str) -> Iterator[int]:
        for m in _MONTH_WORD.finditer(text):
            if month_number(m.group()) == month and not _YEAR_AFTER.match(text, m.end()):
                yield m.start()
        yield from _days_of(text, month)  # "Papier: 13.01. | 10.02." under "Termine 2026"

    return _headed(texts, year, named, _YEAR)


# A year heading or naming a month ("Lieferungen 03/2026", "März 2026", "2026"), not a date's.
_HEADING_YEAR = re.compile(r"(?<![0-9.,-])(?:19|20)[0-9]{2}(?![0-9])")
_DAY_MONTH = re.compile(
    r"(?<![0-9.,/])([0-9]{1,2})(?:\.[ \t\u00a0]?([0-9]{1,2})\.|\.?[ \t\u00a0]?("
    + MON
    + r"))(?![ \t\u00a0]?'?[0-9])"
)
# A statement's day and month in two digits each, either way round: "15/02" (or "02/15").
_SLASHED = re.compile(r"(?<![0-9/.,])([0-9]{2})/([0-9]{2})(?![0-9]|/[0-9])")
# An English month before its day, without a year after it: "Thanksgiving (Thu, Nov 27)".
_MONTH_DAY = re.compile(
    r"(?<![A-Za-z])(" + MON_EN + r")[ \t\u00a0]([0-9]{1,2})(?:st|nd|rd|th)?"
    r"(?![0-9]|[ \t\u00a0]*,?[ \t\u00a0]*'?[0-9]{2,4}(?![0-9.:]))"
)


def day_under_year(texts: Sequence[tuple[int, str]], year: int, month: int, day: int) -> set[int]:
    """The texts that write the day of the month without a year ("05.03.", "5. März", "Nov
    27"), where the last year written before it is this year (a table of "Lieferungen
    03/2026", "Holiday hours 2025")."""
    return _headed(texts, year, lambda text: _days_of(text, month, day), _HEADING_YEAR)


def writes_day(text: str, month: int, day: int) -> bool:
    """Whether text writes this day of the month without a year (a calendar's "Do 12.02.")."""
    return next(_days_of(text, month, day), None) is not None


def _days_of(text: str, month: int, day: int | None = None) -> Iterator[int]:
    """Where text writes a day of the month (this day, if given) without a year: "05.03.",
    "5. März", "22 Mar", "Nov 27", "15/02"."""
    for m in _DAY_MONTH.finditer(text):
        named = int(m.group(2)) if m.group(2) else month_number(m.group(3).rstrip("."))
        if named == month and day in (None, int(m.group(1))):
            yield m.start()
    for m in _MONTH_DAY.finditer(text):
        if month_number(m.group(1)) == month and day in (None, int(m.group(2))):
            yield m.start()
    for m in _SLASHED.finditer(text):
        a, b = int(m.group(1)), int(m.group(2))
        if (b == month and day in (None, a)) or (a == month and day in (None, b)):
            yield m.start()


def _headed(
    texts: Sequence[tuple[int, str]],
    year: int,
    places: Callable[[str], Iterator[int]],
    years: re.Pattern[str],
) -> set[int]:
    """The texts where the last year (as the pattern years finds them) before one of the
    places is year; a text's years are read only where it has a place."""
    out = set()
    for n, text in texts:
        found: list[tuple[int, int]] | None = None
        for at in places(text):
            if found is None:
                found = [(y.start(), int(y.group())) for y in years.finditer(text)]
            k = bisect_left(found, (at, 0)) - 1
            if k >= 0 and found[k][1] == year:
                out.add(n)
                break
    return out
