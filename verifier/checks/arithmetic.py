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
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from decimal import Decimal, localcontext
from itertools import takewhile

from verifier.checks.arithwords import (
    ANNOUNCED,
    AVERAGE,
    COMPARED,
    JOINER,
    PERCENT_AFTER,
    RATE,
    RATE_BEFORE,
    RATIO_JOIN,
    SHARE_OF,
    STRONG,
    TAX_NAMED,
    TAX_RATES,
    TAXED,
    TIMES,
    TOTALLED,
)
from verifier.checks.citations import sentence_spans
from verifier.checks.grounding import ABOUT as _ABOUT
from verifier.checks.grounding import Verdict
from verifier.checks.periods import factor, period_of
from verifier.checks.readings import Token
from verifier.checks.units import metric_unit

_MAX_ITEM_GAP = 40  # characters between two items of one enumeration, at most
_ADDED = ("sum", "difference", "run", "rest")
_RUNS = ("run", "mean", "rest")  # of every figure from the first operand to the second
# A percentage added to an amount, taken off it, or taken out of an amount that includes it.
_TAXES = ("plus_share", "minus_share", "ex_share")
_PERCENTAGES = ("percentage", "change")  # results written with %
_MAX_PAIRS = 40  # grounded answer figures tried as operands; bounds the pair search


_Figure = tuple[Decimal, Token, Verdict]


@dataclass(frozen=True, slots=True)
class _Result:
    how: str  # sum, difference, run, product, quotient, share (2 % of x), percentage (x/y %),
    # change (x against y, in %) or period (x for another period)
    excerpts: frozenset[int]
    operands: tuple[str, str]
    starts: tuple[int, int]  # where the operands stand in the answer
    least: Decimal  # the operand of least magnitude


# How a figure was computed: (how, i, j) over the grounded figures, the operands' positions
# (a run's first and last); results are built only for the figure that matches.
_Entry = tuple[str, int, int]


_UNIT = re.compile(r"[ \u00a0\u202f]*([^\s\d.,;:!?()\[\]/]+)")
_SAME_UNIT = {"eur": "€", "euro": "€", "usd": "$", "dollar": "$", "dollars": "$"}
_CURRENCIES = ("€", "$", "£", "chf")
# A rate's unit after a figure: "kWh/m³", "€/kWh", "ct pro kWh".
_PER_UNIT = re.compile(
    r"[ \u00a0\u202f]*([^\s\d.,;:!?()\[\]/]+)[ \u00a0]*(?:/|\b(?:pro|je|per)\b)[ \u00a0]*"
    r"([^\s\d.,;:!?()\[\]/]+)",
    re.I,
)


def _unit(text: str, end: int) -> str:
    """What stands right after a figure, as a unit: "€" for "€", "EUR" and "Euro"."""
    m = _UNIT.match(text, end)
    word = m.group(1).lower() if m else ""
    return _SAME_UNIT.get(word, word)


