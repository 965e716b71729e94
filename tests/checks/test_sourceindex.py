"""The excerpts' lazy index finds what a whole pass finds, for every key an answer looks up."""

from __future__ import annotations

import re

from hypothesis import example, given, settings
from hypothesis import strategies as st

from verifier.checks.linesigns import signs
from verifier.checks.numparse import tokenize
from verifier.checks.sourceindex import SourceIndex

# Pieces of receipts, notes and listings in both languages, with the forms whose lines the
# lazy index must pick by a sign other than their digits: noon in words, fractions, dates.
PIECES = [
    "1", "2", "3", "4", "5", "7", "12", "14", "25", "75", "2025", "2026", "1990", "0,5", "1.5",
    "½", "¾", "⅝", "1/2", "3/4", "1,7", "2,62",
    " ", "\n", ".", ",", ":", "/", "-", "–", " Uhr", " pm", "am ",
    "noon", "Mitternacht", "März ", "May ", "Juni", "im ", "s", "er", "Q3", "third quarter",
    "€", "%", "x", "Rechnung ", " l", " ml", " kg", " g", " Minuten", " h", " min", "2:35",
    " Sekunden", "30", " Stunden", " und ",
    # Days, hours and years are runs of their own: their signs must find every way to write them.
    "0", "8", "08", "10", "28", "26", "20", "2027", "08.10.2026", "28.12.", "03.01.2027",
    "2026-10-08", "Oct ", "Oktober ", "T", "14:30", "2 pm", "1430", "bis ", "'26",
    # Spoken half and quarter hours, and a statement's month and day without a year.
    "halb ", "viertel nach ", "quarter to ", "acht", "eight", "eins", "7:30", "19:45", "02/06",
    "12/31", "February 6",
    # Where a separator may split a number's digits: thousands, a decimal point, a scale word.
    "400", "000", "99", " Mio.", "k", " Tsd", "1.400", "0,014", "2014", "145", "Sun ", "3/8",
    "(in Tsd. €)\n", "($ thousands) ", "345,0", "86,5",
    # A UK day before its month, and a CSV row's fields, which a comma joins without a space.
    "21/04", "Tue ", "zinc,", ",Accu", "140,200", "40.30,11.50", "-minute", "-Zimmer",
    "03/28/2026", "28/03/2026", "04/11/2026",
]  # fmt: skip
texts = st.lists(st.sampled_from(PIECES), max_size=14).map("".join)


@settings(max_examples=1500, deadline=None)
@given(st.lists(texts, min_size=1, max_size=3), texts)
@example(["1 ¾"], "1,7")  # a fraction's cut value (a review)
@example(["Sat 8:00 – noon"], "12 pm")
@example(["Arbeitszeit 3 Stunden 30 Minuten"], "3,5 Stunden")  # a duration in two parts
@example(["Fahrzeit 1 h 33 min"], "93 Minuten")
@example(["Termin 28.12. bis 03.01.2027"], "28.12.2026")  # a range across New Year
@example(["2026-10-08T14:30"], "8. Oktober 2026 um 14:30 Uhr")
@example(["Oct 8, 2026, 2 pm"], "8.10.26")
@example(["Abholung um halb acht"], "7:30")
@example(["02/06  PAYROLL"], "February 6")
@example(["Summe 1.400,50 EUR"], "1400,50 EUR")  # a thousands separator in the digits
@example(["Budget 1,4 Mio. €, Anteil 0,014"], "1.400.000 € und 0,014")  # a scale word
@example(["Rechnung 2014, Posten 145"], "14")  # no line of other numbers
@example(["Tue 21/04, 8:40am"], "21 April")  # a day no month is before its month
@example(["FB-M6,zinc,140,200,500,Accu"], "140")  # fields of a CSV row
@example(["(in Tsd. €)\n0,0141"], "14")  # a declared scale (found by hypothesis)
def test_the_lazy_index_holds_what_the_whole_index_holds(excerpts: list[str], answer: str) -> None:
    numbered = list(enumerate(excerpts, 1))
    readings = [r for t in tokenize(answer, strict=True) for p in (t, *t.parts) for r in p.readings]
    lazy, whole = SourceIndex(numbered, lazy=True), SourceIndex(numbered)
    lazy.prepare(readings)
    for r in readings:
        assert lazy.held(r.key) == whole.held(r.key), (r, excerpts)
        assert lazy.day(r.key) == whole.day(r.key), (r, excerpts)
        if r.key[0] == "n":
            trunc = (r.places, r.value)
            assert lazy.truncated(trunc) == whole.truncated(trunc), (r, excerpts)


def test_a_number_s_sign_picks_the_lines_that_may_hold_it_and_not_every_line_of_its_digits() -> (
    None
):
    lines = [
        "Zahlbar innerhalb von 14 Tagen",
        "Preis 14,99 €",
        "Anteil 0,014",
        "Rabatt 14%",
        "Rechnung 2014",
        "145 Stück",
        "Gewicht 1,4 kg",
        "Pos. 1.4 Kupferrohr",
    ]
    found = signs(("n", "14"))
    assert found is not None
    rx = re.compile("|".join(found))
    assert [line for line in lines if rx.search(line)] == lines[:4]


def test_the_sign_of_a_large_number_allows_its_thousands_and_scale_separators() -> None:
    found = signs(("n", "1400000"))
    assert found is not None
    rx = re.compile("|".join(found))
    held = ["Budget 1,4 Mio. €", "Budget 1.400.000 €", "1 400 000 $", "1400 Tsd. €"]
    assert all(rx.search(line) for line in held)
    assert not any(rx.search(line) for line in ["Posten 1,45 Mio.", "21.400.000"])
