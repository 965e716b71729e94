"""Amounts the answer gives in another currency than the excerpts (checks/currencies.py)."""

from __future__ import annotations

import pytest

from tests.checks.conftest import statuses
from verifier.checks.models import SourceText
from verifier.checks.numbers import check_numbers


@pytest.mark.parametrize(
    ("answer", "excerpt", "expected"),
    [
        # Blind probe 25: a Swiss offer's price given in euros.
        ("Der Kurs kostet €165 pro Person [1].", "Preis: CHF 165 pro Person", "wrong_unit"),
        ("The course is $165 per person [1].", "Price: 165 EUR per person", "wrong_unit"),
        # One currency under several names.
        ("Der Kurs kostet 165 € pro Person [1].", "Preis: 165 EUR pro Person", "grounded"),
        ("Der Kurs kostet 165 Euro pro Person [1].", "Preis: € 165 pro Person", "grounded"),
        ("It is £40.30 [1].", "Fees: GBP 40.30", "grounded"),
        # A place that writes it bare, or in the answer's currency, may be the one it means.
        ("Der Kurs kostet 165 € [1].", "Preis: 165 pro Person, Anzahlung CHF 165", "grounded"),
        ("Der Kurs kostet 165 € [1].", "CHF 165 Kurs, 165 € Anzahlung", "grounded"),
        # Blind probe 27: a whole amount written with zero cents in the excerpt.
        ("Das Zimmer kostet 165 € pro Nacht [1].", "Zimmer: CHF 165.00 pro Nacht", "wrong_unit"),
        ("Das Zimmer kostet 165 € pro Nacht [1].", "Zimmer: 165,00 € pro Nacht", "grounded"),
        # Another number that holds the digits is no place of it.
        ("Es sind 165 € [1].", "Kurs 165 €, Miete CHF 1.165", "grounded"),
    ],
)
def test_an_amount_in_another_currency_than_the_excerpt_s(
    answer: str, excerpt: str, expected: str
) -> None:
    assert statuses(answer, excerpt)["165" if "165" in answer else "40.30"] == expected


def test_the_reviewer_is_told_both_currencies() -> None:
    stage = check_numbers("", "Es kostet €165 [1].", [SourceText(1, "Preis: CHF 165")])
    (finding,) = stage.findings
    assert finding.message_en == '"165" is given in EUR, but excerpt [1] gives it in CHF.'
    assert (finding.excerpts, stage.flagged) == ([1], True)


@pytest.mark.parametrize(
    ("answer", "excerpt", "expected"),
    [
        # Blind probe 30: a Swiss receipt's total, its currency a column before it and its
        # decimal mark a point, given in euros with a comma.
        (
            "Das Frühstück kostete 21,70 € [1].",
            "Gipfeli   2.80\nTotal CHF        21.70",
            "wrong_unit",
        ),
        ("Das Frühstück kostete 21,70 CHF [1].", "Total CHF        21.70", "grounded"),
        ("Das Frühstück kostete 21,70 € [1].", "Gipfeli   2.80\nTotal        21.70", "grounded"),
        # A review: the answer's currency holds it in another form (no zero cents, no last
        # zero), beside a copy in a foreign one.
        ("Die Vignette kostet 21,70 € [1].", "Vignette: 21,7 € (CHF 21.70)", "grounded"),
        # A figure of a column after another one is none of the currency's.
        ("Es kostete 21,70 € [1].", "CHF 5.20        21.70", "grounded"),
    ],
)
def test_a_currency_a_column_before_the_amount_and_either_decimal_mark(
    answer: str, excerpt: str, expected: str
) -> None:
    assert statuses(answer, excerpt)["21,70"] == expected


def test_a_shortened_amount_counts_only_in_the_answer_s_currency() -> None:
    # A second review: a bare "10" of "10 Tage" is no "10,00 €".
    found = statuses("Das Ticket kostet 10,00 € [1].", "Ticket: $10.00, gültig 10 Tage")
    assert found["10,00"] == "wrong_unit"


def test_zero_cents_an_excerpt_leaves_out_are_the_same_amount() -> None:
    # A review: "40 €" is the answer's "40,00 €", whatever the CHF copy beside it.
    assert (
        statuses("Die Vignette kostet 40,00 € [1].", "Vignette: 40 € (CHF 40.00)")["40,00"]
        == "grounded"
    )
