"""Which lines of an excerpt may hold a key the answer looks up: the signs (patterns) whose
match on a line is needed for any token of it to read as the key. SourceIndex reads only those
lines (see SourceIndex.prepare); tests/checks/test_sourceindex.py holds the lazy index equal to
a whole pass."""

from __future__ import annotations

import re

from verifier.checks.numparse import day_clock, tokenize_lines
from verifier.checks.readings import Key, Token
from verifier.checks.units import compound_signs, measure_digits

FRACTION_SIGN = "[½¼¾⅛⅜⅝⅞]|[1-7]/[248]"
# The same, led by the characters it can start at, so that re skips to those at C speed.
FRACTIONS = re.compile(r"[½¼¾⅛⅜⅝⅞]|/(?<=[1-7]/)[248]")
_NOON_WORDS = "(?i:noon|midday|mittag|midnight|mitternacht)"
_SPOKEN_WORDS = "(?i:halb|viertel|half|quarter)"
_NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)?")
# What may stand between two digits of one token: a sign, a space. \D, not [^0-9\n], for it
# compiles in two thirds of the time (every answer's figures make a pattern); a match across
# a line break only adds the next line to those indexed.
_SEP = "\\D?"


def signs(key: Key) -> set[str] | None:
    """Patterns one of which matches on every line whose tokens give key (see SourceIndex.prepare),
    or None when any line may.

    Digits within a token are at most one character apart. A number's value keeps the written
    digits but for zeros at either end (a scale word adds zeros; truncation keeps a prefix), or
    is a fraction's (1.75 for 1 ¾);
    a year may be written with its last two digits ("05.03.26"); a day stands as digits, on the
    line of its year or, where a range crosses New Year ("28.12. bis 03.01.2027"), of the next;
    a clock hour is written as one of the hours of its twelve-hour position, or noon and
    midnight in words, a half or quarter hour also as speech has it ("halb acht"). Days,
    hours and the years of dates are digit runs of their own (the grammar starts a token only
    at a run's first digit): their signs say so, or a day 8 would pick every line with an 8."""
    kind = key[0]
    if kind == "n" and len(key) == 2 and isinstance(key[1], str) and _NUMBER.fullmatch(key[1]):
        v = key[1]
        sign = _number_sign(v)
        if sign is None:
            return None
        out = {sign}
        if len(v) == 4 and v.isdigit() and 1970 <= int(v) <= 2069:  # _year of two digits
            out.add(_year(int(v)))
        if "." in v:  # 0.75, or 0.7 cut from it, may stand as ¾ or 3/4
            out.add(FRACTION_SIGN)
        return out
    if (quantity := measure_digits(key)) is not None:  # 500 ml may stand as 0,5 l or ½ l
        return {_SEP.join(core) for core in quantity} | {FRACTION_SIGN} | compound_signs(key)
    years = [k for k in key[1:2] if isinstance(k, int) and 1000 <= k <= 9999]
    if kind == "d" and years and len(key) == 4 and isinstance(key[3], int) and key[3] >= 0:
        day, year = _alone(key[3]), _year(years[0])
        return {f"{year}.*{day}", f"{day}.*{year}", *_next_year(years[0], key[2], day)}
    if kind == "ym" and years and len(key) == 3:
        return {_year(years[0]), *_next_year(years[0], key[2], "")}
    if kind == "y" and years and len(key) == 2:
        return {_year(years[0])}
    if kind == "dec" and len(key) == 2 and isinstance(key[1], int):
        return {f"{key[1] % 10}[0-9]"}  # a year's last two digits: 1994 and 94 for the 1990s
    if kind == "dm" and len(key) == 3 and isinstance(key[2], int) and key[2] >= 0:
        return {_alone(key[2])}
    if kind == "t" and len(key) == 3 and isinstance(key[1], int):
        hours = {_alone(x) for x in range(25) if (x - key[1]) % 12 == 0}
        # Noon and midnight may stand in words, which the grammar reads as times too.
        if key[2] in (15, 30, 45):  # "halb acht", "quarter to nine"
            hours.add(_SPOKEN_WORDS)
        return hours | {_NOON_WORDS} if key[1] % 12 == 0 and key[2] == 0 else hours or None
    return None


