"""The judge stage against a scripted Ollama speaking the real protocol: every failure named."""

from __future__ import annotations

import dataclasses
import socket
from collections.abc import AsyncIterator
from typing import Any

import pytest

from tests.fakes.ollama_server import FakeOllama, Reply
from verifier.checks.models import SourceText
from verifier.judge.client import probe
from verifier.judge.prompt import PROMPT_VERSION
from verifier.judge.schema import OUTPUT_SCHEMA
from verifier.judge.stage import JudgeSettings, run_judge

QUESTION = "Wie groß ist das Wohnzimmer?"
ANSWER = "Das Wohnzimmer hat 30,47 m² [3]."
EXCERPTS = [SourceText(1, "Küche 9,86 m²"), SourceText(3, "Wohnzimmer 30,47 m²")]
SUPPORTED = {
    "claim": "30,47 m²",
    "type": "amount",
    "status": "supported",
    "excerpt": 3,
    "quote": "Wohnzimmer 30,47 m²",
}
OK = {"claims": [SUPPORTED], "verdict": "ok", "objections": []}


@pytest.fixture
async def ollama() -> AsyncIterator[FakeOllama]:
    async with FakeOllama(models=("gemma3:12b",)) as fake:
        yield fake


def judge(url: str, **changes: Any) -> JudgeSettings:
    base = JudgeSettings(
        url=url,
        model="gemma3:12b",
        fallback_model=None,
        num_ctx=8192,
        num_predict=512,
        think=False,
        timeout_s=5,
        deadline_s=3,
    )
    return dataclasses.replace(base, **changes)


async def run(
    settings: JudgeSettings,
    answer: str = ANSWER,
    model: str | None = "qwen3:8b",
    excerpts: list[SourceText] = EXCERPTS,
) -> dict[str, Any]:
    return await run_judge(settings, QUESTION, answer, excerpts, {3: "Flächen"}, model)


async def test_one_call_with_schema_options_and_the_excerpts_own_numbers(
    ollama: FakeOllama,
) -> None:
    ollama.script(Reply.json(OK))
    stage = await run(judge(ollama.url))
    assert (stage["status"], stage["flagged"], stage["overruled"]) == ("ok", False, False)
    assert stage["model"] == "gemma3:12b" and stage["prompt_version"] == PROMPT_VERSION
    [request] = ollama.requests
    assert request["format"] == OUTPUT_SCHEMA and request["think"] is False
    assert request["options"] == {"temperature": 0, "num_ctx": 8192, "num_predict": 512}
    user = request["messages"][-1]["content"]
    assert "[1]" in user and "[3] Flächen" in user and "[2]" not in user
    [call] = stage["calls"]
    assert call["prompt_eval_count"] > 0 and call["eval_count"] > 0 and call["raw"]


async def test_missing_claims_overrule_a_final_ok(ollama: FakeOllama) -> None:
    missing = {
        "claim": "Balkon",
        "type": "other",
        "status": "missing",
        "excerpt": None,
        "quote": None,
    }
    ollama.script(Reply.json({**OK, "claims": [SUPPORTED, missing]}))
    stage = await run(judge(ollama.url))
    assert (stage["status"], stage["flagged"], stage["overruled"]) == ("objection", True, True)


async def test_invented_quotes_do_not_count(ollama: FakeOllama) -> None:
    invented = {**SUPPORTED, "quote": "Wohnzimmer 30,47 m² mit Kamin und Parkett"}
    objection = {"claim": "30,47 m²", "excerpt": 1, "quote": "Wohnzimmer 28 m²", "reason": "x"}
    ollama.script(
        Reply.json({"claims": [invented], "verdict": "objection", "objections": [objection]})
    )
    stage = await run(judge(ollama.url))
    assert stage["claims"][0]["status"] == "unverified"
    assert stage["objections"][0]["founded"] is False
    assert (stage["status"], stage["flagged"]) == ("unverified", False)
    assert stage["reason"].startswith("the judge's proof does not hold")


