"""Settings from the environment: each problem named by its variable, unknown ones refused."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.test_cli import run

CASE = {
    "question": "q",
    "answer": "Es kostet 40 EUR [1].",
    "excerpts": [{"n": 1, "text": "40 EUR"}],
}


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    """A clean environment whose embedded defaults live in a temp data dir, with one case."""
    (tmp_path / "case.json").write_text(json.dumps(CASE))
    clean = {k: v for k, v in os.environ.items() if not k.startswith("VERIFIER_")}
    return {**clean, "VERIFIER_DATA_DIR": str(tmp_path / "data")}


@pytest.mark.parametrize(
    "command",
    [
        ["check", "case.json", "--no-judge"],
        ["doctor"],
        ["report"],
        ["keys", "create", "--role", "ingest"],
        ["serve", "--port", "9"],
    ],
)
def test_every_command_names_a_bad_setting_by_its_variable(
    env: dict[str, str], tmp_path: Path, command: list[str]
) -> None:
    # pydantic's dump named the field (judge_enabled), not the variable to fix.
    env["VERIFIER_JUDGE_ENABLED"] = "nope"
    env["VERIFIER_METRICS_TOKEN"] = "short-secret"
    result = run(command, env, cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.splitlines()
    assert (
        "verifier: error: VERIFIER_JUDGE_ENABLED: Input should be a valid boolean, "
        "unable to interpret input, got 'nope'"
    ) in lines
    token = [line for line in lines if "VERIFIER_METRICS_TOKEN" in line]
    assert len(token) == 1 and "16 characters" in token[0]
    assert "short-secret" not in result.stderr  # a secret is not echoed
    assert "validation error" not in result.stderr and "Traceback" not in result.stderr


def test_unknown_variables_are_refused_naming_the_likely_one(
    env: dict[str, str], tmp_path: Path
) -> None:
    # A misspelt variable was ignored: the judge ran on the default model, unseen.
    env["VERIFIER_JUDGE_MODLE"] = "qwen3:8b"
    env["VERIFIER_COLOUR"] = "blue"
    result = run(["check", "case.json", "--no-judge"], env, cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.splitlines()
    assert (
        "verifier: error: VERIFIER_JUDGE_MODLE is no setting; did you mean VERIFIER_JUDGE_MODEL?"
    ) in lines
    assert "verifier: error: VERIFIER_COLOUR is no setting" in lines
    assert result.stdout == ""


def test_the_variables_of_tests_and_benches_are_no_settings_and_allowed(
    env: dict[str, str], tmp_path: Path
) -> None:
    # scripts/test.sh, tests/conftest.py and bench/ read these; CI sets them for every process.
    for name in (
        "VERIFIER_TEST_REDIS_URL",
        "VERIFIER_TEST_POSTGRES_URL",
        "VERIFIER_REQUIRE_POSTGRES",
        "VERIFIER_BENCH_REDIS_URL",
        "VERIFIER_BENCH_DATABASE_URL",
    ):
        env[name] = "1"
    result = run(["check", "case.json", "--no-judge"], env, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
