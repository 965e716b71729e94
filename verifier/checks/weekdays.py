"""Weekdays the answer puts beside a full date must be that date's weekday: the calendar is
code's to check ("Donnerstag, 3. Juni 2026" is wrong: it is a Wednesday)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date

from verifier.checks.models import NumberFinding
from verifier.checks.numparse import Token

_EN = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_DE = ("Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag")
_NAMES: dict[str, int] = {
    **{w.lower(): i for i, w in enumerate(_EN)},
    **{w.lower(): i for i, w in enumerate(_DE)},
    "sonnabend": 5,
    **{w[:3].lower(): i for i, w in enumerate(_EN)},
    **{w[:2].lower(): i for i, w in enumerate(_DE)},
}
_NAME = r"(?:[A-Z][a-z]+)"
# Right before the date ("Donnerstag, 3. Juni", "Do., 03.06.", "Thursday, the 3rd") or in
# brackets right after it ("03.06.2026 (Mittwoch)"). Capitalised, as weekdays are written;
# the abbreviations (Do, Mi, Thu) only with their dot or comma, or in brackets.
_BEFORE = re.compile(rf"(?<![^\W\d_])({_NAME})(\.,?|,)?[ \t\u00a0]+(?:den|the)?[ \t\u00a0]*$")
_AFTER = re.compile(rf"[ \t\u00a0]*\(({_NAME})\.?\)")
_LOOK_BACK = 20


def _weekday(word: str, abbreviated_ok: bool) -> int | None:
    day = _NAMES.get(word.lower())
    if day is None or (len(word) <= 3 and not abbreviated_ok):
        return None
    return day


def wrong_weekdays(answer: str, tokens: Sequence[Token]) -> list[NumberFinding]:
    """A finding for each weekday the answer names beside a full date that falls on another
    day (span: the weekday's word)."""
    findings = []
    for tok in tokens:
        days = [r.key[1:] for r in tok.readings if r.key[0] == "d" and len(r.key) == 4]
        if len(days) != 1:  # no full date, or 03/06/2026 read both ways
            continue
        y, m, d = (int(x) for x in days[0])
        try:
            actual = date(y, m, d).weekday()
        except ValueError:  # 31.06.: no such day, and no weekday to check
            continue
        before = _BEFORE.search(answer, max(0, tok.start - _LOOK_BACK), tok.start)
        after = _AFTER.match(answer, tok.end)
        named = before or after
        if named is None:
            continue
        claimed = _weekday(named[1], abbreviated_ok=bool(after or (before and before[2])))
        if claimed is None or claimed == actual:
            continue
        written = answer[tok.start : tok.end]
        findings.append(
            NumberFinding(
                text=named[1],
                value=f"{y}-{m:02d}-{d:02d}",
                start=named.start(1),
                end=named.end(1),
                status="wrong_weekday",
                excerpts=[],
                message_en=f'"{written}" is a {_EN[actual]}, not a {_EN[claimed]}.',
                message_de=f"Der {written} ist ein {_DE[actual]}, kein {_DE[claimed]}.",
            )
        )
    return findings
