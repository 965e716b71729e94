"""Figures the answer computes from figures it states: products, quotients and shares (sums
and differences are in test_numbers.py)."""

from __future__ import annotations

import pytest

from tests.checks.conftest import statuses
from verifier.checks.models import SourceText
from verifier.checks.numbers import check_numbers


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


@pytest.mark.parametrize(
    ("answer", "excerpt", "result"),
    [
        # From a second probe: German differences, doses, growth.
        ("von 82,00 € auf 88,00 €, also 6 € mehr", "alt 82,00 €, neu 88,00 €", "6"),
        ("Bei 96.200 km, fällig bei 104.970 km: noch 8.770 km.", "96.200 km; 104.970 km", "8.770"),
        ("sank von 58 % auf 52 %, also um 6 Prozentpunkte", "58 %; 52 %", "6"),
        ("500 mg 2x täglich, also 1.000 mg am Tag", "500 mg, 2x täglich", "1.000"),
        ("von 12.480 auf 15.377 Besucher, ein Plus von 23 %", "12.480; 15.377", "23"),
    ],
)
def test_differences_doses_and_growth_in_german_words_are_derived(
    answer: str, excerpt: str, result: str
) -> None:
    assert statuses(answer, excerpt)[result] == "derived"


@pytest.mark.parametrize(
    ("answer", "excerpt", "result"),
    [
        # The total after an enumeration is the whole list's, not a pair's of it.
        ("24 Rot, 11 Weiß und 6 Sekt – insgesamt 35 Flaschen.", "Rot 24, Weiß 11, Sekt 6", "35"),
        ("39,99 € + 24,90 € + 17,99 € – zusammen 64,89 €", "39,99; 24,90; 17,99", "64,89"),
        # A whole quotient is exact: "six times" and 130 give no age of 22.
        ("He won six times; 130 starts; first win at the age of 22.", "130 starts, six wins", "22"),
    ],
)
def test_a_list_s_wrong_total_and_a_rounded_whole_quotient_stay_ungrounded(
    answer: str, excerpt: str, result: str
) -> None:
    assert statuses(answer, excerpt)[result] == "ungrounded"


def test_a_list_s_total_and_a_pair_s_beside_other_figures_are_derived() -> None:
    wine = "Rot 24, Weiß 11, Sekt 6"
    assert statuses("24 Rot, 11 Weiß und 6 Sekt – insgesamt 41 Flaschen.", wine)["41"] == (
        "derived"
    )
    # Not an enumeration: a plate's digits, then two premiums joined by "und".
    car = "MS-AB 1234; Haftpflicht 412,80 €; Vollkasko 387,60 €"
    answer = "Für MS-AB 1234 zahlst du 412,80 € und 387,60 €, insgesamt also 800,40 €."
    assert statuses(answer, car)["800,40"] == "derived"


