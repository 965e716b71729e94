"""A real figure the answer ties to the wrong row or field of an excerpt's table or list."""

from __future__ import annotations

import pytest

from tests.checks.conftest import assert_linear, statuses
from verifier.checks.models import SourceText
from verifier.pipeline import verify_case

BLOG = (
    "# Blog-Statistik 2026\n\n## Juli 2026\n- Seitenaufrufe: 9.351\n- Besucher: 4.208\n\n"
    "## Juni 2026\n- Seitenaufrufe: 7.912\n- Besucher: 3.640\n"
)
WATCHES = (
    "Uhr Nr. 20393 | Lange Taschenuhr | erworben 14.03.2023 bei Dorotheum Wien (Auktion)\n"
    "Uhr Nr. 20417 | Omega Seamaster | erworben 02.09.2021 privat (Kleinanzeige, Bremen)\n"
)
WINES = (
    "| Bin | Wine | Vintage | Paid |\n|---|---|---|---|\n"
    "| C1 | Vega Sicilia Valbuena | 2018 | $189.00 |\n"
    "| C2 | Catena Zapata Adrianna | 2019 | $140.00 |\n"
)

CELLAR = (
    "Weinkeller – Bestand (Stand 01.02.2026)\nWein | Jahrgang | Flaschen | Regal\n"
    "Riesling Kabinett, Weingut Dönnhoff | 2021 | 7 | A2\n"
    "Spätburgunder, Weingut Huber | 2019 | 4 | B1\n"
    "Silvaner trocken, Juliusspital | 2022 | 11 | A1"
)
SHOPS = (
    "Datum   Geschäft     Kategorie      Betrag\n"
    "02.04.  dm           Drogerie       23,85 €\n"
    "02.04.  ALDI Nord    Lebensmittel   41,12 €\n"
    "09.04.  Rossmann     Drogerie       12,40 €\n"
)
RATES = "Electricity rates 2026\nOff-peak (9 pm–4 pm): $0.31/kWh\nPeak (4 pm–9 pm): $0.49/kWh"
CLASSES = "Drop-in prices\nNon-member: $18 per class\nMember: $12 per class"


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure", "expected"),
    [
        # The public catalog's two wrong-attribute cases, and a probe's swapped prices.
        ("Im Juni 2026 hatte der Blog 7.912 Besucher [1].", BLOG, "7.912", "wrong_line"),
        ("Im Juni 2026 hatte der Blog 3.640 Besucher [1].", BLOG, "3.640", "grounded"),
        ("Im Juni 2026 hatte der Blog 7.912 Seitenaufrufe [1].", BLOG, "7.912", "grounded"),
        ("Die Uhr Nr. 20417 hast du bei einer Auktion des Dorotheum gekauft [1].", WATCHES,
         "20417", "wrong_line"),
        ("Die Uhr Nr. 20417 hast du privat über eine Kleinanzeige gekauft [1].", WATCHES,
         "20417", "grounded"),
        ("The Catena Zapata Adrianna cost $189.00 [1].", WINES, "189.00", "wrong_line"),
        ("The Catena Zapata Adrianna cost $140.00 [1].", WINES, "140.00", "grounded"),
        ("The Vega Sicilia cost $189.00 and the Catena $140.00 [1].", WINES, "140.00",
         "grounded"),
        # A sixth probe: a small count from another row of an inventory.
        ("You still have 7 bottles of the Juliusspital Silvaner [1].", CELLAR, "7",
         "wrong_line"),
        ("You still have 11 bottles of the Juliusspital Silvaner [1].", CELLAR, "11",
         "grounded"),
        # Probes 10 and 11: a word every row shares ("Drogerie", "per class") names no row,
        # and a hyphenated prefix of contrast makes another word ("Off-peak", "Non-member").
        ("Am 2. April hast du bei Rossmann für 23,85 € Drogerieartikel gekauft [1].", SHOPS,
         "23,85", "wrong_line"),
        ("Am 2. April hast du bei dm für 23,85 € Drogerieartikel gekauft [1].", SHOPS, "23,85",
         "grounded"),
        ("The peak rate of $0.31/kWh applies from 4 pm to 9 pm [1].", RATES, "0.31",
         "wrong_line"),
        ("The peak rate of $0.49/kWh applies from 4 pm to 9 pm [1].", RATES, "0.49", "grounded"),
        ("The off-peak rate is $0.31/kWh [1].", RATES, "0.31", "grounded"),
        ("Members pay $18 per class [1].", CLASSES, "18", "wrong_line"),
        ("Members pay $12 per class [1].", CLASSES, "12", "grounded"),
        ("Non-members pay $18 per class [1].", CLASSES, "18", "grounded"),
    ],
)  # fmt: skip
def test_a_figure_tied_to_another_row_or_field_is_flagged(
    answer: str, excerpt: str, figure: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[figure] == expected


@pytest.mark.parametrize(
    ("prose", "expected"),
    [("Nachtrag: im Juni waren es 7.912 Aufrufe.", "grounded"), ("", "wrong_line")],
)
def test_the_prose_past_the_lines_read_counts_too(prose: str, expected: str) -> None:
    # Only an excerpt's first lines are read for rows and labels; a figure that also stands in
    # prose further on (read only when needed) is no row's own.
    filler = "Eine Zeile Text ohne Zahlen, wie sie ein Blog lang schreibt.\n" * 200
    excerpt = BLOG + filler + prose
    answer = "Im Juni 2026 hatte der Blog 7.912 Besucher [1]."
    assert statuses(answer, excerpt)["7.912"] == expected


RECEIPT = (
    "TRADER JOE'S #552\nGREEK YOGURT 32OZ            5.49\nCOLD BREW CONCENTRATE        6.99\n"
    "TOTAL                       12.48"
)
LOAN = "Sollzins (gebunden): 4,29 % p.a., effektiver Jahreszins: 4,38 %\nMonatliche Rate: 333,85 €"
CLUB = (
    "Einnahmen 2025: 6.940,00 € (Beiträge 5.330,00 €, Turniergebühren 1.210,00 €, Spenden 400,00 €)"
)
VET = (
    "Impfung RCP + Tollwut          1     51,82\nAllgemeine Untersuchung        1     16,58\n"
    "Gesamt inkl. MwSt.                   68,40 €"
)
FLAT = "Umlageschlüssel Wohnfläche: 70,81 m² von 612,40 m² gesamt\nSumme Ihr Anteil:   2.608,37 €"


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure", "expected"),
    [
        # Two blind probes: a receipt's line, a label among several on one line, an item of
        # a list in brackets.
        ("The cold brew concentrate was $5.49 [1].", RECEIPT, "5.49", "wrong_line"),
        ("The cold brew concentrate was $6.99 [1].", RECEIPT, "6.99", "grounded"),
        ("Der Kredit hat einen effektiven Jahreszins von 4,29 % [1].", LOAN, "4,29", "wrong_line"),
        ("Der Kredit hat einen Sollzins von 4,29 % [1].", LOAN, "4,29", "grounded"),
        ("Einnahmen von 6.940,00 €, davon 1.210,00 € Spenden [1].", CLUB, "1.210,00",
         "wrong_line"),
        ("Einnahmen von 6.940,00 €, davon 400,00 € Spenden [1].", CLUB, "400,00", "grounded"),
        # A total is named by what it adds up; a compound names no other line's field
        # ("Flächenanteil" is no "Anteil"); the words before a first figure are its own.
        ("Beim Tierarzt hast du 68,40 € für Impfung und Untersuchung bezahlt [1].", VET, "68,40",
         "grounded"),
        ("Dein Flächenanteil liegt bei 70,81 von 612,40 m² [1].", FLAT, "70,81", "grounded"),
        ("Das Wohnzimmer hat laut Wohnflächenberechnung 30,47 m² [1].",
         "Wohnzimmer           30,47 m²\nWohnfläche gesamt    70,81 m²", "30,47", "grounded"),
        # A bracket that names nothing of its own gives its field another value (blind probe
        # 25): the oven of "175°C (fan 155°C)" is 155°C's too. One that names its part (the
        # club's "Beiträge") stays a field of its own, above.
        ("Bake at 175°C (155°C if you're using a fan oven) [1].",
         "Method: Preheat oven to 175°C (fan 155°C). Mash the bananas.", "155", "grounded"),
        ("Die Einnahmen waren 6.940,00 € (12 % mehr) [1].",
         "Einnahmen 2025: 6.940,00 € (+12 %), Ausgaben 2025: 5.100,00 € (−3 %)", "12",
         "grounded"),
        ("Die Ausgaben sanken um 12 % [1].",
         "Einnahmen 2025: 6.940,00 € (+12 %), Ausgaben 2025: 5.100,00 € (−3 %)", "12",
         "wrong_line"),
    ],
)  # fmt: skip
def test_receipt_lines_labels_on_one_line_and_totals(
    answer: str, excerpt: str, figure: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[figure] == expected


@pytest.mark.parametrize(
    ("answer", "excerpts", "figure"),
    [
        # Found by the probes: words of the item before, after a comma or bracket, nearer to
        # the next figure, a figure that also stands in prose, names that begin with a plain
        # word ("Monatsrate").
        ("Ihr zahlt 339,60 € Fahrpreis und 22,00 € für vier Sitzplatzreservierungen [1].",
         ("Fahrpreis: 339,60 €\nSitzplatzreservierung: 4 x 5,50 € = 22,00 €",), "22,00"),
        ("Netflix ($15.49), Spotify Duo ($16.99) and iCloud+ ($2.99) [1].",
         ("| Netflix | $15.49/mo |\n| Spotify | Duo | $16.99/mo |\n| iCloud+ | $2.99/mo |",),
         "15.49"),
        ("Bei 87.430 km hast du bis zum Ölwechsel bei 96.200 km noch 8.770 km [1].",
         ("Kilometerstand 12.01.2026: 87.430 km\nNächster Ölwechsel: bei 96.200 km",),
         "87.430"),
        ("Du bist vom 18. bis 25. September 2026 in Lissabon [2].",
         ("Hinflug: Fr 18.09.2026, München – Lissabon 09:05\nRückflug: Fr 25.09.2026, 10:00",
          "Hotel Alfama: Check-in 18.09.2026, Check-out 25.09.2026"), "25. September 2026"),
        # A sixth probe: a model name's digits (GB172) make no field of their own.
        ("The Buderus boiler was installed in 2014 and serviced on 19 Sep 2025 [1].",
         ("Wartungsprotokoll Heizung: Buderus Gastherme GB172, eingebaut 2014, letzte Wartung "
          "19.09.2025",), "2014"),
        ("Der Kredit läuft 60 Monate mit einer Monatsrate von 333,85 € [1].",
         ("Laufzeit: 60 Monate, Monatsraten ab Juni\nMonatliche Rate: 333,85 €",), "333,85"),
    ],
)  # fmt: skip
def test_words_of_another_item_or_a_figure_also_in_prose_tie_nothing(
    answer: str, excerpts: tuple[str, ...], figure: str
) -> None:
    assert statuses(answer, *excerpts)[figure] == "grounded"


def test_a_wrong_line_is_a_reason_that_names_both_lines() -> None:
    verdict = verify_case(
        "", "Im Juni 2026 hatte der Blog 7.912 Besucher [1].", [SourceText(1, BLOG)]
    )
    assert verdict.flagged
    (reason,) = verdict.reasons
    assert reason.kind == "wrong_line"
    assert reason.message_en == (
        '"7.912" stands in excerpt [1] on the line "- Seitenaufrufe: 7.912", which is not the '
        'one of "Besucher".'
    )


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure"),
    [
        # Found by a review: a receipt's total repeated on a payment line, prose laid out
        # with wide spaces, comparisons, a word of four letters.
        ("The yogurt and the cold brew came to $12.48 [1].",
         "GREEK YOGURT 32OZ            5.49\nCOLD BREW CONCENTRATE        6.99\n"
         "SUBTOTAL                    12.48\nBALANCE DUE                 12.48", "12.48"),
        ("Bananen, Milch und Butter kosteten zusammen 5,47 € [1].",
         "BANANEN              1,87\nMILCH                1,29\nBUTTER               2,31\n"
         "GEG. EC-KARTE EUR    5,47", "5,47"),
        ("Die Grundsteuer beträgt vierteljährlich 103,20 € [1].",
         "Die Grundsteuer für 2026 beträgt  412,80 EUR und ist in vier\n"
         "Raten  zu je  103,20 EUR fällig, jeweils zum 15.02.", "103,20"),
        ("Die Heizkosten lagen mit 812,40 € über den Stromkosten [1].",
         "| Heizung | 812,40 € |\n| Strom | 640,10 € |", "812,40"),
        ("Ein Kind zahlt mit 6,50 € weniger als ein Erwachsener [1].",
         "Eintrittspreise: Erwachsene 12,50 €, Kinder 6,50 €, Familien 30,00 €", "6,50"),
        ("Der Zinssatz von 4,29 % ist niedriger als der effektive Jahreszins [1].", LOAN, "4,29"),
    ],
)  # fmt: skip
def test_totals_payments_prose_and_comparisons_tie_nothing(
    answer: str, excerpt: str, figure: str
) -> None:
    assert statuses(answer, excerpt)[figure] == "grounded"


