"""Quantities an answer converts into another unit of the same kind."""

from __future__ import annotations

import pytest

from verifier.checks.models import SourceText
from verifier.checks.numbers import check_numbers


def findings(answer: str, excerpt: str) -> dict[str, tuple[str, str]]:
    stage = check_numbers("", answer, [SourceText(1, excerpt)])
    return {f.text: (f.status, f.message_en) for f in stage.findings}


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure", "expected"),
    [
        ("Es hatte 68 °F [1].", "Temperatur 20 °C", "68", "derived"),
        ("Es hatte 70 °F [1].", "Temperatur 20 °C", "70", "ungrounded"),
        ("It was 25 degrees Celsius [1].", "High of 77°F", "25", "derived"),
        ("The hike was 10 km, about 6.2 miles [1].", "Distance: 10 km", "6.2", "derived"),
        ("The hike was 10 km, about 6.8 miles [1].", "Distance: 10 km", "6.8", "ungrounded"),
        ("The loop is 5 miles (8 km) [1].", "Loop trail: 5 miles", "8", "derived"),
        ("The loop is 5 miles (9 km) [1].", "Loop trail: 5 miles", "9", "ungrounded"),
        ("Der Koffer wiegt 50 lb, also rund 22,7 kg [1].", "Max. 50 lb", "22,7", "derived"),
        ("Der Bildschirm misst 68,6 cm [1].", "Monitor 27 Zoll", "68,6", "derived"),
        ("Tempo 100 km/h, gut 62 mph [1].", "Tempolimit 100 km/h", "62", "derived"),
        # Blind probe 12: a range takes its unit and its hedge from either end, and an oven's
        # temperature converts to the 5 °C (10 °F) a recipe rounds to; a body's does not.
        ("Set it to about 175–180 °C [1].", "Preheat oven to 350°F.", "175", "derived"),
        ("Set it to about 175–180 °C [1].", "Preheat oven to 350°F.", "180", "derived"),
        ("Set it to 175 °C [1].", "Preheat oven to 350°F.", "175", "derived"),
        ("Set it to 190 °C [1].", "Preheat oven to 350°F.", "190", "ungrounded"),
        ("Bake at 350 °F [1].", "Backofen auf 180 °C vorheizen.", "350", "derived"),
        ("Normal is 37 °C [1].", "Normal body temperature: 98.6 °F", "37", "derived"),
        ("Fever starts at 39 °C [1].", "Normal body temperature: 98.6 °F", "39", "ungrounded"),
        # A bare number is no quantity, and a unit of another kind converts nothing.
        ("Es waren 68 Grad [1].", "Temperatur 20 °C", "68", "ungrounded"),
        ("Es waren 68 kg [1].", "Temperatur 20 °C", "68", "ungrounded"),
        # Metric units of one kind convert only exactly (units.py): 1.600 g are no "2 kg".
        ("Das sind 2 kg [1].", "Mehl: 1.600 g", "2", "ungrounded"),
        ("Das sind 1,6 kg [1].", "Mehl: 1.600 g", "1,6", "grounded"),
        # A German Pfund is 500 g, no pound: it converts nothing.
        ("Das sind 454 g [1].", "1 Pfund Mehl", "454", "ungrounded"),
    ],
)
def test_a_quantity_in_another_unit_is_derived_only_where_it_rounds_to_the_figure(
    answer: str, excerpt: str, figure: str, expected: str
) -> None:
    assert findings(answer, excerpt)[figure][0] == expected


def test_a_conversion_names_the_excerpt_s_quantity() -> None:
    status, message = findings("Es hatte 68 °F [1].", "Morgens 12 °C, mittags 20 °C")["68"]
    assert status == "derived"
    assert message == (
        'The number "68" is derived: "20 °C" converted to °F, which stand in excerpt [1].'
    )


def test_a_quantity_the_answer_computed_converts_too() -> None:
    # Blind probe 12: an odometer's difference in miles, then in kilometres.
    log = "01/04/2026  48,210     11.2\n02/02/2026  48,890     11.5"
    answer = "The odometer went from 48,210 to 48,890 [1], so you drove 680 miles — roughly {} km."
    assert findings(answer.format("1,094"), log)["1,094"][0] == "derived"
    assert findings(answer.format("1,200"), log)["1,200"][0] == "ungrounded"
