"""A real figure the answer gives a row of a table that another row holds: "the 32-inch
UV32-U … a 165 Hz refresh rate" where 165 Hz is the UV27-Q's and the UV32-U's own cell of
that column says 144 Hz; "Familie Kowalczyk im 1. OG zahlt 639,00 € kalt" from the row
above Kowalczyk's.

The figure must stand in every excerpt that holds it in headed tables only (see
headedtables), in one column and in no total's row, and be distinctive (decimals, or three
digits or more): a small whole number meets another row by chance. Its clause (from the
last cut before it to the next after it: a sentence's end, a comma or colon before a space,
a semicolon, a bracket, a spaced dash, "und", "and", "sowie", "or", "oder", "bzw", "but",
"aber"; a bracket beside the figure is an aside and parts nothing; at most _REACH
characters either side) names exactly one row of that table, not the figure's own: by a cell
no other row has, with a capital or a digit (one word of it four letters at least), in a
column whose values all differ ("UV32-U", "K. Obi", "AL 914"), or by a word of four letters
or more that only that row has, each as written ("plus tax" names no row "Plus"). That
row's cell in the figure's column must write another figure of the same unit. Left alone: a
clause that compares, sets rows beside each other or names one as a point in time ("than",
"als", "statt", "neben", "im Gegensatz", "nach", "seit", "if"), and a sentence that gives
another figure of the same column (a list, "bzw.", "respectively"), where the names and
figures pair in an order of their own."""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from verifier.checks.bindwords import WORD, meets, words_of
from verifier.checks.columnruns import TOTAL_LINE
from verifier.checks.grounding import Verdict, flagged
from verifier.checks.headedtables import ASCII_DIGIT, FIGURE_RUN, Cell, HeadedTables, Table
from verifier.checks.models import NumberFinding
from verifier.checks.readings import Token

# A full stop before a space ends a sentence, but not an initial's ("K. Obi").
_STOP = re.compile(r"(?<!\b[A-Z])[.!?](?=\s|$)|\n", re.I)
_CUT = re.compile(
    r"[,:](?=\s)|[;()]|\s[–—]\s|\b(?:und|and|sowie|or|oder|bzw|but|aber)\b",
    re.I,
)
# An ordinal's full stop after a word that leads one ("im 1. OG", "am 3. Mai").
_ORDINAL = re.compile(
    r"\b(?:im|am|zum|zur|vom|beim|der|die|das|den|dem|des|ab|bis|seit|jeden|jedes|jede)"
    r"[ \u00a0][0-9]{1,2}\Z",
    re.I,
)
_BRACKETED = re.compile(r"\([^()\n]*\)")
_COMPARES = re.compile(
    r"\b(?:than|als|statt|anstatt|instead|vs|versus|gegenüber|compared|unlike|like"
    r"|cheaper|günstiger|teurer|dearer|more|less|mehr|weniger|higher|lower|höher|niedriger"
    r"|above|below|over|under|after|before|vor|next|nächste\w*|previous|vorige\w*|other"
    r"|andere\w*|neben|besides|gegensatz|zwischen|between|ahead|behind|hinter|beats?"
    r"|schlägt|außer|except|apart|while|whereas|während|nachbar\w*|neighbou?r\w*"
    r"|nach|seit|since|vergleich\w*|verglichen|über|unter|alternativ\w*|wie|if|wenn|falls"
    r"|unless)\b",
    re.I,
)
_MIN_DIGITS = 3
_DECIMALS = re.compile(r"[.,][0-9]")
_MIN_LETTERS = 3  # a cell that names a row: "K. Obi", "UV32-U"; not "Mo" or "A"
_LETTER = re.compile(r"[^\W\d_]")
_NAME_MARK = re.compile(r"[A-ZÄÖÜ0-9]")  # a name or a code, not "offen" or "paid"
_CODE = re.compile(r"[^\W\d_]+[ -]?[0-9][\w-]*")

_PREFIX = 4  # letters of a word that an inflection keeps
_REACH = 160  # characters of a clause or sentence read on either side of a figure


def _distinctive(written: str) -> bool:
    """Whether a figure as written has decimals or three digits or more."""
    return bool(_DECIMALS.search(written)) or sum(c.isdigit() for c in written) >= _MIN_DIGITS


def _stops(text: str, lo: int, hi: int) -> Iterator[re.Match[str]]:
    """The sentence ends between lo and hi: a full stop after a number ends a sentence
    ("Sie wohnt in Wohnung 3. Die …") unless the word before leads an ordinal."""
    for m in _STOP.finditer(text, lo, hi):
        if m.group() != "." or not _ORDINAL.search(text, max(0, m.start() - 12), m.start()):
            yield m


