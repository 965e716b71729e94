"""Deterministic number check: every number of the answer must stand in an excerpt or the question.

Numbers are compared by value across German and English notation (30,47 = 30.47,
9.351 = 9,351, 1.234,56 = 1,234.56, 90 € = 90,00 EUR), dates across their written forms, and
times by the clock. Rounded figures count when they keep the magnitude (177 for 177,44); a sum
or difference of two grounded figures of the answer is derived. Identifiers with digits
(bge-m3, DE89 …, Art.-Nr. 4711-0815) must recur as written (identifiers.py); counts in which
the answer describes itself are checked against the answer (selfref.py). Numbers the answer
spells out are compared where an excerpt holds them.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal, localcontext

from verifier.checks.identifiers import Ident, RunIndex, find_identifiers, widened
from verifier.checks.models import NumberFinding, NumberStage, NumberStatus, SourceText
from verifier.checks.numparse import (
    Key,
    Reading,
    Token,
    date_keys,
    day_clock,
    number,
    tokenize,
    tokenize_lines,
)
from verifier.checks.numwords import spelled_numbers, word_values
from verifier.checks.selfref import announced_lists, counts_words
from verifier.checks.weekdays import wrong_weekdays

_CURRENCY = r"\s*(?:[$€£]|EUR|USD|US\$)?\s*$"
# Hedge words before a figure, by the side on which the true value may lie.
_HEDGES = {
    "about": re.compile(
        r"(?:\b(?:about|around|approximately|approx\.|roughly|some|close to|rund|"
        r"etwa|ca\.|circa|zirka|ungefähr|annähernd|rd\.)|[~≈])" + _CURRENCY,
        re.I,
    ),
    "up": re.compile(
        r"\b(?:over|more than|above|at least|über|mehr als|gut|mindestens)" + _CURRENCY, re.I
    ),
    "down": re.compile(
        r"\b(?:under|less than|below|up to|almost|nearly|knapp|fast|bis zu|"
        r"weniger als|nahezu)" + _CURRENCY,
        re.I,
    ),
}
# Words that announce arithmetic over figures the answer already gave.
_TOTAL = re.compile(
    r"\b(?:total\w*|sum|combined|together|altogether|difference|insgesamt|"
    r"zusammen|gesamt|summe|differenz|unterschied)\b",
    re.I,
)
# Digit groups joined by single spaces, slashes, dots or hyphens: phone numbers, IBANs, ids.
_CHAIN = re.compile(
    r"(?<![0-9])[0-9]+(?:(?:[ \u00a0\u2009\u202f]?[-/.][ \u00a0\u2009\u202f]?"
    r"|[ \u00a0\u2009\u202f])[0-9]+)*"
)
_DIGITS = re.compile(r"[0-9]+")
# "+49 (0)251 …": the national number 0251 … follows the country code's "(0)".
_TRUNK_BEFORE = re.compile(r"(?:\+|00)[0-9]{1,3}[ \u00a0]?\(0\)[ \u00a0]?$")
# "(0251) 4829170": an area code in brackets before the number, read as one chain.
_AREA_IN_BRACKETS = re.compile(r"\((0[0-9]{2,5})\)(?=[ \u00a0]?[0-9])")
# Day, month and year in dots: its groups mean something, so it is never regrouped like a
# phone number (the invalid 0.1.2000 is not 01.01.2000 with other dots).
_DATE_SHAPED = re.compile(r"(?:[0-2]?[0-9]|3[01])\.(?:0?[0-9]|1[0-2])\.(?:[0-9]{2}|[0-9]{4})")
# A number the answer spells out that no excerpt holds is flagged from thirteen on: a compound
# ("zweiunddreißig", "Thirty-one") is a count somebody chose, while "two" or "seven" often
# describes the answer itself or speaks loosely. FLAG_ABSENT_WORDS flags every one. Bare
# "hundred" or "Millionen" count nothing. Measured on the catalogs: see README.
FLAG_ABSENT_WORDS = False
ABSENT_WORDS_FLAGGED_FROM = 13
_BARE_SCALES = frozenset({100, 1000, 10**6, 10**9, 10**12})
_MIN_CHAIN = 6  # shorter digit strings coincide too easily across differently grouped ids
# Regrouped ids are few in a real answer; these bounds keep junk input from scanning forever.
_MAX_CHAIN_LOOKUPS = 32
_MAX_PROBES = 64
_MAX_IDENTS = 32  # identifiers looked up as such; any more are left to the number check
_MAX_TRUNC = 6  # excerpt decimals kept for truncation: enough for money, bounded for junk
_MAX_PAIRS = 40  # grounded answer numbers tried as addends; bounds the pair search
_PERCENT_AFTER = re.compile(r"[ \u00a0\u202f]?(?:%|prozent\b|percent\b|per cent\b)", re.I)
_REL = Decimal("0.15")  # a hedged figure ("rund 480") may be off by one rounding unit and 15 %
_HALF = Decimal("0.5")


_NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)?")
_SEP = "[^0-9\\n]?"  # what may stand between two digits of one token


def _signs(key: Key) -> set[str] | None:
    """Patterns one of which matches on every line whose tokens give key (see _Index.prepare),
    or None when any line may.

    Digits within a token are at most one character apart. A number's value keeps the written
    digits but for zeros at either end (a scale word adds zeros; truncation keeps a prefix);
    a year may be written with its last two digits ("05.03.26"); a day stands as digits, on the
    line of its year; a clock hour is written as one of the hours of its twelve-hour position."""
    kind = key[0]
    if kind == "n" and len(key) == 2 and isinstance(key[1], str) and _NUMBER.fullmatch(key[1]):
        v = key[1]
        core = v.replace(".", "").strip("0")
        if not core:
            return None
        out = {_SEP.join(core)}
        if len(v) == 4 and v.isdigit() and 1970 <= int(v) <= 2069:  # _year of two digits
            out.add(v[2:])
        return out
    years = [k for k in key[1:2] if isinstance(k, int) and 1000 <= k <= 9999]
    if kind == "d" and years and len(key) == 4 and isinstance(key[3], int) and key[3] >= 0:
        year, day = f"{years[0] % 100:02d}", str(key[3])
        return {f"{year}[^\\n]*{day}", f"{day}[^\\n]*{year}"}
    if kind in ("y", "ym") and years and len(key) == {"y": 2, "ym": 3}[kind]:
        return {f"{years[0] % 100:02d}"}
    if kind == "dm" and len(key) == 3 and isinstance(key[2], int) and key[2] >= 0:
        return {str(key[2])}
    if kind == "t" and len(key) == 3 and isinstance(key[1], int):
        return {str(x) for x in range(25) if (x - key[1]) % 12 == 0} or None
    return None


class _Index:
    """Every reading of a set of texts, mapped to the numbers of the texts that hold it.

    A lazy index (for the excerpts) reads only the lines that may hold what prepare was told
    the answer will look up; a look-up of anything else, or near, first reads every line."""

    def __init__(self, texts: Sequence[tuple[int, str]], lazy: bool = False) -> None:
        # Which texts hold a key, as a bit mask over their positions (bit i: texts[i]): an
        # excerpt files tens of thousands of keys, and a set for each costs an allocation per
        # key and a heap of containers for the garbage collector to walk.
        self.keys: dict[Key, int] = {}
        self.part_keys: dict[Key, int] = {}  # the groups of "3 100", maybe two numbers
        self.trunc: dict[Key, int] = {}
        self._texts = texts
        self._ns = [n for n, _ in texts]
        self._nums: list[tuple[str, int]] = []
        self._values: list[tuple[Decimal, int]] | None = None
        self._chains: list[tuple[int, str, set[int]]] | None = None
        self._full = False
        self._ready: set[Key] = set()  # keys (and truncation keys) every holder of is indexed
        self._ready_trunc: set[Key] = set()
        self.runs = RunIndex(texts)
        if not lazy:
            self._complete()
        for i, (_, text) in enumerate(texts):
            for v in word_values(text):
                self.keys[("n", v)] = self.keys.get(("n", v), 0) | 1 << i

    def _holders(self, bits: int | None) -> set[int] | None:
        """The numbers of the texts in a bit mask, None for none."""
        if bits is None:
            return None
        return {n for i, n in enumerate(self._ns) if bits >> i & 1}

    def _index(self, i: int, tokens: Iterable[Token]) -> None:
        seen: set[Reading] = set()
        bit, parts = 1 << i, self.part_keys
        for tok in tokens:
            for r in tok.readings:
                if r not in seen:
                    seen.add(r)
                    self._add(r, bit, self._ns[i])
            for part in tok.parts:
                for r in part.readings:
                    parts[r.key] = parts.get(r.key, 0) | bit

    def _complete(self) -> None:
        """Index every line (again: adding a reading twice changes nothing)."""
        if not self._full:
            self._full = True
            for i, (_, text) in enumerate(self._texts):
                self._index(i, tokenize(text))

    def prepare(self, readings: Iterable[Reading]) -> None:
        """Index the lines that may hold any of these readings' keys or truncation keys."""
        if self._full:
            return
        rs = list(readings)
        keys = {r.key for r in rs}
        truncs: set[Key] = {(r.places, r.value) for r in rs if r.key[0] == "n"}
        signs: set[str] = set()
        for key in (*keys, *(("n", v) for _, v in truncs)):
            found = _signs(key)
            if found is None:
                self._complete()
                return
            signs.update(found)
        if signs:
            rx = re.compile("|".join(sorted(signs)))
            for i, (_, text) in enumerate(self._texts):
                lines: list[tuple[int, int]] = []
                pos = 0
                while m := rx.search(text, pos):
                    start = text.rfind("\n", 0, m.start()) + 1
                    end = text.find("\n", m.end())
                    end = len(text) if end < 0 else end
                    lines.append((start, end))
                    pos = end + 1
                if lines:
                    self._index(i, tokenize_lines(text, lines, day_clock(text)))
        self._ready |= keys
        self._ready_trunc |= truncs

    def whole(self, key: Key) -> set[int] | None:
        """The texts holding key as a reading of a whole token, None if none."""
        if not (self._full or key in self._ready):
            self._complete()
        return self._holders(self.keys.get(key))

    def held(self, key: Key) -> set[int] | None:
        """The texts holding key as a reading of a whole token or of a group of a space-grouped
        number ("3 100"), None if none."""
        if not (self._full or key in self._ready):
            self._complete()
        whole, part = self.keys.get(key), self.part_keys.get(key)
        if whole is None and part is None:
            return None
        return self._holders((whole or 0) | (part or 0))

    def truncated(self, key: Key) -> set[int] | None:
        """The texts holding a number that cut to (places, value) is key, None if none."""
        if not (self._full or key in self._ready_trunc):
            self._complete()
        return self._holders(self.trunc.get(key))

    def rounded_up(self, places: int, value: str) -> set[int] | None:
        """The texts holding a number that rounded half up to places is value and cut to it
        is not (177,64 for 178; 12,46 for 12,5), None if none. Told from the numbers one unit
        lower with one more place of 5 to 9, whole or cut: no key per number for it."""
        with localcontext() as ctx:
            ctx.prec = 60
            lower = Decimal(value) - Decimal(1).scaleb(-places)
        if lower < 0:
            return None
        kept = f"{lower:.{places}f}" if places else f"{lower:f}"
        # The lines that hold the lower number's digits hold every candidate: one pattern to
        # compile, not one per candidate (five made it a millisecond).
        self.prepare([Reading(("n", kept), kept)])
        sure = [f"{kept}{d}" if places else f"{kept}.{d}" for d in "56789"]
        bits = 0
        for c in sure:
            bits |= self.keys.get(("n", c), 0) | self.trunc.get((places + 1, c), 0)
        return self._holders(bits or None)

    def _add(self, r: Reading, bit: int, n: int) -> None:
        keys = self.keys
        if r.key[0] != "n":
            for k in date_keys(r):
                keys[k] = keys.get(k, 0) | bit
        else:
            keys[r.key] = keys.get(r.key, 0) | bit  # a number's date_keys are itself
            self._nums.append((r.value, n))
            intp, _, frac = r.value.partition(".")
            if frac:
                # The values number(intp, frac[:p]) would give, without a Reading for each:
                # this runs for every number of every excerpt.
                whole = intp.lstrip("0") or "0"
                trunc = self.trunc
                for p in range(min(len(frac), _MAX_TRUNC)):
                    cut = frac[:p].rstrip("0")
                    key = (p, f"{whole}.{cut}" if cut else whole)
                    trunc[key] = trunc.get(key, 0) | bit

    def near(self, lo: Decimal, hi: Decimal) -> set[int]:
        """Texts holding a written number (not a date part) with a value in [lo, hi]."""
        self._complete()
        if self._values is None:
            self._values = sorted((Decimal(v), n) for v, n in set(self._nums) if len(v) <= 40)
        out: set[int] = set()
        i = bisect_left(self._values, (lo, -1))
        while i < len(self._values) and self._values[i][0] <= hi:
            out.add(self._values[i][1])
            i += 1
        return out

    def chain(self, digits: str) -> set[int]:
        """Texts where digits is a run of whole digit groups (0251 / 48 29 17-0, DE89 3704 …)."""
        if self._chains is None:
            self._chains = []
            for n, text in self._texts:
                groups: list[str] = []
                bounds = {0}
                pos = 0
                for m in _CHAIN.finditer(text):
                    for chain in _national_too(text, m):
                        for g in chain:
                            groups.append(g)
                            pos += len(g)
                            bounds.add(pos)
                        groups.append("|")
                        pos += 1
                        bounds.add(pos)
                self._chains.append((n, "".join(groups), bounds))
        out: set[int] = set()
        for n, joined, bounds in self._chains:
            i = joined.find(digits)
            for _ in range(_MAX_PROBES):
                if i < 0 or (i in bounds and i + len(digits) in bounds):
                    break
                i = joined.find(digits, i + 1)
            if i >= 0 and i in bounds and i + len(digits) in bounds:
                out.add(n)
        return out


