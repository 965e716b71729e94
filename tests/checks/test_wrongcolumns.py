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
    "Material   Colour   In stock   Reorder at   Spool\n"
    "PLA        Black    6         3            1 kg\n"
    "PETG       Clear    2         4            1 kg\n"
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
        # A table laid out with spaces: last year's reading given as this one's.
        ("Im Vorjahr stand der Zähler bei 1.301 m³ [1].", METER, "1.301", "wrong_line"),
        ("Im Vorjahr stand der Zähler bei 1.208 m³ [1].", METER, "1.208", "grounded"),
        ("Der Verbrauch lag bei 93 m³ [1].", METER, "93", "grounded"),
        ("We have 4 Clear PETG spools in stock [1].", PRINTS, "4", "wrong_line"),
        ("We have 2 Clear PETG spools in stock [1].", PRINTS, "2", "grounded"),
        # "spools" names the column of a spool's size, whose cells are no bare counts.
        ("We have 2 Clear PETG spools [1].", PRINTS, "2", "grounded"),
        ("PETG gets reordered at 4 spools [1].", PRINTS, "4", "grounded"),
    ],
)  # fmt: skip
def test_a_figure_named_by_another_column_of_its_row_is_flagged(
    answer: str, excerpt: str, figure: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[figure] == expected


def test_a_figure_that_prose_also_gives_is_no_cell_of_a_column() -> None:
    excerpt = STATS + "\nNachtrag: 18.905 Besucher zählte das alte Plugin im April.\n"
    assert statuses("Im April hatte der Shop 18.905 Besucher [1].", excerpt)["18.905"] == (
        "grounded"
    )


def test_a_column_of_another_kind_is_not_named_for_a_count() -> None:
    # "Bestellt" heads a column of dates: the answer's "bestellt" names no count's column.
    excerpt = (
        "| Artikel | Bestellt | Menge | Preis |\n|---|---|---|---|\n"
        "| Dübel 8 mm | 03.02.2026 | 50 | 4,90 € |\n| Schrauben | 05.02.2026 | 200 | 7,40 € |\n"
    )
    assert statuses("Es wurden 50 Dübel bestellt [1].", excerpt)["50"] == "grounded"


def test_the_header_must_be_words_and_the_rows_as_wide() -> None:
    # A first row of figures is no header; a line of another width ends the table.
    assert tables_of("| 2024 | 2025 | 2026 |\n| 1 | 2 | 3 |\n") == []
    tables = tables_of("intro\n" + STATS + "| ein | Rest |\n")
    assert [t.heads for t in tables] == [["Monat", "Aufrufe", "Besucher", "Bestellungen"]]
    assert len(tables[0].rows) == 2
    spaced = tables_of(METER)
    assert spaced[0].heads == ["Ablesung", "Vorjahr (m³)", "Aktuell (m³)", "Verbrauch (m³)"]


FUEL = (
    "Date        Station        Litres   €/L     Paid\n"
    "2026-02-19  Shell Nord     41.08    1.799   73.90\n"
    "2026-03-08  Jet Süd        43.62    1.689   73.67\n"
)
BUDGET = (
    "| Kategorie | Budget | Ist | Differenz |\n|---|---|---|---|\n"
    "| Mobilität | 250,00 € | 286,40 € | -36,40 € |\n| Freizeit | 120,00 € | 94,00 € | +26,00 € |\n"
)


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure"),
    [
        # A column without a name of words may be the one the answer speaks of: "per litre"
        # is the price's, not the column of litres.
        ("That fill-up cost €73.67 at €1.689 per litre [1].", FUEL, "1.689"),
        # A difference from what the words name: the budget exceeded by the difference.
        ("Das Budget für Mobilität wurde um 36,40 € überschritten [1].", BUDGET, "36,40"),
        ("Mobility went over budget by €36,40 [1].", BUDGET, "36,40"),
    ],
)
def test_words_that_name_no_other_column(answer: str, excerpt: str, figure: str) -> None:
    assert statuses(answer, excerpt)[figure] == "grounded"


BAKERY = (
    "Preisliste Backstube – Wiederverkäufer und Laden\n\n"
    "| Art.-Nr. | Artikel | Ladenpreis € | Wiederverkäufer € |\n"
    "| 1010 | Bauernbrot | 4,60 | 3,45 |\n| 1052 | Butterzopf | 6,80 | 5,10 |\n"
)
PLAN = (
    "Category          Planned     Actual\n"
    "Groceries         $650.00     $718.42\n"
    "Dining out        $150.00      $96.30\n"
)


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure", "expected"),
    [
        # A title that names both columns names neither for the answer.
        ("Der Butterzopf kostet im Laden 5,10 € [1].", BAKERY, "5,10", "wrong_line"),
        ("Der Butterzopf kostet im Laden 6,80 € [1].", BAKERY, "6,80", "grounded"),
        # What a comparison names is the figure's reference, not its column.
        ("Dining out came in under plan at $96.30 [1].", PLAN, "96.30", "grounded"),
        ("Groceries ran to $718.42 over plan [1].", PLAN, "718.42", "grounded"),
        ("Dining out was planned at $96.30 [1].", PLAN, "96.30", "wrong_line"),
        # Words nearer to the next figure are that one's.
        ("Der Bauernbrot kostet 4,60 €, im Wiederverkauf 3,45 € [1].", BAKERY, "4,60",
         "grounded"),
    ],
)  # fmt: skip
def test_the_words_right_beside_the_figure_name_its_column(
    answer: str, excerpt: str, figure: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[figure] == expected
