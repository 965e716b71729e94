"""The structured lines of an excerpt, read for the binding check: table rows ("|" between
cells, or a CSV export's commas or semicolons), receipt lines (an item, wide spaces, its
amount; a bank statement's line after its date) and label lines ("Besucher: 3.640", several
fields on one line), each with its words and fields. Only the first lines are read (see
MAX_READ); every line past them is prose."""

from __future__ import annotations

import re
from dataclasses import dataclass

from verifier.checks.bindwords import words_of
from verifier.checks.csvfields import csv_line
from verifier.checks.numparse import day_clock

_PIPE_ROW = re.compile(r"[^\n|]*\|[^\n]*\|[^\n]*")
# A label line: a few words, then a colon that is no clock time's ("Mon   18:00   Yin" is a
# table row).
_LABEL_LINE = re.compile(
    r"[ \t]*(?:[-*•][ \t]+)?(?:\*\*)?([^\W\d_][^:|\n]{0,40}?)(?:\*\*)?[ \t]*"
    r"(?:(?<![0-9]):|:(?![0-9]))[ \t]*(?=\S)"
)
_NOT_DIGIT = re.compile(r"[^0-9]+")
_NOT_DIGIT_LINE = re.compile(r"[^0-9\n]+")
_DIGIT = re.compile(r"[0-9]")
# A receipt's line: an item's words (after a statement line's date, or a count: "2  Pizza
# Margherita"), two spaces or more, then its figures.
# It ends with a figure (and a currency, a tax class or a short unit, empty cells of a dash,
# and maybe a note in brackets: "(Jonas)"): prose laid out with wide spaces ("beträgt  412,80
# EUR und ist in vier") is none.
_ALIGNED = re.compile(
    r"[ \t]*(?:[0-9]{1,4}[./-][0-9]{1,2}[./-]?(?:[0-9]{2,4})?[ \t]+)?"  # a statement's date
    r"(?:[0-9]{1,3}[ \t]*[x×]?[ \t]+)?"  # a count
    r"[^\W\d_][^\n]*?\S[ \t]{2,}[^\n]*[0-9][ \t]*"
    r"(?:[€$£%]|EUR|USD|[A-Z]{1,2}|[^\W\d_]{1,5}\.?)?(?:[ \t]{2,}[–—-])*[ \t]*"
    r"(?:\([^()0-9\n]{1,40}\)[ \t]*)?"
)
# A list's line led by its figure, then a spaced dash and what it is: "03.05. – Familie
# Keller", "14:00 — Probe". (Led by words, such a line is a title as often: "Stadtwerke
# Münster – Jahresabrechnung 2025".)
_DASHED = re.compile(r"[ \t]*(?:[-*•][ \t]+)?[0-9][^\n–—]*?[ \t]+[–—][ \t]+[^ \t\n][^\n]*")
# A list's line led by a quantity, then what it counts: "85 g butter, cubed · 3 tbsp caster
# sugar", "- 2 Dosen Kichererbsen" (several items a line: each names the line).
_QUANTITY_LED = re.compile(
    # Not a step's number ("1. Preheat the oven", "2) Bake"): a review.
    r"[ \t]*(?:[-*•][ \t]+)?(?![0-9]{1,2}[.)][ \t])[0-9][0-9.,/]*[ \t]*"
    r"(?:[^\W\d_]{1,5}\.?[ \t]+)?[^\W\d_]{3,}[^\n:]{0,100}"
)
# A row of a semicolon-separated export, as German spreadsheets write CSV
# ("Endreinigung;95,00 €"): fields parted by semicolons with no space after them.
_SEMICOLON_ROW = re.compile(r"[^;\n]*[^\s;];(?:[^\s;][^;\n]*)?(?:;(?:[^\s;][^;\n]*)?)*")
# A comma beside a letter: a comma export's row has a field of words (its line's test is
# csvfields.csv_line).
_LETTER_COMMA = re.compile(r"[^\W\d_],|,[^\W\d_]")
# A figure's first digit, not a digit glued to letters (a model name such as GB172).
_FIGURE_START = re.compile(r"(?<![^\W\d_])[0-9]")
_WORDY_BRACKET = re.compile(r"\([^()0-9\n]*\)")
_PART = re.compile(r"(?:[^,;(]|,(?!\s))+")  # a decimal comma parts nothing
_NAME_BEFORE = re.compile(r"(?<![^\W\d_]-)(?:[^\W\d_]+[ \t]*){1,3}[:=]?[ \t]*(?:[€$£][ \t]*)?\Z")
_MAX_LINES = 200  # structured lines of one excerpt looked at, within its first characters
MAX_READ = 8192  # characters of an excerpt read for its lines, prices, counters and periods
_MAX_LABEL_WORDS = 4
_MAX_LINE = 300  # characters of a structured line


