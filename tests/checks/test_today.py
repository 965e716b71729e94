"""The date a question names as today, and the days an answer counts from it."""

from __future__ import annotations

from datetime import date

import pytest

from verifier.checks.models import SourceText
from verifier.checks.numbers import check_numbers
from verifier.checks.today import today_in


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Heute ist der 2. März 2026. Wie viele Tage noch?", date(2026, 3, 2)),
        ("Heute ist Montag, der 2. März 2026.", date(2026, 3, 2)),
        ("Today is Tuesday, March 3, 2026 — how many days?", date(2026, 3, 3)),
        ("Today is 3 March 2026.", date(2026, 3, 3)),
        ("Today's date is 3 March 2026.", date(2026, 3, 3)),
        # No date right after "today", or none at all: no today.
        ("What is on today? The party is on 3 March 2026.", None),
        ("Wann sind die Osterferien?", None),
    ],
)
def test_the_question_s_today(question: str, expected: date | None) -> None:
    found = today_in(question)
    assert (found[0] if found else None) == expected


SCHOOL = "• Mo, 30.03. – Fr, 10.04. – Osterferien\n• Di, 16.06. – Sportfest"
QUESTION = "Heute ist der 2. März 2026. Wie viele Tage sind es noch bis zu den Osterferien?"


@pytest.mark.parametrize(
    ("question", "answer", "expected"),
    [
        # Blind probe 22: the days from the question's today to a date of the answer.
        (QUESTION, "Die Osterferien beginnen am 30. März – von heute aus in 28 Tagen [1].",
         "derived"),
        (QUESTION, "Die Osterferien beginnen am 30. März – von heute aus in 29 Tagen [1].",
         "ungrounded"),
        # Without "heute" in the sentence, or without a today in the question: no operand.
        (QUESTION, "Die Osterferien beginnen am 30. März, in 28 Tagen [1].", "ungrounded"),
        ("Wie viele Tage sind es bis zu den Osterferien?",
         "Die Osterferien beginnen am 30. März – von heute aus in 28 Tagen [1].", "ungrounded"),
    ],
)  # fmt: skip
def test_days_from_the_question_s_today(question: str, answer: str, expected: str) -> None:
    stage = check_numbers(question, answer, [SourceText(1, SCHOOL)])
    (count,) = [f for f in stage.findings if f.text in ("28", "29")]
    assert count.status == expected
