"""Spans of time an answer computes from its dates, clock times and counts of days."""

from __future__ import annotations

import pytest

from tests.checks.conftest import statuses
from verifier.checks.models import SourceText
from verifier.checks.numbers import check_numbers

SOWN = "Aussaat 12.03.2025; Ernte 28.07.2025"
CONTRACT = "Vertragsbeginn: 01.06.2023, Mindestlaufzeit 24 Monate"
INVOICE = "Rechnungsdatum 18.03.2026, zahlbar innerhalb von 14 Tagen"
TRAIN = "Münster ab 7:42, München an 13:58"
TERM = "Tue Jan 6 2026 classes resume; Mon Apr 6 2026 spring break"


@pytest.mark.parametrize(
    ("answer", "excerpt", "result", "expected"),
    [
        # Blind probes: what a chatbot works out from a garden log, a contract, an invoice,
        # a train ticket and a school calendar.
        ("Zwischen der Aussaat am 12. März und der Ernte am 28. Juli 2025 lagen 138 Tage.",
         SOWN, "138", "derived"),
        ("Zwischen der Aussaat am 12. März und der Ernte am 28. Juli 2025 lagen 139 Tage.",
         SOWN, "139", "ungrounded"),
        ("Er begann am 1. Juni 2023 mit 24 Monaten Laufzeit, endet also zum 31. Mai 2025.",
         CONTRACT, "31. Mai 2025", "derived"),
        ("Er begann am 1. Juni 2023 mit 24 Monaten Laufzeit, endet also zum 30. Mai 2025.",
         CONTRACT, "30. Mai 2025", "ungrounded"),
        ("Zu zahlen innerhalb von 14 Tagen, also bis zum 1. April 2026.", INVOICE,
         "1. April 2026", "derived"),
        ("Zu zahlen innerhalb von 14 Tagen, also bis zum 2. April 2026.", INVOICE,
         "2. April 2026", "ungrounded"),
        ("Ab 7:42 Uhr, an 13:58 Uhr: die Fahrt dauert 6 Stunden und 16 Minuten.", TRAIN, "16",
         "derived"),
        ("Ab 7:42 Uhr, an 13:58 Uhr: die Fahrt dauert 6 Stunden und 26 Minuten.", TRAIN, "26",
         "ungrounded"),
        ("Classes resume Tuesday, January 6, spring break starts April 6, 90 days later.",
         TERM, "90", "derived"),
        ("Classes resume Tuesday, January 6, spring break starts April 6, 80 days later.",
         TERM, "80", "ungrounded"),
        # Operands from a sentence further back make no span (the one before may hold both).
        ("Ab 7:42 Uhr, an 13:58 Uhr. Umstieg in Köln. Die Fahrt dauert 6 Stunden und 16 "
         "Minuten.", TRAIN, "16", "ungrounded"),
    ],
)  # fmt: skip
def test_days_between_dates_terms_deadlines_and_travel_times(
    answer: str, excerpt: str, result: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[result] == expected


MINUTES = "Minutes – Finance sync, March 3, 2026\n- Draft budget: Tom, due Tue, March 17, 2026"


@pytest.mark.parametrize(
    ("answer", "result", "expected"),
    [
        # Blind probe 20: the later date first, the earlier one without its year.
        ("It is due Tuesday, March 17, 2026, 14 days after the March 3 meeting [1].", "14",
         "derived"),
        # A count "after" a date is a distance: it counts one end, not both.
        ("It is due Tuesday, March 17, 2026, 15 days after the March 3 meeting [1].", "15",
         "ungrounded"),
        ("It is due March 17, 2026: 15 days, from March 3 to March 17 [1].", "15", "derived"),
        # Blind probe 21: "from" a date with no end of a range after it is a distance too.
        ("It is due March 17, 2026, which is 14 days from the meeting (March 3) [1].", "14",
         "derived"),
        ("It is due March 17, 2026, which is 15 days from the meeting (March 3) [1].", "15",
         "ungrounded"),
    ],
)  # fmt: skip
def test_days_between_a_date_and_an_earlier_one_written_after_it(
    answer: str, result: str, expected: str
) -> None:
    assert statuses(answer, MINUTES)[result] == expected


CHECK_IN = "Abfahrt: 10:15 Uhr\nBitte spätestens 30 Min. vor Abfahrt am Check-in sein."


@pytest.mark.parametrize(
    ("answer", "result", "expected"),
    [
        # Blind probe 20: a clock time the excerpt's own offset away from the answer's.
        ("Die Fähre legt um 10:15 Uhr ab [1]. Am Check-in solltet ihr spätestens um 9:45 Uhr "
         "sein [1].", "9:45", "derived"),
        ("Die Fähre legt um 10:15 Uhr ab [1]. Am Check-in solltet ihr spätestens um 9:15 Uhr "
         "sein [1].", "9:15", "ungrounded"),
        # The excerpt says before: no later time.
        ("Die Fähre legt um 10:15 Uhr ab [1]. Am Check-in solltet ihr um 10:45 Uhr sein [1].",
         "10:45", "ungrounded"),
    ],
)  # fmt: skip
def test_a_clock_time_an_offset_the_excerpt_states_away(
    answer: str, result: str, expected: str
) -> None:
    assert statuses(answer, CHECK_IN)[result] == expected


DENTIST_NOTE = "Zahnarzt Dr. Kaya, Do 19.3., halb drei\nBitte 10 Min. früher da sein."


@pytest.mark.parametrize(
    ("answer", "excerpt", "result", "expected"),
    [
        # Blind probe 30: the offset from the excerpt's one time, which it says in words.
        ("Der Termin ist um halb drei; plane 14:20 Uhr ein [1].", DENTIST_NOTE, "14:20",
         "derived"),
        ("Der Termin ist um halb drei; plane 14:10 Uhr ein [1].", DENTIST_NOTE, "14:10",
         "ungrounded"),
        # Of two times the excerpt names, neither is the moment the offset is from.
        ("Plane 14:20 Uhr ein [1].", DENTIST_NOTE + "\nParken ab 9:00 Uhr", "14:20",
         "ungrounded"),
        # A review: an offset from a moment the excerpt names otherwise, two times twelve
        # hours apart, and a duration written like a clock time (which crashed the rule).
        ("Stornieren kannst du bis 16:00 Uhr [1].", "Einlass ab 18:00 Uhr. Tickets können bis "
         "2 Stunden vor Veranstaltungsbeginn storniert werden.", "16:00", "ungrounded"),
        ("Letzter Einlass ist um 7:45 Uhr [1].", "Geöffnet 8:00–20:00 Uhr. Letzter Einlass 15 "
         "Min. früher.", "7:45", "ungrounded"),
        ("Sei um 8:50 Uhr da [1].", "Fahrzeit 1:33 h. Bitte 10 Min. früher da sein.", "8:50",
         "ungrounded"),
    ],
)  # fmt: skip
def test_an_offset_from_the_excerpt_s_only_time(
    answer: str, excerpt: str, result: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[result] == expected


def test_a_long_excerpt_s_one_time_is_not_read_for_an_offset() -> None:
    # A second review: a later time past the part read would have been missed.
    long_note = DENTIST_NOTE + "\n" + "Notizen zum Termin. " * 220 + "\nNeu: 16:00 Uhr!"
    assert statuses("Plane 14:20 Uhr ein [1].", long_note)["14:20"] == "ungrounded"


@pytest.mark.parametrize(
    ("answer", "result", "expected"),
    [
        # Blind probe 22: the first date in the sentence before, the second in the count's.
        ("Am Mittwoch, dem 4. März, hast du ausgesät [1]. Am Dienstag, 17. März, waren sie "
         "gekeimt, also nach 13 Tagen [1].", "13", "derived"),
        ("Am Mittwoch, dem 4. März, hast du ausgesät [1]. Am Dienstag, 17. März, waren sie "
         "gekeimt, also nach 12 Tagen [1].", "12", "ungrounded"),
    ],
)  # fmt: skip
def test_days_from_a_date_of_the_sentence_before(answer: str, result: str, expected: str) -> None:
    # Blind probe 24: both dates a sentence back ("Dazwischen liegen 42 Tage"), one of them
    # after a company's "Fa.", which ends no sentence.
    plan = "M2 | Beginn Trockenbau | 02.03.2026\nM4 | Abnahme | 13.04.2026"
    said = "Der Trockenbau beginnt am 02.03.2026 (Fa. Brückner), die Abnahme ist am 13.04.2026 [1]."
    assert statuses(f"{said} Dazwischen liegen 42 Tage.", plan)["42"] == "derived"
    assert statuses(f"{said} Dazwischen liegen 43 Tage.", plan)["43"] == "ungrounded"
    log = "- Mi 04.03. Tomaten ausgesät\n- Di 17.03. gekeimt"
    assert statuses(answer, log)[result] == expected


RUN_SHEET = "- 14:00 ceremony (approx. 40 min)\n- 15:00 coach leaves (25 min drive)\n- 15:30 drinks"


@pytest.mark.parametrize(
    ("answer", "result", "expected"),
    [
        # Blind probe 22: what a thing lasts moves its start later, beside another clause's
        # "before"; a duration written as an adjective ("25-minute"); "before" right after
        # the result places it beside another event and moves nothing.
        ("The ceremony starts at 14:00 and lasts about 40 minutes, so it should finish around "
         "14:40, leaving 20 minutes before the coach leaves at 15:00 [1].", "14:40", "derived"),
        ("The ceremony starts at 14:00 and lasts about 40 minutes, so it should finish around "
         "14:50, leaving 10 minutes before the coach leaves at 15:00 [1].", "14:50", "ungrounded"),
        ("The coach leaves at 15:00 [1]. With the 25-minute drive, it reaches the barn at about "
         "15:25, just before the drinks reception [1].", "15:25", "derived"),
        ("The coach leaves at 15:00 [1]. With the 25-minute drive, it reaches the barn at about "
         "14:35, just before the drinks reception [1].", "14:35", "ungrounded"),
    ],
)  # fmt: skip
def test_a_clock_time_moved_by_what_lasts_and_a_duration_adjective(
    answer: str, result: str, expected: str
) -> None:
    assert statuses(answer, RUN_SHEET)[result] == expected


@pytest.mark.parametrize(
    ("answer", "result", "expected"),
    [
        # Blind probe 21: a count of weeks after a date without a year, in any year.
        ("Die Tomaten hast du am 1. März ausgesät; pikieren steht ca. 3 Wochen danach an, also "
         "um den 22. März herum [1].", "22. März", "derived"),
        ("Die Tomaten hast du am 1. März ausgesät; pikieren steht ca. 3 Wochen danach an, also "
         "um den 25. März herum [1].", "25. März", "ungrounded"),
    ],
)  # fmt: skip
def test_a_date_weeks_after_a_date_without_a_year(answer: str, result: str, expected: str) -> None:
    sowing = "- 01.03. Tomaten ausgesät\n- Pikieren: ca. 3 Wochen nach Aussaat"
    assert statuses(answer, sowing)[result] == expected


def test_a_derived_span_says_how() -> None:
    stage = check_numbers(
        "",
        "Er begann am 1. Juni 2023 mit 24 Monaten Laufzeit, endet also zum 31. Mai 2025.",
        [SourceText(1, CONTRACT)],
    )
    end = next(f for f in stage.findings if f.text == "31. Mai 2025")
    assert end.message_en == (
        'The date "31. Mai 2025" is derived: "24 Monaten" after "1. Juni 2023", which stand '
        "in excerpt [1]."
    )


def test_a_term_of_months_takes_no_date_of_another_row() -> None:
    # Found by an earlier probe: 30.06.2026 (another contract's end) + 3 Monate hid a wrong
    # end date; a payment term's days still count from the invoice's date.
    table = "| FitX | 31.08.2026 | 3 Monate |\n| Zeit Digital | 30.06.2026 | 6 Wochen |"
    found = statuses("Der FitX-Vertrag läuft bis 30.09.2026, Kündigungsfrist 3 Monate.", table)
    assert found["30.09.2026"] == "ungrounded"


def test_a_count_of_days_may_count_both_ends() -> None:
    course = "Beginn: 09.03.2026\nEnde: 15.03.2026"
    answer = "The course lasts {} days, from March 9 to March 15, 2026 [1]."
    assert statuses(answer.format(7), course)["7"] == "derived"
    assert statuses(answer.format(6), course)["6"] == "derived"
    assert statuses(answer.format(8), course)["8"] == "ungrounded"


@pytest.mark.parametrize(
    ("answer", "excerpts", "result", "expected"),
    [
        # Found by a review: a deadline from a date of another excerpt, a month's end cut
        # short taken a day earlier, a count beyond any calendar.
        ("Zahlbar innerhalb von 14 Tagen, also bis zum 26.03.2025 [1].",
         ("Rechnung vom 03.03.2025, zahlbar innerhalb von 14 Tagen",
          "Kontoauszug: 12.03.2025 Miete -845,00"), "26.03.2025", "ungrounded"),
        ("Zahlbar innerhalb von 14 Tagen, also bis zum 17.03.2025 [1].",
         ("Rechnung vom 03.03.2025, zahlbar innerhalb von 14 Tagen",
          "Kontoauszug: 12.03.2025 Miete -845,00"), "17.03.2025", "derived"),
        ("Ab dem 31.01.2025 läuft er 1 Monat, also bis zum 27.02.2025.",
         ("Beginn 31.01.2025, Laufzeit 1 Monat",), "27.02.2025", "ungrounded"),
        ("Zahlbar innerhalb von 3000000 Tagen, also bis zum 01.01.2030 [1].",
         ("Frist 3000000 Tage, Rechnung vom 12.03.2025",), "01.01.2030", "ungrounded"),
    ],
)  # fmt: skip
def test_deadlines_month_ends_and_huge_counts(
    answer: str, excerpts: tuple[str, ...], result: str, expected: str
) -> None:
    sources = [SourceText(n, text) for n, text in enumerate(excerpts, start=1)]
    found = {f.text: f.status for f in check_numbers("", answer, sources).findings}
    assert found[result] == expected


@pytest.mark.parametrize(
    ("answer", "excerpt", "result", "expected"),
    [
        # A term the excerpt states, from a date it gives: the answer names neither.
        (
            "Die Kündigung ist frühestens zum 31.12.2027 möglich [1].",
            "Mietbeginn 01.01.2026, Mindestlaufzeit 24 Monate",
            "31.12.2027",
            "derived",
        ),
        (
            "Die Kündigung ist frühestens zum 31.12.2028 möglich [1].",
            "Mietbeginn 01.01.2026, Mindestlaufzeit 24 Monate",
            "31.12.2028",
            "ungrounded",
        ),
        (
            "Ein Jahr später, am 14.03.2027, läuft die Garantie ab [1].",
            "Kauf am 14.03.2026, ein Jahr Garantie",
            "14.03.2027",
            "derived",
        ),
        (
            "Die Garantie läuft am 14.03.2028 ab [1].",
            "Kauf am 14.03.2026, ein Jahr Garantie",
            "14.03.2028",
            "ungrounded",
        ),
        (
            "Zahlbar bis 01.04.2026 [1].",
            "Rechnung vom 18.03.2026. Zahlbar innerhalb von vierzehn Tagen.",
            "01.04.2026",
            "derived",
        ),
        # Blind probe 12: an invoice's payment terms as "Net 30".
        (
            "Payment is due by April 30, 2026 [1].",
            "Date: 03/31/2026\nPayment terms: Net 30",
            "April 30, 2026",
            "derived",
        ),
        (
            "Payment is due by May 1, 2026 [1].",
            "Date: 03/31/2026\nPayment terms: Net 30",
            "May 1, 2026",
            "ungrounded",
        ),
        # Nights of a stay: from arrival to departure, one end only.
        ("Wir bleiben 3 Nächte [1].", "Anreise 12.03.2026, Abreise 15.03.2026", "3", "derived"),
        ("Wir bleiben 4 Nächte [1].", "Anreise 12.03.2026, Abreise 15.03.2026", "4", "ungrounded"),
        ("We stay 2 nights [1].", "Check-in: 2026-05-01\nCheck-out: 2026-05-03", "2", "derived"),
        # Blind probe 30: a due date without its year, the excerpt's term after its date.
        ("Die Rechnung ist bis zum 18. März zu bezahlen [1].",
         "Rechnungsdatum: 16.02.2026\nZahlbar innerhalb von 30 Tagen ohne Abzug.", "18. März",
         "derived"),
        ("Die Rechnung ist bis zum 19. März zu bezahlen [1].",
         "Rechnungsdatum: 16.02.2026\nZahlbar innerhalb von 30 Tagen ohne Abzug.", "19. März",
         "ungrounded"),
        ("Payment is due by 18 March [1].", "Date: 16 February 2026     Terms: 30 days net",
         "18 March", "derived"),
        # A term of months may end the day before; a date of another row is no start.
        ("Die Garantie läuft bis zum 13. März [1].", "Kauf am 14.03.2026, ein Jahr Garantie",
         "13. März", "derived"),
        ("Die Garantie läuft bis zum 18. März [1].",
         "Kauf am 14.03.2026, ein Jahr Garantie\nReparatur am 16.02.2026\nRückgabe: 30 Tage",
         "18. März", "ungrounded"),
        # Dates far apart are no stay: a booking date and a trip.
        (
            "Wir bleiben 40 Nächte [1].",
            "Gebucht am 01.01.2026." + " Hinweise zur Anreise." * 20 + " Anreise 10.02.2026",
            "40",
            "ungrounded",
        ),
    ],
)  # fmt: skip
def test_terms_and_stays_an_excerpt_states_alone(
    answer: str, excerpt: str, result: str, expected: str
) -> None:
    assert statuses(answer, excerpt)[result] == expected


DENTIST = (
    "Cleaning & exam: Tuesday, June 2, 2026 at 10:15 am\n"
    "Cancellation policy: 48 hours notice or $50 fee."
)


@pytest.mark.parametrize(
    ("answer", "figure", "expected"),
    [
        # Blind probe 10: a deadline a term of hours (whole days) before the excerpt's date.
        ("Cancel at least 48 hours ahead, i.e. by Sunday, May 31, 2026 [1].", "May 31, 2026",
         "derived"),
        ("Cancel at least 48 hours ahead, i.e. by Saturday, May 30, 2026 [1].", "May 30, 2026",
         "ungrounded"),
        ("With 36 hours notice, i.e. by May 31, 2026 [1].", "May 31, 2026", "ungrounded"),
        # Without a word that puts it before, a date a term from another lies after it.
        ("Cancel within 48 hours, i.e. by Sunday, May 31, 2026 [1].", "May 31, 2026",
         "ungrounded"),
    ],
)  # fmt: skip
def test_a_deadline_a_term_of_hours_before_an_excerpt_s_date(
    answer: str, figure: str, expected: str
) -> None:
    assert statuses(answer, DENTIST)[figure] == expected
    if expected == "derived":
        stage = check_numbers("", answer, [SourceText(1, DENTIST)])
        (found,) = [f for f in stage.findings if f.text == figure]
        assert '"48 hours" before "02.06.2026"' in found.message_en


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        # Blind probe 12: the month a term of years after a date of the sentence.
        ("Die letzte war am 5. September 2016 [1]; alle 10 Jahre [2], also im September 2026.",
         "derived"),
        ("Die letzte war am 5. September 2016 [1]; alle 10 Jahre [2], also im Oktober 2026.",
         "ungrounded"),
        ("Die letzte war am 5. September 2016 [1]; alle 10 Tage [2], also im September 2026.",
         "ungrounded"),
    ],
)  # fmt: skip
def test_a_month_a_term_after_a_date_of_the_sentence(answer: str, expected: str) -> None:
    found = statuses(
        answer, "Tetanus: letzte Auffrischung 05.09.2016", "Auffrischung alle 10 Jahre"
    )
    month = next(text for text in found if text.endswith("2026"))
    assert found[month] == expected


