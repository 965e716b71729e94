"""A total time added up over a column of durations."""

from __future__ import annotations

import pytest

from tests.checks.conftest import assert_linear, statuses
from verifier.checks.timecolumns import _columns

RUNS = (
    "Datum   Art            Distanz   Zeit      Ø Pace\n"
    "Mo 16.  Dauerlauf      8,2 km    46:10     5:38 /km\n"
    "Mi 18.  Locker         5,0 km    30:05     6:01 /km\n"
    "So 22.  Langer Lauf    16,1 km   1:37:20   6:03 /km\n"
)


@pytest.mark.parametrize(
    ("answer", "result", "expected"),
    [
        # Blind probes 21 and 22: the log's times added up, its paces no column of them.
        ("Reine Laufzeit waren zusammen 2:53:35 [1].", "2:53:35", "derived"),
        ("Die Laufzeiten summieren sich auf 2:53:35 Stunden [1].", "2:53:35", "derived"),
        ("Reine Laufzeit waren zusammen 2:53:45 [1].", "2:53:45", "ungrounded"),
        # Without a word of a total a time is no column's sum.
        ("Die Laufzeit war 2:53:35 [1].", "2:53:35", "ungrounded"),
        # A run of the rows is no whole column.
        ("Zusammen liefst du am Montag und Mittwoch 1:16:15 [1].", "1:16:15", "ungrounded"),
    ],
)  # fmt: skip
def test_a_total_time_is_the_sum_of_a_column_of_durations(
    answer: str, result: str, expected: str
) -> None:
    assert statuses(answer, RUNS)[result] == expected


def test_clock_times_rates_and_a_total_line_are_no_cells() -> None:
    log = (
        "Start 07:30 Uhr, lap 1 4:10, lap 2 4:20\n"
        "Start 08:00 Uhr, lap 1 4:05, lap 2 4:15 (pace 4:12 /km)\n"
        "Gesamt 16:50\n"
    )
    assert _columns(log) == [(8 * 60 + 15, "4:10", "4:05"), (8 * 60 + 35, "4:20", "4:15")]


def test_reading_the_columns_is_linear() -> None:
    assert_linear(lambda n: _columns(RUNS * n), 2_000)
