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
# A colon inside a line, before a list on it; where that list ends; what joins its last items.
_INLINE_COLON = re.compile(r":[ \t]+(?=\S)")
_LIST_END = re.compile(r"[.!?](?:\s|$)|\s*\[[0-9]|\s[–—-]\s")
_AND = re.compile(r"\s(?:and|und|or|oder|sowie)\s", re.I)
_FIGURE_COMMA = re.compile(r",[0-9]|,\s*[0-9]{4}\b|[0-9],\s*[0-9]")
_MAX_ITEM_WORDS = 6
# Brackets, semicolons and colons make a list whose items a comma does not count: "Veeram
# (Valour), a 2014 film", "Billy Ray Cyrus, an American artist; Excuse My French, ...".
_NOT_PLAIN = re.compile(r"[();:]")
_MAX_INLINE = 12  # an inline list's announced count, at most
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


def _inline_items(rest: str) -> tuple[int, int] | None:
    """How many items the list after a colon on its line may have, fewest and most ("the
    charger and power bank, the sunscreen and the goggles": 3, or 4 if "and" joins two), None
    where it is no short list or a comma may be a figure's ("3. März, 2026")."""
    end = _LIST_END.search(rest)
    body = rest[: end.start() if end else len(rest)]
    if _FIGURE_COMMA.search(body) or _NOT_PLAIN.search(body):
        return None
    *first, last = body.split(",")
    # The last "and" joins the last item ("A, B, C and D"); one before it may join the words
    # of an item ("Flicken aufdrücken und zum Schluss montieren und aufpumpen").
    joins = list(_AND.finditer(last))
    parts = [last[: joins[-1].start()], last[joins[-1].end() :]] if joins else [last]
    segments = [x.split() for x in (*first, *parts)]
    if len(segments) < 2 or any(not 1 <= len(x) <= _MAX_ITEM_WORDS for x in segments):
        return None
    if any(x[0][0].isdigit() or word_number(x[0]) is not None for x in segments):
        return None  # "22 medals: 11 gold, eight silver and three bronze" breaks a total down
    fewest = len(segments)
    return fewest, fewest + sum(len(_AND.findall(x)) for x in (*first, parts[0]))


def announced_lists(text: str) -> list[Announced]:
    """Every count that ends a line with a colon and is followed by a list, or that a colon
    follows within its line before a list of the line ("Four things are left: A, B and C")."""
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
        for colon in _INLINE_COLON.finditer(line):
            count = _count(line[: colon.start()].rstrip(" \t*_"))
            tries += count is not None
            inline = _inline_items(line[colon.end() :]) if count and tries <= _MAX_LISTS else None
            # Without a comma, "A and B" lists two items only ("4 nights: you arrive March
            # 12 and the concert is on the 14th" joins two clauses).
            two = inline is not None and inline[1] <= 2
            if count and inline and count[1] <= _MAX_INLINE and (not two or count[1] == 2):
                m, value = count
                items = value if inline[0] <= value <= inline[1] else inline[0]
                out.append(Announced(offset + m.start(), offset + m.end(), value, items))
        offset += len(line) + 1
    return out
