"""A result the answer works out in writing, right after "=": "2 × 96 € + 48 € = 240 €",
"3 × 12,50 € − 5 € = 32,50 €", "20 km × 0,30 € plus 7 km × 0,38 € = 8,66 €"; or right before
its working in brackets: "25,00 € für den Bus (1.150 € geteilt durch 46)".

The figures and signs before the "=" (back to the sentence's start, a colon or a bracket), or
all within the brackets, are evaluated as written, products before sums. Only the arithmetic
is checked here: each figure of the expression is checked on its own like any other, and no
result written out serves as an operand of another derivation (it would derive an invented
operand of its own back)."""

from __future__ import annotations

import re
from decimal import Decimal, DivisionByZero, InvalidOperation, localcontext

from verifier.checks.citations import Sentences
from verifier.checks.columnruns import figure_value
from verifier.checks.figurewords import half_unit
from verifier.checks.grounding import Verdict, hedged
from verifier.checks.readings import Token

_EQUALS = re.compile(r"[ \u00a0]*(?:=|≈)[ \u00a0]*(?:[€$£][ \u00a0]?)?\Z")
# One figure with its currency or unit, then a sign or the end: "2 ×", "96 € +", "48 €".
_TERM = re.compile(
    r"[ \u00a0]*(?:[€$£][ \u00a0]?)?(?P<num>[0-9](?:[0-9]|[.,'](?=[0-9]))*)"
    r"(?:[ \u00a0]?(?:%|[€$£]|[^\W\d_]{1,14}\.?))?[ \u00a0]*"
    r"(?:(?P<op>[×x*·/÷+−-]|(?i:plus|minus|mal|times|geteilt durch|divided by)\b)|\Z)",
)
# Signs written as words: "20 km × 0,30 € plus 7 km × 0,38 € = 8,66 €".
_WORD_SIGNS = {
    "plus": "+",
    "minus": "−",
    "mal": "×",
    "times": "×",
    "geteilt durch": "/",
    "divided by": "/",
}
# The working in brackets a few words after a result: "25,00 € für den Bus (1.150 € …)".
# A day and month alone in brackets: "(12/3)", "(12.3.)".
_DATE_LIKE = re.compile(r"[0-9]{1,2}(?:/[0-9]{1,2}|\.[0-9]{1,2}\.)")
_WORKING = re.compile(r"[^\d()\[\].!?;\n]{0,40}\(([^()\n]{3,120})\)")
_OPENS = re.compile(r"[:(\[;]|(?<=[.!?])\s")
# A factor 100 multiplied in last, before "=" or a closing bracket.
_PER_HUNDRED = re.compile(r"[ \u00a0]?[×x*·][ \u00a0]?")
_ENDS_TERMS = re.compile(r"[ \u00a0]*(?:%[ \u00a0]*)?(?:=|≈|\))")
_MAX_TERMS = 12


def _evaluate(terms: list[tuple[Decimal, str]]) -> Decimal:
    """The value of figures joined by signs (each figure with the sign before it)."""
    total, product = Decimal(0), Decimal(0)
    for value, sign in terms:
        if sign in "×x*·":
            product *= value
        elif sign in "/÷":
            product /= value
        else:
            total += product
            product = -value if sign in "−-" else value
    return total + product


