"""The worker's queries: an answer and its verdict, written with as few statements as it takes.

Core statements on the mapped tables rather than ORM objects: the worker writes every answer
once and reads nothing back, so the unit of work's identity map and flush planning are pure
cost (bench/README.md, `worker`: the ORM path cost about twice the CPU per answer). Each
statement is built once, with bound parameters: SQLAlchemy keys its cache of compiled SQL
by walking the statement, and a statement object built anew per call is walked every time
(260 instead of 145 µs of CPU an execute on PostgreSQL).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, bindparam, delete, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from verifier.pipeline import CODE_STAGES
from verifier.store.models import Answer, Excerpt, Finding, Verdict

# Once an answer is done or failed, a redelivered job changes nothing (a failed answer moved
# back to 'running' by its code-stage job would wait for a judge job that never comes).
FINAL_STATUSES = ("done", "failed")
_ANSWERS = cast(Table, Answer.__table__)
_EXCERPTS = cast(Table, Excerpt.__table__)
_VERDICTS = cast(Table, Verdict.__table__)
_FINDINGS = cast(Table, Finding.__table__)

_STATUS = select(_ANSWERS.c.status).where(_ANSWERS.c.id == bindparam("b_id"))
_INSERT_ANSWER = insert(_ANSWERS)
_INSERT_EXCERPTS = insert(_EXCERPTS)
_MOVE_ANSWER = (
    update(_ANSWERS)
    .where(_ANSWERS.c.id == bindparam("b_id"), _ANSWERS.c.status.not_in(FINAL_STATUSES))
    .values(status=bindparam("b_status"), error=bindparam("b_error"), verified_at=bindparam("b_at"))
)
_INSERT_VERDICT = insert(_VERDICTS)
_DELETE_FINDINGS = delete(_FINDINGS).where(_FINDINGS.c.answer_id == bindparam("b_answer_id"))
_INSERT_FINDINGS = insert(_FINDINGS)
_TO_JUDGE = (
    select(
        _ANSWERS.c.status,
        _ANSWERS.c.question,
        _ANSWERS.c.answer,
        _ANSWERS.c.answer_model,
        _VERDICTS.c.code_flagged,
        _VERDICTS.c.reasons,
        _VERDICTS.c.stages,
        _VERDICTS.c.checker_version,
    )
    .join(_VERDICTS, _VERDICTS.c.answer_id == _ANSWERS.c.id)
    .where(_ANSWERS.c.id == bindparam("b_id"))
)
_EXCERPTS_TO_JUDGE = (
    select(_EXCERPTS.c.n, _EXCERPTS.c.text, _EXCERPTS.c.title, _EXCERPTS.c.url)
    .where(_EXCERPTS.c.answer_id == bindparam("b_answer_id"))
    .order_by(_EXCERPTS.c.n)
)


async def answer_status(session: AsyncSession, answer_id: str) -> str | None:
    """The answer's status, or None when it is not stored."""
    result = await session.execute(_STATUS, {"b_id": answer_id})
    status: str | None = result.scalar_one_or_none()
    return status


async def insert_answer(
    session: AsyncSession,
    *,
    answer_id: str,
    tenant: str,
    submission: dict[str, Any],
    received_at: datetime,
    status: str,
    at: datetime,
    error: str | None = None,
) -> None:
    """Insert an answer and its excerpts from a validated submission, stored (and verified,
    when done) at the given time."""
    await session.execute(
        _INSERT_ANSWER,
        {
            "id": answer_id,
            "tenant": tenant,
            "external_id": submission.get("external_id"),
            "question": submission["question"],
            "answer": submission["answer"],
            "answer_model": submission.get("answer_model"),
            "conversation_id": submission.get("conversation_id"),
            "metadata": submission.get("metadata"),
            "status": status,
            "error": error,
            "received_at": received_at,
            "stored_at": at,
            "verified_at": at if status == "done" else None,
        },
    )
    excerpts = [
        {
            "answer_id": answer_id,
            "n": e["n"],
            "text": e["text"],
            "title": e.get("title"),
            "url": e.get("url"),
        }
        for e in submission["excerpts"]
    ]
    if excerpts:
        await session.execute(_INSERT_EXCERPTS, excerpts)


