"""Measures in metric units, durations and speeds: a figure with its unit also reads as a
quantity in the unit's base, so that "500 ml" is "0,5 l", "1,5 kg" is "1.500 g", "90 Minuten"
is "1,5 Stunden" and "16 m/s" is "57,6 km/h". Imperial units are left alone: their
conversions are never exact."""

from __future__ import annotations

import re
from decimal import Context, Decimal

from verifier.checks.readings import Key, Reading, Token

# Unit word -> (dimension, power of ten of the dimension's base: g, ml, mm).
_METRIC = {
    **dict.fromkeys(("mcg", "µg", "μg", "mikrogramm", "microgram", "micrograms"), ("mass", -6)),
    **dict.fromkeys(("mg", "milligramm", "milligram", "milligrams"), ("mass", -3)),
    **dict.fromkeys(("g", "gr", "gramm", "gram", "grams"), ("mass", 0)),
    **dict.fromkeys(("kg", "kilo", "kilogramm", "kilogram", "kilograms"), ("mass", 3)),
    # Metric tonnes only: a "ton" may be a short or a long one.
    **dict.fromkeys(("tonne", "tonnen", "tonnes"), ("mass", 6)),
    **dict.fromkeys(("ml", "milliliter", "millilitre", "milliliters", "millilitres"), ("vol", 0)),
    **dict.fromkeys(("cl", "centiliter"), ("vol", 1)),
    **dict.fromkeys(("dl", "deziliter", "deciliter"), ("vol", 2)),
    **dict.fromkeys(("l", "liter", "litre", "liters", "litres", "ltr"), ("vol", 3)),
    **dict.fromkeys(("mm", "millimeter", "millimetre", "millimeters"), ("len", 0)),
    **dict.fromkeys(("cm", "zentimeter", "centimeter", "centimetre", "centimeters"), ("len", 1)),
    **dict.fromkeys(("m", "meter", "metre", "meters", "metres"), ("len", 3)),
    **dict.fromkeys(("km", "kilometer", "kilometre", "kilometers", "kilometres"), ("len", 6)),
}
# Duration word -> seconds.
_DURATION = {
    **dict.fromkeys(("s", "sek", "sec", "secs", "sekunden", "sekunde", "seconds", "second"), 1),
    **dict.fromkeys(("min", "mins", "minute", "minuten", "minutes"), 60),
    **dict.fromkeys(("h", "std", "stunde", "stunden", "hour", "hours", "hrs", "hr"), 3600),
}
# Kitchen measures -> teaspoons: a tablespoon is three everywhere but in Australia. Cups are
# a kind of their own: their size differs by country.
_SPOONS = {
    **dict.fromkeys(("tl", "tsp", "teelöffel", "teaspoon", "teaspoons"), 1),
    **dict.fromkeys(("el", "tbsp", "esslöffel", "tablespoon", "tablespoons"), 3),
}
_CUPS = frozenset(("cup", "cups"))
# Speeds, in km/h: only the two metric ones (a knot or a mile is no exact multiple).
_SPEED = re.compile(r"[ \u00a0\u202f]?(km/h|m/s)(?![A-Za-z0-9/])", re.I)
_KMH_PER = {"km/h": Decimal(1), "m/s": Decimal("3.6")}
# Unit word -> (dimension, the unit's size in the dimension's base: mm, ml, g, seconds).
UNITS_IN_BASE = {
    **{word: (dim, 10.0**power) for word, (dim, power) in _METRIC.items()},
    **{word: ("time", float(seconds)) for word, seconds in _DURATION.items()},
}
# A unit word after a number; not one of a rate (km/h) or an area (m²).
_UNIT = re.compile(r"([ \u00a0\u202f\u2009-]?)([A-Za-zµμ]+)\.?(?![A-Za-zÄÖÜäöüß0-9²³/])")
_SPACES = " \u00a0\u202f\u2009"
_GAPS = _SPACES + "-"  # what may stand between a number and its unit ("25-minute")
# One letter is a unit only as written so: G is no gram, S. (Seite) no second.
_LETTERS = frozenset("glLmhs")
_EXACT = Context(prec=60)  # exact for any figure a text writes; a longer run of digits rounds


