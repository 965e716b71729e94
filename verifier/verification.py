"""The worker's code-stage use case: store the answer with its code-stage verdict at once."""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from sqlalchemy.exc import DBAPIError, IntegrityError

from verifier.db import SessionMaker, unit_of_work
from verifier.exceptions import Conflict, DependencyUnavailable, describe
from verifier.judge.stage import JudgeSettings
from verifier.pipeline import VerdictData, sources_of, verify_case, with_judge
from verifier.retrieval import RetrievalFailed, RetrievalSettings, fetch_excerpts
from verifier.store import verification_queries as queries
from verifier.store.models import utcnow

log = logging.getLogger(__name__)

JUDGE_PENDING = {"status": "pending", "flagged": False, "reason": "the judge is still working"}
JUDGE_DISABLED = {
    "status": "disabled",
    "flagged": False,
    "reason": "the judge stage is switched off (VERIFIER_JUDGE_ENABLED=false)",
}


@dataclass(frozen=True, slots=True)
class NewAnswer:
    """What the question log needs to insert an answer it does not hold yet."""

    tenant: str
    submission: dict[str, Any]
    received_at: str


# What a store did: wrote; found the answer final ("final"), or, asked to keep what is
# stored, found it stored already ("kept"): nothing changed then.
Stored = Literal["stored", "final", "kept"]