async def move_answer(
    session: AsyncSession, answer_id: str, status: str, at: datetime, error: str | None = None
) -> bool:
    """Set the status of a stored answer that is not final yet (and the time when it now is).

    False when no row changed: the answer is missing or already done or failed. The
    update comes first in a transaction so that, on PostgreSQL, its row lock orders
    concurrent deliveries of the same answer.
    """
    verified_at = at if status == "done" else None
    result = await session.execute(
        _MOVE_ANSWER, {"b_id": answer_id, "b_status": status, "b_error": error, "b_at": verified_at}
    )
    return bool(result.rowcount)  # type: ignore[attr-defined]


def verdict_columns(
    *, flagged: bool, reasons: list[Any], stages: dict[str, Any], checker_version: str
) -> dict[str, Any]:
    """A verdict row's values; the flat columns mirror the stages so metrics group in SQL."""
    judge = stages.get("judge", {})
    ruled = judge.get("status") in ("ok", "objection")
    return {
        "flagged": flagged,
        "code_flagged": any(bool(stages.get(name, {}).get("flagged")) for name in CODE_STAGES),
        "judge_flagged": bool(judge.get("flagged")) if ruled else None,
        "judge_status": judge.get("status"),
        "judge_model": judge.get("model"),
        "prompt_version": judge.get("prompt_version"),
        "reasons": reasons,
        "stages": stages,
        "checker_version": checker_version,
    }


# The columns verdict_columns fills, each a parameter: one statement for every judge write.
_UPDATE_VERDICT = (
    update(_VERDICTS)
    .where(_VERDICTS.c.answer_id == bindparam("b_answer_id"))
    .values(
        {
            name: bindparam(f"b_{name}")
            for name in verdict_columns(flagged=False, reasons=[], stages={}, checker_version="")
        }
    )
)


async def write_verdict(
    session: AsyncSession,
    answer_id: str,
    *,
    first: bool,
    flagged: bool,
    reasons: list[Any],
    stages: dict[str, Any],
    checker_version: str,
    at: datetime,
) -> None:
    """The answer's one verdict, inserted or replaced, and its findings by kind.

    `first` says the answer was inserted in this transaction, so nothing of it can exist yet;
    `at` is the verdict's creation time when it is new. The findings are replaced whole: what
    is stored may have changed since the caller read it (a redelivered code-stage job during
    a judge call), and they must equal this verdict's reasons.
    """
    values = verdict_columns(
        flagged=flagged, reasons=reasons, stages=stages, checker_version=checker_version
    )
    replaced = False
    if not first:
        params = {f"b_{name}": value for name, value in values.items()}
        result = await session.execute(_UPDATE_VERDICT, {"b_answer_id": answer_id, **params})
        replaced = bool(result.rowcount)  # type: ignore[attr-defined]
        await session.execute(_DELETE_FINDINGS, {"b_answer_id": answer_id})
    if not replaced:
        await session.execute(_INSERT_VERDICT, {"answer_id": answer_id, "created_at": at, **values})
    findings = [{"answer_id": answer_id, "stage": r["stage"], "kind": r["kind"]} for r in reasons]
    if findings:
        await session.execute(_INSERT_FINDINGS, findings)


@dataclass(frozen=True, slots=True)
class ToJudge:
    """What the judge needs of a stored answer, and its code-stage verdict."""

    status: str
    question: str
    answer: str
    answer_model: str | None
    excerpts: list[dict[str, Any]]
    code_flagged: bool
    reasons: list[Any]
    stages: dict[str, Any]
    checker_version: str


async def load_to_judge(session: AsyncSession, answer_id: str) -> ToJudge | None:
    """The answer with its excerpts and verdict, or None when either is not stored."""
    row = (await session.execute(_TO_JUDGE, {"b_id": answer_id})).one_or_none()
    if row is None:
        return None
    excerpts = await session.execute(_EXCERPTS_TO_JUDGE, {"b_answer_id": answer_id})
    return ToJudge(
        status=row.status,
        question=row.question,
        answer=row.answer,
        answer_model=row.answer_model,
        excerpts=[dict(e._mapping) for e in excerpts],
        code_flagged=row.code_flagged,
        reasons=row.reasons,
        stages=row.stages,
        checker_version=row.checker_version,
    )