def _national_too(text: str, m: re.Match[str]) -> list[list[str]]:
    """The digit groups of a chain of an excerpt, and of its national form if it is written
    with a country code (+49 251 …, 0049 251 …, +49 (0)251 …: 0251 …)."""
    gs = _DIGITS.findall(m.group())
    coded = len(gs) > 1 and (
        text[m.start() - 1 : m.start()] == "+" or (gs[0].startswith("00") and len(gs[0]) <= 5)
    )
    if coded:
        return [gs, ["0" + gs[1], *gs[2:]]]
    if _TRUNK_BEFORE.search(text, max(0, m.start() - 12), m.start()):
        return [gs, ["0" + gs[0], *gs[1:]]]
    return [gs]


@dataclass(frozen=True, slots=True)
class _Verdict:
    """How one answer token is held: status, the reading that matched, where, and by what rule."""

    status: NumberStatus
    reading: Reading
    excerpts: frozenset[int]
    how: str = "exact"  # exact, rounded, sum or difference
    addends: tuple[str, str] = ("", "")


def _window(r: Reading, num: Decimal, hedge: str) -> tuple[Decimal, Decimal] | None:
    """Values a scaled or hedged figure may stand for, or None if it is meant exactly."""
    with localcontext() as ctx:
        ctx.prec = 60
        u = r.unit
        if r.scale:
            # "1,2 Mio." is 1.2 million rounded or cut off at its last written digit.
            return (num if hedge == "up" else num - u * _HALF), num + u
        if not hedge:
            return None
        lo, hi = max(num - u, num * (1 - _REL)), min(num + u, num * (1 + _REL))
        if hedge == "up":
            return num, hi
        if hedge == "down":
            return lo, num
        return max(num - u * _HALF, lo), min(num + u * _HALF, hi)


