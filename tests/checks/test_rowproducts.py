"""Products of two figures of one line, and their sum over a block (checks/rowproducts.py)."""

from __future__ import annotations

import pytest

from tests.checks.conftest import statuses

DUES = (
    "Beitragsklasse        Jahresbeitrag   Anzahl\n"
    "Erwachsene            120,00 €        23\n"
    "Jugendliche (<18)      60,00 €        14\n"
    "Familien              210,00 €         6"
)
STOCK = (
    "Artikel                   Bestand   EK/Einheit\n"
    "Kaffeebohnen Espresso     7,5       18,40 €\n"
    "Hafermilch Barista        36         1,89 €\n"
    "Kakao-Pulver              2          9,80 €"
)
HONEY = "Artikel              Preis    verkauft\nBlütenhonig 500 g    7,50 €     18"
BREAD = "Bake at 250 °C, lid on for 20 min, lid off for another 20-25.\nYield: 2 × 430 g loaves"


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure", "expected"),
    [
        # Blind probe 30: a row's price times its count, and the stock's value line by line.
        ("Von den 23 Erwachsenen kommen 2.760 € [1].", DUES, "2.760", "derived"),
        ("Von den 23 Erwachsenen kommen 2.670 € [1].", DUES, "2.670", "ungrounded"),
        ("Die Espressobohnen sind 138,00 € wert [1].", STOCK, "138,00", "derived"),
        ("Der Warenwert liegt bei 225,64 € [1].", STOCK, "225,64", "derived"),
        ("Der Warenwert liegt bei 225,46 € [1].", STOCK, "225,46", "ungrounded"),
        # Blind probe 22: a size in the article's name is no count of the row.
        ("Der Blütenhonig brachte 135,00 € [1].", HONEY, "135,00", "derived"),
        ("Der Blütenhonig brachte 3.750,00 € [1].", HONEY, "3.750,00", "ungrounded"),
        # Two whole figures of prose multiply only where a sign joins them.
        ("Insgesamt sind es 500 g Mehl [1].", BREAD, "500", "ungrounded"),
        ("Es sind 860 g Brot [1].", BREAD, "860", "derived"),
        # A small whole product is no derivation: it meets too many wrong figures.
        ("Es sind 40 Stück [1].", "Paket: 4 Stück à 10,00 €", "40", "ungrounded"),
    ],
)
def test_a_product_of_one_line_or_the_sum_of_a_block_s(
    answer: str, excerpt: str, figure: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[figure] == expected


INVOICE = (
    "Pos  Artikel        Menge  Einzelpreis  Gesamt\n"
    "1    Schrauben      3      2,50 €       7,50 €\n"
    "2    Dübel          4      1,20 €       4,80 €"
)
COURSES = (
    "Kurs          Termine   Teilnehmer   Gebühr\nYoga          8         12           15,00 €"
)


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure"),
    [
        # A review: a row of a unit price and a line total, or of a position and a
        # quantity, multiplies nothing (3 × 7,50 € would count the line twice).
        ("Die Schrauben kosten 22,50 € [1].", INVOICE, "22,50"),
        ("Die Dübel kosten 9,60 € [1].", INVOICE, "9,60"),
        ("Der Yogakurs kostet 180,00 € [1].", COURSES, "180,00"),
    ],
)
def test_a_row_of_two_prices_or_two_counts_multiplies_nothing(
    answer: str, excerpt: str, figure: str
) -> None:
    assert statuses(answer, excerpt)[figure] == "ungrounded"


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure", "expected"),
    [
        # A second review: a sign's operand ends before a full stop or a comma.
        ("Die Fläche beträgt 102 m² [1].", "Raum: 12 x 8,50. Boden: Parkett.", "102", "derived"),
        ("Die Fläche beträgt 10.200 m² [1].", "Raum: 12 x 8,50. Boden: Parkett.", "10.200",
         "ungrounded"),
        # A currency's code before or after the price, and "Euro".
        ("Das macht 3'703.50 CHF [1].", "Artikel   CHF 1'234.50   3", "3'703.50", "derived"),
        ("That is 3,703.50 USD [1].", "Item   1,234.50 USD   3", "3,703.50", "derived"),
        # A year is no count; a count's mark is read as its row's price reads it.
        ("Das sind 99.176,00 € [1].", "Ticket   2024   49,00 €", "99.176,00", "ungrounded"),
        ("Der Käse kostet 4,60 € [1].", "Käse   0,250   18,40 €", "4,60", "derived"),
        ("Der Käse kostet 4.600,00 € [1].", "Käse   0,250   18,40 €", "4.600,00", "ungrounded"),
    ],
)  # fmt: skip
def test_signs_currencies_years_and_a_count_s_decimal_mark(
    answer: str, excerpt: str, figure: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[figure] == expected
