"""A count the answer gives a thing that the excerpts count otherwise: "drei Gaskartuschen"
where the packing list says "Gaskocher + 2 Kartuschen", "4 tickets" where the booking says
"3 tickets". The count itself stands somewhere in the excerpts ("Zelt (3-Personen)"), so it is
grounded as a number; tied to its noun, it is not.

Only a whole count below 1000 right before a noun the excerpts count once (the same word,
inflected or as the end of a compound), with another count, where the answer's sentence names
no total or average and hedges nothing. A thing the excerpts count several ways ("20 people"
here, "three people" there) is left alone; so are units, periods, currencies and percentages,
which measure rather than count, ordinals and years."""

from __future__ import annotations

import re
from collections.abc import Sequence

from verifier.checks.arithwords import AVERAGE, TOTALLED
from verifier.checks.bindwords import meets
from verifier.checks.citations import Sentences, find_markers
from verifier.checks.grounding import ABOUT, Verdict, flagged
from verifier.checks.models import NumberFinding
from verifier.checks.numwords import SMALL
from verifier.checks.readings import Token

# The noun right after a count: a word of three letters or more.
_NOUN = re.compile(r"[ \u00a0]+([^\W\d_][\w-]{2,})")
# A count in digits in an excerpt, not a part of a decimal, a date, a time, a code or an
# amount of money ("$500 consulting grants"), nor the whole of a part ("19 von 24 aufgegangen").
_DIGIT_COUNT = re.compile(
    r"([0-9](?<![\w.,/:$€£-][0-9])(?<![$€£] [0-9])[0-9]{0,2})(?![0-9]|[.,:/-][0-9])[ \u00a0]+"
    r"([^\W\d_][\w-]{2,})"
)
# A count in words in an excerpt (one to twelve: larger ones are written in digits; German
# "ein" is an article as often as a count).
_SMALL = "|".join(sorted(SMALL, key=len, reverse=True))
_WORD_BEFORE = re.compile(rf"(?i:(?<![^\W\d_])({_SMALL})[ \u00a0]+\Z)")
_WORD_END = re.compile(r"[\w-]*")
_WORD_START = re.compile(r"[\w-]*\Z")
_MAX_PLACES = 200  # places of one noun read in an excerpt
# Words after a figure that measure rather than count, and words of comparison or bounds.
_NOT_COUNTED = re.compile(
    r"(?i:(?:tag|tage|tagen|day|days|woche|wochen|week|weeks|monat|monate|monaten|month|months"
    r"|jahr|jahre|jahren|year|years|stunde|stunden|hour|hours|minute|minuten|minutes|sekunde"
    r"|sekunden|seconds|uhr|euro|eur|usd|dollar|dollars|cent|cents|prozent|percent|mal|times"
    r"|und|and|oder|or|bis|to|von|of|mehr|weniger|more|less|fewer|pro|per|je|über|unter)\Z)"
)
# Groups of people, and servings: counted many ways in one text ("one of three women", a
# recipe for 4 made for two).
_GROUPS = re.compile(
    r"(?i:(?:people|persons?|men|women|children|kids|adults|members|players|guests|portions?"
    r"|servings?|personen|menschen|leute|kinder|frauen|männer|erwachsene|gäste|mitglieder"
    r"|spieler|portionen)\Z)"
)
# What makes a count the whole of a part: "19 von 24", "nine out of the 20 amino acids".
_WHOLE_OF = re.compile(r"(?i:\b(?:von|of)(?:[ \u00a0]+(?:the|den|allen|all))?[ \u00a0]+\Z)")
# A line that adds up others: its count is the whole, of which the answer may name a part.
_TOTAL_LINE = re.compile(r"(?i:\b(?:gesamt\w*|insgesamt|summe|total|in all|zusammen)\b)")
_BOUND = re.compile(
    r"(?i:\b(?:über|mehr als|mindestens|weniger als|unter|bis zu|höchstens|over|more than"
    r"|at least|less than|under|up to|at most)\W*\Z)"
)
_MAX_READ = 100_000  # characters of an excerpt read for its counts
_NEAR = 80  # characters around a count read for a total's word
_MAX_TRIES = 40  # counts of one answer compared with the excerpts' nouns
_MAX_COUNT = 999  # beyond, a year ("2021 World Cup") or an amount


