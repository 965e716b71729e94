"""The columns of an excerpt as runs of figures, for the totals and means of columns.py: by
a table's place ("|" between cells, or the header's cells of a table laid out with spaces or
tabs), by a label line ("Oktober: 4.120"), and by the unit after each figure, in order."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from verifier.checks.figurewords import same_unit
from verifier.checks.headedtables import TABLE_RULE, Table

# A figure as tables and lists write it: digits with grouping and a decimal mark, a sign.
FIGURE = re.compile(r"(?<![0-9A-Za-z.,])[+-]?[0-9](?:[0-9]|[.,'\u00a0\u202f](?=[0-9]))*")
_MAX_ITEM_GAP = 200  # characters between two items of one list, at most
# A line that adds up others: its figure is no row of the column it stands in.
TOTAL_LINE = re.compile(
    r"(?i:\b(?:gesamt\w*|summe|total|subtotal|zwischensumme|endbetrag|rechnungsbetrag|saldo)\b)"
)
# A label line of one figure: "Oktober: 4.120", "- Strom: 612,40 €", "Januar 2026: 312" (the
# label's own digits are no figure of the column; "Abfahrt 10:05" is a clock time, no label).
_LABEL_VALUE = re.compile(
    r"[ \t]*(?:[-*•][ \t]+)?[^\W\d_][^:|\n]{0,30}(?:(?<![0-9]):[ \t]*|:[ \t]+)"
    r"(?P<v>[+-]?[0-9][0-9.,'\u00a0\u202f]*)"
    r"[ \t]*(?:[€$£%]|[^\W\d_]{1,12}\.?)?[ \t]*"
)
_WORD = re.compile(r"[^\W\d_]+")
UNIT = re.compile(r"[ \u00a0\u202f]*([^\s\d.,;:!?()\[\]/|]+)")
_MAX_CELLS = 400  # figures of one column added up
_MIN_ROWS = 2
# What a table's cell may write beside its one figure: a currency before it ("£412.60"), a
# currency or a short unit after it ("12,5 kg", "85 %"); "Mon 2 Mar" is a date, no figure.
_CELL_BEFORE = re.compile(r"(?:[€$£]|EUR|USD|GBP|CHF)?[ \u00a0]*")
_CELL_AFTER = re.compile(r"[ \u00a0]*(?:[€$£%]|EUR|USD|GBP|CHF|[^\W\d_]{1,3}[.²³]?)?")


@dataclass(slots=True)
class Run:
    """The figures of a column in a row so far: where it is, their sum and count, the first
    and last as written, and where the last ends."""

    n: int
    unit: str  # the unit of a list's figures, or a table column's header ("" for none)
    table: bool
    total: Decimal
    count: int
    first: str
    last: str
    end: int

    def take(self, value: Decimal, written: str, end: int) -> None:
        """Add the next figure of the column (as written, and where it ends)."""
        self.total += value
        self.count += 1
        self.last, self.end = written, end


def columns_of(n: int, text: str, budget: list[int]) -> list[Run]:
    """The runs of the columns of one excerpt: by table place, and by unit (at most budget[0]
    figures of all excerpts together are read: each costs a few microseconds)."""
    open_runs: dict[object, Run] = {}
    done: list[Run] = []
    headers: dict[int, list[str]] = {}  # a table's header cells, by its number of pipes
    line_start, line_end, pipes, skip, value_at, on_line = 0, -1, 0, False, -1, 0
    for m in FIGURE.finditer(text):
        budget[0] -= 1
        if budget[0] < 0:
            open_runs.clear()  # cut short: no column read is whole
            break
        written = m.group()
        value = Decimal(written) if written.isdigit() else figure_value(written)
        if value is None:
            continue
        start, end = m.span()
        on_line += 1  # the figure's place on its line
        if start > line_end:  # the figure's line, read once per line
            on_line = 0
            line_start = text.rfind("\n", 0, start) + 1
            line_end = text.find("\n", end)
            line_end = len(text) if line_end < 0 else line_end
            pipes = text.count("|", line_start, line_end)
            skip = _skipped(text, line_start, line_end, pipes, headers)
            label = _LABEL_VALUE.fullmatch(text, line_start, line_end)
            value_at = label.start("v") if label else -1
            if pipes >= 2 and pipes not in headers:
                headers[pipes] = _header_above(text, line_start)
        if skip:
            continue  # a total's line, or a table's header ("| Monat | 2024 | 2025 |")
        if pipes >= 2:
            column = text.count("|", line_start, start)
            place = (pipes, column)
            cells = headers.get(pipes, [])
            header = same_unit(cells[column]) if column < len(cells) else ""
            _add(open_runs, done, place, header, value, written, (text, start, end), _rows_apart)
        elif start == value_at:  # "Oktober: 4.120" over "November: 3.860"
            _add(open_runs, done, "", "", value, written, (text, start, end), _labels_apart)
        word = UNIT.match(text, end)
        if word:
            unit = same_unit(word.group(1))
            _add(open_runs, done, unit, unit, value, written, (text, start, end), _items_apart)
            # And by its place on the line, a column of a log without pipes ("Mon 03/09
            # 5.2 km 28:40"), which a note's "3 km" or a prose line's "410 km" is not of.
            key = f"{unit}#{on_line}"
            _add(open_runs, done, key, unit, value, written, (text, start, end), _items_apart)
    runs = [run for run in (*done, *open_runs.values()) if run.count >= _MIN_ROWS]
    for run in runs:
        run.n = n
    return runs


def _add(
    open_runs: dict[object, Run],
    done: list[Run],
    column: object,
    unit: str,
    value: Decimal,
    written: str,
    where: tuple[str, int, int],
    apart: Callable[[str, int, int], bool],
) -> None:
    """Add a figure (where: text, start, end) to its column's run, or close that run and
    start one where it stands apart; a column takes _MAX_CELLS figures at most."""
    text, start, end = where
    run = open_runs.get(column)
    if run is not None and not apart(text, run.end, start) and run.count < _MAX_CELLS:
        run.take(value, written, end)
        return
    if run is not None:
        done.append(run)
    open_runs[column] = Run(0, unit, isinstance(column, tuple), value, 1, written, written, end)


def figure_value(written: str) -> Decimal | None:
    """The value of a figure as a table writes it: 3.412,87 and 3,412.87 alike; a lone
    separator before three digits groups thousands (2.500), else it marks decimals (42,10)."""
    digits = written.replace("'", "").replace("\u00a0", "").replace("\u202f", "")
    dots, commas = digits.count("."), digits.count(",")
    if dots and commas:
        decimal = "." if digits.rfind(".") > digits.rfind(",") else ","
    elif dots + commas == 1:
        sep = "." if dots else ","
        decimal = sep if len(digits.rsplit(sep, 1)[1]) != 3 else ""
    else:
        decimal = ""
    grouping = {".", ","} - {decimal}
    plain = "".join(c for c in digits if c not in grouping).replace(",", ".")
    try:
        return Decimal(plain)
    except InvalidOperation:
        return None


def _rows_apart(text: str, end: int, start: int) -> bool:
    """Whether table cells stand apart: a line that is no table row lies between them."""
    return any("|" not in line for line in text[end:start].split("\n")[1:-1])


def _labels_apart(text: str, end: int, start: int) -> bool:
    """Whether label lines stand apart: a line between them is no label line of a figure."""
    line = text.find("\n", end)
    while 0 <= line < start:
        following = text.find("\n", line + 1)
        following = len(text) if following < 0 else following
        if following >= start:
            return False
        if not _LABEL_VALUE.fullmatch(text, line + 1, following):
            return True
        line = following
    return False


def _items_apart(text: str, end: int, start: int) -> bool:
    """Whether figures of a unit stand apart: items of one list stand on lines of their own,
    or a few words apart ("Juli 3,4 kg, August 11,8 kg"), not in prose ("and is rarely")."""
    if text.find("\n", end, start) >= 0:
        return False
    return start - end > _MAX_ITEM_GAP or len(_WORD.findall(text, end, start)) > 3


def _header_above(text: str, start: int) -> list[str]:
    """The cells of the header above a table's rule ("| Datum | Liter |" over "|---|---|")
    that stands right above the row starting at start; none if there is none."""
    rule_start = text.rfind("\n", 0, max(0, start - 1)) + 1
    if start == 0 or not TABLE_RULE.fullmatch(text, rule_start, start - 1):
        return []
    head_start = text.rfind("\n", 0, max(0, rule_start - 1)) + 1
    return [cell.strip() for cell in text[head_start : max(head_start, rule_start - 1)].split("|")]


def _skipped(text: str, start: int, end: int, pipes: int, headers: dict[int, list[str]]) -> bool:
    """Whether a line's figures belong to no column: a total's line, or a table's header
    (the line before "|---|"), whose cells are kept as the columns' headers."""
    if TOTAL_LINE.search(text, start, end) and (
        pipes >= 2 or len(FIGURE.findall(text, start, end)) == 1
    ):
        return True  # a total's row or line ("Gesamt | 23,5"), not a list named a total
    following = text.find("\n", end + 1)
    if pipes >= 2 and TABLE_RULE.fullmatch(
        text, end + 1, len(text) if following < 0 else following
    ):
        headers[pipes] = [cell.strip() for cell in text[start:end].split("|")]
        return True
    return False


