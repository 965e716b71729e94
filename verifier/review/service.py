"""Review use cases: the queue, leases, blind ratings, discards and the reveal."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from redis.asyncio import Redis
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from verifier.exceptions import BadRequest, Conflict, NotFound
from verifier.queue import redis_outage
from verifier.schemas import MAX_COMMENT
from verifier.store import repository
from verifier.store.models import Answer, Rating, User, Verdict


def _now() -> datetime:
    return datetime.now(UTC)


QUEUE_PAGE = 50  # answers a page of the queue lists
SKIP_KEPT_S = 12 * 3600  # how long a skipped answer stays at the end of its skipper's queue
MAX_SKIPPED = 200  # the skips remembered per reviewer, the latest


class Skipped:
    """The answers a reviewer skipped lately, in Redis beside the sessions, oldest skip
    first. They come last in that reviewer's queue, so Skip moves the reviewer on; the
    answer stays in everyone's queue, this reviewer's too, and others see it in its place."""

    def __init__(self, redis: Redis, prefix: str, user_id: int) -> None:
        self.redis = redis
        self.key = f"{prefix}:skipped:{user_id}"

    async def add(self, answer_id: str) -> None:
        """Note a skip (a second one of the same answer moves it to the very end)."""
        now = time.time()
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.zadd(self.key, {answer_id: now})
            pipe.zremrangebyscore(self.key, "-inf", now - SKIP_KEPT_S)
            pipe.zremrangebyrank(self.key, 0, -MAX_SKIPPED - 1)
            pipe.expire(self.key, SKIP_KEPT_S)
            with redis_outage():
                await pipe.execute()

    async def ids(self) -> list[str]:
        """The answers skipped in the last SKIP_KEPT_S, the oldest skip first."""
        with redis_outage():
            found = await self.redis.zrangebyscore(self.key, time.time() - SKIP_KEPT_S, "+inf")
        return [i.decode() if isinstance(i, bytes) else str(i) for i in found]


@dataclass(frozen=True, slots=True)
class QueuePage:
    """One page of a reviewer's queue, and where it lies in the whole."""

    answers: list[Answer]
    total: int  # answers waiting for this reviewer, over all pages
    page: int
    pages: int
    skipped: frozenset[str]  # those this reviewer skipped lately (they come last)

    @property
    def first(self) -> int:
        """The position of the page's first answer in the queue, from 1."""
        return (self.page - 1) * QUEUE_PAGE + 1

    @property
    def last(self) -> int:
        """The position of the page's last answer in the queue."""
        return self.first + len(self.answers) - 1


