"""Figures the answer computes from figures it states: products, quotients and shares (sums
and differences are in test_numbers.py)."""

from __future__ import annotations

import pytest

from verifier.checks.models import SourceText
from verifier.checks.numbers import check_numbers


def statuses(answer: str, excerpt: str) -> dict[str, str]:
    stage = check_numbers("", answer, [SourceText(1, excerpt)])
    return {f.text: f.status for f in stage.findings}


@pytest.mark.parametrize(
    ("answer", "excerpt", "result"),
    [
        # Found by the probes: an inventory's and a receipt's arithmetic, as a chatbot does it.
        ("4 Flaschen à 750 g, insgesamt 3.000 g [1].", "Holzleim: 4 Flaschen, 750 g", "3.000"),
        ("12 Beutel mit je 100 Kabelbindern, also 1.200 Stück.", "12 Beutel à 100 Stk", "1.200"),
        ("3 x 12 = 36 Flaschen", "3 Kisten, 12 Flaschen je Kiste", "36"),
        ("59,80 € für 2 Personen, also 29,90 € pro Person.", "2 Erwachsene: 59,80 €", "29,90"),
        ("Bei 2 % Skonto auf 892,98 € sparst du 17,86 €.", "892,98 EUR, 2 % Skonto", "17,86"),
        ("Net income of $212 million on $1,240 million revenue, a 17% margin.",
         "revenue $1,240 million, net income $212 million", "17"),
    ],
)  # fmt: skip
def test_an_announced_product_quotient_or_share_is_derived(
    answer: str, excerpt: str, result: str
) -> None:
    assert statuses(answer, excerpt)[result] == "derived"


@pytest.mark.parametrize(
    ("answer", "excerpt", "result"),
    [
        ("4 Flaschen à 750 g, insgesamt 3.500 g [1].", "Holzleim: 4 Flaschen, 750 g", "3.500"),
        ("59,80 € für 2 Personen, also 28,90 € pro Person.", "2 Erwachsene: 59,80 €", "28,90"),
        ("Bei 2 % Skonto auf 892,98 € sparst du 17,96 €.", "892,98 EUR, 2 % Skonto", "17,96"),
        # A small whole number is a product of two others by chance: "zusammen 9" of 3 and 3,
        # or "60 inches per year" of 3 and 20, needs a sign or a rate before an operand.
        ("2, 3 und 3 Flaschen – zusammen 9.", "2 Flaschen, 3 Flaschen, 3 Flaschen", "9"),
        ("Below 3°F, 20 days of snow; averages around 60 inches per year.", "3°F, 20 days", "60"),
    ],
)  # fmt: skip
def test_a_wrong_or_unannounced_result_stays_ungrounded(
    answer: str, excerpt: str, result: str
) -> None:
    assert statuses(answer, excerpt)[result] == "ungrounded"


def test_a_derivation_names_its_operands() -> None:
    stage = check_numbers(
        "",
        "59,80 € für 2 Personen, also 29,90 € pro Person.",
        [SourceText(1, "2 Erwachsene: 59,80 €")],
    )
    (derived,) = [f for f in stage.findings if f.status == "derived"]
    assert derived.message_en == (
        'The number "29,90" is derived: "59,80" divided by "2", which stand in excerpt [1].'
    )
    assert derived.message_de == (
        "Die Zahl „29,90“ ist abgeleitet: „59,80“ geteilt durch „2“ aus Auszug [1]."
    )
