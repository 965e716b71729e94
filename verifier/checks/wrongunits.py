"""A figure the answer gives in another unit than the excerpts do: "13 cm" where the data
sheet says "13 mm", "500 mg" for "500 mcg", "45 minutes" for "45 seconds".

Only metric units, durations and kitchen measures (those units.measure reads), and only where
every place the excerpts that hold the figure write it carries a unit of one dimension, none
of them the answer's: a figure an excerpt also writes without a unit, or with units of two
kinds ("10 Stück", "10 l" beside "10 min"), may be the one the answer means. A unit of another
dimension is wrong too ("7.5 mg" of a suspension dosed "7.5 mL"), but for grams and
millilitres of one value ("500 g Milch")."""

from __future__ import annotations

import re
from collections.abc import Sequence

from verifier.checks.bindwords import meets
from verifier.checks.grounding import Verdict, flagged
from verifier.checks.linesigns import lines_of
from verifier.checks.models import NumberFinding
from verifier.checks.numparse import day_clock, tokenize_lines
from verifier.checks.readings import Key, Token
from verifier.checks.sourceindex import SourceIndex
from verifier.checks.units import with_unit

_Given = tuple[Key | None, int, str, str]  # a quantity's key (None: no unit), the excerpt,
# the figure with its unit, the noun after it ("" for none)
_NOUN = re.compile(r"[ \u00a0]+(?:of[ \u00a0]+)?([^\W\d_]{3,})")
# Dimensions a unit may be confused across: a dose in mg for one in mL, cups for spoons.
_CONFUSED = ({"mass", "vol"}, {"cup", "spoon"})


def _confused(mine: Key, theirs: Key | None) -> bool:
    """Whether their unit is another of the answer's dimension, or of one confused with it;
    not grams for millilitres of one value ("500 g Milch" for "500 ml": near enough)."""
    if theirs is None or theirs == mine:
        return False
    if theirs[1] == mine[1]:
        return True
    return {theirs[1], mine[1]} in _CONFUSED and theirs[2] != mine[2]


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
    mine = next((r for r in tok.readings if r.key[0] == "u"), None)
    if mine is None or src.held(mine.key) is not None:
        return None  # no unit, or one an excerpt gives it (500 ml as 0,5 l)
    given = _given(v.reading.key, [(n, text) for n, text in texts if n in v.excerpts])
    wrong = _everywhere_else(mine.key, given) or _of_the_noun(answer, tok, mine.key, given)
    if wrong is None:
        return None
    _, n, theirs, _ = wrong
    ours = with_unit(answer, tok.start, tok.end)
    en = f'"{ours}" has another unit than excerpt [{n}], which says "{theirs}".'
    de = f"„{ours}“ hat eine andere Einheit als Auszug [{n}], dort steht „{theirs}“."
    return flagged(answer, tok, v, "wrong_unit", sorted({g[1] for g in given}), en, de)


def _everywhere_else(mine: Key, given: list[_Given]) -> _Given | None:
    """The first place, where every place writes the figure with a unit of one dimension,
    not the answer's: its own, or one confused with it ("7.5 mg" for "7.5 mL")."""
    dims = {key[1] if key else None for key, _, _, _ in given}
    if not given or len(dims) != 1 or any(key == mine for key, _, _, _ in given):
        return None
    return given[0] if _confused(mine, given[0][0]) else None


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
        for t in tokenize_lines(text, lines_of(rx, text), day_clock(text)):
            if all(r.key != key for r in t.readings):
                continue
            # A unit reads the first reading only: "1.500 g" is no quantity of 1,5.
            first = t.readings[0].key == key
            unit = next((r.key for r in t.readings if r.key[0] == "u"), None) if first else None
            shown = with_unit(text, t.start, t.end)
            noun = _NOUN.match(text, t.start + len(shown)) if unit else None
            out.append((unit, n, shown, noun.group(1).lower() if noun else ""))
    return out
