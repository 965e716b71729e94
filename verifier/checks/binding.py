"""A real figure the answer ties to the wrong row or field of an excerpt's table or list: the
June page views given as June's visitors ("7.912 Besucher" where the excerpt lists
"Seitenaufrufe: 7.912" and "Besucher: 3.640"), the beer's price given for the espresso, the
nominal rate given as the effective one.

The structured lines of an excerpt are table rows ("|" between cells), receipt lines (an
item, wide spaces, its amount) and label lines ("Besucher: 3.640", "- Sollzins: 4,29 %",
several on one line). A figure is checked where it stands on such lines only, and its own
line names something (a row's words beyond "Summe" or "Datum", a label). The answer's words
around the figure (see bindwords.around) are compared with the words of the figure's own
line and label, and with those of the others: a word that only another row has, or another
label of a field with a value of the figure's kind, with no word of the figure's own, ties
it to the wrong line. A total's line is named by what it adds up."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from verifier.checks.bindwords import meets, words_of
from verifier.checks.grounding import Verdict
from verifier.checks.numparse import day_clock, tokenize_lines
from verifier.checks.readings import Key, date_keys

_PIPE_ROW = re.compile(r"[^\n|]*\|[^\n]*\|[^\n]*")
_LABEL_LINE = re.compile(
    r"[ \t]*(?:[-*•][ \t]+)?(?:\*\*)?([^\W\d_][^:|\n]{0,40}?)(?:\*\*)?[ \t]*:[ \t]*(?=\S)"
)
_NOT_DIGIT = re.compile(r"[^0-9]+")
_NOT_DIGIT_LINE = re.compile(r"[^0-9\n]+")
_DIGIT = re.compile(r"[0-9]")
# What another line must hold to have a value of the figure's kind: a date, an amount with
# decimals, a whole number of two digits or more (not a part of a date or a time).
_RIVAL = {
    "d": re.compile(
        r"\d{1,2}\.\d{1,2}\.|\d{4}-\d{2}-\d{2}|\d\.? ?[^\W\d_]{3,}\.? \d{4}|[^\W\d_]{3} \d"
    ),
    "c": re.compile(r"\d[.,]\d{2}(?!\d)"),
    "n": re.compile(
        r"(?<![0-9.,:/]|[^\W\d_])(?:[0-9]{1,3}(?:[.,'][0-9]{3})+|[0-9]{2,})(?![0-9]|[.,:/][0-9])"
    ),
}
# A receipt's line: an item's words (after a statement line's date), two spaces or more, then
# its figures.
# It ends with a figure (and a currency or a tax class): prose laid out with wide spaces
# ("beträgt  412,80 EUR und ist in vier") is none.
_ALIGNED = re.compile(
    r"[ \t]*(?:[0-9]{1,4}[./-][0-9]{1,2}[./-]?(?:[0-9]{2,4})?[ \t]+)?"  # a statement's date
    r"[^\W\d_][^\n]*?\S[ \t]{2,}[^\n]*[0-9][ \t]*(?:[€$£]|EUR|USD|[A-Z]{1,2})?[ \t]*"
)
# A figure's first digit, not a digit glued to letters (a model name such as GB172).
_FIGURE_START = re.compile(r"(?<![^\W\d_])[0-9]")
_WORDY_BRACKET = re.compile(r"\([^()0-9\n]*\)")
_PART = re.compile(r"(?:[^,;(]|,(?!\s))+")  # a decimal comma parts nothing
_NAME_BEFORE = re.compile(r"(?:[^\W\d_]+[ \t]*){1,3}[:=]?[ \t]*(?:[€$£][ \t]*)?\Z")
# A total's line, or a payment's, which repeats it: named by what it adds up.
_TOTAL = re.compile(
    r"(?i:\b(?:gesamt\w*|summe|total|subtotal|endbetrag|rechnungsbetrag|zahlbetrag|zu zahlen"
    r"|zwischensumme|amount due|balance|geg\.|gegeben|bezahlt|paid|kartenzahlung|ec-karte|bar"
    r"|visa|mastercard|brutto|mwst)\b)"
)
_MAX_LINES = 200  # structured lines of one excerpt looked at, within its first characters
_MAX_READ = 8192
_MIN_WHOLE = 1  # digits a whole number needs to be looked up
_MAX_LABEL_WORDS = 4
_MAX_LINE = 300  # characters of a structured line


@dataclass(slots=True)
class _Line:
    start: int
    end: int
    digits: str  # the line's digits, nothing between them
    row: set[str] | None  # a row's words (read when first asked); empty for a label line
    # Where each field starts, and its label or header; a label line's read when first asked.
    fields: list[tuple[int, set[str]]] | None
    label: str  # a label line's label ("Sollzins (gebunden)"), "" for other lines


@dataclass(slots=True)
class _Excerpt:
    text: str
    lines: list[_Line]
    unique: set[str] | None  # row words that stand on one row only (read when first asked)
    prose_digits: str  # the digits of every other line read, a line break between lines
    day_clock: bool
    cut: int  # where the lines read end (past it, every line is prose), -1 for nowhere
    tail_digits: str | None  # the digits past the cut, as prose_digits (when first asked)


def _structure(text: str) -> _Excerpt:
    """The structured lines of an excerpt, with their words and fields."""
    lines: list[_Line] = []
    prose: list[str] = []
    # Past what is read, every line counts as prose: a figure there is no line's own.
    cut = text.find("\n", _MAX_READ)
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
            lines.append(_Line(start, end, digits, None, [], ""))
            continue
        label = _LABEL_LINE.match(raw) if ":" in raw else None  # most lines have none
        # A label names a field in a few words; a sentence before a colon is prose.
        if label and len(label.group(1).split()) <= _MAX_LABEL_WORDS:
            lines.append(_Line(start, end, digits, set(), None, label.group(1)))
        elif _ALIGNED.fullmatch(raw):  # a receipt's line: its item, then its amount
            lines.append(_Line(start, end, digits, None, [], ""))
        else:
            prose.append(raw)
    # The digits of every prose line, a line break between lines.
    prose_digits = _NOT_DIGIT_LINE.sub("", "\n".join(prose))
    return _Excerpt(text, lines, None, prose_digits, day_clock(text), cut, None)


def _in_prose(ex: _Excerpt, digits: list[str]) -> bool:
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


def _row(ex: _Excerpt, line: _Line) -> set[str]:
    """The words of a table row or receipt line, read once."""
    if line.row is None:
        line.row = words_of(ex.text[line.start : line.end])
    return line.row


def _unique(ex: _Excerpt) -> set[str]:
    """The row words of an excerpt that stand on one row only, read once."""
    if ex.unique is None:
        counts: dict[str, int] = {}
        for line in ex.lines:
            for w in _row(ex, line):
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
            out.append((start + part.start(), line_label | words))
    return out


def _fields(text: str, line: _Line) -> list[tuple[int, set[str]]]:
    """The fields of a line (text: its excerpt's), read once."""
    if line.fields is None:
        line.fields = _labels(text[line.start : line.end], line.start, line.label)
    return line.fields


def _field(text: str, line: _Line, at: int) -> set[str]:
    """The label or column header of the field a figure of the line stands in."""
    named = [words for start, words in _fields(text, line) if start <= at]
    return named[-1] if named else set()


class Binding:
    """Where the answer's grounded figures stand in the excerpts' tables and lists."""

    def __init__(self, answer: str, excerpts: Sequence[tuple[int, str]]) -> None:
        self.text = answer
        self._texts = dict(excerpts)
        self._read: dict[int, _Excerpt] = {}
        self._rows: dict[tuple[int, Key], set[int] | None] = {}

    def wrong_line(self, v: Verdict, around: set[str]) -> tuple[int, str, str] | None:
        """(excerpt, the figure's own line, the answer's word, lower-cased, that names another
        line) where the words around the figure tie it to another line, or None."""
        if v.status != "grounded" or v.how not in ("exact", "headed"):
            return None
        r, key = v.reading, _key_of(v)
        digits = _digits_of(key)
        if not around or not digits:
            return None
        # Tied wrongly in every excerpt that holds it: one that holds it in prose or on a line
        # the words fit makes the tie the answer's reading of that one.
        kind = "d" if r.key[0] == "d" else "c" if r.places or "." in r.value else "n"
        found = None
        for n in sorted(v.excerpts):
            hit = self._in_excerpt(n, key, kind, digits, around)
            if hit is None:
                return None  # the rest need not be read
            found = found or hit
        return found

    def rows(self, n: int, v: Verdict) -> set[int] | None:
        """The structured lines of excerpt n (by their place) that hold v's figure, none of
        them a total's; None where it may stand in prose, or has no such line."""
        key = _key_of(v)
        if (n, key) not in self._rows:  # a figure between two others pairs twice
            self._rows[(n, key)] = self._rows_of(self._excerpt(n), key)
        return self._rows[(n, key)]

    def _rows_of(self, ex: _Excerpt, key: Key) -> set[int] | None:
        digits = _digits_of(key)
        if not digits or _in_prose(ex, digits):
            return None
        held = {id(line) for line, _ in self._holders(ex, key, digits)}
        places = {i for i, line in enumerate(ex.lines) if id(line) in held}
        if not places or any(
            _TOTAL.search(ex.text, ex.lines[i].start, ex.lines[i].end) for i in places
        ):
            return None
        return places

    def _excerpt(self, n: int) -> _Excerpt:
        """The structure of excerpt n, read once."""
        if n not in self._read:
            self._read[n] = _structure(self._texts.get(n, ""))
        return self._read[n]

    def line(self, n: int, place: int) -> str:
        """The text of excerpt n's structured line at a place rows() gave."""
        ex = self._read[n]
        return ex.text[ex.lines[place].start : ex.lines[place].end].strip()

    def _in_excerpt(
        self, n: int, key: Key, kind: str, digits: list[str], around: set[str]
    ) -> tuple[int, str, str] | None:
        ex = self._excerpt(n)
        if _in_prose(ex, digits):
            return None  # it may stand in prose: no line is its own
        holders = self._holders(ex, key, digits)
        # A total's row is named by the rows it adds up ("68,40 € für Impfung und Untersuchung").
        own_row: set[str] = set().union(
            *(
                _row(ex, line)
                for line, _ in holders
                if not _TOTAL.search(ex.text, line.start, line.end)
            )
        )
        # A row is named by its words, a label line's field by its label: either may be named
        # wrongly. (A table's header names a column of every row: no rival of one figure's.)
        own_field: set[str] = set().union(
            *(_field(ex.text, line, at) for line, at in holders if line.label)
        )
        rows = bool(own_row) and not meets(around, own_row)
        fields = bool(own_field) and not meets(around, own_field)
        if not (rows or fields):
            return None
        own = own_row | own_field
        rival = _RIVAL[kind]
        named: set[str] = set()
        for line in ex.lines:
            mine = [at for held, at in holders if held is line]
            if not mine:
                if not rival.search(ex.text, line.start, line.end):
                    continue  # a line with no figure of the kind has no value to confuse
                if _TOTAL.search(ex.text, line.start, line.end):
                    continue  # a total named is the figure's base ("on the subtotal of")
                named |= meets(around, _row(ex, line) & _unique(ex), False) if rows else set()
            if line.label and fields:  # another label, of a field with a value of the kind
                held = [_field(ex.text, line, at) for at in mine]
                parts = _fields(ex.text, line)
                for k, (start, words) in enumerate(parts):
                    end = parts[k + 1][0] if k + 1 < len(parts) else line.end
                    if words not in held and rival.search(ex.text, start, end):
                        named |= meets(around, words, False)
        named = {w for w in named if not meets({w}, own)}
        if not named:
            return None
        first = holders[0][0]
        return n, ex.text[first.start : first.end].strip(), sorted(named)[0]

    def _holders(self, ex: _Excerpt, key: Key, digits: list[str]) -> list[tuple[_Line, int]]:
        """The structured lines whose figures read as key, each with where the figure starts."""
        lines = [line for line in ex.lines if all(d in line.digits for d in digits)]
        if not lines:
            return []
        tokens = tokenize_lines(ex.text, [(line.start, line.end) for line in lines], ex.day_clock)
        out = []
        for t in tokens:
            if any(key == r.key or key in date_keys(r) for r in t.readings):
                line = next(x for x in lines if x.start <= t.start <= x.end)
                out.append((line, t.start))
        return out


def _key_of(v: Verdict) -> Key:
    """The key a grounded figure stands on its line as: a date grounded under a heading of its
    year by its day and month ("15.03. | Rundfunkbeitrag")."""
    k = v.reading.key
    return ("dm", k[2], k[3]) if v.how == "headed" else k


def _digits_of(key: Key) -> list[str]:
    """Digit strings a line must hold to hold key: a number's own digits (two or more with
    decimals), a date's day and the year's last two. A small whole number is looked up too: it
    is checked only where no line of prose holds its digits."""
    if key[0] == "n" and isinstance(key[1], str):
        core = key[1].replace(".", "").lstrip("0")
        return [core] if len(core) >= (2 if "." in key[1] else _MIN_WHOLE) else []
    if key[0] == "d":
        return [str(key[3]), str(key[1])[-2:]]
    if key[0] == "dm":
        return [str(key[2]), str(key[1])]
    return []
