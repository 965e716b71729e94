"""A document writes its slash dates one way: "03/28/2026" on a US receipt proves that its
"04/11/2026" is April 11, not 4 November; "28/03/2026" on a UK one proves the other way. A
slash date that could be either is read only as its document's order, where one of the
document's full dates proves an order and none proves the other."""

from __future__ import annotations

import re
from functools import lru_cache

from verifier.checks.readings import Token

# A full slash date's year, found by its slash at C speed; the day and month before it.
_YEAR_AFTER = re.compile(r"/[0-9]{4}(?![0-9])")
_PAIR_BEFORE = re.compile(r"(?<![0-9/])([0-9]{1,2})/([0-9]{1,2})\Z")
_PARTS = re.compile(r"([0-9]{1,2})/([0-9]{1,2})")
_MAX_DATES = 2000  # full slash dates read for the order: a document keeps to one


@lru_cache(maxsize=8)  # tokenize_lines reads an excerpt several times; texts may be large
def slash_order(text: str) -> str | None:
    """ "md" or "dm" where the text's full slash dates prove one order only, else None."""
    day_first = month_first = False
    for k, year in enumerate(_YEAR_AFTER.finditer(text)):
        pair = _PAIR_BEFORE.search(text, max(0, year.start() - 5), year.start())
        if pair is None:
            continue
        a, b = int(pair[1]), int(pair[2])
        day_first |= 13 <= a <= 31 and 1 <= b <= 12
        month_first |= 1 <= a <= 12 and 13 <= b <= 31
        if (day_first and month_first) or k >= _MAX_DATES:
            break
    if day_first == month_first:
        return None
    return "dm" if day_first else "md"


def in_order(tokens: list[Token], text: str, order: str) -> list[Token]:
    """The tokens with each slash date's readings cut to those of the document's order."""
    out = []
    for tok in tokens:
        m = _PARTS.match(text, tok.start, tok.end)
        dated = [r for r in tok.readings if r.key[0] in ("d", "dm")]
        if m is None or len(dated) < 2:
            out.append(tok)
            continue
        a, b = int(m[1]), int(m[2])
        month, day = (a, b) if order == "md" else (b, a)
        kept = tuple(
            r for r in tok.readings if r.key[0] not in ("d", "dm") or r.key[-2:] == (month, day)
        )
        out.append(Token(tok.start, tok.end, kept, tok.parts) if kept else tok)
    return out
