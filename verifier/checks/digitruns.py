"""What one digit run can mean, with the word after it: "1.234,56", "1,2 Mio.", "10 pm",
"14.30 Uhr", "1990s", and a fraction ("1 ½"). numparse finds them; this reads them."""

from __future__ import annotations

import re
from decimal import Decimal
from functools import lru_cache

from verifier.checks.clockwords import hour_range_times
from verifier.checks.readings import Reading, Token, number, part_of_day, times
from verifier.checks.units import measure

_SCALE_WORDS = {
    "thousand": 3,
    "thousands": 3,
    "tausend": 3,
    "tsd": 3,
    "million": 6,
    "millions": 6,
    "millionen": 6,
    "mio": 6,
    "mn": 6,
    "billion": 9,
    "billions": 9,
    "milliarde": 9,
    "milliarden": 9,
    "mrd": 9,
    "bn": 9,
    "trillion": 12,
    "trillions": 12,
    "billionen": 12,
    "tn": 12,
}
_SCALE = re.compile(r"[ \u00a0\u202f\u2009]?([A-Za-z]+)\.?(?![A-Za-zÄÖÜäöüß])")
_GLUED = {"k": 3, "K": 3, "m": 6, "M": 6, "b": 9, "B": 9}
# "9 pm", "22 Uhr", and the first hour of "9 or 10 pm", "10 to 2 pm", "9-10 Uhr", "zwischen 8
# und 12 Uhr" or "um 7 und um 18 Uhr".
_CLOCK = re.compile(
    r"(?:[ \u00a0\u202f]?(?:-|–|to|or|until|till|bis|oder|und|and)[ \u00a0\u202f]?"
    r"(?:(?:um|at)[ \u00a0])?(?P<last>[0-9]{1,2})"
    r"(?:[:.][0-9]{2})?)?"
    r"[ \u00a0\u202f\u2009]?(?:(?P<ap>[AaPp])\.?[Mm]\.?|Uhr|o['’]clock"
    # "from 11 in the morning until noon", "at 7 in the evening"
    r"|[ \u00a0]?in the (?P<part>morning|afternoon|evening)"
    r"(?=[ \u00a0]*(?:[,.;:!?)\]–-]|\[|until\b|till\b|to\b|and\b|or\b|\Z)))(?![A-Za-z])"
)
# After a number, German "am" is the preposition before a date or a number ("3 am 19.02."),
# or before a noun in German text ("noch 4 am Lager", "um 9 am Montag"); an English name after
# a.m. ("9 am Wednesday", "10 am New York time") is none.
_AM_BEFORE_DIGIT = re.compile(r"[ \t\u00a0]+[0-9]")
_AM_BEFORE_NOUN = re.compile(
    r"[ \t\u00a0]+(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Mon|Tue|Tues"
    r"|Wed|Thu|Thur|Thurs|Fri|Sat|Sun|January|February|March|April|May|June|July|August"
    r"|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec"
    r"|Eastern|Central|Mountain|Pacific|[A-Z]{2,4})\b)[A-ZÄÖÜ]"
)
_GERMAN_CUE = re.compile(
    r"\b(?:der|die|das|den|dem|und|ist|sind|noch|mit|im|um|vom|zum|bis|für|auf|ein|eine|einen"
    r"|es|wir|ich|du|sie|hat|hast|habe|liegt|liegen|steht|stehen|kam|kamen|dazu|uhr|aktuell"
    r"|davon|derzeit|jetzt|nur)\b",
    re.I,
)


def german_am(text: str, at: int) -> bool:
    """Whether the "am" at text[at] is the German preposition, not a.m."""
    if not text.startswith("am", at):
        return False
    if _AM_BEFORE_DIGIT.match(text, at + 2):
        return True
    return bool(
        _AM_BEFORE_NOUN.match(text, at + 2) and _GERMAN_CUE.search(text, max(0, at - 60), at)
    )


UHR_AFTER = re.compile(r"[ \u00a0\u202f\u2009]?Uhr(?![A-Za-z])")
GROUP = re.compile(r"[0-9]+")


