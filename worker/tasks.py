"""Worker tasks: plain data in (ids and the submission), results in the question log."""

from __future__ import annotations

import logging
import random
from typing import Any

from arq import Retry

from verifier.exceptions import DependencyUnavailable
from verifier.verification import process_submission

log = logging.getLogger(__name__)


def retry_delay(job_try: int) -> float:
    """Jittered exponential backoff in seconds, capped at half a minute."""
    base: float = min(30.0, 0.25 * 2 ** (job_try - 1))
    return base * random.uniform(0.5, 1.5)


async def verify_answer(
    ctx: dict[str, Any],
    *,
    answer_id: str,
    tenant: str,
    submission: dict[str, Any],
    received_at: str,
) -> str:
    """Verify one submission and store its verdict; an outage retries, it never drops."""
    try:
        return await process_submission(
            ctx["sessionmaker"],
            ctx.get("judge"),
            answer_id,
            tenant,
            submission,
            received_at,
            ctx.get("retrieval"),
        )
    except DependencyUnavailable as exc:
        delay = retry_delay(ctx["job_try"])
        log.warning("retrying %s in %.1fs: %s", answer_id, delay, exc.message)
        raise Retry(defer=delay) from exc
