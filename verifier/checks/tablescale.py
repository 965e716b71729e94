"""A table's declared scale: "Budget 2026 (in Tsd. €)", "Angaben in Mio. Euro", "($ in
thousands)". Each figure after the declaration is also read as that many thousands or millions
("345,0" as 345.000 €), as the reader of such a table reads it; the figures keep their own
readings too, since the declaration may cover one table of several."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from verifier.checks.digitruns import scaled
from verifier.checks.excerptlines import MAX_READ
from verifier.checks.readings import Reading, Token

_SCALES = {"tsd": 3, "tausend": 3, "teur": 3, "t€": 3, "thousands": 3, "mio": 6}
_SCALES |= {"millionen": 6, "millions": 6, "mrd": 9, "milliarden": 9, "billions": 9}
_WORD = "(?:" + "|".join(_SCALES) + ")"
_CURRENCY = r"(?:€|eur|euro|\$|usd|£|chf)"
# In brackets ("(in Tsd. €)", "($ in thousands)"), or "in" with no figure after it ("Beträge
# in TEUR"): a figure's own scale word ("3,2 Mio. €") follows the figure instead.
# Of the lower-cased text, led by its first character, not a look-behind: re skips to "(" and
# "in" at C speed (with IGNORECASE or led by a look-behind, 2 ms for 32 KiB of receipts).
_DECLARED = re.compile(
    rf"\((?:{_CURRENCY}\s*)?(?:in\s+)?(?:{_CURRENCY}\s*)?(?P<a>{_WORD})\.?(?:\s*{_CURRENCY})?\s*\)"
    rf"|in(?<![^\W\d_]in)(?<![0-9][ .,]in)\s+(?:{_CURRENCY}\s*)?(?P<b>{_WORD})\b\.?"
    rf"(?:\s*{_CURRENCY}\b)?(?![.\s]*[0-9])"
)


def declared_scale(text: str) -> tuple[int, int] | None:
    """Where the text declares its figures' scale (within the characters excerpts are read
    for their lines), and the power of ten, or None."""
    m = _DECLARED.search(text[:MAX_READ].lower())
    if m is None:
        return None
    return m.end(), _SCALES[m.group("a") or m.group("b")]


def scaled_too(tokens: Iterable[Token], declared: tuple[int, int]) -> Iterator[Token]:
    """The tokens, those after the declaration with each plain number also scaled."""
    after, k = declared
    for tok in tokens:
        extra = [scaled(r, k) for r in tok.readings if tok.start >= after and _plain(r)]
        yield Token(tok.start, tok.end, (*tok.readings, *extra), tok.parts) if extra else tok


def _plain(r: Reading) -> bool:
    return r.key[0] == "n" and not r.scale
