"""The tokenizer's grammar: what a number, date or time token looks like, and where one can
start (numparse reads the matches)."""

from __future__ import annotations

import re

from verifier.checks.clockwords import HOURS, NOT_AMOUNT, SPOKEN
from verifier.checks.months import MON, MON_EN, MON_FULL

_WS = r"[ \t\u00a0\u2009\u202f]{1,3}"
_Y_SEP = r"(?:[ \t]{0,3},)?" + _WS  # "July 22, 1947" and tokenised "July 22 , 1947"
_DAY = r"(?:3[01]|[12][0-9]|0?[1-9])"
# A UK statement's two-digit year after its two-digit day and three-letter month ("01 Apr
# 26   SO HOLLINS"): one space before it, a column's wide space or the line's end after it.
_NEVER_YEAR = r"|(?P<nyy>(?!))"  # an answer's: its prose writes no statement columns
_STATEMENT_YEAR = r"|(?<=[0-9]{2} [A-Za-z]{3})[ ](?P<nyy>[0-9]{2})(?=[ \t]{2}|\t|[ \t]*(?:\n|\Z))"
_MONTH = r"(?:1[0-2]|0?[1-9])"
_YEAR = r"(?:1[5-9][0-9]{2}|20[0-9]{2})"
# A weekday's abbreviation right before a figure: "Sun 3/8" of a log is March 8, no fraction.
_DAYS = "(?i:mon|tue|wed|thu|fri|sat|sun)"
_AFTER_WEEKDAY = f"(?:(?<={_DAYS} )|(?<={_DAYS}, ))"
# A word that dates what follows: "surgery on 3/2", "due 3/6" of a US note is a day, no ratio.
_AFTER_DATE_WORD = (
    r"(?:(?<=(?i:\bon|\bby) )|(?<=(?i:\bdue) )|(?<=(?i:\bfrom|\btill) )"
    r"|(?<=(?i:until|after|since) )|(?<=(?i:before) )|(?<=(?i:through) ))"
)
_NOT_AFTER_WEEKDAY = f"(?<!{_DAYS} )(?<!{_DAYS}, )"
# What both stand after, tried first: most digits stand after no word and a space, and each
# of the lookbehinds above costs a try at every digit the grammar reads.
_AFTER_WORD = r"(?:(?<=[A-Za-z] )|(?<=[A-Za-z], ))"


# A citation marker in brackets, which claims no figure: [2], [1, 3], [1;2], [1-3], [ 2 ], a
# Markdown footnote [^2], the lenticular 【2】; citations.py reads the same ones as citations
# (they disagreed: "[1000]" was a citation there and an ungrounded number here).
MARKER_OPEN = r"(?:\[\s*\^?|【\s*)"
MARKER_CITED = r"[0-9]{1,4}(?:\s*[,;\-–—]\s*[0-9]{1,4})*"
MARKER_CLOSE = r"\s*[\]】]"


