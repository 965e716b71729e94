"""All configuration, read once from VERIFIER_* environment variables."""

from __future__ import annotations

import difflib
import os
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import Field, ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict

from verifier.judge.stage import JudgeSettings
from verifier.retrieval import RetrievalSettings


class Settings(BaseSettings):
    """Service settings; every field can be set as VERIFIER_<FIELD_NAME>."""

    model_config = SettingsConfigDict(env_prefix="VERIFIER_", extra="forbid")

    data_dir: Path = Field(
        default=Path("verifier-data"),
        description="Where the embedded defaults keep their state (SQLite file, embedded Redis).",
    )
    database_url: str | None = Field(
        default=None,
        description="SQLAlchemy async URL; unset means SQLite in the data directory.",
    )
    redis_url: str | None = Field(
        default=None,
        description="redis:// URL; unset means an embedded Redis started in the data directory.",
    )
    queue_name: str = "verifier:queue"
    max_body_bytes: int = Field(default=1024 * 1024, gt=0)
    job_timeout_s: float = Field(
        default=30.0,
        gt=0,
        description="Timeout of the code-stage job; a killed worker's job is retried this "
        "long (plus 10 s) after it started. Each judge try is a job of its own, with "
        "judge_timeout_s more. A job still waiting on a dependency near its timeout is "
        "retried as an outage.",
    )
    job_max_tries: int = Field(
        default=1000,
        ge=1,
        description="Runs of one code-stage job at most: a stop for a runaway. How long an "
        "outage is retried is outage_retry_s, a time, not a count.",
    )
    outage_retry_s: float = Field(
        default=6 * 3600,
        gt=0,
        description="How long a code-stage job keeps retrying a database or retrieval outage, "
        "counted from the answer's arrival, before it fails loudly.",
    )
    worker_poll_delay_s: float = Field(default=0.01, gt=0)
    worker_max_jobs: int = Field(default=10, ge=1)
    review_lease_s: float = Field(
        default=300.0,
        ge=5,
        le=86_400,
        description="How long an open rating page holds its answer from other reviewers; the "
        "page renews the hold while the reviewer is active on it.",
    )
    key_cache_ttl_s: float = Field(
        default=30.0,
        ge=0,
        description="How long the API trusts a verified key before asking the database again.",
    )

    ollama_url: str = Field(
        default="http://127.0.0.1:11434",
        description="Where Ollama listens; when it is not there the judge stage says so.",
    )
    metrics_token: str | None = Field(
        default=None,
        min_length=16,
        description="Bearer token for Prometheus at /metrics, checked without the database "
        "(so metrics stay readable in a database outage); unset, an admin key reads them.",
    )
    session_secret: str | None = Field(
        default=None,
        description="Signs the reviewers' session cookies; unset: made once in the data dir.",
    )
    secure_cookies: bool = Field(
        default=False, description="Send session cookies over HTTPS only (set behind TLS)."
    )
    retrieval_url: str | None = Field(
        default=None,
        description="POST {question, answer} -> {excerpts: [{n, text, title?, url?}]}: used for "
        "answers posted without excerpts.",
    )
    retrieval_timeout_s: float = Field(default=10.0, gt=0)
    judge_enabled: bool = True
    judge_model: str = "gemma3:12b"
    judge_fallback_model: str | None = Field(
        default=None, description="Judge for answers written by the judge model's own family."
    )
    judge_num_ctx: int = Field(default=16384, ge=1024)
    judge_num_predict: int = Field(default=2048, ge=64)
    judge_think: bool = False
    judge_timeout_s: float = Field(
        default=120.0,
        gt=0,
        description="Timeout of one call of the judge model; its job has job_timeout_s more.",
    )
    judge_deadline_s: float = Field(
        default=300.0, gt=0, description="How long retryable judge errors are retried."
    )
    judge_max_tries: int = Field(
        default=1000,
        ge=1,
        description="Judge tries of one answer at most, whatever the deadline leaves: the last "
        "one that fails ends the stage as given up (arq drops a job past its tries unseen).",
    )

    @property
    def judge_job_timeout_s(self) -> float:
        """arq's timeout of one judge job: the model's call, and a code-stage job's time for
        loading and storing."""
        return self.judge_timeout_s + self.job_timeout_s

    def judge_settings(self) -> JudgeSettings | None:
        """The judge's settings, or None when the judge stage is switched off."""
        if not self.judge_enabled:
            return None
        return JudgeSettings(
            url=self.ollama_url,
            model=self.judge_model,
            fallback_model=self.judge_fallback_model,
            num_ctx=self.judge_num_ctx,
            num_predict=self.judge_num_predict,
            think=self.judge_think,
            timeout_s=self.judge_timeout_s,
            deadline_s=self.judge_deadline_s,
        )

    def retrieval_settings(self) -> RetrievalSettings | None:
        """The retrieval endpoint's settings, or None when none is configured."""
        if self.retrieval_url is None:
            return None
        return RetrievalSettings(url=self.retrieval_url, timeout_s=self.retrieval_timeout_s)

    def resolved_database_url(self) -> str:
        """The database URL, defaulting to a SQLite file in the data directory."""
        if self.database_url:
            return self.database_url
        return f"sqlite+aiosqlite:///{(self.data_dir / 'verifier.db').resolve()}"


PREFIX = "VERIFIER_"
# VERIFIER_ variables that are no setting: scripts/test.sh and tests/conftest.py read
# VERIFIER_TEST_* and VERIFIER_REQUIRE_POSTGRES, bench/ reads VERIFIER_BENCH_*. CI sets them
# for every process it starts, the CLI's included.
NOT_SETTINGS = frozenset({"VERIFIER_REQUIRE_POSTGRES"})
NOT_SETTINGS_PREFIXES = ("VERIFIER_TEST_", "VERIFIER_BENCH_")
# Echoed in an error, these would end up in a terminal's scrollback or a CI log.
SECRETS = frozenset({"metrics_token", "session_secret", "database_url", "redis_url"})


class SettingsError(ValueError):
    """Settings the environment gives wrongly; each problem names its variable."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


def unknown_variables(environ: Mapping[str, str]) -> list[str]:
    """A problem for each VERIFIER_ variable that is no setting, with the likely one meant."""
    known = {PREFIX + name.upper() for name in Settings.model_fields}
    problems = []
    for name in sorted(environ):
        upper = name.upper()  # pydantic-settings reads names in any case
        if not upper.startswith(PREFIX) or upper in known or upper in NOT_SETTINGS:
            continue
        if upper.startswith(NOT_SETTINGS_PREFIXES):
            continue
        close = difflib.get_close_matches(upper, known, n=1, cutoff=0.8)
        problems.append(f"{name} is no setting" + (f"; did you mean {close[0]}?" if close else ""))
    return problems


def _problem(error: Any) -> str:
    field = str(error["loc"][0]) if error.get("loc") else ""
    name = PREFIX + field.upper() if field else "settings"
    shown = "" if field in SECRETS else f", got {error.get('input')!r}"
    return f"{name}: {error['msg']}{shown}"


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings, read from the environment on first use; SettingsError
    names every variable that is wrong or unknown."""
    problems = unknown_variables(os.environ)
    try:
        settings = Settings()
    except ValidationError as exc:
        raise SettingsError(problems + [_problem(e) for e in exc.errors()]) from None
    if problems:
        raise SettingsError(problems)
    return settings
