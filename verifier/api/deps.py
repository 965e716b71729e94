"""Dependencies that validate and load: auth, sessions, the queue, the answer by id."""

from __future__ import annotations

import hmac
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import Depends, Header, Request
from fastapi.dependencies.models import Dependant
from sqlalchemy.ext.asyncio import AsyncSession

from verifier.api.bodies import parse_body
from verifier.db import unit_of_work
from verifier.exceptions import (
    Forbidden,
    Unauthorized,
    Unprocessable,
    UnsupportedMediaType,
)
from verifier.keys import KeyStore, Principal, Role
from verifier.queue import SubmissionQueue
from verifier.schemas import AnswerIn, RatingIn
from verifier.service import load_stored_answer
from verifier.store.models import Answer


async def get_session(request: Request) -> AsyncIterator[AsyncSession]:
    """One session per request: committed when the route succeeds, rolled back otherwise."""
    async with unit_of_work(request.app.state.sessionmaker) as session:
        yield session


async def single_valued_query(request: Request) -> None:
    """A query parameter given more than once is a 422: which value counts would be a guess.
    (Async: a sync dependency costs a thread-pool hop.)"""
    params = request.query_params
    repeated = sorted(name for name in params if len(params.getlist(name)) > 1)
    if repeated:
        raise Unprocessable(f"query parameters given more than once: {repeated}")


async def get_queue(request: Request) -> SubmissionQueue:
    """The app's submission queue (async: a sync dependency costs a thread-pool hop)."""
    queue: SubmissionQueue = request.app.state.queue
    return queue


async def get_principal(
    request: Request, authorization: Annotated[str | None, Header()] = None
) -> Principal:
    """The caller behind the Bearer key, or a 401 that says what is wrong."""
    if authorization is None:
        raise Unauthorized("missing Authorization header; send 'Authorization: Bearer <key>'")
    secret = bearer_secret(authorization)
    if secret is None:
        raise Unauthorized("Authorization header must be 'Bearer <key>'")
    keys: KeyStore = request.app.state.keys
    return await keys.authenticate(secret)


def bearer_secret(authorization: str) -> str | None:
    """The key of an 'Authorization: Bearer <key>' header, or None for any other form."""
    scheme, _, secret = authorization.partition(" ")
    if scheme.lower() != "bearer" or not secret.strip():
        return None
    return secret.strip()


def declared_query(dependant: Dependant) -> set[str]:
    """The query parameters a route takes, its dependencies' included."""
    names = {param.alias for param in dependant.query_params}
    for sub in dependant.dependencies:
        names |= declared_query(sub)
    return names


async def open_known_query(request: Request) -> None:
    """A query parameter the route does not declare, or one given twice, is a 422 naming it:
    ignored, a misspelt one would go unseen. It asks for no key: a route that takes one
    checks the key first (known_query), so that a caller without one hears 401 first."""
    await single_valued_query(request)
    unknown = set(request.query_params) - declared_query(request.scope["route"].dependant)
    if unknown:
        raise Unprocessable(f"unknown query parameters: {sorted(unknown)}")


async def known_query(
    request: Request, _caller: Annotated[Principal, Depends(get_principal)]
) -> None:
    """open_known_query after the key (get_principal): on every /v1 router."""
    await open_known_query(request)


async def metrics_reader(
    request: Request, authorization: Annotated[str | None, Header()] = None
) -> None:
    """Whoever may read /metrics: the metrics token (no database needed), else an admin key.

    The counters span every tenant and move with each verdict, so no tenant's key reads them
    (a reviewer could learn a verdict before rating it blind)."""
    token: str | None = request.app.state.settings.metrics_token
    scheme, _, secret = (authorization or "").partition(" ")
    if token and scheme.lower() == "bearer":
        if hmac.compare_digest(secret.strip().encode(), token.encode()):
            return
    principal = await get_principal(request, authorization)
    if principal.role != "admin":
        raise Forbidden("/metrics spans every tenant: send VERIFIER_METRICS_TOKEN or an admin key")


def require_role(*roles: Role) -> Any:
    """A dependency admitting only keys with one of these roles."""

    async def check(principal: Annotated[Principal, Depends(get_principal)]) -> Principal:
        if principal.role not in roles:
            allowed = " or ".join(roles)
            article = "an" if allowed[0] in "aeiou" else "a"
            raise Forbidden(f"this route needs {article} {allowed} key, not {principal.role}")
        return principal

    return Depends(check)


async def require_json(content_type: Annotated[str | None, Header()] = None) -> None:
    """Bodies must be declared as JSON; anything else is a 415 naming what was sent."""
    if not is_json(content_type):
        raise UnsupportedMediaType(
            f"Content-Type must be application/json, got {content_type or 'none'!r}"
        )


def is_json(content_type: str | None) -> bool:
    """Whether a Content-Type header declares JSON (parameters such as charset aside)."""
    return (content_type or "").split(";")[0].strip().lower() == "application/json"


async def read_answer(request: Request) -> AnswerIn:
    """The posted answer, parsed and validated as the fast path does (verifier.api.bodies).

    FastAPI's own body handling (its model, its error bookkeeping) cost 5 % of the route's CPU
    (bench ingest: 0.59 -> 0.56 ms a request)."""
    return parse_body(AnswerIn, await request.body())


async def read_rating(request: Request) -> RatingIn:
    """The posted rating, parsed as every post of the API is: a key given twice is a 422."""
    return parse_body(RatingIn, await request.body())


SessionDep = Annotated[AsyncSession, Depends(get_session, scope="function")]
QueueDep = Annotated[SubmissionQueue, Depends(get_queue)]
INGEST_ROLES: tuple[Role, ...] = ("ingest", "admin")
IngestDep = Annotated[Principal, require_role(*INGEST_ROLES)]
ReaderDep = Annotated[Principal, require_role("ingest", "reviewer", "analyst", "admin")]
ReviewerDep = Annotated[Principal, require_role("reviewer", "admin")]
AnalystDep = Annotated[Principal, require_role("analyst", "admin")]
MetricsReader = Depends(metrics_reader)
KnownQuery = Depends(known_query)  # on every /v1 router
OpenKnownQuery = Depends(open_known_query)  # on /health/ and /metrics, after any key
JsonBody = Depends(require_json)
AnswerBodyDep = Annotated[AnswerIn, Depends(read_answer)]
RatingBodyDep = Annotated[RatingIn, Depends(read_rating)]


async def get_rateable_answer(
    answer_id: str, session: SessionDep, queue: QueueDep, principal: ReviewerDep
) -> Answer:
    """The stored answer of the reviewer's tenant, or a 404 from here, not from the route."""
    return await load_stored_answer(session, queue, principal, answer_id)


RateableAnswerDep = Annotated[Answer, Depends(get_rateable_answer)]
