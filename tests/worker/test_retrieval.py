"""Answers posted without excerpts: fetched from the retrieval endpoint, or said plainly."""

from __future__ import annotations

import time
from collections.abc import Iterator

import httpx
import pytest
from arq import Retry
from redis.asyncio import Redis

from tests.conftest import Keys, run_worker, serve_app
from tests.fakes.retrieval_server import FakeRetrieval
from verifier.config import Settings
from verifier.db import SessionMaker
from verifier.exceptions import DependencyUnavailable
from verifier.retrieval import RetrievalSettings, fetch_excerpts
from worker.tasks import verify_answer

FETCHED = [{"n": 4, "text": "Summe Garten 2025: 3.914,27 EUR (21 Belege)", "title": "SQL"}]
AGENT = {
    "question": "Was hat der Garten 2025 gekostet?",
    "answer": "Der Garten hat 3.914,27 EUR gekostet, verteilt auf 12 Belege [1].",
    "excerpts": [],
}


@pytest.fixture
def retrieval() -> Iterator[FakeRetrieval]:
    with FakeRetrieval(FETCHED) as fake:
        yield fake


async def test_excerpts_are_fetched_and_citations_do_not_apply(
    settings: Settings, sessionmaker: SessionMaker, keys: Keys, retrieval: FakeRetrieval
) -> None:
    configured = settings.model_copy(update={"retrieval_url": retrieval.url})
    async with serve_app(configured) as (client, _):
        posted = await client.post("/v1/answers", json=AGENT, headers=await keys.header("ingest"))
        assert posted.status_code == 202, posted.text
        await run_worker(configured)
        rated = await client.post(
            f"/v1/answers/{posted.json()['id']}/rating",
            json={"rating": "incorrect"},
            headers=await keys.header("reviewer"),
        )
    body = rated.json()
    assert retrieval.requests == [{"question": AGENT["question"], "answer": AGENT["answer"]}]
    assert [e["n"] for e in body["excerpts"]] == [4]
    stages = body["verdict"]["stages"]
    assert stages["retrieval"] == {"status": "fetched", "url": retrieval.url, "count": 1}
    assert stages["citations"]["status"] == "not_applicable"
    assert [r["text"] for r in body["verdict"]["reasons"]] == ["12"]


async def test_a_repeated_post_without_excerpts_is_no_other_answer_for_the_fetched_ones(
    settings: Settings, sessionmaker: SessionMaker, keys: Keys, retrieval: FakeRetrieval
) -> None:
    # Once arq forgot the job, the question log holds the fetched excerpts, not the posted
    # none: the same post again must stay a duplicate, and only what differs is named.
    configured = settings.model_copy(update={"retrieval_url": retrieval.url})
    ingest = await keys.header("ingest")
    body = {**AGENT, "external_id": "agent-1"}
    async with serve_app(configured) as (client, _):
        first = (await client.post("/v1/answers", json=body, headers=ingest)).json()["id"]
        await run_worker(configured)
        assert configured.redis_url is not None
        async with Redis.from_url(configured.redis_url) as redis:
            assert await redis.delete(f"arq:result:{first}") == 1
        again = await client.post("/v1/answers", json=body, headers=ingest)
        other = {**body, "question": "Und 2024?"}
        refused = await client.post("/v1/answers", json=other, headers=ingest)
    assert again.json() == {"id": first, "status": "done", "duplicate": True}
    assert refused.status_code == 409
    assert refused.json()["details"] == [{"answer_id": first, "fields": ["question"]}]


async def test_without_an_endpoint_no_excerpts_is_a_422(
    client: httpx.AsyncClient, keys: Keys
) -> None:
    response = await client.post("/v1/answers", json=AGENT, headers=await keys.header("ingest"))
    assert response.status_code == 422
    assert "retrieval endpoint" in response.json()["message"]


async def test_a_down_endpoint_retries_the_job(sessionmaker: SessionMaker) -> None:
    ctx = {
        "sessionmaker": sessionmaker,
        "job_try": 1,
        "judge": None,
        "retrieval": Settings(retrieval_url="http://127.0.0.1:9/search").retrieval_settings(),
    }
    with pytest.raises(Retry):
        await verify_answer(
            ctx,
            answer_id="r1",
            tenant="acme",
            submission=AGENT,
            received_at="2026-11-29T10:00:00+00:00",
        )


async def test_an_endpoint_that_trickles_its_reply_is_cut_off_and_retried() -> None:
    # Each pause is shorter than the timeout, so httpx (per read) would wait for all of
    # them; the whole reply must come within the timeout, or a worker job could time out.
    with FakeRetrieval(FETCHED, trickle_s=0.3) as slow:
        settings = RetrievalSettings(url=slow.url, timeout_s=0.5)
        began = time.monotonic()
        with pytest.raises(DependencyUnavailable, match=r"no whole reply in 0\.5 s"):
            await fetch_excerpts(settings, AGENT["question"], AGENT["answer"])
        assert time.monotonic() - began < 1.2
        patient = RetrievalSettings(url=slow.url, timeout_s=5)
        assert [e["n"] for e in await fetch_excerpts(patient, "q", "a")] == [4]


async def test_a_job_run_again_for_a_stored_answer_asks_the_endpoint_nothing(
    sessionmaker: SessionMaker, retrieval: FakeRetrieval
) -> None:
    # The first run stored the verdict and its worker died before arq noted the end. Run
    # again with the endpoint down, the job fetched anew and retried for hours, while GET
    # said 'queued' for a verified answer; given up, it counted a failure.
    ctx = {
        "sessionmaker": sessionmaker,
        "job_try": 1,
        "judge": None,
        "retrieval": RetrievalSettings(url=retrieval.url, timeout_s=5),
    }
    job = {
        "answer_id": "r2",
        "tenant": "acme",
        "submission": AGENT,
        "received_at": "2026-11-29T10:00:00+00:00",
    }
    assert await verify_answer(ctx, **job) == "done"
    down = RetrievalSettings(url="http://127.0.0.1:9/search", timeout_s=1)
    assert await verify_answer({**ctx, "job_try": 2, "retrieval": down}, **job) == "done"
    assert len(retrieval.requests) == 1


@pytest.mark.parametrize(
    ("excerpts", "status", "why"),
    [
        (FETCHED, 404, "retrieval endpoint answered 404"),
        ([], 200, "retrieval endpoint found no excerpts"),
        ([*FETCHED, *FETCHED], 200, "retrieval endpoint repeated excerpt numbers"),
    ],
)
async def test_an_endpoint_that_gives_no_usable_excerpts_fails_the_answer_saying_why(
    settings: Settings,
    sessionmaker: SessionMaker,
    keys: Keys,
    excerpts: list[dict[str, object]],
    status: int,
    why: str,
) -> None:
    # The answer was 'done' and unflagged, every check without excerpts: a pass in the
    # figures for an answer nothing was checked against.
    with FakeRetrieval(excerpts, status=status) as endpoint:
        configured = settings.model_copy(update={"retrieval_url": endpoint.url})
        async with serve_app(configured) as (client, _):
            ingest = await keys.header("ingest")
            posted = await client.post("/v1/answers", json=AGENT, headers=ingest)
            await run_worker(configured)
            stored = (await client.get(f"/v1/answers/{posted.json()['id']}", headers=ingest)).json()
    assert stored["status"] == "failed", stored
    assert stored["error"].startswith(f"no excerpts to verify against: {why}"), stored["error"]