class _Parts:
    """Where the answer's sentences and clauses end, read once. A bracket is an aside that
    parts nothing around it ("S. Yıldız (Whg. 2, EG rechts) zahlt"); a figure inside one has
    the bracket for its sentence."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.brackets = [m.span() for m in _BRACKETED.finditer(text)]
        masked = _BRACKETED.sub(lambda m: " " * len(m.group()), text)
        stops = [m.span() for m in _stops(masked, 0, len(text))]
        cuts = sorted(stops + [m.span() for m in _CUT.finditer(masked)])
        self._stops = ([a for a, _ in stops], [b for _, b in stops])
        self._cuts = ([a for a, _ in cuts], [b for _, b in cuts])

    def span(self, tok: Token, cuts: bool) -> tuple[int, int]:
        """The sentence (or, with cuts, the clause) a figure stands in."""
        inside = next((b for b in self.brackets if b[0] < tok.start and tok.end < b[1]), None)
        if inside is not None:
            return _in_bracket(self.text, inside, tok, cuts)
        starts, ends = self._cuts if cuts else self._stops
        k = bisect_right(ends, tok.start)
        first = ends[k - 1] if k else 0
        j = bisect_left(starts, tok.end)
        return first, starts[j] if j < len(starts) else len(self.text)


def _in_bracket(text: str, bracket: tuple[int, int], tok: Token, cuts: bool) -> tuple[int, int]:
    """The clause of a figure inside a bracket: the bracket, cut where a clause ends."""
    lo, hi = bracket[0] + 1, bracket[1] - 1
    if not cuts:
        return lo, hi
    before = [m.end() for m in _CUT.finditer(text, lo, tok.start)]
    after = _CUT.search(text, tok.end, hi)
    return max(before, default=lo), after.start() if after else hi


@dataclass(slots=True)
class _RowNames:
    """What names each row of a table: its cells no other row has (by column, as written),
    and the words only one row has, by their first four letters (an inflection keeps them)."""

    cells: list[list[tuple[int, str]]]
    words: dict[str, list[tuple[str, int, bool]]]  # each with its row and its capital

    def named(self, clause: str) -> dict[int, int]:
        """The rows a clause names, each with the column of the cell that names it (-1 for a
        word of it)."""
        by: dict[int, int] = {}
        for i, cells in enumerate(self.cells):
            for j, cell in cells:
                if cell in clause and re.search(rf"(?<![\w-]){re.escape(cell)}(?![\w-])", clause):
                    by[i] = j
                    break
        # As written: a capital stays one ("plus tax" is no row "Plus").
        written = {w.lower(): w[0].isupper() for w in WORD.findall(clause)}
        for w in words_of(" ".join(WORD.findall(clause))):
            for word, i, upper in self.words.get(w[:_PREFIX], ()):
                if i not in by and written.get(w) == upper and meets({w}, {word}, False):
                    by[i] = -1
        return by


def _row_names(text: str, table: Table) -> _RowNames:
    """Each row's cells that name it and the words only it has; a total's row has none."""
    cells = [
        [(j, " ".join(text[a:b].split())) for j, (a, b) in enumerate(row)] for row in table.rows
    ]
    counts = Counter(c for row in cells for _, c in row)
    # A column some value of which repeats is a category ("offen", "bezahlt"), no name.
    categories = {
        j for j in range(len(table.heads)) if len({row[j][1] for row in cells}) < len(cells)
    }
    totals = {i for i, row in enumerate(cells) if any(TOTAL_LINE.search(c) for _, c in row)}
    words = [words_of(" ".join(c for j, c in row if j not in categories)) for row in cells]
    capitals = {
        w.lower(): w[0].isupper()
        for row in cells
        for j, c in row
        if j not in categories
        for w in WORD.findall(c)
    }
    heads = words_of(" ".join(table.heads))
    seen = Counter(w for ws in words for w in ws)
    by_start: dict[str, list[tuple[str, int, bool]]] = {}
    named: list[list[tuple[int, str]]] = []
    for i, (own_cells, own_words) in enumerate(zip(cells, words, strict=True)):
        if i in totals:
            named.append([])
            continue
        for w in own_words:
            if seen[w] == 1 and w not in heads:
                by_start.setdefault(w[:_PREFIX], []).append((w, i, capitals.get(w, False)))
        named.append(
            [
                (j, c)
                for j, c in own_cells
                if counts[c] == 1 and j not in categories and _names_a_row(c)
            ]
        )
    return _RowNames(named, by_start)


def _names_a_row(cell: str) -> bool:
    """Whether a cell may name its row: a capital or digit and three letters or more
    ("K. Obi"), one word of four ("Pro" is a preposition as often), or a code led by letters
    ("AL 914", "UV32-U"); not "Mo", "offen" or "7 kg"."""
    letters = len(_LETTER.findall(cell))
    if letters >= _MIN_LETTERS + (" " not in cell) and _NAME_MARK.search(cell):
        return True
    return bool(_CODE.fullmatch(cell))


class WrongRows:
    """The answer's grounded figures against the rows of the excerpts' headed tables."""

    def __init__(self, answer: str, tables: HeadedTables) -> None:
        self.text = answer
        self.tables = tables
        self._names: dict[int, _RowNames] = {}  # by id() of a table of self.tables, read once
        self._parts = _Parts(answer)

    def finding(self, tok: Token, v: Verdict) -> NumberFinding | None:
        """The finding for a grounded figure whose clause names another row of its table
        than the one (or ones) that hold it; None where it does not."""
        written = self.text[tok.start : tok.end]
        if v.status != "grounded" or v.how != "exact" or not v.excerpts:
            return None
        if not _distinctive(written):
            return None
        # Most figures stand in no headed table: nothing more is read.
        places = {n: self.tables.cells(n, v.reading) for n in sorted(v.excerpts)}
        if not all(places.values()):
            return None
        clause = self._around(tok, True)
        if _COMPARES.search(_BRACKETED.sub(" ", clause)):  # an aside compares nothing
            return None
        sentence = self._around(tok, False)
        found = None
        for n, cells in places.items():
            hit = self._named_row(n, cells, clause, sentence) if cells else None
            if hit is None:
                return None
            found = found or hit
        assert found is not None
        n, head, own_value, named, value = found
        return flagged(
            self.text,
            tok,
            v,
            "wrong_line",
            [n],
            f'"{written}" stands in excerpt [{n}] on the row of "{own_value}"; the row of '
            f'"{named}" gives "{value}" in the column "{head}".',
            f"„{written}“ steht in Auszug [{n}] in der Zeile von „{own_value}“; die Zeile von "
            f"„{named}“ nennt in der Spalte „{head}“ „{value}“.",
        )

    def _around(self, tok: Token, cuts: bool) -> str:
        """The figure's clause (or sentence), at most _REACH characters on either side, with
        the figure itself blanked out: the others are read for its column."""
        start, end = self._parts.span(tok, cuts)
        start, end = max(start, tok.start - _REACH), min(end, tok.end + _REACH)
        return self.text[start : tok.start] + " " * (tok.end - tok.start) + self.text[tok.end : end]

    def _named_row(
        self, n: int, cells: Sequence[Cell], clause: str, sentence: str
    ) -> tuple[int, str, str, str, str] | None:
        """(excerpt, the column's header, the figure's row's name, the named row's name and
        its cell) where the clause names one row of the figure's table and none of its own."""
        text = self.tables.texts[n]
        table, col = cells[0].table, cells[0].col
        if any(c.table is not table or c.col != col for c in cells):
            return None  # in two tables or columns: which one the answer read is unclear
        if id(table) not in self._names:
            self._names[id(table)] = _row_names(text, table)
        names = self._names[id(table)]
        if not any(names.cells[c.row] for c in cells):
            return None  # a total's row, or one without a name: the answer may sum or rank
        by = names.named(clause)
        own = {c.row for c in cells}
        if len(by) != 1 or own & by.keys():
            return None
        [(named, by_col)] = by.items()
        a, b = table.rows[named][col]
        mine = table.rows[cells[0].row][col]
        unit = table.unit(text, cells[0].row, col)
        if not ASCII_DIGIT.search(text, a, b) or table.unit(text, named, col) != unit:
            return None  # the named row writes no figure of the kind there
        if text[a:b] == text[mine[0] : mine[1]]:
            return None
        # Another figure of the column in the sentence: a list, or a comparison ("17.9 GB,
        # ahead of Mark's 11.4 GB"), whose names and figures pair in an order of their own;
        # not one of the cell's own ("84,5 × 59,7 × 55,0": its height and width).
        column = {m.group() for row in table.rows for m in FIGURE_RUN.finditer(text, *row[col])}
        column -= {m.group() for m in FIGURE_RUN.finditer(text, *mine)}  # its cell's other parts
        if any(m.group() in column for m in FIGURE_RUN.finditer(sentence)):
            return None
        # Each row as the reviewer finds it: by the column that named one, else its first name.
        if by_col < 0:
            by_col = names.cells[named][0][0] if names.cells[named] else 0
        own_name, named_name = (
            " ".join(text[x:y].split())
            for x, y in (table.rows[cells[0].row][by_col], table.rows[named][by_col])
        )
        return n, table.heads[col], own_name, named_name, text[a:b]
