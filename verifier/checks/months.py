"""Month names in German and English, as the tokenizer's grammar and its readings need them."""

from __future__ import annotations

# A month's name or abbreviation, as a date writes it (Jan., Januar, Jänner, March, Mrz).
MON = (
    r"(?:Jan(?:uary|uar)?|Jänner|Feb(?:ruary|ruar)?|Mar(?:ch)?|Mä?rz|Apr(?:il)?|Ma[iy]"
    r"|Jun[ei]?|Jul[iy]?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|O[ck]t(?:ober)?|Nov(?:ember)?"
    r"|De[cz](?:ember)?)\.?(?![A-Za-zÄÖÜäöüß])"
)
# Months that go before their day ("May 3"): English names only; "Juni 3" is no German date.
MON_EN = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
    r"|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?(?![A-Za-zÄÖÜäöüß])"
)
# A month named alone in an answer: written out, so that "Jan" (a name) and "Mar." are not.
MON_FULL = (
    r"(?:Januar|January|Jänner|Februar|February|März|March|April|Mai|Juni|June|Juli|July"
    r"|May(?![ \t]+(?:I|we|you|he|she|it|they|this|that)\b)"
    r"|August|September|Oktober|October|November|Dezember|December)(?![A-Za-zÄÖÜäöüß])"
)
_MONTHS = {
    "jan": 1,
    "jän": 1,
    "feb": 2,
    "mar": 3,
    "mär": 3,
    "mrz": 3,
    "apr": 4,
    "mai": 5,
    "may": 5,
    "jun": 6,
    "jul": 7,
    "aug": 8,
    "sep": 9,
    "oct": 10,
    "okt": 10,
    "nov": 11,
    "dec": 12,
    "dez": 12,
}


def month_number(word: str) -> int | None:
    """The month a name's first letters give (Jun., Juni, june); None for a name re's case
    folding matched but lower() does not give back (ſeptember, MAİ)."""
    return _MONTHS.get(word.casefold()[:3])
