"""An amount of an excerpt that the answer gives for another period: "Auf das Jahr gerechnet
zahlt ihr für Hausrat 142,80 €" for "Hausrat: 11,90 € monatlich", "99,00 € im Jahr" for
"24,75 € pro Quartal".

Both periods are named, the excerpt's beside its amount and the answer's beside its figure
(see periods.py), the currencies agree, and the amount times the periods' factor meets the
figure to its last digit (a word such as "rund" widens that): "6 € a month" makes no 72
members a year, and a wrong amount meets a right one times 12 by chance hardly ever. The
amounts of the excerpts the sentence cites are read, in their first 8 KiB."""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from verifier.checks.arithwords import scale_step
from verifier.checks.bindwords import meets, words_of
from verifier.checks.citations import Sentences
from verifier.checks.columnruns import FIGURE, figure_value
from verifier.checks.excerptlines import MAX_READ
from verifier.checks.figurewords import half_unit, money
from verifier.checks.grounding import Verdict, hedged
from verifier.checks.linesigns import line_span
from verifier.checks.periods import factor, period_of
from verifier.checks.readings import Token

# A word every period's name holds a part of (see periods.py), found at C speed.
_ANY_PERIOD = re.compile(
    r"(?i:monat|month|\bmo\b|jahr|jähr|year|\byr\b|annual|woche|wöchent|week|\bwk\b|quartal"
    r"|quarter|vierteljähr)"
)
_MAX_AMOUNTS = 60  # amounts with a period, of one excerpt


class ExcerptPeriods:
    """The excerpts' amounts named for a period, for an answer's amount of another one."""

    def __init__(self, sentences: Sentences, excerpts: Sequence[tuple[int, str]]) -> None:
        self.text = sentences.text
        self._excerpts = excerpts
        self._sentences = sentences
        self._amounts: dict[int, list[tuple[Decimal, str, str, str, set[str]]]] = {}

    def derive(self, tok: Token) -> Verdict | None:
        """The excerpt's amount for another period an ungrounded amount is, or None."""
        r = tok.readings[0]
        x = r.num
        currency = money(self.text, tok)
        if x is None or r.scale or not currency:
            return None
        wanted = period_of(self.text, tok.start, tok.end)
        if wanted is None:
            return None
        half = Decimal(str(half_unit(self.text, tok, hedged(self.text, tok.start))))
        words = words_of(self._sentences.text_at(tok.start))
        for n, text in self._sentences.cited_excerpts(self._excerpts, tok.start):
            if n not in self._amounts:
                head = text[:MAX_READ]
                # Most excerpts name no period: no figure of them needs reading.
                self._amounts[n] = _period_amounts(head) if _ANY_PERIOD.search(head) else []
            # Where the sentence names an amount's line ("Für die Haftpflicht"), only such.
            named = [a for a in self._amounts[n] if meets(words, a[4], compound=False)]
            for value, written, theirs, given, _ in named or self._amounts[n]:
                times = factor(given, wanted)
                if times is None or theirs != currency:
                    continue
                if abs(value * Decimal(str(times)) - x) <= half:
                    operands = (written, scale_step(times))
                    return Verdict("derived", r, frozenset({n}), "period", operands)
        return None


def _period_amounts(text: str) -> list[tuple[Decimal, str, str, str, set[str]]]:
    """The amounts of money of a text that name a period: value, as written, currency, period,
    and the words of its line."""
    out: list[tuple[Decimal, str, str, str, set[str]]] = []
    for m in FIGURE.finditer(text):
        currency = money(text, Token(m.start(), m.end(), ()))
        value = figure_value(m.group().lstrip("+-")) if currency else None
        if value is None:
            continue
        # Named on its own line: the line before may name another amount's period.
        line_start, line_end = line_span(text, m.start())
        line = text[line_start:line_end]
        period = period_of(line, m.start() - line_start, m.end() - line_start)
        if period is None:
            continue
        out.append((value, m.group(), currency, period, words_of(line)))
        if len(out) >= _MAX_AMOUNTS:
            break
    return out
