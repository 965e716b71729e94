"""Ages the answer computes from a birth date of an excerpt (verifier/checks/ages.py)."""

from __future__ import annotations

import pytest

from tests.checks.conftest import statuses
from verifier.checks.models import SourceText
from verifier.checks.numbers import check_numbers

CLUB = (
    "Jahreshauptversammlung am Freitag, 20.03.2026, 19:30 Uhr\n"
    "– 50 Jahre Mitgliedschaft: Heinz Obermaier (geb. 12.09.1951)"
)
FAMILY = (
    "Geburtstage Familie Brenner\n- Opa Werner: 11.02.1944\n- Oma Hilde: 23.08.1946\n"
    "Fest: 22.08.2026"
)
CAMP = "Teilnehmerin: Leonie Maurer, geb. 17.08.2013\nFreizeit: Zeltlager, 02.08.–09.08.2026"


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure", "expected"),
    [
        # Blind probe 26: the age on a date of the sentence, and the birthday of that year.
        ("Er ist am 20. März 2026 74 Jahre alt – seinen 75. Geburtstag feiert er erst im "
         "September [1].", CLUB, "74", "derived"),
        ("Er ist am 20. März 2026 74 Jahre alt – seinen 75. Geburtstag feiert er erst im "
         "September [1].", CLUB, "75", "derived"),
        # A day and month without a year take the year of the excerpt's other dates.
        ("Leonie ist am 2. August 12 Jahre alt [1].", CAMP, "12", "derived"),
        # One year off: her birthday comes after the camp's start.
        ("Leonie ist am 2. August 2026 13 Jahre alt [1].", CAMP, "13", "ungrounded"),
        ("Er ist am 20. März 2026 75 Jahre alt [1].", CLUB, "75", "ungrounded"),
        # Blind probe 27: the birth date the sentence itself states, from a list of birthdays.
        ("Am 22. August 2026 ist Oma Hilde noch 79 Jahre alt: Sie ist am 23.08.1946 geboren "
         "[1].", FAMILY, "79", "derived"),
        ("Am 22. August 2026 ist Oma Hilde schon 80 Jahre alt: Sie ist am 23.08.1946 geboren "
         "[1].", FAMILY, "80", "ungrounded"),
        # No word of age: a count of years is no age.
        ("Am 20. März 2026 sind es 74 Jahre [1].", CLUB, "74", "ungrounded"),
    ],
)  # fmt: skip
def test_an_age_from_a_birth_date(answer: str, excerpt: str, figure: str, expected: str) -> None:
    assert statuses(answer, excerpt)[figure] == expected


def test_an_age_counted_to_the_question_s_today() -> None:
    question = "Heute ist der 1. Juli 2026. Wie alt ist Leonie?"
    stage = check_numbers(question, "Leonie ist heute 12 Jahre alt [1].", [SourceText(1, CAMP)])
    (finding,) = [f for f in stage.findings if f.text == "12"]
    assert finding.status == "derived"
    assert "17.08.2013" in finding.message_en


def test_an_age_is_one_person_s_and_from_a_birth_date_only() -> None:
    # A review: another person's birth date, or a date a clause after "born", gives no age.
    family = (
        "Geburtsdaten:\n- Opa Werner, geb. 11.02.1944\n- Oma Hilde, geb. 23.08.1946\n"
        "Fest: 22.08.2026"
    )
    assert statuses("Am 22. August 2026 ist Oma Hilde 82 Jahre alt [1].", family)["82"] == (
        "ungrounded"
    )
    assert statuses("Am 22. August 2026 ist Oma Hilde 79 Jahre alt [1].", family)["79"] == (
        "derived"
    )
    joined = "Born in Leeds in 1951; joined on 12.09.1985"
    assert statuses("On 1 March 2026 he is 40 years old [1].", joined)["40"] == "ungrounded"
    invitation = "Einladung zum 60. Geburtstag am 20.03.2026, 18 Uhr"
    assert statuses("Am 20.03.2026 ist er 0 Jahre alt [1].", invitation)["0"] == "ungrounded"