@pytest.mark.parametrize(
    ("answer", "excerpt", "result", "expected"),
    [
        # From the second probe: an amount for another period, both periods named.
        ("6,45 € im Monat, also 77,40 € im Jahr", "Beitrag 6,45 €/Monat", "77,40", "derived"),
        ("1.060 € monatlich, 12.720 € im Jahr", "Miete 1.060 € monatlich", "12.720", "derived"),
        ("6 € pro Woche, aufs Jahr 312 €", "6 € pro Woche", "312", "derived"),
        ("127,45 € pro Quartal, im Jahr also 509,80 €", "127,45 € je Quartal", "509,80", "derived"),
        ("94 € im Jahr, rund 7,83 € im Monat", "94 € jährlich", "7,83", "derived"),
        ("6,45 € im Monat, also 78,40 € im Jahr", "Beitrag 6,45 €/Monat", "78,40", "ungrounded"),
        # Both periods must be named, and differ: 20 and 60 "per year" are no quarter's.
        ("20 days of rain; 50-60 inches per year", "20 days of rain", "60", "ungrounded"),
    ],
)
def test_an_amount_for_another_period_is_derived(
    answer: str, excerpt: str, result: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[result] == expected


@pytest.mark.parametrize(
    "answer",
    [
        # Found by a review: chance derivations that hid wrong figures (the excerpt: 12, 30, 7).
        "It has 12 doctors and 30 nurses; a visit takes less than 18 minutes.",
        "It has 12 doctors and 30 nurses and more than 42 beds.",
        "The iPhone 16 Plus has 12 cameras and 30 hours of battery.",
        "With 12 doctors and 30 nurses, unemployment fell to 40 per cent.",
        # A whole percentage takes its operands from its own sentence only.
        "It has 12 doctors. It has 30 nurses. The share of night shifts is 40 %.",
    ],
)
def test_bounds_names_and_units_announce_no_arithmetic(answer: str) -> None:
    found = statuses(answer, "12 doctors, 30 nurses, open 7 days")
    assert "ungrounded" in found.values() and "derived" not in found.values(), found


def test_odd_input_reads_without_error() -> None:
    # Found by a review: a decimal run before "s" or "er" crashed the decade reading.
    for answer in ("The sprint took 9.80s.", "0,50s", "ein 1,20er Modell", "ſeptember 2026"):
        statuses(answer, "9.80 s, 0,50 s, 1,20er, ſeptember 2026, 3. MAİ 2026, ſep 5")


@pytest.mark.parametrize(
    ("answer", "excerpt", "result"),
    [
        # Found by a second review: each hid a wrong figure.
        ("Visitors rose from 12,480 to 15,377, an increase of 19%.", "12,480; 15,377", "19"),
        ("Der Preis sank von 150 € auf 120 €, ein Minus von 25 %.", "150 €; 120 €", "25"),
        (
            "Der Tarif S kostet 39 € [1], der Tarif M 25 € [1].\n\n"
            "Du kannst den Vertrag noch 14 Tage widerrufen [1].",
            "Tarif S 39 €, Tarif M 25 €, Widerrufsfrist 10 Tage",
            "14",
        ),
        (
            "Der Beitrag beträgt 6 € im Monat [1].\n\nNeu kommen 72 Mitglieder pro Jahr [1].",
            "Beitrag 6 €/Monat; 70 neue Mitglieder pro Jahr",
            "72",
        ),
    ],
)
def test_a_change_is_measured_from_the_earlier_figure_and_weak_words_reach_no_further(
    answer: str, excerpt: str, result: str
) -> None:
    assert statuses(answer, excerpt)[result] == "ungrounded"


@pytest.mark.parametrize(
    ("answer", "excerpt", "result"),
    [
        ("Im Monat zahlst du 6,45 €, im Jahr also 77,40 €.", "6,45 €/Monat", "77,40"),
        ("Jährlich zahlst du 120 €, monatlich also 10 €.", "120 € jährlich", "10"),
        ("Der Jahresbeitrag beträgt 77,40 €, also 6,45 € im Monat.", "77,40 € im Jahr", "6,45"),
        ("Es sind 12 Kisten mit je 6 Flaschen. Das ergibt 72 Flaschen.", "12 Kisten, je 6", "72"),
        ("120, 130 und 150 Mitarbeiter, insgesamt ein Plus von 25 %.", "120; 130; 150", "25"),
    ],
)  # fmt: skip
def test_periods_before_the_figure_products_in_the_next_sentence_and_a_list_s_change(
    answer: str, excerpt: str, result: str
) -> None:
    assert statuses(answer, excerpt)[result] == "derived"


@pytest.mark.parametrize(
    ("answer", "excerpt", "result", "expected"),
    [
        # A blind probe: "stiegen um etwa 20 %" and a hedged whole quotient shown as "/ 12".
        ("Von 11.905 auf 14.322 stiegen die Aufrufe um etwa 20 % [1].", "11.905; 14.322", "20",
         "derived"),
        ("Das sind etwa 61 € pro Monat (734 € / 12) [1].", "734,00 €; SF 12", "61", "derived"),
        ("Das sind 61 € pro Monat (734 € / 12) [1].", "734,00 €; SF 12", "61", "ungrounded"),
        ("Das sind etwa 65 € pro Monat (734 € / 12) [1].", "734,00 €; SF 12", "65", "ungrounded"),
        # Blind probe 28: what a sum "comes to", and a fourth step on derived figures (the
        # nights from two dates, their price, its tax, then the sum).
        ("The room is $756, and with the lodging tax of $68.04 it comes to about $824 [1].",
         "Room: $756.00\nLodging tax 9%: $68.04", "824", "derived"),
        ("The room is $756, and with the lodging tax of $68.04 it comes to about $830 [1].",
         "Room: $756.00\nLodging tax 9%: $68.04", "830", "ungrounded"),
        # Blind probe 29: what is still "outstanding" is a difference.
        ("The cottage costs £1,295 with the dog fee; with the £400 deposit already paid, £895 is "
         "still outstanding [1].", "Cottage £1,295\nDeposit paid £400", "895", "derived"),
        ("The cottage costs £1,295 with the dog fee; with the £400 deposit already paid, £859 is "
         "still outstanding [1].", "Cottage £1,295\nDeposit paid £400", "859", "ungrounded"),
        ("You're booked for four nights (May 21 to May 25) at $189 a night, which is $756; with "
         "the 9% lodging tax of $68.04 the room comes to about $824 [1].",
         "Check-in: Thu, May 21, 2026\nCheck-out: Mon, May 25, 2026\nRate: $189.00 per night "
         "+ 9% lodging tax", "824", "derived"),
    ],
)  # fmt: skip
def test_a_rise_in_words_and_a_hedged_division(
    answer: str, excerpt: str, result: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[result] == expected


def test_a_period_conversion_is_written_as_its_step() -> None:
    stage = check_numbers("", "6,45 € im Monat, also 77,40 € im Jahr", [SourceText(1, "6,45 €")])
    (derived,) = [f for f in stage.findings if f.status == "derived"]
    assert derived.message_en.endswith(
        'the amount "6,45" for another period (× 12), which stand in excerpt [1].'
    )


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


@pytest.mark.parametrize(
    ("answer", "excerpt", "result"),
    [
        # A third, blind probe: what a chatbot computes from a receipt, a log or a stock list.
        ("Im Schnitt lag dein Puls bei 69 (72, 68, 70 und 66) [1].", "72; 68; 70; 66", "69"),
        ("Average spend was $41.25 ($38.50 and $44.00).", "$38.50, $44.00", "41.25"),
        ("273 € netto, mit 19 % USt. also 324,87 € brutto [1].", "273,00 € netto; 19 %", "324,87"),
        ("Mit 10 % Rabatt auf 80 € zahlst du 72 €.", "80 €, 10 % Rabatt", "72"),
        ("178,90 € netto, mit Mehrwertsteuer also rund 213 € [1].", "178,90 €; MwSt. 19 %", "213"),
        ("119,00 € brutto, also 100,00 € netto.", "119,00 € brutto, 19 % MwSt.", "100,00"),
        ("4,5 kg Spaghetti (9 Packungen à 500 g) [1].", "Spaghetti 500g – 9 Packungen", "4,5"),
        ("612 kWh in 2024, and about 434 kWh of that (71%) [1].", "612 kWh; 71 %", "434"),
        # A figure derived from a derived one: the consumption, then its energy.
        ("1.526,6 m³ (von 18.204,6 auf 19.731,2 m³), bei 10,3 kWh/m³ rund 15.724 kWh.",
         "18.204,6 m³; 19.731,2 m³; 10,3 kWh/m³", "15.724"),
        # Blind probe 14: a rate said with "a night", and three steps: the nights from two
        # dates, the room as nights times the rate, the tax as a share of the room.
        ("Four nights at $189 a night come to $756.00 [1].",
         "Rate: $189.00 per night, 4 nights", "756.00"),
        ("From October 8 to 12, 2026, at $189 a night plus 13% tax [1], the four nights "
         "come to $756.00 and the tax to $98.28.",
         "Check-in: October 8, 2026; check-out: October 12, 2026; $189.00 per night, 13% tax",
         "98.28"),
    ],
)  # fmt: skip
def test_averages_taxes_discounts_units_and_two_steps_are_derived(
    answer: str, excerpt: str, result: str
) -> None:
    assert statuses(answer, excerpt)[result] == "derived"


@pytest.mark.parametrize(
    ("answer", "excerpt", "result"),
    [
        ("Im Schnitt lag dein Puls bei 71 (72, 68, 70 und 66) [1].", "72; 68; 70; 66", "71"),
        ("Four nights at $189 a night come to $766.00 [1].",
         "Rate: $189.00 per night, 4 nights", "766.00"),
        ("273 € netto, mit 19 % USt. also 342,87 € brutto [1].", "273,00 € netto; 19 %", "342,87"),
        ("178,90 € netto, mit Mehrwertsteuer also rund 223 € [1].", "178,90 €; MwSt. 19 %", "223"),
        # Found by a review: a usual rate the excerpts do not state (7 % where they say 19 %).
        ("178,90 € netto, brutto also 191,42 € [1].", "178,90 €; MwSt. 19 %", "191,42"),
        ("4,2 kg Spaghetti (9 Packungen à 500 g) [1].", "Spaghetti 500g – 9 Packungen", "4,2"),
        # A mean needs its word, and a list of one line and one unit: the temperatures before
        # a rainfall average to no rainfall; a percentage is no amount with tax.
        ("Puls 72, 68, 70 und 66, also 69 [1].", "72; 68; 70; 66", "69"),
        ("* Range: 22°F to 85°F (rarely below 3°F or above 92°F)\n"
         "* Rain: Averages around 50-60 inches per year.", "22°F, 85°F, 3°F, 92°F", "60"),
        ("Mit 19 % USt. brutto; davon kannst du 20 % absetzen [1].", "19 %", "20"),
    ],
)  # fmt: skip
def test_wrong_averages_taxes_and_units_and_chance_means_stay_ungrounded(
    answer: str, excerpt: str, result: str
) -> None:
    assert statuses(answer, excerpt)[result] == "ungrounded"


@pytest.mark.parametrize(
    ("answer", "excerpt", "result"),
    [
        # Two more blind probes: rises and drops in words, sums shown with "+", long
        # differences, ratios of one unit or "x von y", rates per day, scaled figures.
        ("Der Abschlag steigt um 7 € von 95,00 € auf 102,00 €.", "95,00 €; 102,00 €", "7"),
        ("Open bugs fell from 52 to 37, a drop of 15.", "37 open (down from 52)", "15"),
        ("und 225 g Butter (125 g + 100 g) [1].", "125 g Butter; 100 g Butter", "225"),
        ("Zwischen 58.112 km und 82.006 km bist du 23.894 km gefahren.", "58.112 km; 82.006 km",
         "23.894"),
        ("7.214,00 € Lohnsteuer bei 48.960,00 € Brutto – knapp 15 %.", "7.214,00; 48.960,00",
         "15"),
        ("70,81 von 612,40 m², also rund 11,6 %.", "70,81 m²; 612,40 m²", "11,6"),
        ("10 g of salt to 500 g of flour is 2%.", "500 g flour, 10 g salt", "2"),
        ("Für 14 Tage 6.508 € ausgegeben, rund 465 € pro Tag.", "14 Tage; 6.508 €", "465"),
        ("Die Kosten steigen von 187 auf 254 Millionen Euro, also um 67 Millionen.",
         "von 187 auf 254 Millionen Euro", "67"),
        ("Usage dropped from 4,850 kWh to 3,347 kWh, about 1,500 kWh less.", "4,850; 3,347",
         "1,500"),
        ("Bei 48.960,00 € Jahresbrutto sind das 4.080 € im Monat.", "48.960,00 €", "4.080"),
        ("6 bars at 100 g each, 600 g of chocolate.", "6 bars, 100 g", "600"),
        # Blind probes: a price named for one thing, then a count of those things.
        ("A box of A4 paper (5 reams) is $29.90, so 3 boxes are $89.70.", "box 29.90; 3 boxes",
         "89.70"),
        ("The paper is $29.90 a box, so 3 boxes come to $89.70.", "box 29.90; 3 boxes",
         "89.70"),
        ("Eine Flasche kostet 4,99 €, für 6 Flaschen also 29,94 €.", "Flasche 4,99 €; 6",
         "29,94"),
        # Blind probe 25: the count in words, its noun a compound of the priced one.
        ("Die Kaution beträgt drei Nettokaltmieten – bei einer Kaltmiete von 780,00 € sind "
         "das 2.340,00 €.", "Kaltmiete 780,00 €; drei Nettokaltmieten", "2.340,00"),
        ("Reindl bekam 41 Stimmen, Pichler 27, sie lag also 14 Stimmen vorn.", "41; 27", "14"),
        # Blind probe 26: what is left of an amount is "der Rest".
        ("Angebot über 86.400 €. 50.000 € aus der Rücklage, der Rest – also 36.400 € – als "
         "Umlage.", "86.400 €; 50.000 €", "36.400"),
    ],
)  # fmt: skip
def test_words_signs_units_and_rates_announce_arithmetic(
    answer: str, excerpt: str, result: str
) -> None:
    assert statuses(answer, excerpt)[result] == "derived"


@pytest.mark.parametrize(
    ("answer", "excerpt", "result"),
    [
        ("Die Kosten steigen von 187 auf 254 Millionen Euro, also um 57 Millionen.",
         "von 187 auf 254 Millionen Euro", "57"),
        # The price is for another thing than the count's: no product is announced.
        ("A box of paper is $29.90, and 3 bags are $89.70.", "box 29.90; 3 bags", "89.70"),
        ("Die Kaution beträgt drei Nebenkosten – bei einer Kaltmiete von 780,00 € sind das "
         "2.340,00 €.", "Kaltmiete 780,00 €; drei", "2.340,00"),
        ("A box of paper is $29.90, so 3 boxes are $89.80.", "box 29.90; 3 boxes", "89.80"),
        ("Angebot über 86.400 €. 50.000 € aus der Rücklage, der Rest – also 34.600 € – als "
         "Umlage.", "86.400 €; 50.000 €", "34.600"),
        # "ahead of" and "im Voraus" say when, not how much more.
        ("Rent is $950 and utilities $250; $700 is due ahead of the move.", "$950; $250",
         "700"),
        ("Zwischen 58.112 km und 82.006 km bist du 23.984 km gefahren.", "58.112 km; 82.006 km",
         "23.984"),
        ("Usage dropped from 4,850 kWh to 3,347 kWh, about 1,600 kWh less.", "4,850; 3,347",
         "1,600"),
        ("7.214,00 € Lohnsteuer bei 48.960,00 € Brutto – rund 17 %.", "7.214,00; 48.960,00",
         "17"),
        # Found by the catalogs: a year near a small figure and another year is no sum of them.
        ("She has won 11 golds since 2005 and won again in 2016.", "11 golds; since 2005",
         "2016"),
        ("The band released three albums by 2000 and broke up in 1997.", "three albums; 2000",
         "1997"),
    ],
)  # fmt: skip
def test_wrong_results_and_years_near_their_operands_stay_ungrounded(
    answer: str, excerpt: str, result: str
) -> None:
    assert statuses(answer, excerpt)[result] == "ungrounded"


RECIPE = "Sauerteigbrot (1 Laib): 500 g Weizenmehl, 350 ml Wasser, 100 g Anstellgut, 10 g Salz"


@pytest.mark.parametrize(
    ("answer", "excerpt", "result", "expected"),
    [
        # Blind probes: a recipe doubled or halved, a dose taken twice. Metric quantities only,
        # in any size of their unit, and exact.
        ("Für zwei Laibe verdoppelst du alles: 1 kg Mehl, 700 ml Wasser [1].", RECIPE, "700",
         "derived"),
        ("Für zwei Laibe verdoppelst du alles: 1 kg Mehl, 750 ml Wasser [1].", RECIPE, "750",
         "ungrounded"),
        ("Für die halbe Menge: 50 g Anstellgut und 0,25 kg Mehl [1].", RECIPE, "0,25", "derived"),
        ("Sie nimmt 1000 mg zweimal täglich, also 2.000 mg am Tag [1].", "Metformin 1000 mg",
         "2.000", "derived"),
        # A count scales only a count of its own noun (probe 12: "double it: 6 eggs"); a bare
        # number twice another comes about by chance.
        ("Verdoppelt sind das 20 Brötchen [1].", "10 Brötchen, 500 g Mehl", "20", "derived"),
        ("Verdoppelt sind das 20 Brötchen [1].", "10 Eier, 500 g Mehl", "20", "ungrounded"),
        ("Verdoppelt sind das 20 Brötchen [1].", "10 Brötchenhälften", "20", "ungrounded"),
        ("For 8 people, double it: 6 eggs [1].", "Serves 4: 3 eggs, 2 cups flour", "6",
         "derived"),
        # Blind probe 13: a factor in digits or "three times", not a product written out.
        ("Für 6 Personen nimmst du alles mal 1,5: also 375 g Mehl [1].", RECIPE, "375",
         "ungrounded"),
        ("Für 6 Personen nimmst du alles mal 1,5: also 750 g Mehl [1].", RECIPE, "750",
         "derived"),
        ("Für 6 Personen nimmst du alles mal 1,5: also 800 g Mehl [1].", RECIPE, "800",
         "ungrounded"),
        ("One 500 mg capsule three times a day, so 1,500 mg daily [1].", "Amoxicillin 500 mg",
         "1,500", "derived"),
        ("One 500 mg capsule 3 times a day, so 1,500 mg daily [1].", "Amoxicillin 500 mg",
         "1,500", "derived"),
        ("2 × 250 g = 750 g [1].", RECIPE, "750", "ungrounded"),
        # A review: the dose a frequency counts is no result of it ("1,200 mg 3 times a day").
        ("Take 1,500 mg three times a day [1].", "Amoxicillin 500 mg", "1,500", "ungrounded"),
        ("Take 1,500 mg 3 times a day [1].", "Amoxicillin 500 mg", "1,500", "ungrounded"),
        ("For 8 people, double it: 6 eggs [1].", "Serves 4: 3 cups flour, 2 eggs", "6",
         "ungrounded"),
        # Blind probe 16: a trip both ways.
        ("Hin und zurück fahrt ihr 1.024 km [1].", "München → Rovinj: 512 km (einfache Strecke)",
         "1.024", "derived"),
        ("Hin und zurück fahrt ihr 1.042 km [1].", "München → Rovinj: 512 km (einfache Strecke)",
         "1.042", "ungrounded"),
    ],
)  # fmt: skip
def test_a_quantity_scaled_by_a_named_factor_is_derived(
    answer: str, excerpt: str, result: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[result] == expected


BON = (
    "BIER PILS 20x0,5L          15,99 A\nPFAND                       3,10 A\n"
    "SUMME EUR                  49,66"
)


@pytest.mark.parametrize(
    ("answer", "result", "expected"),
    [
        # A blind probe: an amount with an excerpt amount taken off that the answer does not
        # name. Exact amounts with cents only, with a word of taking off or adding on.
        ("Ohne die 3,10 € Pfand waren es 46,56 € [1].", "46,56", "derived"),
        ("Ohne die 3,10 € Pfand waren es 46,65 € [1].", "46,65", "ungrounded"),
        ("Es gab 3,10 € Pfand und 46,56 € Waren [1].", "46,56", "ungrounded"),
        ("Ohne die 3 € Pfand waren es 47 € [1].", "47", "ungrounded"),
    ],
)
def test_an_amount_with_an_unnamed_excerpt_amount_taken_off_is_derived(
    answer: str, result: str, expected: str
) -> None:
    assert statuses(answer, BON)[result] == expected


@pytest.mark.parametrize(
    ("answer", "excerpt", "result", "expected"),
    [
        # A sixth blind probe: VAT on an offer's net amount the answer does not name, a
        # discount written "15-%", the share itself.
        ("Inklusive 19 % MwSt. kostet das Angebot 2.951,20 € [1].",
         "Nettobetrag: 2.480,00 €\nzzgl. 19 % MwSt.", "2.951,20", "derived"),
        ("Inklusive 19 % MwSt. kostet das Angebot 2.915,20 € [1].",
         "Nettobetrag: 2.480,00 €\nzzgl. 19 % MwSt.", "2.915,20", "ungrounded"),
        ("Die Mehrwertsteuer von 19 % beträgt 471,20 € [1].",
         "Nettobetrag: 2.480,00 €\nzzgl. 19 % MwSt.", "471,20", "derived"),
        ("Mit dem 15-%-Gutschein kostet er 245,65 € statt 289,00 € [1].",
         "15 % Rabatt; Rasenmäher: 289,00 €", "245,65", "derived"),
    ],
)  # fmt: skip
def test_taxes_and_discounts_on_unnamed_amounts(
    answer: str, excerpt: str, result: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[result] == expected


PLAN = (
    "Auftragssumme: 14.280,00 € brutto\n"
    "Zahlungsplan: 30 % bei Auftragserteilung, 50 % nach Eindeckung, 20 % nach Abnahme."
)


@pytest.mark.parametrize(
    ("answer", "result", "expected"),
    [
        # Blind probe 19: the share of an unnamed excerpt amount a percentage right before the
        # amount names, without a word of a tax or a discount.
        ("Fällig sind 30 % bei Auftragserteilung (4.284,00 €) und 50 % nach der Eindeckung [1].",
         "4.284,00", "derived"),
        ("Fällig sind 30 % bei Auftragserteilung (4.824,00 €) und 50 % nach der Eindeckung [1].",
         "4.824,00", "ungrounded"),
        # Another figure between them: the percentage names the share of no amount after it.
        ("Bei Auftragserteilung sind 30 % fällig, laut Plan 2 Raten, also 4.284,00 € [1].",
         "4.284,00", "ungrounded"),
    ],
)  # fmt: skip
def test_a_share_named_right_before_its_amount(answer: str, result: str, expected: str) -> None:
    assert statuses(answer, PLAN)[result] == expected


@pytest.mark.parametrize(
    ("answer", "result", "expected"),
    [
        # Blind probe 19: a bracket after a difference explains it with its operands.
        ("Sie sind 567 km gefahren (Kilometerstand 38.412 bei Übernahme, 38.979 bei Rückgabe) "
         "[1].", "567", "derived"),
        ("Sie sind 576 km gefahren (Kilometerstand 38.412 bei Übernahme, 38.979 bei Rückgabe) "
         "[1].", "576", "ungrounded"),
        # Operands outside the bracket, or after another clause's: no explanation of it.
        ("Sie sind 567 km gefahren (siehe Vertrag), Kilometerstand 38.412 bei Übernahme, "
         "38.979 bei Rückgabe [1].", "567", "ungrounded"),
        ("Sie sind 567 km gefahren. Übernahme (Kilometerstand 38.412), Rückgabe 38.979 [1].",
         "567", "ungrounded"),
    ],
)  # fmt: skip
def test_a_difference_explained_in_a_bracket_after_it(
    answer: str, result: str, expected: str
) -> None:
    # A line between the readings: on neighbouring lines they give their difference alone.
    rental = "Übernahme: Kilometerstand 38.412\nTank voll\nRückgabe: Kilometerstand 38.979"
    assert statuses(answer, rental)[result] == expected


@pytest.mark.parametrize(
    ("answer", "result", "expected"),
    [
        # Blind probe 20: a rounded product whose operand stands in the sentence before, when
        # the units say the product (m³ at kWh/m³ is kWh).
        ("Im Januar waren es 232,5 m³ [1]. Mit dem Faktor von 10,3 kWh/m³ sind das rund "
         "2.395 kWh [1].", "2.395", "derived"),
        ("Im Januar waren es 232,5 m³ [1]. Mit dem Faktor von 10,3 kWh/m³ sind das rund "
         "2.495 kWh [1].", "2.495", "ungrounded"),
        ("Im Januar waren es 232,5 m³ [1]. Mit dem Faktor von 10,3 sind das rund 2.395 kWh [1].",
         "2.395", "ungrounded"),
    ],
)  # fmt: skip
def test_a_rounded_product_of_the_sentence_before_when_units_multiply(
    answer: str, result: str, expected: str
) -> None:
    gas = "01.01.2026: 23.456,7 m³\n01.02.2026: 23.689,2 m³\nFaktor: 10,3 kWh/m³\n232,5 m³"
    assert statuses(answer, gas)[result] == expected


@pytest.mark.parametrize(
    ("answer", "result", "expected"),
    [
        # Blind probe 20: "seconds" spelled out is the column's "s".
        ("It took 118 s versus 142 s [1]: 24 seconds quicker, or about 17% less time.", "17",
         "derived"),
        ("It took 118 s versus 142 s [1]: 24 seconds quicker, or about 19% less time.", "19",
         "ungrounded"),
    ],
)  # fmt: skip
def test_a_unit_spelled_out_is_its_symbol(answer: str, result: str, expected: str) -> None:
    assert (
        statuses(answer, "| CPU | Time (s) |\n| 9950X | 118 |\n| 285K | 142 |")[result] == expected
    )


@pytest.mark.parametrize(
    ("answer", "result", "expected"),
    [
        # Blind probe 21: three figures of one unit and a word of consequence make a sum.
        ("Du backst 10 Minuten mit Deckel und 45 Minuten ohne – reine Backzeit also 55 Minuten "
         "[1].", "55", "derived"),
        ("Du backst 10 Minuten mit Deckel und 45 Minuten ohne – reine Backzeit also 65 Minuten "
         "[1].", "65", "ungrounded"),
        # Without the word, or with another unit, small figures are no sum by chance.
        ("Du backst 10 Minuten mit Deckel und 45 Minuten ohne – reine Backzeit 55 Minuten [1].",
         "55", "ungrounded"),
        ("Du backst 10 Minuten mit Deckel und 45 Minuten ohne, also 55 Grad [1].", "55",
         "ungrounded"),
    ],
)  # fmt: skip
def test_a_sum_of_one_unit_with_a_word_of_consequence(
    answer: str, result: str, expected: str
) -> None:
    assert statuses(answer, "Deckel drauf, 10 Min.\nDeckel ab, weitere 45 Min.")[result] == expected


def test_a_run_summed_to_an_amount_holds_amounts_only() -> None:
    # Blind probe 24: 3 + £28.00 + £84.00 + six made the wrong "£121.00" a run's sum.
    invoice = "Hedge trimming   3 h   £28.00   £84.00\nGreen waste (bags)   6   £4.50   £27.00"
    answer = (
        "Hedge trimming is 3 hours at £28.00, so £84.00, and the six green-waste bags are "
        "£4.50 each, £27.00 [1]. Together that part comes to {} [1]."
    )
    assert statuses(answer.format("£121.00"), invoice)["121.00"] == "ungrounded"
    assert statuses(answer.format("£111.00"), invoice)["111.00"] == "derived"


def test_a_mean_of_a_scaled_figure_and_a_count_of_many_digits_read_without_error() -> None:
    # Found by a review: a scaled figure stands in the list twice; int() of 5,000 digits.
    statuses("Die Werte 2 Millionen und 4 ergeben im Schnitt 3 [1].", "Werte: 2 Millionen und 4")
    digits = "9" * 5000
    statuses(f"Es sind {digits} Tage [1].", f"{digits} Tage")


@pytest.mark.parametrize(
    ("answer", "result", "expected"),
    [
        # Blind probes: a product of three factors, each joined by its sign.
        ("Du hast 36 Liter (4 Kisten x 12 x 0,75 l) [1].", "36", "derived"),
        ("Du hast 38 Liter (4 Kisten x 12 x 0,75 l) [1].", "38", "ungrounded"),
        ("Du hast 36 Liter: 4 Kisten, 12 Flaschen, 0,75 l [1].", "36", "ungrounded"),
    ],
)
def test_a_product_of_three_factors_joined_by_signs_is_derived(
    answer: str, result: str, expected: str
) -> None:
    assert statuses(answer, "4 Kisten, je 12 Flaschen à 0,75 l")[result] == expected


@pytest.mark.parametrize(
    ("answer", "excerpt", "result", "expected"),
    [
        # A seventh blind probe: a year of a monthly fee with the twelve written, a year's
        # amount "auf den Monat".
        ("Der Grundpreis macht im Jahr 162,00 € aus (12 × 13,50 €) [1].",
         "Grundpreis: 13,50 €/Monat", "162,00", "derived"),
        ("Der Grundpreis macht im Jahr 162,00 € aus (12 × 13,50 €) [1].",
         "Grundpreis: 13,50 €/Monat", "12", "derived"),
        ("Der Grundpreis macht im Jahr 172,00 € aus (12 × 13,50 €) [1].",
         "Grundpreis: 13,50 €/Monat", "172,00", "ungrounded"),
        # A calendar's count needs its sign by an amount and a period named.
        ("Es kamen 12 Gäste und 13,50 € Trinkgeld zusammen [1].", "13,50 € Trinkgeld", "12",
         "ungrounded"),
        ("Es kostet 684,60 € im Jahr, auf den Monat umgerechnet sind das 57,05 € [1].",
         "Jahresbeitrag 2026: 684,60 €", "57,05", "derived"),
    ],
)  # fmt: skip
def test_a_calendar_s_count_by_an_amount(
    answer: str, excerpt: str, result: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[result] == expected


def test_a_change_in_words_of_going_up_or_down_is_derived() -> None:
    rent = "2025: $1,200\n2026: $1,260"
    assert statuses("The rent went up 5% from $1,200 to $1,260 [1].", rent)["5"] == "derived"
    assert statuses("The rent went up 6% from $1,200 to $1,260 [1].", rent)["6"] == "ungrounded"


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure", "expected"),
    [
        # A blind probe's computed answers: a year's amount a month, with its currency before
        # it or after it, and its period named 50 characters before it.
        ("The annual premium is $186.00 [1], which works out to $15.50 a month.",
         "Annual premium: $186.00", "15.50", "derived"),
        ("The annual premium is $186.00 [1], which works out to $16.50 a month.",
         "Annual premium: $186.00", "16.50", "ungrounded"),
        ("Der Jahresbeitrag der ADAC Plus-Mitgliedschaft beträgt 139,00 € [1], das sind "
         "umgerechnet rund 11,58 € pro Monat.", "Jahresbeitrag: 139,00 €", "11,58", "derived"),
        # A share of "your" total, and a table's column that "sums up" to an amount.
        ("Dining out was $330 of your $3,000 total, which is 11% [1].",
         "| Dining out | $330 |\n| Total | $3,000 |", "11", "derived"),
        ("Dining out was $330 of your $3,000 total, which is 12% [1].",
         "| Dining out | $330 |\n| Total | $3,000 |", "12", "ungrounded"),
        ("Die Kosten summieren sich auf 919,70 € [1].",
         "| Art | Betrag |\n|---|---|\n| Grundsteuer | 214,30 € |\n| Müll | 186,45 € |\n"
         "| Hauswart | 312,00 € |\n| Versicherung | 158,75 € |\n| Strom | 48,20 € |",
         "919,70", "derived"),
        ("Die Kosten summieren sich auf 929,70 € [1].",
         "| Art | Betrag |\n|---|---|\n| Grundsteuer | 214,30 € |\n| Müll | 186,45 € |\n"
         "| Hauswart | 312,00 € |\n| Versicherung | 158,75 € |\n| Strom | 48,20 € |",
         "929,70", "ungrounded"),
        # One and a half times a recipe.
        ("Du nimmst das Anderthalbfache: 450 g Linsen und 600 ml Kokosmilch [1].",
         "- 300 g Linsen\n- 400 ml Kokosmilch", "600", "derived"),
        ("Du nimmst das Anderthalbfache: 450 g Linsen und 650 ml Kokosmilch [1].",
         "- 300 g Linsen\n- 400 ml Kokosmilch", "650", "ungrounded"),
    ],
)  # fmt: skip
def test_periods_shares_of_totals_column_sums_and_one_and_a_half_times(
    answer: str, excerpt: str, figure: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[figure] == expected


BALANCE = "Starting balance (Jan 1): $18,400.00\nContributions: $1,500.00\nMarket change: +$612.00"
RENT = "Current monthly rent: $2,150\nRenewal rent (12-month term): $2,290"
DEPOSIT = "Anlagebetrag: 10.000,00 €\nLaufzeit: 12 Monate\nZinssatz: 2,75 % p.a."
HEAT_PUMP = "Installed cost was $14,200 before a $2,000 federal tax credit."


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure", "expected"),
    [
        # Blind probe 10: the share of two amounts of one currency, the share first; an
        # increase over the new amount is the wrong base (probe 9).
        ("The market gain was $612.00 on a starting balance of $18,400.00, about 3.3% [1].",
         BALANCE, "3.3", "derived"),
        ("The market gain was $612.00 on a starting balance of $18,400.00, about 3.7% [1].",
         BALANCE, "3.7", "ungrounded"),
        ("Your rent goes from $2,150 to $2,290 – an increase of $140, or about 6.1% [1].",
         RENT, "6.1", "ungrounded"),
        ("Your rent goes from $2,150 to $2,290 – an increase of $140, or about 6.5% [1].",
         RENT, "6.5", "derived"),
        # Interest a rate earns, and a rate "of" an amount.
        ("Bei 10.000 € und 2,75 % p.a. bekommst du nach zwölf Monaten 275 € Zinsen [1].",
         DEPOSIT, "275", "derived"),
        ("Bei 10.000 € und 2,75 % p.a. bekommst du nach zwölf Monaten 285 € Zinsen [1].",
         DEPOSIT, "285", "ungrounded"),
        ("2,75 % von 10.000 € sind 275 € [1].", DEPOSIT, "275", "derived"),
        # Blind probe 13: the base named before its figure.
        ("2,75 % der Anlagesumme von 10.000 € sind 275 € [1].", DEPOSIT, "275", "derived"),
        ("2,75 % der Anlagesumme von 10.000 € sind 285 € [1].", DEPOSIT, "285", "ungrounded"),
        # Blind probe 32: the base in the genitive, right after the percentage.
        ("Die Bank zahlt 2,75 % der 10.000 €, also 275 € [1].", DEPOSIT, "275", "derived"),
        ("Die Bank zahlt 2,75 % der 10.000 €, also 285 € [1].", DEPOSIT, "285", "ungrounded"),
        ("Bei 10.000 € und 2,75 % p.a. bekommst du am Ende 275 € [1].", DEPOSIT, "275",
         "ungrounded"),
        # What is left after a credit or a deduction.
        ("The heat pump cost $14,200 installed, or $12,200 after the $2,000 federal tax credit "
         "[1].", HEAT_PUMP, "12,200", "derived"),
        ("The heat pump cost $14,200 installed, or $12,400 after the $2,000 federal tax credit "
         "[1].", HEAT_PUMP, "12,400", "ungrounded"),
        ("The heat pump cost $14,200, or $12,200 after subtracting the $2,000 credit [1].",
         HEAT_PUMP, "12,200", "derived"),
        ("The heat pump cost $14,200 installed, and $12,200 is what they paid in 2025 [1].",
         HEAT_PUMP, "12,200", "ungrounded"),
    ],
)  # fmt: skip
def test_shares_of_one_currency_interest_and_what_is_left_after_a_credit(
    answer: str, excerpt: str, figure: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[figure] == expected


METER = "01.01.2026   45.812\n01.04.2026   46.547"
TARIFF = "Arbeitspreis: 32,00 ct/kWh brutto"
RUNS = "Mon  Easy run   5.2 mi\nWed  Intervals   4.0 mi\nFri  Tempo   6.1 mi\nSun  Long   10.5 mi"


@pytest.mark.parametrize(
    ("answer", "excerpts", "figure", "expected"),
    [
        # Blind probe 11: kWh at a price in cents make euros; a column in "mi" totals "miles".
        ("Der Zähler stieg von 45.812 auf 46.547 kWh, also 735 kWh [1]. Bei 32 ct pro kWh [2] "
         "macht das rund 235,20 €.", (METER, TARIFF), "235,20", "derived"),
        ("Der Zähler stieg von 45.812 auf 46.547 kWh, also 735 kWh [1]. Bei 32 ct pro kWh [2] "
         "macht das rund 245,20 €.", (METER, TARIFF), "245,20", "ungrounded"),
        ("You logged four runs totaling 25.8 miles, about 6.5 miles a run on average [1].",
         (RUNS,), "25.8", "derived"),
        ("You logged four runs totaling 25.8 miles, about 6.5 miles a run on average [1].",
         (RUNS,), "6.5", "derived"),
        ("You logged four runs totaling 26.8 miles [1].", (RUNS,), "26.8", "ungrounded"),
        # Blind probe 30: a price in pence.
        ("You used 449 kWh; at 24.86p per kWh that's £111.62 [1].",
         ("Unit rate 24.86p/kWh\nUsed: 449 kWh",), "111.62", "derived"),
        ("You used 449 kWh; at 24.86p per kWh that's £112.62 [1].",
         ("Unit rate 24.86p/kWh\nUsed: 449 kWh",), "112.62", "ungrounded"),
        # A second review: "p." before a word is pence too.
        ("You used 449 kWh; at 24.86p. per kWh, that is £111.62 [1].",
         ("Unit rate 24.86p/kWh\nUsed: 449 kWh",), "111.62", "derived"),
        # A review: centimetres are no cents.
        ("Der Stoff kostet 4,50 € pro 50 Centimeter, also 2,25 € [1].",
         ("Stoff: 4,50 € pro 50 Centimeter",), "2,25", "ungrounded"),
    ],
)  # fmt: skip
def test_prices_in_cents_and_units_spelled_out(
    answer: str, excerpts: tuple[str, ...], figure: str, expected: str
) -> None:
    assert statuses(answer, *excerpts)[figure] == expected


@pytest.mark.parametrize(
    ("answer", "figure", "expected"),
    [
        # Blind probe 12: a change "from" one figure "to" another announces its difference
        # and its percentage.
        ("The odometer went from 48,210 to 48,890 [1], so you drove 680 miles.", "680",
         "derived"),
        ("The odometer went from 48,210 to 48,890 [1], so you drove 690 miles.", "690",
         "ungrounded"),
        ("Der Preis sinkt von 12,40 auf 10,85 ct [1], also um 1,55 Cent bzw. 12,5 %.", "12,5",
         "derived"),
        ("Der Preis sinkt von 12,40 auf 10,85 ct [1], also um 1,55 Cent bzw. 14,3 %.", "14,3",
         "ungrounded"),
        # The percentage of a change takes the figure it comes from as its base (probe 12:
        # 80 € of the new 880 € is no raise of 9,1 %).
        ("Die Miete steigt von 800 € auf 880 € [1], 80 € mehr, eine Erhöhung um rund 9,1 %.",
         "9,1",
         "ungrounded"),
        ("Die Miete steigt von 800 € auf 880 € [1], eine Erhöhung um 80 € oder 10 %.", "10",
         "derived"),
        # Without "from ... to" the two figures announce nothing.
        ("Odometer 48,210 and 48,890 [1]; you drove 680 miles.", "680", "ungrounded"),
    ],
)  # fmt: skip
def test_a_change_from_one_figure_to_another(answer: str, figure: str, expected: str) -> None:
    # A line between the readings: on neighbouring lines they give their difference alone.
    excerpt = (
        "01/04/2026  48,210\nService\n02/02/2026  48,890\nArbeitspreis 12,40 ct, ab 2026 10,85 ct\n"
        "Nettokaltmiete ab 01.07.2026: 880,00 € (bisher 800,00 €)"
    )
    assert statuses(answer, excerpt)[figure] == expected


FEES = "Mitgliedsbeiträge 2026: Erwachsene 96 €/Jahr, Jugendliche 48 €/Jahr,\nFamilien 180 €/Jahr"


@pytest.mark.parametrize(
    ("answer", "figure", "expected"),
    [
        # Blind probe 12: arithmetic written out with "=", products before sums; then what
        # that saves against another fee.
        ("Einzeln würdet ihr 2 × 96 € + 48 € = 240 € zahlen [1].", "240", "derived"),
        ("Einzeln würdet ihr 2 × 96 € + 48 € = 250 € zahlen [1].", "250", "ungrounded"),
        ("Einzeln: 96 € + 2 × 48 € = 192 € [1].", "192", "derived"),
        ("Einzeln: 96 € + 2 × 48 € = 288 € [1].", "288", "ungrounded"),
        ("Pro Kopf: 180 € / 3 = 60 € [1].", "60", "derived"),
        ("Einzeln 2 × 96 € + 48 € = 240 €, als Familie 180 € [1]: ihr spart also 60 €.", "60",
         "derived"),
        ("Einzeln 2 × 96 € + 48 € = 240 €, als Familie 180 € [1]: ihr spart also 70 €.", "70",
         "ungrounded"),
        # A wrong figure of the expression is flagged on its own, and no result written out
        # derives it back (a review: "3 × 45 € = 135 €" made 45 of 135 / 3).
        ("Einzeln würdet ihr 2 × 96 € + 58 € = 250 € zahlen [1].", "58", "ungrounded"),
        ("Drei Erwachsene: 3 × 45 € = 135 € [1].", "45", "ungrounded"),
        ("Einzeln: 2 × 96 € + 58 € = 250 € [1].", "250", "derived"),
        # A share is no term: "200 € − 10 % = 190 €" is checked nowhere here.
        ("Abzüglich Rabatt: 96 € − 10 % = 86,40 € [1].", "86,40", "ungrounded"),
        # Blind probe 16: signs in words.
        ("Einzeln: 2 mal 96 € plus 48 € = 240 € [1].", "240", "derived"),
        ("Einzeln: 2 mal 96 € plus 48 € = 250 € [1].", "250", "ungrounded"),
        ("Familie statt einzeln: 240 € minus 180 € = 60 € [1].", "60", "derived"),
        # Blind probe 27: the working in brackets after the result, a division in words.
        ("Pro Kopf sind es 60 € (180 € geteilt durch 3) [1].", "60", "derived"),
        ("Pro Kopf sind es 50 € (180 € geteilt durch 3) [1].", "50", "ungrounded"),
        ("Zu zweit zahlt ihr 192 € (96 € times 2) [1].", "192", "derived"),
        # Brackets that hold words too, or that stand past the sentence, work nothing out.
        ("Pro Kopf sind es 60 € (siehe Seite 180) [1].", "60", "ungrounded"),
        ("Pro Kopf sind es 60 € [1]. (180 € geteilt durch 3)", "60", "ungrounded"),
        # A review: a date in brackets is no division; a fraction among terms is one.
        ("Nimm 4 Tabletten mit zum Termin (12/3) [1].", "4", "ungrounded"),
        ("Pro Person sind es 90 € (1/2 × 180 €) [1].", "90", "derived"),
    ],
)  # fmt: skip
def test_arithmetic_written_out(answer: str, figure: str, expected: str) -> None:
    assert statuses(answer, FEES)[figure] == expected


REVIEWS = "Sony: battery 31 hours, price $399.\nBose: battery 23 hours, price $429."
PHONE_BILL = "Grundgebühr 39,95 €\nSchweiz 20,86 €\nSky Ticket 9,99 €\nSumme 70,80 €"


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure", "expected"),
    [
        # Blind probe 14: a difference a comparative announces after it, a near hedge, a
        # product "rechnerisch", a change from one figure to another across a marker.
        ("The Sony lasted 31 hours, 8 hours longer than the Bose at 23 hours [1].", REVIEWS,
         "8", "derived"),
        ("The Sony lasted 31 hours, 6 hours longer than the Bose at 23 hours [1].", REVIEWS,
         "6", "ungrounded"),
        ("The Sony at $399 is $30 cheaper than the Bose at $429 [1].", REVIEWS, "30",
         "derived"),
        ("Zusammen 70,80 € – knapp 31 € mehr als die Grundgebühr von 39,95 € [1].", PHONE_BILL,
         "31", "derived"),
        ("Zusammen 70,80 € – knapp 35 € mehr als die Grundgebühr von 39,95 € [1].", PHONE_BILL,
         "35", "ungrounded"),
        ("Bei 18 V und 2,0 Ah speichert er rechnerisch 36 Wh [1].", "18 V, 2,0 Ah", "36",
         "derived"),
        # A count adds to no amount of money: "die zwei Duschgels 1,90 €" is no 5,25 + 2.
        ("Feuchttücher 5,25 € und die zwei Duschgels 1,90 € – zusammen also 7,25 € [1].",
         "Duschgel 2x 0,95 1,90\nFeuchttücher 3x 1,75 5,25", "7,25", "ungrounded"),
        ("Feuchttücher 5,25 € und die zwei Duschgels 1,90 € – zusammen also 7,15 € [1].",
         "Duschgel 2x 0,95 1,90\nFeuchttücher 3x 1,75 5,25", "7,15", "derived"),
        ("You used 14.2 GB of your 20 GB, so 5.8 GB are left [1].", "14.2 GB of 20 GB", "5.8",
         "derived"),
        ("Von 84.210 km [1] bis 84.850 km [1] bist du 640 km gefahren.",
         "km 84.210\nkm 84.850", "640", "derived"),
    ],
)  # fmt: skip
def test_differences_comparatives_and_hedges(
    answer: str, excerpt: str, figure: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[figure] == expected


@pytest.mark.parametrize(
    ("answer", "excerpts", "result"),
    [
        # Blind probes 17 and 18: a difference of large figures of the sentence before, told
        # by "leaves", "over"; a sum told by "add".
        ("The room had 630 cables on hand [1]. The pick list takes 150 [2], which leaves 480.",
         ("CB-2207 on hand: 630", "CB-2207: 150 units"), "480"),
        ("Daycare totals $396.00 [1], while the daycare budget is $350 [2]. That's $46 over "
         "budget.", ("Total $396.00", "Daycare: budget $350/mo"), "46"),
        ("Squat 3 x 5 at 225 lb; the coach says to add 5 lb, so next week it is 230 lb [1].",
         ("Squat: 3 x 5 @ 225 lb\nNote: add 5 lb next week",), "230"),
    ],
)  # fmt: skip
def test_a_told_sum_or_difference_of_large_figures_may_take_the_sentence_before(
    answer: str, excerpts: tuple[str, ...], result: str
) -> None:
    assert statuses(answer, *excerpts)[result] == "derived"


@pytest.mark.parametrize(
    ("answer", "result"),
    [
        # Small operands stay in the result's sentence: 12 - 5 is 7 by chance too often.
        ("You had 12 apples [1]. After 5 went to Tom, 7 are left.", "7"),
        ("The room had 630 cables [1]. The pick list takes 150, which leaves 490.", "490"),
    ],
)
def test_a_difference_of_small_figures_or_a_wrong_one_stays_ungrounded(
    answer: str, result: str
) -> None:
    assert statuses(answer, "apples: 12, Tom: 5, cables: 630, pick: 150")[result] == "ungrounded"


@pytest.mark.parametrize(
    ("answer", "result", "expected"),
    [
        # Blind probe 17: two readings of one meter and what lies between them, untold.
        ("Vom 31.12.2025 (18.402 kWh) bis zum 31.03.2026 (19.087 kWh) habt ihr 685 kWh "
         "verbraucht [1].", "685", "derived"),
        ("Vom 31.12.2025 (18.402 kWh) bis zum 31.03.2026 (19.087 kWh) habt ihr 695 kWh "
         "verbraucht [1].", "695", "ungrounded"),
        # Amounts and other units pair no untold difference.
        ("Strom kostete 18.402 € und Gas 19.087 €; die Wartung 685 € [1].", "685", "ungrounded"),
        ("Am 31.12. standen 18.402 kWh, am 31.03. 19.087 m³ und 685 kWh [1].", "685",
         "ungrounded"),
    ],
)  # fmt: skip
def test_an_untold_difference_of_two_large_figures_of_one_unit(
    answer: str, result: str, expected: str
) -> None:
    meter = "31.12.2025: 18.402 kWh / 18.402 €\n31.03.2026: 19.087 kWh / 19.087 € / 19.087 m³"
    assert statuses(answer, meter)[result] == expected


@pytest.mark.parametrize(
    ("answer", "result", "expected"),
    [
        # Blind probe 19: "plus" joins a sum's terms; "balance" tells a difference.
        ("A new member pays £280: the £240 annual fee plus the one-off £40 joining fee [1].",
         "280", "derived"),
        ("A new member pays £290: the £240 annual fee plus the one-off £40 joining fee [1].",
         "290", "ungrounded"),
        ("The order comes to $739 [1]. With the $250 deposit, the balance due is $489.", "489",
         "derived"),
        ("The order comes to $739 [1]. With the $250 deposit, the balance due is $499.", "499",
         "ungrounded"),
    ],
)  # fmt: skip
def test_a_sum_joined_by_plus_and_a_balance(answer: str, result: str, expected: str) -> None:
    fees = "Adult: £240 per year\nJoining fee: £40\nTotal: $739.00\nDeposit paid: $250.00"
    assert statuses(answer, fees)[result] == expected


@pytest.mark.parametrize(
    ("answer", "result", "expected"),
    [
        # Blind probe 20: a rate's adjective before its amount, "im Monat" after it.
        ("Dein monatlicher Abschlag beträgt 97,00 € [1] – über die 12 Monate sind das "
         "1.164,00 €.", "1.164,00", "derived"),
        ("Dein Abschlag beträgt 97,00 € im Monat [1] – über die 12 Monate sind das 1.164,00 €.",
         "1.164,00", "derived"),
        ("Dein monatlicher Abschlag beträgt 97,00 € [1] – über die 12 Monate sind das "
         "1.174,00 €.", "1.174,00", "ungrounded"),
        # No rate's word, no product: 97,00 and 12 of a contract are not multiplied.
        ("Dein Abschlag beträgt 97,00 € [1] – über die 12 Monate sind das 1.164,00 €.",
         "1.164,00", "ungrounded"),
    ],
)  # fmt: skip
def test_a_product_named_by_a_rate_s_adjective(answer: str, result: str, expected: str) -> None:
    contract = "Monatlicher Abschlag: 97,00 €\nMindestlaufzeit 12 Monate"
    assert statuses(answer, contract)[result] == expected


@pytest.mark.parametrize(
    ("answer", "result", "expected"),
    [
        # Blind probe 19: hours a time log's clock times give, at a rate "/hour".
        ("You logged 3.5 hours [1]. At your rate of $85/hour that comes to $297.50 [1].",
         "297.50", "derived"),
        ("You logged 3.5 hours [1]. At your rate of $85/hour that comes to $287.50 [1].",
         "287.50", "ungrounded"),
    ],
)  # fmt: skip
def test_a_derived_duration_is_an_operand_as_its_written_number(
    answer: str, result: str, expected: str
) -> None:
    log = "| Date | Start | End |\n|---|---|---|\n| Mon 2 Mar | 09:15 | 12:45 |\nRate: $85/hour"
    assert statuses(answer, log)[result] == expected


@pytest.mark.parametrize(
    ("answer", "result", "expected"),
    [
        # Blind probe 31: a count of years between two years of its sentence.
        ("Die Mühle lief von 1898 bis zu ihrer Stilllegung 1974, also 76 Jahre lang [1].", "76",
         "derived"),
        ("Die Mühle lief von 1898 bis zu ihrer Stilllegung 1974, also 77 Jahre lang [1].", "77",
         "ungrounded"),
        # The years must be its sentence's, and the count one of years.
        ("Die Mühle lief von 1898 bis 1974 [1]. Sie war 76 Jahre in Betrieb.", "76",
         "ungrounded"),
        ("Die Mühle wurde 1898 gebaut und 1974 stillgelegt, nach 76 Jahren [1].", "76",
         "derived"),
        ("Die Mühle wurde 1898 gebaut und 1974 stillgelegt, sie mahlte 76 Tonnen am Tag [1].",
         "76", "ungrounded"),
    ],
)  # fmt: skip
def test_a_count_of_years_between_two_years(answer: str, result: str, expected: str) -> None:
    assert statuses(answer, "Die Hofmühle mahlte von 1898 bis 1974 Korn.")[result] == expected


def test_arithmetic_written_out_of_no_excerpt_s_figures_says_the_answer_holds_them() -> None:
    # Blind probe 18: the working's terms were worked out before it, not taken from the
    # question, as the message said.
    answer = "Fix24 kostet 896,50 € (722,50 € plus 174,00 €) [1]."
    stage = check_numbers("", answer, [SourceText(1, "Arbeitspreis 28,90 ct/kWh")])
    (total,) = [f for f in stage.findings if f.text == "896,50"]
    assert total.status == "derived"
    assert total.message_en.endswith('from "722,50" to "174,00", which stand in the answer.')
    assert total.message_de.endswith("aus der Antwort.")
