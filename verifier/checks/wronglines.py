"""Findings of real figures the answer ties to the wrong line of an excerpt's table or list:
by the words around one figure (see binding), and by two figures tied together.

Two figures the answer ties together in one clause ("Vodafone hat am 16.01.2026 49,95 €
abgebucht", "12,0 g Eiweiß bei 372 kcal") that stand in an excerpt only on table rows,
receipt lines or label lines, and never on the same one: the answer gave one of them another
row's value.

Only figures of different kinds pair (a date and an amount, an amount and a count), only
where nothing between them parts them (a comma, "und", "bis", "statt", a comparison), and
only where both are grounded as written: a change "von 120 € auf 150 €" or a date range
pairs nothing."""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

from verifier.checks.binding import Binding
from verifier.checks.bindwords import WORD, around, words_of
from verifier.checks.figurewords import money
from verifier.checks.grounding import Verdict, flagged, hedged
from verifier.checks.models import NumberFinding
from verifier.checks.months import YEAR
from verifier.checks.numparse import tokenize
from verifier.checks.readings import Reading, Token

# What parts two figures into separate statements, or relates them as two rows would.
_PARTED = re.compile(
    r"[,;:()\[\]/–—|+=×*÷]|\.(?:\s|$)|\b(?:x|mal|times|und|and|sowie|oder|or|bzw|auf|to|bis|von"
    r"|from|vs|versus"
    r"|statt|anstatt|instead|than|als|gegenüber|compared|mehr|weniger|more|less|seit|since|ab"
    r"|nach|after|vor|before|until|till|zwischen|between|then|dann|je|pro|per|each|jeweils)\b",
    re.I,
)
_MAX_GAP = 40  # characters between two figures of one statement
# What ends the clause of a phone number: a sentence's end, "and", "or".
_CLAUSE_CUT = re.compile(r"[.!?;](?=\s)|\n|\b(?:und|and|sowie|oder|or|bzw)\b", re.I)
_CLAUSE_REACH = 120
_CONDITION = re.compile(r"\b(?:if|wenn|falls|unless|sofern|otherwise|sonst)\b[^,;\n]*,", re.I)
# Digits and what groups them, six digits or more: a phone, fax or account number.
_PHONE_LIKE = re.compile(r"\+?[0-9][0-9 ()/.\u00a0-]{4,}[0-9]")
_AREA_CODE = re.compile(r"\([0-9]{2,5}\)[ \u00a0]?\Z")
# Payment terms ("Net 30") are a count of days, no value of a row.
_NET_BEFORE = re.compile(r"\bnet[ \u00a0]?\Z", re.I)
_AMOUNT = re.compile(r"[€$£][ \u00a0]?[0-9]|[0-9][ \u00a0]?(?:€|EUR\b|USD\b)")
_EQUALS_AFTER = re.compile(r"[ \u00a0]*(?:[€$£]|EUR|USD)?[ \u00a0]*=")
_PRICED_AT = re.compile(r"\bat\b|(?<![^\W\d_])à(?![^\W\d_])|@")


def _kind(r: Reading) -> str:
    """A date, a time, an amount with decimals, or a whole number of two digits or more."""
    if r.key[0] in ("d", "dm"):
        return "date"
    if r.key[0] == "t":
        return "time"
    if r.key[0] != "n":
        return ""
    if r.places or "." in r.value:
        return "decimal"
    if YEAR.fullmatch(r.value):
        return ""  # a year dates a heading's section or a title as often as a row
    return "whole" if len(r.value) >= 2 else ""


