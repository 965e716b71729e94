"""Rates an answer computes from two quantities of one excerpt that it need not name: "84 km/h"
from a trip's 252 km in 3 hours, "6,5 l/100 km" from 39 l over 600 km, "0,32 €/kWh" from
235,20 € for 735 kWh; or of its own sentence or the one before, grounded or derived ("760 km
gefahren ... 47,50 l ... 6,25 l/100 km").

Only a figure written with a rate unit (a unit, "/" or "per", then a unit) is tried, and only
with an excerpt's figures written with those two units' kinds: a quotient of any two figures
would meet a wrong rate by chance far too often."""

from __future__ import annotations

import re
from collections.abc import Sequence

from verifier.checks.bindwords import meets
from verifier.checks.citations import Sentences
from verifier.checks.figurewords import half_unit
from verifier.checks.grounding import Verdict, hedged
from verifier.checks.numparse import tokenize
from verifier.checks.readings import Reading, Token
from verifier.checks.units import UNITS_IN_BASE

# Unit word -> (kind, size in the kind's base): the metric units and durations of units.py,
# money, energy and miles.
_SIZES: dict[str, tuple[str, float]] = {
    **UNITS_IN_BASE,
    **dict.fromkeys(
        ("€", "eur", "euro", "$", "usd", "dollar", "dollars", "£", "gbp"), ("money", 1)
    ),
    **dict.fromkeys(("ct", "cent", "cents", "¢"), ("money", 0.01)),
    **dict.fromkeys(("kwh",), ("energy", 1000.0)),
    **dict.fromkeys(("wh",), ("energy", 1.0)),
    **dict.fromkeys(("mi", "mile", "miles", "meile", "meilen"), ("miles", 1.0)),
}
_WORD = r"(?:[A-Za-zäöüµμ]{1,12}|[€$£¢])"
# After the figure: its unit, "/" or a word of "per", maybe "100", the unit it is per.
_RATE = re.compile(
    rf"[ \u00a0\u202f]?(?:(?P<mph>mph)|(?P<kmh>kmh)|(?P<num>{_WORD})?[ \u00a0]?"
    r"(?:/|[ \u00a0](?:pro|per|je|a|an|auf)[ \u00a0])[ \u00a0]?(?P<hundred>100[ \u00a0]?)?"
    rf"(?P<den>{_WORD}))(?![A-Za-zäöü])",
    re.I,
)
_CURRENCY_BEFORE = re.compile(r"(?:[€$£]|\b(?:eur|usd|gbp))[ \u00a0]?\Z", re.I)
_UNIT_AFTER = re.compile(rf"[ \u00a0\u202f]?({_WORD})(?![A-Za-zäöü])\.?(?![ \u00a0]?/)")
# A duration written like a clock: "55:20 min", "1:24:30 h", and without a unit three parts
# ("1:08:24") or two whose first is past any hour ("29:09"); "12:30" may be a time of day.
_CLOCKED = re.compile(
    r"(?<![0-9:.,])([0-9]{1,3}):([0-5][0-9])(?::([0-5][0-9]))?(?:[ \u00a0]?(min|h|std)\b)?"
    r"(?![0-9:])",
    re.I,
)
_HOURS_A_DAY = 24
_STAMPED = re.compile(r"[0-9][-./][0-9]{1,2}[ T]{1,3}\Z")  # a date right before a time of day
_UHR = re.compile(r"[ \u00a0]?(?:Uhr|h\b|o'clock)")
_PACE = re.compile(r"([0-9]{1,2}):([0-5][0-9])")  # minutes and seconds, "9:30"
_MAX_FIGURES = 40  # of one kind in one excerpt
_MAX_TEXT = 16_384  # characters of an excerpt read for them

_Quantity = tuple[float, str]  # value in the kind's base unit, the figure as written


def _size(word: str) -> tuple[str, float] | None:
    return _SIZES.get(word.lower())


def _counted(word: str) -> tuple[str, float] | None:
    """A noun a whole figure counts ("bottles"), as its own kind; None for a short word."""
    return (f"noun {word.lower()}", 1.0) if len(word) >= 3 and word.isalpha() else None


def _same_noun(kind: str, other: str) -> bool:
    """Whether two kinds are one noun, inflected ("bottle", "bottles"; "Person", "Personen")."""
    return (
        kind.startswith("noun ")
        and other.startswith("noun ")
        and bool(meets({kind[5:]}, {other[5:]}, compound=False))
    )


