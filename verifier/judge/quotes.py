"""Whether a quote of the judge stands in an excerpt, and whether it holds what it supports."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from difflib import SequenceMatcher

from verifier.checks.numparse import tokenize
from verifier.checks.readings import Key, date_keys

# Share of a quote's characters that must match, in order, to tolerate OCR noise.
FUZZY_MATCH = 0.9
_DASHES = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212"  # hyphens, dashes and the minus sign
_FOLD = str.maketrans(
    {
        "“": '"',
        "”": '"',
        "„": '"',
        "«": '"',
        "»": '"',
        "‘": "'",
        "’": "'",
        "‚": "'",
        "\u00ad": None,  # a soft hyphen: a place a word may break, not a character of it
        **dict.fromkeys(_DASHES, "-"),
    }
)
# "…", "...", "[…]", "(...)": parts of the excerpt left out of a quote.
_ELLIPSIS = re.compile(r"\s*(?:[\[(](?:\.\.\.|…)[\])]|\.\.\.|…)\s*")
# A superscript right after a figure is a footnote mark (or a power), never more digits of
# it: NFKC would make "3.645.000²" the figure 3.645.0002. Quotes drop it as texts do.
_SUPERSCRIPT_AFTER_DIGIT = re.compile(r"(?<=[0-9])[⁰¹²³⁴⁵⁶⁷⁸⁹]+")
_LINE_BREAK = re.compile(r"[\n\r\v\f\u2028\u2029\x85]")
_SPACE = re.compile(r"\s+")
_WORD = re.compile(r"[^\W\d_]+")


def fold(text: str) -> str:
    """Compare quotes with case, whitespace, quote marks and dashes folded."""
    return _fold_marked(text).replace("\n", " ")


def _fold_marked(text: str) -> str:
    r"""fold, but a run of whitespace holding a line break folds to a line break: a figure at
    a line's end and one at the next line's start are two figures, not one grouped by a
    space ("2024\n850 EUR"). Same length as fold, so positions are those of fold."""
    text = _SUPERSCRIPT_AFTER_DIGIT.sub("", text)
    text = unicodedata.normalize("NFKC", text).translate(_FOLD).casefold()
    return _SPACE.sub(lambda m: "\n" if _LINE_BREAK.search(m.group()) else " ", text).strip()


@dataclass(frozen=True, slots=True)
class Folded:
    """A text folded once for every quote looked up in it (an excerpt, for one verdict)."""

    plain: str
    marked: str  # line breaks kept (see _fold_marked)

    @classmethod
    def of(cls, text: str) -> Folded:
        """The text folded."""
        marked = _fold_marked(text)
        return cls(marked.replace("\n", " "), marked)


# A figure as written: digits with their decimal and group marks, and a sign where one stands
# before it (not the hyphen of "2019-2020"). Two quotes of one figure must agree in all of it.
_FIGURE = re.compile(r"(?:(?<![\w.,])[-+])?\d+(?:[.,]\d+)*")


def _cuts_figure(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] begins or ends inside a figure of the text: "50" in "150",
    "5,2" in "15,25" or "-5,2", "5" in "1,5", "500" in "1 500"."""
    before, after = text[max(0, start - 2) : start], text[end : end + 2]
    head = text[start : start + 1]
    tail = text[end - 1 : end] if end > start else ""
    if head.isdigit() and (
        before[-1:].isdigit()
        or (before[-1:] in (".", ",") and before[:1].isdigit())
        or (before[-1:] in ("-", "+") and not before[:1].isalnum())
        or (before[-1:] == " " and before[:1].isdigit() and _group_at(text, start))
    ):
        return True
    return tail.isdigit() and (
        after[:1].isdigit()
        or (after[:1] in (".", ",") and after[1:2].isdigit())
        or (after[:1] == " " and _group_at(text, end + 1))
    )


def _group_at(text: str, start: int) -> bool:
    """Whether a group of three digits of a space-grouped figure starts at start ("1 500")."""
    group = text[start : start + 4]
    return len(group) >= 3 and group[:3].isdigit() and not group[3:].isdigit()


def _exact_at(part: str, plain: str, marked: str, pos: int) -> int | None:
    """The end of the first occurrence of part in the folded text from pos that cuts no
    figure (told on the text with its line breaks marked)."""
    start = plain.find(part, pos)
    while start >= 0:
        if not _cuts_figure(marked, start, start + len(part)):
            return start + len(part)
        start = plain.find(part, start + 1)
    return None


def _fuzzy_at(part: str, text: str, pos: int) -> int | None:
    """The end of a near match of part in text from pos: nearly all its characters in order
    and close together, and its figures exactly those of the matched stretch."""
    if len(part) < 12:
        return None  # too short to tell noise from a different word
    matcher = SequenceMatcher(None, text[pos:], part, autojunk=False)
    blocks = [b for b in matcher.get_matching_blocks() if b.size]
    if not blocks:
        return None
    start, end = pos + blocks[0].a, pos + blocks[-1].a + blocks[-1].size
    if sum(b.size for b in blocks) < FUZZY_MATCH * len(part) or end - start > 1.2 * len(part) + 2:
        return None
    # Noise may blur letters, never figures: every figure the stretch touches must be one of
    # the quote's, in its order, sign and marks included ("14" is no "41", "-5,2" no "+5,2").
    near = _FIGURE.finditer(text, max(0, start - 40), min(len(text), end + 40))
    touched = [m.group() for m in near if m.end() > start and m.start() < end]
    return end if touched == _FIGURE.findall(part) else None