def test_a_price_ending_in_zeros_is_looked_up_whole() -> None:
    # Found by a review: $140.00 was looked up as "14" and so never checked.
    answer = "The Vega Sicilia Valbuena cost $140.00 [1]."
    assert statuses(answer, WINES)["140.00"] == "wrong_line"


def test_a_long_answer_without_punctuation_is_read_in_linear_time() -> None:
    # Found by a review: the words around each figure were read to the clause's end.
    def work(n: int) -> None:
        words = " ".join(f"Posten {k} kostet {k},50 Euro" for k in range(n))
        statuses(words, "Posten: 12,50 €\nSumme: 99,00 €")

    assert_linear(work, 200)


def test_a_year_between_the_row_s_name_and_the_figure_hides_no_name() -> None:
    # A seventh blind probe: "Für Munition ... wurden 2025 insgesamt 5.120,75 €".
    report = (
        "Kassenbericht 2025\nAusgaben Schützenfest: 5.120,75 €\n"
        "Ausgaben Munition/Schießstand: 3.486,20 €"
    )
    wrong = "Für Munition und Schießstand wurden 2025 insgesamt 5.120,75 € ausgegeben [1]."
    right = "Für Munition und Schießstand wurden 2025 insgesamt 3.486,20 € ausgegeben [1]."
    assert statuses(wrong, report)["5.120,75"] == "wrong_line"
    assert statuses(right, report)["3.486,20"] == "grounded"


