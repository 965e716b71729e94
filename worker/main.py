"""arq worker settings: shared clients set up once in ctx, tasks in worker.tasks."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from arq.worker import Worker, func
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from verifier.config import Settings, get_settings
from verifier.db import create_engine, create_sessionmaker
from verifier.judge.stage import make_client
from verifier.queue import (
    JOB_EXPIRES,
    RESULT_TTL,
    deserialize_job,
    judge_queue,
    redis_settings,
    serialize_job,
)
from verifier.retry import backoff
from worker.tasks import judge_answer, verify_answer

log = logging.getLogger(__name__)


async def startup(ctx: dict[str, Any]) -> None:
    """Open the database engine once per worker process."""
    if "settings" not in ctx:  # setdefault would read the environment even when given some
        ctx["settings"] = get_settings()
    settings: Settings = ctx["settings"]
    # No ping before each transaction (three round trips each with asyncpg): a store that
    # meets a connection the server dropped tries once more at once, on the fresh pool
    # (verification.store_verdict); anything else that fails the job is retried by arq.
    ctx["engine"] = create_engine(settings.resolved_database_url(), pre_ping=False)
    ctx["sessionmaker"] = create_sessionmaker(ctx["engine"])
    ctx["judge"] = settings.judge_settings()
    ctx["ollama"] = make_client(ctx["judge"]) if ctx["judge"] else None
    ctx["retrieval"] = settings.retrieval_settings()
    ctx["started"] = True  # it reached Redis once: losing it later is an outage, not a typo
    ctx["connected"] = True  # this run reached it (a later outage backs off from the start)


async def shutdown(ctx: dict[str, Any]) -> None:
    """Close the database engine and the judge's client, if startup got to open them."""
    # arq calls this on close once its Redis pool is open, even when the worker was cancelled
    # before on_startup ran (serve stopping at once because its port is taken).
    # Taken out of ctx: run_workers calls this again where arq's close stopped before it.
    engine, client = ctx.pop("engine", None), ctx.pop("ollama", None)
    if engine is not None:
        await engine.dispose()
    if client is not None:
        await client.close()


def worker_options(settings: Settings, queue: str = "code") -> dict[str, Any]:
    """Keyword arguments for arq's Worker of one queue: "code" or "judge".

    Two queues, because arq lets a killed worker's job run again only after the longest
    timeout of its worker's functions (plus 10 s): the quick code stage must not wait for
    the judge's.
    """
    if not settings.redis_url:
        raise ValueError("the worker needs settings.redis_url; the CLI starts an embedded Redis")
    if queue == "code":
        function = func(
            verify_answer, timeout=settings.job_timeout_s, max_tries=settings.job_max_tries
        )
        timeout, name = settings.job_timeout_s, settings.queue_name
    else:
        timeout, name = settings.judge_job_timeout_s, judge_queue(settings.queue_name)
        # One judge try per job; retries are scheduled until the judge deadline passes. The
        # judge's last try ends the stage itself, so runs past judge_max_tries come only from
        # outages of the database (arq drops a job past its tries unseen, and the answer would
        # read 'running' for good): they get as many as a code-stage job.
        tries = settings.judge_max_tries + settings.job_max_tries
        function = func(judge_answer, timeout=timeout, max_tries=tries)
    return {
        "functions": [function],
        "on_startup": startup,
        "on_shutdown": shutdown,
        "redis_settings": redis_settings(settings.redis_url),
        "queue_name": name,
        "job_timeout": timeout,
        "max_jobs": settings.worker_max_jobs,
        # arq's default of 0.5 s would dominate the time from post to verdict.
        "poll_delay": settings.worker_poll_delay_s,
        "keep_result": RESULT_TTL,
        "expires_extra_ms": int(JOB_EXPIRES.total_seconds() * 1000),
        "job_serializer": serialize_job,
        "job_deserializer": deserialize_job,
        "ctx": {"settings": settings},
    }


def build_workers(settings: Settings, **overrides: Any) -> list[Worker]:
    """The arq Workers of both queues (the judge's only when the judge is on)."""
    queues = ("code", "judge") if settings.judge_enabled else ("code",)
    return [Worker(**{**worker_options(settings, queue), **overrides}) for queue in queues]


async def run_workers(workers: list[Worker], reconnect: bool = True) -> None:
    """Run workers side by side in this event loop until one stops, then close them all;
    with reconnect, a worker that loses Redis after it started waits for it to come back."""
    try:
        await asyncio.gather(*(_run(worker, reconnect) for worker in workers))
    finally:
        for worker in workers:
            await _close(worker)


async def _run(worker: Worker, reconnect: bool) -> None:
    """Run one worker; where it loses Redis after it had started, close it and run it again
    once Redis answers (arq itself ends at the first error: after a restart of Redis nothing
    was verified any more while the API went on taking answers)."""
    attempt = 0
    while True:
        worker.ctx.pop("connected", None)
        try:
            await worker.async_run()
            return
        except (RedisConnectionError, RedisTimeoutError) as exc:
            # Never reached at all: a wrong URL, said at once rather than retried for ever.
            if not (reconnect and worker.ctx.get("started")):
                raise
            attempt = 1 if worker.ctx.get("connected") else attempt + 1
            delay = backoff(attempt)  # from half a second, up to 30 s
            log.error(
                "the worker of %s lost Redis (%s: %s); connecting again in %.1f s",
                worker.queue_name, type(exc).__name__, exc, delay,
            )  # fmt: skip
        await _close(worker)
        # arq keeps the tasks of the jobs it ran, done or cancelled, and its next poll reads
        # their results: the errors of the outage would end the new run at once. Their jobs
        # run again when their claims in Redis lapse, as after a killed worker.
        worker.tasks.clear()
        worker.job_tasks.clear()
        await asyncio.sleep(delay)


async def _close(worker: Worker) -> None:
    """Close a worker and our clients of it, even where arq's close stops early: it awaits
    the jobs it cancelled and raises when one ended cancelled (at a Redis call), or when
    Redis is gone, before it runs on_shutdown."""
    try:
        await worker.close()
    except (Exception, asyncio.CancelledError) as exc:
        log.warning("closing the worker of %s: %s: %s", worker.queue_name, type(exc).__name__, exc)
    await shutdown(worker.ctx)


def __getattr__(name: str) -> Any:
    """`arq worker.main.WorkerSettings` (and JudgeWorkerSettings) work with arq's own CLI."""
    if name in ("WorkerSettings", "JudgeWorkerSettings"):
        queue = "code" if name == "WorkerSettings" else "judge"
        return type(name, (), worker_options(get_settings(), queue))
    raise AttributeError(name)
