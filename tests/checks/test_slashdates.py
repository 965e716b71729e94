"""A document's slash dates read in the one order its unambiguous dates prove."""

from __future__ import annotations

import pytest

from tests.checks.conftest import statuses
from verifier.checks.slashdates import slash_order

US_RECEIPT = "Checked out: 03/28/2026 4:12 PM\nAtomic Habits   Due: 04/11/2026"
UK_RECEIPT = "Issued: 28/03/2026\nAtomic Habits   Due: 04/11/2026"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (US_RECEIPT, "md"),
        (UK_RECEIPT, "dm"),
        ("Due: 04/11/2026", None),  # nothing proves an order
        ("Out 03/28/2026, in 28/03/2026", None),  # both: a mixed document proves none
        ("Score 13/05 and 3/14", None),  # no full dates: fractions and scores prove nothing
    ],
)
def test_the_order_a_document_proves(text: str, expected: str | None) -> None:
    assert slash_order(text) == expected


@pytest.mark.parametrize(
    ("answer", "excerpt", "expected"),
    [
        # Blind probe 21: a US library receipt's 04/11/2026 is April 11 only.
        ("It is due on November 4, 2026 [1].", US_RECEIPT, "ungrounded"),
        ("It is due on April 11, 2026 [1].", US_RECEIPT, "grounded"),
        ("It is due on 4 November 2026 [1].", UK_RECEIPT, "grounded"),
        ("It is due on 11 April 2026 [1].", UK_RECEIPT, "ungrounded"),
        # Without proof, either reading grounds.
        ("It is due on November 4, 2026 [1].", "Due: 04/11/2026", "grounded"),
    ],
)
def test_a_slash_date_reads_in_its_document_s_order(
    answer: str, excerpt: str, expected: str
) -> None:
    (status,) = [s for f, s in statuses(answer, excerpt).items() if "2026" in f]
    assert status == expected


PILLS = (
    "Aspirin 81 mg — STOPPED 2/20/2026 per Dr. Kim (before dental surgery on 3/2)\n"
    "Ratio of doses 3/2; mix 1/2 cup of water"
)


@pytest.mark.parametrize(("day", "expected"), [("March 2", "grounded"), ("March 3", "ungrounded")])
def test_a_dated_short_slash_pair_is_a_day(day: str, expected: str) -> None:
    # Blind probe 28: a word that dates a short slash pair makes it a day ("on 3/2").
    answer = f"The aspirin was stopped ahead of the {day} dental surgery [1]."
    assert statuses(answer, PILLS)[day] == expected


def test_a_short_slash_pair_without_a_dating_word_stays_numbers() -> None:
    text = "Ratio of doses 3/2; mix 1/2 cup of water; Fri 2/20/2026"
    assert statuses("The ratio was March 2 [1].", text)["March 2"] == "ungrounded"