DERMATOLOGIST = (
    "Ihr Termin am Montag, 09.03.2026 um 10:15 Uhr.\nBitte erscheinen Sie 15 Minuten vor Beginn."
)


@pytest.mark.parametrize(
    ("answer", "time", "expected"),
    [
        # Blind probe 13: when to be there, a duration before the appointment's time.
        ("Dein Termin ist um 10:15 Uhr [1]. Komm 15 Minuten früher, also um 10:00 Uhr [1].",
         "10:00", "derived"),
        ("Dein Termin ist um 10:15 Uhr [1]. Komm 15 Minuten früher, also um 9:45 Uhr [1].",
         "9:45", "ungrounded"),
        # Without the time in the answer, an offset "vor Beginn" may be from a moment the
        # excerpt does not give (a review: "Einlass ab 18:00 … vor Veranstaltungsbeginn").
        ("Komm 15 Minuten früher, also um 10:00 Uhr [1].", "10:00", "ungrounded"),
    ],
)  # fmt: skip
def test_a_clock_time_a_duration_before_another(answer: str, time: str, expected: str) -> None:
    assert statuses(answer, DERMATOLOGIST)[time] == expected


def test_a_date_of_the_sentence_before_and_either_reading_of_a_us_date() -> None:
    # Blind probe 13: the last service's date stands in the sentence before its interval.
    log = "08/12/2025 | 62,340 mi | Oil & filter\nNext oil change: every 6 months"
    answer = "The last one was on 08/12/2025 [1]. Every 6 months, so by {} [1]."
    assert statuses(answer.format("February 12, 2026"), log)["February 12, 2026"] == "derived"
    assert statuses(answer.format("June 8, 2026"), log)["June 8, 2026"] == "derived"
    assert statuses(answer.format("March 12, 2026"), log)["March 12, 2026"] == "ungrounded"


