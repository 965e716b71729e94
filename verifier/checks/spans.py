"""Spans of time an answer computes: the days between two dates ("vom 12. März bis 28. Juli
2025 lagen 138 Tage"), the time between two clock times ("ab 7:42, an 13:58: 6 Stunden und
16 Minuten"), and a date some days, weeks, months or years from another ("Beginn 1. Juni
2023, 24 Monate Laufzeit, also bis 31. Mai 2025"; "innerhalb von 14 Tagen, also bis zum 1.
April 2026" from the invoice date of the excerpt that gives the term), and a clock time a
duration before another ("15 Minuten früher, also um 10:00", in clockshifts.py).
calendarmath.py adds terms to dates and reads an excerpt's terms and dates; excerptdates.py
gives the spans that start from an excerpt's own dates; today.py the question's today.

Dates and clock times are exact: a wrong one matches a computed span by chance hardly ever,
so no announcing word is asked for; the operands stand in the result's sentence (a date, a
clock time, a count of days or a duration also in the sentence before). A count of days may
count both ends ("7 days, from March 9 to March 15"), unless it is "between" them or a
distance "after" or "from" one."""

from __future__ import annotations

import re
from datetime import date

from verifier.checks.calendarmath import (
    as_date,
    days_between,
    in_years_of,
    months_between,
    plus,
    term_ends,
)
from verifier.checks.citations import Sentences
from verifier.checks.clockshifts import EARLIER, LATER, time_offset, time_shifted
from verifier.checks.excerptdates import ExcerptDates
from verifier.checks.grounding import Verdict, hedged
from verifier.checks.readings import Reading, Token
from verifier.checks.today import SAYS_TODAY

# A count of calendar days, weeks, months or years after a figure; not working days. Hours
# count as days where they make whole ones ("48 hours notice").
_PERIOD = re.compile(
    r"[ \u00a0]*(?:(tag|tage|tagen|day|days)|(woche|wochen|week|weeks)"
    r"|(monat|monate|monaten|month|months)|(jahr|jahre|jahren|year|years)"
    r"|(stunde|stunden|hour|hours))\b",
    re.I,
)
_BETWEEN = re.compile(r"\b(?:zwischen|dazwischen|between|in between)\b", re.I)
# A date a count before another: "48 hours ahead", "spätestens 14 Tage vor Reisebeginn".
_BEFORE = re.compile(
    r"\b(?:vor|vorher|vorab|im voraus|spätestens|before|in advance|prior|ahead|notice)\b", re.I
)
# Nights of a stay: the days from the first date to the last, not counting both ends.
NIGHTS = re.compile(r"[ \u00a0]*(?:nächte|nächten|nacht|übernachtungen|nights?)\b", re.I)
_MAX_OPERANDS = 24  # dates, times and counts of the answer tried; bounds the pairs
_MAX_COUNT_DIGITS = 7  # a count of days beyond any calendar is no span
_DIRECTION_REACH = 24  # characters after a count of days where "after" or "vor" may stand
_FROM = re.compile(r"\b(?:from|von|vom|ab|since|seit)\b", re.I)
_RANGE_END = re.compile(r"\b(?:to|bis|until|till|through|thru)\b|[–-]", re.I)


