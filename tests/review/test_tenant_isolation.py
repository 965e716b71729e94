"""Every route, tried with another tenant's answer id, gives nothing of it away."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from tests.conftest import Keys, serve_app
from tests.review.conftest import csrf_of, post_verified, sign_in
from tests.review.test_blinding import REVEALING, routes
from verifier.config import Settings

QUESTION = "Was hat die Holzlasur gekostet?"  # the posted answer's question, as in submission()


async def test_no_route_crosses_tenants(
    settings: Settings,
    sessionmaker: object,
    keys: Keys,
    make_user: Callable[..., Awaitable[None]],
) -> None:
    async with serve_app(settings) as (client, app):
        answer_id = await post_verified(client, keys, settings, "Sie kostete 42,95 EUR [1].")
        await make_user("intruder", role="admin", tenant="globex")
        await sign_in(client, "intruder")
        csrf = csrf_of((await client.get("/review")).text)
        identities = {
            "admin page session of globex": {},
            "globex ingest key": await keys.header("ingest", tenant="globex"),
            "globex reviewer key": await keys.header("reviewer", tenant="globex"),
            "globex admin key": await keys.header("admin", tenant="globex"),
        }
        walked = [r for r in routes(app) if "{answer_id}" in r[1]] + sorted(REVEALING)
        for who, headers in identities.items():
            for method, path in walked:
                url = path.replace("{answer_id}", answer_id)
                if method == "GET":
                    response = await client.get(url, headers=headers)
                else:
                    response = await client.request(
                        method,
                        url,
                        headers=headers,
                        data={"csrf": csrf, "rating": "correct", "reason": "x"}
                        if path.startswith("/review")
                        else None,
                        json={"rating": "correct"} if path.startswith("/v1") else None,
                    )
                assert response.status_code in (401, 403, 404), (who, method, url, response.text)
                assert QUESTION not in response.text and "42,95" not in response.text
        still = await client.get(f"/v1/answers/{answer_id}", headers=await keys.header("ingest"))
        assert still.json()["rating"] is None  # nothing the intruder sent was stored
