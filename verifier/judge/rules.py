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


# A figure as written: digits with their decimal and group marks, and a sign where one stands
# before it (not the hyphen of "2019-2020"). Two quotes of one figure must agree in all of it.
_FIGURE = re.compile(r"(?:(?<![\w.,])[-+−])?\d+(?:[.,]\d+)*")


def _cuts_figure(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] begins or ends inside a figure of the text: "50" in "150",
    "5,2" in "15,25" or "-5,2", "5" in "1,5", "500" in "1 500"."""
    before, after = text[max(0, start - 2) : start], text[end : end + 2]
    head = text[start : start + 1]
    tail = text[end - 1 : end] if end > start else ""
    if head.isdigit() and (
        before[-1:].isdigit()
        or (before[-1:] in (".", ",") and before[:1].isdigit())
        or (before[-1:] in ("-", "+", "−") and not before[:1].isalnum())
        or (before[-1:] == " " and before[:1].isdigit() and _group_at(text, start))
    ):
        return True
    return tail.isdigit() and (
        after[:1].isdigit()
        or (after[:1] in (".", ",") and after[1:2].isdigit())
        or (after[:1] == " " and _group_at(text, end + 1))
    )


def _group_at(text: str, start: int) -> bool:
    """Whether a group of three digits of a space-grouped figure starts at start ("1 500")."""
    group = text[start : start + 4]
    return len(group) >= 3 and group[:3].isdigit() and not group[3:].isdigit()


def _exact_at(part: str, text: str, pos: int) -> int | None:
    """The end of the first occurrence of part in text from pos that cuts no figure."""
    start = text.find(part, pos)
    while start >= 0:
        if not _cuts_figure(text, start, start + len(part)):
            return start + len(part)
        start = text.find(part, start + 1)
    return None


def _fuzzy_at(part: str, text: str, pos: int) -> int | None:
    """The end of a near match of part in text from pos: nearly all its characters in order
    and close together, and its figures exactly those of the matched stretch."""
    if len(part) < 12:
        return None  # too short to tell noise from a different word
    matcher = SequenceMatcher(None, text[pos:], part, autojunk=False)
    blocks = [b for b in matcher.get_matching_blocks() if b.size]
    if not blocks:
        return None
    start, end = pos + blocks[0].a, pos + blocks[-1].a + blocks[-1].size
    if sum(b.size for b in blocks) < FUZZY_MATCH * len(part) or end - start > 1.2 * len(part) + 2:
        return None
    # Noise may blur letters, never figures: every figure the stretch touches must be one of
    # the quote's, in its order, sign and marks included ("14" is no "41", "-5,2" no "+5,2").
    near = _FIGURE.finditer(text, max(0, start - 40), min(len(text), end + 40))
    touched = [m.group() for m in near if m.end() > start and m.start() < end]
    return end if touched == _FIGURE.findall(part) else None


def quote_in(quote: str, text: str) -> bool:
    """Whether the quote stands in the text; '...' may join parts that stand in this order."""
    folded = fold(text)
    parts = [fold(p) for p in _ELLIPSIS.split(quote) if fold(p)]
    if not parts:
        return False
    pos = 0
    for part in parts:
        end = _exact_at(part, folded, pos)
        if end is None:
            end = _fuzzy_at(part, folded, pos)
        if end is None:
            return False
        pos = end
    return True


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
