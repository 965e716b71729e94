"""Apply the Alembic migrations programmatically, on SQLite or PostgreSQL alike."""

from __future__ import annotations

import contextlib
import fcntl
from collections.abc import Iterator
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy.engine import make_url

import migrations


def alembic_config(database_url: str) -> Config:
    """An Alembic config pointing at our migrations and the given database."""
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(migrations.__file__).parent))
    cfg.set_main_option("sqlalchemy.url", database_url.replace("%", "%%"))
    return cfg


def upgrade(database_url: str) -> None:
    """Bring the database to the newest schema (blocking; call it outside the event loop)."""
    with _one_at_a_time(database_url):
        command.upgrade(alembic_config(database_url), "head")


@contextlib.contextmanager
def _one_at_a_time(database_url: str) -> Iterator[None]:
    """Hold a lock beside a SQLite file while migrating: serve and a worker (or `keys create`)
    started together on a fresh data dir both created the tables ("table answers already
    exists"). PostgreSQL takes an advisory lock in migrations/env.py instead."""
    url = make_url(database_url)
    if url.get_backend_name() != "sqlite" or url.database in (None, "", ":memory:"):
        yield
        return
    lock_path = Path(f"{url.database}.migrate.lock")
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    with lock_path.open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, or the process ends
        yield
