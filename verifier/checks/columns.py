"""Totals and means an answer takes over a column of an excerpt: "zusammen 197,87 Liter" for
the litres of a fuel log's five rows, "im Schnitt 70,15 €" for their amounts, "insgesamt
23,5 kg" for a harvest listed month by month.

A column is the cells at one place of a table's rows ("|" between them), or the figures of
one excerpt followed by one unit, in order (and then the answer's figure has that unit; a
table column whose header says what it measures, "Betrag" or "Liter", must measure what the
answer's figure does). A total's row or line and a table's header are no cells. A total word
("insgesamt", "in total") or an average word stands in the result's sentence (a total in
cents of three rows or more needs none), and the total or mean is the whole column's: a run
of a few rows adds up to a wrong figure by chance too often (39,99 + 24,90 as the "total" of
three subscriptions). Only the excerpts the sentence cites are read (all where it cites
none), and at most _MAX_FIGURES figures."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from verifier.checks.arithwords import AVERAGE, TOTALLED
from verifier.checks.bindwords import meets, words_of
from verifier.checks.citations import Sentences
from verifier.checks.excerptlines import Excerpt, rare_words, row_words
from verifier.checks.figurewords import same_unit
from verifier.checks.grounding import Verdict
from verifier.checks.readings import Token

# A figure as tables and lists write it: digits with grouping and a decimal mark, a sign.
FIGURE = re.compile(r"(?<![0-9A-Za-z.,])[+-]?[0-9](?:[0-9]|[.,'\u00a0\u202f](?=[0-9]))*")
_MAX_FIGURES = 500
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
TABLE_RULE = re.compile(r"[ \t]*\|?[ \t:|-]*-[ \t:|-]*")  # "|---|:--:|"
_WORD = re.compile(r"[^\W\d_]+")
_UNIT = re.compile(r"[ \u00a0\u202f]*([^\s\d.,;:!?()\[\]/|]+)")
_MAX_CELLS = 400  # figures of one column added up
_MIN_ROWS = 2
CENTS = 2  # decimals of a total that needs no word (a column's or named rows')
MIN_UNANNOUNCED = 3  # rows of a total that needs no word


@dataclass(slots=True)
class _Run:
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


def _columns(n: int, text: str, budget: list[int]) -> list[_Run]:
    """The runs of the columns of one excerpt: by table place, and by unit (at most budget[0]
    figures of all excerpts together are read: each costs a few microseconds)."""
    open_runs: dict[object, _Run] = {}
    done: list[_Run] = []
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
        word = _UNIT.match(text, end)
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
    open_runs: dict[object, _Run],
    done: list[_Run],
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
        run.total += value
        run.count += 1
        run.last, run.end = written, end
        return
    if run is not None:
        done.append(run)
    open_runs[column] = _Run(0, unit, isinstance(column, tuple), value, 1, written, written, end)


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


_KINDS = {
    **dict.fromkeys(("€", "$", "£", "chf", "betrag", "preis", "kosten", "amount", "price",
                     "cost", "paid", "summe"), "money"),
    **dict.fromkeys(("l", "liter", "litre", "liters", "litres", "ml"), "volume"),
    **dict.fromkeys(("kg", "g", "gramm", "gewicht", "weight"), "mass"),
    **dict.fromkeys(("kwh", "verbrauch"), "energy"),
    **dict.fromkeys(("km", "strecke", "distance", "miles"), "distance"),
}  # fmt: skip


def _kind(unit: str) -> str:
    """What a unit or a column's header measures ("Betrag": money), "" where unknown."""
    return next((_KINDS[w] for w in re.findall(r"[^\W\d_]+|[€$£]", unit) if w in _KINDS), "")


class Columns:
    """The totals and means of the excerpts' columns, read at the first figure that asks."""

    def __init__(
        self,
        sentences: Sentences,
        excerpts: Sequence[tuple[int, str]],
        lines_of: Callable[[int], Excerpt],
    ) -> None:
        self.text = sentences.text
        self._excerpts = excerpts
        self._lines_of = lines_of  # an excerpt's structured lines, read once for every check
        self._read: dict[int, list[_Run]] = {}  # by excerpt number
        self._budget = [_MAX_FIGURES]
        self._sentences = sentences

    def derive(self, tok: Token) -> Verdict | None:
        """The column total or mean an ungrounded figure is, where its sentence says so."""
        r = tok.readings[0]
        x = r.num
        if x is None or r.scale:
            return None
        totalled = self._sentences.says(TOTALLED, tok.start)
        averaged = self._sentences.says(AVERAGE, tok.start)
        # A whole column's total in cents, of three rows or more, meets a wrong figure by
        # chance hardly ever: "Der Hofladen hat 2.200,00 € umgesetzt" needs no word of a total.
        unannounced = not (totalled or averaged)
        after = _UNIT.match(self.text, tok.end)
        unit = same_unit(after.group(1)) if after else ""
        # So does one with a decimal and the column's unit: "You ran 62.8 km that week".
        if unannounced and r.places < (1 if unit else CENTS):
            return None
        half = Decimal(5).scaleb(-r.places - 1)
        for run in self._runs(tok.start):
            # A unit's figures make a total of that unit only: no mean of °F is inches of rain,
            # nor of a table's "Betrag" litres.
            if run.table and _kind(run.unit) not in ("", _kind(unit) or _kind(run.unit)):
                continue
            if not run.table and run.unit not in ("", unit):
                continue
            mean = averaged and abs(run.total / run.count - x) <= half
            if unannounced and (run.count < MIN_UNANNOUNCED or self._names_a_row(tok, run.n)):
                continue  # "Der Februar-Abschlag beträgt 150,00 €" is no total of the months
            if unannounced and r.places < CENTS and run.unit != unit:
                continue  # a decimal's unit must be its column's own
            if run.total == x or mean:
                how = "mean" if mean else "run"
                return Verdict("derived", r, frozenset({run.n}), how, (run.first, run.last))
        return None

    def _names_a_row(self, tok: Token, n: int) -> bool:
        """Whether the figure's sentence names one row of excerpt n alone, by a word of few
        rows ("Der Februar-Abschlag"; "von Januar bis März" names a span of rows)."""
        words = words_of(self._sentences.text_at(tok.start))
        ex = self._lines_of(n)
        rare = rare_words(ex)
        named = [
            line for line in ex.lines if meets(words, row_words(ex, line) & rare, compound=False)
        ]
        return len(named) == 1

    def _runs(self, at: int) -> list[_Run]:
        """The columns of the excerpts the sentence at a position cites, or of all where it
        cites none."""
        out: list[_Run] = []
        for n, text in self._sentences.cited_excerpts(self._excerpts, at):
            if n not in self._read:
                self._read[n] = _columns(n, text, self._budget)
            out += self._read[n]
        return out