def _ground(tok: Token, answer: str, src: _Index, quest: _Index) -> _Verdict | None:
    """The best grounding of one answer token, or None."""
    exact = [(r, ns) for r in tok.readings if (ns := src.held(r.key)) is not None]
    # 177 (cut) or 178 (rounded) for 177,64 keeps the magnitude; 17 (too few digits) or 217
    # for 2.170,50 do not.
    fits = [r for r in tok.readings if r.digits >= 3 and not r.scale and r.key[0] == "n"]
    cut = [(r, ns) for r in fits if (ns := src.truncated((r.places, r.value)))]
    if not (exact or cut):
        cut = [(r, ns) for r in fits if (ns := src.rounded_up(r.places, r.value))]
    if exact or cut:
        held = frozenset().union(*(ns for _, ns in exact + cut))
        return _Verdict("grounded", (exact or cut)[0][0], held, "exact" if exact else "rounded")
    before = max(0, tok.start - 24)
    hedge = next((h for h, rx in _HEDGES.items() if rx.search(answer, before, tok.start)), "")
    if not hedge and _PERCENT_AFTER.match(answer, tok.end):
        hedge = "about"  # a share is rounded by habit, without a word: 23 % for 23,4 %
    for r in tok.readings:
        num = r.num
        window = _window(r, num, hedge) if num is not None else None
        near = src.near(*window) if window else None
        if near:
            return _Verdict("grounded", r, frozenset(near), "rounded")
    for r in tok.readings:
        if r.key in quest.keys:
            return _Verdict("from_question", r, frozenset())
    return None