@lru_cache(maxsize=4096)
def run_readings(s: str) -> tuple[Reading, ...]:
    """Readings of a digit run; a lone separator before exactly three digits reads both ways."""
    if s.isdigit():  # no separator (none of the grammar's is a digit): most runs
        if len(s) == 4 and 1500 <= int(s) <= 2099:
            return number(s), Reading(("y", int(s)), s)
        return (number(s),)
    groups = GROUP.findall(s)
    seps = [c for c in s if not "0" <= c <= "9"]
    digits = len(s) - len(seps)
    out: list[Reading] = []
    if not seps:
        out.append(number(s))
    head_ok = 1 <= len(groups[0]) <= 3
    if seps and head_ok and len(set(seps)) == 1 and all(len(g) == 3 for g in groups[1:]):
        out.append(number("".join(groups), digits=digits))
    last, prior = (seps[-1], seps[:-1]) if seps else ("", [])
    if last in (".", ",") and (
        not prior
        or (
            head_ok
            and len(set(prior)) == 1
            and prior[0] != last
            and all(len(g) == 3 for g in groups[1:-1])
        )
    ):
        # Nobody writes three zero decimals in prose: "1.000" is a thousand, never one.
        if not (out and groups[-1] == "000"):
            out.append(number("".join(groups[:-1]), groups[-1], digits=digits))
    if len(s) == 4 and not seps and 1500 <= int(s) <= 2099:
        out.append(Reading(("y", int(s)), s))
    return tuple(out)


def forget_runs() -> None:
    """Empty the memo of digit runs read so far (a benchmark's new text must be read anew)."""
    run_readings.cache_clear()


def scaled(r: Reading, k: int) -> Reading:
    """The reading shifted by a scale word's 10**k ("1,2 Mio.")."""
    intp, _, frac = r.value.partition(".")
    v = number(intp, frac, scale=k).value
    return Reading(("n", v), v, r.places, r.digits, k)


def suffixed(
    text: str, end: int, rs: tuple[Reading, ...], strict: bool, start: int | None = None
) -> tuple[Reading, ...]:
    """Add scale words (1,2 Mio.) and clock readings (10 pm, 22 Uhr, 14.30 Uhr) after a plain
    number (written from start, when given)."""
    m = _SCALE.match(text, end)
    if m:
        word = m.group(1)
        k = _SCALE_WORDS.get(word.lower()) or (_GLUED.get(word) if m.start(1) == end else None)
        if k:
            shifted = tuple(scaled(r, k) for r in rs if r.key[0] == "n")
            # A named scale is unambiguous in an answer, and so is a glued B: 14B is 14 billion
            # (parameters, dollars), never 14. Other glued letters may be units (5m, 4K), but
            # not beside a currency: "€190k" is 190.000 €.
            sure = word.lower() in _SCALE_WORDS or word in ("B", "b")
            sure = sure or (start is not None and _money_beside(text, start, m.end()))
            return shifted if strict and sure else rs + shifted
    clock = _CLOCK.match(text, end)
    if clock and clock["ap"] and german_am(text, clock.start("ap")):
        clock = None
    uhr = clock is not None and clock.group().endswith("Uhr")  # the 24-hour clock
    if clock and len(rs[0].value) <= 2 and rs[0].value.isdigit() and int(rs[0].value) <= 24:
        h = int(rs[0].value)
        ap = clock["ap"] or (part_of_day(text, clock.end(), h) if uhr else None)
        if clock["part"] and 1 <= h <= 12:
            ap = "a" if clock["part"] == "morning" else "p"
        if clock["ap"] and clock["last"] and h % 12 > int(clock["last"]) % 12:
            ap = "a" if clock["ap"] in "Pp" else "p"  # "10 to 2 pm" runs from 10 am
        # In an answer "7 pm" is a time only: any 7 of an excerpt would ground it as a number.
        return (*times(h, 0, ap, uhr),) if strict else (*rs, *times(h, 0, ap, uhr))
    # German writes the clock with a dot before "Uhr": 14.30 Uhr is 14:30, and 14.3 too.
    if clock and start is not None and (dotted := DOTTED_CLOCK.fullmatch(text, start, end)):
        h = int(dotted[1])
        ap = clock["ap"] or (part_of_day(text, clock.end(), h) if uhr else None)
        return (*rs, *times(h, int(dotted[2]), ap, uhr))
    if not strict and start is not None and (hours := hour_range_times(text, start, end)):
        rs = (*rs, *hours)
    quantity = measure(text, end, rs[0])
    return (*rs, quantity) if quantity else rs


