"""Quantities an answer converts to another system of units: "20 °C, also 68 °F", "10 km
(about 6.2 miles)", "2 lb, rund 0,9 kg", where the excerpts write the other unit.

Only a figure written with a unit of temperature, length, mass, volume or speed converts, and
only from a figure of the excerpts written with another unit of the same quantity: a bare
number is never a conversion. The converted value must round to the figure as written (a
hedged figure, "about 6 miles", may be one unit of its last digit off)."""

from __future__ import annotations

import re

from verifier.checks.citations import Sentences
from verifier.checks.figurewords import half_unit
from verifier.checks.grounding import Verdict, hedged
from verifier.checks.linesigns import tokens_on_lines
from verifier.checks.readings import Token

# Unit -> (quantity, its size in the quantity's base unit, the offset of its zero).
_UNITS: dict[str, tuple[str, float, float]] = {
    "°c": ("temp", 1.0, 0.0),
    "°f": ("temp", 5 / 9, -32 * 5 / 9),
    "km": ("len", 1000.0, 0.0),
    "m": ("len", 1.0, 0.0),
    "cm": ("len", 0.01, 0.0),
    "mm": ("len", 0.001, 0.0),
    "mi": ("len", 1609.344, 0.0),
    "yd": ("len", 0.9144, 0.0),
    "ft": ("len", 0.3048, 0.0),
    "in": ("len", 0.0254, 0.0),
    "kg": ("mass", 1000.0, 0.0),
    "g": ("mass", 1.0, 0.0),
    "lb": ("mass", 453.59237, 0.0),
    "oz": ("mass", 28.349523125, 0.0),
    "l": ("vol", 1.0, 0.0),
    "ml": ("vol", 0.001, 0.0),
    "gal": ("vol", 3.785411784, 0.0),
    "km/h": ("speed", 1.0, 0.0),
    "mph": ("speed", 1.609344, 0.0),
}
# Units of the imperial and US systems; a conversion goes from one system to the other (metric
# units of one kind are one quantity already, and grounded without rounding: see units.py).
IMPERIAL = frozenset(("°f", "mi", "yd", "ft", "in", "lb", "oz", "gal", "mph"))
# Each unit's quantity: "lb" is a mass.
QUANTITY = {unit: quantity for unit, (quantity, _, _) in _UNITS.items()}
# How a unit is written after a figure -> its name in _UNITS.
_WRITTEN = {
    **dict.fromkeys(("°c", "° c", "grad celsius", "degrees celsius", "celsius"), "°c"),
    **dict.fromkeys(("°f", "° f", "grad fahrenheit", "degrees fahrenheit", "fahrenheit"), "°f"),
    **dict.fromkeys(("km", "kilometer", "kilometre", "kilometers", "kilometres"), "km"),
    **dict.fromkeys(("m", "meter", "metre", "meters", "metres"), "m"),
    **dict.fromkeys(("cm", "zentimeter", "centimeter", "centimetre", "centimeters"), "cm"),
    **dict.fromkeys(("mm", "millimeter", "millimetre", "millimeters"), "mm"),
    **dict.fromkeys(("mi", "mile", "miles", "meile", "meilen"), "mi"),
    **dict.fromkeys(("yd", "yard", "yards"), "yd"),
    **dict.fromkeys(("ft", "foot", "feet", "fuß"), "ft"),
    **dict.fromkeys(("inch", "inches", "zoll"), "in"),  # no "in": a word
    **dict.fromkeys(("kg", "kilo", "kilogramm", "kilogram", "kilograms"), "kg"),
    **dict.fromkeys(("g", "gramm", "gram", "grams"), "g"),
    **dict.fromkeys(("lb", "lbs", "pound", "pounds"), "lb"),  # a German Pfund is 500 g
    **dict.fromkeys(("oz", "ounce", "ounces", "unze", "unzen"), "oz"),
    **dict.fromkeys(("l", "liter", "litre", "liters", "litres"), "l"),
    **dict.fromkeys(("ml", "milliliter", "millilitre", "milliliters"), "ml"),
    **dict.fromkeys(("gal", "gallon", "gallons", "gallone", "gallonen"), "gal"),
    **dict.fromkeys(("km/h", "kmh", "kph"), "km/h"),
    **dict.fromkeys(("mph",), "mph"),
}
# Oven temperatures, from which on a conversion rounds to 5 °C or 10 °F.
_OVEN = {"°c": (100.0, 5.0), "°f": (212.0, 10.0)}
_MAX_OWN = 40  # answer figures taken as quantities to convert
_SPACE = "[ \u00a0\u202f]"
_NAMED = rf"°{_SPACE}?[cf]|(?:grad|degrees){_SPACE}(?:celsius|fahrenheit)"
_WORDS = "|".join(re.escape(w) for w in sorted(_WRITTEN, key=len, reverse=True) if w[0] != "°")
_UNIT_AFTER = re.compile(rf"{_SPACE}?({_NAMED}|{_WORDS})(?![a-zäöüß0-9²³/])", re.I)
_RANGE_REST = re.compile(rf"{_SPACE}?(?:–|-|—|to|bis){_SPACE}?[0-9][0-9.,]*")
# Where an excerpt writes a unit right after a digit: the lines its figures convert from.
_UNIT_ON_LINE = re.compile(rf"[0-9]{_UNIT_AFTER.pattern}", re.I)


