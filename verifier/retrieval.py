"""Fetches numbered excerpts for answers posted without them (an agent asking)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

import httpx
from pydantic import BaseModel, ConfigDict, ValidationError

from verifier.exceptions import DependencyUnavailable
from verifier.schemas import ExcerptIn


class RetrievalFailed(Exception):
    """The endpoint answered, but not with excerpts we can use; retrying will not help."""


class _Retrieved(BaseModel):
    model_config = ConfigDict(extra="ignore")

    excerpts: list[ExcerptIn]


@dataclass(frozen=True, slots=True)
class RetrievalSettings:
    """Where to fetch excerpts and how long to wait."""

    url: str
    timeout_s: float


async def fetch_excerpts(
    settings: RetrievalSettings, question: str, answer: str
) -> list[dict[str, Any]]:
    """Excerpts for the question from the endpoint, numbered as it numbers them."""
    try:
        # httpx's timeout holds for each phase and each read: an endpoint that trickles its
        # reply could outlast the worker's job, and arq never runs a timed-out job again.
        async with (
            asyncio.timeout(settings.timeout_s),
            httpx.AsyncClient(timeout=settings.timeout_s) as client,
        ):
            response = await client.post(
                settings.url, json={"question": question, "answer": answer}
            )
    except TimeoutError as exc:
        raise DependencyUnavailable(
            "retrieval endpoint", f"no whole reply in {settings.timeout_s:g} s"
        ) from exc
    except httpx.HTTPError as exc:
        raise DependencyUnavailable("retrieval endpoint", f"{type(exc).__name__}: {exc}") from exc
    if response.status_code == 429 or response.status_code >= 500:
        raise DependencyUnavailable("retrieval endpoint", f"answered {response.status_code}")
    if response.status_code >= 400:
        raise RetrievalFailed(f"retrieval endpoint answered {response.status_code}")
    try:
        retrieved = _Retrieved.model_validate_json(response.content)
    except ValidationError as exc:
        raise RetrievalFailed(f"retrieval endpoint sent no usable excerpts: {exc}") from exc
    if not retrieved.excerpts:
        raise RetrievalFailed("retrieval endpoint found no excerpts")
    numbers = [e.n for e in retrieved.excerpts]
    if len(set(numbers)) != len(numbers):
        raise RetrievalFailed(f"retrieval endpoint repeated excerpt numbers: {numbers}")
    return [e.model_dump() for e in retrieved.excerpts]
