"""A duration in words that the clock times before it contradict."""

from __future__ import annotations

import pytest

from tests.checks.conftest import assert_linear, statuses
from verifier.checks.citations import Sentences
from verifier.checks.numparse import tokenize
from verifier.checks.readings import Token
from verifier.checks.spokenspans import wrong_spoken_spans

VISIT = "Arrived 1:40 PM · Completed 4:10 PM"
HALL = "Halle 1: Mo 17:00–18:30, Fr 16:00–17:30"
TRAIN = "Zug: ab 9:27, an 17:51"
DAY = "Treffpunkt 05:15, Frühstück 08:00, Ende 13:30"
SPLIT = "Arbeitszeit 9:00-12:00 und 13:00-17:00"
FERRY = "Burlington dep 12:30 pm, crossing about 1 hour; last boat from Port Kent 6:00 pm"


@pytest.mark.parametrize(
    ("answer", "excerpt", "duration", "expected"),
    [
        # Blind probe 28: the span of two times is two and a half hours, not three and a half.
        ("He arrived at 1:40 PM and finished at 4:10 PM — about three and a half hours [1].",
         VISIT, "three and a half hours", "wrong_count"),
        ("Montags von 17:00 bis 18:30 Uhr, also zweieinhalb Stunden [1].", HALL,
         "zweieinhalb Stunden", "wrong_count"),
        ("Von 9:00 bis 12:00 und von 13:00 bis 17:00, insgesamt neun Stunden [1].", SPLIT,
         "neun Stunden", "wrong_count"),
        # Blind probe 29: the span's start in the sentence before.
        ("The 12:30 pm gets into Port Kent at about 1:30 pm [1]. The last boat back leaves at "
         "6:00 pm, so you'd have about three and a half hours there [1].", FERRY,
         "three and a half hours", "wrong_count"),
    ],
)  # fmt: skip
def test_a_span_in_words_the_times_contradict_is_flagged(
    answer: str, excerpt: str, duration: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[duration] == expected


@pytest.mark.parametrize(
    ("answer", "excerpt"),
    [
        ("He arrived at 1:40 PM and finished at 4:10 PM — about two and a half hours [1].", VISIT),
        ("He arrived at 1:40 PM and finished at 4:10 PM, so three hours [1].", VISIT),
        ("Montags von 17:00 bis 18:30 Uhr, also anderthalb Stunden [1].", HALL),
        # Another span, a difference of spans, a start in the sentence before, two intervals.
        ("Der Zug fährt um 9:27 ab und kommt um 17:51 an, mit zwei Stunden Aufenthalt [1].",
         TRAIN),
        ("Montags von 17:00 bis 18:30 Uhr – eine halbe Stunde länger als freitags [1].", HALL),
        ("Treffpunkt ist um 05:15 [1]. Nach dem Frühstück um 08:00 endet der Tag um 13:30 – gut "
         "acht Stunden insgesamt [1].", DAY),
        ("Von 9:00 bis 12:00 und von 13:00 bis 17:00, insgesamt sieben Stunden [1].", SPLIT),
        ("The 12:30 pm gets into Port Kent at about 1:30 pm [1]. The last boat back leaves at "
         "6:00 pm, so you'd have about four and a half hours there [1].", FERRY),
        # A review: a break after the span, a number word inside another, a duration of its
        # own after a start of the sentence before, an offset.
        ("The shift runs from 8:00 to 20:00 — twelve hours, with a break of one hour [1].",
         "Shift 8:00-20:00, break 1 hour"),
        ("Von 10:00 bis 12:00 Uhr – zwei Stunden, davon eine halbe Stunde Pause [1].",
         "Kurs 10:00-12:00"),
        ("We start at 9:00 and arrive at 6:00 the next morning — twenty-one hours [1].",
         "Start 9:00, arrival 6:00"),
        ("Wir treffen uns um 9:00 Uhr [1]. Die Führung beginnt um 14:00 Uhr (zwei Stunden) [1].",
         "Treffen 9:00 Uhr, Führung 14:00 Uhr"),
        ("The ferry is at 5:00 pm and the last bus leaves at 7:00 pm, so arrive three hours "
         "ahead [1].", "Ferry 5:00 pm, bus 7:00 pm"),
    ],
)  # fmt: skip
def test_a_span_the_times_allow_or_another_span_is_not_flagged(answer: str, excerpt: str) -> None:
    assert "wrong_count" not in statuses(answer, excerpt).values()


def test_reading_the_spans_of_a_long_answer_is_linear() -> None:
    # A review: each duration looked for its times among all of them (9 s for 256 KB).
    read: dict[int, tuple[Sentences, list[Token]]] = {}  # tokenized once: only the check timed

    def work(n: int) -> object:
        if n not in read:
            answer = "From 9:00 to 11:00 — two hours [1]. " * n
            read[n] = (Sentences(answer), tokenize(answer, strict=True))
        return wrong_spoken_spans(*read[n])

    assert_linear(work, 1000)
