"""The half and quarter hours as people say them: "halb acht" is 7:30, "viertel vor acht" and
"dreiviertel acht" 7:45, "viertel nach acht" 8:15; "half past seven" 7:30, "quarter past
seven" 7:15, "quarter to eight" 7:45. An excerpt's clock times in words (the tokenizer reads
them in excerpts only: an answer's own are claims nobody can check). And the offsets an excerpt
states from a moment it names ("spätestens 30 Min. vor Abfahrt"), for spans.py."""

from __future__ import annotations

import re

from verifier.checks.daynames import FULL_NAMES, NAMES
from verifier.checks.numwords import SMALL
from verifier.checks.readings import Reading, times

SPOKEN = (
    r"halb|viertel[ \t]+nach|viertel[ \t]+vor|dreiviertel|half[ \t]+past|quarter[ \t]+(?:past|to)"
)
# What may not follow the hour: "slowed in the third quarter to 2 percent" is no 1:45.
NOT_AMOUNT = r"(?![.,]?[0-9]|[ \t\u00a0]*(?:%|(?i:percent|per cent|prozent|pct)\b))"
# The hour after SPOKEN, in words or digits (longest first: "zwölf" before "zwei").
HOURS = "|".join(sorted(SMALL, key=len, reverse=True)) + "|1[0-2]|[1-9]"


def spoken_time(phrase: str, hour_word: str) -> list[Reading]:
    """The clock readings of a spoken half or quarter hour ("halb", "acht": 7:30 and 19:30)."""
    phrase, word = phrase.lower(), hour_word.lower()
    hour = SMALL.get(word) or int(word)
    if phrase.startswith("halb"):
        h, m = hour - 1, 30
    elif phrase.startswith("half"):
        h, m = hour, 30
    elif phrase.endswith(("nach", "past")):  # viertel nach, quarter past
        h, m = hour, 15
    else:  # viertel vor, dreiviertel, quarter to
        h, m = hour - 1, 45
    return times(h or 12, m, None)


# Durations in words, in seconds: "eine halbe Stunde", "half an hour", "eine Viertelstunde",
# "anderthalb Stunden" (an excerpt's; an answer writes "30 Minuten" for them).
_SPOKEN_DURATIONS = (
    (r"halbe[nr]?[ \t]+stunde|half[ \t]+an[ \t]+hour|half-hour|halbstündig\w*", 1800),
    (r"viertelstunde|quarter[ \t]+of[ \t]+an[ \t]+hour|quarter-hour", 900),
    (r"dreiviertelstunde|three[ \t]+quarters[ \t]+of[ \t]+an[ \t]+hour", 2700),
    (r"(?:anderthalb|eineinhalb)[ \t]+stunden|an[ \t]+hour[ \t]+and[ \t]+a[ \t]+half"
     r"|one[ \t]+and[ \t]+a[ \t]+half[ \t]+hours", 5400),
)  # fmt: skip
_DURATION_WORDS = re.compile(
    "|".join(f"(?P<d{k}>{words})" for k, (words, _) in enumerate(_SPOKEN_DURATIONS)), re.I
)


# Where such a phrase ends: re finds these literals at C speed, the phrase is read only there.
_DURATION_END = re.compile(r"tunde|hour|TUNDE|HOUR")


def spoken_durations(text: str) -> set[str]:
    """The durations a text says in words, as seconds (the key value of units.measure)."""
    out = set()
    for end in _DURATION_END.finditer(text):
        window = text[max(0, end.start() - 40) : end.end() + 16]
        for m in _DURATION_WORDS.finditer(window):
            out.add(str(_SPOKEN_DURATIONS[int((m.lastgroup or "d0")[1:])][1]))
    return out


# An offset from a named moment that an excerpt states: "spätestens 30 Min. vor Abfahrt",
# "boarding closes 20 minutes before departure", "Einlass 1 Stunde vor Beginn".
_OFFSET = re.compile(
    r"(?<![0-9.,])([0-9]{1,3})[ \u00a0]*"
    r"(?:(min\.?|minuten|minutes?|mins?)|(std\.?|stunden?|hours?|h))[ \u00a0]+"
    r"(?:(vor|vorher|before|prior|ahead|früher|eher)|(nach|after|später|later))\b",
    re.I,
)
_MAX_OFFSETS = 16


def offsets(text: str) -> list[tuple[int, str]]:
    """The offsets a text states from a moment it names, in signed minutes (before is less),
    with their words as written ("30 Min. vor")."""
    out = []
    for m in _OFFSET.finditer(text):
        minutes = int(m[1]) * (60 if m[3] else 1)
        out.append((-minutes if m[4] else minutes, m.group()))
        if len(out) >= _MAX_OFFSETS:
            break
    return out


# A bare range of whole hours where a text gives hours or a time window: "Sa 8-12", "Mon-Fri
# 9-17", "arrival window 8–12", "Sprechzeiten 14–18". Without such a cue before it a range of
# small numbers is as likely pages or sizes, and an answer's "8 am" must not lean on those.
# Weekdays as whole words, short (Sa., Tue, Thurs) or full and maybe plural (Tuesdays).
_SHORT_DAYS = "|".join(sorted({w for w in NAMES if len(w) <= 3} | {"tues", "thur", "thurs"}))
_FULL_DAYS = "|".join(name.lower() for name in FULL_NAMES)
_CUE = (
    rf"\b(?:(?:{_SHORT_DAYS})\b\.?|(?:{_FULL_DAYS})s?|window|hours|opening|open|geöffnet"
    r"|öffnungszeiten|sprechzeiten|sprechstunden?|zeitfenster"
    r"|(?:arbeits|geschäfts|büro|service|betreuungs|kern)zeit(?:en)?)"
)
_CUED = re.compile(rf"(?i:{_CUE})[:,]?[ \u00a0]*(?:[-–][ \u00a0]*(?i:{_CUE})[:,]?[ \u00a0]*)?\Z")
_RANGE_REST = re.compile(r"[ \u00a0]?[-–][ \u00a0]?([0-9]{1,2})(?![0-9]|[.,:][0-9])")
_RANGE_HEAD = re.compile(r"(?<![0-9.,:])([0-9]{1,2})[ \u00a0]?[-–][ \u00a0]?\Z")
_LENGTH_AFTER = re.compile(
    r"[ \u00a0]*(?:stunden|std\b|h\b|hours?|hrs?\b|tage?n?|days?|wochen|weeks?)", re.I
)


def hour_range_times(text: str, start: int, end: int) -> tuple[Reading, ...]:
    """The clock readings of one end of a cued bare range of whole hours at text[start:end]
    (an excerpt's "Sa 8-12" holds 08:00 and 12:00), else none."""
    near = text[max(0, start - 2) : start] + text[end : end + 2]
    if end - start > 2 or not ("-" in near or "–" in near) or not text[start:end].isdigit():
        return ()
    hour = int(text[start:end])
    if (rest := _RANGE_REST.match(text, end)) is not None:
        first, last, head = hour, int(rest.group(1)), start
    elif (before := _RANGE_HEAD.search(text, max(0, start - 6), start)) is not None:
        first, last, head = int(before.group(1)), hour, before.start()
    else:
        return ()
    if not first < last <= 24 or _CUED.search(text, max(0, head - 40), head) is None:
        return ()
    if _LENGTH_AFTER.match(text, rest.end() if rest is not None else end):
        return ()  # a length, not a time of day: "Arbeitszeit: 8-10 Stunden täglich"
    return tuple(times(hour, 0, None, literal=True))