def test_a_code_of_hyphenated_groups_is_no_rival_value() -> None:
    # Blind probe 12: "Account 55-201-884 ... Billing period" held no usage figure, but its
    # groups read as one, and "billing" named that line.
    statement = (
        "Account 55-201-884      Billing period 01/15/2026 – 02/13/2026\n"
        "Usage this period:               642 kWh\n"
        "Usage same period last year:     713 kWh\n"
    )
    answer = "This billing period you used 642 kWh, against 713 kWh last year [1]."
    assert statuses(answer, statement)["642"] == "grounded"


def test_a_word_the_own_row_holds_in_a_compound_names_no_other_row() -> None:
    # Blind probe 13: "der schnellste Lauf" of the "Tempodauerlauf" row, beside "langer Lauf".
    log = (
        "Datum      | Strecke | Zeit    | Notiz\n"
        "05.03.2026 | 5,5 km  | 29:09   | Tempodauerlauf\n"
        "08.03.2026 | 12,0 km | 1:08:24 | langer Lauf\n"
    )
    answer = "Der schnellste Lauf war der am 5. März [1]."
    assert statuses(answer, log)["5. März"] == "grounded"


PANTRY_TABLE = (
    "Item                 | Qty | Best by  | Shelf\n"
    "Black beans (can)    | 6   | 09/2027  | 2\n"
    "Chickpeas (can)      | 4   | 03/2027  | 2\n"
)


