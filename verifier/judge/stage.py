"""The judge stage over one answer: pick the model, guard the context, retry, decide."""

from __future__ import annotations

import asyncio
import random
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import ollama

from verifier.checks.models import SourceText
from verifier.judge import prompt
from verifier.judge.client import JudgeFailure, chat, estimate_tokens
from verifier.judge.rules import decide


@dataclass(frozen=True, slots=True)
class JudgeSettings:
    """Everything one judge call depends on; stored with each verdict."""

    url: str
    model: str
    fallback_model: str | None
    num_ctx: int
    num_predict: int
    think: bool
    timeout_s: float
    deadline_s: float


def family(model: str | None) -> str | None:
    """The model family from its name: 'gemma3:12b' -> 'gemma', 'Qwen/Qwen2.5-7B' -> 'qwen'."""
    if not model:
        return None
    match = re.match(r"[a-z]+", model.rsplit("/", 1)[-1].lower())
    return match.group() if match else None


def _stage(status: str, reason: str | None, **fields: Any) -> dict[str, Any]:
    return {"status": status, "flagged": False, "reason": reason, **fields}


def pick_model(settings: JudgeSettings, answer_model: str | None) -> str | None:
    """The judge model, or the fallback when the answer came from the judge's own family."""
    answer_family = family(answer_model)
    if answer_family is None or answer_family != family(settings.model):
        return settings.model
    fallback = settings.fallback_model
    if fallback and family(fallback) != answer_family:
        return fallback
    return None


async def run_judge(
    settings: JudgeSettings,
    question: str,
    answer: str,
    excerpts: Sequence[SourceText],
    titles: dict[int, str],
    answer_model: str | None,
) -> dict[str, Any]:
    """The judge stage as stored in a verdict; never 'ok' unless a checked verdict says so."""
    base: dict[str, Any] = {"prompt_version": prompt.PROMPT_VERSION, "calls": []}
    if not excerpts:
        return _stage("no_excerpts", "no excerpts to judge against", **base)
    model = pick_model(settings, answer_model)
    if model is None:
        return _stage(
            "same_family",
            f"the answer came from {answer_model!r}, the judge's own "
            "family, and no fallback judge of another family is configured",
            **base,
        )
    options = {"temperature": 0, "num_ctx": settings.num_ctx, "num_predict": settings.num_predict}
    base.update(model=model, options={**options, "think": settings.think})
    messages = prompt.messages(question, answer, excerpts, titles)
    lower, upper = estimate_tokens("".join(m["content"] for m in messages))
    user_lower, _ = estimate_tokens(messages[-1]["content"])
    if upper + settings.num_predict > settings.num_ctx:
        return _stage(
            "context_overflow",
            f"the prompt may need up to {upper} tokens plus "
            f"{settings.num_predict} for the output, over num_ctx {settings.num_ctx}",
            estimated_prompt_tokens=[lower, upper],
            **base,
        )

    client = ollama.AsyncClient(host=settings.url, timeout=settings.timeout_s)
    deadline = time.monotonic() + settings.deadline_s
    attempt = 0
    while True:
        attempt += 1
        try:
            # The system prompt may be served from Ollama's cache: only the user part must count.
            result = await chat(
                client,
                model=model,
                messages=messages,
                options=options,
                think=settings.think,
                min_prompt_tokens=user_lower,
            )
        except JudgeFailure as failure:
            if failure.call is not None:
                base["calls"].append(failure.call)
            delay = min(30.0, 0.5 * 2 ** (attempt - 1)) * random.uniform(0.5, 1.5)
            if not failure.retryable or time.monotonic() + delay > deadline:
                return _stage(failure.kind, failure.message, attempts=attempt, **base)
            await asyncio.sleep(delay)
            continue
        base["calls"].append(result.call)
        decision = decide(result.output, excerpts)
        return {
            "status": decision.verdict,
            "flagged": decision.verdict == "objection",
            "reason": None,
            "attempts": attempt,
            **base,
            **decision.model_dump(),
        }
