"""Grounding one figure of the answer: exactly, rounded, hedged ("rund 480"), as a day of a
date ("am 14."), or from the question. numbers.py runs it over every figure of an answer."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, localcontext
from itertools import pairwise

from verifier.checks.models import NumberFinding, NumberStatus
from verifier.checks.readings import Reading, Token
from verifier.checks.sourceindex import SourceIndex

_CURRENCY = r"\s*(?:[$€£]|EUR|USD|US\$)?\s*$"
# Hedge words before a figure, by the side on which the true value may lie.
_HEDGES = {
    "about": re.compile(
        r"(?:\b(?:about|around|approximately|approx\.|roughly|some|close to|an estimated|rund|"
        r"etwa|ca\.|circa|zirka|ungefähr|annähernd|rd\.|grob|schätzungsweise|um die|an die)"
        r"|[~≈])" + _CURRENCY,
        re.I,
    ),
    # A bound: the value lies on one side, within one unit of the last written digit
    # ("über 400" for 488, "unter 50 €" for 48,90 €).
    "up": re.compile(
        r"\b(?:over|more than|above|at least|upwards of|über|mehr als|mindestens|min\.)"
        + _CURRENCY,
        re.I,
    ),
    "down": re.compile(
        r"\b(?:under|less than|below|up to|at most|no more than|unter|unterhalb von|höchstens|"
        r"bis zu|weniger als|maximal|max\.)" + _CURRENCY,
        re.I,
    ),
    # Near one side: as close as "about" ("knapp 500" is no 410).
    "near_up": re.compile(r"\bgut" + _CURRENCY, re.I),
    "near_down": re.compile(r"\b(?:almost|nearly|just shy of|knapp|fast|nahezu)" + _CURRENCY, re.I),
}
ABOUT = _HEDGES["about"]  # "rund", "etwa", "about" before a figure
# The first end of a range right before a figure: "about 175–180 °C" hedges both ends.
_RANGE_BEFORE = re.compile(r"[0-9][0-9.,]*[ \u00a0]?(?:–|-|—|to|bis)[ \u00a0]?$")


def hedged(text: str, start: int) -> bool:
    """Whether "about" or its like ("knapp", "gut", "almost") stands right before the figure
    at start, or before the range it ends."""
    first = _RANGE_BEFORE.search(text, max(0, start - 20), start)
    at = first.start() if first else start
    return any(
        _HEDGES[side].search(text, max(0, at - 24), at)
        for side in ("about", "near_up", "near_down")
    )


_PERCENT_AFTER = re.compile(
    r"(?:[ \u00a0\u202f]|-(?=%))?(?:%|prozent\b|percent\b|per cent\b)", re.I
)
# A day of the month named alone: "am 14.", "bis zum 3.", "on the 14th", "the 3rd".
_DAY_SUFFIX = re.compile(r"(?:st|nd|rd|th)\b|\.(?![0-9])")
_DAY_BEFORE = re.compile(
    r"(?i:\b(?:am|vom|bis|zum|ab|seit|den|dem|on|the|by|until|till|from|since)"
    r"[ \t\u00a0]+(?:zum[ \t\u00a0]+)?)\Z"
)
# What joins a day to the date beside it in a range: "April 18-26", "18.–26. April".
_RANGE_JOIN = re.compile(
    r"\.?[ \t\u00a0]*(?:[-–—/]|bis(?:[ \t\u00a0]+zum)?|to|through|thru|until|and|und|or|oder|&)"
    r"[ \t\u00a0]*"
)
_REL = Decimal("0.15")  # a hedged figure ("rund 480") may be off by one rounding unit and 15 %
_HALF = Decimal("0.5")
_EPSILON = Decimal("1e-12")


@dataclass(frozen=True, slots=True)
class Verdict:
    """How one answer token is held: status, the reading that matched, where, and by what rule."""

    status: NumberStatus
    reading: Reading
    excerpts: frozenset[int]
    # exact, rounded, or headed (a day and month under a heading of the year); derived: how
    # the deriver computed it
    how: str = "exact"
    addends: tuple[str, str] = ("", "")


def flagged(
    answer: str, tok: Token, v: Verdict, status: NumberStatus, excerpts: list[int], en: str, de: str
) -> NumberFinding:
    """A finding that flags a figure the excerpts hold, for what the answer makes of it."""
    return NumberFinding(
        text=answer[tok.start : tok.end],
        value=v.reading.value,
        start=tok.start,
        end=tok.end,
        status=status,
        excerpts=excerpts,
        message_en=en,
        message_de=de,
    )


def _window(r: Reading, num: Decimal, hedge: str) -> tuple[Decimal, Decimal] | None:
    """Values a scaled or hedged figure may stand for, or None if it is meant exactly."""
    with localcontext() as ctx:
        ctx.prec = 60
        u = r.unit
        if r.scale:
            # "1,2 Mio." is 1.2 million rounded or cut off at its last written digit.
            return (num if hedge in ("up", "near_up") else num - u * _HALF), num + u
        if not hedge:
            return None
        if hedge == "share":  # 23 % for 23,4 %, but 40 % is no 35 %: only the last digit rounds
            half = Decimal(1).scaleb(-r.places) * _HALF
            return num - half, num + half
        # A bound with a round figure rounds ("über 400" for 488, "unter 50 €" for 48,90 €);
        # with another whole number it only drops decimals: "höchstens 4 Tabletten" is no 3,
        # "mindestens 2 Monate" no 3.
        exclusive = _EPSILON if not r.places and num % 10 else 0
        if hedge == "up":
            return num, num + u - exclusive
        if hedge == "down":
            return num - u + exclusive, num
        lo, hi = max(num - u, num * (1 - _REL)), min(num + u, num * (1 + _REL))
        if hedge == "near_up":
            return num, hi
        if hedge == "near_down":
            return lo, num
        return max(num - u * _HALF, lo), min(num + u * _HALF, hi)


def ground(
    tok: Token, answer: str, src: SourceIndex, quest: SourceIndex, ranged: bool = False
) -> Verdict | None:
    """The best grounding of one answer token (ranged: a day beside a date), or None."""
    exact = [(r, ns) for r in tok.readings if (ns := src.held(r.key)) is not None]
    # 177 (cut) or 178 (rounded) for 177,64 keeps the magnitude; 17 (too few digits) or 217
    # for 2.170,50 do not.
    fits = [r for r in tok.readings if r.digits >= 3 and not r.scale and r.key[0] == "n"]
    cut = [(r, ns) for r in fits if (ns := src.truncated((r.places, r.value)))]
    if not (exact or cut):
        cut = [(r, ns) for r in fits if (ns := src.rounded_up(r.places, r.value))]
    if exact or cut:
        held = frozenset().union(*(ns for _, ns in exact + cut))
        return Verdict("grounded", (exact or cut)[0][0], held, "exact" if exact else "rounded")
    before = max(0, tok.start - 24)
    hedge = next((h for h, rx in _HEDGES.items() if rx.search(answer, before, tok.start)), "")
    if not hedge and _PERCENT_AFTER.match(answer, tok.end):
        hedge = "share"  # a share is rounded by habit, without a word: 23 % for 23,4 %
    for r in tok.readings:
        num = r.num
        window = _window(r, num, hedge) if num is not None else None
        near = src.near(*window) if window else None
        if near:
            return Verdict("grounded", r, frozenset(near), "rounded")
    for r in tok.readings:
        if r.key in quest.keys:
            return Verdict("from_question", r, frozenset())
    for r in tok.readings:  # "Februar 2024" where the year heads the excerpt's months
        k = r.key
        if k[0] == "ym" and isinstance(k[1], int) and isinstance(k[2], int) and k[1]:
            if headed := src.under_year(k[1], k[2]):
                return Verdict("grounded", r, frozenset(headed))
        if k[0] == "d" and all(isinstance(x, int) for x in k[1:]) and k[1]:
            # "05.03.2026" where a table of "Lieferungen 03/2026" writes "05.03."
            if headed := src.day_under_year(int(k[1]), int(k[2]), int(k[3])):
                return Verdict("grounded", r, frozenset(headed), "headed")
    return _ground_day(tok, answer, src, quest, ranged)


def _ground_day(
    tok: Token, answer: str, src: SourceIndex, quest: SourceIndex, ranged: bool
) -> Verdict | None:
    """A day of the month the answer names alone or beside a date, held by a date's day: 14 of
    14.03.2025 grounds "am 14." but not "14 Belege" (a count only a date's day holds is none)."""
    r = tok.readings[0]
    if r.key[0] != "n" or not r.value.isdigit() or len(r.value) > 2 or not 1 <= int(r.value) <= 31:
        return None
    suffix = _DAY_SUFFIX.match(answer, tok.end)
    named = suffix is not None and (
        suffix.group() != "."
        or _DAY_BEFORE.search(answer, max(0, tok.start - 12), tok.start) is not None
    )
    if not (ranged or named):
        return None
    if held := src.day(r.key):
        return Verdict("grounded", r, frozenset(held))
    return Verdict("from_question", r, frozenset()) if quest.day(r.key) else None


def ground_part(tok: Token, src: SourceIndex, quest: SourceIndex) -> Verdict | None:
    """Exact grounding of one group of "3 100" read as separate numbers.

    Nothing inexact here: with truncation, 123 and 123 could pass for 123.124 changed."""
    for r in tok.readings:
        if (held := src.whole(r.key)) is not None:
            return Verdict("grounded", r, frozenset(held))
    return next(
        (Verdict("from_question", r, frozenset()) for r in tok.readings if r.key in quest.keys),
        None,
    )


def range_days(answer: str, tokens: list[Token]) -> set[int]:
    """Starts of the numbers that open or close a range with a date beside them: 26 of
    "April 18-26", 18 of "18.–26. April"."""
    out: set[int] = set()
    for a, b in pairwise(tokens):
        if _RANGE_JOIN.fullmatch(answer, a.end, b.start):
            if any(r.key[0] in ("d", "dm") for r in a.readings):
                out.add(b.start)
            if any(r.key[0] in ("d", "dm") for r in b.readings):
                out.add(a.start)
    return out
