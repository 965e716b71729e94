"""The words and signs by which an answer announces arithmetic on its figures, in German and
English: a total, a difference, a product or quotient, a rate, a share, an average, a tax or
a discount. arithmetic.py decides with them which derivations count."""

from __future__ import annotations

import re
from decimal import Decimal

from verifier.checks.figurewords import (
    JOINER,
    PERCENT_AFTER,
    currency_before,
    unit_after,
    units_multiply,
)
from verifier.checks.readings import Token

# Words and signs that announce a sum or a difference of figures the answer gave, before the
# result or after it in its clause ("insgesamt 129,95 €", "es fehlen also 15", "ein Plus von").
ANNOUNCED = re.compile(
    r"\b(?:total\w*|sum|combined|together|altogether|difference|insgesamt|"
    r"zusammen|gesamt|summe|differenz|unterschied|ergibt|ergeben|macht|makes|equals"
    r"|fehl\w*|rückgang|zuwachs|anstieg|vorsprung|übrig\w*|rest(?:bestand|menge|betrag)"
    # What is left, as a noun: "der Rest – also 36.400 €" ("let it rest" is a verb).
    r"|(?:der|den|dem|the)\s+rest"
    r"|verbleib\w*|noch|erhöh\w*|gestiegen|gesunken|stieg\w*|sank\w*|prozentpunkte?"
    r"|spar\w*|erspar\w*|save[sd]?|saving\w*"
    r"|left|leaves|leaving|remain\w*|balance|bleib(?:en|t)|add|adds|added|adding|hinzu\w*"
    r"|outstanding|owed|owing|ausstehend\w*|offen"
    r"|increase\w*|decrease\w*|(?:ein|im)\s+(?:plus|minus)|(?:plus|minus)\s+von"
    r"|steig\w*|sink\w*|fiel|fällt|gefallen|drop\w*|fell|fall\w*|rose|rise\w*|risen|gain\w*"
    r"|grew|grow\w*|declin\w*|jump\w*|climb\w*|(?:went|gone|goes|go)\s+(?:up|down)"
    # What is left after a deduction: "$12,200 after the $2,000 tax credit", "nach Abzug".
    r"|after\s+(?:the\s+|a\s+|an\s+|your\s+)?(?:[$€£]?[0-9][0-9.,]*\s+)?(?:[^\W\d_]+\s+){0,2}"
    r"(?:credit|discount|rebate|deduction|refund|subsidy|grant|deposit|tax)|nach\s+abzug"
    r"|subtract\w*|deduct\w*|abzüglich|abgezogen"
    # What a sum reaches: "the room comes to about $824", "bringing it to £132.75".
    r"|(?:comes?|came|coming)\s+to|(?:bring|brings|bringing|brought)\s+(?:it|that|this|the\s+total)\s+to)\b"
    r"|[=×+]",
    re.I,
)
# Words that name a total or a difference outright: they announce one from anywhere.
_TOTAL_WORDS = (
    r"insgesamt|zusammen|gesamt\w*|summe|total\w*|altogether|combined|together|in all|overall"
    r"|summier\w*|belauf\w*|beläuft|beliefen|adds? up|added up|sums? up|summed up"
)
STRONG = re.compile(
    rf"\b(?:{_TOTAL_WORDS}|sum|difference|differenz|unterschied|ergibt|ergeben|equals)\b|[=]",
    re.I,
)
# Comparisons announce a difference only after it ("6 € mehr", "9 above the reorder point"):
# before it they are bounds ("mehr als 37", "less than 18 minutes").
COMPARED = re.compile(
    r"\b(?:mehr|weniger|more|less|fewer|above|below|short|unter|über|under|over"
    # Comparatives after a difference: "8 hours longer", "$30 cheaper", "2 kg leichter".
    r"|longer|shorter|cheaper|higher|lower|heavier|lighter|bigger|smaller|faster|slower"
    r"|länger|kürzer|günstiger|billiger|teurer|höher|niedriger|schwerer|leichter|größer"
    r"|kleiner|schneller|langsamer"
    # A lead: "14 Stimmen vorn" ("ahead" and "im Voraus" are as often "in advance").
    r"|vorn|vorne)\b",
    re.I,
)
# What announces the total of the figures just listed.
TOTALLED = re.compile(rf"\b(?:{_TOTAL_WORDS})\b", re.I)
# What announces a product, a quotient or a share: a sign or a word ("2 × 750 ml", "= 36",
# "2x täglich", "ergibt", "734 € / 12"); for a result with decimals also a rate ("29,90 € pro
# Person").
TIMES = re.compile(
    r"[=×÷]|\s/\s|(?<![^\W\d_])x\b|\b(?:mal|ergibt|ergeben|macht|makes|equals|anteil|share"
    r"|marge|margin|rechnerisch|works out)\b",
    re.I,
)
# A rate's word: "je", "per", "each"; a period's adverb ("nightly", "monatlich"); "a" before a
# unit of time or a counted thing ("$189 a night").
RATE = re.compile(
    r"\b(?:je|à|pro|per|each|jeweils|apiece|nightly|daily|weekly|monthly|yearly|hourly"
    r"|(?:täg|wöchent|monat|jähr|stünd)lich\w*|im monat|am tag|in der woche"
    r"|/(?:h|hr|hour|std|stunde|day|tag|night|nacht|mo|month|monat|week|woche|person)"
    r"|an? (?:night|day|week|month|year|hour|person|head|piece|ticket|visit|session|class))\b",
    re.I,
)
# A unit that is itself a rate, right after a quotient: "84 km/h", "42 mph", "0,32 €/kWh".
RATE_UNIT = re.compile(
    r"[ \u00a0]*(?:mph|kmh|(?:[^\W\d_]{1,5}|[€$£])/(?:100[ \u00a0]?)?[^\W\d_]{1,5})\b", re.I
)
RATE_BEFORE = re.compile(r"(?:\b(?:je|pro|per|jeweils)|à)[ \t\u00a0]*\Z", re.I)
# An average of figures the answer lists ("im Schnitt 69 (72, 68, 70 und 66)").
AVERAGE = re.compile(
    r"\b(?:(?:im|als)\s+(?:schnitt|mittel)|durchschnitt\w*|mittelwert\w*|average\w*|avg|mean)\b",
    re.I,
)
# A tax or a discount added to or taken off an amount ("mit 19 % USt. also 324,87 € brutto",
# "abzüglich 10 % Rabatt").
TAXED = re.compile(
    r"\b(?:brutto|netto|mwst|mehrwertsteuer|ust|umsatzsteuer|vat|gross|net|inkl|inklusive"
    r"|incl|including|zzgl|zuzüglich|abzüglich|abzgl|rabatt\w*|discount\w*|nachlass|skonto"
    r"|aufschlag|zuschlag)\b",
    re.I,
)
# Value added tax named without its rate ("mit Mehrwertsteuer also rund 213 €"): the rates
# a German or British household meets.
TAX_NAMED = re.compile(r"\b(?:brutto|netto|mwst|mehrwertsteuer|ust|umsatzsteuer|vat)\b", re.I)
TAX_RATES = (19, 7, 20)
# A share of an amount named before it ("about 434 kWh of that (71 %)", "davon 20 %"), or
# the interest a rate earns on it ("2,75 % p.a. ... 275 € Zinsen").
SHARE_OF = re.compile(
    r"\b(?:davon|of that|of which|of it|of this|thereof|zinsen|zinsertrag|interest)\b", re.I
)
# Between the two figures of a ratio: "70,81 von 612,40 m²", "10 g of salt to 500 g", "$330
# of your $3,000".
# A change from one figure to another: "von 12,40 auf 10,85", "from $2,150 to $2,290".
# Its parts: "von" before the first figure, a unit after it, "auf" before the second.
_FROM_WORD = r"\b(?:von|from)[ \u00a0]+(?:[€$£][ \u00a0]?)?"
_UNIT_GAP = r"[ \u00a0]*(?:[^\W\d_]{1,6}\.?|[€$£%])?[ \u00a0]*"
_TO_WORD = r"(?:auf|to|bis)[ \u00a0]+(?:[€$£][ \u00a0]?)?"
_FROM = re.compile(_FROM_WORD + r"\Z", re.I)
_PLUS = re.compile(r"\b(?:plus|zuzüglich|zzgl)\b", re.I)
_CLAUSE_END = re.compile(r"[.;!?](?:\s|$)")
_MAX_PLUS_GAP = 60
_RATE_REACH = 30  # characters before a product's operand where a rate's word names it
_TO = re.compile(_UNIT_GAP + r"(?:\[[0-9][0-9,; –-]*\][ \u00a0]*)?" + _TO_WORD, re.I)
RATIO_JOIN = re.compile(
    r"[ \u00a0]*(?:[^\W\d_]+|[€$£])?\s+(?:von|of|out of)\s+"
    r"(?:(?:your|my|our|their|the|deine[nmrs]?|ihre[nmrs]?|meine[nmrs]?|unsere[nmrs]?|den|dem"
    r"|der|insgesamt)\s+)?(?:[€$£][ \u00a0]?)?",
    re.I,
)
# Between a rate and the amount it is a share of: "2,75 % von 10.000 €", "5% of your $400".
_PERCENT_OF = re.compile(
    r"[ \u00a0]*(?:%|prozent|percent|per cent)\s+(?:von|of|der|des)\s+"
    r"(?:(?:your|my|our|their|the|deine[nmrs]?|ihre[nmrs]?|meine[nmrs]?|unsere[nmrs]?|den|dem"
    r"|der)\s+)?(?:[€$£][ \u00a0]?)?"
    # Or the base named, then its figure: "1 % der Versicherungssumme von 65.000 €", "2 % of
    # the purchase price of $480".
    r"|[ \u00a0]*(?:%|prozent|percent|per cent)\s+(?:der|des|of\s+the|of\s+your)\s+"
    r"[^\W\d_]{3,30}(?:\s+[^\W\d_]{3,20})?\s+(?:von|of|in\s+höhe\s+von)\s+(?:[€$£][ \u00a0]?)?",
    re.I,
)

