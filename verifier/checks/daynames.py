"""Weekday names in English and German, in a module of their own: the weekday check, the
question's today and the clock ranges of opening hours all read them, and weekdays.py sits
above the tokenizer that the clock ranges are part of."""

from __future__ import annotations

EN = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
DE = ("Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag")
# Every weekday's full name, as a question's "Heute ist Montag, der ..." writes it.
FULL_NAMES = (*EN, *DE, "Sonnabend")
# Each name in small letters, full or short (Mon, Mo), with its day (Monday 0).
NAMES: dict[str, int] = {
    **{w.lower(): i for i, w in enumerate(EN)},
    **{w.lower(): i for i, w in enumerate(DE)},
    "sonnabend": 5,
    **{w[:3].lower(): i for i, w in enumerate(EN)},
    **{w[:2].lower(): i for i, w in enumerate(DE)},
}
