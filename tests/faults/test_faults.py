"""Faults lose nothing: a worker killed mid-job, a Redis restart."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import func, select

from tests.api.test_answers import submission
from tests.conftest import BreakableDatabase, Keys, run_worker, serve_app
from tests.fakes.ollama_server import FakeOllama, Reply, proven_ok
from tests.fakes.retrieval_server import FakeRetrieval
from verifier import monitoring
from verifier.config import Settings
from verifier.db import SessionMaker
from verifier.embedded_redis import EmbeddedRedis
from verifier.store.models import Answer, Verdict
from worker.main import build_workers, run_workers

FETCHED = [{"n": 1, "text": "Holzlasur 2,5 l      39,95 EUR"}]


def worker_process(settings: Settings, log: Path, **extra: str) -> subprocess.Popen[bytes]:
    """`verifier worker` as its own process, as it runs in production."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("VERIFIER_")}
    env.update(
        VERIFIER_REDIS_URL=str(settings.redis_url),
        VERIFIER_DATABASE_URL=settings.resolved_database_url(),
        VERIFIER_QUEUE_NAME=settings.queue_name,
        VERIFIER_DATA_DIR=str(settings.data_dir),
        VERIFIER_JOB_TIMEOUT_S=str(settings.job_timeout_s),
        VERIFIER_JUDGE_ENABLED="false",
        VERIFIER_RETRIEVAL_URL=str(settings.retrieval_url),
    )
    env.update(extra)
    return subprocess.Popen(
        [sys.executable, "-m", "verifier.cli", "worker"],
        env=env,
        stdout=log.open("ab"),
        stderr=subprocess.STDOUT,
    )


async def counts(sessionmaker: SessionMaker) -> tuple[int, int, list[str]]:
    async with sessionmaker() as session:
        answers = (await session.execute(select(func.count()).select_from(Answer))).scalar_one()
        verdicts = (await session.execute(select(func.count()).select_from(Verdict))).scalar_one()
        statuses = list((await session.execute(select(Answer.status))).scalars())
    return int(answers), int(verdicts), statuses


@pytest.fixture
def slow_retrieval() -> Iterator[FakeRetrieval]:
    with FakeRetrieval(FETCHED, delay_s=2.0) as fake:
        yield fake


async def test_a_worker_killed_mid_job_leaves_exactly_one_verdict(
    settings: Settings,
    sessionmaker: SessionMaker,
    keys: Keys,
    slow_retrieval: FakeRetrieval,
    tmp_path: Path,
) -> None:
    # The retrieval's 2 s leave the second run 2.5 s before its job's outage guard fires.
    configured = settings.model_copy(
        update={"retrieval_url": slow_retrieval.url, "job_timeout_s": 5.0}
    )
    async with serve_app(configured) as (client, _):
        agent = {**submission("Sie kostete 39,95 EUR."), "excerpts": []}
        posted = await client.post("/v1/answers", json=agent, headers=await keys.header("ingest"))
        assert posted.status_code == 202
    first = worker_process(configured, tmp_path / "worker.log")
    deadline = time.monotonic() + 30
    while not slow_retrieval.requests:  # the job is in flight: it waits on the retrieval
        assert time.monotonic() < deadline, (tmp_path / "worker.log").read_text()
        await asyncio.sleep(0.05)
    first.send_signal(signal.SIGKILL)
    first.wait(timeout=10)
    killed_at = time.monotonic()
    second = worker_process(configured, tmp_path / "worker.log")
    try:
        while (await counts(sessionmaker))[2] != ["done"]:
            assert time.monotonic() - killed_at < 40, (tmp_path / "worker.log").read_text()
            await asyncio.sleep(0.2)
    finally:
        second.terminate()
        second.wait(timeout=20)
    answers, verdicts, _ = await counts(sessionmaker)
    assert (answers, verdicts) == (1, 1)
    assert len(slow_retrieval.requests) == 2  # the killed try and the one that finished
    # Picked up within the code-stage job's timeout plus arq's 10 s, not minutes.
    assert time.monotonic() - killed_at < configured.job_timeout_s + 10 + 10


