"""The reviewer's sentences on a figure of the answer, in English and German: where it stands,
how it was computed, or that it stands nowhere."""

from __future__ import annotations

from collections.abc import Iterable

from verifier.checks.grounding import Verdict
from verifier.checks.models import NumberFinding
from verifier.checks.readings import Reading

# How a derived figure was computed from the two figures a and b, in English and German.
_DERIVATIONS = {
    "sum": ('the sum of "{a}" and "{b}"', "die Summe von „{a}“ und „{b}“"),
    "difference": ('the difference of "{a}" and "{b}"', "die Differenz von „{a}“ und „{b}“"),
    "run": (
        'the sum of the figures from "{a}" to "{b}"',
        "die Summe der Zahlen von „{a}“ bis „{b}“",
    ),
    "listed_after": (
        'the sum of the list after it, "{a}" to "{b}"',
        "die Summe der Aufzählung danach, „{a}“ bis „{b}“",
    ),
    "per_hundred": (
        "the factor of a percentage or a rate per 100 in the arithmetic written out",
        "der Faktor eines Prozentsatzes oder einer Rate je 100 in der ausgeschriebenen Rechnung",
    ),
    "days_from_today": (
        'the days from today, "{a}" as the question says, to "{b}"',
        "die Tage von heute, laut Frage „{a}“, bis „{b}“",
    ),
    "two_rate": ('"{a}" times {b}', "„{a}“ mal {b}"),
    "rest": (
        'the first of the figures from "{a}" to "{b}" less the others',
        "die erste der Zahlen von „{a}“ bis „{b}“ abzüglich der übrigen",
    ),
    "product": ('the product of "{a}" and "{b}"', "das Produkt von „{a}“ und „{b}“"),
    "products": (
        'the sum of each row\'s product from "{a}" to "{b}"',
        "die Summe der Produkte jeder Zeile von „{a}“ bis „{b}“",
    ),
    "chain": (
        'the product of the figures from "{a}" to "{b}"',
        "das Produkt der Zahlen von „{a}“ bis „{b}“",
    ),
    "quotient": ('"{a}" divided by "{b}"', "„{a}“ geteilt durch „{b}“"),
    "share": ('"{a}" of "{b}"', "„{a}“ von „{b}“"),
    "percentage": ('"{a}" as a share of "{b}"', "„{a}“ als Anteil an „{b}“"),
    "change": ('the change from "{b}" to "{a}"', "die Änderung von „{b}“ auf „{a}“"),
    "named_sum": (
        "the sum of the {b} rows the sentence names ({a})",
        "die Summe der {b} Zeilen, die der Satz nennt ({a})",
    ),
    "named_mean": (
        "the mean of the {b} rows the sentence names ({a})",
        "der Mittelwert der {b} Zeilen, die der Satz nennt ({a})",
    ),
    "mean": (
        'the mean of the figures from "{a}" to "{b}"',
        "der Mittelwert der Zahlen von „{a}“ bis „{b}“",
    ),
    "plus_share": ('"{b}" plus {a} %', "„{b}“ zuzüglich {a} %"),
    "minus_share": ('"{b}" less {a} %', "„{b}“ abzüglich {a} %"),
    "ex_share": ('"{b}" without the {a} % it includes', "„{b}“ ohne die enthaltenen {a} %"),
    "expression": (
        'the arithmetic written out from "{a}" to "{b}"',
        "die ausgeschriebene Rechnung von „{a}“ bis „{b}“",
    ),
    "rate": ('"{a}" per "{b}"', "„{a}“ je „{b}“"),
    "priced": ('"{a}" at "{b}" each', "„{a}“ zu je „{b}“"),
    "time_between": ('the time from "{a}" to "{b}"', "die Zeit von „{a}“ bis „{b}“"),
    "time_shifted": ('"{b}" before or after "{a}"', "„{b}“ vor oder nach „{a}“"),
    "days_between": ('the days from "{a}" to "{b}"', "die Tage von „{a}“ bis „{b}“"),
    "months_between": ('the months from "{a}" to "{b}"', "die Monate von „{a}“ bis „{b}“"),
    "date_after": ('"{b}" after "{a}"', "„{b}“ nach dem „{a}“"),
    "date_before": ('"{b}" before "{a}"', "„{b}“ vor dem „{a}“"),
    "age": (
        'the age from the birth date "{a}" to "{b}"',
        "das Alter vom Geburtsdatum „{a}“ bis „{b}“",
    ),
    "next_day": ('the day after "{a}"', "der Tag nach dem „{a}“"),
    "previous_day": ('the day before "{a}"', "der Tag vor dem „{a}“"),
    "scaled": (
        'a quantity of the excerpts scaled as "{a}" says ({b})',
        "eine Menge der Auszüge, skaliert wie „{a}“ sagt ({b})",
    ),
    "unnamed": (
        '"{a}" with the amount {b} of the excerpts',
        "„{a}“ mit dem Betrag {b} der Auszüge",
    ),
    "unnamed_share": (
        "{a} with the amount {b} of the excerpts",
        "{a} mit dem Betrag {b} der Auszüge",
    ),
    "calendar": (
        'a count of the calendar by which "{a}" is multiplied or divided ({b})',
        "eine Zahl des Kalenders, mit der „{a}“ multipliziert oder geteilt wird ({b})",
    ),
    "converted": (
        '"{a}" converted to {b}',
        "„{a}“ umgerechnet in {b}",
    ),
    "period": (
        'the amount "{a}" for another period ({b})',
        "der Betrag „{a}“ für einen anderen Zeitraum ({b})",
    ),
}


