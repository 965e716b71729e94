"""Dates the answer names as the day after or before another (verifier/checks/nextday.py)."""

from __future__ import annotations

import pytest

from tests.checks.conftest import statuses

TIMETABLE = "Outbound – Tuesday 21 April 2026\nLH 778  FRA dep 12:15  SIN arr 07:05 (+1)"


@pytest.mark.parametrize(
    ("answer", "excerpt", "result"),
    [
        # Blind probe 21: the arrival "the next morning" of a timetable's (+1).
        ("You land at 07:05 the next morning, Wednesday 22 April [1].", TIMETABLE, "22 April"),
        ("The parcel left on 3 March and arrived the next day, 4 March [1].",
         "Shipped: 03.03.2026", "4 March"),
        ("Versand am 3. März, zugestellt am nächsten Tag, dem 4. März [1].",
         "Versand: 03.03.2026", "4. März"),
        ("Die Sitzung ist am 14. Mai; am Vortag, dem 13. Mai, endet die Frist [1].",
         "Sitzung 14.05.2026", "13. Mai"),
        ("The party is on 31 December 2025 and the brunch the day after, 1 January 2026 [1].",
         "Party 31.12.2025", "1 January 2026"),
        # Blind probe 28: an arrival "nach Mitternacht" is on the next day.
        ("Der Rückflug startet am 28. Juli um 21:30 Uhr und landet erst nach Mitternacht, also "
         "am 29. Juli um 0:15 Uhr [1].", "Rückflug 28.07.2026: PMI 21:30 → HAM 00:15 (+1 Tag)",
         "29. Juli"),
    ],
)  # fmt: skip
def test_the_day_after_or_before_a_date_is_derived(answer: str, excerpt: str, result: str) -> None:
    assert statuses(answer, excerpt)[result] == "derived"


@pytest.mark.parametrize(
    ("answer", "excerpt", "result"),
    [
        # After its date, "past midnight" says when that day's event ends (a review).
        ("The concert is on 13 May at 20:00, and the after-party on 14 May runs past midnight "
         "[1].", "Concert: 13 May 2026, 20:00\nAfter-party: 13 May 2026, 23:00–03:00", "14 May"),
        # Two days on is no next day.
        ("Der Rückflug startet am 28. Juli um 21:30 Uhr und landet erst nach Mitternacht, also "
         "am 30. Juli um 0:15 Uhr [1].", "Rückflug 28.07.2026: PMI 21:30 → HAM 00:15 (+1 Tag)",
         "30. Juli"),
        ("The parcel left on 3 March and arrived the next day, 5 March [1].",
         "Shipped: 03.03.2026", "5 March"),
        # One day on, but no word says so: a date one day off is the commonest wrong date.
        ("The parcel left on 3 March and arrived on 4 March [1].", "Shipped: 03.03.2026",
         "4 March"),
        # The day before said, the day after written.
        ("Die Sitzung ist am 14. Mai; am Vortag, dem 15. Mai, endet die Frist [1].",
         "Sitzung 14.05.2026", "15. Mai"),
        # A date of the excerpt is the other day only where it marks a next-day arrival.
        ("You land at 07:05 the next morning, Wednesday 22 April [1].",
         "Outbound – Tuesday 21 April 2026\nLH 778  FRA dep 12:15  SIN arr 07:05",
         "22 April"),
    ],
)  # fmt: skip
def test_a_date_the_words_do_not_make_the_next_or_previous_day_stays_ungrounded(
    answer: str, excerpt: str, result: str
) -> None:
    assert statuses(answer, excerpt)[result] == "ungrounded"


def test_the_next_day_counts_from_the_date_just_named_or_the_marked_leg() -> None:
    # A review: not from any earlier date of the sentence, nor from a leg without "(+1)".
    answer = (
        "Bestellt am 2. März 2026, versandt am 4. März 2026 [1], zugestellt am nächsten Tag, "
        "dem 3. März 2026."
    )
    excerpt = "Bestellt: 02.03.2026\nVersand: 04.03.2026"
    assert statuses(answer, excerpt)["3. März 2026"] == "ungrounded"
    legs = "Hinflug 14.03.2026: ab 22:10, an 07:05 (+1)\nRückflug 21.03.2026: ab 09:00, an 13:20"
    back = "Auf dem Rückflug [1] landest du am nächsten Tag, dem 22. März 2026."
    assert statuses(back, legs)["22. März 2026"] == "ungrounded"
    out = "Auf dem Hinflug [1] landest du am nächsten Tag, dem 15. März 2026."
    assert statuses(out, legs)["15. März 2026"] == "derived"