def measure(text: str, end: int, r: Reading) -> Reading | None:
    """The quantity a number followed by a unit stands for (key ("u", dimension, value in the
    base unit)), None without a unit word after it."""
    # Most numbers have no letter after them: settle those without a regex.
    after = text[end : end + 2]
    if not (after[:1].isalpha() or (after[:1] in _GAPS and after[1:].isalpha())):
        return None
    if r.key[0] != "n" or r.num is None:
        return None
    m = _UNIT.match(text, end)
    if m is None:
        speed = _SPEED.match(text, end)
        if speed is None:
            return None
        value = _EXACT.multiply(r.num, _KMH_PER[speed.group(1).lower()])
        return Reading(("u", "speed", plain(value)), plain(value), r.places, r.digits, r.scale)
    word = m.group(2)
    if m.group(1) == "-" and word.lower() not in _DURATION:
        return None  # a duration as an adjective ("the 25-minute drive"); "3-Zimmer" is none
    if len(word) == 1 and (word not in _LETTERS or (word == "s" and _thousands(r, m, end))):
        return None
    word = word.lower()
    # An explicit context, not localcontext(): this runs for every number of an excerpt that
    # a word follows, and entering a local context cost more than the rest of it.
    if word in _METRIC:
        dim, power = _METRIC[word]
        value = r.num.scaleb(power, context=_EXACT)
    elif word in _DURATION:
        dim, value = "time", _EXACT.multiply(r.num, _DURATION[word])
    elif word in _SPOONS:
        dim, value = "spoon", _EXACT.multiply(r.num, _SPOONS[word])
    elif word in _CUPS:
        dim, value = "cup", r.num
    else:
        return None
    text_value = plain(value)
    return Reading(("u", dim, text_value), text_value, r.places, r.digits, r.scale)


_CLOCK_UNIT = re.compile(r"[ \u00a0\u202f]?(min|minuten|minutes|h|std|stunden|hours)\b\.?", re.I)
# Between the parts of a compound duration: a unit word's end, then "und", "and" or a comma.
# One way only to read each space, so that a long run of them is no quadratic backtrack.
_COMPOUND_GAP = re.compile(r"[ \u00a0]*(?:[A-Za-zäöü]+\.?[ \u00a0]*)?(?:(?:,|und|and)[ \u00a0]*)?")
_MAX_GAP = 24
# Hours written like a clock time are a duration only after a duration's word ("14:30 h" is
# a time of day in German, "Fahrzeit 1:33 h" a duration).
_DURATION_WORD = re.compile(
    r"(?i:dauer\w*|zeit|fahrzeit|laufzeit|spielzeit|flugzeit|arbeitszeit|took|takes|duration)"
    r"\W{0,3}[^0-9\n]{0,12}\Z"
)


def metric_unit(text: str, end: int) -> tuple[str, int] | None:
    """The dimension and power of ten of the metric unit written right after a figure ("kg":
    mass, 3), None for none."""
    m = _UNIT.match(text, end)
    if m is None or m.group(1) == "-" or (len(m.group(2)) == 1 and m.group(2) not in _LETTERS):
        return None
    return _METRIC.get(m.group(2).lower())


def with_unit(text: str, start: int, end: int) -> str:
    """A figure at text[start:end] as written with the unit word after it ("13 mm")."""
    m = _UNIT.match(text, end) or _SPEED.match(text, end)
    return text[start : m.end() if m else end].strip()


def _thousands(r: Reading, m: re.Match[str], end: int) -> bool:
    """Whether an s glued to a whole number makes its plural: 1000s of customers."""
    return m.start(2) == end and not r.places


def plain(value: Decimal) -> str:
    """A decimal without exponent or trailing zeros: 1500, 0.5."""
    out = f"{value:f}"
    return out.rstrip("0").rstrip(".") if "." in out else out


