"""Health names the dependency that is down; metrics count function, not only quantity."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import subprocess
import sys
import uuid

import httpx
from arq.connections import ArqRedis
from redis.asyncio import Redis

from tests.api.test_answers import submission
from tests.conftest import BreakableDatabase, Keys, run_worker, serve_app
from tests.fakes.ollama_server import FakeOllama
from verifier import monitoring
from verifier.config import Settings
from verifier.logs import JsonFormatter, answer_id_var, setup_logging
from verifier.queue import SubmissionQueue


async def test_live_and_ready(client: httpx.AsyncClient) -> None:
    assert (await client.get("/health/live")).json() == {"status": "live"}
    ready = await client.get("/health/ready")
    assert ready.status_code == 200
    assert ready.json()["checks"] == {"redis": {"ok": True}, "database": {"ok": True}}


async def test_ready_names_each_dependency_that_is_down(settings: Settings) -> None:
    broken = settings.model_copy(
        update={
            "judge_enabled": True,
            "ollama_url": "http://127.0.0.1:9",
            "retrieval_url": "http://127.0.0.1:9/search",
        }
    )
    async with serve_app(broken) as (client, app):
        await app.state.sessionmaker.kw["bind"].dispose()
        app.state.sessionmaker.kw["bind"] = None  # a database that cannot be reached
        ready = await client.get("/health/ready")
    body = ready.json()
    assert ready.status_code == 503 and body["status"] == "not_ready"
    assert body["checks"]["redis"] == {"ok": True}
    assert {name for name, c in body["checks"].items() if not c["ok"]} == {
        "database",
        "ollama",
        "retrieval",
    }
    assert "unreachable" in body["checks"]["ollama"]["error"]


async def test_metrics_need_the_metrics_token_or_an_admin_key(
    settings: Settings, keys: Keys, breakable_db: BreakableDatabase
) -> None:
    # The counters span every tenant and move with each verdict: a reviewer reading them
    # around an answer's verification would learn its verdict before rating it blind.
    async with serve_app(settings) as (client, _):
        assert (await client.get("/metrics")).status_code == 401
        for role in ("reviewer", "ingest", "analyst"):
            refused = await client.get("/metrics", headers=await keys.header(role))
            assert refused.status_code == 403, role
        admin = await client.get("/metrics", headers=await keys.header("admin"))
        assert admin.status_code == 200
    # The token is checked without the database: metrics stay readable in its outage.
    token = "prometheus-" + "x" * 16
    tokened = breakable_db.settings.model_copy(update={"metrics_token": token})
    await breakable_db.keys()  # migrated, with keys
    async with serve_app(tokened) as (client, app):
        await breakable_db.take_away(app)
        scraped = await client.get("/metrics", headers={"Authorization": f"Bearer {token}"})
        assert scraped.status_code == 200 and "verifier_jobs_total" in scraped.text
        wrong = await client.get("/metrics", headers={"Authorization": "Bearer wrong-token-xx"})
        assert wrong.status_code in (401, 503)  # not the token: a key, which needs the database
        breakable_db.bring_back()


async def test_metrics_and_health_errors_are_json_and_pages_stay_html(
    client: httpx.AsyncClient, keys: Keys
) -> None:
    # A Prometheus scraper or a probe reads {error, message}; these came back as the HTML
    # error page meant for a person in a browser.
    cases = [
        (await client.get("/metrics"), 401, "unauthorized"),
        (await client.get("/metrics", headers=await keys.header("reviewer")), 403, "forbidden"),
        (await client.post("/health/live"), 405, "method_not_allowed"),
        (await client.get("/health/nothing"), 404, "not_found"),
    ]
    for response, status, code in cases:
        assert response.status_code == status, response.text
        assert response.json()["error"] == code and response.json()["message"]
    page = await client.delete("/login")
    assert page.status_code == 405 and page.headers["content-type"].startswith("text/html")


async def test_health_and_metrics_refuse_unknown_and_repeated_query_parameters(
    settings: Settings, keys: Keys
) -> None:
    # They were ignored there while every /v1 route refused them (README: a 422 on /health/
    # and /metrics too). Every such route is asked: a new one cannot forget.
    admin = await keys.header("admin")
    async with serve_app(settings) as (client, app):
        paths = [
            path
            for path in app.openapi()["paths"]
            if path.startswith("/health/") or path == "/metrics"
        ]
        assert sorted(paths) == ["/health/live", "/health/ready", "/metrics"]
        for path in paths:
            assert (await client.get(path, headers=admin)).status_code == 200, path
            for query, named in (("foo=1", "foo"), ("x=1&x=2", "x"), ("format=json", "format")):
                response = await client.get(f"{path}?{query}", headers=admin)
                assert response.status_code == 422, (path, query, response.text)
                body = response.json()
                assert body["error"] == "validation_error" and f"'{named}'" in body["message"]
        # Who reads the metrics is settled first: without a key it is a 401, whatever the query.
        assert (await client.get("/metrics?foo=1")).status_code == 401


async def test_metrics_in_a_redis_outage_are_a_503_naming_redis(settings: Settings) -> None:
    # The counters live in Redis: down, /metrics was a bare "Internal Server Error" 500.
    token = "prometheus-" + "x" * 16
    async with serve_app(settings.model_copy(update={"metrics_token": token})) as (client, app):
        app.state.queue = SubmissionQueue(
            ArqRedis(host="127.0.0.1", port=9, socket_connect_timeout=1), settings.queue_name
        )
        scraped = await client.get("/metrics", headers={"Authorization": f"Bearer {token}"})
        await app.state.queue.pool.aclose()
    assert scraped.status_code == 503, scraped.text
    assert scraped.json()["error"] == "dependency_unavailable"
    assert scraped.json()["message"].startswith("redis is unavailable: ")


async def test_metrics_count_jobs_verdicts_and_function(
    client: httpx.AsyncClient, keys: Keys, settings: Settings
) -> None:
    ingest = await keys.header("ingest")
    await client.post("/v1/answers", json=submission("Sie kostete 42,95 EUR [1]."), headers=ingest)
    await client.post("/v1/answers", json=submission("Sie kostete 39,95 EUR [1]."), headers=ingest)
    admin = await keys.header("admin")
    before = (await client.get("/metrics", headers=admin)).text
    assert 'verifier_queue_depth{queue="code"} 2.0' in before
    await run_worker(settings)
    text = (await client.get("/metrics", headers=admin)).text
    assert 'verifier_jobs_total{outcome="done"} 2.0' in text
    assert 'verifier_verdicts_total{outcome="flagged"} 1.0' in text
    assert 'verifier_stage_flags_total{stage="numbers"} 1.0' in text
    assert 'verifier_judge_outcomes_total{status="disabled"} 2.0' in text
    assert 'verifier_stage_seconds_total{part="count",stage="code"} 2.0' in text
    assert 'verifier_queue_depth{queue="code"} 0.0' in text
    assert settings.redis_url is not None
    async with Redis.from_url(settings.redis_url) as redis:
        counters = await monitoring.read(redis, settings.queue_name)
    assert counters["answers_with_numbers"] == 2 and counters["excerpts"] == 2


def test_monitors_of_function_catch_a_green_but_useless_service() -> None:
    healthy = {
        "jobs_started": 10,
        "jobs_done": 10,
        "verdicts": 10,
        "judge_ruled": 9,
        "judge_calls": 9,
        "answers_with_numbers": 6,
        "excerpts": 20,
        "excerpts_with_url": 5,
        "excerpt_chars": 4000,
    }
    assert not [c for c in monitoring.function_checks(healthy, judge_enabled=True) if c.off]
    dead_judge = {**healthy, "judge_ruled": 0, "judge_calls": 0}
    off = {c.name for c in monitoring.function_checks(dead_judge, judge_enabled=True) if c.off}
    assert off == {"share of verdicts with a judge result", "judge_calls stays at zero"}
    blind_numbers = {**healthy, "answers_with_numbers": 0, "excerpt_chars": 100}
    off = {c.name for c in monitoring.function_checks(blind_numbers, judge_enabled=True) if c.off}
    assert off == {
        "share of answers where the number check found a number",
        "mean excerpt length (characters)",
    }
    assert not [c for c in monitoring.function_checks({}, judge_enabled=True) if c.off]


def test_log_lines_are_json_with_the_answer_id() -> None:
    record = logging.LogRecord("worker", logging.INFO, "x", 1, "verified %s", ("ok",), None)
    record.status = "done"
    token = answer_id_var.set("a1b2")
    try:
        line = json.loads(JsonFormatter().format(record))
    finally:
        answer_id_var.reset(token)
    assert line["message"] == "verified ok" and line["answer_id"] == "a1b2"
    assert line["status"] == "done" and line["level"] == "info"


async def run_doctor(redis_url: str, queue: str, **extra: str) -> subprocess.CompletedProcess[str]:
    """`verifier doctor` as an operator runs it, on this Redis and queue only; the judge is
    off unless extra switches it on."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("VERIFIER_")}
    env.update(VERIFIER_REDIS_URL=redis_url, VERIFIER_QUEUE_NAME=queue)
    env.update({"VERIFIER_JUDGE_ENABLED": "false", **extra})
    return await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "verifier.cli", "doctor"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