@dataclass(slots=True)
class Line:
    """A structured line of an excerpt: where it stands, its digits, words and fields."""

    start: int
    end: int
    digits: str  # the line's digits, nothing between them
    row: set[str] | None  # a row's words (read when first asked); empty for a label line
    # Where each field starts, and its label or header; a label line's read when first asked.
    fields: list[tuple[int, set[str]]] | None
    label: str  # a label line's label ("Sollzins (gebunden)"), "" for other lines


@dataclass(slots=True)
class Excerpt:
    """An excerpt's structured lines, and the digits of its prose."""

    text: str
    lines: list[Line]
    unique: set[str] | None  # row words that stand on one row only (read when first asked)
    rare: set[str] | None  # row words on at most half of the rows (read when first asked)
    prose_digits: str  # the digits of every other line read, a line break between lines
    day_clock: bool
    cut: int  # where the lines read end (past it, every line is prose), -1 for nowhere
    tail_digits: str | None  # the digits past the cut, as prose_digits (when first asked)


def read_excerpt(text: str) -> Excerpt:
    """The structured lines of an excerpt, with their words and fields."""
    lines: list[Line] = []
    prose: list[str] = []
    # Past what is read, every line counts as prose: a figure there is no line's own.
    cut = text.find("\n", MAX_READ)
    pos = 0
    for raw in (text if cut < 0 else text[:cut]).split("\n"):
        start, end = pos, pos + len(raw)
        pos = end + 1
        # A table row, receipt line or label line is short; a long line is prose (and the
        # receipt pattern would backtrack over its runs of spaces).
        if len(lines) >= _MAX_LINES or len(raw) > _MAX_LINE or not _DIGIT.search(raw):
            prose.append(raw)
            continue
        digits = _NOT_DIGIT.sub("", raw)
        # A table row is named by its words; its column's header names every row's cell
        # alike, so no header is a rival of one figure's.
        if _PIPE_ROW.fullmatch(raw):
            lines.append(Line(start, end, digits, None, [], ""))
            continue
        label = _LABEL_LINE.match(raw) if ":" in raw else None  # most lines have none
        # A label names a field in a few words; a sentence before a colon is prose.
        if label and len(label.group(1).split()) <= _MAX_LABEL_WORDS:
            lines.append(Line(start, end, digits, set(), None, label.group(1)))
        elif (
            _ALIGNED.fullmatch(raw)
            or _DASHED.fullmatch(raw)
            or _QUANTITY_LED.fullmatch(raw)
            or _SEMICOLON_ROW.fullmatch(raw)
            or csv_line(raw, 2, _LETTER_COMMA)  # "1043,Logitech M185 mouse,peripherals,37"
        ):
            # A receipt's line (its item, then its amount), a list's "03.05. – Familie
            # Keller", or a row of a CSV export: a row named by its words.
            lines.append(Line(start, end, digits, None, [], ""))
        else:
            prose.append(raw)
    # The digits of every prose line, a line break between lines.
    prose_digits = _NOT_DIGIT_LINE.sub("", "\n".join(prose))
    return Excerpt(text, lines, None, None, prose_digits, day_clock(text), cut, None)


