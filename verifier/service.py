"""Use cases: accept a submission, verify it, show it, rate it."""

from __future__ import annotations

import logging
import uuid
from datetime import UTC, datetime
from typing import cast

from sqlalchemy.ext.asyncio import AsyncSession

from verifier.db import SessionMaker, unit_of_work
from verifier.exceptions import Conflict, DependencyUnavailable, NotFound, Unprocessable
from verifier.keys import Principal
from verifier.queue import QueuedJob, SubmissionQueue
from verifier.resubmission import differing, stored_submission
from verifier.review import service as review
from verifier.schemas import (
    AnswerAccepted,
    AnswerIn,
    AnswerOut,
    ExcerptOut,
    RatingIn,
    RatingOut,
    Status,
    VerdictOut,
)
from verifier.store import repository
from verifier.store.models import Answer, Rating

log = logging.getLogger(__name__)


def new_answer_id() -> str:
    """A random, unguessable answer id."""
    return uuid.uuid4().hex


async def submit_answer(
    queue: SubmissionQueue,
    principal: Principal,
    body: AnswerIn,
    *,
    can_retrieve: bool,
    sessionmaker: SessionMaker,
) -> AnswerAccepted:
    """Queue a submission for verification. Touches Redis only, but for a repeated external
    id of an answer past the queue: then the question log says how it stands."""
    if not body.excerpts and not can_retrieve:
        raise Unprocessable(
            "excerpts: at least one excerpt is required (no retrieval endpoint is configured "
            "to fetch excerpts for answers posted without them)"
        )
    answer_id = new_answer_id()
    submission = body.model_dump(mode="json")
    earlier = await queue.enqueue(
        answer_id, principal.tenant, submission, _now().isoformat(), body.external_id
    )
    if earlier is not None:
        job = await queue.lookup(earlier)
        if job is not None:  # compared with the post as arq holds it
            _refuse_other_tenant(job.tenant, principal.tenant, body)
            _refuse_other_content(earlier, body, differing(job.submission, submission))
        if job is None:  # arq's result has expired: only the log knows
            status = await _stored_status(
                sessionmaker, earlier, body.external_id, body, principal.tenant
            )
        elif job.status != "done":
            status = job.status
        elif await queue.judge_pending(earlier):
            status = "running"  # the code stage is stored, the judge still to come
        else:
            # The log has the last word (the judge may have ended the answer failed); while
            # it is down, arq's word stands: a repeated post keeps working in an outage.
            try:
                status = await _stored_status(sessionmaker, earlier, body.external_id)
            except DependencyUnavailable:
                status = job.status
        return AnswerAccepted(id=earlier, status=status, duplicate=True)
    return AnswerAccepted(id=answer_id, status="queued")


async def _stored_status(
    sessionmaker: SessionMaker,
    answer_id: str,
    external_id: str | None,
    compare_with: AnswerIn | None = None,
    tenant: str | None = None,
) -> Status:
    """The status of an answer past the queue: the log's (arq's result may say 'done' for
    an answer the judge ended failed, or have expired). With compare_with, a post whose
    content differs from the stored answer's is a 409."""
    async with unit_of_work(sessionmaker) as session:
        if compare_with is None:
            stored = await repository.answer_status(session, answer_id)
        else:
            answer = await repository.get_answer(session, answer_id)
            stored = answer.status if answer is not None else None
            if answer is not None:
                _refuse_other_tenant(answer.tenant, tenant, compare_with)
                fields = await _differing_from_stored(session, answer, compare_with)
                _refuse_other_content(answer_id, compare_with, fields)
    if stored is None:
        # Neither queued nor stored: lost (a job past its expiry, a log restored from before
        # it). A status would be made up; the claim is Redis's, the answer gone.
        raise Conflict(
            f"external_id {external_id!r} belongs to answer {answer_id!r}, which is neither "
            "on the queue nor in the question log"
        )
    return cast(Status, stored)


async def _differing_from_stored(
    session: AsyncSession, answer: Answer, body: AnswerIn
) -> list[str]:
    """The fields in which a post differs from the stored answer it repeats the id of."""
    excerpts = True
    if not body.excerpts and answer.excerpts:
        # Posted without excerpts, and the log holds some: fetched ones, if the first post
        # came without them too. The verdict's retrieval stage says; without a verdict (the
        # checks failed) nobody knows, and the excerpts are not compared.
        verdict = await repository.get_verdict(session, answer.id)
        excerpts = verdict is not None and "retrieval" not in verdict.stages
    return differing(stored_submission(answer), body.model_dump(mode="json"), excerpts=excerpts)


