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

_JOIN = r"[ \t\u00a0]*(?:bis|to|till|until|und|and|&|[-–—])[ \t\u00a0]*"
# Before "14. August 2026", "14 August 2026" or "5.6.2026": the first day.
_DAY_HEAD = re.compile(rf"(?<![0-9.,:])([0-3]?[0-9])(?:\.|st|nd|rd|th)?{_JOIN}$")
# Before "05.06.2026": the first day and month.
_DAY_MONTH_HEAD = re.compile(rf"(?<![0-9.,:])([0-3]?[0-9])\.([01]?[0-9])\.{_JOIN}$")
# Before "August 2026": the first month, if it is one.
_MONTH_HEAD = re.compile(rf"(?<![^\W\d_])([^\W\d_]{{3,9}}\.?){_JOIN}$")
# After "June 3": the last day and the year of the range.
_DAY_TAIL = re.compile(
    rf"{_JOIN}([0-3]?[0-9])(?:st|nd|rd|th)?(?:[ \t]*,)?[ \t\u00a0]+((?:1[5-9]|20)[0-9]{{2}})"
    r"(?![0-9])"
)
_LOOK_BACK = 24  # characters before the written end that may hold the first one


def other_ends(
    kind: str, m: re.Match[str], text: str, is_month: Callable[[str], bool]
) -> list[dict[str, str]]:
    """Group values (to put in place of m's own) for the other end of a range that m, a date
    match of the tokenizer's grammar (kind: its group's name), ends or starts."""
    g = m.group

    def head(rx: re.Pattern[str]) -> re.Match[str] | None:
        return rx.search(text, max(0, m.start() - _LOOK_BACK), m.start())

    if kind == "DMY" and g("dy"):
        if h := head(_DAY_MONTH_HEAD):
            return [{"dd": h[1], "dm": h[2]}]
        if h := head(_DAY_HEAD):
            return [{"dd": h[1]}]
    elif kind == "DMN" and (h := head(_DAY_HEAD)):
        return [{"nd": h[1]}]
    elif kind == "MDN" and not g("my") and (t := _DAY_TAIL.match(text, m.end())):
        # "June 3-5, 2026": the year belongs to both ends, as written.
        return [{"my": t[2]}, {"md": t[1], "my": t[2]}]
    elif kind == "MY" and (h := head(_MONTH_HEAD)) and is_month(h[1]):
        return [{"m3": h[1]}]
    return []