async def test_doctor_says_when_redis_would_lose_accepted_answers(redis_url: str) -> None:
    # The queue lives in Redis until a worker stores each answer: a Redis without its
    # append-only file, or one that evicts keys, loses what the API answered 202 for.
    async with Redis.from_url(redis_url) as redis:
        saved = await monitoring.redis_config(redis)
        assert saved is not None
        checks = {c.name: c for c in monitoring.durability_checks(saved)}
        assert not checks["redis append-only file"].off  # the tests' Redis keeps its file
        try:
            await redis.config_set("appendonly", "no")
            await redis.config_set("maxmemory", "100mb")
            await redis.config_set("maxmemory-policy", "allkeys-lru")
            doctor = await run_doctor(redis_url, f"test:{uuid.uuid4().hex}")
        finally:
            for name in ("appendonly", "maxmemory", "maxmemory-policy"):
                await redis.config_set(name, saved[name])
    assert doctor.returncode == 1
    assert "OFF redis append-only file" in doctor.stdout
    assert "OFF redis eviction" in doctor.stdout and "allkeys-lru" in doctor.stdout


def test_routine_http_requests_are_logged_only_at_debug() -> None:
    root = logging.getLogger()
    saved = root.handlers[:], root.level
    try:
        setup_logging("INFO")
        assert not logging.getLogger("httpx").isEnabledFor(logging.INFO)
        assert logging.getLogger("httpx").isEnabledFor(logging.WARNING)
        assert logging.getLogger("verifier.judge").isEnabledFor(logging.INFO)
        setup_logging("DEBUG")
        assert logging.getLogger("httpx").isEnabledFor(logging.DEBUG)
    finally:
        root.handlers[:], level = saved
        root.setLevel(level)
        logging.getLogger("httpx").setLevel(logging.NOTSET)


