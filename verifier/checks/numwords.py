"""Values of spelled-out numbers in English and German (three, twenty-one, zwölf, dreißig)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import compress

_EN = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
).split()
_EN_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
_EN_ORD = (
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth"
).split()
_DE = (
    "null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn vierzehn "
    "fünfzehn sechzehn siebzehn achtzehn neunzehn"
).split()
_DE_TENS = "zwanzig dreißig vierzig fünfzig sechzig siebzig achtzig neunzig".split()
_DE_PRE = "ein zwei drei vier fünf sechs sieben acht neun".split()
_DE_ORD = "erst zweit dritt viert fünft sechst siebt acht neunt zehnt elft zwölft".split()
# One to twelve in words, as clock hours and counts of things are written.
SMALL: dict[str, int] = {w: i for words in (_EN, _DE) for i, w in enumerate(words) if 1 <= i <= 12}
_WORDS: dict[str, int] = {
    **{w: i for i, w in enumerate(_EN)},
    **{w + "th": i for i, w in enumerate(_EN) if i > 12},
    **{w: 20 + 10 * i for i, w in enumerate(_EN_TENS)},
    **{w[:-1] + "ieth": 20 + 10 * i for i, w in enumerate(_EN_TENS)},
    **{w: i + 1 for i, w in enumerate(_EN_ORD)},
    **{w: i for i, w in enumerate(_DE)},
    **{w: 20 + 10 * i for i, w in enumerate(_DE_TENS)},
    **{
        p + "und" + t: 21 + i + 10 * j
        for i, p in enumerate(_DE_PRE)
        for j, t in enumerate(_DE_TENS)
    },
    **{
        p + s: (i + 1) * 10**k
        for i, p in enumerate(_DE_PRE)
        for s, k in (("hundert", 2), ("tausend", 3))
    },
    **{w + e: i + 1 for i, w in enumerate(_DE_ORD) for e in ("e", "en", "er", "es", "em")},
    "dozen": 12,
    "once": 1,
    "twice": 2,
    "hundred": 100,
    "hundert": 100,
    "thousand": 1000,
    "tausend": 1000,
    "million": 10**6,
    "millionen": 10**6,
    "billion": 10**9,
    "milliarde": 10**9,
    "milliarden": 10**9,
    "trillion": 10**12,
}
_FRACTIONS = {
    "half": ("0.5", "50"),
    "hälfte": ("0.5", "50"),
    "halb": ("0.5", "50"),
    "quarter": ("0.25", "25"),
    "viertel": ("0.25", "25"),
}
_SPLIT = re.compile(r"([^a-zäöüß]+)")
_SPLIT_ANY_CASE = re.compile(r"([^A-Za-zÄÖÜäöüß]+)")
_JOIN = (" ", "-", "\u00a0")
_LIMIT = 10**15
# Words that state a count by themselves; ordinals, "one", "once" or a bare "million" do not
# ("one of them", "the second time", "millions of"), so the answer's own words use only these.
_ORDINALS = (
    {w + e for w in _DE_ORD for e in ("e", "en", "er", "es", "em")}
    | set(_EN_ORD)
    | {w + "th" for w in _EN}
    | {w[:-1] + "ieth" for w in _EN_TENS}
)
_CARDINALS = (
    frozenset(
        w
        for w, v in _WORDS.items()
        if 2 <= v < 100 or (w.endswith(("hundert", "tausend")) and w not in ("hundert", "tausend"))
    )
    - _ORDINALS
    - {"twice", "dozen"}
)


@dataclass(frozen=True, slots=True)
class Spelled:
    """A run of adjacent number words in a text ("twenty-one", "zwei Millionen")."""

    start: int
    end: int
    value: int
    words: tuple[str, ...]

    @property
    def counts(self) -> bool:
        """Whether the run states a count of two or more in cardinal words."""
        return self.value >= 2 and any(w in _CARDINALS for w in self.words)

    @property
    def cardinal(self) -> bool:
        """Whether the run ends in no ordinal: "twenty-one", not "twenty-first"."""
        return self.words[-1] not in _ORDINALS


def _runs(parts: list[str]) -> Iterator[tuple[int, int, int, list[int]]]:
    """Runs of adjacent number words in lower-cased split parts (words at even indexes,
    separators between): first and last part index, combined value, each word's value."""
    total = cur = 0
    first = prev = -9
    singles: list[int] = []
    # Only the number words: the C-level filter skips the prose between them.
    for i in compress(range(0, len(parts), 2), map(_WORDS.__contains__, parts[::2])):
        v = _WORDS[parts[i]]
        joined = i == prev + 2 and parts[i - 1] in _JOIN
        # "one hundred and five": "and" joins only after a hundred or more.
        joined = joined or (
            i == prev + 4
            and parts[i - 2] in ("and", "und")
            and parts[i - 1] == parts[i - 3] == " "
            and (cur or total) >= 100
        )
        if not joined:
            if prev >= 0:
                yield first, prev, total + cur, singles
            total = cur = 0
            first, singles = i, []
        if v == 100:
            cur = (cur or 1) * 100
        elif v >= 1000:
            total, cur = total + (cur or 1) * v, 0
        else:
            cur += v
        if total + cur > _LIMIT:  # a run of number words this long is no single number
            total = cur = 0
        singles.append(v)
        prev = i
    if prev >= 0:
        yield first, prev, total + cur, singles


def word_values(text: str) -> set[str]:
    """Values of the spelled-out numbers in text: each number word alone and each run of
    adjacent number words combined ("two hundred thousand", "twenty-one")."""
    # Alternating words and separators; a C-level split beats matching each word.
    parts = _SPLIT.split(text.lower())
    out = {v for w in _FRACTIONS.keys() & set(parts[::2]) for v in _FRACTIONS[w]}
    for _, _, value, singles in _runs(parts):
        out.update(map(str, singles))
        out.add(str(value))
    return out


def spelled_numbers(text: str) -> list[Spelled]:
    """Every run of number words in text, with its span and combined value."""
    parts = _SPLIT_ANY_CASE.split(text)
    offsets = [0]
    for p in parts:
        offsets.append(offsets[-1] + len(p))
    lower = [p.lower() for p in parts]
    return [
        Spelled(offsets[a], offsets[b + 1], value, tuple(lower[a : b + 1 : 2]))
        for a, b, value, _ in _runs(lower)
    ]


def word_number(text: str) -> int | None:
    """The value of text if it is a single cardinal number in words ("drei", "twenty-one")."""
    runs = spelled_numbers(text)
    whole = len(runs) == 1 and runs[0].start == 0 and runs[0].end == len(text)
    return runs[0].value if whole and runs[0].counts else None


# A count and a half in words: "anderthalb", "eineinhalb", "zweieinhalb", "two and a half".
_HALVES = re.compile(
    r"\b(?:(?P<one>anderthalb|eineinhalb|one[ -]and[ -]a[ -]half)"
    r"|(?P<de>zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf)einhalb"
    r"|(?P<en>two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)[ -]and[ -]a[ -]half)\b",
    re.I,
)


def spelled_halves(text: str) -> list[tuple[int, int, str]]:
    """Each count and a half written in words, with its span and value ("2.5")."""
    out = []
    for m in _HALVES.finditer(text):
        word = m["de"] or m["en"]
        whole = 1 if m["one"] else _WORDS[word.lower()]
        out.append((m.start(), m.end(), f"{whole}.5"))
    return out
