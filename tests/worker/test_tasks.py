"""The worker task: at-least-once delivery yields exactly one verdict; outages retry."""

from __future__ import annotations

import asyncio
import random
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from arq import Retry
from arq.connections import ArqRedis
from sqlalchemy import func, select, text

from verifier.config import Settings
from verifier.db import SessionMaker, create_engine, create_sessionmaker
from verifier.exceptions import DependencyUnavailable
from verifier.queue import connect, judge_queue, serialize_job
from verifier.retrieval import RetrievalSettings
from verifier.store.models import Answer, Finding, Verdict
from worker.main import shutdown, startup
from worker.tasks import MIN_RESERVE_S, WAIT_SHARE, outage_after_s, retry_delay, verify_answer

SUBMISSION: dict[str, Any] = {
    "question": "Wie viel?",
    "answer": "Es waren 127.551,00 EUR, nicht 99 EUR.",
    "excerpts": [{"n": 1, "text": "Summe Sanierung: 127.551,00 EUR"}],
}


def job(answer_id: str) -> dict[str, Any]:
    return {
        "answer_id": answer_id,
        "tenant": "acme",
        "submission": SUBMISSION,
        "received_at": "2026-11-29T10:00:00+00:00",
    }


async def count(sessionmaker: SessionMaker, model: type[Any]) -> int:
    async with sessionmaker() as session:
        return int((await session.execute(select(func.count()).select_from(model))).scalar_one())


async def test_a_job_delivered_twice_leaves_one_verdict(sessionmaker: SessionMaker) -> None:
    ctx = {"sessionmaker": sessionmaker, "job_try": 1}
    assert await verify_answer(ctx, **job("a1")) == "done"
    assert await verify_answer(ctx, **job("a1")) == "done"
    await asyncio.gather(*(verify_answer(ctx, **job("a2")) for _ in range(3)))
    assert await count(sessionmaker, Answer) == 2
    assert await count(sessionmaker, Verdict) == 2
    async with sessionmaker() as session:
        verdict = (
            await session.execute(select(Verdict).where(Verdict.answer_id == "a1"))
        ).scalar_one()
    assert verdict.flagged is True
    assert [r["text"] for r in verdict.reasons] == ["99"]
    assert await count(sessionmaker, Finding) == 2  # one per answer, not one per delivery


async def test_database_outage_is_retried_never_dropped() -> None:
    unreachable = create_engine("postgresql+asyncpg://nobody:secret@127.0.0.1:1/none")
    ctx = {"sessionmaker": create_sessionmaker(unreachable), "job_try": 2}
    with pytest.raises(Retry):
        await verify_answer(ctx, **job("a3"))
    await unreachable.dispose()


def test_retry_delay_grows_with_jitter_and_is_capped() -> None:
    first = [retry_delay(1) for _ in range(50)]
    assert all(0.125 <= d <= 0.375 for d in first) and len(set(first)) > 1
    assert all(d <= 45 for d in (retry_delay(30) for _ in range(50)))
    assert retry_delay(5000) <= 45  # tries are counted in thousands now: no float overflow


