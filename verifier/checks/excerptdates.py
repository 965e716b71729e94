"""Spans that start from an excerpt's own dates: a date its term gives ("Kauf am 14.03.2026,
1 Jahr Garantie": bis 14.03.2027), the nights from an arrival to a departure, and a payment's
date a count of days after an invoice's date. spans.py asks for these when the answer's own
sentence holds no start date."""

from __future__ import annotations

from datetime import date, timedelta
from itertools import pairwise

from verifier.checks.bindwords import meets, words_of
from verifier.checks.calendarmath import Term, dates_of, plus, terms_of
from verifier.checks.grounding import Verdict
from verifier.checks.linesigns import line_span
from verifier.checks.readings import Reading, Token
from verifier.checks.sourceindex import SourceIndex

_NEAR_DATES = 240  # characters between an arrival and a departure date of an excerpt
_MAX_READ = 100_000  # characters of an excerpt read for its dates


class ExcerptDates:
    """The excerpts' full dates and terms, each excerpt read when first asked."""

    def __init__(self, src: SourceIndex, texts: list[tuple[int, str]]) -> None:
        self._src = src
        self._texts = texts
        self._terms: dict[int, list[Term]] = {}
        self._dates: dict[int, list[tuple[int, int, date]]] = {}
        self._place = {n: i for i, (n, _) in enumerate(texts)}

    def from_term(
        self, r: Reading, result: date | None, month: tuple[int, int] | None = None
    ) -> Verdict | None:
        """A date that is a date of an excerpt plus a term the excerpt states on the date's
        line, or on a line naming what the date's names ("Letzte Inspektion: 18.10.2025" and
        "Inspektionsintervall: alle 12 Monate"), or beside its only date ("Kauf am 14.03.2026,
        1 Jahr Garantie": bis 14.03.2027; "Beginn 01.01.2026, 24 Monate": bis 31.12.2027), or
        the month of one ("Inspektion am 14.10.2025 ... in 24 Monaten": im Oktober 2027). A
        date of another row is no start."""
        for i, (n, text) in enumerate(self._texts):
            if i not in self._terms:
                self._terms[i] = terms_of(text[:_MAX_READ])
            terms = self._terms[i]
            if not terms:
                continue
            dates = self._dates_of(i)
            alone = len({d for _, _, d in dates}) == 1
            for count, unit, written, line_start, line_end in terms:
                starts = {plus(result, -count, unit)} if result else set()
                if result and unit in ("months", "years"):  # a term ends the day before
                    starts.add(plus(result + timedelta(days=1), -count, unit))
                if result is None and month is None and r.key[0] == "dm":
                    # A day and month without a year: the term's end from each date of the
                    # excerpt ("Rechnungsdatum 16.02.2026, zahlbar in 30 Tagen": 18. März).
                    starts = {day for _, _, day in dates if _ends_on(day, count, unit, r)}
                term_words = words_of(text[line_start:line_end])
                for start, end, day in dates:
                    on_line = (line_start <= start and end <= line_end) or _same_thing(
                        text, start, term_words
                    )
                    if month and unit in ("months", "years"):
                        ends = plus(day, count, unit)
                        starts = {day} if ends and (ends.year, ends.month) == month else set()
                    if day in starts and (alone or on_line):
                        operands = (text[start:end], written)
                        return Verdict("derived", r, frozenset({n}), "date_after", operands)
        return None

    def nights(self, tok: Token) -> Verdict | None:
        """A count of nights that is the span from one date of an excerpt to the next date
        near it ("Anreise 12.03.2026, Abreise 15.03.2026": 3 Nächte)."""
        r = tok.readings[0]
        if r.key[0] != "n" or not r.value.isdigit() or len(r.value) > 4:  # no stay is longer
            return None
        nights = int(r.value)
        for i, (n, _) in enumerate(self._texts):
            dates = self._dates_of(i)
            for (_, end_a, a), (start_b, _, b) in pairwise(dates):
                if start_b - end_a <= _NEAR_DATES and (b - a).days == nights:
                    operands = (a.strftime("%d.%m.%Y"), b.strftime("%d.%m.%Y"))
                    return Verdict("derived", r, frozenset({n}), "days_between", operands)
        return None

    def after_invoice(
        self,
        r: Reading,
        result: date,
        count: tuple[int, str],
        by: tuple[Verdict, str],
        before: bool,
    ) -> Verdict | None:
        """The date a count after a date an excerpt gives in full (a payment's term after an
        invoice's date), or before it where the sentence says so ("48 hours notice"); `by` is
        the count's verdict and its words as the answer writes them."""
        n, unit = count
        vc, written = by
        starts = [(plus(result, -n, unit), "date_after")]
        if before:
            starts.append((plus(result, n, unit), "date_before"))
        for start, how in starts:
            if start is None:
                continue
            # In an excerpt that gives the term too: a statement's dates set no invoice's term.
            (found,) = self._src.look_up([("d", start.year, start.month, start.day)])
            held = (found or set()) & vc.excerpts
            if held:
                operands = (start.strftime("%d.%m.%Y"), written)
                return Verdict("derived", r, frozenset(held) | vc.excerpts, how, operands)
        return None

    def dates_in(self, n: int, reach: int = _MAX_READ) -> list[tuple[int, int, date]]:
        """The full dates excerpt number n writes within its first `reach` characters, each
        with where it starts and ends (read once for every deriver that asks)."""
        return [d for d in self._dates_of(self._place[n]) if d[1] <= reach]

    def _dates_of(self, i: int) -> list[tuple[int, int, date]]:
        """The full dates of excerpt i (its first characters), read once."""
        if i not in self._dates:
            self._dates[i] = dates_of(self._texts[i][1][:_MAX_READ])
        return self._dates[i]


def _ends_on(start: date, count: int, unit: str, r: Reading) -> bool:
    """Whether a term from start ends on the day and month of r (or the day before, for a
    term of months or years)."""
    end = plus(start, count, unit)
    if end is None:
        return False
    ends = [end, end - timedelta(days=1)] if unit in ("months", "years") else [end]
    return any((e.month, e.day) == (int(r.key[1]), int(r.key[2])) for e in ends)


def _same_thing(text: str, at: int, term_words: set[str]) -> bool:
    """Whether the line of a date at `at` names what the term's line names: "Letzte
    Inspektion: 18.10.2025" for "Inspektionsintervall: alle 12 Monate"."""
    start, end = line_span(text, at)
    return bool(meets(words_of(text[start:end]), term_words))