def measure_digits(key: Key) -> set[str] | None:
    """The digits (leading and trailing zeros aside) with which an excerpt may write the
    quantity of key: the same for a metric one in any unit; for a duration those of its
    seconds, minutes and hours, and for a spoonful those of its teaspoons and tablespoons,
    where they come out exact. None if key is no quantity."""
    if key[0] != "u" or len(key) != 3 or not isinstance(key[2], str):
        return None
    value = Decimal(key[2])
    if key[1] == "time":
        forms = [value, value / 60, value / 3600]
    elif key[1] == "spoon":
        forms = [value, value / 3]  # in teaspoons, or tablespoons
    elif key[1] == "speed":
        forms = [value, value / Decimal("3.6")]  # in km/h, or m/s
    else:
        forms = [value]
    out = set()
    for form in forms:
        text = plain(form)
        if len(text) > 24:  # a third of a minute: no excerpt writes it exactly
            continue
        out.add(text.replace(".", "").strip("0"))
    if key[1] == "time" and value == value.to_integral_value():
        seconds = int(value)  # 155 s as "2:35 min", 5400 s as "1:30 h"
        out.add(f"{seconds // 60}{seconds % 60:02d}".strip("0"))
        out.add(f"{seconds // 3600}{seconds % 3600 // 60:02d}".strip("0"))
    return {d for d in out if d} or None


def compound_signs(key: Key) -> set[str]:
    """Patterns of the lines that may write a duration key in two parts ("3 Stunden 30
    Minuten", "2 min 35 s"): its hours and minutes, or minutes and seconds, apart."""
    if key[:2] != ("u", "time") or len(key) != 3 or not isinstance(key[2], str):
        return set()
    value = Decimal(key[2])
    if value != value.to_integral_value():
        return set()
    seconds = int(value)
    hours, minutes, rest = seconds // 3600, seconds % 3600 // 60, seconds % 60
    out = set()
    if hours and minutes:
        out.add(f"{hours}\\D+{minutes}")
    if seconds // 60 and rest:
        out.add(f"{seconds // 60}\\D+{rest}")
    return out


def clock_duration(text: str, start: int, end: int, first: int, second: int) -> Reading | None:
    """A duration written like a clock time before its unit: "2:35 min" (155 s), "Fahrzeit
    1:33 h", "+3:20 Std."; not h:mm:ss, nor a time of day ("Beginn 14:30 h")."""
    m = _CLOCK_UNIT.match(text, end)
    if m is None or text.count(":", start, end) != 1:
        return None
    unit = m.group(1).lower()
    if unit.startswith("m"):
        seconds = first * 60 + second
    elif (
        unit != "h"  # "Std.", "Stunden", "hours" name a duration, "14:30 h" a time of day
        or text[start - 1 : start] in ("+", "−")  # "+3:20 h" of an overtime account
        or _DURATION_WORD.search(text, max(0, start - 24), start)
    ):
        seconds = first * 3600 + second * 60
    else:
        return None
    return Reading(("u", "time", str(seconds)), str(seconds))


def one_compound(text: str, end: int, start: int) -> bool:
    """Whether the figures ending at end and starting at start may be the parts of one
    compound duration ("5 Stunden 20 Minuten"), by what stands between them."""
    return start - end <= _MAX_GAP and _COMPOUND_GAP.fullmatch(text, end, start) is not None


def joined_durations(text: str, tokens: list[Token]) -> list[Token]:
    """Tokens with compound durations read whole: "3 Stunden 30 Minuten" and "2 Minuten und 35
    Sekunden" also stand for 12600 and 155 seconds, each part of them."""
    out = list(tokens)
    for k in range(len(out) - 1):
        a, b = out[k], out[k + 1]
        first = _duration_of(a)
        second = _duration_of(b) if first else None
        if not (first and second) or first[1] <= second[1]:
            continue
        if not one_compound(text, a.end, b.start):
            continue
        total = plain(first[0] + second[0])
        whole = Reading(("u", "time", total), total)
        out[k] = Token(a.start, a.end, (*a.readings, whole), a.parts)
        out[k + 1] = Token(b.start, b.end, (*b.readings, whole), b.parts)
    return out


def _duration_of(tok: Token) -> tuple[Decimal, Decimal] | None:
    """The seconds a token's duration reading stands for, and its unit's seconds."""
    u, n = tok.readings[-1], tok.readings[0]  # measure puts a quantity last, after its number
    if u.key[:2] != ("u", "time") or n.key[0] != "n" or not Decimal(n.value):
        return None
    seconds = Decimal(u.value)
    return seconds, seconds / Decimal(n.value)
