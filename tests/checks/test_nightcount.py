"""A count of nights that the two dates of a stay in its sentence contradict."""

from __future__ import annotations

import pytest

from tests.checks.conftest import statuses
from verifier.checks.models import SourceText
from verifier.checks.numbers import check_numbers

BOOKING = "Check-in: Thursday, 2026-07-09 (from 3:00 pm)\nCheck-out: Monday, 2026-07-13"
HOTEL = "Anreise: Di, 28.12.2026\nAbreise: So, 03.01.2027\n5 Übernachtungen"


@pytest.mark.parametrize(
    ("answer", "excerpt", "count", "expected"),
    [
        # Blind probe 15: five nights in words, and the stay's dates four apart.
        ("You're booked for five nights, checking in on Thursday, July 9 and checking out on "
         "Monday, July 13, 2026 [1].", BOOKING, "five", "wrong_count"),
        ("You're booked for four nights, checking in on Thursday, July 9 and checking out on "
         "Monday, July 13, 2026 [1].", BOOKING, "four", "derived"),
        # Blind probe 16: both dates without their year.
        ("You're booked for five nights, checking in on Thursday, March 12 and leaving on "
         "Monday, March 16 [1].", "Check-in: Thursday, March 12\nCheck-out: Monday, March 16",
         "five", "wrong_count"),
        # Over the new year, a count the excerpt holds as a number, and a yearless date.
        ("Ihr bleibt 5 Nächte, Anreise am 28.12.2026, Abreise am 03.01. [1].", HOTEL, "5",
         "wrong_count"),
        ("Ihr bleibt 6 Nächte, Anreise am 28.12.2026, Abreise am 03.01. [1].", HOTEL, "6",
         "derived"),
    ],
)  # fmt: skip
def test_a_count_of_nights_the_stay_s_dates_contradict(
    answer: str, excerpt: str, count: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[count] == expected


def test_without_a_word_of_a_stay_or_with_more_dates_no_count_is_read() -> None:
    # Two dates that are no stay: booked on one day for a stay starting on another.
    booked = "Gebucht am 02.03.2026: 3 Nächte, Anreise 12.03.2026"
    answer = "Am 2. März hast du 3 Nächte für den 12. März gebucht [1]."
    assert statuses(answer, booked)["3"] == "grounded"
    # Four dates: two stays in one sentence, each count its own.
    trip = "Rom 12.05.–14.05.2026, Florenz 14.05.–17.05.2026"
    answer = "Von 12.05. bis 14.05.2026 zwei Nächte in Rom, von 14.05. bis 17.05.2026 drei [1]."
    stage = check_numbers("", answer, [SourceText(1, trip)])
    assert not any(f.status == "wrong_count" for f in stage.findings)


def test_the_reviewer_is_told_how_many_nights_the_dates_make() -> None:
    answer = (
        "You're booked for five nights, checking in on Thursday, July 9 and checking out on "
        "Monday, July 13, 2026 [1]."
    )
    (finding,) = [
        f for f in check_numbers("", answer, [SourceText(1, BOOKING)]).findings if f.text == "five"
    ]
    assert finding.message_en == '"five" nights, but from July 9 to July 13, 2026 are 4 nights.'
    assert finding.excerpts == [1]


@pytest.mark.parametrize(
    ("answer", "excerpt", "count", "expected"),
    [
        # A review: a booking's or a cancellation's date is no end of the stay, the dates may
        # come in either order, two stays' counts are each their own, and "Nacht" counts.
        ("Gebucht am 1. März, für 3 Nächte ab der Anreise am 12. März [1].",
         "Gebucht: 01.03.2026; Anreise 12.03.2026, 3 Nächte", "3", "grounded"),
        ("Stornierung bis 1. Juli kostenlos; eure 4 Nächte beginnen mit der Anreise am 9. Juli "
         "[1].", "Storno bis 01.07.2026; Anreise 09.07.2026; 4 Nächte", "4", "grounded"),
        ("Check-out is July 13, check-in was July 9: 5 nights [1].",
         "Check-in 2026-07-09, check-out 2026-07-13, 5 nights", "5", "wrong_count"),
        ("Hotel A vom 3. Mai bis 5. Mai (2 Nächte), danach 3 Nächte in Hotel B [1].",
         "Hotel A 03.05.2026-05.05.2026; Hotel B 3 Nächte", "3", "grounded"),
        ("Ihr bleibt 1 Nacht, vom 3. Mai bis 5. Mai [1].", "Hotel 03.05.2026 bis 05.05.2026",
         "1", "wrong_count"),
    ],
)  # fmt: skip
def test_only_a_stay_s_arrival_and_departure_count(
    answer: str, excerpt: str, count: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[count] == expected


def test_a_bare_and_or_to_marks_a_departure_only_right_before_its_date() -> None:
    # A second review: "and the concert is on March 14" names no departure.
    answer = "4 nights: you arrive March 12 and the concert is on March 14 [1]."
    assert statuses(answer, "Arrival 2026-03-12, 4 nights; concert 2026-03-14")["4"] == "grounded"
    answer = "5 nights from March 12 to Monday, March 16 [1]."
    assert statuses(answer, "Arrival 2026-03-12; departure 2026-03-16")["5"] == "wrong_count"
