"""IBANs: whether one an answer labels as an IBAN is whole and has valid check digits, and
which excerpts write it whole (ISO 13616)."""

from __future__ import annotations

import re
from collections.abc import Sequence

# IBAN lengths of the countries whose accounts a German or English household meets most.
_IBAN_LENGTHS = {
    "AT": 20, "BE": 16, "CH": 21, "CZ": 24, "DE": 22, "DK": 18, "ES": 24, "FI": 18, "FR": 27,
    "GB": 22, "IE": 22, "IT": 27, "LI": 21, "LU": 20, "NL": 18, "NO": 15, "PL": 28, "PT": 25,
    "SE": 24,
}  # fmt: skip
_IBAN_SHAPE = re.compile(r"([A-Z]{2})([0-9]{2})((?:[ \u00a0]?[0-9A-Z]){8,30})")
# "IBAN DE…", "**IBAN:** DE…", "Die IBAN lautet DE…", "The IBAN is DE…".
_IBAN_LABEL = re.compile(r"iban\W{0,4}(?:[^\W\d_]+\W{1,3}){0,2}\Z", re.IGNORECASE)


def _compact(iban: str) -> str:
    """An IBAN without the spaces that group it."""
    return iban.replace(" ", "").replace("\u00a0", "")


def broken_iban(text: str, start: int, end: int) -> bool:
    """Whether text[start:end], labelled as an IBAN, is too short or has wrong check digits:
    a block missing or a digit changed (ISO 13616). Blocks after a whole, valid IBAN are
    another number ("… 0130 00 12 Monate"); a masked one (DE89 XXXX …) is not checked."""
    shape = _IBAN_SHAPE.fullmatch(text, start, end)
    if shape is None or shape[1] not in _IBAN_LENGTHS or "XXX" in shape.group():
        return False
    if not _IBAN_LABEL.search(text[max(0, start - 30) : start].rsplit("\n", 1)[-1]):
        return False  # a code of another kind, or grounded or not as any code is
    compact = _compact(shape.group())
    length = _IBAN_LENGTHS[shape[1]]
    if len(compact) < length:
        return True
    moved = compact[4:length] + compact[:4]
    return int("".join(str(int(c, 36)) for c in moved)) % 97 != 1


def iban_holders(iban: str, texts: Sequence[tuple[int, str]]) -> list[int]:
    """The texts that write this IBAN whole (spaces aside), as an answer copying a wrong one
    from its source would: the same characters, neither more nor fewer."""
    compact = _compact(iban)
    return [
        n
        for n, text in texts
        if any(_compact(m.group()) == compact for m in _IBAN_SHAPE.finditer(text))
    ]
