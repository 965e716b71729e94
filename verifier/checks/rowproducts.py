"""A figure an answer computes from the rows of an excerpt's table: a price times a count of
one row ("Erwachsene   120,00 €   23": 2.760 €; "Kaffeebohnen   kg   7,5   18,40 €": 138,00 €),
two figures a sign joins ("2 × 430 Wp": 860 Wp), and the sum of the rows' products over a
block of neighbouring rows of one product each, as an order or a stock count adds up quantity
times price (263,14 € for four stock lines).

Only lines of the excerpts the sentence cites; only plain figures (no date, time or year); on
a row (cells apart by a tab, a bar or two spaces) only a price with cents and a count of
another cell (no amount, measure or percentage); and only an answer's figure with cents or a
whole one of 100 or more that is the product or the sum exactly, an amount only of an amount
and a count: a row's few products meet a wrong amount by chance hardly ever, while the figures
of prose multiply to whole numbers far too often ("38,50 € pro Nacht, Zimmer 12"; "lid on for
20 min, off for another 20-25"). A line is tokenized only where the figure over one of its
prices is a count; a block's rows are read cell by cell (a price with its currency, a count
alone), and only in a short excerpt (a note's table): a long one has too many rows to read for
every figure no excerpt holds."""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal
from itertools import pairwise

from verifier.checks.citations import Sentences
from verifier.checks.columns import figure_value
from verifier.checks.figurewords import PERCENT_AFTER, money
from verifier.checks.grounding import Verdict
from verifier.checks.numparse import day_clock, tokenize_lines
from verifier.checks.readings import Token
from verifier.checks.units import metric_unit

_MAX_READ = 8_192  # characters of one excerpt read for its rows' products
_MAX_BLOCK_READ = 2_048  # the longest excerpt whose rows are read for a block's sum
_LEAST_WHOLE = 100  # a whole result's least value
_MAX_COUNT = 100_000  # the most a count of a row may be
# A price as a row writes it, with cents ("1.523,16", "$2,407.59", "18,40"); two figures a
# sign joins ("2 × 430").
_PRICE = re.compile(r"(?<![0-9.,])[0-9]+(?:[.,'][0-9]{3})*[.,][0-9]{2}(?![0-9]|[.,][0-9])")
# A row's cell that holds a price with its currency, or a count alone.
_CENTS = r"[0-9]+(?:[.,'][0-9]{3})*[.,][0-9]{2}"
_PRICE_CELL = re.compile(
    rf"[€$£][ \u00a0]?(?P<v>{_CENTS})|(?P<w>{_CENTS})[ \u00a0]?(?:€|EUR|\$|£|GBP|CHF)"
)
_COUNT_CELL = re.compile(r"[0-9]{1,5}(?:[.,][0-9]{1,3})?")
_SIGNED = re.compile(r"(?<![0-9.,])([0-9][0-9.,]*)[ \u00a0]*[×x*][ \u00a0]*([0-9][0-9.,]*)")
_TIMES = re.compile(r"[ \u00a0]*[×x*][ \u00a0]*")
_MARKS = str.maketrans("", "", ".,'")
_CELL_GAP = re.compile(r"\t|\||  ")  # between a table's cells
# The value, its first and last operand as written, and whether it is an amount of money.
_Product = tuple[Decimal, str, str, bool]


