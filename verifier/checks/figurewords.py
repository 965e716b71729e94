"""The words around a figure: its unit, one spelling for many ("Euro" and "EUR" are "€",
"miles" is "mi"), its currency, a rate's two units, and how far a written figure may lie from
its value. arithmetic.py and the derivers read figures' units through these."""

from __future__ import annotations

import re

from verifier.checks.readings import Token

PERCENT_AFTER = re.compile(r"(?:[ \u00a0\u202f]|-(?=%))?(?:%|prozent\b|percent\b|per cent\b)", re.I)
_UNIT = re.compile(r"[ \u00a0\u202f]*([^\s\d.,;:!?()\[\]/]+)")
_SAME_UNIT = {
    "eur": "€",
    "euro": "€",
    "usd": "$",
    "dollar": "$",
    "dollars": "$",
    # A unit spelled out and abbreviated: "25.8 miles" for a column of "5.2 mi".
    **dict.fromkeys(("mile", "miles"), "mi"),
    **dict.fromkeys(("kilometer", "kilometre", "kilometers", "kilometres"), "km"),
    **dict.fromkeys(("liter", "litre", "liters", "litres"), "l"),
    **dict.fromkeys(("kilo", "kilos", "kilogramm", "kilogram", "kilograms"), "kg"),
    **dict.fromkeys(("stunde", "stunden", "std", "hour", "hours", "hrs", "hr"), "h"),
    **dict.fromkeys(("minute", "minuten", "minutes", "mins"), "min"),
    **dict.fromkeys(("second", "seconds", "sekunde", "sekunden", "sec", "secs", "sek"), "s"),
}
CURRENCIES = ("€", "$", "£", "chf")
# A rate's unit after a figure: "kWh/m³", "€/kWh", "ct pro kWh".
_PER_UNIT = re.compile(
    r"[ \u00a0\u202f]*([^\s\d.,;:!?()\[\]/]+)[ \u00a0]*(?:/|\b(?:pro|je|per)\b)[ \u00a0]*"
    r"([^\s\d.,;:!?()\[\]/]+)",
    re.I,
)
_NOT_DIGIT = re.compile(r"[^0-9]")
YEAR_LIKE = re.compile(r"1[89][0-9]{2}|2[01][0-9]{2}")  # a year as telling() reads one
JOINER = re.compile(r",|\+|&|\b(?:und|and|sowie)\b", re.I)  # between the items of a list


def same_unit(word: str) -> str:
    """A unit word lower-cased, a currency as its sign: "€" for "€", "EUR" and "Euro"."""
    word = word.lower()
    return _SAME_UNIT.get(word, word)


def unit_after(text: str, end: int) -> str:
    """What stands right after a figure, as a unit (see same_unit)."""
    m = _UNIT.match(text, end)
    return same_unit(m.group(1)) if m else ""


def money(text: str, tok: Token) -> str:
    """The currency written right after a figure or right before it, "" for none."""
    after = unit_after(text, tok.end)
    if after in CURRENCIES:
        return after
    before = text[max(0, tok.start - 4) : tok.start].rstrip(" \u00a0").lower()
    return next((c for c in CURRENCIES if before.endswith(c)), "")


def half_unit(text: str, tok: Token, hedged: bool) -> float:
    """How far the value may lie from the figure as written: half a unit of its last digit,
    or where a word hedges it, a whole unit ("about 434" for 434,52) or half of its round
    figure ("about 1,500" for 1.503)."""
    r = tok.readings[0]
    digits = _NOT_DIGIT.sub("", text[tok.start : tok.end])
    # A round percentage is no round figure: "etwa 20 %" is 19,5 to 20,5, not 15 to 25.
    percent = PERCENT_AFTER.match(text, tok.end) is not None
    round_figure = not r.places and not percent and digits.strip("0")
    zeros = len(digits) - len(digits.rstrip("0")) if round_figure else 0
    if not hedged:
        return 0.5 * 10.0**-r.places
    return 0.5 * 10.0**zeros if zeros else 10.0**-r.places


def currency_before(text: str, start: int) -> str:
    """The currency sign right before a figure ("$612.00"), "" for none."""
    before = text[max(0, start - 2) : start].rstrip(" \u00a0")
    return before[-1:] if before[-1:] in ("€", "$", "£") else ""


def units_multiply(text: str, tok: Token, ends: list[int]) -> bool:
    """Whether the units say the product: 1.526,6 m³ at 10,3 kWh/m³ is so many kWh."""
    result = unit_after(text, tok.end)
    for end, other in ((ends[0], ends[1]), (ends[1], ends[0])):
        rate = _PER_UNIT.match(text, end)
        if rate and rate[1].lower() == result and rate[2].lower() == unit_after(text, other):
            return True
    return False


def telling(text: str, tok: Token) -> bool:
    """Whether a whole figure has four digits or more, not ending in 00, and is no year
    (23.894; not 1997, which is 2000 - 3 by chance)."""
    digits = _NOT_DIGIT.sub("", text[tok.start : tok.end])
    year = YEAR_LIKE.fullmatch(digits) is not None
    return len(digits) >= 4 and not digits.endswith("00") and not year


def one_unit(text: str, tok: Token, starts: tuple[int, int], operands: tuple[str, str]) -> bool:
    """Whether a result and both its operands are written with one unit, not a currency
    (differences of amounts are the ones a chatbot gets wrong), a percentage or a joiner."""
    unit = unit_after(text, tok.end)
    if not unit or unit == "%" or money(text, tok) or JOINER.fullmatch(unit):
        return False
    ends = (at + len(written) for at, written in zip(starts, operands, strict=True))
    return all(unit_after(text, end) == unit for end in ends)


_YEARS_AFTER = re.compile(r"[ \u00a0]*(?:jahren?|years?)\b", re.I)


def years_apart(text: str, tok: Token, operands: tuple[str, str]) -> bool:
    """Whether a count of years ("also 76 Jahre") has two years for its operands ("von 1898
    bis 1974"): a sentence holds few years, and their differences are few."""
    return all(YEAR_LIKE.fullmatch(op) for op in operands) and bool(
        _YEARS_AFTER.match(text, tok.end)
    )
