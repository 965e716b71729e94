"""The worker's use case against a real database: the findings always equal the verdict."""

from __future__ import annotations

import asyncio
import json
import time
from collections import Counter
from typing import Any

from sqlalchemy import select

from tests.fakes.ollama_server import NO_CLAIMS_OK, FakeOllama, Reply
from verifier.config import Settings
from verifier.db import SessionMaker
from verifier.judging import judge_stored_answer
from verifier.store.models import Finding, Verdict
from verifier.verification import process_submission

RECEIPT = "Holzlasur 2,5 l      39,95 EUR"


def submission(answer: str) -> dict[str, Any]:
    return {
        "question": "Was kostete sie?",
        "answer": answer,
        "excerpts": [{"n": 1, "text": RECEIPT}],
    }


async def stored(sessionmaker: SessionMaker, answer_id: str) -> tuple[Counter[Any], Counter[Any]]:
    """The stored verdict's reasons and the findings rows, each as (stage, kind) counts."""
    async with sessionmaker() as session:
        verdict = (
            await session.execute(select(Verdict).where(Verdict.answer_id == answer_id))
        ).scalar_one()
        rows = await session.execute(
            select(Finding.stage, Finding.kind).where(Finding.answer_id == answer_id)
        )
        findings = Counter(tuple(row) for row in rows)
    return Counter((r["stage"], r["kind"]) for r in verdict.reasons), findings


async def test_a_redelivery_during_a_judge_call_leaves_findings_equal_to_the_verdict(
    settings: Settings, sessionmaker: SessionMaker
) -> None:
    async with FakeOllama() as ollama:
        judge_settings = settings.model_copy(
            update={"judge_enabled": True, "ollama_url": ollama.url}
        ).judge_settings()
        assert judge_settings is not None
        ollama.script(Reply(content=json.dumps(NO_CLAIMS_OK), delay_s=0.3))
        received = "2026-11-29T10:00:00+00:00"
        # First delivery: one ungrounded amount and a citation of a missing excerpt.
        first = await process_submission(
            sessionmaker, judge_settings, "a1", "acme", submission("Sie kostete 42,95 EUR [2]."),
            received,
        )  # fmt: skip
        assert first.status == "judging"
        # The judge reads the stored code stage and calls the model (0.3 s) ...
        judging = asyncio.create_task(
            judge_stored_answer(sessionmaker, judge_settings, "a1", time.time() + 30)
        )
        await asyncio.sleep(0.1)
        # ... while a redelivered code-stage job finds other code reasons (as after a checker
        # update or other fetched excerpts): the grounded amount, no finding. It keeps what the
        # first delivery stored, which the judge is working on.
        again = await process_submission(
            sessionmaker, judge_settings, "a1", "acme", submission("Sie kostete 39,95 EUR [1]."),
            received,
        )  # fmt: skip
        assert again.status == "judging" and again.verdict is None
        assert (await judging).status == "done"
    reasons, findings = await stored(sessionmaker, "a1")
    assert findings == reasons
    assert reasons == Counter(
        {("numbers", "ungrounded_number"): 1, ("citations", "dangling_citation"): 1}
    )


async def test_an_excerpt_title_counts_as_part_of_its_excerpt(sessionmaker: SessionMaker) -> None:
    # A record is often named by its number and date; the text below holds only the items.
    excerpt = {
        "n": 1,
        "title": "Rechnung RE-2025-0418 – Elektro Haas (14.03.2025)",
        "text": "Leuchte montiert, 2 Std.      177,64 EUR",
    }
    body = {
        "question": "Was hat Elektro Haas berechnet?",
        "answer": "Die Rechnung RE-2025-0418 vom 14.03.2025 lautete über 177,64 EUR [1].",
        "excerpts": [excerpt],
    }
    outcome = await process_submission(
        sessionmaker, None, "t1", "acme", body, "2026-11-30T10:00:00+00:00"
    )
    assert outcome.verdict is not None and not outcome.verdict.flagged, outcome.verdict
    wrong = {**body, "answer": "Die Rechnung RE-2025-0419 vom 15.03.2025 [1]."}
    outcome = await process_submission(
        sessionmaker, None, "t2", "acme", wrong, "2026-11-30T10:00:00+00:00"
    )
    assert outcome.verdict is not None
    assert [r.text for r in outcome.verdict.reasons] == ["RE-2025-0419", "15.03.2025"]
