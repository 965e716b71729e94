"""The decimal mark a source writes, where its figures say so: a text that writes "9.118,44 €"
and no "3.50" groups thousands with points, so its "14.372 €" is fourteen thousand and never
14,372 (which an answer's "€14.37" would round). One lone mark before three digits reads both
ways in a source otherwise (numparse keeps every reading there, to ground generously)."""

from __future__ import annotations

import re
from functools import lru_cache

from verifier.checks.digitruns import DOTTED_CLOCK
from verifier.checks.readings import Token

# A decimal with one or two places, its thousands grouped or not, maybe before a comma or a
# full stop; a point's not a date's day and month ("19.03.2026", "am 3.12.") nor a German
# clock time or a range of them ("14.30 Uhr", "14.30–15.30 Uhr", "9.30-18 Uhr").
_COMMA_DECIMAL = re.compile(r"(?<![0-9.,])[0-9]{1,3}(?:\.[0-9]{3})*,[0-9]{1,2}(?![0-9]|[.,][0-9])")
_POINT_DECIMAL = re.compile(r"(?<![0-9.,])[0-9]{1,3}(?:,[0-9]{3})*\.[0-9]{1,2}(?![0-9.]|,[0-9])")
# "Uhr" after a clock time, maybe after a range's other end: "14.30 Uhr", "9.30-18 Uhr".
_UHR_AFTER = re.compile(r"[ \u00a0]*(?:[–-][ \u00a0]*[0-9]{1,2}(?:[.:][0-9]{2})?[ \u00a0]*)?Uhr")
_MAX_READ = 100_000  # characters read for the marks


# An answer's few excerpts, each asked for by every tokenizing of it; the memo holds the texts
# it keys, so it stays small.
@lru_cache(maxsize=8)
def grouping_mark(text: str) -> str:
    """The mark the text groups thousands with ("." or ","), "" where it writes decimals both
    ways or none."""
    head = text[:_MAX_READ]
    comma = _COMMA_DECIMAL.search(head) is not None
    point = any(
        not (DOTTED_CLOCK.fullmatch(m[0]) and _UHR_AFTER.match(head, m.end()))
        for m in _POINT_DECIMAL.finditer(head)
    )
    if comma == point:
        return ""
    return "." if comma else ","


def in_locale(text: str, tokens: list[Token]) -> list[Token]:
    """The tokens without the decimal reading of a lone grouping mark before three digits,
    where the text's own decimals say the mark groups thousands."""
    mark = grouping_mark(text)
    if not mark:
        return tokens
    out = []
    for t in tokens:
        if len(t.readings) > 1 and any(r.places == 3 for r in t.readings):
            written = text[t.start : t.end]
            if written.count(mark) == 1 and written.replace(mark, "").isdigit():
                kept = tuple(r for r in t.readings if not (r.key[0] == "n" and r.places == 3))
                t = Token(t.start, t.end, kept, t.parts) if kept else t
        out.append(t)
    return out
