"""Quantities an answer scales by a factor its sentence names: a recipe doubled or halved
("Für zwei Laibe verdoppelst du alles: 700 ml Wasser" from 350 ml), a dose taken twice
("zweimal täglich 1000 mg, also 2.000 mg am Tag").

Only metric quantities (g, kg, ml, l, mg: the unit must agree with the excerpt's, in any of its
sizes) and counts of a noun the excerpt counts too ("6 eggs" from "3 eggs") count, and only
exact ones: a bare number twice another comes about by chance."""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal, localcontext

from verifier.checks.arithwords import scale_step
from verifier.checks.bindwords import meets
from verifier.checks.citations import Sentences
from verifier.checks.grounding import Verdict
from verifier.checks.readings import Token
from verifier.checks.sourceindex import SourceIndex
from verifier.checks.units import plain

_FACTORS = (
    (
        Decimal(2),
        r"verdopp\w*|doppelt\w*|double[ds]?|doubling|twice|zweimal|zweifach\w*"
        # A trip both ways: "Hin und zurück fahrt ihr 1.024 km" for 512 km one way.
        r"|hin und zurück|round[- ]trip|there and back|both ways",
    ),
    (Decimal(3), r"verdreifach\w*|dreifach\w*|triple[ds]?|thrice|dreimal|three times"),
    (Decimal(4), r"vervierfach\w*|vierfach\w*|quadruple[ds]?|viermal|four times"),
    (Decimal("0.5"), r"halbier\w*|halbe[nmrs]?|hälfte|half|halve[ds]?|halving"),
    (Decimal("1.5"), r"anderthalbfach\w*|eineinhalbfach\w*|one and a half times"),
)
_FACTOR = [(f, re.compile(rf"\b(?:{words})\b", re.I)) for f, words in _FACTORS]
# A factor in digits: "alles mal 1,5:", "× 1.5", "1,5-fach", "3 times a day", "2x täglich"; not
# a factor of a product written out ("2 × 96 €"), which stands before a unit or a noun.
_NUMBERED = re.compile(
    r"(?:\b(?:mal|times)|[×*])[ \u00a0]*(?P<a>[0-9]{1,2}(?:[.,][0-9]{1,2})?)"
    r"(?=[ \u00a0]*(?:[:;,.!?)]|$|\b(?:also|so|das|that|gives|ergibt)\b))"
    r"|\b(?P<b>[0-9]{1,2}(?:[.,][0-9]{1,2})?)[ \u00a0-]?(?:fache?[nmrs]?|mal|times|x)\b",
    re.I,
)
_MAX_FACTOR = 12


# A whole count and the noun it counts: "6 eggs", "12 Flaschen".
_NOUN_AFTER = re.compile(r"[ \u00a0]+([^\W\d_]{3,})")


