"""Totals and means of the rows an answer names by their words."""

from __future__ import annotations

import pytest

from tests.checks.conftest import statuses
from verifier.checks.models import SourceText
from verifier.checks.numbers import check_numbers

FEBRUARY = (
    "CHASE CHECKING ...2291   Statement 02/01/2026 - 02/28/2026\n"
    "02/03  NETFLIX.COM              -15.49\n"
    "02/07  SPOTIFY USA              -11.99\n"
    "02/12  SHELL OIL 5744           -48.22\n"
    "02/20  PAYROLL ACME CORP     +2,840.00"
)
MARCH = (
    "CHASE CHECKING ...2291   Statement 03/01/2026 - 03/31/2026\n"
    "03/03  NETFLIX.COM              -17.99\n"
    "03/07  SPOTIFY USA              -11.99\n"
    "03/15  TRADER JOE'S #552        -63.10\n"
    "03/20  PAYROLL ACME CORP     +2,840.00"
)
CARD = (
    "Date  | Description            | Amount\n"
    "03/02 | BLUE BOTTLE COFFEE SF  | $6.75\n"
    "03/03 | SAFEWAY #1711          | $84.12\n"
    "03/04 | BLUE BOTTLE COFFEE SF  | $5.50\n"
    "03/06 | PHILZ COFFEE MISSION   | $7.25\n"
    "03/07 | SHELL OIL 57442        | $48.90\n"
    "03/09 | BLUE BOTTLE COFFEE SF  | $6.75\n"
    "      | Total                  | $159.27"
)
NOTES = (
    "- Netflix Standard: 13,99 €/Monat, Abbuchung am 7.\n"
    "- Spotify Duo: 14,99 €/Monat, Abbuchung am 21.\n"
    "- FitX Fitnessstudio: 19,99 €/Monat, Abbuchung am 1."
)


@pytest.mark.parametrize(
    ("answer", "excerpts", "figure", "expected"),
    [
        # Blind probes 12 and 13: the rows a sentence names, added up per statement and over
        # both.
        (
            "Netflix and Spotify together cost you $27.48 in February [1].",
            [FEBRUARY],
            "27.48",
            "derived",
        ),
        (
            "Netflix and Spotify together cost you $27.48 in February [1] and $29.98 in March "
            "[2], so $57.46 over the two months.",
            [FEBRUARY, MARCH],
            "57.46",
            "derived",
        ),
        (
            "Netflix and Spotify together cost you $28.48 in February [1].",
            [FEBRUARY],
            "28.48",
            "ungrounded",
        ),
        ("You had four coffee shop charges, totaling $26.25 [1].", [CARD], "26.25", "derived"),
        (
            "You had four coffee shop charges, about $6.56 per visit on average [1].",
            [CARD],
            "6.56",
            "derived",
        ),
        (
            "You had four coffee shop charges, about $6.66 per visit on average [1].",
            [CARD],
            "6.66",
            "ungrounded",
        ),
        # The Blue Bottle rows only; the sum of all coffee rows is another figure.
        ("At Blue Bottle you spent $19.00 in total [1].", [CARD], "19.00", "derived"),
        ("At Blue Bottle you spent $26.25 in total [1].", [CARD], "26.25", "ungrounded"),
        # Without a total or an average word, two named rows add up in cents all the same
        # (blind probe 17: "Jonas hat mit 110,15 € (Aldi und Edeka) am meisten ausgelegt").
        ("Netflix and Spotify cost you $27.48 in February [1].", [FEBRUARY], "27.48", "derived"),
        ("Netflix and Spotify cost you $27.58 in February [1].", [FEBRUARY], "27.58", "ungrounded"),
        # Label lines are rows too, named by their labels.
        ("Netflix und Spotify kosten zusammen 28,98 € im Monat [1].", [NOTES], "28,98", "derived"),
    ],
)
def test_a_total_of_the_rows_a_sentence_names_is_derived(
    answer: str, excerpts: list[str], figure: str, expected: str
) -> None:
    assert statuses(answer, *excerpts)[figure] == expected


def test_a_named_row_whose_amount_cannot_be_told_or_a_total_row_leaves_the_sum_ungrounded() -> None:
    # Two amounts with cents on the Spotify line: which one the answer added is unknown.
    two = FEBRUARY.replace("-11.99", "-11.99   -1.00")
    answer = "Netflix and Spotify together cost you $27.48 in February [1]."
    assert statuses(answer, two)["27.48"] == "ungrounded"
    # A total's row the sentence names is no row of the sum.
    answer = "The coffee rows and the total come to $185.52 altogether [1]."
    assert statuses(answer, CARD)["185.52"] == "ungrounded"
    # A credit and a debit named together: no sum of like amounts.
    answer = "Spotify and payroll together: $2,851.99 [1]."
    assert statuses(answer, FEBRUARY)["2,851.99"] == "ungrounded"


def test_a_word_every_row_shares_names_no_row() -> None:
    rows = "03/02 | COFFEE BLUE BOTTLE | $6.75\n03/04 | COFFEE PHILZ | $5.50\n"
    # "coffee" is on every row: the sentence names none of them, so no subset is summed (the
    # column's own total is columns.py's).
    stage = check_numbers("", "Coffee came to $12.25 in total [1].", [SourceText(1, rows)])
    found = {f.text: f for f in stage.findings}
    assert found["12.25"].status == "derived"
    assert "rows the sentence names" not in found["12.25"].message_en