# Derivations by kind, as arithmetic.py names them.
ADDED = ("sum", "difference", "run", "rest")
TAXES = ("plus_share", "minus_share", "ex_share")  # a percentage added, taken off or out


def clause_after(text: str, tok: Token) -> str:
    """The figure's clause after it, up to 36 characters, past a percent sign."""
    unit = PERCENT_AFTER.match(text, tok.end)  # "13.8 per cent" names no rate
    start = unit.end() if unit else tok.end
    after = text[start : start + 36]
    return after[: min((i for c in ".;!?" if (i := after.find(c)) >= 0), default=36)]


def strongly_announced(text: str, tok: Token) -> bool:
    """Whether a total's or a difference's own word stands by the figure."""
    before = text[max(0, tok.start - 60) : tok.start]
    return bool(STRONG.search(before) or STRONG.search(clause_after(text, tok)))


def announced(
    text: str, tok: Token, how: str, starts: tuple[int, int], operands: tuple[str, str]
) -> bool:
    """Whether a word or sign announces the arithmetic before the figure, or after it
    within its clause ("9 above the reorder point", "15 weniger", "29,90 € pro Person");
    for a product also a rate by an operand ("12 Beutel mit je 100", "$39.99 each")."""
    after = clause_after(text, tok)
    before = text[max(0, tok.start - 60) : tok.start]
    if how in ("difference", "change") and _from_to(text, starts, operands):
        return True  # "went from 48,210 to 48,890, so you drove 680 miles"
    if how == "sum" and _plus_between(text, starts, operands):
        return True  # "£280: the £240 annual fee plus the one-off £40 joining fee"
    if how in ADDED and _bracket_after(text, tok, starts):
        return True  # "567 km gefahren (Kilometerstand 38.412 bei Übernahme, 38.979 bei ...)"
    if how in (*ADDED, "change"):  # "ein Plus von 23 %"
        return bool(ANNOUNCED.search(before) or ANNOUNCED.search(after) or COMPARED.search(after))
    if TIMES.search(before) or TIMES.search(after):
        return True
    if how in ("share", *TAXES) and any(
        rx.search(part) for rx in (TAXED, SHARE_OF) for part in (before, after)
    ):
        return True  # "davon", "of that", "abzüglich 10 % Rabatt", "brutto"
    if how == "quotient" and RATE_UNIT.match(text, tok.end):
        return True
    if (tok.readings[0].places or how == "quotient") and (
        RATE.search(before) or RATE.search(after)
    ):
        return True  # "29,90 € pro Person", "rund 465 € pro Tag"
    ends = [at + len(written) for at, written in zip(starts, operands, strict=True)]
    if how == "percentage":
        return _ratio(text, starts, ends)
    if how == "share" and _PERCENT_OF.fullmatch(text, ends[0], starts[1]):
        return True  # "2,75 % von 10.000 € sind 275 €"
    return how == "product" and (
        any(RATE_BEFORE.search(text, max(0, at - 12), at) for at in starts)
        # "Dein monatlicher Abschlag beträgt 97,00 €": a rate's adjective before its amount.
        or any(RATE.search(text, max(0, at - _RATE_REACH), at) for at in starts)
        or units_multiply(text, tok, ends)
        or any(RATE.search(text, end, end + 12) for end in ends)
        or _priced_per_thing(text, starts, ends)
    )


