"""The words that tie a figure to a row or field, on either side: the answer's words around
a figure, and the comparison of words that may be one inflected or compounded ("Besucher" and
"Besuchern", "Steuer" and "Jahressteuer"). binding.py compares them line by line."""

from __future__ import annotations

import re
from collections.abc import Sequence

from verifier.checks.readings import Token

# A word that a prefix of negation or contrast hyphenates keeps it: "Off-peak" is no "peak",
# "Non-member" no "member".
WORD = re.compile(r"(?:(?i:off|non|nicht|pre|post|anti|un)-)?[^\W\d_]{4,}")
_CLAUSE_END = re.compile(r"[.;!?](?=\s)|\n|\s[–—]\s")  # a spaced dash parts clauses too
# Words that name no row and no field, inflected ("Monaten"; "Rechnungsbetrag" is
# "brutto"), and words that name nothing.
_PLAIN = frozenset(
    "gesamt summe total insgesamt zusammen datum date betrag amount preis price kosten cost "
    "stand nummer number anzahl menge stück euro dollar jahr year monat month woche week tage "
    "days stunden hours time zeit wert value brutto netto gross termin appointment frist "
    "deadline eine einen einem einer eines dein deine deinen deinem deiner ihre ihren ihrem unser "
    "unsere wurde wurden sind waren hatte hatten haben habt hast also noch davon dazu dass "
    "with from that this have were your their about after before which there then than "
    "bitte laut".split()
)

# What ends the words that speak of a figure after it: "339,60 € Fahrpreis und 22,00 €",
# "Netflix ($15.49), Spotify Duo ($16.99)".
# Before a figure, what ends another item's words: "339,60 € Fahrpreis und 22,00 €". A bracket
# opens none: "die Ausgaben (7.318,62 €)", "Netflix ($15.49)".
_SEPARATOR_WORD = re.compile(r"[,;]|\b(?:und|and|sowie|plus|bzw|or|oder)\b", re.I)
# After a figure, a bracket, a comparison or its base also begin another item's words:
# "Netflix ($15.49), Spotify", "(7.318,62 €) die Einnahmen", "mit 812,40 € über den
# Stromkosten", "$288.85 on the discounted subtotal".
_AFTER_SEPARATOR = re.compile(
    r"[,;()]|\b(?:und|and|sowie|plus|bzw|or|oder|als|than|statt|instead|gegenüber|versus|vs"
    r"|über|unter|mehr|weniger|more|less|higher|lower|höher|niedriger|on|auf)\b",
    re.I,
)
_REACH = 80  # characters on either side of a figure whose words may speak of it
_DATED = re.compile(
    r"(?:19|20)[0-9]{2}|[0-9]{1,2}\.[0-9]{1,2}\.(?:[0-9]{2,4})?|[0-9]{4}-[0-9]{2}-[0-9]{2}"
)
# What a compound adds to the thing a row names when it speaks of its money: a row
# "Hausmeister" is named by "Hausmeisterkosten", "Versicherungsbeitrag" names "Versicherung".
_MONEY_HEADS = frozenset(
    "kosten preis preise betrag beitrag beiträge gebühr gebühren anteil summe rechnung "
    "ausgaben".split()
)
_MIN_SHARED = 5  # letters two words must share to be one (Besucher, Besuchern)
_INFLECTION = 3  # letters an inflection adds (Kinder, Besuchern, Effektiven)


def words_of(text: str) -> set[str]:
    """The words of a text that may name a row or a field, lower-cased."""
    out = set()
    for w in WORD.findall(text):
        low = w.lower()
        # Plain also with up to two letters more ("monaten", "preise").
        if low not in _PLAIN and low[:-1] not in _PLAIN and low[:-2] not in _PLAIN:
            out.add(low)
    return out


def _related(a: str, b: str, compound: bool) -> bool:
    """Whether two words are one: inflected ("besucher", "besuchern"; "kind", "kinder") or,
    if compound, one begins or ends the other ("steuer", "jahressteuer"; "heiz", "heizung")."""
    if a == b:
        return True
    if ("-" in a) != ("-" in b):
        return False  # "off-peak" and "peak", "non-member" and "members"
    short, long = sorted((a, b), key=len)
    if len(short) < _MIN_SHARED:
        return long.startswith(short) and len(long) - len(short) <= _INFLECTION
    stem = short[: max(_MIN_SHARED, len(short) - 2)]
    if compound:
        return long.startswith(stem) or long.endswith(short)
    rest = long[len(short) :]
    if long.startswith(short) and (
        rest in _MONEY_HEADS or (rest[1:] in _MONEY_HEADS and rest[:1] == "s")
    ):
        return True  # "Hausmeisterkosten" of a "Hausmeister" row, not "Flächenanteil"
    return long.startswith(stem) and len(long) - len(short) <= _INFLECTION


def meets(words: set[str], others: set[str], compound: bool = True) -> set[str]:
    """The words that are one of others, inflected or (if compound) in a compound. A figure's
    own line is met loosely, another line only by its words inflected: "Flächenanteil" is no
    "Anteil" of another line."""
    return {w for w in words if any(_related(w, o, compound) for o in others)}


def around(text: str, tokens: Sequence[Token], k: int) -> list[str]:
    """The answer's words that speak of token k: in its clause and within _REACH characters,
    between the figures before and after it and the items or comparisons they belong to, the
    ones nearer to it than to those figures."""
    tok = tokens[k]
    # A year or a date before the figure dates it and names no row of its own: the words
    # before it still speak of the figure ("Für Munition wurden 2025 insgesamt 5.120,75 €").
    before = k - 1
    while before >= 0 and _DATED.fullmatch(text, tokens[before].start, tokens[before].end):
        before -= 1
    lo = tokens[before].end if before >= 0 else 0
    hi = tokens[k + 1].start if k + 1 < len(tokens) else len(text)
    first = max(lo, tok.start - _REACH)
    cut = max((m.end() for m in _CLAUSE_END.finditer(text, first, tok.start)), default=first)
    # Only the words after the last separator before the figure, and before the first after it.
    cut = max((m.end() for m in _SEPARATOR_WORD.finditer(text, cut, tok.start)), default=cut)
    last = min(hi, tok.end + _REACH)
    stop = _CLAUSE_END.search(text, tok.end, last)
    end = stop.start() if stop else last
    after = _AFTER_SEPARATOR.search(text, tok.end, end)
    end = after.start() if after else end
    words = []
    for m in WORD.finditer(text, cut, tok.start):
        if before < 0 or cut > lo or tok.start - m.end() < m.start() - lo:
            words.append(m.group())  # nearer to this figure than to the one before
    for m in WORD.finditer(text, tok.end, end):
        if after or stop or k + 1 == len(tokens) or m.start() - tok.end < hi - m.end():
            words.append(m.group())
    return words
