"""Totals and means an answer takes over a column of an excerpt: "zusammen 197,87 Liter" for
the litres of a fuel log's five rows, "im Schnitt 70,15 €" for their amounts, "insgesamt
23,5 kg" for a harvest listed month by month.

A column is the cells at one place of a table's rows ("|" between them, or the cells under a
header of words laid out with spaces or tabs), or the figures of one excerpt followed by one
unit, in order (columnruns.py reads them; the answer's figure then has that unit; a table
column whose header says what it measures, "Betrag" or "Liter", must measure what the
answer's figure does). A total's row or line and a table's header are no cells. A total word
("insgesamt", "in total") or an average word stands in the result's sentence, or the
sentence counts the rows ("over the six days", "die drei Ställe"); a total in cents of three
rows or more needs none. The total or mean is the whole column's: a run of a few rows adds
up to a wrong figure by chance too often (39,99 + 24,90 as the "total" of three
subscriptions). Only the excerpts the sentence cites are read (all where it cites none), and
at most _MAX_FIGURES figures."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from decimal import Decimal

from verifier.checks.arithwords import AVERAGE, TOTALLED
from verifier.checks.bindwords import meets, words_of
from verifier.checks.citations import Sentences
from verifier.checks.columnruns import UNIT, Run, columns_of, table_runs
from verifier.checks.excerptlines import Excerpt, rare_words, row_words
from verifier.checks.figurewords import same_unit
from verifier.checks.grounding import Verdict
from verifier.checks.headedtables import HeadedTables
from verifier.checks.numwords import word_number
from verifier.checks.readings import Token

CENTS = 2  # decimals of a total that needs no word (a column's or named rows')
MIN_UNANNOUNCED = 3  # rows of a total that needs no word
_MAX_FIGURES = 500
# The rows a total adds up, counted by the sentence: "Over the six days it was open, the café
# took £3,105.20", "Die drei Ställe legten 608 Eier".
_COUNTED = re.compile(
    r"\b(?:the|these|those|all|our|your|die|den|der|diese[nr]?|alle[n]?|unsere[n]?|eure[n]?"
    r"|ihre[n]?|seine[n]?)[ \u00a0]+(?P<n>[0-9]{1,3}|[^\W\d_]{3,12})[ \u00a0]+[^\W\d_]",
    re.I,
)


_KINDS = {
    **dict.fromkeys(("€", "$", "£", "chf", "betrag", "preis", "kosten", "amount", "price",
                     "cost", "paid", "summe"), "money"),
    **dict.fromkeys(("l", "liter", "litre", "liters", "litres", "ml"), "volume"),
    **dict.fromkeys(("kg", "g", "gramm", "gewicht", "weight"), "mass"),
    **dict.fromkeys(("kwh", "verbrauch"), "energy"),
    **dict.fromkeys(("km", "strecke", "distance", "miles"), "distance"),
}  # fmt: skip


def _kind(unit: str) -> str:
    """What a unit or a column's header measures ("Betrag": money), "" where unknown."""
    return next((_KINDS[w] for w in re.findall(r"[^\W\d_]+|[€$£]", unit) if w in _KINDS), "")


class Columns:
    """The totals and means of the excerpts' columns, read at the first figure that asks."""

    def __init__(
        self,
        sentences: Sentences,
        excerpts: Sequence[tuple[int, str]],
        lines_of: Callable[[int], Excerpt],
        tables: HeadedTables,
    ) -> None:
        self.text = sentences.text
        self._tables = tables
        self._excerpts = excerpts
        self._lines_of = lines_of  # an excerpt's structured lines, read once for every check
        self._read: dict[int, list[Run]] = {}  # by excerpt number
        self._budget = [_MAX_FIGURES]
        self._sentences = sentences
        self._counted: dict[int, set[int]] = {}  # by the sentence's start

    def derive(self, tok: Token) -> Verdict | None:
        """The column total or mean an ungrounded figure is, where its sentence says so."""
        r = tok.readings[0]
        x = r.num
        if x is None or r.scale:
            return None
        totalled = self._sentences.says(TOTALLED, tok.start)
        averaged = self._sentences.says(AVERAGE, tok.start)
        counted = self._counted_rows(tok.start)
        # A whole column's total in cents, of three rows or more, meets a wrong figure by
        # chance hardly ever: "Der Hofladen hat 2.200,00 € umgesetzt" needs no word of a total.
        unannounced = not (totalled or averaged)
        after = UNIT.match(self.text, tok.end)
        unit = same_unit(after.group(1)) if after else ""
        # So does one with a decimal and the column's unit: "You ran 62.8 km that week", and
        # any whole column's total whose rows the sentence counts.
        if unannounced and r.places < (1 if unit else CENTS) and not counted:
            return None
        half = Decimal(5).scaleb(-r.places - 1)
        for run in self._runs(tok.start):
            # A unit's figures make a total of that unit only: no mean of °F is inches of rain,
            # nor of a table's "Betrag" litres.
            if run.table and _kind(run.unit) not in ("", _kind(unit) or _kind(run.unit)):
                continue
            if not run.table and run.unit not in ("", unit):
                continue
            mean = averaged and abs(run.total / run.count - x) <= half
            plain = unannounced and run.count not in counted
            if plain and r.places < (1 if unit else CENTS):
                continue
            if plain and (run.count < MIN_UNANNOUNCED or self._names_a_row(tok, run.n)):
                continue  # "Der Februar-Abschlag beträgt 150,00 €" is no total of the months
            if plain and r.places < CENTS and run.unit != unit:
                continue  # a decimal's unit must be its column's own
            if run.total == x or mean:
                how = "mean" if mean else "run"
                return Verdict("derived", r, frozenset({run.n}), how, (run.first, run.last))
        return None

    def _counted_rows(self, at: int) -> set[int]:
        """The counts of things the sentence at a position names after a determiner ("the
        six days", "die drei Monate"): of rows a total there may add up."""
        start, end = self._sentences.span_at(at)
        if start not in self._counted:
            found = set()
            for m in _COUNTED.finditer(self.text, start, end):
                written = m["n"]
                count = int(written) if written.isdigit() else word_number(written.lower())
                if count is not None and count >= 2:
                    found.add(count)
            self._counted[start] = found
        return self._counted[start]

    def _names_a_row(self, tok: Token, n: int) -> bool:
        """Whether the figure's sentence names one row of excerpt n alone, by a word of few
        rows ("Der Februar-Abschlag"; "von Januar bis März" names a span of rows)."""
        words = words_of(self._sentences.text_at(tok.start))
        ex = self._lines_of(n)
        rare = rare_words(ex)
        named = [
            line for line in ex.lines if meets(words, row_words(ex, line) & rare, compound=False)
        ]
        return len(named) == 1

    def _runs(self, at: int) -> list[Run]:
        """The columns of the excerpts the sentence at a position cites, or of all where it
        cites none."""
        out: list[Run] = []
        for n, text in self._sentences.cited_excerpts(self._excerpts, at):
            if n not in self._read:
                self._read[n] = columns_of(n, text, self._budget)
                self._read[n] += table_runs(n, text, self._tables.of(n), self._budget)
            out += self._read[n]
        return out