def _ground_part(tok: Token, src: _Index, quest: _Index) -> _Verdict | None:
    """Exact grounding of one group of "3 100" read as separate numbers.

    Nothing inexact here: with truncation, 123 and 123 could pass for 123.124 changed."""
    for r in tok.readings:
        if (held := src.whole(r.key)) is not None:
            return _Verdict("grounded", r, frozenset(held))
    return next(
        (_Verdict("from_question", r, frozenset()) for r in tok.readings if r.key in quest.keys),
        None,
    )


def _flags_absent(spelled_value: int | None) -> bool:
    """Whether an answer token no excerpt holds is flagged: any figure; a spelled-out number
    only from ABSENT_WORDS_FLAGGED_FROM (or all of them with FLAG_ABSENT_WORDS)."""
    if spelled_value is None or FLAG_ABSENT_WORDS:
        return True
    return spelled_value >= ABSENT_WORDS_FLAGGED_FROM and spelled_value not in _BARE_SCALES


class _Answer:
    """The answer's digit chains and grounded figures, for the fallbacks after direct lookup."""

    def __init__(self, answer: str) -> None:
        self.text = answer
        self._chains: list[tuple[int, int, tuple[str, ...]]] = []
        # The same length, so that spans stay: "(0251) 482" reads as " 0251- 482".
        joined = _AREA_IN_BRACKETS.sub(lambda a: f" {a[1]}-", answer)
        for m in _CHAIN.finditer(joined):
            groups = _DIGITS.findall(m.group())
            digits: tuple[str, ...] = ("".join(groups),)
            if answer[m.start() - 1 : m.start()] == "+" and len(groups) > 1:
                # +49 251 … is the national 0251 …: the country code stands for the leading 0.
                digits += ("0" + "".join(groups[1:]),)
            self._chains.append((m.start(), m.end(), digits))
        self._chain_starts = [c[0] for c in self._chains]
        self._lookups: dict[str, set[int]] = {}
        self._derived: dict[Decimal, tuple[str, frozenset[int], tuple[str, str]]] = {}

    def chain_ground(self, tok: Token, src: _Index) -> _Verdict | None:
        """Ground an identifier whose digit grouping differs from the excerpt's (phone, IBAN)."""
        if any(r.key[0] not in ("n", "y") or "." in r.value for r in tok.readings):
            return None
        own = "".join(_DIGITS.findall(self.text[tok.start : tok.end]))
        i = bisect_right(self._chain_starts, tok.start) - 1
        around = self._chains[i][2] if i >= 0 and tok.end <= self._chains[i][1] else ()
        for ds in (own, *around):
            if len(ds) < _MIN_CHAIN:
                continue
            if ds not in self._lookups and len(self._lookups) < _MAX_CHAIN_LOOKUPS:
                self._lookups[ds] = src.chain(ds)
            ns = self._lookups.get(ds)
            if ns:
                return _Verdict("grounded", tok.readings[0], frozenset(ns))
        return None

    def learn_sums(self, done: list[tuple[Token, _Verdict]]) -> None:
        """Tabulate sums and differences of grounded figures (bounded: the first few only)."""
        vals = [(num, t, v) for t, v in done if (num := v.reading.num) is not None]
        with localcontext() as ctx:
            ctx.prec = 60
            for i, (a, ta, va) in enumerate(vals[:_MAX_PAIRS]):
                for b, tb, vb in vals[i + 1 : _MAX_PAIRS]:
                    ns = va.excerpts | vb.excerpts
                    pair = (self.text[ta.start : ta.end], self.text[tb.start : tb.end])
                    self._derived.setdefault(a + b, ("sum", ns, pair))
                    self._derived.setdefault(abs(a - b), ("difference", ns, pair))

    def derive(self, tok: Token) -> _Verdict | None:
        """Ground a total or difference of two grounded figures ("zusammen also 129,95 €").

        Only after a word announcing arithmetic or for a figure with cents: small whole numbers
        are sums of other small numbers far too often by chance."""
        r = tok.readings[0]
        x = r.num
        if x is None or r.scale or x not in self._derived:
            return None
        if x == x.to_integral_value() and not _TOTAL.search(
            self.text, max(0, tok.start - 60), tok.start
        ):
            return None
        how, ns, pair = self._derived[x]
        return _Verdict("derived", r, ns, how, pair)


