"""A figure an answer computes from the rows of an excerpt's table: a price times a count of
one row ("Erwachsene   120,00 €   23": 2.760 €; "Kaffeebohnen   kg   7,5   18,40 €": 138,00 €),
two figures a sign joins ("2 × 430 Wp": 860 Wp), and the sum of the rows' products over a
block of neighbouring rows of one product each, as an order or a stock count adds up quantity
times price (263,14 € for four stock lines).

Only lines of the excerpts the sentence cites; only plain figures (no date, time or year); on
a row (cells apart by a tab, a bar or two spaces) only a price with cents and a count of
another cell (no amount, measure or percentage); and only an answer's figure with cents or a
whole one of 100 or more that is the product or the sum exactly (cents rounded, for a price
with more places), an amount only of an amount and a count: a row's few products meet a wrong
amount by chance hardly ever, while the figures of prose multiply to whole numbers far too
often ("38,50 € pro Nacht, Zimmer 12"; "lid on for 20 min, off for another 20-25")."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal
from itertools import pairwise

from verifier.checks.citations import Sentences
from verifier.checks.figurewords import PERCENT_AFTER, money
from verifier.checks.grounding import Verdict
from verifier.checks.numparse import day_clock, tokenize_lines
from verifier.checks.readings import Token
from verifier.checks.units import metric_unit

_MAX_LINES = 200  # lines of one excerpt read
_MAX_READ = 16_384  # characters of one excerpt read
_LEAST_WHOLE = 100  # a whole result's least value
_TIMES = re.compile(r"[ \u00a0]*[×x*][ \u00a0]*")
_CELL_GAP = re.compile(r"\t|\||  ")  # between a table's cells
# The value, its first and last operand as written, and whether it is an amount of money.
_Product = tuple[Decimal, str, str, bool]


class RowProducts:
    """The products of the figures of each line of the cited excerpts, read when first asked."""

    def __init__(self, sentences: Sentences, excerpts: Sequence[tuple[int, str]]) -> None:
        self._sentences = sentences
        self._excerpts = excerpts
        self._read: dict[int, tuple[list[_Product], list[_Product]]] = {}

    def derive(self, tok: Token) -> Verdict | None:
        """The product of one line's figures, or the sum of a block's, an ungrounded figure is."""
        r = tok.readings[0]
        x = r.num
        if r.key[0] != "n" or x is None or x <= 0 or r.scale:
            return None
        if not r.places and x < _LEAST_WHOLE:
            return None
        step = Decimal(1).scaleb(-r.places)
        paid = bool(money(self._sentences.text, tok))
        for n, text in self._sentences.cited_excerpts(self._excerpts, tok.start):
            if n not in self._read:
                self._read[n] = _products(text)
            products, totals = self._read[n]
            for value, first, last, amount in products:
                # A price with more places than cents makes an amount the answer rounds.
                exact = value == x or (r.places >= 2 and _rounded(value, step) == x)
                if exact and amount == paid:
                    return Verdict("derived", r, frozenset({n}), "product", (first, last))
            for value, first, last, amount in totals:
                if value == x and amount == paid:
                    return Verdict("derived", r, frozenset({n}), "products", (first, last))
        return None


def _rounded(value: Decimal, step: Decimal) -> Decimal:
    return value.quantize(step, rounding=ROUND_HALF_UP)


def _products(text: str) -> tuple[list[_Product], list[_Product]]:
    """Each product of two figures of one line, and each sum of the products of a block of
    neighbouring lines of two figures each (two lines or more)."""
    lines: list[tuple[int, int]] = []
    pos = 0
    for raw in text[:_MAX_READ].split("\n"):
        if len(lines) >= _MAX_LINES:
            break
        lines.append((pos, pos + len(raw)))
        pos += len(raw) + 1
    rows: dict[int, list[Token]] = {}
    starts = [start for start, _ in lines]
    for tok in tokenize_lines(text, lines, day_clock(text)):
        if _plain(tok):
            rows.setdefault(bisect_right(starts, tok.start) - 1, []).append(tok)
    products: list[_Product] = []
    totals: list[_Product] = []
    block: list[_Product] = []
    for k in range(len(lines) + 1):
        row = sorted(rows.get(k, []), key=lambda t: t.start)
        found = _line_products(text, lines[k], row) if row else []
        products += found
        if len(found) == 1:
            block.append(found[0])
            continue
        if len(block) >= 2 and len({p[3] for p in block}) == 1:
            total = sum((p[0] for p in block), Decimal(0))
            totals.append((total, block[0][1], block[-1][2], block[0][3]))
        block = []
    return products, totals


def _line_products(text: str, line: tuple[int, int], row: list[Token]) -> list[_Product]:
    """The products of one line: two figures a sign joins ("2 × 430 Wp"), and on a table's
    row (its cells apart by a tab, a bar or two spaces) a price with cents times a count of
    another cell ("Erwachsene   120,00 €   23"). A prose line's other figures multiply by
    chance ("38,50 € pro Nacht, Zimmer 12"; "lid on for 20 min, off for another 20-25")."""
    out = [
        _product(text, a, b)
        for a, b in pairwise(row)
        if _TIMES.fullmatch(text, a.end, b.start) and not (money(text, a) and money(text, b))
    ]
    if _CELL_GAP.search(text, *line):
        prices = [t for t in row if t.readings[0].places and money(text, t)]
        counts = [t for t in row if _count(text, t)]
        out += [
            _product(text, *sorted((p, c), key=lambda t: t.start))
            for p in prices
            for c in counts
            if _CELL_GAP.search(text, min(p.end, c.end), max(p.start, c.start))
        ]
    return out


def _product(text: str, a: Token, b: Token) -> _Product:
    va, vb = a.readings[0].num, b.readings[0].num
    assert va is not None and vb is not None  # plain figures (see _plain)
    paid = bool(money(text, a) or money(text, b))
    return va * vb, text[a.start : a.end], text[b.start : b.end], paid


def _count(text: str, tok: Token) -> bool:
    """Whether a figure may count a row's things: no amount, no measure, no percentage."""
    return not (
        money(text, tok) or metric_unit(text, tok.end) or PERCENT_AFTER.match(text, tok.end)
    )


def _plain(tok: Token) -> bool:
    """Whether a token is a plain figure: no date, clock time or year in its readings."""
    r = tok.readings[0]
    return (
        r.key[0] == "n"
        and r.num is not None
        and not r.scale
        and all(other.key[0] in ("n", "u") for other in tok.readings)
    )