def apart(binding: Binding, results: Sequence[tuple[Token, Verdict | None]]) -> list[NumberFinding]:
    """A finding on the second figure of each pair tied together that no line holds both of."""
    text = binding.text
    found: list[NumberFinding] = []
    ordered = sorted(results, key=lambda tv: tv[0].start)
    for (ta, va), (tb, vb) in pairwise(ordered):
        if not (_exact(va) and _exact(vb)) or tb.start - ta.end > _MAX_GAP:
            continue
        assert va is not None and vb is not None
        kinds = (_kind(va.reading), _kind(vb.reading))
        if "" in kinds or kinds[0] == kinds[1] or _PARTED.search(text, ta.end, tb.start):
            continue
        if set(kinds) == {"time", "whole"}:
            continue  # "der ICE 518 kommt um 9:52": a timetable's train, its next line's time
        if any(_NET_BEFORE.search(text, max(0, t.start - 4), t.start) for t in (ta, tb)):
            continue
        if any(hedged(text, t.start) for t in (ta, tb)):
            continue  # "etwa 138": a mean or a rounded figure, no row's value as written
        shared = sorted(va.excerpts & vb.excerpts)
        places = [(n, binding.rows(n, va), binding.rows(n, vb)) for n in shared]
        if shared and all(a and b and not a & b for _, a, b in places):
            n, rows_a, rows_b = places[0]
            assert rows_a and rows_b
            if not (_holds(binding, n, rows_a, kinds[1]) or _holds(binding, n, rows_b, kinds[0])):
                # Label lines of one value each ("Laufzeit: ... 15.01.2027", "Anlagebetrag:
                # 10.000,00 €"): no line gives the date an amount, nor the amount a date.
                continue
            # "86 adults at $48.50": a count and its unit price, a product's terms, unless the
            # count's own line gives it a price ("Adults: 12 tickets at $62.00").
            priced = _PRICED_AT.search(text, ta.end, tb.start) and money(text, tb)
            computed = _EQUALS_AFTER.match(text, tb.end)  # "86 at $62.00 = $5,332.00": a what-if
            if priced and (computed or not any(_AMOUNT.search(binding.line(n, k)) for k in rows_a)):
                continue
            if any(
                _in_name(text, t, [binding.line(n, k) for k in rows])
                for t, rows in ((ta, rows_a), (tb, rows_b))
            ):
                continue  # "€21,900 for the VW Golf VIII 1.5 eTSI": a name's number, as copied
            found.append(_finding(binding, (tb, vb), ta, n, min(rows_b), min(rows_a)))
    return found


_WORD_BEFORE = re.compile(r"([^\W\d_]{2,})[ \u00a0]\Z")
_WORD_AFTER = re.compile(r"[ \u00a0]([^\W\d_]{2,})\b")
_NO_NAME = re.compile(r"(?i:eur|euro|usd|gbp|chf|at|je|per|pro|für|for)")


def _in_name(text: str, tok: Token, lines: list[str]) -> bool:
    """Whether the figure stands between the same two words of a name in the answer as on
    one of its lines: part of a name the answer copies ("Golf VIII 1.5 eTSI", "Corsa 1.2
    turbo"), no value of a row. A name has a capital in one of them; a currency or a rate's
    word is none ("at 48.50 EUR")."""
    before = _WORD_BEFORE.search(text, max(0, tok.start - 40), tok.start)
    after = _WORD_AFTER.match(text, tok.end)
    if before is None or after is None:
        return False
    words = (before[1], after[1])
    if all(w.islower() for w in words) or any(_NO_NAME.fullmatch(w) for w in words):
        return False
    named = re.compile(
        rf"\b{re.escape(before[1])}[ \u00a0]+{re.escape(text[tok.start : tok.end])}"
        rf"[ \u00a0]+{re.escape(after[1])}\b",
        re.I,
    )
    return any(named.search(line) for line in lines)


def _holds(binding: Binding, n: int, places: set[int], kind: str) -> bool:
    """Whether one of these lines of excerpt n holds a figure of the kind."""
    lines = (binding.line(n, place) for place in places)
    return any(_kind(r) == kind for line in lines for t in tokenize(line) for r in t.readings)


def _exact(v: Verdict | None) -> bool:
    return v is not None and v.status == "grounded" and v.how in ("exact", "headed")


