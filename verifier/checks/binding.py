"""A real figure the answer ties to the wrong row or field of an excerpt's table or list: the
June page views given as June's visitors ("7.912 Besucher" where the excerpt lists
"Seitenaufrufe: 7.912" and "Besucher: 3.640"), the beer's price given for the espresso, the
nominal rate given as the effective one.

The structured lines of an excerpt (see excerptlines) are table rows, receipt lines and
label lines ("Besucher: 3.640", "- Sollzins: 4,29 %", several on one line). A figure is
checked where it stands on such lines only, and its own line names something (a row's words
beyond "Summe" or "Datum", a label). The answer's words around the figure (see
bindwords.around) are compared with the words of the figure's own line and label, and with
those of the others: a word that only another row has, or another label of a field with a
value of the figure's kind, with no word of the figure's own, ties it to the wrong line; a
word the figure's field shares with another field tells neither apart ("cabin air filter" of
"engine air filter $39.99" beside "cabin air filter $34.99"). A total's line is named by what
it adds up. What makes a line or field a rival is in rivals.py."""

from __future__ import annotations

import re
from collections.abc import Sequence

from verifier.checks.bindwords import meets, words_of
from verifier.checks.excerptlines import (
    Excerpt,
    Line,
    field_of,
    figure_words,
    in_prose,
    rare_words,
    read_excerpt,
    row_words,
    unique_words,
)
from verifier.checks.grounding import Verdict
from verifier.checks.numparse import tokenize_lines
from verifier.checks.readings import Key, date_keys
from verifier.checks.rivals import CHAIN, RIVAL, rival_fields, total_line

_MIN_WHOLE = 1  # digits a whole number needs to be looked up
_MIN_CHAIN = 6


