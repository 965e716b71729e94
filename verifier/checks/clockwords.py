"""The half and quarter hours as people say them: "halb acht" is 7:30, "viertel vor acht" and
"dreiviertel acht" 7:45, "viertel nach acht" 8:15; "half past seven" 7:30, "quarter past
seven" 7:15, "quarter to eight" 7:45. An excerpt's clock times in words (the tokenizer reads
them in excerpts only: an answer's own are claims nobody can check)."""

from __future__ import annotations

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