def _finding(
    binding: Binding, figure: tuple[Token, Verdict], other: Token, n: int, own: int, others: int
) -> NumberFinding:
    text, tok = binding.text, figure[0]
    written, paired = text[tok.start : tok.end], text[other.start : other.end]
    line, other_line = binding.line(n, own)[:80], binding.line(n, others)[:80]
    return flagged(
        text,
        tok,
        figure[1],
        "wrong_line",
        [n],
        f'"{written}" stands in excerpt [{n}] on the line "{line}", not on the line of '
        f'"{paired}" ("{other_line}").',
        f"„{written}“ steht in Auszug [{n}] in der Zeile „{line}“, nicht in der Zeile von "
        f"„{paired}“ („{other_line}“).",
    )


def wrong_line_finding(
    binding: Binding, tokens: Sequence[Token], k: int, v: Verdict
) -> NumberFinding | None:
    """The finding for token k (of the answer's tokens in order) where the words around it
    tie its grounded figure to another line of a table or list; None where they do not."""
    text = binding.text
    words = around(text, tokens, k)
    found = binding.wrong_line(v, words_of(" ".join(words)))
    if found is None:
        return None
    tok = tokens[k]
    en, de = _named_otherwise(text[tok.start : tok.end], found, words)
    return flagged(text, tok, v, "wrong_line", [found[0]], en, de)


def _named_otherwise(
    written: str, found: tuple[int, str, str], words: Sequence[str]
) -> tuple[str, str]:
    """The reviewer's sentences for a figure whose words name another line (found: the
    excerpt, the figure's own line, the naming word lower-cased, as written among words)."""
    n, line, low = found
    word = next(w for w in words if w.lower() == low)
    return (
        f'"{written}" stands in excerpt [{n}] on the line "{line[:80]}", which is not the one '
        f'of "{word}".',
        f"„{written}“ steht in Auszug [{n}] in der Zeile „{line[:80]}“, nicht in der von „{word}“.",
    )


def _clause_words(text: str, start: int, end: int) -> list[str]:
    """The words of the clause a number stands in, up to "and" or "or" on either side: whose
    number it is may stand in an apposition ("Dr. Hsu, the pediatrician, can be reached at")."""
    first = max(0, start - _CLAUSE_REACH)
    cuts = [m.end() for m in _CLAUSE_CUT.finditer(text, first, start)]
    # A condition names another person: "If Mrs. Ortiz is unavailable, call (312) ...".
    cuts += [m.end() for m in _CONDITION.finditer(text, first, start)]
    stop = _CLAUSE_CUT.search(text, end, end + _CLAUSE_REACH)
    last = stop.start() if stop else min(len(text), end + _CLAUSE_REACH)
    return WORD.findall(text, max(cuts) if cuts else first, start) + WORD.findall(text, end, last)


def wrong_chain_finding(binding: Binding, finding: NumberFinding) -> NumberFinding | None:
    """The finding for a phone or account number grounded as an identifier where the words
    of its clause tie it to another line ("Dr. Hsu ... 555-0164", the neighbour's)."""
    if finding.status != "grounded" or not _PHONE_LIKE.fullmatch(finding.text):
        return None  # an article or invoice number with letters names no person's line
    text = binding.text
    # An area code in brackets before it is the number's: "(312) 555-0164".
    code = _AREA_CODE.search(text, max(0, finding.start - 12), finding.start)
    start = code.start() if code else finding.start
    digits = "".join(c for c in text[start : finding.end] if c.isdigit())
    words = _clause_words(text, start, finding.end)
    found = binding.wrong_chain(digits, frozenset(finding.excerpts), words_of(" ".join(words)))
    if found is None:
        return None
    en, de = _named_otherwise(finding.text, found, words)
    return finding.model_copy(update={"status": "wrong_line", "message_en": en, "message_de": de})
