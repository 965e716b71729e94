"""A weekday beside a full date must be that date's: the calendar is code's to check."""

from __future__ import annotations

import pytest

from tests.checks.conftest import statuses
from verifier.checks.models import SourceText
from verifier.checks.numbers import check_numbers
from verifier.pipeline import verify_case

APPOINTMENT = [SourceText(1, "TÜV-Termin: Mittwoch, 03.06.2026, 07:45 Uhr bei der DEKRA")]


def reasons(answer: str) -> list[tuple[str, str]]:
    verdict = verify_case("Wann ist der TÜV-Termin?", answer, APPOINTMENT)
    assert verdict.flagged == bool(verdict.reasons)
    return [(r.kind, r.text) for r in verdict.reasons]


@pytest.mark.parametrize(
    ("answer", "weekday"),
    [
        ("Der Termin ist am Donnerstag, 3. Juni 2026 [1].", "Donnerstag"),
        ("Der Termin ist am Do., 03.06.2026 [1].", "Do"),
        ("The appointment is on Friday, June 3, 2026 [1].", "Friday"),
        ("Termin: 03.06.2026 (Dienstag) [1]", "Dienstag"),
        ("Am Donnerstag, dem 3. Juni 2026 [1].", "Donnerstag"),
        ("Termin: **Donnerstag**, 3. Juni 2026 [1]", "Donnerstag"),
        ("Donnerstag (3. Juni 2026) [1]", "Donnerstag"),
        ("Der 3. Juni 2026, ein Donnerstag [1].", "Donnerstag"),
        ("Thu, June 3, 2026 [1]", "Thu"),
        # Found by a probe: tables and lists write Mo–Sa bare; German's apposition is dative.
        ("| Do, 03.06.2026 | 07:45 Uhr | [1]", "Do"),
        ("**Do 03.06.2026** [1]", "Do"),
        ("Am 3. Juni 2026, einem Donnerstag [1].", "Donnerstag"),
    ],
)
def test_a_weekday_the_date_does_not_fall_on_is_flagged(answer: str, weekday: str) -> None:
    assert reasons(answer) == [("wrong_weekday", weekday)]


def test_the_finding_says_which_day_it_is() -> None:
    verdict = verify_case("?", "Am Donnerstag, 3. Juni 2026 [1].", APPOINTMENT)
    (reason,) = verdict.reasons
    assert reason.message_de == "Der 3. Juni 2026 ist ein Mittwoch, kein Donnerstag."
    assert reason.message_en == '"3. Juni 2026" is a Wednesday, not a Thursday.'


@pytest.mark.parametrize(
    "answer",
    [
        "Der Termin ist am Mittwoch, 3. Juni 2026 [1].",
        "am Mittwoch, den 3.6.2026 [1]",
        "Termin: 03.06.2026 (Mi) [1]",
        "Wednesday, the 3rd of June 2026 [1]",
        "So 3. Juni 2026 wäre zu spät [1].",  # "So" without its dot is a word of its own
        "Am Donnerstag ging es los; der Termin ist am 3. Juni 2026 [1].",  # not beside it
        "So, June 3, 2026 is the date [1].",  # "So," is a word, not Sonntag
        "Er kam am Dienstag. 3. Juni 2026 war der Termin [1].",  # a sentence ends there
        "Termin: **Mi.**, 03.06.2026 [1]",
    ],
)
def test_a_right_or_unrelated_weekday_is_not_flagged(answer: str) -> None:
    assert reasons(answer) == []


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        # Found by a probe: a date without its year takes the excerpt's year.
        ("Der Termin ist am Donnerstag, den 3. Juni [1].", True),
        ("Der Termin ist am Do., 03.06. [1].", True),
        ("Der Termin ist am Mittwoch, den 3. Juni [1].", False),
        ("The appointment is on Wednesday, June 3 [1].", False),
    ],
)
def test_a_date_without_its_year_is_checked_in_the_excerpts_year(
    answer: str, flagged: bool
) -> None:
    assert bool(reasons(answer)) == flagged


def test_a_date_without_a_year_that_the_excerpts_hold_in_two_years_is_not_checked() -> None:
    two_years = [SourceText(1, "Termine: Mi, 03.06.2026 und Do, 03.06.2027")]
    verdict = verify_case("?", "Am Donnerstag, 3. Juni [1].", two_years)
    assert not verdict.flagged


