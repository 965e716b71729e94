"""A count of a thing the excerpts count otherwise is flagged; other counts are left alone."""

from __future__ import annotations

import pytest

from tests.checks.conftest import statuses
from verifier.checks.models import SourceText
from verifier.checks.numbers import check_numbers

PACKING = (
    "- Zelt (3-Personen)\n- 2 Isomatten\n- 2 Schlafsäcke\n- Gaskocher + 2 Kartuschen\n"
    "- Stirnlampen\n- Wasserkanister 10 l"
)
CELLAR = (
    "| Fach | Wein | Flaschen |\n|---|---|---|\n| 2 | Wittmann Morstein GG | 6 |\n"
    "| 5 | Knipser Syrah | 4 |\nGesamt: 22 Flaschen, 3 Regale"
)
GARDEN = "18.04.2026: Erste Keimlinge, 19 von 24 aufgegangen. 3 Töpfe, 24 Töpfe insgesamt bestellt."
MATCH = (
    "In four seasons he scored five goals.\nIn 2019 he had 28 points in all.\n"
    "He gave $500 consulting fees to 3 clubs."
)


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure"),
    [
        # Blind probe 10: the count stands in the excerpt ("3-Personen"), not for this noun.
        ("Laut Packliste brauchst du drei Gaskartuschen für den Gaskocher [1].", PACKING, "drei"),
        ("Du packst 3 Isomatten ein [1].", PACKING, "3"),
        # FaithBench's summaries: a match's goals counted wrong.
        ("He scored four goals that season [1].", MATCH, "four"),
    ],
)
def test_a_count_the_excerpts_give_the_noun_otherwise_is_flagged(
    answer: str, excerpt: str, figure: str
) -> None:
    assert statuses(answer, excerpt)[figure] == "wrong_count"


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure"),
    [
        ("Laut Packliste brauchst du zwei Gaskartuschen [1].", PACKING, "zwei"),
        # A part of a total line's count, a part of "19 von 24", a group, a hedge, a total.
        ("Vom Morstein liegen sechs Flaschen in Fach 2 [1].", CELLAR, "sechs"),
        ("Davon sind 19 aufgegangen [1].", GARDEN, "19"),
        ("Zum Aufbauen reichen 2 Personen [1].", "Zelt für 4 Personen\n2 Heringe", "2"),
        ("Du hast rund 3 Schlafsäcke [1].", PACKING, "3"),
        ("Zusammen sind es 3 Isomatten und Schlafsäcke [1].", PACKING, "3"),
        # A review's cases: adjectives on either side, compounds of another thing, a part
        # named after the noun, a count of pieces.
        ("You need 3 large eggs [1].", "3 eggs, 2 large onions", "3"),
        (
            "Es gibt 3 freie Termine am Montag [1].",
            "Montag: 3 Termine frei. Dienstag: 2 freie Termine.",
            "3",
        ),
        ("Du brauchst 3 Paprika [1].", "3 rote Paprika, 1 Gurke\n2 Paprika (gelb)", "3"),
        ("Die Wohnung hat 3 Zimmer [1].", "3-Zimmer-Wohnung, 1 Badezimmer", "3"),
        ("Es gibt 2 Zimmer mit Balkon [1].", "3 Zimmer, davon 2 mit Balkon", "2"),
        ("Die Packung enthält 12 Eier [1].", "6 Eier\nGroßpackung mit 12 Stück", "12"),
        (
            "The package contains 2 batteries [1].",
            "Includes 2 AA batteries. Requires 4 batteries",
            "2",
        ),
        # A dose is no count of what there is (blind probe 11: the bottle holds 30).
        (
            "The 30 capsules in the bottle cover the course [1].",
            "TAKE 1 CAPSULE BY MOUTH THREE TIMES DAILY FOR 10 DAYS\nQTY: 30",
            "30",
        ),
        ("Du hast 20 Tabletten [1].", "Nimm 2 Tabletten, 20 Stück in der Packung", "20"),
        # Measures, money, years and ratings are no counts of things.
        ("He paid 3 consulting fees [1].", MATCH, "3"),
        ("In 2019 he was paid for 28 goals [1].", MATCH, "2019"),
    ],
)
def test_counts_of_parts_groups_measures_and_hedged_or_totalled_ones_are_left_alone(
    answer: str, excerpt: str, figure: str
) -> None:
    assert statuses(answer, excerpt)[figure] != "wrong_count"


def test_a_wrong_count_flags_the_stage_and_quotes_the_excerpt() -> None:
    answer = "Du brauchst drei Gaskartuschen [1]."
    stage = check_numbers("", answer, [SourceText(1, PACKING)])
    assert stage.flagged
    (finding,) = [f for f in stage.findings if f.status == "wrong_count"]
    assert finding.excerpts == [1]
    assert '"drei Gaskartuschen"' in finding.message_en and '"2 Kartuschen"' in finding.message_en


def test_a_count_of_a_scaled_recipe_is_no_wrong_count() -> None:
    # Blind probe 15: "2 Eier" for half of "4 Eier" also stands as "2 EL Kakao"; the halving,
    # not that place, is its source.
    recipe = "200 g weiche Butter\n180 g Zucker\n4 Eier\n300 g Mehl\n2 EL Kakao"
    answer = "Für die halbe Menge brauchst du 100 g Butter, 90 g Zucker, 2 Eier und 150 g Mehl [1]."
    assert statuses(answer, recipe)["2"] == "derived"
    answer = "Für die halbe Menge brauchst du 100 g Butter, 90 g Zucker, 3 Eier und 150 g Mehl [1]."
    assert statuses(answer, recipe)["3"] == "ungrounded"


def test_an_excerpt_s_limit_counts_nothing() -> None:
    # Blind probe 22: "(max. 7 nights)" of a city tax is no count of the stay's nights.
    hotel = "Rate: €138.00 per night\nCity tax: €4.00 per person per night (max. 7 nights)"
    assert statuses("The stay is 4 nights [1].", hotel)["4"] == "grounded"
    stay = "Stay: 7 nights\nCity tax: €4.00 per person per night"
    assert statuses("The stay is 4 nights [1].", stay)["4"] == "wrong_count"
