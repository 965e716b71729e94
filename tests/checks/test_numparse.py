"""The tokenizer's fast start pattern finds exactly what its plain spelling finds."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.checks.conftest import statuses
from verifier.checks.numgrammar import START, START_PLAIN, START_WORDS

PLAIN = re.compile(START_PLAIN)
# Pieces that start, nearly start or break a match, in every case, with the characters re's
# IGNORECASE folds into ASCII letters (ı, İ, ſ, the Kelvin sign) and a newline.
SPELLED = [
    re.sub(r"\[(.)[^]]*\]", r"\1", w).replace("?", "").replace("\\", "")
    for w in START_WORDS.split("|")
]
PIECES = [
    *SPELLED,
    *(w.upper() for w in ("jan", "mär", "oct", "https:", "www.", "item")),
    "ſep", "ıtem", "İtem", "o\u212at", "Okt", "http:", "ww.", "xsep", "9sep", "sep9", "[", "]",
    "0", "7", "12", "2026", " ", "\n", "-", ".", ",", "é", "ß", "a", "Z", "【", "】", "½", "¾",
]  # fmt: skip


def starts(pattern: re.Pattern[str], text: str) -> list[tuple[int, int]]:
    """Every match of a search from each position on, as the tokenizer's loop meets them."""
    found, pos = [], 0
    while m := pattern.search(text, pos):
        found.append((m.start(), m.end()))
        pos = m.start() + 1
    return found


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=12), st.integers(0, 3))
def test_the_fast_start_pattern_matches_its_plain_spelling(pieces: list[str], skip: int) -> None:
    text = "".join(pieces)
    assert starts(START, text) == starts(PLAIN, text)
    # A search that begins inside the text looks behind its start alike.
    fast, plain = START.search(text, skip), PLAIN.search(text, skip)
    assert (fast and fast.span()) == (plain and plain.span())


def test_every_start_word_is_found_after_a_non_letter_only() -> None:
    for word in ("Jan", "März", "https://x.de", "www.x.de", "Quelle", "Auszüge", "out of"):
        assert starts(START, f" {word}")[0] == starts(PLAIN, f" {word}")[0]
        assert starts(START, f"x{word}") == starts(PLAIN, f"x{word}") == []


CSV = "sku,item,qty,min,target\nFB-M6,Hex bolt zinc,140,200,500,Accu"


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure", "expected"),
    [
        # Blind probe 21: a UK diary's day before its month, which no month can be.
        ("It is on Tuesday 21 April [1].", "- Dr Patel – Tue 21/04, 8:40am", "21 April",
         "grounded"),
        ("It is on Tuesday 22 April [1].", "- Dr Patel – Tue 21/04, 8:40am", "22 April",
         "ungrounded"),
        ("It is on 21 April [1].", "Car service – Sat 25/04\nDentist 21/04", "21 April",
         "grounded"),
        # Blind probe 21: a CSV row's fields, which commas join without a space.
        ("There are 140 on hand [1].", CSV,
         "140", "grounded"),
        ("There are 200 on hand [1].", CSV,
         "200", "grounded"),
        # Blind probe 22: a CSV row's fields with decimal points, each a number of its own.
        ("The fees were £40.30 [1].", "date,item,sold,fees\n2025-08-19,Sony,310.00,40.30,11.50",
         "40.30", "grounded"),
        # Blind probe 25: a field after an identifier's hyphen ("EL-20391,12803") on a row.
        ("The reading was 12,803 kWh [1].", "date,meter,kwh,by\n2026-02-01,EL-20391,12803,self",
         "12,803", "grounded"),
        # A quoted field's thousands, and a line of prose with spaced commas, stay whole.
        ("It was 20,391 [1].", 'date,id,n\n2026-02-01,"20,391",x', "20,391", "grounded"),
        ("It was 20,3 kg [1].", "Gewicht: EL-20,3 kg, Länge 4, Breite 2, Höhe 1", "20,3",
         "grounded"),
        # Blind probe 27: a UK statement's "01 Apr 26" dates its row in 2026.
        ("It went out on 1 April 2026 [1].", "01 Apr 26   SO HOLLINS RENT   950.00   892.17",
         "1 April 2026", "grounded"),
        ("It went out on 1 April 2025 [1].", "01 Apr 26   SO HOLLINS RENT   950.00   892.17",
         "1 April 2025", "ungrounded"),
        # In prose a number after a date stays a number: "am 3. Mai 20 Gäste".
        ("Es kamen 20 Gäste [1].", "Am 3 Mai 20 Gäste, am 4 Mai 12.", "20", "grounded"),
        # A table's decimal commas, digits on both sides of each, are no CSV row's.
        ("Es waren 36,40 € [1].", "| Mobilität | 250,00 € | 286,40 € | -36,40 € |", "36,40",
         "grounded"),
        # Prose's thousands stay whole, also where a scraped page lost the space after them.
        ("It cost £2,980,815 [1].", "The Tories spent £2,980,815,The Lib Dems less.", "2,980,815",
         "grounded"),
    ],
)  # fmt: skip
def test_a_uk_day_month_and_a_csv_row_s_fields(
    answer: str, excerpt: str, figure: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[figure] == expected


@pytest.mark.parametrize(
    ("answer", "excerpt", "figure", "expected"),
    [
        # Blind probes 23 and 24: "Uhr" after a range's end makes its start a time too, and
        # "12 Uhr vormittags" is noon.
        ("Er kommt zwischen 8 und 12 Uhr vormittags [1].", "zwischen 8:00 und 12:00 Uhr", "8",
         "grounded"),
        ("Er kommt zwischen 8 und 12 Uhr vormittags [1].", "zwischen 8:00 und 12:00 Uhr", "12",
         "grounded"),
        ("Er kommt zwischen 9 und 12 Uhr [1].", "zwischen 8:00 und 12:00 Uhr", "9", "ungrounded"),
        ("Fütterung um 7 und um 18 Uhr [1].", "Fütterung: 7:00 Uhr, 18:00 Uhr", "7", "grounded"),
    ],
)  # fmt: skip
def test_a_range_s_clock_word_makes_its_start_a_time(
    answer: str, excerpt: str, figure: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[figure] == expected