def _pattern(strict: bool) -> re.Pattern[str]:
    """The token grammar, tried only where a token can start (see tokenize).

    Answers need capitalised months, so that "may" is not May; sources are often lower-cased.
    Repeats are split by mandatory separators, so a match never backtracks far."""
    mon = MON if strict else f"(?i:{MON})"
    mon_en = MON_EN if strict else f"(?i:{MON_EN})"
    # A source's lower-case "may" and "march" are words, not months.
    alone = MON_FULL if strict else f"(?:{MON}|(?!ma[ry])(?i:{MON}))"
    return re.compile(
        r"(?P<SKIP>(?:https?://|www\.)[^\s<>\"'\[\]()]+"
        rf"|{MARKER_OPEN}{MARKER_CITED}{MARKER_CLOSE}"
        # A source with its page ([1, S. 4], [2, p. 7-9]).
        r"|\[[0-9]{1,3},?[ ]?(?i:s\.|p\.|pp\.|seite|page)[ ]?[0-9]{1,4}"
        r"(?:[ ]?[–-][ ]?[0-9]{1,4})?\]"
        # Pointers to excerpts or to the answer's own list, and names that merely hold digits.
        # The same words and joiners as citations._WORDED, which reads them as citations.
        r"|(?i:passages?|excerpts?|sources?|auszug|auszügen?|quellen?)"
        r"[ \t]*(?:(?i:#|no\.?|nr\.?)[ \t]*)?[0-9]{1,3}(?::[0-9]{1,3})?"
        r"(?:[ \t]*(?:,|and|und|&|-|–|—|or|oder)[ \t]*[0-9]{1,3}(?::[0-9]{1,3})?)*"
        r"(?![0-9]|[.,][0-9])"
        r"|(?i:steps?|options?|items?|schritte?)[ \t]+[0-9]{1,2}"
        r"(?:[ \t]*(?:,|and|und|or|oder|&|-|–|to|bis)[ \t]*[0-9]{1,2})*(?![0-9]|[.,][0-9])"
        r"|(?i:out of)[ \t]+(?:5|10)(?:\.0)?(?![0-9]|[.,][0-9])"
        # A rating's scale after a slash: 4.3/5, 8,5/10 (15/10 is a date, 2/10 a count).
        r"|(?<=[0-9][.,][0-9]/)(?:5|10)(?![0-9]|[.,][0-9])"
        r"|(?i:covid|sars-cov)-[0-9]{1,2}\b|24/7\b|9/11\b"
        # The hundred of a unit per 100 km: "6,5 l/100 km", "15 kWh auf 100 km".
        r"|(?:(?<=/)|(?<=/ )|(?<=(?i:auf|pro|per) )|(?<=(?i:je) ))100[ \u00a0]?(?i:km|kilometer)\b)"
        # A source's noon and midnight in words ("Saturday 8:00 AM – noon"), and the half and
        # quarter hours of speech ("bring ihn um halb acht", "quarter to nine").
        + ("" if strict else r"|(?P<NOON>(?i:noon|midday|mittags?|midnight|mitternacht))\b")
        + ("" if strict else rf"|(?P<SPOKEN>(?P<sp>(?i:{SPOKEN}))[ \t]+(?P<sw>(?i:{HOURS})))\b")
        + ("" if strict else NOT_AMOUNT)
        + rf"|(?P<ISO>(?P<iy>{_YEAR})(?P<isep>[-/])(?P<im>1[0-2]|0[1-9])(?P=isep)"
        r"(?P<id>3[01]|[12][0-9]|0[1-9])(?![0-9]))"
        rf"|(?P<RANGE>(?P<ra>{_YEAR})[ ]?(?:--?|–|—|/)[ ]?(?P<rb>[0-9]{{2}})(?![0-9]|[.,][0-9]))"
        # Not in a name: llama-3.1. or qwen2.6. is no date.
        r"|(?P<DMY>(?<![.,A-Za-z])(?<![A-Za-z][-:])"
        rf"(?P<dd>{_DAY})\.(?P<dm>{_MONTH})\.(?P<dy>{_YEAR}|[0-9]{{2}})?(?![0-9]|[.,][0-9]))"
        rf"|(?P<MYN>(?<![.,/])(?P<nm>0?[1-9]|1[0-2])[./](?P<ny2>{_YEAR})(?![0-9]|[.,][0-9]))"
        r"|(?P<SLASH>(?<!/)(?P<sa>[0-9]{1,2})/(?P<sb>[0-9]{1,2})/(?P<sy>[0-9]{4})(?![0-9/]))"
        rf"|(?P<DMN>(?<![.,])(?P<nd>{_DAY})(?:\.|st|nd|rd|th)?(?:{_WS}of)?{_WS}(?P<m1>{mon})"
        rf"(?:{_Y_SEP}(?P<ny>{_YEAR})(?![0-9]){_NEVER_YEAR if strict else _STATEMENT_YEAR})?)"
        # Not "im April 3 Termine" nor "März 1.234 €".
        rf"|(?P<MDN>(?<![A-Za-z])(?<![Ii]m )(?P<m2>{mon_en}){_WS}(?P<md>{_DAY})(?:st|nd|rd|th)?"
        r"(?![0-9]|[.,][0-9])"
        rf"(?:{_Y_SEP}(?P<my>{_YEAR})(?![0-9]))?)"
        rf"|(?P<MY>(?<![A-Za-z])(?P<m3>{mon})(?:{_WS}of)?{_Y_SEP}(?P<yy>{_YEAR})(?![0-9]))"
        rf"|(?P<MON>(?<![A-Za-z])(?P<m4>{alone}))"
        # A fraction of a measure, with its whole part: ½, 1 ½, 1/2, 1 3/4 (proper halves to
        # eighths: a rating's 4/5 or 8/10, a third, which no decimal writes exactly, and 2/2
        # are none).
        r"|(?P<FRAC>(?<![0-9/.,])" + _NOT_AFTER_WEEKDAY + r"(?:(?P<fw>[0-9]{1,2})"
        r"(?:[ \u00a0\u2009\u202f](?=[1-7]/[248])|[ \u00a0\u2009\u202f]?(?=[½¼¾⅛⅜⅝⅞])))?"
        r"(?:(?P<fv>[½¼¾⅛⅜⅝⅞])|(?P<fq>1/[248]|3/[48]|[2-7]/8|2/4))(?![0-9/]|[.,][0-9]))"
        # An ISO timestamp's T before the hour: 2024-03-15T14:30.
        r"|(?P<TIME>(?:(?<![A-Za-z:.,])|(?<=[0-9]T))(?P<th>2[0-4]|[01]?[0-9]):(?P<tm>[0-5]?[0-9])"
        r"(?::[0-5][0-9])?(?![0-9]|:[0-9])(?=[ \u00a0\u202f]?(?P<ap>[AaPp])\.?[Mm]\.?(?![A-Za-z])"
        r"|(?![A-Za-z])))"
        # A source's month and day without a year, as US statements write them ("02/06  PAYROLL"):
        # both parts with two digits, so that fractions and ratings stay what they are; or a
        # month in one digit before a day no month or rating is ("paid 4/22"), or after a
        # weekday or a word that dates it, before any day ("Sun 3/8": a log's, no fraction;
        # "surgery on 3/2"); or a day no month is before
        # a month in two digits, as the UK writes them ("Tue 21/04").
        + (
            ""
            if strict
            else r"|(?P<MD>(?<![0-9/.,])"
            r"(?P<ma>0[1-9]|1[0-2]|[1-9](?=/(?:1[3-9]|2[0-9]|3[01])(?![0-9]))"
            r"|(?:1[3-9]|2[0-9]|3[01])(?=/(?:0[1-9]|1[0-2])(?![0-9]))"
            rf"|{_AFTER_WORD}(?:{_AFTER_WEEKDAY}|{_AFTER_DATE_WORD})(?P<mw>[1-9]))/"
            r"(?P<mb>(?(mw)0?[1-9](?![0-9])|0[1-9])|[12][0-9]|3[01])(?![0-9/]|[.,][0-9]))"
        )
        + r"|(?P<SG>(?<![0-9][.,])[0-9]{1,3}(?:[ ][0-9]{3}(?![0-9]))+(?:[.,][0-9]+)?"
        r"(?![0-9]|[.,'][0-9]))"
        r"|(?P<RUN>[0-9]+(?:[.,'’\u00a0\u2009\u202f][0-9]+)*)"
    )


