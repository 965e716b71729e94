"""Counts in which the answer announces its own list are checked against that list."""

from __future__ import annotations

import pytest

from verifier.checks.models import NumberStage, SourceText
from verifier.checks.numbers import FLAGGING, check_numbers
from verifier.checks.selfref import announced_lists

EXCERPT = "Die Wärmepumpe spart 30 % Heizkosten und braucht 12 m² Aufstellfläche."


def check(answer: str) -> NumberStage:
    stage = check_numbers("", answer, [SourceText(1, EXCERPT)])
    assert stage.flagged == any(f.status in FLAGGING for f in stage.findings)
    return stage


@pytest.mark.parametrize(
    "answer",
    [
        "Es gibt drei Gründe:\n- spart 30 %\n- leise\n- klein",
        "Drei Gründe:\n\n1. spart 30 %\n2. leise\n3. klein\n\nFazit: lohnt sich.",
        "Here are the following 3 steps:\n* plan\n* buy\n* install",
        "**Three main reasons:**\n1) cost\n2) noise\n3) size",
        "Die zwei Vorteile sind:\n- spart 30 %\n  - laut Auszug [1]\n- klein",
        "Zwei Personen:\n1. Anna:\n- Ärztin\n- Köln\n2. Ben:\n- Lehrer",
        "Die Antwort in zwölf Punkten? Nein, in zwei:\n- a\n- b",
        # A list on the count's own line (session 14): its items, joined by commas and "und".
        "Es gibt drei Gründe: Preis, Lärm und Größe.",
        "Four things are left: the charger and power bank, the sunscreen, the adapter [1].",
        # Blind probe 31: an "und" within the last item, before the one that joins it.
        "Es sind vier Schritte: Rad ausbauen, Mantel abziehen, Loch suchen und Flicken "
        "aufdrücken und aufpumpen [1].",
    ],
)
def test_a_count_that_matches_its_list_is_no_claim(answer: str) -> None:
    stage = check(answer)
    assert not stage.flagged, stage.findings
    assert [f.text for f in stage.findings if f.text in ("drei", "3", "Three", "zwei")] == []


@pytest.mark.parametrize(
    ("answer", "text", "items"),
    [
        ("Es gibt drei Gründe:\n- a\n- b\n- c\n- d", "drei", 4),
        ("The following 3 steps:\n1. a\n2. b", "3", 2),
        ("Zwei Nachteile:\n- a\n- b\n- c\n\nDrei Vorteile:\n- x\n- y\n- z", "Zwei", 3),
        # Blind probes 17 and 21: a list on the count's own line.
        ("Auf der Liste stehen acht Gäste: Mia, Paul, Ella, Noah, Lina, Ben und Tom [1].", "acht",
         7),
        ("Four things are still unticked: the phone charger and power bank, the sunscreen, the "
         "travel adapter, the swim goggles and the antihistamines [1].", "Four", 5),
        ("Es sind drei Schritte: Rad ausbauen, Mantel abziehen, Loch suchen und Flicken "
         "aufdrücken und aufpumpen [1].", "drei", 4),
    ],
)  # fmt: skip
def test_a_count_that_misses_its_list_is_miscounted(answer: str, text: str, items: int) -> None:
    stage = check(answer)
    assert stage.flagged
    (finding,) = [f for f in stage.findings if f.status == "miscounted"]
    assert finding.text == text
    assert finding.excerpts == []
    assert finding.message_en == (
        f'The answer announces {finding.value} items ("{text}"), but its list has {items}.'
    )
    assert finding.message_de == (
        f"Die Antwort kündigt {finding.value} Punkte an („{text}“), die Liste hat aber {items}."
    )


@pytest.mark.parametrize(
    "answer",
    [
        "Schritt 3 umfasst:\n- a\n- b",  # a label, not a count
        "In Windows 10 geht es so:\n1. a\n2. b",
        "see step 4 for details:\n- a",
        "Drei Gründe:\nErstens ist es billig.",
        "Die Miete stieg 2023 auf:\n- 900 €",  # a year is no count
        "Drei Gründe sprechen dafür. Erstens:\n- a",  # the count does not end the line
        # Inline, a total's breakdown, brackets or semicolons are no plain list of items.
        "She has 22 medals: 11 gold, eight silver, and three bronze.",
        "Two films are mentioned: Veeram (Valour), a 2014 action film and a 2016 drama.",
        "The passage describes four entities: Cyrus, an artist; French, a rapper; a film.",
        "The layover is 1 hour 33 minutes: UA 1148 lands at 9:42 am and UA 2276 departs.",
        # Without a comma, "and" joins two clauses as often as two items.
        "4 nights: you arrive March 12 and the concert is on March 14 [1].",
    ],
)
def test_what_is_no_announcement(answer: str) -> None:
    assert announced_lists(answer) == []


def test_a_count_without_its_list_is_still_a_number_of_the_answer() -> None:
    ((text, status),) = [
        (f.text, f.status) for f in check("Es gibt 3 Gründe, sagt der Auszug.").findings
    ]
    assert (text, status) == ("3", "ungrounded")