def test_the_month_a_term_of_an_excerpt_ends_in() -> None:
    # Blind probe 14: a service due "in 24 Monaten" from the excerpt's only date.
    service = "Inspektion mit Ölwechsel\nDatum: 14.10.2025\nNächste Inspektion: in 24 Monaten"
    assert statuses("Fällig im Oktober 2027 [1].", service)["Oktober 2027"] == "derived"
    assert statuses("Fällig im November 2027 [1].", service)["November 2027"] == "ungrounded"


BIRTH = "Date of birth: 2026-02-20"
SHOTS = "1st core vaccines: 8 weeks of age\n2nd core vaccines: 12 weeks\nRabies: 16 weeks"
RETURNS = "Widerrufs- und Rückgaberecht: 30 Tage ab Lieferung."
DELIVERY = "Ihre Sendung wurde am 20.03.2026 um 11:42 Uhr zugestellt."


@pytest.mark.parametrize(
    ("answer", "excerpts", "result", "expected"),
    [
        # Blind probe 15: a date without its year, a count of weeks after a birthday.
        (
            "Juniper was born on February 20, 2026 [1], so her first vaccines are due at 8 weeks "
            "on April 17 [2].",
            [BIRTH, SHOTS],
            "April 17",
            "derived",
        ),
        (
            "Juniper was born on February 20, 2026 [1], so her first vaccines are due at 8 weeks "
            "on April 18 [2].",
            [BIRTH, SHOTS],
            "April 18",
            "ungrounded",
        ),
        # Into the next year: 20 December 2025 and 4 weeks.
        (
            "Born on December 20, 2025 [1], the first shots are due at 4 weeks, on January 17 [2].",
            ["Date of birth: 2025-12-20", "First shots: 4 weeks"],
            "January 17",
            "derived",
        ),
        # The term in the sentence before, the date in the result's own.
        (
            "Du hast 30 Tage ab Lieferung Zeit [1]. Da er am 20.03.2026 zugestellt wurde [2], "
            "kannst du bis zum 19.04.2026 zurückschicken.",
            [RETURNS, DELIVERY],
            "19.04.2026",
            "derived",
        ),
        (
            "Du hast 30 Tage ab Lieferung Zeit [1]. Da er am 20.03.2026 zugestellt wurde [2], "
            "kannst du bis zum 20.04.2026 zurückschicken.",
            [RETURNS, DELIVERY],
            "20.04.2026",
            "ungrounded",
        ),
    ],
)
def test_a_yearless_date_or_a_term_of_the_sentence_before(
    answer: str, excerpts: list[str], result: str, expected: str
) -> None:
    assert statuses(answer, *excerpts)[result] == expected