_COMPUTED = ('computed from "{a}" and "{b}"', "berechnet aus „{a}“ und „{b}“")


def _refs(ns: Iterable[int], de: bool) -> str:
    s = sorted(ns)
    inner = ", ".join(str(n) for n in s)
    if de:
        return f"Auszug [{inner}]" if len(s) == 1 else f"den Auszügen [{inner}]"
    return f"excerpt [{inner}]" if len(s) == 1 else f"excerpts [{inner}]"


def _messages(text: str, v: Verdict | None, r: Reading, ident: bool = False) -> tuple[str, str]:
    kind = r.key[0]
    en = "date" if kind in ("d", "ym", "dm", "m", "dec") else "time" if kind == "t" else "number"
    en = "identifier" if ident else en
    de = {
        "date": "Das Datum",
        "time": "Die Uhrzeit",
        "number": "Die Zahl",
        "identifier": "Die Kennung",
    }[en]
    q_en, q_de = f'The {en} "{text}"', f"{de} „{text}“"
    if v is None:
        return f"{q_en} does not appear in any excerpt.", f"{q_de} kommt in keinem Auszug vor."
    if v.status == "from_question":
        return f"{q_en} is taken from the question.", f"{q_de} stammt aus der Frage."
    if v.how == "rounded":
        return (
            f"{q_en} is a rounded form of a value in {_refs(v.excerpts, False)}.",
            f"{q_de} ist ein gerundeter Wert aus {_refs(v.excerpts, True)}.",
        )
    if v.how == "per_hundred":  # a constant of the arithmetic, which no source holds
        how_en, how_de = _DERIVATIONS["per_hundred"]
        return f"{q_en} is {how_en}.", f"{q_de} ist {how_de}."
    if v.status == "derived":
        a, b = v.addends
        # Without excerpts the operands are the question's; those of arithmetic written out
        # may be figures the answer works out before it ("(722,50 € plus 174,00 €)").
        unsourced_en, unsourced_de = (
            ("the answer", "der Antwort")
            if v.how == "expression"
            else ("the question", "der Frage")
        )
        where_en = _refs(v.excerpts, False) if v.excerpts else unsourced_en
        where_de = _refs(v.excerpts, True) if v.excerpts else unsourced_de
        # A kind without its own sentence still says what it is computed from: a missing one
        # crashed the answer's whole code stage once (tests hold every kind to one).
        how_en, how_de = _DERIVATIONS.get(v.how, _COMPUTED)
        return (
            f"{q_en} is derived: {how_en.format(a=a, b=b)}, which stand in {where_en}.",
            f"{q_de} ist abgeleitet: {how_de.format(a=a, b=b)} aus {where_de}.",
        )
    return (
        f"{q_en} appears in {_refs(v.excerpts, False)}.",
        f"{q_de} steht in {_refs(v.excerpts, True)}.",
    )


def number_finding(
    answer: str, start: int, end: int, v: Verdict | None, r: Reading, ident: bool = False
) -> NumberFinding:
    """The finding on answer[start:end] with v's status (ungrounded for none) and sentences."""
    text = answer[start:end]
    en, de = _messages(text, v, r, ident)
    return NumberFinding(
        text=text,
        value=r.value,
        start=start,
        end=end,
        status=v.status if v else "ungrounded",
        excerpts=sorted(v.excerpts) if v else [],
        message_en=en,
        message_de=de,
    )