async def queue(
    session: AsyncSession, user: User, skipped: Sequence[str] = (), page: int = 1
) -> QueuePage:
    """A page of the answers of the user's tenant waiting for a rating, oldest first; those
    in `skipped` (the user's skips, oldest skip first) after the others. A page past the
    last is the last."""
    now = _now()
    total = await repository.count_review_queue(
        session, tenant=user.tenant, user_id=user.id, now=now
    )
    pages = max(1, -(-total // QUEUE_PAGE))
    page = min(max(page, 1), pages)
    answers = await repository.review_queue(
        session,
        tenant=user.tenant,
        user_id=user.id,
        now=now,
        limit=QUEUE_PAGE,
        offset=(page - 1) * QUEUE_PAGE,
        last=skipped,
    )
    return QueuePage(answers, total, page, pages, frozenset(skipped))


async def load(session: AsyncSession, user: User, answer_id: str) -> Answer:
    """The answer if it is the user's tenant's; any other is 'not found'."""
    answer = await repository.get_answer(session, answer_id)
    if answer is None or answer.tenant != user.tenant:
        raise NotFound(f"no answer with id {answer_id!r}")
    return answer


async def open_for_rating(
    session: AsyncSession, user: User, answer: Answer, lease: timedelta
) -> None:
    """Lease the answer to the user (or renew the user's lease), or a Conflict when another
    reviewer holds it."""
    now = _now()
    taken = await repository.take_lease(
        session,
        answer_id=answer.id,
        tenant=user.tenant,
        user_id=user.id,
        now=now,
        until=now + lease,
    )
    if not taken:
        if answer.review_state == "discarded":
            raise Conflict(f"this answer was discarded as not rateable: {answer.discard_reason}")
        raise Conflict("another reviewer holds this answer")


async def refuse_while_leased(session: AsyncSession, answer: Answer) -> None:
    """A Conflict while a reviewer on the pages holds the answer to rate it blind.

    A rating from elsewhere would make theirs a revision, marked as made after the reveal
    they never saw. Checked by an UPDATE in the rating's own transaction, so a reviewer
    cannot take the answer between the check and the rating."""
    if await repository.free_unleased(session, answer_id=answer.id, now=_now()):
        return
    await session.refresh(answer)
    until = answer.lease_until
    when = until.isoformat(timespec="seconds") if until is not None else "a few minutes"
    raise Conflict(
        f"a reviewer is rating this answer blind in the review pages until {when}; "
        "try again after that"
    )


async def blind_rating(session: AsyncSession, answer: Answer) -> Rating | None:
    """The first rating, the one the metrics count."""
    ratings = await repository.list_ratings(session, answer.id)
    return ratings[0] if ratings else None


async def may_rate(
    session: AsyncSession, user: User, answer: Answer, *, blind: bool, lease: timedelta
) -> bool:
    """Whether the user's rating may be stored now: a first rating needs the user's lease; a
    rating from the blind form finds the answer rated by this user (the form sent twice:
    False) or by another, whose hold began when this user's ran out (a Conflict: stored,
    it would read as a revision made after a reveal this user never saw)."""
    first = await blind_rating(session, answer)
    if first is None:
        await open_for_rating(session, user, answer, lease)  # the lease must still be ours
        return True
    if not blind:
        return True  # a revision, from the reveal page
    if first.rater == f"user:{user.id}":
        return False
    raise Conflict(
        "another reviewer rated this answer while you had it open (your hold on it had run "
        "out); your rating was not stored"
    )


async def rate(
    session: AsyncSession, rater: str, answer: Answer, rating: str, comment: str | None
) -> Rating:
    """Store a rating: the first is blind and closes the review, later ones are revisions."""
    if rating not in ("correct", "incorrect", "partly"):
        raise BadRequest(f"rating must be correct, incorrect or partly, not {rating!r}")
    if "\x00" in (comment or ""):  # PostgreSQL cannot store it
        raise BadRequest("the comment must not contain the NUL character (U+0000)")
    if comment and len(comment) > MAX_COMMENT:
        raise BadRequest(f"the comment may be {MAX_COMMENT} characters long, not {len(comment)}")
    if answer.review_state == "discarded":  # its reason would be lost, and it would count
        raise Conflict(f"this answer was discarded as not rateable: {answer.discard_reason}")
    try:
        row = await repository.add_rating(
            session, answer_id=answer.id, rating=rating, comment=comment or None, rater=rater
        )
    except IntegrityError as exc:
        raise Conflict("another rating of this answer was stored at the same moment") from exc
    if row.revision == 0:
        await repository.set_review_state(session, answer, "rated")
    return row


async def skip(session: AsyncSession, skipped: Skipped, user: User, answer: Answer) -> None:
    """Give the answer back to the queue, at the end of this user's."""
    await repository.release_lease(session, answer_id=answer.id, user_id=user.id)
    await skipped.add(answer.id)


async def discard(session: AsyncSession, answer: Answer, reason: str) -> None:
    """Take an answer out of the queue as not rateable, with the reason."""
    if not reason.strip():
        raise BadRequest("a discarded answer needs a reason")
    if "\x00" in reason:  # PostgreSQL cannot store it
        raise BadRequest("the reason must not contain the NUL character (U+0000)")
    if answer.review_state != "pending":
        raise Conflict(f"this answer is already {answer.review_state}")
    await repository.set_review_state(session, answer, "discarded", reason.strip())


@dataclass(frozen=True, slots=True)
class Segment:
    """A piece of the answer, and the findings that cover it when it is highlighted."""

    text: str
    reasons: list[dict[str, Any]]


def segments(answer: str, reasons: list[dict[str, Any]]) -> list[Segment]:
    """Split the answer at the findings' spans so the page can highlight each one."""
    spans = sorted(
        (r for r in reasons if r.get("start") is not None and r.get("end") is not None),
        key=lambda r: (r["start"], -r["end"]),
    )
    pieces: list[Segment] = []
    position = 0
    for reason in spans:
        start, end = max(reason["start"], position), reason["end"]
        if end <= start:
            if pieces and pieces[-1].reasons:
                pieces[-1].reasons.append(reason)  # a nested or repeated span: same mark
            continue
        if start > position:
            pieces.append(Segment(answer[position:start], []))
        pieces.append(Segment(answer[start:end], [reason]))
        position = end
    if position < len(answer):
        pieces.append(Segment(answer[position:], []))
    return pieces


async def verdict_for_reveal(session: AsyncSession, answer: Answer) -> Verdict | None:
    """The verdict, which callers show only once a blind rating exists."""
    return await repository.get_verdict(session, answer.id)


def retry_until(judge: dict[str, Any]) -> str | None:
    """Until when a judge stage still pending after a failed try is tried again, for the
    page ("2026-11-03 10:15 UTC"); None when the stage does not say."""
    try:
        until = datetime.fromisoformat(str(judge["retry_until"]))
    except (KeyError, ValueError):
        return None
    until = until.astimezone(UTC) if until.tzinfo is not None else until
    return until.strftime("%Y-%m-%d %H:%M UTC")


def quotes_by_excerpt(judge: dict[str, Any]) -> dict[int, list[dict[str, Any]]]:
    """The judge's quotes grouped under the excerpt they quote, for showing side by side."""
    quotes: dict[int, list[dict[str, Any]]] = {}
    items = [(c, c["status"]) for c in judge.get("claims", [])]
    items += [
        (o, "objection" if o["founded"] else "unfounded") for o in judge.get("objections", [])
    ]
    for item, kind in items:
        if item.get("quote") and item.get("excerpt") is not None:
            quotes.setdefault(item["excerpt"], []).append(
                {"kind": kind, "quote": item["quote"], "claim": item["claim"]}
            )
    return quotes
