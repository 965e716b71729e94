"""A figure an answer computes from the rows of an excerpt's table: a price times the count of
its row ("Erwachsene   120,00 €   23": 2.760 €; "Kaffeebohnen   kg   7,5   18,40 €": 138,00 €),
two figures a sign joins ("2 × 430 Wp": 860 Wp), and the sum of the rows' products over a
block of neighbouring rows, as an order or a stock count adds up quantity times price (263,14
€ for four stock lines).

A row is a line whose cells stand apart by a tab, a bar or two spaces, with exactly one cell
that is a price with cents and its currency and exactly one that is a count alone: an
invoice's row with a unit price and a line total, or with a position number and a quantity,
multiplies nothing ("3 × 7,50 €" of its total would count the line twice). Only lines of the
excerpts the sentence cites, and only an answer's figure with cents or a whole one of 100 or
more that is the product or the sum exactly, an amount only of a price: a row's one product
meets a wrong amount by chance hardly ever, while the figures of prose multiply to whole
numbers far too often ("38,50 € pro Nacht, Zimmer 12"; "lid on for 20 min, off for another
20-25"). A line is read only where the figure over one of its prices is a count of at most two
decimals, and a block's rows only in a short excerpt (a note's table): a long one has too many
rows to read for every figure no excerpt holds."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from decimal import Context, Decimal

from verifier.checks.citations import Sentences
from verifier.checks.columnruns import figure_value
from verifier.checks.figurewords import YEAR_LIKE, money
from verifier.checks.grounding import Verdict
from verifier.checks.readings import Token

_MAX_READ = 8_192  # characters of one excerpt read for its rows' products
_MAX_BLOCK_READ = 2_048  # the longest excerpt whose rows are read for a block's sum
_LEAST_WHOLE = 100  # a whole result's least value
_MAX_COUNT = 100_000  # the most a count of a row may be
_CENTS = r"[0-9]+(?:[.,'][0-9]{3})*[.,][0-9]{2}"
# A price as a line writes it, with cents ("1.523,16", "$2,407.59", "18,40"), for the quick
# pass; a row's cell that holds a price with its currency, or a count alone.
_PRICE = re.compile(rf"(?<![0-9.,]){_CENTS}(?![0-9]|[.,][0-9])")
_CODES = r"€|\$|£|EUR|USD|GBP|CHF|Euro"
_PRICE_CELL = re.compile(
    rf"(?:{_CODES})[ \u00a0]?(?P<v>{_CENTS})|(?P<w>{_CENTS})[ \u00a0]?(?:{_CODES})"
)
_COUNT_CELL = re.compile(r"[0-9]{1,5}(?:[.,][0-9]{1,3})?")
_CELL_GAP = re.compile(r"\t|\||  ")  # between a table's cells
_EXACT = Context(prec=80)  # exact for any figure a row writes
# Two figures a sign joins: "2 × 430", "3x1.5".
_SIGNED = re.compile(
    r"(?<![0-9.,])([0-9]+(?:[.,][0-9]+)*)[ \u00a0]*[×x*][ \u00a0]*([0-9]+(?:[.,][0-9]+)*)"
)
_MARKS = str.maketrans("", "", ".,'")
# The value, its first and last operand as written, and whether it is an amount of money.
_Product = tuple[Decimal, str, str, bool]


class RowProducts:
    """The products of the cited excerpts' rows, each line read when a price on it may make
    the figure; a short excerpt's blocks of rows, read whole when first asked."""

    def __init__(self, sentences: Sentences, excerpts: Sequence[tuple[int, str]]) -> None:
        self._sentences = sentences
        self._excerpts = excerpts
        # By excerpt: the products its signs make, and its prices in cents with where they
        # stand; each row's product by where its line starts; its blocks' sums.
        self._read: dict[int, tuple[list[_Product], list[tuple[int, int]]]] = {}
        self._rows: dict[tuple[int, int], _Product | None] = {}
        self._totals: dict[int, list[_Product]] = {}

    def derive(self, tok: Token) -> Verdict | None:
        """The product of one row, or the sum of a block's, that an ungrounded figure is."""
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
        """The signs' products, and the products of the rows where x over the row's price
        is a count (x in cents, times 100, a whole multiple of the price in cents)."""
        if n not in self._read:
            self._read[n] = _quick(text[:_MAX_READ])
        signed, prices = self._read[n]
        out = list(signed)
        hundredths = x.scaleb(4)
        if hundredths != hundredths.to_integral_value():
            return out
        whole = int(hundredths)
        for cents, at in prices:
            if whole % cents or whole // cents > _MAX_COUNT * 100:
                continue
            start = text.rfind("\n", 0, at) + 1
            if (n, start) not in self._rows:
                end = text.find("\n", at)
                self._rows[(n, start)] = _row_product(text[start : len(text) if end < 0 else end])
            row = self._rows[(n, start)]
            out += [row] if row else []
        return out


def _quick(head: str) -> tuple[list[_Product], list[tuple[int, int]]]:
    """The products two figures a sign joins make, and each price with cents in cents (the
    pattern ends it in two decimals, so its digits are its cents) with where it stands."""
    signed = [
        (
            _EXACT.multiply(a, b),
            m[1],
            m[2],
            any(money(head, Token(m.start(k), m.end(k), ())) for k in (1, 2)),
        )
        for m in _SIGNED.finditer(head)
        if (a := figure_value(m[1])) is not None and (b := figure_value(m[2])) is not None
    ]
    prices = [(c, m.start()) for m in _PRICE.finditer(head) if (c := int(m[0].translate(_MARKS)))]
    return signed, prices


def _row_product(line: str) -> _Product | None:
    """A row's price times its count, if the line is a row of one price and one count."""
    cells = [cell.strip() for cell in _CELL_GAP.split(line)]
    if len(cells) < 2:
        return None
    prices = [(k, m["v"] or m["w"]) for k, c in enumerate(cells) if (m := _PRICE_CELL.fullmatch(c))]
    counts = [(k, c) for k, c in enumerate(cells) if _COUNT_CELL.fullmatch(c)]
    if len(prices) != 1 or len(counts) != 1:
        return None
    price, count = figure_value(prices[0][1]), _count_value(counts[0][1], prices[0][1][-3])
    if price is None or count is None:
        return None
    first, last = sorted((prices[0], counts[0]))  # as the row writes them
    return _EXACT.multiply(price, count), first[1], last[1], True


def _count_value(written: str, decimal_mark: str) -> Decimal | None:
    """A count's value, its mark read as the row's price reads it ("0,250" beside "18,40 €"
    is a quarter); a year is no count."""
    if YEAR_LIKE.fullmatch(written):
        return None
    if decimal_mark in written:
        return Decimal(written.replace(decimal_mark, "."))
    return figure_value(written)


def _sum(values: Iterable[Decimal]) -> Decimal:
    """An exact sum, whatever the figures' length."""
    total = Decimal(0)
    for value in values:
        total = _EXACT.add(total, value)
    return total


def _totals(text: str) -> list[_Product]:
    """Each sum of the products of a block of neighbouring rows (two rows or more)."""
    totals: list[_Product] = []
    block: list[_Product] = []
    for line in (*text.split("\n"), ""):
        row = _row_product(line)
        if row:
            block.append(row)
            continue
        if len(block) >= 2:
            total = _sum(p[0] for p in block)
            totals.append((total, block[0][1], block[-1][2], True))
        block = []
    return totals
