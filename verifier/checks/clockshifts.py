"""Clock times an answer moves by a duration: of its own sentence or the one before ("um
10:15 Uhr. Da du 15 Minuten früher da sein sollst: um 10:00"), in the direction a word says
or the start's or end's word nearest implies; or by an offset the cited excerpt states from a
moment it names ("spätestens 30 Min. vor Abfahrt"). spans.py asks for these.

Clock times are exact: a wrong one meets a moved time by chance hardly ever."""

from __future__ import annotations

import re
from functools import lru_cache

from verifier.checks.citations import Sentences
from verifier.checks.clockwords import offsets
from verifier.checks.grounding import Verdict
from verifier.checks.numparse import tokenize
from verifier.checks.readings import Reading, Token
from verifier.checks.units import with_unit

_MAX_SHIFT_S = 12 * 3600  # a clock time moved by a duration: "15 Minuten früher"
# Words that move a clock time by a duration: earlier or later. Without one, the word of an
# arrival or an end nearest to the result makes it later, of a start earlier ("arrive around
# 10:10", "um 2:50 Uhr starten"); a word of direction outranks them ("arrive 30 minutes
# before the kickoff").
EARLIER = re.compile(r"\b(?:früher|vorher|vor|eher|before|earlier|early|ahead|prior)\b", re.I)
LATER = re.compile(r"\b(?:später|danach|nach|after|later|afterwards)\b", re.I)
_TAKES = re.compile(
    r"\b(?:dauer\w*|braucht|brauchen|benötigt|takes?|lasts?|duration|fahrzeit|flugzeit)\b", re.I
)
_DURATION_BEFORE = re.compile(
    r"[0-9][ \u00a0-]?(?:min\w*|minutes?|stunden?|std|h|hours?|sek\w*|seconds?)\.?[ \u00a0]*\Z",
    re.I,
)
_STARTS = re.compile(r"\b(?:start\w*|beginn\w*|losfahren|aufbrechen)\b", re.I)
_ENDS = re.compile(
    r"\b(?:arriv\w*|ankunft|ankomm\w*|ends?|endet|ending|finish\w*|fertig|ready|reach\w*"
    r"|erreich\w*)\b",
    re.I,
)


def _implied(sentence: str, at: int, end: int) -> tuple[bool, bool]:
    """(earlier, later) as the start's or end's word nearest to the result at sentence[at:end]
    says ("start at 8:20 to arrive at 9:00": the start's)."""
    found = [
        (at - m.end() if m.end() <= at else m.start() - end, rx is _ENDS)
        for rx in (_STARTS, _ENDS)
        for m in rx.finditer(sentence)
    ]
    if not found:
        return False, False
    later = min(found)[1]
    return not later, later


def _directs(words: re.Pattern[str], sentence: str, result: int) -> bool:
    """Whether a word of direction moves the result: one before it ("15 Minuten früher, also
    um 10:00"), or right after a duration ("30 minutes before the kickoff"); not one that
    places the result beside another event ("at 15:25, just before the reception")."""
    return any(
        m.start() < result or _DURATION_BEFORE.search(sentence, max(0, m.start() - 24), m.start())
        for m in words.finditer(sentence)
    )


