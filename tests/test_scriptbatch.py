"""Concurrent enqueues share round trips, and each caller still gets its own answer."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Awaitable
from typing import Any

import pytest
from arq.connections import ArqRedis
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ResponseError

from verifier.exceptions import DependencyUnavailable
from verifier.queue import SubmissionQueue, connect, enqueue_batcher, enqueue_once
from verifier.scriptbatch import ScriptBatcher


@pytest.fixture
async def pool(redis_url: str) -> AsyncIterator[ArqRedis]:
    """An arq pool; the test's keys all start with test:."""
    pool = await connect(redis_url)
    yield pool
    keys = [key async for key in pool.scan_iter("test:*")]
    if keys:
        await pool.delete(*keys)
    await pool.aclose()


def ids(n: int) -> list[str]:
    """n fresh job ids."""
    return [f"test:{uuid.uuid4().hex}" for _ in range(n)]


async def all_of(*calls: Awaitable[Any]) -> list[Any]:
    """Each call's result or error, in order; bounded, as a lost call would wait forever."""
    return await asyncio.wait_for(asyncio.gather(*calls, return_exceptions=True), 10)


async def enqueue(
    pool: ArqRedis, batcher: ScriptBatcher, job_id: str, queue: str, claim: str | None = None
) -> bool | str:
    """enqueue_once through the batcher."""
    return await enqueue_once(
        pool, "verify_answer", job_id, queue, claim=claim, batcher=batcher, answer_id=job_id
    )


async def test_concurrent_calls_share_round_trips_and_each_is_answered(pool: ArqRedis) -> None:
    batcher, queue, jobs = enqueue_batcher(pool), f"test:{uuid.uuid4().hex}", ids(30)
    results = await all_of(*(enqueue(pool, batcher, job, queue) for job in jobs))
    assert results == [True] * 30
    assert batcher.round_trips < 30
    assert sorted(await pool.zrange(queue, 0, -1)) == sorted(job.encode() for job in jobs)
    # The same ids again, in one batch: each refused on its own.
    again = await all_of(*(enqueue(pool, batcher, job, queue) for job in jobs[:5]))
    assert again == [False] * 5


async def test_one_claim_posted_many_times_in_one_batch_makes_one_job(pool: ArqRedis) -> None:
    batcher, queue, claim, jobs = enqueue_batcher(pool), f"test:{uuid.uuid4().hex}", *ids(1), ids(8)
    results = await all_of(*(enqueue(pool, batcher, job, queue, claim) for job in jobs))
    winners = [job for job, result in zip(jobs, results, strict=True) if result is True]
    assert len(winners) == 1
    assert all(result == winners[0] for result in results if result is not True)
    assert await pool.zrange(queue, 0, -1) == [winners[0].encode()]


async def test_scripts_flushed_from_redis_are_loaded_again(pool: ArqRedis) -> None:
    batcher, queue = enqueue_batcher(pool), f"test:{uuid.uuid4().hex}"
    assert await all_of(enqueue(pool, batcher, *ids(1), queue)) == [True]
    for lone in (False, True):  # a batch, and a call on its own
        await pool.script_flush()
        jobs = ids(1 if lone else 6)
        results = await all_of(*(enqueue(pool, batcher, job, queue) for job in jobs))
        assert results == [True] * len(jobs)


async def test_an_error_of_one_call_stays_that_calls_own(pool: ArqRedis) -> None:
    batcher = enqueue_batcher(pool)
    good, bad = f"test:{uuid.uuid4().hex}", f"test:{uuid.uuid4().hex}"
    await pool.set(bad, "not a sorted set")  # ZADD on it fails inside the script
    results = await all_of(
        enqueue(pool, batcher, *ids(1), good),
        enqueue(pool, batcher, *ids(1), bad),
        enqueue(pool, batcher, *ids(1), good),
    )
    assert results[0] is True and results[2] is True
    assert isinstance(results[1], ResponseError) and "WRONGTYPE" in str(results[1])


async def test_an_unreachable_redis_fails_every_caller_loudly() -> None:
    # Nothing listens on port 9; from_url connects on first use (arq's create_pool pings).
    pool = ArqRedis.from_url("redis://127.0.0.1:9/0")
    queue = SubmissionQueue(pool, f"test:{uuid.uuid4().hex}")
    try:
        results = await all_of(
            *(queue.enqueue(job, "acme", {"answer": "x"}, "2026-12-01") for job in ids(4)),
        )
    finally:
        await pool.aclose()
    assert all(isinstance(result, DependencyUnavailable) for result in results), results
    assert all(isinstance(result.__cause__, RedisConnectionError | OSError) for result in results)


async def test_a_caller_that_gives_up_leaves_the_others_answered(pool: ArqRedis) -> None:
    batcher, queue, jobs = enqueue_batcher(pool), f"test:{uuid.uuid4().hex}", ids(5)
    calls = [asyncio.create_task(enqueue(pool, batcher, job, queue)) for job in jobs]
    await asyncio.sleep(0)
    calls[2].cancel()
    results = await all_of(*calls)
    assert isinstance(results[2], asyncio.CancelledError)
    assert [results[k] for k in (0, 1, 3, 4)] == [True] * 4
    # The call given up may still have run: its caller only stopped waiting.
    assert await pool.zcard(queue) in (4, 5)
