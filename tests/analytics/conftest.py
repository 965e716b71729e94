"""A hand-computed question log for the analytics tests."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from tests.review.conftest import make_user  # noqa: F401  (a fixture, shared here)
from verifier.db import SessionMaker, unit_of_work
from verifier.store import repository
from verifier.store import verification_queries as queries

NOV = datetime(2026, 11, 10, 9, 0, tzinfo=UTC)


def stages(code: bool, judge: str | None) -> dict[str, Any]:
    judged = (
        {
            "status": judge,
            "flagged": judge == "objection",
            "model": "gemma3:12b",
            "prompt_version": "judge-1",
        }
        if judge
        else {"status": "unavailable", "flagged": False}
    )
    return {
        "numbers": {"flagged": code},
        "citations": {"flagged": False},
        "urls": {"flagged": False},
        "judge": judged,
    }


def reason(stage: str, kind: str) -> dict[str, Any]:
    return {"stage": stage, "kind": kind}


# id, tenant, day of November, code flag, judge outcome, finding kinds, blind rating
FIXTURE = [
    ("a1", "acme", 10, True, "ok", [reason("numbers", "ungrounded_number")], "incorrect"),
    ("a2", "acme", 11, False, "objection", [reason("judge", "claim_missing")], "correct"),
    ("a3", "acme", 11, False, "ok", [], "correct"),
    ("a4", "acme", 17, False, None, [], "partly"),
    (
        "a5",
        "acme",
        17,
        True,
        "objection",
        [reason("numbers", "ungrounded_number"), reason("judge", "judge_objection")],
        "incorrect",
    ),
    ("a6", "acme", 18, True, "ok", [reason("numbers", "ungrounded_number")], None),
    ("a7", "globex", 12, True, "ok", [reason("numbers", "ungrounded_number")], "correct"),
    ("a8", "acme", 1, True, "ok", [reason("numbers", "ungrounded_number")], "correct"),
]


@pytest.fixture
async def logged(sessionmaker: SessionMaker) -> None:
    for answer_id, tenant, day, code, judge, reasons, rating in FIXTURE:
        async with unit_of_work(sessionmaker) as session:
            await queries.insert_answer(
                session,
                answer_id=answer_id,
                tenant=tenant,
                status="done",
                at=NOV.replace(day=day),
                received_at=NOV.replace(day=day),
                submission={
                    "question": f"q {answer_id}",
                    "answer": "a",
                    "excerpts": [],
                    "answer_model": "qwen3:8b",
                },
            )
            await queries.write_verdict(
                session,
                answer_id,
                first=True,
                flagged=code or judge == "objection",
                reasons=reasons,
                stages=stages(code, judge),
                checker_version="test",
                at=NOV.replace(day=day),
            )
            if rating:
                await repository.add_rating(
                    session, answer_id=answer_id, rating=rating, comment=None, rater="test"
                )
