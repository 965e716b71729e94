"""An amount the answer gives in another currency than the excerpts do: "€165 per person"
where the offer says "CHF 165 pro Person".

Only where every place the excerpts holding the figure write it as written carries a
currency, none of them the answer's: one written bare, or in the answer's currency, may be
the one the answer means. "€", "EUR" and "Euro" are one currency, as are "$" and "USD", "£"
and "GBP", "CHF" and "Fr."."""

from __future__ import annotations

import re
from collections.abc import Sequence

from verifier.checks.grounding import Verdict, flagged
from verifier.checks.models import NumberFinding
from verifier.checks.readings import Token

_NAMES = {
    "€": "EUR", "eur": "EUR", "euro": "EUR", "euros": "EUR",
    "$": "USD", "us$": "USD", "usd": "USD", "dollar": "USD", "dollars": "USD",
    "£": "GBP", "gbp": "GBP", "pound": "GBP", "pounds": "GBP",
    "chf": "CHF", "fr.": "CHF", "sfr.": "CHF", "franken": "CHF", "francs": "CHF",
}  # fmt: skip
_WORDS = "|".join(re.escape(name) for name in sorted(_NAMES, key=len, reverse=True))
_AFTER = re.compile(rf"[ \u00a0]?({_WORDS})(?![^\W\d_])", re.I)
_BEFORE = re.compile(rf"(?<![^\W\d_])({_WORDS})[ \u00a0]?\Z", re.I)
_MORE_BEFORE = re.compile(r"[0-9][.,]?\Z")  # more digits of one number before a place
_MORE_AFTER = re.compile(r"[.,]?[0-9]")
_ZERO_CENTS = re.compile(r"[.,]00(?![0-9])")
_CENTS = re.compile(r"[0-9.,]*[.,][0-9]{2}")  # an amount with cents: its marks may be swapped
_SWAPPED = str.maketrans(",.", ".,")
_MAX_PLACES = 50  # places of one figure looked at in one excerpt


def currency_at(text: str, start: int, end: int) -> str:
    """The currency written right after the figure at start:end or right before it, as a
    code ("EUR"), "" for none."""
    after = _AFTER.match(text, end)
    if after:
        return _NAMES[after.group(1).lower()]
    # A receipt's line may name its currency a column away: "Total CHF        21.70".
    gap = start
    while gap > 0 and text[gap - 1] in " \t\u00a0":
        gap -= 1
    before = _BEFORE.search(text, max(0, gap - 8), gap)
    return _NAMES[before.group(1).lower()] if before else ""


def wrong_currency_finding(
    answer: str, tok: Token, v: Verdict, texts: Sequence[tuple[int, str]]
) -> NumberFinding | None:
    """The finding for an amount grounded as written whose excerpts write it only in another
    currency (see the module); None otherwise."""
    if v.status != "grounded" or v.how != "exact" or v.reading.key[0] != "n":
        return None
    mine = currency_at(answer, tok.start, tok.end)
    if not mine:
        return None
    written = answer[tok.start : tok.end]
    theirs: list[tuple[int, str]] = []
    for n, text in texts:
        if n not in v.excerpts:
            continue
        exact, shortened = _forms(written)
        for start, end in (place for form in exact for place in _places(text, form)):
            code = currency_at(text, start, end)
            if code in ("", mine):
                return None  # bare, or in the answer's currency: maybe the one it means
            theirs.append((n, code))
        for start, end in (place for form in shortened for place in _places(text, form)):
            if currency_at(text, start, end) == mine:
                return None  # "40 €" for "40,00 €"; a bare "40" may be any figure
    if not theirs or len({code for _, code in theirs}) > 1:
        return None
    n, code = theirs[0]
    en = f'"{written}" is given in {mine}, but excerpt [{n}] gives it in {code}.'
    de = f"„{written}“ steht in {mine}, Auszug [{n}] nennt den Betrag in {code}."
    return flagged(answer, tok, v, "wrong_unit", sorted({m for m, _ in theirs}), en, de)


def _forms(written: str) -> tuple[set[str], set[str]]:
    """The ways an excerpt may write an amount the answer writes with cents: as written or
    with the other decimal mark (a Swiss receipt's "21.70" for "21,70"); and shortened,
    without a last zero ("12.5" for "12,50") or without zero cents ("40" for "40,00"), which
    count only with the answer's currency."""
    if not _CENTS.fullmatch(written):
        return {written}, set()
    exact = {written, written.translate(_SWAPPED)}
    shortened = {form[:-1] for form in exact} if written.endswith("0") else set()
    if written.endswith("00"):
        shortened.add(written[:-3])
    return exact, shortened


def _places(text: str, written: str) -> list[tuple[int, int]]:
    """Where the text writes the figure as a number of its own (not inside "1165" or
    "165,50"), a whole one also with zero cents ("189.00" for "189")."""
    out: list[tuple[int, int]] = []
    whole = written.isdigit()
    at = text.find(written)
    while at >= 0 and len(out) < _MAX_PLACES:
        end = at + len(written)
        cents = _ZERO_CENTS.match(text, end) if whole else None
        end = cents.end() if cents else end
        if not (_MORE_BEFORE.search(text, max(0, at - 2), at) or _MORE_AFTER.match(text, end)):
            out.append((at, end))
        at = text.find(written, at + 1)
    return out
