"""Reviewer pages: plain HTML forms that work without JavaScript."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Form, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from sqlalchemy.ext.asyncio import AsyncSession

from verifier.api.deps import SessionDep
from verifier.exceptions import VerifierError
from verifier.review import service
from verifier.review.auth import (
    SignInThrottle,
    WebSessions,
    authenticate,
    check_csrf,
    csrf_token,
)
from verifier.review.i18n import TEXT, language
from verifier.store import repository
from verifier.store.models import Answer, User

templates = Jinja2Templates(directory=Path(__file__).resolve().parent.parent / "templates")
router = APIRouter(include_in_schema=False)


class SignInRequired(VerifierError):
    """A page needs a signed-in reviewer; answered with a redirect to the sign-in page."""

    status_code = 303
    code = "sign_in_required"


def web_sessions(request: Request) -> WebSessions:
    """The record of signed-in browser sessions, beside the queue in Redis."""
    return WebSessions(request.app.state.queue.pool, request.app.state.settings.queue_name)


async def session_user(request: Request, session: AsyncSession) -> User | None:
    """The user signed in in this browser session, None when nobody is (or it ended)."""
    session_id = request.session.get("session_id")
    if not isinstance(session_id, str):
        return None
    user_id = await web_sessions(request).user_id(session_id)
    return await repository.get_user(session, user_id) if user_id is not None else None


def page_role(*roles: str) -> Any:
    """A dependency: the signed-in user of this browser session, with one of these roles."""

    async def signed_in(request: Request, session: SessionDep) -> User:
        user = await session_user(request, session)
        if user is None or user.role not in roles:
            raise SignInRequired(f"sign in as {' or '.join(roles)} to see this page")
        return user

    return Depends(signed_in)


UserDep = Annotated[User, page_role("reviewer", "admin")]
# Analysts drill down from their figures into reveals of answers already rated blind.
RevealUserDep = Annotated[User, page_role("reviewer", "analyst", "admin")]


async def tenant_answer(answer_id: str, session: SessionDep, user: UserDep) -> Answer:
    """The answer of the reviewer's tenant, or a 404 from here."""
    return await service.load(session, user, answer_id)


AnswerDep = Annotated[Answer, Depends(tenant_answer)]


async def revealable_answer(answer_id: str, session: SessionDep, user: RevealUserDep) -> Answer:
    """The answer of the user's tenant for the reveal page, or a 404 from here."""
    return await service.load(session, user, answer_id)


RevealAnswerDep = Annotated[Answer, Depends(revealable_answer)]
CsrfField = Annotated[str, Form()]


def render(request: Request, name: str, status_code: int = 200, **context: Any) -> HTMLResponse:
    """A page in the request's language; Jinja escapes every value."""
    lang = language(request)
    # The other language's link keeps the page's query (an analyst's window, say).
    query = {k: v for k, v in request.query_params.items() if k != "lang"}
    switch = urlencode({**query, "lang": "en" if lang == "de" else "de"})
    response = templates.TemplateResponse(
        request,
        name,
        {"t": TEXT[lang], "lang": lang, "csrf": csrf_token(request), "switch": switch, **context},
        status_code=status_code,
    )
    if request.query_params.get("lang") == lang:
        response.set_cookie("lang", lang, httponly=True, samesite="lax")
    return response


def _lease(request: Request) -> timedelta:
    return timedelta(seconds=request.app.state.settings.review_lease_s)


def see_other(url: str) -> RedirectResponse:
    """A redirect after a form post, so reloading does not post again."""
    return RedirectResponse(url, status_code=303)


def start_page(role: str) -> str:
    """Where a signed-in user begins: the figures for analysts, the queue for the others."""
    return "/analytics" if role == "analyst" else "/review"


@router.get("/", response_class=RedirectResponse)
async def home(request: Request, session: SessionDep) -> RedirectResponse:
    """The start page: the queue for reviewers, the figures for analysts, else sign-in."""
    user = await session_user(request, session)
    return see_other(start_page(user.role) if user is not None else "/login")


@router.get("/login", response_class=HTMLResponse)
async def login_form(request: Request) -> Response:
    """The sign-in form."""
    return render(request, "login.html")


@router.post("/login")
async def login(
    request: Request,
    session: SessionDep,
    username: Annotated[str, Form()],
    password: Annotated[str, Form()],
    csrf: CsrfField,
) -> Response:
    """Sign in and go to the start page of the user's role; a wrong password says so without
    saying which part."""
    check_csrf(request, csrf)
    throttle = SignInThrottle(request.app.state.queue.pool, request.app.state.settings.queue_name)
    if await throttle.blocked(username):
        return render(request, "login.html", 429, error="too_many", username=username)
    user = await authenticate(session, username, password)
    if user is None:
        await throttle.failed(username)
        return render(request, "login.html", 401, error="bad_login", username=username)
    await throttle.succeeded(username)
    sessions = web_sessions(request)
    earlier = request.session.get("session_id")
    if isinstance(earlier, str):
        await sessions.end(earlier)  # no copy of the old cookie lives on
    request.session.clear()  # a fresh session on sign-in: no fixation
    request.session["session_id"] = await sessions.start(user.id)
    return see_other(start_page(user.role))


