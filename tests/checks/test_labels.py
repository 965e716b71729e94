"""A number the answer gives under another label than the excerpt's."""

from __future__ import annotations

import pytest

from tests.checks.conftest import statuses
from verifier.checks.models import SourceText
from verifier.checks.numbers import check_numbers

TICKET = "ICE 578, 23.04.2026\nWagen 26, Platz 71, Großraum, Fenster"
PILLS = (
    "Metoprolol succinate 50 mg   1x daily (morning)\n"
    "Metformin 1000 mg            2x daily with meals"
)


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure", "expected"),
    [
        # Blind probe 15: a reservation's car and seat swapped.
        ("Du sitzt in Wagen 71 auf Platz 26 [1].", TICKET, "71", "wrong_line"),
        ("Du sitzt in Wagen 26 auf Platz 71 [1].", TICKET, "71", "grounded"),
        ("Your table is Table 8 [1].", "Table 5: Smith family\nGroup 8: kids", "8",
         "wrong_line"),
        # Blind probe 11: another drug's strength.
        ("His morning pill is metformin 50 mg [1].", PILLS, "50", "wrong_line"),
        # The excerpt labels nothing with the answer's word: nothing to swap.
        ("Gate 12 boards at 9:40 [1].", "Flight LH 400, Gate B12, boarding 9:40", "12",
         "grounded"),
        # Steps, dates and years are labelled by no word.
        ("For Method 2, open Firefox [1].", "Method 1 of 2. Step 1: Open Settings. Step 2: ...",
         "2", "grounded"),
        ("Born 1966 in Ohio [1].", "She was born 8 August 1966 in Ohio.", "1966", "grounded"),
    ],
)  # fmt: skip
def test_a_number_under_another_label_is_a_wrong_line(
    answer: str, excerpt: str, figure: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[figure] == expected


def test_the_reviewer_is_told_both_labels() -> None:
    stage = check_numbers("", "Du sitzt in Wagen 71 [1].", [SourceText(1, TICKET)])
    (finding,) = stage.findings
    assert finding.message_en == '"Wagen 71": excerpt [1] gives "71" as Platz and Wagen as 26.'
    assert finding.message_de == "„Wagen 71“: Auszug [1] nennt „71“ als Platz und Wagen 26."


@pytest.mark.parametrize(
    ("answer", "excerpts", "figure"),
    [
        # A review: an excerpt the sentence cites writes the answer's pair; a verb and the
        # answer's own numbering are no labels.
        ("Auf der Rückfahrt habt ihr Platz 26 [2].",
         ["Hinfahrt: Wagen 26, Platz 71", "Rückfahrt: Wagen 5, Platz 26"], "26"),
        ("You booked 3 children's tickets [1].", ["Tickets booked: 2 adults\nChildren: 3"], "3"),
        ("Siehe Frage 2 [1].", ["Frage 1: ja\nAntwort 2: nein"], "2"),
    ],
)  # fmt: skip
def test_a_pair_an_excerpt_writes_a_verb_or_a_question_s_number_is_no_swap(
    answer: str, excerpts: list[str], figure: str
) -> None:
    assert statuses(answer, *excerpts)[figure] == "grounded"
