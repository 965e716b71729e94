"""A real figure the answer names by another column of its table row: February's page views
given as its visitors ("14.072 Besucher" of the row "| Februar | 14.072 | 5.903 |" under
"| Monat | Aufrufe | Besucher |").

The figure must stand in every excerpt that holds it in headed tables only (see
headedtables), and the word that names it must name another column of its row: the word
right after it, past a unit or currency at most ("14.072 Besucher", "5,10 € Ladenpreis"), or
the label right before its colon ("Besucher: 14.072"). That word must be one of another
header's, inflected but not in a compound, that neither its own header (which must have
words to be named by; a compound of the word names it: "Tore" of "Gegentore") nor its row
has, and that column's cell on the row must write a figure of the same kind and unit (the
cell's and the header's). A word further off names the figure's column as often as what it
is compared with, left of or taken from ("vom Budget 26,00 € übrig", "nach Abzug der Pause
8,75 Stunden"), and names nothing; but one that shares a stem with the figure's own header
clears it ("bestellten 122 Besucher" of "Bestellungen"), and so does the named column's own
figure beside it, related by "statt", "vs." or "than" ("3.620 € statt 3.500 €")."""

from __future__ import annotations

import re

from verifier.checks.bindwords import meets, words_of
from verifier.checks.grounding import Verdict, flagged
from verifier.checks.headedtables import ASCII_DIGIT, FIGURE_RUN, Cell, HeadedTables
from verifier.checks.models import NumberFinding
from verifier.checks.numparse import tokenize
from verifier.checks.readings import Reading, Token

# Short words that are no unit: "leaves at 07:00 and arrives at 10:45".
_SHORT_WORDS = (
    r"(?i:and|und|or|the|der|die|das|den|dem|des|at|to|in|im|am|an|on|of|for|für|bis|von"
    r"|vom|zum|zur|mit|per|pro|je|ab|is|ist|war|was|are|so|bei|als|wie|but|not|nur|ein|vs"
    r"|ggü|bzw|ca|etc|inkl|zzgl|exkl|aus|auf|um|by|up|off|out|its|his|her|our|all|any)\b"
)
# Between a figure and the word that names it: a unit or a currency at most ("14.072
# Besucher", "5,10 € Ladenpreis", "93 m³ Verbrauch", "14 Stück verfügbar").
_NAMED_AFTER = re.compile(
    r"[ \u00a0]*(?:(?:[€$£%]|(?i:stück|pieces)|(?!" + _SHORT_WORDS + r")[^\W\d_]{1,3}[²³]?\.?)"
    r"[ \u00a0]+)?"
    # Not a comparison's adjective: "closed at $185.10 higher than it opened", "high above".
    r"([^\W\d_]{4,})(?![^\W\d_])(?![ \u00a0]+(?i:than|als|above|below|over|under|über|unter)\b)"
)
_STEM = 6
_CONTEXT = 120  # characters either side whose figures may be the named column's own
_RELATES = re.compile(
    r"\b(?:statt|anstatt|instead|vs|versus|against|than|als|gegenüber|compared|verglichen)\b",
    re.I,
)
_AROUND = 40  # characters either side whose words may name the figure's own column
# A label right before its figure that opens its clause: "Besucher: 14.072" ("das Budget:
# 3.620 €", "below target: 158.0" or "der 12. Rate: 187,60 €" relate the figure to it).
_LABEL_BEFORE = re.compile(
    r"(?:\A|[\n;,(•*]|(?<![0-9])\.|[ \t][-–—])[ \t]*([^\W\d_]{4,}):[ \u00a0]*"
    r"(?:[€$£][ \u00a0]*)?\Z"
)


def naming_words(text: str, tok: Token) -> set[str]:
    """The word that names a figure of the answer: right after it, or its label before it."""
    found = [m.group(1) for m in (_NAMED_AFTER.match(text, tok.end),) if m]
    label = _LABEL_BEFORE.search(text, max(0, tok.start - _AROUND), tok.start)
    found += [label.group(1)] if label else []
    return words_of(" ".join(found))


def _kind(r: Reading) -> str:
    kind = str(r.key[0])
    return "date" if kind in ("d", "dm", "ym") else "time" if kind == "t" else kind


