"""Weekdays the answer puts beside a full date must be that date's weekday: the calendar is
code's to check ("Donnerstag, 3. Juni 2026" is wrong: it is a Wednesday). A date written
without its year ("Mittwoch, den 14. April") takes the year of the excerpts' one such date
written with a weekday beside it (an appointment, not a birthday); without one, the weekday
the excerpts name beside that day and month ("Monday, July 6") is its weekday; without that,
the year of the excerpts' one such date that no birth leads, if it is the latest year they
write (a flight's "24.07.2026", not an invoice's older "24.07.2023")."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import date

from verifier.checks.daynames import DE, EN, NAMES
from verifier.checks.linesigns import tokens_on_lines
from verifier.checks.models import NumberFinding
from verifier.checks.readings import Token

_EN_SHORT = frozenset(w[:3].lower() for w in EN)
_NAME = r"(?:[A-Z][a-z]+|[A-Z]{6,})"
_MARK = r"(?:\*\*|__|\*|_)?"  # Markdown emphasis around the name
# Right before the date ("Donnerstag, 3. Juni", "**Do.**, 03.06.", "Thursday, the 3rd",
# "Donnerstag (3. Juni") or after it ("03.06.2026 (Mittwoch)", "3. Juni 2026, ein Mittwoch").
# Capitalised, as weekdays are written.
_BEFORE = re.compile(
    rf"(?<![^\W\d_]){_MARK}({_NAME}){_MARK}(\.)?{_MARK}[ \t\u00a0]*(,|[-–—(])?"
    r"[ \t\u00a0]*(?:den|dem|the)?[ \t\u00a0]*\Z"
)
_IN_BRACKETS = re.compile(rf"[ \t\u00a0]*\(({_NAME})\.?\)")
_APPOSITION = re.compile(rf",[ \t\u00a0]+(?:ein|einem|an|a)[ \t\u00a0]+({_NAME})(?![^\W\d_])")
_LOOK_BACK = 24
_MAX_LINES = 200  # lines of an excerpt read for the weekday of one day
_MAX_READ = 65_536  # characters of an excerpt read for it
_RANGE_END = re.compile(
    r"([A-Z][a-z]{1,9})(\.)?[ \t\u00a0]*(?:[-–—]|\b(?:to|bis|through|thru|until))[ \t\u00a0]*\Z"
)
# A range of days around a date: its end day after it ("May 26–28"), or its first day before
# it ("13.–16.04.2026").
_DAYS_AFTER = re.compile(
    r"[ \t\u00a0]*(?:[-–—]|bis|to|through)[ \t\u00a0]*([0-9]{1,2})\b(?![.,:][0-9])"
)
_DAYS_BEFORE = re.compile(r"(?<![0-9.])([0-9]{1,2})\.?[ \t\u00a0]*(?:[-–—]|bis)[ \t\u00a0]*\Z")


def _weekday(word: str, dotted: bool, sep: str, bracketed: bool) -> int | None:
    """The day a word names, if it is written as a weekday: a full name without a full stop
    (that ends a sentence), Thu with a dot or a comma or bare as English capitalises it, Do
    with or without its dot, So only with its dot or in brackets ("So," is a word)."""
    day = NAMES.get(word.lower())
    if day is None:
        return None
    if len(word) > 3:
        return None if dotted else day
    if len(word) == 3:
        # A fixture list's "Sun 22 Mar": English abbreviations stand bare in tables too.
        english = word.istitle() and word.lower() in _EN_SHORT
        return day if dotted or sep == "," or bracketed or english else None
    # Mo, Di, Mi, Do, Fr, Sa stand bare in tables and lists ("| Do, 08.04.2026 |"); "So" is
    # a word ("So, 3. Juni ...") unless dotted or bracketed.
    return day if dotted or bracketed or word.lower() != "so" else None


def _named_weekday(
    text: str, start: int, end: int, *, range_ends: bool = True
) -> tuple[re.Match[str], int] | None:
    """The weekday named right before the date at text[start:end] or right after it, with its
    day; with range_ends False, not the end of a range ("Mo–Do, 13.04.": Do is 16.04.'s)."""
    before = _BEFORE.search(text, max(0, start - _LOOK_BACK), start)
    if before is not None and (
        range_ends or not _RANGE_END.search(text, max(0, before.start() - 20), before.start())
    ):
        day = _weekday(before[1], bool(before[2]), before[3] or "", before[3] == "(")
        if day is not None:  # Monday is day 0
            return before, day
    after = _IN_BRACKETS.match(text, end) or _APPOSITION.match(text, end)
    day = _weekday(after[1], False, "", True) if after else None
    return (after, day) if after is not None and day is not None else None


def weekday_beside(text: str, start: int, end: int) -> bool:
    """Whether a weekday is named beside the date at text[start:end] ("Di, 14.04.2026")."""
    return _named_weekday(text, start, end) is not None


def _full_date(tok: Token, years: Callable[[int, int], set[int]]) -> tuple[int, int, int] | None:
    """The token's one full date, with the year of the excerpts' date if it writes none."""
    days = [r.key[1:] for r in tok.readings if r.key[0] == "d" and len(r.key) == 4]
    if not days:
        partial = _day_month(tok)
        if partial:
            m, d = partial
            known = years(m, d)
            days = [(known.pop(), m, d)] if len(known) == 1 else []
    if len(days) != 1:  # no full date, or 03/06/2026 read both ways
        return None
    y, m, d = (int(x) for x in days[0])
    return y, m, d


def excerpt_weekdays(texts: Sequence[tuple[int, str]], month: int, day: int) -> set[int]:
    """The weekdays the excerpts name beside a date on this month and day, with or without
    its year ("Closed for maintenance: Monday, July 6")."""
    found: set[int] = set()
    rx = re.compile(rf"(?<![0-9]){day}(?![0-9])")
    for _, whole in texts:
        text = whole[:_MAX_READ]  # an appointment's weekday stands near the top
        for t in tokens_on_lines(rx, text, _MAX_LINES) or ():
            if any(
                r.key[0] in ("d", "dm") and tuple(r.key[-2:]) == (month, day) for r in t.readings
            ):
                named = _named_weekday(text, t.start, t.end, range_ends=False)
                found |= {named[1]} if named else set()
    return found


def wrong_weekdays(
    answer: str,
    tokens: Sequence[Token],
    years: tuple[Callable[[int, int], set[int]], Callable[[int, int], set[int]]],
    named: Callable[[int, int], set[int]],
) -> list[NumberFinding]:
    """A finding for each weekday the answer names beside a full date that falls on another
    day (span: the weekday's word). For a date without a year: years holds what gives the
    excerpts' years of a day with a weekday beside it, and else those of an event's date;
    named(month, day) the weekdays the excerpts name beside it, which come before the latter."""
    beside, events = years
    findings = []
    for tok in tokens:
        if not any(r.key[0] in ("d", "dm") for r in tok.readings):
            continue  # most figures are no dates: spare them the look for a weekday
        found = _named_weekday(answer, tok.start, tok.end, range_ends=False)
        others: list[tuple[re.Match[str], int, int, str]] = []  # a range's other end
        if found is None:
            found, others = _weekday_range(answer, tok)
            if found is None:
                continue
        full = _full_date(tok, beside)
        if full is None:
            finding = _against_excerpt(answer, tok, found, named)
            if finding or _named_for(tok, named):
                findings += [finding] if finding else []
                continue
            full = _full_date(tok, events)
        if full is None:
            continue
        y, m, d = full
        try:
            actual = date(y, m, d).weekday()
        except ValueError:  # 31.06.: no such day, and no weekday to check
            continue
        written, claimed = answer[tok.start : tok.end], found[1]
        if claimed != actual:
            findings.append(
                _finding(
                    found[0],
                    f"{y}-{m:02d}-{d:02d}",
                    f'"{written}" is a {EN[actual]}, not a {EN[claimed]}.',
                    f"Der {written} ist ein {DE[actual]}, kein {DE[claimed]}.",
                )
            )
        for named_at, claimed, day, span in others:
            try:
                actual = date(y, m, day).weekday()
            except ValueError:
                continue
            if claimed != actual:
                findings.append(
                    _finding(
                        named_at,
                        f"{y}-{m:02d}-{day:02d}",
                        f'Day {day} of "{span}" is a {EN[actual]}, not a {EN[claimed]}.',
                        f"Der {day}. in „{span}“ ist ein {DE[actual]}, kein {DE[claimed]}.",
                    )
                )
    return findings


def _weekday_range(
    answer: str, tok: Token
) -> tuple[tuple[re.Match[str], int] | None, list[tuple[re.Match[str], int, int, str]]]:
    """A range of weekdays before a range of days: the weekday of the date the token is, and
    the other end's weekday with its day and the range as written. "Wednesday through Friday,
    May 26–28" (the first weekday the date's, the last the 28th's) or "Mo–Do, 13.–16.04.2026"
    (the last the date's, the first the 13th's)."""
    after = _DAYS_AFTER.match(answer, tok.end)
    before_days = _DAYS_BEFORE.search(answer, max(0, tok.start - 8), tok.start)
    if (after is None) == (before_days is None):
        return None, []
    lead = before_days.start() if before_days else tok.start
    last_at = _BEFORE.search(answer, max(0, lead - _LOOK_BACK), lead)
    if last_at is None:
        return None, []
    first_at = _RANGE_END.search(answer, max(0, last_at.start() - 20), last_at.start())
    last = _weekday(last_at[1], bool(last_at[2]), last_at[3] or "", False)
    first = _weekday(first_at[1], bool(first_at[2]), "", False) if first_at else None
    if first_at is None or first is None or last is None:
        return None, []
    # Within one month only: "29 May – 1 June" ends in another month, whose day the end's
    # number alone does not give.
    day = _day_of(tok)
    if after:
        written = answer[tok.start : after.end()]
        if day is None or int(after[1]) <= day:
            return None, []
        return (first_at, first), [(last_at, last, int(after[1]), written)]
    assert before_days is not None
    written = answer[before_days.start() : tok.end]
    if day is None or int(before_days[1]) >= day:
        return None, []
    return (last_at, last), [(first_at, first, int(before_days[1]), written)]


def _day_of(tok: Token) -> int | None:
    """The day of the month of the token's date readings, if they agree on one."""
    days = {int(r.key[-1]) for r in tok.readings if r.key[0] in ("d", "dm")}
    return days.pop() if len(days) == 1 else None


def _day_month(tok: Token) -> tuple[int, int] | None:
    """The month and day of the token's one reading as a date without a year, or None."""
    days = [r.key[1:] for r in tok.readings if r.key[0] == "dm" and len(r.key) == 3]
    if len(days) != 1:
        return None
    m, d = (int(x) for x in days[0])
    return m, d


def _named_for(tok: Token, named: Callable[[int, int], set[int]]) -> bool:
    """Whether the excerpts name a weekday beside the token's day and month."""
    day = _day_month(tok)
    return day is not None and bool(named(*day))


def _finding(named_at: re.Match[str], value: str, en: str, de: str) -> NumberFinding:
    """A wrong weekday's finding, on the weekday's word."""
    return NumberFinding(
        text=named_at[1],
        value=value,
        start=named_at.start(1),
        end=named_at.end(1),
        status="wrong_weekday",
        excerpts=[],
        message_en=en,
        message_de=de,
    )


def _against_excerpt(
    answer: str,
    tok: Token,
    found: tuple[re.Match[str], int],
    named: Callable[[int, int], set[int]],
) -> NumberFinding | None:
    """The finding for a weekday beside a date without a year where the excerpts name that
    day's weekday otherwise, all alike ("Tuesday, July 6" for "Monday, July 6")."""
    day = _day_month(tok)
    if day is None:
        return None
    m, d = day
    theirs = named(m, d)
    named_at, claimed = found
    if len(theirs) != 1 or claimed in theirs:
        return None
    (actual,) = theirs
    written = answer[tok.start : tok.end]
    return _finding(
        named_at,
        f"--{m:02d}-{d:02d}",
        f'The excerpts name "{written}" a {EN[actual]}, not a {EN[claimed]}.',
        f"Die Auszüge nennen den {written} einen {DE[actual]}, keinen {DE[claimed]}.",
    )
