"""A count of nights that the two dates of a stay in its sentence contradict: "five nights,
checking in on Thursday, July 9 and checking out on Monday, July 13" (four). The count may
be spelled out or stand in an excerpt; the dates, not the count, say how long the stay is.

Only a sentence with exactly two known dates and a word of a stay (from, check-in, Anreise,
…) is read, and only the nights from the first date to the second: a stay's nights never
count both ends, unlike its days."""

from __future__ import annotations

import re

from verifier.checks.calendarmath import as_date
from verifier.checks.citations import Sentences
from verifier.checks.grounding import Verdict
from verifier.checks.models import NumberFinding
from verifier.checks.readings import Reading, Token

_NIGHTS = re.compile(r"[ \u00a0]*(?:nächte|nächten|übernachtungen|nights?)\b", re.I)
_STAY = re.compile(
    r"\b(?:vom|von|from|zwischen|between|check(?:ing)?[- ]?(?:in|out)|checks? (?:in|out)"
    r"|anreise\w*|abreise\w*|an- und abreise|arriv\w*|depart\w*|ankunft|ankommen|leave|leaving)"
    r"\b",
    re.I,
)


def _nights_between(a: Reading, b: Reading) -> int | None:
    """The nights from date a to date b; a day and month without a year take the other's,
    two without one a common year and a leap year, which must agree (no 29 February between)."""
    years = [int(k[1]) for k in (a.key, b.key) if k[0] == "d"]
    if not years:
        counts = {_nights_in(a, b, year, year) for year in (2025, 2024)}
        return counts.pop() if len(counts) == 1 else None
    return _nights_in(a, b, years[0], years[-1])


def _nights_in(a: Reading, b: Reading, first_year: int, last_year: int) -> int | None:
    """The nights from a to b, each in the year given unless it writes one."""
    first, last = as_date(a, first_year), as_date(b, last_year)
    if first and last and last < first and b.key[0] == "dm":
        last = as_date(b, first_year + 1)  # "28.12. bis 03.01.2027"
    if first is None or last is None or last <= first:
        return None
    return (last - first).days


def wrong_nights(
    sentences: Sentences, results: list[tuple[Token, Verdict | None]]
) -> dict[tuple[int, int], NumberFinding]:
    """The counts of nights, by their place, that the dates of their sentence contradict."""
    text = sentences.text
    counts = [
        (t, v)
        for t, v in results
        if _NIGHTS.match(text, t.end)
        and t.readings[0].key[0] == "n"
        and t.readings[0].value.isdigit()
    ]
    if not counts:
        return {}
    dated = [(t, v) for t, v in results if v and v.reading.key[0] in ("d", "dm")]
    out: dict[tuple[int, int], NumberFinding] = {}
    for tok, v in counts:
        k = sentences.index(tok.start)
        stay = [(t, vd) for t, vd in dated if sentences.index(t.start) == k]
        if len(stay) != 2 or not sentences.says(_STAY, tok.start):
            continue
        (ta, va), (tb, vb) = stay
        nights = _nights_between(va.reading, vb.reading)
        said = int(tok.readings[0].value)
        if nights is None or nights == said:
            continue
        a, b = text[ta.start : ta.end], text[tb.start : tb.end]
        written = text[tok.start : tok.end]
        out[(tok.start, tok.end)] = NumberFinding(
            text=written,
            value=tok.readings[0].value,
            start=tok.start,
            end=tok.end,
            status="wrong_count",
            excerpts=sorted((v.excerpts if v else frozenset()) | va.excerpts | vb.excerpts),
            message_en=f'"{written}" nights, but from {a} to {b} are {nights} nights.',
            message_de=f"„{written}“ Nächte, aber vom {a} bis {b} sind es {nights} Nächte.",
        )
    return out