def time_shifted(
    text: str,
    r: Reading,
    near: list[tuple[Token, Verdict]],
    earlier: list[tuple[Token, Verdict]],
    sentence: str,
    place: tuple[int, int],
) -> Verdict | None:
    """A clock time a duration of the sentence before or after a clock time of it or of
    the sentence before ("um 10:15 Uhr. Da du 15 Minuten früher da sein sollst: um 10:00"),
    as a word of the sentence says: earlier or later."""
    target = int(r.key[1]) * 60 + int(r.key[2])
    earlier_word = _directs(EARLIER, sentence, place[0])
    later_word = _directs(LATER, sentence, place[0])
    if not (earlier_word or later_word):
        earlier_word, later_word = _implied(sentence, *place)
    # What a thing takes ends it: "legt um 10:15 Uhr ab und braucht 45 Minuten, ihr seid also
    # um 11:00 Uhr in Rødby", also beside another clause's "before" ("lasts about 40 minutes,
    # so it ends around 14:40, leaving 20 minutes before the coach leaves").
    later_word = later_word or _TAKES.search(sentence) is not None
    if not (earlier_word or later_word):
        return None  # "um 9:00 Uhr, 30 Minuten" moves no time
    pool = (*earlier, *near)
    durations = [
        (t, v, x, int(seconds) // 60)
        for t, v in pool
        for x in t.readings
        if x.key[:2] == ("u", "time")
        and (seconds := float(str(x.key[2]))) % 60 == 0
        and 0 < seconds <= _MAX_SHIFT_S
    ]
    for tt, vt in pool:
        if vt.reading.key[0] != "t":
            continue
        base = int(vt.reading.key[1]) * 60 + int(vt.reading.key[2])
        for td, vd, x, minutes in durations:
            moved = [(base - minutes) % 1440] if earlier_word else []
            moved += [(base + minutes) % 1440] if later_word else []
            if target in moved:
                # A duration in two parts is written whole: "1 hour 40 minutes".
                end = max((t.end for t, _ in pool if t.start >= td.start and x in t.readings))
                operands = (text[tt.start : tt.end], with_unit(text, td.start, end))
                held = vt.excerpts | vd.excerpts
                return Verdict("derived", r, held, "time_shifted", operands)
    return None


def time_offset(
    sentences: Sentences,
    texts: list[tuple[int, str]],
    tok: Token,
    r: Reading,
    pool: tuple[tuple[Token, Verdict], ...],
) -> Verdict | None:
    """A clock time an offset the cited excerpt states away from a clock time of the
    sentence or the one before ("Abfahrt 10:15", "spätestens 30 Min. vor Abfahrt": um
    9:45 am Check-in), in the direction the excerpt says; or from the excerpt's one time,
    where the offset names no moment of its own ("halb drei … Bitte 10 Min. früher da
    sein": 14:20)."""
    target = int(r.key[1]) * 60 + int(r.key[2])
    for n, text in sentences.cited_excerpts(texts, tok.start):
        shifts = offsets(text)
        for minutes, written in shifts:
            for tt, vt in pool:
                base = vt.reading.key
                if base[0] == "t" and (int(base[1]) * 60 + int(base[2]) + minutes) % 1440 == target:
                    operands = (sentences.text[tt.start : tt.end], written)
                    return Verdict("derived", r, vt.excerpts | {n}, "time_shifted", operands)
        # "2 Stunden vor Veranstaltungsbeginn" is from a moment the excerpt may not give.
        relative = [(m, w) for m, w in shifts if _RELATIVE.search(w)]
        moment = _only_time(text) if relative else None
        if moment is None:
            continue
        at, readings = moment
        for minutes, written in relative:
            for time in readings:
                if (int(time.key[1]) * 60 + int(time.key[2]) + minutes) % 1440 == target:
                    return Verdict("derived", r, frozenset({n}), "time_shifted", (at, written))
    return None


_RELATIVE = re.compile(r"\b(?:früher|eher|vorher|später|earlier|later)\Z", re.I)
_ONLY_READ = 4_096  # the longest excerpt read for its one time: a note's appointment


def _only_time(text: str) -> tuple[str, tuple[Reading, ...]] | None:
    """The excerpt's one written time of day, with its readings ("halb drei": 2:30 and
    14:30), in a short excerpt (a note) that writes no other time (a duration is none). A
    long one is read no further: it may name another time later."""
    return _one_time(text) if len(text) <= _ONLY_READ else None


@lru_cache(maxsize=32)  # short texts only: the memo holds the texts it keys
def _one_time(text: str) -> tuple[str, tuple[Reading, ...]] | None:
    found = [
        t
        for t in tokenize(text)
        if any(rd.key[0] == "t" for rd in t.readings) and t.readings[0].key[0] in ("t", "n")
    ]
    if len(found) != 1:
        return None
    readings = tuple(rd for rd in found[0].readings if rd.key[0] == "t")
    return text[found[0].start : found[0].end], readings
