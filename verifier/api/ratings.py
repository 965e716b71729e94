"""Routes for reviewers rating answers."""

from __future__ import annotations

from fastapi import APIRouter

from verifier import service
from verifier.api.answers import ERRORS
from verifier.api.bodies import body_schema
from verifier.api.deps import (
    JsonBody,
    KnownQuery,
    RateableAnswerDep,
    RatingBodyDep,
    ReviewerDep,
    SessionDep,
)
from verifier.schemas import AnswerOut, RatingIn

router = APIRouter(prefix="/v1/answers", tags=["ratings"], dependencies=[KnownQuery])


@router.post(
    "/{answer_id}/rating",
    response_model=AnswerOut,
    dependencies=[JsonBody],
    responses=ERRORS,
    openapi_extra={"requestBody": body_schema(RatingIn)},  # read_rating parses it
)
async def post_rating(
    answer: RateableAnswerDep,
    principal: ReviewerDep,
    session: SessionDep,
    body: RatingBodyDep,  # last: who rates which answer is settled first, as before
) -> AnswerOut:
    """Record a rating and reveal the verdict; a second rating is kept as a revision."""
    return await service.rate_answer(session, principal, answer, body)