def unit_of(text: str, end: int) -> tuple[str, str, int] | None:
    """The convertible unit written right after a figure ("°f", "mi"), as written, and where
    it ends; None for none."""
    m = _UNIT_AFTER.match(text, end)
    if m is None:
        return None
    unit = _WRITTEN.get(re.sub(_SPACE + "+", " ", m.group(1).lower()))
    return (unit, m.group(1), m.end()) if unit else None


def _convert(value: float, unit: str, to: str) -> float:
    """value in unit, in the unit to."""
    _, size, zero = _UNITS[unit]
    _, to_size, to_zero = _UNITS[to]
    return (value * size + zero - to_zero) / to_size


class Conversions:
    """The answer's quantities that are an excerpt's quantity in another unit."""

    def __init__(self, sentences: Sentences, texts: list[tuple[int, str]]) -> None:
        self.text = sentences.text
        self._texts = texts
        # Per quantity: every figure of the excerpts with a unit of it (value, unit, the
        # excerpt's number, the figure with its unit as written); read once.
        self._found: dict[str, list[tuple[float, str, int, str]]] | None = None
        # The answer's own quantities: value, unit, sentence, excerpts, as written.
        self._own: list[tuple[float, str, int, frozenset[int], str]] = []
        self._sentences = sentences

    def learn(self, done: list[tuple[Token, Verdict]]) -> None:
        """Take the answer's grounded and derived quantities: "680 miles — roughly 1,094 km"
        converts a figure the answer computed."""
        self._own = []
        for tok, v in done[:_MAX_OWN]:
            found = unit_of(self.text, tok.end)
            if found and v.reading.num is not None:
                at = self._sentences.index(tok.start)
                shown = self.text[tok.start : found[2]]
                self._own.append((float(v.reading.num), found[0], at, v.excerpts, shown))

    def derive(self, tok: Token) -> Verdict | None:
        """The conversion an ungrounded quantity with a unit is, or None."""
        # The first end of a range takes the unit of the second: "175–180 °C".
        rest = _RANGE_REST.match(self.text, tok.end)
        found = unit_of(self.text, rest.end() if rest else tok.end)
        r = next((x for x in tok.readings if x.key[0] == "n"), None)
        if found is None or r is None or r.num is None:
            return None
        unit, shown, _ = found
        value = float(r.num)
        about = hedged(self.text, tok.start)
        half = half_unit(self.text, tok, about) * (1 + 1e-9)  # floats' error
        if unit in _OVEN and value >= _OVEN[unit][0]:
            half = max(half, _OVEN[unit][1])  # 350 °F is 175 or 180 °C in any recipe
        k, kind = self._sentences.index(tok.start), _UNITS[unit][0]
        own = [
            (y, other, ns, written)
            for y, other, at, ns, written in self._own
            if at == k and _UNITS[other][0] == kind
        ]
        given = [
            (y, other, frozenset({n}), w) for y, other, n, w in self._quantities().get(kind, ())
        ]
        for y, other, ns, written in (*own, *given):
            across = (other in IMPERIAL) != (unit in IMPERIAL)
            if across and abs(_convert(y, other, unit) - value) <= half:
                return Verdict("derived", r, ns, "converted", (written, shown))
        return None

    def _quantities(self) -> dict[str, list[tuple[float, str, int, str]]]:
        if self._found is None:
            self._found = {}
            for n, text in self._texts:
                for t in tokens_on_lines(_UNIT_ON_LINE, text) or ():
                    found = unit_of(text, t.end)
                    num = next((x.num for x in t.readings if x.key[0] == "n"), None)
                    if found is None or num is None:
                        continue
                    unit, _, end = found
                    entry = (float(num), unit, n, text[t.start : end])
                    self._found.setdefault(_UNITS[unit][0], []).append(entry)
        return self._found
