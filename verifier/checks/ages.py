"""A person's age the answer computes from a birth date an excerpt gives ("geb. 12.09.1951"),
or one its sentence states as a birth ("am 23.08.1946 geboren"):
"am 20. März 2026 74 Jahre alt", "she is 12 years old on 2 August", and the birthday a year
reaches ("seinen 75. Geburtstag feiert er erst im September").

The age is counted in whole years to a date of the answer's sentence (a day and month
without a year take the year of an excerpt's full date on that day, or the one year of the
excerpts' other full dates), or to the question's
today where the sentence says "heute" or "today". The figure must say it is an age: "Jahre
alt", "years old", "-jährig", or an ordinal before "Geburtstag" or "birthday"."""

from __future__ import annotations

import re
from datetime import date

from verifier.checks.bindwords import words_of
from verifier.checks.calendarmath import as_date
from verifier.checks.citations import Sentences
from verifier.checks.excerptdates import ExcerptDates
from verifier.checks.grounding import Verdict
from verifier.checks.readings import Token
from verifier.checks.today import SAYS_TODAY

_BIRTH = re.compile(
    r"(?i:\bgeb\.|geboren|geburtsdatum|\bborn\b|date of birth|birth ?date|\bd\.?o\.?b\b)"
)
_BIRTH_REACH = 40  # characters after the birth word where its date starts
_CLAUSE_BREAK = re.compile(r"[;.!?](?:\s|$)|\n")  # what parts a birth word from a later date
_AGE = re.compile(
    r"[ \u00a0-]*(?:jahre?n?[ \u00a0]+alt|years?[ \u00a0-]+old|jährig\w*|(?:yr|year)s?-old)\b",
    re.I,
)
_BIRTHDAY = re.compile(r"(?:\.|st|nd|rd|th)?[ \u00a0]+(?:geburtstag\w*|birthday)\b", re.I)
_MAX_AGE = 130
_READ = 65_536  # characters of an excerpt read for birth dates and full dates


class Ages:
    """Ages of the answer that a cited excerpt's birth date gives."""

    def __init__(
        self,
        sentences: Sentences,
        texts: list[tuple[int, str]],
        excerpts: ExcerptDates,
        today: date | None,
    ) -> None:
        self.text = sentences.text
        self._sentences = sentences
        self._texts = texts
        self._excerpts = excerpts
        self._today = today
        self._dates: list[tuple[Token, Verdict]] = []
        # By excerpt, read when first asked: each birth date with the words of its line.
        self._births: dict[int, list[tuple[date, set[str]]]] = {}

    def learn(self, done: list[tuple[Token, Verdict]]) -> None:
        """Take the grounded and derived dates."""
        self._dates = [(t, v) for t, v in done if v.reading.key[0] in ("d", "dm")]

    def derive(self, tok: Token) -> Verdict | None:
        """The age an ungrounded whole number is, or None."""
        r = tok.readings[0]
        if r.key[0] != "n" or not r.value.isdigit() or int(r.value) > _MAX_AGE:
            return None
        birthday = _BIRTHDAY.match(self.text, tok.end) is not None
        if not (birthday or _AGE.match(self.text, tok.end)):
            return None
        age = int(r.value)
        sentence = words_of(self._sentences.text_at(tok.start))
        births = [
            (born, frozenset({n}))
            for n, _ in self._sentences.cited_excerpts(self._texts, tok.start)
            for born in self._births_named(n, sentence)
        ]
        for born, held in [*births, *self._stated_births(tok)]:
            for when, written in self._references(tok):
                reached = when.year - born.year  # the age its birthday that year makes
                before = (when.month, when.day) < (born.month, born.day)
                if age == (reached if birthday else reached - before):
                    operands = (f"{born:%d.%m.%Y}", written)
                    return Verdict("derived", r, held, "age", operands)
        return None

    def _stated_births(self, tok: Token) -> list[tuple[date, frozenset[int]]]:
        """The full dates of the figure's sentence that the answer says are a birth ("Sie
        ist am 23.08.1946 geboren [1]"), with the excerpts holding them."""
        k = self._sentences.index(tok.start)
        out = []
        for t, v in self._dates:
            day = as_date(v.reading)
            near = self.text[max(0, t.start - _BIRTH_REACH) : t.end + _BIRTH_REACH // 2]
            if day and self._sentences.index(t.start) == k and _BIRTH.search(near):
                out.append((day, v.excerpts))
        return out

    def _births_named(self, n: int, sentence: set[str]) -> list[date]:
        """The birth dates of excerpt n; where it gives several, those whose line shares a
        word (a name) with the figure's sentence: an age is one person's."""
        births = self._births_in(n)
        if len(births) < 2:
            return [born for born, _ in births]
        return [born for born, words in births if words & sentence]

    def _births_in(self, n: int) -> list[tuple[date, set[str]]]:
        """The dates excerpt n gives right after a word of birth, in its clause, with the
        words of their line."""
        if n not in self._births:
            text = dict(self._texts)[n][:_READ]
            words = [m.end() for m in _BIRTH.finditer(text)]
            dates = self._excerpts.dates_in(n, _READ) if words else []
            births: list[tuple[date, set[str]]] = []
            for end in words:  # the first date after each word of birth, near it
                first = next((d for d in dates if d[0] >= end), None)
                if first and first[0] - end <= _BIRTH_REACH:
                    if not _CLAUSE_BREAK.search(text, end, first[0]):
                        opens = text.rfind("\n", 0, first[0]) + 1
                        closes = text.find("\n", first[0])
                        line = text[opens : closes if closes >= 0 else len(text)]
                        births.append((first[2], words_of(line)))
            self._births[n] = births
        return self._births[n]

    def _references(self, tok: Token) -> list[tuple[date, str]]:
        """The dates of the figure's sentence an age may be counted to, as written."""
        k = self._sentences.index(tok.start)
        out: list[tuple[date, str]] = []
        for t, v in self._dates:
            if self._sentences.index(t.start) != k:
                continue
            written = self.text[t.start : t.end]
            day = as_date(v.reading) or self._year_of(v.reading.key)
            if day:
                out.append((day, written))
        if self._today and SAYS_TODAY.search(self._sentences.text_at(tok.start)):
            out.append((self._today, "today"))
        return out

    def _year_of(self, key: tuple[object, ...]) -> date | None:
        """A day and month without a year, in the year of an excerpt's full date on it, or
        else in the one year the excerpts' other full dates share (no birth date's)."""
        if key[0] != "dm":
            return None
        month, day = int(str(key[1])), int(str(key[2]))
        births = {born for n, _ in self._texts for born, _ in self._births_in(n)}
        years = set()
        for n, _ in self._texts:
            for _, _, full in self._excerpts.dates_in(n, _READ):
                if full in births:
                    continue
                if (full.month, full.day) == (month, day):
                    return full
                years.add(full.year)
        if len(years) != 1:
            return None
        try:
            return date(years.pop(), month, day)
        except ValueError:  # 29 February of a common year
            return None
