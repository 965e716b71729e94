"""A figure the answer gives in another unit than the excerpts do: "13 cm" where the data
sheet says "13 mm", "500 mg" for "500 mcg", "45 minutes" for "45 seconds".

Only metric units, durations and kitchen measures (those units.measure reads), and only where
every place the excerpts that hold the figure write it carries a unit of one dimension, none
of them the answer's: a figure an excerpt also writes without a unit, or with units of two
kinds ("10 Stück", "10 l" beside "10 min"), may be the one the answer means. A unit of another
dimension is wrong too ("7.5 mg" of a suspension dosed "7.5 mL"), but for grams and
millilitres of one value ("500 g Milch"); so are a percentage the excerpts give only as an
amount of money ("20 %" for "20,00 €") and an imperial unit for a metric one ("1.47 lb" for
"1.47 kg")."""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from verifier.checks.bindwords import meets
from verifier.checks.columnruns import figure_value
from verifier.checks.conversions import IMPERIAL, QUANTITY, unit_of
from verifier.checks.figurewords import PERCENT_AFTER, money
from verifier.checks.grounding import Verdict, flagged
from verifier.checks.linesigns import tokens_on_lines
from verifier.checks.models import NumberFinding
from verifier.checks.readings import Key, Token
from verifier.checks.sourceindex import SourceIndex
from verifier.checks.units import with_unit

_Given = tuple[Key | None, int, str, str]  # a quantity's key (None: no unit), the excerpt,
# the figure with its unit, the noun after it ("" for none)
_MAX_LINES = 200  # lines of one excerpt read for the places of a figure
_AMOUNT = re.compile(r"(?<![0-9.,])[0-9](?:[0-9]|[.,](?=[0-9]))*")
_MAX_AMOUNTS = 500
_MAX_NOUN_READ = 65_536  # characters read for the noun rule where the unit stands elsewhere
_NOUN = re.compile(r"[ \u00a0]+(?:of[ \u00a0]+)?([^\W\d_]{3,})")
# Dimensions a unit may be confused across: a dose in mg for one in mL, cups for spoons, a
# percentage for an amount of money.
_CONFUSED = ({"mass", "vol"}, {"cup", "spoon"}, {"percent", "money"})


def _confused(mine: Key, theirs: Key | None) -> bool:
    """Whether their unit is another of the answer's dimension, or of one confused with it;
    not grams for millilitres of one value ("500 g Milch" for "500 ml": near enough)."""
    if theirs is None or theirs == mine:
        return False
    if theirs[1] == mine[1]:
        return True
    if {theirs[1], mine[1]} == {"mass", "vol"}:
        return theirs[2] != mine[2]
    return {theirs[1], mine[1]} in _CONFUSED


_SIGN_AFTER = re.compile(r"[ \u00a0]?(?:%|€|EUR\b|USD\b|CHF\b)")
_SIGN_BEFORE = re.compile(r"[$€£][ \u00a0]?\Z")


def _shown(text: str, start: int, end: int) -> str:
    """A figure as written with its unit word, or its percent or currency sign."""
    shown = with_unit(text, start, end)
    if len(shown) > end - start:
        return shown
    after = _SIGN_AFTER.match(text, end)
    before = _SIGN_BEFORE.search(text, max(0, start - 2), start)
    return text[before.start() if before else start : after.end() if after else end]


def _written_alike(answer: str, tok: Token, texts: Sequence[tuple[int, str]]) -> bool:
    """Whether an excerpt writes the figure with the answer's unit or sign, as it stands."""
    shown = _shown(answer, tok.start, tok.end)
    figure, unit = answer[tok.start : tok.end], shown.replace(answer[tok.start : tok.end], "")
    unit = unit.strip(" \u00a0")
    if not unit:
        return False
    alike = re.compile(
        rf"(?<![0-9.,]){re.escape(figure)}(?![0-9]|[.,][0-9])[ \u00a0]?{re.escape(unit)}"
        r"(?![^\W\d_])"
        if shown.startswith(figure)
        else rf"{re.escape(unit)}[ \u00a0]?{re.escape(figure)}(?![0-9]|[.,][0-9])",
        re.I,
    )
    return any(alike.search(text) for _, text in texts)


def _unit_key(text: str, tok: Token, value: str, excerpt: bool) -> Key | None:
    """The quantity a figure's unit makes it: a metric unit or a duration (units.measure),
    else a percentage, an amount of money (in an excerpt: an answer's amounts are many, and
    each would read the excerpts' lines again), or an imperial unit (as written, "lb")."""
    unit = next((r.key for r in tok.readings if r.key[0] == "u"), None)
    if unit is not None:
        return unit
    if PERCENT_AFTER.match(text, tok.end):
        return ("u", "percent", value)
    if excerpt and money(text, tok):
        return ("u", "money", value)
    imperial = unit_of(text, tok.end)
    if imperial and imperial[0] in IMPERIAL:
        return ("u", QUANTITY[imperial[0]], f"{imperial[0]} {value}")
    return None


