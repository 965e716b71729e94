"""Code decides, not the model's last word: quotes are checked and the claim list binds."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel

from verifier.checks.models import SourceText
from verifier.judge.quotes import (
    Folded,
    figures_held,
    names_held,
    quote_in,
    quote_parts,
    stands_in,
)
from verifier.judge.schema import ClaimOut, JudgeOutput

CheckedStatus = Literal["supported", "missing", "contradicted", "unverified", "unfounded"]
# What a quote that flags must hold at least: a "m" or an "e" stands in any excerpt.
_SUBSTANCE = re.compile(r"\w\w")
_MIN_FLAGGING_QUOTE = 4


class CheckedClaim(BaseModel):
    """A claim after code checked its quote."""

    claim: str
    type: str
    status: CheckedStatus
    model_status: str
    excerpt: int | None
    quote: str | None


class CheckedObjection(BaseModel):
    """An objection after code checked its quote; unfounded ones do not flag."""

    claim: str
    excerpt: int | None
    quote: str
    reason: str
    founded: bool


class Decision(BaseModel):
    """The judge stage's outcome once code has had its say: "unverified" when the model's
    proof does not hold and nothing proven stands against the answer (no ruling, no flag)."""

    verdict: Literal["ok", "objection", "unverified"]
    model_verdict: str
    overruled: bool
    reason: str | None = None
    claims: list[CheckedClaim]
    objections: list[CheckedObjection]


def _texts(excerpt: int | None, sources: dict[int, Folded]) -> list[Folded]:
    """The excerpt a quote names, or all of them when it names none."""
    if excerpt is None:
        return list(sources.values())
    return [sources[excerpt]] if excerpt in sources else []


def _founds(quote: str | None, excerpt: int | None, sources: dict[int, Folded]) -> bool:
    """Whether a quote may found a flag: it stands as written in the excerpt it names and
    says something (not one letter that stands anywhere)."""
    if not quote:
        return False
    said = " ".join(quote_parts(quote))
    if len(said) < _MIN_FLAGGING_QUOTE or not _SUBSTANCE.search(said):
        return False
    return any(quote_in(quote, text, exact=True) for text in _texts(excerpt, sources))


def _supports(claim: ClaimOut, sources: dict[int, Folded]) -> bool:
    """Whether the claim's quote proves it: the quote stands in the excerpt it names (letter
    noise tolerated) and holds the claim's figures, and for a name the name."""
    if not claim.quote or not figures_held(claim.claim, claim.quote):
        return False
    if claim.type == "name" and not names_held(claim.claim, claim.quote):
        return False
    return any(quote_in(claim.quote, text) for text in _texts(claim.excerpt, sources))


def _check(claim: ClaimOut, sources: dict[int, Folded]) -> CheckedClaim:
    status: CheckedStatus = claim.status
    if claim.status == "supported" and not _supports(claim, sources):
        status = "unverified"
    elif claim.status == "contradicted" and not _founds(claim.quote, claim.excerpt, sources):
        status = "unfounded"
    elif claim.status == "missing" and any(stands_in(claim.claim, t) for t in sources.values()):
        status = "unfounded"  # missing, said the model, of words an excerpt holds verbatim
    return CheckedClaim(
        claim=claim.claim,
        type=claim.type,
        status=status,
        model_status=claim.status,
        excerpt=claim.excerpt,
        quote=claim.quote,
    )


def _unproven(
    output: JudgeOutput,
    claims: list[CheckedClaim],
    objections: list[CheckedObjection],
    answer: str,
) -> str | None:
    """Why the model's proof does not hold, or None when it does."""
    why = []
    if unverified := sum(c.status == "unverified" for c in claims):
        why.append(f"{unverified} claim(s) called supported without a quote that holds them")
    if unfounded := sum(c.status == "unfounded" for c in claims):
        why.append(
            f"{unfounded} claim(s) called contradicted without a quote that shows it, or "
            "missing though an excerpt holds their words"
        )
    if baseless := sum(not o.founded for o in objections):
        why.append(f"{baseless} objection(s) without a quote that shows them")
    if output.verdict == "objection" and not why:
        why.append("the model objected without naming what")
    if not claims and any(c.isdigit() for c in answer):
        why.append("no claim listed, though the answer states figures")
    return "; ".join(why) or None


def decide(output: JudgeOutput, excerpts: Sequence[SourceText], answer: str = "") -> Decision:
    """Check every quote and let the claim list overrule a final 'ok' that contradicts it; a
    proof that does not hold is "unverified", never "ok"."""
    sources = {e.n: Folded.of(e.text) for e in excerpts}  # folded once for every quote
    claims = [_check(claim, sources) for claim in output.claims]
    objections = [
        CheckedObjection(
            claim=o.claim,
            excerpt=o.excerpt,
            quote=o.quote,
            reason=o.reason,
            founded=_founds(o.quote, o.excerpt, sources),
        )
        for o in output.objections
    ]
    against = any(c.status in ("missing", "contradicted") for c in claims) or any(
        o.founded for o in objections
    )
    unproven = None if against else _unproven(output, claims, objections, answer)
    verdict = "objection" if against else "unverified" if unproven else "ok"
    return Decision(
        verdict=verdict,
        model_verdict=output.verdict,
        overruled=output.verdict == "ok" and against,
        reason=f"the judge's proof does not hold: {unproven}" if unproven else None,
        claims=claims,
        objections=objections,
    )


def locate(claim: str, answer: str) -> tuple[int, int] | None:
    """Where the claim's words stand in the answer, if they do verbatim (case folded)."""
    words = claim.strip()
    match = re.search(re.escape(words), answer, re.IGNORECASE) if words else None
    return (match.start(), match.end()) if match else None