@pytest.mark.parametrize(
    ("answer", "figure", "expected"),
    [
        # Blind probe 14: a small count of a table's other row, and a best-before month.
        ("You have 6 cans of chickpeas on shelf 2 [1].", "6", "wrong_line"),
        ("You have 4 cans of chickpeas on shelf 2 [1].", "4", "grounded"),
        ("Black beans are good until March 2027 [1].", "March 2027", "wrong_line"),
        ("Black beans are good until September 2027 [1].", "September 2027", "grounded"),
    ],
)
def test_a_small_count_or_a_month_of_another_table_row(
    answer: str, figure: str, expected: str
) -> None:
    assert statuses(answer, PANTRY_TABLE)[figure] == expected


def test_a_small_count_of_a_recipe_step_is_no_other_row_s() -> None:
    # A review: "2 Hälften" and "3 Portionen" of a recipe's steps were other label lines'.
    recipe = "Zutaten:\n- Zitronen: 2 Stück\n- Eier: 3 Stück\n- Zucker: 100 g"
    assert statuses("Die Zitronen in 2 Hälften schneiden [1].", recipe)["2"] == "grounded"
    assert statuses("Die Eier in 3 Portionen unterrühren [1].", recipe)["3"] == "grounded"


LIFTS = (
    "| Exercise | Sets × Reps | Weight |\n|---|---|---|\n| Squat | 5 × 5 | 92.5 kg |\n"
    "| Bench press | 5 × 5 | 67.5 kg |\n| Deadlift | 1 × 5 | 120 kg |\n"
)


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure", "expected"),
    [
        # Blind probe 15: a weight with one decimal of another row; the rows' other weights
        # have one decimal or none, which the amounts' rival pattern (two decimals) missed.
        ("You did the deadlift at 92.5 kg [1].", LIFTS, "92.5", "wrong_line"),
        ("You did the squat at 92.5 kg [1].", LIFTS, "92.5", "grounded"),
        ("Beim Kreuzheben hattest du 92,5 kg [1].",
         "| Übung | Gewicht |\n| Kniebeuge | 92,5 kg |\n| Kreuzheben | 120 kg |", "92,5",
         "wrong_line"),
        ("Beim Kreuzheben hattest du 92,5 kg [1].",
         "| Übung | Gewicht |\n| Kniebeuge | 92,5 kg |\n| Kreuzheben | 2 Sätze |", "92,5",
         "grounded"),
    ],
)  # fmt: skip
def test_a_measure_with_one_decimal_of_another_row(
    answer: str, excerpt: str, figure: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[figure] == expected


DRIVERS = (
    "03.05. – Familie Keller\n10.05. – Familie Özdemir\n17.05. – Familie Keller\n"
    "24.05. – Familie Brandt\n31.05. – Familie Brandt"
)
DOCTORS = (
    "Notizen Arzttermine 2026\n"
    "  Nächster Termin: Do, 12.03.2026, 08:40 Uhr (Blutabnahme nüchtern)\n"
    "- Orthopädie Praxis am Ring: Di, 24.03.2026, 10:30 Uhr, Überweisung mitbringen"
)


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure", "expected"),
    [
        # Blind probe 15: a rota's line "date – family", a family named on two of its rows,
        # and a date without its year.
        ("Familie Keller fährt am 10. Mai [1].", DRIVERS, "10. Mai", "wrong_line"),
        ("Familie Keller fährt am 17. Mai [1].", DRIVERS, "17. Mai", "grounded"),
        ("Familie Özdemir fährt am 3. Mai [1].", DRIVERS, "3. Mai", "wrong_line"),
        # "press" stands in two exercises' names: it names rows all the same.
        ("In week 6 you did 5 sets of 5 on the bench press at 92.5 kg [1].", LIFTS, "92.5",
         "wrong_line"),
        ("In week 6 you did 5 sets of 5 on the bench press at 67.5 kg [1].", LIFTS, "67.5",
         "grounded"),
        # "Termin" is any appointment: the word names no line of a list of appointments.
        ("Der Termin ist am 24. März um 10:30 Uhr [1].", DOCTORS, "24. März", "grounded"),
        # A title led by words, with a dash, is no row ("Stadtwerke – Jahresabrechnung 2025").
        ("Der Verbrauch 2025 lag bei 2.874 kWh [1].",
         "Stadtwerke Münster – Jahresabrechnung Strom 2025\nVerbrauch: 2.874 kWh", "2025",
         "grounded"),
    ],
)  # fmt: skip
def test_a_list_s_dashed_lines_names_of_a_few_rows_and_yearless_dates(
    answer: str, excerpt: str, figure: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[figure] == expected


def test_a_us_statement_s_date_of_another_row() -> None:
    # Blind probe 16: the Zelle payment's date is 03/09; 03/06 is another row's.
    statement = (
        "| Date | Description | Amount | Balance |\n|---|---|---|---|\n"
        "| 03/06/2026 | TRADER JOE'S #552 | -76.18 | 3,752.23 |\n"
        "| 03/09/2026 | ZELLE TO M. GARCIA | -450.00 | 3,302.23 |"
    )
    answer = "The Zelle payment to M. Garcia went out on March 6, 2026 [1]."
    assert statuses(answer, statement)["March 6, 2026"] == "wrong_line"
    answer = "The Zelle payment to M. Garcia went out on March 9, 2026 [1]."
    assert statuses(answer, statement)["March 9, 2026"] == "grounded"


TIMETABLE = (
    "Day   Time           Class                 Teacher    Room\n"
    "Mon   07:00–08:00    Sunrise Vinyasa       Keira      Studio 1\n"
    "Mon   18:00–19:15    Yin & Restore         Tom        Studio 2\n"
    "Wed   18:30–19:45    Hatha Foundations     Priya      Studio 1"
)


@pytest.mark.parametrize(
    ("answer", "figure", "expected"),
    [
        # Blind probe 21: a class's time of another row; a clock time's colon makes no label
        # line of a timetable's row.
        ("Priya's Hatha Foundations class is on Wednesdays from 6:00 to 7:15 pm [1].", "6:00",
         "wrong_line"),
        ("Priya's Hatha Foundations class is on Wednesdays from 6:30 to 7:45 pm [1].", "6:30",
         "grounded"),
        ("The Yin & Restore class starts at 18:00 [1].", "18:00", "grounded"),
    ],
)  # fmt: skip
def test_a_clock_time_of_another_row(answer: str, figure: str, expected: str) -> None:
    assert statuses(answer, TIMETABLE)[figure] == expected


def test_a_model_s_number_is_no_date_and_a_title_s_word_names_no_row() -> None:
    # Blind probe 23: "Serie 6" on the device's label line is no rival date of the warranty's
    # end; "garden" of "garden-notes.md" names no "Gardener's Delight" row.
    warranty = (
        "GARANTIEZERTIFIKAT\nGerät: Bosch Serie 6 WGG244A40\nGarantiebeginn: 12.08.2024\n"
        "Garantieende: 11.08.2026"
    )
    answer = "Die Garantie für deine Bosch-Waschmaschine läuft bis zum 11.08.2026 [1]."
    assert statuses(answer, warranty)["11.08.2026"] == "grounded"
    notes = (
        "garden-notes.md\n| Year | Varieties | Total |\n|---|---|---|\n"
        "| 2023 | Moneymaker, Gardener's Del. | 8.9 kg |\n| 2025 | San Marzano, Sungold | 14.2 kg |"
    )
    assert statuses("Your garden notes show 14.2 kg in 2025 [1].", notes)["14.2"] == "grounded"
    # The row's own word still ties a figure to its row.
    assert statuses("Moneymaker gave 14.2 kg [1].", notes)["14.2"] == "wrong_line"


TRAINS = (
    "Booking reference: QXT8KM\n"
    "Outbound: London St Pancras 08:01 → Paris Gare du Nord 11:20, Fri 22 May 2026\n"
    "Return: Paris Gare du Nord 19:13 → London St Pancras 20:30, Tue 26 May 2026"
)


@pytest.mark.parametrize(
    ("answer", "figure", "expected"),
    [
        # Blind probe 26: a word of the figure's own field, past the words that name it, names
        # no other field ("St Pancras" names the outbound's first field and the return's end).
        ("On the way back you arrive at St Pancras at 20:30 [1].", "20:30", "grounded"),
        ("Ihr könnt einen Koffer online für 45 € dazubuchen [1].", "45", "grounded"),
        # A word of another field still ties the figure to that one.
        ("On the way back you leave St Pancras at 19:13 [1].", "19:13", "wrong_line"),
        ("Der Online-Check-in öffnet 45 Stunden vorher [1].", "45", "wrong_line"),
    ],
)  # fmt: skip
def test_a_word_of_the_figure_s_own_field_names_no_other(
    answer: str, figure: str, expected: str
) -> None:
    luggage = (
        "Tarif: Economy Light – kein Aufgabegepäck\n"
        "Zusatzgepäck: 23 kg für 45 € pro Strecke online hinzubuchbar\n"
        "Online-Check-in: ab 23 Stunden vor Abflug"
    )
    excerpt = TRAINS if "St Pancras" in answer else luggage
    assert statuses(answer, excerpt)[figure] == expected


STOCK = (
    "item_id,name,category,qty,unit_cost_usd,location\n"
    "1043,Logitech M185 mouse,peripherals,37,11.40,Shelf B1\n"
    "1044,Logitech K120 keyboard,peripherals,29,9.95,Shelf B1"
)
COSTS = (
    "Kostenart            Gesamtkosten Haus   Umlageschlüssel   Ihr Anteil\n"
    "Grundsteuer          1.842,00 €          Wohnfläche        196,48 €\n"
    "Hausmeister          2.160,00 €          Wohnfläche        230,40 €\n"
    "Gebäudeversicherung  1.518,00 €          Wohnfläche        161,92 €"
)


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure", "expected"),
    [
        # Blind probe 25: a comma-separated export's rows are rows of their own.
        ("There are 37 keyboards in stock [1].", STOCK, "37", "wrong_line"),
        ("There are 29 keyboards in stock [1].", STOCK, "29", "grounded"),
        # Decimal commas alone make no CSV row: the line is prose, which ties nothing.
        ("There are 37 keyboards in stock [1].", "keyboards 29,5 37,2 41,0\nmice 37 12,5",
         "37", "grounded"),
        # Blind probe 26: the row's thing with "-kosten" names that row, the insurance's
        # 161,92 € given as the caretaker's.
        ("Dein Anteil an den Hausmeisterkosten beträgt 161,92 € [1].", COSTS, "161,92",
         "wrong_line"),
        ("Dein Anteil an den Hausmeisterkosten beträgt 230,40 € [1].", COSTS, "230,40",
         "grounded"),
    ],
)  # fmt: skip
def test_csv_rows_and_a_row_s_thing_named_with_its_costs(
    answer: str, excerpt: str, figure: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[figure] == expected


SERVICE = (
    "Services: full synthetic oil change $79.99; tire rotation $24.99; cabin air filter $34.99\n"
    "Recommended (declined): engine air filter $39.99; wiper blades $29.99"
)
METER = (
    "Meter serial: 19K0042217\n"
    "  Previous reading (01/01/2026):  14,982  (actual)\n"
    "  Current reading  (31/03/2026):  16,107  (actual)"
)


@pytest.mark.parametrize(
    ("answer", "excerpt", "result", "expected"),
    [
        # Blind probe 28: "air filter" is both fields'; "cabin" names the other one.
        ("The cabin air filter was $39.99 [1].", SERVICE, "39.99", "wrong_line"),
        ("The cabin air filter was $34.99 [1].", SERVICE, "34.99", "grounded"),
        ("The engine air filter was $39.99 [1].", SERVICE, "39.99", "grounded"),
        ("The air filter was $39.99 [1].", SERVICE, "39.99", "grounded"),
        # Blind probe 21: "readings" of both, and no word of the reading's own names another.
        ("Between the meter readings of 14,982 and 16,107 you used 1,125 kWh [1].", METER,
         "14,982", "grounded"),
    ],
)  # fmt: skip
def test_a_word_two_fields_share_tells_neither_from_the_other(
    answer: str, excerpt: str, result: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[result] == expected


PLAN = (
    "Präparat        Stärke     morgens   mittags   abends\n"
    "Bisoprolol      2,5 mg     1         –         –\n"
    "Torasemid       10 mg      1         –         –\n"
    "Allopurinol     300 mg     –         1         –"
)


@pytest.mark.parametrize(
    ("answer", "result", "expected"),
    [
        # Blind probe 28: rows aligned by spaces that end in a unit or in empty cells.
        ("Mittags nimmt er Allopurinol 10 mg [1].", "10", "wrong_line"),
        ("Mittags nimmt er Allopurinol 300 mg [1].", "300", "grounded"),
        ("Morgens nimmt er Torasemid 10 mg [1].", "10", "grounded"),
    ],
)
def test_an_aligned_row_may_end_in_a_unit_or_empty_cells(
    answer: str, result: str, expected: str
) -> None:
    assert statuses(answer, PLAN)[result] == expected


def test_a_receipt_line_may_open_with_its_count() -> None:
    # Blind probe 28: "1  Forelle Müllerin   21,50" is a row named by its item.
    bill = (
        "1  Schweinebraten mit Knödel          16,80\n"
        "1  Käsespätzle                        13,40\n"
        "1  Forelle Müllerin                   21,50\n"
        "2  Apfelschorle 0,5 l    à 4,20        8,40"
    )
    assert statuses("Die Forelle Müllerin kostete 16,80 € [1].", bill)["16,80"] == "wrong_line"
    assert statuses("Die Forelle Müllerin kostete 21,50 € [1].", bill)["21,50"] == "grounded"
    assert statuses("Zwei Apfelschorlen kosteten 8,40 € [1].", bill)["8,40"] == "grounded"


REFUND = (
    "Refund summary:\n"
    "  Men's rain shell (size L)         $129.00\n"
    "  Merino hiking socks (3-pack)       $24.00\n"
    "You kept: trekking poles ($64.00), not part of this return."
)
LOG = (
    "Date     | Driver     | Start mi | End mi | Purpose\n"
    "04/03/26 | M. Begum   | 61,401   | 61,455 | Deliveries – Bristol S\n"
    "05/03/26 | M. Begum   | 61,455   | 61,612 | Collection – Swindon depot\n"
    "Note 05/03: tyre pressure warning, checked & topped up at depot."
)


def test_a_field_s_figure_named_by_rows_ties_nothing() -> None:
    # Blind probe 28's "rain shell credited at $64.00" (the kept poles' price) is not caught:
    # asking a field's amount whether the answer names another row flagged a total's field
    # and a deposit named by the rows they pay for (a review).
    refund = REFUND + "\nRefunded to card: $153.00"
    answer = "You got $153.00 back for the rain shell and the socks [1]."
    assert statuses(answer, refund)["153.00"] == "grounded"
    hotel = "Hotelzimmer 3 Nächte 300,00 €\nAnzahlung: 100,00 €"
    answer = "Für das Hotelzimmer haben Sie bereits 100,00 € angezahlt [1]."
    assert statuses(answer, hotel)["100,00"] == "grounded"
    assert statuses("You kept the trekking poles ($64.00) [1].", REFUND)["64.00"] == "grounded"
    # Probe 24: a date of a note field is as often the row's own date, written another way.
    answer = "M. Begum drove it on 5 March to collect from the Swindon depot [1]."
    assert statuses(answer, LOG)["5 March"] == "grounded"


SCONES = (
    "Granny Whitfield's fruit scones (makes 8)\n"
    "350 g self-raising flour, plus extra for dusting\n"
    "85 g butter, cubed · 3 tbsp caster sugar\n"
    "75 g sultanas · 1 beaten egg to glaze"
)


@pytest.mark.parametrize(
    ("answer", "result", "expected"),
    [
        # Blind probe 29: an ingredient line, led by its quantity, is a row named by its words.
        ("The scones take 75 g of cubed butter [1].", "75", "wrong_line"),
        ("The scones take 85 g of cubed butter [1].", "85", "grounded"),
        ("The scones take 75 g of sultanas [1].", "75", "grounded"),
        ("The scones take 3 tablespoons of caster sugar [1].", "3", "grounded"),
    ],
)
def test_a_line_led_by_its_quantity_is_a_row(answer: str, result: str, expected: str) -> None:
    assert statuses(answer, SCONES)[result] == expected


def test_a_step_s_number_leads_no_row() -> None:
    # A review: "1. Preheat ..." is a step, not a quantity of oven.
    steps = (
        "1. Preheat the oven to 180 °C\n2. Bake the cake for 35 minutes\n"
        "3. Let it cool for 10 minutes"
    )
    assert statuses("Bake the cake at 180 °C for 35 minutes [1].", steps)["180"] == "grounded"


def test_a_spaced_dash_ends_the_words_that_speak_of_a_figure() -> None:
    # "der Strato" after the dash speaks of what follows, not of the Veltra's 144 Hz.
    excerpt = (
        "| Modell | Panel | Refresh | Preis |\n|---|---|---|---|\n"
        "| Strato 27V | IPS | 180 Hz | 179,00 |\n| Veltra G27F | VA | 144 Hz | 249,90 |\n"
    )
    answer = (
        "Der Strato 27V schafft 180 Hz, der Veltra G27F 144 Hz – der Strato ist also schneller [1]."
    )
    assert statuses(answer, excerpt)["144"] == "grounded"
