"""Sums and differences of the answer's own durations: "11 Stunden 20 Minuten [1] ... 9
Stunden 45 Minuten [2] – ein Unterschied von 1 Stunde 35 Minuten".

A duration written in two parts is one figure here (units.joined_durations reads it whole);
arithmetic.py sees only its parts, as numbers, so 11 - 9 makes no 1 hour 35. Durations add
up exactly: the result must be exact, its operands stand in its sentence or the one before,
and a word of its sentence announces a sum, a difference or a comparison. A duration said again
in other units later in its sentence is derived from the first ("320 Minuten, das sind 5
Stunden 20 Minuten")."""

from __future__ import annotations

from decimal import Decimal

from verifier.checks.arithwords import ANNOUNCED, COMPARED, STRONG
from verifier.checks.citations import Sentences
from verifier.checks.grounding import Verdict
from verifier.checks.readings import Reading, Token
from verifier.checks.units import one_compound, with_unit

_MAX_DURATIONS = 24  # durations of the answer taken as operands; bounds the pairs


def _duration(tok: Token) -> Reading | None:
    """A token's duration reading: a two-part duration's whole (units.joined_durations marks
    it with no digits of its own), else its own, else None."""
    times = [r for r in tok.readings if r.key[:2] == ("u", "time")]
    whole = [r for r in times if not r.digits]
    return next(iter(whole or times), None)


class Durations:
    """What the answer's grounded durations give when added or subtracted."""

    def __init__(self, sentences: Sentences) -> None:
        self.text = sentences.text
        self._sentences = sentences
        # Each duration once (a two-part one at its first part): seconds, where it is written.
        self._known: list[tuple[Decimal, int, int, Verdict]] = []

    def learn(self, done: list[tuple[Token, Verdict]]) -> None:
        """Take the grounded and derived durations, a two-part one once."""
        known: list[tuple[Decimal, int, int, Verdict]] = []
        opened: Reading | None = None  # the whole of a two-part duration after its first part
        for tok, v in done:
            r = _duration(tok)
            if r is not None and opened is not None and r == opened:
                seconds, start, _, first = known[-1]
                known[-1] = (seconds, start, tok.end, first)  # its second part
                opened = None
            elif r is not None:
                known.append((Decimal(r.value), tok.start, tok.end, v))
                opened = None if r.digits else r
            else:
                opened = None
        self._known = known[:_MAX_DURATIONS]

    def derive(self, tok: Token) -> Verdict | None:
        """The sum or difference of two durations of the answer an ungrounded one is, or None."""
        r = _duration(tok)
        if r is None or not self._known:
            return None
        target = Decimal(r.value)
        k = self._sentences.index(tok.start)
        for seconds, start, end, v in self._known:
            # The same duration said again in other units: "320 Minuten, das sind 5 Stunden
            # 20 Minuten". Equal, it can be no other figure's error.
            if (
                seconds == target
                and end <= tok.start
                and self._sentences.index(start) == k
                and not one_compound(self.text, end, tok.start)  # its own first part
            ):
                operands = (
                    with_unit(self.text, start, end),
                    with_unit(self.text, tok.start, tok.end),
                )
                return Verdict("derived", r, v.excerpts, "converted", operands)
        if not any(self._sentences.says(w, tok.start) for w in (ANNOUNCED, STRONG, COMPARED)):
            return None
        near = [
            entry
            for entry in self._known
            if self._sentences.index(entry[1]) in (k, k - 1) and entry[0] != target
        ]
        for i, (a, a_start, a_end, va) in enumerate(near):
            for b, b_start, b_end, vb in near[i + 1 :]:
                if target not in (a + b, abs(a - b)):
                    continue
                how = "sum" if a + b == target else "difference"
                operands = (
                    with_unit(self.text, a_start, a_end),
                    with_unit(self.text, b_start, b_end),
                )
                return Verdict("derived", r, va.excerpts | vb.excerpts, how, operands)
        return None