@pytest.mark.parametrize(
    ("reply", "status"),
    [
        (Reply.malformed(), "invalid_output"),
        (Reply.truncated_json(OK), "invalid_output"),
        (Reply.model_missing("gemma3:12b"), "model_missing"),
        # Go's own 404 for a path it does not serve: a proxy or another server at the URL.
        (Reply(status=404, body="404 page not found"), "server_error"),
        (Reply(content='{"claims": [], "verdict": "fine"}'), "invalid_output"),
        # A JSON escape of half a surrogate pair: no database stores it, no page shows it.
        (Reply.json({**OK, "claims": [{**SUPPORTED, "claim": "30,47 m\ud83d"}]}), "invalid_output"),
    ],
)
async def test_non_retryable_failures_are_named_once_and_never_ok(
    ollama: FakeOllama, reply: Reply, status: str
) -> None:
    ollama.script(reply)
    stage = await run(judge(ollama.url))
    assert (stage["status"], stage["flagged"]) == (status, False)
    assert stage["reason"] and len(ollama.requests) == 1


async def test_a_model_that_is_not_pulled_is_model_missing(ollama: FakeOllama) -> None:
    stage = await run(judge(ollama.url, model="gemma3:27b"))
    assert stage["status"] == "model_missing" and "gemma3:27b" in stage["reason"]


async def test_probe_tells_a_missing_model_from_a_url_that_is_not_ollama(
    ollama: FakeOllama,
) -> None:
    assert await probe(ollama.url, "gemma3:12b") is None
    missing = await probe(ollama.url, "gemma3:27b")
    assert missing is not None and "'gemma3:27b' is not available" in missing
    # A reverse proxy serving Ollama under a path: the bare URL answers 404 for any route.
    elsewhere = await probe(ollama.url + "/nothing-here", "gemma3:12b")
    assert elsewhere is not None and "without naming a missing model" in elsewhere


async def test_busy_is_retried_with_backoff_then_judged(ollama: FakeOllama) -> None:
    ollama.script(Reply.busy(), Reply.busy(), Reply.json(OK))
    stage = await run(judge(ollama.url, deadline_s=10))
    assert (stage["status"], stage["attempts"]) == ("ok", 3)


async def test_busy_past_the_deadline_is_marked_busy(ollama: FakeOllama) -> None:
    ollama.respond_with(lambda _body: Reply.busy())
    stage = await run(judge(ollama.url, deadline_s=1))
    assert stage["status"] == "busy" and stage["attempts"] >= 2


@pytest.mark.parametrize(
    "reply",
    [
        Reply.proxy_page(),
        Reply.foreign_json(),
        Reply.foreign_json("null"),
        Reply.foreign_json('["a", "list"]'),
        Reply(body=b'{"message": "\xff\xfe"}'),  # not UTF-8
    ],
)
async def test_a_reply_that_is_not_ollamas_is_a_server_error_never_a_crash(
    ollama: FakeOllama, reply: Reply
) -> None:
    # Something else answers at the URL (a proxy's sign-in page, another API): retried within
    # the deadline, in case it passes, then named.
    ollama.respond_with(lambda _body: reply)
    stage = await run(judge(ollama.url, deadline_s=1))
    assert (stage["status"], stage["flagged"]) == ("server_error", False)
    assert "not Ollama's" in stage["reason"] and stage["attempts"] >= 2


@pytest.mark.parametrize("body", ['"Service Unavailable"', "[]", "null", "503"])
async def test_an_error_status_with_foreign_json_is_retried_as_busy_never_a_crash(
    ollama: FakeOllama, body: str
) -> None:
    # The client reads an error reply's JSON as {"error": ...}; other JSON crashed inside it.
    ollama.script(Reply(status=503, body=body), Reply.json(OK))
    stage = await run(judge(ollama.url, deadline_s=10))
    assert (stage["status"], stage["attempts"]) == ("ok", 2)
    ollama.respond_with(lambda _body: Reply(status=502, body=body))
    stage = await run(judge(ollama.url, deadline_s=1))
    assert stage["status"] == "server_error" and "Ollama answered 502" in stage["reason"]


