"""Apply the Alembic migrations programmatically, on SQLite or PostgreSQL alike."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config

import migrations


def alembic_config(database_url: str) -> Config:
    """An Alembic config pointing at our migrations and the given database."""
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(migrations.__file__).parent))
    cfg.set_main_option("sqlalchemy.url", database_url.replace("%", "%%"))
    return cfg


def upgrade(database_url: str) -> None:
    """Bring the database to the newest schema (blocking; call it outside the event loop)."""
    command.upgrade(alembic_config(database_url), "head")
