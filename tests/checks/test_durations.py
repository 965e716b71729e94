"""Sums and differences of the answer's own durations, two-part ones read whole."""

from __future__ import annotations

import pytest

from tests.checks.conftest import statuses

LENOVO = "Im Akkutest hielt es bei Videowiedergabe 11 Stunden und 20 Minuten durch."
ACER = "Im Akkutest kam es bei Videowiedergabe auf 9 Stunden und 45 Minuten."
TRIP = "Hinfahrt: 2 Stunden 15 Minuten; Rückfahrt: 1 Stunde 50 Minuten"


@pytest.mark.parametrize(
    ("answer", "excerpts", "expected"),
    [
        # Blind probe 14: battery lives of two laptops compared.
        (
            "Das Lenovo hält 11 Stunden 20 Minuten [1], das Acer 9 Stunden 45 Minuten [2] – ein "
            "Unterschied von 1 Stunde 35 Minuten.",
            [LENOVO, ACER],
            {"1": "derived", "35": "derived"},
        ),
        (
            "Das Lenovo hält 11 Stunden 20 Minuten [1], das Acer 9 Stunden 45 Minuten [2] – ein "
            "Unterschied von 2 Stunden 35 Minuten.",
            [LENOVO, ACER],
            {"35": "ungrounded"},
        ),
        # Across a sentence, announced by a comparison.
        (
            "Das Acer hält 9 Stunden 45 Minuten [2]. Das Lenovo hält 11 Stunden 20 Minuten, also "
            "1 Stunde 35 Minuten länger [1].",
            [LENOVO, ACER],
            {"1": "derived", "35": "derived"},
        ),
        (
            "Hinfahrt 2 Stunden 15 Minuten, Rückfahrt 1 Stunde 50 Minuten [1], zusammen 4 Stunden "
            "5 Minuten.",
            [TRIP],
            {"4": "derived", "5": "derived"},
        ),
        (
            "Hinfahrt 2 Stunden 15 Minuten, Rückfahrt 1 Stunde 50 Minuten [1], zusammen 4 Stunden "
            "15 Minuten.",
            [TRIP],
            {"4": "ungrounded"},
        ),
        # Nothing announces a sum: two durations and a third make no arithmetic.
        (
            "Hinfahrt 2 Stunden 15 Minuten, Rückfahrt 1 Stunde 50 Minuten [1], Pause 4 Stunden "
            "5 Minuten.",
            [TRIP],
            {"4": "ungrounded"},
        ),
        # Durations with decimals are durations too ("3,3 s").
        (
            "Der neue beschleunigt in 3,3 s [1], also 1,3 s schneller als die 4,5 s des alten [2].",
            ["0-100 km/h: 3,3 s", "0-100 km/h: 4,5 s"],
            {"1,3": "ungrounded"},
        ),
    ],
)
def test_a_sum_or_difference_of_two_durations_is_derived(
    answer: str, excerpts: list[str], expected: dict[str, str]
) -> None:
    found = statuses(answer, *excerpts)
    assert {k: found[k] for k in expected} == expected


OVERTIME = (
    "KW   Überstunden (Min.)\n10   +95\n11   +140\n12   −30\n13   +115\n"
    "Übertrag: +3:20 Std.\nApril: 2 Stunden 35 Minuten"
)


@pytest.mark.parametrize(
    ("answer", "figure", "expected"),
    [
        # Blind probe 25: a total of minutes said again in hours and minutes, then the
        # account's carry-over "+3:20 Std." added, which is a duration, no time of day.
        ("Zusammen sind es +95, +140, −30 und +115 Minuten, insgesamt also 320 Minuten, das "
         "sind 5 Stunden 20 Minuten [1].", "5", "derived"),
        ("Zusammen sind es +95, +140, −30 und +115 Minuten, insgesamt also 320 Minuten, das "
         "sind 5 Stunden 30 Minuten [1].", "5", "ungrounded"),
        ("Mit 2 Stunden 35 Minuten und dem Übertrag von 3:20 Std. kommst du zusammen auf 5 "
         "Stunden 55 Minuten [1].", "55", "derived"),
        ("Mit 2 Stunden 35 Minuten und dem Übertrag von 3:20 Std. kommst du zusammen auf 5 "
         "Stunden 50 Minuten [1].", "50", "ungrounded"),
    ],
)  # fmt: skip
def test_a_duration_said_again_and_hours_with_their_unit(
    answer: str, figure: str, expected: str
) -> None:
    assert statuses(answer, OVERTIME)[figure] == expected
