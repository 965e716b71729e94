"""A total an answer writes before the list it adds up: "14 bottles of Italian red: 6 Barolo
2016, 3 Brunello 2018 and 5 Chianti 2020", "38,40 € (12,90 € Porto, 25,50 € Ware)"; and the
list right before a total, which arithmetic.py adds up ("24, 11 und 6 – insgesamt 41"); and
a total in cents of the amounts of its sentence and the one before, dates between them.

The list opens with a colon or a bracket after the total, and its items are the figures that
open an entry (after the opener, a comma, "und", "and", "+"), so that a vintage or a size
inside an entry is none; an entry of one spelled out ("und eine Flasche Rioja") is an item of
1. A total with cents adds up the amounts of its currency after it, whatever else an entry
says ("7,99 € an Extras: 3,00 € für EU-Roaming, zweimal 1 GB für 4,00 € und 0,99 €"). The
total must be exact and add up the first two or more items: a wrong total meets the sum of a
list it introduces hardly ever by chance (arithmetic.py reads the total written after its
list)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal, localcontext
from itertools import pairwise

from verifier.checks.arithtables import Figure
from verifier.checks.arithwords import TOTALLED
from verifier.checks.citations import Sentences
from verifier.checks.figurewords import JOINER, money
from verifier.checks.grounding import Verdict
from verifier.checks.readings import Token

# Between the total and its first item: a few words and the opener right before the item.
_OPENS = re.compile(r"[^.;!?\n]{0,60}[:(][ \u00a0]*")
# Between an item and the next figure, when that figure opens the next entry.
_NEXT_ENTRY = re.compile(
    r"(?:[,+&]|\b(?:und|and|sowie|plus))[ \u00a0]*(?:(?:then|dann|danach)[ \u00a0]+)?\Z", re.I
)
# An entry of one thing the answer spells out ("und eine Flasche Blaufränkisch", "and one
# Chianti"): no figure, yet an item of the list. "a" alone is left out: it opens too much else.
_ONE_ENTRY = re.compile(
    r"(?:[,+&]|\b(?:und|and|sowie|plus))[ \u00a0]*(?:(?:then|dann|danach)[ \u00a0]+)?"
    r"(?:ein|eine[mnrs]?|one|a[ \u00a0]+single)\b"
    # Not a quantity of its own: "ein Dutzend", "ein paar", "one of them", "eine Menge".
    r"(?![ \u00a0]+(?:dutzend|paar|menge|handvoll|reihe|kiste|karton|kasten|dozen|couple|of"
    r"|pair|few|bunch|case|box|lot|von|davon)\b)",
    re.I,
)
_MAX_ITEMS = 24
# A total's word right after it: "so €75.40 altogether", "130,30 € insgesamt".
_TOTALLED_AFTER = re.compile(
    r"[ \u00a0]*(?:€|EUR|\$|£|USD|GBP)?[ \u00a0]*(?:altogether|in total|in all|overall"
    r"|insgesamt|zusammen|gesamt|total)\b",
    re.I,
)
_TOTAL_REACH = 40  # characters before a total where its word stands
_MAX_ITEM_GAP = 40  # characters between two items of one enumeration, at most


class ListTotals:
    """What the answer's grounded figures listed after a figure add up to."""

    def __init__(self, sentences: Sentences) -> None:
        self.text = sentences.text
        self._sentences = sentences
        self._figures: list[tuple[Token, Verdict]] = []

    def learn(self, done: list[tuple[Token, Verdict]]) -> None:
        """Take the grounded and derived figures, in the answer's order."""
        self._figures = sorted(done, key=lambda d: d[0].start)

    def derive(self, tok: Token) -> Verdict | None:
        """The derivation of a total as the sum of the list after it, or of the amounts
        listed before it, or None."""
        r = tok.readings[0]
        if r.num is None:
            return None
        said = TOTALLED.search(
            self.text, max(0, tok.start - _TOTAL_REACH), tok.start
        ) or _TOTALLED_AFTER.match(self.text, tok.end)
        if r.places == 2 and said and (found := self._amounts_before(tok, r.num)):
            return found
        end = self._sentences.span_at(tok.start)[1]
        after = [(t, v) for t, v in self._figures if tok.end <= t.start < end]
        # The list opens at the first figure after the opener; a count of kinds may stand
        # before it ("10 Flaschen, verteilt auf vier Weine: 4 × Spätburgunder, ...").
        opened = next(
            (k for k, (t, _) in enumerate(after) if _OPENS.fullmatch(self.text, tok.end, t.start)),
            None,
        )
        if opened is None:
            return None
        after = after[opened:]
        if r.places == 2 and (found := self._amounts_after(tok, after)):
            return found
        items = [after[0]]
        for prev, (t, v) in pairwise(after):
            if _NEXT_ENTRY.search(self.text, prev[0].end, t.start):
                items.append((t, v))
        # Each entry: where it is written, its count, and the excerpts that hold it.
        entries = [(t.start, t.end, v.reading.num, v.excerpts) for t, v in items]
        entries = sorted(entries + self._ones(entries[0][1], end, entries[-1][1]))
        nums: list[Decimal] = []
        for _, _, num, _ in entries[:_MAX_ITEMS]:
            if num is None:
                break  # a date among the entries: no sum reaches past it
            nums.append(num)
        count = sum_reaches(nums, r.num, 2)
        if count is None:
            return None
        first, last = entries[0], entries[count - 1]
        excerpts = frozenset().union(*(held for *_, held in entries[:count]))
        written = (self.text[first[0] : first[1]], self.text[last[0] : last[1]])
        return Verdict("derived", r, excerpts, "listed_after", written)

    def _amounts_after(self, tok: Token, after: list[tuple[Token, Verdict]]) -> Verdict | None:
        """A total with cents of the amounts of its currency listed after it, whatever else
        each entry says ("7,99 € an Extras: 3,00 € für EU-Roaming, zweimal je 1 GB für
        zusammen 4,00 € und eine Premium-SMS über 0,99 €")."""
        currency = money(self.text, tok)
        if not currency:
            return None
        amounts = self._in_cents(after, currency)[:_MAX_ITEMS]
        total = tok.readings[0].num or Decimal(0)
        return self._total_of(tok, total, amounts, "listed_after")

    def _ones(
        self, start: int, end: int, last: int
    ) -> list[tuple[int, int, Decimal | None, frozenset[int]]]:
        """The entries of one spelled thing after the list's first item, up to the sentence's
        end: those among its figures, and after its last figure each close behind the one
        before."""
        out: list[tuple[int, int, Decimal | None, frozenset[int]]] = []
        for m in _ONE_ENTRY.finditer(self.text, start, end):
            word = m.end() - len(m.group().split()[-1])
            if m.start() > last + _MAX_ITEM_GAP:
                break
            out.append((word, m.end(), Decimal(1), frozenset()))
            last = max(last, m.end())
        return out

    def _amounts_before(self, tok: Token, x: Decimal) -> Verdict | None:
        """A total with cents of the last two or more amounts of its currency in its sentence
        and the one before ("am 04.02. bei Aral für 62,40 €, am 13.02. bei Shell für 58,17 €
        ... [1]. Zusammen sind das 170,47 €"), dates and names between them."""
        k = self._sentences.index(tok.start)
        before = [
            (t, v)
            for t, v in self._figures
            if t.end <= tok.start and k - 1 <= self._sentences.index(t.start) <= k
        ]
        amounts = self._in_cents(before, money(self.text, tok))[-_MAX_ITEMS:]
        return self._total_of(tok, x, amounts[::-1], "run")  # added up from the nearest

    def _in_cents(
        self, figures: list[tuple[Token, Verdict]], currency: str
    ) -> list[tuple[Token, Verdict, Decimal]]:
        """The figures that are amounts with cents in this currency ("" for none), with their
        values."""
        return [
            (t, v, num)
            for t, v in figures
            if v.reading.places == 2
            and (num := v.reading.num) is not None
            and money(self.text, t) == currency
        ]

    def _total_of(
        self, tok: Token, x: Decimal, amounts: list[tuple[Token, Verdict, Decimal]], how: str
    ) -> Verdict | None:
        """The derivation of x as the sum of the first two or more amounts, in the order
        given, named by the first and last of them as the answer writes them."""
        count = sum_reaches([num for *_, num in amounts], x, 2)
        if count is None:
            return None
        added = sorted(amounts[:count], key=lambda a: a[0].start)
        first, last = added[0][0], added[-1][0]
        excerpts = frozenset().union(*(v.excerpts for _, v, _ in added))
        written = (self.text[first.start : first.end], self.text[last.start : last.end])
        return Verdict("derived", tok.readings[0], excerpts, how, written)


