"""Numbers in which the answer describes itself rather than the excerpts.

"Here is a summary in 84 words" and "three reasons:" before a list state nothing about the
sources. A count that announces a list can be checked against the answer itself: the items of
the list that follows must be as many as announced.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from verifier.checks.models import NumberFinding
from verifier.checks.numwords import word_number

# "in 55 words", "a 93-word summary"
_WORD_COUNT = re.compile(r"[ -](?:words?|Wörtern?)\b", re.IGNORECASE)
_WORD = re.compile(r"[^\s*_#>]+")
_LETTERS = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
_MAX_WORDS = 5  # words between the count and the colon: "3 Gründe", "three main reasons why"
# Words that make the number after them a label, not a count: "step 3 includes:"; so does a
# capitalised word ("Windows 10", "Schritt 3"), unless it opens a phrase ("Die 3 Gründe").
_LABELS = frozenset(
    "step schritt option chapter kapitel part teil phase stufe stage level version section "
    "abschnitt page seite point punkt number nummer no nr day tag week woche round runde "
    "season staffel episode folge item case fall example beispiel task aufgabe question frage "
    "variant variante article artikel paragraph".split()
)
_OPENERS = frozenset(
    "die der das diese dieser folgende folgenden hier es insgesamt nur genau alle meine unsere "
    "ihre the these those here there following only exactly all my our your top".split()
)
# A list item: a bullet or "N." / "N)" and then text.
_ITEM = re.compile(r"(?:([-*•])|[0-9]{1,3}[.)])[ \t]+\S")
_MAX_COUNT = 50
_MAX_LINES = 400  # lines a list may take, and lists an answer may announce: bounds for junk
_MAX_LISTS = 32


@dataclass(frozen=True, slots=True)
class Announced:
    """A count that announces a list: its span, the count and how many items follow."""

    start: int
    end: int
    announced: int
    items: int

    def finding(self, answer: str) -> NumberFinding:
        """The finding of a count that its list does not match."""
        text = answer[self.start : self.end]
        n, items = self.announced, self.items
        return NumberFinding(
            text=text,
            value=str(n),
            start=self.start,
            end=self.end,
            status="miscounted",
            excerpts=[],
            message_en=f'The answer announces {n} items ("{text}"), but its list has {items}.',
            message_de=f"Die Antwort kündigt {n} Punkte an („{text}“), die Liste hat aber {items}.",
        )


def counts_words(text: str, end: int) -> bool:
    """Whether the number that ends at end counts the answer's words ("in 55 words")."""
    return bool(_WORD_COUNT.match(text, end))


def _items(lines: list[str], start: int) -> int:
    """How many items open the list that opens lines[start:]: items of the first item's kind
    (bullet or number) at its indentation. Blank lines, deeper lines and items of the other
    kind in between (sub-items written flush, continued text) do not end the list. 0 if no
    list follows, or one too long to be the one announced."""
    level: int | None = None
    numbered = False
    items = 0
    for line in lines[start : start + _MAX_LINES]:
        body = line.lstrip(" \t")
        if not body:
            continue
        indent = len(line) - len(body)
        item = _ITEM.match(body)
        if level is not None and indent > level:
            continue
        if not item or (level is not None and indent < level):
            return items
        if level is not None and (item[1] is None) != numbered:
            continue
        level, numbered = indent, item[1] is None
        items += 1
    return items if start + _MAX_LINES >= len(lines) else 0


def _count(before: str) -> tuple[re.Match[str], int] | None:
    """The count in "… three main reasons": the word nearest the end that is a number, with
    only plain words after it, at most five of them."""
    words = list(_WORD.finditer(before, max(0, len(before) - 200)))
    for k in range(len(words) - 2, max(-1, len(words) - 2 - _MAX_WORDS), -1):
        w = words[k].group()
        value = int(w) if w.isascii() and w.isdigit() and len(w) <= 2 else word_number(w)
        if value is not None:
            prev = words[k - 1].group().rstrip(".:") if k else ""
            label = prev.lower() in _LABELS or (prev[:1].isupper() and prev.lower() not in _OPENERS)
            return (words[k], value) if 2 <= value <= _MAX_COUNT and not label else None
        if not _LETTERS.fullmatch(w):
            return None
    return None


def announced_lists(text: str) -> list[Announced]:
    """Every count that ends a line with a colon and is followed by a list."""
    out: list[Announced] = []
    lines = text.split("\n")
    offset = 0
    tries = 0
    for i, line in enumerate(lines):
        head = line.rstrip(" \t*_")
        count = _count(head[:-1].rstrip(" \t*_")) if head.endswith(":") else None
        tries += count is not None
        items = _items(lines, i + 1) if count and tries <= _MAX_LISTS else 0
        if count and items:
            m, value = count
            out.append(Announced(offset + m.start(), offset + m.end(), value, items))
        offset += len(line) + 1
    return out
