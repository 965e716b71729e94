"""A database that hangs (no error, no answer) past a job's timeout loses no answer."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import httpx
import pytest
from sqlalchemy import text

from tests.api.test_answers import submission
from tests.conftest import Keys, run_worker
from tests.fakes.ollama_server import FakeOllama, Reply, proven_ok
from verifier.config import Settings
from verifier.db import SessionMaker
from worker.main import worker_options


@asynccontextmanager
async def answers_locked(sessionmaker: SessionMaker, for_s: float) -> AsyncIterator[None]:
    """The answers table locked by another transaction for a while, as a migration's lock or
    a dropped network would hold the worker's statements: they wait, nothing fails."""
    session = sessionmaker()
    await session.execute(text("LOCK TABLE answers IN ACCESS EXCLUSIVE MODE"))

    async def release() -> None:
        await asyncio.sleep(for_s)
        await session.rollback()
        await session.close()

    releasing = asyncio.create_task(release())
    try:
        yield
    finally:
        await releasing


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
async def test_jobs_that_wait_on_the_database_past_their_timeout_are_retried(
    settings: Settings, sessionmaker: SessionMaker, client: httpx.AsyncClient, keys: Keys
) -> None:
    # arq ends a job at its timeout as failed for good: the code stage's answer was in no
    # log (accepted, then lost), and a judge job left its answer 'running' forever.
    ingest = await keys.header("ingest")
    async with FakeOllama() as ollama:
        ollama.respond_with(lambda body: Reply.json(proven_ok(body)))
        quick = settings.model_copy(
            update={
                "judge_enabled": True,
                "ollama_url": ollama.url,
                "job_timeout_s": 1.0,
                "judge_timeout_s": 1.0,
                # Tries enough for the lock: each waits half a second before it is an outage.
                "job_max_tries": 10,
            }
        )
        # Each job's timeout is shorter than the lock.
        assert all(worker_options(quick, q)["job_timeout"] < 2.5 for q in ("code", "judge"))
        posted = await client.post(
            "/v1/answers", json=submission("Sie kostete 39,95 EUR [1]."), headers=ingest
        )
        url = f"/v1/answers/{posted.json()['id']}"
        async with answers_locked(sessionmaker, for_s=2.5):
            await run_worker(quick, code_stage_only=True)
        stored = (await client.get(url, headers=ingest)).json()
        assert stored["status"] == "running", stored  # stored, the judge's job queued
        async with answers_locked(sessionmaker, for_s=2.5):
            await run_worker(quick)
        done = (await client.get(url, headers=ingest)).json()
    assert done["status"] == "done", done
    assert len(ollama.requests) >= 1