BUS = "Bus departs: 8:30 am sharp\nDriving time: approx. 1 h 40 min\nFirst match: 10:45 am"


ARRIVAL = "Expected arrival: 10:10 am"
FERRY = "Abfahrt: 10:15 Uhr\nÜberfahrtsdauer: 45 Minuten"
TIMETABLE = "Rathausplatz    06:44  07:09  07:30\nKlinikum Nord   07:01  07:26  07:50"
FLIGHTS = "LH 2041  MUC 07:05 → FRA 08:00\nLH 1164  FRA 09:10 → OPO 11:05"


@pytest.mark.parametrize(
    ("answer", "excerpts", "result", "expected"),
    [
        # Blind probe 15: an arrival a drive after a departure, then the time left before a
        # match of the next sentence.
        ("The bus leaves at 8:30 am and the drive takes about 1 hour 40 minutes, so it should "
         "arrive around 10:10 am [1].", [BUS], "10:10", "derived"),
        ("The bus leaves at 8:30 am and the drive takes about 1 hour 40 minutes, so it should "
         "arrive around 10:20 am [1].", [BUS], "10:20", "ungrounded"),
        ("The bus leaves at 8:30 am and the drive takes 1 hour 40 minutes [1]. It should "
         "arrive at 10:10 am.", [BUS], "10:10", "derived"),
        ("The bus arrives at 10:10 am [2]. That leaves 35 minutes before the first match at "
         "10:45 am [1].", [BUS, ARRIVAL], "35", "derived"),
        ("The bus arrives at 10:10 am [2]. That leaves 45 minutes before the first match at "
         "10:45 am [1].", [BUS, ARRIVAL], "45", "ungrounded"),
        # Blind probe 20: what a crossing takes ends it, with no word of arrival.
        ("Die Fähre legt um 10:15 Uhr ab und braucht 45 Minuten, ihr seid also um 11:00 Uhr "
         "in Rødby [1].", [FERRY], "11:00", "derived"),
        ("Die Fähre legt um 10:15 Uhr ab und braucht 45 Minuten, ihr seid also um 9:30 Uhr "
         "in Rødby [1].", [FERRY], "9:30", "ungrounded"),
        # Blind probes 17 and 18: both clock times in the sentence before the duration.
        ("The bus departs at 7:09 and reaches the clinic at 7:26 [1]. The ride takes 17 "
         "minutes.", [TIMETABLE], "17", "derived"),
        ("The bus departs at 7:09 and reaches the clinic at 7:26 [1]. The ride takes 19 "
         "minutes.", [TIMETABLE], "19", "ungrounded"),
        ("Ihr landet um 08:00 Uhr, der Anschluss startet um 09:10 Uhr [1]. Ihr habt also 1 "
         "Stunde 10 Minuten zum Umsteigen.", [FLIGHTS], "10", "derived"),
    ],
)  # fmt: skip
def test_an_arrival_a_duration_after_a_departure(
    answer: str, excerpts: list[str], result: str, expected: str
) -> None:
    assert statuses(answer, *excerpts)[result] == expected


