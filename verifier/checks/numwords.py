"""Values of spelled-out numbers in English and German (three, twenty-one, zwölf, dreißig)."""

from __future__ import annotations

import re

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
_JOIN = (" ", "-", "\u00a0")
_LIMIT = 10**15


def word_values(text: str) -> set[str]:
    """Values of the spelled-out numbers in text: each number word alone and each run of
    adjacent number words combined ("two hundred thousand", "twenty-one")."""
    # Alternating words and separators; a C-level split beats matching each word.
    parts = _SPLIT.split(text.lower())
    out: set[str] = set()
    total = cur = 0
    prev = -9
    for i in range(0, len(parts), 2):
        w = parts[i]
        if w in _FRACTIONS:
            out.update(_FRACTIONS[w])
            continue
        v = _WORDS.get(w)
        if v is None:
            continue
        joined = i == prev + 2 and parts[i - 1] in _JOIN
        # "one hundred and five": "and" joins only after a hundred or more.
        joined = joined or (
            i == prev + 4
            and parts[i - 2] in ("and", "und")
            and parts[i - 1] == parts[i - 3] == " "
            and (cur or total) >= 100
        )
        if not joined and prev >= 0:
            out.add(str(total + cur))
            total = cur = 0
        if v == 100:
            cur = (cur or 1) * 100
        elif v >= 1000:
            total, cur = total + (cur or 1) * v, 0
        else:
            cur += v
        if total + cur > _LIMIT:  # a run of number words this long is no single number
            total = cur = 0
        out.add(str(v))
        prev = i
    if prev >= 0:
        out.add(str(total + cur))
    return out
