"""Running and closing the arq workers: our clients are closed however arq's close ends."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from pathlib import Path

import pytest
from redis.exceptions import ConnectionError as RedisConnectionError

from tests.conftest import Keys, redis_at, serve_app
from tests.fakes.retrieval_server import FakeRetrieval
from tests.worker.test_retrieval import AGENT, FETCHED
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


async def test_a_worker_with_a_job_in_flight_when_redis_restarts_goes_on_verifying(
    settings: Settings, keys: Keys, tmp_path: Path
) -> None:
    # Run again after the outage, the worker read the results of the jobs arq had cancelled
    # and ended at once (CancelledError), or lost Redis a second time: the job in flight and
    # those queued after the restart were never verified.
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = redis_at(port, tmp_path / "redis")
    with FakeRetrieval(FETCHED, delay_s=2.0) as slow:
        own = settings.model_copy(
            update={
                "redis_url": f"redis://127.0.0.1:{port}/0",
                "retrieval_url": slow.url,
                "job_timeout_s": 4.0,
                "job_max_tries": 10,
            }
        )
        working = asyncio.create_task(
            run_workers(build_workers(own, handle_signals=False, poll_delay=0.05))
        )
        try:
            async with serve_app(own) as (client, _):
                ingest = await keys.header("ingest")
                first = await client.post("/v1/answers", json=AGENT, headers=ingest)
                async with asyncio.timeout(30):
                    while not slow.requests:  # noqa: ASYNC110 (in flight, waiting on retrieval)
                        await asyncio.sleep(0.05)
                server.terminate()
                server.wait(timeout=10)
                server = redis_at(port, tmp_path / "redis")
                later = {**AGENT, "answer": "Der Garten hat 3.914,27 EUR gekostet [1]."}
                second = await client.post("/v1/answers", json=later, headers=ingest)
                ids = [first.json()["id"], second.json()["id"]]
                async with asyncio.timeout(60):
                    for answer_id in ids:
                        url = f"/v1/answers/{answer_id}"
                        while (await client.get(url, headers=ingest)).json()["status"] != "done":
                            assert not working.done(), working
                            await asyncio.sleep(0.2)
        finally:
            working.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await working
            server.terminate()
            server.wait(timeout=10)
