"""A counter's reading an answer computes as an excerpt's reading plus its interval."""

from __future__ import annotations

import pytest

from tests.checks.conftest import statuses

OIL = (
    "Last oil change: 2025-11-08 at 84,350 km\nOil: 0W-20 synthetic, 4.4 L\n"
    "Next service due: 10,000 km or 12 months, whichever comes first"
)
BIKE = (
    "Letzte Inspektion: 18.10.2025 bei 2.340 km\n"
    "Inspektionsintervall: alle 12 Monate oder 2.000 km\n"
    "Bremsbeläge hinten: 05.03.2026 erneuert"
)


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure", "expected"),
    [
        # Blind probes 14 and 16: the next service by its mileage, and by its date where
        # the excerpt holds two dates (the term's line names the inspection's).
        ("Your next oil change is due at 94,350 km [1].", OIL, "94,350", "derived"),
        ("Your next oil change is due at 94,530 km [1].", OIL, "94,530", "ungrounded"),
        ("Die nächste Inspektion ist bei 4.340 km fällig [1].", BIKE, "4.340", "derived"),
        ("Die nächste Inspektion ist spätestens am 18.10.2026 fällig [1].", BIKE, "18.10.2026",
         "derived"),
        ("Die nächste Inspektion ist spätestens am 05.03.2027 fällig [1].", BIKE, "05.03.2027",
         "ungrounded"),
        # Two readings add up to no reading: an interval's line names one.
        ("Du bist bei 4.680 km [1].", "Start: 2.340 km\nZiel: 2.340 km", "4.680", "ungrounded"),
        # A unit that counts nothing (kg) is no counter.
        ("Das sind 12.340 kg [1].", "Gewicht: 2.340 kg\nalle 10.000 kg wiegen", "12.340",
         "ungrounded"),
    ],
)  # fmt: skip
def test_a_reading_plus_the_excerpt_s_interval_is_derived(
    answer: str, excerpt: str, figure: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[figure] == expected


def test_the_last_reading_counts_and_a_shift_s_hours_are_no_counter() -> None:
    # A review: today's odometer is no base of the next service, the last service's is.
    log = "Letzter Service bei 84.350 km.\nAktueller Stand: 90.000 km.\nService alle 10.000 km"
    assert statuses("Der nächste Service ist bei 100.000 km fällig [1].", log)["100.000"] == (
        "ungrounded"
    )
    assert statuses("Der nächste Service ist bei 94.350 km fällig [1].", log)["94.350"] == (
        "derived"
    )
    assert statuses("Die Schicht dauert 10 h [1].", "Schicht: 8 h\nPause: alle 2 h")["10"] == (
        "ungrounded"
    )


def test_an_hour_meter_reads_hundreds_of_hours() -> None:
    # A second review: a machine's hour meter is a counter, a shift's hours are not.
    meter = "Stand: 1.250 h\nWartung alle 500 h"
    assert statuses("Die Wartung ist bei 1.750 h fällig [1].", meter)["1.750"] == "derived"


def test_a_reading_on_the_interval_s_own_line_comes_first() -> None:
    # Blind probe 15: a schedule's row names its first change and its interval; other rows'
    # readings are other items'.
    schedule = (
        "Item | Interval\nEngine oil & filter | 15,000 mi or 12 months\n"
        "Engine coolant | first at 150,000 mi, then every 75,000 mi"
    )
    answer = "The second coolant change comes at 225,000 miles [1]."
    assert statuses(answer, schedule)["225,000"] == "derived"
