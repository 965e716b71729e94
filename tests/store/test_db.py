"""Database failures that mean "cannot reach it" become DependencyUnavailable, never a crash."""

from __future__ import annotations

import socket
import time

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import create_async_engine

from verifier.config import Settings
from verifier.db import create_engine, create_sessionmaker, is_outage, unit_of_work
from verifier.exceptions import DependencyUnavailable


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
@pytest.mark.parametrize("pre_ping", [True, False])
async def test_a_connection_the_server_ends_mid_statement_is_an_outage(
    settings: Settings, pre_ping: bool
) -> None:
    # What a restart does to a statement in flight: the server ends the backend (SQLSTATE
    # 57P01, admin shutdown). Loss of the connection, not a bad query: retried, not failed.
    engine = create_engine(settings.resolved_database_url(), pre_ping=pre_ping)
    sessionmaker = create_sessionmaker(engine)
    try:
        with pytest.raises(DependencyUnavailable):
            async with unit_of_work(sessionmaker) as session:
                await session.execute(text("SELECT pg_terminate_backend(pg_backend_pid())"))
        async with unit_of_work(sessionmaker) as session:  # and the pool recovers
            assert (await session.execute(text("SELECT 1"))).scalar_one() == 1
    finally:
        await engine.dispose()


def test_a_driver_error_without_a_code_is_no_outage_and_no_crash() -> None:
    # SQLAlchemy's asyncpg adapter gives a client-side driver error (InterfaceError,
    # InternalClientError) the code None; the outage check once fed that to a regex.
    class ClientSideError(Exception):
        sqlstate = None

    error = DBAPIError("SELECT 1", {}, ClientSideError("another operation is in progress"))
    assert is_outage(error) is False
    refused = DBAPIError("SELECT 1", {}, type("ServerError", (Exception,), {"sqlstate": "08006"})())
    assert is_outage(refused) is True


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
async def test_a_server_taking_no_writes_for_now_is_an_outage(settings: Settings) -> None:
    # A standby after a failover, or a write freeze (SQLSTATE 25006): the worker failed the
    # job for good, and the accepted answer never reached the log. It is retried.
    engine = create_engine(settings.resolved_database_url())
    try:
        with pytest.raises(DependencyUnavailable, match="database"):
            async with unit_of_work(create_sessionmaker(engine)) as session:
                await session.execute(text("SET TRANSACTION READ ONLY"))
                await session.execute(text("INSERT INTO answers (id) VALUES ('x')"))
        # A row another transaction holds, asked for without waiting (55P03): tried again.
        async with engine.connect() as holder:
            await holder.execute(text("CREATE TABLE IF NOT EXISTS held (n int)"))
            await holder.commit()
            await holder.execute(text("LOCK TABLE held IN ACCESS EXCLUSIVE MODE"))
            with pytest.raises(DependencyUnavailable, match="database"):
                async with unit_of_work(create_sessionmaker(engine)) as session:
                    await session.execute(text("LOCK TABLE held NOWAIT"))
            await holder.rollback()
            await holder.execute(text("DROP TABLE held"))
            await holder.commit()
    finally:
        await engine.dispose()


async def test_no_free_connection_in_time_is_an_outage(settings: Settings) -> None:
    # Every pooled connection busy past the pool's timeout: the database cannot take the
    # work now. A job must be retried later, an API request answered 503, not 500.
    engine = create_async_engine(
        settings.resolved_database_url(), pool_size=1, max_overflow=0, pool_timeout=0.05
    )
    try:
        async with engine.connect() as held:
            await held.execute(text("SELECT 1"))
            with pytest.raises(DependencyUnavailable, match="database"):
                async with unit_of_work(create_sessionmaker(engine)) as session:
                    await session.execute(text("SELECT 1"))
    finally:
        await engine.dispose()


async def test_a_server_that_never_answers_is_an_outage_in_time() -> None:
    # A host that takes the TCP connection but never speaks (a hung server, a half-open
    # proxy): asyncpg would wait 60 s, past a worker job's timeout. Here: a listening socket
    # that accepts nothing.
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(8)
    url = f"postgresql+asyncpg://u:p@127.0.0.1:{silent.getsockname()[1]}/db"
    engine = create_engine(url, connect_timeout_s=0.5)
    began = time.monotonic()
    try:
        with pytest.raises(DependencyUnavailable):
            async with unit_of_work(create_sessionmaker(engine)) as session:
                await session.execute(text("SELECT 1"))
        assert time.monotonic() - began < 5
    finally:
        await engine.dispose()
        silent.close()
