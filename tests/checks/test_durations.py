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
