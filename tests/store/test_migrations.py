"""Migrations build exactly the schema the models describe, and unwind, on both backends."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Connection, inspect

from verifier.db import create_engine
from verifier.migrate import alembic_config
from verifier.store.models import Base


def _diff(connection: Connection) -> list[object]:
    context = MigrationContext.configure(connection, opts={"compare_type": True})
    return list(compare_metadata(context, Base.metadata))


def _tables(connection: Connection) -> set[str]:
    return set(inspect(connection).get_table_names())


async def test_migrations_match_models_and_downgrade_cleanly(database_url: str) -> None:
    engine = create_engine(database_url)
    async with engine.connect() as conn:
        assert await conn.run_sync(_diff) == []
    await engine.dispose()

    cfg = alembic_config(database_url)
    await asyncio.to_thread(command.downgrade, cfg, "base")
    engine = create_engine(database_url)
    async with engine.connect() as conn:
        assert await conn.run_sync(_tables) <= {"alembic_version"}
    await engine.dispose()
    await asyncio.to_thread(command.upgrade, cfg, "head")
    engine = create_engine(database_url)
    async with engine.connect() as conn:
        assert {"answers", "excerpts", "verdicts", "ratings", "api_keys"} <= await conn.run_sync(
            _tables
        )
    await engine.dispose()


def test_processes_migrating_a_fresh_sqlite_file_at_once_all_succeed(tmp_path: Path) -> None:
    # serve and a worker (or `keys create`) started together on a fresh data dir: one of them
    # failed with "table answers already exists" and a traceback.
    url = f"sqlite+aiosqlite:///{tmp_path / 'verifier.db'}"
    code = f"from verifier.migrate import upgrade; upgrade({url!r})"
    started = [
        subprocess.Popen([sys.executable, "-c", code], stderr=subprocess.PIPE, text=True)
        for _ in range(6)
    ]
    for process in started:
        _, errors = process.communicate(timeout=120)
        assert process.returncode == 0, errors
