"""The fast path serves a chatbot's plain post; every other request reaches the FastAPI route
with its body intact, and both answer a post alike."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from starlette.types import Receive, Scope, Send

from tests.api.test_answers import submission
from tests.conftest import BreakableDatabase, Keys, serve_app
from verifier.api import fastpath
from verifier.app import create_app
from verifier.config import Settings

ROUTED = 299  # what the stand-in for the route answers: the request reached it


class Route:
    """Stands in for the FastAPI app behind the fast path: records each body it reads."""

    def __init__(self) -> None:
        self.bodies: list[bytes] = []

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        body, more = b"", True
        while more:
            message = await receive()
            body += message.get("body", b"")
            more = message.get("more_body", False)
        self.bodies.append(body)
        await send({"type": "http.response.start", "status": ROUTED, "headers": []})
        await send({"type": "http.response.body", "body": b""})


def fast_path_before(app: FastAPI, route: Route) -> Callable[[Scope, Receive, Send], Any]:
    """An ASGI app: the fast path where it takes the request, else the route."""

    async def asgi(scope: Scope, receive: Receive, send: Send) -> None:
        if fastpath.takes(scope):
            await fastpath.serve(app, scope, receive, send, route)
        else:
            await route(scope, receive, send)

    return asgi


@pytest.fixture
async def app(settings: Settings, keys: Keys) -> AsyncIterator[FastAPI]:
    """The real app, started, with a body limit small enough to pass."""
    async with serve_app(settings.model_copy(update={"max_body_bytes": 4000})) as (_, app):
        yield app


BODY = json.dumps(submission("Die Holzlasur hat 39,95 EUR gekostet [1].")).encode()


async def test_a_plain_post_is_queued_without_the_route(app: FastAPI, keys: Keys) -> None:
    route = Route()
    transport = httpx.ASGITransport(app=fast_path_before(app, route))
    headers = {**await keys.header("ingest"), "Content-Type": "application/json; charset=utf-8"}
    async with httpx.AsyncClient(transport=transport, base_url="http://verifier") as http:
        response = await http.post("/v1/answers", content=BODY, headers=headers)
    assert route.bodies == []
    assert response.status_code == 202, response.text
    accepted = response.json()
    assert accepted["status"] == "queued" and accepted["duplicate"] is False
    queued = await app.state.queue.lookup(accepted["id"])
    assert queued is not None and queued.status == "queued" and queued.tenant == "acme"
    assert queued.submission["answer"] == json.loads(BODY)["answer"]


async def _chunks(body: bytes) -> AsyncIterator[bytes]:
    for start in range(0, len(body), 1000):
        yield body[start : start + 1000]


UNUSUAL: dict[str, tuple[str, Any]] = {
    # name: (what differs from a plain post, how)
    "no key": ("headers", {"Authorization": None}),
    "not Bearer": ("headers", {"Authorization": "Basic YWxhZGRpbjpvcGVu"}),
    "unknown key": ("headers", {"Authorization": "Bearer not-a-key"}),
    "reviewer key": ("role", "reviewer"),
    "not JSON": ("headers", {"Content-Type": "text/plain"}),
    "no Content-Type": ("headers", {"Content-Type": None}),
    "a cookie": ("headers", {"Cookie": "verifier_session=abc"}),
    "a query": ("url", "/v1/answers?dry_run=1"),
    "an invalid body": ("body", json.dumps({**submission("x"), "extra": 1}).encode()),
    "not JSON at all": ("body", b'{"question": '),
    "a key given twice": ("body", BODY[:-1] + b', "question": "Noch eine Frage?"}'),
    "a declared length past the limit": ("body", BODY + b" " * 4000),
    "a streamed body past the limit": ("stream", BODY + b" " * 4000),
}


@pytest.mark.parametrize("case", list(UNUSUAL), ids=list(UNUSUAL))
async def test_anything_unusual_reaches_the_route_with_its_body(
    app: FastAPI, keys: Keys, case: str
) -> None:
    what, how = UNUSUAL[case]
    route = Route()
    transport = httpx.ASGITransport(app=fast_path_before(app, route))
    role = how if what == "role" else "ingest"
    headers: dict[str, str | None] = {
        **await keys.header(role),
        "Content-Type": "application/json",
        **(how if what == "headers" else {}),
    }
    body = how if what in ("body", "stream") else BODY
    content = _chunks(body) if what == "stream" else body
    url = how if what == "url" else "/v1/answers"
    sent = {name: value for name, value in headers.items() if value is not None}
    async with httpx.AsyncClient(transport=transport, base_url="http://verifier") as http:
        response = await http.post(url, content=content, headers=sent)
    assert response.status_code == ROUTED
    assert route.bodies == [body]


async def test_the_fast_path_and_the_route_answer_a_post_alike(
    settings: Settings, keys: Keys
) -> None:
    headers = {**await keys.header("ingest"), "Content-Type": "application/json"}
    async with serve_app(settings) as (fast, app):
        transport = httpx.ASGITransport(app=_route_alone(app))
        async with httpx.AsyncClient(transport=transport, base_url="http://verifier") as slow:
            answers = {}
            for name, http in (("fast", fast), ("route", slow)):
                body = submission("Die Holzlasur hat 39,95 EUR gekostet [1].", external_id=name)
                response = await http.post("/v1/answers", json=body, headers=headers)
                answers[name] = response
                job = await app.state.queue.lookup(response.json()["id"])
                assert job is not None and job.submission == {
                    **body, "answer_model": None, "conversation_id": None, "metadata": None,
                    "excerpts": [{**body["excerpts"][0], "url": None}],
                }  # fmt: skip
            # Each path sees the other's external ids: one claim, whichever path wrote it;
            # another answer under it is refused alike.
            refusals = []
            for name, http in (("fast", slow), ("route", fast)):
                body = submission("Die Holzlasur hat 39,95 EUR gekostet [1].", external_id=name)
                again = await http.post("/v1/answers", json=body, headers=headers)
                assert again.status_code == 200
                assert again.json() == {**answers[name].json(), "duplicate": True}
                other = submission("Noch einmal [1].", external_id=name)
                refusals.append(await http.post("/v1/answers", json=other, headers=headers))
            assert [r.status_code for r in refusals] == [409, 409]
            assert [r.json()["details"][0]["fields"] for r in refusals] == [["answer"], ["answer"]]
    fast_answer, route_answer = answers["fast"], answers["route"]
    assert fast_answer.status_code == route_answer.status_code == 202
    assert dict(fast_answer.headers) == dict(route_answer.headers)
    assert fast_answer.json().keys() == route_answer.json().keys()


async def test_a_key_store_outage_is_answered_once_as_the_route_would(
    breakable_db: BreakableDatabase,
) -> None:
    # A key not yet cached while the database is down: the route would ask the key store a
    # second time only to hear the same 503.
    headers = {**(await breakable_db.keys())["ingest"], "Content-Type": "application/json"}
    async with serve_app(breakable_db.settings) as (_, app):
        await breakable_db.take_away(app)
        route = Route()
        responses = []
        for asgi in (fast_path_before(app, route), _route_alone(app)):
            transport = httpx.ASGITransport(app=asgi)
            async with httpx.AsyncClient(transport=transport, base_url="http://verifier") as http:
                responses.append(await http.post("/v1/answers", content=BODY, headers=headers))
        breakable_db.bring_back()
    fast, alone = responses
    assert route.bodies == []
    assert fast.status_code == alone.status_code == 503
    assert (fast.json(), dict(fast.headers)) == (alone.json(), dict(alone.headers))


async def test_a_crash_on_the_fast_path_is_a_plain_500(settings: Settings) -> None:
    # Without its lifespan the app has no key store: a crash on either path, never a hang or a
    # dropped connection.
    app = create_app(settings)
    headers = {"Authorization": "Bearer some-key", "Content-Type": "application/json"}
    for asgi in (app, _route_alone(app)):
        transport = httpx.ASGITransport(app=asgi, raise_app_exceptions=False)
        async with httpx.AsyncClient(transport=transport, base_url="http://verifier") as http:
            response = await http.post("/v1/answers", content=BODY, headers=headers)
        assert (response.status_code, response.text) == (500, "Internal Server Error")


def _route_alone(app: FastAPI) -> Callable[[Scope, Receive, Send], Any]:
    """The app as FastAPI alone would serve it, without the fast path."""

    async def asgi(scope: Scope, receive: Receive, send: Send) -> None:
        await FastAPI.__call__(app, scope, receive, send)

    return asgi