def _refs(ns: Iterable[int], de: bool) -> str:
    s = sorted(ns)
    inner = ", ".join(str(n) for n in s)
    if de:
        return f"Auszug [{inner}]" if len(s) == 1 else f"den Auszügen [{inner}]"
    return f"excerpt [{inner}]" if len(s) == 1 else f"excerpts [{inner}]"


def _messages(text: str, v: _Verdict | None, r: Reading, ident: bool = False) -> tuple[str, str]:
    kind = r.key[0]
    en = "date" if kind in ("d", "ym", "dm") else "time" if kind == "t" else "number"
    en = "identifier" if ident else en
    de = {
        "date": "Das Datum",
        "time": "Die Uhrzeit",
        "number": "Die Zahl",
        "identifier": "Die Kennung",
    }[en]
    q_en, q_de = f'The {en} "{text}"', f"{de} „{text}“"
    if v is None:
        return f"{q_en} does not appear in any excerpt.", f"{q_de} kommt in keinem Auszug vor."
    if v.status == "from_question":
        return f"{q_en} is taken from the question.", f"{q_de} stammt aus der Frage."
    if v.how == "rounded":
        return (
            f"{q_en} is a rounded form of a value in {_refs(v.excerpts, False)}.",
            f"{q_de} ist ein gerundeter Wert aus {_refs(v.excerpts, True)}.",
        )
    if v.status == "derived":
        a, b = v.addends
        how_de = "Summe" if v.how == "sum" else "Differenz"
        where_en = _refs(v.excerpts, False) if v.excerpts else "the question"
        where_de = _refs(v.excerpts, True) if v.excerpts else "der Frage"
        return (
            f'{q_en} is derived: the {v.how} of "{a}" and "{b}", which stand in {where_en}.',
            f"{q_de} ist abgeleitet: die {how_de} von „{a}“ und „{b}“ aus {where_de}.",
        )
    return (
        f"{q_en} appears in {_refs(v.excerpts, False)}.",
        f"{q_de} steht in {_refs(v.excerpts, True)}.",
    )


