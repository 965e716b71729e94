"""A reading an answer computes as an excerpt's reading plus an interval the excerpt gives:
"next oil change at 94,350 km" for "Last oil change: 2025-11-08 at 84,350 km" and "Next
service due: 10,000 km or 12 months"; "bei 91.480 km" for "Kilometerstand: 61.480 km" and
"Nächste Inspektion: in 30.000 km".

Only counters' units count (kilometres, miles, an hour meter's hundreds of hours), an
interval is a figure on a line that names one ("alle", "every", "Intervall", "due", "in
30.000 km"), the reading is one on the interval's line, or the excerpt's only one or the one
named the last, both stand in
one excerpt the sentence cites, and their sum meets the answer's figure exactly: a sum of two
figures of an excerpt's few counters meets a wrong reading by chance hardly ever."""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from verifier.checks.citations import Sentences
from verifier.checks.columnruns import FIGURE, figure_value
from verifier.checks.excerptlines import MAX_READ
from verifier.checks.grounding import Verdict
from verifier.checks.readings import Token

_COUNTER = re.compile(
    r"[ \u00a0]?(km|kilometer|kilometern|mi|miles?|meilen|betriebsstunden|operating hours|h|std"
    r"|hours)\b",
    re.I,
)
_UNITS = {
    **dict.fromkeys(("km", "kilometer", "kilometern"), "km"),
    **dict.fromkeys(("mi", "mile", "miles", "meilen"), "mi"),
    **dict.fromkeys(("betriebsstunden", "operating hours", "h", "std", "hours"), "h"),
}
# An hour meter reads hundreds of hours at least; a shift's or a pause's hours are no reading.
_MIN_HOURS_READING = 100
# Where an excerpt holds several readings, the one an interval counts from is named the last.
_LAST = re.compile(r"\b(?:last|letzte\w*|zuletzt|previous|vorige\w*)\b", re.I)
_INTERVAL = re.compile(
    r"\b(?:alle|every|each|interval\w*|intervall\w*|due|fällig\w*)\b"
    r"|\b(?:in|nach|after)[ \u00a0]+\Z",
    re.I,
)
_MAX_FIGURES = 40  # counter figures of one excerpt


class Intervals:
    """Readings plus intervals of the excerpts, for an answer's ungrounded reading."""

    def __init__(self, sentences: Sentences, excerpts: Sequence[tuple[int, str]]) -> None:
        self.text = sentences.text
        self._excerpts = excerpts
        self._sentences = sentences
        self._read: dict[int, list[tuple[Decimal, str, str, str, int]]] = {}

    def derive(self, tok: Token) -> Verdict | None:
        """The reading plus interval an ungrounded counter reading is, or None."""
        r = tok.readings[0]
        unit = _COUNTER.match(self.text, tok.end)
        if r.num is None or r.scale or unit is None:
            return None
        wanted = _UNITS[unit.group(1).lower()]
        for n, text in self._sentences.cited_excerpts(self._excerpts, tok.start):
            if n not in self._read:
                self._read[n] = _counters(text[:MAX_READ])
            figures = [f for f in self._read[n] if f[2] == wanted]
            base = [
                f
                for f in figures
                if f[3] != "interval" and (wanted != "h" or f[0] >= _MIN_HOURS_READING)
            ]
            # Of several readings, the last service's, not today's odometer.
            readings = base if len(base) <= 1 else [f for f in base if f[3] == "last"]
            for value, written, _, role, line in figures:
                if role != "interval":
                    continue
                # A reading on the interval's own line first: "first at 150,000 mi, then every
                # 75,000 mi".
                own = [f for f in base if f[4] == line]
                for other, reading, *_ in own or readings:
                    if other + value == r.num:
                        return Verdict("derived", r, frozenset({n}), "sum", (reading, written))
        return None


def _counters(text: str) -> list[tuple[Decimal, str, str, str, int]]:
    """A text's figures of a counter's unit: value, as written, unit, role ("interval", "last"
    for a reading its line names the last one, or "reading") and where its line starts."""
    out: list[tuple[Decimal, str, str, str, int]] = []
    for m in FIGURE.finditer(text):
        unit = _COUNTER.match(text, m.end())
        value = figure_value(m.group()) if unit else None
        if unit is None or value is None or value <= 0:
            continue
        line_start = text.rfind("\n", 0, m.start()) + 1
        role = (
            "interval"
            if _INTERVAL.search(text, line_start, m.start())
            else "last"
            if _LAST.search(text, line_start, m.start())
            else "reading"
        )
        out.append((value, m.group(), _UNITS[unit.group(1).lower()], role, line_start))
        if len(out) >= _MAX_FIGURES:
            break
    return out
