"""All configuration, read once from VERIFIER_* environment variables."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


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
    job_timeout_s: float = Field(default=60.0, gt=0)
    job_max_tries: int = Field(default=8, ge=1)
    worker_poll_delay_s: float = Field(default=0.05, gt=0)
    worker_max_jobs: int = Field(default=10, ge=1)
    key_cache_ttl_s: float = Field(
        default=30.0,
        ge=0,
        description="How long the API trusts a verified key before asking the database again.",
    )

    def resolved_database_url(self) -> str:
        """The database URL, defaulting to a SQLite file in the data directory."""
        if self.database_url:
            return self.database_url
        return f"sqlite+aiosqlite:///{(self.data_dir / 'verifier.db').resolve()}"


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings, read from the environment on first use."""
    return Settings()
