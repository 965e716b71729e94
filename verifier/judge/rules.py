"""Code decides, not the model's last word: quotes are checked and the claim list binds."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from difflib import SequenceMatcher
from typing import Literal

from pydantic import BaseModel

from verifier.checks.models import SourceText
from verifier.judge.schema import JudgeOutput

CheckedStatus = Literal["supported", "missing", "contradicted", "unverified", "unfounded"]
# Share of a quote's characters that must match, in order, to tolerate OCR noise.
FUZZY_MATCH = 0.9
_FOLD = str.maketrans(
    {
        "“": '"',
        "”": '"',
        "„": '"',
        "«": '"',
        "»": '"',
        "‘": "'",
        "’": "'",
        "‚": "'",
        "–": "-",
        "—": "-",
        "\u00ad": None,
    }
)
_ELLIPSIS = re.compile(r"\s*(?:\.\.\.|…|\[\.\.\.\])\s*")


def fold(text: str) -> str:
    """Compare quotes with case, whitespace, quote marks and dashes folded."""
    text = unicodedata.normalize("NFKC", text).translate(_FOLD).casefold()
    return " ".join(text.split())


def _part_in(part: str, text: str) -> bool:
    if part in text:
        return True
    if len(part) < 12:
        return False  # too short to tell noise from a different word
    # Noise may blur letters, never figures: every number of the quote must stand as written.
    for digits in re.findall(r"\d+", part):
        if not re.search(rf"(?<!\d){digits}(?!\d)", text):
            return False
    matcher = SequenceMatcher(None, text, part, autojunk=False)
    blocks = [b for b in matcher.get_matching_blocks() if b.size]
    if not blocks:
        return False
    matched = sum(b.size for b in blocks)
    spread = blocks[-1].a + blocks[-1].size - blocks[0].a
    return matched >= FUZZY_MATCH * len(part) and spread <= 1.2 * len(part) + 2


def quote_in(quote: str, text: str) -> bool:
    """Whether the quote stands in the text; '...' may join parts that stand in order."""
    folded = fold(text)
    parts = [fold(p) for p in _ELLIPSIS.split(quote) if fold(p)]
    if not parts:
        return False
    return all(_part_in(part, folded) for part in parts)


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
    """The judge stage's outcome once code has had its say."""

    verdict: Literal["ok", "objection"]
    model_verdict: str
    overruled: bool
    claims: list[CheckedClaim]
    objections: list[CheckedObjection]


def _quoted(quote: str | None, excerpt: int | None, sources: dict[int, str]) -> bool:
    if not quote:
        return False
    if excerpt is not None:
        return excerpt in sources and quote_in(quote, sources[excerpt])
    return any(quote_in(quote, text) for text in sources.values())


def decide(output: JudgeOutput, excerpts: Sequence[SourceText]) -> Decision:
    """Check every quote and let the claim list overrule a final 'ok' that contradicts it."""
    sources = {e.n: e.text for e in excerpts}
    claims = []
    for claim in output.claims:
        status: CheckedStatus = claim.status
        proven = _quoted(claim.quote, claim.excerpt, sources)
        if claim.status == "supported" and not proven:
            status = "unverified"
        elif claim.status == "contradicted" and not proven:
            status = "unfounded"
        claims.append(
            CheckedClaim(
                claim=claim.claim,
                type=claim.type,
                status=status,
                model_status=claim.status,
                excerpt=claim.excerpt,
                quote=claim.quote,
            )
        )
    objections = [
        CheckedObjection(
            claim=o.claim,
            excerpt=o.excerpt,
            quote=o.quote,
            reason=o.reason,
            founded=_quoted(o.quote, o.excerpt, sources),
        )
        for o in output.objections
    ]
    against = any(c.status in ("missing", "contradicted") for c in claims) or any(
        o.founded for o in objections
    )
    verdict: Literal["ok", "objection"] = "objection" if against else "ok"
    return Decision(
        verdict=verdict,
        model_verdict=output.verdict,
        overruled=output.verdict == "ok" and against,
        claims=claims,
        objections=objections,
    )


def locate(claim: str, answer: str) -> tuple[int, int] | None:
    """Where the claim's words stand in the answer, if they do verbatim (case folded)."""
    words = claim.strip()
    match = re.search(re.escape(words), answer, re.IGNORECASE) if words else None
    return (match.start(), match.end()) if match else None
