"""Routes for chatbots posting answers and anyone of the tenant reading their state."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, status
from fastapi.responses import JSONResponse

from verifier import service
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


def answer_body_schema() -> dict[str, Any]:
    """The OpenAPI request body of a posted answer, its nested models written in place.

    read_answer parses the body, not FastAPI, so the schema is given here."""
    schema = AnswerIn.model_json_schema()
    defs = schema.pop("$defs", {})

    def inline(node: Any) -> Any:
        if isinstance(node, dict):
            if "$ref" in node:
                return inline(defs[node["$ref"].rsplit("/", 1)[-1]])
            return {key: inline(value) for key, value in node.items()}
        if isinstance(node, list):
            return [inline(value) for value in node]
        return node

    content = {"application/json": {"schema": inline(schema)}}
    return {"required": True, "content": content}


@router.post(
    "",
    status_code=status.HTTP_202_ACCEPTED,
    response_model=AnswerAccepted,
    dependencies=[JsonBody],
    responses=ERRORS,
    openapi_extra={"requestBody": answer_body_schema()},
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
