"""Durations the excerpts' clock times imply: a shift less its break, a journey, their total."""

from __future__ import annotations

import pytest

from tests.checks.conftest import assert_linear, statuses

TIMESHEET = (
    "Arbeitszeiterfassung KW 16 – T. Krüger\n"
    "Mo 13.04.: 08:00–16:30, Pause 30 min\n"
    "Di 14.04.: 08:15–17:00, Pause 45 min\n"
    "Mi 15.04.: 07:45–15:45, Pause 30 min\n"
    "Do 16.04.: Urlaub\n"
    "Fr 17.04.: 08:00–13:00, keine Pause"
)
FLIGHT = "Abflug: 10:05 Frankfurt\nAnkunft: 12:20 Lissabon"
SHEET = (
    "| Tag | Datum      | Beginn | Ende  | Pause |\n|-----|------------|--------|-------|-------|\n"
    "| Mo  | 09.03.2026 | 7:00   | 16:00 | 1:00  |\n| Di  | 10.03.2026 | 7:00   | 15:30 | 0:30  |\n"
    "| Mi  | 11.03.2026 | 7:30   | 12:30 | 0:00  |"
)
LOG = "| Date | Start | End | Task |\n|---|---|---|---|\n| Mon 2 Mar | 09:15 | 12:45 | Layout |"


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure", "expected"),
    [
        # Blind probe 10: a week's hours, day by day and in all, without the breaks.
        ("Am Mittwoch hat er 7,5 Stunden gearbeitet [1].", TIMESHEET, "7,5", "derived"),
        ("Am Mittwoch hat er 8 Stunden anwesend [1].", TIMESHEET, "8", "derived"),
        ("Am Mittwoch hat er 6,5 Stunden gearbeitet [1].", TIMESHEET, "6,5", "ungrounded"),
        ("Ohne Pausen kommt er auf 28,5 Stunden [1].", TIMESHEET, "28,5", "derived"),
        ("Mit Pausen war er 30,25 Stunden da [1].", TIMESHEET, "30,25", "derived"),
        ("Ohne Pausen kommt er auf 29,5 Stunden [1].", TIMESHEET, "29,5", "ungrounded"),
        # Probe 9: a journey from two lines in a row, in hours and minutes.
        ("Der Flug dauert 2 Stunden und 15 Minuten [1].", FLIGHT, "15", "derived"),
        ("Der Flug dauert 135 Minuten [1].", FLIGHT, "135", "derived"),
        ("Der Flug dauert 2 Stunden und 25 Minuten [1].", FLIGHT, "25", "ungrounded"),
        # Opening hours as a range with "bis" and "Uhr".
        ("Die Praxis hat 9 Stunden geöffnet [1].", "Mo–Fr 8 bis 17 Uhr", "9", "derived"),
        ("Die Praxis hat 10 Stunden geöffnet [1].", "Mo–Fr 8 bis 17 Uhr", "10", "ungrounded"),
        # Blind probe 19: a time sheet's row, its start and end in cells side by side, less
        # the break of a third cell (a sheet with a break column counts only the time worked:
        # 9 hours on Monday was an answer's error, which left the breaks in).
        ("Am Montag waren es 8 Stunden [1].", SHEET, "8", "derived"),
        ("Am Montag waren es 9 Stunden [1].", SHEET, "9", "ungrounded"),
        ("Insgesamt sind das 21 Stunden [1].", SHEET, "21", "derived"),
        ("Insgesamt sind das 22,5 Stunden [1].", SHEET, "22,5", "ungrounded"),
        ("You logged 3.5 hours on 2 March [1].", LOG, "3.5", "derived"),
        ("You logged 4 hours on 2 March [1].", LOG, "4", "ungrounded"),
        # Clock times of lines that are no pair (a third time between) make no span.
        ("Das dauert 4 Stunden [1].", "Start 08:00\nPause 10:00\nEnde 12:00", "4", "ungrounded"),
    ],
)
def test_a_duration_from_the_excerpts_clock_times_is_derived(
    answer: str, excerpt: str, figure: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[figure] == expected


def test_only_the_cited_excerpt_s_clock_times_count() -> None:
    answer = "Der Flug dauert 135 Minuten [2]."
    assert statuses(answer, FLIGHT, "Check-in ab 08:00")["135"] == "ungrounded"
    assert statuses(answer, "Check-in ab 08:00", FLIGHT)["135"] == "derived"


def test_long_runs_of_digits_and_ranges_on_one_line_read_in_linear_time() -> None:
    # A review: the break's pattern retried every digit of a run, once per range of a line.
    def work(n: int) -> None:
        statuses("Das dauert 8 Stunden [1].", "Mo 08:00–16:30, Pause 30 min " + "9" * n)
        statuses("Das dauert 8 Stunden [1].", "08:00–16:30 " * (n // 12))

    assert_linear(work, 2_500)


SHEET = (
    "Mon 09/03  09:00–17:30  break 30m\nTue 10/03  08:30–16:00  break 30m\n"
    "Fri 13/03  09:00–13:00  no break"
)
EXPORT = (
    "Datum;Tag;Beginn;Ende;Pause (min);Bemerkung\n09.03.;Mo;08:00;16:30;30;\n"
    "11.03.;Mi;09:00;13:00;0;Arzttermin\n13.03.;Fr;08:00;14:30;30;"
)


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure", "expected"),
    [
        # Blind probe 25: a break in "30m", and the bare terms of a sum written out in hours.
        ("After breaks that's 8 + 7.5 + 4 = 19.5 hours [1].", SHEET, "8", "derived"),
        ("After breaks that's 8 + 7 + 4 = 19 hours [1].", SHEET, "7", "derived"),
        ("After breaks that's 8 + 7 + 4 = 19 hours [1].", SHEET, "19", "derived"),
        ("After breaks that's 8 + 6 + 4 = 18 hours [1].", SHEET, "6", "ungrounded"),
        # Blind probe 21: a semicolon export's start and end cells, its break column in minutes.
        ("Montag 8 Stunden, Mittwoch 4 und Freitag 6 Stunden, zusammen 18 Stunden [1].",
         EXPORT, "8", "derived"),
        ("Montag 8 Stunden, Mittwoch 4 und Freitag 6 Stunden, zusammen 18 Stunden [1].",
         EXPORT, "18", "derived"),
        ("Montag 7 Stunden [1].", EXPORT, "7", "ungrounded"),
    ],
)  # fmt: skip
def test_time_sheets_breaks_in_short_and_in_a_column_and_sums_in_hours(
    answer: str, excerpt: str, figure: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[figure] == expected


def test_a_break_column_is_the_one_its_header_names() -> None:
    # A review: a project number in the cell after the end is no break.
    sheet = (
        "Datum;Beginn;Ende;Projekt;Pause (min)\n09.03.;08:00;16:30;42;30\n10.03.;08:00;15:00;17;30"
    )
    assert statuses("Montag 7 Stunden 48 Minuten [1].", sheet)["48"] == "ungrounded"
    assert statuses("Montag 8 Stunden [1].", sheet)["8"] == "ungrounded"
    assert statuses("Montag 8,5 Stunden [1].", sheet)["8,5"] == "derived"
    right = "Datum;Beginn;Ende;Pause (min);Projekt\n09.03.;08:00;16:30;30;42"
    assert statuses("Montag 8 Stunden [1].", right)["8"] == "derived"


def test_a_break_header_with_a_long_run_of_spaces_is_read_in_linear_time() -> None:
    assert_linear(lambda n: statuses("Es waren 8 Stunden [1].", "Pause" + " " * n + "x"), 2_000)
