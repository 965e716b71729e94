"""A figure the answer gives in another unit than the excerpts do: "13 cm" where the data
sheet says "13 mm", "500 mg" for "500 mcg", "45 minutes" for "45 seconds".

Only metric units and durations (those units.measure reads), and only where every place the
excerpts that hold the figure write it carries a unit of the same dimension, none of them the
answer's: a figure an excerpt also writes without a unit, or with a unit of another kind
("10 Stück", "10 l" beside "10 min"), may be the one the answer means."""

from __future__ import annotations

import re
from collections.abc import Sequence

from verifier.checks.grounding import Verdict, flagged
from verifier.checks.linesigns import lines_of
from verifier.checks.models import NumberFinding
from verifier.checks.numparse import day_clock, tokenize_lines
from verifier.checks.readings import Key, Token
from verifier.checks.sourceindex import SourceIndex
from verifier.checks.units import with_unit

_Given = tuple[Key, int, str]  # a quantity's key, the excerpt, the figure with its unit


def wrong_unit_finding(
    answer: str,
    tok: Token,
    v: Verdict,
    texts: Sequence[tuple[int, str]],
    src: SourceIndex,
) -> NumberFinding | None:
    """The finding for an answer figure grounded as a bare number whose unit no excerpt
    gives it, where the excerpts give it another unit of the same kind; None otherwise."""
    if v.status != "grounded" or v.how != "exact" or v.reading.key[0] != "n":
        return None
    mine = next((r for r in tok.readings if r.key[0] == "u"), None)
    if mine is None or src.held(mine.key) is not None:
        return None  # no unit, or one an excerpt gives it (500 ml as 0,5 l)
    given = _given(v.reading.key, [(n, text) for n, text in texts if n in v.excerpts])
    if not given or any(key[1] != mine.key[1] or key == mine.key for key, _, _ in given):
        return None
    _, n, theirs = given[0]
    ours = with_unit(answer, tok.start, tok.end)
    en = f'"{ours}" has another unit than excerpt [{n}], which says "{theirs}".'
    de = f"„{ours}“ hat eine andere Einheit als Auszug [{n}], dort steht „{theirs}“."
    return flagged(answer, tok, v, "wrong_unit", sorted({n for _, n, _ in given}), en, de)


def _given(key: Key, texts: Sequence[tuple[int, str]]) -> list[_Given] | None:
    """Each place the texts write the number of key, with the quantity its unit makes it;
    None if one place writes it without a unit (or none writes it at all)."""
    digits = str(key[1]).replace(".", "").strip("0")
    if not digits:
        return None
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
            if unit is None:
                return None
            out.append((unit, n, with_unit(text, t.start, t.end)))
    return out or None
