"""The fake Ollama server, exercised through the real ollama client and plain httpx."""

from __future__ import annotations

import json

import httpx
import ollama
import pytest

from tests.fakes.ollama_server import FakeOllama, Reply

MODEL = "gemma3:12b"
SCHEMA = {"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"]}


async def test_non_streaming_chat_returns_scripted_content_and_counts() -> None:
    async with FakeOllama() as fake, ollama.AsyncClient(host=fake.url) as client:
        fake.script(Reply.json({"ok": True}), Reply("second", prompt_eval_count=7, eval_count=3))
        first = await client.chat(
            model=MODEL, messages=[{"role": "user", "content": "x" * 400}], stream=False
        )
        second = await client.chat(model=MODEL, messages=[{"role": "user", "content": "hi"}])
    assert json.loads(first.message.content or "") == {"ok": True}
    assert first.message.role == "assistant"
    assert first.done and first.done_reason == "stop"
    assert first.prompt_eval_count == 100
    assert first.eval_count == len('{"ok": true}') // 4 + 1
    assert (first.total_duration or 0) > (first.eval_duration or 0) > 0
    assert first.created_at and first.model == MODEL
    assert (second.message.content, second.prompt_eval_count, second.eval_count) == ("second", 7, 3)


async def test_streaming_chunks_concatenate_to_content() -> None:
    content = json.dumps({"ok": False, "reason": "the excerpt says 1998, not 1989"})
    async with FakeOllama() as fake, ollama.AsyncClient(host=fake.url) as client:
        fake.script(Reply(content, thinking="hmm"))
        stream = await client.chat(
            model=MODEL, messages=[{"role": "user", "content": "q"}], stream=True
        )
        parts = [part async for part in stream]
    assert len(parts) > 3
    assert "".join(p.message.content or "" for p in parts) == content
    assert parts[0].message.thinking == "hmm"
    assert all(not p.done for p in parts[:-1])
    assert parts[-1].done and parts[-1].eval_count and parts[-1].done_reason == "stop"


async def test_stream_is_the_default_when_absent_from_the_body() -> None:
    async with FakeOllama() as fake:
        fake.script(Reply("abcdefgh"))
        async with httpx.AsyncClient(base_url=fake.url) as http:
            r = await http.post("/api/chat", json={"model": MODEL, "messages": []})
    assert r.headers["content-type"].startswith("application/x-ndjson")
    lines = [json.loads(line) for line in r.text.splitlines()]
    assert "".join(line["message"]["content"] for line in lines) == "abcdefgh"
    assert lines[-1]["done"] is True


async def test_unknown_model_is_404_regardless_of_script() -> None:
    async with FakeOllama() as fake, ollama.AsyncClient(host=fake.url) as client:
        fake.script(Reply("unused"))
        with pytest.raises(ollama.ResponseError) as err:
            await client.chat(model="llama3:8b", messages=[{"role": "user", "content": "q"}])
        assert err.value.status_code == 404
        assert err.value.error == 'model "llama3:8b" not found, try pulling it first'
        # The script was not consumed by the failed call.
        reply = await client.chat(model=MODEL, messages=[])
        assert reply.message.content == "unused"


async def test_scripted_errors_and_the_unscripted_fallback() -> None:
    async with FakeOllama() as fake, ollama.AsyncClient(host=fake.url) as client:
        fake.script(Reply.busy(), Reply.model_missing(MODEL))
        with pytest.raises(ollama.ResponseError) as busy:
            await client.chat(model=MODEL, messages=[])
        with pytest.raises(ollama.ResponseError) as missing:
            await client.chat(model=MODEL, messages=[])
        with pytest.raises(ollama.ResponseError) as unscripted:
            await client.chat(model=MODEL, messages=[])
    assert busy.value.status_code == 503 and "server busy" in busy.value.error
    assert missing.value.status_code == 404
    assert unscripted.value.status_code == 500 and "no scripted reply" in unscripted.value.error


