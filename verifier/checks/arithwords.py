"""The words and signs by which an answer announces arithmetic on its figures, in German and
English: a total, a difference, a product or quotient, a rate, a share, an average, a tax or
a discount. arithmetic.py decides with them which derivations count."""

from __future__ import annotations

import re

# Words and signs that announce a sum or a difference of figures the answer gave, before the
# result or after it in its clause ("insgesamt 129,95 €", "es fehlen also 15", "ein Plus von").
ANNOUNCED = re.compile(
    r"\b(?:total\w*|sum|combined|together|altogether|difference|insgesamt|"
    r"zusammen|gesamt|summe|differenz|unterschied|ergibt|ergeben|macht|makes|equals"
    r"|fehl\w*|rückgang|zuwachs|anstieg|übrig\w*|rest(?:bestand|menge|betrag)"
    r"|verbleib\w*|noch|erhöh\w*|gestiegen|gesunken|stieg\w*|sank\w*|prozentpunkte?"
    r"|left|remaining|increase\w*|decrease\w*|(?:ein|im)\s+(?:plus|minus)|(?:plus|minus)\s+von"
    r"|steig\w*|sink\w*|fiel|fällt|gefallen|drop\w*|fell|fall\w*|rose|rise\w*|risen|gain\w*"
    r"|grew|grow\w*|declin\w*|jump\w*|climb\w*)\b"
    r"|[=×+]",
    re.I,
)
# Words that name a total or a difference outright: they announce one from anywhere.
_TOTAL_WORDS = r"insgesamt|zusammen|gesamt\w*|summe|total\w*|altogether|combined|together|in all"
STRONG = re.compile(
    rf"\b(?:{_TOTAL_WORDS}|sum|difference|differenz|unterschied|ergibt|ergeben|equals)\b|[=]",
    re.I,
)
# Comparisons announce a difference only after it ("6 € mehr", "9 above the reorder point"):
# before it they are bounds ("mehr als 37", "less than 18 minutes").
COMPARED = re.compile(r"\b(?:mehr|weniger|more|less|fewer|above|below|short)\b", re.I)
# What announces the total of the figures just listed.
TOTALLED = re.compile(rf"\b(?:{_TOTAL_WORDS})\b", re.I)
JOINER = re.compile(r",|\+|&|\b(?:und|and|sowie)\b", re.I)  # between the items of a list
# What announces a product, a quotient or a share: a sign or a word ("2 × 750 ml", "= 36",
# "2x täglich", "ergibt", "734 € / 12"); for a result with decimals also a rate ("29,90 € pro
# Person").
TIMES = re.compile(
    r"[=×÷]|\s/\s|(?<![^\W\d_])x\b|\b(?:mal|ergibt|ergeben|macht|makes|equals|anteil|share"
    r"|marge|margin)\b",
    re.I,
)
RATE = re.compile(r"\b(?:je|à|pro|per|each|jeweils|apiece)\b", re.I)
RATE_BEFORE = re.compile(r"(?:\b(?:je|pro|per|jeweils)|à)[ \t\u00a0]*\Z", re.I)
PERCENT_AFTER = re.compile(r"[ \u00a0\u202f]?(?:%|prozent\b|percent\b|per cent\b)", re.I)
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
# A share of an amount named before it ("about 434 kWh of that (71 %)", "davon 20 %").
SHARE_OF = re.compile(r"\b(?:davon|of that|of which|of it|of this|thereof)\b", re.I)
# Between the two figures of a ratio: "70,81 von 612,40 m²", "10 g of salt to 500 g".
RATIO_JOIN = re.compile(r"[ \u00a0]*(?:[^\W\d_]+|[€$£])?\s+(?:von|of|out of)\s+", re.I)
