"""The fields of a CSV row in an excerpt: a digit run with a comma on such a row is a field
or several ("310.00,40.30"), not one number with a decimal comma."""

from __future__ import annotations

import re

from verifier.checks.digitruns import GROUP, run_readings
from verifier.checks.readings import Token

_FIELD = re.compile(r"[^,]+")  # a CSV field of a digit run
_WORD_FIELD = re.compile(r"[^0-9],|,[^0-9]")
_ROW_REACH = 240  # characters either side of a run within which its CSV row must end


def csv_fields(text: str, start: int, end: int) -> bool:
    """Whether a run with a comma is fields of a CSV row: it follows a field
    ("zinc,140,200,500,Accu Ltd"), a comma right before it after no space, or it stands on a
    row (see _csv_row). Prose puts a space after its commas (though a scraped page may lose
    one after a figure: "£2,980,815,The"); a CSV field that holds a comma is quoted."""
    if text.find(",", start, end) < 0:  # most runs: settled without looking around
        return False
    if start >= 2 and text[start - 1] == ",":
        return not text[start - 2].isspace()
    return _csv_row(text, start, end)


def _csv_row(text: str, start: int, end: int) -> bool:
    """Whether the run ends an identifier's field on a CSV row: it follows a letter, hyphen,
    underscore or slash ("2026-02-01,EL-20391,12803,utility"), on a short line of three commas
    or more, none with a space after it, one with no digit beside it, and no quotes."""
    before = text[start - 1 : start]
    if not (before.isalpha() or before in ("-", "_", "/")):  # not "£2,980,815,The"
        return False
    opens = text.rfind("\n", max(0, start - _ROW_REACH), start)
    if opens < 0 and start > _ROW_REACH:
        return False
    closes = text.find("\n", end, end + _ROW_REACH)
    if closes < 0:
        if len(text) - end > _ROW_REACH:
            return False
        closes = len(text)
    # A table of decimal commas ("| 250,00 € | 286,40 € | -36,40 € |") has digits on both
    # sides of each; a CSV row has a field of words, or an empty one, somewhere.
    return csv_line(text[opens + 1 : closes], 3, _WORD_FIELD)


def csv_line(line: str, least: int, beside: re.Pattern[str]) -> bool:
    """Whether a line is a row of a comma-separated export: `least` commas or more, none
    with a space after it (prose's), no quotes (a quoted field may hold a comma), and a
    comma beside what `beside` finds, which decimal commas alone are not."""
    return (
        line.count(",") >= least
        and ", " not in line
        and '"' not in line
        and beside.search(line) is not None
    )


def fields(text: str, start: int, end: int) -> list[Token]:
    """Each comma-separated field of a CSV row's run as a number of its own ("310.00,40.30")."""
    out = []
    for m in _FIELD.finditer(text, start, end):
        if rs := run_readings(m.group()):
            out.append(Token(m.start(), m.end(), rs))
        else:  # no number (1.2.3): each digit group alone
            groups = GROUP.finditer(text, m.start(), m.end())
            out += [Token(g.start(), g.end(), run_readings(g.group())) for g in groups]
    return out
