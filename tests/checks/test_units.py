"""A figure with a metric unit or a duration is also its quantity: 500 ml is 0,5 l."""

from __future__ import annotations

import pytest

from tests.checks.conftest import assert_linear
from verifier.checks.models import SourceText
from verifier.checks.numbers import check_numbers


def statuses(answer: str, excerpt: str) -> set[str]:
    return {f.status for f in check_numbers("", answer, [SourceText(1, excerpt)]).findings}


@pytest.mark.parametrize(
    ("answer", "excerpt", "expected"),
    [
        # Found by the probes: recipes, stock lists and work time in another unit.
        ("In den Teig kommen 500 ml Milch.", "250 g Mehl\n½ l Milch", {"grounded"}),
        ("Es sind 1.500 g Reis.", "Reis: 1,5 kg", {"grounded"}),
        ("The route is 2.5 km long.", "Route length: 2500 m", {"grounded"}),
        ("Die Arbeit dauerte 10 Stunden.", "Arbeitszeit: 600 min", {"grounded"}),
        ("Die Arbeit dauerte 90 Minuten.", "Arbeitszeit: 1,5 Std.", {"grounded"}),
        ("Es sind 1.250 g Reis.", "Reis: 1,5 kg", {"ungrounded"}),
        ("Die Arbeit dauerte 80 Minuten.", "Arbeitszeit: 1,5 Std.", {"ungrounded"}),
        # Metric tonnes (probe 12: "gut 2,2 Tonnen"), and spoons: a tablespoon is 3 teaspoons.
        ("Die Ernte: 2,5 Tonnen.", "Ernte 2.500 kg", {"grounded"}),
        ("Die Ernte: 2,5 Tonnen.", "Ernte 2.600 kg", {"ungrounded"}),
        ("Add 3 tsp of sugar.", "1 tbsp sugar", {"grounded"}),
        ("Dazu 2 EL Zucker.", "6 TL Zucker", {"grounded"}),
        ("Add 2 tbsp of sugar.", "2 cups sugar", {"wrong_unit"}),
        # Durations an excerpt says in words (probe 14: "eine halbe Stunde vor dem Frühstück").
        ("Mindestens 30 Minuten vorher.", "mindestens eine halbe Stunde vorher", {"grounded"}),
        ("Mindestens 20 Minuten vorher.", "mindestens eine halbe Stunde vorher", {"ungrounded"}),
        ("Let it rest for 90 minutes.", "Rest for an hour and a half.", {"grounded"}),
        ("Nach 15 Minuten umrühren.", "Nach einer Viertelstunde umrühren.", {"grounded"}),
        # Metric speeds (probe 31: a drone's "16 m/s"): one in the other's unit.
        ("Sie fliegt bis zu 57,6 km/h schnell.", "Max. Geschwindigkeit: 16 m/s", {"grounded"}),
        ("It flies at up to 16 m/s.", "Top speed: 57.6 km/h", {"grounded"}),
        ("Sie fliegt bis zu 57 km/h schnell.", "Max. Geschwindigkeit: 16 m/s", {"ungrounded"}),
        # Another dimension holds nothing: 1,5 kg is no 1.500 ml.
        ("Es sind 1500 ml Öl.", "Öl: 1,5 kg", {"ungrounded"}),
        # A unit's letter that is no unit: m² an area, km/h a speed, G no gram, 1000s a plural.
        ("Es sind 5.000 m².", "Fläche: 5 km²", {"ungrounded"}),
        ("Er fuhr 80.000 m/h.", "Tempo 80 km/h", {"ungrounded"}),
        ("Ein Netz mit 5000 Mbit.", "5G-Netz", {"ungrounded"}),
        ("1000s of customers", "1 s per customer", {"ungrounded"}),
    ],
)
def test_a_quantity_is_held_in_any_unit_of_its_kind(
    answer: str, excerpt: str, expected: set[str]
) -> None:
    assert statuses(answer, excerpt) == expected


@pytest.mark.parametrize(
    ("answer", "excerpt", "expected"),
    [
        # Compound durations, and a duration written like a clock time (a probe: blog stats).
        ("Abgerechnet wurden 3 Stunden 30 Minuten.", "Arbeitszeit 3,5 Std.", {"grounded"}),
        ("Verweildauer: 2 Minuten und 35 Sekunden.", "Verweildauer 2:35 min", {"grounded"}),
        ("Die Verweildauer lag bei 155 Sekunden.", "Verweildauer 2:35 min", {"grounded"}),
        ("Die Fahrt dauert 1 h 33 min.", "Fahrzeit 1:33 h", {"grounded"}),
        ("Abgerechnet wurden 3 Stunden 20 Minuten.", "Arbeitszeit 3,5 Std.", {"ungrounded"}),
        # A review: the other way round, h:mm:ss, and a clock time with "h".
        ("Die Arbeit dauerte 3,5 Stunden.", "Arbeitszeit 3 Stunden 30 Minuten", {"grounded"}),
        ("Die Fahrt dauert 93 Minuten.", "Fahrzeit 1 h 33 min", {"grounded"}),
        ("Es dauerte 62 Sekunden.", "Zeit 1:02:03 min", {"ungrounded"}),
        ("Die Veranstaltung dauert 14,5 Stunden.", "Beginn 14:30 h", {"ungrounded"}),
    ],
)  # fmt: skip
def test_a_compound_duration_is_read_whole(answer: str, excerpt: str, expected: set[str]) -> None:
    assert statuses(answer, excerpt) == expected


def test_a_long_run_of_spaces_between_two_durations_is_read_in_linear_time() -> None:
    # Found by a review: the gap pattern backtracked quadratically (64k spaces took 11 s).
    def work(n: int) -> None:
        statuses("Die Arbeit dauerte 2 Stunden.", "Arbeitszeit 2 h" + " " * n + "x 30 min")

    assert_linear(work, 50_000)
