"""Quantities an answer scales by a factor its sentence names: a recipe doubled or halved
("Für zwei Laibe verdoppelst du alles: 700 ml Wasser" from 350 ml), a dose taken twice
("zweimal täglich 1000 mg, also 2.000 mg am Tag").

Only metric quantities count (g, kg, ml, l, mg: the unit must agree with the excerpt's, in any
of its sizes), and only exact ones: a bare number twice another comes about by chance."""

from __future__ import annotations

import re
from decimal import Decimal, localcontext

from verifier.checks.citations import Sentences
from verifier.checks.grounding import Verdict
from verifier.checks.readings import Reading, Token
from verifier.checks.sourceindex import SourceIndex

_FACTORS = (
    (Decimal(2), r"verdopp\w*|doppelt\w*|double[ds]?|doubling|twice|zweimal|zweifach\w*"),
    (Decimal(3), r"verdreifach\w*|dreifach\w*|triple[ds]?|thrice|dreimal"),
    (Decimal(4), r"vervierfach\w*|vierfach\w*|quadruple[ds]?|viermal"),
    (Decimal("0.5"), r"halbier\w*|halbe[nmrs]?|hälfte|half|halve[ds]?|halving"),
)
_FACTOR = [(f, re.compile(rf"\b(?:{words})\b", re.I)) for f, words in _FACTORS]


def _plain(value: Decimal) -> str:
    text = f"{value:f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


class Factors:
    """The quantities of an answer that are an excerpt's, scaled by a factor named beside them."""

    def __init__(self, text: str, src: SourceIndex) -> None:
        self.text = text
        self._src = src
        self._sentences = Sentences(text)

    def derive(self, tok: Token) -> Verdict | None:
        """The scaling an ungrounded quantity is, or None."""
        quantity = next((r for r in tok.readings if r.key[0] == "u" and r.key[1] != "time"), None)
        if quantity is None:
            return None
        sentence = self._sentences.text_at(tok.start)
        for factor, words in _FACTOR:
            word = words.search(sentence)
            if word is None:
                continue
            with localcontext() as ctx:
                ctx.prec = 60
                value = _plain(Decimal(quantity.value) / factor)
            key = (quantity.key[0], quantity.key[1], value)
            self._src.prepare([Reading(key, value)])
            held = self._src.whole(key)
            if held:
                step = f"× {factor:g}" if factor >= 1 else f"÷ {1 / factor:g}"
                operands = (word.group(), step)
                return Verdict("derived", tok.readings[0], frozenset(held), "scaled", operands)
        return None