def table_runs(n: int, text: str, tables: list[Table], budget: list[int]) -> list[Run]:
    """The columns of an excerpt's headed tables laid out with spaces or tabs (columns_of
    reads those with pipes), each a run of its cells that write one figure alone, a total's
    row left out; at most budget[0] cells of all excerpts together are read."""
    runs: list[Run] = []
    for table in tables:
        first = table.rows[0][0][0]
        if "|" in text[text.rfind("\n", 0, first) + 1 : first]:
            continue
        rows = [row for row in table.rows if not TOTAL_LINE.search(text, row[0][0], row[-1][1])]
        for col, head in enumerate(table.heads):
            run: Run | None = None
            for row in rows:
                budget[0] -= 1
                if budget[0] < 0:
                    return []  # cut short: no column read is whole
                a, b = row[col]
                m = FIGURE.search(text, a, b)
                if m is None or FIGURE.search(text, m.end(), b):
                    continue  # "closed", or a date ("Mon 2 Mar") and a figure
                if not (
                    _CELL_BEFORE.fullmatch(text, a, m.start())
                    and _CELL_AFTER.fullmatch(text, m.end(), b)
                ):
                    continue
                value = figure_value(m.group())
                if value is None:
                    continue
                if run is None:
                    run = Run(n, same_unit(head), True, value, 1, m.group(), m.group(), m.end())
                else:
                    run.take(value, m.group(), m.end())
            if run is not None and run.count >= _MIN_ROWS:
                runs.append(run)
    return runs