async def store_verdict(
    sessionmaker: SessionMaker,
    answer_id: str,
    verdict: VerdictData | None,
    *,
    final: bool,
    new: NewAnswer | None = None,
    error: str | None = None,
    keep_stored: bool = False,
) -> Stored:
    """In one transaction: insert the answer if it is new, then its one verdict and status
    (failed, saying why, when there is no verdict or an error).

    A new answer is inserted without looking first: it is missing but for a redelivered job,
    whose failed insert sends it down the update path on the next try. With keep_stored, that
    path changes nothing (a redelivered code-stage job while the judge is at work).
    """
    status = "failed" if verdict is None or error else "done" if final else "running"
    dropped = False
    for attempt in range(3):
        try:
            async with unit_of_work(sessionmaker) as session:
                # One time for all this transaction writes: answer stored, verdict created and,
                # when final, verified are one event, and the timestamps should say so.
                now = utcnow()
                first = new is not None and attempt == 0
                if new is not None and attempt:
                    found = await queries.answer_status(session, answer_id)
                    first = found is None
                    if found is not None and keep_stored:
                        return "final" if found in queries.FINAL_STATUSES else "kept"
                if first:
                    assert new is not None
                    await queries.insert_answer(
                        session,
                        answer_id=answer_id,
                        tenant=new.tenant,
                        submission=new.submission,
                        received_at=datetime.fromisoformat(new.received_at),
                        status=status,
                        at=now,
                        error=error,
                    )
                elif not await queries.move_answer(session, answer_id, status, now, error):
                    if await queries.answer_status(session, answer_id) is None:
                        raise RuntimeError(f"answer {answer_id} is not stored")
                    return "final"  # a redelivered job: the verdict is already final
                if verdict is not None:
                    await queries.write_verdict(
                        session,
                        answer_id,
                        first=first,
                        flagged=verdict.flagged,
                        reasons=[r.model_dump() for r in verdict.reasons],
                        stages=verdict.stages,
                        checker_version=verdict.checker_version,
                        at=now,
                    )
            return "stored"
        except IntegrityError as exc:
            # The answer or verdict is there already (a redelivered job, or a concurrent delivery
            # was first): the next try updates it. If the answer is still missing, its external
            # id belongs to another one.
            conflict = exc
            log.info("stored concurrently; trying again", extra={"answer_id": answer_id})
        except DependencyUnavailable as exc:
            # The worker's pool does not ping: a connection the server dropped (a restart)
            # fails its first statement, and SQLAlchemy replaces the whole pool. Once more at
            # once then, on a fresh connection, rather than failing the job, which for the
            # judge would mean asking the model again. So too a SQLite file other writers kept
            # locked past the busy timeout (a burst on a loaded machine): contention, not an
            # outage. A database that is down is the job's to retry, later.
            cause = exc.__cause__
            lost = isinstance(cause, DBAPIError) and cause.connection_invalidated
            busy = isinstance(cause, DBAPIError) and "database is locked" in str(cause.orig)
            if attempt == 2 or not (busy or (lost and not dropped)):
                raise
            dropped = dropped or lost
            log.warning("database busy or connection lost; trying again: %s", exc.message)
    async with unit_of_work(sessionmaker) as session:
        missing = await queries.answer_status(session, answer_id) is None
    if missing and new is not None and new.submission.get("external_id"):
        raise Conflict(f"external_id already used by another answer: {conflict.orig}")
    # Some other rule of the database (SQLite reports a trigger's refusal as one, too).
    raise RuntimeError(f"could not store the verdict of {answer_id}: {conflict.orig}")


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
    *,
    redelivered: bool = False,
    checks_timeout_s: float | None = None,
) -> Outcome:
    """Verify one submission end to end; the outcome carries the answer's final status.

    A job run again (redelivered, or retried) first asks the log: an answer stored by an
    earlier run is not fetched excerpts for, checked or counted again. Checks that take
    longer than checks_timeout_s end the answer failed, saying so."""
    if redelivered:
        async with unit_of_work(sessionmaker) as session:
            found = await queries.answer_status(session, answer_id)
        if found in queries.FINAL_STATUSES:
            return Outcome("done")  # the verdict is already final
        if found is not None and judge is not None:
            return Outcome("judging")  # stored and counted; the judge's to finish
    try:
        submission, retrieved = await _with_excerpts(retrieval, submission)
    except RetrievalFailed as exc:
        # Nothing to verify against: a verdict of checks that had no excerpts read as a pass
        # and counted in the figures. The answer is stored failed, saying why.
        error = f"no excerpts to verify against: {exc}"
        log.error(error, extra={"answer_id": answer_id})
        await store_failed(
            sessionmaker, answer_id, NewAnswer(tenant, submission, received_at), error
        )
        return Outcome("failed")
    sources = sources_of(submission["excerpts"])
    new = NewAnswer(tenant, submission, received_at)
    started = time.perf_counter()
    checks = asyncio.to_thread(
        verify_case,
        submission["question"],
        submission["answer"],
        sources,
        fetched=retrieved is not None,
    )
    try:
        code = await asyncio.wait_for(checks, checks_timeout_s)
    except TimeoutError:
        # arq would end the job at its timeout as failed, with nothing stored: the answer is
        # stored failed while the job has time left (the checks' thread runs on unseen).
        error = f"the checks did not finish in {checks_timeout_s:g} s"
        log.error(error, extra={"answer_id": answer_id})
        await store_failed(sessionmaker, answer_id, new, error)
        return Outcome("failed")
    except Exception as exc:
        log.exception("checks crashed", extra={"answer_id": answer_id})
        await store_failed(sessionmaker, answer_id, new, f"checks crashed: {describe(exc)}")
        return Outcome("failed")
    code_s = time.perf_counter() - started
    if retrieved is not None:
        code.stages["retrieval"] = retrieved
    # The code stage lands at once; the judge runs as jobs of its own, one try per job, so
    # a slow or dead judge neither holds it back nor keeps a killed job from recovering fast.
    final = judge is None
    try:
        verdict = with_judge(code, JUDGE_DISABLED if final else JUDGE_PENDING, "")
        # A judge at work on an answer stored by an earlier delivery keeps its stage: the
        # code stage of that delivery stays, and so does what the judge has recorded.
        stored = await store_verdict(
            sessionmaker, answer_id, verdict, final=final, new=new, keep_stored=not final
        )
    except (DependencyUnavailable, Conflict):
        raise  # an outage is retried; an external id held by another answer stays refused
    except Exception as exc:
        # A bug, or a verdict the database refuses: without the answer in the log it would be
        # failed only in Redis, for as long as arq keeps the job's result. It is stored failed,
        # saying why; if even that fails, the job fails (or, in an outage, runs again).
        log.exception("the verdict could not be stored", extra={"answer_id": answer_id})
        error = f"the verdict could not be stored: {describe(exc)}"
        if not await store_failed(sessionmaker, answer_id, new, error):
            return Outcome("done")  # a redelivered job: the verdict is already final
        return Outcome("failed")
    if stored == "final":
        return Outcome("done")  # a redelivered job: the verdict is already final
    if stored == "kept":
        return Outcome("judging")  # a redelivered job: stored and counted before
    return Outcome("done" if final else "judging", verdict, submission["excerpts"], code_s)


async def store_failed(
    sessionmaker: SessionMaker, answer_id: str, new: NewAnswer, error: str
) -> bool:
    """Put a submission nothing more can be done for into the log as failed, saying why.

    An answer already stored keeps its verdict and ends failed; False if it was final."""
    stored = await store_verdict(sessionmaker, answer_id, None, final=True, new=new, error=error)
    return stored == "stored"