def wrong_unit_finding(
    answer: str,
    tok: Token,
    v: Verdict,
    texts: Sequence[tuple[int, str]],
    src: SourceIndex,
) -> NumberFinding | None:
    """The finding for an answer figure grounded as a bare number whose unit no excerpt
    gives it, where the excerpts give it another unit (see the module); None otherwise."""
    if v.status != "grounded" or v.how != "exact" or v.reading.key[0] != "n":
        return None
    mine = _unit_key(answer, tok, v.reading.value, excerpt=False)
    if mine is None:
        return None
    holding = [(n, text) for n, text in texts if n in v.excerpts]
    measured = any(r.key == mine for r in tok.readings)
    if (src.held(mine) is not None) if measured else _written_alike(answer, tok, texts):
        # An excerpt gives it that unit (500 ml as 0,5 l), or writes it alike ("19 %",
        # "3.24 lb": the index keeps no such quantity, and asking it would read every line);
        # in a short text, still not before the answer's noun ("1 EL Salz" where "1 TL Salz,
        # 1 EL Zucker" stand).
        if sum(len(text) for _, text in holding) > _MAX_NOUN_READ:
            return None
        given = _given(v.reading.key, holding)
        wrong = _of_the_noun(answer, tok, mine, given)
    else:
        given = _given(v.reading.key, holding)
        wrong = _of_the_noun(answer, tok, mine, given) or _everywhere_else(mine, given)
    if wrong is None or (mine[1] == "percent" and _share_of_amount(mine, holding)):
        return None
    _, n, theirs, _ = wrong
    ours = _shown(answer, tok.start, tok.end)
    en = f'"{ours}" has another unit than excerpt [{n}], which says "{theirs}".'
    de = f"„{ours}“ hat eine andere Einheit als Auszug [{n}], dort steht „{theirs}“."
    return flagged(answer, tok, v, "wrong_unit", sorted({g[1] for g in given}), en, de)


def _share_of_amount(mine: Key, texts: Sequence[tuple[int, str]]) -> bool:
    """Whether the excerpts' amount of the percentage's value is that share of another of
    their amounts ("MwSt 19,00 €" of "Netto 100,00 €" for "19 % MwSt")."""
    share = Decimal(str(mine[2])) / 100
    values = {
        value
        for _, text in texts
        for m in _AMOUNT.finditer(text, 0, _MAX_NOUN_READ)
        if (value := figure_value(m.group())) is not None
    }
    if len(values) > _MAX_AMOUNTS:
        return False
    target = Decimal(str(mine[2]))
    return any(abs(v * share - target) < Decimal("0.005") for v in values if v != target)


def _everywhere_else(mine: Key, given: list[_Given]) -> _Given | None:
    """The first place, where every place writes the figure with a unit, none the answer's,
    and those of its dimension or one confused with it all of one ("7.5 mg" for "7.5 mL")."""
    if not given or any(key is None or key == mine for key, _, _, _ in given):
        return None  # bare somewhere, or with the answer's unit: maybe that one
    # Places of unrelated dimensions are other figures ("6 Stunden" beside "6 ml" for "6 mg").
    related = [g for g in given if _confused(mine, g[0])]
    dims = {key[1] for key, _, _, _ in related if key}
    return related[0] if related and len(dims) == 1 else None


def _of_the_noun(answer: str, tok: Token, mine: Key, given: list[_Given]) -> _Given | None:
    """A place that writes the figure with another unit of the answer's dimension (or one
    confused with it) before the noun the answer names ("1 EL Salz" for "1 TL Salz"), where
    none writes it with the answer's unit before that noun."""
    noun = _NOUN.match(answer, tok.start + len(with_unit(answer, tok.start, tok.end)))
    if noun is None:
        return None
    named = noun.group(1).lower()
    same = [g for g in given if g[3] and meets({named}, {g[3]}, compound=False)]
    if any(key == mine for key, _, _, _ in same):
        return None
    return next((g for g in same if _confused(mine, g[0])), None)


def _given(key: Key, texts: Sequence[tuple[int, str]]) -> list[_Given]:
    """Each place the texts write the number of key, with the quantity its unit makes it
    (None for none) and the noun after it."""
    digits = str(key[1]).replace(".", "").strip("0")
    if not digits:
        return []
    # The lines that may hold it, as SourceIndex picks them: its digits, a sign between each.
    rx = re.compile("\\D?".join(digits))
    out: list[_Given] = []
    for n, text in texts:
        tokens = tokens_on_lines(rx, text, _MAX_LINES)
        if tokens is None:
            return []  # a figure written everywhere: decide nothing rather than read it all
        for t in tokens:
            if all(r.key != key for r in t.readings):
                continue
            # A unit reads the first reading only: "1.500 g" is no quantity of 1,5.
            first = t.readings[0].key == key
            unit = _unit_key(text, t, str(key[1]), excerpt=True) if first else None
            unit_end = t.start + len(with_unit(text, t.start, t.end))
            noun = _NOUN.match(text, unit_end) if unit else None
            out.append(
                (unit, n, _shown(text, t.start, t.end), noun.group(1).lower() if noun else "")
            )
    return out
