"""POST /v1/answers in one step: the route's common case without FastAPI's per-request work.

A chatbot's post with one Bearer key of an ingest or admin role, a JSON body that validates
and no query or cookie is served here, by the same service call as the route. Every other
request, and every post this path would refuse, goes on to the FastAPI route unchanged (its
body replayed), so that errors have one source and one shape. FastAPI's dependency solving
and middleware cost more CPU than everything else a post needs (bench ingest)."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from verifier import service
from verifier.api.bodies import parse_body
from verifier.api.deps import INGEST_ROLES, bearer_secret, is_json
from verifier.api.errors import error_response
from verifier.exceptions import DependencyUnavailable, VerifierError
from verifier.keys import KeyStore
from verifier.schemas import AnswerIn

PATH = "/v1/answers"


def takes(scope: Scope) -> bool:
    """Whether the request may be a post of an answer this path serves."""
    return (
        scope["type"] == "http"
        and scope["method"] == "POST"
        and scope["path"] == PATH
        and not scope["query_string"]
    )


async def serve(app: FastAPI, scope: Scope, receive: Receive, send: Send, route: ASGIApp) -> None:
    """Accept the post as the route would, or hand it to `route` (the FastAPI app)."""
    state = app.state
    max_bytes = state.settings.max_body_bytes
    secret = _plain_post_secret(scope["headers"], max_bytes)
    if secret is None:
        await route(scope, receive, send)
        return
    keys: KeyStore = state.keys
    try:
        principal = await keys.authenticate(secret)
    except DependencyUnavailable as exc:  # the route would ask the key store again, to hear this
        await error_response(exc.status_code, exc.code, exc.message)(scope, receive, send)
        return
    except VerifierError:  # an unknown, revoked or expired key: the route says which
        principal = None
    if principal is None or principal.role not in INGEST_ROLES:
        await route(scope, receive, send)
        return
    messages, raw = await _read_body(receive, max_bytes)
    body = _valid(raw)
    if body is None:
        await route(scope, _replay(messages, receive), send)
        return
    response: JSONResponse
    try:
        accepted = await service.submit_answer(
            state.queue,
            principal,
            body,
            can_retrieve=state.settings.retrieval_url is not None,
            sessionmaker=state.sessionmaker,
        )
    except VerifierError as exc:  # past the point of handing over: the post may be queued
        response = error_response(exc.status_code, exc.code, exc.message, exc.details)
    else:
        code = 200 if accepted.duplicate else 202
        response = JSONResponse(accepted.model_dump(mode="json"), status_code=code)
    await response(scope, receive, send)


def _plain_post_secret(headers: list[tuple[bytes, bytes]], max_bytes: int) -> str | None:
    """The Bearer key when the headers are a chatbot's plain post (JSON, one key, no cookie, a
    declared length within the limit), else None."""
    authorization: str | None = None
    content_type: str | None = None
    for name, value in headers:
        if name == b"authorization":
            if authorization is not None:
                return None
            authorization = value.decode("latin-1")
        elif name == b"content-type":
            if content_type is not None:
                return None
            content_type = value.decode("latin-1")
        elif name == b"content-length":
            if not value.isdigit() or int(value) > max_bytes:
                return None
        elif name == b"cookie":  # a browser's session: the route's SessionMiddleware
            return None
    if authorization is None or not is_json(content_type):
        return None
    return bearer_secret(authorization)


async def _read_body(receive: Receive, max_bytes: int) -> tuple[list[Message], bytes | None]:
    """The messages read, and the body; None when the stream did not end as a body within the
    limit (the route then reads it again and says why)."""
    messages: list[Message] = []
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request":
            return messages, None
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > max_bytes:
            return messages, None
        chunks.append(chunk)
        if not message.get("more_body", False):
            return messages, b"".join(chunks)


def _valid(raw: bytes | None) -> AnswerIn | None:
    if raw is None:
        return None
    try:  # the route's own parser: a body one path refuses, the other refuses too
        return parse_body(AnswerIn, raw)
    except (RequestValidationError, VerifierError):
        return None


def _replay(messages: list[Message], receive: Receive) -> Receive:
    """A receive that gives the messages already read once more, then reads on."""
    pending = list(messages)

    async def replay() -> Message:
        if pending:
            return pending.pop(0)
        return await receive()

    return replay
