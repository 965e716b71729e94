"""Two figures an answer ties together that no line of the excerpt holds together."""

from __future__ import annotations

import pytest

from tests.checks.conftest import statuses
from verifier.checks.models import SourceText
from verifier.checks.numbers import check_numbers

STATEMENT = (
    "15.01.2026  Lastschrift  Telekom Deutschland GmbH    -49,95\n"
    "16.01.2026  Lastschrift  Vodafone Kabel Deutschland  -34,99\n"
    "18.01.2026  Lastschrift  Stadtwerke Abschlag Strom   -85,00"
)
NUTRIENTS = (
    "| je 100 g | Eiweiß | Energie |\n|---|---|---|\n| Haferflocken | 13,5 g | 372 kcal |\n"
    "| Magerquark | 12,0 g | 67 kcal |"
)
MONTHS = "| Monat | Abschlag |\n|---|---|\n| Januar | 120,00 € |\n| Februar | 150,00 € |"
TOTALS = "| Posten | Betrag |\n|---|---|\n| Miete | 890,00 € |\n| Summe | 1.016,00 € |"


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure", "expected"),
    [
        # A blind probe's wrong rows: the date of one debit with another's amount, one food's
        # protein with another's energy.
        ("Vodafone hat am 16.01.2026 49,95 € abgebucht [1].", STATEMENT, "49,95", "wrong_line"),
        ("Vodafone hat am 16.01.2026 34,99 € abgebucht [1].", STATEMENT, "34,99", "grounded"),
        ("Haferflocken liefern 12,0 g Eiweiß bei 372 kcal [1].", NUTRIENTS, "372",
         "wrong_line"),
        ("Haferflocken liefern 13,5 g Eiweiß bei 372 kcal [1].", NUTRIENTS, "372", "grounded"),
        # Parted figures pair nothing: a comma, a change, a product, a list.
        ("Am 16.01.2026, also nach der Telekom mit 49,95 € [1].", STATEMENT, "49,95",
         "grounded"),
        ("Der Abschlag stieg von 120,00 € im Januar auf 150,00 € [1].", MONTHS, "150,00",
         "grounded"),
        ("Abgebucht wurden 34,99 € und 85,00 € [1].", STATEMENT, "85,00", "grounded"),
        ("12 × 13,90 € ergibt 166,80 € [1].",
         "Grundpreis: 13,90 €/Monat\nAbschläge: 12 × 92,00 €", "13,90", "grounded"),
        # Figures of one kind pair nothing; a total's line names no row.
        ("Die Miete von 890,00 € bei 1.016,00 € Kosten [1].", TOTALS, "1.016,00", "grounded"),
        ("Die Lastschriften zum 16.01.2026 ergaben 169,94 € [1].",
         STATEMENT + "\n31.01.2026  Summe Lastschriften  -169,94", "169,94", "grounded"),
    ],
)  # fmt: skip
def test_figures_tied_together_from_two_rows_are_flagged(
    answer: str, excerpt: str, figure: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[figure] == expected


TRAVEL = (
    "Flight: B6 1123\nDate: Thursday, April 16, 2026\nDepart: Boston (BOS) 6:45 am\n"
    "Sailing: Sat 4 Jul 2026, departs 14:30 (UK time)\n"
    "Check-in closes: 45 minutes before departure"
)
DEPOSIT = (
    "Anlagebetrag: 10.000,00 €\nLaufzeit: 12 Monate (15.01.2026 – 15.01.2027)\n"
    "Zinsen vor Steuern: 260,00 €"
)


@pytest.mark.parametrize(
    ("answer", "figure"),
    [
        # Blind probe 17: label lines of one value each give no date an amount of its own.
        ("Am 15.01.2027 werden dir die 10.000,00 € gutgeschrieben [1].", "10.000,00"),
        ("Am 15.01.2027 werden dir 260,00 € Zinsen gutgeschrieben [1].", "260,00"),
        # Blind probe 20: a date's day and year are no whole number of its line.
        ("Your flight B6 1123 on April 16, 2026 leaves at 6:45 am [1].", "April 16, 2026"),
        ("Check-in on Saturday, July 4, 2026 closes 45 minutes before [1].", "45"),
    ],
)
def test_figures_of_label_lines_that_hold_no_figure_of_the_other_s_kind_pair_nothing(
    answer: str, figure: str
) -> None:
    assert statuses(answer, DEPOSIT, TRAVEL)[figure] == "grounded"


def test_a_figure_that_also_stands_in_prose_pairs_with_nothing() -> None:
    excerpt = STATEMENT + "\nDie Telekom buchte am 16.01.2026 nach: 49,95 € wie immer."
    assert statuses("Am 16.01.2026 49,95 € an die Telekom [1].", excerpt)["49,95"] == "grounded"


def test_the_finding_names_both_lines() -> None:
    stage = check_numbers("", "Vodafone hat am 16.01.2026 49,95 € abgebucht [1].",
                          [SourceText(1, STATEMENT)])  # fmt: skip
    (finding,) = [f for f in stage.findings if f.status == "wrong_line"]
    assert finding.excerpts == [1]
    assert finding.message_en == (
        '"49,95" stands in excerpt [1] on the line "15.01.2026  Lastschrift  Telekom Deutschland '
        'GmbH    -49,95", not on the line of "16.01.2026" ("16.01.2026  Lastschrift  Vodafone '
        'Kabel Deutschland  -34,99").'
    )


BOOKINGS = (
    "Kontoauszug Nr. 3/2026\n"
    "05.03.2026  Kartenzahlung EDEKA Hiltrup                   -54,32 €\n"
    "07.03.2026  Dauerauftrag Miete Wohnung Ludgeristr.       -780,00 €\n"
    "31.03.2026  Saldo neu                                  1.208,40 €"
)


@pytest.mark.parametrize(
    ("answer", "figure", "expected"),
    [
        # Blind probe 10: a card payment on a statement is one booking, not a receipt's total:
        # its date given for the rent is another row's.
        ("Die Miete wurde am 05.03.2026 abgebucht [1].", "05.03.2026", "wrong_line"),
        ("Die Miete wurde am 07.03.2026 abgebucht [1].", "07.03.2026", "grounded"),
        ("Bei EDEKA hast du am 05.03.2026 eingekauft [1].", "05.03.2026", "grounded"),
        # A statement's balance still names no row.
        ("Nach der Miete standen am 31.03.2026 noch 1.208,40 € auf dem Konto [1].", "1.208,40",
         "grounded"),
    ],
)  # fmt: skip
def test_a_statement_s_card_payment_is_a_booking_of_its_own(
    answer: str, figure: str, expected: str
) -> None:
    assert statuses(answer, BOOKINGS)[figure] == expected


def test_payment_terms_pair_with_no_row() -> None:
    # "Net 30" is a count of days: the invoice's date and its terms stand on two lines.
    invoice = "INVOICE #2026-031            Date: 03/31/2026\nPayment terms: Net 30"
    answer = "It was issued on March 31, 2026 with Net 30 terms [1]."
    assert statuses(answer, invoice)["30"] == "grounded"


CONTACTS = (
    "Emergency contacts (fridge)\n"
    "Poison control: 1-800-222-1222\n"
    "Pediatrician Dr. Hsu: (312) 555-0178\n"
    "Neighbor (Carol, #12): (312) 555-0164\n"
)


@pytest.mark.parametrize(
    ("answer", "number", "expected"),
    [
        # Blind probe 12: the neighbour's number given for the doctor's, named in an apposition.
        ("Dr. Hsu, the pediatrician, can be reached at (312) 555-0164 [1].", "555-0164",
         "wrong_line"),
        ("Dr. Hsu, the pediatrician, can be reached at (312) 555-0178 [1].", "555-0178",
         "grounded"),
        ("Carol, the neighbor, is at (312) 555-0164 [1].", "555-0164", "grounded"),
    ],
)  # fmt: skip
def test_a_phone_number_of_another_line(answer: str, number: str, expected: str) -> None:
    assert statuses(answer, CONTACTS)[number] == expected


def test_each_of_two_numbers_is_named_in_its_own_clause() -> None:
    answer = "Call the pediatrician at (312) 555-0178 or Carol at (312) 555-0164 [1]."
    assert "wrong_line" not in statuses(answer, CONTACTS).values()


PANTRY = (
    "Item                     | Qty | Best by\n"
    "Black beans (15 oz can)  | 6   | 11/2027\n"
    "Chickpeas (15 oz can)    | 3   | 01/2028\n"
    "Coconut milk (13.5 oz)   | 9   | 09/2026\n"
)
GROCERIES = (
    "GREEK YOGURT PLAIN        4.99\nSOURDOUGH LOAF            3.99\nCOLD BREW CONC            6.99"
)


def test_a_figure_the_answer_computes_is_no_other_line_s() -> None:
    # Blind probe 13: 6 + 3 make 9 cans in all, which is also the coconut milk's count.
    answer = "You have 6 cans of black beans and 3 of chickpeas [1], so 9 cans of beans in total."
    assert statuses(answer, PANTRY)["9"] == "derived"
    # But a figure derived from the one in question derives nothing back: 3.99 is the bread's.
    answer = "The Greek yogurt ($4.99) and the cold brew ($3.99) came to $8.98 [1]."
    assert statuses(answer, GROCERIES)["3.99"] == "wrong_line"


def test_a_condition_names_no_owner_of_a_number() -> None:
    # A review: "If Mrs. Ortiz is unavailable, call ..." is no number of Mrs. Ortiz's.
    answer = "If the pediatrician is unavailable, call (312) 555-0164 [1]."
    assert statuses(answer, CONTACTS)["555-0164"] == "grounded"


def test_a_year_or_a_hedged_figure_pairs_with_no_line() -> None:
    # Blind probe 15: the year of a blog post's title line, and a mean "etwa 138" that the
    # first day's row also holds.
    blog = "Blog: 'Balcony harvest 2025 – the numbers'\nThis year's totals: 14.2 kg of tomatoes"
    answer = "Your plants produced 14.2 kg in 2025 [1]."
    assert statuses(answer, blog)["2025"] == "grounded"
    log = "Datum  | morgens | abends\n06.04. | 138/88 | 131/84\n08.04. | 135/86 | 127/80"
    answer = "Am 8. April lag dein Wert bei etwa 138 mmHg [1]."
    assert statuses(answer, log)["138"] == "grounded"
    # As written, the same pair is tied to the wrong line.
    answer = "Am 8. April lag dein Wert bei 138 mmHg [1]."
    assert statuses(answer, log)["138"] == "wrong_line"


def test_a_count_at_its_unit_price_pairs_with_no_line() -> None:
    # Blind probe 16: the count stands on the RSVP line, the price on the menu's: a product's
    # terms, not one row's values.
    catering = (
        "Buffet dinner: $48.50 per adult, $22.00 per child (under 12)\n"
        "Confirmed RSVPs: 86 adults, 14 children"
    )
    answer = "With 86 adults at $48.50 and 14 children at $22.00 [1], the food comes to more."
    found = statuses(answer, catering)
    assert (found["48.50"], found["22.00"]) == ("grounded", "grounded")


def test_a_count_at_another_line_s_price_is_still_a_wrong_line() -> None:
    # A review: the count's own line gives it a price, so "at" ties it to another one.
    tickets = "Adults: 12 tickets at $62.00\nChildren: 8 tickets at $48.50"
    answer = "You need 12 children's tickets at $48.50 [1]."
    assert statuses(answer, tickets)["48.50"] == "wrong_line"


def test_a_what_if_product_at_another_row_s_price_pairs_with_no_line() -> None:
    # A second review: "86 at $62.00 = ..." computes, it reads no row.
    tickets = "Adults: 12 tickets at $62.00\nChildren: 86 tickets at $48.50"
    answer = "If the 86 children paid the adult price, that's 86 at $62.00 = $5,332.00 [1]."
    assert statuses(answer, tickets)["62.00"] == "grounded"


def test_a_train_and_the_time_of_its_next_line_pair_with_no_line() -> None:
    # Blind probe 18: an itinerary gives the train on its departure line, the arrival below.
    trip = (
        "ab 07:48  München Hbf       ICE 518    Gl. 21\n"
        "an 09:52  Nürnberg Hbf                 Gl. 8\n"
        "ab 10:05  Nürnberg Hbf      ICE 1006   Gl. 7"
    )
    answer = "Der ICE 518 kommt um 9:52 Uhr auf Gleis 8 an [1]."
    assert statuses(answer, trip)["9:52"] == "grounded"


CONTRACT = (
    "Fahrzeug: VW Golf VIII 1.5 eTSI, Erstzulassung 03/2022\n"
    "Zweitwagen: Opel Corsa 1.2 turbo, Erstzulassung 05/2019\n"
    "Kaufpreis: 21.900 €\nAnzahlung: 1.500 €"
)


@pytest.mark.parametrize(
    ("answer", "figure", "expected"),
    [
        # Blind probe 32: a number inside a name the answer copies is no row's value.
        ("Sophie paid €21,900 for the VW Golf VIII 1.5 eTSI [1].", "1.5", "grounded"),
        # A second review: one word of a name may be lower case.
        ("Sophie paid €21,900 for the Opel Corsa 1.2 turbo [1].", "1.2", "grounded"),
    ],
)
def test_a_number_inside_a_copied_name_pairs_with_no_row(
    answer: str, figure: str, expected: str
) -> None:
    assert statuses(answer, CONTRACT)[figure] == expected


def test_a_rate_s_words_around_a_figure_make_no_name() -> None:
    # A review: "at 48.50 EUR" stands so on its line too, but names nothing.
    tickets = "Adults: 12 tickets at 62.00 EUR\nChildren: 8 tickets at 48.50 EUR"
    answer = "You need 12 children's tickets at 48.50 EUR [1]."
    assert statuses(answer, tickets)["48.50"] == "wrong_line"
