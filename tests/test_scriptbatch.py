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
from verifier.queue import _ENQUEUE_ONCE, SubmissionQueue, connect, enqueue_batcher, enqueue_once
from verifier.scriptbatch import ScriptBatcher


class Space:
    """A test's own key prefix on a shared Redis: its queues and job ids."""

    def __init__(self, pool: ArqRedis) -> None:
        self.pool = pool
        self.prefix = f"test:batch:{uuid.uuid4().hex}:"

    def queue(self) -> str:
        """A fresh queue name."""
        return f"{self.prefix}q:{uuid.uuid4().hex}"

    def ids(self, n: int) -> list[str]:
        """n fresh job ids."""
        return [f"{self.prefix}{uuid.uuid4().hex}" for _ in range(n)]

    async def clear(self) -> None:
        """Delete every key of this space, arq's job and result keys of its ids too."""
        for pattern in (f"{self.prefix}*", f"arq:*:{self.prefix}*"):
            keys = [key async for key in self.pool.scan_iter(pattern)]
            if keys:
                await self.pool.delete(*keys)


@pytest.fixture
async def space(redis_url: str) -> AsyncIterator[Space]:
    """An arq pool with a key space of the test's own, emptied afterwards."""
    pool = await connect(redis_url)
    space = Space(pool)
    yield space
    await space.clear()
    await pool.aclose()


async def all_of(*calls: Awaitable[Any]) -> list[Any]:
    """Each call's result or error, in order; bounded, as a lost call would wait forever."""
    return await asyncio.wait_for(asyncio.gather(*calls, return_exceptions=True), 10)


async def round_trip_begun(batcher: ScriptBatcher) -> None:
    """Let the loop run until the batcher's first round trip is on its way (bounded)."""
    for _ in range(1000):
        if batcher.round_trips:
            return
        await asyncio.sleep(0)
    raise AssertionError("no round trip began")


async def enqueue(
    space: Space, batcher: ScriptBatcher, job_id: str, queue: str, claim: str | None = None
) -> bool | str:
    """enqueue_once through the batcher."""
    return await enqueue_once(
        space.pool, "verify_answer", job_id, queue, claim=claim, batcher=batcher, answer_id=job_id
    )


async def test_concurrent_calls_share_round_trips_and_each_is_answered(space: Space) -> None:
    batcher, queue, jobs = enqueue_batcher(space.pool), space.queue(), space.ids(30)
    results = await all_of(*(enqueue(space, batcher, job, queue) for job in jobs))
    assert results == [True] * 30
    assert batcher.round_trips < 30
    assert sorted(await space.pool.zrange(queue, 0, -1)) == sorted(job.encode() for job in jobs)
    # The same ids again, in one batch: each refused on its own.
    again = await all_of(*(enqueue(space, batcher, job, queue) for job in jobs[:5]))
    assert again == [False] * 5


async def test_a_call_made_during_a_round_trip_goes_in_the_next(space: Space) -> None:
    batcher, queue, (first, second) = enqueue_batcher(space.pool), space.queue(), space.ids(2)
    sent = asyncio.create_task(enqueue(space, batcher, first, queue))
    await round_trip_begun(batcher)
    later = asyncio.create_task(enqueue(space, batcher, second, queue))
    assert await all_of(sent, later) == [True, True]
    assert batcher.round_trips == 2


async def test_one_claim_posted_many_times_in_one_batch_makes_one_job(space: Space) -> None:
    batcher, queue, (claim,), jobs = (
        enqueue_batcher(space.pool), space.queue(), space.ids(1), space.ids(8)
    )  # fmt: skip
    results = await all_of(*(enqueue(space, batcher, job, queue, claim) for job in jobs))
    winners = [job for job, result in zip(jobs, results, strict=True) if result is True]
    assert len(winners) == 1
    assert all(result == winners[0] for result in results if result is not True)
    assert await space.pool.zrange(queue, 0, -1) == [winners[0].encode()]


@pytest.mark.parametrize("calls", [1, 6], ids=["alone", "batch"])
async def test_a_script_redis_does_not_know_is_loaded_and_run(space: Space, calls: int) -> None:
    # As after a restart of Redis or a SCRIPT FLUSH: a script of its own, never loaded, so
    # that no other user of this Redis loses theirs.
    unknown = f"{_ENQUEUE_ONCE}\n-- {uuid.uuid4().hex}"
    batcher, queue, jobs = ScriptBatcher(space.pool, unknown), space.queue(), space.ids(calls)
    assert not (await space.pool.script_exists(batcher.script.sha))[0]
    results = await all_of(*(enqueue(space, batcher, job, queue) for job in jobs))
    assert results == [True] * calls
    assert await space.pool.zcard(queue) == calls


@pytest.mark.parametrize("calls", [1, 3], ids=["alone", "batch"])
async def test_an_error_of_one_call_stays_that_calls_own(space: Space, calls: int) -> None:
    batcher, good, bad = enqueue_batcher(space.pool), space.queue(), space.queue()
    await space.pool.set(bad, "not a sorted set")  # ZADD on it fails inside the script
    jobs = space.ids(calls)
    results = await all_of(
        *(enqueue(space, batcher, job, bad if k == 0 else good) for k, job in enumerate(jobs))
    )
    assert isinstance(results[0], ResponseError) and "WRONGTYPE" in str(results[0])
    assert results[1:] == [True] * (calls - 1)


@pytest.mark.parametrize("calls", [1, 4], ids=["alone", "batch"])
async def test_an_unreachable_redis_fails_every_caller_loudly(calls: int) -> None:
    # Nothing listens on port 9; from_url connects on first use (arq's create_pool pings).
    pool = ArqRedis.from_url("redis://127.0.0.1:9/0")
    queue = SubmissionQueue(pool, f"test:batch:{uuid.uuid4().hex}")
    try:
        results = await all_of(
            *(queue.enqueue(uuid.uuid4().hex, "acme", {}, "2026-12-01") for _ in range(calls))
        )
    finally:
        await pool.aclose()
    assert all(isinstance(result, DependencyUnavailable) for result in results), results
    causes = [result.__cause__ for result in results]
    assert all(isinstance(cause, RedisConnectionError | OSError) for cause in causes)
    assert len({id(cause) for cause in causes}) == calls  # each caller's error its own


@pytest.mark.parametrize("when", ["before", "during"])
async def test_a_caller_that_gives_up_leaves_the_others_answered(space: Space, when: str) -> None:
    batcher, queue, jobs = enqueue_batcher(space.pool), space.queue(), space.ids(5)
    calls = [asyncio.create_task(enqueue(space, batcher, job, queue)) for job in jobs]
    await asyncio.sleep(0)
    if when == "during":
        await round_trip_begun(batcher)
    calls[2].cancel()
    results = await all_of(*calls)
    assert isinstance(results[2], asyncio.CancelledError)
    assert [results[k] for k in (0, 1, 3, 4)] == [True] * 4
    # Given up before the round trip, the call is never sent; during it, it ran all the same.
    assert await space.pool.zcard(queue) == (4 if when == "before" else 5)
