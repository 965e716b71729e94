"""Database engine and sessions: one session per unit of work, committed by its owner."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from verifier.exceptions import DependencyUnavailable

SessionMaker = async_sessionmaker[AsyncSession]


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL lets the API read while the worker writes; foreign keys are off by default in SQLite.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


# asyncpg waits 60 s for a server that does not answer; a worker job times out after 30 s,
# and arq never runs a timed-out job again. A connection not made in time is an outage.
CONNECT_TIMEOUT_S = 10.0


def create_engine(
    url: str, *, pre_ping: bool = True, connect_timeout_s: float = CONNECT_TIMEOUT_S
) -> AsyncEngine:
    """An async engine for the URL; SQLite gets its directory created and sane pragmas.

    ``pre_ping`` tests a pooled PostgreSQL connection before each use (with asyncpg that is
    three round trips: begin, an empty query, rollback), so that a request after a database
    restart does not fail. Callers that retry on ``DependencyUnavailable`` anyway (the worker)
    can skip it: the first statement on a dropped connection fails, SQLAlchemy then replaces
    every pooled connection, and the retry runs on fresh ones.
    """
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_async_engine(url, connect_args={"timeout": 10})
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        return engine
    # Days (the analytics' buckets) are UTC days, as on SQLite, whatever zone the server has.
    utc = {"timezone": "UTC"}
    return create_async_engine(
        url,
        pool_pre_ping=pre_ping,
        pool_timeout=5,
        connect_args={"timeout": connect_timeout_s, "server_settings": utc},
    )


def create_sessionmaker(engine: AsyncEngine) -> SessionMaker:
    """Sessions that keep loaded attributes after commit (responses are built after it)."""
    return async_sessionmaker(engine, expire_on_commit=False)


def is_outage(exc: BaseException) -> bool:
    """Whether a database error means the database cannot be reached or cannot take the work
    now (not a bad query)."""
    if isinstance(exc, OperationalError | PoolTimeout):
        return True
    if isinstance(exc, DBAPIError) and exc.connection_invalidated:
        return True
    # A client-side driver error (a bad argument) carries no code: None, then.
    sqlstate = getattr(exc.orig, "sqlstate", None) if isinstance(exc, DBAPIError) else None
    if isinstance(sqlstate, str) and _OUTAGE_SQLSTATE.match(sqlstate):
        return True
    return isinstance(exc, OSError | ConnectionError | TimeoutError)


# PostgreSQL's codes of a server that cannot take the work now: connection exceptions (08),
# too many connections or no room (53), shutting down or starting up (57P01-57P03), a server
# taking no writes (25006: a standby after a failover, a write freeze), and a transaction
# that lost a race it may win when tried again (40001 serialization, 40P01 deadlock, 55P03
# a lock not available).
_OUTAGE_SQLSTATE = re.compile(r"08|53|57P0[123]|25006|40001|40P01|55P03")


@asynccontextmanager
async def unit_of_work(sessionmaker: SessionMaker) -> AsyncIterator[AsyncSession]:
    """A session that commits when the block succeeds and rolls back when it raises."""
    try:
        async with sessionmaker() as session:
            try:
                yield session
                await session.commit()
            except BaseException:
                await session.rollback()
                raise
    except DependencyUnavailable:
        raise
    except Exception as exc:
        if is_outage(exc):
            raise DependencyUnavailable("database", type(exc).__name__) from exc
        raise


@asynccontextmanager
async def open_database(url: str) -> AsyncIterator[SessionMaker]:
    """Sessions on a database for one short task (a CLI command), its engine closed after."""
    engine = create_engine(url)
    try:
        yield create_sessionmaker(engine)
    finally:
        await engine.dispose()
