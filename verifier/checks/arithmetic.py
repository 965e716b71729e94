"""Figures an answer computes from figures it states: sums and differences ("zusammen also
129,95 €"), a list's total, products ("4 × 750 g = 3.000 g"), quotients ("29,90 € pro Person")
and shares ("2 % Skonto: 17,86 €", "a 17 % margin").

Only the answer's own grounded figures are operands, two at a time (a list's total takes a
run of them). A whole-number result counts only where a word announces the arithmetic, and a
product, quotient or share only where a sign or word announces one ("×", "=", "je", "pro"):
small whole numbers are sums or products of other small numbers far too often by chance, and
rounded results match far more values than exact ones."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass, replace
from decimal import Decimal, localcontext
from itertools import takewhile

from verifier.checks.arithtables import Entry, Figure, build_tables
from verifier.checks.arithwords import (
    ADDED,
    AVERAGE,
    TAXES,
    TOTALLED,
    announced,
    changed_from,
    strongly_announced,
)
from verifier.checks.citations import Sentences
from verifier.checks.figurewords import (
    JOINER,
    PERCENT_AFTER,
    half_unit,
    money,
    one_unit,
    telling,
    unit_after,
    units_multiply,
    years_apart,
)
from verifier.checks.grounding import Verdict, hedged
from verifier.checks.listtotals import listed_before, run_to
from verifier.checks.onefigure import for_period, with_tax
from verifier.checks.readings import Token
from verifier.checks.units import metric_unit

_RUNS = ("run", "mean", "rest", "chain")  # of every figure from the first operand to the second
_PERCENTAGES = ("percentage", "change")  # results written with %
# Whole operands this large are seldom a whole result's by chance: they may stand in the
# sentence before it ("... on hand: 630 [1]. The pick takes 150, which leaves 480").
_LARGE_OPERAND = 100
_MAX_PAIRS = 40  # grounded answer figures tried as operands; bounds the pair search
_SO = re.compile(r"\b(?:also|so|thus|therefore|that's|that is|das sind|somit|damit)\b", re.I)
_CENTS = re.compile(r"[ \u00a0]*(?:(?:ct|cents?|pence)\b|¢|p(?!\w|\.\w))", re.I)


@dataclass(frozen=True, slots=True)
class _Result:
    how: str  # sum, difference, run, product, quotient, share (2 % of x), percentage (x/y %),
    # change (x against y, in %) or period (x for another period)
    excerpts: frozenset[int]
    operands: tuple[str, str]
    starts: tuple[int, int]  # where the operands stand in the answer
    least: Decimal  # the operand of least magnitude


def _as_number(done: tuple[Token, Verdict]) -> tuple[Token, Verdict]:
    """A figure held as a duration or a measure ("3.5 h" of two clock times) as its written
    number, which a rate multiplies ("10.5 hours at $85/hour")."""
    tok, v = done
    if v.reading.key[0] == "n":
        return done
    plain = next((r for r in tok.readings if r.key[0] == "n" and not r.scale), None)
    return (tok, replace(v, reading=plain)) if plain else done


class Arithmetic:
    """What the answer's grounded figures give when added, subtracted, multiplied or divided.

    The tables are built at the first figure to derive: most answers have none."""

    def __init__(
        self, sentences: Sentences, stated: Callable[[int], bool] = lambda rate: True
    ) -> None:
        self.text = sentences.text
        self._sentences = sentences
        self._stated = stated  # whether the excerpts state a tax rate (19 for "19 %")
        self._vals: list[Figure] = []
        self._written_out: set[int] = set()
        self._exact: dict[Decimal, Entry] | None = None
        # Products and quotients, compared at the precision the answer writes its result in:
        # floats, sorted, so that a look-up is a bisection.
        self._rounded: list[tuple[float, Entry]] = []

    def learn(self, done: list[tuple[Token, Verdict]]) -> None:
        """Take the grounded figures (the first few only: that bounds the pairs)."""
        vals = [(num, t, v) for t, v in map(_as_number, done) if (num := v.reading.num) is not None]
        # "von 187 auf 254 Millionen": a scaled figure also counts as written (254).
        vals += [(num.scaleb(-v.reading.scale), t, v) for num, t, v in vals if v.reading.scale]
        self._vals = sorted(vals[:_MAX_PAIRS], key=lambda x: x[1].start)
        self._exact = None
        # Results written out after "=": no operand of a figure before them in their sentence,
        # which may be one of their own terms ("3 × 45 € = 135 €" derives no 45 of 135 / 3).
        self._written_out = {t.start for _, t, v in self._vals if v.how == "expression"}

    def _tables(self) -> dict[Decimal, Entry]:
        if self._exact is None:
            self._exact, self._rounded = build_tables(self.text, self._vals)
        return self._exact

    def _result(self, entry: Entry) -> _Result:
        how, i, j = entry
        spans = range(min(i, j), max(i, j) + 1) if how in _RUNS else (i, j)
        ns = frozenset().union(*(self._vals[k][2].excerpts for k in spans))
        ta, tb = self._vals[i][1], self._vals[j][1]
        texts = (self.text[ta.start : ta.end], self.text[tb.start : tb.end])
        least = min(abs(self._vals[k][0]) for k in spans)
        return _Result(how, ns, texts, (ta.start, tb.start), least)

    def derive(self, tok: Token) -> Verdict | None:
        """The derivation of an ungrounded figure from the answer's grounded ones, or None."""
        r = tok.readings[0]
        x = r.num
        if x is None or not self._vals:
            return None
        written = x.scaleb(-r.scale)  # 67 of "67 Millionen"
        scales = self._scales(tok) + ([Decimal(1).scaleb(r.scale)] if r.scale else [])
        for scale in scales:
            with localcontext() as ctx:
                ctx.prec = 60
                found = self._derive_as(tok, written * scale, scale)
            if found:
                return found
        return None

    def _scales(self, tok: Token) -> list[Decimal]:
        """1, and what turns the figure's unit into that of another figure of its sentence
        with the same dimension: 1000 for "4,5 kg" beside "9 Packungen à 500 g", 100 for an
        amount beside a price in cents."""
        out = [Decimal(1)]
        k = self._sentences.index(tok.start)
        if money(self.text, tok) and any(
            _CENTS.match(self.text, t.end) and self._sentences.index(t.start) == k
            for _, t, _ in self._vals
        ):
            out.append(Decimal(100))  # 735 kWh at 32 ct: 235,20 €
        unit = metric_unit(self.text, tok.end)
        if unit is None:
            return out
        for _, t, _ in self._vals:
            other = metric_unit(self.text, t.end)
            if other and other[0] == unit[0] and self._sentences.index(t.start) == k:
                scale = Decimal(1).scaleb(unit[1] - other[1])
                out += [] if scale in out else [scale]
        return out

    def _derive_as(self, tok: Token, x: Decimal, scale: Decimal) -> Verdict | None:
        """The derivation of the figure read as x (its value times scale, for another unit)."""
        r = tok.readings[0]
        listed = listed_before(self._sentences, self._vals, tok)
        if len(listed) >= 3 and TOTALLED.search(
            self.text, self._vals[listed[-1]][1].end, tok.start
        ):
            # The total after a list is the list's: "24, 11 und 6 – insgesamt 35" is no 24 + 11.
            first = run_to(self._vals, listed, x, self.text)
            if first is not None:
                res = self._result(("run", first, listed[-1]))
                return Verdict("derived", r, res.excerpts, "run", res.operands)
        else:
            listed = []
        exact = self._tables().get(x)
        about = hedged(self.text, tok.start)
        half = half_unit(self.text, tok, about) * float(scale) * (1 + 1e-9)  # floats' error
        percent = PERCENT_AFTER.match(self.text, tok.end) is not None
        lo = bisect_left(self._rounded, (float(x) - half,))
        near = takewhile(lambda e: e[0] <= float(x) + half, self._rounded[lo:])
        rounded = ((v, e) for v, e in near if (e[0] in _PERCENTAGES) == percent)
        whole = x == x.to_integral_value()
        for v, entry in (*([(float(x), exact)] if exact else []), *rounded):
            how, i, j = entry
            if how in ("sum", "difference") and i in listed and j in listed:
                continue  # two items of the list the total is the list's of
            if how in ADDED and v != float(x) and not about:
                continue  # a sum is exact unless a word says it is not
            if whole and how == "quotient" and not (self._divides(entry, x) or about):
                continue  # a whole quotient is exact: 130 / 6 is no 22 (but "etwa 61" is 734 / 12)
            res = self._result(entry)
            if tok.start in res.starts or (
                how in _RUNS and min(res.starts) <= tok.start <= max(res.starts)
            ):
                continue  # a grounded figure is no operand of itself
            if any(self._term_of(tok, at) for at in res.starts):
                continue
            if self._holds(tok, res, abs(v - float(x)) <= 1e-9 * max(1.0, abs(v))):
                return Verdict("derived", r, res.excerpts, res.how, res.operands)
        return for_period(self.text, self._vals, tok, float(x), half) or with_tax(
            self.text,
            self._vals,
            tok,
            float(x),
            half,
            lambda a, b: self._sentences.index(a) == self._sentences.index(b),
            self._stated,
        )

    def _holds(self, tok: Token, res: _Result, exact: bool) -> bool:
        """Whether the answer's words and the operands' places make res its derivation."""
        whole = not tok.readings[0].places
        if res.how in ADDED:
            if not whole and money(self.text, tok) and self._count_in(res):
                return False  # "die zwei Duschgels 1,90 €, zusammen 7,25 €": no 5,25 + 2
            if res.how in ("run", "rest") and money(self.text, tok) and self._unpriced_in(res):
                return False  # "3 hours at £28.00, so £84.00, and six bags": no £121.00
            if not whole or (telling(self.text, tok) and res.least >= 100):
                return True  # a sum with cents, or 23.894 of 82.006 - 58.112, hardly by chance
            if strongly_announced(self.text, tok):
                return True  # "insgesamt", "Differenz", "=": anywhere in the answer
            if res.how == "difference" and years_apart(self.text, tok, res.operands):
                return self._near_in_text(res, tok, False)
            large = res.least >= _LARGE_OPERAND
            same = res.how in ("sum", "difference") and one_unit(
                self.text, tok, res.starts, res.operands
            )
            # Three figures of one unit and a word of consequence: "10 Minuten mit Deckel und
            # 45 Minuten ohne – reine Backzeit also 55 Minuten"; or two readings of one meter
            # and what lies between them: "vom 31.12. (18.402 kWh) bis zum 31.03. (19.087
            # kWh) habt ihr 685 kWh verbraucht".
            said = _SO.search(self.text, max(0, tok.start - 30), tok.start)
            if same and (said or (large and res.how == "difference")):
                # Large operands may stand in the sentence before: "am 01.01. bei 48.215 kWh
                # und am 01.04. bei 49.097 kWh [1]. Bis Ende März habt ihr also 882 kWh".
                if self._near_in_text(res, tok, large):
                    return True
            return announced(
                self.text, tok, res.how, res.starts, res.operands
            ) and self._near_in_text(res, tok, large)
        ends = [at + len(written) for at, written in zip(res.starts, res.operands, strict=True)]
        if not self._near_in_text(res, tok, exact or units_multiply(self.text, tok, ends)):
            # A rounded result matches too many pairs to look further afield, unless the
            # units say the product ("232,5 m³ [1]. Mit 10,3 kWh/m³ sind das rund 2.395 kWh").
            return False
        if res.how == "mean":
            return self._averaged(tok) and self._one_list(tok, res)
        origin = changed_from(self.text, res.starts[1]) if res.how == "percentage" else None
        if origin is not None and origin != res.starts[0]:
            # "von 800 € auf 880 €, eine Erhöhung um 9,1 %": 80 of 880, the wrong base ("von
            # 20 € auf 200 €, 10 %" is the first of the second, no change).
            return False
        if res.how == "chain":
            return True  # each factor joined by its sign
        return (not whole and res.how in ("share", *TAXES)) or announced(
            self.text, tok, res.how, res.starts, res.operands
        )

    def _term_of(self, tok: Token, at: int) -> bool:
        """Whether the figure may be a term of the result written out at `at`."""
        index = self._sentences.index
        return at in self._written_out and tok.start < at and index(tok.start) == index(at)

    def _count_in(self, res: _Result) -> bool:
        """Whether an operand of a sum or difference of money is a count: a whole number
        without a currency, beside an amount with cents it cannot be added to."""
        at = {t.start: (t, v) for _, t, v in self._vals}
        operands = [at[start] for start in res.starts if start in at]
        return any(not v.reading.places and not money(self.text, t) for t, v in operands) and any(
            v.reading.places for _, v in operands
        )

    def _unpriced_in(self, res: _Result) -> bool:
        """Whether a run of figures summed to an amount holds one that is no amount."""
        lo, hi = min(res.starts), max(res.starts)
        return any(not money(self.text, t) for _, t, _ in self._vals if lo <= t.start <= hi)

    def _one_list(self, tok: Token, res: _Result) -> bool:
        """Whether a mean's figures and its result are one line's, of one unit (or none): the
        figures of the list before it ("22°F to 85°F") average to no rainfall."""
        first, last = min(tok.start, *res.starts), max(tok.start, *res.starts)
        if "\n" in self.text[first:last]:
            return False
        unit = unit_after(self.text, tok.end)
        if not unit or JOINER.fullmatch(unit):
            return True  # "40, 35 und 25 Fälle, im Schnitt also 33"
        # A scaled figure stands in the list twice (as written and scaled): first to last.
        at = [k for k, (_, t, _) in enumerate(self._vals) if t.start in res.starts]
        units = (unit_after(self.text, t.end) for _, t, _ in self._vals[at[0] : at[-1] + 1])
        return all(u in ("", unit) or JOINER.fullmatch(u) for u in units)

    def _averaged(self, tok: Token) -> bool:
        """Whether the figure's sentence names an average ("im Schnitt", "on average")."""
        return AVERAGE.search(self._sentences.text_at(tok.start)) is not None

    def _near_in_text(self, res: _Result, tok: Token, back: bool) -> bool:
        """Whether the operands stand in the result's sentence, or the one before it for a
        result with decimals ("$42.30 for the two-pack. That's about $21.15 each.") or where
        back says so: an exact product ("12 Kisten mit je 6 Flaschen. Das ergibt 72
        Flaschen."), a sum or difference of large operands."""
        k = self._sentences.index(tok.start)
        reach = 1 if tok.readings[0].places or back else 0
        return all(k - reach <= self._sentences.index(at) <= k for at in res.starts)

    def _divides(self, entry: Entry, x: Decimal) -> bool:
        _, i, j = entry
        return self._vals[i][0] == x * self._vals[j][0]
