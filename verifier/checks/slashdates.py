"""A document writes its slash dates one way: "03/28/2026" on a US receipt proves that its
"04/11/2026" is April 11, not 4 November; "28/03/2026" on a UK one proves the other way. A
slash date that could be either is read only as its document's order, where one of the
document's full dates proves an order and none proves the other."""

from __future__ import annotations

import re

from verifier.checks.readings import Token

# Full slash dates whose first part is no month (a day first) or whose second part is none.
_DAY_FIRST = re.compile(r"(?<![0-9/])(?:1[3-9]|2[0-9]|3[01])/(?:0?[1-9]|1[0-2])/[0-9]{4}(?![0-9])")
_MONTH_FIRST = re.compile(
    r"(?<![0-9/])(?:0?[1-9]|1[0-2])/(?:1[3-9]|2[0-9]|3[01])/[0-9]{4}(?![0-9])"
)
_PARTS = re.compile(r"([0-9]{1,2})/([0-9]{1,2})")


def slash_order(text: str) -> str | None:
    """ "md" or "dm" where the text's full slash dates prove one order only, else None."""
    day_first = _DAY_FIRST.search(text) is not None
    month_first = _MONTH_FIRST.search(text) is not None
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