class Factors:
    """The quantities of an answer that are an excerpt's, scaled by a factor named beside them."""

    def __init__(
        self, sentences: Sentences, src: SourceIndex, texts: Sequence[tuple[int, str]]
    ) -> None:
        self.text = sentences.text
        self._src = src
        self._texts = texts
        self._sentences = sentences
        self._named: dict[int, list[tuple[Decimal, str, int]]] = {}  # by sentence, with ends

    def derive(self, tok: Token) -> Verdict | None:
        """The scaling an ungrounded quantity is, or None."""
        quantity = next((r for r in tok.readings if r.key[0] == "u" and r.key[1] != "time"), None)
        if quantity is None:
            return self._count(tok)
        for factor, word in self._factors(tok):
            with localcontext() as ctx:
                ctx.prec = 60
                value = plain(Decimal(quantity.value) / factor)
            (held,) = self._src.look_up([(quantity.key[0], quantity.key[1], value)])
            if held:
                operands = (word, scale_step(factor))
                return Verdict("derived", tok.readings[0], frozenset(held), "scaled", operands)
        return None

    def _factors(self, tok: Token) -> list[tuple[Decimal, str]]:
        """The factors the figure's sentence names before it, each with its words as written:
        "three times a day, so 1,500 mg daily" scales, "take 1,200 mg 3 times a day" does not
        (the dose the factor counts is no result of it)."""
        k = self._sentences.index(tok.start)
        if k not in self._named:
            start, _ = self._sentences.span_at(tok.start)
            sentence = self._sentences.text_at(tok.start)
            found = [
                (f, m.group(), start + m.end())
                for f, words in _FACTOR
                if (m := words.search(sentence))
            ]
            for m in _NUMBERED.finditer(sentence):
                factor = Decimal((m.group("a") or m.group("b")).replace(",", "."))
                if 0 < factor <= _MAX_FACTOR and factor != 1:
                    found.append((factor, m.group(), start + m.end()))
            self._named[k] = found
        return [(f, word) for f, word, end in self._named[k] if end <= tok.start]

    def _count(self, tok: Token) -> Verdict | None:
        """A count of a noun scaled: "double it: 6 eggs" where the recipe has "3 eggs"; the
        excerpt's count must count the same noun, inflected."""
        r = tok.readings[0]
        if r.key[0] != "n" or not r.value.isdigit():
            return None
        noun = _NOUN_AFTER.match(self.text, tok.end)
        if noun is None:
            return None
        for factor, word in self._factors(tok):
            scaled = Decimal(r.value) / factor
            if scaled != scaled.to_integral_value():
                continue
            counted = re.compile(rf"(?<![0-9.,]){scaled:f}{_NOUN_AFTER.pattern}")
            for n, text in self._texts:
                for m in counted.finditer(text):
                    if meets({noun.group(1).lower()}, {m.group(1).lower()}, compound=False):
                        operands = (word, scale_step(factor))
                        return Verdict("derived", r, frozenset({n}), "scaled", operands)
        return None


# Counts every calendar holds: 12 months of a year, 52 weeks, 4 quarters, 7 days of a week,
# 24 hours of a day, 60 minutes of an hour, 365 days.
_CALENDAR = {12, 52, 4, 7, 24, 60, 365}
_PERIOD_WORD = re.compile(
    r"\b(?:monat\w*|month\w*|jahr\w*|year\w*|jährlich|annual\w*|woche\w*|week\w*"
    r"|wöchentlich|quartal\w*|quarter\w*|tag\w*|day\w*|täglich|daily|stunde\w*|hour\w*"
    r"|minute\w*)\b",
    re.I,
)
_TIMES_SIGN = re.compile(r"[ \u00a0]*[×x*/÷][ \u00a0]*(?:[€$£][ \u00a0]*)?")


class Calendar:
    """A calendar's count the answer multiplies or divides an amount by: "12 × 13,50 €" for a
    year of a monthly fee, "684,60 € / 12". The count stands by the amount with its sign, and
    a period is named in the sentence."""

    def __init__(self, sentences: Sentences) -> None:
        self.text = sentences.text
        self._sentences = sentences
        self._figures: list[tuple[Token, Verdict]] = []

    def learn(self, done: list[tuple[Token, Verdict]]) -> None:
        """Take the grounded figures."""
        self._figures = done

    def derive(self, tok: Token) -> Verdict | None:
        """The calendar's count an ungrounded 12 (52, 7, ...) is, or None."""
        r = tok.readings[0]
        if r.key[0] != "n" or not r.value.isdigit() or len(r.value) > 3:
            return None
        if int(r.value) not in _CALENDAR:
            return None
        if not _PERIOD_WORD.search(self._sentences.text_at(tok.start)):
            return None
        for t, v in self._figures:
            joined = (
                _TIMES_SIGN.fullmatch(self.text, tok.end, t.start)
                if t.start >= tok.end
                else _TIMES_SIGN.fullmatch(self.text, t.end, tok.start)
            )
            if joined:
                operands = (self.text[t.start : t.end], r.value)
                return Verdict("derived", r, v.excerpts, "calendar", operands)
        return None
