"""A real figure the answer gives a row of a table that another row holds."""

from __future__ import annotations

import pytest

from tests.checks.conftest import statuses

MONITORS = (
    "| Model | Size | Refresh | Weight |\n|---|---|---|---|\n"
    '| VX24-F | 24" | 180 Hz | 4.2 kg |\n| VX27-Q | 27" | 144 Hz | 5.6 kg |\n'
    '| VX32-U | 32" | 120 Hz | 7.9 kg |\n'
)
TENANTS = (
    "Mietliste Lindenweg 4\n"
    "Whg.  Lage      Mieter       Kaltmiete   NK-VZ\n"
    "1     EG        Albers       512,00      170,00\n"
    "2     1. OG     Nowak        598,00      185,00\n"
    "3     2. OG     Szymański    604,00      185,00\n"
)
DRYERS = (
    "Modell | Füllmenge | H × B × T (cm) | Klasse\n"
    "TR 708 | 8 kg | 85,0 × 59,6 × 61,5 | A++\n"
    "TR 909 | 9 kg | 85,0 × 59,6 × 65,8 | A+++\n"
)


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure", "expected"),
    [
        # A row named by a code: the VX32-U given the VX24-F's refresh rate.
        ("The VX32-U runs at 180 Hz [1].", MONITORS, "180", "wrong_line"),
        ("The VX32-U runs at 120 Hz [1].", MONITORS, "120", "grounded"),
        ("The VX27-Q weighs 5.6 kg [1].", MONITORS, "5.6", "grounded"),
        ("The VX27-Q weighs 7.9 kg [1].", MONITORS, "7.9", "wrong_line"),
        # A row named by a word of its own, past an ordinal's full stop.
        ("Frau Szymański im 2. OG zahlt 598,00 € kalt [1].", TENANTS, "598,00", "wrong_line"),
        ("Frau Szymański im 2. OG zahlt 604,00 € kalt [1].", TENANTS, "604,00", "grounded"),
        # A code of letters and digits in a cell of a dimension.
        ("Der TR 909 ist 61,5 cm tief [1].", DRYERS, "61,5", "wrong_line"),
        ("Der TR 909 ist 65,8 cm tief [1].", DRYERS, "65,8", "grounded"),
    ],
)  # fmt: skip
def test_a_figure_of_another_row_than_the_one_named_is_flagged(
    answer: str, excerpt: str, figure: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[figure] == expected


@pytest.mark.parametrize(
    ("answer", "figure"),
    [
        # Two rows compared, or each in its own clause.
        ("The VX32-U is slower than the 180 Hz VX24-F [1].", "180"),
        ("The VX32-U has 120 Hz, the VX24-F 180 Hz [1].", "180"),
        ("The VX32-U has 120 Hz and the VX24-F has 180 Hz [1].", "180"),
        # The figure's own row named too, or no row at all.
        ("Both the VX24-F and the VX32-U weigh under 8 kg; the VX24-F 4.2 kg [1].", "4.2"),
        ("The lightest monitor weighs 4.2 kg [1].", "4.2"),
        # The named row's own figure of the column in the clause: the name is that one's.
        ("At 180 Hz the fastest is well ahead of the VX27-Q's 144 Hz [1].", "180"),
        # A spaced dash parts two clauses.
        ("The fastest runs at 180 Hz — the VX32-U is the biggest [1].", "180"),
    ],
)
def test_clauses_that_name_no_other_row_alone(answer: str, figure: str) -> None:
    assert statuses(answer, MONITORS)[figure] == "grounded"


def test_a_small_whole_number_meets_another_row_by_chance() -> None:
    # "2" is Nowak's flat number, but Szymański's "2 Jahre" is no cell of the table.
    answer = "Frau Szymański wohnt seit 2 Jahren im Haus und zahlt 604,00 € kalt [1]."
    assert statuses(answer, TENANTS)["2"] == "grounded"


def test_a_figure_that_prose_also_gives_is_no_row_of_the_table() -> None:
    excerpt = MONITORS + "\nNote: the firmware update lifts every model to 180 Hz.\n"
    assert statuses("The VX32-U runs at 180 Hz [1].", excerpt)["180"] == "grounded"


@pytest.mark.parametrize(
    "cell", ["–", "120 Hz (OC 144 Hz)"], ids=["no figure", "another kind of figure"]
)
def test_the_named_row_must_write_a_figure_of_the_kind_in_the_column(cell: str) -> None:
    excerpt = MONITORS.replace("| 120 Hz |", f"| {cell} |")
    assert statuses("The VX32-U runs at 180 Hz [1].", excerpt)["180"] == "grounded"


def test_a_bracket_beside_the_figure_is_an_aside_of_its_clause() -> None:
    answer = "Frau Szymański (Whg. 3, 2. OG, seit 2019) zahlt 598,00 € kalt [1]."
    assert statuses(answer, TENANTS)["598,00"] == "wrong_line"


def test_rows_indented_to_right_align_their_first_cell_are_rows() -> None:
    indented = TENANTS.replace("\n1     EG", "\n   1  EG").replace("\n2     1. OG", "\n   2  1. OG")
    assert statuses("Frau Nowak zahlt 512,00 € kalt [1].", indented)["512,00"] == "wrong_line"


INVOICES = (
    "| Rechnung | Datum | Betrag | Status |\n|---|---|---|---|\n"
    "| R-101 | 03.02.2026 | 1.200,00 € | offen |\n| R-102 | 10.02.2026 | 650,00 € | bezahlt |\n"
    "| R-103 | 17.02.2026 | 480,00 € | offen |\n"
)
RENTS = TENANTS + "Summe                                1.714,00    540,00\n"


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure"),
    [
        # A list whose names and figures pair in order ("bzw.", "respectively").
        ("Albers, Nowak und Szymański zahlen 512,00 €, 598,00 € bzw. 604,00 € kalt [1].",
         TENANTS, "512,00"),
        ("The VX24-F and the VX32-U refresh at 180 Hz and 120 Hz respectively [1].", MONITORS,
         "180"),
        # A row set beside another: contrast, neighbours, between.
        ("Im Gegensatz zu Albers zahlt die Mieterin im 1. OG 598,00 € kalt [1].", TENANTS,
         "598,00"),
        ("Neben Albers zahlt auch die Partei im 2. OG 604,00 € [1].", TENANTS, "604,00"),
        ("Die Nachbarin von Albers zahlt 598,00 € kalt [1].", TENANTS, "598,00"),
        ("The 24-inch model beats the VX27-Q with 180 Hz [1].", MONITORS, "180"),
        # A sentence that ends in a number ends there.
        ("The VX32-U is the biggest at 32. The smallest one refreshes at 180 Hz [1].",
         MONITORS, "180"),
        ("Frau Szymański wohnt in Wohnung 3. Die Wohnung im 1. OG kostet 598,00 € kalt [1].",
         TENANTS, "598,00"),
        # A status names no row; a total's row is named by what it adds up.
        ("Die Rechnung vom 03.02.2026 über 1.200,00 € ist noch nicht bezahlt [1].", INVOICES,
         "1.200,00"),
        ("Den größten Anteil an der Summe hat die Wohnung im 2. OG mit 604,00 € [1].", RENTS,
         "604,00"),
    ],
)  # fmt: skip
def test_rows_set_beside_each_other_or_not_named(answer: str, excerpt: str, figure: str) -> None:
    assert statuses(answer, excerpt)[figure] == "grounded"


