"""Keys revoke and expire, sign-ins are throttled, hostile JSON gets a 4xx, never a 500."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta

import httpx

from tests.api.test_answers import submission
from tests.conftest import serve_app
from tests.review.conftest import PASSWORD, csrf_of, make_user  # noqa: F401  (fixture)
from verifier.config import Settings
from verifier.db import SessionMaker
from verifier.keys import create_key, revoke_key


async def test_revoked_and_expired_keys_are_refused(
    settings: Settings, sessionmaker: SessionMaker
) -> None:
    fresh = settings.model_copy(update={"key_cache_ttl_s": 0.0})
    secret, _ = await create_key(sessionmaker, "ingest", "acme")
    expired, _ = await create_key(
        sessionmaker, "ingest", "acme", datetime.now(UTC) - timedelta(minutes=1)
    )
    async with serve_app(fresh) as (client, _):
        body = submission("39,95 EUR")
        ok = await client.post(
            "/v1/answers", json=body, headers={"Authorization": f"Bearer {secret}"}
        )
        assert ok.status_code == 202
        assert await revoke_key(sessionmaker, secret[:12]) == 1
        revoked = await client.post(
            "/v1/answers", json=body, headers={"Authorization": f"Bearer {secret}"}
        )
        assert revoked.status_code == 401 and "revoked" in revoked.json()["message"]
        old = await client.post(
            "/v1/answers", json=body, headers={"Authorization": f"Bearer {expired}"}
        )
        assert old.status_code == 401 and "expired" in old.json()["message"]


async def test_failed_sign_ins_are_throttled_per_account(
    client: httpx.AsyncClient,
    make_user: Callable[..., Awaitable[None]],  # noqa: F811
) -> None:
    await make_user("rita")
    csrf = csrf_of((await client.get("/login")).text)
    for _ in range(5):
        wrong = await client.post(
            "/login", data={"username": "rita", "password": "guess", "csrf": csrf}
        )
        assert wrong.status_code == 401
    right = await client.post(
        "/login", data={"username": "rita", "password": PASSWORD, "csrf": csrf}
    )
    assert right.status_code == 429 and "Too many failed sign-ins" in right.text


async def test_hostile_json_is_a_4xx(
    client: httpx.AsyncClient, settings: Settings, sessionmaker: SessionMaker
) -> None:
    secret, _ = await create_key(sessionmaker, "ingest", "acme")
    headers = {"Authorization": f"Bearer {secret}", "Content-Type": "application/json"}
    nested: dict[str, object] = {}
    for _ in range(40):
        nested = {"x": nested}
    deep = await client.post(
        "/v1/answers", json=submission("1 EUR", metadata=nested), headers=headers
    )
    assert deep.status_code == 422 and "16 levels" in deep.json()["message"]
    bomb = b'{"question": "q", "answer": "a", "excerpts": [], "metadata": ' + b"[" * 100_000
    blown = await client.post("/v1/answers", content=bomb + b"]" * 100_000, headers=headers)
    assert 400 <= blown.status_code < 500
