"""A source whose decimals say which mark groups thousands reads a lone mark before three
digits as grouping only (checks/numlocale.py)."""

from __future__ import annotations

import pytest

from tests.checks.conftest import statuses
from verifier.checks.numlocale import grouping_mark

MINUTES = "Kassenstand: 9.118,44 €. Spendenlauf im September: Einnahmen 14.372 €."


@pytest.mark.parametrize(
    ("text", "mark"),
    [
        ("Kassenstand 9.118,44 €, Einnahmen 14.372 €", "."),
        ("Balance £9,118.44, takings £14,372", ","),
        # Dates, a German clock time and a version are no decimals; both kinds, or none, say
        # nothing.
        ("Sitzung am 19.03.2026 um 14.30 Uhr: 14.372 €", ""),
        # A review: a range of German clock times is no decimal either.
        ("Führung 14.30–15.30 Uhr, Rundweg 2,750 km", ""),
        ("Geöffnet 9.30-18 Uhr, Zins 2,250 %", ""),
        # A second review: a price before another figure's "Uhr" is a decimal.
        ("Startgeld CHF 12.50, Start 18 Uhr. Strecke: 1,250 m", ","),
        ("Preis 3,50 € oder $3.50", ""),
        ("Version 14.372", ""),
    ],
)
def test_the_grouping_mark_a_source_s_decimals_show(text: str, mark: str) -> None:
    assert grouping_mark(text) == mark


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure", "expected"),
    [
        # Blind probe 32: a prefix of a German thousands figure read as a decimal amount.
        ("The run raised €14.37 [1].", MINUTES, "14.37", "ungrounded"),
        ("The run raised €14,372 [1].", MINUTES, "14,372", "grounded"),
        ("Der Lauf brachte 14.372 € [1].", MINUTES, "14.372", "grounded"),
        # Where the source's decimals say nothing, the mark still reads both ways.
        ("The run raised €14.37 [1].", "Einnahmen 14.372 €", "14.37", "grounded"),
        # An English source's lone comma groups thousands; its point stays a decimal mark
        # ("$3.599" a gallon).
        ("It came to $14.37 [1].", "Balance $9,118.44, takings $14,372", "14.37", "ungrounded"),
        ("It came to $14.37 [1].", "Takings $14,372", "14.37", "grounded"),
        ("Gas was $3.599 a gallon [1].", "Gas $3.599/gal, total $41.27", "3.599", "grounded"),
    ],
)
def test_a_lone_mark_groups_thousands_where_the_source_s_decimals_say_so(
    answer: str, excerpt: str, figure: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[figure] == expected