async def test_queued_submissions_survive_a_redis_restart(
    settings: Settings, sessionmaker: SessionMaker, keys: Keys, tmp_path: Path
) -> None:
    redis = EmbeddedRedis(tmp_path)
    url = redis.start()
    own = settings.model_copy(update={"redis_url": url, "queue_name": f"t:{uuid.uuid4().hex}"})
    async with serve_app(own) as (client, _):
        ingest = await keys.header("ingest")
        for amount in ("39,95", "42,95", "9,49"):
            response = await client.post(
                "/v1/answers", json=submission(f"{amount} EUR [1]."), headers=ingest
            )
            assert response.status_code == 202
    redis.stop()  # a restart: SIGTERM, the append-only file is flushed
    restarted = EmbeddedRedis(tmp_path)
    try:
        again = own.model_copy(update={"redis_url": restarted.start()})
        await run_worker(again)
    finally:
        restarted.stop()
    answers, verdicts, statuses = await counts(sessionmaker)
    assert (answers, verdicts, statuses) == (3, 3, ["done"] * 3)


async def test_a_judge_job_meeting_an_outage_on_its_last_judge_try_still_ends_the_answer(
    breakable_db: BreakableDatabase,
) -> None:
    # Two judge tries allowed, and the database away when the judge job runs: arq ran a job
    # no more often than the judge's tries, so it dropped the retry unseen and the answer
    # read 'running' for good; and runs that met the outage used up the model's tries.
    # Runs for outages come on top, and only calls of the model count as tries.
    keys = await breakable_db.keys()
    ingest = keys["ingest"]
    async with FakeOllama() as ollama:
        ollama.script(Reply.busy())
        ollama.respond_with(lambda body: Reply.json(proven_ok(body)))
        own = breakable_db.settings.model_copy(
            update={"judge_enabled": True, "ollama_url": ollama.url, "judge_max_tries": 2}
        )
        async with serve_app(own) as (client, app):
            posted = await client.post(
                "/v1/answers", json=submission("39,95 EUR [1]."), headers=ingest
            )
            await run_worker(own, code_stage_only=True)
            await breakable_db.take_away(app)
            working = asyncio.create_task(run_workers(build_workers(own, handle_signals=False)))
            await asyncio.sleep(1.0)  # the judge job meets the outage and is retried
            breakable_db.bring_back()
            url = f"/v1/answers/{posted.json()['id']}"
            deadline = time.monotonic() + 20
            try:
                while (await client.get(url, headers=ingest)).json()["status"] != "done":
                    assert time.monotonic() < deadline, "the answer never left 'running'"
                    await asyncio.sleep(0.2)
            finally:
                working.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await working
            rated = await client.post(
                f"{url}/rating", json={"rating": "correct"}, headers=keys["reviewer"]
            )
    judge = rated.json()["verdict"]["stages"]["judge"]
    assert (judge["status"], judge["attempts"]) == ("ok", 2) and len(ollama.requests) == 2


async def test_a_database_outage_is_waited_out_and_ingest_goes_on(
    breakable_db: BreakableDatabase,
) -> None:
    ingest = (await breakable_db.keys())["ingest"]
    own = breakable_db.settings
    async with serve_app(own) as (client, app):
        warm = await client.post("/v1/answers", json=submission("39,95 EUR [1]."), headers=ingest)
        assert warm.status_code == 202  # the key is now cached
        await breakable_db.take_away(app)
        posted = await client.post("/v1/answers", json=submission("42,95 EUR [1]."), headers=ingest)
        assert posted.status_code == 202
        working = asyncio.create_task(run_workers(build_workers(own, handle_signals=False)))
        # The worker meets the outage and retries with backoff (waited for, not slept for: a
        # slow start of the worker on a loaded machine met no outage in a fixed 1.5 s).
        met = time.monotonic() + 30
        while (await monitoring.read(app.state.queue.pool, own.queue_name)).get(
            "jobs_retried", 0
        ) < 1:
            assert time.monotonic() < met, "the worker never met the outage"
            await asyncio.sleep(0.1)
        breakable_db.bring_back()
        deadline = time.monotonic() + 30
        try:
            for answer_id in (warm.json()["id"], posted.json()["id"]):
                url = f"/v1/answers/{answer_id}"
                while (await client.get(url, headers=ingest)).json()["status"] != "done":
                    assert time.monotonic() < deadline
                    await asyncio.sleep(0.2)
        finally:
            working.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await working
        counters = await monitoring.read(app.state.queue.pool, own.queue_name)
    assert counters["jobs_retried"] >= 1 and counters["jobs_done"] == 2
