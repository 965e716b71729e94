"""The headed tables of an excerpt, for the column and row checks (wrongcolumns, wrongrows).

A table here is a run of lines of three cells or more each, as many on every line, parted by
"|", tabs or wide spaces; its first line is its header, made of words only (no digit), and a
markdown rule under it is skipped. A figure is a table's where every place the excerpt
writes it is a cell of such a table's rows. Excerpts past excerptlines.MAX_READ are not
read."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from verifier.checks.binding import digits_of
from verifier.checks.bindwords import words_of
from verifier.checks.excerptlines import MAX_READ
from verifier.checks.numparse import day_clock, tokenize_lines
from verifier.checks.readings import Key, Reading

TABLE_RULE = re.compile(r"[ \t]*\|?[ \t:|-]*-[ \t:|-]*")  # "|---|:--:|"
_WIDE = re.compile(r"[ \u00a0]*\t[ \u00a0]*|[ \u00a0]{2,}")  # each tab parts a cell
ASCII_DIGIT = re.compile(r"[0-9]")
# A figure as written, not inside a word or code ("VX32-U"): "11.4", "1,325", "8".
FIGURE_RUN = re.compile(r"(?<![\w.,-])[0-9](?:[0-9]|[.,](?=[0-9]))*(?![\w-])")
_NOT_DIGIT = re.compile(r"[^0-9]+")
_FIGURE_MARKS = re.compile(r"[0-9.,'\s\u00a0\u202f+-]+")
_HEAD_UNIT = re.compile(r"\(([^()]{1,12})\)\s*\Z|\s([€$£%]|[A-Za-z]{0,3}[€$£%/²³][^\s]{0,3})\Z")
_MIN_CELLS = 3
_MIN_NAMED = 2  # header cells with words of their own: a header, not a row of names

Span = tuple[int, int]


@dataclass(slots=True)
class Table:
    """A headed table: its header cells as written, and each data row's cell spans."""

    heads: list[str]
    head_words: list[set[str]]  # each header's words (bindwords.words_of)
    rows: list[list[Span]]

    def unit(self, text: str, row: int, col: int) -> str:
        """What a cell's figure measures: the cell's own unit and its header's."""
        return _shape(text, self.rows[row][col]) + "|" + _header_unit(self.heads[col])


@dataclass(slots=True)
class Cell:
    """Where a figure stands: its table, row (by place) and column."""

    table: Table
    row: int
    col: int


def _cells(text: str, start: int, end: int) -> tuple[str, list[Span]]:
    """How a line parts its cells ("|" or wide spaces), and their spans, stripped."""
    line = text[start:end]
    if line.count("|") >= 2:
        kind, parts, pos = "|", [], 0
        for cell in line.split("|"):
            parts.append((pos, pos + len(cell)))
            pos += len(cell) + 1
        # A row written "| a | b |" has an empty cell before its first pipe and after its last.
        if not line[parts[0][0] : parts[0][1]].strip():
            parts = parts[1:]
        if parts and not line[parts[-1][0] : parts[-1][1]].strip():
            parts = parts[:-1]
    else:
        # A row indented to right-align its first cell ("   1   EG links") starts at its text.
        kind, parts = " ", []
        pos, last = len(line) - len(line.lstrip(" \u00a0")), len(line.rstrip(" \u00a0\r"))
        for m in _WIDE.finditer(line, pos, last):
            parts.append((pos, m.start()))
            pos = m.end()
        parts.append((pos, last))
    spans = []
    for a, b in parts:
        cell = line[a:b]
        lead = len(cell) - len(cell.lstrip())
        spans.append((start + a + lead, start + a + len(cell.rstrip())))
    return kind, spans


def _may_part(raw: str) -> bool:
    """Whether a line may part three cells: a pipe, a tab or two spaces (most prose has none)."""
    return "|" in raw or "\t" in raw or "  " in raw or "\u00a0 " in raw or " \u00a0" in raw


