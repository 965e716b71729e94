"""A date the answer names as the day after or before another ("shipped on 3 March and
delivered the next day, 4 March"; "am Vortag, dem 13. Mai"): the other date is the one the
answer names right before it, in its sentence or the one before, or the date a cited
excerpt gives last before its mark of an arrival on the next day ("arr 07:05 (+1)"), as
timetables do.

A date one day off is the commonest wrong date, so the words must say it: "the next day",
"the following morning", "am nächsten Tag", "am Folgetag", "after midnight", "the day
before", "am Vortag" right before the date or right after it."""

from __future__ import annotations

import re
from datetime import timedelta

from verifier.checks.calendarmath import as_date
from verifier.checks.citations import Sentences
from verifier.checks.excerptdates import ExcerptDates
from verifier.checks.grounding import Verdict
from verifier.checks.readings import Reading, Token

_NEXT = (
    r"(?:the\s+)?(?:next|following)\s+(?:day|morning|evening|night)|the\s+day\s+after"
    r"|(?:a|one)\s+day\s+later|next-day"
    r"|(?:am|den)\s+(?:nächsten|folgenden|darauffolgenden)\s+(?:tag|morgen|abend)"
    r"|am\s+folgetag|folgetag|tags\s+darauf|am\s+(?:tag|morgen|abend)\s+danach"
    r"|einen\s+tag\s+später"
)
# An arrival past midnight, before its date only: "landet erst nach Mitternacht, also am 29.
# Juli" (after a date it says when that day's event ends: "on 14 May runs past midnight").
_PAST_MIDNIGHT = re.compile(r"\b(?:nach|after|past)\s+(?:mitternacht|midnight)\b", re.I)
_PREVIOUS = (
    r"(?:the\s+)?(?:previous|preceding)\s+(?:day|morning|evening|night)|the\s+day\s+before"
    r"|(?:a|one)\s+day\s+(?:earlier|before)"
    r"|am\s+vortag|vortag|tags\s+(?:zuvor|davor)|am\s+(?:tag|abend)\s+(?:zuvor|davor|vorher)"
    r"|einen\s+tag\s+(?:früher|vorher|zuvor)"
)
_SAID = re.compile(rf"\b(?:(?P<next>{_NEXT})|(?P<previous>{_PREVIOUS}))\b", re.I)
_REACH_BEFORE = 48  # characters before the date where the words may stand
_REACH_AFTER = 24  # and after it ("on 4 March, the next day")
# A timetable's arrival on the next day: "arr 07:05 (+1)", "+1 Tag", "+1 day".
_PLUS_ONE = re.compile(r"\(\+1\)|\+1[ \u00a0]*(?:tag|day)\b", re.I)
_MAX_BASES = 12  # next-day marks of one excerpt tried; bounds junk input
_READ = 65_536  # characters of an excerpt read for its dates and marks
_HOW = {1: "next_day", -1: "previous_day"}


class NextDays:
    """Ungrounded dates the answer says are the day after or before another date."""

    def __init__(
        self, sentences: Sentences, texts: list[tuple[int, str]], excerpts: ExcerptDates
    ) -> None:
        self.text = sentences.text
        self._sentences = sentences
        self._texts = texts
        self._excerpts = excerpts
        self._dates: list[tuple[Token, Verdict]] = []

    def learn(self, done: list[tuple[Token, Verdict]]) -> None:
        """Take the grounded and derived dates."""
        self._dates = [(t, v) for t, v in done if v.reading.key[0] in ("d", "dm")]

    def derive(self, tok: Token) -> Verdict | None:
        """The day after or before another date that an ungrounded date is, or None."""
        step = self._step(tok)
        if step is None:
            return None
        for r in tok.readings:
            if r.key[0] not in ("d", "dm"):
                continue
            found = self._from_answer(tok, r, step) or self._from_timetable(tok, r, step)
            if found:
                return found
        return None

    def _step(self, tok: Token) -> int | None:
        """+1 or -1 where the words by the date say the next or the previous day."""
        opens, closes = self._sentences.span_at(tok.start)
        before = self.text[max(opens, tok.start - _REACH_BEFORE) : tok.start]
        after = self.text[tok.end : min(closes, tok.end + _REACH_AFTER)]
        said = [*_SAID.finditer(before), *_SAID.finditer(after)]
        steps = {1 if m["next"] else -1 for m in said}
        if _PAST_MIDNIGHT.search(before):
            steps.add(1)
        return steps.pop() if len(steps) == 1 else None

    def _from_answer(self, tok: Token, r: Reading, step: int) -> Verdict | None:
        """The other day is the answer's date right before this one, in the sentence or the
        one before: "the next day" counts from the date just named."""
        k = self._sentences.index(tok.start)
        before = [
            (t, v)
            for t, v in self._dates
            if t.start < tok.start and self._sentences.index(t.start) in (k, k - 1)
        ]
        if not before:
            return None
        t, v = before[-1]
        if not _one_day(v.reading, r, step):
            return None
        operands = (self.text[t.start : t.end], "")
        return Verdict("derived", r, v.excerpts, _HOW[step], operands)

    def _from_timetable(self, tok: Token, r: Reading, step: int) -> Verdict | None:
        """The other day is the date a cited excerpt gives last before its mark of a
        next-day arrival ("Tuesday 21 April 2026 ... arr 07:05 (+1)")."""
        if step != 1:
            return None
        for n, text in self._sentences.cited_excerpts(self._texts, tok.start):
            marks = [m.start() for m in _PLUS_ONE.finditer(text, 0, _READ)]
            if not marks:
                continue
            dates = self._excerpts.dates_in(n, _READ)
            for mark in marks[:_MAX_BASES]:
                last = [(start, end, day) for start, end, day in dates if end <= mark][-1:]
                for start, end, day in last:
                    if _one_day(Reading(("d", day.year, day.month, day.day), ""), r, step):
                        operands = (text[start:end], "")
                        return Verdict("derived", r, frozenset({n}), _HOW[step], operands)
        return None


def _one_day(base: Reading, r: Reading, step: int) -> bool:
    """Whether r is the day after (step 1) or before (-1) base; a day and month without a
    year are tried in the other's year and those around it, or in a common and a leap year."""
    years = {int(k[1]) for k in (base.key, r.key) if k[0] == "d"} or {2024, 2025}
    for year in {y + d for y in years for d in (-1, 0, 1)}:
        first = as_date(base, year)
        if first is None:
            continue
        target = first + timedelta(days=step)
        result = as_date(r, target.year)
        if result == target:
            return True
    return False
