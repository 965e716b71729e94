"""Routes for reviewers rating answers."""

from __future__ import annotations

from fastapi import APIRouter

from verifier import service
from verifier.api.answers import ERRORS
from verifier.api.deps import JsonBody, KnownQuery, RateableAnswerDep, ReviewerDep, SessionDep
from verifier.schemas import AnswerOut, RatingIn

router = APIRouter(prefix="/v1/answers", tags=["ratings"], dependencies=[KnownQuery])


@router.post(
    "/{answer_id}/rating", response_model=AnswerOut, dependencies=[JsonBody], responses=ERRORS
)
async def post_rating(
    body: RatingIn, answer: RateableAnswerDep, principal: ReviewerDep, session: SessionDep
) -> AnswerOut:
    """Record a rating and reveal the verdict; a second rating is kept as a revision."""
    return await service.rate_answer(session, principal, answer, body)
