"""A figure the excerpts give in another unit (of its kind, or one confused with it) is flagged,
naming both."""

from __future__ import annotations

import pytest

from tests.checks.conftest import statuses
from verifier.checks.models import SourceText
from verifier.checks.numbers import check_numbers

DRILL = "Bohrfutter: 1,5–13 mm\nGewicht inkl. Akku: 1,4 kg"
DOUGH = "500 g Mehl Type 00\n325 ml lauwarmes Wasser\n7 g Trockenhefe\n10 g Salz"
PILLS = "Vitamin B12: 500 mcg, Mon/Wed/Fri\nMagnesium glycinate: 200 mg at bedtime"
FEE = "Ab 01.07.2026 kostet der Tarif Basic 25,00 € statt bisher 20,00 € im Monat."
PACK = "Farpoint 40 — Weight: 1.47 kg (3.24 lb)\nVolume: 40 L"
SYRUP = "Ibuprofen suspension 100 mg/5 mL\nWeight 20-23 kg: 7.5 mL (150 mg) every 6-8 hours"
PIZZA = "Pizzateig (2 Bleche)\n7 g Trockenhefe (1 Päckchen)\n1 TL Salz\n2 EL Olivenöl"
STEAK = "Medium-rare: 55 °C, 1–2.5 h\nFinish: sear 45 seconds per side in a hot pan"


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure"),
    [
        # Blind probe 10: a unit of the same kind, off by a power of ten or more.
        ("Das Bohrfutter nimmt 1,5–13 cm [1].", DRILL, "13"),
        ("Für den Teig brauchst du 7 g Trockenhefe und 10 mg Salz [1].", DOUGH, "10"),
        ("She takes 500 mg of vitamin B12 three times a week [1].", PILLS, "500"),
        ("Then sear 45 minutes per side in a hot pan [1].", STEAK, "45"),
        # Blind probe 12: a dose in mg for one in mL, a spoon for another before its noun
        # (though "1" stands elsewhere without a unit), cups for spoons.
        ("Noah can have 7.5 mg of the suspension [1].", SYRUP, "7.5"),
        ("Du brauchst 1 EL Salz und 2 EL Olivenöl [1].", PIZZA, "1"),
        ("Add 2 cups of milk [1].", "2 tbsp milk, 1 egg", "2"),
        # Blind probe 13: a percentage an excerpt gives only as an amount, pounds for kg.
        ("Von 20,00 € auf 25,00 €, eine Erhöhung um 20 % [1].", FEE, "20"),
        ("The pack weighs 1.47 lb empty [1].", PACK, "1.47"),
        # Probe 31: a speed in km/h for one in m/s.
        ("Die Drohne fliegt bis zu 16 km/h schnell [1].", "Max. Geschwindigkeit: 16 m/s", "16"),
        # Probe 14: a place of an unrelated dimension ("6 Stunden") is another figure.
        ("Mia bekommt pro Gabe 6 mg Saft [1].", "Einzeldosis: 6 ml\nAbstand mind. 6 Stunden",
         "6"),
    ],
)  # fmt: skip
def test_a_figure_in_another_unit_of_its_kind_is_flagged(
    answer: str, excerpt: str, figure: str
) -> None:
    assert statuses(answer, excerpt)[figure] == "wrong_unit"


@pytest.mark.parametrize(
    ("answer", "excerpts", "figure"),
    [
        # The same quantity in another unit, and a unit the excerpt gives the figure too.
        ("Das Paket wiegt 1,5 kg [1].", ("Gewicht: 1.500 g",), "1,5"),
        ("Das Paket wiegt 1,5 kg [1].", ("Gewicht: 1.500 g, Länge 1,5 m",), "1,5"),
        ("Für den Teig brauchst du 325 ml Wasser [1].", (DOUGH,), "325"),
        # Written without a unit somewhere, or with a unit of another kind: maybe that one.
        ("Der Rand ist 10 cm breit [1].", ("10 mm Rand, Fach 10",), "10"),
        ("Das dauert 10 Minuten [1].", ("10 l Wasser, 10 m Schlauch",), "10"),
        ("Die Dose hat 400 g [1].", ("400 Stück, je 400 mg",), "400"),
        # The percentage or the pounds the excerpt writes too.
        ("Der Rabatt beträgt 20 % [1].", ("Rabatt 20 % auf alles, mindestens 20 €",), "20"),
        ("The pack weighs 3.24 lb empty [1].", (PACK,), "3.24"),
        # A spoonful in the other spoon, and grams for millilitres of one value.
        ("Add 3 tsp of sugar [1].", ("1 tbsp sugar",), "3"),
        ("Du brauchst 1 TL Salz und 2 EL Olivenöl [1].", (PIZZA,), "1"),
        ("Du brauchst 500 g Milch [1].", ("500 ml Milch",), "500"),
        # Units of other dimensions than mass and volume, or cups and spoons: another figure
        # by chance (a doubled recipe's "20 g Salz" beside "20 Min. backen").
        ("Dann 20 g Salz [1].", ("10 g Salz\nBacken: 20 Min. bei 250 °C",), "20"),
        # No unit in the answer: nothing to compare.
        ("Das Bohrfutter reicht bis 13 [1].", (DRILL,), "13"),
    ],
)
def test_the_same_quantity_or_a_unit_the_excerpts_also_allow_is_no_wrong_unit(
    answer: str, excerpts: tuple[str, ...], figure: str
) -> None:
    assert statuses(answer, *excerpts)[figure] == "grounded"


def test_a_wrong_unit_flags_the_stage_and_names_both_units() -> None:
    stage = check_numbers("", "Then sear 45 minutes per side [1].", [SourceText(1, STEAK)])
    assert stage.flagged
    (finding,) = [f for f in stage.findings if f.status == "wrong_unit"]
    assert finding.excerpts == [1]
    assert '"45 minutes"' in finding.message_en and '"45 seconds"' in finding.message_en
    assert "„45 minutes“" in finding.message_de and "„45 seconds“" in finding.message_de