STRICT, LENIENT = _pattern(True), _pattern(False)
# Where a token can start: a digit run, a month or pointer word, a link or a citation bracket.
# Trying the grammar only there keeps a megabyte of prose to a few milliseconds.
START_WORDS = (
    "jan|jän|feb|mar|mär|mrz|apr|ma[iy]|jun|jul|aug|sep|o[ck]t|nov|de[cz]|passage|excerpt|source"
    "|document|auszug|auszüg|quelle|dokument|step|option|item|schritt|out of|covid|sars|https?:"
    "|www\\.|noon|midday|midnight|mittag|mitternacht|halb|viertel|dreiviertel|half past|quarter"
)
# As plainly written, START_PLAIN, re tries it at every character. Led by one class of every
# character that can start a match (with those re's IGNORECASE takes for them, such as ı and ſ),
# re skips to those at C speed: the tokenizer's search takes half the time. Each branch checks
# the consumed character from behind; tests/checks/test_numparse.py holds the two equal.
START_PLAIN = rf"(?<![0-9])[0-9]|(?<![A-Za-z])(?i:{START_WORDS})|[\[【½¼¾⅛⅜⅝⅞]"
_FIRSTS = "".join(sorted({word[0] for word in START_WORDS.split("|")}))
_FOLDED = "".join(c for c in "İıſ\u212a" if re.fullmatch(f"(?i:[{_FIRSTS}])", c))
START = re.compile(
    rf"[0-9\[【½¼¾⅛⅜⅝⅞{_FIRSTS}{_FIRSTS.upper()}{_FOLDED}]"
    rf"(?:(?<=[0-9])(?<![0-9]{{2}})|(?<=[\[【½¼¾⅛⅜⅝⅞])|(?<![A-Za-z].)(?:"
    + "|".join(
        f"(?<=(?i:{first}))(?i:{'|'.join(w[1:] for w in START_WORDS.split('|') if w[0] == first)})"
        for first in _FIRSTS
    )
    + "))"
)