class Expressions:
    """The results of the arithmetic an answer writes out."""

    def __init__(self, sentences: Sentences) -> None:
        self.text = sentences.text
        self._sentences = sentences
        self._excerpts: dict[int, frozenset[int]] = {}  # by where a figure starts

    def learn(self, done: list[tuple[Token, Verdict]]) -> None:
        """Take where the grounded and derived figures stand, for their excerpts."""
        self._excerpts = {t.start: v.excerpts for t, v in done}

    def derive(self, tok: Token) -> Verdict | None:
        """The written expression an ungrounded figure after "=" is the value of, or None."""
        r = tok.readings[0]
        if r.value == "100" and _PER_HUNDRED.fullmatch(self.text, max(0, tok.start - 3), tok.start):
            if _ENDS_TERMS.match(self.text, tok.end):
                # "41.40 ÷ 652 × 100 ≈ 6.35": the factor of a percentage or a rate per 100.
                return Verdict("derived", r, frozenset(), "per_hundred", ("100", ""))
        if r.num is None:
            return None
        equals = _EQUALS.search(self.text, max(0, tok.start - 8), tok.start)
        if equals is None:
            return self._worked_after(tok)
        start = self._sentences.span_at(tok.start)[0]
        opened = [m.end() for m in _OPENS.finditer(self.text, start, equals.start())]
        at = opened[-1] if opened else start
        terms: list[tuple[Decimal, str]] = []
        written: list[str] = []
        excerpts: frozenset[int] = frozenset()
        sign = "+"
        while at < equals.start() and len(terms) < _MAX_TERMS:
            m = _TERM.match(self.text, at, equals.start())
            value = figure_value(m.group("num")) if m else None
            if m is None or value is None:
                # Words before the expression ("Einzeln würdet ihr 2 × ..."): start anew after.
                terms, written, excerpts, sign = [], [], frozenset(), "+"
                at = self.text.find(" ", at, equals.start()) + 1 or equals.start()
                continue
            if "%" in m.group():
                return None  # "200 € − 10 % = 190 €": a share is no term to add
            sign, excerpts = self._term(m, value, sign, (terms, written), excerpts)
            at = m.end()
        return self._worked_out(tok, terms, written, excerpts)

    def _term(
        self,
        m: re.Match[str],
        value: Decimal,
        sign: str,
        into: tuple[list[tuple[Decimal, str]], list[str]],
        excerpts: frozenset[int],
    ) -> tuple[str, frozenset[int]]:
        """Add a term to the expression read so far; the sign after it and the excerpts."""
        into[0].append((value, sign))
        into[1].append(m.group("num"))
        op = m.group("op") or "+"
        return _WORD_SIGNS.get(op.lower(), op), excerpts | self._excerpts.get(
            m.start("num"), frozenset()
        )

    def _worked_after(self, tok: Token) -> Verdict | None:
        """The working in brackets right after the figure, if it gives the figure: every
        term of it a figure, joined by signs."""
        r = tok.readings[0]
        working = _WORKING.match(self.text, tok.end)
        if working is None or _DATE_LIKE.fullmatch(working[1].strip()):
            return None  # "(12/3)" is a date, no division ("(1/2 × 80 €)" works out)
        at, end = working.span(1)
        terms: list[tuple[Decimal, str]] = []
        written: list[str] = []
        excerpts: frozenset[int] = frozenset()
        sign = "+"
        while at < end and len(terms) < _MAX_TERMS:
            m = _TERM.match(self.text, at, end)
            value = figure_value(m.group("num")) if m else None
            if m is None or value is None or "%" in m.group():
                return None
            sign, excerpts = self._term(m, value, sign, (terms, written), excerpts)
            at = m.end()
        if at < end:
            return None
        # Unlike after "=", a whole figure before its working is its exact value, unless a
        # word says it is not: "61 € pro Monat (734 € / 12)" is 61,17 €.
        return self._worked_out(tok, terms, written, excerpts, whole=not r.places)

    def _worked_out(
        self,
        tok: Token,
        terms: list[tuple[Decimal, str]],
        written: list[str],
        excerpts: frozenset[int],
        whole: bool = False,
    ) -> Verdict | None:
        """The derivation, if the terms give the figure (within its rounding, or exactly for
        a whole figure that no word says is rounded)."""
        r = tok.readings[0]
        if len(terms) < 2 or r.num is None:
            return None
        with localcontext() as ctx:
            ctx.prec = 40
            try:
                value = _evaluate(terms)
            except (DivisionByZero, InvalidOperation):
                return None
        about = hedged(self.text, tok.start)
        half = half_unit(self.text, tok, about) * (1 + 1e-9)
        if whole and not about and value != value.to_integral_value():
            return None
        if abs(float(value) - float(r.num)) > half:
            return None
        return Verdict("derived", r, excerpts, "expression", (written[0], written[-1]))
