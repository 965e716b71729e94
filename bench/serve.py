"""Servers the benchmarks run as child processes (not benchmarks themselves).

``python -m bench.serve floor --port P --redis-url URL --key KEY [--mode lpush|arq|fastapi]``
    The ingest floor: a raw ASGI app that pushes each request body into Redis as it came and
    answers 202, served exactly as ``verifier api`` serves the real app (JSON logs at INFO,
    uvicorn with ``log_config=None`` on ``verifier.serving.run_loop``: uvloop). ``--mode arq``
    enqueues an arq job instead; ``--mode fastapi`` is a reference: one FastAPI route that
    validates the body as ``AnswerIn`` and LPUSHes it, nothing else.
``python -m bench.serve judge [--delay-ms D]``
    The scripted Ollama of ``tests/fakes/ollama_server.py`` answering every judge call with a
    valid verdict after D ms; prints ``judge stub listening at URL`` once it listens.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import threading
import uuid
from collections.abc import Callable
from typing import Any

import uvicorn
from fastapi import FastAPI, Request, Response
from redis.asyncio import Redis
from starlette.types import Message, Receive, Scope, Send

from bench.support import JUDGE_READY
from tests.fakes.ollama_server import FakeOllama, Reply, proven_ok
from verifier.logs import setup_logging
from verifier.queue import VERIFY_TASK, connect
from verifier.schemas import AnswerIn
from verifier.serving import run_loop

_HEADERS = [(b"content-type", b"application/json")]


def floor_app(redis_url: str, key: str, mode: str) -> Callable[[Scope, Receive, Send], Any]:
    """Read the body, push it to Redis (LPUSH, or an arq job carrying it), answer 202."""
    state: dict[str, Any] = {}

    async def push(answer_id: str, body: bytes) -> None:
        if mode == "lpush":
            await state["redis"].lpush(key, body)
        else:
            await state["redis"].enqueue_job(
                VERIFY_TASK,
                answer_id=answer_id,
                body=body.decode(),
                _job_id=answer_id,
                _queue_name=key,
            )

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            while True:
                message: Message = await receive()
                if message["type"] == "lifespan.startup":
                    state["redis"] = (
                        Redis.from_url(redis_url) if mode == "lpush" else await connect(redis_url)
                    )
                    await send({"type": "lifespan.startup.complete"})
                elif message["type"] == "lifespan.shutdown":
                    await state["redis"].aclose()
                    await send({"type": "lifespan.shutdown.complete"})
                    return
        body = b""
        more = True
        while more:
            message = await receive()
            body += message.get("body", b"")
            more = message.get("more_body", False)
        answer_id = uuid.uuid4().hex
        await push(answer_id, body)
        payload = json.dumps({"id": answer_id, "status": "queued", "duplicate": False}).encode()
        await send({"type": "http.response.start", "status": 202, "headers": _HEADERS})
        await send({"type": "http.response.body", "body": payload})

    return app


def fastapi_floor_app(redis_url: str, key: str) -> FastAPI:
    """The least a FastAPI app validating the body must do, and nothing of ours.

    One route: the body validated as AnswerIn (as the API parses it), LPUSHed, 202 with an id."""
    redis = Redis.from_url(redis_url)
    app = FastAPI()

    @app.post("/v1/answers")
    async def post(request: Request) -> Response:
        body = await request.body()
        AnswerIn.model_validate_json(body)
        answer_id = uuid.uuid4().hex
        await redis.lpush(key, body)
        payload = json.dumps({"id": answer_id, "status": "queued", "duplicate": False})
        return Response(payload, status_code=202, media_type="application/json")

    return app


def serve_judge(delay_s: float) -> int:
    """Run FakeOllama until SIGTERM, answering every chat call after delay_s."""
    done = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: done.set())
    signal.signal(signal.SIGINT, lambda *_: done.set())
    fake = FakeOllama()
    fake.respond_with(lambda body: Reply(content=json.dumps(proven_ok(body)), delay_s=delay_s))
    fake.start()
    print(f"{JUDGE_READY}{fake.url}", flush=True)
    try:
        while not done.wait(0.5):
            fake.requests.clear()  # the fake keeps every request; a long run needs none of them
    finally:
        fake.stop()
    return 0


def serve_floor(port: int, redis_url: str, key: str, mode: str) -> int:
    """Serve the floor app as `verifier api` serves the real one."""
    setup_logging()
    app: Any = (
        fastapi_floor_app(redis_url, key) if mode == "fastapi" else floor_app(redis_url, key, mode)
    )
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_config=None)
    run_loop(uvicorn.Server(config).serve())
    return 0


def main(argv: list[str]) -> int:
    """Start the named server."""
    parser = argparse.ArgumentParser(prog="python -m bench.serve", description=__doc__)
    sub = parser.add_subparsers(dest="server", required=True)
    floor = sub.add_parser("floor")
    floor.add_argument("--port", type=int, required=True)
    floor.add_argument("--redis-url", required=True)
    floor.add_argument("--key", required=True)
    floor.add_argument("--mode", choices=("lpush", "arq", "fastapi"), default="lpush")
    judge = sub.add_parser("judge")
    judge.add_argument("--delay-ms", type=float, default=0.0)
    args = parser.parse_args(argv)
    if args.server == "judge":
        return serve_judge(args.delay_ms / 1000)
    return serve_floor(args.port, args.redis_url, args.key, args.mode)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
