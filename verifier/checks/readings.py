"""What a number, date or time of a text can mean: its readings, each with the key it is
looked up by, and the tokens that carry them (numparse finds them in a text)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

Key = tuple[str | int, ...]


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read a token: lookup key, display value and what inexact matching needs."""

    key: Key
    value: str
    places: int = 0
    digits: int = 0
    scale: int = 0

    @property
    def num(self) -> Decimal | None:
        """The numeric value, for numbers short enough to compare by magnitude."""
        if self.key[0] != "n" or len(self.value) > 40:
            return None
        return Decimal(self.value)

    @property
    def unit(self) -> Decimal:
        """Size of the last significant written digit: how far a rounded figure may be off."""
        zeros = len(self.value) - len(self.value.rstrip("0")) if not self.places else 0
        return Decimal(1).scaleb(self.scale - self.places + (0 if self.scale else zeros))


@dataclass(frozen=True, slots=True)
class Token:
    """A number, date or time in the text with its span and every plausible reading."""

    start: int
    end: int
    readings: tuple[Reading, ...]
    parts: tuple[Token, ...] = ()


_PART_OF_DAY = re.compile(r"[ \u00a0]+(abends|nachmittags|nachts|morgens|früh|vormittags)\b")


def part_of_day(text: str, at: int, hour: int) -> str | None:
    """a or p for "7 Uhr abends" (19:00) and "7 Uhr morgens", from the word after Uhr."""
    word = _PART_OF_DAY.match(text, at)
    if word is None or hour > 12:
        return None
    if word[1] == "nachts":  # 11 Uhr nachts is 23:00, 12 Uhr nachts midnight, 2 Uhr 02:00
        return "p" if 8 <= hour < 12 else "a"
    if word[1] == "vormittags" and hour == 12:
        return "p"  # "zwischen 8 und 12 Uhr vormittags" ends at noon
    return "p" if word[1] in ("abends", "nachmittags") else "a"


def number(intp: str, frac: str = "", *, digits: int = 0, scale: int = 0) -> Reading:
    """A numeric reading of integer and fraction digits, shifted by 10**scale."""
    places = len(frac)
    if scale:
        allds, point = intp + frac, len(intp) + scale
        intp, frac = allds[:point] + "0" * (point - len(allds)), allds[point:]
    intp, frac = intp.lstrip("0") or "0", frac.rstrip("0")
    value = f"{intp}.{frac}" if frac else intp
    return Reading(("n", value), value, places, digits or len(intp + frac), scale)


def date(y: int | None, m: int, d: int | None) -> Reading | None:
    """A calendar reading (day or year may be missing), None if no such date exists."""
    if not 1 <= m <= 12 or (d is not None and not 1 <= d <= 31):
        return None
    if d is None:
        return Reading(("ym", y or 0, m), f"{y}-{m:02d}")
    if y is None:
        return Reading(("dm", m, d), f"--{m:02d}-{d:02d}")
    return Reading(("d", y, m, d), f"{y}-{m:02d}-{d:02d}")


def date_keys(r: Reading) -> list[Key]:
    """Coarser keys a written date also stands for: its year, month, day of month, day and
    decade."""
    k = r.key
    if k[0] == "d":
        return [
            k,
            ("ym", k[1], k[2]),
            ("dm", k[2], k[3]),
            ("y", k[1]),
            ("n", str(k[1])),
            ("n", str(k[3])),
            ("m", k[2]),
            ("dec", int(k[1]) // 10),
        ]
    if k[0] == "ym":
        return [k, ("y", k[1]), ("n", str(k[1])), ("m", k[2]), ("dec", int(k[1]) // 10)]
    if k[0] == "y":
        return [k, ("dec", int(k[1]) // 10)]
    if k[0] == "dm":
        return [k, ("n", str(k[2])), ("m", k[1])]
    return [k]


def day_key(r: Reading) -> Key | None:
    """The plain-number key a date's day of month files (14 of 14.03.2025), None for other
    readings: a day grounds a day the answer names alone ("am 14."), never a count or amount."""
    k = r.key
    if k[0] == "d":
        return ("n", str(k[3]))
    if k[0] == "dm":
        return ("n", str(k[2]))
    return None


def full_year(s: str) -> int:
    """A year as written, two digits read as 1970-2069."""
    return int(s) + (2000 if int(s) < 70 else 1900) if len(s) == 2 else int(s)


def times(h: int, m: int, ampm: str | None, literal: bool = False) -> list[Reading]:
    """Clock readings; without am/pm a morning hour may also mean the evening (7:45 = 19:45),
    unless the time is written on the 24-hour clock (literal: 07:45, 7:45 Uhr)."""
    if ampm:
        h = h % 12 + (12 if ampm in "Pp" else 0)
    hours = [h] if ampm or literal or not 1 <= h <= 12 else [h, (h + 12) % 24]
    return [Reading(("t", x, m), f"{x:02d}:{m:02d}") for x in hours]
