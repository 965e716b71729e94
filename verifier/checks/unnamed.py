"""Amounts an answer computes with an excerpt's amount it does not name: "Ohne die 3,10 €
Pfand waren es 46,56 €" from a receipt's 49,66 €, "abzüglich 30,00 € bleiben 353,59 €",
"Inklusive 19 % MwSt. kostet das Angebot 2.951,20 €" from an offer's net 2.480,00 €.

Only amounts with cents, exact to the cent, with a word of taking off or adding on (or of a
tax or discount) in the sentence, and the answer's other amount or percentage of the sentence
as the second operand: a sum or share in cents matches an excerpt's amount by chance hardly
ever."""

from __future__ import annotations

import re
from bisect import bisect_right
from decimal import Decimal, localcontext

from verifier.checks.arithwords import PERCENT_AFTER, TAX_NAMED, TAX_RATES, TAXED
from verifier.checks.citations import sentence_spans
from verifier.checks.grounding import Verdict
from verifier.checks.readings import Reading, Token
from verifier.checks.sourceindex import SourceIndex

_OFF_OR_ON = re.compile(
    r"\b(?:ohne|abzüglich|abzgl|minus|abzug|without|excluding|less|after|zuzüglich|zzgl|plus"
    r"|inklusive|inkl|including|incl|übrig\w*|bleib\w*|remain\w*|left|rest\w*|davon|of which)\b",
    re.I,
)
_MAX_OPERANDS = 12  # grounded amounts of the answer tried


def _plain(value: Decimal) -> str:
    text = f"{value:f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def _shown(value: Decimal, like: str) -> str:
    """An amount in cents with the decimal mark of the answer's figure."""
    text = f"{value:.2f}"
    return text.replace(".", ",") if "," in like else text


_CENT = Decimal("0.01")


class Unnamed:
    """The answer's amounts that are an excerpt amount plus or minus another amount it gives."""

    def __init__(self, text: str, src: SourceIndex) -> None:
        self.text = text
        self._src = src
        self._amounts: list[tuple[Token, Verdict]] = []
        self._rates: list[tuple[Token, Verdict]] = []  # grounded percentages
        self._starts = [start for start, _ in sentence_spans(text)]

    def learn(self, done: list[tuple[Token, Verdict]]) -> None:
        """Take the grounded amounts with cents."""
        self._amounts = [(t, v) for t, v in done if v.reading.places == 2][:_MAX_OPERANDS]
        self._rates = [
            (t, v) for t, v in done if v.reading.num and PERCENT_AFTER.match(self.text, t.end)
        ][:_MAX_OPERANDS]

    def derive(self, tok: Token) -> Verdict | None:
        """The sum or difference with an unnamed excerpt amount an ungrounded amount is."""
        r = tok.readings[0]
        x = r.num
        if x is None or r.places != 2 or r.scale:
            return None
        k = self._sentence(tok.start)
        end = self._starts[k + 1] if k + 1 < len(self._starts) else len(self.text)
        sentence = self.text[self._starts[k] if k >= 0 else 0 : end]
        if TAXED.search(sentence):
            found = self._taxed(tok, x, k, bool(TAX_NAMED.search(sentence)))
            if found:
                return found
        if not _OFF_OR_ON.search(sentence):
            return None
        for ta, va in self._amounts:
            a = va.reading.num
            if a is None or self._sentence(ta.start) != k:
                continue
            with localcontext() as ctx:
                ctx.prec = 60
                candidates = [x + a, x - a, a - x]
            for value in candidates:
                if value <= 0:
                    continue
                key = ("n", _plain(value))
                self._src.prepare([Reading(key, key[1])])
                held = self._src.whole(key)
                if held:
                    shown = _shown(value, self.text[tok.start : tok.end])
                    operands = (self.text[ta.start : ta.end], shown)
                    return Verdict("derived", r, frozenset(held) | va.excerpts, "unnamed", operands)
        return None

    def _taxed(self, tok: Token, x: Decimal, k: int, tax: bool) -> Verdict | None:
        """x as an excerpt amount with a percentage of the sentence (or, where a tax is named,
        a usual rate) added, taken off, taken out, or as that share itself."""
        rates: list[tuple[Decimal, frozenset[int]]] = [
            (num, v.excerpts)
            for t, v in self._rates
            if self._sentence(t.start) == k and (num := v.reading.num) is not None
        ]
        rates += [(Decimal(rate), frozenset()) for rate in TAX_RATES] if tax else []
        with localcontext() as ctx:
            ctx.prec = 60
            for rate, where in rates:
                share = rate / 100
                ways = (1 + share, 1 - share, 1 / (1 + share), share)
                for factor in ways:
                    if factor <= 0:
                        continue
                    base = (x / factor).quantize(_CENT)
                    if (base * factor).quantize(_CENT) != x or base <= 0:
                        continue  # no amount in cents gives x
                    key = ("n", _plain(base))
                    self._src.prepare([Reading(key, key[1])])
                    held = self._src.whole(key)
                    if held:
                        operands = (f"{rate:f} %", _shown(base, self.text[tok.start : tok.end]))
                        return Verdict(
                            "derived",
                            tok.readings[0],
                            frozenset(held) | where,
                            "unnamed_share",
                            operands,
                        )
        return None

    def _sentence(self, at: int) -> int:
        return bisect_right(self._starts, at) - 1
