"""A count of nights that the two dates of a stay in its sentence contradict: "five nights,
checking in on Thursday, July 9 and checking out on Monday, July 13" (four). The count may
be spelled out or stand in an excerpt; the dates, not the count, say how long the stay is.

Only a sentence with one count of nights is read, and only where a word right before one of
its dates makes it the arrival ("vom", "from", "check-in", "Anreise") and one before another
the departure ("bis", "to", "check-out", "Abreise"), in either order: a booking's or a
cancellation's date is no end of the stay. A stay's nights never count both ends."""

from __future__ import annotations

import re

from verifier.checks.calendarmath import as_date
from verifier.checks.citations import Sentences
from verifier.checks.grounding import Verdict
from verifier.checks.models import NumberFinding
from verifier.checks.readings import Reading, Token
from verifier.checks.spans import NIGHTS

# Right before a date: its role in a stay. A word of the stay itself reads across a few words
# ("Anreise am Dienstag, 12.05."); a bare "vom", "bis", "to" or "and" only right before it,
# with at most one word between ("to Monday, March 16"): "and the concert is on March 14"
# names no departure.
_WEAK_END = r"(?:[^\W\d_]+\W+)?\Z"
_ARRIVAL = re.compile(
    r"\b(?:check(?:ing)?[- ]?in|checks? in|anreise\w*|arriv\w*|ankunft|ankommen)\b"
    r"|\b(?:vom|von|from|zwischen|between)\W+" + _WEAK_END,
    re.I,
)
_DEPARTURE = re.compile(
    r"\b(?:check(?:ing)?[- ]?out|checks? out|abreise\w*|depart\w*|leav\w*)\b"
    r"|\b(?:bis|to|until|till|and|und)\W+" + _WEAK_END,
    re.I,
)
_ROLE_REACH = 40  # characters before a date read for its role
_MAX_NIGHTS = 90


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
    if first is None or last is None or last <= first or (last - first).days > _MAX_NIGHTS:
        return None  # no stay (a cancellation's date before an arrival the year after)
    return (last - first).days


def _role(text: str, lo: int, at: int) -> str | None:
    """A date's role in a stay, from the last role word between lo and the date at `at`."""
    window = text[max(lo, at - _ROLE_REACH) : at]
    found = [(m.end(), role) for role, rx in _ROLES for m in rx.finditer(window)]
    return max(found)[1] if found else None


_ROLES = (("arrival", _ARRIVAL), ("departure", _DEPARTURE))


def wrong_nights(
    sentences: Sentences, results: list[tuple[Token, Verdict | None]]
) -> dict[tuple[int, int], NumberFinding]:
    """The counts of nights, by their place, that the dates of their sentence contradict."""
    text = sentences.text
    if not any(NIGHTS.match(text, t.end) for t, _ in results):
        return {}  # most answers: no count of nights, no date to read
    counts: dict[int, list[tuple[Token, Verdict | None]]] = {}
    dates: dict[int, list[tuple[str, Token, Verdict]]] = {}
    last_end = 0
    for t, v in sorted(results, key=lambda tv: tv[0].start):
        r = t.readings[0]
        if NIGHTS.match(text, t.end) and r.key[0] == "n" and r.value.isdigit():
            counts.setdefault(sentences.index(t.start), []).append((t, v))
        elif v and v.reading.key[0] in ("d", "dm"):
            role = _role(text, max(last_end, sentences.span_at(t.start)[0]), t.start)
            if role:
                dates.setdefault(sentences.index(t.start), []).append((role, t, v))
        last_end = t.end
    out: dict[tuple[int, int], NumberFinding] = {}
    for k, found in counts.items():
        roles = dates.get(k, [])
        arrivals = [(t, v) for role, t, v in roles if role == "arrival"]
        departures = [(t, v) for role, t, v in roles if role == "departure"]
        if len(found) != 1 or len(arrivals) != 1 or len(departures) != 1:
            continue  # two stays, or dates of other things: whose nights is unclear
        (tok, v), (ta, va), (tb, vb) = found[0], arrivals[0], departures[0]
        nights = _nights_between(va.reading, vb.reading)
        if nights is None or nights == int(tok.readings[0].value):
            continue
        out[(tok.start, tok.end)] = _finding(text, tok, v, (ta, va), (tb, vb), nights)
    return out


def _finding(
    text: str,
    tok: Token,
    v: Verdict | None,
    arrival: tuple[Token, Verdict],
    departure: tuple[Token, Verdict],
    nights: int,
) -> NumberFinding:
    (ta, va), (tb, vb) = arrival, departure
    a, b = text[ta.start : ta.end], text[tb.start : tb.end]
    written = text[tok.start : tok.end]
    return NumberFinding(
        text=written,
        value=tok.readings[0].value,
        start=tok.start,
        end=tok.end,
        status="wrong_count",
        excerpts=sorted((v.excerpts if v else frozenset()) | va.excerpts | vb.excerpts),
        message_en=f'"{written}" nights, but from {a} to {b} are {nights} nights.',
        message_de=f"„{written}“ Nächte, aber vom {a} bis {b} sind es {nights} Nächte.",
    )
