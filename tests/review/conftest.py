"""Signed-in browser-like clients for the review pages."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta

import httpx
import pytest
from sqlalchemy import update

from tests.api.test_answers import submission
from tests.conftest import Keys, run_worker
from verifier.config import Settings
from verifier.db import SessionMaker, unit_of_work
from verifier.review.auth import create_user
from verifier.store import verification_queries as queries
from verifier.store.models import Answer

PASSWORD = "correct horse battery"


def csrf_of(page: str) -> str:
    """The CSRF token in a page's forms."""
    match = re.search(r'name="csrf" value="([^"]+)"', page)
    assert match, "page has no CSRF field"
    return match.group(1)


async def sign_in(client: httpx.AsyncClient, username: str) -> None:
    """Sign in through the real form."""
    form = await client.get("/login")
    response = await client.post(
        "/login", data={"username": username, "password": PASSWORD, "csrf": csrf_of(form.text)}
    )
    assert response.status_code == 303, response.text


@asynccontextmanager
async def signed_in_as(
    client: httpx.AsyncClient, username: str
) -> AsyncIterator[httpx.AsyncClient]:
    """A second browser on the same app as client, signed in as another reviewer."""
    async with httpx.AsyncClient(transport=client._transport, base_url="http://verifier") as other:
        await sign_in(other, username)
        yield other


async def expire_hold(sessionmaker: SessionMaker, answer_id: str) -> None:
    """Let the review pages' hold on an answer run out, as a reviewer gone too long would."""
    async with sessionmaker() as session:
        await session.execute(
            update(Answer)
            .where(Answer.id == answer_id)
            .values(lease_until=datetime.now(UTC) - timedelta(seconds=1))
        )
        await session.commit()


@pytest.fixture
def make_user(sessionmaker: SessionMaker) -> Callable[[str, str, str], Awaitable[None]]:
    """Creates web accounts in the test database."""

    async def make(username: str, role: str = "reviewer", tenant: str = "acme") -> None:
        await create_user(sessionmaker, username, PASSWORD, role, tenant)

    return make


async def post_verified(
    client: httpx.AsyncClient,
    keys: Keys,
    settings: Settings,
    answer: str,
    *,
    code_stage_only: bool = False,
    **extra: object,
) -> str:
    """Post an answer as the chatbot would and let the worker verify it; returns its id.

    With code_stage_only, the judge's job stays queued (see run_worker)."""
    body = submission(answer, **extra)
    posted = await client.post("/v1/answers", json=body, headers=await keys.header("ingest"))
    assert posted.status_code == 202, posted.text
    await run_worker(settings, code_stage_only=code_stage_only)
    answer_id: str = posted.json()["id"]
    return answer_id


async def insert_answer(
    sessionmaker: SessionMaker,
    answer_id: str,
    received_at: datetime,
    *,
    question: str = "Was hat die Holzlasur gekostet?",
    tenant: str = "acme",
    judge: dict[str, object] | None = None,
    flagged: bool = False,
) -> None:
    """An answer stored as the worker would, with a verdict (its judge stage as given), and
    waiting for a rating; far quicker than posting and verifying many."""
    async with unit_of_work(sessionmaker) as session:
        await queries.insert_answer(
            session,
            answer_id=answer_id,
            tenant=tenant,
            status="done",
            at=received_at,
            received_at=received_at,
            submission={"question": question, "answer": "Sie kostete 39,95 EUR [1].",
                        "excerpts": [{"n": 1, "text": "Holzlasur 2,5 l      39,95 EUR"}]},
        )  # fmt: skip
        await queries.write_verdict(
            session,
            answer_id,
            first=True,
            flagged=flagged,
            reasons=[],
            stages={"judge": judge or {"status": "ok", "flagged": False}},
            checker_version="test",
            at=received_at,
        )
