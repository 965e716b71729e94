"""Worker tasks: plain data in (ids and the submission), results in the question log."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator
from datetime import datetime
from typing import Any

from arq import Retry
from redis.exceptions import RedisError

from verifier import monitoring
from verifier.exceptions import DependencyUnavailable, describe
from verifier.judging import JudgeRetry, judge_stored_answer, mark_failed
from verifier.logs import answer_id_var
from verifier.queue import enqueue_once, judge_job_id, judge_queue
from verifier.retry import backoff
from verifier.verification import NewAnswer, process_submission, store_failed

log = logging.getLogger(__name__)


MIN_OUTAGE_TRIES = 8
# A job still waiting at this share of its timeout waits on a dependency that hangs (a lock,
# a network that drops packets): it is an outage, retried. arq would end it at the timeout
# as failed for good, the code stage's answer in no log, a judge's answer 'running' forever.
WAIT_SHARE = 0.9
# ... and at least this long before the timeout: rolling back, counting the outage and asking
# arq for a retry take tens of milliseconds, more on a loaded machine (a tenth of a short
# timeout, 0.1 s of 1 s, was too little).
MIN_RESERVE_S = 0.5


def outage_after_s(timeout_s: float) -> float:
    """How long a job of this timeout may wait on a dependency before it is an outage."""
    # Half of a timeout shorter than twice the reserve.
    return min(timeout_s * WAIT_SHARE, max(timeout_s - MIN_RESERVE_S, timeout_s / 2))


def retry_delay(job_try: int) -> float:
    """Backoff of a job whose database or retrieval endpoint was down: from a quarter second."""
    return backoff(job_try, first_s=0.25)


@contextlib.asynccontextmanager
async def _outage_after(limit_s: float | None, dependency: str) -> AsyncIterator[None]:
    """DependencyUnavailable when the block is still at work after limit_s."""
    if limit_s is None:  # called directly, without arq's timeout
        yield
        return
    limit = asyncio.timeout(limit_s)
    try:
        async with limit:
            yield
    except TimeoutError as exc:
        if not limit.expired():
            raise
        raise DependencyUnavailable(dependency, f"no answer within {limit_s:g} s") from exc


async def _count(ctx: dict[str, Any], counts: dict[str, float]) -> None:
    # Called directly (unit tests) there is no Redis in ctx and nothing to count into.
    if "redis" not in ctx or "settings" not in ctx:
        return
    try:
        await monitoring.add(ctx["redis"], ctx["settings"].queue_name, counts)
    except (RedisError, OSError) as exc:
        log.error("could not update the monitor counters: %s", exc)


async def _retry_later(
    ctx: dict[str, Any], reason: str, counts: dict[str, float] | None = None
) -> Retry:
    """Log and count (with counts of its own) a code-stage job that runs again after the
    outage backoff."""
    delay = retry_delay(ctx["job_try"])
    log.warning("retrying in %.1fs: %s", delay, reason, extra={"job_try": ctx["job_try"]})
    await _count(ctx, {"jobs_retried": 1, **(counts or {})})
    return Retry(defer=delay)


async def verify_answer(
    ctx: dict[str, Any],
    *,
    answer_id: str,
    tenant: str,
    submission: dict[str, Any],
    received_at: str,
) -> str:
    """Verify one submission and store its verdict; an outage retries, it never drops."""
    token = answer_id_var.set(answer_id)
    await _count(ctx, {"jobs_started": 1})
    timeout_s = ctx["settings"].job_timeout_s if "settings" in ctx else None
    # Checks past a third of the job end the answer failed; the store of that has the rest,
    # slowed by the checks' thread, which runs on and holds the interpreter lock.
    checks_timeout_s = timeout_s / 3 if timeout_s is not None else None
    try:
        limit_s = outage_after_s(timeout_s) if timeout_s is not None else None
        async with _outage_after(limit_s, "the database or the retrieval endpoint"):
            outcome = await process_submission(
                ctx["sessionmaker"],
                ctx.get("judge"),
                answer_id,
                tenant,
                submission,
                received_at,
                ctx.get("retrieval"),
                redelivered=ctx["job_try"] > 1,
                checks_timeout_s=checks_timeout_s,
            )
    except DependencyUnavailable as exc:
        waited = time.time() - datetime.fromisoformat(received_at).timestamp()
        # From the answer's arrival; but an answer that waited long on the queue still gets
        # a few tries when it meets an outage.
        late = ctx["job_try"] >= MIN_OUTAGE_TRIES
        if "settings" in ctx and late and waited > ctx["settings"].outage_retry_s:
            error = f"gave up after {waited:.0f} s of outage: {exc.message}"
            log.error(error)
            # When the outage was not the database's (the retrieval endpoint's), the answer
            # goes into the log as failed; else only arq's result of the job says so.
            new = NewAnswer(tenant, submission, received_at)
            with contextlib.suppress(DependencyUnavailable):
                if not await store_failed(ctx["sessionmaker"], answer_id, new, error):
                    await _count(ctx, {"jobs_done": 1})
                    return "done"  # an earlier run's verdict is final: nothing was lost
                await _count(ctx, {"jobs_failed": 1})
                return "failed"
            await _count(ctx, {"jobs_failed": 1})
            raise
        raise await _retry_later(ctx, exc.message) from exc
    except Exception:
        await _count(ctx, {"jobs_failed": 1})
        raise
    finally:
        answer_id_var.reset(token)
    counts: dict[str, float] = {}
    if outcome.verdict is not None:
        counts.update(monitoring.code_counts(outcome.verdict, outcome.excerpts, outcome.code_s))
        if outcome.status == "done":
            counts.update(monitoring.final_counts(outcome.verdict))
    if outcome.status == "judging":
        try:
            await _enqueue_judge(ctx, answer_id)
        except (RedisError, OSError) as exc:
            # Stored, but no judge job queued: the answer would wait for a judge forever. This
            # job runs again instead; it finds the verdict stored and counts it no more, so
            # the verdict is counted now, with the retry.
            raise await _retry_later(ctx, f"could not queue the judge: {exc}", counts) from exc
    counts[f"jobs_{'failed' if outcome.status == 'failed' else 'done'}"] = 1
    await _count(ctx, counts)  # one transaction a job
    log.info("verified", extra={"answer_id": answer_id, "status": outcome.status})
    return outcome.status


JUDGE_TASK = "judge_answer"


async def _enqueue_judge(ctx: dict[str, Any], answer_id: str) -> None:
    settings = ctx["settings"]
    await enqueue_once(
        ctx["redis"],
        JUDGE_TASK,
        judge_job_id(answer_id),
        judge_queue(settings.queue_name),
        answer_id=answer_id,
        deadline_at=time.time() + settings.judge_deadline_s,
    )


async def judge_answer(ctx: dict[str, Any], *, answer_id: str, deadline_at: float) -> str:
    """One try of the judge for a stored answer; a retryable failure schedules the next."""
    token = answer_id_var.set(answer_id)
    settings = ctx.get("settings")
    # The model's call has a timeout of its own (a failed try, stored): what hangs past it and
    # the share of a code-stage job's time a dependency may take is the database.
    limit_s = None
    if settings:
        limit_s = settings.judge_timeout_s + outage_after_s(settings.job_timeout_s)
    try:
        async with _outage_after(limit_s, "the database"):
            outcome = await judge_stored_answer(
                ctx["sessionmaker"],
                ctx["judge"],
                answer_id,
                deadline_at,
                ctx.get("ollama"),
                settings.judge_max_tries if settings else None,
            )
    except JudgeRetry as retry:
        log.warning("judge try %d failed, next in %.1fs: %s", retry.attempt, retry.delay_s, retry)
        await _count(ctx, {"judge_retries": 1})
        raise Retry(defer=retry.delay_s) from retry
    except DependencyUnavailable as exc:
        raise Retry(defer=retry_delay(ctx["job_try"])) from exc
    except Exception as exc:
        # A stored row this version cannot read (a crash after reading ends the judge stage
        # 'crashed' in the verdict): without an end the answer would read 'running' forever.
        # It ends failed, saying why (the code verdict stays).
        log.exception("the judge stage crashed")
        try:
            error = f"the judge stage crashed: {describe(exc)}"
            await mark_failed(ctx["sessionmaker"], answer_id, error)
        except DependencyUnavailable as down:
            raise Retry(defer=retry_delay(ctx["job_try"])) from down
        await _count(ctx, {"jobs_failed": 1})
        return "failed"
    finally:
        answer_id_var.reset(token)
    if outcome.verdict is not None:
        judge = outcome.verdict.stages.get("judge", {})
        counts = monitoring.judge_counts(judge, outcome.judge_s or 0.0)
        counts.update(monitoring.final_counts(outcome.verdict))
        if outcome.status == "failed":
            counts["jobs_failed"] = 1
        await _count(ctx, counts)
    return outcome.status
