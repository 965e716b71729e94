"""Alembic environment: async engine, our metadata, batch mode so SQLite can alter tables."""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy import text
from sqlalchemy.engine import Connection

from verifier.config import get_settings
from verifier.db import create_engine
from verifier.store.models import Base

config = context.config
url = config.get_main_option("sqlalchemy.url") or get_settings().resolved_database_url()


def _configure(**kwargs: object) -> None:
    context.configure(
        target_metadata=Base.metadata,
        render_as_batch=True,
        compare_type=True,
        **kwargs,  # type: ignore[arg-type]
    )


def _run_with(connection: Connection) -> None:
    _configure(connection=connection)
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":
            # API and workers all migrate on start: one at a time, the rest then find it done.
            connection.execute(text("SELECT pg_advisory_xact_lock(20261129)"))
        context.run_migrations()


async def _run_online() -> None:
    engine = create_engine(url)
    try:
        async with engine.connect() as connection:
            await connection.run_sync(_run_with)
    finally:
        await engine.dispose()


if context.is_offline_mode():
    _configure(url=url, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    asyncio.run(_run_online())
