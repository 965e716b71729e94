"""Amounts an answer computes with an excerpt's amount it does not name: "Ohne die 3,10 €
Pfand waren es 46,56 €" from a receipt's 49,66 €, "abzüglich 30,00 € bleiben 353,59 €".

Only amounts with cents, exact, with a word of taking off or adding on in the sentence, and
the answer's other amount of the sentence as the second operand: a sum or difference in cents
matches an excerpt's amount by chance hardly ever."""

from __future__ import annotations

import re
from bisect import bisect_right
from decimal import Decimal, localcontext

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


class Unnamed:
    """The answer's amounts that are an excerpt amount plus or minus another amount it gives."""

    def __init__(self, text: str, src: SourceIndex) -> None:
        self.text = text
        self._src = src
        self._amounts: list[tuple[Token, Verdict]] = []
        self._starts = [start for start, _ in sentence_spans(text)]

    def learn(self, done: list[tuple[Token, Verdict]]) -> None:
        """Take the grounded amounts with cents."""
        self._amounts = [(t, v) for t, v in done if v.reading.places == 2][:_MAX_OPERANDS]

    def derive(self, tok: Token) -> Verdict | None:
        """The sum or difference with an unnamed excerpt amount an ungrounded amount is."""
        r = tok.readings[0]
        x = r.num
        if x is None or r.places != 2 or r.scale or not self._amounts:
            return None
        k = self._sentence(tok.start)
        end = self._starts[k + 1] if k + 1 < len(self._starts) else len(self.text)
        if not _OFF_OR_ON.search(self.text, self._starts[k] if k >= 0 else 0, end):
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
                    shown = f"{value:.2f}"
                    if "," in self.text[tok.start : tok.end]:
                        shown = shown.replace(".", ",")
                    operands = (self.text[ta.start : ta.end], shown)
                    return Verdict("derived", r, frozenset(held) | va.excerpts, "unnamed", operands)
        return None

    def _sentence(self, at: int) -> int:
        return bisect_right(self._starts, at) - 1
