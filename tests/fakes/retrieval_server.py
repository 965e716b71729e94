"""A retrieval endpoint for tests: answers POST {question, answer} with scripted excerpts."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import AsyncIterator
from typing import Any, Self

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route


class FakeRetrieval:
    """Serves `excerpts` (or `status`) at /search and records what it was asked."""

    def __init__(
        self,
        excerpts: list[dict[str, Any]],
        status: int = 200,
        delay_s: float = 0.0,
        trickle_s: float = 0.0,
    ) -> None:
        self.excerpts = excerpts
        self.status = status
        self.delay_s = delay_s
        self.trickle_s = trickle_s  # a pause before each of five pieces of the reply
        self.requests: list[dict[str, Any]] = []
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self._port = 0

    @property
    def url(self) -> str:
        """The endpoint's URL."""
        return f"http://127.0.0.1:{self._port}/search"

    async def _search(self, request: Request) -> Response:
        self.requests.append(await request.json())
        await asyncio.sleep(self.delay_s)
        if not self.trickle_s:
            return JSONResponse({"excerpts": self.excerpts}, status_code=self.status)
        body = json.dumps({"excerpts": self.excerpts}).encode()
        cut = len(body) // 5 + 1

        async def pieces() -> AsyncIterator[bytes]:
            for start in range(0, len(body), cut):
                await asyncio.sleep(self.trickle_s)
                yield body[start : start + cut]

        return StreamingResponse(pieces(), self.status, media_type="application/json")

    def __enter__(self) -> Self:
        sock = socket.socket()
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # as the fake Ollama's
        sock.bind(("127.0.0.1", 0))
        self._port = sock.getsockname()[1]
        app = Starlette(routes=[Route("/search", self._search, methods=["POST"])])
        server = self._server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
        self._thread = threading.Thread(
            target=lambda: asyncio.run(server.serve(sockets=[sock])), daemon=True
        )
        self._thread.start()
        deadline = time.monotonic() + 10
        while not server.started and time.monotonic() < deadline:
            time.sleep(0.01)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=10)
