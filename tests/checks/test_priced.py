"""Amounts an answer computes as a count times an excerpt's unit price."""

from __future__ import annotations

import pytest

from tests.checks.conftest import statuses
from verifier.checks.models import SourceText
from verifier.checks.numbers import check_numbers

HONEY = "Blütenhonig 500 g: 57 Gläser à 7,50 €\nWaldhonig 500 g: 21 Gläser à 8,90 €"
BOXES = "40 Umzugskartons à 1,90 € – Lieferung frei Haus"
CAMP = "3 Übernachtungen mit Vollpension, 38,50 € pro Nacht und Schüler/in"
TILES = "Box contents: 8 tiles = 1.44 m²\nPrice: €32.90 per box"
PLAIN = "Espresso Classico, ganze Bohne, 500 g: 8,49 €"


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure", "expected"),
    [
        # Blind probe 15: sales, a delivery and a class trip priced by the unit.
        ("Im Mai hast du 57 Gläser verkauft und 427,50 € eingenommen [1].", HONEY, "427,50",
         "derived"),
        ("Im Mai hast du 57 Gläser verkauft und 437,50 € eingenommen [1].", HONEY, "437,50",
         "ungrounded"),
        # The count on the price's line.
        ("Dazu kommen 76,00 € für die Kartons [1].", BOXES, "76,00", "derived"),
        ("Dazu kommen 76,50 € für die Kartons [1].", BOXES, "76,50", "ungrounded"),
        # A count in words, the price before "pro".
        ("Für drei Nächte zahlt jedes Kind 115,50 € [1].", CAMP, "115,50", "derived"),
        ("You need 8 boxes, costing €263.20 [1].", TILES, "263.20", "derived"),
        ("You need 8 boxes, costing €263.30 [1].", TILES, "263.30", "ungrounded"),
        # A count the excerpts do not give is no operand (it is flagged itself).
        ("You need 5 boxes, costing €164.50 [1].", TILES, "164.50", "ungrounded"),
        # Blind probe 16: a count times a price written with "×" in the excerpt; not a size.
        ("You made four payments, totalling $11,600.00 [1].",
         "Estimated tax payments made: 4 × $2,900.00", "11,600.00", "derived"),
        ("You made four payments, totalling $11,700.00 [1].",
         "Estimated tax payments made: 4 × $2,900.00", "11,700.00", "ungrounded"),
        ("Die Fläche kostet 100,00 € [1].", "Fläche: 8 m × 12,5 m", "100,00", "ungrounded"),
        ("Die Milch kostet 2,38 € [1].", "Vollmilch 2 x 1,19 €", "2,38", "derived"),
        # An amount with no mark of a unit price is a pack's: two of them are no product here.
        ("Zwei Packungen kosten 16,98 € [1].", PLAIN, "16,98", "ungrounded"),
    ],
)  # fmt: skip
def test_a_count_times_a_unit_price_is_derived(
    answer: str, excerpt: str, figure: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[figure] == expected


def test_a_count_of_another_sentence_or_an_amount_is_no_count() -> None:
    # 57 stands in the sentence before: no operand of this one.
    sales = "Verkauft: 57 Gläser\nPreis: 7,50 € pro Glas"
    answer = "Du hast 57 Gläser verkauft [1]. Eingenommen hast du 427,50 € [1]."
    assert statuses(answer, sales)["427,50"] == "ungrounded"
    answer = "Du hast 57 Gläser verkauft und 427,50 € eingenommen [1]."
    assert statuses(answer, sales)["427,50"] == "derived"
    # An amount of money counts nothing: 2,00 € × 7,50 € is no 15,00 €.
    answer = "Bei 2,00 € Rabatt auf 7,50 € zahlst du 15,00 € [1]."
    assert statuses(answer, HONEY)["15,00"] == "ungrounded"


def test_the_reviewer_is_told_the_count_and_the_price() -> None:
    answer = "Im Mai hast du 57 Gläser verkauft und 427,50 € eingenommen [1]."
    stage = check_numbers("", answer, [SourceText(1, HONEY)])
    (finding,) = [f for f in stage.findings if f.text == "427,50"]
    assert finding.message_en == (
        'The number "427,50" is derived: "57" at "7,50" each, which stand in excerpt [1].'
    )


def test_a_number_that_counts_nothing_is_no_count() -> None:
    # A review: the room's number is no count of nights.
    room = "38,50 € pro Nacht, Zimmer 12, 3 Nächte"
    assert statuses("Zimmer 12, 3 Nächte: zusammen 462,00 € [1].", room)["462,00"] == "ungrounded"
    assert statuses("Zimmer 12, 3 Nächte: zusammen 115,50 € [1].", room)["115,50"] == "derived"


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure"),
    [
        # A second review: counts after a label or before a colon are counts all the same.
        ("Nächte: 3, zusammen 115,50 € [1].", "Anzahl Nächte: 3\nZimmerpreis: 38,50 € pro Nacht",
         "115,50"),
        ("Party of 4: $194.00 in total [1].", "Party size: 4\nTickets: $48.50 each", "194.00"),
    ],
)  # fmt: skip
def test_a_labelled_count_is_a_count(answer: str, excerpt: str, figure: str) -> None:
    assert statuses(answer, excerpt)[figure] == "derived"
