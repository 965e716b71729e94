"""What a meter or an odometer counted between two readings an excerpt gives and the answer
does not name: "the day-rate meter went up by 2,754 kWh" for "34,872 kWh (day)" now and
"32,118 kWh (day)" at move-in.

The figure has a unit other than a currency (amounts are arithmetic.py's, with their own
words), and both readings stand in an excerpt its sentence cites with that unit right after
them; each reading is larger than the difference (a reading, not another consumption) and
has four digits or stands on a line that says it is a reading ("Zählerstand", "odometer"), on
one line the later one the larger (a meter that fell counted nothing), and the sentence says
the figure went up, was used or is a difference. Large readings of one unit are few in an
excerpt, so an exact difference of two of them meets a wrong figure hardly ever by chance."""

from __future__ import annotations

import re
from decimal import Decimal

from verifier.checks.arithwords import ANNOUNCED
from verifier.checks.citations import Sentences
from verifier.checks.columnruns import FIGURE, figure_value
from verifier.checks.figurewords import CURRENCIES, unit_after
from verifier.checks.grounding import Verdict
from verifier.checks.linesigns import line_span
from verifier.checks.readings import Token

# What a count between two readings is called, besides the words of a difference.
_USED = re.compile(
    r"\b(?:verbrauch\w*|used|consum\w*|gefahren|driven|drove|zurückgelegt|gelaufen)\b", re.I
)
# A reading: a figure of four digits or more, or one on a line that says it is a reading (a
# recipe's "500 g" and "200 g" are no readings whose difference "80 g" could be).
_LARGE = 1000
_METER_WORD = re.compile(
    # Whole words: a stock list's "Bestand" and a "Kilometer" are no readings.
    r"(?i:\b(?:stand|zähler\w*|\w*zählerstand|kilometerstand|km-stand|readings?|meters?"
    r"|odometer|mileage|ablesung\w*)\b)"
)
_MAX_READINGS = 24  # readings of one unit in one excerpt tried
# A figure right before a unit, and what would make the unit a longer word.
_FIGURE_BEFORE = re.compile(rf"({FIGURE.pattern})[ \u00a0\u202f]*\Z")
_FIGURE_REACH = 32  # characters before a unit read for its figure
_SPACES = (" ", "\u00a0", "\u202f")
_UNIT_GOES_ON = re.compile(r"[^\s\d.,;:!?()\[\]/]")
_READ = 65_536  # characters of an excerpt read for its readings


class MeterDiffs:
    """The differences of the readings of one unit each cited excerpt gives."""

    def __init__(self, sentences: Sentences, excerpts: list[tuple[int, str]]) -> None:
        self.text = sentences.text
        self._sentences = sentences
        self._excerpts = excerpts
        # By excerpt and unit: each reading's value, how and where it is written.
        self._readings: dict[tuple[int, str], list[tuple[Decimal, str, int]]] = {}

    def derive(self, tok: Token) -> Verdict | None:
        """The difference of two readings an ungrounded figure with a unit is, or None."""
        r = tok.readings[0]
        x = r.num
        unit = unit_after(self.text, tok.end)
        if x is None or x <= 0 or r.scale or unit in ("", "%", *CURRENCIES):
            return None
        said = self._sentences.says(ANNOUNCED, tok.start) or self._sentences.says(_USED, tok.start)
        if not said:
            return None
        for n, text in self._sentences.cited_excerpts(self._excerpts, tok.start):
            if (n, unit) not in self._readings:
                self._readings[(n, unit)] = _readings(text[:_READ], unit)
            found = [
                (v, w, at)
                for v, w, at in self._readings[(n, unit)]
                if v > x and (v >= _LARGE or _METER_WORD.search(text, *line_span(text, at)))
            ]
            for high, written_high, at_high in found:
                for low, written_low, at_low in found:
                    # On one line a meter reads from left to right: "Zähler 4.100 kWh 3.800
                    # kWh" fell, and counted nothing.
                    one_line = "\n" not in text[min(at_high, at_low) : max(at_high, at_low)]
                    if high - low == x and not (one_line and at_high < at_low):
                        operands = (written_high, written_low)
                        return Verdict("derived", r, frozenset({n}), "difference", operands)
        return None


def _readings(text: str, unit: str) -> list[tuple[Decimal, str, int]]:
    """The first figures of a text with the unit right after them (as unit_after reads it,
    lower-cased), each with how and where it is written; the unit is found at C speed, the
    figure looked for only right before it."""
    lower = text.lower()
    out: list[tuple[Decimal, str, int]] = []
    at = lower.find(unit)
    while at >= 0 and len(out) < _MAX_READINGS:
        end = at + len(unit)
        # Most places of a short unit ("l", "km") are inside words: a digit or a space
        # stands before the unit of a figure.
        before = text[at - 1 : at]
        m = (
            _FIGURE_BEFORE.search(text, max(0, at - _FIGURE_REACH), at)
            if before.isdigit() or before in _SPACES
            else None
        )
        if m and not _UNIT_GOES_ON.match(text, end) and (value := figure_value(m.group(1))):
            out.append((value, m.group(1), m.start()))
        at = lower.find(unit, end)
    return out
