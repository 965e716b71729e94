"""Figures an answer derives from one of its figures by a factor it names in words: an amount
for another period ("6,45 € im Monat, also 77,40 € im Jahr") and an amount with value added
tax named but not its rate ("178,90 € netto, mit Mehrwertsteuer also rund 213 €").
arithmetic.py asks these after its tables of two and more figures."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal

from verifier.checks.arithwords import TAX_NAMED, TAX_RATES, clause_after, scale_step
from verifier.checks.figurewords import money, unit_after
from verifier.checks.grounding import Verdict
from verifier.checks.periods import factor, period_of
from verifier.checks.readings import Token

Figure = tuple[Decimal, Token, Verdict]


def for_period(
    text: str, figures: Sequence[Figure], tok: Token, x: float, half: float
) -> Verdict | None:
    """An amount of another period, both named: "6,45 € im Monat, 77,40 € im Jahr"."""
    wanted = period_of(text, tok.start, tok.end)
    if wanted is None:
        return None
    for a, ta, va in figures:
        given = period_of(text, ta.start, ta.end)
        times = factor(given, wanted) if given else None
        # Anywhere in the answer, but of one unit: 6 € a month are no 72 members a year.
        if times and abs(float(a) * times - x) <= half and _unit(text, ta) == _unit(text, tok):
            operands = (text[ta.start : ta.end], scale_step(times))
            return Verdict("derived", tok.readings[0], va.excerpts, "period", operands)
    return None


def _unit(text: str, tok: Token) -> str:
    """A figure's currency, before or after it ("$186.00", "139,00 €"), or the unit after it."""
    return money(text, tok) or unit_after(text, tok.end)


def with_tax(
    text: str,
    figures: Sequence[Figure],
    tok: Token,
    x: float,
    half: float,
    same_sentence: Callable[[int, int], bool],
    stated: Callable[[int], bool],
) -> Verdict | None:
    """An amount with value added tax named but not its rate, added or taken off: an amount
    of the same currency in the sentence, and a usual rate the excerpts state (7 % is no
    answer where they say 19 %)."""
    before = text[max(0, tok.start - 60) : tok.start]
    if not (TAX_NAMED.search(before) or TAX_NAMED.search(clause_after(text, tok))):
        return None
    unit = money(text, tok)
    if not unit:
        return None
    rates = [rate for rate in TAX_RATES if stated(rate)]
    for a, ta, va in figures:
        if not same_sentence(ta.start, tok.start) or money(text, ta) != unit:
            continue
        for rate in rates:
            for how, v in (
                ("plus_share", float(a) * (1 + rate / 100)),
                ("ex_share", float(a) / (1 + rate / 100)),
            ):
                if abs(v - x) <= half:
                    operands = (str(rate), text[ta.start : ta.end])
                    return Verdict("derived", tok.readings[0], va.excerpts, how, operands)
    return None