def _number_sign(value: str) -> str | None:
    """The sign of a number's value: its digits but for zeros at either end, led by no other
    digit, a separator only where one may split them.

    A thousands group, a decimal point or a scale word's shifted point ("1,4 Mio.") falls
    after the units or after the hundreds and above, never after the tens or within the
    decimals (run_readings reads no other); so 14 is "14", not "1,4" or "1.4", which every
    receipt line with a price of 1,4x would match. A core ending in the units is followed
    by no digit ("14", "14,99", not "145"), one ending above by no digit but zeros ("1.400");
    one ending in the decimals by anything (a truncation: 14,25 cut to 14,2)."""
    intp, _, frac = value.partition(".")
    digits = intp + frac
    first = len(digits) - len(digits.lstrip("0"))
    last = len(digits.rstrip("0")) - 1
    if first > last:
        return None
    out: list[str] = []
    for i in range(first, last + 1):
        place = len(intp) - 1 - i
        out.append(digits[i])
        if i == first:
            # Led by no digit but zeros after a non-digit: "14" of "0,014", not of "2014".
            out.append(_led_by_no_digit(digits[i]))
        if i < last and (place == 0 or place >= 2):
            out.append(_SEP)
    place = len(intp) - 1 - last
    if place == 0:
        out.append("(?![0-9])")
    elif place > 0:
        out.append("(?![1-9])")
    return "".join(out)


def _led_by_no_digit(digits: str) -> str:
    """After digits: that no digit but zeros after a non-digit stands before them (8 of "8"
    or "08", 12 of "012"; not of "18" or "2012")."""
    return f"(?<![1-9]{digits})(?<![1-9]0{digits})"


def _alone(value: int) -> str:
    """The sign of a day or an hour: its digits as a run of their own, maybe led by zeros
    (8 as "8" or "08"). The digits come first, the look-behind after them, so that re
    skips to the digits at C speed (led by the look-behind, the search took ten times as long)."""
    return f"{value}{_led_by_no_digit(str(value))}(?![0-9])"


def _year(year: int) -> str:
    """The sign of a date's year: its last two digits ending a run (2026 or 26)."""
    return f"{year % 100:02d}(?![0-9])"


def _next_year(year: int, month: object, day: str) -> set[str]:
    """For a date from October on, the sign of a range across New Year that writes only the
    next year in full ("28.12. bis 03.01.2027"): the next year's two digits alone would pick
    most lines of a receipt."""
    if not isinstance(month, int) or month < 10:
        return set()
    return {f"{day}.*{year + 1}" if day else str(year + 1)}


def line_span(text: str, at: int) -> tuple[int, int]:
    """Where the line holding text[at] starts and ends."""
    end = text.find("\n", at)
    return text.rfind("\n", 0, at) + 1, len(text) if end < 0 else end


def lines_of(rx: re.Pattern[str], text: str) -> list[tuple[int, int]]:
    """The (start, end) spans of the lines of text where rx matches."""
    lines: list[tuple[int, int]] = []
    pos = 0
    while m := rx.search(text, pos):
        start = text.rfind("\n", 0, m.start()) + 1
        end = text.find("\n", m.end())
        end = len(text) if end < 0 else end
        lines.append((start, end))
        pos = end + 1
    return lines


def tokens_on_lines(
    rx: re.Pattern[str], text: str, max_lines: int | None = None
) -> list[Token] | None:
    """The tokens (lenient) of the lines of text where rx matches; None past max_lines of
    them, where reading them all would cost more than what they may tell."""
    lines = lines_of(rx, text)
    if max_lines is not None and len(lines) > max_lines:
        return None
    return tokenize_lines(text, lines, day_clock(text)) if lines else []
