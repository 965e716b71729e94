"""Totals and means of the rows an answer names: "Netflix and Spotify together cost $27.48"
for a statement's NETFLIX.COM -15.49 and SPOTIFY USA -11.99 lines, "four coffee shop charges
... totaling $26.25" for the lines that say COFFEE.

The rows are picked by the words of the result's sentence, not searched for: a row is named
where the sentence holds one of its words that not every row of its excerpt has (see
bindwords). Each named row must hold exactly one figure written with as many decimals as the
result (its amount, not its date); a named row without one, or a total's row among them,
leaves the result ungrounded, since the sum would be of something else. A total or an
average word stands in the sentence (a sum in cents needs none: the sentence names its
rows), much as for a column's total (columns.py). The rows of each excerpt the sentence
cites are added up, and those of all of them together ("$57.46 over the two months" of two
statements)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from decimal import Decimal

from verifier.checks.arithwords import AVERAGE, TOTALLED
from verifier.checks.bindwords import meets, words_of
from verifier.checks.citations import Sentences
from verifier.checks.columnruns import FIGURE, TOTAL_LINE, figure_value
from verifier.checks.columns import CENTS
from verifier.checks.excerptlines import Excerpt, Line, row_words
from verifier.checks.figurewords import money
from verifier.checks.grounding import Verdict
from verifier.checks.readings import Token

_MIN_ROWS = 2
_MAX_NAMED = 40  # rows one sentence names, at most: past them it names a kind, not rows
_MAX_WORDS = 60  # words of a sentence that names rows
_MIN_WHOLE_MONEY = 100
_MIN_UNANNOUNCED_ROWS = 3  # rows a whole amount adds up without a total's word
_MONEY = re.compile(r"[€$£]|\b(?:EUR|USD|GBP)\b")
# A word of exclusion and the few words after it, up to a comma or a figure.
_LEFT_OUT = re.compile(
    r"\b(?:ohne|außer|exkl\.|exklusive|abzüglich|without|excluding|except|not counting)"
    r"((?:[ \t]+[^\W\d_][\w'-]*){1,3})",
    re.I,
)


class NamedRows:
    """The sums and means of the rows each sentence names, per cited excerpt."""

    def __init__(
        self,
        sentences: Sentences,
        excerpts: Sequence[tuple[int, str]],
        lines_of: Callable[[int], Excerpt],
    ) -> None:
        self.text = sentences.text
        self._excerpts = excerpts
        self._sentences = sentences
        self._lines_of = lines_of  # an excerpt's structured lines, read once for every check
        self._lower: dict[int, str] = {}  # each excerpt in lower case, by its number
        self._words: dict[int, set[str]] = {}  # each sentence's words, by its place
        self._named_by: dict[tuple[int, int], list[Line]] = {}  # by sentence and excerpt

    def derive(self, tok: Token) -> Verdict | None:
        """The total or mean of the named rows an ungrounded figure is, or None."""
        r = tok.readings[0]
        x = r.num
        if x is None or r.scale or x <= 0:
            return None
        totalled = self._sentences.says(TOTALLED, tok.start)
        averaged = self._sentences.says(AVERAGE, tok.start)
        # Unannounced, a sum in cents of the named rows ("drei Liter Vollmilch ... für die
        # Milch also 3,57 €", "110,15 € (Aldi und Edeka)"): rows named and cents hardly meet a
        # wrong figure by chance.
        unannounced = not (totalled or averaged)
        # A whole amount of money may add up rows written with cents ("1.476 €" of "1.260,00
        # €" and three more); unannounced only of three rows or more, where a wrong figure
        # hardly meets the sum by chance, while two rows may be one's amount given for both.
        whole_money = r.places == 0 and bool(money(self.text, tok)) and x >= _MIN_WHOLE_MONEY
        if unannounced and r.places < CENTS and not whole_money:
            return None
        k = self._sentences.index(tok.start)
        if k not in self._words:
            sentence = self._sentences.text_at(tok.start)
            # What the sentence leaves out names no row of its sum: "Ohne die Kaution kommen
            # Miete, Endreinigung, Bettwäsche und Kurtaxe auf 1.476 €".
            left_out = set().union(*(words_of(m[1]) for m in _LEFT_OUT.finditer(sentence)))
            self._words[k] = words_of(sentence) - left_out
        if len(self._words[k]) > _MAX_WORDS:
            return None  # a sentence that long names no few rows
        tries = (
            [(CENTS, _MIN_UNANNOUNCED_ROWS if unannounced else _MIN_ROWS)] if whole_money else []
        )
        if not (whole_money and unannounced):
            tries.append((r.places, _MIN_ROWS))
        for places, least in tries:
            found = self._sum_of_rows(tok, k, places, averaged, least)
            if found:
                return found
        return None

    def _sum_of_rows(
        self, tok: Token, k: int, places: int, averaged: bool, least: int
    ) -> Verdict | None:
        """The sum or mean of the rows sentence k names, their amounts written with places."""
        r = tok.readings[0]
        x = r.num
        assert x is not None
        picked: list[tuple[int, list[tuple[Decimal, str]]]] = []
        for n, _ in self._sentences.cited_excerpts(self._excerpts, tok.start):
            ex = self._lines_of(n)
            if (k, n) not in self._named_by:  # once a sentence: each figure of it asks again
                self._named_by[(k, n)] = [
                    ex.lines[i] for i in sorted(self._named(n, ex, self._words[k]))
                ]
            rows = _amounts(ex, self._named_by[(k, n)], places)
            if rows is None:
                return None  # a named row whose amount cannot be told: no sum of the rows
            if rows:
                picked.append((n, rows))
        groups = [[p] for p in picked] + ([picked] if len(picked) > 1 else [])
        half = Decimal(5).scaleb(-r.places - 1)
        stated: set[Decimal] | None = None
        for group in groups:
            values = [v for _, rows in group for v in rows]
            if len(values) < least:
                continue
            total = abs(sum((v for v, _ in values), Decimal(0)))
            if total != x and not averaged:
                # A row the sentence states on its own is none of the total's: "labour was
                # £180.00 and parts came to £76.30" of a labour row and four parts rows.
                if stated is None:
                    stated = self._stated(tok)
                rest = [(v, w) for v, w in values if abs(v) not in stated]
                if len(rest) >= least and len(rest) < len(values):
                    values = rest
                    total = abs(sum((v for v, _ in values), Decimal(0)))
            mean = averaged and abs(total / len(values) - x) <= half
            if total == x or mean:
                how = "named_mean" if mean else "named_sum"
                shown = ", ".join(w for _, w in values[:3]) + (", …" if len(values) > 3 else "")
                operands = (shown, str(len(values)))
                return Verdict("derived", r, frozenset(n for n, _ in group), how, operands)
        return None

    def _stated(self, tok: Token) -> set[Decimal]:
        """The values of the other figures of the figure's sentence."""
        start, end = self._sentences.span_at(tok.start)
        out: set[Decimal] = set()
        for m in FIGURE.finditer(self.text, start, end):
            value = figure_value(m.group())
            if value is not None and not (m.start() <= tok.start < m.end()):
                out.add(abs(value))
        return out

    def _named(self, n: int, ex: Excerpt, words: set[str]) -> set[int]:
        """The places of the excerpt's structured lines that the sentence's words name: by a
        row's words or a label's. A word that names every line names none."""
        if n not in self._lower:
            self._lower[n] = ex.text.lower()
        low = self._lower[n]
        named: set[int] = set()
        for w in words:
            # Words that are one share their first four letters (bindwords._related): a line
            # without them needs no closer look.
            head = w[:4]
            lines = {
                i
                for i, line in enumerate(ex.lines)
                if head in low[line.start : line.end]
                and meets({w}, words_of(line.label) if line.label else row_words(ex, line), False)
            }
            if len(lines) < len(ex.lines):
                named |= lines
        return named


