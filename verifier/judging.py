"""The worker's judge use case: one try of the judge for a stored answer, ending its verdict."""

from __future__ import annotations

import logging
import time
from datetime import UTC, datetime
from typing import Any

import ollama

from verifier.db import SessionMaker, unit_of_work
from verifier.exceptions import DependencyUnavailable, describe
from verifier.judge.client import JudgeFailure
from verifier.judge.stage import JudgeSettings, Prepared, attempt_once, gave_up, prepare
from verifier.pipeline import VerdictData, sources_of, titles_of, with_judge
from verifier.retry import backoff
from verifier.schemas import Reason, storable
from verifier.store import verification_queries as queries
from verifier.verification import JUDGE_PENDING, Outcome, store_verdict

log = logging.getLogger(__name__)


async def mark_failed(sessionmaker: SessionMaker, answer_id: str, error: str) -> None:
    """End a stored answer as failed, with why, its code-stage verdict left as stored."""
    await store_verdict(sessionmaker, answer_id, None, final=True, error=error)


class JudgeRetry(Exception):
    """The judge failed in a way worth another try, and the deadline leaves time for it."""

    def __init__(self, delay_s: float, reason: str, attempt: int) -> None:
        super().__init__(reason)
        self.delay_s = delay_s
        self.attempt = attempt


def _code_part(stored: queries.ToJudge) -> VerdictData:
    """The stored verdict without its judge stage."""
    reasons = [Reason.model_validate(r) for r in stored.reasons if r["stage"] != "judge"]
    stages = {k: v for k, v in stored.stages.items() if k != "judge"}
    return VerdictData(
        flagged=stored.code_flagged,
        reasons=reasons,
        stages=stages,
        checker_version=stored.checker_version,
    )


async def judge_stored_answer(
    sessionmaker: SessionMaker,
    judge: JudgeSettings,
    answer_id: str,
    deadline_at: float,
    client: ollama.AsyncClient | None = None,
    max_attempts: int | None = None,
) -> Outcome:
    """One try of the judge for a stored answer; JudgeRetry when another try should follow
    (before the deadline, and the attempt is not the last one allowed)."""
    async with unit_of_work(sessionmaker) as session:
        stored = await queries.load_to_judge(session, answer_id)
    if stored is None:
        raise RuntimeError(f"answer {answer_id} has no stored code stage to judge")
    if stored.status in queries.FINAL_STATUSES:
        return Outcome(stored.status)  # a redelivered judge job: the answer is final
    # Tries of the model, as the stored stage counts them: a run of the job that met a
    # database outage asked no model and uses up no try (arq's job_try counts those too).
    attempt = int(stored.stages.get("judge", {}).get("attempts") or 0) + 1
    code = _code_part(stored)
    started = time.perf_counter()
    try:
        stage = await _judge_once(
            sessionmaker, judge, answer_id, stored, code, attempt, deadline_at, client, max_attempts
        )
        status, final = "done", with_judge(code, stage, stored.answer)
        written = await store_verdict(sessionmaker, answer_id, final, final=True)
    except (JudgeRetry, DependencyUnavailable):
        raise
    except Exception as exc:
        # A bug, or a verdict the database refuses: the answer ends failed, saying why, and
        # its verdict says the judge crashed (a 'pending' judge would read as still at work).
        log.exception("the judge stage crashed", extra={"answer_id": answer_id})
        error = f"the judge stage crashed: {describe(exc)}"
        crashed = {"status": "crashed", "flagged": False, "reason": error}
        status, final = "failed", with_judge(code, crashed, "")
        written = await store_verdict(sessionmaker, answer_id, final, final=True, error=error)
    if written == "final":
        return Outcome("done")  # another run ended it meanwhile: nothing of ours to count
    return Outcome(status, final, stored.excerpts, 0.0, time.perf_counter() - started)


def _retry_until(deadline_at: float) -> dict[str, str]:
    """Until when a failed judge is tried again, for the reveal page (UTC, ISO 8601); none
    for a deadline past the calendar's end."""
    try:
        until = datetime.fromtimestamp(deadline_at, UTC)
    except (ValueError, OverflowError, OSError):
        return {}
    return {"retry_until": until.isoformat(timespec="seconds")}


async def _judge_once(
    sessionmaker: SessionMaker,
    judge: JudgeSettings,
    answer_id: str,
    stored: queries.ToJudge,
    code: VerdictData,
    attempt: int,
    deadline_at: float,
    client: ollama.AsyncClient | None,
    max_attempts: int | None,
) -> dict[str, Any]:
    """The judge stage of one try; a failure worth another try stores it and raises."""
    excerpts, text = stored.excerpts, stored.answer
    sources = sources_of(excerpts)
    call = prepare(judge, stored.question, text, sources, titles_of(excerpts), stored.answer_model)
    if isinstance(call, Prepared):
        earlier = stored.stages.get("judge", {}).get("calls", [])
        outcome = await attempt_once(judge, call, sources, attempt, earlier, client)
        if isinstance(outcome, JudgeFailure):
            delay = backoff(attempt)
            last = max_attempts is not None and attempt >= max_attempts
            if time.time() + delay < deadline_at and not last:
                still = {
                    **JUDGE_PENDING,
                    "attempts": attempt,
                    "calls": outcome.calls,
                    "last_error": f"{outcome.kind}: {outcome.message}",
                    **_retry_until(deadline_at),
                }
                pending = with_judge(code, storable(still), "")
                await store_verdict(sessionmaker, answer_id, pending, final=False)
                raise JudgeRetry(delay, outcome.message, attempt)
            outcome = gave_up(outcome, call, attempt)
        stage = outcome
    else:
        stage = call
    if "retrieval" in code.stages:
        stage["judged_on"] = "fetched_excerpts" if sources else "nothing"
    # What Ollama sent is on record (raw output, model name, error text) even where it holds
    # what no database stores; whether the output counts was decided on it as sent.
    return dict(storable(stage))
