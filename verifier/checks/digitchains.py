"""Digit chains of the excerpts: phone numbers, IBANs and ids written in groups ("0251 / 48
29 17-0", "DE89 3704 …"), which an answer may regroup; a number with a country code also in
its national form (+49 251 … is 0251 …)."""

from __future__ import annotations

import re
from collections.abc import Sequence

# Digit groups joined by single spaces, slashes, dots or hyphens: phone numbers, IBANs, ids.
DIGIT_CHAIN = re.compile(
    r"(?<![0-9])[0-9]+(?:(?:[ \u00a0\u2009\u202f]?[-/.][ \u00a0\u2009\u202f]?"
    r"|[ \u00a0\u2009\u202f])[0-9]+)*"
)
DIGIT_RUN = re.compile(r"[0-9]+")
# "(0251) 4829170", "(207) 555-0142": an area code in brackets (German with its 0, or North
# America's three digits) before a phone number; "(2024) 15 Mio." is none.
_AREA_IN_BRACKETS = re.compile(r"\((0[0-9]{2,5}|[2-9][0-9]{2})\)(?=[ \u00a0]?[0-9]{3})")


def join_area_codes(text: str) -> str:
    """The text with each bracketed area code joined to its number as one digit chain, at the
    same length, so that spans stay: "(0251) 482" reads as " 0251- 482"."""
    return _AREA_IN_BRACKETS.sub(lambda a: f" {a[1]}-", text)


# "+49 (0)251 …": the national number 0251 … follows the country code's "(0)".
_TRUNK_BEFORE = re.compile(r"(?:\+|00)[0-9]{1,3}[ \u00a0]?\(0\)[ \u00a0]?$")
_PHONE_LABEL = re.compile(
    r"(?i:tel|telefon|fon|phone|fax|mobil|handy|ruf|kontakt|contact|call)\b[^\n0-9]*\Z"
)
_MAX_PROBES = 64


class ChainIndex:
    """The texts' digit chains, joined group by group, for looking up a run of digits."""

    def __init__(self, texts: Sequence[tuple[int, str]]) -> None:
        self._chains: list[tuple[int, str, set[int]]] = []
        for n, raw in texts:
            groups: list[str] = []
            bounds = {0}
            pos = 0
            text = join_area_codes(raw)
            for m in DIGIT_CHAIN.finditer(text):
                for chain in _national_too(text, m):
                    for g in chain:
                        groups.append(g)
                        pos += len(g)
                        bounds.add(pos)
                    groups.append("|")
                    pos += 1
                    bounds.add(pos)
            self._chains.append((n, "".join(groups), bounds))

    def holding(self, digits: str) -> set[int]:
        """Texts where digits is a run of whole digit groups (0251 / 48 29 17-0, DE89 3704 …)."""
        out: set[int] = set()
        for n, joined, bounds in self._chains:
            i = joined.find(digits)
            for _ in range(_MAX_PROBES):
                if i < 0 or (i in bounds and i + len(digits) in bounds):
                    break
                i = joined.find(digits, i + 1)
            if i >= 0 and i in bounds and i + len(digits) in bounds:
                out.add(n)
        return out


def _national_too(text: str, m: re.Match[str]) -> list[list[str]]:
    """The digit groups of a chain of an excerpt, and of its national form if it is written
    with a country code (+49 251 …, 0049 251 …, +49 (0)251 …: 0251 …; +1 207 …: 207 …)."""
    gs = DIGIT_RUN.findall(m.group())
    coded = len(gs) > 1 and (
        text[m.start() - 1 : m.start()] == "+"
        # 0049 is a country code only where a phone number stands: "Kundennummer 00123" is none.
        or (
            gs[0].startswith("00")
            and 3 <= len(gs[0]) <= 5
            and _PHONE_LABEL.search(text, max(0, m.start() - 20), m.start()) is not None
        )
    )
    if coded and gs[0] in ("1", "001"):  # North America: +1 207 … is (207) …
        return [gs, gs[1:]]
    if coded:
        return [gs, ["0" + gs[1], *gs[2:]]]
    if _TRUNK_BEFORE.search(text, max(0, m.start() - 12), m.start()):
        return [gs, ["0" + gs[0], *gs[1:]]]
    return [gs]
