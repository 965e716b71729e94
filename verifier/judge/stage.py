"""The judge stage over one answer: pick the model, guard the context, retry, decide."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import httpx
import ollama

from verifier.checks.models import SourceText
from verifier.judge import prompt
from verifier.judge.client import JudgeFailure, chat, estimate_tokens
from verifier.judge.rules import decide
from verifier.retry import backoff


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


# Families whose name a derived model carries inside its own (medgemma, codellama,
# deepseek-r1-distill-qwen): such a model is judged as one of that family. Only names no
# other word holds ("phi" is in "dolphin"); the rest are known by the letters they start with.
KNOWN_FAMILIES = ("gemma", "llama", "qwen", "mistral", "mixtral", "granite")
_KNOWN = re.compile("|".join(KNOWN_FAMILIES))


def family(model: str | None) -> str | None:
    """The model family from its name: 'gemma3:12b' -> 'gemma', 'Qwen/Qwen2.5-7B' -> 'qwen',
    'medgemma:27b' -> 'gemma'; else the letters it starts with, None without any."""
    if not model:
        return None
    name = model.rsplit("/", 1)[-1].lower()
    known = _KNOWN.search(name)
    if known:
        return known.group()
    match = re.match(r"[a-z]+", name)
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


@dataclass(frozen=True, slots=True)
class Prepared:
    """A judge call ready to send: the model, options and messages, checked to fit."""

    model: str
    options: dict[str, Any]
    messages: list[dict[str, str]]
    min_prompt_tokens: int
    base: dict[str, Any]
    answer: str  # what the claim list must cover


def prepare(
    settings: JudgeSettings,
    question: str,
    answer: str,
    excerpts: Sequence[SourceText],
    titles: dict[int, str],
    answer_model: str | None,
) -> Prepared | dict[str, Any]:
    """The call to make, or the final stage when there is nothing that may be sent."""
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
    if upper + settings.num_predict > settings.num_ctx:
        return _stage(
            "context_overflow",
            f"the prompt may need up to {upper} tokens plus "
            f"{settings.num_predict} for the output, over num_ctx {settings.num_ctx}",
            estimated_prompt_tokens=[lower, upper],
            **base,
        )
    # The system prompt may be served from Ollama's cache: only the user part must count.
    user_lower, _ = estimate_tokens(messages[-1]["content"])
    return Prepared(model, options, messages, user_lower, base, answer)


CONNECT_TIMEOUT_S = 10.0


def make_client(settings: JudgeSettings) -> ollama.AsyncClient:
    """An Ollama client to keep: making one costs milliseconds (it loads CA certificates).

    The connection must be made within a share of the call's time: a host that never
    accepts it (down behind a firewall, its backlog full) is then 'unavailable', not a
    model too slow to answer ('timeout')."""
    connect_s = min(CONNECT_TIMEOUT_S, settings.timeout_s / 2)
    timeout = httpx.Timeout(settings.timeout_s, connect=connect_s)
    return ollama.AsyncClient(host=settings.url, timeout=timeout)


async def attempt_once(
    settings: JudgeSettings,
    call: Prepared,
    excerpts: Sequence[SourceText],
    attempt: int,
    earlier_calls: Sequence[dict[str, Any]] = (),
    client: ollama.AsyncClient | None = None,
) -> dict[str, Any] | JudgeFailure:
    """One call: the final stage, or a retryable failure for the caller to schedule."""
    client = client or make_client(settings)
    base = {**call.base, "calls": list(earlier_calls), "attempts": attempt}
    # Ollama keeps the last prompt's cache: the same prompt sent again is evaluated only from
    # where it differs, often one token. On a retry a low count tells no truncation apart
    # from the cache, so only the first try is held to the minimum (a full context still is).
    least = call.min_prompt_tokens if attempt == 1 else 0
    try:
        result = await chat(
            client,
            model=call.model,
            messages=call.messages,
            options=call.options,
            think=settings.think,
            min_prompt_tokens=least,
            timeout_s=settings.timeout_s,
        )
    except JudgeFailure as failure:
        if failure.call is not None:
            base["calls"].append(failure.call)
        if failure.retryable:
            failure.calls = base["calls"]
            return failure
        return _stage(failure.kind, failure.message, **base)
    base["calls"].append(result.call)
    decision = decide(result.output, excerpts, call.answer)
    return {
        "status": decision.verdict,
        "flagged": decision.verdict == "objection",
        **base,
        **decision.model_dump(),  # its reason says why a proof did not hold
    }


def gave_up(failure: JudgeFailure, call: Prepared, attempt: int) -> dict[str, Any]:
    """The final stage after a retryable failure when the deadline leaves no time to retry."""
    return _stage(
        failure.kind, failure.message, **{**call.base, "calls": failure.calls, "attempts": attempt}
    )


async def run_judge(
    settings: JudgeSettings,
    question: str,
    answer: str,
    excerpts: Sequence[SourceText],
    titles: dict[int, str],
    answer_model: str | None,
) -> dict[str, Any]:
    """The judge stage with retries in this process (the CLI's way; the worker schedules
    each try as its own short job); never 'ok' unless a checked verdict says so."""
    call = prepare(settings, question, answer, excerpts, titles, answer_model)
    if not isinstance(call, Prepared):
        return call
    deadline = time.monotonic() + settings.deadline_s
    attempt, calls, client = 0, list[dict[str, Any]](), make_client(settings)
    while True:
        attempt += 1
        outcome = await attempt_once(settings, call, excerpts, attempt, calls, client)
        if not isinstance(outcome, JudgeFailure):
            return outcome
        calls = outcome.calls
        delay = backoff(attempt)
        if time.monotonic() + delay > deadline:
            return gave_up(outcome, call, attempt)
        await asyncio.sleep(delay)
