"""Find numbers, dates and times in German or English text and give each its comparable readings."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from verifier.checks.clockwords import spoken_time
from verifier.checks.csvfields import csv_fields, fields
from verifier.checks.dateranges import other_ends
from verifier.checks.digitruns import (
    GROUP,
    UHR_AFTER,
    decade,
    fraction,
    german_am,
    run_readings,
    suffixed,
)
from verifier.checks.months import MON, month_number
from verifier.checks.numgrammar import LENIENT, START, STRICT
from verifier.checks.numlocale import in_locale
from verifier.checks.readings import (
    Reading,
    Token,
    date,
    full_year,
    number,
    part_of_day,
    times,
)
from verifier.checks.slashdates import in_order, slash_order
from verifier.checks.units import clock_duration, joined_durations

_LIST = re.compile(rf"[0-9]{{1,3}}[.)](?:\*\*|__)?(?=[ \t])(?![ \t]{{1,3}}(?i:{MON}))")
# What may stand before a list number on its line: Markdown's heading, quote, bullet and bold
# marks and an opening parenthesis ("### 1. Umsatz", "> 2.", "- 3)", "**4.**", "(5) ").
_BEFORE_LIST = " \t#>*+-_("
_SG_PART = re.compile(r"[0-9.,]+")  # the numbers of a space-grouped match
_DOTTED_CHARS = frozenset("0123456789.")


def _run_tokens(text: str, start: int, end: int, strict: bool) -> list[Token]:
    """Tokens of one digit run: a single number with all its readings, or each group alone."""
    rs = run_readings(text[start:end])
    if rs and (tens := decade(text, start, end)):
        # In an answer "the 1990s" claims a decade, which any year in it holds.
        return [Token(start, end, (tens,) if strict else (*rs, tens))]
    if not strict and csv_fields(text, start, end):
        return fields(text, start, end)
    if rs:
        return [Token(start, end, suffixed(text, end, rs, strict, start))]
    # No single number (3,4,5 or 1.2.3, or fields of a CSV row): each digit group stands alone.
    out = [
        Token(g.start(), g.end(), run_readings(g.group())) for g in GROUP.finditer(text, start, end)
    ]
    if not strict and len(out) >= 3 and set(text[start:end]) <= _DOTTED_CHARS:
        # A source's version 3.11.9 is also release 3.11, as an answer shortens it.
        first, second = out[0], out[1]
        out.append(
            Token(
                start,
                second.end,
                (number(text[start : first.end], text[second.start : second.end]),),
            )
        )
    last = out[-1]
    out[-1] = Token(last.start, last.end, suffixed(text, end, last.readings, strict))
    return out


def _tokens(m: re.Match[str], text: str, strict: bool) -> list[Token]:
    """The tokens of one grammar match."""
    kind, g, start, end = m.lastgroup, m.group, m.start(), m.end()
    rs: list[Reading | None]
    if kind == "RUN":
        return _run_tokens(text, start, end, strict)
    if kind == "FRAC":
        return [fraction(m, strict)]
    if kind == "SG":
        # An ASCII space may group thousands or just separate two numbers: keep both.
        parts = tuple(
            t
            for p in _SG_PART.finditer(g())
            for t in _run_tokens(text, start + p.start(), start + p.end(), strict)
        )
        joined = run_readings(g().replace(" ", "\u00a0"))
        if not joined:
            return list(parts)
        return [Token(start, end, suffixed(text, end, joined, strict), parts)]
    if kind == "RANGE":
        # "2007-08" is two years (the second takes the century of the first); "2026-05" is May.
        first, y2 = int(g("ra")), int(g("ra")[:2] + g("rb"))
        if y2 <= first and (ym := date(first, int(g("rb")), None)):
            rs = [ym]
        elif y2 <= first:  # "2026-18" is neither two years nor a month: two numbers
            ra = _run_tokens(text, m.start("ra"), m.end("ra"), strict)
            return [*ra, *_run_tokens(text, m.start("rb"), m.end("rb"), strict)]
        else:
            rb = _run_tokens(text, m.start("rb"), m.end("rb"), strict)[0]
            second = Token(rb.start, rb.end, (*rb.readings, Reading(("y", y2), str(y2))))
            return [*_run_tokens(text, m.start("ra"), m.end("ra"), strict), second]
    elif kind == "MYN":
        rs = [date(int(g("ny2")), int(g("nm")), None)]
        rs += [number(g("nm"), g("ny2"))] if "." in g() else []
        # In a source, "KW 12/2026" or "c't 3/2025" is a week or an issue of the year, too.
        rs += [] if strict else [number(g("nm"))]
    elif kind == "SPOKEN":
        rs = [*spoken_time(str(g("sp")), str(g("sw")))]
    elif kind == "MD":  # 02/06: February 6 in the US, 2 June elsewhere
        a, b = int(g("ma")), int(g("mb"))
        day_month = Token(start, end, tuple(r for r in (date(None, a, b), date(None, b, a)) if r))
        groups = GROUP.finditer(text, start, end)
        parts = tuple(Token(p.start(), p.end(), (number(p.group()),)) for p in groups)
        return [Token(start, end, day_month.readings, parts)]
    elif kind == "NOON":
        midnight = g().lower() in ("midnight", "mitternacht")
        rs = (
            [*times(0, 0, None, True), *times(24, 0, None, True)]
            if midnight
            else [*times(12, 0, None, True)]
        )
    elif kind == "MON":
        month = month_number(str(g("m4")))
        rs = [Reading(("m", month), f"--{month:02d}")] if month else []
    elif kind == "ISO":
        rs = [date(int(g("iy")), int(g("im")), int(g("id")))]
    elif kind in _DATED:
        rs = _dated(kind, g)
        if not strict:  # a source's range dates its other end too: "10. bis 14. August 2026"
            for values in other_ends(kind, m, text, _month_of):
                rs += _dated(kind, _overlaid(g, values))
    elif kind == "SLASH":
        a, b, y = int(g("sa")), int(g("sb")), int(g("sy"))
        rs = [date(y, b, a), date(y, a, b)]
    elif kind == "TIME":
        # 07:45 and 7:45 Uhr are written on the 24-hour clock: never 19:45 (but 7:45 Uhr
        # abends is).
        h, uhr = int(g("th")), UHR_AFTER.match(text, end)
        ap = None if g("ap") and german_am(text, m.start("ap")) else g("ap")
        ap = ap or (part_of_day(text, uhr.end(), h) if uhr else None)
        rs = [*times(h, int(g("tm")), ap, g("th")[0] == "0" or uhr is not None)]
        rs.append(clock_duration(text, start, end, h, int(g("tm"))))  # "2:35 min"
    else:
        return []
    good = tuple(r for r in rs if r is not None)
    return [Token(start, end, good)] if good else []


_DATED = ("DMY", "DMN", "MDN", "MY")
_LENIENT_MONTH = re.compile(f"(?i:{MON})")


def _overlaid(
    g: Callable[[str], str | None], values: dict[str, str]
) -> Callable[[str], str | None]:
    """A group reader that reads values first, then g."""
    return lambda name: values.get(name) or g(name)


def _month_of(word: str) -> int | None:
    """The month a word names (Juni, Jun., June), None if it names none."""
    return month_number(word) if _LENIENT_MONTH.fullmatch(word) else None


def _dated(kind: str, g: Callable[[str], str | None]) -> list[Reading | None]:
    """The readings of a date match of one of the _DATED kinds, its groups read by g."""
    if kind == "DMY":
        d, mo, y = int(g("dd") or 0), int(g("dm") or 0), g("dy")
        return (
            [date(full_year(y), mo, d)]
            if y
            else [date(None, mo, d), number(str(g("dd")), str(g("dm")))]
        )
    if kind == "MY":
        month = month_number(str(g("m3")))
        return [date(int(g("yy") or 0), month, None)] if month else []
    mon, day, year = (g("m1"), g("nd"), g("ny")) if g("nd") else (g("m2"), g("md"), g("my"))
    month = month_number(str(mon))
    short = g("nyy") if g("nd") else None  # "01 Apr 26" of a statement
    full = int(year) if year else full_year(short) if short else None
    return [date(full, month, int(day or 0))] if month else []


# A storage place named before its code: "Regal B3", "Fach A12", "Lagerplatz C-7".
_PLACE = re.compile(
    r"(?i:regal|fach|schublade|lager(?:platz|ort)?|stellplatz|raum|zimmer"
    r"|schrank|shelf|bin|drawer|rack|room|location|standort)[ \t:.]*\Z"
)


def _coded(text: str, at: int) -> bool:
    """Whether the digits at `at` are a storage place's code (Regal B3, Fach A12), whose digits
    count nothing: "3 Akkuschrauber" is no reading of "B3". Other letters before digits may
    name a measure (B30 x H40 cm, W32 L34, Q3 2025, M8): those stay numbers."""
    if at < 1 or not text[at - 1].isupper() or (at >= 2 and text[at - 2].isalpha()):
        return False
    return _PLACE.search(text, max(0, at - 24), at - 1) is not None


def _line_start(text: str, pos: int) -> bool:
    # Looks back a few characters only, so that a megabyte on one line stays linear.
    head = text[max(0, pos - 8) : pos]
    cut = head.rfind("\n")
    return (cut >= 0 or pos <= 8) and not head[cut + 1 :].strip(_BEFORE_LIST)


# An hour from 13 to 23 before a colon: the text writes the 24-hour clock.
# Written from the colon back (a lookbehind): a pattern that starts with a literal is searched
# for that literal at C speed, 30 times faster over a long excerpt than trying every position.
_DAY_CLOCK = re.compile(r":(?<=(?<![0-9])(?:1[3-9]|2[0-3]):)[0-5]?[0-9](?![0-9])")


_UHR = re.compile(r"Uhr\b")


def _literal_clock(token: Token, text: str) -> Token:
    """Keep only the hour as written of an am/pm-less time (7:0 is not 19:00 here)."""
    clock = [r for r in token.readings if r.key[0] == "t"]
    written = GROUP.match(text, token.start, token.end)
    if len(clock) < 2 or written is None:
        return token
    hour = int(written.group())
    kept = tuple(r for r in token.readings if r.key[0] != "t" or r.key[1] == hour)
    return Token(token.start, token.end, kept, token.parts) if kept else token


def tokenize(text: str, *, strict: bool = False) -> list[Token]:
    """Every number, date and time in text. Strict (answers) keeps only the scaled reading of a
    named scale; lenient (sources) keeps every reading, so that sources ground generously."""
    out: list[Token] = []
    _scan(text, 0, len(text), strict, out)
    if day_clock(text):
        out = [_literal_clock(token, text) for token in out]
    if not strict and (order := slash_order(text)):
        out = in_order(out, text, order)
    if not strict:
        out = in_locale(text, out)
    return joined_durations(text, out)


def tokenize_lines(text: str, lines: Iterable[tuple[int, int]], day_clock: bool) -> list[Token]:
    """The tokens of tokenize(text) (lenient) that lie on the given lines, each a (start, end)
    span of text from just after a newline (or 0) to the next newline (or the end).

    No token, and no place where one may start, reaches across a newline, and the grammar
    reads the text around a line as it is; so the tokens of a line are those tokenize finds
    there. day_clock: whether the whole text writes the 24-hour clock (see tokenize)."""
    out: list[Token] = []
    for start, end in lines:
        _scan(text, start, end, False, out)
    if day_clock:
        out = [_literal_clock(token, text) for token in out]
    if out and (order := slash_order(text)):
        out = in_order(out, text, order)
    return joined_durations(text, in_locale(text, out) if out else out)


def day_clock(text: str) -> bool:
    """Whether text writes the 24-hour clock anywhere: an hour from 13 to 23 before a colon, or
    the German "Uhr" ("Frühstück 7:30 bis 10:30, Check-out bis 11 Uhr" is no 19:30)."""
    return _DAY_CLOCK.search(text) is not None or _UHR.search(text) is not None


def _scan(text: str, pos: int, endpos: int, strict: bool, out: list[Token]) -> None:
    """Append the tokens that start in text[pos:endpos] (a grammar match may read beyond)."""
    pattern = STRICT if strict else LENIENT
    while c := START.search(text, pos, endpos):
        at = c.start()
        # Markdown list numbering ("1. ", "2) ") orders lines; it claims nothing.
        li = (
            _LIST.match(text, at)
            if c.group()[0] <= "9" and text[at - 1 : at] in "\n \t*_(" and _line_start(text, at)
            else None
        )
        m = li or pattern.match(text, at)
        pos = m.end() if m else c.end()
        if m and not li and not (not strict and m.lastgroup == "RUN" and _coded(text, at)):
            out.extend(_tokens(m, text, strict))
