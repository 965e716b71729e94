"""Counters of what the service does, shared by every process through one Redis hash,
and the monitors of function built on them (a service green while useless is the failure)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from redis.asyncio import Redis
from redis.exceptions import ResponseError

from verifier.pipeline import CODE_STAGES, VerdictData


def monitor_key(queue_name: str) -> str:
    """The Redis hash of this deployment's counters."""
    return f"{queue_name}:monitor"


async def add(redis: Redis, queue_name: str, counts: dict[str, float]) -> None:
    """Add to counters atomically (a failure here must not fail a verification)."""
    async with redis.pipeline(transaction=True) as pipe:
        for name, value in counts.items():
            pipe.hincrbyfloat(monitor_key(queue_name), name, float(value))
        await pipe.execute()


async def read(redis: Redis, queue_name: str) -> dict[str, float]:
    """All counters, by name."""
    raw: dict[Any, Any] = await redis.hgetall(monitor_key(queue_name))  # type: ignore[misc]
    return {(k.decode() if isinstance(k, bytes) else str(k)): float(v) for k, v in raw.items()}


def code_counts(
    verdict: VerdictData, excerpts: list[dict[str, Any]], code_s: float
) -> dict[str, float]:
    """What the code stage of one answer adds to the counters."""
    counts: dict[str, float] = {
        "verdicts": 1,
        "answers_with_numbers": bool(verdict.stages.get("numbers", {}).get("findings")),
        "excerpts": len(excerpts),
        "excerpts_with_url": sum(1 for e in excerpts if e.get("url")),
        "excerpt_chars": sum(len(e["text"]) for e in excerpts),
        "stage_seconds_sum:code": code_s,
        "stage_seconds_count:code": 1,
    }
    for stage in CODE_STAGES:
        counts[f"stage_flags:{stage}"] = bool(verdict.stages.get(stage, {}).get("flagged"))
    return counts


def final_counts(verdict: VerdictData) -> dict[str, float]:
    """What a final verdict (after the judge, or without one) adds to the counters."""
    judge = verdict.stages.get("judge", {})
    status = str(judge.get("status", "missing"))
    return {
        f"verdicts_{'flagged' if verdict.flagged else 'clean'}": 1,
        f"judge_status:{status}": 1,
        "judge_ruled": status in ("ok", "objection"),
        "stage_flags:judge": bool(judge.get("flagged")),
    }


def judge_counts(judge: dict[str, Any], judge_s: float) -> dict[str, float]:
    """What the judge's calls for one answer add to the counters."""
    calls = judge.get("calls", [])
    return {
        "judge_calls": len(calls),
        "judge_prompt_tokens": sum(c.get("prompt_eval_count") or 0 for c in calls),
        "judge_eval_tokens": sum(c.get("eval_count") or 0 for c in calls),
        "stage_seconds_sum:judge": judge_s,
        "stage_seconds_count:judge": 1,
    }


@dataclass(frozen=True, slots=True)
class Check:
    """One monitor of function: its value, its bound, and whether it is off."""

    name: str
    value: float | None
    bound: str
    off: bool
    why: str


def _share(counters: dict[str, float], part: str, whole: str) -> float | None:
    total = counters.get(whole, 0.0)
    return counters.get(part, 0.0) / total if total else None


def function_checks(counters: dict[str, float], judge_enabled: bool) -> list[Check]:
    """Shares and means that show whether each stage does its job, with their bounds."""
    checks = []
    judged = _share(counters, "judge_ruled", "verdicts")
    if judge_enabled:
        checks.append(
            Check(
                "share of verdicts with a judge result",
                judged,
                ">= 0.80",
                judged is not None and judged < 0.8,
                "the judge is failing or unreachable; see judge_status counters",
            )
        )
    numbers = _share(counters, "answers_with_numbers", "verdicts")
    checks.append(
        Check(
            "share of answers where the number check found a number",
            numbers,
            ">= 0.05",
            numbers is not None and numbers < 0.05,
            "the number check may be parsing nothing",
        )
    )
    urls = _share(counters, "excerpts_with_url", "excerpts")
    # Many sources have no links; a share that drops is the signal, so this one is for trends.
    checks.append(
        Check("share of excerpts with a url", urls, "informational (watch for drops)", False, "")
    )
    chars = _share(counters, "excerpt_chars", "excerpts")
    checks.append(
        Check(
            "mean excerpt length (characters)",
            chars,
            ">= 40",
            chars is not None and chars < 40,
            "excerpts are nearly empty: retrieval may be broken",
        )
    )
    stuck = [
        (name, neighbour)
        for name, neighbour in (
            ("jobs_done", "jobs_started"),
            ("verdicts", "jobs_done"),
            *([("judge_calls", "verdicts")] if judge_enabled else []),
        )
        if counters.get(neighbour, 0) > 0 and counters.get(name, 0) == 0
    ]
    for name, neighbour in stuck:
        checks.append(
            Check(
                f"{name} stays at zero",
                0.0,
                f"> 0 while {neighbour} moves",
                True,
                f"{neighbour} is {counters[neighbour]:.0f} but {name} never moved",
            )
        )
    return checks


async def redis_config(redis: Redis) -> dict[str, str] | None:
    """Redis's persistence and eviction settings, or None where CONFIG is not allowed."""
    try:
        raw: dict[Any, Any] = {}
        for name in ("appendonly", "maxmemory", "maxmemory-policy"):
            raw.update(await redis.config_get(name))
    except ResponseError:  # managed services often refuse CONFIG
        return None
    return {
        (k.decode() if isinstance(k, bytes) else str(k)): (
            v.decode() if isinstance(v, bytes) else str(v)
        )
        for k, v in raw.items()
    }


def durability_checks(config: dict[str, str] | None) -> list[Check]:
    """Whether Redis keeps what the API accepted: the queue lives there until a worker stores it."""
    if config is None:
        name = "redis durability (CONFIG refused: check appendonly, maxmemory-policy by hand)"
        return [Check(name, None, "appendonly yes, no eviction", False, "")]
    appendonly = config.get("appendonly") == "yes"
    limited = config.get("maxmemory", "0") != "0"
    evicts = limited and config.get("maxmemory-policy") != "noeviction"
    return [
        Check(
            "redis append-only file",
            float(appendonly),
            "yes",
            not appendonly,
            "appendonly is no: a Redis restart loses every answer accepted but not yet stored",
        ),
        Check(
            "redis eviction",
            float(evicts),
            "none (maxmemory 0 or policy noeviction)",
            evicts,
            f"maxmemory-policy {config.get('maxmemory-policy')} with maxmemory "
            f"{config.get('maxmemory')}: under memory pressure Redis drops queued jobs",
        ),
    ]
