"""A total time the answer adds up over a column of durations: "Reine Laufzeit waren zusammen
3:27:15" for a running log's 46:10, 30:05, 33:40 and 1:37:20, "Die Laufzeiten summieren sich
auf 4:24:05".

The answer's figure is written as hours, minutes and seconds (h:mm:ss), and its sentence says
it is a total. A column is the k-th duration (m:ss or h:mm:ss) of each line of an excerpt
the sentence cites; a pace or a rate ("5:38 /km"), a clock time ("17:42 Uhr") and a total's
line are none. The total is the whole column's: to the second, a wrong figure meets it hardly
ever by chance."""

from __future__ import annotations

import re
from collections.abc import Sequence

from verifier.checks.arithwords import TOTALLED
from verifier.checks.citations import Sentences
from verifier.checks.columnruns import TOTAL_LINE
from verifier.checks.grounding import Verdict
from verifier.checks.readings import Token

_HMS = re.compile(r"(\d{1,3}):([0-5]\d):([0-5]\d)")
# A duration in a line: m:ss or h:mm:ss, not a decimal's part, a rate's or a clock time.
_CELL = re.compile(
    r"(?<![\d:.,/])(?:(\d{1,3}):)?(\d{1,3}):([0-5]\d)(?![\d:]|[.,]\d)"
    r"(?![ \t]*(?:/|uhr\b|h\b|am\b|pm\b|a\.m\.|p\.m\.|o'clock))",
    re.I,
)
_MAX_COLUMNS = 3  # durations of one line read as columns: a log's time, a lap, a split
_MIN_ROWS = 2
_READ = 65_536  # characters of an excerpt read for its durations


class TimeColumns:
    """The total times of the duration columns of the excerpts, read when first asked."""

    def __init__(self, sentences: Sentences, excerpts: Sequence[tuple[int, str]]) -> None:
        self.text = sentences.text
        self._sentences = sentences
        self._excerpts = excerpts
        # By excerpt: each column's total in seconds, its first and last cell as written.
        self._columns: dict[int, list[tuple[int, str, str]]] = {}

    def derive(self, tok: Token) -> Verdict | None:
        """The column total an ungrounded h:mm:ss figure is, where its sentence says so."""
        written = _HMS.fullmatch(self.text, tok.start, tok.end)
        if written is None or not self._sentences.says(TOTALLED, tok.start):
            return None
        hours, minutes, seconds = (int(g) for g in written.groups())
        target = hours * 3600 + minutes * 60 + seconds
        for n, text in self._sentences.cited_excerpts(self._excerpts, tok.start):
            if n not in self._columns:
                self._columns[n] = _columns(text[:_READ])
            for total, first, last in self._columns[n]:
                if total == target:
                    return Verdict("derived", tok.readings[0], frozenset({n}), "run", (first, last))
        return None


def _columns(text: str) -> list[tuple[int, str, str]]:
    """Each duration column's total in seconds, with its first and last cell, of two rows or
    more."""
    cells: list[list[tuple[int, str]]] = [[] for _ in range(_MAX_COLUMNS)]
    for line in text.splitlines():
        if TOTAL_LINE.search(line):
            continue
        for k, m in enumerate(_CELL.finditer(line)):
            if k == _MAX_COLUMNS:
                break
            hours, minutes, seconds = (int(g) if g else 0 for g in m.groups())
            cells[k].append((hours * 3600 + minutes * 60 + seconds, m.group()))
    return [
        (sum(s for s, _ in column), column[0][1], column[-1][1])
        for column in cells
        if len(column) >= _MIN_ROWS
    ]