class Counts:
    """The counts the excerpts give their nouns, read at the first count that asks."""

    def __init__(self, sentences: Sentences, excerpts: Sequence[tuple[int, str]]) -> None:
        self.text = sentences.text
        self._sentences = sentences
        self._excerpts = excerpts
        self._read: dict[int, dict[str, list[tuple[int, str]]]] = {}
        self._tries = 0

    def wrong_count(self, tok: Token, v: Verdict) -> NumberFinding | None:
        """The finding for a grounded count whose noun the excerpts count otherwise."""
        r = v.reading
        as_written = self.text[tok.start : tok.end]
        if v.status != "grounded" or v.how != "exact" or r.key[0] != "n" or len(r.value) > 3:
            return None  # a hedged or rounded figure, or no count below 1000
        if not r.value.isdigit():
            return None  # "zweieinhalb" is no count
        if not (as_written.isdigit() or as_written.isalpha()):
            return None  # "4.0 stars" is a rating, "3,5 Kisten" no count
        count = int(r.value)
        noun = _NOUN.match(self.text, tok.end)
        if not 1 <= count <= _MAX_COUNT or noun is None:
            return None
        if _NOT_COUNTED.match(noun.group(1)) or _GROUPS.match(noun.group(1)):
            return None
        if any(x.key[0] == "u" for x in tok.readings):
            return None  # a measure: 500 g, 2 Stunden
        before = self.text[max(0, tok.start - 24) : tok.start]
        if ABOUT.search(before) or _BOUND.search(before):
            return None
        sentence = self._sentences.text_at(tok.start)
        if TOTALLED.search(sentence) or AVERAGE.search(sentence):
            return None
        self._tries += 1
        if self._tries > _MAX_TRIES:
            return None  # bounds the work on an answer of many counts
        word = noun.group(1).lower()
        cited = {n for m in find_markers(sentence) for n in m.numbers}
        given = [
            (n, m, written)
            for n, text in self._excerpts
            if not cited or n in cited
            for m, written in self._counts_of(n, text[:_MAX_READ], word)
        ]
        # One count the excerpts give the thing, and another in the answer; a thing counted
        # several ways (20 people here, 3 there) may be any of them, or their sum.
        counts = {m for _, m, _ in given}
        if len(counts) != 1 or count in counts:
            return None
        n, _, written = given[0]
        ours = self.text[tok.start : noun.end()]
        en = f'"{ours}" counts otherwise than excerpt [{n}], which says "{written}".'
        de = f"„{ours}“ zählt anders als Auszug [{n}], dort steht „{written}“."
        return flagged(self.text, tok, v, "wrong_count", sorted({n for n, _, _ in given}), en, de)

    def _counts_of(self, n: int, text: str, word: str) -> list[tuple[int, str]]:
        """The counts excerpt n gives the noun word (inflected, or in a compound), each with
        the count and noun as written."""
        if n not in self._read:  # counts in digits: one quick pass, by noun
            nouns: dict[str, list[tuple[int, str]]] = {}
            for m in _DIGIT_COUNT.finditer(text):
                if _kept(text, m.start(), m.group(2)):
                    nouns.setdefault(m.group(2).lower(), []).append((int(m.group(1)), m.group()))
            self._read[n] = nouns
        out = [c for other, found in self._read[n].items() if meets({word}, {other}) for c in found]
        return out + _spelled(text, word)


def _spelled(text: str, word: str) -> list[tuple[int, str]]:
    """The counts in words a text gives a noun related to word: found from the noun's places
    (its first or last five letters), then the word before it."""
    low = text.lower()
    if len(low) != len(text):
        return []  # a place in the lower-cased text would not be one in the text
    out: list[tuple[int, str]] = []
    starts: set[int] = set()
    for probe in {word[:5], word[-5:]}:
        at, places = low.find(probe), 0
        while at >= 0 and places < _MAX_PLACES:
            places += 1
            back, ahead = _WORD_START.search(low, max(0, at - 40), at), _WORD_END.match(low, at)
            start = at - len(back.group()) if back else at
            end = ahead.end() if ahead else at + len(probe)
            at = low.find(probe, end)
            if start in starts or not meets({word}, {low[start:end]}):
                continue
            starts.add(start)
            count = _WORD_BEFORE.search(text, max(0, start - 12), start)
            if count and _kept(text, count.start(), low[start:end]):
                out.append((SMALL[count.group(1).lower()], text[count.start() : end]))
    return out


def _kept(text: str, at: int, noun: str) -> bool:
    """Whether a count at text[at] counts its noun: no measure, no total's line, no whole of a
    part ("19 von 24")."""
    if _NOT_COUNTED.match(noun) or _on_total_line(text, at):
        return False
    return not _WHOLE_OF.search(text, max(0, at - 16), at)


def _on_total_line(text: str, at: int) -> bool:
    """Whether the count at text[at] stands on a line that adds others up (its words near the
    count: an excerpt of prose may be one long line)."""
    start = max(text.rfind("\n", 0, at) + 1, at - _NEAR)
    end = text.find("\n", at, at + _NEAR)
    return _TOTAL_LINE.search(text, start, at + _NEAR if end < 0 else end) is not None
