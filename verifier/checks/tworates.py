"""An amount a rate per two things gives for two counts of its sentence: "2,80 € pro Person und
Nacht; für 2 Erwachsene und 3 Nächte sind das 16,80 €", "€4 per person per night ... for two
adults over four nights comes to €32".

Only a rate written with two "per" nouns counts, its two counts are whole figures of its
sentence, and the product must be exact: three factors meet a wrong amount by chance hardly
ever once the rate names them (arithmetic.py multiplies two figures)."""

from __future__ import annotations

import re
from decimal import localcontext
from itertools import combinations

from verifier.checks.citations import Sentences
from verifier.checks.grounding import Verdict
from verifier.checks.readings import Token

# After a rate: "pro Person und Nacht", "per person per night", "je Person/Nacht".
_PER_TWO = re.compile(
    r"[ \u00a0]*(?:€|eur|euro|\$|£)?[ \u00a0]*(?:pro|per|je|a|/)[ \u00a0]*[^\W\d_]{3,}"
    r"[ \u00a0]*(?:und|and|&|/|pro|per|je|a)[ \u00a0]*[^\W\d_]{3,}",
    re.I,
)
_MAX_COUNTS = 8  # whole figures of the sentence tried as the two counts


class TwoRates:
    """What a rate per two things of the answer gives with two counts of its sentence."""

    def __init__(self, sentences: Sentences) -> None:
        self.text = sentences.text
        self._sentences = sentences
        self._figures: list[tuple[Token, Verdict]] = []

    def learn(self, done: list[tuple[Token, Verdict]]) -> None:
        """Take the grounded and derived figures."""
        self._figures = done

    def derive(self, tok: Token) -> Verdict | None:
        """The product of a two-noun rate and two counts of the sentence, or None."""
        x = tok.readings[0].num
        if x is None:
            return None
        k = self._sentences.index(tok.start)
        near = [(t, v) for t, v in self._figures if self._sentences.index(t.start) == k]
        rates = [(t, v) for t, v in near if _PER_TWO.match(self.text, t.end)]
        counts = [
            (t, v, num)
            for t, v in near
            if (num := v.reading.num) is not None and num == num.to_integral_value() and num > 0
        ][:_MAX_COUNTS]
        for tr, vr in rates:
            rate = vr.reading.num
            if rate is None:
                continue
            for (ta, va, a), (tb, vb, b) in combinations(counts, 2):
                if tr.start in (ta.start, tb.start):
                    continue
                with localcontext() as ctx:
                    ctx.prec = 60
                    if rate * a * b != x:
                        continue
                written = (self.text[tr.start : tr.end], f"{a} × {b}")
                excerpts = vr.excerpts | va.excerpts | vb.excerpts
                return Verdict("derived", tok.readings[0], excerpts, "two_rate", written)
        return None
