"""The FastAPI application: wiring, lifespan and the one place errors become HTTP."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from http import HTTPStatus
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.errors import ServerErrorMiddleware
from starlette.middleware.sessions import SessionMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from verifier import __version__
from verifier.analytics import pages as analytics_pages
from verifier.api import analytics, answers, fastpath, health, ratings
from verifier.api.errors import error_response
from verifier.config import Settings
from verifier.db import create_engine, create_sessionmaker
from verifier.exceptions import VerifierError
from verifier.keys import KeyStore
from verifier.queue import SubmissionQueue, connect
from verifier.review import pages
from verifier.review.auth import SESSION_MAX_AGE_S, session_secret
from verifier.review.pages import SignInRequired, render
from verifier.schemas import describe_errors


class RequestGuard:
    """Rejects what no route can take before anything reads it: bodies over the limit (413)
    and URLs holding a NUL character (400), which PostgreSQL cannot store or compare."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if "\x00" in scope["path"] or b"%00" in scope["query_string"]:
            await _send(
                send, error_response(400, "bad_request", "the URL holds a NUL character (%00)")
            )
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_bytes:
            await self._reject(send)
            return
        received = 0

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > self.max_bytes:
                raise _TooLarge(self.max_bytes)
            return message

        try:
            await self.app(scope, limited_receive, send)
        except _TooLarge:
            await self._reject(send)

    async def _reject(self, send: Send) -> None:
        message = str(_TooLarge(self.max_bytes).detail)
        await _send(send, error_response(413, "payload_too_large", message))


async def _send(send: Send, response: JSONResponse) -> None:
    start = {"type": "http.response.start", "status": response.status_code}
    await send({**start, "headers": response.raw_headers})
    await send({"type": "http.response.body", "body": response.body})


class _TooLarge(StarletteHTTPException):
    """A body past the limit, found while it streams in. An HTTP error, so that FastAPI's own
    body parsing lets it through (any other error there it turns into a 400)."""

    def __init__(self, max_bytes: int) -> None:
        super().__init__(413, f"body exceeds {max_bytes} bytes")


def _for_machines(request: Request) -> bool:
    """Whether the path is read by programs (the API, Prometheus, health probes), which parse
    {error, message}; every other path is a page read by a person."""
    path = request.url.path
    return path.startswith(("/v1/", "/health/")) or path == "/metrics"


def _error_for(
    request: Request, status: int, code: str, message: str, details: Any = None
) -> Response:
    """An error as the error page for a page, as {error, message[, details]} for a program."""
    if not _for_machines(request):
        return render(request, "error.html", status, code=status, message=message)
    return error_response(status, code, message, details)


async def _verifier_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, VerifierError)
    if isinstance(exc, SignInRequired):
        return RedirectResponse(f"/login?next={request.url.path}", status_code=303)
    return _error_for(request, exc.status_code, exc.code, exc.message, exc.details)


async def _http_error(request: Request, exc: Exception) -> Response:
    """Starlette's own errors (no route, wrong method, an unparsable body) in our shape."""
    assert isinstance(exc, StarletteHTTPException)
    if isinstance(exc, _TooLarge):
        return error_response(413, "payload_too_large", str(exc.detail))
    message = str(exc.detail)
    if isinstance(exc.__cause__, RecursionError):
        message = "the JSON body nests too deeply to parse"
    code = HTTPStatus(exc.status_code).phrase.lower().replace(" ", "_").replace("-", "_")
    response = _error_for(request, exc.status_code, code, message)
    for name, value in (exc.headers or {}).items():
        response.headers[name] = value  # Allow on a 405
    return response


async def _validation_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestValidationError)
    errors = [
        {"loc": list(e.get("loc", ())), "msg": e.get("msg"), "type": e.get("type")}
        for e in exc.errors()
    ]
    if not _for_machines(request):  # a page: the error page, not JSON
        return _error_for(request, 422, "validation_error", describe_errors(errors))
    return error_response(422, "validation_error", describe_errors(errors), errors)


class VerifierAPI(FastAPI):
    """The FastAPI app, but the common post of an answer is served by fastpath first: FastAPI's
    own steps cost the route more than all it does (bench ingest). Whatever fastpath does not
    take, an error included, goes on to FastAPI's route as if fastpath were not there.

    FastAPI's own OpenTelemetry hook (off unless an OpenTelemetry SDK is set up; the service's
    figures are its own /metrics) does not see the posts fastpath serves."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if fastpath.takes(scope) and not self.root_path:
            # A crash answers 500 and is logged, as Starlette's outermost middleware does.
            await ServerErrorMiddleware(self._serve_fast, debug=self.debug)(scope, receive, send)
        else:
            await super().__call__(scope, receive, send)

    async def _serve_fast(self, scope: Scope, receive: Receive, send: Send) -> None:
        await fastpath.serve(self, scope, receive, send, super().__call__)


def create_app(settings: Settings) -> FastAPI:
    """The API for these settings; Redis must be resolved (settings.redis_url set)."""
    if not settings.redis_url:
        raise ValueError("create_app needs settings.redis_url; the CLI starts an embedded Redis")
    redis_url = settings.redis_url

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = create_engine(settings.resolved_database_url())
        app.state.sessionmaker = create_sessionmaker(engine)
        app.state.keys = KeyStore(app.state.sessionmaker, settings.key_cache_ttl_s)
        pool = await connect(redis_url)
        app.state.queue = SubmissionQueue(pool, settings.queue_name)
        try:
            yield
        finally:
            await pool.aclose()
            await engine.dispose()

    app = VerifierAPI(title="Answer verifier", version=__version__, lifespan=lifespan)
    app.state.settings = settings
    app.add_exception_handler(VerifierError, _verifier_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_middleware(RequestGuard, max_bytes=settings.max_body_bytes)
    app.add_middleware(
        SessionMiddleware,
        secret_key=session_secret(settings.session_secret, settings.data_dir),
        session_cookie="verifier_session",
        max_age=SESSION_MAX_AGE_S,
        same_site="lax",
        https_only=settings.secure_cookies,
    )
    app.mount("/static", StaticFiles(directory=Path(__file__).parent / "static"), name="static")
    app.include_router(health.router)
    app.include_router(answers.router)
    app.include_router(ratings.router)
    app.include_router(analytics.router)
    app.include_router(pages.router)
    app.include_router(analytics_pages.router)
    return app