class RowProducts:
    """The products of the cited excerpts' rows, each line read when a price on it may make
    the figure; a small excerpt's blocks of rows, read whole when first asked."""

    def __init__(self, sentences: Sentences, excerpts: Sequence[tuple[int, str]]) -> None:
        self._sentences = sentences
        self._excerpts = excerpts
        self._lines: dict[tuple[int, int], list[_Product]] = {}  # by excerpt and line start
        self._clock: dict[int, bool] = {}  # whether an excerpt writes the 24-hour clock
        self._totals: dict[int, list[_Product]] = {}
        # By excerpt: the products its signs make, with where their line starts, and its
        # prices in cents, with where they stand.
        self._prices: dict[int, tuple[list[tuple[Decimal, int]], list[tuple[int, int]]]] = {}

    def derive(self, tok: Token) -> Verdict | None:
        """The product of one row's figures, or the sum of a block's, an ungrounded figure is."""
        r = tok.readings[0]
        x = r.num
        if r.key[0] != "n" or x is None or x <= 0 or r.scale:
            return None
        if not r.places and x < _LEAST_WHOLE:
            return None
        paid = bool(money(self._sentences.text, tok))
        for n, text in self._sentences.cited_excerpts(self._excerpts, tok.start):
            for value, first, last, amount in self._candidates(n, text, x):
                if value == x and amount == paid:
                    return Verdict("derived", r, frozenset({n}), "product", (first, last))
            if len(text) > _MAX_BLOCK_READ:
                continue  # a long excerpt's rows are too many to read for every figure
            if n not in self._totals:
                self._totals[n] = _totals(text)
            for value, first, last, amount in self._totals[n]:
                if value == x and amount == paid:
                    return Verdict("derived", r, frozenset({n}), "products", (first, last))
        return None

    def _candidates(self, n: int, text: str, x: Decimal) -> list[_Product]:
        """The products of the lines where a price, or a product's sign, may make x: a line
        is read only where x over one of its prices is a count."""
        if n not in self._prices:
            self._prices[n] = _prices(text[:_MAX_READ])
        signed, prices = self._prices[n]
        starts = {start for product, start in signed if product == x}
        # x over a price is a count of at most two decimals: x in cents, times 100, is a
        # whole multiple of the price in cents.
        hundredths = x.scaleb(4)
        if hundredths == hundredths.to_integral_value():
            whole = int(hundredths)
            starts |= {
                text.rfind("\n", 0, at) + 1
                for cents, at in prices
                if whole % cents == 0 and whole // cents <= _MAX_COUNT * 100
            }
        out: list[_Product] = []
        for start in sorted(starts):
            if (n, start) not in self._lines:
                end = text.find("\n", start, _MAX_READ)
                line = (start, min(len(text), _MAX_READ) if end < 0 else end)
                if n not in self._clock:
                    self._clock[n] = day_clock(text)
                row = [t for t in tokenize_lines(text, [line], self._clock[n]) if _plain(t)]
                self._lines[(n, start)] = _line_products(text, line, row)
            out += self._lines[(n, start)]
        return out


def _prices(head: str) -> tuple[list[tuple[Decimal, int]], list[tuple[int, int]]]:
    """Each product two figures a sign joins make, with where its line starts, and each price
    with cents in cents, with where it stands."""
    signed = [
        (a * b, head.rfind("\n", 0, m.start()) + 1)
        for m in _SIGNED.finditer(head)
        if (a := figure_value(m[1])) is not None and (b := figure_value(m[2])) is not None
    ]
    # A price's digits are its cents: the pattern ends it in two decimals.
    prices = [
        (cents, m.start()) for m in _PRICE.finditer(head) if (cents := int(m[0].translate(_MARKS)))
    ]
    return signed, prices


def _totals(text: str) -> list[_Product]:
    """Each sum of the products of a block of neighbouring rows of a price and a count each
    (two rows or more), the rows read cell by cell."""
    totals: list[_Product] = []
    block: list[_Product] = []
    for line in (*text.split("\n"), ""):
        cells = [cell.strip() for cell in _CELL_GAP.split(line)]
        prices = [
            (k, m["v"] or m["w"]) for k, c in enumerate(cells) if (m := _PRICE_CELL.fullmatch(c))
        ]
        counts = [(k, c) for k, c in enumerate(cells) if _COUNT_CELL.fullmatch(c)]
        if len(prices) == 1 and len(counts) == 1:
            price, count = figure_value(prices[0][1]), figure_value(counts[0][1])
            if price is not None and count is not None:
                first, last = sorted((prices[0], counts[0]))  # as the row writes them
                block.append((price * count, first[1], last[1], True))
                continue
        if len(block) >= 2:
            total = sum((p[0] for p in block), Decimal(0))
            totals.append((total, block[0][1], block[-1][2], True))
        block = []
    return totals


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
