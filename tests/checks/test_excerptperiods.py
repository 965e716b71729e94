"""An excerpt's amount that the answer gives for another period."""

from __future__ import annotations

import pytest

from tests.checks.conftest import statuses

POLICIES = "Hausrat (Allianz): 11,90 € monatlich\nHaftpflicht (HUK): 58,40 € jährlich"
LEGAL = "Beitrag: 24,75 € pro Quartal\nSelbstbeteiligung: 150,00 € je Schadensfall"


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure", "expected"),
    [
        # Blind probe 16: insurance premiums of a household, given for a year.
        ("Auf das Jahr gerechnet zahlt ihr für Hausrat 142,80 € [1].", POLICIES, "142,80",
         "derived"),
        ("Für Hausrat zahlt ihr 142,90 € im Jahr [1].", POLICIES, "142,90", "ungrounded"),
        ("Die Haftpflicht kostet rund 4,87 € im Monat [1].", POLICIES, "4,87", "derived"),
        ("Für den Rechtsschutz zahlt ihr 99,00 € im Jahr [1].", LEGAL, "99,00", "derived"),
        # No period named beside the answer's figure: no other period's amount.
        ("Für Hausrat zahlt ihr 142,80 € [1].", POLICIES, "142,80", "ungrounded"),
        # An amount per case is no period's.
        ("Die Selbstbeteiligung beträgt 600,00 € im Jahr [1].", LEGAL, "600,00", "ungrounded"),
    ],
)  # fmt: skip
def test_an_excerpt_amount_for_another_period_is_derived(
    answer: str, excerpt: str, figure: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[figure] == expected


def test_a_named_line_s_amount_only() -> None:
    # A review: the household insurance's amount is no liability insurance's, named.
    both = "Hausrat: 11,90 € monatlich\nHaftpflicht: 5,00 € monatlich"
    answer = "Für die Haftpflicht zahlt ihr im Jahr 142,80 € [1]."
    assert statuses(answer, both)["142,80"] == "ungrounded"
    assert statuses(answer.replace("142,80", "60,00"), both)["60,00"] == "derived"
