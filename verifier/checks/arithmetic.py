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

from verifier.checks.citations import sentence_spans
from verifier.checks.grounding import ABOUT as _ABOUT
from verifier.checks.grounding import Verdict
from verifier.checks.periods import factor, period_of
from verifier.checks.readings import Token

# Words and signs that announce a sum or a difference of figures the answer gave, before the
# result or after it in its clause ("insgesamt 129,95 €", "es fehlen also 15", "ein Plus von").
_ANNOUNCED = re.compile(
    r"\b(?:total\w*|sum|combined|together|altogether|difference|insgesamt|"
    r"zusammen|gesamt|summe|differenz|unterschied|ergibt|ergeben|macht|makes|equals"
    r"|fehl\w*|rückgang|zuwachs|anstieg|übrig\w*|rest(?:bestand|menge|betrag)"
    r"|verbleib\w*|noch|erhöh\w*|gestiegen|gesunken|stieg\w*|sank\w*|prozentpunkte?"
    r"|left|remaining|increase\w*|decrease\w*|(?:ein|im)\s+(?:plus|minus)|(?:plus|minus)\s+von)\b"
    r"|[=×]",
    re.I,
)
# Words that name a total or a difference outright: they announce one from anywhere.
_TOTAL_WORDS = r"insgesamt|zusammen|gesamt\w*|summe|total\w*|altogether|combined|together"
_STRONG = re.compile(
    rf"\b(?:{_TOTAL_WORDS}|sum|difference|differenz|unterschied|ergibt|ergeben|equals)\b|[=]",
    re.I,
)
# Comparisons announce a difference only after it ("6 € mehr", "9 above the reorder point"):
# before it they are bounds ("mehr als 37", "less than 18 minutes").
_COMPARED = re.compile(r"\b(?:mehr|weniger|more|less|fewer|above|below|short)\b", re.I)
# What announces the total of the figures just listed.
_TOTALLED = re.compile(rf"\b(?:{_TOTAL_WORDS})\b", re.I)
_JOINER = re.compile(r",|\+|&|\b(?:und|and|sowie)\b", re.I)  # between the items of a list
_MAX_ITEM_GAP = 40  # characters between two items of one enumeration, at most
# What announces a product, a quotient or a share: a sign or a word ("2 × 750 ml", "= 36",
# "2x täglich", "ergibt", "734 € / 12"); for a result with decimals also a rate ("29,90 € pro
# Person").
_TIMES = re.compile(
    r"[=×÷]|\s/\s|(?<![^\W\d_])x\b|\b(?:mal|ergibt|ergeben|macht|makes|equals|anteil|share"
    r"|marge|margin)\b",
    re.I,
)
_RATE = re.compile(r"\b(?:je|à|pro|per|each|jeweils|apiece)\b", re.I)
_RATE_BEFORE = re.compile(r"(?:\b(?:je|pro|per|jeweils)|à)[ \t\u00a0]*\Z", re.I)
_PERCENT_AFTER = re.compile(r"[ \u00a0\u202f]?(?:%|prozent\b|percent\b|per cent\b)", re.I)
_ADDED = ("sum", "difference", "run")
_PERCENTAGES = ("percentage", "change")  # results written with %
# Results that need no word when written with decimals: exact ones, and a share, which its
# percent figure announces ("2 % Skonto auf 892,98 €: 17,86 €").
_UNANNOUNCED = (*_ADDED, "share")
_MAX_PAIRS = 40  # grounded answer figures tried as operands; bounds the pair search


_Figure = tuple[Decimal, Token, Verdict]


@dataclass(frozen=True, slots=True)
class _Result:
    how: str  # sum, difference, run, product, quotient, share (2 % of x), percentage (x/y %),
    # change (x against y, in %) or period (x for another period)
    excerpts: frozenset[int]
    operands: tuple[str, str]
    starts: tuple[int, int]  # where the operands stand in the answer


# How a figure was computed: (how, i, j) over the grounded figures, the operands' positions
# (a run's first and last); results are built only for the figure that matches.
_Entry = tuple[str, int, int]