def test_a_time_shift_names_a_two_part_duration_whole() -> None:
    answer = (
        "The bus leaves at 8:30 am and the drive takes about 1 hour 40 minutes, so it should "
        "arrive around 10:10 am [1]."
    )
    (finding,) = [
        f for f in check_numbers("", answer, [SourceText(1, BUS)]).findings if f.text == "10:10"
    ]
    assert '"1 hour 40 minutes" before or after "8:30"' in finding.message_en


@pytest.mark.parametrize(
    ("answer", "result", "expected"),
    [
        # A review: a word of direction outranks an arrival's; the nearest word of a start or
        # an end decides without one.
        ("Arrive 30 minutes before the 15:30 kickoff, so at 16:00 [1].", "16:00", "ungrounded"),
        ("Arrive 30 minutes before the 15:30 kickoff, so at 15:00 [1].", "15:00", "derived"),
        ("Der Film beginnt um 15:30 und dauert 30 Minuten, er endet also um 15:00 [1].", "15:00",
         "ungrounded"),
        ("Der Film beginnt um 15:30 und dauert 30 Minuten, er endet also um 16:00 [1].", "16:00",
         "derived"),
    ],
)  # fmt: skip
def test_the_direction_of_a_time_shift(answer: str, result: str, expected: str) -> None:
    assert statuses(answer, "Kickoff 15:30, 30 minutes")[result] == expected


