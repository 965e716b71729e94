"""A reading an answer computes as an excerpt's reading plus an interval the excerpt gives:
"next oil change at 94,350 km" for "Last oil change: 2025-11-08 at 84,350 km" and "Next
service due: 10,000 km or 12 months"; "bei 91.480 km" for "Kilometerstand: 61.480 km" and
"Nächste Inspektion: in 30.000 km".

Only counters' units count (kilometres, miles, operating hours), an interval is a figure on
a line that names one ("alle", "every", "Intervall", "due", "in 30.000 km"), both stand in
one excerpt the sentence cites, and their sum meets the answer's figure exactly: a sum of two
figures of an excerpt's few counters meets a wrong reading by chance hardly ever."""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from verifier.checks.citations import Sentences
from verifier.checks.columns import FIGURE, figure_value
from verifier.checks.grounding import Verdict
from verifier.checks.readings import Token

_COUNTER = re.compile(
    r"[ \u00a0]?(km|kilometer|kilometern|mi|miles?|meilen|h|std|betriebsstunden|hours)\b", re.I
)
_UNITS = {
    **dict.fromkeys(("km", "kilometer", "kilometern"), "km"),
    **dict.fromkeys(("mi", "mile", "miles", "meilen"), "mi"),
    **dict.fromkeys(("h", "std", "betriebsstunden", "hours"), "h"),
}
_INTERVAL = re.compile(
    r"\b(?:alle|every|each|interval\w*|intervall\w*|due|fällig\w*)\b"
    r"|\b(?:in|nach|after)[ \u00a0]+\Z",
    re.I,
)
_MAX_TEXT = 8192
_MAX_FIGURES = 40  # counter figures of one excerpt


class Intervals:
    """Readings plus intervals of the excerpts, for an answer's ungrounded reading."""

    def __init__(self, sentences: Sentences, excerpts: Sequence[tuple[int, str]]) -> None:
        self.text = sentences.text
        self._excerpts = excerpts
        self._sentences = sentences
        self._read: dict[int, list[tuple[Decimal, str, str, bool]]] = {}

    def derive(self, tok: Token) -> Verdict | None:
        """The reading plus interval an ungrounded counter reading is, or None."""
        r = tok.readings[0]
        unit = _COUNTER.match(self.text, tok.end)
        if r.num is None or r.scale or unit is None:
            return None
        wanted = _UNITS[unit.group(1).lower()]
        for n, text in self._sentences.cited_excerpts(self._excerpts, tok.start):
            if n not in self._read:
                self._read[n] = _counters(text[:_MAX_TEXT])
            figures = [f for f in self._read[n] if f[2] == wanted]
            for value, written, _, interval in figures:
                if not interval:
                    continue
                for other, reading, _, other_interval in figures:
                    if not other_interval and other + value == r.num:
                        return Verdict("derived", r, frozenset({n}), "sum", (reading, written))
        return None


def _counters(text: str) -> list[tuple[Decimal, str, str, bool]]:
    """A text's figures of a counter's unit: value, as written, unit, whether an interval."""
    out: list[tuple[Decimal, str, str, bool]] = []
    for m in FIGURE.finditer(text):
        unit = _COUNTER.match(text, m.end())
        value = figure_value(m.group()) if unit else None
        if unit is None or value is None or value <= 0:
            continue
        line_start = text.rfind("\n", 0, m.start()) + 1
        interval = _INTERVAL.search(text, line_start, m.start()) is not None
        out.append((value, m.group(), _UNITS[unit.group(1).lower()], interval))
        if len(out) >= _MAX_FIGURES:
            break
    return out