def test_only_an_appointment_s_year_is_taken_not_a_birthday_s() -> None:
    # Found by a review: "geboren am 03.06.1990" made "Mittwoch, den 3. Juni" a Sunday.
    birthday = [SourceText(1, "Max, geboren am 03.06.1990")]
    assert not verify_case("?", "Max feiert am Mittwoch, den 3. Juni [1].", birthday).flagged
    monday = [SourceText(1, "Zahnarzt: Montag, 01.06.2026, 9 Uhr")]
    assert verify_case("?", "Am Dienstag, den 1. Juni [1].", monday).flagged
    assert not verify_case("?", "Am Montag, den 1. Juni [1].", monday).flagged


def test_a_weekday_range_s_end_is_not_the_weekday_of_its_start() -> None:
    # Found by a review: "Mo–Do, 13.04.2026–16.04.2026" read Do as 13.04.'s weekday.
    course = [SourceText(1, "Kurs Mo–Do, 13.04.2026–16.04.2026")]
    assert not verify_case("?", "Kurs: Mo–Do, 13.04.2026–16.04.2026 [1].", course).flagged
    assert verify_case("?", "Kurs: Do, 13.04.2026 [1].", course).flagged


POOL = (
    "Community Pool — Summer 2026 Hours\nOpening day: Saturday, May 23\n"
    "Closed for maintenance: Monday, July 6\n"
)


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        # Blind probe 13: a date without its year, which the excerpt names with its weekday.
        ("It's closed for maintenance on Tuesday, July 6 [1].", {"wrong_weekday", "grounded"}),
        ("It's closed for maintenance on Monday, July 6 [1].", {"grounded"}),
        ("It opens on Saturday, May 23 [1].", {"grounded"}),
        ("It opens on Sunday, May 23 [1].", {"wrong_weekday", "grounded"}),
        # A day the excerpts name no weekday for is left alone.
        ("We meet on Friday, July 10 [1].", {"ungrounded"}),
    ],
)
def test_a_weekday_the_excerpts_name_for_a_date_without_its_year(
    answer: str, expected: set[str]
) -> None:
    assert set(statuses(answer, POOL).values()) == expected


def test_a_weekday_range_s_end_names_no_day_in_words_either() -> None:
    # A review: "Monday to Friday, July 6 to July 10" named July 6 a Friday.
    assert (
        "wrong_weekday"
        not in statuses(
            "Monday, July 6 is the first day [1].", "Open Monday to Friday, July 6 to July 10"
        ).values()
    )


def test_a_yearless_date_takes_the_year_of_the_excerpts_date_that_is_no_birth() -> None:
    # Blind probe 14: a flight's date without a weekday beside it dates the answer's
    # "Samstag, 24. Juli" (a Friday in 2026).
    flight = "Hinflug:  EW 7584  Köln/Bonn (CGN) → Palma (PMI)\n          24.07.2026  06:05 – 08:20"
    stage = check_numbers("", "Du fliegst am Samstag, 24. Juli [1].", [SourceText(1, flight)])
    assert [(f.status, f.text) for f in stage.findings if f.status != "grounded"] == [
        ("wrong_weekday", "Samstag")
    ]
    assert not check_numbers(
        "", "Du fliegst am Freitag, 24. Juli [1].", [SourceText(1, flight)]
    ).flagged
    # A birth's year is not the year of this year's birthday party.
    born = "Lena, geboren am 24.07.2015"
    assert not check_numbers(
        "", "Die Feier ist am Samstag, 24. Juli [1].", [SourceText(1, born)]
    ).flagged
    # Two years for the day: none is the answer's.
    two = "Sommerfest 24.07.2025\nSommerfest 24.07.2026"
    assert not check_numbers(
        "", "Das Fest ist am Samstag, 24. Juli [1].", [SourceText(1, two)]
    ).flagged