async def test_respond_with_and_odd_replies() -> None:
    async with FakeOllama() as fake, ollama.AsyncClient(host=fake.url) as client:
        fake.script(Reply.truncated_json({"ok": True, "reason": "fine"}), Reply.malformed())
        fake.respond_with(lambda body: Reply(f"echo {body['messages'][-1]['content']}"))
        cut = await client.chat(model=MODEL, messages=[])
        prose = await client.chat(model=MODEL, messages=[])
        echo = await client.chat(model=MODEL, messages=[{"role": "user", "content": "ping"}])
    with pytest.raises(json.JSONDecodeError):
        json.loads(cut.message.content or "")
    assert cut.done_reason == "length"
    assert prose.message.content == "Sure! Here is my verdict: {ok}"
    assert echo.message.content == "echo ping"


async def test_requests_record_format_options_think_and_num_ctx_caps_prompt() -> None:
    messages = [{"role": "system", "content": "s" * 4000}, {"role": "user", "content": "u" * 4000}]
    async with FakeOllama() as fake, ollama.AsyncClient(host=fake.url) as client:
        fake.script(Reply.json({"ok": True}))
        reply = await client.chat(
            model=MODEL,
            messages=messages,
            format=SCHEMA,
            options={"temperature": 0, "num_ctx": 1024},
            think=False,
            stream=False,
        )
    assert reply.prompt_eval_count == 1024
    [body] = fake.requests
    assert body["format"] == SCHEMA
    assert body["options"] == {"temperature": 0, "num_ctx": 1024}
    assert body["think"] is False and body["stream"] is False
    assert body["messages"] == messages


async def test_list_show_version_and_root() -> None:
    async with (
        FakeOllama(models=[MODEL, "qwen3"], context_length=32768) as fake,
        ollama.AsyncClient(host=fake.url) as client,
    ):
        listed = await client.list()
        shown = await client.show(MODEL)
        with pytest.raises(ollama.ResponseError) as err:
            await client.show("mistral")
        async with httpx.AsyncClient(base_url=fake.url) as http:
            version = (await http.get("/api/version")).json()
            root = (await http.get("/")).text
        # A bare name means the ":latest" tag, as in Ollama.
        fake.script(Reply("hi"))
        qwen = await client.chat(model="qwen3:latest", messages=[], stream=False)
    assert [m.model for m in listed.models] == [MODEL, "qwen3"]
    details = listed.models[0].details
    assert details and details.family == "gemma3" and details.quantization_level == "Q4_K_M"
    assert listed.models[0].modified_at and listed.models[0].digest
    assert shown.modelinfo and shown.modelinfo["gemma3.context_length"] == 32768
    assert shown.modelinfo["general.architecture"] == "gemma3"
    assert shown.capabilities == ["completion"]
    assert err.value.status_code == 404
    assert version == {"version": "0.12.0"}
    assert root == "Ollama is running"
    assert qwen.message.content == "hi"


async def test_delay_longer_than_client_timeout_times_out() -> None:
    async with FakeOllama() as fake, ollama.AsyncClient(host=fake.url, timeout=0.1) as client:
        fake.script(Reply("late", delay_s=0.5))
        with pytest.raises(httpx.TimeoutException):
            await client.chat(model=MODEL, messages=[], stream=False)


def test_sync_start_stop_with_sync_client() -> None:
    fake = FakeOllama()
    fake.start()
    url = fake.url
    try:
        fake.script(Reply("sync", delay_s=0.05))
        with ollama.Client(host=fake.url) as client:
            reply = client.chat(model=MODEL, messages=[], stream=False)
        assert reply.message.content == "sync"
        assert len(fake.requests) == 1
    finally:
        fake.stop()
    with pytest.raises(RuntimeError):
        _ = fake.url
    with pytest.raises(httpx.ConnectError):
        httpx.get(f"{url}/api/version", timeout=1)


def test_sync_context_manager_and_bad_bodies() -> None:
    with FakeOllama() as fake:
        bad = httpx.post(f"{fake.url}/api/chat", content=b"not json", timeout=5)
        unknown = httpx.post(f"{fake.url}/api/show", json={"model": "nope"}, timeout=5)
    assert (bad.status_code, bad.json()) == (400, {"error": "model is required"})
    assert (unknown.status_code, unknown.json()) == (404, {"error": "model 'nope' not found"})
    assert fake.requests == [{}]
