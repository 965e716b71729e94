"""A scripted stand-in for an Ollama server that speaks Ollama's HTTP protocol."""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
import socket
import threading
import time
from collections import deque
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from http import HTTPStatus
from typing import Any, Self

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

MODIFIED_AT = "2025-09-01T12:00:00.000000000Z"

_EXCERPT = re.compile(r"^\[(\d+)\][^\n]*<<(\w{12})\n(.*?)\n\2>>", re.M | re.S)
_ANSWER = re.compile(r"^ANSWER <<(\w{12})\n(.*?)\n\1>>", re.M | re.S)
_SENTENCE = re.compile(r"(?<=[.!?])\s+")


# A judge output with no claim and verdict ok: what a model says that lists nothing.
NO_CLAIMS_OK: dict[str, Any] = {"claims": [], "verdict": "ok", "objections": []}


def proven_ok(body: dict[str, Any]) -> dict[str, Any]:
    """A judge output whose proof holds, for any chat request: one claim per sentence of the
    answer (so the output grows with it), each the first line of the first excerpt quoted
    as its own proof, verdict ok. It judges nothing: it stands in for a model's cost."""
    user = str(body["messages"][-1]["content"])
    excerpts = _EXCERPT.findall(user)
    answer = _ANSWER.search(user)
    if not excerpts or not answer:
        return dict(NO_CLAIMS_OK)
    n = int(excerpts[0][0])
    line = next((x.strip() for x in excerpts[0][2].splitlines() if x.strip()), "")
    claim = {"claim": line, "type": "other", "status": "supported", "excerpt": n, "quote": line}
    sentences = [s for s in _SENTENCE.split(answer.group(2)) if s.strip()]
    return {"claims": [claim] * len(sentences), "verdict": "ok", "objections": []}