class Arithmetic:
    """What the answer's grounded figures give when added, subtracted, multiplied or divided.

    The tables are built at the first figure to derive: most answers have none."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._vals: list[_Figure] = []
        self._exact: dict[Decimal, _Entry] | None = None
        # Products and quotients, compared at the precision the answer writes its result in:
        # floats, sorted, so that a look-up is a bisection.
        self._rounded: list[tuple[float, _Entry]] = []
        self._starts: list[int] | None = None  # where the answer's sentences start
        self._periods: list[str | None] | None = None  # the period each figure is named for

    def learn(self, done: list[tuple[Token, Verdict]]) -> None:
        """Take the grounded figures (the first few only: that bounds the pairs)."""
        vals = [(num, t, v) for t, v in done if (num := v.reading.num) is not None]
        # "von 187 auf 254 Millionen": a scaled figure also counts as written (254).
        vals += [(num.scaleb(-v.reading.scale), t, v) for num, t, v in vals if v.reading.scale]
        self._vals = sorted(vals[:_MAX_PAIRS], key=lambda x: x[1].start)
        self._exact, self._periods = None, None

    def _tables(self) -> dict[Decimal, _Entry]:
        if self._exact is not None:
            return self._exact
        exact: dict[Decimal, _Entry] = {}
        rounded: list[tuple[float, _Entry]] = []
        nums = [a for a, _, _ in self._vals]
        floats = [float(a) for a in nums]
        shares = [PERCENT_AFTER.match(self.text, t.end) is not None for _, t, _ in self._vals]
        toks = [t for _, t, _ in self._vals]
        with localcontext() as ctx:
            ctx.prec = 60
            for i, a in enumerate(nums):
                for j in range(i + 1, len(nums)):
                    if toks[i] is toks[j]:
                        continue  # a scaled figure and its written value
                    b, fa, fb = nums[j], floats[i], floats[j]
                    exact.setdefault(a + b, ("sum", i, j))
                    exact.setdefault(abs(a - b), ("difference", i, j))
                    rounded.append((fa + fb, ("sum", i, j)))  # "about 1,500" for 1.503
                    rounded.append((abs(fa - fb), ("difference", i, j)))
                    rounded.append((fa * fb, ("product", i, j)))
                    if fa:  # "von 12.480 auf 15.377, ein Plus von 23 %": from the earlier one
                        rounded.append((abs(fb - fa) / fa * 100, ("change", j, i)))
                    for x, y, fx, fy in ((i, j, fa, fb), (j, i, fb, fa)):
                        if shares[x]:  # 2 % of 892,98; 273 € with 19 % added, or 10 % off
                            rounded.append((fx * fy / 100, ("share", x, y)))
                            rounded.append((fy * (1 + fx / 100), ("plus_share", x, y)))
                            rounded.append((fy * (1 - fx / 100), ("minus_share", x, y)))
                            rounded.append((fy / (1 + fx / 100), ("ex_share", x, y)))
                        if fy:
                            rounded.append((fx / fy, ("quotient", x, y)))
                            rounded.append((fx / fy * 100, ("percentage", x, y)))
            # The total of a list: three or more figures in a row ("2, 3 und 3 – zusammen 8");
            # the mean of two or more ("im Schnitt 69 (72, 68, 70 und 66)").
            for i, a in enumerate(nums):
                total = a
                for j in range(i + 1, len(nums)):
                    if toks[j] is toks[j - 1]:
                        break
                    total += nums[j]
                    if j > i + 1:  # and "48,6 Mio., davon 29,1 und 12,5 gedeckt, es fehlen 7"
                        exact.setdefault(total, ("run", i, j))
                        exact.setdefault(a + a - total, ("rest", i, j))
                    rounded.append((float(total) / (j - i + 1), ("mean", i, j)))
        rounded.sort()
        self._exact, self._rounded = exact, rounded
        return exact

    def _result(self, entry: _Entry) -> _Result:
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
        with the same dimension: 1000 for "4,5 kg" beside "9 Packungen à 500 g"."""
        out = [Decimal(1)]
        unit = metric_unit(self.text, tok.end)
        if unit is None:
            return out
        k = self._sentence(tok.start)
        for _, t, _ in self._vals:
            other = metric_unit(self.text, t.end)
            if other and other[0] == unit[0] and self._sentence(t.start) == k:
                scale = Decimal(1).scaleb(unit[1] - other[1])
                out += [] if scale in out else [scale]
        return out

    def _derive_as(self, tok: Token, x: Decimal, scale: Decimal) -> Verdict | None:
        """The derivation of the figure read as x (its value times scale, for another unit)."""
        r = tok.readings[0]
        listed = self._listed_before(tok)
        if len(listed) >= 3 and TOTALLED.search(
            self.text, self._vals[listed[-1]][1].end, tok.start
        ):
            # The total after a list is the list's: "24, 11 und 6 – insgesamt 35" is no 24 + 11.
            found = self._list_total(tok, listed, x)
            if found:
                return found
        else:
            listed = []
        exact = self._tables().get(x)
        hedged = _ABOUT.search(self.text, max(0, tok.start - 24), tok.start) is not None
        half = self._half(tok, hedged) * float(scale) * (1 + 1e-9)  # and the floats' error
        percent = PERCENT_AFTER.match(self.text, tok.end) is not None
        lo = bisect_left(self._rounded, (float(x) - half,))
        near = takewhile(lambda e: e[0] <= float(x) + half, self._rounded[lo:])
        rounded = ((v, e) for v, e in near if (e[0] in _PERCENTAGES) == percent)
        whole = x == x.to_integral_value()
        for v, entry in (*([(float(x), exact)] if exact else []), *rounded):
            how, i, j = entry
            if how in ("sum", "difference") and i in listed and j in listed:
                continue  # two items of the list the total is the list's of
            if how in _ADDED and v != float(x) and not hedged:
                continue  # a sum is exact unless a word says it is not
            if whole and how == "quotient" and not (self._divides(entry, x) or hedged):
                continue  # a whole quotient is exact: 130 / 6 is no 22 (but "etwa 61" is 734 / 12)
            res = self._result(entry)
            if self._holds(tok, res, abs(v - float(x)) <= 1e-9 * max(1.0, abs(v))):
                return Verdict("derived", r, res.excerpts, res.how, res.operands)
        return self._period(tok, float(x), half) or self._taxed(tok, float(x), half)

    def _half(self, tok: Token, hedged: bool) -> float:
        """How far the value may lie from the figure as written: half a unit of its last digit,
        or where a word hedges it, a whole unit ("about 434" for 434,52) or half of its round
        figure ("about 1,500" for 1.503)."""
        r = tok.readings[0]
        digits = re.sub(r"[^0-9]", "", self.text[tok.start : tok.end])
        zeros = len(digits) - len(digits.rstrip("0")) if not r.places and digits.strip("0") else 0
        if not hedged:
            return 0.5 * 10.0**-r.places
        return 0.5 * 10.0**zeros if zeros else 10.0**-r.places

    def _taxed(self, tok: Token, x: float, half: float) -> Verdict | None:
        """An amount with value added tax named but not its rate, added or taken off ("178,90 €
        netto, mit Mehrwertsteuer also rund 213 €"): an amount of the same unit in the
        sentence, and a usual rate."""
        before = self.text[max(0, tok.start - 60) : tok.start]
        if not (TAX_NAMED.search(before) or TAX_NAMED.search(self._clause_after(tok))):
            return None
        k, unit = self._sentence(tok.start), self._money(tok)
        for a, ta, va in self._vals:
            if not unit or self._sentence(ta.start) != k or self._money(ta) != unit:
                continue
            for rate in TAX_RATES:
                for how, v in (
                    ("plus_share", float(a) * (1 + rate / 100)),
                    ("ex_share", float(a) / (1 + rate / 100)),
                ):
                    if abs(v - x) <= half:
                        operands = (str(rate), self.text[ta.start : ta.end])
                        return Verdict("derived", tok.readings[0], va.excerpts, how, operands)
        return None

    def _holds(self, tok: Token, res: _Result, exact: bool) -> bool:
        """Whether the answer's words and the operands' places make res its derivation."""
        whole = not tok.readings[0].places
        if res.how in _ADDED:
            if not whole or (self._telling(tok) and res.least >= 100):
                return True  # a sum with cents, or 23.894 of 82.006 - 58.112, hardly by chance
            if self._strongly_announced(tok):
                return True  # "insgesamt", "Differenz", "=": anywhere in the answer
            return self._announced(tok, res) and self._near_in_text(res, tok, False)
        if not self._near_in_text(res, tok, exact):
            return False  # a rounded result matches too many pairs to look further afield
        if res.how == "mean":
            return self._averaged(tok) and self._one_list(tok, res)
        return (not whole and res.how in ("share", *_TAXES)) or self._announced(tok, res)

    def _one_list(self, tok: Token, res: _Result) -> bool:
        """Whether a mean's figures and its result are one line's, of one unit (or none): the
        figures of the list before it ("22°F to 85°F") average to no rainfall."""
        first, last = min(tok.start, *res.starts), max(tok.start, *res.starts)
        if "\n" in self.text[first:last]:
            return False
        unit = _unit(self.text, tok.end)
        i, j = (k for k, (_, t, _) in enumerate(self._vals) if t.start in res.starts)
        units = (_unit(self.text, t.end) for _, t, _ in self._vals[i : j + 1])
        return all(u in ("", unit) or JOINER.fullmatch(u) for u in units)

    def _telling(self, tok: Token) -> bool:
        """Whether a whole figure has four digits or more, not ending in 00, and is no year
        (23.894; not 1997, which is 2000 - 3 by chance)."""
        digits = re.sub(r"[^0-9]", "", self.text[tok.start : tok.end])
        year = len(digits) == 4 and 1800 <= int(digits) <= 2199
        return len(digits) >= 4 and not digits.endswith("00") and not year

    def _averaged(self, tok: Token) -> bool:
        """Whether the figure's sentence names an average ("im Schnitt", "on average")."""
        k = self._sentence(tok.start)
        starts = self._starts or [0]
        end = starts[k + 1] if k + 1 < len(starts) else len(self.text)
        return AVERAGE.search(self.text, starts[max(k, 0)], end) is not None

    def _period(self, tok: Token, x: float, half: float) -> Verdict | None:
        """An amount of another period, both named: "6,45 € im Monat, 77,40 € im Jahr"."""
        wanted = period_of(self.text, tok.start, tok.end)
        if wanted is None:
            return None
        if self._periods is None:
            self._periods = [period_of(self.text, t.start, t.end) for _, t, _ in self._vals]
        for (a, ta, va), given in zip(self._vals, self._periods, strict=True):
            times = factor(given, wanted) if given else None
            # Anywhere in the answer, but of one unit: 6 € a month are no 72 members a year.
            if (
                times
                and abs(float(a) * times - x) <= half
                and _unit(self.text, ta.end) == _unit(self.text, tok.end)
            ):
                step = f"× {times:g}" if times >= 1 else f"÷ {1 / times:g}"
                operands = (self.text[ta.start : ta.end], step)
                return Verdict("derived", tok.readings[0], va.excerpts, "period", operands)
        return None

    def _money(self, tok: Token) -> str:
        """The currency written right after a figure or right before it, "" for none."""
        after = _unit(self.text, tok.end)
        if after in _CURRENCIES:
            return after
        before = self.text[max(0, tok.start - 4) : tok.start].rstrip(" \u00a0").lower()
        return next((c for c in _CURRENCIES if before.endswith(c)), "")

    def _listed_before(self, tok: Token) -> list[int]:
        """The grounded figures enumerated right before the token in its sentence ("24 Rot,
        11 Weiß und 6 Sekt"): each joined to the next by a comma, "und", "and" or "+"."""
        start = self._sentence_start(tok.start)
        before = [i for i, (_, t, _) in enumerate(self._vals) if start <= t.start < tok.start]
        listed = before[-1:]
        for i in reversed(before[:-1]):
            gap = self.text[self._vals[i][1].end : self._vals[listed[0]][1].start]
            if len(gap) > _MAX_ITEM_GAP or not JOINER.search(gap):
                break
            listed.insert(0, i)
        return listed

    def _list_total(self, tok: Token, listed: list[int], x: Decimal) -> Verdict | None:
        """The derivation of a total as the sum of the last three or more listed figures."""
        total = Decimal(0)
        with localcontext() as ctx:
            ctx.prec = 60
            for k, i in enumerate(reversed(listed)):
                total += self._vals[i][0]
                if k >= 2 and total == x:
                    res = self._result(("run", i, listed[-1]))
                    return Verdict("derived", tok.readings[0], res.excerpts, "run", res.operands)
        return None

    def _sentence(self, at: int) -> int:
        """The number of the sentence a position stands in."""
        if self._starts is None:
            self._starts = [start for start, _ in sentence_spans(self.text)]
        return bisect_right(self._starts, at) - 1

    def _sentence_start(self, at: int) -> int:
        k = self._sentence(at)
        return self._starts[k] if self._starts and k >= 0 else 0

    def _near_in_text(self, res: _Result, tok: Token, exact: bool) -> bool:
        """Whether the operands stand in the result's sentence, or the one before it for a
        result with decimals ("$42.30 for the two-pack. That's about $21.15 each.") or an exact
        one ("12 Kisten mit je 6 Flaschen. Das ergibt 72 Flaschen.")."""
        k = self._sentence(tok.start)
        reach = 1 if tok.readings[0].places or exact else 0
        return all(k - reach <= self._sentence(at) <= k for at in res.starts)

    def _strongly_announced(self, tok: Token) -> bool:
        """Whether a total's or a difference's own word stands by the figure."""
        before = self.text[max(0, tok.start - 60) : tok.start]
        return bool(STRONG.search(before) or STRONG.search(self._clause_after(tok)))

    def _clause_after(self, tok: Token) -> str:
        unit = PERCENT_AFTER.match(self.text, tok.end)  # "13.8 per cent" names no rate
        start = unit.end() if unit else tok.end
        after = self.text[start : start + 36]
        return after[: min((i for c in ".;!?" if (i := after.find(c)) >= 0), default=36)]

    def _divides(self, entry: _Entry, x: Decimal) -> bool:
        _, i, j = entry
        return self._vals[i][0] == x * self._vals[j][0]

    def _announced(self, tok: Token, res: _Result) -> bool:
        """Whether a word or sign announces the arithmetic before the figure, or after it
        within its clause ("9 above the reorder point", "15 weniger", "29,90 € pro Person");
        for a product also a rate by an operand ("12 Beutel mit je 100", "$39.99 each")."""
        after = self._clause_after(tok)
        before = self.text[max(0, tok.start - 60) : tok.start]
        if res.how in (*_ADDED, "change"):  # "ein Plus von 23 %"
            return bool(
                ANNOUNCED.search(before) or ANNOUNCED.search(after) or COMPARED.search(after)
            )
        if TIMES.search(before) or TIMES.search(after):
            return True
        if res.how in ("share", *_TAXES) and any(
            rx.search(text) for rx in (TAXED, SHARE_OF) for text in (before, after)
        ):
            return True  # "davon", "of that", "abzüglich 10 % Rabatt", "brutto"
        if (tok.readings[0].places or res.how == "quotient") and (
            RATE.search(before) or RATE.search(after)
        ):
            return True  # "29,90 € pro Person", "rund 465 € pro Tag"
        if res.how == "percentage":
            return self._ratio(res)
        return res.how == "product" and (
            any(RATE_BEFORE.search(self.text, max(0, at - 12), at) for at in res.starts)
            or self._units_multiply(tok, res)
            or any(RATE.search(self.text, end, end + 12) for end in self._ends(res))
        )

    def _ends(self, res: _Result) -> list[int]:
        return [at + len(text) for at, text in zip(res.starts, res.operands, strict=True)]

    def _ratio(self, res: _Result) -> bool:
        """Whether two figures of one unit, or "x von y", make the percentage ("10 g of salt to
        500 g of flour is 2%", "70,81 von 612,40 m²"): doctors and nurses make none."""
        (first, a), (second, b) = sorted(zip(res.starts, res.operands, strict=True))
        unit = _unit(self.text, first + len(a))
        if unit and unit not in ("%",) and not JOINER.fullmatch(unit):
            if unit == _unit(self.text, second + len(b)):
                return True
        return RATIO_JOIN.fullmatch(self.text, first + len(a), second) is not None

    def _units_multiply(self, tok: Token, res: _Result) -> bool:
        """Whether the units say the product: 1.526,6 m³ at 10,3 kWh/m³ is so many kWh."""
        ends = self._ends(res)
        result = _unit(self.text, tok.end)
        for end, other in ((ends[0], ends[1]), (ends[1], ends[0])):
            rate = _PER_UNIT.match(self.text, end)
            if rate and rate[1].lower() == result and rate[2].lower() == _unit(self.text, other):
                return True
        return False
