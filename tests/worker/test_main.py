"""Running and closing the arq workers: our clients are closed however arq's close ends."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from redis.exceptions import ConnectionError as RedisConnectionError

from verifier.config import Settings
from verifier.embedded_redis import EmbeddedRedis
from worker.main import build_workers, run_workers


async def test_workers_whose_redis_goes_away_still_close_their_clients(
    settings: Settings, tmp_path: Path
) -> None:
    # arq's close deletes its health key before it runs on_shutdown: with Redis gone it
    # raised there, our engine and the judge's client were never closed, and the next
    # worker of the list was not closed at all.
    redis = EmbeddedRedis(tmp_path / "redis")
    own = settings.model_copy(update={"redis_url": redis.start(), "judge_enabled": True})
    workers = build_workers(own, handle_signals=False, poll_delay=0.05)
    assert len(workers) == 2
    running = asyncio.create_task(run_workers(workers, reconnect=False))
    try:
        async with asyncio.timeout(30):
            while not all("engine" in w.ctx for w in workers):  # noqa: ASYNC110 (arq sets no event)
                await asyncio.sleep(0.02)
        clients = [w.ctx["ollama"]._client for w in workers]  # the httpx client in ollama's
    finally:
        redis.stop()
    with pytest.raises(RedisConnectionError):
        async with asyncio.timeout(30):
            await running
    assert not any("engine" in w.ctx for w in workers)
    assert all(client.is_closed for client in clients)
