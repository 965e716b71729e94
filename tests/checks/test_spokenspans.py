"""A duration in words that the clock times before it contradict."""

from __future__ import annotations

import pytest

from tests.checks.conftest import statuses

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
    ],
)  # fmt: skip
def test_a_span_the_times_allow_or_another_span_is_not_flagged(answer: str, excerpt: str) -> None:
    assert "wrong_count" not in statuses(answer, excerpt).values()