def quote_parts(quote: str) -> list[str]:
    """The folded parts of a quote between its ellipses, without the quotation marks or the
    final punctuation a model may wrap it in."""
    parts = [fold(p) for p in _ELLIPSIS.split(quote)]
    if parts:
        parts[0] = parts[0].lstrip("\"' ")
        parts[-1] = parts[-1].rstrip("\"' .,;:!?")
    return [p for p in parts if p]


def quote_in(quote: str, text: str | Folded, *, exact: bool = False) -> bool:
    """Whether the quote stands in the text; '...' may join parts that stand in this order.
    Letter noise is tolerated unless exact (a quote that flags must stand as written)."""
    folded = text if isinstance(text, Folded) else Folded.of(text)
    plain, marked = folded.plain, folded.marked
    parts = quote_parts(quote)
    if not parts:
        return False
    pos = 0
    for part in parts:
        end = _exact_at(part, plain, marked, pos)
        if end is None and not exact:
            end = _fuzzy_at(part, plain, pos)
        if end is None:
            return False
        pos = end
    return True


def stands_in(words: str, text: str | Folded) -> bool:
    """Whether words stand in the text verbatim (folded) as whole words and whole figures,
    with a word of three letters at least: a claim the model called missing, refuted."""
    said = fold(words).strip("\"' .,;:!?")
    if not any(len(w) >= 3 for w in _WORD.findall(said)):
        return False  # a bare figure, "30,47 m²", may stand for another thing than the claim's
    plain = (text if isinstance(text, Folded) else Folded.of(text)).plain
    start = plain.find(said)
    while start >= 0:
        end = start + len(said)
        whole = not (plain[start - 1 : start].isalnum() or plain[end : end + 1].isalnum())
        if whole and not _cuts_figure(plain, start, end):
            return True
        start = plain.find(said, start + 1)
    return False


def _ascii_digits(text: str) -> str:
    """text with every decimal digit of any script as its ASCII digit (fold's NFKC leaves
    "٣١" as it is, and the number checks read [0-9] only)."""
    if text.isascii():
        return text
    return _ANY_DIGIT.sub(lambda m: str(unicodedata.decimal(m.group(), 0)), text)


_ANY_DIGIT = re.compile(r"\d")


def _keys(text: str) -> set[Key]:
    """Everything the number checks read in the text, a date's month and year included."""
    return {k for token in tokenize(text) for r in token.readings for k in date_keys(r)}


def figures_held(claim: str, quote: str) -> bool:
    """Whether every figure of the claim stands in the quote as the number checks read it
    (2.550 = 2550,00; 1. März 2024 = 01.03.2024; "März 2024" is held by 01.03.2024, "2. März
    2024" and "500" of "1.500" are not), with the same sign where the claim's has one; digits
    the number checks do not read (gemma3) must stand there as a run of their own."""
    parts = [_ascii_digits(p) for p in quote_parts(quote)]
    read = set().union(*(_keys(p) for p in parts))  # each part on its own: "1 … 500" is no 1 500
    runs = {run for p in parts for run in _RUN.findall(p)}
    said = _ascii_digits(fold(claim))
    tokens = tokenize(said)
    if any(not {r.key for r in token.readings} & read for token in tokens):
        return False
    inside = [(t.start, t.end) for t in tokens]
    for run in _RUN.finditer(said):
        if not any(a <= run.start() < b for a, b in inside) and run.group() not in runs:
            return False
    written = [w for p in parts for w in _FIGURE.findall(p)]
    for figure in _FIGURE.findall(said):
        sign = figure[0] if figure[0] in "+-" else ""
        if sign and not any(w.startswith(sign) and _digits(w) == _digits(figure) for w in written):
            return False
    return True


def _digits(figure: str) -> str:
    return "".join(c for c in figure if c.isdigit()).lstrip("0") or "0"


_RUN = re.compile(r"[0-9]+")


# Words that stand capitalised before or in a name without being it.
_NOT_NAMES = frozenset(
    "der die das den dem des ein eine einer eines einem einen herr herrn frau dr prof "
    "the a an mr mrs ms miss sir dame".split()
)
# Endings an inflected or possessive name may add (Albers' / Müllers / des Herrn Meyer).
_ENDINGS = ("s", "n", "e", "en", "es", "ens")


def _same_word(word: str, other: str) -> bool:
    if word == other:
        return True
    short, long = sorted((word, other), key=len)
    return long.startswith(short) and long[len(short) :] in _ENDINGS


def names_held(claim: str, quote: str) -> bool:
    """Whether the quote holds the name claim: every capitalised word of it as a word (an
    invented first name, "Peter" for "Jürgen Albers", is not held by the family name); in
    a script without capitals, the whole name."""
    said = " ".join(quote_parts(quote))
    if not any(c.isupper() or c.islower() for c in claim):
        name = fold(claim).strip("\"' .,;:!?")
        return bool(name) and name in said
    words = set(_WORD.findall(said))
    for word in _WORD.findall(claim):
        folded = fold(word)
        if not word[0].isupper() or len(folded) < 3 or folded in _NOT_NAMES:
            continue
        if not any(_same_word(folded, w) for w in words):
            return False
    return True