def test_the_nearest_start_or_end_word_by_its_edge() -> None:
    # A second review: "start" ends three characters before 8:20, "arrive" begins four after.
    answer = "The drive takes 40 minutes, so start at 8:20 to arrive at 9:00 [1]."
    assert statuses(answer, "Appointment 9:00. Drive: 40 minutes.")["8:20"] == "derived"


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        # Blind probe 26: the months between two full dates of the sentence, a month's end
        # to a month's end whole months (35), rounded where a hedge says so.
        ("It ends on 30 November 2028, about 35 months after 31 December 2025 [1].", "derived"),
        ("It ends on 30 November 2028, 35 months after 31 December 2025 [1].", "derived"),
        ("It ends on 30 November 2028, 34 months after 31 December 2025 [1].", "ungrounded"),
        ("It ends on 30 November 2028, about 36 months after 31 December 2025 [1].",
         "ungrounded"),
        ("It ends on 30 November 2028, about 33 months after 31 December 2025 [1].",
         "ungrounded"),
    ],
)  # fmt: skip
def test_the_months_between_two_dates(answer: str, expected: str) -> None:
    count = answer.split(" months")[0].rsplit(" ", 1)[1]
    assert statuses(answer, "ends 30 November 2028; statement 31 Dec 2025")[count] == expected