def _finding(
    answer: str, start: int, end: int, v: _Verdict | None, r: Reading, ident: bool = False
) -> NumberFinding:
    text = answer[start:end]
    en, de = _messages(text, v, r, ident)
    return NumberFinding(
        text=text,
        value=r.value,
        start=start,
        end=end,
        status=v.status if v else "ungrounded",
        excerpts=sorted(v.excerpts) if v else [],
        message_en=en,
        message_de=de,
    )


def _identify(
    ident: Ident, inside: list[Token], ans: _Answer, src: _Index, quest: _Index
) -> NumberFinding | None:
    """The finding of an identifier: its runs in a row in an excerpt, its digits regrouped
    (an IBAN written in blocks), or in the question; None for a unit power (m2, cm3)."""
    if not ident.key:
        return None
    r = Reading(("id",), ident.key.strip())
    held = src.runs.holding(ident)
    if not held and ident.regroup and not _DATE_SHAPED.fullmatch(ans.text, ident.start, ident.end):
        # Every digit group of it, regrouped, in one excerpt: one group that stands there
        # (482917 of 0231/482917-0) holds no other area code or extension.
        grounds = [ans.chain_ground(t, src) for t in inside]
        if grounds and all(grounds):
            held = set(frozenset.intersection(*(v.excerpts for v in grounds if v)))
    v = None
    if held:
        v = _Verdict("grounded", r, frozenset(held))
    elif quest.runs.holding(ident):
        v = _Verdict("from_question", r, frozenset())
    return _finding(ans.text, ident.start, ident.end, v, r, ident=True)