def in_prose(ex: Excerpt, digits: list[str]) -> bool:
    """Whether each digit string stands on a prose line (in its digits): the lines read
    first, those past the cut only where needed (a megabyte's digits cost a millisecond)."""
    for d in digits:
        if d in ex.prose_digits:
            continue
        if ex.cut < 0:
            return False
        if ex.tail_digits is None:
            ex.tail_digits = _NOT_DIGIT_LINE.sub("", ex.text[ex.cut :])
        if d not in ex.tail_digits:
            return False
    return True


def row_words(ex: Excerpt, line: Line) -> set[str]:
    """The words of a table row or receipt line, read once."""
    if line.row is None:
        line.row = words_of(ex.text[line.start : line.end])
    return line.row


def rare_words(ex: Excerpt) -> set[str]:
    """The row words of an excerpt that stand on at most half of its rows (one of two), read
    once: a name of a few rows ("Familie Keller" on two of five) tells them from the rest."""
    if ex.rare is None:
        counts: dict[str, int] = {}
        for line in ex.lines:
            for w in row_words(ex, line):
                counts[w] = counts.get(w, 0) + 1
        most = max(1, len(ex.lines) // 2)
        ex.rare = {w for w, c in counts.items() if c <= most}
    return ex.rare


def unique_words(ex: Excerpt) -> set[str]:
    """The row words of an excerpt that stand on one row only, read once."""
    if ex.unique is None:
        counts: dict[str, int] = {}
        for line in ex.lines:
            for w in row_words(ex, line):
                counts[w] = counts.get(w, 0) + 1
        ex.unique = {w for w, c in counts.items() if c == 1}
    return ex.unique


def _labels(raw: str, start: int, label: str) -> list[tuple[int, set[str]]]:
    """The fields of a label line: its parts between commas, semicolons and brackets with
    figures, each named by the line's label and the words just before its first figure
    ("Sollzins (gebunden): 4,29 %, effektiver Jahreszins: 4,38 %"; "Einnahmen 2025: 6.940,00 €
    (Beiträge 5.330,00 €, Spenden 400,00 €)")."""
    line_label = words_of(label)
    # Brackets without figures are words of the part they stand in: "Sollzins (gebunden)".
    plain = _WORDY_BRACKET.sub(lambda m: " " * len(m.group()), raw)
    out: list[tuple[int, set[str]]] = []
    for part in _PART.finditer(plain):
        first = _FIGURE_START.search(part.group())
        if first:
            name = _NAME_BEFORE.search(part.group(), 0, first.start())
            words = words_of(name.group()) if name else set()
            if not words and out and plain[part.start() - 1 : part.start()] == "(":
                # A bracket naming nothing of its own gives the field before it another
                # value: "Preheat oven to 175°C (fan 155°C)", "Gesamt 1.200 € (= 12 %)".
                words = out[-1][1]
            out.append((start + part.start(), line_label | words))
    return out


def fields_of(text: str, line: Line) -> list[tuple[int, set[str]]]:
    """The fields of a line (text: its excerpt's), read once."""
    if line.fields is None:
        line.fields = _labels(text[line.start : line.end], line.start, line.label)
    return line.fields


def field_of(text: str, line: Line, at: int) -> set[str]:
    """The label or column header of the field a figure of the line stands in."""
    named = [words for start, words in fields_of(text, line) if start <= at]
    return named[-1] if named else set()


def figure_words(text: str, line: Line, at: int) -> set[str]:
    """The words of a label line's field that speak of the figure at `at`: those after the
    figure before it ("→ London St Pancras 20:30"), and those after it where no figure
    follows in the field ("45 € pro Strecke online hinzubuchbar")."""
    starts = [start for start, _ in fields_of(text, line)]
    opens = max((start for start in starts if start <= at), default=line.start)
    closes = min((start for start in starts if start > at), default=line.end)
    before = text[opens:at]
    cut = max((i for i, c in enumerate(before) if c.isdigit()), default=-1) + 1
    end = at
    while end < closes and (text[end].isdigit() or text[end] in ".,:"):
        end += 1
    after = text[end:closes]
    return words_of(before[cut:] + ("" if any(c.isdigit() for c in after) else " " + after))