_UNIT = re.compile(r"[ \u00a0\u202f]*([^\s\d.,;:!?()\[\]/]+)")
_SAME_UNIT = {"eur": "€", "euro": "€", "usd": "$", "dollar": "$", "dollars": "$"}


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
        self._vals = sorted(vals[:_MAX_PAIRS], key=lambda x: x[1].start)
        self._exact, self._periods = None, None

    def _tables(self) -> dict[Decimal, _Entry]:
        if self._exact is not None:
            return self._exact
        exact: dict[Decimal, _Entry] = {}
        rounded: list[tuple[float, _Entry]] = []
        nums = [a for a, _, _ in self._vals]
        floats = [float(a) for a in nums]
        shares = [_PERCENT_AFTER.match(self.text, t.end) is not None for _, t, _ in self._vals]
        with localcontext() as ctx:
            ctx.prec = 60
            for i, a in enumerate(nums):
                for j in range(i + 1, len(nums)):
                    b, fa, fb = nums[j], floats[i], floats[j]
                    exact.setdefault(a + b, ("sum", i, j))
                    exact.setdefault(abs(a - b), ("difference", i, j))
                    rounded.append((fa * fb, ("product", i, j)))
                    if fa:  # "von 12.480 auf 15.377, ein Plus von 23 %": from the earlier one
                        rounded.append((abs(fb - fa) / fa * 100, ("change", j, i)))
                    for x, y, fx, fy in ((i, j, fa, fb), (j, i, fb, fa)):
                        if shares[x]:  # 2 % of 892,98
                            rounded.append((fx * fy / 100, ("share", x, y)))
                        if fy:
                            rounded.append((fx / fy, ("quotient", x, y)))
                            rounded.append((fx / fy * 100, ("percentage", x, y)))
            # The total of a list: three or more figures in a row ("2, 3 und 3 – zusammen 8").
            for i, a in enumerate(nums):
                total = a
                for j in range(i + 1, len(nums)):
                    total += nums[j]
                    if j > i + 1:
                        exact.setdefault(total, ("run", i, j))
        rounded.sort()
        self._exact, self._rounded = exact, rounded
        return exact

    def _result(self, entry: _Entry) -> _Result:
        how, i, j = entry
        spans = range(min(i, j), max(i, j) + 1) if how == "run" else (i, j)
        ns = frozenset().union(*(self._vals[k][2].excerpts for k in spans))
        ta, tb = self._vals[i][1], self._vals[j][1]
        texts = (self.text[ta.start : ta.end], self.text[tb.start : tb.end])
        return _Result(how, ns, texts, (ta.start, tb.start))

    def derive(self, tok: Token) -> Verdict | None:
        """The derivation of an ungrounded figure from the answer's grounded ones, or None."""
        r = tok.readings[0]
        x = r.num
        if x is None or r.scale or not self._vals:
            return None
        listed = self._listed_before(tok)
        if len(listed) >= 3 and _TOTALLED.search(
            self.text, self._vals[listed[-1]][1].end, tok.start
        ):
            # The total after a list is the list's: "24, 11 und 6 – insgesamt 35" is no 24 + 11.
            found = self._list_total(tok, listed, x)
            if found:
                return found
        else:
            listed = []
        exact = self._tables().get(x)
        # The result as written, rounded half (and a hair more for the floats' error).
        half = 0.5 * 10.0**-r.places * (1 + 1e-9)
        percent = _PERCENT_AFTER.match(self.text, tok.end) is not None
        lo = bisect_left(self._rounded, (float(x) - half,))
        near = takewhile(lambda e: e[0] <= float(x) + half, self._rounded[lo:])
        rounded = ((v, e) for v, e in near if (e[0] in _PERCENTAGES) == percent)
        whole = x == x.to_integral_value()
        hedged = _ABOUT.search(self.text, max(0, tok.start - 24), tok.start) is not None
        for v, entry in (*([(float(x), exact)] if exact else []), *rounded):
            how, i, j = entry
            if how in ("sum", "difference") and i in listed and j in listed:
                continue  # two items of the list the total is the list's of
            if whole and how == "quotient" and not (self._divides(entry, x) or hedged):
                continue  # a whole quotient is exact: 130 / 6 is no 22 (but "etwa 61" is 734 / 12)
            res = self._result(entry)
            if self._holds(tok, res, abs(v - float(x)) <= 1e-9 * max(1.0, abs(v))):
                return Verdict("derived", r, res.excerpts, res.how, res.operands)
        return self._period(tok, float(x), half)

    def _holds(self, tok: Token, res: _Result, exact: bool) -> bool:
        """Whether the answer's words and the operands' places make res its derivation."""
        whole = not tok.readings[0].places
        if res.how in _ADDED:
            if not whole:
                return True  # a sum with cents comes about by chance hardly ever
            if self._strongly_announced(tok):
                return True  # "insgesamt", "Differenz", "=": anywhere in the answer
            return self._announced(tok, res) and self._near_in_text(res, tok, False)
        if not self._near_in_text(res, tok, exact):
            return False  # a rounded result matches too many pairs to look further afield
        return (not whole and res.how == "share") or self._announced(tok, res)

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

    def _listed_before(self, tok: Token) -> list[int]:
        """The grounded figures enumerated right before the token in its sentence ("24 Rot,
        11 Weiß und 6 Sekt"): each joined to the next by a comma, "und", "and" or "+"."""
        start = self._sentence_start(tok.start)
        before = [i for i, (_, t, _) in enumerate(self._vals) if start <= t.start < tok.start]
        listed = before[-1:]
        for i in reversed(before[:-1]):
            gap = self.text[self._vals[i][1].end : self._vals[listed[0]][1].start]
            if len(gap) > _MAX_ITEM_GAP or not _JOINER.search(gap):
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
        return bool(_STRONG.search(before) or _STRONG.search(self._clause_after(tok)))

    def _clause_after(self, tok: Token) -> str:
        unit = _PERCENT_AFTER.match(self.text, tok.end)  # "13.8 per cent" names no rate
        start = unit.end() if unit else tok.end
        after = self.text[start : start + 24]
        return after[: min((i for c in ".;!?" if (i := after.find(c)) >= 0), default=24)]

    def _divides(self, entry: _Entry, x: Decimal) -> bool:
        _, i, j = entry
        return self._vals[i][0] == x * self._vals[j][0]

    def _announced(self, tok: Token, res: _Result) -> bool:
        """Whether a word or sign announces the arithmetic before the figure, or after it
        within its clause ("9 above the reorder point", "15 weniger", "29,90 € pro Person");
        for a whole product also a rate before an operand ("12 Beutel mit je 100, also 1.200")."""
        after = self._clause_after(tok)
        before = self.text[max(0, tok.start - 60) : tok.start]
        if res.how in (*_ADDED, "change"):  # "ein Plus von 23 %"
            return bool(
                _ANNOUNCED.search(before) or _ANNOUNCED.search(after) or _COMPARED.search(after)
            )
        if _TIMES.search(before) or _TIMES.search(after):
            return True
        if tok.readings[0].places:
            return bool(_RATE.search(before) or _RATE.search(after))
        return res.how == "product" and any(
            _RATE_BEFORE.search(self.text, max(0, at - 12), at) for at in res.starts
        )
