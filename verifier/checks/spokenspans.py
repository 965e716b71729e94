"""A duration in words that the two clock times right before it contradict: "arrived at 1:40
PM and finished at 4:10 PM — about three and a half hours" (two and a half), "von 17:00 bis
18:30 Uhr, also zweieinhalb Stunden" (one and a half).

A duration in digits is a figure like any other (derived from the times, or flagged); one in
words below thirteen is no count an absence flags (see numbers.py), so the times must. Only
the first duration after the second time is read, close behind it, after a word that makes
it their span ("also", "that's", "insgesamt"), or a sign ("—", "(") where a word of a range
joins the two times; and none that compares or offsets ("eine halbe Stunde länger", "two
hours ahead"). The start may stand in the sentence before only with such a word: "um 9:27
ab, um 17:51 an, mit zwei Stunden Aufenthalt" names another span. Rounding is allowed, up to
44 minutes either way ("gut drei Stunden" for 3:10): a wrong span in words is off by an hour
or a half more often than by minutes."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence

from verifier.checks.citations import Sentences
from verifier.checks.clockspans import clock_spans
from verifier.checks.models import NumberFinding
from verifier.checks.numwords import SMALL
from verifier.checks.readings import Token

_ONE = {"a": 1, "an": 1, "ein": 1, "eine": 1}
_COUNT = "|".join(sorted([*SMALL, *_ONE], key=len, reverse=True))
_SPOKEN = re.compile(
    rf"(?<![-\w])(?:(?P<n>{_COUNT})(?P<half>[ -]and[ -]a[ -]half|einhalb)?|(?P<ahalf>anderthalb))"
    r"[ \u00a0-]+(?:hours?|stunden?)\b(?P<after>[ ]and[ ]a[ ]half)?"
    r"|\b(?P<thirty>half[ ]an[ ]hour|eine[ ]halbe[ ]stunde)\b",
    re.I,
)
# Between the second time and its span: a word or a sign that makes it their span.
_SPAN_WORD = re.compile(
    r"\b(?:also|so|that's|that is|which is|das sind|sind das|insgesamt|in total|total"
    r"|zusammen|i\.e\.|macht|ergibt|gives)\b",
    re.I,
)
_SPAN_SIGN = re.compile(r"[—–:(]|\s-\s")
# Between the two times: what makes them a range ("von 17:00 bis 18:30", "arrived at 1:40 PM
# and finished at 4:10 PM").
_RANGE_WORD = re.compile(r"[-–—]|\b(?:bis|to|until|till|and|und|through)\b", re.I)
# After it, a comparison or an offset: "eine halbe Stunde länger als freitags" is a
# difference of spans, "arrive two hours ahead" a time before another.
_COMPARED_AFTER = re.compile(
    r"[ \u00a0]*(?:mehr|weniger|länger|kürzer|früher|später|vorher|davor|danach|eher|vorab"
    r"|more|less|longer|shorter|earlier|later|ahead|before|after|beforehand|in advance|prior"
    r"|extra|zusätzlich)\b",
    re.I,
)
_MAX_GAP = 40  # characters between the second time and its span
_TOLERANCE = 44  # minutes a span in words may be rounded by
_MAX_TIMES = 8  # clock times before a span read as its start


def wrong_spoken_spans(sentences: Sentences, tokens: Sequence[Token]) -> list[NumberFinding]:
    """A finding for each duration in words that the clock times before it contradict."""
    text = sentences.text
    times = [t for t in tokens if any(r.key[0] == "t" for r in t.readings)]
    if len(times) < 2:
        return []
    ends = [t.end for t in times]
    out = []
    last_end = -1  # where the duration in words before this one ends
    for m in _SPOKEN.finditer(text):
        seen, last_end = last_end, m.end()
        k = sentences.index(m.start())
        upto = bisect_right(ends, m.start())
        before = times[max(0, upto - _MAX_TIMES) : upto]
        if len(before) < 2 or sentences.index(before[-1].start) != k:
            continue  # the span's end stands in its sentence
        first, second = before[-2:]
        if seen > second.end:
            continue  # only the first duration after the times is their span (not a break's)
        gap = text[second.end : m.start()]
        if len(gap) > _MAX_GAP or any(c.isdigit() for c in gap):
            continue
        # A word that makes it the span ("also", "so", "insgesamt"); a sign alone ("—", "(")
        # only where a word of a range joins the two times in the sentence ("von 17:00 bis
        # 18:30 Uhr (anderthalb Stunden)"), not for a start of the sentence before ("um 9:00
        # [1]. Die Führung beginnt um 14:00 Uhr (zwei Stunden)").
        joined = sentences.index(first.start) == k and _RANGE_WORD.search(
            text, first.end, second.start
        )
        if not (_SPAN_WORD.search(gap) or (joined and _SPAN_SIGN.search(gap))):
            continue
        if sentences.index(first.start) < k - 1 or _COMPARED_AFTER.match(text, m.end()):
            continue  # a start further back, or an offset or a difference of spans
        said = _minutes(m)
        spans = sorted(clock_spans(first, second))
        # It may be counted from an earlier time ("meet at 05:15 ... finishes at 13:30 — a
        # bit over eight hours"), or add up two intervals ("9 bis 12 und 13 bis 17 Uhr,
        # insgesamt sieben Stunden").
        others = [s for t in before[:-2] for s in clock_spans(t, second)]
        if len(before) >= 4:
            a, b = before[-4:-2]
            others += [x + y for x in clock_spans(a, b) for y in spans]
        if not spans or any(abs(span - said) <= _TOLERANCE for span in (*spans, *others)):
            continue
        out.append(_finding(text, m, first, second, min(spans, key=lambda s: abs(s - said))))
    return out


def _minutes(m: re.Match[str]) -> int:
    """The minutes a duration in words says."""
    if m["thirty"]:
        return 30
    if m["ahalf"]:
        return 90
    word = m["n"].lower()
    hours = SMALL.get(word) or _ONE[word]
    return hours * 60 + (30 if m["half"] or m["after"] else 0)


def _finding(text: str, m: re.Match[str], first: Token, second: Token, span: int) -> NumberFinding:
    written = m.group()
    a, b = text[first.start : first.end], text[second.start : second.end]
    length = f"{span // 60}:{span % 60:02d}"
    return NumberFinding(
        text=written,
        value=str(_minutes(m) * 60),
        start=m.start(),
        end=m.end(),
        status="wrong_count",
        excerpts=[],
        message_en=f'"{written}", but from {a} to {b} is {length} hours.',
        message_de=f"„{written}“, aber von {a} bis {b} sind es {length} Stunden.",
    )
