"""No route gives a verdict away before a blind rating exists: walk them all, every role."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from fastapi import FastAPI
from fastapi.routing import APIRoute
from starlette.routing import Mount, Route

from tests.conftest import Keys, serve_app
from tests.review.conftest import csrf_of, post_verified, sign_in
from verifier.config import Settings

# What a verdict of this answer would look like in JSON or HTML (its finding is "42,95").
LEAKS = (
    '"flagged":true',
    '"flagged": true',
    "ungrounded_number",
    '"42,95" does not appear',
    "„42,95“ kommt",
    '"reasons":[{',
    '"judge_status":"',
    '"judge_status":null',
    'class="card verdict',
    '<mark class="finding',
)
# Rating is the one act that reveals, by design; every other route is walked.
REVEALING = {("POST", "/v1/answers/{answer_id}/rating"), ("POST", "/review/{answer_id}/rate")}


def routes(app: FastAPI) -> list[tuple[str, str]]:
    """Every (method, path) of the router table, included routers flattened."""
    found = []
    pending = list(app.routes)
    while pending:
        route = pending.pop(0)
        if hasattr(route, "original_router"):  # FastAPI keeps included routers nested
            pending.extend(route.original_router.routes)
            continue
        if isinstance(route, Mount):
            continue  # static files: no answer data
        assert isinstance(route, APIRoute | Route), route
        for method in sorted(route.methods or ()):
            if method != "HEAD" and (method, route.path) not in REVEALING:
                found.append((method, route.path))
    # Signing out last keeps the page session signed in for the rest of the walk.
    return sorted(found, key=lambda route: route == ("POST", "/logout"))


async def test_no_route_reveals_anything_about_an_unrated_answer(
    settings: Settings,
    sessionmaker: object,
    keys: Keys,
    make_user: Callable[..., Awaitable[None]],
) -> None:
    async with serve_app(settings) as (client, app):
        answer_id = await post_verified(client, keys, settings, "Sie kostete 42,95 EUR [1].")
        await make_user("rita")
        await sign_in(client, "rita")
        csrf = csrf_of((await client.get("/review")).text)
        walked = routes(app)
        documented = {path for path in app.openapi()["paths"]}
        assert documented <= {path for _, path in walked} | {p for _, p in REVEALING}
        assert ("GET", "/review/{answer_id}/reveal") in walked and ("GET", "/review") in walked
        identities = {
            "reviewer page session": {},
            "ingest key": await keys.header("ingest"),
            "reviewer key": await keys.header("reviewer"),
        }
        for who, headers in identities.items():
            for method, path in walked:
                url = path.replace("{answer_id}", answer_id)
                if method == "GET":
                    response = await client.get(url, headers=headers)
                else:
                    response = await client.request(
                        method, url, headers=headers, data={"csrf": csrf}
                    )
                for leak in LEAKS:
                    assert leak not in response.text, (who, method, url, leak)
                assert response.status_code < 500, (who, method, url, response.text)
        api = await client.get(f"/v1/answers/{answer_id}", headers=identities["ingest key"])
        assert api.json()["verdict"] is None and api.json()["verdict_hidden"] is True

        # The markers are real: once rated, the same routes do show them.
        await sign_in(client, "rita")
        page = await client.get(f"/review/{answer_id}")
        await client.post(
            f"/review/{answer_id}/rate", data={"rating": "incorrect", "csrf": csrf_of(page.text)}
        )
        reveal = await client.get(f"/review/{answer_id}/reveal")
        rated = await client.get(f"/v1/answers/{answer_id}", headers=identities["ingest key"])
        assert sum(leak in reveal.text for leak in LEAKS) >= 2
        assert sum(leak in rated.text for leak in LEAKS) >= 2
