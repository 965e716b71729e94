"""arq worker settings: shared clients set up once in ctx, tasks in worker.tasks."""

from __future__ import annotations

from typing import Any

from arq.worker import Worker, func

from verifier.config import Settings, get_settings
from verifier.db import create_engine, create_sessionmaker
from verifier.queue import JOB_EXPIRES, RESULT_TTL, deserialize_job, redis_settings, serialize_job
from worker.tasks import judge_answer, verify_answer

# Bounded by the deadline, not by a count; this only stops a runaway.
JUDGE_MAX_TRIES = 1000


async def startup(ctx: dict[str, Any]) -> None:
    """Open the database engine once per worker process."""
    settings: Settings = ctx.setdefault("settings", get_settings())
    ctx["engine"] = create_engine(settings.resolved_database_url())
    ctx["sessionmaker"] = create_sessionmaker(ctx["engine"])
    ctx["judge"] = settings.judge_settings()
    ctx["retrieval"] = settings.retrieval_settings()


async def shutdown(ctx: dict[str, Any]) -> None:
    """Close the database engine."""
    await ctx["engine"].dispose()


def worker_options(settings: Settings) -> dict[str, Any]:
    """Keyword arguments for arq's Worker, derived from our settings."""
    if not settings.redis_url:
        raise ValueError("the worker needs settings.redis_url; the CLI starts an embedded Redis")
    judge_job_timeout = settings.judge_timeout_s + 15
    return {
        "functions": [
            func(verify_answer, timeout=settings.job_timeout_s, max_tries=settings.job_max_tries),
            # One judge try per job; retries are scheduled until the judge deadline passes.
            func(judge_answer, timeout=judge_job_timeout, max_tries=JUDGE_MAX_TRIES),
        ],
        "on_startup": startup,
        "on_shutdown": shutdown,
        "redis_settings": redis_settings(settings.redis_url),
        "queue_name": settings.queue_name,
        "job_timeout": settings.job_timeout_s,
        "max_tries": settings.job_max_tries,
        "max_jobs": settings.worker_max_jobs,
        # arq's default of 0.5 s would dominate the time from post to verdict.
        "poll_delay": settings.worker_poll_delay_s,
        "keep_result": RESULT_TTL,
        "expires_extra_ms": int(JOB_EXPIRES.total_seconds() * 1000),
        "job_serializer": serialize_job,
        "job_deserializer": deserialize_job,
        "ctx": {"settings": settings},
    }


def build_worker(settings: Settings, **overrides: Any) -> Worker:
    """An arq Worker for these settings (tests pass burst=True, poll_delay=0)."""
    return Worker(**{**worker_options(settings), **overrides})


def __getattr__(name: str) -> Any:
    """`arq worker.main.WorkerSettings` works too: the class is built from VERIFIER_* on access."""
    if name == "WorkerSettings":
        return type("WorkerSettings", (), worker_options(get_settings()))
    raise AttributeError(name)