# A whole count and the thing it counts: "3 boxes", "6 Flaschen".
_COUNTED = re.compile(r"[ \u00a0]+([^\W\d_]{3,})")
# One thing named near its price: "a box of A4 paper is $29.90", "$29.90 a box", "eine Flasche".
_ONE_THING = re.compile(
    r"\b(?:a|an|one|per|ein|eine|einen|einem|einer|je|pro)[ \u00a0]+([^\W\d_]{3,})", re.I
)
_PRICE_REACH = 80  # characters before a price where the one thing it is for may be named
_PLURAL_ENDINGS = ("", "s", "es", "n", "en", "e", "er")
_MIN_COMPOUNDED = 5  # letters of a noun that a compound may end in


def _priced_per_thing(text: str, starts: tuple[int, int], ends: list[int]) -> bool:
    """Whether one operand counts things the other is the price of one of, named alike
    ("a box of paper is $29.90, so 3 boxes are $89.70"): the count's noun, and "a", "one"
    or "per" with the same noun in the other's clause before it or right after it."""
    for count, price in ((0, 1), (1, 0)):
        written = text[starts[count] : ends[count]]
        thing = _COUNTED.match(text, ends[count])
        if thing is None or not (written.isdigit() or written.isalpha()):  # "3", "drei"
            continue
        before = text[max(0, starts[price] - _PRICE_REACH) : starts[price]]
        before = _CLAUSE_END.split(before)[-1]
        named = [*_ONE_THING.finditer(before), *_ONE_THING.finditer(text[ends[price] :][:16])]
        if any(_same_noun(m[1], thing[1]) for m in named):
            return True
    return False