def check_numbers(question: str, answer: str, excerpts: Sequence[SourceText]) -> NumberStage:
    """Check every number, date, time and identifier of the answer against the excerpts and the
    question, and every count that announces a list of the answer against that list."""
    src = _Index([(e.n, e.checked_text) for e in excerpts], lazy=True)
    quest = _Index([(0, question)])
    ans = _Answer(answer)
    lists = {(a.start, a.end): a for a in announced_lists(answer)}
    findings = [a.finding(answer) for a in lists.values() if a.announced != a.items]
    tokens = [
        t
        for t in tokenize(answer, strict=True)
        if (t.start, t.end) not in lists and not counts_words(answer, t.end)
    ]
    findings += wrong_weekdays(answer, tokens)
    starts = [t.start for t in tokens]
    taken: set[int] = set()
    for ident in find_identifiers(answer)[:_MAX_IDENTS]:
        # The tokens inside the identifier, unless one reaches out of it, or a date or time
        # is in a chain of digits (in a name such as bge1-0:0 it is no time).
        lo, hi = bisect_left(starts, ident.start), bisect_left(starts, ident.end)
        inside = range(lo, hi)
        if inside and not ident.regroup and tokens[hi - 1].end > ident.end:
            ident = widened(answer, ident, tokens[hi - 1].end)
        if (
            inside
            and (not lo or tokens[lo - 1].end <= ident.start)
            and tokens[hi - 1].end <= ident.end
            and not (
                ident.regroup
                and any(r.key[0] not in ("n", "y") for i in inside for r in tokens[i].readings)
            )
        ):
            taken.update(inside)
            f = _identify(ident, [tokens[i] for i in inside], ans, src, quest)
            findings += [f] if f else []
    todo = [t for i, t in enumerate(tokens) if i not in taken]
    words = [
        sp
        for sp in spelled_numbers(answer)
        if sp.counts and (sp.start, sp.end) not in lists and not counts_words(answer, sp.end)
    ]
    worded = [Token(sp.start, sp.end, (number(str(sp.value)),)) for sp in words]
    # Index only the excerpt lines that may hold what the answer's figures look up.
    src.prepare(r for t in (*todo, *worded) for p in (t, *t.parts) for r in p.readings)
    results: list[tuple[Token, _Verdict | None]] = []
    for tok in todo:
        v = _ground(tok, answer, src, quest)
        if v is None and tok.parts:
            # "3 100" may be two numbers rather than 3100: take the parts if all of them hold.
            part_vs = [(p, _ground_part(p, src, quest)) for p in tok.parts]
            if all(pv for _, pv in part_vs):
                results.extend(part_vs)
                continue
        results.append((tok, v or ans.chain_ground(tok, src)))
    spelled: dict[tuple[int, int], int] = {}
    for tok, sp in zip(worded, words, strict=True):
        spelled[tok.start, tok.end] = sp.value
        results.append((tok, _ground(tok, answer, src, quest)))
    ans.learn_sums([(t, v) for t, v in results if v is not None])
    for tok, v in results:
        v = v or ans.derive(tok)
        if v is None and not _flags_absent(spelled.get((tok.start, tok.end))):
            continue
        findings.append(
            _finding(answer, tok.start, tok.end, v, v.reading if v else tok.readings[0])
        )
    findings.sort(key=lambda f: f.start)
    flagged = any(f.status in ("ungrounded", "miscounted", "wrong_weekday") for f in findings)
    return NumberStage(flagged=flagged, findings=findings)
