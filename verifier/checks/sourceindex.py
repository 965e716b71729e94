"""The excerpts' side of the number check: every reading of their numbers, dates and times,
indexed lazily by the lines that may hold what the answer looks up."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from decimal import Decimal, localcontext

from verifier.checks.clockwords import spoken_durations
from verifier.checks.digitchains import ChainIndex
from verifier.checks.ibans import iban_holders
from verifier.checks.identifiers import RunIndex
from verifier.checks.linesigns import FRACTION_SIGN, FRACTIONS, lines_of, signs
from verifier.checks.months import YEAR, day_under_year, under_year, writes_day
from verifier.checks.numparse import day_clock, tokenize, tokenize_lines
from verifier.checks.numwords import word_values
from verifier.checks.readings import Key, Reading, Token, date_keys, day_key
from verifier.checks.tablescale import declared_scale, scaled_too
from verifier.checks.weekdays import weekday_beside

_MAX_TRUNC = 6  # excerpt decimals kept for truncation: enough for money, bounded for junk
# A birth before a date: its year is no year an answer's weekday means ("geboren am 24.07.1990").
_BIRTH = re.compile(r"(?i:\bgeb\.|geboren|geburt\w*|\bborn\b|birth\w*|\bd\.?o\.?b\b)")
_BIRTH_REACH = 40
_YEAR = re.compile(r"(?<![0-9])" + YEAR.pattern + r"(?![0-9])")
_YEARS_READ = 65_536  # characters of an excerpt read for the latest year it writes


class SourceIndex:
    """Every reading of a set of texts, mapped to the numbers of the texts that hold it.

    A lazy index (for the excerpts) reads only the lines that may hold what prepare was told
    the answer will look up; a look-up of anything else, or near, first reads every line."""

    def __init__(self, texts: Sequence[tuple[int, str]], lazy: bool = False) -> None:
        # Which texts hold a key, as a bit mask over their positions (bit i: texts[i]): an
        # excerpt files tens of thousands of keys, and a set for each costs an allocation per
        # key and a heap of containers for the garbage collector to walk.
        self.keys: dict[Key, int] = {}
        self.part_keys: dict[Key, int] = {}  # the groups of "3 100", maybe two numbers
        self.day_keys: dict[Key, int] = {}  # the days of dates: 14 of 14.03.2025
        # (month, day): where the texts write a full date on it, and its year
        self._dated: dict[tuple[int, int], list[tuple[int, int, int, int]]] = {}
        self._latest: int | None = None  # the latest year the excerpts write, read once
        self.trunc: dict[Key, int] = {}
        self._texts = texts
        self._ns = [n for n, _ in texts]
        self._nums: list[tuple[str, int]] = []
        self._values: list[tuple[Decimal, int]] | None = None
        self._chains: ChainIndex | None = None
        self._full = False
        self._fractions_read = False  # whether every line with a fraction is indexed
        self._ready: set[Key] = set()  # keys (and truncation keys) every holder of is indexed
        self._ready_trunc: set[Key] = set()
        self.runs = RunIndex(texts)
        self._scales = [declared_scale(text) for _, text in texts]  # "(in Tsd. €)"
        if not lazy:
            self._complete()
        else:
            for i, (_, text) in enumerate(texts):
                if self._scales[i]:
                    # A declared scale moves a figure's digits where no sign looks ("0,0141"
                    # in thousands holds 14): such an excerpt is read whole, as _complete does.
                    self._index(i, tokenize(text))
        for i, (_, text) in enumerate(texts):
            for v in word_values(text):
                self.keys[("n", v)] = self.keys.get(("n", v), 0) | 1 << i
            for seconds in spoken_durations(text):
                key = ("u", "time", seconds)
                self.keys[key] = self.keys.get(key, 0) | 1 << i

    def _holders(self, bits: int | None) -> set[int] | None:
        """The numbers of the texts in a bit mask, None for none."""
        if bits is None:
            return None
        return {n for i, n in enumerate(self._ns) if bits >> i & 1}

    def _index(self, i: int, tokens: Iterable[Token]) -> None:
        if declared := self._scales[i]:
            tokens = scaled_too(tokens, declared)
        seen: set[Reading] = set()
        bit, parts = 1 << i, self.part_keys
        for tok in tokens:
            for r in tok.readings:
                if r not in seen:
                    seen.add(r)
                    self._add(r, bit, self._ns[i])
                if r.key[0] == "d":  # looked at only when an answer names a weekday (years)
                    where = (i, tok.start, tok.end, int(r.key[1]))
                    self._dated.setdefault((int(r.key[2]), int(r.key[3])), []).append(where)
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
        wanted: set[str] = set()
        for key in (*keys, *(("n", v) for _, v in truncs)):
            found = signs(key)
            if found is None:
                self._complete()
                return
            wanted.update(found)
        # The fraction sign starts with no literal: in one pattern with the others it would
        # make re try every position of the excerpts (the code stage 30 % slower at 64 KiB).
        fractions = FRACTION_SIGN in wanted
        wanted.discard(FRACTION_SIGN)
        if wanted:
            rx = re.compile("|".join(sorted(wanted)))
            for i, (_, text) in enumerate(self._texts):
                self._index_lines(i, text, lines_of(rx, text))
        if fractions and not self._fractions_read:
            self._fractions_read = True
            for i, (_, text) in enumerate(self._texts):
                self._index_lines(i, text, lines_of(FRACTIONS, text))
        self._ready |= keys
        self._ready_trunc |= truncs

    def _index_lines(self, i: int, text: str, lines: list[tuple[int, int]]) -> None:
        if lines:
            self._index(i, tokenize_lines(text, lines, day_clock(text)))

    def _read_for(self, key: Key) -> None:
        """Read every line, unless prepare read the lines that may hold key."""
        if not (self._full or key in self._ready):
            self._complete()

    def look_up(self, keys: Sequence[Key]) -> list[set[int] | None]:
        """whole() of each key, the lines that may hold any of them read first (one pattern
        for all: a look-up computed from the answer's figures, not one of its tokens)."""
        self.prepare(Reading(key, str(key[-1])) for key in keys)
        return [self.whole(key) for key in keys]

    def whole(self, key: Key) -> set[int] | None:
        """The texts holding key as a reading of a whole token, None if none."""
        self._read_for(key)
        return self._holders(self.keys.get(key))

    def held(self, key: Key) -> set[int] | None:
        """The texts holding key as a reading of a whole token or of a group of a space-grouped
        number ("3 100"), None if none."""
        self._read_for(key)
        whole, part = self.keys.get(key), self.part_keys.get(key)
        if whole is None and part is None:
            return None
        return self._holders((whole or 0) | (part or 0))

    def years(self, month: int, day: int) -> set[int]:
        """The years of the full dates on this month and day that stand with a weekday beside
        them, as appointments do (after prepare for the day)."""
        self._read_for(("dm", month, day))
        return {
            year
            for i, start, end, year in self._dated.get((month, day), ())
            # An appointment ("Di, 14.04.2026"), not a birthday: its year is the one an
            # answer's "Mittwoch, 14. April" means.
            if weekday_beside(self._texts[i][1], start, end)
        }

    def event_years(self, month: int, day: int) -> set[int]:
        """The year of the full dates on this month and day that no word of a birth leads, if
        they have one and it is the latest year the excerpts write ("Hinflug ... 24.07.2026"
        for "am Samstag, 24. Juli"; not an invoice's or a membership's older year); without
        such a date, that latest year where it heads the day written without one."""
        self._read_for(("dm", month, day))
        if self._latest is None:
            years = [
                int(m.group()) for _, t in self._texts for m in _YEAR.finditer(t[:_YEARS_READ])
            ]
            self._latest = max(years, default=0)
        found = {
            year
            for i, start, _, year in self._dated.get((month, day), ())
            if not _BIRTH.search(self._texts[i][1], max(0, start - _BIRTH_REACH), start)
        }
        if not found and self._latest:
            # The day without a year under a heading of that year: "2026 Summer Membership
            # ... Swim team tryouts: May 26–28"; not where another excerpt writes the day
            # under another year ("Holiday hours 2025 ... Dec 24: closed").
            headed = day_under_year(self._texts, self._latest, month, day)
            if headed and headed == {n for n, t in self._texts if writes_day(t, month, day)}:
                return {self._latest}
        return found if found == {self._latest} else set()  # two years: neither is meant

    def day(self, key: Key) -> set[int] | None:
        """The texts holding a date whose day of month has key's value, None if none."""
        self._read_for(key)
        return self._holders(self.day_keys.get(key))

    def truncated(self, key: Key) -> set[int] | None:
        """The texts holding a number that cut to (places, value) is key, None if none."""
        if not (self._full or key in self._ready_trunc):
            self._complete()
        return self._holders(self.trunc.get(key))

    def under_year(self, year: int, month: int) -> set[int]:
        """The texts that name a month alone under a heading of its year (see months)."""
        return under_year(self._texts, year, month)

    def day_under_year(self, year: int, month: int, day: int) -> set[int]:
        """The texts that write the day and month alone under a heading of its year."""
        return day_under_year(self._texts, year, month, day)

    def ibans(self, iban: str) -> list[int]:
        """The texts that write this IBAN whole, spaces aside."""
        return iban_holders(iban, self._texts)

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
            day = day_key(r)
            for k in date_keys(r):
                if k == day:
                    self.day_keys[k] = self.day_keys.get(k, 0) | bit
                else:
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

    def chain(self, digits: str) -> set[int]:
        """Texts where digits is a run of whole digit groups (0251 / 48 29 17-0, DE89 3704 …)."""
        if self._chains is None:
            self._chains = ChainIndex(self._texts)
        return self._chains.holding(digits)

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
