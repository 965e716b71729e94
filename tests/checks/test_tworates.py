"""An amount a rate per two things gives for two counts of its sentence."""

from __future__ import annotations

import pytest

from tests.checks.conftest import statuses

BOOKING = (
    "Zimmer: Doppelzimmer, 2 Erwachsene\nPreis: 3 Nächte × 164,00 € = 492,00 €\n"
    "Kurtaxe: 2,80 € pro Person und Nacht (vor Ort zu zahlen)"
)


@pytest.mark.parametrize(
    ("answer", "figure", "expected"),
    [
        # Blind probes 18 and 21: a tourist tax per person and night.
        ("Die Kurtaxe beträgt 2,80 € pro Person und Nacht; für 2 Erwachsene und 3 Nächte sind "
         "das 16,80 € [1].", "16,80", "derived"),
        ("Die Kurtaxe beträgt 2,80 € pro Person und Nacht; für 2 Erwachsene und 3 Nächte sind "
         "das 18,60 € [1].", "18,60", "ungrounded"),
        # A rate per one thing takes no two counts.
        ("Die Kurtaxe beträgt 2,80 € pro Person; für 2 Erwachsene und 3 Nächte sind das "
         "16,80 € [1].", "16,80", "ungrounded"),
    ],
)  # fmt: skip
def test_a_rate_per_two_things_times_two_counts(answer: str, figure: str, expected: str) -> None:
    assert statuses(answer, BOOKING)[figure] == expected