def _count(text: str, tok: Token) -> tuple[int, str] | None:
    """A whole count with its period ("14 Tagen": 14, days), None for other figures."""
    r = tok.readings[0]
    m = _PERIOD.match(text, tok.end)
    if m is None or r.key[0] != "n" or not r.value.isdigit() or len(r.value) > _MAX_COUNT_DIGITS:
        return None
    n, unit = int(r.value), ("days", "weeks", "months", "years", "hours")[(m.lastindex or 1) - 1]
    if unit == "hours":
        return (n // 24, "days") if n and not n % 24 else None
    return n, unit


class Spans:
    """What the answer's grounded dates, clock times and counts of days give as spans."""

    def __init__(
        self,
        sentences: Sentences,
        excerpts: ExcerptDates,
        texts: list[tuple[int, str]],
        today: tuple[date, str] | None = None,
    ) -> None:
        self.text = sentences.text
        self._excerpts = excerpts
        self._texts = texts
        self._today = today
        self._figures: list[tuple[Token, Verdict]] = []
        self._sentences = sentences

    def learn(self, done: list[tuple[Token, Verdict]]) -> None:
        """Take the grounded dates, times and counts (the first few only)."""
        kinds = ("d", "dm", "t")
        self._figures = [
            (t, v)
            for t, v in done
            if v.reading.key[0] in kinds
            or _count(self.text, t)
            or any(x.key[:2] == ("u", "time") for x in t.readings)
        ][:_MAX_OPERANDS]

    def derive(self, tok: Token) -> Verdict | None:
        """The span an ungrounded date, duration or count of days is, or None."""
        k = self._sentences.index(tok.start)
        near = [(t, v) for t, v in self._figures if self._sentences.index(t.start) == k]
        earlier = [(t, v) for t, v in self._figures if self._sentences.index(t.start) == k - 1]
        for r in tok.readings:
            if r.key[:2] == ("u", "time"):
                found = self._between_times(tok, r, near, earlier)
            elif r.key[0] in ("d", "dm"):
                found = self._date_after(tok, r, near, earlier)
            elif r.key[0] == "t":
                opens = self._sentences.span_at(tok.start)[0]
                sentence = self._sentences.text_at(tok.start)
                place = (tok.start - opens, tok.end - opens)
                found = time_shifted(self.text, r, near, earlier, sentence, place)
                found = found or time_offset(
                    self._sentences, self._texts, tok, r, (*earlier, *near)
                )
            elif r.key[0] == "ym":
                month = (int(r.key[1]), int(r.key[2]))
                found = self._month_after(r, near) or self._excerpts.from_term(r, None, month)
            else:
                continue
            if found:
                return found
        count = _count(self.text, tok)
        if count:
            return self._between_dates(tok, count, near, earlier) or self._from_today(
                tok, count, near
            )
        value = tok.readings[0].value
        if NIGHTS.match(self.text, tok.end) and value.isdigit() and len(value) <= 4:
            nights = (int(value), "nights")
            found = self._between_dates(tok, nights, near, earlier)
            return found or self._excerpts.nights(tok)
        return None

    def _between_times(
        self,
        tok: Token,
        r: Reading,
        near: list[tuple[Token, Verdict]],
        earlier: list[tuple[Token, Verdict]],
    ) -> Verdict | None:
        """A duration that is the time from one clock time to a later one: both of the
        sentence, the first of the sentence before ("arrive around 10:10. That leaves 35
        minutes before the match at 10:45"), or both ("departs at 7:09 and arrives at 7:26.
        The ride takes 17 minutes")."""
        seconds = float(r.value)
        times = [(t, v) for t, v in near if v.reading.key[0] == "t"]
        before = [(t, v) for t, v in earlier if v.reading.key[0] == "t"]
        pairs = [(a, b) for i, a in enumerate(times) for b in times[i + 1 :]]
        pairs += [(a, b) for i, a in enumerate(before) for b in (*before[i + 1 :], *times)]
        for (ta, va), (tb, vb) in pairs:
            a, b = va.reading.key, vb.reading.key
            span = ((int(b[1]) * 60 + int(b[2])) - (int(a[1]) * 60 + int(a[2]))) % 1440 * 60
            if span == seconds:
                return self._verdict(r, "time_between", (ta, va), (tb, vb))
        return None

    def _between_dates(
        self,
        tok: Token,
        count: tuple[int, str],
        near: list[tuple[Token, Verdict]],
        earlier: list[tuple[Token, Verdict]],
    ) -> Verdict | None:
        """A count of days, weeks or nights that is the span between two dates of the sentence
        or the one before ("Am 4. März ausgesät [1]. Am 17. März gekeimt, also nach 13 Tagen";
        "in on 14 June and out on 21 June, so seven nights")."""
        n, unit = count
        if unit == "months":
            return self._months_between(tok, n, near, earlier)
        if unit not in ("days", "weeks", "nights"):
            return None
        days = n * (7 if unit == "weeks" else 1)
        dated = [(t, v) for t, v in near if v.reading.key[0] in ("d", "dm")]
        before = [(t, v) for t, v in earlier if v.reading.key[0] in ("d", "dm")]
        both = [*before, *dated]
        pairs = [(a, b) for i, a in enumerate(both) for b in both[i + 1 :]]
        for (ta, va), (tb, vb) in pairs:
            # Counted with both ends too: "7 days, from March 9 to March 15"; but "between"
            # two days counts the days from one to the other.
            spans = days_between(va.reading, vb.reading)
            opens = self._sentences.span_at(ta.start)[0]
            both_ends = (
                unit == "days"
                and not _BETWEEN.search(self.text, opens, max(tb.start, tok.end))
                and not self._distance(tok)
            )
            if days in spans or (both_ends and days - 1 in spans):
                return self._verdict(tok.readings[0], "days_between", (ta, va), (tb, vb))
        return None

    def _months_between(
        self,
        tok: Token,
        n: int,
        near: list[tuple[Token, Verdict]],
        earlier: list[tuple[Token, Verdict]],
    ) -> Verdict | None:
        """A count of months between two full dates of the sentence or the one before: the
        whole months, or the nearest count where a hedge says so ("about 35 months")."""
        full = [(t, v) for t, v in (*earlier, *near) if v.reading.key[0] == "d"]
        about = hedged(self.text, tok.start)
        for i, (ta, va) in enumerate(full):
            for tb, vb in full[i + 1 :]:
                first, last = as_date(va.reading), as_date(vb.reading)
                if first and last and n in months_between(first, last)[: 1 + about]:
                    return self._verdict(tok.readings[0], "months_between", (ta, va), (tb, vb))
        return None

    def _from_today(
        self, tok: Token, count: tuple[int, str], near: list[tuple[Token, Verdict]]
    ) -> Verdict | None:
        """A count of days or weeks from the date the question names as today to a date of
        the sentence, which says "heute" or "today" ("von heute aus also in 28 Tagen")."""
        n, unit = count
        if self._today is None or unit not in ("days", "weeks"):
            return None
        if not SAYS_TODAY.search(self._sentences.text_at(tok.start)):
            return None
        today, written = self._today
        for t, v in near:
            day = as_date(v.reading, today.year)
            if day and abs((day - today).days) == n * (7 if unit == "weeks" else 1):
                operands = (written, self.text[t.start : t.end])
                return Verdict("derived", tok.readings[0], v.excerpts, "days_from_today", operands)
        return None

    def _distance(self, tok: Token) -> bool:
        """Whether a count of days is a distance from a date ("15 days after the March 3
        meeting", "9 days from today"), which counts one end only: a word of direction right
        after it, or "from" with no end of a range ("from March 9 to March 15") after it."""
        reach = tok.end + _DIRECTION_REACH
        if EARLIER.search(self.text, tok.end, reach) or LATER.search(self.text, tok.end, reach):
            return True
        start = _FROM.search(self.text, tok.end, reach)
        end = self._sentences.span_at(tok.start)[1]
        return bool(start and not _RANGE_END.search(self.text, start.end(), end))

    def _date_after(
        self,
        tok: Token,
        r: Reading,
        near: list[tuple[Token, Verdict]],
        earlier: list[tuple[Token, Verdict]],
    ) -> Verdict | None:
        """A date a count of the sentence or the one before after another date: one of the
        sentence or the one before, or one an excerpt gives (an invoice's date for "innerhalb
        von 14 Tagen, also bis ..."). A term of months or years may end the day before ("24
        Monate ab 1. Juni 2023: 31. Mai 2025"). A date without its year takes the start's, or
        the next ("20. Dezember 2025 + 4 Wochen: am 17. Januar")."""
        full = as_date(r)
        dated = [
            (t, v)
            for t, v in (*earlier, *near)
            if v.reading.key[0] in ("d", "dm") and t.start != tok.start
        ]
        for tc, vc in (*near, *earlier):
            count = _count(self.text, tc)
            if count is None:
                continue
            for ta, va in dated:
                # Each reading of a date: "08/12/2025" is 12 August or 8 December.
                for x in (va.reading, *ta.readings):
                    for result in [full] if full else in_years_of(r, x):
                        start = as_date(x, result.year)
                        if start and result in term_ends(start, *count):
                            return self._verdict(r, "date_after", (ta, va), (tc, vc))
            # A payment term's days from a date the excerpt gives; a term of months from any
            # date of a table would match too many rows (30.06. + 3 Monate for a 31.08.).
            if full and count[1] in ("days", "weeks"):
                before = self._sentences.says(_BEFORE, tok.start)
                by = (vc, self._written(tc))
                found = self._excerpts.after_invoice(r, full, count, by, before)
                if found:
                    return found
        return self._excerpts.from_term(r, full)

    def _month_after(self, r: Reading, near: list[tuple[Token, Verdict]]) -> Verdict | None:
        """A month a term of months or years of the sentence after one of its dates: the next
        booster "im September 2026", ten years after "5. September 2016"."""
        month = (int(r.key[1]), int(r.key[2]))
        dated = [(t, v) for t, v in near if v.reading.key[0] == "d"]
        for tc, vc in near:
            count = _count(self.text, tc)
            if count is None or count[1] not in ("months", "years"):
                continue
            for ta, va in dated:
                start = as_date(va.reading)
                end = plus(start, *count) if start else None
                if end and (end.year, end.month) == month:
                    return self._verdict(r, "date_after", (ta, va), (tc, vc))
        return None

    def _verdict(
        self, r: Reading, how: str, a: tuple[Token, Verdict], b: tuple[Token, Verdict]
    ) -> Verdict:
        (ta, va), (tb, vb) = a, b
        operands = (self.text[ta.start : ta.end], self._written(tb))
        return Verdict("derived", r, va.excerpts | vb.excerpts, how, operands)

    def _written(self, tok: Token) -> str:
        """A figure as written, with the period word of a count ("24 Monaten", not "24")."""
        word = _PERIOD.match(self.text, tok.end)
        return self.text[tok.start : word.end() if word else tok.end]
