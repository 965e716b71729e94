"""What the answer computes: every deriver, tried in order on each figure no excerpt holds,
in rounds so that a figure may be derived from one derived before ("1.526,6 m³ ... bei
10,3 kWh/m³ rund 15.724 kWh"). Each deriver's module says what it derives and why it does
not meet a wrong figure by chance."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import NamedTuple, Protocol

from verifier.checks.ages import Ages
from verifier.checks.arithmetic import Arithmetic
from verifier.checks.citations import Sentences
from verifier.checks.clockspans import ClockSpans
from verifier.checks.columns import Columns
from verifier.checks.conversions import Conversions
from verifier.checks.durations import Durations
from verifier.checks.excerptdates import ExcerptDates
from verifier.checks.excerptlines import Excerpt
from verifier.checks.excerptperiods import ExcerptPeriods
from verifier.checks.expressions import Expressions
from verifier.checks.factors import Calendar, Factors
from verifier.checks.grounding import Verdict
from verifier.checks.intervals import Intervals
from verifier.checks.listtotals import ListTotals
from verifier.checks.meterdiffs import MeterDiffs
from verifier.checks.namedrows import NamedRows
from verifier.checks.nextday import NextDays
from verifier.checks.priced import Priced
from verifier.checks.rates import Rates
from verifier.checks.readings import Token
from verifier.checks.rowdiffs import RowDifferences
from verifier.checks.rowproducts import RowProducts
from verifier.checks.sourceindex import SourceIndex
from verifier.checks.spans import Spans
from verifier.checks.timecolumns import TimeColumns
from verifier.checks.tworates import TwoRates
from verifier.checks.unnamed import Unnamed, stated_rate

_MAX_DERIVATIONS = 256  # ungrounded figures tried; bounds junk input
# Rounds of derivation: a figure may rest on one derived in the round before, which may rest
# on one derived before it ("four nights" from two dates, "$756.00" as four times $189, then
# "$68.04" as 9 % of it, and "about $824" as the sum of the two).
_ROUNDS = 4
# A figure of more digits is no result or operand of a computation an answer shows (an
# identifier, a pasted blob); past 4,300 digits int() refuses it, and the checks crashed.
_MAX_DIGITS = 40


def _computable(tok: Token) -> bool:
    return all(sum(c.isdigit() for c in r.value) <= _MAX_DIGITS for r in tok.readings)


class Shared(NamedTuple):
    """What the number check reads with the derivers too, built once for both: the columns
    and factors that re-derive a figure found on a wrong line, and each excerpt's lines."""

    columns: Columns
    factors: Factors
    lines_of: Callable[[int], Excerpt]
    today: tuple[date, str] | None = None  # the date the question names as today


class _Deriver(Protocol):
    def derive(self, tok: Token) -> Verdict | None: ...


class _Learner(Protocol):
    def learn(self, done: list[tuple[Token, Verdict]]) -> None: ...


def derive_all(
    results: list[tuple[Token, Verdict | None]],
    sentences: Sentences,
    src: SourceIndex,
    texts: list[tuple[int, str]],
    shared: Shared,
) -> list[tuple[Token, Verdict | None]]:
    """The verdicts with what the derivers derive for the ungrounded figures."""
    arithmetic = Arithmetic(sentences, lambda rate: stated_rate(src, rate))
    durations = Durations(sentences)
    excerpt_dates = ExcerptDates(src, texts)  # each excerpt's dates, read once for all
    spans = Spans(sentences, excerpt_dates, texts, shared.today)
    unnamed = Unnamed(sentences, src)
    calendar = Calendar(sentences)
    conversions = Conversions(sentences, texts)
    written = Expressions(sentences)
    priced = Priced(sentences, texts)
    listed = ListTotals(sentences)
    rates = Rates(sentences, texts)
    two_rates = TwoRates(sentences)
    next_days = NextDays(sentences, texts, excerpt_dates)
    ages = Ages(sentences, texts, excerpt_dates, shared.today[0] if shared.today else None)
    # Tried in this order for each ungrounded figure; the first derivation found stands.
    derivers: list[_Deriver] = [
        arithmetic,
        listed,
        durations,
        spans,
        next_days,
        shared.columns,
        NamedRows(sentences, texts, shared.lines_of),
        shared.factors,
        unnamed,
        calendar,
        conversions,
        ClockSpans(sentences, texts),
        TimeColumns(sentences, texts),
        rates,
        written,
        RowDifferences(sentences, texts),
        priced,
        ExcerptPeriods(sentences, texts),
        Intervals(sentences, texts),
        two_rates,
        ages,
        MeterDiffs(sentences, texts),
        RowProducts(sentences, texts),
    ]
    # Those that take the figures grounded or derived so far as operands.
    learners: list[_Learner] = [
        arithmetic,
        durations,
        spans,
        unnamed,
        calendar,
        conversions,
        written,
        priced,
        listed,
        rates,
        two_rates,
        next_days,
        ages,
    ]
    out = [v for _, v in results]
    tries = 0
    for _ in range(_ROUNDS):
        done = [(t, v) for (t, _), v in zip(results, out, strict=True) if v and _computable(t)]
        for learner in learners:
            learner.learn(done)
        fresh = False
        for k, (tok, _) in enumerate(results):
            if out[k] is None and tries < _MAX_DERIVATIONS and _computable(tok):
                tries += 1
                out[k] = next((v for d in derivers if (v := d.derive(tok))), None)
                fresh = fresh or out[k] is not None
        if not fresh:
            break
    return list(zip((t for t, _ in results), out, strict=True))
