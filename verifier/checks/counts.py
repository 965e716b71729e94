"""A count the answer gives a thing that the excerpts count otherwise: "drei Gaskartuschen"
where the packing list says "Gaskocher + 2 Kartuschen", "4 tickets" where the booking says
"3 tickets". The count itself stands somewhere in the excerpts ("Zelt (3-Personen)"), so it is
grounded as a number; tied to its noun, it is not.

Only a whole count below 1000 right before a noun that the excerpts count once, with another
count (an adjective may stand between: "3 rote Paprika"), and none of the next words of the
answer's phrase counted with the answer's count ("3 large eggs" for "3 eggs, 2 large
onions"), where the answer's sentence names no total or average and hedges nothing. The
noun is the excerpt's word inflected, or the answer's compound of it ("Gaskartuschen" for
"Kartuschen"; not "Badezimmer" for "Zimmer"). Left alone: a thing the excerpts count several
ways ("20 people" here, "three people" there), or beside which they write the answer's count
too ("3 Zimmer, davon 2 mit Balkon"); doses ("1 capsule three times daily"); counts on a
total line or the whole of a part ("19 von 24"); units, periods, currencies and percentages,
which measure rather than count; ordinals and years."""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import takewhile

from verifier.checks.arithwords import AVERAGE, TOTALLED
from verifier.checks.bindwords import meets
from verifier.checks.citations import Sentences
from verifier.checks.grounding import ABOUT, Verdict, flagged
from verifier.checks.models import NumberFinding
from verifier.checks.numwords import SMALL
from verifier.checks.readings import Token

