"""A real figure the answer names by another column of its table row."""

from __future__ import annotations

import pytest

from tests.checks.conftest import statuses
from verifier.checks.headedtables import tables_of

STATS = (
    "# Shop-Statistik 2026\n\n| Monat | Aufrufe | Besucher | Bestellungen |\n"
    "|-------|---------|----------|--------------|\n"
    "| März  | 21.480  | 6.312    | 140 |\n| April | 18.905  | 5.877    | 122 |\n"
)
METER = (
    "Wasserzähler Nr. 4471\n"
    "Ablesung      Vorjahr (m³)   Aktuell (m³)   Verbrauch (m³)\n"
    "15.01.2026    1.208          1.301          93\n"
)
PRINTS = (
    "Filament inventory (counted 2026-03-05)\n"
    "Material   Colour   Available   Reorder at   Spool\n"
    "PLA        Black    6           3            1 kg\n"
    "PETG       Clear    2           4            1 kg\n"
)
BAKERY = (
    "Preisliste Backstube – Wiederverkäufer und Laden\n\n"
    "| Art.-Nr. | Artikel | Ladenpreis € | Wiederverkäufer € |\n"
    "| 1010 | Bauernbrot | 4,60 | 3,45 |\n| 1052 | Butterzopf | 6,80 | 5,10 |\n"
)


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure", "expected"),
    [
        # A markdown table: April's page views given as its visitors.
        ("Im April hatte der Shop 18.905 Besucher [1].", STATS, "18.905", "wrong_line"),
        ("Im April hatte der Shop 5.877 Besucher [1].", STATS, "5.877", "grounded"),
        ("Im April hatte der Shop 18.905 Aufrufe [1].", STATS, "18.905", "grounded"),
        ("Im April gab es 18.905 Aufrufe und 5.877 Besucher [1].", STATS, "18.905", "grounded"),
        ("Im April gab es 18.905 Aufrufe und 5.877 Besucher [1].", STATS, "5.877", "grounded"),
        # Two figures swapped, each named: each is the other column's.
        ("Im April gab es 5.877 Aufrufe und 18.905 Besucher [1].", STATS, "5.877", "wrong_line"),
        ("Im April gab es 5.877 Aufrufe und 18.905 Besucher [1].", STATS, "18.905",
         "wrong_line"),
        # Its label before a colon names it too.
        ("April – Besucher: 18.905 [1].", STATS, "18.905", "wrong_line"),
        # A table laid out with spaces, past a unit: last year's reading as the consumption.
        ("Der Zähler zeigte 1.208 m³ Verbrauch [1].", METER, "1.208", "wrong_line"),
        ("Der Zähler zeigte 93 m³ Verbrauch [1].", METER, "93", "grounded"),
        # Past a currency; a title that names both columns names neither.
        ("Der Butterzopf kostet 5,10 € Ladenpreis [1].", BAKERY, "5,10", "wrong_line"),
        ("Der Butterzopf kostet 6,80 € Ladenpreis [1].", BAKERY, "6,80", "grounded"),
        ("Of the Clear PETG, 4 pieces available [1].", PRINTS, "4", "wrong_line"),
        ("Of the Clear PETG, 2 pieces available [1].", PRINTS, "2", "grounded"),
        # "spools" names the column of a spool's size, whose cells are no bare counts.
        ("We have 2 spools of Clear PETG [1].", PRINTS, "2", "grounded"),
    ],
)  # fmt: skip
def test_a_figure_named_by_another_column_of_its_row_is_flagged(
    answer: str, excerpt: str, figure: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[figure] == expected


BUDGET = (
    "| Kategorie | Budget | Ist | Differenz |\n|---|---|---|---|\n"
    "| Mobilität | 250,00 € | 286,40 € | -36,40 € |\n| Freizeit | 120,00 € | 94,00 € | +26,00 € |\n"
)
LAPTOPS = (
    "| Model | Battery (Wh) | Runtime (h) | Weight (kg) |\n|---|---|---|---|\n"
    "| Aero 16 | 72 | 13 | 1.9 |\n| Nimbus 14 | 56 | 11 | 1.3 |\n"
)
LEAGUE = (
    "| Platz | Verein | Spiele | Tore | Gegentore | Punkte |\n|---|---|---|---|---|---|\n"
    "| 1 | Bayern | 34 | 101 | 32 | 82 |\n| 2 | Leverkusen | 34 | 89 | 41 | 71 |\n"
)
FUEL = (
    "Date        Station        Litres   €/L     Paid\n"
    "2026-02-19  Shell Nord     41.08    1.799   73.90\n"
    "2026-03-08  Jet Süd        43.62    1.689   73.67\n"
)
SHIFTS = (
    "Datum       Beginn   Ende    Pause (h)   Stunden\n"
    "04.03.2026  07:30    17:00   0,75        8,75\n"
    "05.03.2026  08:00    16:30   0,50        8,00\n"
)


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure"),
    [
        # Words further off name what the figure is taken from or compared with.
        ("Bei Freizeit blieben vom Budget 26,00 € übrig [1].", BUDGET, "26,00"),
        ("Leisure left €26.00 of its budget unspent [1].", BUDGET, "26.00"),
        ("Transport exceeded its budget by exactly €36.40 [1].", BUDGET, "36.40"),
        ("Seit der Ablesung im Vorjahr sind 93 m³ durchgelaufen [1].", METER, "93"),
        ("Am 4. März blieben nach Abzug der Pause 8,75 Stunden [1].", SHIFTS, "8,75"),
        # Its own column named near it, even by a verb.
        ("Im April bestellten 122 Besucher im Shop [1].", STATS, "122"),
        # A header's unit tells columns apart that the cells write alike.
        ("The Aero 16 offers 13 hours of battery life [1].", LAPTOPS, "13"),
        # A compound of the word is the figure's own column ("Tore" of "Gegentore").
        ("Bayern kassierte in 34 Spielen nur 32 Tore [1].", LEAGUE, "32"),
        # A column without a name of words may be the one the answer speaks of.
        ("That fill-up cost €73.67 at €1.689 per litre [1].", FUEL, "1.689"),
    ],
)
def test_words_that_name_no_other_column(answer: str, excerpt: str, figure: str) -> None:
    assert statuses(answer, excerpt)[figure] == "grounded"