def test_an_older_year_or_the_excerpts_own_weekday_comes_before_an_event_s_year() -> None:
    # A review: an invoice's or a membership's older year dates no event of this year, and
    # a weekday the excerpt names beside the day is the one to check against.
    named = "Rechnung vom 24.07.2023\nHinflug: Freitag, 24. Juli"
    assert not check_numbers(
        "", "Der Flug geht am Freitag, 24. Juli [1].", [SourceText(1, named)]
    ).flagged
    member = "Mitglied seit 24.07.2021. Sommerfest 2026 am 24. Juli."
    assert not check_numbers(
        "", "Das Fest ist am Freitag, 24. Juli [1].", [SourceText(1, member)]
    ).flagged


def test_a_fixture_list_s_bare_english_abbreviation_names_its_day() -> None:
    # Blind probe 22: "Sun 22 Mar" in a table of fixtures, the answer's "Saturday 22 March".
    fixtures = (
        "Date         KO     Opponent\nSat 14 Mar   09:30  Stanmore\nSun 22 Mar   11:00  Pinner"
    )
    assert statuses("The cup match is on Saturday 22 March [1].", fixtures)["Saturday"] == (
        "wrong_weekday"
    )
    assert "Sunday" not in statuses("The cup match is on Sunday 22 March [1].", fixtures)
    # Lower case, it is a word: "sat 22 March" names no day.
    assert "Saturday" not in statuses("It is on Saturday 22 March [1].", "we sat 22 Mar")


CLUB = (
    "Hillcrest Swim Club — 2026 Summer Membership\n"
    "Pool opens Saturday, May 23; closes Monday, September 7\n"
    "Swim team tryouts: May 26–28, 4:00–6:00 PM"
)
REHEARSAL = "Probe 13.04.2026 bis 16.04.2026"


def _wrong_weekdays(answer: str, excerpt: str) -> list[tuple[str, str]]:
    stage = check_numbers("", answer, [SourceText(1, excerpt)])
    return [(f.text, f.value) for f in stage.findings if f.status == "wrong_weekday"]


@pytest.mark.parametrize(
    ("answer", "excerpt", "expected"),
    [
        # Blind probe 28: a day without a year under a heading of the excerpts' latest year.
        ("Tryouts start Wednesday, May 26 [1].", CLUB, [("Wednesday", "2026-05-26")]),
        ("Tryouts start Tuesday, May 26 [1].", CLUB, []),
        # A range of weekdays before a range of days: each end has its weekday.
        ("Tryouts run Wednesday through Friday, May 26–28 [1].", CLUB,
         [("Wednesday", "2026-05-26"), ("Friday", "2026-05-28")]),
        ("Tryouts run Tuesday through Friday, May 26–28 [1].", CLUB, [("Friday", "2026-05-28")]),
        ("Tryouts run Tuesday through Thursday, May 26–28 [1].", CLUB, []),
        ("Die Probe ist Di–Do, 13.–16.04.2026 [1].", REHEARSAL, [("Di", "2026-04-13")]),
        ("Die Probe ist Mo–Fr, 13.–16.04.2026 [1].", REHEARSAL, [("Fr", "2026-04-16")]),
        ("Die Probe ist Mo–Do, 13.–16.04.2026 [1].", REHEARSAL, []),
        # A range into the next month gives its end's day no month (a review).
        ("The festival runs Friday to Monday, 29 May – 1 June 2026 [1].",
         "Festival 29.05.2026 - 01.06.2026", []),
        ("Das Fest ist Fr–Mo, 29. Mai – 1. Juni 2026 [1].", "Fest 29.05.2026 - 01.06.2026", []),
        # Without a range of days the last weekday of a range is no date's own.
        ("Die Probe ist Mo–Do, 13.04.2026 [1].", REHEARSAL, []),
    ],
)  # fmt: skip
def test_a_weekday_range_and_a_heading_s_year(
    answer: str, excerpt: str, expected: list[tuple[str, str]]
) -> None:
    assert _wrong_weekdays(answer, excerpt) == expected


def test_a_heading_s_year_only_where_no_other_year_heads_the_day() -> None:
    # A review: Dec 24 stands under 2025 in one excerpt and under 2026 in another.
    texts = [
        SourceText(1, "Holiday hours 2025\nDec 24: closed all day"),
        SourceText(2, "Planning 2026\nDec 24: team party"),
    ]
    stage = check_numbers("", "The shop is closed on Wednesday, Dec 24 [1].", texts)
    assert [f for f in stage.findings if f.status == "wrong_weekday"] == []