def _amounts(ex: Excerpt, named: list[Line], places: int) -> list[tuple[Decimal, str]] | None:
    """The amounts (value, as written) of the named rows; None where a named row holds no one
    amount with that many decimals, is a total's, or the rows' signs differ."""
    out: list[tuple[Decimal, str]] = []
    for line in named:
        if TOTAL_LINE.search(ex.text, line.start, line.end):
            return None
        found = _figures(ex.text, line, places)
        if not found and places >= CENTS and not _MONEY.search(ex.text, line.start, line.end):
            continue  # a row of no amount ("Teilnehmer;6 Personen") adds nothing to one
        amount = _amount(ex.text, line, found)
        if amount is None or len(out) >= _MAX_NAMED:
            return None
        out.append(amount)
    if len({v > 0 for v, _ in out}) > 1:
        return None
    return out


def _figures(text: str, line: Line, places: int) -> list[tuple[Decimal, str]]:
    """The figures of the line with as many decimals as places (value, as written)."""
    found = []
    for m in FIGURE.finditer(text, line.start, line.end):
        value = figure_value(m.group())
        exponent = value.as_tuple().exponent if value is not None else None
        if value is not None and exponent == -places and _alone(text, m):
            found.append((value, m.group()))
    return found


def _amount(text: str, line: Line, found: list[tuple[Decimal, str]]) -> tuple[Decimal, str] | None:
    """The line's amount among its figures of the result's precision, or None."""
    if len(found) == 2 and _unit_price(text, line.start, found[0][1], found[1][1]):
        return found[1]  # "4.2 L @ £8.50/L   £35.70": the line's amount is its total
    return found[0] if len(found) == 1 else None


# A unit price's sign before it or its unit after it: "@ £8.50", "2 x 1,99", "8,50 €/L".
_PRICE_BEFORE = re.compile(
    r"(?:@|×|(?<![^\W\d_])x|à|\bje|\bper|\bpro)[ \t\u00a0]*[€$£]?[ \t\u00a0]*\Z", re.I
)
_PER_UNIT = re.compile(r"[ \t\u00a0]*(?:[€$£][ \t\u00a0]*)?/[ \t\u00a0]*[^\W\d_]{1,5}\b")


def _unit_price(text: str, start: int, price: str, total: str) -> bool:
    """Whether the first of a line's two amounts is a unit price, marked as one, before its
    total."""
    at = text.find(price, start)
    after = text.find(total, at + len(price))
    if at < 0 or after < 0:
        return False
    return bool(_PRICE_BEFORE.search(text, start, at) or _PER_UNIT.match(text, at + len(price)))


def _alone(text: str, m: re.Match[str]) -> bool:
    """Whether a figure is one of its own, not a part of a date or a clock time ("02/03",
    "12.03.", "14:30")."""
    before, after = text[m.start() - 1 : m.start()], text[m.end() : m.end() + 1]
    return before not in ("/", ":") and after not in ("/", ".", ":")
