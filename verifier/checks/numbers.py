"""Deterministic number check: every number of the answer must stand in an excerpt or the question.

Numbers are compared by value across German and English notation (30,47 = 30.47,
9.351 = 9,351, 1.234,56 = 1,234.56, 90 € = 90,00 EUR), dates across their written forms, and
times by the clock. Rounded figures count when they keep the magnitude (177 for 177,44), and a
date's day grounds only a day (grounding.py); what the answer computes from its grounded
figures (a sum, a difference, a list's total, a product, a quotient, a share) is derived
(arithmetic.py). Identifiers with digits (bge-m3, DE89 …, Art.-Nr. 4711-0815) must recur
as written (identifiers.py); counts in which the answer describes itself are checked against
the answer (selfref.py). Numbers the answer spells out are compared where an excerpt holds them.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from functools import cache

from verifier.checks.arithmetic import Arithmetic
from verifier.checks.binding import Binding
from verifier.checks.citations import Sentences
from verifier.checks.columns import Columns
from verifier.checks.counts import Counts
from verifier.checks.currencies import wrong_currency_finding
from verifier.checks.derivers import Shared, derive_all
from verifier.checks.digitchains import DIGIT_CHAIN, DIGIT_RUN, join_area_codes
from verifier.checks.factors import Factors
from verifier.checks.grounding import Verdict, ground, ground_part, range_days
from verifier.checks.headedtables import HeadedTables
from verifier.checks.ibans import broken_iban
from verifier.checks.identifiers import Ident, find_identifiers, widened
from verifier.checks.labels import Labels
from verifier.checks.models import FLAGGING, NumberFinding, NumberStage, SourceText
from verifier.checks.nightcount import wrong_nights
from verifier.checks.numbermessages import number_finding
from verifier.checks.numparse import tokenize
from verifier.checks.numwords import Spelled, spelled_halves, spelled_numbers
from verifier.checks.readings import Reading, Token, number
from verifier.checks.selfref import announced_lists, counts_words
from verifier.checks.sourceindex import SourceIndex
from verifier.checks.spokenspans import wrong_spoken_spans
from verifier.checks.today import today_in
from verifier.checks.unnamed import stated_rate
from verifier.checks.weekdays import excerpt_weekdays, wrong_weekdays
from verifier.checks.wrongcolumns import HeadedColumns
from verifier.checks.wronglines import apart, wrong_chain_finding, wrong_line_finding
from verifier.checks.wrongrows import WrongRows
from verifier.checks.wrongunits import wrong_unit_finding

# Day, month and year in dots: its groups mean something, so it is never regrouped like a
# phone number (the invalid 0.1.2000 is not 01.01.2000 with other dots).
_DATE_SHAPED = re.compile(r"(?:[0-2]?[0-9]|3[01])\.(?:0?[0-9]|1[0-2])\.(?:[0-9]{2}|[0-9]{4})")
# A number the answer spells out that no excerpt holds is flagged from thirteen on: a compound
# ("zweiunddreißig", "Thirty-one") is a count somebody chose, while "two" or "seven" often
# describes the answer itself or speaks loosely. FLAG_ABSENT_WORDS flags every one. Bare
# "hundred" or "Millionen" count nothing. Measured on the catalogs: see README.
FLAG_ABSENT_WORDS = False
ABSENT_WORDS_FLAGGED_FROM = 13
_LOOSE_AFTER = re.compile(
    r"-(?:something|odd|ish)\b|[ \u00a0]+(?:or so|oder so|odd|Uhr|o['’]clock)\b", re.I
)
_BARE_SCALES = frozenset({100, 1000, 10**6, 10**9, 10**12})
_MIN_CHAIN = 6  # shorter digit strings coincide too easily across differently grouped ids
# Regrouped ids are few in a real answer; these bounds keep junk input from scanning forever.
_MAX_CHAIN_LOOKUPS = 32
_MAX_IDENTS = 32  # identifiers looked up as such; any more are left to the number check


def _flags_absent(sp: Spelled, answer: str) -> bool:
    """Whether a number the answer spells out is flagged when no excerpt holds it: from
    ABSENT_WORDS_FLAGGED_FROM on (every one with FLAG_ABSENT_WORDS), but not an ordinal ("the
    twenty-first century"), a rough count ("twenty-something", "forty or so") or an hour
    ("fünfzehn Uhr"), which are no counts to be found as such."""
    if FLAG_ABSENT_WORDS:
        return True
    if not sp.cardinal or _LOOSE_AFTER.match(answer, sp.end):
        return False
    return sp.value >= ABSENT_WORDS_FLAGGED_FROM and sp.value not in _BARE_SCALES


class _Answer:
    """The answer's digit chains and grounded figures, for the fallbacks after direct lookup."""

    def __init__(self, answer: str) -> None:
        self.text = answer
        self._chains: list[tuple[int, int, tuple[str, ...]]] = []
        # The same length, so that spans stay: "(0251) 482" reads as " 0251- 482".
        joined = join_area_codes(answer)
        for m in DIGIT_CHAIN.finditer(joined):
            groups = DIGIT_RUN.findall(m.group())
            digits: tuple[str, ...] = ("".join(groups),)
            if answer[m.start() - 1 : m.start()] == "+" and len(groups) > 1:
                # +49 251 … is the national 0251 …: the country code stands for the leading 0;
                # North America's +1 207 … is (207) …, which has none.
                trunk = "" if groups[0] == "1" else "0"
                digits += (trunk + "".join(groups[1:]),)
            self._chains.append((m.start(), m.end(), digits))
        self._chain_starts = [c[0] for c in self._chains]
        self._lookups: dict[str, set[int]] = {}

    def chainground(self, tok: Token, src: SourceIndex) -> Verdict | None:
        """Ground an identifier whose digit grouping differs from the excerpt's (phone, IBAN)."""
        if any(r.key[0] not in ("n", "y") or "." in r.value or r.scale for r in tok.readings):
            return None  # no chain: a fraction, a date, or a scaled figure ("2024 15 Mio.")
        own = "".join(DIGIT_RUN.findall(self.text[tok.start : tok.end]))
        i = bisect_right(self._chain_starts, tok.start) - 1
        around = self._chains[i][2] if i >= 0 and tok.end <= self._chains[i][1] else ()
        for ds in (own, *around):
            if len(ds) < _MIN_CHAIN:
                continue
            if ds not in self._lookups and len(self._lookups) < _MAX_CHAIN_LOOKUPS:
                self._lookups[ds] = src.chain(ds)
            ns = self._lookups.get(ds)
            if ns:
                return Verdict("grounded", tok.readings[0], frozenset(ns))
        return None


def _identify(
    ident: Ident, inside: list[Token], ans: _Answer, src: SourceIndex, quest: SourceIndex
) -> NumberFinding | None:
    """The finding of an identifier: its runs in a row in an excerpt, its digits regrouped
    (an IBAN written in blocks), or in the question; None for a unit power (m2, cm3)."""
    if not ident.key:
        return None
    r = Reading(("id",), ident.key.strip())
    held = src.runs.holding(ident) or src.runs.quarter(ident)
    if not held and ident.regroup and not _DATE_SHAPED.fullmatch(ans.text, ident.start, ident.end):
        # Every digit group of it, regrouped, in one excerpt: one group that stands there
        # (482917 of 0231/482917-0) holds no other area code or extension.
        grounds = [ans.chainground(t, src) for t in inside]
        if grounds and all(grounds):
            held = set(frozenset.intersection(*(v.excerpts for v in grounds if v)))
    text = ans.text[ident.start : ident.end]
    if broken_iban(ans.text, ident.start, ident.end):
        copied = src.ibans(text)
        if not copied:
            # A truncated IBAN is held by its excerpt block by block; none is made up by chance.
            return number_finding(ans.text, ident.start, ident.end, None, r, ident=True).model_copy(
                update={
                    "status": "invalid_iban",
                    "message_en": f'The IBAN "{text}" is not valid: a block is missing or a '
                    "digit is wrong (its length or check digits do not fit).",
                    "message_de": f"Die IBAN „{text}“ ist ungültig: ein Block fehlt oder eine "
                    "Ziffer stimmt nicht (Länge oder Prüfziffer passen nicht).",
                }
            )
        # One an excerpt writes whole, with the same wrong digits, the answer copied: it is
        # faithful to its source, which is all the check asks.
        held = set(held) | set(copied)
    v = None
    if held:
        v = Verdict("grounded", r, frozenset(held))
    elif quest.runs.holding(ident) or quest.runs.quarter(ident):
        v = Verdict("from_question", r, frozenset())
    return number_finding(ans.text, ident.start, ident.end, v, r, ident=True)


def check_numbers(question: str, answer: str, excerpts: Sequence[SourceText]) -> NumberStage:
    """Check every number, date, time and identifier of the answer against the excerpts and the
    question, and every count that announces a list of the answer against that list."""
    src = SourceIndex([(e.n, e.checked_text) for e in excerpts], lazy=True)
    quest = SourceIndex([(0, question)])
    ans = _Answer(answer)
    lists = {(a.start, a.end): a for a in announced_lists(answer)}
    findings = [a.finding(answer) for a in lists.values() if a.announced != a.items]
    tokens = [
        t
        for t in tokenize(answer, strict=True)
        if (t.start, t.end) not in lists and not counts_words(answer, t.end)
    ]
    starts = [t.start for t in tokens]
    taken: set[int] = set()
    chains: list[NumberFinding] = []  # the identifiers' findings
    for ident in find_identifiers(answer)[:_MAX_IDENTS]:
        # The tokens inside the identifier, unless one reaches out of it, or a date or time
        # is in a chain of digits (in a name such as bge1-0:0 it is no time).
        lo, hi = bisect_left(starts, ident.start), bisect_left(starts, ident.end)
        inside = range(lo, hi)
        if inside and not ident.regroup and tokens[hi - 1].end > ident.end:
            ident = widened(answer, ident, tokens[hi - 1].end)
        if (
            inside
            and (not lo or tokens[lo - 1].end <= ident.start)
            and tokens[hi - 1].end <= ident.end
            and not (
                ident.regroup
                and any(r.key[0] not in ("n", "y") for i in inside for r in tokens[i].readings)
            )
        ):
            taken.update(inside)
            f = _identify(ident, [tokens[i] for i in inside], ans, src, quest)
            chains += [f] if f else []
    todo = [t for i, t in enumerate(tokens) if i not in taken]
    words = [
        sp
        for sp in spelled_numbers(answer)
        if sp.counts and (sp.start, sp.end) not in lists and not counts_words(answer, sp.end)
    ]
    worded = [Token(sp.start, sp.end, (number(str(sp.value)),)) for sp in words]
    # A count and a half in words ("anderthalb Stunden zu je 58 €") is an operand like any
    # figure, and no count an absence flags.
    halves = [Token(a, b, (number(v),)) for a, b, v in spelled_halves(answer)]
    # Index only the excerpt lines that may hold what the answer's figures look up.
    src.prepare(r for t in (*todo, *worded, *halves) for p in (t, *t.parts) for r in p.readings)
    texts = [(e.n, e.checked_text) for e in excerpts]
    findings += wrong_weekdays(
        answer,
        tokens,
        (src.years, src.event_years),
        cache(lambda month, day: excerpt_weekdays(texts, month, day)),
    )
    results: list[tuple[Token, Verdict | None]] = []
    ranged = range_days(answer, tokens)
    for tok in todo:
        v = ground(tok, answer, src, quest, tok.start in ranged)
        if v is None and tok.parts:
            # "3 100" may be two numbers rather than 3100: take the parts if all of them hold.
            part_vs = [(p, ground_part(p, src, quest)) for p in tok.parts]
            if all(pv for _, pv in part_vs):
                results.extend(part_vs)
                continue
        results.append((tok, v or ans.chainground(tok, src)))
    quiet: set[tuple[int, int]] = set()  # spelled-out numbers an absence does not flag
    for tok, sp in zip(worded, words, strict=True):
        if not _flags_absent(sp, answer):
            quiet.add((tok.start, tok.end))
        results.append((tok, ground(tok, answer, src, quest)))
    for tok in halves:
        quiet.add((tok.start, tok.end))
        results.append((tok, ground(tok, answer, src, quest)))
    sentences = Sentences(answer)  # one reading of the answer's sentences for every deriver
    findings += wrong_spoken_spans(sentences, tokens)
    binding = Binding(answer, texts)
    tables = HeadedTables(dict(texts))
    headed, rows = HeadedColumns(answer, tables), WrongRows(answer, tables)
    columns = Columns(sentences, texts, binding.excerpt, tables)
    scaled = Factors(sentences, src, texts)
    shared = Shared(columns, scaled, binding.excerpt, today_in(question))
    results = derive_all(results, sentences, src, texts, shared)
    findings += [wrong_chain_finding(binding, f) or f for f in chains]
    counts = Counts(sentences, texts)
    place = {(t.start, t.end): k for k, t in enumerate(tokens)}
    paired = {(f.start, f.end): f for f in apart(binding, results)}
    # Computed from grounded figures only: "4,99 + 3,99 = 8,98" derives 8,98, which must not
    # derive its own operand back.
    recheck = Arithmetic(sentences, lambda rate: stated_rate(src, rate))
    recheck.learn([(t, v) for t, v in results if v and v.status == "grounded"])
    labels = Labels(sentences, texts)
    nights = wrong_nights(sentences, results)
    for tok, v in results:
        if (tok.start, tok.end) in nights:
            findings.append(nights[(tok.start, tok.end)])
            continue
        if v is None and (tok.start, tok.end) in quiet:
            continue
        if (tok.start, tok.end) in paired:
            findings.append(paired[(tok.start, tok.end)])
            continue
        k = place.get((tok.start, tok.end))
        wrong = v and (
            (k is not None and wrong_line_finding(binding, tokens, k, v))
            or headed.finding(tok, v)
            or rows.finding(tok, v)
            or wrong_unit_finding(answer, tok, v, texts, src)
            or wrong_currency_finding(answer, tok, v, texts)
            or labels.swapped(tok, v)
            or counts.wrong_count(tok, v)
        )
        # A figure the answer computes may stand elsewhere by chance ("6 + 3, so 9 cans in
        # total" where 9 is another row's; "2 Eier" of a halved recipe's "4 Eier" beside "2 EL
        # Kakao"): its derivation, not that place, is its source.
        if wrong and not (
            computed := recheck.derive(tok) or columns.derive(tok) or scaled.derive(tok)
        ):
            findings.append(wrong)
            continue
        if wrong:
            v = computed
        findings.append(
            number_finding(answer, tok.start, tok.end, v, v.reading if v else tok.readings[0])
        )
    findings.sort(key=lambda f: f.start)
    flagged = any(f.status in FLAGGING for f in findings)
    return NumberStage(flagged=flagged, findings=findings)
