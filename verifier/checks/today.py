"""The date a question names as today ("Heute ist der 2. März 2026 – wie viele Tage sind es
noch bis zu den Osterferien?", "Today is 3 March 2026"), from which an answer counts days
("von heute aus also in 28 Tagen") without writing it again."""

from __future__ import annotations

import re
from datetime import date

from verifier.checks.calendarmath import as_date
from verifier.checks.daynames import FULL_NAMES
from verifier.checks.numparse import tokenize

# "heute ist (der|Montag, der)", "today is (the|Monday,)", "today's date is", "heute, am".
_WEEKDAY = "|".join(name.lower() for name in FULL_NAMES)
_TODAY = re.compile(
    r"\b(?:heute|today's date|today)\b(?:[ \t]+(?:ist|is|am|den))?(?:[ \t]+(?:der|the))?"
    rf"(?:[ \t,]+(?:{_WEEKDAY}),?)?(?:[ \t]+(?:der|the|den))?[ \t,:]*",
    re.I,
)
# Words in the answer's sentence that count from today.
SAYS_TODAY = re.compile(r"\b(?:heute|today|ab jetzt|from now)\b", re.I)
_REACH = 30  # characters after "today is" where its date starts


def today_in(question: str) -> tuple[date, str] | None:
    """The full date the question names as today, with its text as written; None if none."""
    for m in _TODAY.finditer(question):
        window = question[m.end() : m.end() + _REACH]
        for tok in tokenize(window, strict=True)[:1]:
            day = next((d for r in tok.readings if (d := as_date(r))), None)
            if tok.start == 0 and day:
                return day, window[tok.start : tok.end]
    return None