async def test_doctor_exits_non_zero_when_a_monitor_is_off(redis_url: str) -> None:
    queue = f"test:{uuid.uuid4().hex}"
    async with Redis.from_url(redis_url) as redis:
        await monitoring.add(
            redis,
            queue,
            {
                "jobs_started": 4,
                "jobs_done": 4,
                "verdicts": 4,
                "judge_ruled": 4,
                "judge_calls": 4,
                "answers_with_numbers": 2,
                "excerpts": 4,
                "excerpts_with_url": 1,
                "excerpt_chars": 800,
            },
        )
        async with FakeOllama() as ollama:
            judged = {"VERIFIER_JUDGE_ENABLED": "true", "VERIFIER_OLLAMA_URL": ollama.url}
            healthy = await run_doctor(redis_url, queue, **judged)
            assert healthy.returncode == 0, healthy.stdout + healthy.stderr
            await monitoring.add(
                redis, queue, {"jobs_started": 20, "jobs_done": 20, "verdicts": 20}
            )
            sick = await run_doctor(redis_url, queue, **judged)
    assert sick.returncode == 1
    assert "OFF share of verdicts with a judge result: 0.167" in sick.stdout


async def test_doctor_says_when_the_judge_has_no_ollama(redis_url: str) -> None:
    # doctor never asked Ollama: with none there every verdict's judge stage read
    # 'unavailable' while doctor found nothing off.
    queue = f"test:{uuid.uuid4().hex}"
    nowhere = "http://127.0.0.1:9"
    missing = await run_doctor(
        redis_url, queue, VERIFIER_JUDGE_ENABLED="true", VERIFIER_OLLAMA_URL=nowhere
    )
    assert missing.returncode == 1, missing.stdout + missing.stderr
    judge = [line for line in missing.stdout.splitlines() if " judge: " in line]
    assert len(judge) == 1 and judge[0].startswith("OFF judge: Ollama is unreachable at " + nowhere)
    assert "the judge stage will be reported unavailable" in judge[0]
    async with FakeOllama() as ollama:
        there = await run_doctor(
            redis_url, queue, VERIFIER_JUDGE_ENABLED="true", VERIFIER_OLLAMA_URL=ollama.url
        )
        assert there.returncode == 0, there.stdout + there.stderr
        assert f"ok  judge: Ollama at {ollama.url} has gemma3:12b" in there.stdout
    off = await run_doctor(redis_url, queue)  # VERIFIER_JUDGE_ENABLED=false
    assert off.returncode == 0 and "ok  judge: off (VERIFIER_JUDGE_ENABLED is false)" in off.stdout