def test_a_row_named_by_a_word_only_it_has() -> None:
    # "Szymańskis" is no cell; the word of the row's own cell names it, inflected.
    excerpt = TENANTS.replace("Szymański ", "Szymańskis")
    answer = "Die Wohnung der Szymańskis kostet 598,00 € kalt [1]."
    assert statuses(answer, excerpt)["598,00"] == "wrong_line"


def test_a_figure_in_two_columns_names_no_one_column() -> None:
    excerpt = MONITORS.replace("| 5.6 kg |", "| 180 Hz |")
    assert statuses("The VX32-U runs at 180 Hz [1].", excerpt)["180"] == "grounded"


TARIFFS = (
    "| Tarif | Grundgebühr | Datenvolumen |\n|---|---|---|\n| Basic | 9,99 € | 5 GB |\n"
    "| Smart | 14,99 € | 20 GB |\n| Pro | 24,99 € | 50 GB |\n| Plus | 34,99 € | 80 GB |\n"
)
VISITS = (
    "| Monat | Aufrufe | Besucher |\n|---|---|---|\n| Januar | 12.310 | 4.020 |\n"
    "| Februar | 14.072 | 5.903 |\n| März | 16.544 | 6.870 |\n"
)


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure"),
    [
        # A row's name that is a word of the prose too, as the prose writes it.
        ("Datenvolumen 5 GB für 9,99 € pro Monat [1].", TARIFFS, "9,99"),
        ("The 20 GB tariff costs 14,99 € a month plus tax [1].", TARIFFS, "14,99"),
        # A row as a point in time or of comparison, not the figure's.
        ("Nach dem schwachen Januar kam der Shop auf 14.072 Aufrufe [1].", VISITS, "14.072"),
        ("Seit Januar stiegen die Aufrufe bis auf 16.544 [1].", VISITS, "16.544"),
        ("Im Vergleich zum Januar waren es 16.544 Aufrufe [1].", VISITS, "16.544"),
    ],
)
def test_a_row_named_as_context_is_not_the_figures(answer: str, excerpt: str, figure: str) -> None:
    assert statuses(answer, excerpt)[figure] == "grounded"
