"""Date ranges that write a month or year once: each end is a date of its own.

"10. bis 14. August 2026", "3–5 June 2026", "June 3-5, 2026", "3.-5.6.2026", "vom 03.06. bis
05.06.2026", "Juni bis August 2026": an excerpt that writes a range so dates its first end
(or its last) as fully as the end written out, and an answer naming that end in full is not
making it up. The tokenizer reads the written end; other_ends gives the other one, as the
same grammar match with the other end's day (or month) put in.
"""

from __future__ import annotations

import re
from collections.abc import Callable

_JOIN = r"[ \t\u00a0]*(?:bis(?: zum| zur)?|to(?: the)?|till|until|und|and|&|[-–—])[ \t\u00a0]*"
# Before "14. August 2026", "14 August 2026" or "5.6.2026": the first day, with its dot if it
# has one (a German end's day has one, so must the first: "Teil 2 – 5. Mai" is no range).
_DAY_HEAD = re.compile(rf"(?<![0-9.,:])([0-3]?[0-9])(\.|st|nd|rd|th)?{_JOIN}\Z")
# Before "05.06.2026": the first day and month.
_DAY_MONTH_HEAD = re.compile(rf"(?<![0-9.,:])([0-3]?[0-9])\.([01]?[0-9])\.{_JOIN}\Z")
# Before "2. Juli 2026": the first day and its own month ("30. Juni bis 2. Juli 2026").
_DAY_NAMED_HEAD = re.compile(
    rf"(?<![0-9.,:])([0-3]?[0-9])\.?[ \t\u00a0]+([^\W\d_]{{3,9}}\.?){_JOIN}\Z"
)
# Before "August 2026": the first month, if it is one.
_MONTH_HEAD = re.compile(rf"(?<![^\W\d_])([^\W\d_]{{3,9}}\.?){_JOIN}\Z")
# After "June 3": the last day and the year of the range.
_DAY_TAIL = re.compile(
    rf"{_JOIN}([0-3]?[0-9])(?:st|nd|rd|th)?(?:[ \t]*,)?[ \t\u00a0]+((?:1[5-9]|20)[0-9]{{2}})"
    r"(?![0-9])"
)
_LOOK_BACK = 32  # characters before the written end that may hold the first one


def _earlier(year: str, first_month: int, last_month: int) -> str:
    """The first end's year: the year before, where the range crosses New Year (28.12. bis
    03.01.2027)."""
    if first_month <= last_month:
        return year
    return f"{int(year) - 1:0{len(year)}d}"


def other_ends(
    kind: str, m: re.Match[str], text: str, month_of: Callable[[str], int | None]
) -> list[dict[str, str]]:
    """Group values (to put in place of m's own) for the other end of a range that m, a date
    match of the tokenizer's grammar (kind: its group's name), ends or starts."""
    g = m.group

    def head(rx: re.Pattern[str]) -> re.Match[str] | None:
        return rx.search(text, max(0, m.start() - _LOOK_BACK), m.start())

    if kind == "DMY" and g("dy"):
        if h := head(_DAY_MONTH_HEAD):
            return [{"dd": h[1], "dm": h[2], "dy": _earlier(g("dy"), int(h[2]), int(g("dm")))}]
        if (h := head(_DAY_HEAD)) and h[2] == ".":
            return [{"dd": h[1]}]
    elif kind == "DMN":
        last = month_of(g("m1"))
        h = head(_DAY_NAMED_HEAD)
        first = month_of(h[2]) if h else None
        if h and first and last:
            year = g("ny") and _earlier(g("ny"), first, last)
            return [{"nd": h[1], "m1": h[2], **({"ny": year} if year else {})}]
        # The dot of "14. August" asks the same of the first day; "3–5 June" has none.
        dotted = text[m.end("nd") : m.end("nd") + 1] == "."
        if (h := head(_DAY_HEAD)) and (h[2] == ".") == dotted:
            return [{"nd": h[1]}]
    elif kind == "MDN" and not g("my") and (t := _DAY_TAIL.match(text, m.end())):
        # "June 3-5, 2026": the year belongs to both ends, as written.
        return [{"my": t[2]}, {"md": t[1], "my": t[2]}]
    elif kind == "MY" and (h := head(_MONTH_HEAD)) and (first := month_of(h[1])):
        last = month_of(g("m3")) or first
        return [{"m3": h[1], "yy": _earlier(g("yy"), first, last)}]
    return []
