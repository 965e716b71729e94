"""The worker's use case: store the answer, the code stage at once, then the judge's verdict."""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy.exc import IntegrityError

from verifier.db import SessionMaker, unit_of_work
from verifier.exceptions import Conflict
from verifier.judge.stage import JudgeSettings, run_judge
from verifier.pipeline import VerdictData, sources_of, titles_of, verify_case, with_judge
from verifier.retrieval import RetrievalFailed, RetrievalSettings, fetch_excerpts
from verifier.store import repository

log = logging.getLogger(__name__)

JUDGE_PENDING = {"status": "pending", "flagged": False, "reason": "the judge is still working"}
JUDGE_DISABLED = {
    "status": "disabled",
    "flagged": False,
    "reason": "the judge stage is switched off (VERIFIER_JUDGE_ENABLED=false)",
}


async def _store_answer(
    sessionmaker: SessionMaker,
    answer_id: str,
    tenant: str,
    submission: dict[str, Any],
    received_at: str,
) -> bool:
    """Insert the answer unless it is there; False when its verdict is already final."""
    try:
        async with unit_of_work(sessionmaker) as session:
            answer = await repository.get_answer(session, answer_id)
            if answer is not None:
                return answer.status != "done"
            await repository.add_answer(
                session,
                answer_id=answer_id,
                tenant=tenant,
                submission=submission,
                received_at=datetime.fromisoformat(received_at),
                status="running",
            )
    except IntegrityError as exc:
        async with unit_of_work(sessionmaker) as session:
            if await repository.get_answer(session, answer_id) is None:
                # Not a concurrent run of this job: the external id belongs to another answer.
                raise Conflict(f"external_id already used by another answer: {exc.orig}") from exc
    return True


async def _save_verdict(
    sessionmaker: SessionMaker, answer_id: str, verdict: VerdictData, *, final: bool
) -> None:
    """Insert or update the answer's one verdict and set the answer's status."""
    for _ in range(2):
        try:
            async with unit_of_work(sessionmaker) as session:
                answer = await repository.get_answer(session, answer_id)
                assert answer is not None, "the answer is stored before its verdict"
                await repository.upsert_verdict(
                    session,
                    answer_id=answer_id,
                    flagged=verdict.flagged,
                    reasons=[r.model_dump() for r in verdict.reasons],
                    stages=verdict.stages,
                    checker_version=verdict.checker_version,
                )
                await repository.set_answer_status(session, answer, "done" if final else "running")
            return
        except IntegrityError:
            # A concurrent delivery inserted the verdict first; update that one instead.
            log.info("verdict inserted concurrently; updating it", extra={"answer_id": answer_id})
    raise RuntimeError(f"could not store the verdict of {answer_id}")


async def _mark_failed(sessionmaker: SessionMaker, answer_id: str, error: str) -> None:
    async with unit_of_work(sessionmaker) as session:
        answer = await repository.get_answer(session, answer_id)
        assert answer is not None
        await repository.set_answer_status(session, answer, "failed", error)


async def _with_excerpts(
    retrieval: RetrievalSettings | None, submission: dict[str, Any]
) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The submission with excerpts fetched when it came without; and how they were got."""
    if submission["excerpts"]:
        return submission, None
    if retrieval is None:
        return submission, {"status": "no_endpoint", "reason": "no retrieval endpoint configured"}
    excerpts = await fetch_excerpts(retrieval, submission["question"], submission["answer"])
    note = {"status": "fetched", "url": retrieval.url, "count": len(excerpts)}
    return {**submission, "excerpts": excerpts}, note


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a verification ended, with what the monitors count."""

    status: str
    verdict: VerdictData | None = None
    excerpts: list[dict[str, Any]] = field(default_factory=list)
    code_s: float = 0.0
    judge_s: float | None = None


async def process_submission(
    sessionmaker: SessionMaker,
    judge: JudgeSettings | None,
    answer_id: str,
    tenant: str,
    submission: dict[str, Any],
    received_at: str,
    retrieval: RetrievalSettings | None = None,
) -> Outcome:
    """Verify one submission end to end; the outcome carries the answer's final status."""
    try:
        submission, retrieved = await _with_excerpts(retrieval, submission)
    except RetrievalFailed as exc:
        submission, retrieved = submission, {"status": "failed", "reason": str(exc)}
    if not await _store_answer(sessionmaker, answer_id, tenant, submission, received_at):
        return Outcome("done")  # a redelivered job: the verdict is already final
    sources = sources_of(submission["excerpts"])
    started = time.perf_counter()
    try:
        code = await asyncio.to_thread(
            verify_case,
            submission["question"],
            submission["answer"],
            sources,
            fetched=retrieved is not None,
        )
    except Exception as exc:
        log.exception("checks crashed", extra={"answer_id": answer_id})
        await _mark_failed(sessionmaker, answer_id, f"checks crashed: {exc!r}")
        return Outcome("failed")
    code_s = time.perf_counter() - started
    if retrieved is not None:
        code.stages["retrieval"] = retrieved
    if judge is None:
        final = with_judge(code, JUDGE_DISABLED, "")
        await _save_verdict(sessionmaker, answer_id, final, final=True)
        return Outcome("done", final, submission["excerpts"], code_s)
    # The code stage lands at once; a slow or dead judge must not hold it back.
    await _save_verdict(sessionmaker, answer_id, with_judge(code, JUDGE_PENDING, ""), final=False)
    started = time.perf_counter()
    stage = await run_judge(
        judge,
        submission["question"],
        submission["answer"],
        sources,
        titles_of(submission["excerpts"]),
        submission.get("answer_model"),
    )
    if retrieved is not None:
        stage["judged_on"] = "fetched_excerpts" if sources else "nothing"
    judge_s = time.perf_counter() - started
    final = with_judge(code, stage, submission["answer"])
    await _save_verdict(sessionmaker, answer_id, final, final=True)
    return Outcome("done", final, submission["excerpts"], code_s, judge_s)
