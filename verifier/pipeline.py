"""The verification pipeline over one case: the code stage now, the judge joins later."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from verifier.checks.citations import check_citations
from verifier.checks.models import (
    FLAGGING,
    CitationFinding,
    CitationStage,
    NumberFinding,
    SourceText,
    UrlFinding,
)
from verifier.checks.numbers import check_numbers
from verifier.checks.urls import check_urls
from verifier.judge.rules import locate
from verifier.schemas import Reason

CHECKER_VERSION = "code-17"
Finding = NumberFinding | CitationFinding | UrlFinding
# Number findings that flag, by the reason kind they become.
NUMBER_REASONS = {
    status: {"ungrounded": "ungrounded_number", "miscounted": "miscounted_list"}.get(status, status)
    for status in FLAGGING
}


# The stages verify_case fills; a verdict is code-flagged when one of them flagged.
CODE_STAGES = ("numbers", "citations", "urls")


class VerdictData(BaseModel):
    """A verdict before it is stored: the flag, the reasons and each stage's full output."""

    flagged: bool
    reasons: list[Reason]
    stages: dict[str, Any]
    checker_version: str = CHECKER_VERSION


def verify_case(
    question: str, answer: str, excerpts: Sequence[SourceText], *, fetched: bool = False
) -> VerdictData:
    """Run every code-stage check over one answer and combine them into a verdict.

    On fetched excerpts the answer's [n] markers refer to other excerpts than ours, so the
    citation check does not apply; with no excerpts at all nothing can be checked.
    """
    if not excerpts:
        nothing = {"status": "no_excerpts", "flagged": False, "findings": []}
        return VerdictData(
            flagged=False,
            reasons=[],
            stages={"numbers": nothing, "citations": nothing, "urls": nothing},
        )
    numbers = check_numbers(question, answer, excerpts)
    urls = check_urls(answer, excerpts)
    citations = check_citations(answer, excerpts, numbers, urls) if not fetched else None
    reasons = [
        _reason("numbers", NUMBER_REASONS[f.status], f, f.excerpts)
        for f in numbers.findings
        if f.status in NUMBER_REASONS
    ]
    reasons += [_reason("citations", f.kind, f, f.cited) for f in _findings(citations)]
    reasons += [
        _reason("urls", f.status, f, f.excerpts) for f in urls.findings if f.status != "known"
    ]
    reasons.sort(key=lambda r: (r.start or 0, r.stage))
    return VerdictData(
        flagged=bool(reasons),
        reasons=reasons,
        stages={
            "numbers": numbers.model_dump(),
            "citations": citations.model_dump() if citations else CITATIONS_NOT_APPLICABLE,
            "urls": urls.model_dump(),
        },
    )


CITATIONS_NOT_APPLICABLE = {
    "status": "not_applicable",
    "flagged": False,
    "findings": [],
    "reason": "judged on fetched excerpts: the answer's [n] markers name other excerpts",
}


def _findings(stage: CitationStage | None) -> list[CitationFinding]:
    return stage.findings if stage is not None else []


def _reason(stage: str, kind: str, finding: Finding, excerpts: list[int]) -> Reason:
    return Reason(
        stage=stage,
        kind=kind,
        text=finding.text,
        start=finding.start,
        end=finding.end,
        excerpts=excerpts,
        message_en=finding.message_en,
        message_de=finding.message_de,
    )


def _judge_reasons(judge: dict[str, Any], answer: str) -> list[Reason]:
    reasons = []
    for claim in judge.get("claims", []):
        if claim["status"] not in ("missing", "contradicted"):
            continue
        where = locate(claim["claim"], answer)
        excerpt = [claim["excerpt"]] if claim.get("excerpt") is not None else []
        if claim["status"] == "missing":
            en = f'The judge found no excerpt that states "{claim["claim"]}".'
            de = f"Der Prüfer fand keinen Auszug, der „{claim['claim']}“ belegt."
        else:
            en = f'The judge says "{claim["claim"]}" contradicts: "{claim["quote"]}".'
            de = f"Laut Prüfer widerspricht „{claim['claim']}“ dem Auszug: „{claim['quote']}“."
        reasons.append(
            Reason(
                stage="judge",
                kind=f"claim_{claim['status']}",
                text=claim["claim"],
                start=where[0] if where else None,
                end=where[1] if where else None,
                excerpts=excerpt,
                message_en=en,
                message_de=de,
            )
        )
    for objection in judge.get("objections", []):
        if not objection["founded"]:
            continue
        where = locate(objection["claim"], answer)
        reasons.append(
            Reason(
                stage="judge",
                kind="judge_objection",
                text=objection["claim"],
                start=where[0] if where else None,
                end=where[1] if where else None,
                excerpts=[objection["excerpt"]] if objection.get("excerpt") is not None else [],
                message_en=f'{objection["reason"]} (quoting: "{objection["quote"]}")',
                message_de=f"{objection['reason']} (Zitat: „{objection['quote']}“)",
            )
        )
    return reasons


def with_judge(code: VerdictData, judge: dict[str, Any], answer: str) -> VerdictData:
    """The code-stage verdict joined with the judge stage; either one can flag."""
    reasons = code.reasons + (_judge_reasons(judge, answer) if judge.get("flagged") else [])
    return VerdictData(
        flagged=code.flagged or bool(judge.get("flagged")),
        reasons=reasons,
        stages={**code.stages, "judge": judge},
        checker_version=code.checker_version,
    )


def sources_of(excerpts: Sequence[dict[str, Any]]) -> list[SourceText]:
    """The checks' view of excerpt dicts as posted ({n, text, title?, url?})."""
    return [
        SourceText(n=int(e["n"]), text=str(e["text"]), url=e.get("url"), title=e.get("title"))
        for e in excerpts
    ]


def titles_of(excerpts: Sequence[dict[str, Any]]) -> dict[int, str]:
    """Excerpt titles by number, for the judge's prompt."""
    return {int(e["n"]): str(e["title"]) for e in excerpts if e.get("title")}
