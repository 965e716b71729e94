"""A range that writes its month or year once dates both its ends."""

from __future__ import annotations

import pytest

from verifier.checks.models import SourceText
from verifier.checks.numbers import check_numbers


def flagged(answer: str, excerpt: str) -> list[str]:
    stage = check_numbers("", answer, [SourceText(1, excerpt)])
    return [f.text for f in stage.findings if f.status == "ungrounded"]


@pytest.mark.parametrize(
    ("excerpt", "answer"),
    [
        ("Kurs vom 10. bis 14. August 2026", "Der Kurs beginnt am 10. August 2026."),
        ("Kurs vom 10. bis 14. August 2026", "Der Kurs beginnt am 10.08.2026."),
        ("Trip: 3–5 June 2026", "Die Reise beginnt am 3. Juni 2026."),
        ("Conference: June 3-5, 2026", "It starts on June 3, 2026 and ends on June 5, 2026."),
        ("Urlaub Ostsee 3.-5.6.2026", "Der Urlaub beginnt am 03.06.2026."),
        ("Urlaub vom 03.06. bis 05.06.2026", "Der Urlaub beginnt am 3. Juni 2026."),
        ("Saison Juni bis August 2026", "Die Saison beginnt im Juni 2026."),
        ("Kurs vom 10. bis zum 14. August 2026", "Der Kurs beginnt am 10. August 2026."),
        ("Reise 30. Juni bis 2. Juli 2026", "Die Reise beginnt am 30. Juni 2026."),
        # Across New Year the first end is in the year before.
        ("Urlaub 28.12. bis 03.01.2027", "Der Urlaub beginnt am 28.12.2026."),
        ("Reise 30. Dezember bis 2. Januar 2027", "Sie beginnt am 30. Dezember 2026."),
        ("Saison Dezember bis Januar 2027", "Die Saison beginnt im Dezember 2026."),
    ],
)
def test_the_end_a_range_writes_short_is_dated_in_full(excerpt: str, answer: str) -> None:
    assert flagged(answer, excerpt) == []


@pytest.mark.parametrize(
    ("excerpt", "answer", "wrong"),
    [
        (
            "Kurs vom 10. bis 14. August 2026",
            "Der Kurs beginnt am 11. August 2026.",
            "11. August 2026",
        ),
        ("Conference: June 3-5, 2026", "It starts on June 2, 2026.", "June 2, 2026"),
        ("Urlaub vom 03.06. bis 05.06.2026", "Der Urlaub beginnt am 3. Juni 2025.", "3. Juni 2025"),
        ("Saison Juni bis August 2026", "Die Saison beginnt im Mai 2026.", "Mai 2026"),
        # A day that is no range's end: "Termin 10." and "Kurs 14. August 2026" are apart.
        (
            "Termin 10. Kurs am 14. August 2026",
            "Der Kurs ist am 10. August 2026.",
            "10. August 2026",
        ),
        # A number before a German date's day is no first day without its own dot.
        ("Teil 2 – 5. Mai 2026", "Teil 2 erschien am 2. Mai 2026.", "2. Mai 2026"),
        ("Belege Nr. 10 bis 14.8.2026", "Der Beleg ist vom 10.8.2026.", "10.8.2026"),
        ("Urlaub 28.12. bis 03.01.2027", "Der Urlaub beginnt am 28.12.2027.", "28.12.2027"),
    ],
)
def test_a_date_outside_the_range_ends_is_still_flagged(
    excerpt: str, answer: str, wrong: str
) -> None:
    assert flagged(answer, excerpt) == [wrong]
