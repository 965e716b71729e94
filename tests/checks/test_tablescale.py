"""A table's declared scale: its figures read as that many thousands or millions too."""

from __future__ import annotations

import pytest

from tests.checks.conftest import statuses
from verifier.checks.tablescale import declared_scale

BUDGET = (
    "Projekt Digitale Akte – Budget 2026 (in Tsd. €)\n"
    "Position   Q1     Q2     Gesamt\nPersonal   84,0   86,5   345,0\n"
    "Summe     146,5  147,5   549,0"
)
PLAN = "Facilities capital plan 2026 ($ thousands)\nRoof replacement   0   310   145   455"


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure", "expected"),
    [
        # Blind probe 18: "(in Tsd. €)" makes 345,0 the 345.000 € an answer writes.
        ("Die Personalkosten betragen 345.000 € [1].", BUDGET, "345.000", "grounded"),
        ("Die Personalkosten betragen 345,0 Tsd. € [1].", BUDGET, "345,0", "grounded"),
        ("Die Personalkosten betragen 354.000 € [1].", BUDGET, "354.000", "ungrounded"),
        ("The roof has $455,000 in total [1].", PLAN, "455,000", "grounded"),
        ("The roof has $0.455 million in total [1].", PLAN, "0.455", "grounded"),
        ("The roof has $455 million in total [1].", PLAN, "455", "ungrounded"),
        # A figure's own scale word declares nothing for the others.
        ("The roof has $455,000 in total [1].", "Roof: 3,2 Mio. € in 2026, 455 of it", "455,000",
         "ungrounded"),
    ],
)  # fmt: skip
def test_a_declared_scale_reads_the_figures_after_it(
    answer: str, excerpt: str, figure: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[figure] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Budget (in Tsd. €)", 3),
        ("Beträge in TEUR", 3),
        ("Results ($ in thousands)", 3),
        ("Umsatz in Mio. Euro", 6),
        ("(in Millionen)", 6),
        ("Der Umsatz stieg auf 3,2 Mio. €", None),
        ("in Tsd. 450 Besucher", None),
    ],
)
def test_what_declares_a_scale(text: str, expected: int | None) -> None:
    found = declared_scale(text)
    assert (found[1] if found else None) == expected
