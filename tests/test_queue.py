"""The one-round-trip enqueue writes what arq's own enqueue_job writes."""

from __future__ import annotations

import uuid

import pytest
from arq.jobs import Job, JobStatus
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from verifier.db import SessionMaker
from verifier.queue import connect, deserialize_job, enqueue_once, serialize_job


async def test_a_job_enqueued_once_reads_like_arqs_own(redis_url: str) -> None:
    pool = await connect(redis_url)
    queue, ours, theirs = f"test:{uuid.uuid4().hex}", uuid.uuid4().hex, uuid.uuid4().hex
    kwargs = {"answer_id": "a1", "submission": {"n": 2, "text": "Summe: 12,50 €"}}
    try:
        assert await enqueue_once(pool, "verify_answer", ours, queue, **kwargs)
        assert await pool.enqueue_job("verify_answer", _job_id=theirs, _queue_name=queue, **kwargs)
        # The same id again is refused, by both: a redelivery enqueues nothing new.
        assert not await enqueue_once(pool, "verify_answer", ours, queue, answer_id="other")
        assert await pool.enqueue_job("verify_answer", _job_id=ours, _queue_name=queue) is None
        assert not await enqueue_once(pool, "verify_answer", theirs, queue, answer_id="other")

        infos = []
        for job_id in (ours, theirs):
            job = Job(job_id, pool, _queue_name=queue, _deserializer=deserialize_job)
            assert await job.status() == JobStatus.queued
            info = await job.info()
            assert info is not None and info.score == int(info.enqueue_time.timestamp() * 1000)
            infos.append((info.function, info.args, info.kwargs, info.job_try))
        assert infos[0] == infos[1] and infos[0][2] == kwargs
        ttls = [await pool.pttl(f"arq:job:{job_id}") for job_id in (ours, theirs)]
        assert abs(ttls[0] - ttls[1]) < 60_000 and ttls[0] > 86_400_000
    finally:
        await pool.delete(f"arq:job:{ours}", f"arq:job:{theirs}", queue)
        await pool.aclose()


async def test_a_claimed_external_id_and_its_job_are_written_together(redis_url: str) -> None:
    # A claim without its job would answer every later post of the external id as a duplicate
    # of an answer nobody verifies: one script writes both, or neither.
    pool = await connect(redis_url)
    queue, claim = f"test:{uuid.uuid4().hex}", f"test:claim:{uuid.uuid4().hex}"
    first, second = uuid.uuid4().hex, uuid.uuid4().hex
    try:
        assert await enqueue_once(pool, "verify_answer", first, queue, claim=claim) is True
        assert await pool.get(claim) == first.encode()
        # The same external id again: the first answer's id, and no second job.
        assert await enqueue_once(pool, "verify_answer", second, queue, claim=claim) == first
        assert await pool.exists(f"arq:job:{second}") == 0
        assert await pool.zrange(queue, 0, -1) == [first.encode()]
        # A job id that exists already leaves a new claim unset.
        other = f"test:claim:{uuid.uuid4().hex}"
        assert await enqueue_once(pool, "verify_answer", first, queue, claim=other) is False
        assert await pool.exists(other) == 0
    finally:
        await pool.delete(f"arq:job:{first}", queue, claim)
        await pool.aclose()


async def test_a_failed_jobs_stored_error_holds_no_statement_parameters(
    sessionmaker: SessionMaker,
) -> None:
    # arq keeps a failed job's error for GET to show before anyone rated the answer; SQLAlchemy's
    # message lists the statement's parameters, which for a verdict are its reasons.
    with pytest.raises(DBAPIError) as caught:
        async with sessionmaker() as session:
            await session.execute(
                text("INSERT INTO findings (answer_id, stage, kind) VALUES (:a, :s, :k)"),
                {"a": "no-such-answer", "s": "numbers", "k": "the verdict's secret reason"},
            )
            await session.commit()
    assert "the verdict's secret reason" in str(caught.value)
    stored = deserialize_job(serialize_job({"r": caught.value}))["r"]
    assert "secret" not in stored and "Error" in stored.split(":")[0]
