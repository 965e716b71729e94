"""Amounts an answer computes from a unit price of an excerpt and a count: "57 verkauft ...
427,50 €" for "Blütenhonig 500 g: 57 Gläser à 7,50 €", "drei Nächte ... 115,50 €" for
"38,50 € pro Nacht", "76,00 € für 40 Kartons" for "40 Umzugskartons à 1,90 €".

A unit price is an excerpt's amount marked as one: after "à", "@", "je" or "×" after a
count, or before "pro", "per", "je" or "/" and a word, or "each". The count is a whole
number of the result's sentence (not an amount, a date or a time) before a word, or one
before the price on its line. The product must meet the result to its last digit (a word
such as "rund" widens that, as for other figures): a count times a price with cents meets a
wrong amount by chance hardly ever."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from decimal import Decimal

from verifier.checks.citations import Sentences
from verifier.checks.columnruns import FIGURE, figure_value
from verifier.checks.excerptlines import MAX_READ
from verifier.checks.figurewords import half_unit, money
from verifier.checks.grounding import Verdict, hedged
from verifier.checks.linesigns import lines_of
from verifier.checks.readings import Token

_CURRENCY = r"(?:[€$£]|(?i:eur|usd|gbp)\b)"
# An amount after its first digit (which the pattern below consumes before it).
_AMOUNT_REST = r"[0-9]{0,6}(?:[.,'][0-9]{3})*(?:[.,][0-9]{1,2})?(?![0-9])"
# A price after its mark ("à 7,50 €", "@ $18.99", "zu je 3,20 €", "4 × $2,900.00"), or before one
# ("38,50 € pro Nacht", "€32.90 per box", "0,30 € je km", "9,00 € p. P.", "$5 each"). Led by
# the class of every character a match starts with, so that re skips to those at C speed;
# each branch checks that character from behind, and group "b" is an amount less its first
# digit.
_MARKED = re.compile(
    r"[à@jJ×xX0-9]"
    r"(?:(?:(?<=[à@])|(?<=[jJ])(?<![^\W\d_][jJ])[eE]\b|(?<=[0-9][ \u00a0][×xX])|(?<=[0-9][×xX]))"
    rf"[ \u00a0]*(?:{_CURRENCY}[ \u00a0]?)?(?P<a>[0-9]{_AMOUNT_REST})"
    rf"|(?<=[0-9])(?<![0-9.,][0-9])(?P<b>{_AMOUNT_REST})[ \u00a0]?(?:{_CURRENCY}[ \u00a0]?)?"
    r"(?=(?i:pro|per|je)[ \u00a0]+[^\W\d_]|/[ \u00a0]?[^\W\d_]"
    r"|(?i:each|apiece|pro[ \u00a0]?person|pro[ \u00a0]?stück)\b|(?i:p\.[ \u00a0]?p\.)))"
)
# What every line with a marked price holds; literals only, so that re finds them at C speed.
_HINT = re.compile(r"à|@|je|Je|pro|Pro|per|Per|each|apiece|p\. ?P\.|p\. ?p\.|/|×|x|X")
# A number a capitalised word names, with nothing counted after it: "Zimmer 12, 3 Nächte" (a
# room's number, no count); "Nächte: 3" and "Party of 4" are counts.
_NAME_BEFORE = re.compile(r"(?<![\w-])[A-ZÄÖÜ][^\W\d_]{2,}[ \u00a0]\Z")
_COUNTED_AFTER = re.compile(r"[ \u00a0]+[^\W\d_]")
# A figure with a short unit measures rather than counts: "500 g", "25 ft", "19 %".
_MEASURED = re.compile(r"[ \u00a0]?(?:(?![xX]\b)[^\W\d_]{1,2}\b|%)")
_MAX_PRICES = 40  # unit prices of one excerpt
_MAX_COUNT = 10_000
_LINE_COUNTS = 3  # whole numbers before a price on its line, taken as its count


def _numbered(text: str, tok: Token) -> bool:
    """Whether a whole number is a thing's number rather than a count (see _NAME_BEFORE)."""
    before = _NAME_BEFORE.search(text, max(0, tok.start - 30), tok.start)
    return before is not None and not _COUNTED_AFTER.match(text, tok.end)


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
            and not _numbered(self.text, t)
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
            self._prices[n] = _unit_prices(text[:MAX_READ])
        return self._prices[n]


def _marked(text: str) -> Iterator[re.Match[str]]:
    """The marked prices of a text, looked for only on the lines that hold a mark."""
    for line_start, line_end in lines_of(_HINT, text):
        yield from _MARKED.finditer(text, line_start, line_end)


def _unit_prices(text: str) -> list[tuple[Decimal, str, list[tuple[Decimal, str]]]]:
    """The amounts of a text marked as unit prices, each with its line's counts before it.
    Found by their marks at C speed: tokenizing a whole excerpt costs milliseconds."""
    out: list[tuple[Decimal, str, list[tuple[Decimal, str]]]] = []
    for m in _marked(text):
        if m.group("a") is not None:
            start, written = m.start("a"), m.group("a")
            if text[m.start()] in "×xX" and not money(text, Token(start, m.end(), ())):
                continue  # "8 m × 12,5 m" multiplies no price; "4 × $2,900.00" does
        else:
            start, written = m.start(), text[m.start() : m.end("b")]
        value = figure_value(written)
        if value is None or value <= 0:
            continue
        line_start = text.rfind("\n", 0, start) + 1
        counts = [
            (c, f.group())
            for f in list(FIGURE.finditer(text, line_start, start))[-_LINE_COUNTS:]
            if f.group().isdigit()
            and not _MEASURED.match(text, f.end())
            and 2 <= (c := Decimal(f.group())) <= _MAX_COUNT
        ]
        out.append((value, written, counts))
        if len(out) >= _MAX_PRICES:
            break
    return out
