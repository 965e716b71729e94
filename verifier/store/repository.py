"""Every query of the question log. Functions flush; the caller's unit of work commits."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, and_, case, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import selectinload

from verifier.store.models import (
    Answer,
    ApiKey,
    Rating,
    User,
    Verdict,
    utcnow,
)


async def add_api_key(
    session: AsyncSession,
    *,
    key_hash: str,
    prefix: str,
    role: str,
    tenant: str,
    expires_at: datetime | None,
) -> ApiKey:
    """Insert a key row."""
    row = ApiKey(key_hash=key_hash, prefix=prefix, role=role, tenant=tenant, expires_at=expires_at)
    session.add(row)
    await session.flush()
    return row


async def get_api_key_by_hash(session: AsyncSession, key_hash: str) -> ApiKey | None:
    """The key with this hash, if any."""
    result = await session.execute(select(ApiKey).where(ApiKey.key_hash == key_hash))
    return result.scalar_one_or_none()


async def revoke_api_keys(session: AsyncSession, prefix: str) -> int:
    """Mark live keys with this prefix revoked; returns how many."""
    result = await session.execute(
        update(ApiKey)
        .where(ApiKey.prefix == prefix, ApiKey.revoked_at.is_(None))
        .values(revoked_at=utcnow())
        .execution_options(synchronize_session=False)
    )
    return int(result.rowcount)  # type: ignore[attr-defined]


async def get_answer(session: AsyncSession, answer_id: str) -> Answer | None:
    """The answer with its excerpts loaded."""
    result = await session.execute(
        select(Answer).where(Answer.id == answer_id).options(selectinload(Answer.excerpts))
    )
    return result.scalar_one_or_none()


async def answer_status(session: AsyncSession, answer_id: str) -> str | None:
    """The stored answer's status, None when it is not stored."""
    result = await session.execute(select(Answer.status).where(Answer.id == answer_id))
    return result.scalar_one_or_none()


async def get_verdict(session: AsyncSession, answer_id: str) -> Verdict | None:
    """The answer's verdict, if one has been stored."""
    result = await session.execute(select(Verdict).where(Verdict.answer_id == answer_id))
    return result.scalar_one_or_none()


async def list_ratings(session: AsyncSession, answer_id: str) -> list[Rating]:
    """All ratings of an answer, the blind one first."""
    result = await session.execute(
        select(Rating).where(Rating.answer_id == answer_id).order_by(Rating.revision)
    )
    return list(result.scalars())


async def add_rating(
    session: AsyncSession, *, answer_id: str, rating: str, comment: str | None, rater: str
) -> Rating:
    """Append a rating as the next revision (0 for the first, blind one)."""
    current = await session.execute(
        select(func.max(Rating.revision)).where(Rating.answer_id == answer_id)
    )
    latest = current.scalar_one_or_none()
    row = Rating(
        answer_id=answer_id,
        revision=0 if latest is None else latest + 1,
        rating=rating,
        comment=comment,
        rater=rater,
    )
    session.add(row)
    await session.flush()
    return row


async def add_user(
    session: AsyncSession, *, username: str, password_hash: str, role: str, tenant: str
) -> User:
    """Insert a user; the unique username makes a duplicate fail."""
    row = User(username=username, password_hash=password_hash, role=role, tenant=tenant)
    session.add(row)
    await session.flush()
    return row


async def get_user_by_username(session: AsyncSession, username: str) -> User | None:
    """The user with this username, if any."""
    result = await session.execute(select(User).where(User.username == username))
    return result.scalar_one_or_none()


async def get_user(session: AsyncSession, user_id: int) -> User | None:
    """The user with this id, if any."""
    return await session.get(User, user_id)


def _waiting(tenant: str, user_id: int, now: datetime) -> ColumnElement[bool]:
    """The tenant's unrated answers, without those leased to someone else."""
    free = or_(
        Answer.lease_until.is_(None), Answer.lease_until < now, Answer.lease_owner == user_id
    )
    return and_(Answer.tenant == tenant, Answer.review_state == "pending", free)


async def review_queue(
    session: AsyncSession,
    *,
    tenant: str,
    user_id: int,
    now: datetime,
    limit: int = 50,
    offset: int = 0,
    last: Sequence[str] = (),
) -> list[Answer]:
    """The tenant's unrated answers, oldest first, without those leased to someone else;
    the answers in `last` (those the user skipped) come after the others, in its order."""
    order: list[Any] = [Answer.received_at, Answer.id]
    if last:
        ranks = {answer_id: rank for rank, answer_id in enumerate(last, start=1)}
        order.insert(0, case(ranks, value=Answer.id, else_=0))
    result = await session.execute(
        select(Answer)
        .where(_waiting(tenant, user_id, now))
        .order_by(*order)
        .limit(limit)
        .offset(offset)
    )
    return list(result.scalars())


async def count_review_queue(
    session: AsyncSession, *, tenant: str, user_id: int, now: datetime
) -> int:
    """How many answers review_queue has for the user, over all its pages."""
    query = select(func.count()).select_from(Answer).where(_waiting(tenant, user_id, now))
    return int((await session.execute(query)).scalar_one())


async def take_lease(
    session: AsyncSession,
    *,
    answer_id: str,
    tenant: str,
    user_id: int,
    now: datetime,
    until: datetime,
) -> bool:
    """Lease a pending answer to the user in one atomic UPDATE; False if someone else holds it."""
    result = await session.execute(
        update(Answer)
        .where(
            Answer.id == answer_id,
            Answer.tenant == tenant,
            Answer.review_state == "pending",
            or_(
                Answer.lease_until.is_(None),
                Answer.lease_until < now,
                Answer.lease_owner == user_id,
            ),
        )
        .values(lease_owner=user_id, lease_until=until)
        .execution_options(synchronize_session=False)
    )
    return bool(result.rowcount)  # type: ignore[attr-defined]


async def release_lease(session: AsyncSession, *, answer_id: str, user_id: int) -> None:
    """Give up the user's lease on an answer (skip)."""
    await session.execute(
        update(Answer)
        .where(Answer.id == answer_id, Answer.lease_owner == user_id)
        .values(lease_owner=None, lease_until=None)
        .execution_options(synchronize_session=False)
    )


async def free_unleased(session: AsyncSession, *, answer_id: str, now: datetime) -> bool:
    """Clear an answer's lapsed lease, if no reviewer holds a live one; False if one does.

    The UPDATE locks the row for the caller's transaction: a reviewer taking the lease
    meanwhile waits, and then finds the answer rated."""
    result = await session.execute(
        update(Answer)
        .where(Answer.id == answer_id, or_(Answer.lease_until.is_(None), Answer.lease_until < now))
        .values(lease_owner=None, lease_until=None)
        .execution_options(synchronize_session=False)
    )
    return bool(result.rowcount)  # type: ignore[attr-defined]


async def set_review_state(
    session: AsyncSession, answer: Answer, state: str, discard_reason: str | None = None
) -> None:
    """Mark an answer rated or discarded and free its lease."""
    answer.review_state = state
    answer.discard_reason = discard_reason
    answer.lease_owner = None
    answer.lease_until = None
    await session.flush()