class Binding:
    """Where the answer's grounded figures stand in the excerpts' tables and lists."""

    def __init__(self, answer: str, excerpts: Sequence[tuple[int, str]]) -> None:
        self.text = answer
        self._texts = dict(excerpts)
        self._read: dict[int, Excerpt] = {}
        self._rows: dict[tuple[int, Key], set[int] | None] = {}

    def wrong_line(self, v: Verdict, around: set[str]) -> tuple[int, str, str] | None:
        """(excerpt, the figure's own line, the answer's word, lower-cased, that names another
        line) where the words around the figure tie it to another line, or None."""
        if v.status != "grounded" or v.how not in ("exact", "headed"):
            return None
        r, key = v.reading, _key_of(v)
        digits = digits_of(key)
        if not around or not digits:
            return None
        # Tied wrongly in every excerpt that holds it: one that holds it in prose or on a line
        # the words fit makes the tie the answer's reading of that one.
        kind = (
            "d"
            if r.key[0] == "dm"  # a day and month without a year: a date's rival all the same
            else r.key[0]
            if r.key[0] in ("d", "ym", "t")
            else "m"
            if r.places == 1
            else "c"
            if r.places or "." in r.value
            else "small"
            if len(r.value) == 1
            else "n"
        )
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
            self._rows[(n, key)] = self._rows_of(self.excerpt(n), key)
        return self._rows[(n, key)]

    def _rows_of(self, ex: Excerpt, key: Key) -> set[int] | None:
        digits = digits_of(key)
        if not digits or in_prose(ex, digits):
            return None
        held = {id(line) for line, _ in self._holders(ex, key, digits)}
        places = {i for i, line in enumerate(ex.lines) if id(line) in held}
        if not places or any(total_line(ex.text, ex.lines[i]) for i in places):
            return None
        return places

    def excerpt(self, n: int) -> Excerpt:
        """The structure of excerpt n, read once."""
        if n not in self._read:
            self._read[n] = read_excerpt(self._texts.get(n, ""))
        return self._read[n]

    def line(self, n: int, place: int) -> str:
        """The text of excerpt n's structured line at a place rows() gave."""
        ex = self._read[n]
        return ex.text[ex.lines[place].start : ex.lines[place].end].strip()

    def wrong_chain(
        self, digits: str, excerpts: frozenset[int], around: set[str]
    ) -> tuple[int, str, str] | None:
        """As wrong_line, for a phone or account number the answer gives as an identifier
        (its digits): the neighbour's number given for the doctor's, the fax for the phone."""
        if not around or len(digits) < _MIN_CHAIN:
            return None
        found = None
        for n in sorted(excerpts):
            ex = self.excerpt(n)
            if in_prose(ex, [digits]):
                return None
            holders = [
                (line, _digit_at(ex.text, line, at))
                for line in ex.lines
                if (at := line.digits.find(digits)) >= 0
            ]
            hit = self._tie(n, ex, holders, CHAIN, around)
            if hit is None:
                return None
            found = found or hit
        return found

    def _in_excerpt(
        self, n: int, key: Key, kind: str, digits: list[str], around: set[str]
    ) -> tuple[int, str, str] | None:
        ex = self.excerpt(n)
        if in_prose(ex, digits):
            return None  # it may stand in prose: no line is its own
        holders = self._holders(ex, key, digits)
        if kind == "small" and not all("|" in ex.text[x.start : x.end] for x, _ in holders):
            kind = "n"  # a small count off a table ("2 Zitronen"), maybe a step's "2 Hälften"
        return self._tie(n, ex, holders, RIVAL[kind], around)

    def _tie(
        self,
        n: int,
        ex: Excerpt,
        holders: list[tuple[Line, int]],
        rival: re.Pattern[str],
        around: set[str],
    ) -> tuple[int, str, str] | None:
        """What ties the figure (on its holders' lines) to another line: see wrong_line."""
        # A total's row is named by the rows it adds up ("68,40 € für Impfung und Untersuchung").
        own_row: set[str] = set().union(
            *(row_words(ex, line) for line, _ in holders if not total_line(ex.text, line))
        )
        # A row is named by its words, a label line's field by its label: either may be named
        # wrongly. (A table's header names a column of every row: no rival of one figure's.)
        own_field: set[str] = set().union(
            *(field_of(ex.text, line, at) for line, at in holders if line.label)
        )
        # A word every row of its kind shares ("per class") tells no row from another.
        rows = bool(own_row) and not meets(around, own_row & unique_words(ex))
        rivals = rival_fields(ex, holders, rival, around) if own_field else []
        own_met = meets(around, own_field)
        if own_met:
            # Nor do the field's words another field has too, where the answer names that
            # one by a word of its own: "cabin air filter" of "engine air filter $39.99"
            # beside "cabin air filter $34.99".
            rivals = [
                words
                for words in rivals
                if own_met <= meets(around, words) and meets(around, words - own_field)
            ]
        fields = bool(own_field) and (not own_met or bool(rivals))
        if not (rows or fields):
            return None
        own = own_row | own_field
        named: set[str] = set()
        # A field's figure is not asked whether the answer names another row: a field of a
        # total or a deposit is named by the rows it pays for ("$153.00 back for the rain
        # shell and the socks", "für das Hotelzimmer 100,00 € angezahlt"; a review).
        for line in ex.lines if rows else ():
            if any(held is line for held, _ in holders):
                continue
            if not rival.search(ex.text, line.start, line.end):
                continue  # a line with no figure of the kind has no value to confuse
            if total_line(ex.text, line):
                continue  # a total named is the figure's base ("on the subtotal of")
            named |= meets(around, row_words(ex, line) & rare_words(ex), False)
        for words in rivals if fields else ():  # another label, of a value of the kind
            named |= meets(around, words, False)
        # A word the figure's own line holds, even as a part of a compound, names no other
        # line ("der schnellste Lauf" of a "Tempodauerlauf" row beside a "langer Lauf").
        # A word of the excerpt's title or headings above its lines names the whole excerpt
        # ("garden-notes.md": "your garden notes show"), not one row ("Gardener's Delight").
        # So does a word of the figure's own field that speaks of it ("Return: Paris 19:13 →
        # London St Pancras 20:30" of "arriving at St Pancras at 20:30").
        head = words_of(ex.text[: ex.lines[0].start]) if ex.lines else set()
        spans = set().union(
            *(figure_words(ex.text, line, at) for line, at in holders if line.label)
        )
        named = {
            w
            for w in named
            if not meets({w}, own | head | spans)
            and not any(o.startswith(w) or o.endswith(w) for o in own if "-" not in o)
        }
        if not named:
            return None
        first = holders[0][0]
        return n, ex.text[first.start : first.end].strip(), sorted(named)[0]

    def _holders(self, ex: Excerpt, key: Key, digits: list[str]) -> list[tuple[Line, int]]:
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


def _digit_at(text: str, line: Line, k: int) -> int:
    """Where the line's k-th digit stands in the text."""
    for at in range(line.start, line.end):
        if "0" <= text[at] <= "9":
            if not k:
                return at
            k -= 1
    return line.start


def _key_of(v: Verdict) -> Key:
    """The key a grounded figure stands on its line as: a date grounded under a heading of its
    year by its day and month ("15.03. | Rundfunkbeitrag")."""
    k = v.reading.key
    return ("dm", k[2], k[3]) if v.how == "headed" else k


def digits_of(key: Key) -> list[str]:
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
    if key[0] == "ym" and isinstance(key[1], int) and key[1]:
        return [str(key[1])[-2:], str(key[2])]
    if key[0] == "t" and isinstance(key[1], int) and isinstance(key[2], int):
        return [str(key[1]), f"{key[2]:02d}"]  # as a table writes it: 18:00 (not 6 pm)
    return []