class Rates:
    """The rates two figures of one excerpt give, for an answer's figure with a rate unit."""

    def __init__(self, sentences: Sentences, excerpts: Sequence[tuple[int, str]]) -> None:
        self.text = sentences.text
        self._sentences = sentences
        self._excerpts = excerpts
        self._read: dict[int, dict[str, list[_Quantity]]] = {}
        self._stated: list[tuple[Token, Verdict]] = []

    def learn(self, done: list[tuple[Token, Verdict]]) -> None:
        """Take the answer's grounded and derived figures: a rate may divide one of them
        ("760 km gefahren ... 47,50 l ... 6,25 l/100 km", the distance derived)."""
        self._stated = done

    def _answer_kinds(self, tok: Token) -> tuple[dict[str, list[_Quantity]], dict[str, Verdict]]:
        """The answer's figures with a unit in the figure's sentence and the one before, by
        kind, and the verdict of each as written."""
        k = self._sentences.index(tok.start)
        kinds: dict[str, list[_Quantity]] = {}
        held: dict[str, Verdict] = {}
        for t, v in self._stated:
            m = _UNIT_AFTER.match(self.text, t.end)
            size = _size(m.group(1)) if m else None
            num = v.reading.num
            if m and size and num is not None and k - 1 <= self._sentences.index(t.start) <= k:
                shown = self.text[t.start : m.end(1)]
                kinds.setdefault(size[0], []).append((float(num) * size[1], shown))
                held[shown] = v
        return kinds, held

    def derive(self, tok: Token) -> Verdict | None:
        """The quotient of two excerpt quantities an ungrounded rate is, or None."""
        r = tok.readings[0]
        m = _RATE.match(self.text, tok.end)
        # A pace as a clock-like duration: "5:32 min pro Kilometer", "9:30 per mile".
        duration = next((x for x in tok.readings if x.key[:2] == ("u", "time")), None)
        paced = _PACE.fullmatch(self.text, tok.start, tok.end)
        if duration is None and paced and m is not None and m.group("num") is None:
            seconds = int(paced[1]) * 60 + int(paced[2])
            duration = Reading(("u", "time", str(seconds)), str(seconds))
        if (r.num is None and duration is None) or r.scale or m is None:
            return None
        if m.group("mph") or m.group("kmh"):
            num, den = _size("mi" if m.group("mph") else "km"), _size("h")
        else:
            written = m.group("num")
            if written is None and _CURRENCY_BEFORE.search(self.text, 0, tok.start):
                written = "€"  # "$0.15 per kWh": any currency, one kind
            elif written is None and duration is not None and r.num is None:
                written = "min"  # a pace: "9:30 per mile"
            num, den = _size(written or ""), _size(m.group("den")) or _counted(m.group("den"))
        if num is None or den is None or num[0] == den[0]:
            return None
        per = 100.0 if m.group("hundred") else 1.0
        if num[0] == "time" and duration is not None and r.num is None:
            r = duration
            x, half = float(str(duration.key[2])) / num[1], 0.5 / num[1] * (1 + 1e-9)
        elif r.num is not None:
            x = float(r.num)
            about = hedged(self.text, tok.start)
            # A whole rate is exact unless hedged: 31,50 € for 4 is no "8 € pro Person".
            exact = not r.places and not about
            half = 1e-9 * max(1.0, x) if exact else half_unit(self.text, tok, about) * (1 + 1e-9)
        else:
            return None
        said, held = self._answer_kinds(tok)
        cited = self._sentences.cited_excerpts(self._excerpts, tok.start)
        for n, kinds in [*((n, self._quantities(n, text)) for n, text in cited), (None, {})]:
            counts = [q for kind in kinds if _same_noun(kind, den[0]) for q in kinds[kind]]
            for a, a_text in (*kinds.get(num[0], ()), *said.get(num[0], ())):
                for b, b_text in (*kinds.get(den[0], counts), *said.get(den[0], ())):
                    if b and abs((a / num[1]) / (b / den[1]) * per - x) <= half:
                        ours = [held[w].excerpts for w in (a_text, b_text) if w in held]
                        where = frozenset({n} if n else ()).union(*ours)
                        return Verdict("derived", r, where, "rate", (a_text, b_text))
        return None

    def _quantities(self, n: int, text: str) -> dict[str, list[_Quantity]]:
        """The excerpt's figures written with a unit of a known kind, by kind (read once)."""
        if n in self._read:
            return self._read[n]
        kinds: dict[str, list[_Quantity]] = {}
        for d in _CLOCKED.finditer(text, 0, _MAX_TEXT):
            first, second, third = (int(g) if g else 0 for g in d.group(1, 2, 3))
            if d.group(4) is None and (
                (d.group(3) is None and first < _HOURS_A_DAY)
                or _STAMPED.search(text, max(0, d.start() - 12), d.start())
                or _UHR.match(text, d.end())
            ):
                continue  # a time of day, or a log's timestamp ("2024-05-01 07:12:30")
            hours = d.group(3) is not None or (d.group(4) or "").lower() in ("h", "std")
            seconds = (first * 3600 + second * 60 + third) if hours else first * 60 + second
            kinds.setdefault("time", []).append((float(seconds), d.group()))
        for tok in tokenize(text[:_MAX_TEXT]):
            r = tok.readings[0]
            if r.key[0] != "n" or r.num is None:
                continue
            m = _UNIT_AFTER.match(text, tok.end)
            size = _size(m.group(1)) if m else None
            if size is None and _CURRENCY_BEFORE.search(text, max(0, tok.start - 5), tok.start):
                size = ("money", 1.0)
            if size is None and m and not r.places:
                size = _counted(m.group(1))  # "24 bottles", "12 Monate"
            if size is None:
                continue
            found = kinds.setdefault(size[0], [])
            if len(found) < _MAX_FIGURES:
                shown = (
                    text[tok.start : m.end(1)] if m and m.group(1) else text[tok.start : tok.end]
                )
                found.append((float(r.num) * size[1], shown))
        self._read[n] = kinds
        return kinds