async def test_a_host_that_never_accepts_the_connection_is_unavailable_not_slow() -> None:
    # A listening socket whose backlog is full: the SYN goes unanswered, connect() hangs, as
    # with a host down behind a firewall. That is no model too slow to answer.
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(0)
    port = server.getsockname()[1]
    fillers = []
    try:
        for _ in range(3):
            filler = socket.socket()
            filler.setblocking(False)
            filler.connect_ex(("127.0.0.1", port))
            fillers.append(filler)
        stage = await run(judge(f"http://127.0.0.1:{port}", timeout_s=1.0, deadline_s=0.5))
    finally:
        for filler in fillers:
            filler.close()
        server.close()
    assert stage["status"] == "unavailable" and "did not accept" in stage["reason"]


async def test_a_reply_that_trickles_in_is_cut_off_at_the_timeout(ollama: FakeOllama) -> None:
    # Every pause is shorter than the timeout, so the client (per read) would wait for all.
    ollama.respond_with(lambda _body: dataclasses.replace(Reply.json(OK), trickle_s=0.3))
    stage = await run(judge(ollama.url, timeout_s=0.5, deadline_s=0.8))
    assert stage["status"] == "timeout" and "no whole reply" in stage["reason"]


async def test_a_slow_judge_times_out_within_the_deadline(ollama: FakeOllama) -> None:
    ollama.respond_with(lambda _body: Reply(content="{}", delay_s=2))
    stage = await run(judge(ollama.url, timeout_s=0.3, deadline_s=0.5))
    assert stage["status"] == "timeout" and not stage["flagged"]


async def test_a_silently_truncated_prompt_is_never_judged(ollama: FakeOllama) -> None:
    ollama.script(dataclasses.replace(Reply.json(OK), prompt_eval_count=3))
    stage = await run(judge(ollama.url))
    assert stage["status"] == "context_overflow" and "truncated" in stage["reason"]
    assert "claims" not in stage


async def test_a_retry_served_from_ollamas_prompt_cache_is_judged(ollama: FakeOllama) -> None:
    # The same prompt again: Ollama evaluates only what its cache lacks (one token here).
    # Read as a truncation, every retry after a timeout ended as a final context_overflow.
    cached = dataclasses.replace(Reply.json(OK), prompt_eval_count=1)
    ollama.script(Reply.busy(), cached)
    stage = await run(judge(ollama.url, deadline_s=10))
    assert (stage["status"], stage["attempts"]) == ("ok", 2)
    assert stage["calls"][-1]["min_prompt_tokens"] == 0  # not held to it: said so


async def test_a_prompt_that_cannot_fit_is_not_sent(ollama: FakeOllama) -> None:
    long = [SourceText(1, "Wohnzimmer 30,47 m². " * 2000)]
    stage = await run(judge(ollama.url, num_ctx=4096), excerpts=long)
    assert stage["status"] == "context_overflow" and ollama.requests == []


async def test_an_unreachable_ollama_is_unavailable_not_ok() -> None:
    stage = await run(judge("http://127.0.0.1:9", deadline_s=0.5))
    assert stage["status"] == "unavailable" and "unreachable" in stage["reason"]


async def test_the_judge_does_not_judge_its_own_family(ollama: FakeOllama) -> None:
    stage = await run(judge(ollama.url), model="gemma2:9b")
    assert stage["status"] == "same_family" and ollama.requests == []
    ollama.script(Reply.json(OK))
    fallback = await run(judge(ollama.url, fallback_model="gemma3:12b-alt"), model="gemma2:9b")
    assert fallback["status"] == "same_family"  # a fallback of the same family is no way out


async def test_no_excerpts_is_said_plainly(ollama: FakeOllama) -> None:
    stage = await run(judge(ollama.url), excerpts=[])
    assert stage["status"] == "no_excerpts" and ollama.requests == []