def test_a_figure_that_prose_also_gives_is_no_cell_of_a_column() -> None:
    excerpt = STATS + "\nNachtrag: 18.905 Besucher zählte das alte Plugin im April.\n"
    assert statuses("Im April hatte der Shop 18.905 Besucher [1].", excerpt)["18.905"] == (
        "grounded"
    )


def test_a_column_of_another_kind_is_not_named_for_a_count() -> None:
    # "Bestellt" heads a column of dates: "50 bestellte Dübel" names no count's column.
    excerpt = (
        "| Artikel | Bestellt | Menge | Preis |\n|---|---|---|---|\n"
        "| Dübel 8 mm | 03.02.2026 | 50 | 4,90 € |\n| Schrauben | 05.02.2026 | 200 | 7,40 € |\n"
    )
    assert statuses("Es sind 50 bestellte Dübel [1].", excerpt)["50"] == "grounded"


def test_the_header_must_be_words_and_the_rows_as_wide() -> None:
    # A first row of figures, or of one word, is no header; a line of another width ends it.
    assert tables_of("| 2024 | 2025 | 2026 |\n| 1 | 2 | 3 |\n") == []
    assert tables_of("| Monat | 1 | 2 |\n| 1 | 2 | 3 |\n") == []
    assert tables_of("| Monat | x | y |\n| 1 | 2 | 3 |\n") == []
    tables = tables_of("intro\n" + STATS + "| ein | Rest |\n")
    assert [t.heads for t in tables] == [["Monat", "Aufrufe", "Besucher", "Bestellungen"]]
    assert len(tables[0].rows) == 2
    spaced = tables_of(METER)
    assert spaced[0].heads == ["Ablesung", "Vorjahr (m³)", "Aktuell (m³)", "Verbrauch (m³)"]


def test_tabs_part_empty_cells() -> None:
    table = tables_of("Monat\tAufrufe\tBesucher\tNotiz\nMärz\t21.480\t6.312\t\nApril\t\t5.877\tx\n")
    assert [len(row) for row in table[0].rows] == [4, 4]


def test_a_header_gives_its_column_a_unit() -> None:
    # "(Wh)" and "(h)" tell apart two columns whose cells write bare numbers; "at" is no unit.
    table = tables_of(LAPTOPS)[0]
    assert table.unit(LAPTOPS, 0, 1) != table.unit(LAPTOPS, 0, 2)
    prints = tables_of(PRINTS)[0]
    assert prints.unit(PRINTS, 0, 2) == prints.unit(PRINTS, 0, 3)


SPEND = (
    "| Posten | Budget | Ausgaben | Rest |\n|---|---|---|---|\n"
    "| Technik | 3.500 € | 3.620 € | -120 € |\n| Deko | 800 € | 310 € | 490 € |\n"
)
STOCK = (
    "| Date | Open | High | Low | Close |\n|---|---|---|---|---|\n"
    "| 2026-03-04 | 183.90 | 186.20 | 183.10 | 185.10 |\n"
)
LOAN = (
    "| Nr. | Rate | Zins | Tilgung |\n|---|---|---|---|\n"
    "| 11 | 1.200,00 | 189,10 | 1.010,90 |\n| 12 | 1.200,00 | 187,60 | 1.012,40 |\n"
)


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure"),
    [
        # A label that is the object of a relation, or a figure given with the other.
        ("Die Technik überschreitet das Budget: 3.620 € statt 3.500 € [1].", SPEND, "3.620"),
        ("Technik: 3.620 vs. Budget [1].", SPEND, "3.620"),
        ("Zinsanteil der 12. Rate: 187,60 € [1].", LOAN, "187,60"),
        # A comparison's adjective names no column.
        ("On March 4 the stock closed at $185.10 higher than it opened [1].", STOCK, "185.10"),
    ],
)
def test_labels_and_adjectives_of_a_relation(answer: str, excerpt: str, figure: str) -> None:
    assert statuses(answer, excerpt)[figure] == "grounded"
