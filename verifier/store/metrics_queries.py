"""The analytics queries: aggregated in SQL over blind ratings, never row by row in Python."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import and_, case, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from verifier.store.models import Answer, Finding, Rating, Verdict

# The blind rating is revision 0; partly correct counts as incorrect in every figure.
_BLIND = and_(Rating.answer_id == Answer.id, Rating.revision == 0)
_HUMAN_CORRECT = case((Rating.rating == "correct", True), else_=False)


def _window(tenant: str, start: datetime, end: datetime) -> Any:
    return and_(Answer.tenant == tenant, Answer.received_at >= start, Answer.received_at < end)


async def rated_groups(
    session: AsyncSession, tenant: str, start: datetime, end: datetime
) -> list[dict[str, Any]]:
    """Counts of rated, verified answers by day, flags, rating and models."""
    day = func.date(Answer.received_at).label("day")
    human_correct = _HUMAN_CORRECT.label("human_correct")
    columns = (
        day,
        Verdict.flagged,
        Verdict.code_flagged,
        Verdict.judge_flagged,
        Verdict.judge_model,
        Verdict.prompt_version,
        Answer.answer_model,
        human_correct,
    )
    query = (
        select(*columns, func.count().label("n"))
        .select_from(Answer)
        .join(Rating, _BLIND)
        .join(Verdict, Verdict.answer_id == Answer.id)
        .where(_window(tenant, start, end))
        .group_by(*columns)
    )
    return [dict(row._mapping) for row in await session.execute(query)]


async def kind_groups(
    session: AsyncSession, tenant: str, start: datetime, end: datetime
) -> list[dict[str, Any]]:
    """Rated answers with a finding of each stage and kind, by the human's rating."""
    human_correct = _HUMAN_CORRECT.label("human_correct")
    query = (
        select(
            Finding.stage,
            Finding.kind,
            human_correct,
            func.count(func.distinct(Answer.id)).label("n"),
        )
        .select_from(Answer)
        .join(Rating, _BLIND)
        .join(Finding, Finding.answer_id == Answer.id)
        .where(_window(tenant, start, end))
        .group_by(Finding.stage, Finding.kind, human_correct)
    )
    return [dict(row._mapping) for row in await session.execute(query)]


async def coverage_counts(
    session: AsyncSession, tenant: str, start: datetime, end: datetime
) -> dict[str, int]:
    """Stored answers in the window, those with a verdict, and those of them with a blind
    rating (an answer stored failed, without a verdict, may be rated too: it is not among the
    rated the verifier's figures can use)."""
    query = (
        select(
            func.count(Answer.id),
            func.count(Verdict.id),
            func.count(case((Verdict.id.is_not(None), Rating.id))),
        )
        .select_from(Answer)
        .outerjoin(Verdict, Verdict.answer_id == Answer.id)
        .outerjoin(Rating, _BLIND)
        .where(_window(tenant, start, end))
    )
    posted, verified, rated = (await session.execute(query)).one()
    return {"posted": posted, "verified": verified, "rated": rated}


async def has_answers(session: AsyncSession, tenant: str) -> bool:
    """Whether the tenant has any stored answer, in any window."""
    query = select(Answer.id).where(Answer.tenant == tenant).limit(1)
    return (await session.scalar(query)) is not None


async def tenants_with_answers(session: AsyncSession) -> list[str]:
    """Every tenant with a stored answer, in alphabetical order."""
    query = select(Answer.tenant).distinct().order_by(Answer.tenant)
    return list(await session.scalars(query))


DISAGREEMENTS_PAGE = 100  # disagreements listed at once


def _disagreeing(tenant: str, start: datetime, end: datetime) -> Any:
    """The window's answers whose blind rating and verdict disagree, unordered."""
    human_correct = Rating.rating == "correct"
    return (
        select(Answer.id, Answer.question, Answer.received_at, Verdict.flagged, Rating.rating)
        .select_from(Answer)
        .join(Rating, _BLIND)
        .join(Verdict, Verdict.answer_id == Answer.id)
        .where(
            _window(tenant, start, end),
            (Verdict.flagged & human_correct) | (~Verdict.flagged & ~human_correct),
        )
    )


async def disagreements(
    session: AsyncSession,
    tenant: str,
    start: datetime,
    end: datetime,
    limit: int = DISAGREEMENTS_PAGE,
    offset: int = 0,
) -> list[dict[str, Any]]:
    """The false alarms and misses, newest first, for the drill-down list: a page of them."""
    query = (
        _disagreeing(tenant, start, end)
        .order_by(Answer.received_at.desc(), Answer.id.desc())
        .limit(limit)
        .offset(offset)
    )
    return [dict(row._mapping) for row in await session.execute(query)]


async def count_disagreements(
    session: AsyncSession, tenant: str, start: datetime, end: datetime
) -> int:
    """How many false alarms and misses the window has, all pages together."""
    query = select(func.count()).select_from(_disagreeing(tenant, start, end).subquery())
    return int((await session.execute(query)).scalar_one())


EXPORT_FIELDS = (
    "answer_id",
    "received_at",
    "answer_model",
    "external_id",
    "rating",
    "comment",
    "rated_at",
    "flagged",
    "code_flagged",
    "judge_flagged",
    "judge_status",
    "judge_model",
    "prompt_version",
    "checker_version",
)


async def export_rows(
    session: AsyncSession, tenant: str, start: datetime, end: datetime
) -> list[dict[str, Any]]:
    """Every blind rating of the window joined with its verdict, for CSV/JSON export."""
    query = (
        select(
            Answer.id.label("answer_id"),
            Answer.received_at,
            Answer.answer_model,
            Answer.external_id,
            Rating.rating,
            Rating.comment,
            Rating.created_at.label("rated_at"),
            Verdict.flagged,
            Verdict.code_flagged,
            Verdict.judge_flagged,
            Verdict.judge_status,
            Verdict.judge_model,
            Verdict.prompt_version,
            Verdict.checker_version,
        )
        .select_from(Answer)
        .join(Rating, _BLIND)
        .outerjoin(Verdict, Verdict.answer_id == Answer.id)
        .where(_window(tenant, start, end))
        .order_by(Answer.received_at, Answer.id)  # ids break ties: the same export twice
    )
    return [dict(row._mapping) for row in await session.execute(query)]
