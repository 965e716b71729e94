"""Totals and means an answer takes over a column of an excerpt's table or list."""

from __future__ import annotations

import pytest

from tests.checks.conftest import statuses

FUEL = (
    "Datum      | km-Stand | Liter | Betrag | Tankstelle\n"
    "03.01.2026 | 84.120   | 42,10 | 73,63  | Aral\n"
    "17.01.2026 | 84.690   | 38,55 | 66,65  | Shell\n"
    "02.02.2026 | 85.275   | 40,02 | 70,80  | Aral\n"
    "19.02.2026 | 85.840   | 37,80 | 68,00  | Jet\n"
    "06.03.2026 | 86.410   | 39,40 | 71,67  | Shell\n"
    "\n"
    "Ölwechsel | 12.03.2026 | 89,90\n"
)
HARVEST = "Ernte gesamt (Wiegeliste): Juli 3,4 kg, August 11,8 kg, September 7,2 kg, Oktober 1,1 kg"
SUBSCRIPTIONS = (
    "| Vodafone | 39,99 €/Monat |\n| FitX | 24,90 €/Monat |\n| Spotify | 17,99 €/Monat |\n"
    "| ADAC | 94,00 €/Jahr |"
)
WEATHER = (
    "The temperature typically varies from 22°F to 85°F and is rarely below 3°F or above 92°F."
)