@dataclass
class Reply:
    """One scripted answer to an /api/chat call."""

    content: str = ""
    status: int = 200
    error: str | None = None
    delay_s: float = 0.0
    prompt_eval_count: int | None = None
    eval_count: int | None = None
    done_reason: str = "stop"
    thinking: str | None = None
    body: str | bytes | None = None  # sent as it is (with status), instead of Ollama's JSON
    trickle_s: float = 0.0  # a pause before each of five pieces of a non-streamed reply

    @classmethod
    def proxy_page(cls) -> Reply:
        """A 200 with an HTML page, as a misconfigured proxy in front of Ollama sends."""
        return cls(body="<html><body><h1>Please sign in</h1></body></html>")

    @classmethod
    def foreign_json(cls, body: str = '{"status": "ok", "message": "hello"}') -> Reply:
        """A 200 with JSON that is not Ollama's chat response (another API at that URL)."""
        return cls(body=body)

    @classmethod
    def json(cls, obj: Any) -> Reply:
        """A reply whose content is `obj` serialised as JSON."""
        return cls(content=json.dumps(obj))

    @classmethod
    def model_missing(cls, model: str) -> Reply:
        """Ollama's 404 for a model that has not been pulled."""
        return cls(status=404, error=_not_found(model))

    @classmethod
    def busy(cls) -> Reply:
        """Ollama's 503 when its request queue (OLLAMA_MAX_QUEUE) is full."""
        return cls(
            status=503, error="server busy, please try again.  maximum pending requests exceeded"
        )

    @classmethod
    def truncated_json(cls, obj: Any) -> Reply:
        """A reply whose JSON content is cut off in the middle, as when num_predict runs out."""
        text = json.dumps(obj)
        return cls(content=text[: len(text) // 2], done_reason="length")

    @classmethod
    def malformed(cls) -> Reply:
        """A reply whose content is prose around something that is not JSON."""
        return cls(content="Sure! Here is my verdict: {ok}")


def _not_found(model: str) -> str:
    return f'model "{model}" not found, try pulling it first'


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _canonical(model: str) -> str:
    # Ollama resolves a bare name to its ":latest" tag.
    return model if ":" in model else f"{model}:latest"


def _family(model: str) -> str:
    name = model.split(":")[0].split("/")[-1]
    return name.split(".")[0].split("-")[0]


def _details(model: str) -> dict[str, Any]:
    family = _family(model)
    return {
        "parent_model": "",
        "format": "gguf",
        "family": family,
        "families": [family],
        "parameter_size": "12.2B",
        "quantization_level": "Q4_K_M",
    }


def _chunks(text: str, parts: int = 4) -> list[str]:
    size = max(1, -(-len(text) // parts))
    return [text[i : i + size] for i in range(0, len(text), size)]


def _no_script(_body: dict[str, Any]) -> Reply:
    return Reply(status=500, error="no scripted reply (call FakeOllama.script or respond_with)")


class FakeOllama:
    """An Ollama HTTP server on 127.0.0.1 that answers /api/chat from a script."""

    def __init__(self, models: Sequence[str] = ("gemma3:12b",), context_length: int = 131072):
        """Serve `models` (each with `context_length`) once started."""
        self.models = list(models)
        self.context_length = context_length
        self.requests: list[dict[str, Any]] = []
        self._queue: deque[Reply] = deque()
        self._fallback: Callable[[dict[str, Any]], Reply] = _no_script
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self._port = 0
        self.app = Starlette(
            routes=[
                Route("/", self._root, methods=["GET", "HEAD"]),
                Route("/api/version", self._version, methods=["GET"]),
                Route("/api/tags", self._tags, methods=["GET"]),
                Route("/api/show", self._show, methods=["POST"]),
                Route("/api/chat", self._chat, methods=["POST"]),
            ]
        )

    def script(self, *replies: Reply) -> None:
        """Queue replies for the next /api/chat calls, first in first out."""
        self._queue.extend(replies)

    def respond_with(self, fn: Callable[[dict[str, Any]], Reply]) -> None:
        """Answer /api/chat with `fn(request_body)` whenever the script is empty."""
        self._fallback = fn

    @property
    def url(self) -> str:
        """Base URL of the running server, e.g. http://127.0.0.1:PORT."""
        if self._server is None:
            raise RuntimeError("FakeOllama is not started")
        return f"http://127.0.0.1:{self._port}"

    def start(self) -> None:
        """Start serving in a background thread; return once it accepts connections."""
        if self._server is not None:
            raise RuntimeError("FakeOllama is already started")
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        # Accepted connections inherit it. Without it every response on a kept-alive
        # connection waited ~40 ms for the client's delayed ACK (Nagle: headers and body are
        # two writes), which the real Ollama (Go sets TCP_NODELAY) does not do.
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.bind(("127.0.0.1", 0))
        self._port = sock.getsockname()[1]
        config = uvicorn.Config(self.app, log_level="warning", timeout_graceful_shutdown=2)
        server = self._server = uvicorn.Server(config)
        thread = self._thread = threading.Thread(
            target=lambda: asyncio.run(server.serve(sockets=[sock])),
            name=f"fake-ollama-{self._port}",
            daemon=True,
        )
        thread.start()
        deadline = time.monotonic() + 10
        while not server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("FakeOllama failed to start")
            time.sleep(0.005)

    def stop(self) -> None:
        """Stop the server and wait for its thread to end."""
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=10)
        self._server = self._thread = None

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    async def __aenter__(self) -> Self:
        await asyncio.to_thread(self.start)
        return self

    async def __aexit__(self, *exc: object) -> None:
        await asyncio.to_thread(self.stop)

    def _known(self, model: str) -> bool:
        return _canonical(model) in {_canonical(m) for m in self.models}

    async def _root(self, _request: Request) -> Response:
        return PlainTextResponse("Ollama is running")

    async def _version(self, _request: Request) -> Response:
        return JSONResponse({"version": "0.12.0"})

    async def _tags(self, _request: Request) -> Response:
        models = [
            {"name": m, "model": m, "modified_at": MODIFIED_AT, "size": 8_149_190_253,
             "digest": hashlib.sha256(m.encode()).hexdigest(), "details": _details(m)}
            for m in self.models
        ]  # fmt: skip
        return JSONResponse({"models": models})

    async def _show(self, request: Request) -> Response:
        body = await _body(request)
        model = str(body.get("model") or body.get("name") or "")
        if not self._known(model):
            return JSONResponse({"error": f"model '{model}' not found"}, status_code=404)
        arch = _family(model)
        info = {"general.architecture": arch, f"{arch}.context_length": self.context_length}
        return JSONResponse(
            {
                "modelfile": f"# Modelfile generated by FakeOllama\nFROM {model}\n",
                "parameters": 'stop "<end_of_turn>"\ntemperature 1\ntop_k 64\ntop_p 0.95',
                "template": "{{ .Prompt }}",
                "details": _details(model),
                "model_info": {**info, "general.parameter_count": 12_187_079_280},
                "capabilities": ["completion"],
                "modified_at": MODIFIED_AT,
            }
        )

    async def _chat(self, request: Request) -> Response:
        body = await _body(request)
        self.requests.append(body)
        model = str(body.get("model") or "")
        if not model:
            return JSONResponse({"error": "model is required"}, status_code=400)
        if not self._known(model):
            return JSONResponse({"error": _not_found(model)}, status_code=404)
        reply = self._queue.popleft() if self._queue else self._fallback(body)
        if reply.delay_s:
            await asyncio.sleep(reply.delay_s)
        if reply.status != 200 and reply.body is not None:  # a proxy's or a foreign error
            return Response(reply.body, status_code=reply.status, media_type="application/json")
        if reply.status != 200:
            error = reply.error or HTTPStatus(reply.status).phrase
            return JSONResponse({"error": error}, status_code=reply.status)
        if reply.body is not None:
            html = isinstance(reply.body, str) and reply.body.startswith("<")
            return Response(reply.body, media_type="text/html" if html else "application/json")
        final = self._final(body, reply)
        if body.get("stream", True) is False:
            message: dict[str, Any] = {"role": "assistant", "content": reply.content}
            if reply.thinking is not None:
                message["thinking"] = reply.thinking
            if reply.trickle_s:
                whole = json.dumps({**final, "message": message}).encode()
                return StreamingResponse(
                    _trickled(whole, reply.trickle_s), media_type="application/json"
                )
            return JSONResponse({**final, "message": message})
        return StreamingResponse(
            self._stream(model, reply, final), media_type="application/x-ndjson"
        )

    async def _stream(self, model: str, reply: Reply, final: dict[str, Any]) -> AsyncIterator[str]:
        if reply.thinking is not None:
            msg = {"role": "assistant", "content": "", "thinking": reply.thinking}
            yield _line({"model": model, "created_at": _now(), "message": msg, "done": False})
        for chunk in _chunks(reply.content):
            msg = {"role": "assistant", "content": chunk}
            yield _line({"model": model, "created_at": _now(), "message": msg, "done": False})
            await asyncio.sleep(0)
        yield _line({**final, "message": {"role": "assistant", "content": ""}})

    def _final(self, body: dict[str, Any], reply: Reply) -> dict[str, Any]:
        prompt = reply.prompt_eval_count
        if prompt is None:
            messages = body.get("messages") or []
            prompt = sum(len(str(m.get("content") or "")) for m in messages) // 4
            options = body.get("options") or {}
            # Ollama silently truncates the prompt to num_ctx instead of failing.
            if isinstance(options, dict) and isinstance(options.get("num_ctx"), int):
                prompt = min(prompt, options["num_ctx"])
        generated = (
            reply.eval_count if reply.eval_count is not None else len(reply.content) // 4 + 1
        )
        load, prompt_ns, eval_ns = 48_000_000, prompt * 250_000, generated * 20_000_000
        return {
            "model": body["model"],
            "created_at": _now(),
            "done": True,
            "done_reason": reply.done_reason,
            "total_duration": load + prompt_ns + eval_ns + int(reply.delay_s * 1e9),
            "load_duration": load,
            "prompt_eval_count": prompt,
            "prompt_eval_duration": prompt_ns,
            "eval_count": generated,
            "eval_duration": eval_ns,
        }


async def _trickled(body: bytes, pause_s: float) -> AsyncIterator[bytes]:
    cut = len(body) // 5 + 1
    for start in range(0, len(body), cut):
        await asyncio.sleep(pause_s)
        yield body[start : start + cut]


def _line(obj: dict[str, Any]) -> str:
    return json.dumps(obj) + "\n"


async def _body(request: Request) -> dict[str, Any]:
    try:
        body = json.loads(await request.body())
    except ValueError:
        body = None
    # An unreadable body then fails like one without a model: 400 or 404.
    return body if isinstance(body, dict) else {}
