"""What makes another line or field of an excerpt a rival of a figure the answer ties to a
line (see binding): a value of the figure's kind that the answer's words could mean instead."""

from __future__ import annotations

import re

from verifier.checks.bindwords import meets
from verifier.checks.excerptlines import Excerpt, Line, field_of, fields_of

# A total's line, or a payment's, which repeats it: named by what it adds up.
_TOTAL = re.compile(
    r"(?i:\b(?:gesamt\w*|summe|total|subtotal|endbetrag|rechnungsbetrag|zahlbetrag|zu zahlen"
    r"|zwischensumme|amount due|balance|geg\.|gegeben|bezahlt|paid|kartenzahlung|ec-karte|bar"
    r"|visa|mastercard|brutto|mwst)\b)"
)
# A bank statement's line, led by its date (day first, or a US month/day): a card payment there
# is one booking, no total.
_BOOKING = re.compile(
    r"[ \t]*(?:[0-3][0-9][./-][01][0-9](?:[./-](?:[0-9]{4}|[0-9]{2})?)?"
    r"|[01][0-9]/[0-3][0-9](?:/(?:[0-9]{4}|[0-9]{2}))?|[0-9]{4}-[01][0-9]-[0-3][0-9])[ \t]+"
)
_SUM = re.compile(
    r"(?i:\b(?:gesamt\w*|summe|total|subtotal|zwischensumme|balance|saldo|kontostand)\b)"
)
# What another line must hold to have a value of the figure's kind: a date, an amount with
# decimals, a whole number of two digits or more (not a part of a date or a time).
RIVAL = {
    "d": re.compile(
        r"\d{1,2}\.\d{1,2}\.|\d{4}-\d{2}-\d{2}|\d\.? ?[^\W\d_]{3,}\.? \d{4}"
        # A month's name before its day ("Mar 3"), not any word before a digit ("Serie 6").
        r"|(?i:(?<![^\W\d_])(?:jan|feb|mar|mär|apr|may|mai|jun|jul|aug|sep|oct|okt|nov|dec|dez)"
        r"[^\W\d_]*\.?) \d"
        r"|\d{1,2}/\d{1,2}/\d{2,4}"  # a US statement's "03/09/2026"
    ),
    "c": re.compile(r"\d[.,]\d{2}(?!\d)"),
    # A clock time of another row: "18:30", "6:30 pm", "18.30 Uhr".
    "t": re.compile(r"(?<![0-9])[0-2]?[0-9][:.][0-5][0-9](?![0-9])"),
    # Not a group of a code joined by hyphens ("Account 55-201-884").
    # A month of a year, as a best-before date writes it ("11/2028").
    "ym": re.compile(r"(?<![0-9./])(?:0?[1-9]|1[0-2])[./](?:20)?[0-9]{2}(?![0-9./])"),
    "n": re.compile(
        r"(?<![0-9.,:/-]|[^\W\d_])(?:[0-9]{1,3}(?:[.,'][0-9]{3})+|[0-9]{2,})(?![0-9]|[.,:/-][0-9])"
    ),
}
# A small count is another row's as a whole number of two digits or more is, or as a table's
# cell of its own ("| 4 |") or a label's value ("Kichererbsen: 4 Dosen").
RIVAL["small"] = re.compile(
    RIVAL["n"].pattern + r"|\|[ \t]*[0-9]{1,3}[ \t]*(?:[^\W\d_]{1,8}\.?[ \t]*)?(?=\|)"
    r"|:[ \t]*[0-9]{1,3}(?![0-9]|[.,][0-9])"
)
# A measure with one decimal ("92,5 kg") is another row's as a figure with one or two decimals
# is, or a whole number of two digits or more ("120 kg").
RIVAL["m"] = re.compile(r"\d[.,]\d{1,2}(?![\d.,])|" + RIVAL["n"].pattern)
# A phone or account number: six digits or more, in groups. Another line with one holds a
# rival of a number given as an identifier.
CHAIN = re.compile(r"[0-9](?:[ /().-]{0,2}[0-9]){5,}")


_SHARED_START = 4


def rival_fields(
    ex: Excerpt, holders: list[tuple[Line, int]], rival: re.Pattern[str], around: set[str]
) -> list[set[str]]:
    """The words of each label field that holds a value of the figure's kind, other than the
    figure's own, that the answer's words around the figure meet."""
    # Words of four letters or more meet another only where both begin with the same four
    # (see bindwords): a line that holds no such beginning has no field they name, and is not
    # split into its fields.
    starts = {w[:_SHARED_START] for w in around}
    out: list[set[str]] = []
    for line in ex.lines:
        if not line.label:
            continue
        held = [field_of(ex.text, line, at) for x, at in holders if x is line]
        lower = ex.text[line.start : line.end].lower()
        if not held and (not any(w in lower for w in starts) or total_line(ex.text, line)):
            continue  # a total named is the figure's base ("on the subtotal of")
        parts = fields_of(ex.text, line)
        for k, (start, words) in enumerate(parts):
            end = parts[k + 1][0] if k + 1 < len(parts) else line.end
            if words not in held and rival.search(ex.text, start, end):
                if meets(around, words, False):
                    out.append(words)
    return out


def total_line(text: str, line: Line) -> bool:
    """Whether a structured line adds up others or pays their total (a receipt's "Summe",
    "Kartenzahlung"); on a statement's booking line only a sum or balance word counts."""
    if _BOOKING.match(text, line.start):
        return _SUM.search(text, line.start, line.end) is not None
    return _TOTAL.search(text, line.start, line.end) is not None