@pytest.mark.parametrize(
    ("answer", "excerpt", "result", "expected"),
    [
        # A blind probe: a fuel log, a harvest list and a heating-oil table summed up.
        ("Du hast fünfmal getankt, zusammen 197,87 Liter für 350,75 € [1].", FUEL, "197,87",
         "derived"),
        ("Du hast fünfmal getankt, zusammen 197,87 Liter für 350,75 € [1].", FUEL, "350,75",
         "derived"),
        ("Du hast fünfmal getankt, zusammen 197,78 Liter [1].", FUEL, "197,78", "ungrounded"),
        ("Im Schnitt hast du pro Tankfüllung 70,15 € bezahlt [1].", FUEL, "70,15", "derived"),
        ("Im Schnitt hast du pro Tankfüllung 71,15 € bezahlt [1].", FUEL, "71,15", "ungrounded"),
        ("2025 hast du insgesamt 23,5 kg Tomaten geerntet [1].", HARVEST, "23,5", "derived"),
        ("2025 hast du insgesamt 24,5 kg Tomaten geerntet [1].", HARVEST, "24,5", "ungrounded"),
        # Without a total or average word a column's total in cents of five rows is derived
        # all the same (blind probe 16); a wrong one is not.
        ("Du hast 197,87 Liter getankt [1].", FUEL, "197,87", "derived"),
        ("Du hast 197,78 Liter getankt [1].", FUEL, "197,78", "ungrounded"),
        # A run of a few rows is no total: the answer's sum of three omits one of them.
        ("Vodafone 39,99 €, FitX 24,90 € und Spotify 17,99 € – zusammen 64,89 € im Monat.",
         SUBSCRIPTIONS, "64,89", "ungrounded"),
        # Figures of one unit in prose are no list, and another unit's figures no total.
        ("The year-round average temperature is around 50°F.", WEATHER, "50", "ungrounded"),
        ("Rain averages about 50 inches a year.", WEATHER, "50", "ungrounded"),
    ],
)  # fmt: skip
def test_a_column_s_total_or_mean_is_derived_where_the_sentence_says_so(
    answer: str, excerpt: str, result: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[result] == expected


@pytest.mark.parametrize(
    ("answer", "excerpt", "result", "expected"),
    [
        # Found by a review: a total's row is no row of its column, a table's header with
        # years is no row, and a column of amounts is no litres.
        ("Insgesamt hast du 23,5 kg geerntet [1].",
         "| Monat | kg |\n|---|---|\n| Juni | 3,4 |\n| Juli | 11,8 |\n| August | 8,3 |\n"
         "| Gesamt | 23,5 |", "23,5", "grounded"),
        ("Im Schnitt hast du 7,8 kg im Monat geerntet [1].",
         "| Monat | kg |\n|---|---|\n| Juni | 3,4 |\n| Juli | 11,8 |\n| August | 8,3 |\n"
         "| Gesamt | 23,5 |", "7,8", "derived"),
        ("Insgesamt waren es 47,0 kg [1].",
         "| Monat | kg |\n|---|---|\n| Juni | 3,4 |\n| Juli | 11,8 |\n| August | 8,3 |\n"
         "| Gesamt | 23,5 |", "47,0", "ungrounded"),
        ("2025 waren es insgesamt 445 Besucher [1].",
         "| Monat | 2024 | 2025 |\n|---|---|---|\n| Januar | 120 | 140 |\n| Februar | 130 | 150 |\n"
         "| März | 140 | 155 |", "445", "derived"),
        ("Im Schnitt hast du 69,55 Liter getankt [1].",
         "| Datum | Liter | Betrag |\n|---|---|---|\n| 03.01. | 42,10 | 73,63 |\n"
         "| 17.01. | 38,55 | 65,47 |", "69,55", "ungrounded"),
    ],
)  # fmt: skip
def test_totals_headers_and_units_of_table_columns(
    answer: str, excerpt: str, result: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[result] == expected


def test_label_lines_of_one_figure_make_a_column() -> None:
    # A sixth blind probe: months as label lines under a year's heading.
    stats = "Blog-Statistik 2025 (Besucher)\nOktober: 4.120\nNovember: 3.860\nDezember: 5.210"
    answer = (
        "Across October to December 2025 the blog averaged about {} visitors ({} in total) [1]."
    )
    found = statuses(answer.format("4,397", "13,190"), stats)
    assert found["4,397"] == found["13,190"] == "derived"
    found = statuses(answer.format("4,497", "13,290"), stats)
    assert found["4,497"] == found["13,290"] == "ungrounded"


def test_label_lines_whose_labels_hold_a_year_make_a_column() -> None:
    # Blind probe 10: "Januar 2026: 312"; the label's year is no figure of the column.
    meter = "Stromverbrauch (kWh pro Monat)\nJanuar 2026: 312\nFebruar 2026: 287\nMärz 2026: 265"
    answer = "Im ersten Quartal habt ihr insgesamt {} kWh verbraucht, im Schnitt {} kWh [1]."
    found = statuses(answer.format("864", "288"), meter)
    assert found["864"] == found["288"] == "derived"
    found = statuses(answer.format("874", "298"), meter)
    assert found["874"] == found["298"] == "ungrounded"


def test_clock_times_are_no_label_lines() -> None:
    # A review: "Abfahrt 10:05" read as the label "Abfahrt 10" over the value 05.
    assert (
        statuses("Das sind zusammen 25 [1].", "Abfahrt 10:05\nAnkunft 12:20")["25"] == "ungrounded"
    )


RUNS = (
    "Week 11 runs\n"
    "Mon 03/09   5.2 km    28:40   easy, windy\n"
    "Wed 03/11   8.0 km    44:10   tempo middle 3 km\n"
    "Sat 03/14  12.4 km  1:09:55   long run, river loop\n"
    "Shoes: Pegasus 40 (approx. 410 km on them)"
)


@pytest.mark.parametrize(
    ("answer", "figure", "expected"),
    [
        # Blind probe 12: a log without pipes, its column by the figure's place on the line;
        # a note's "3 km" and a prose line's "410 km" are none of its cells.
        ("Three runs for a total of 25.6 km [1].", "25.6", "derived"),
        ("Three runs for a total of 28.6 km [1].", "28.6", "ungrounded"),
        ("That is roughly 8.5 km per run on average [1].", "8.5", "derived"),
        ("That is roughly 9.5 km per run on average [1].", "9.5", "ungrounded"),
    ],
)
def test_a_column_of_a_log_by_its_place_on_the_line(
    answer: str, figure: str, expected: str
) -> None:
    assert statuses(answer, RUNS)[figure] == expected


LOGBOOK = (
    "Datum      | Fahrt                          | km Start | km Ende | Zweck\n"
    "03.02.2026 | München – Augsburg – München   | 48.210   | 48.352  | Kunde Brandl\n"
    "05.02.2026 | München – Ingolstadt – München | 48.352   | 48.518  | Messe\n"
)


@pytest.mark.parametrize(
    ("answer", "figure", "expected"),
    [
        # Blind probe 13: a trip's kilometres from its row's start and end readings.
        ("Zum Kunden nach Augsburg waren es 142 km [1].", "142", "derived"),
        ("Zur Messe nach Ingolstadt waren es 166 km [1].", "166", "derived"),
        ("Zur Messe nach Ingolstadt waren es 176 km [1].", "176", "ungrounded"),
        # Readings of two rows make no trip: 48.518 - 48.210.
        ("Das waren 308 km [1].", "308", "ungrounded"),
    ],
)
def test_the_difference_of_two_readings_on_one_row(answer: str, figure: str, expected: str) -> None:
    assert statuses(answer, LOGBOOK)[figure] == expected


METER = (
    "Meter #: 48-221-907\nDate         Reading (kWh)\n01/01/2026   12,480\n02/01/2026   12,893\n"
    "03/01/2026   13,262\n\nGas, Zähler G4-77120:\n31.12.2025: 7.210,4 m³\n31.03.2026: 7.698,9 m³"
)


def test_a_meter_s_consumption_from_readings_the_sentence_before_names() -> None:
    # Blind probe 23: the two readings in one sentence, the consumption in the next.
    # A line between the readings: on neighbouring lines they give their difference alone.
    readings = "Zählerstand 01.01.: 48.215 kWh\nAbschlag: 80 €\nZählerstand 01.04.: 49.097 kWh"
    said = "Am 01.01. stand der Zähler bei 48.215 kWh und am 01.04. bei 49.097 kWh [1]."
    assert (
        statuses(f"{said} Bis Ende März habt ihr also 882 kWh verbraucht.", readings)["882"]
        == "derived"
    )
    assert (
        statuses(f"{said} Bis Ende März habt ihr also 892 kWh verbraucht.", readings)["892"]
        == "ungrounded"
    )


@pytest.mark.parametrize(
    ("answer", "figure", "expected"),
    [
        # Blind probes 17 and 20: a meter's consumption from the readings of two neighbouring
        # lines, which the answer does not name.
        ("That's less than January, when you used 413 kWh [1].", "413", "derived"),
        ("That's less than January, when you used 431 kWh [1].", "431", "ungrounded"),
        ("Beim Gas waren es im selben Zeitraum 488,5 m³ [1].", "488,5", "derived"),
        # Lines apart (January to March) or across a blank line make no consumption.
        ("In two months you used 782 kWh [1].", "782", "ungrounded"),
        ("Das sind 5.052 kWh [1].", "5.052", "ungrounded"),
    ],
)
def test_the_difference_of_readings_alone_on_neighbouring_lines(
    answer: str, figure: str, expected: str
) -> None:
    assert statuses(answer, METER)[figure] == expected


SALES = "| Tag | Umsatz |\n|---|---|\n| Di | 312,50 € |\n| Mi | 287,90 € |\n| Do | 341,20 € |"
PANTRY = "Item | Qty\nArborio rice | 2 × 1 kg\nRolled oats | 1.5 kg"
WEEK_LOG = (
    "Mon  03/30  Easy run   8.0 km   44:10\nTue  03/31  Intervals  10.2 km  52:35\n"
    "Thu  04/02  Tempo      12.0 km  58:48\nSat  04/04  Long run   21.1 km  1:54:06\n"
    "Sun  04/05  Recovery   11.5 km  29:55"
)
CANDLES = "| Scent | In stock |\n|---|---|\n| Lavender | 42 |\n| Sea salt | 17 |\n| Vanilla | 8 |"


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure", "expected"),
    [
        # Blind probe 16: a whole column's total in cents needs no word of a total ...
        ("Der Hofladen hat 941,60 € umgesetzt [1].", SALES, "941,60", "derived"),
        ("Der Hofladen hat 941,50 € umgesetzt [1].", SALES, "941,50", "ungrounded"),
        # ... but one with fewer decimals or rows does (blind probe 5: 1.5 kg, not 2.5).
        ("About 2.5 kg of rolled oats [1].", PANTRY, "2.5", "ungrounded"),
        # Blind probe 18: so does one with a decimal written in its column's unit.
        ("You ran 62.8 km that week [1].", WEEK_LOG, "62.8", "derived"),
        ("You ran 62.4 km that week [1].", WEEK_LOG, "62.4", "ungrounded"),
        ("You ran 62.8 mi that week [1].", WEEK_LOG, "62.8", "ungrounded"),
        ("You ran 62.8 that week [1].", WEEK_LOG, "62.8", "ungrounded"),
        # "Overall" is a word of a total.
        ("Overall you have 67 candles in stock [1].", CANDLES, "67", "derived"),
        ("You have 67 candles in stock [1].", CANDLES, "67", "ungrounded"),
    ],
)  # fmt: skip
def test_a_column_total_in_cents_or_one_said_overall(
    answer: str, excerpt: str, figure: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[figure] == expected


def test_a_total_in_cents_of_a_sentence_naming_one_row_is_no_total() -> None:
    # A review: "the February instalment" is a row, not the months' total.
    fees = "Januar    50,00 €\nFebruar   45,00 €\nMärz      55,00 €"
    assert statuses("Der Februar-Abschlag beträgt 150,00 € [1].", fees)["150,00"] == "ungrounded"
    assert statuses("Die Abschläge betragen 150,00 € [1].", fees)["150,00"] == "derived"


def test_a_span_of_rows_named_is_a_total_all_the_same() -> None:
    # A second review: "von Januar bis März" names the span, not one row.
    fees = "Januar    50,00 €\nFebruar   45,00 €\nMärz      55,00 €"
    assert statuses("Von Januar bis März habt ihr 150,00 € gezahlt [1].", fees)["150,00"] == (
        "derived"
    )


CAFE = (
    "Day           Takings     Covers\n"
    "Mon 2 Mar     £412.60     118\n"
    "Tue 3 Mar     £388.10     104\n"
    "Wed 4 Mar     £455.35     131\n"
    "Thu 5 Mar     £501.90     140\n"
    "Fri 6 Mar     £612.45     167\n"
    "Sat 7 Mar     £734.80     201\n"
    "Sun 8 Mar     closed"
)
COOPS = "Stall\tHennen\tEier\nNord\t42\t251\nSüd\t36\t208\nScheune\t28\t149\nGesamt\t106\t608"


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure", "expected"),
    [
        # Blind probe 30: a table laid out with spaces, a day closed, its columns summed.
        ("Over the six days it was open, the café took £3,105.20 from 861 covers [1].", CAFE,
         "3,105.20", "derived"),
        ("Over the six days it was open, the café took £3,105.20 from 861 covers [1].", CAFE,
         "861", "derived"),
        ("Over the six days it was open, the café took £3,105.20 from 861 covers, which is "
         "about £3.61 per cover [1].", CAFE, "3.61", "derived"),
        # A whole number needs the count of the rows it adds up (or a word of a total) ...
        ("The café had 861 covers [1].", CAFE, "861", "ungrounded"),
        ("Over the five days it was open, the café had 861 covers [1].", CAFE, "861",
         "ungrounded"),
        ("Over the six days it was open, the café had 816 covers [1].", CAFE, "816",
         "ungrounded"),
        # ... and the dates of the day column ("Mon 2 Mar") are no figures of a column.
        ("Over the six days the dates add up to 27 [1].", CAFE, "27", "ungrounded"),
        # Tabs part the cells too; a total's row is no row of its column.
        ("Die drei Ställe legten 608 Eier [1].", COOPS, "608", "grounded"),
        ("Die drei Ställe haben 106 Hennen [1].", COOPS, "106", "grounded"),
        ("Die drei Ställe legten 608 Eier [1].", COOPS.rsplit("\n", 1)[0], "608", "derived"),
        ("Die zwei Ställe legten 608 Eier [1].", COOPS.rsplit("\n", 1)[0], "608", "ungrounded"),
        ("In den drei Ställen wohnen 106 Hennen [1].", COOPS.rsplit("\n", 1)[0], "106",
         "derived"),
    ],
)  # fmt: skip
def test_a_total_of_a_table_laid_out_with_spaces_or_tabs_whose_rows_the_sentence_counts(
    answer: str, excerpt: str, figure: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[figure] == expected
