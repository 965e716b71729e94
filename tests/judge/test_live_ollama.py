"""Against a real Ollama when OLLAMA_HOST answers and has the judge model; skipped otherwise."""

from __future__ import annotations

import os

import pytest

from verifier.checks.models import SourceText
from verifier.config import Settings
from verifier.judge.client import probe
from verifier.judge.stage import run_judge


async def test_a_real_judge_returns_a_checked_verdict() -> None:
    host = os.environ.get("OLLAMA_HOST")
    if not host:
        pytest.skip("no live Ollama: set OLLAMA_HOST to run this test against a real model")
    judge = Settings(ollama_url=host).judge_settings()
    assert judge is not None
    why_not = await probe(judge.url, judge.model)
    if why_not is not None:
        pytest.skip(f"no live judge: {why_not}")
    stage = await run_judge(
        judge,
        "Wie groß ist das Wohnzimmer?",
        "Das Wohnzimmer hat 30,47 m² [1].",
        [SourceText(1, "Wohnzimmer 30,47 m²\nKüche 9,86 m²")],
        {},
        "qwen3:8b",
    )
    assert stage["status"] in ("ok", "objection"), stage
    assert stage["calls"][0]["prompt_eval_count"] > 0