def _same_noun(one: str, many: str) -> bool:
    """Whether two words are one noun, singular or plural ("box", "boxes"; "Flasche",
    "Flaschen"), the counted one maybe a compound of it ("Nettokaltmieten", "Kaltmiete")."""
    one, many = one.lower(), many.lower()
    compound = len(one) >= _MIN_COMPOUNDED
    return any(
        many == one + ending or (compound and many.endswith(one + ending))
        for ending in _PLURAL_ENDINGS
    )


# A change's first figure, its unit and "auf" right before its second (the parts of _FROM and
# _TO, with no citation marker between).
_CHANGED_TO = re.compile(
    _FROM_WORD + r"(?P<from>[0-9][0-9.,]*)" + _UNIT_GAP + _TO_WORD + r"\Z", re.I
)


def changed_from(text: str, start: int) -> int | None:
    """Where the figure a change comes from starts, if the figure at start is where it goes
    to ("von 800 € auf 880 €"): a percentage of the change takes the first as its base."""
    m = _CHANGED_TO.search(text, max(0, start - 48), start)
    return m.start("from") if m else None


def _plus_between(text: str, starts: tuple[int, int], operands: tuple[str, str]) -> bool:
    """Whether "plus" (or "zuzüglich") joins the two figures within a clause."""
    (first, written), (second, _) = sorted(zip(starts, operands, strict=True))
    gap = text[first + len(written) : second]
    return len(gap) <= _MAX_PLUS_GAP and not _CLAUSE_END.search(gap) and bool(_PLUS.search(gap))


def _bracket_after(text: str, tok: Token, starts: tuple[int, int]) -> bool:
    """Whether both operands stand in a bracket that opens in the figure's clause after it,
    as a result's explanation does."""
    opens = text.find("(", tok.end, tok.end + _MAX_PLUS_GAP)
    return (
        opens >= 0
        and not _CLAUSE_END.search(text, tok.end, opens)
        and all(opens < at and ")" not in text[opens:at] for at in starts)
    )


def _from_to(text: str, starts: tuple[int, int], operands: tuple[str, str]) -> bool:
    """Whether the two figures are a change "from" one "to" the other."""
    (first, written), (second, _) = sorted(zip(starts, operands, strict=True))
    first_end = first + len(written)
    return bool(
        _FROM.search(text, max(0, first - 12), first) and _TO.fullmatch(text, first_end, second)
    )


def _ratio(text: str, starts: tuple[int, int], ends: list[int]) -> bool:
    """Whether two figures of one unit, or "x von y", make the percentage ("10 g of salt to
    500 g of flour is 2%", "70,81 von 612,40 m²"): doctors and nurses make none. Two amounts of
    one currency make it with the share first ("$612.00 on a balance of $18,400.00"): an
    increase of $140 "from $2,150 to $2,290" is no 6.1 % of the new rent."""
    (_, first_end), (second, second_end) = sorted(zip(starts, ends, strict=True))
    unit = unit_after(text, first_end)
    if unit and unit != "%" and not JOINER.fullmatch(unit):
        if unit == unit_after(text, second_end):
            return True
    currency = currency_before(text, starts[0])
    if starts[0] < starts[1] and currency and currency == currency_before(text, starts[1]):
        return True
    return RATIO_JOIN.fullmatch(text, first_end, second) is not None


def scale_step(factor: float | Decimal) -> str:
    """How a factor scales a figure, for the reviewer: "× 1.5", "÷ 2"."""
    return f"× {factor:g}" if factor >= 1 else f"÷ {1 / factor:g}"