def test_the_reviewer_is_told_which_rows_were_added() -> None:
    answer = "You had four coffee shop charges, totaling $26.25 [1]."
    (finding,) = [
        f for f in check_numbers("", answer, [SourceText(1, CARD)]).findings if f.text == "26.25"
    ]
    assert finding.message_en == (
        'The number "26.25" is derived: the sum of the 4 rows the sentence names (6.75, 5.50, '
        "7.25, …), which stand in excerpt [1]."
    )
    assert "die der Satz nennt" in finding.message_de


SHOPPING = (
    "Einkäufe gemeinsam:\n03.02.  Aldi            47,80 €  (Jonas)\n"
    "10.02.  dm              18,45 €  (Lea)\n17.02.  Edeka           62,35 €  (Jonas)\n"
    "24.02.  Getränke Hoff   31,40 €  (Mert)"
)


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        # Blind probe 17: receipt lines with a note in brackets after the amount are rows.
        ("Jonas hat mit 110,15 € (Aldi und Edeka) am meisten ausgelegt [1].", "derived"),
        ("Jonas hat mit 110,25 € (Aldi und Edeka) am meisten ausgelegt [1].", "ungrounded"),
    ],
)
def test_rows_with_a_note_after_their_amount(answer: str, expected: str) -> None:
    figure = answer.split(" € ")[0].rsplit(" ", 1)[1]
    assert statuses(answer, SHOPPING)[figure] == expected


SERVICE = (
    "Labour: Major service 2.5 h @ £72.00/h           £180.00\n"
    "Parts: Oil filter                                  £9.60\n"
    "Parts: Engine oil 0W-20, 4.2 L @ £8.50/L          £35.70\n"
    "Parts: Air filter                                 £14.20\n"
    "Parts: Cabin filter                               £16.80\n"
    "Subtotal                                         £256.30"
)


@pytest.mark.parametrize(
    ("answer", "figure", "expected"),
    [
        # Blind probe 22: a row of quantity at a unit price adds its total, and a row the
        # sentence states on its own (the labour) is none of the parts' total.
        ("Labour was £180.00 and parts came to £76.30 — oil filter, 4.2 L of engine oil, air "
         "filter and cabin filter [1].", "76.30", "derived"),
        ("Labour was £180.00 and parts came to £76.40 — oil filter, 4.2 L of engine oil, air "
         "filter and cabin filter [1].", "76.40", "ungrounded"),
        # The unit price is no row's amount: 9.60 + 8.50 + 14.20 + 16.80.
        ("Labour was £180.00 and parts came to £49.10 — oil filter, 4.2 L of engine oil, air "
         "filter and cabin filter [1].", "49.10", "ungrounded"),
        # Named but not stated on its own, the labour row is one of the total's rows.
        ("Labour and parts came to £76.30 — labour, oil filter, engine oil, air filter and "
         "cabin filter [1].", "76.30", "ungrounded"),
    ],
)  # fmt: skip
def test_a_unit_price_row_adds_its_total_and_a_stated_row_stays_out(
    answer: str, figure: str, expected: str
) -> None:
    assert statuses(answer, SERVICE)[figure] == expected


HOLIDAY = (
    "Posten;Betrag\n"
    "Miete 7 Nächte (12.07.–19.07.2026);1.260,00 €\n"
    "Endreinigung;95,00 €\n"
    "Bettwäsche (6 Sets);72,00 €\n"
    "Kurtaxe;49,00 €\n"
    "Kaution (wird erstattet);300,00 €\n"
    "Teilnehmer;6 Personen"
)


@pytest.mark.parametrize(
    ("answer", "figure", "expected"),
    [
        # Blind probe 26: a semicolon export's rows, added up to a whole amount of money,
        # without the row the sentence leaves out, past a named row of no amount.
        ("Ohne die Kaution kommen Miete, Endreinigung, Bettwäsche und Kurtaxe auf 1.476 €, "
         "für sechs Personen [1].", "1.476", "derived"),
        ("Miete, Endreinigung, Bettwäsche und Kurtaxe kosten 1.476,00 € [1].", "1.476,00",
         "derived"),
        # The row left out is in no sum; one named and kept is.
        ("Ohne die Kaution kommen Miete, Endreinigung, Bettwäsche und Kurtaxe auf 1.776 € "
         "[1].", "1.776", "ungrounded"),
        ("Miete, Endreinigung, Bettwäsche, Kurtaxe und Kaution kommen auf 1.776 € [1].",
         "1.776", "derived"),
        # A whole amount of money adds up three rows unannounced, not two (one row's amount
        # given for both); a whole figure of no money adds up none.
        ("Endreinigung, Bettwäsche und Kurtaxe kommen auf 216 € [1].", "216", "derived"),
        ("Endreinigung und Kurtaxe kommen auf 144 € [1].", "144", "ungrounded"),
        ("Endreinigung und Kurtaxe kommen zusammen auf 144 € [1].", "144", "derived"),
        ("Endreinigung und Kurtaxe: 144 Punkte [1].", "144", "ungrounded"),
    ],
)  # fmt: skip
def test_a_semicolon_export_s_rows_add_up_to_a_whole_amount(
    answer: str, figure: str, expected: str
) -> None:
    assert statuses(answer, HOLIDAY)[figure] == expected


def test_a_semicolon_export_s_row_is_a_row_of_its_own() -> None:
    # Blind probe 25: the TV licence's amount given as Vodafone's.
    statement = (
        "Date;Payee;Category;Amount (GBP)\n08/03/2026;Vodafone UK;Phone;-27.00\n"
        "12/03/2026;TV Licensing;Utilities;-14.95"
    )
    assert statuses("Vodafone UK took £14.95 [1].", statement)["14.95"] == "wrong_line"
    assert statuses("Vodafone UK took £27.00 [1].", statement)["27.00"] == "grounded"