def tables_of(text: str) -> list[Table]:
    """The headed tables of a text."""
    tables: list[Table] = []
    block: list[Span] = []  # the lines of the run of rows so far
    shape: tuple[str, int] | None = None
    pos = 0
    for raw in [*text.split("\n"), ""]:  # an empty line ends the last table
        start, end = pos, pos + len(raw)
        pos = end + 1
        if block and len(block) == 1 and TABLE_RULE.fullmatch(raw) and "-" in raw:
            continue  # the rule under a markdown header
        if shape is None and ASCII_DIGIT.search(raw):
            continue  # no table starts here: its header has no digit (most lines, read fast)
        kind, spans = _cells(text, start, end) if _may_part(raw) else ("", [])
        if shape is not None and (kind, len(spans)) == shape:
            block.append((start, end))
            continue
        if shape is not None and len(block) >= 2:
            table = _headed(text, block)
            if table is not None:
                tables.append(table)
        block, shape = [], None
        if len(spans) >= _MIN_CELLS:
            block, shape = [(start, end)], (kind, len(spans))
    return tables


def _headed(text: str, block: list[Span]) -> Table | None:
    """The table of a run of rows whose first line is a header of words, or None."""
    start, end = block[0]
    if ASCII_DIGIT.search(text, start, end):
        return None
    heads = [text[a:b] for a, b in _cells(text, start, end)[1]]
    head_words = [words_of(h) for h in heads]
    if sum(1 for w in head_words if w) < _MIN_NAMED:
        return None
    rows = [_cells(text, a, b)[1] for a, b in block[1:]]
    return Table(heads, head_words, rows)


def _shape(text: str, cell: Span) -> str:
    """What a cell writes beside its figures: its unit or currency ("kg", "€"), or nothing."""
    return _FIGURE_MARKS.sub("", text[cell[0] : cell[1]]).lower()


def _header_unit(head: str) -> str:
    """The unit a header gives its column: "(Wh)", "(m³)", a last sign ("Preis €", "€/L")."""
    bracket = _HEAD_UNIT.search(head)
    if bracket:
        return (bracket.group(1) or bracket.group(2)).lower()
    return ""


class HeadedTables:
    """The headed tables of the excerpts, each read when first asked."""

    def __init__(self, excerpts: Mapping[int, str]) -> None:
        self.texts = excerpts
        self._tables: dict[int, list[Table]] = {}
        self._cells: dict[tuple[int, Key], list[Cell] | None] = {}
        # Each excerpt's lines (span and digits), and whether it writes the 24-hour clock.
        self._lines: dict[int, tuple[list[tuple[int, int, str]], bool]] = {}

    def of(self, n: int) -> list[Table]:
        """The headed tables of excerpt n (none past MAX_READ characters)."""
        if n not in self._tables:
            text = self.texts.get(n, "")
            self._tables[n] = tables_of(text) if len(text) <= MAX_READ else []
        return self._tables[n]

    def cells(self, n: int, r: Reading) -> list[Cell] | None:
        """The cells of excerpt n's headed tables that write the figure (a reading grounded
        as written), or None where it stands anywhere else too (in prose, on a line of no such
        table) or nowhere."""
        key = r.key
        if (n, key) not in self._cells:  # both checks ask, and a figure may stand twice
            self._cells[(n, key)] = self._cells_of(n, key)
        return self._cells[(n, key)]

    def _cells_of(self, n: int, key: Key) -> list[Cell] | None:
        tables = self.of(n)
        if not tables:
            return None
        digits = digits_of(key)
        if not digits:
            return None
        out = []
        for at in self._places(n, key, digits):
            cell = _cell_at(tables, at)
            if cell is None:
                return None
            out.append(cell)
        return out or None

    def _places(self, n: int, key: Key, digits: list[str]) -> list[int]:
        """Where excerpt n writes the figure (its readings meet the key)."""
        text = self.texts[n]
        if n not in self._lines:
            lines, pos = [], 0
            for raw in text.split("\n"):
                lines.append((pos, pos + len(raw), _NOT_DIGIT.sub("", raw)))
                pos += len(raw) + 1
            self._lines[n] = lines, day_clock(text)
        lines, clock = self._lines[n]
        spans = [(a, b) for a, b, held in lines if all(d in held for d in digits)]
        tokens = tokenize_lines(text, spans, clock)
        return [t.start for t in tokens if any(key == x.key for x in t.readings)]


def _cell_at(tables: list[Table], at: int) -> Cell | None:
    for table in tables:
        for i, row in enumerate(table.rows):
            if row[0][0] <= at <= row[-1][1]:
                col = next((j for j, (a, b) in enumerate(row) if a <= at < b), None)
                return Cell(table, i, col) if col is not None else None
    return None
