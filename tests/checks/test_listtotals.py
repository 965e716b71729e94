"""A total written before the list it adds up."""

from __future__ import annotations

import pytest

from tests.checks.conftest import statuses

CELLAR = (
    "Wine | Vintage | Bottles\nBarolo, G. Conterno | 2016 | 6\nBrunello, Biondi-Santi | 2018 | 3\n"
    "Rioja | 2017 | 4\nChianti, Fèlsina | 2020 | 5"
)


@pytest.mark.parametrize(
    ("answer", "result", "expected"),
    [
        # Blind probe 20: the total first, then its entries, each with a vintage inside.
        ("You have 14 bottles of Italian red: 6 Barolo 2016 from G. Conterno, 3 Brunello 2018 "
         "from Biondi-Santi and 5 Chianti 2020 from Fèlsina [1].", "14", "derived"),
        ("You have 15 bottles of Italian red: 6 Barolo 2016 from G. Conterno, 3 Brunello 2018 "
         "from Biondi-Santi and 5 Chianti 2020 from Fèlsina [1].", "15", "ungrounded"),
        ("Du hast 14 Flaschen Italiener (6 Barolo, 3 Brunello und 5 Chianti) [1].", "14",
         "derived"),
        # The first entries of a longer list may make it: "and 4 more of Spain" is another one.
        ("You have 9 Italian bottles: 6 Barolo and 3 Brunello, and 4 Rioja from Spain [1].", "9",
         "derived"),
        # Blind probe 24: "then" may open the next entry after its comma.
        ("You have 14 bottles: 6 Barolo [1], then 3 Brunello and 5 Chianti [1].", "14",
         "derived"),
        # Blind probe 21: an entry of one spelled out is an item, and a count of kinds may
        # stand before the opener.
        ("Du hast noch 15 Flaschen, verteilt auf vier Weine: 6 Barolo, 3 Brunello, 5 Chianti "
         "und eine Flasche Rioja [1].", "15", "derived"),
        ("You have 10 bottles: 6 Barolo, 3 Brunello and one Rioja [1].", "10", "derived"),
        ("You have 11 bottles: 6 Barolo, 3 Brunello and one Rioja [1].", "11", "ungrounded"),
        # Nor is "ein Dutzend" or "one of them" one (a review).
        ("Du hast 10 Flaschen: 6 Barolo, 3 Brunello und ein Dutzend Rioja [1].", "10",
         "ungrounded"),
        ("You have 10 bottles: 6 Barolo, 3 Brunello, and one of them is corked [1].", "10",
         "ungrounded"),
        # "a" opens too much else to count as one.
        ("You have 10 bottles: 6 Barolo, 3 Brunello and a Rioja [1].", "10", "ungrounded"),
        # Without an opener the figures are no list of the total.
        ("You have 14 bottles of Italian red, 6 Barolo, 3 Brunello and 5 Chianti [1].", "14",
         "ungrounded"),
    ],
)  # fmt: skip
def test_a_total_before_its_list_is_the_sum_of_the_entries(
    answer: str, result: str, expected: str
) -> None:
    assert statuses(answer, CELLAR)[result] == expected


BILL = (
    "Tarif Smart M 14,99 €\nEU-Roaming Plus 3,00 €\nDatenautomatik (2 x 1 GB à 2,00 €) 4,00 €\n"
    "Premium-SMS 0,99 €"
)


@pytest.mark.parametrize(("total", "expected"), [("7,99", "derived"), ("8,99", "ungrounded")])
def test_a_total_in_cents_adds_up_the_amounts_listed_after_it(total: str, expected: str) -> None:
    # Blind probe 28: an entry's other figures ("je 1 GB") stand between the amounts.
    answer = (
        f"Zum Tarif kamen {total} € an Extras hinzu: 3,00 € für EU-Roaming, zweimal die "
        "Datenautomatik mit je 1 GB für zusammen 4,00 € und eine Premium-SMS über 0,99 € [1]."
    )
    assert statuses(answer, BILL)[total] == expected


@pytest.mark.parametrize(("total", "expected"), [("75.40", "derived"), ("75.90", "ungrounded")])
def test_a_total_in_cents_with_its_word_after_it(total: str, expected: str) -> None:
    # Blind probe 29: "so €75.40 altogether", the amounts in brackets among their items.
    card = "Rear tyre €38.50\nInner tube 16 inch €7.90\nLabour 0.5 h €29.00"
    answer = (
        "He got a new rear tyre (€38.50), a new 16-inch inner tube (€7.90) and half an hour's "
        f"labour for fitting it (€29.00), so €{total} altogether [1]."
    )
    assert statuses(answer, card)[total] == expected


def test_a_list_of_dates_adds_up_to_nothing() -> None:
    assert statuses("Du hast 3 Termine: am 1. Mai und am 2. Mai [1].", "1. Mai, 2. Mai")["3"] == (
        "ungrounded"
    )


def test_a_total_in_cents_of_the_amounts_before_it() -> None:
    # Blind probe 23: the amounts stand among dates and names in the sentence before.
    bank = "04.02. ARAL 62,40 €\n13.02. SHELL 58,17 €\n25.02. ARAL 49,90 €\n26.02. REWE 31,20 €"
    spent = (
        "am 04.02. bei Aral für 62,40 €, am 13.02. bei Shell für 58,17 € und am 25.02. für 49,90 €"
    )
    assert (
        statuses(f"Du hast {spent} getankt [1]. Zusammen sind das 170,47 €.", bank)["170,47"]
        == "derived"
    )
    assert (
        statuses(f"Du hast {spent} getankt [1]. Zusammen sind das 170,74 €.", bank)["170,74"]
        == "ungrounded"
    )
    # Without a total's word, no sum.
    assert statuses(f"Du hast {spent} getankt [1]. Das sind 170,47 €.", bank)["170,47"] == (
        "ungrounded"
    )


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        # Blind probe 25: a week's overtime, one of them negative.
        ("Es kommen +95, +140, −30 und +115 Minuten zusammen, insgesamt also 320 Minuten [1].",
         "derived"),
        ("Es kommen 95, 140, -30 und 115 Minuten zusammen, insgesamt also 320 Minuten [1].",
         "derived"),
        # Without its sign the 30 is added; a wrong total stays wrong either way.
        ("Es kommen 95, 140, 30 und 115 Minuten zusammen, insgesamt also 380 Minuten [1].",
         "derived"),
        ("Es kommen +95, +140, −30 und +115 Minuten zusammen, insgesamt also 330 Minuten [1].",
         "ungrounded"),
    ],
)  # fmt: skip
def test_a_list_s_total_takes_off_a_figure_with_a_minus_sign(answer: str, expected: str) -> None:
    overtime = "KW   Überstunden (Min.)\n10   +95\n11   +140\n12   −30\n13   +115"
    total = answer.split("also ")[1].split(" ")[0]
    assert statuses(answer, overtime)[total] == expected
