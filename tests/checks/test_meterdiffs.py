"""What a meter counted between two readings the answer does not name."""

from __future__ import annotations

import pytest

from tests.checks.conftest import assert_linear, statuses
from verifier.checks.citations import Sentences
from verifier.checks.meterdiffs import MeterDiffs
from verifier.checks.numparse import tokenize

READINGS = (
    "Electricity: 34,872 kWh (day) / 12,095 kWh (night)\n"
    "Previous readings (move-in): electricity 32,118 kWh (day) / 10,947 kWh (night)"
)


@pytest.mark.parametrize(
    ("answer", "result", "expected"),
    [
        # Blind probe 29: the readings stand in the excerpt only.
        ("The day-rate meter went up by 2,754 kWh [1].", "2,754", "derived"),
        ("Over the tenancy he used 1,148 kWh at night [1].", "1,148", "derived"),
        ("The day-rate meter went up by 2,745 kWh [1].", "2,745", "ungrounded"),
        # Without a word of use or difference a figure is no consumption.
        ("The night tariff covers 1,148 kWh [1].", "1,148", "ungrounded"),
        # Nor with another unit than the readings'.
        ("The day-rate meter went up by 2,754 m³ [1].", "2,754", "ungrounded"),
    ],
)
def test_a_consumption_is_the_difference_of_two_readings(
    answer: str, result: str, expected: str
) -> None:
    assert statuses(answer, READINGS)[result] == expected


def test_amounts_of_money_are_no_readings() -> None:
    # Money has its own words and reach (arithmetic.py): "you save 30 €" of a sale's
    # "statt 129,00 € jetzt 99,00 €" is no meter's count.
    answer = "Du sparst 30 € [1]."
    (tok,) = tokenize(answer, strict=True)[:1]
    diffs = MeterDiffs(Sentences(answer), [(1, "statt 129,00 €  jetzt 99,00 €")])
    assert diffs.derive(tok) is None
    kwh = "Du hast 30 kWh verbraucht [1]."
    (tok,) = tokenize(kwh, strict=True)[:1]
    found = MeterDiffs(Sentences(kwh), [(1, "Stand alt 99 kWh, neu 129 kWh")]).derive(tok)
    assert found is not None and found.addends == ("129", "99")


def test_reading_a_long_excerpt_for_a_short_unit_is_linear() -> None:
    # "l" stands in most lines' words: each place is asked one character before it first.
    log = "Tankbeleg: 41,5 Liter Diesel, Kilometerstand 48.212 km, alles normal, leicht laufend\n"

    def work(n: int) -> object:
        answer = "Verbraucht hast du 20 l [1]."
        (tok,) = tokenize(answer, strict=True)[:1]
        return MeterDiffs(Sentences(answer), [(1, log * n)]).derive(tok)

    assert_linear(work, 100)


def test_a_recipe_s_amounts_are_no_readings() -> None:
    # A review: small amounts of one unit, no word of a reading, give no difference.
    recipe = "500 g flour\n250 g butter\n200 g sugar\n120 g nuts"
    assert statuses("Use 80 g of sugar [1].", recipe)["80"] == "ungrounded"
    assert statuses("Gib noch 50 g Zucker hinzu [1].", recipe)["50"] == "ungrounded"
    # A line that says it holds a reading makes a small one a reading.
    meter = "Zählerstand alt: 412 m³\nZählerstand neu: 498 m³"
    assert statuses("Verbraucht hast du 86 m³ [1].", meter)["86"] == "derived"
    # A stock list's "Bestand" is no reading.
    stock = "Kerzen Bestand: 240 Stück\nSeifen Bestand: 200 Stück"
    assert statuses("Verbraucht sind noch 40 Stück [1].", stock)["40"] == "ungrounded"