def listed_before(sentences: Sentences, vals: list[Figure], tok: Token) -> list[int]:
    """The figures (by index) enumerated right before the token in its sentence ("24 Rot,
    11 Weiß und 6 Sekt"): each joined to the next by a comma, "und", "and" or "+"."""
    start = sentences.span_at(tok.start)[0]
    before = [i for i, (_, t, _) in enumerate(vals) if start <= t.start < tok.start]
    listed = before[-1:]
    for i in reversed(before[:-1]):
        gap = sentences.text[vals[i][1].end : vals[listed[0]][1].start]
        if len(gap) > _MAX_ITEM_GAP or not JOINER.search(gap):
            break
        listed.insert(0, i)
    return listed


def run_to(vals: list[Figure], listed: list[int], x: Decimal, text: str) -> int | None:
    """Where the last three or more listed figures that sum to x start, None if none do; a
    figure with a minus sign before it counts as taken off ("+95, +140, −30 und +115
    Minuten, insgesamt 320"), where its value alone does not reach x."""
    values = [vals[i][0] for i in reversed(listed)]
    count = sum_reaches(values, x, 3)
    if count is None:
        signed = [
            -v if _minus_before(text, vals[i][1].start) else v
            for i, v in zip(reversed(listed), values, strict=True)
        ]
        if signed != values:
            count = sum_reaches(signed, x, 3)
    return None if count is None else listed[-count]


def _minus_before(text: str, start: int) -> bool:
    """Whether a minus sign stands right before a figure, after a space, a bracket or
    nothing ("−30", not the hyphen of "2-3")."""
    return text[start - 1 : start] in ("−", "-") and (start < 2 or text[start - 2] in " \t\n(")


def sum_reaches(values: Sequence[Decimal], x: Decimal, least: int) -> int | None:
    """How many of the values, taken in order from the first, add up to x exactly: the first
    such count of at least `least`, None if none is."""
    total = Decimal(0)
    with localcontext() as ctx:
        ctx.prec = 60
        for count, value in enumerate(values, start=1):
            total += value
            if count >= least and total == x:
                return count
    return None