DOTTED_CLOCK = re.compile(r"(2[0-4]|[01]?[0-9])\.([0-5][0-9])")
_CURRENCY_BEFORE = re.compile(r"(?:[€$£]|\b(?:EUR|USD|GBP|CHF))[ \u00a0]?\Z")
_CURRENCY_AFTER = re.compile(r"[ \u00a0]?(?:[€$£]|(?:EUR|USD|GBP|CHF|Euro|euros?)\b)")


def _money_beside(text: str, start: int, end: int) -> bool:
    """Whether a currency stands right before a figure at start or right after its end."""
    return bool(
        _CURRENCY_BEFORE.search(text, max(0, start - 5), start) or _CURRENCY_AFTER.match(text, end)
    )


# After a decade's digits: 1990s, 1990's, 1990er, in den 1990ern, the '90s.
# After a decade's digits: 1990s, 1990's, the '90s; German 1990er only as "1990er Jahre" or
# "in den 1990ern" (a "2010er Riesling" is a vintage, a "1200er Körnung" a grit).
_DECADE_AFTER = re.compile(r"['’]?s(?![A-Za-zÄÖÜäöüß])|er(?:[ -]?Jahre(?:n)?\b)")
_DECADE_GERMAN = re.compile(r"ern?(?![A-Za-zÄÖÜäöüß])")
_IN_THE = re.compile(r"\b[Ii]n den \Z")


def decade(text: str, start: int, end: int) -> Reading | None:
    """A decade's reading of the digits at text[start:end], None if they name none."""
    if text[end - 1 : end] != "0" or text[end : end + 1] not in ("s", "'", "’", "e"):
        return None  # most runs: no decade's ending
    digits = text[start:end]
    if not digits.isdigit():
        return None
    german = _IN_THE.search(text, max(0, start - 8), start) and _DECADE_GERMAN.match(text, end)
    if not (german or _DECADE_AFTER.match(text, end)):
        return None
    if len(digits) == 4 and 1500 <= int(digits) <= 2090:  # the years _run reads as years
        return Reading(("dec", int(digits) // 10), f"{digits}s")
    if len(digits) == 2 and start and text[start - 1] in ("'", "’"):
        year = int(digits) + (1900 if int(digits) >= 30 else 2000)  # '90s, '20s
        return Reading(("dec", year // 10), f"{year}s")
    return None


_VULGAR = {
    "½": (1, 2),
    "¼": (1, 4),
    "¾": (3, 4),
    "⅛": (1, 8),
    "⅜": (3, 8),
    "⅝": (5, 8),
    "⅞": (7, 8),
}


def fraction(m: re.Match[str], strict: bool) -> Token:
    """A fraction's token: its value as a decimal (1 ½ = 1.5); in a source also its digits as
    numbers of their own ("Teil 1/2" holds a 1)."""
    whole = int(m["fw"] or 0)
    num, den = _VULGAR[m["fv"]] if m["fv"] else tuple(map(int, m["fq"].split("/")))
    intp, frac = f"{Decimal(whole) + Decimal(num) / Decimal(den):f}".partition(".")[::2]
    value = number(intp, frac)
    quantity = measure(m.string, m.end(), value)  # ½ l
    readings = (value, quantity) if quantity else (value,)
    if strict:
        return Token(m.start(), m.end(), readings)
    parts = GROUP.finditer(m.string, m.start(), m.end())
    return Token(
        m.start(),
        m.end(),
        readings,
        tuple(Token(g.start(), g.end(), (number(g[0]),)) for g in parts),
    )
