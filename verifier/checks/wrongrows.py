"""A real figure the answer gives a row of a table that another row holds: "the 32-inch
UV32-U … a 165 Hz refresh rate" where 165 Hz is the UV27-Q's and the UV32-U's own cell of
that column says 144 Hz; "Familie Kowalczyk im 1. OG zahlt 639,00 € kalt" from the row
above Kowalczyk's.

The figure must stand in every excerpt that holds it in headed tables only (see
headedtables), and be distinctive (decimals, or three digits or more): a small whole number
meets another row by chance. The answer's clause before it (from its sentence's start, or the
last comma, semicolon, "and" or "und") and after it (to the next) names exactly one row of
that table, not the figure's own: by a cell of words that no other row has ("UV32-U",
"K. Obi", "AL 914") or a word of four letters or more that only that row has. That row's cell
in the figure's column must write a figure of the same unit, and another one. A clause that
compares ("than", "als", "statt", "cheaper") relates two rows and is left alone."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from verifier.checks.bindwords import WORD, meets, words_of
from verifier.checks.grounding import Verdict, flagged
from verifier.checks.headedtables import ASCII_DIGIT, Cell, HeadedTables, Table, shape
from verifier.checks.models import NumberFinding
from verifier.checks.readings import Token

# A sentence's end is no initial's full stop ("K. Obi") nor an ordinal's ("im 1. OG"); a
# decimal comma parts nothing.
_CLAUSE_CUT = re.compile(
    r"(?<!\b[A-Z])(?<![0-9])[.!?](?=\s|$)|[,:](?=\s)|[;\n()]|\s[–—]\s"
    r"|\b(?:und|and|sowie|or|oder|bzw|but|aber)\b",
    re.I,
)
_BRACKETED = re.compile(r"\([^()\n]*\)")
_COMPARES = re.compile(
    r"\b(?:than|als|statt|anstatt|instead|vs|versus|gegenüber|compared|unlike|like|wie"
    r"|cheaper|günstiger|teurer|dearer|more|less|mehr|weniger|higher|lower|höher|niedriger"
    r"|above|below|über|unter|over|under|after|before|nach|vor|next|nächste\w*|previous"
    r"|vorige\w*|other|andere\w*)\b",
    re.I,
)
# A figure as written, not inside a word or code ("VX32-U"): "11.4", "1,325", "8".
_RUN = re.compile(r"(?<![\w.,-])[0-9](?:[0-9]|[.,](?=[0-9]))*(?![\w-])")
_MIN_DIGITS = 3
_DECIMALS = re.compile(r"[.,][0-9]")
_MIN_LETTERS = 3  # a cell that names a row: "K. Obi", "UV32-U"; not "Mo" or "A"
_LETTER = re.compile(r"[^\W\d_]")
_CODE = re.compile(r"[^\W\d_]+[ -]?[0-9][\w-]*")


def _distinctive(written: str) -> bool:
    """Whether a figure as written has decimals or three digits or more."""
    return bool(_DECIMALS.search(written)) or sum(c.isdigit() for c in written) >= _MIN_DIGITS


def _clause(text: str, tok: Token) -> tuple[int, int]:
    """The answer's clause around a figure: from the last cut before it to the first after.
    A bracket beside it is an aside that parts nothing ("S. Yıldız (Whg. 2, EG rechts)
    zahlt"); the one the figure stands in is its clause's end."""
    masked = _BRACKETED.sub(
        lambda m: (
            m.group() if m.start() < tok.end and m.end() > tok.start else " " * len(m.group())
        ),
        text,
    )
    start = max((m.end() for m in _CLAUSE_CUT.finditer(masked, 0, tok.start)), default=0)
    stop = _CLAUSE_CUT.search(masked, tok.end)
    return start, stop.start() if stop else len(text)


def _row_names(text: str, table: Table) -> list[tuple[list[tuple[int, str]], set[str]]]:
    """Each row's cells that name it (by column, as written, no other row has them), and the
    words of its cells that only that row has."""
    cells = [
        [(j, " ".join(text[a:b].split())) for j, (a, b) in enumerate(row)] for row in table.rows
    ]
    counts = Counter(c for row in cells for _, c in row)
    words = [words_of(" ".join(c for _, c in row)) for row in cells]
    heads = words_of(" ".join(table.heads))
    out = []
    for i, (own_cells, own_words) in enumerate(zip(cells, words, strict=True)):
        others = {w for j, ws in enumerate(words) if j != i for w in ws}
        unique = {w for w in own_words if w not in others and w not in heads}
        named = [(j, c) for j, c in own_cells if counts[c] == 1 and _names_a_row(c)]
        out.append((named, unique))
    return out


def _names_a_row(cell: str) -> bool:
    """Whether a cell may name its row: three letters or more ("K. Obi"), or a code led by
    letters ("AL 914", "UV32-U"); not "Mo", "A" or "7 kg"."""
    if len(_LETTER.findall(cell)) >= _MIN_LETTERS:
        return True
    return bool(_CODE.fullmatch(cell))


def _names(clause: str, named_cells: list[tuple[int, str]], unique: set[str]) -> int | None:
    """The column of the cell by which a clause names a row (-1 for one of its words), or
    None where it does not name it."""
    for j, cell in named_cells:
        if re.search(rf"(?<![\w-]){re.escape(cell)}(?![\w-])", clause, re.I):
            return j
    return -1 if meets(words_of(" ".join(WORD.findall(clause))), unique, False) else None


def _gives_its_own(text: str, cell: tuple[int, int], clause: str) -> bool:
    """Whether the clause also gives the named row's own figure of the column: "17.9 GB,
    ahead of Mark's 11.4 GB" names Mark for his 11.4 GB."""
    theirs = {m.group() for m in _RUN.finditer(text, *cell)}
    return any(m.group() in theirs for m in _RUN.finditer(clause))


class WrongRows:
    """The answer's grounded figures against the rows of the excerpts' headed tables."""

    def __init__(self, answer: str, tables: HeadedTables) -> None:
        self.text = answer
        self.tables = tables

    def finding(self, tok: Token, v: Verdict) -> NumberFinding | None:
        """The finding for a grounded figure whose clause names another row of its table
        than the one (or ones) that hold it; None where it does not."""
        written = self.text[tok.start : tok.end]
        if v.status != "grounded" or v.how != "exact" or not v.excerpts:
            return None
        if not _distinctive(written):
            return None
        start, end = _clause(self.text, tok)
        # The figure itself blanked out: another figure of the clause may be the named row's.
        clause = (
            self.text[start : tok.start] + " " * (tok.end - tok.start) + self.text[tok.end : end]
        )
        if _COMPARES.search(clause):
            return None
        found = None
        for n in sorted(v.excerpts):
            cells = self.tables.cells(n, v.reading)
            hit = self._named_row(n, cells, clause) if cells else None
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

    def _named_row(
        self, n: int, cells: Sequence[Cell], clause: str
    ) -> tuple[int, str, str, str, str] | None:
        """(excerpt, the column's header, the figure's row's name, the named row's name and
        its cell) where the clause names one row of the figure's table and none of its own."""
        text = self.tables.texts[n]
        table, col = cells[0].table, cells[0].col
        if any(c.table is not table or c.col != col for c in cells):
            return None  # in two tables or columns: which one the answer read is unclear
        names = _row_names(text, table)
        by = {i: j for i, (cs, ws) in enumerate(names) if (j := _names(clause, cs, ws)) is not None}
        own = {c.row for c in cells}
        if len(by) != 1 or own & by.keys():
            return None
        [(named, by_col)] = by.items()
        a, b = table.rows[named][col]
        mine = table.rows[cells[0].row][col]
        if not ASCII_DIGIT.search(text, a, b) or shape(text, (a, b)) != shape(text, mine):
            return None  # the named row writes no figure of the kind there
        if text[a:b] == text[mine[0] : mine[1]] or _gives_its_own(text, (a, b), clause):
            return None
        # Each row as the reviewer finds it: by the column that named one, else its first name.
        if by_col < 0:
            by_col = names[named][0][0][0] if names[named][0] else 0
        own_name, named_name = (
            " ".join(text[x:y].split())
            for x, y in (table.rows[cells[0].row][by_col], table.rows[named][by_col])
        )
        return n, table.heads[col], own_name, named_name, text[a:b]
