"""Rates from two quantities of one excerpt: speed, fuel per 100 km, price per kWh."""

from __future__ import annotations

import pytest

from tests.checks.conftest import statuses

TRIP = "Fahrt Kiel–Berlin: 252 km, Fahrzeit 3 Stunden"
FUEL = "Tankbeleg 14.03.: 39 l getankt, seit dem letzten Tanken 600 km gefahren"
POWER = "Jahresabrechnung 2025\nVerbrauch: 735 kWh\nArbeitspreis gesamt: 235,20 €"
CRATE = "Kiste Mineralwasser, 12 Flaschen, 37,56 €"
BILL = "Billing period Mar 1 - Mar 31\nUsage: 820 kWh\nAmount due: $123.40"


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure", "expected"),
    [
        # The probes' false alarms: what a chatbot computes from a logbook or a bill.
        ("Du bist im Schnitt 84 km/h gefahren [1].", TRIP, "84", "derived"),
        ("Du bist im Schnitt 85 km/h gefahren [1].", TRIP, "85", "ungrounded"),
        ("Du warst mit 84 Kilometer pro Stunde unterwegs [1].", TRIP, "84", "derived"),
        ("Your average speed was 42 mph [1].", "Log: 126 miles, 3 hours", "42", "derived"),
        ("Your average speed was 40 mph [1].", "Log: 126 miles, 3 hours", "40", "ungrounded"),
        ("Der Verbrauch lag bei 6,5 l/100 km [1].", FUEL, "6,5", "derived"),
        ("Der Verbrauch lag bei 6,5 l auf 100 km [1].", FUEL, "6,5", "derived"),
        ("Der Verbrauch lag bei 6,8 l/100 km [1].", FUEL, "6,8", "ungrounded"),
        ("Die kWh kostete dich 0,32 € pro kWh [1].", POWER, "0,32", "derived"),
        ("Die kWh kostete dich 32 ct/kWh [1].", POWER, "32", "derived"),
        ("Die kWh kostete dich 0,34 € pro kWh [1].", POWER, "0,34", "ungrounded"),
        ("You paid about $0.15 per kWh [1].", BILL, "0.15", "derived"),
        ("You paid $0.16 per kWh [1].", BILL, "0.16", "ungrounded"),
        # A price per thing the excerpt counts: a crate's bottles, a table's guests.
        ("The deposit is 12.5 cents a bottle [1].", "Deposit: 24 bottles, total $3.00", "12.5",
         "derived"),
        ("Das sind 3,13 € pro Flasche [1].", CRATE, "3,13", "derived"),
        ("Das sind 3,20 € pro Flasche [1].", CRATE, "3,20", "ungrounded"),
        ("Ihr zahlt 14,95 € pro Person [1].", "Tisch für 4 Personen, Rechnung 59,80 €", "14,95",
         "derived"),
        ("Das sind 3,13 € pro Kiste [1].", CRATE, "3,13", "ungrounded"),
        # Two quantities of one kind make no rate of two kinds: litres per litre is none.
        ("Es waren 2 l pro l [1].", "4 l und 2 l", "2", "grounded"),
        ("Du hast 3 km/l verbraucht [1].", "6 km weit, 2 km zurück", "3", "ungrounded"),
    ],
)  # fmt: skip
def test_a_rate_of_two_excerpt_quantities_is_derived(
    answer: str, excerpt: str, figure: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[figure] == expected


def test_the_quantities_stand_in_one_cited_excerpt() -> None:
    answer = "Du bist im Schnitt 84 km/h gefahren [2]."
    assert statuses(answer, TRIP, "Parken: 3 Stunden")["84"] == "ungrounded"
    assert statuses(answer, "Parken: 3 Stunden", TRIP)["84"] == "derived"
    # The distance in one excerpt and the time in another make no rate.
    assert statuses("Im Schnitt 84 km/h [1][2].", "252 km", "3 Stunden")["84"] == "ungrounded"


def test_the_hundred_of_a_unit_per_100_km_is_no_figure() -> None:
    found = statuses("Laut Bordcomputer 7,1 l/100 km [1].", "Verbrauch: 7,1 l/100 km")
    assert found == {"7,1": "grounded"}
    found = statuses("Er braucht 15 kWh auf 100 km [1].", "Verbrauch 15 kWh pro 100 km")
    assert found == {"15": "grounded"}


RUN_LOG = (
    "Laufprotokoll März\n"
    "So 01.03.   10,0 km    55:20 min   locker, Rheinufer\n"
    "So 08.03.   15,0 km  1:24:30 h     lang, Stadtwald\n"
    "15.03.2026 | 5,5 km  | 29:09   | 152    | Tempodauerlauf\n"
    "Sat  18.0 mi long     2:51:00"
)


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        # Blind probe 12: a pace from a run log's time and distance, both written like clocks.
        ("Das entspricht einer Pace von 5:32 min pro Kilometer [1].", "derived"),
        ("Am 8. März waren es 5:38 min/km [1].", "derived"),
        ("Das entspricht einer Pace von 5:45 min pro Kilometer [1].", "ungrounded"),
        # Probe 13: a table's time without its unit, past any hour of a day.
        ("Am 15. März: 5,5 km in 29:09, also etwa 5:18 min/km [1].", "derived"),
        ("Am 15. März: 5,5 km in 29:09, also etwa 5:28 min/km [1].", "ungrounded"),
        # Probe 14: a pace without its unit before "per mile".
        ("The long run: 18.0 miles in 2:51:00, a pace of 9:30 per mile [1].", "derived"),
        ("The long run: 18.0 miles in 2:51:00, a pace of 9:45 per mile [1].", "ungrounded"),
    ],
)
def test_a_pace_from_a_logged_time_and_distance(answer: str, expected: str) -> None:
    found = statuses(answer, RUN_LOG)
    pace = next(text for text in found if ":" in text and text not in ("29:09", "2:51:00"))
    assert found[pace] == expected


TANK = (
    "| Datum      | km-Stand | Liter |\n| 24.01.2026 | 113.190  | 45,60 |\n"
    "| 14.02.2026 | 113.950  | 47,50 |"
)


@pytest.mark.parametrize(
    ("answer", "figure", "expected"),
    [
        # Blind probes 17, 21 and 22: a consumption per 100 km over a distance the answer
        # derived itself, in its sentence or the one before.
        ("Von 113.190 km bis 113.950 km bist du 760 km gefahren [1]. Beim Volltanken gingen "
         "47,50 l hinein, das ergibt einen Verbrauch von 6,25 l/100 km [1].", "6,25", "derived"),
        ("Von 113.190 km bis 113.950 km bist du 760 km gefahren [1]. Beim Volltanken gingen "
         "47,50 l hinein, das ergibt einen Verbrauch von 6,75 l/100 km [1].", "6,75",
         "ungrounded"),
        # The hundred multiplied in last of the arithmetic written out is no claimed figure.
        ("Du bist 760 km gefahren und hast 47,50 l getankt (47,50 ÷ 760 × 100 = 6,25) [1].",
         "100", "derived"),
        ("Du bist 760 km gefahren und hast 47,50 l getankt, 100 km davon in der Stadt [1].",
         "100", "ungrounded"),
    ],
)  # fmt: skip
def test_a_rate_of_the_answer_s_own_figures(answer: str, figure: str, expected: str) -> None:
    assert statuses(answer, TANK)[figure] == expected
