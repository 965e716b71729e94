"""Identifiers with digits: model names (bge-m3, gemma3:12b, qwen2.5), article and invoice
numbers (Art.-Nr. 4711-0815), codes like DE89 or A380.

An identifier is a name, not a quantity: the excerpts must hold the same sequence of letter
and digit runs ("bge-m3" = "BGE M3" = [bge, m, 3]), so "bge-m2" is not grounded by some other
"2" of the excerpt. Separators and case do not count; the grouping of digits does (qwen2.5 is
not qwen25), except where the number check regroups long digit chains (IBANs, phone numbers).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

# A word: letters and digits, joined by single connectors (bge-m3, gemma3:12b, qwen2.5).
_WORD = re.compile(r"[^\W_]+(?:[-:./_][^\W_]+)*")
_RUN = re.compile(r"[0-9]+|[^\W\d_]+")
# Letters before a number that qualify it rather than name it: mid-2020, Jan-2024; a currency
# even when glued (EUR90, US$ is no word).
_QUALIFIERS = re.compile(
    r"mid|pre|post|early|late|mitte|ende|anfang|ca|von|bis|ab|jan|feb|mar|apr|may|jun|jul|aug"
    r"|sep|sept|oct|nov|dec|mär|mai|okt|dez",
    re.IGNORECASE,
)
_CURRENCIES = re.compile(r"eur|usd|gbp|chf|jpy|cny|inr|rs|aud|cad", re.IGNORECASE)
# Capitals and digits glued, alternating from a leading digit, each letter run before more
# digits (one way only to split it: no backtracking): a code such as 7K4Q2M or 4X9T2.
_GLUED_CODE = re.compile(r"[0-9]+(?:[A-Z]+[0-9]+)+[A-Z]*")
# Capitals that close a code after its last digits: a variant, not a plural or a compound.
_CODE_END = re.compile(r"[A-Z]{1,4}")
# Powers of units (m2, km2, cm3): the digit is an exponent, not a figure of the excerpts; and
# units per hundred (l/100, kWh/100km): the 100 is the unit's.
_UNIT_POWER = re.compile(r"(?:[kcdm]?m|ft|in)[23]|(?i:l|kwh|kg)/100(?:km)?")
# Digit groups after a label, or joined by - or / (with a group that keeps a leading zero, or
# three groups or more).
CHAIN_PLAIN = r"(?<![^\W_])[0-9]+(?:[ \t]?[-/.][ \t]?[0-9]+|[ \t][0-9]+)*(?![^\W_])"
# Three or more dotted digit groups that are no number: 17.4.1, 192.168.0.1, 21.21.2000.
DOTTED_PLAIN = r"(?<![^\W_]|[.,])[0-9]+(?:\.[0-9]+){2,}(?![^\W_]|[.,]?[0-9])"
# Both led by a digit, with what may not precede it checked from behind: re then skips to the
# digits at C speed instead of trying the lookbehind at every character. The plain spellings
# above are the specification; tests/checks/test_identifiers.py holds each pair equal.
_CHAIN = re.compile(r"[0-9](?<![^\W_][0-9])[0-9]*" + CHAIN_PLAIN.split("[0-9]+", 1)[1])
_DOTTED = re.compile(r"[0-9](?<!(?:[^\W_]|[.,])[0-9])[0-9]*" + DOTTED_PLAIN.split("[0-9]+", 1)[1])
_DIGIT_GROUP = re.compile(r"[0-9]+")
_V_DOTTED = re.compile(r"(?<![^\W_])[vV]([0-9]+(?:\.[0-9]+){2,})(?![^\W_]|[.,]?[0-9])")
_LABEL = re.compile(
    r"(?:(?:nr|nummer|number)\.?|\b(?:no|art|tel|fax|ref|az)\.|\b(?:id|iban|bic|sku|ean|isbn"
    r"|tel|telefon|phone|fax|mobil|handy|invoice|rechnung|order|bestellung|auftrag)\b)"
    r"[ \t]*[:#]?[ \t]*\Z",
    re.IGNORECASE,
)
# Digit blocks after a named word: the rest of an IBAN written in groups (DE89 3704 0044 …).
_BLOCKS = re.compile(r"(?:[ \t\u00a0\u2009\u202f][0-9]+){2,}(?![^\W_]|[.,][0-9])")
# Spaces between digits, which regrouping ignores: DE89 3704 = DE893704.
_DIGIT_SPACE = re.compile(r"(?<=[0-9])[ \t\u00a0\u2009\u202f]+(?=[0-9])")


@dataclass(frozen=True, slots=True)
class Ident:
    """An identifier in the answer: its span and the runs an excerpt must hold in a row."""

    start: int
    end: int
    key: str  # " bge m 3 ": lower-cased runs, each between spaces; "" for a unit power (m2)
    merged: str = ""  # the key with digit groups run together, for regrouped codes (IBAN)
    regroup: bool = False  # a digit chain the number check may also regroup (phone numbers)


def _key(runs: Sequence[str]) -> str:
    return " " + " ".join(r.lower() for r in runs) + " "


def _named(word: str) -> int | None:
    """Where the named part of a word ends, or None for a plain word or a number with a unit
    (5km, 1990s, 11am-10pm). It ends at the last digit run, so that the plural or compound
    ending (F-16s, A4-Papier) need not recur in the excerpt; but a code's closing capitals
    (SN4471XK, GN6MB, Llama-3-8B) are part of its name."""
    runs = list(_RUN.finditer(word))
    letter_runs = [r.group() for r in runs if r.group()[0].isalpha()]
    if _GLUED_CODE.fullmatch(word) and len(letter_runs) >= 2 and set(letter_runs) != {"X"}:
        return len(word)  # a booking code led by a digit (7K4Q2M), not a dimension (3X4X5)
    named = False
    for prev, cur, nxt in zip([None, *runs], runs, [*runs[1:], None], strict=False):
        if nxt is None or cur.group()[0].isdigit() or not nxt.group()[0].isdigit():
            continue
        if prev is not None and prev.group()[0].isdigit() and prev.end() == cur.start():
            continue  # letters glued after a number are its unit: 11am-10pm, 2x4
        letters = cur.group()
        qualifier = nxt.start() > cur.end() and _QUALIFIERS.fullmatch(letters)
        # v2.3 is version 2.3: the number, as "Version 2.3" writes it (DeepSeek-V3 is a name).
        version = prev is None and letters in ("v", "V")
        named = named or not (qualifier or version or _CURRENCIES.fullmatch(letters))
    if not named:
        return None
    last = runs[-1]
    if _CODE_END.fullmatch(last.group()) and len(runs) > 1 and runs[-2].group()[0].isdigit():
        return last.end()
    return max(r.end() for r in runs if r.group()[0].isdigit())


def _ident(text: str, start: int, end: int, cut: int, regroup: bool = False) -> Ident:
    """The identifier text[start:end], whose runs up to cut must recur in an excerpt."""
    part = text[start:cut]
    merged = _key(_RUN.findall(_DIGIT_SPACE.sub("", part)))
    return Ident(start, end, _key(_RUN.findall(part)), merged, regroup)


def widened(text: str, ident: Ident, end: int) -> Ident:
    """A named identifier stretched to a number that reaches out of it (qwen2,5 or bge-1.1.,
    where the comma or the full stop of a date also ends the word)."""
    last = max(r.end() for r in _RUN.finditer(text, ident.start, end) if r.group()[0].isdigit())
    return _ident(text, ident.start, end, last)


def _labelled(text: str, start: int) -> bool:
    """Whether a label (Nr., IBAN, Tel. ...) stands right before start on its line."""
    return bool(_LABEL.search(text[max(0, start - 24) : start].rsplit("\n", 1)[-1]))


def find_identifiers(text: str) -> list[Ident]:
    """Every identifier of the answer text: named words (with the digit blocks that follow
    them), dotted digit groups that are no number, labelled or zero-led digit chains."""
    out: list[Ident] = []
    for m in _WORD.finditer(text):
        if m.group().isalpha():
            continue  # most words: no digit, so neither a unit power nor a name with a number
        if _UNIT_POWER.fullmatch(m.group()):
            out.append(Ident(m.start(), m.end(), ""))
        elif (cut := _named(m.group())) is not None:
            blocks = _BLOCKS.match(text, m.end()) if cut == len(m.group()) else None
            end = blocks.end() if blocks else m.end()
            out.append(_ident(text, m.start(), end, end if blocks else m.start() + cut))
    for m in _DOTTED.finditer(text):
        if not all(len(g) == 3 for g in m.group().split(".")[1:]):  # 1.234.567 is a number
            out.append(_ident(text, m.start(), m.end(), m.end(), regroup=True))
    for m in _V_DOTTED.finditer(text):  # v2.29.1: the version, checked as one
        out.append(_ident(text, m.start(1), m.end(1), m.end(1), regroup=True))
    out.sort(key=lambda i: i.start)
    ends = [i.end for i in out]  # these do not overlap, so their ends rise with their starts
    for m in _CHAIN.finditer(text):
        k = bisect_right(ends, m.start())
        if k < len(out) and out[k].start < m.end():
            continue  # part of a named word or its blocks
        groups = _DIGIT_GROUP.findall(m.group())
        zero_led = any(len(g) > 1 and g[0] == "0" for g in groups)
        joined = m.group().count("-") + m.group().count("/")
        # 2007-08 or 2007/2008: a season or a span of years, not a code.
        years = len(groups) == 2 and 1500 <= int(groups[0]) <= 2099 and len(groups[1]) in (2, 4)
        # Three groups joined by - or / are no range: an ISBN, a phone number, a broken date.
        # A lone group with leading zeros (0023, 0815) is a code, not the number 23.
        if (
            ((zero_led or len(groups) > 1) and _labelled(text, m.start()))
            or (not years and joined and zero_led)
            or joined > 1
            or (zero_led and len(groups) == 1 and len(groups[0]) > 2)
        ):
            out.append(_ident(text, m.start(), m.end(), m.end(), regroup=True))
    return sorted(out, key=lambda i: i.start)


_SCRIPT = dict(zip("0123456789", zip("⁰¹²³⁴⁵⁶⁷⁸⁹", "₀₁₂₃₄₅₆₇₈₉", strict=True), strict=True))
# Texts are searched folded: superscript and subscript digits as the digits they are, the
# spaces and tabs that may group digits as a plain space. An identifier's pattern is then
# plain ASCII with " ?" between digits: the exact spelling with a class of ² and ₂ per digit
# took re a millisecond to compile, a class of space and tab a third more than " ?", and every
# answer brings identifiers of its own. Same length, so positions are those of the text.
_FOLD = {s: d for d, pair in _SCRIPT.items() for s in pair} | dict.fromkeys(
    "\t\u00a0\u2009\u202f", " "
)
_FOLDABLE = re.compile("[" + "".join(sorted(_FOLD)) + "]")


def _fold(low: str) -> str:
    """The text with _FOLD applied. Most texts hold none of its characters (a quick test);
    str.translate would cost 50 ns a character of any text that is not pure ASCII."""
    if not any(c in low for c in _FOLD):
        return low
    return _FOLDABLE.sub(lambda m: _FOLD[m.group()], low)


# What may not follow a match, or precede one of digits or of letters: checked in the text
# as written (a folded ² would be a digit there, and ¹²³ are no digits to these classes).
_DIGIT_AFTER = re.compile(r"[0-9⁰-⁹₀-₉]")
_SAME = {True: _DIGIT_AFTER, False: re.compile(r"[^\W\d_]")}


def _digit_run(run: str) -> bool:
    # Runs are [0-9]+ or letters (which may begin with a ² that str.isdigit calls a digit).
    return "0" <= run[0] <= "9"


def exact_pattern(key: str, spaced: bool) -> re.Pattern[str]:
    """Where a lower-cased text holds the runs of key in a row, written with other separators
    (bge-m3 = bge m3), superscript digits (co₂) and, if spaced, spaces between digits (de89
    3704). Whether the first run starts a run of the text is left to the caller: a lookbehind
    first would slow the search down tenfold."""
    return re.compile(_body(key, spaced, folded=False) + r"(?![0-9⁰-⁹₀-₉])")


def _folded_pattern(key: str, spaced: bool) -> re.Pattern[str]:
    """exact_pattern for the folded text (see _FOLD), without its look-ahead."""
    return re.compile(_body(key, spaced, folded=True))


def _body(key: str, spaced: bool, folded: bool) -> str:
    runs = key.split()
    space = " ?" if folded else r"[ \t\u00a0\u2009\u202f]?"
    out = ""
    for i, run in enumerate(runs):
        if i:
            same = _digit_run(runs[i - 1]) == _digit_run(run)
            out += r"[\W_]{1,3}" if same else r"[\W_]{0,3}"
        if _digit_run(run):
            digits = list(run) if folded else [f"[{d}{''.join(_SCRIPT[d])}]" for d in run]
            out += (space if spaced else "").join(digits)
        else:
            out += re.escape(run)
    return out


class RunIndex:
    """Texts to look identifiers up in."""

    def __init__(self, texts: Sequence[tuple[int, str]]) -> None:
        self._texts = texts
        self._lower: list[tuple[int, str, str]] | None = None

    def quarter(self, ident: Ident) -> set[int]:
        """The texts naming in words the quarter Q1 to Q4 that ident is, if it is one."""
        return quarter_holders(self._texts, ident)

    def holding(self, ident: Ident) -> set[int]:
        """The texts that hold the runs of the identifier in a row, written or regrouped."""
        if self._lower is None:
            lowered = [(n, t.lower()) for n, t in self._texts]
            self._lower = [(n, low, _fold(low)) for n, low in lowered]
        # What may not stand right before the first run: more of the same kind.
        same = _SAME[_digit_run(ident.key.split()[0])]
        # Without digit groups to merge, the spaced pattern finds all the plain one does.
        keys = [(ident.key, False)] if ident.merged != ident.key else []
        keys.append((ident.merged, True))
        if any(c in _FOLD for c in ident.key + ident.merged):
            # A letter run with a ² in it (m²) must find the ² as written: no folding.
            exact = [exact_pattern(k, spaced) for k, spaced in keys]
            return {
                n for n, low, _ in self._lower if any(_starts_run(p, same, low, low) for p in exact)
            }
        fast = [_folded_pattern(k, spaced) for k, spaced in keys]
        return {
            n for n, low, fold in self._lower if any(_starts_run(p, same, low, fold) for p in fast)
        }


_QUARTER_KEY = re.compile(r" q ([1-4]) ")
_QUARTER_NAMES = (
    "first|1st|erstes?|ersten|1\\.",
    "second|2nd|zweites?|zweiten|2\\.",
    "third|3rd|drittes?|dritten|3\\.",
    "fourth|4th|viertes?|vierten|4\\.",
)


def quarter_holders(texts: Sequence[tuple[int, str]], ident: Ident) -> set[int]:
    """The texts naming in words the quarter an identifier Q1 to Q4 names ("third-quarter
    revenue", "im 3. Quartal"); empty for any other identifier."""
    m = _QUARTER_KEY.fullmatch(ident.key)
    if m is None:
        return set()
    names = _QUARTER_NAMES[int(m[1]) - 1]
    words = re.compile(rf"(?i:(?<![^\W_])(?:{names})[ \t\u00a0-]*(?:quarter|quartal))")
    return {n for n, text in texts if words.search(text)}


def _starts_run(pattern: re.Pattern[str], same: re.Pattern[str], low: str, text: str) -> bool:
    """Whether pattern matches text (low, or low folded) where no character of kind same
    precedes it in low and no digit follows it there. Each start has one match at most (runs
    and separators are disjoint kinds), so checking the end after the search is the same as a
    look-ahead inside the pattern."""
    m = pattern.search(text)
    while m and (
        (m.start() and same.match(low, m.start() - 1)) or _DIGIT_AFTER.match(low, m.end())
    ):
        m = pattern.search(text, m.start() + 1)
    return m is not None