def _refuse_other_tenant(owner: str, tenant: str | None, body: AnswerIn) -> None:
    """A 409 that names nothing of the answer where a claim written before 2026-11-30 by
    another tenant matched (their spelling was ambiguous: "acme" + "eu:1", "acme:eu" + "1")."""
    if tenant is not None and owner != tenant:
        raise Conflict(
            f"external_id {body.external_id!r} is taken by a claim from before 2026-11-30 "
            "that is not this tenant's; post the answer under another external_id"
        )


def _refuse_other_content(answer_id: str, body: AnswerIn, fields: list[str]) -> None:
    """A 409 naming the fields where another answer was posted under a taken external_id:
    answered as a duplicate, its content would be dropped unseen."""
    if fields:
        raise Conflict(
            f"external_id {body.external_id!r} belongs to answer {answer_id!r}, posted with "
            f"another {' and '.join(fields)}; post a changed answer under a new external_id",
            details=[{"answer_id": answer_id, "fields": fields}],
        )


def _now() -> datetime:
    return datetime.now(UTC)


def _rating_out(row: Rating) -> RatingOut:
    return RatingOut(
        rating=row.rating,
        comment=row.comment,
        revision=row.revision,
        post_reveal=row.revision > 0,
        created_at=row.created_at,
    )


async def _answer_view(session: AsyncSession, answer: Answer) -> AnswerOut:
    ratings = await repository.list_ratings(session, answer.id)
    verdict_out = None
    if ratings:
        verdict = await repository.get_verdict(session, answer.id)
        if verdict is not None:
            verdict_out = VerdictOut(
                flagged=verdict.flagged,
                reasons=verdict.reasons,
                stages=verdict.stages,
                judge_status=verdict.stages.get("judge", {}).get("status"),
                checker_version=verdict.checker_version,
                created_at=verdict.created_at,
            )
    return AnswerOut(
        id=answer.id,
        status=answer.status,
        question=answer.question,
        answer=answer.answer,
        excerpts=[ExcerptOut.model_validate(e, from_attributes=True) for e in answer.excerpts],
        answer_model=answer.answer_model,
        conversation_id=answer.conversation_id,
        external_id=answer.external_id,
        metadata=answer.extra,
        received_at=answer.received_at,
        error=answer.error,
        verdict=verdict_out,
        verdict_hidden=not ratings,
        rating=_rating_out(ratings[0]) if ratings else None,
        revisions=[_rating_out(r) for r in ratings[1:]],
    )


async def load_stored_answer(
    session: AsyncSession, queue: SubmissionQueue, principal: Principal, answer_id: str
) -> Answer:
    """The stored answer of the caller's tenant; a 409 while it is still only on the queue."""
    answer = await repository.get_answer(session, answer_id)
    if answer is not None and answer.tenant == principal.tenant:
        return answer
    job = await queue.lookup(answer_id)
    if job is not None and job.tenant == principal.tenant:
        raise Conflict(f"answer {answer_id!r} is still {job.status}; rate it once it is stored")
    raise NotFound(f"no answer with id {answer_id!r}")


async def show_answer(
    session: AsyncSession, queue: SubmissionQueue, principal: Principal, answer_id: str
) -> AnswerOut:
    """An answer's status and content; the verdict only after a blind rating.

    Redis is asked first, so a submission still on the queue can be shown while the
    database is down.
    """
    job = await queue.lookup(answer_id)
    if job is not None and job.tenant != principal.tenant:
        job = None
    if job is not None and job.status in ("queued", "running"):
        return _queued_view(answer_id, job)
    answer = await repository.get_answer(session, answer_id)
    if answer is not None and answer.tenant == principal.tenant:
        return await _answer_view(session, answer)
    if job is not None and job.status == "failed":
        return _queued_view(answer_id, job)
    raise NotFound(f"no answer with id {answer_id!r}")


def _queued_view(answer_id: str, job: QueuedJob) -> AnswerOut:
    sub = job.submission
    return AnswerOut(
        id=answer_id,
        status=job.status,
        question=sub["question"],
        answer=sub["answer"],
        excerpts=[ExcerptOut.model_validate(e) for e in sub["excerpts"]],
        answer_model=sub.get("answer_model"),
        conversation_id=sub.get("conversation_id"),
        external_id=sub.get("external_id"),
        metadata=sub.get("metadata"),
        received_at=datetime.fromisoformat(job.received_at),
        error=job.error,
        verdict_hidden=True,
    )


async def rate_answer(
    session: AsyncSession, principal: Principal, answer: Answer, body: RatingIn
) -> AnswerOut:
    """Store a rating; the first is the blind one, later ones are post-reveal revisions."""
    if await review.blind_rating(session, answer) is None:
        await review.refuse_while_leased(session, answer)
    await review.rate(session, f"key:{principal.key_id}", answer, body.rating, body.comment)
    return await _answer_view(session, answer)