class HeadedColumns:
    """The answer's grounded figures against the columns of the excerpts' headed tables."""

    def __init__(self, answer: str, tables: HeadedTables) -> None:
        self.text = answer
        self.tables = tables

    def finding(self, tok: Token, v: Verdict) -> NumberFinding | None:
        """The finding for a grounded figure of the answer whose naming word names another
        column of its row; None where it does not."""
        if v.status != "grounded" or v.how != "exact" or not v.excerpts:
            return None
        words = naming_words(self.text, tok)
        # Most figures have no naming word, or one no header has: nothing more is read.
        if not words or not all(self._header_named(n, words) for n in v.excerpts):
            return None
        # Its own column named near it, even by a verb, tells the answer's reading:
        # "bestellten 122 Besucher" of a column "Bestellungen" (only ever to flag less).
        lo, hi = max(0, tok.start - _AROUND), tok.end + _AROUND
        # Not another figure's own name: "5.877 Aufrufe und 18.905 Besucher" (swapped).
        theirs = {
            named.group(1).lower()
            for m in FIGURE_RUN.finditer(self.text, lo, hi)
            if (m.end() <= tok.start or m.start() >= tok.end)
            and (named := _NAMED_AFTER.match(self.text, m.end()))
        }
        nearby = words_of(self.text[lo:hi]) - theirs
        # The answer's other figures near it that a comparison relates to it: the named
        # column's own figure among them ("3.620 € statt 3.500 €", "$3,620 vs. budget
        # $3,500"). Two figures each named ("66 orders and 61 units sold") relate nothing.
        others = {
            m.group()
            for m in FIGURE_RUN.finditer(
                self.text, max(0, tok.start - _CONTEXT), tok.end + _CONTEXT
            )
            if (m.end() <= tok.start and _RELATES.search(self.text, m.end(), tok.start))
            or (m.start() >= tok.end and _RELATES.search(self.text, tok.end, m.start()))
        }
        found = None
        for n in sorted(v.excerpts):
            hit = self._in_excerpt(n, v.reading, words, nearby, others)
            if hit is None:
                return None  # tied rightly, or in prose, in one excerpt: the answer's reading
            found = found or hit
        assert found is not None
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

    def _header_named(self, n: int, words: set[str]) -> bool:
        """Whether the words are a word of a header of excerpt n's tables."""
        return any(meets(words, h, False) for t in self.tables.of(n) for h in t.head_words)

    def _in_excerpt(
        self, n: int, r: Reading, words: set[str], nearby: set[str], others: set[str]
    ) -> tuple[int, str, str, str] | None:
        """(excerpt, own header, the other header named, its cell) where every place of the
        figure in excerpt n is a headed table's cell and the words name another column."""
        found = None
        for cell in self.tables.cells(n, r) or ():
            if _stem_of(nearby, cell.table.head_words[cell.col]):
                return None
            hit = _named(self.tables.texts[n], cell, r, words, others)
            if hit is None:
                return None
            found = found or (n, *hit)
        return found


def _stem_of(words: set[str], own: set[str]) -> bool:
    """Whether a word shares a stem of six letters with the own header's ("bestellten",
    "Bestellungen")."""
    return any(w[:_STEM] == o[:_STEM] for w in words for o in own if len(w) >= _STEM <= len(o))


def _names_own(words: set[str], own: set[str]) -> bool:
    """Whether the words name the figure's own column: inflected or in a compound, also a
    short word ("Tore" of "Gegentore", which bindwords reads as inflections only)."""
    return bool(meets(words, own)) or any(
        o.endswith(w) or o.startswith(w) for o in own for w in words
    )


def _named(
    text: str, cell: Cell, r: Reading, words: set[str], others: set[str]
) -> tuple[str, str, str] | None:
    """(own header, the other header the words name, its cell on the row) or None."""
    table, col = cell.table, cell.col
    own = table.head_words[col]
    if not own or _names_own(words, own):
        return None  # a column without a name ("€/L") may be the one the words speak of
    row = table.rows[cell.row]
    row_words = words_of(" ".join(text[a:b] for a, b in row))
    kind, unit = _kind(r), table.unit(text, cell.row, col)
    for j, (a, b) in enumerate(row):
        if j == col or not ASCII_DIGIT.search(text, a, b) or table.unit(text, cell.row, j) != unit:
            continue  # a count's column is no size's ("On hand: 2" beside "Spool: 1 kg")
        if not any(_kind(x) == kind for t in tokenize(text[a:b]) for x in t.readings):
            continue  # a date's column names no count's
        if any(m.group() in others for m in FIGURE_RUN.finditer(text, a, b)):
            continue  # its own figure given too: the answer relates the two
        theirs = {w for w in table.head_words[j] if not meets({w}, own)}
        named = {w for w in meets(words, theirs, False) if not meets({w}, row_words | own)}
        if named:
            return table.heads[col], table.heads[j], text[a:b]
    return None
