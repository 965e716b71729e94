"""A burst from many clients: every answer gets exactly one verdict (bench/burst.py scales it)."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from sqlalchemy import func, select

from tests.api.test_answers import submission
from tests.conftest import Keys, app_in_thread
from tests.fakes.ollama_server import FakeOllama, Reply, proven_ok
from tests.faults.test_faults import worker_process
from verifier.config import Settings
from verifier.db import SessionMaker
from verifier.store.models import Answer, Verdict

ANSWERS, CLIENTS = 300, 20


@pytest.fixture
def judge() -> Iterator[FakeOllama]:
    with FakeOllama() as fake:
        fake.respond_with(lambda body: Reply(content=json.dumps(proven_ok(body)), delay_s=0.02))
        yield fake


async def test_a_burst_gets_one_verdict_each(
    settings: Settings,
    sessionmaker: SessionMaker,
    keys: Keys,
    judge: FakeOllama,
    tmp_path: Path,
) -> None:
    ingest = await keys.header("ingest")
    workers = [
        worker_process(
            settings,
            tmp_path / f"worker{i}.log",
            VERIFIER_JUDGE_ENABLED="true",
            VERIFIER_OLLAMA_URL=judge.url,
        )
        for i in range(2)
    ]
    try:
        with app_in_thread(settings) as url:
            async with httpx.AsyncClient(base_url=url, timeout=30) as client:

                async def post(number: int) -> str:
                    body = submission(
                        f"Die Holzlasur kostete {number},95 EUR [1].", external_id=f"burst-{number}"
                    )
                    response = await client.post("/v1/answers", json=body, headers=ingest)
                    assert response.status_code == 202, response.text
                    answer_id: str = response.json()["id"]
                    return answer_id

                gate = asyncio.Semaphore(CLIENTS)

                async def client_post(number: int) -> str:
                    async with gate:
                        return await post(number)

                ids = await asyncio.gather(*(client_post(n) for n in range(ANSWERS)))
        assert len(set(ids)) == ANSWERS
        deadline = time.monotonic() + 120
        while True:
            async with sessionmaker() as session:
                done = (
                    await session.execute(
                        select(func.count()).select_from(Answer).where(Answer.status == "done")
                    )
                ).scalar_one()
            if done == ANSWERS:
                break
            assert time.monotonic() < deadline, f"{done}/{ANSWERS} done"
            await asyncio.sleep(0.5)
    finally:
        for worker in workers:
            worker.terminate()
        for worker in workers:
            worker.wait(timeout=30)
    async with sessionmaker() as session:
        answers = (await session.execute(select(func.count()).select_from(Answer))).scalar_one()
        verdicts = (await session.execute(select(Verdict.answer_id, Verdict.judge_status))).all()
    assert answers == ANSWERS and len(verdicts) == ANSWERS
    assert {answer_id for answer_id, _ in verdicts} == set(ids)
    assert {status for _, status in verdicts} == {"ok"}
    # One call each: nothing crashed, and no write of the worker upgrades a read transaction
    # (the SQLite lock conflict that used to retry a judge job now and then).
    assert len(judge.requests) == ANSWERS
