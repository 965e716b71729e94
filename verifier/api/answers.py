"""Routes for chatbots posting answers and anyone of the tenant reading their state."""

from __future__ import annotations

from fastapi import APIRouter, Request, status
from fastapi.responses import JSONResponse

from verifier import service
from verifier.api.bodies import body_schema
from verifier.api.deps import (
    AnswerBodyDep,
    IngestDep,
    JsonBody,
    KnownQuery,
    QueueDep,
    ReaderDep,
    SessionDep,
)
from verifier.schemas import AnswerAccepted, AnswerIn, AnswerOut, ErrorOut

router = APIRouter(prefix="/v1/answers", tags=["answers"], dependencies=[KnownQuery])

ERRORS: dict[int | str, dict[str, object]] = {
    code: {"model": ErrorOut} for code in (400, 401, 403, 404, 409, 413, 415, 422, 503)
}


@router.post(
    "",
    status_code=status.HTTP_202_ACCEPTED,
    response_model=AnswerAccepted,
    dependencies=[JsonBody],
    responses=ERRORS,
    openapi_extra={"requestBody": body_schema(AnswerIn)},  # read_answer parses it
)
async def post_answer(
    principal: IngestDep, body: AnswerBodyDep, queue: QueueDep, request: Request
) -> JSONResponse:
    """Accept a finished answer for background verification; a repeated external_id is 200."""
    can_retrieve = request.app.state.settings.retrieval_url is not None
    accepted = await service.submit_answer(
        queue,
        principal,
        body,
        can_retrieve=can_retrieve,
        sessionmaker=request.app.state.sessionmaker,
    )
    code = status.HTTP_200_OK if accepted.duplicate else status.HTTP_202_ACCEPTED
    return JSONResponse(accepted.model_dump(mode="json"), status_code=code)


@router.get("/{answer_id}", response_model=AnswerOut, responses=ERRORS)
async def get_answer(
    answer_id: str, principal: ReaderDep, session: SessionDep, queue: QueueDep
) -> AnswerOut:
    """The answer's status; its verdict stays hidden until a human has rated it blind."""
    return await service.show_answer(session, queue, principal, answer_id)