async def test_a_verdict_stored_at_once_has_one_time_for_stored_created_and_verified(
    sessionmaker: SessionMaker,
) -> None:
    # The latency benchmark splits post -> verdict by these times; one transaction is one event.
    await verify_answer({"sessionmaker": sessionmaker, "job_try": 1}, **job("a4"))
    async with sessionmaker() as session:
        answer = await session.get(Answer, "a4")
        verdict = (
            await session.execute(select(Verdict).where(Verdict.answer_id == "a4"))
        ).scalar_one()
    assert answer is not None and answer.verified_at is not None
    assert answer.stored_at == verdict.created_at == answer.verified_at


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
async def test_connections_dropped_by_postgresql_are_replaced_within_the_job(
    settings: Settings, sessionmaker: SessionMaker
) -> None:
    # The worker's engine does not ping before each transaction. After a restart of the
    # server (here: every backend of the database terminated) the store must get a fresh
    # connection by itself: a job retry would, for the judge, mean asking the model again.
    ctx: dict[str, Any] = {"settings": settings, "job_try": 1}
    await startup(ctx)
    try:
        await asyncio.gather(*(verify_answer(ctx, **job(f"p{i}")) for i in range(3)))
        async with sessionmaker() as session:
            dropped = await session.execute(
                text(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
            )
            assert len(dropped.all()) >= 1  # the worker's pooled connections
        assert await verify_answer(ctx, **job("p3")) == "done"
    finally:
        await shutdown(ctx)
    assert await count(sessionmaker, Answer) == 4
    assert await count(sessionmaker, Verdict) == 4


async def test_a_worker_stopped_before_its_startup_closes_without_error(
    settings: Settings,
) -> None:
    # arq runs on_shutdown once its Redis pool is open, even when the worker was cancelled
    # before on_startup (serve whose port is taken): shutdown read ctx["engine"] and raised
    # KeyError, a traceback after the one clear error.
    await shutdown({"settings": settings})


async def test_shutdown_closes_the_judges_client(settings: Settings) -> None:
    ctx: dict[str, Any] = {"settings": settings.model_copy(update={"judge_enabled": True})}
    await startup(ctx)
    client = ctx["ollama"]._client  # the httpx client inside ollama's
    assert not client.is_closed
    await shutdown(ctx)
    assert client.is_closed


async def test_a_judge_job_that_cannot_be_queued_retries_the_code_stage(
    settings: Settings, sessionmaker: SessionMaker, redis_url: str
) -> None:
    # Redis gone between storing the code verdict and queueing the judge: without a retry the
    # answer would stay "running" with nobody to judge it.
    judged = settings.model_copy(update={"judge_enabled": True})
    ctx: dict[str, Any] = {
        "settings": judged,
        "sessionmaker": sessionmaker,
        "judge": judged.judge_settings(),
        # An arq pool as the worker has, to a port where nothing listens.
        "redis": ArqRedis(host="127.0.0.1", port=9, job_serializer=serialize_job),
        "job_try": 1,
    }
    with pytest.raises(Retry):
        await verify_answer(ctx, **job("j1"))
    async with sessionmaker() as session:
        answer = await session.get(Answer, "j1")
        assert answer is not None and answer.status == "running"
    await ctx["redis"].aclose()
    ctx.update(redis=await connect(redis_url), job_try=2)
    queue = judge_queue(judged.queue_name)
    try:
        assert await verify_answer(ctx, **job("j1")) == "judging"
        assert await ctx["redis"].zscore(queue, "j1:judge") is not None
    finally:
        await ctx["redis"].delete(queue, "arq:job:j1:judge")
        await ctx["redis"].aclose()
    assert await count(sessionmaker, Verdict) == 1


async def test_an_outage_is_retried_for_hours_then_fails_loudly(settings: Settings) -> None:
    # Counted tries (eight) once gave up after a minute of outage and lost the answer; the
    # window is time since the answer arrived.
    unreachable = create_engine("postgresql+asyncpg://nobody:secret@127.0.0.1:1/none")
    window = settings.model_copy(update={"outage_retry_s": 3600})
    ctx = {"sessionmaker": create_sessionmaker(unreachable), "settings": window, "job_try": 500}
    now = datetime.now(UTC)
    try:
        recent = {**job("o1"), "received_at": (now - timedelta(minutes=50)).isoformat()}
        with pytest.raises(Retry):
            await verify_answer(ctx, **recent)
        old = {**job("o2"), "received_at": (now - timedelta(minutes=70)).isoformat()}
        with pytest.raises(DependencyUnavailable):
            await verify_answer(ctx, **old)
        # An answer that waited past the window on the queue still gets its first tries.
        with pytest.raises(Retry):
            await verify_answer({**ctx, "job_try": 1}, **old)
    finally:
        await unreachable.dispose()
    # The count is no longer what ends the retries.
    assert Settings.model_fields["job_max_tries"].default >= 500


async def test_a_retrieval_outage_given_up_leaves_the_answer_failed_in_the_log(
    settings: Settings, sessionmaker: SessionMaker
) -> None:
    # The database was up all along: the answer belongs in the question log, failed and
    # saying why, not only in arq's result of the job (kept for a week).
    ctx = {
        "settings": settings.model_copy(update={"outage_retry_s": 60.0}),
        "sessionmaker": sessionmaker,
        "retrieval": RetrievalSettings(url="http://127.0.0.1:9/retrieve", timeout_s=1.0),
        "job_try": 8,
    }
    asked = {**job("g1"), "submission": {**SUBMISSION, "excerpts": []}}
    asked["received_at"] = (datetime.now(UTC) - timedelta(seconds=120)).isoformat()
    assert await verify_answer(ctx, **asked) == "failed"
    async with sessionmaker() as session:
        answer = await session.get(Answer, "g1")
    assert answer is not None and answer.status == "failed"
    assert answer.error is not None and answer.error.startswith("gave up after")
    assert "retrieval" in answer.error


REFUSE_VERDICTS = {
    "postgresql": [
        "CREATE FUNCTION refuse_verdict() RETURNS trigger LANGUAGE plpgsql AS "
        "$$ BEGIN RAISE EXCEPTION 'verdicts are read-only today'; END $$",
        "CREATE TRIGGER refuse_verdict BEFORE INSERT ON verdicts "
        "FOR EACH ROW EXECUTE FUNCTION refuse_verdict()",
    ],
    "sqlite": [
        "CREATE TRIGGER refuse_verdict BEFORE INSERT ON verdicts "
        "BEGIN SELECT RAISE(ABORT, 'verdicts are read-only today'); END",
    ],
}
# The test databases live for the whole session: the trigger must go with the test.
ALLOW_VERDICTS = {
    "postgresql": [
        "DROP TRIGGER IF EXISTS refuse_verdict ON verdicts",
        "DROP FUNCTION IF EXISTS refuse_verdict()",
    ],
    "sqlite": ["DROP TRIGGER IF EXISTS refuse_verdict"],
}


async def test_a_verdict_the_database_refuses_leaves_the_answer_failed_saying_why(
    sessionmaker: SessionMaker, database_url: str
) -> None:
    # No outage, no bug of the checks: the database refuses the verdict itself (here a
    # trigger, as a DBA's rule or a schema drift would). The answer must still land in the
    # question log, failed with the reason, not live on only as a failed job in Redis; and
    # SQLite's refusal (an integrity error) must not read as an external id in use.
    backend = "postgresql" if database_url.startswith("postgresql") else "sqlite"

    async def run(statements: list[str]) -> None:
        async with sessionmaker() as session:
            for statement in statements:
                await session.execute(text(statement))
            await session.commit()

    await run(REFUSE_VERDICTS[backend])
    try:
        ctx = {"sessionmaker": sessionmaker, "job_try": 1}
        assert await verify_answer(ctx, **job("r1")) == "failed"
    finally:
        await run(ALLOW_VERDICTS[backend])
    async with sessionmaker() as session:
        answer = await session.get(Answer, "r1")
    assert answer is not None and answer.status == "failed"
    assert answer.error is not None and "verdicts are read-only today" in answer.error
    assert answer.error.startswith("the verdict could not be stored")
    assert "external_id" not in answer.error
    # The error is shown before the blind rating: none of the refused verdict may be in it
    # (SQLAlchemy's message lists the statement's parameters, the findings among them).
    assert "[parameters" not in answer.error and "99" not in answer.error
    assert await count(sessionmaker, Verdict) == 0


async def test_checks_that_outrun_the_job_end_the_answer_failed_not_lost(
    settings: Settings, sessionmaker: SessionMaker
) -> None:
    # arq ends a job at its timeout as failed, storing nothing: the answer was in no log.
    # An answer quoting a long run of digits no excerpt holds keeps the checks at it for
    # seconds (the digit chains are searched), past a third of this job's timeout; the store
    # that follows has the rest of it, while the checks' thread runs on. New digits for each
    # test: the tokenizer's memo would know another test's.
    quick = settings.model_copy(update={"job_timeout_s": 2.0})
    digits = "".join(random.Random(quick.queue_name).choices("0123456789", k=150_000))
    submission = {
        "question": "Was hat es gekostet?",
        "answer": f"Es hat 12,50 EUR gekostet [1], Beleg {digits}.",
        "excerpts": [{"n": 1, "text": f"Summe 12,50 EUR, Beleg {digits[::-1]}"}],
    }
    ctx = {"settings": quick, "sessionmaker": sessionmaker, "job_try": 1}
    outcome = await verify_answer(
        ctx, answer_id="slow", tenant="acme", submission=submission,
        received_at="2026-11-29T10:00:00+00:00",
    )  # fmt: skip
    async with sessionmaker() as session:
        answer = await session.get(Answer, "slow")
    assert outcome == "failed" and answer is not None and answer.status == "failed"
    assert "the checks did not finish in 0.666667 s" in (answer.error or "")


@pytest.mark.parametrize("timeout_s", [0.2, 1.0, 2.0, 4.0, 5.0, 30.0, 600.0])
def test_the_outage_guard_leaves_time_to_ask_for_a_retry(timeout_s: float) -> None:
    # At 90 % of a 1 s timeout the guard left 0.1 s to roll back, count the outage and ask
    # arq for a retry: on a loaded machine arq's timeout came first and failed the job.
    limit = outage_after_s(timeout_s)
    assert 0 < limit <= timeout_s * WAIT_SHARE
    assert timeout_s - limit >= min(MIN_RESERVE_S, timeout_s / 2)