def test_whole_months_count_a_month_s_end_as_its_day() -> None:
    # A review: 31 January to 30 April is three months, as a term of three months ends.
    assert (
        statuses("Vom 31.01.2026 bis 30.04.2026, also 3 Monate [1].", "31.01.2026; 30.04.2026")["3"]
        == "derived"
    )


HOSTEL = (
    "In Lisbon we stayed at Casa Azul Hostel from 14 June (check-in) to 21 June (check-out). "
    "A bed in the 6-bed dorm was €32 per night including breakfast."
)


@pytest.mark.parametrize(
    ("answer", "figure", "expected"),
    [
        # Blind probe 31: the nights between the answer's own dates (the excerpt's have no
        # year), and their price.
        ("They checked in on 14 June and out on 21 June, so seven nights; at €32 a night that "
         "comes to €224 per person [1].", "seven", "derived"),
        ("They checked in on 14 June and out on 21 June, so seven nights; at €32 a night that "
         "comes to €224 per person [1].", "224", "derived"),
        ("From 14 June to 21 June they stayed 7 nights [1].", "7", "derived"),
        # A stay's nights never count both ends, unlike its days.
        ("From 14 June to 21 June they stayed 8 nights [1].", "8", "wrong_count"),
        ("From 14 June to 21 June they stayed 8 days [1].", "8", "derived"),
    ],
)  # fmt: skip
def test_nights_between_two_dates_of_the_answer(answer: str, figure: str, expected: str) -> None:
    assert statuses(answer, HOSTEL)[figure] == expected


@pytest.mark.parametrize("words", ["Nächte", "Jahre alt", "€ insgesamt", "× 3 = 27"])
@pytest.mark.parametrize("held", [False, True])
def test_a_figure_of_thousands_of_digits_is_no_crash(words: str, held: bool) -> None:
    # Past 4,300 digits int() refuses a string: the nights' and the ages' derivations raised
    # ValueError and the answer failed as "checks crashed".
    huge = "9" * 5000
    excerpt = "Anreise 12.03.2026, Abreise 15.03.2026" + (f", Nummer {huge}" if held else "")
    found = statuses(f"Es sind {huge} {words} [1].", excerpt)
    assert found[huge] == ("grounded" if held else "ungrounded")
