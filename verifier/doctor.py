"""`verifier doctor`: how the judge's Ollama, Redis and the monitors of function stand."""

from __future__ import annotations

import argparse
import asyncio

from redis.asyncio import Redis
from redis.exceptions import RedisError

from verifier import monitoring
from verifier.config import Settings, get_settings
from verifier.embedded_redis import running_url
from verifier.judge.client import probe


async def _doctor(
    redis_url: str, queue_name: str
) -> tuple[dict[str, float], dict[str, str] | None]:
    redis = Redis.from_url(redis_url, socket_connect_timeout=3)
    try:
        return await monitoring.read(redis, queue_name), await monitoring.redis_config(redis)
    finally:
        await redis.aclose()


def _judge_line(settings: Settings) -> tuple[bool, str]:
    """Whether the judge is off when it should run, and a line saying how it stands (with the
    probe /health/ready uses)."""
    judge = settings.judge_settings()
    if judge is None:
        return False, "ok  judge: off (VERIFIER_JUDGE_ENABLED is false)"
    why_not = asyncio.run(probe(judge.url, judge.model, timeout_s=3))
    if why_not is not None:
        return True, f"OFF judge: {why_not}; the judge stage will be reported unavailable"
    return False, f"ok  judge: Ollama at {judge.url} has {judge.model}"


def cmd_doctor(_: argparse.Namespace) -> int:
    """Print the judge's state and the monitors of function with their bounds; exit 1 when
    one is off."""
    settings = get_settings()
    judge_off, judge_line = _judge_line(settings)
    print(judge_line)
    redis_url = settings.redis_url or running_url(settings.data_dir)
    if redis_url is None:
        raise ValueError("no Redis to read counters from: set VERIFIER_REDIS_URL or start serve")
    try:
        counters, config = asyncio.run(_doctor(redis_url, settings.queue_name))
    except (RedisError, OSError) as exc:
        raise ValueError(f"Redis at {redis_url} is unavailable: {exc}") from exc
    checks = monitoring.function_checks(counters, settings.judge_enabled)
    checks += monitoring.durability_checks(config)
    for check in checks:
        value = "no data" if check.value is None else f"{check.value:.3g}"
        mark = "OFF" if check.off else "ok "
        print(
            f"{mark} {check.name}: {value} (bound {check.bound})"
            + (f" — {check.why}" if check.off else "")
        )
    print("counters: " + ", ".join(f"{k}={v:g}" for k, v in sorted(counters.items())))
    return 1 if judge_off or any(c.off for c in checks) else 0
