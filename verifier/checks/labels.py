"""A number the answer gives under another label than the excerpt's: "Wagen 71, Platz 26" for
a ticket's "Wagen 26, Platz 71", "Tisch 8" where the excerpt has "Tisch 5" and "Gruppe 8".

A label is the word right before a whole number ("Wagen 71", "Gate 12", "Zimmer: 214"). The
answer's number is flagged only where an excerpt its sentence cites labels it otherwise,
each cited excerpt holding it labels the answer's word with another number, and none writes
the answer's pair: a ticket's car and seat swapped, a room of another guest. Words that only
lead to a number ("um", "seit", "ca.", "the"), verbs ("booked"), months (of dates) and words
that number parts ("Step 2", "Frage 2") label nothing, and a year is labelled by nothing."""

from __future__ import annotations

import re
from collections.abc import Sequence

from verifier.checks.citations import Sentences
from verifier.checks.grounding import Verdict, flagged
from verifier.checks.models import NumberFinding
from verifier.checks.months import YEAR, month_number
from verifier.checks.readings import Token

_LABEL_BEFORE = re.compile(
    r"(?<![\w-])([^\W\d_]{3,})[ \u00a0]?[:#]?[ \u00a0]?(?:Nr\.?[ \u00a0]?)?\Z"
)
_NOT_LABELS = frozenset(
    "und oder bis von vom nach seit für mit auf aus bei zum zur über unter gegen etwa rund "
    "circa ganze genau nur noch also insgesamt jeweils knapp fast mehr weniger als wie sind "
    "ist hat haben waren wurde the and for with from about only over under than more less "
    "are was were has have had all each per pro nearly almost around exactly total till "
    "until into onto via ca".split()
)
# Words that number the parts of a text or a plan rather than name a thing: an answer may
# number its own steps ("For Method 2:") apart from the excerpt's.
_ORDINAL_LABELS = frozenset(
    "step steps method option part chapter section page item point phase level stage week day "
    "round lesson unit episode season version variant schritt methode teil kapitel abschnitt "
    "seite punkt variante stufe woche tag runde lektion folge staffel frage aufgabe szenario "
    "beispiel übung question task scenario example exercise".split()
)
_MAX_DIGITS = 5  # a label's number: a car, seat, room, gate or locker, no amount
_MAX_READ = 16_384  # characters of an excerpt read for its labels
_MAX_LOOKUPS = 32  # labelled numbers of one answer looked up


def _pairs(text: str, word: str) -> list[str]:
    """The numbers the word labels in a text, as written."""
    pattern = re.compile(
        rf"(?<![\w-]){re.escape(word)}[ \u00a0]?[:#]?[ \u00a0]?(?:Nr\.?[ \u00a0]?)?"
        r"([0-9]{1,5})(?![0-9]|[.,][0-9])",
        re.I,
    )
    return pattern.findall(text[:_MAX_READ])


def _label_of(text: str, start: int) -> str | None:
    """The label word right before a number at start, lower-cased, or None."""
    m = _LABEL_BEFORE.search(text, max(0, start - 30), start)
    if m is None:
        return None
    word = m.group(1).lower()
    if word in _NOT_LABELS or word in _ORDINAL_LABELS or month_number(word) is not None:
        return None  # "August 1966" dates, "Step 2" counts
    if word.endswith("ed"):
        return None  # a verb: "booked 3 tickets", "paid 40"
    return word


class Labels:
    """The labels of the excerpts' numbers, read for the answer's labelled numbers."""

    def __init__(self, sentences: Sentences, texts: Sequence[tuple[int, str]]) -> None:
        self.text = sentences.text
        self._sentences = sentences
        self._texts = texts
        self._pairs: dict[tuple[int, str], list[str]] = {}  # by excerpt and label word
        self._lookups = _MAX_LOOKUPS

    def swapped(self, tok: Token, v: Verdict) -> NumberFinding | None:
        """The finding for a whole number the excerpt holding it labels otherwise, or None."""
        r = v.reading
        if v.status != "grounded" or r.key[0] != "n" or not r.value.isdigit():
            return None
        written = self.text[tok.start : tok.end]
        if len(written) > _MAX_DIGITS or not written.isdigit() or YEAR.fullmatch(written):
            return None
        word = _label_of(self.text, tok.start)
        if word is None or self._lookups <= 0:
            return None
        self._lookups -= 1  # each reads the excerpts: junk input must not read them forever
        # The excerpts the sentence cites that hold the number; none of them may write the
        # answer's pair, and the word must label another number in each.
        cited = [
            (n, text)
            for n, text in self._sentences.cited_excerpts(self._texts, tok.start)
            if n in v.excerpts
        ]
        for n, text in cited:
            if (n, word) not in self._pairs:
                self._pairs[(n, word)] = _pairs(text, word)
            if not self._pairs[(n, word)] or written in self._pairs[(n, word)]:
                return None  # the excerpt labels it so, or labels nothing with the word
        for n, text in cited:
            ours = self._pairs[(n, word)]
            number = re.compile(rf"(?<![0-9.,]){written}(?![0-9]|[.,][0-9])")
            for m in number.finditer(text, 0, _MAX_READ):
                theirs = _label_of(text, m.start())
                if theirs and theirs != word:
                    return self._finding(tok, v, n, (word, theirs), ours)
        return None

    def _finding(
        self, tok: Token, v: Verdict, n: int, words: tuple[str, str], ours: list[str]
    ) -> NumberFinding:
        written = self.text[tok.start : tok.end]
        word, theirs = (w.capitalize() for w in words)
        en = (
            f'"{word} {written}": excerpt [{n}] gives "{written}" as {theirs} and {word} as '
            f"{', '.join(ours)}."
        )
        de = (
            f"„{word} {written}“: Auszug [{n}] nennt „{written}“ als {theirs} und {word} "
            f"{', '.join(ours)}."
        )
        return flagged(self.text, tok, v, "wrong_line", [n], en, de)
