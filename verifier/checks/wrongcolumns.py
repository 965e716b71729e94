"""A real figure the answer names by another column of its table row: February's page views
given as its visitors ("14.072 Besucher" of the row "| Februar | 14.072 | 5.903 |" under
"| Monat | Aufrufe | Besucher |"), last year's meter reading given as this year's.

The figure must stand in every excerpt that holds it in headed tables only (see
headedtables), and the answer's words right beside it (near_words: its clause, within a few
words, nearer to it than to the figures around it, not what a comparison names) must name
another column of its row, one whose cell there writes a figure of the same kind and unit,
and not its own (which must have words to be named by): a word of another header, inflected
but not in a compound, that neither its own header nor its row has. A figure after "um" or
"by" is a difference from what the words name."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from verifier.checks.bindwords import WORD, meets, words_of
from verifier.checks.grounding import Verdict, flagged
from verifier.checks.headedtables import ASCII_DIGIT, Cell, HeadedTables, shape
from verifier.checks.models import NumberFinding
from verifier.checks.numparse import tokenize
from verifier.checks.readings import Reading, Token

# "um 36,40 € überschritten", "over budget by $36.40": a difference from what the words name.
_BY = re.compile(r"\b(?i:um|by)[ \u00a0]*(?:[€$£][ \u00a0]*)?\Z")


# What ends the words that name a figure's column: a clause, an item, a bracket, a dash.
_PARTS = re.compile(r"[.;:!?](?=\s)|[,()\n]|\s[–—-]\s|\b(?:und|and|sowie|oder|or|bzw)\b", re.I)
# A comparison relates the figure to what the words after it name ("$441 over budget",
# "under plan at $96.30"): those name no column of the figure's.
_COMPARISON = re.compile(
    r"\b(?:over|under|über|unter|above|below|than|als|mehr|weniger|more|less|against"
    r"|gegenüber|vs|versus|statt|instead)\b",
    re.I,
)
_REACH = 32  # characters on either side: "Resturlaub hat sie noch 3 Tage", "14.072 Besucher"


def near_words(text: str, tokens: Sequence[Token], k: int) -> set[str]:
    """The answer's words right beside token k, in its clause, and nearer to it than to the
    figures before and after it ("mit Trinkreife bis 2025" names 2025's), and not what a
    comparison names: what names its column."""
    tok = tokens[k]
    prev = tokens[k - 1].end if k else -_REACH * 4
    after = tokens[k + 1].start if k + 1 < len(tokens) else len(text) + _REACH * 4
    lo, hi = max(0, prev, tok.start - _REACH), min(len(text), after, tok.end + _REACH)
    start = max((m.end() for m in _PARTS.finditer(text, lo, tok.start)), default=lo)
    # Before the figure, the words up to a comparison: "Dining out came in" of "Dining out
    # came in under plan at $96.30".
    compared = _COMPARISON.search(text, start, tok.start)
    before_end = compared.start() if compared else tok.start
    stop = _PARTS.search(text, tok.end, hi)
    end = stop.start() if stop else hi
    compared = _COMPARISON.search(text, tok.end, end)
    end = compared.start() if compared else end
    words = [
        m.group()
        for m in WORD.finditer(text, start, before_end)
        if tok.start - m.end() < m.start() - prev
    ]
    words += [
        m.group()
        for m in WORD.finditer(text, tok.end, end)
        if m.start() - tok.end < after - m.end()
    ]
    return words_of(" ".join(words))


def _kind(r: Reading) -> str:
    kind = str(r.key[0])
    return "date" if kind in ("d", "dm", "ym") else "time" if kind == "t" else kind


class HeadedColumns:
    """The answer's grounded figures against the columns of the excerpts' headed tables."""

    def __init__(self, answer: str, excerpts: Mapping[int, str] | HeadedTables) -> None:
        self.text = answer
        self.tables = excerpts if isinstance(excerpts, HeadedTables) else HeadedTables(excerpts)

    def finding(self, tokens: Sequence[Token], k: int, v: Verdict) -> NumberFinding | None:
        """The finding for token k (of the answer's tokens in order) where the words around
        its grounded figure name another column of its row; None where they do not."""
        if v.status != "grounded" or v.how != "exact" or not v.excerpts:
            return None
        start = tokens[k].start
        if _BY.search(self.text, max(0, start - 8), start):
            return None
        words = near_words(self.text, tokens, k)
        if not words:
            return None
        found = None
        for n in sorted(v.excerpts):
            hit = self._in_excerpt(n, v.reading, words)
            if hit is None:
                return None  # tied rightly, or in prose, in one excerpt: the answer's reading
            found = found or hit
        assert found is not None
        tok = tokens[k]
        written = self.text[tok.start : tok.end]
        n, own, other, value = found
        return flagged(
            self.text,
            tok,
            v,
            "wrong_line",
            [n],
            f'"{written}" stands in excerpt [{n}] in the column "{own}"; the column "{other}" '
            f'gives "{value}" on its row.',
            f"„{written}“ steht in Auszug [{n}] in der Spalte „{own}“; die Spalte „{other}“ "
            f"nennt in derselben Zeile „{value}“.",
        )

    def _in_excerpt(self, n: int, r: Reading, words: set[str]) -> tuple[int, str, str, str] | None:
        """(excerpt, own header, the other header named, its cell) where every place of the
        figure in excerpt n is a headed table's cell and the words name another column."""
        tables = self.tables.of(n)
        # Most answers name no header at all: look for the figure only where one is named.
        if not any(meets(words, h, False) for t in tables for h in t.head_words):
            return None
        found = None
        for cell in self.tables.cells(n, r) or ():
            hit = _named(self.tables.texts[n], cell, r, words)
            if hit is None:
                return None
            found = found or (n, *hit)
        return found


def _named(text: str, cell: Cell, r: Reading, words: set[str]) -> tuple[str, str, str] | None:
    """(own header, the other header the words name, its cell on the row) or None."""
    table, col = cell.table, cell.col
    own = table.head_words[col]
    if not own or meets(words, own):
        return None  # a column without a name ("€/L") may be the one the words speak of
    row = table.rows[cell.row]
    row_words = words_of(" ".join(text[a:b] for a, b in row))
    kind, unit = _kind(r), shape(text, row[col])
    for j, (a, b) in enumerate(row):
        if j == col or not ASCII_DIGIT.search(text, a, b) or shape(text, (a, b)) != unit:
            continue  # a count's column is no size's ("On hand: 2" beside "Spool: 1 kg")
        if not any(_kind(x) == kind for t in tokenize(text[a:b]) for x in t.readings):
            continue  # a date's column names no count's
        theirs = {w for w in table.head_words[j] if not meets({w}, own)}
        named = {w for w in meets(words, theirs, False) if not meets({w}, row_words | own)}
        if named:
            return table.heads[col], table.heads[j], text[a:b]
    return None
