"""Amounts an answer computes with an excerpt's amount it does not name: "Ohne die 3,10 €
Pfand waren es 46,56 €" from a receipt's 49,66 €, "abzüglich 30,00 € bleiben 353,59 €",
"Inklusive 19 % MwSt. kostet das Angebot 2.951,20 €" from an offer's net 2.480,00 €.

Only amounts with cents, exact to the cent, with a word of taking off or adding on (or of a
tax or discount) in the sentence, and as the second operand the answer's amount nearest the
figure on either side in its sentence, or a percentage of the sentence (a tax rate only where
an excerpt states it): each operand more gives a wrong amount one more chance to meet an
excerpt's. Without such a word, an amount is only the share of an excerpt amount that a
percentage right before it names ("30 % bei Auftragserteilung (4.284,00 €)")."""

from __future__ import annotations

import re
from decimal import Decimal, localcontext

from verifier.checks.arithwords import TAX_NAMED, TAX_RATES, TAXED
from verifier.checks.citations import Sentences
from verifier.checks.figurewords import PERCENT_AFTER
from verifier.checks.grounding import Verdict
from verifier.checks.readings import Token
from verifier.checks.sourceindex import SourceIndex
from verifier.checks.units import plain

_OFF_OR_ON = re.compile(
    r"\b(?:ohne|abzüglich|abzgl|minus|abzug|without|excluding|less|after|zuzüglich|zzgl|plus"
    r"|inklusive|inkl|including|incl|übrig\w*|bleib\w*|remain\w*|left|rest(?:betrag|summe)?|davon"
    r"|of which)\b",
    re.I,
)
_MAX_OPERANDS = 12  # grounded amounts of the answer tried
_RATE_GAP = 40  # characters from a percentage to the amount it is the share of, at most


def stated_rate(src: SourceIndex, rate: int) -> bool:
    """Whether an excerpt of src states a tax rate as a number (19 of "MwSt. 19 %")."""
    (held,) = src.look_up([("n", str(rate))])
    return bool(held)


def _shown(value: Decimal, like: str) -> str:
    """An amount in cents with the decimal mark of the answer's figure."""
    text = f"{value:.2f}"
    return text.replace(".", ",") if "," in like else text


_CENT = Decimal("0.01")


class Unnamed:
    """The answer's amounts that are an excerpt amount plus or minus another amount it gives."""

    def __init__(self, sentences: Sentences, src: SourceIndex) -> None:
        self.text = sentences.text
        self._src = src
        self._amounts: list[tuple[Token, Verdict]] = []
        self._rates: list[tuple[Token, Verdict]] = []  # grounded percentages
        self._sentences = sentences

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
        k = self._sentences.index(tok.start)
        says = self._sentences.says
        if says(TAXED, tok.start):
            found = self._taxed(tok, x, k, says(TAX_NAMED, tok.start))
            if found:
                return found
        beside = self._rate_before(tok)
        if beside:  # "30 % bei Auftragserteilung (4.284,00 €)" of the offer's 14.280,00 €
            found = self._of_base(tok, x, beside, share_only=True)
            if found:
                return found
        if not says(_OFF_OR_ON, tok.start):
            return None
        # The amounts of the sentence nearest the figure, one on each side: each operand more
        # is as many more chances for a wrong amount to meet an excerpt's.
        near = [(t, v) for t, v in self._amounts if self._sentences.index(t.start) == k]
        before = [(t, v) for t, v in near if t.end <= tok.start]
        after = [(t, v) for t, v in near if t.start >= tok.end]
        tried: list[tuple[Decimal, Token, Verdict]] = []
        for ta, va in before[-1:] + after[:1]:
            a = va.reading.num
            if a is None:
                continue
            with localcontext() as ctx:
                ctx.prec = 60
                tried += [(value, ta, va) for value in (x + a, x - a, a - x) if value > 0]
        holders = self._src.look_up([("n", plain(value)) for value, _, _ in tried])
        for (value, ta, va), held in zip(tried, holders, strict=True):
            if held:
                operands = (
                    self.text[ta.start : ta.end],
                    _shown(value, self.text[tok.start : tok.end]),
                )
                return Verdict("derived", r, frozenset(held) | va.excerpts, "unnamed", operands)
        return None

    def _stated(self, rate: int) -> bool:
        """Whether an excerpt states a tax rate as a number (19 of "19 %")."""
        return stated_rate(self._src, rate)

    def _taxed(self, tok: Token, x: Decimal, k: int, tax: bool) -> Verdict | None:
        """x as an excerpt amount with a percentage of the sentence (or, where a tax is named,
        a usual rate) added, taken off, taken out, or as that share itself."""
        rates: list[tuple[Decimal, frozenset[int]]] = [
            (num, v.excerpts)
            for t, v in self._rates
            if self._sentences.index(t.start) == k and (num := v.reading.num) is not None
        ]
        rates += [(Decimal(r), frozenset()) for r in TAX_RATES if tax and self._stated(r)]
        return self._of_base(tok, x, rates, share_only=False)

    def _rate_before(self, tok: Token) -> list[tuple[Decimal, frozenset[int]]]:
        """The percentage of the sentence right before the amount, no other figure between
        ("30 % bei Auftragserteilung (4.284,00 €)"), as its only rate; else none."""
        k = self._sentences.index(tok.start)
        for t, v in reversed(self._rates):
            if t.end <= tok.start and self._sentences.index(t.start) == k:
                gap = self.text[t.end : tok.start]
                near = len(gap) <= _RATE_GAP and not any(c.isdigit() for c in gap)
                return [(v.reading.num, v.excerpts)] if near and v.reading.num else []
        return []

    def _of_base(
        self,
        tok: Token,
        x: Decimal,
        rates: list[tuple[Decimal, frozenset[int]]],
        share_only: bool,
    ) -> Verdict | None:
        """x as an excerpt amount with a rate added, taken off or out, or as its share."""
        tried: list[tuple[Decimal, Decimal, frozenset[int]]] = []  # base, rate, where
        with localcontext() as ctx:
            ctx.prec = 60
            for rate, where in rates:
                share = rate / 100
                factors = (share,) if share_only else (1 + share, 1 - share, 1 / (1 + share), share)
                for factor in factors:
                    if factor <= 0:
                        continue
                    base = (x / factor).quantize(_CENT)
                    if base > 0 and (base * factor).quantize(_CENT) == x:
                        tried.append((base, rate, where))  # an amount in cents that gives x
        holders = self._src.look_up([("n", plain(base)) for base, _, _ in tried])
        for (base, rate, where), held in zip(tried, holders, strict=True):
            if held:
                operands = (f"{rate:f} %", _shown(base, self.text[tok.start : tok.end]))
                excerpts = frozenset(held) | where
                return Verdict("derived", tok.readings[0], excerpts, "unnamed_share", operands)
        return None
