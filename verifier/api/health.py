"""Health and metrics: each dependency named when down, counters in Prometheus' format."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from redis.exceptions import RedisError
from sqlalchemy import text

from verifier import monitoring
from verifier.api.deps import MetricsReader, OpenKnownQuery
from verifier.config import Settings
from verifier.db import SessionMaker
from verifier.judge.client import probe
from verifier.queue import SubmissionQueue, judge_queue, redis_outage

router = APIRouter(tags=["health"])


@router.get("/health/live", dependencies=[OpenKnownQuery])
async def live() -> dict[str, str]:
    """The process answers."""
    return {"status": "live"}


async def _redis(queue: SubmissionQueue) -> str | None:
    try:
        await queue.pool.ping()
    except (RedisError, OSError) as exc:
        return f"{type(exc).__name__}: {exc}"
    return None


async def _database(sessionmaker: SessionMaker) -> str | None:
    try:
        async with sessionmaker() as session:
            await session.execute(text("SELECT 1"))
    except Exception as exc:  # any failure to run SELECT 1 means not ready
        return f"{type(exc).__name__}: {exc}"
    return None


async def _retrieval(url: str) -> str | None:
    try:
        async with httpx.AsyncClient(timeout=3) as client:
            await client.get(url)
    except httpx.HTTPError as exc:
        return f"{type(exc).__name__}: {exc}"
    return None  # any HTTP answer means it is there; it takes POSTs


@router.get("/health/ready", dependencies=[OpenKnownQuery])
async def ready(request: Request) -> JSONResponse:
    """Each dependency checked on its own; 503 naming every one that is down."""
    state = request.app.state
    settings: Settings = state.settings
    checks: dict[str, Any] = {
        "redis": _redis(state.queue),
        "database": _database(state.sessionmaker),
    }
    judge = settings.judge_settings()
    if judge is not None:
        checks["ollama"] = probe(judge.url, judge.model, timeout_s=3)
    if settings.retrieval_url:
        checks["retrieval"] = _retrieval(settings.retrieval_url)
    errors = dict(zip(checks, await asyncio.gather(*checks.values()), strict=True))
    body = {
        "status": "ready" if not any(errors.values()) else "not_ready",
        "checks": {
            name: {"ok": error is None, **({"error": error} if error else {})}
            for name, error in errors.items()
        },
    }
    return JSONResponse(body, status_code=200 if body["status"] == "ready" else 503)


def _families(counters: dict[str, float], depth: dict[str, int], judge_on: bool) -> list[Any]:
    jobs = CounterMetricFamily("verifier_jobs", "Verification jobs by outcome", labels=["outcome"])
    for outcome in ("started", "done", "failed", "retried"):
        jobs.add_metric([outcome], counters.get(f"jobs_{outcome}", 0))
    verdicts = CounterMetricFamily("verifier_verdicts", "Stored verdicts", labels=["outcome"])
    for outcome in ("flagged", "clean"):
        verdicts.add_metric([outcome], counters.get(f"verdicts_{outcome}", 0))
    flags = CounterMetricFamily(
        "verifier_stage_flags", "Verdicts a stage flagged", labels=["stage"]
    )
    judge = CounterMetricFamily(
        "verifier_judge_outcomes", "Judge stage outcomes", labels=["status"]
    )
    seconds = CounterMetricFamily(
        "verifier_stage_seconds", "Time spent per stage", labels=["stage", "part"]
    )
    for name, value in sorted(counters.items()):
        kind, _, label = name.partition(":")
        if kind == "stage_flags":
            flags.add_metric([label], value)
        elif kind == "judge_status":
            judge.add_metric([label], value)
        elif kind in ("stage_seconds_sum", "stage_seconds_count"):
            seconds.add_metric([label, kind.rsplit("_", 1)[1]], value)
    tokens = CounterMetricFamily("verifier_judge_tokens", "Judge tokens", labels=["kind"])
    tokens.add_metric(["prompt"], counters.get("judge_prompt_tokens", 0))
    tokens.add_metric(["output"], counters.get("judge_eval_tokens", 0))
    calls = CounterMetricFamily(
        "verifier_judge_calls",
        "Judge calls Ollama answered, counted with each final verdict",
    )
    calls.add_metric([], counters.get("judge_calls", 0))
    retries = CounterMetricFamily(
        "verifier_judge_retries", "Judge tries that failed and were scheduled again"
    )
    retries.add_metric([], counters.get("judge_retries", 0))
    queue = GaugeMetricFamily("verifier_queue_depth", "Jobs waiting, by queue", labels=["queue"])
    for name, jobs_waiting in depth.items():
        queue.add_metric([name], jobs_waiting)
    function = GaugeMetricFamily(
        "verifier_monitor_off", "1 when a monitor of function is off", labels=["check"]
    )
    for check in monitoring.function_checks(counters, judge_on):
        function.add_metric([check.name], float(check.off))
    return [jobs, verdicts, flags, judge, seconds, tokens, calls, retries, queue, function]


class _Snapshot:
    def __init__(self, families: list[Any]) -> None:
        self.families = families

    def collect(self) -> list[Any]:
        return self.families


@router.get("/metrics", dependencies=[MetricsReader, OpenKnownQuery])  # who reads first
async def metrics(request: Request) -> Response:
    """Prometheus metrics of the whole deployment (counters live in Redis, shared by all)."""
    state = request.app.state
    settings: Settings = state.settings
    with redis_outage():  # the counters live in Redis: its outage is a 503 naming it
        counters = await monitoring.read(state.queue.pool, settings.queue_name)
        depth = {
            "code": await state.queue.pool.zcard(settings.queue_name),
            "judge": await state.queue.pool.zcard(judge_queue(settings.queue_name)),
        }
    registry = CollectorRegistry()
    registry.register(_Snapshot(_families(counters, depth, settings.judge_enabled)))
    return Response(generate_latest(registry), media_type="text/plain; version=0.0.4")
