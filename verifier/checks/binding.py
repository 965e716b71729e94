"""A real figure the answer ties to the wrong row or field of an excerpt's table or list: the
June page views given as June's visitors ("7.912 Besucher" where the excerpt lists
"Seitenaufrufe: 7.912" and "Besucher: 3.640"), the beer's price given for the espresso, the
nominal rate given as the effective one.

The structured lines of an excerpt are table rows ("|" between cells, under a header of
words) and label lines ("Besucher: 3.640", "- Sollzins: 4,29 %"). A figure is checked where
it stands on such lines only, and its own line names something (a label or a row's words
beyond "Summe" or "Datum"). The answer's words around the figure (from the figure or clause
before it to the next) are compared with the words of the figure's own line and field, and
with those of the others: a word that only another line has (a row's name, another label,
another column's header), with no word of the figure's own, ties it to the wrong line."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from verifier.checks.grounding import Verdict
from verifier.checks.models import NumberFinding
from verifier.checks.numparse import day_clock, tokenize_lines
from verifier.checks.readings import Key, Token, date_keys

_PIPE_ROW = re.compile(r"[^\n|]*\|[^\n]*\|[^\n]*")
_SEPARATOR = re.compile(r"[\s|:\-]*")
_LABEL_LINE = re.compile(
    r"[ \t]*(?:[-*•][ \t]+)?(?:\*\*)?([^\W\d_][^:|\n]{0,40}?)(?:\*\*)?[ \t]*:[ \t]*(?=\S)"
)
_WORD = re.compile(r"[^\W\d_]{4,}")
_NOT_DIGIT = re.compile(r"[^0-9]+")
_CLAUSE_END = re.compile(r"[.;!?](?=\s)|\n")
# What another line must hold to have a value of the figure's kind: a date, an amount with
# decimals, a number of two digits or more.
_RIVAL = {
    "d": re.compile(
        r"\d{1,2}\.\d{1,2}\.|\d{4}-\d{2}-\d{2}|\d\.? ?[^\W\d_]{3,}\.? \d{4}|[^\W\d_]{3} \d"
    ),
    "c": re.compile(r"\d[.,]\d{2}(?!\d)"),
    "n": re.compile(r"\d{2}"),
}
_MAX_LINES = 400  # structured lines of one excerpt looked at
# Words that name no row and no field, and words they begin: what any line of a statement or
# a list may say ("Monatsrate", "Rechnungsbetrag" is "brutto").
_PLAIN = tuple(
    "gesamt summe total insgesamt zusammen datum date betrag amount preis price kosten cost "
    "stand nummer number anzahl menge stück euro dollar jahr year monat month woche week tage "
    "days stunden hours time zeit wert value brutto netto gross".split()
)
# What ends the words that speak of a figure after it: "339,60 € Fahrpreis und 22,00 €",
# "Netflix ($15.49), Spotify Duo ($16.99)".
_SEPARATOR_WORD = re.compile(r"[,;(]|\b(?:und|and|sowie|plus|bzw|or|oder)\b", re.I)
_MIN_SHARED = 5  # letters two words must share to be one (Besucher, Besuchern)


def _words(text: str) -> set[str]:
    """The words of a text that may name a row or a field, lower-cased."""
    out = set()
    for w in _WORD.findall(text):
        low = w.lower()
        if not low.startswith(_PLAIN):
            out.add(low)
    return out


def _related(a: str, b: str) -> bool:
    """Whether two words are one, inflected or in a compound: "besucher" and "besuchern",
    "steuer" and "jahressteuer"."""
    if a == b:
        return True
    short, long = sorted((a, b), key=len)
    if len(short) < _MIN_SHARED:
        return False
    stem = short[: max(_MIN_SHARED, len(short) - 2)]
    return long.startswith(stem) or long.endswith(short)


@dataclass(slots=True)
class _Line:
    start: int
    end: int
    digits: str  # the line's digits, nothing between them
    words: set[str]  # the stems of its words
    label: set[str]  # a label line's label; empty for a table row
    cells: list[int]  # where a table row's cells start ("|" positions); empty for a label line
    headers: list[set[str]]  # the stems of the header above each cell of a table row


@dataclass(slots=True)
class _Excerpt:
    text: str
    lines: list[_Line]
    unique: set[str]  # stems that stand on one structured line only
    prose_digits: str  # the digits of every other line, "|" between lines
    day_clock: bool


def _structure(text: str) -> _Excerpt:
    """The structured lines of an excerpt, with their words and fields."""
    lines: list[_Line] = []
    prose: list[str] = []
    header: list[set[str]] = []
    pos = 0
    for raw in text.split("\n"):
        start, end = pos, pos + len(raw)
        pos = end + 1
        digits = _NOT_DIGIT.sub("", raw)
        if len(lines) >= _MAX_LINES:
            prose.append(digits)
            continue
        if _PIPE_ROW.fullmatch(raw):
            if _SEPARATOR.fullmatch(raw):
                continue
            if not digits:  # a header: words only
                header = [_words(cell) for cell in raw.split("|")]
                continue
            cells = [start + m.start() for m in re.finditer(r"\|", raw)]
            lines.append(_Line(start, end, digits, _words(raw), set(), cells, header))
            continue
        header = []
        label = _LABEL_LINE.match(raw)
        if label and digits:
            lines.append(_Line(start, end, digits, _words(raw), _words(label.group(1)), [], []))
        else:
            prose.append(digits)
    counts: dict[str, int] = {}
    for line in lines:
        for w in line.words:
            counts[w] = counts.get(w, 0) + 1
    unique = {w for w, c in counts.items() if c == 1}
    return _Excerpt(text, lines, unique, "|".join(prose), day_clock(text))


def _field(line: _Line, at: int) -> set[str]:
    """The label of a label line, or the header of the table cell a figure stands in."""
    if not line.cells:
        return line.label
    column = sum(1 for c in line.cells if c < at)
    return line.headers[column] if column < len(line.headers) else set()


class Binding:
    """Where the answer's grounded figures stand in the excerpts' tables and lists."""

    def __init__(self, answer: str, excerpts: Sequence[tuple[int, str]]) -> None:
        self.text = answer
        self._texts = dict(excerpts)
        self._read: dict[int, _Excerpt] = {}

    def wrong_line(self, v: Verdict, around: set[str]) -> tuple[int, str, str] | None:
        """(excerpt, the figure's own line, the answer's word, lower-cased, that names another
        line) where the words around the figure tie it to another line, or None."""
        if v.status != "grounded" or v.how != "exact":
            return None
        digits = _digits_of(v.reading.key)
        if not around or not digits:
            return None
        # Tied wrongly in every excerpt that holds it: one that holds it in prose or on a line
        # the words fit makes the tie the answer's reading of that one.
        found = [self._in_excerpt(n, v.reading.key, digits, around) for n in sorted(v.excerpts)]
        return found[0] if found and all(found) else None

    def _in_excerpt(
        self, n: int, key: Key, digits: list[str], around: set[str]
    ) -> tuple[int, str, str] | None:
        if n not in self._read:
            self._read[n] = _structure(self._texts.get(n, ""))
        ex = self._read[n]
        if all(d in ex.prose_digits for d in digits):
            return None  # it may stand in prose: no line is its own
        holders = self._holders(ex, key, digits)
        own: set[str] = set()
        for line, at in holders:
            own |= line.words | _field(line, at)
        if not own or _meets(around, own):
            return None
        mine = {id(line) for line, _ in holders}
        rival = _RIVAL[key[0] if key[0] == "d" else "c" if "." in str(key[1]) else "n"]
        for line in ex.lines:
            if id(line) in mine or not rival.search(ex.text, line.start, line.end):
                continue  # a line with no figure of the kind has no value to confuse
            named = _meets(around, (line.words & ex.unique) | line.label)
            if named:
                first = holders[0][0]
                return n, ex.text[first.start : first.end].strip(), sorted(named)[0]
        return None

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


def _meets(words: set[str], others: set[str]) -> set[str]:
    """The words that are one of others, inflected or in a compound."""
    return {w for w in words if any(_related(w, o) for o in others)}


def _digits_of(key: Key) -> list[str]:
    """Digit strings a line must hold to hold key: a number's own (three or more, or two with
    decimals: small whole numbers stand on too many lines), a date's day and the year's last
    two."""
    if key[0] == "n" and isinstance(key[1], str):
        core = key[1].replace(".", "").strip("0")
        return [core] if len(core) >= (2 if "." in key[1] else 3) else []
    if key[0] == "d":
        return [str(key[3]), str(key[1])[-2:]]
    return []


def _around(text: str, tokens: Sequence[Token], k: int) -> list[str]:
    """The answer's words that speak of token k: in its clause, between the figures before and
    after it, the ones nearer to it than to them."""
    tok = tokens[k]
    lo = tokens[k - 1].end if k else 0
    hi = tokens[k + 1].start if k + 1 < len(tokens) else len(text)
    cut = max((m.end() for m in _CLAUSE_END.finditer(text, lo, tok.start)), default=lo)
    stop = _CLAUSE_END.search(text, tok.end, hi)
    end = stop.start() if stop else hi
    words = []
    for m in _WORD.finditer(text, cut, end):
        if m.end() <= tok.start:
            if _SEPARATOR_WORD.search(text, m.end(), tok.start):
                continue  # another item's ("339,60 € Fahrpreis und 22,00 €")
            if cut > lo or tok.start - m.end() < m.start() - lo:
                words.append(m.group())  # nearer to this figure than to the one before
        elif not _SEPARATOR_WORD.search(text, tok.end, m.start()):
            if stop or m.start() - tok.end < hi - m.end():
                words.append(m.group())
    return words


def wrong_line_finding(
    binding: Binding, tokens: Sequence[Token], k: int, v: Verdict
) -> NumberFinding | None:
    """The finding for token k (of the answer's tokens in order) where the words around it
    tie its grounded figure to another line of a table or list; None where they do not."""
    text = binding.text
    words = _around(text, tokens, k)
    found = binding.wrong_line(v, _words(" ".join(words)))
    if found is None:
        return None
    n, line, low = found
    word = next(w for w in words if w.lower() == low)
    tok = tokens[k]
    written = text[tok.start : tok.end]
    return NumberFinding(
        text=written,
        value=v.reading.value,
        start=tok.start,
        end=tok.end,
        status="wrong_line",
        excerpts=[n],
        message_en=f'"{written}" stands in excerpt [{n}] on the line "{line[:80]}", which is not '
        f'the one of "{word}".',
        message_de=f"„{written}“ steht in Auszug [{n}] in der Zeile „{line[:80]}“, nicht in der "
        f"von „{word}“.",
    )
