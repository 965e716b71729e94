"""Amounts an answer computes from a unit price of an excerpt and a count: "57 verkauft ...
427,50 €" for "Blütenhonig 500 g: 57 Gläser à 7,50 €", "drei Nächte ... 115,50 €" for
"38,50 € pro Nacht", "76,00 € für 40 Kartons" for "40 Umzugskartons à 1,90 €".

A unit price is an excerpt's amount marked as one: after "à", "@", "je" or "each", or before
"pro", "per", "je" or "/" and a word, or "each". The count is a whole number of the result's
sentence (not an amount, a date or a time), or one before the price on its line. The product
must meet the result to its last digit (a word such as "rund" widens that, as for other
figures): a count times a price with cents meets a wrong amount by chance hardly ever."""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from verifier.checks.arithwords import half_unit, money
from verifier.checks.citations import Sentences
from verifier.checks.grounding import Verdict, hedged
from verifier.checks.numparse import tokenize
from verifier.checks.readings import Token

_CURRENCY = r"(?:[€$£]|(?i:eur|usd|gbp)\b)"
_MARK_BEFORE = re.compile(
    rf"(?:(?<![^\W\d_])(?i:à|je|each|zu je|für je)|@)[ \u00a0]*(?:{_CURRENCY}[ \u00a0]?)?\Z"
)
_MARK_AFTER = re.compile(
    rf"[ \u00a0]?(?:{_CURRENCY}[ \u00a0]?)?(?:(?i:pro|per|je)[ \u00a0]+[^\W\d_]|/[ \u00a0]?"
    r"[^\W\d_]|(?i:each|apiece|p\.[ \u00a0]?p\.|pro[ \u00a0]?person|pro[ \u00a0]?stück)\b)"
)
_MAX_TEXT = 16_384  # characters of an excerpt read for its prices
_MAX_PRICES = 40  # unit prices of one excerpt
_MAX_COUNT = 10_000
_LINE_COUNTS = 3  # whole numbers before a price on its line, taken as its count


class Priced:
    """Counts times the excerpts' unit prices, for an ungrounded amount of money."""

    def __init__(self, sentences: Sentences, excerpts: Sequence[tuple[int, str]]) -> None:
        self.text = sentences.text
        self._excerpts = excerpts
        self._sentences = sentences
        self._prices: dict[int, list[tuple[Decimal, str, list[tuple[Decimal, str]]]]] = {}
        self._counts: list[tuple[Decimal, Token, Verdict]] = []

    def learn(self, done: list[tuple[Token, Verdict]]) -> None:
        """Take the grounded and derived whole numbers that may count something."""
        self._counts = [
            (x, t, v)
            for t, v in done
            if v.reading.key[0] == "n"
            and (x := v.reading.num) is not None
            and not v.reading.places
            and not v.reading.scale
            and 2 <= x <= _MAX_COUNT
            and not money(self.text, t)
        ]

    def derive(self, tok: Token) -> Verdict | None:
        """The count times a unit price an ungrounded amount is, or None."""
        r = tok.readings[0]
        x = r.num
        if x is None or r.scale or not money(self.text, tok):
            return None
        half = Decimal(str(half_unit(self.text, tok, hedged(self.text, tok.start))))
        k = self._sentences.index(tok.start)
        counts = [
            (n, self.text[t.start : t.end], v.excerpts)
            for n, t, v in self._counts
            if self._sentences.index(t.start) == k
        ]
        for n_excerpt, text in self._sentences.cited_excerpts(self._excerpts, tok.start):
            for price, written, on_line in self._prices_of(n_excerpt, text):
                line = [(c, w, frozenset({n_excerpt})) for c, w in on_line]
                for count, count_written, held in (*counts, *line):
                    if abs(count * price - x) <= half:
                        ns = held | {n_excerpt}
                        return Verdict("derived", r, ns, "priced", (count_written, written))
        return None

    def _prices_of(self, n: int, text: str) -> list[tuple[Decimal, str, list[tuple[Decimal, str]]]]:
        """The unit prices of an excerpt with the whole numbers before each on its line, read
        once."""
        if n not in self._prices:
            self._prices[n] = _unit_prices(text[:_MAX_TEXT])
        return self._prices[n]


def _unit_prices(text: str) -> list[tuple[Decimal, str, list[tuple[Decimal, str]]]]:
    """The amounts of a text marked as unit prices, each with its line's counts before it."""
    tokens = tokenize(text)
    out: list[tuple[Decimal, str, list[tuple[Decimal, str]]]] = []
    for k, tok in enumerate(tokens):
        r = tok.readings[0]
        value = r.num
        if value is None or r.key[0] != "n" or r.scale or value <= 0:
            continue
        before = text[max(0, tok.start - 12) : tok.start]
        if not (_MARK_BEFORE.search(before) or _MARK_AFTER.match(text, tok.end)):
            continue
        line_start = text.rfind("\n", 0, tok.start) + 1
        counts = [
            (c, text[t.start : t.end])
            for t in tokens[max(0, k - _LINE_COUNTS) : k]
            if t.start >= line_start
            and t.readings[0].key[0] == "n"
            and not t.readings[0].places
            and (c := t.readings[0].num) is not None
            and 2 <= c <= _MAX_COUNT
        ]
        out.append((value, text[tok.start : tok.end], counts))
        if len(out) >= _MAX_PRICES:
            break
    return out