@router.post("/logout")
async def logout(request: Request, csrf: CsrfField) -> Response:
    """Sign out."""
    check_csrf(request, csrf)
    session_id = request.session.get("session_id")
    if isinstance(session_id, str):
        await web_sessions(request).end(session_id)  # a copy of the cookie is dead too
    request.session.clear()
    return see_other("/login")


def skipped_by(request: Request, user: User) -> service.Skipped:
    """The answers this user skipped lately, beside the sessions in Redis."""
    return service.Skipped(
        request.app.state.queue.pool, request.app.state.settings.queue_name, user.id
    )


def page_link(request: Request, page: int) -> str:
    """This page's query (its window, its language) with another page number."""
    query = {k: v for k, v in request.query_params.items() if k != "page"}
    return "?" + urlencode({**query, "page": page})


@router.get("/review", response_class=HTMLResponse)
async def review_queue(
    request: Request,
    session: SessionDep,
    user: UserDep,
    page: Annotated[int, Query(ge=1)] = 1,
) -> Response:
    """Answers waiting for this reviewer's tenant, oldest first, a page at a time; those the
    reviewer skipped lately come last."""
    skipped = await skipped_by(request, user).ids()
    found = await service.queue(session, user, skipped, page)
    return render(
        request,
        "queue.html",
        user=user,
        queue=found,
        previous=page_link(request, found.page - 1) if found.page > 1 else None,
        next=page_link(request, found.page + 1) if found.page < found.pages else None,
    )


@router.get("/review/{answer_id}", response_class=HTMLResponse)
async def rate_form(
    request: Request, session: SessionDep, user: UserDep, answer: AnswerDep
) -> Response:
    """The answer to rate, blind: no verdict is in this page."""
    if await service.blind_rating(session, answer) is not None:
        return see_other(f"/review/{answer.id}/reveal")
    if answer.review_state != "pending":
        return see_other("/review")
    lease = _lease(request)
    await service.open_for_rating(session, user, answer, lease)
    # The page renews its hold three times a lease, so one lost request does not lose it.
    hold_every_ms = int(lease.total_seconds() * 1000 / 3)
    return render(request, "rate.html", user=user, answer=answer, hold_every_ms=hold_every_ms)


@router.post("/review/{answer_id}/hold", status_code=204)
async def hold(
    request: Request, session: SessionDep, user: UserDep, answer: AnswerDep, csrf: CsrfField
) -> Response:
    """Renew the reviewer's hold on the answer while its rating page stays open (409 when
    another reviewer took it meanwhile, or it is no longer waiting)."""
    check_csrf(request, csrf)
    await service.open_for_rating(session, user, answer, _lease(request))
    return Response(status_code=204)


@router.post("/review/{answer_id}/rate")
async def rate(
    request: Request,
    session: SessionDep,
    user: UserDep,
    answer: AnswerDep,
    rating: Annotated[str, Form()],
    csrf: CsrfField,
    comment: Annotated[str, Form()] = "",
    blind: Annotated[bool, Form()] = False,
) -> Response:
    """Store the blind rating (or a later revision) and show the verdict."""
    check_csrf(request, csrf)
    if await service.may_rate(session, user, answer, blind=blind, lease=_lease(request)):
        await service.rate(session, f"user:{user.id}", answer, rating, comment)
    return see_other(f"/review/{answer.id}/reveal")


@router.post("/review/{answer_id}/skip")
async def skip(
    request: Request, session: SessionDep, user: UserDep, answer: AnswerDep, csrf: CsrfField
) -> Response:
    """Back to the queue, leaving the answer for someone else; in this reviewer's queue it
    comes last for a while, so the next answer offered is another one."""
    check_csrf(request, csrf)
    await service.skip(session, skipped_by(request, user), user, answer)
    return see_other("/review")


@router.post("/review/{answer_id}/discard")
async def discard(
    request: Request,
    session: SessionDep,
    user: UserDep,
    answer: AnswerDep,
    csrf: CsrfField,
    reason: Annotated[str, Form()] = "",
) -> Response:
    """Take the answer out of the queue as not rateable."""
    check_csrf(request, csrf)
    await service.open_for_rating(session, user, answer, _lease(request))
    await service.discard(session, answer, reason)
    return see_other("/review")


@router.get("/review/{answer_id}/reveal", response_class=HTMLResponse)
async def reveal(
    request: Request, session: SessionDep, user: RevealUserDep, answer: RevealAnswerDep
) -> Response:
    """The verdict, only once a blind rating exists."""
    ratings = await repository.list_ratings(session, answer.id)
    if not ratings:
        return see_other(f"/review/{answer.id}" if user.role != "analyst" else "/analytics")
    verdict = await service.verdict_for_reveal(session, answer)
    pieces = service.segments(answer.answer, verdict.reasons if verdict else [])
    judge = verdict.stages.get("judge", {}) if verdict else {}
    quotes = service.quotes_by_excerpt(judge)
    return render(
        request,
        "reveal.html",
        user=user,
        answer=answer,
        verdict=verdict,
        segments=pieces,
        quotes=quotes,
        judge_retry_until=service.retry_until(judge),
        blind=ratings[0],
        own=ratings[0].rater == f"user:{user.id}",
        revisions=ratings[1:],
    )