# The words right after a count: up to three, the noun among them ("3 large eggs").
_AFTER = re.compile(r"((?:[ \u00a0]+[^\W\d_][\w-]{2,}){1,3})")
_WORD = re.compile(r"[^\W\d_][\w-]{2,}")
# Where the noun phrase after a count ends: "3 freie Termine am Montag", "4 goals that season".
_STOP = re.compile(
    r"(?i:(?:the|that|this|these|those|for|with|from|and|but|which|who|der|die|das|den|dem"
    r"|des|ein|eine|einen|für|mit|und|oder|bei|aus|auf|vom|zum|zur|im|am|an|in|at|on|to|of)\Z)"
)
# A count before a noun's place in an excerpt, maybe an adjective between (see below): in
# digits (not a decimal's, a date's, a time's, a code's, money's) or in words (one to twelve:
# larger ones are written in digits; German "ein" is an article as often as a count).
_SMALL = "|".join(sorted(SMALL, key=len, reverse=True))
# A word between a count and its noun: a German adjective (lower case, before a capitalised
# noun: "3 rote Paprika") or a common English one ("three large eggs"); any other word there
# ("one person frequently sat out") makes the noun no thing counted.
_ENGLISH_ADJECTIVES = frozenset(
    "large small big little medium whole fresh ripe extra new old red green yellow white black"
    " brown blue".split()
)
_COUNT_BEFORE = re.compile(
    rf"(?<![\w.,/:$€£-])(?<![$€£] )((?i:[0-9]{{1,3}}|{_SMALL}))(?![0-9]|[.,:/-][0-9])"
    r"(?:[ \u00a0]+([a-zäöüß]{3,}))?[ \u00a0]+\Z"
)
_WORD_END = re.compile(r"[\w-]*")
_WORD_START = re.compile(r"[\w-]*\Z")
_BESIDE = 12  # characters before a noun in which our count, a word between, is its count
_REACH = 40  # characters before a noun's place searched for its count, and after it for ours
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
# A dose or a rate, not a count of what there is: "1 capsule three times daily", "2 Tabletten
# morgens", "take 2 tablets", "je 2 Eier".
_DOSE = re.compile(
    r"(?i:\b(?:daily|a day|per day|each day|every|times|nightly|weekly|täglich|pro tag|am tag"
    r"|morgens|mittags|abends|nachts|wöchentlich|stündlich|mal)\b)"
)
_DOSE_BEFORE = re.compile(r"(?i:\b(?:take|takes|nimm|nehmen|einnehmen|je|each|per|pro)\W*\Z)")
# A line that adds up others: its count is the whole, of which the answer may name a part.
_TOTAL_LINE = re.compile(r"(?i:\b(?:gesamt\w*|insgesamt|summe|total|in all|zusammen)\b)")
_BOUND = re.compile(
    r"(?i:\b(?:über|mehr als|mindestens|weniger als|unter|bis zu|höchstens|over|more than"
    r"|at least|less than|under|up to|at most)\W*\Z)"
)
# Before an excerpt's count: a limit the thing may reach, which counts nothing.
_LIMIT = re.compile(
    r"(?i:\b(?:max|maximal|maximum|min|mindestens|minimum|höchstens|bis zu|up to|at most"
    r"|at least|no more than)\.?\W*\Z)"
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
        self._tries = 0
        # Where each excerpt may name a noun, by excerpt and noun: an answer counts one noun
        # more than once ("2 Eier ... 3 Eier"), and each search reads the whole excerpt.
        self._places: dict[tuple[int, str], list[int]] = {}

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
        after = _AFTER.match(self.text, tok.end)
        if not 1 <= count <= _MAX_COUNT or after is None:
            return None
        phrase = list(_WORD.finditer(self.text, after.start(), after.end()))
        kept = list(takewhile(lambda w: not _STOP.match(w.group()), phrase))
        words = [w.group().lower() for w in kept]
        if not words or _NOT_COUNTED.match(words[0]) or any(_GROUPS.match(w) for w in words):
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
        given: list[tuple[int, int, str]] = []
        for n, text in self._sentences.cited_excerpts(self._excerpts, tok.start):
            for k, word in enumerate(words):
                found = _counts(text[:_MAX_READ], word, self._places_of(n, text, word), count)
                if found is None or (k and any(m == count for m, _ in found)):
                    return None  # "3 large eggs" for "3 eggs, 2 large onions"
                if k == 0:  # the word right after the count: the one it counts, or held
                    given += [(n, m, written) for m, written in found]
        # One count the excerpts give the thing, and another in the answer; a thing counted
        # several ways (20 people here, 3 there) may be any of them, or their sum.
        counts = {m for _, m, _ in given}
        if len(counts) != 1 or count in counts:
            return None
        n, _, written = given[0]
        ours = self.text[tok.start : kept[0].end()]
        en = f'"{ours}" counts otherwise than excerpt [{n}], which says "{written}".'
        de = f"„{ours}“ zählt anders als Auszug [{n}], dort steht „{written}“."
        return flagged(self.text, tok, v, "wrong_count", sorted({n for n, _, _ in given}), en, de)

    def _places_of(self, n: int, text: str, word: str) -> list[int]:
        """_places of the noun in excerpt n, found once."""
        if (n, word) not in self._places:
            self._places[(n, word)] = _places(text[:_MAX_READ], word)
        return self._places[(n, word)]


def _counts(text: str, word: str, places: list[int], ours: int) -> list[tuple[int, str]] | None:
    """The counts a text gives a noun that word is (inflected) or compounds, at its places
    (with the count and noun as written); None where the text writes our count after one of
    them on its line, or as a count of pieces."""
    if re.search(rf"(?<![\w.,]){ours}[ \u00a0]*(?i:stück|stk|pcs|pieces|pack)\b", text):
        return None  # "Großpackung mit 12 Stück": the thing counted with a word for any thing
    out: list[tuple[int, str]] = []
    starts: set[int] = set()
    ours_near = re.compile(rf"(?<![\w.,]){ours}(?![\w]|[.,][0-9])|\b(?i:{_word_of(ours)})\b")
    for at in places:
        back, ahead = _WORD_START.search(text, max(0, at - 40), at), _WORD_END.match(text, at)
        start = at - len(back.group()) if back else at
        end = ahead.end() if ahead else at
        noun = text[start:end].lower()
        if start in starts or not _names(word, noun):
            continue
        starts.add(start)
        line_end = text.find("\n", end, end + _REACH)
        if ours_near.search(text, end, end + _REACH if line_end < 0 else line_end):
            return None  # "3 Zimmer, davon 2 mit Balkon": ours may be a part of theirs
        if ours_near.search(text, max(0, start - _BESIDE), start):
            return None  # "2 AA batteries": ours, with a word between
        count = _COUNT_BEFORE.search(text, max(0, start - _REACH), start)
        between = count.group(2) if count else None
        if between and not (between in _ENGLISH_ADJECTIVES or text[start].isupper()):
            continue
        if count and _LIMIT.search(text, max(0, count.start() - 16), count.start()):
            continue  # "City tax ... (max. 7 nights)": a limit, not the thing's count
        if count and _kept(text, count.start(), noun):
            value = count.group(1).lower()
            m = int(value) if value.isdigit() else SMALL[value]
            out.append((m, text[count.start() : end]))
    return out


def _places(text: str, word: str) -> list[int]:
    """Where a noun related to word may stand: its first or last five letters, in any case."""
    places: set[int] = set()
    for probe in {word[:5], word[-5:]}:
        for m in re.finditer(re.escape(probe), text, re.IGNORECASE):
            places.add(m.start())
            if len(places) >= _MAX_PLACES:
                break
    return sorted(places)


def _names(ours: str, theirs: str) -> bool:
    """Whether the answer's noun names the excerpt's: the same word inflected, or the answer's
    compound of it ("gaskartuschen" for "kartuschen"; "zimmer" is no "badezimmer")."""
    return bool(meets({ours}, {theirs}, False)) or (len(theirs) >= 4 and ours.endswith(theirs))


def _word_of(count: int) -> str:
    """The words that write a count of one to twelve, "(?!)" for none."""
    return "|".join(w for w, v in SMALL.items() if v == count) or "(?!)"


def _kept(text: str, at: int, noun: str) -> bool:
    """Whether a count at text[at] counts its noun: no measure, no total's line, no whole of a
    part ("19 von 24"), no dose ("1 capsule three times daily": the bottle holds 30)."""
    if _NOT_COUNTED.match(noun) or _on_total_line(text, at):
        return False
    end = text.find("\n", at, at + _NEAR)
    if _DOSE.search(text, at, at + _NEAR if end < 0 else end):
        return False
    if _DOSE_BEFORE.search(text, max(0, at - 24), at):
        return False
    return not _WHOLE_OF.search(text, max(0, at - 16), at)


def _on_total_line(text: str, at: int) -> bool:
    """Whether the count at text[at] stands on a line that adds others up (its words near the
    count: an excerpt of prose may be one long line)."""
    start = max(text.rfind("\n", 0, at) + 1, at - _NEAR)
    end = text.find("\n", at, at + _NEAR)
    return _TOTAL_LINE.search(text, start, at + _NEAR if end < 0 else end) is not None
