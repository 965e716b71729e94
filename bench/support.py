"""Shared parts of the service benchmarks: child processes, databases, Redis, sample answers.

Everything a benchmark starts is its own: a child process it started (ended by its pid), a
database it created (dropped afterwards), Redis keys under a queue name made for the run
(deleted afterwards). Shared servers are never reconfigured.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import io
import json
import logging
import math
import os
import pstats
import random
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from arq.constants import (
    in_progress_key_prefix,
    job_key_prefix,
    result_key_prefix,
    retry_key_prefix,
)
from arq.jobs import deserialize_result
from redis.asyncio import Redis
from sqlalchemy import select, text
from sqlalchemy.engine import make_url

from bench import machine
from verifier import migrate
from verifier.db import create_engine, create_sessionmaker
from verifier.keys import create_key
from verifier.logs import QUIET_LIBRARIES, JsonFormatter, quiet_libraries
from verifier.queue import deserialize_job
from verifier.store.models import Answer, Verdict

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT.parent / "shared" / "cases" / "de_public.jsonl"
REDIS_ENV = "VERIFIER_BENCH_REDIS_URL"
DATABASE_ENV = "VERIFIER_BENCH_DATABASE_URL"
TENANT = "bench"
# The fields of a catalog case that the API takes; the rest (id, label, note, ...) is ours.
SUBMISSION_FIELDS = ("question", "answer", "excerpts", "answer_model")
JUDGE_SUFFIX = ":judge"
JOB_KEY_PREFIXES = (job_key_prefix, in_progress_key_prefix, result_key_prefix, retry_key_prefix)
JUDGE_READY = "judge stub listening at "


# --- figures -------------------------------------------------------------------------------


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0-100) by linear interpolation between the closest ranks."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = (len(ordered) - 1) * q / 100
    low = math.floor(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def ms(seconds: float) -> str:
    """Seconds as milliseconds with one decimal."""
    return f"{seconds * 1000:.1f}"


def yes(ok: bool) -> str:
    """How a benchmark says whether a target is met."""
    return "yes" if ok else "NO"


def print_machine(extra: dict[str, str] | None = None) -> None:
    """The machine block every benchmark ends with."""
    print("machine:")
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    for key, value in {
        **machine(),
        **(extra or {}),
        "load average": f"{load} (at the end)",
    }.items():
        print(f"  {key}: {value}")


async def redis_version(url: str) -> str:
    """The Redis server's version and persistence setting, for the machine block."""
    redis = Redis.from_url(url)
    try:
        info: dict[str, Any] = await redis.info("server")
        persistence: dict[str, Any] = await redis.info("persistence")
    finally:
        await redis.aclose()
    aof = "yes" if persistence.get("aof_enabled") else "no"
    return f"{info.get('redis_version')} (appendonly={aof})"


async def database_version(url: str) -> str:
    """The database's version (and durability settings on PostgreSQL)."""
    engine = create_engine(url)
    try:
        async with engine.connect() as conn:
            if engine.dialect.name == "sqlite":
                version = (await conn.execute(text("select sqlite_version()"))).scalar_one()
                return f"SQLite {version} (WAL, file in a temp dir)"
            version = (await conn.execute(text("show server_version"))).scalar_one()
            fsync = (await conn.execute(text("show fsync"))).scalar_one()
            commit = (await conn.execute(text("show synchronous_commit"))).scalar_one()
            return f"PostgreSQL {version} (fsync={fsync}, synchronous_commit={commit})"
    finally:
        await engine.dispose()


# --- sample answers ------------------------------------------------------------------------

_ITEMS = (
    ("Schrauben M8 x 40, verzinkt", "Stk"),
    ("Kupferrohr 15 mm", "m"),
    ("Fliesenkleber C2TE", "Sack"),
    ("Arbeitszeit Installateur", "Std"),
    ("Anfahrtspauschale", "pausch"),
    ("Wall paint, white, 10 l", "pcs"),
    ("Cable NYM-J 3x1.5", "m"),
    ("Dichtungsset Waschtisch", "Set"),
)


def _de(amount: float) -> str:
    """An amount in German notation: 1.234,56."""
    return f"{amount:_.2f}".replace(".", ",").replace("_", ".")


def receipt_text(size: int, seed: int = 0) -> str:
    """About `size` characters of German/English receipt and invoice text with figures.

    Line items with quantities, unit prices and amounts in German and English notation,
    dates, invoice numbers, VAT rates, IBANs and links: what excerpts of a document store
    hold. Deterministic for a seed.
    """
    rng = random.Random(seed)
    lines: list[str] = []
    length = 0
    invoice = 0
    while length < size:
        invoice += 1
        day, month = rng.randrange(1, 29), rng.randrange(1, 13)
        block = [
            f"Rechnung Nr. RE-2026-{rng.randrange(1000, 9999)} vom {day:02d}.{month:02d}.2026",
            f"Invoice no. INV-{rng.randrange(10000, 99999)}, dated 2026-{month:02d}-{day:02d}",
            f"Kunde: Haus am Kanonengraben {rng.randrange(1, 40)}, 48151 Münster",
        ]
        net = 0.0
        for pos in range(1, rng.randrange(3, 9)):
            item, unit = _ITEMS[rng.randrange(len(_ITEMS))]
            qty = rng.randrange(1, 60)
            price = rng.randrange(50, 250_000) / 100
            amount = qty * price
            net += amount
            if rng.random() < 0.5:
                block.append(
                    f"Pos. {pos}  {item}  {qty} {unit} à {_de(price)} EUR  {_de(amount)} EUR"
                )
            else:
                block.append(f"Item {pos}  {item}  {qty} {unit} x ${price:,.2f}  ${amount:,.2f}")
        vat = net * 0.19
        block += [
            f"Zwischensumme netto: {_de(net)} EUR",
            f"MwSt. 19 %: {_de(vat)} EUR",
            f"Total incl. 19% VAT: {net + vat:,.2f} EUR, due in {rng.randrange(7, 31)} days",
            f"IBAN DE{rng.randrange(10, 99)} 4401 0046 {rng.randrange(1000, 9999)} "
            f"{rng.randrange(1000, 9999)} 00, BIC PBNKDEFF",
            f"Details: https://paperless.home.arpa/documents/{rng.randrange(100, 9999)}/details",
            "",
        ]
        chunk = "\n".join(block) + "\n"
        lines.append(chunk)
        length += len(chunk)
    return "".join(lines)[:size]


def generated_case(size: int = 2048, seed: int = 0) -> dict[str, Any]:
    """One answer with two excerpts of receipt text: grounded figures, one ungrounded."""
    first, second = receipt_text(size // 2, seed), receipt_text(size - size // 2, seed + 1)
    figures = [line for line in first.splitlines() if line.startswith("Rechnung Nr.")]
    totals = [line for line in second.splitlines() if line.startswith("Total incl.")]
    number = figures[0].split()[2] if figures else "RE-2026-0000"
    total = totals[0].split(": ")[1].split(" EUR")[0] if totals else "0.00"
    return {
        "question": "Was stand auf den Rechnungen, und wie hoch war die Summe?",
        "answer": f"Die Rechnung {number} [1] nennt die Positionen; die Gesamtsumme betrug "
        f"{total} EUR inkl. 19 % MwSt. [2]. Fällig war sie innerhalb von 45 Tagen [2].",
        "excerpts": [
            {"n": 1, "text": first, "title": "Rechnung (Scan)"},
            {"n": 2, "text": second, "url": "https://paperless.home.arpa/documents/7/details"},
        ],
    }


def read_catalog(path: Path) -> list[dict[str, Any]]:
    """Every case of a JSONL catalog, as written."""
    if not path.is_file():
        # The public catalogs are not in the repository: they sit in shared/ beside it.
        raise SystemExit(f"no catalog at {path}: give a JSONL catalog's path (see README)")
    with path.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def submissions(path: Path = CASES) -> tuple[list[dict[str, Any]], str]:
    """Bodies for POST /v1/answers: the catalog's cases with excerpts, or generated ones.

    Returns the bodies and a line saying where they came from.
    """
    if path.exists():
        bodies = [
            {key: case[key] for key in SUBMISSION_FIELDS if case.get(key) is not None}
            for case in read_catalog(path)
            if case.get("excerpts")
        ]
        if bodies:
            return bodies, f"{len(bodies)} cases of {path}"
    bodies = [generated_case(seed=seed) for seed in range(20)]
    return bodies, f"{len(bodies)} generated receipt cases ({path} not found)"


def body_sizes(bodies: Sequence[bytes]) -> str:
    """Mean and max size of request bodies, for the header line."""
    mean = sum(len(b) for b in bodies) / len(bodies)
    return f"mean {mean / 1024:.1f} KiB, max {max(len(b) for b in bodies) / 1024:.1f} KiB"


# --- child processes -----------------------------------------------------------------------


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def service_env(**settings: str) -> dict[str, str]:
    """This environment without any VERIFIER_* variable, plus the given VERIFIER_ settings."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("VERIFIER_")}
    env.update({f"VERIFIER_{key.upper()}": value for key, value in settings.items()})
    env["PYTHONUNBUFFERED"] = "1"
    return env


_CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


@dataclass
class Child:
    """A child process a benchmark started, with its combined output in a log file."""

    name: str
    process: subprocess.Popen[bytes]
    log: Path

    def output(self) -> str:
        """Everything the child wrote so far."""
        return self.log.read_text(encoding="utf-8", errors="replace")

    def tail(self, lines: int = 15) -> str:
        """The last lines of its output, for an error message."""
        return "\n".join(self.output().splitlines()[-lines:])

    def cpu_s(self) -> float:
        """User plus system CPU seconds the process has used (all its threads)."""
        try:
            stat = Path(f"/proc/{self.process.pid}/stat").read_text()
        except OSError:
            return math.nan
        fields = stat.rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / _CLOCK_TICKS

    def check_alive(self) -> None:
        """Raise with its last output when the process has ended."""
        if self.process.poll() is not None:
            raise RuntimeError(f"{self.name} exited with {self.process.returncode}:\n{self.tail()}")


@contextlib.contextmanager
def child(name: str, argv: Sequence[str], env: dict[str, str], log_dir: Path) -> Iterator[Child]:
    """Run argv as a child process for the block; SIGTERM (then SIGKILL) it afterwards."""
    log = log_dir / f"{name.replace(' ', '-')}.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            list(argv), env=env, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=out, stderr=out
        )
    proc = Child(name, process, log)
    try:
        yield proc
    finally:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


async def wait_port(proc: Child, port: int, timeout_s: float = 30) -> None:
    """Wait until the child accepts connections on the port."""
    deadline = time.monotonic() + timeout_s
    while True:
        proc.check_alive()
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            if time.monotonic() > deadline:
                message = f"{proc.name} did not listen on {port}:\n{proc.tail()}"
                raise TimeoutError(message) from None
            await asyncio.sleep(0.05)
            continue
        writer.close()
        await writer.wait_closed()
        return


async def wait_output(proc: Child, marker: str, timeout_s: float = 30, count: int = 1) -> str:
    """Wait until the child's output holds the marker (count times); returns the rest of the
    first such line."""
    deadline = time.monotonic() + timeout_s
    while True:
        found = [line for line in proc.output().splitlines() if marker in line]
        if len(found) >= count:
            return found[0].split(marker, 1)[1].strip()
        proc.check_alive()
        if time.monotonic() > deadline:
            raise TimeoutError(f"{proc.name} never wrote {marker!r}:\n{proc.tail()}")
        await asyncio.sleep(0.05)


def python(*args: str) -> list[str]:
    """A command line of this interpreter (the virtual environment's)."""
    return [sys.executable, *args]


@contextlib.asynccontextmanager
async def judge_stub(delay_s: float, log_dir: Path) -> AsyncIterator[str]:
    """The scripted Ollama of tests/fakes in a child process; yields its URL.

    A process of its own, so that its HTTP serving shares no GIL with what is measured.
    """
    argv = python("-m", "bench.serve", "judge", "--delay-ms", f"{delay_s * 1000:g}")
    with child("judge stub", argv, service_env(), log_dir) as proc:
        yield await wait_output(proc, JUDGE_READY)


@contextlib.contextmanager
def json_logs(path: Path) -> Iterator[None]:
    """Log as the service does (JSON lines at INFO, verifier.logs) but into a file."""
    root = logging.getLogger()
    saved = root.handlers[:], root.level
    libraries = {name: logging.getLogger(name).level for name in QUIET_LIBRARIES}
    with path.open("a", encoding="utf-8") as out:
        handler = logging.StreamHandler(out)
        handler.setFormatter(JsonFormatter())
        root.handlers[:] = [handler]
        root.setLevel(logging.INFO)
        quiet_libraries()
        try:
            yield
        finally:
            root.handlers[:], level = saved
            root.setLevel(level)
            for name, library_level in libraries.items():
                logging.getLogger(name).setLevel(library_level)


# --- databases and Redis -------------------------------------------------------------------


@contextlib.asynccontextmanager
async def fresh_database(
    backend: str, admin_url: str | None, tmp: Path, label: str
) -> AsyncIterator[str]:
    """A migrated database of its own: a SQLite file in tmp, or a new PostgreSQL database
    on the server of admin_url (dropped afterwards). Yields its URL."""
    if backend == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp / label}_{secrets.token_hex(4)}.db"
        await asyncio.to_thread(migrate.upgrade, url)
        yield url
        return
    if not admin_url:
        raise ValueError("PostgreSQL needs a server URL")
    admin = make_url(admin_url).set(drivername="postgresql+asyncpg")
    name = f"bench_{label}_{secrets.token_hex(4)}"
    await _admin(admin.render_as_string(hide_password=False), f'CREATE DATABASE "{name}"')
    try:
        url = admin.set(database=name).render_as_string(hide_password=False)
        await asyncio.to_thread(migrate.upgrade, url)
        yield url
    finally:
        await _admin(
            admin.render_as_string(hide_password=False),
            f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)',
        )


async def _admin(url: str, sql: str) -> None:
    engine = create_engine(url)
    try:
        async with engine.connect() as conn:
            await conn.execution_options(isolation_level="AUTOCOMMIT")
            await conn.execute(text(sql))
    finally:
        await engine.dispose()


def queue_name(label: str) -> str:
    """A queue name of this run's own, so that nothing else on the Redis is touched."""
    return f"bench:{label}:{secrets.token_hex(4)}"


async def clear_redis(redis_url: str, queue: str, job_ids: Iterable[str] = ()) -> int:
    """Delete the run's keys: the queue, arq's keys of its jobs, everything under its name.

    Job ids are also read from the queue itself (jobs nobody ran). Returns how many keys.
    """
    redis = Redis.from_url(redis_url)
    try:
        ids = set(job_ids)
        if await redis.type(queue) == b"zset":
            ids.update(raw.decode() for raw in await redis.zrange(queue, 0, -1))
        ids.update([job_id + JUDGE_SUFFIX for job_id in ids])
        keys = [prefix + job_id for job_id in ids for prefix in JOB_KEY_PREFIXES]
        keys += [key.decode() async for key in redis.scan_iter(match=f"{queue}*", count=1000)]
        deleted = 0
        for start in range(0, len(keys), 1000):
            deleted += await redis.delete(*keys[start : start + 1000])
        return deleted
    finally:
        await redis.aclose()


def add_server_args(parser: argparse.ArgumentParser) -> None:
    """--redis-url and --database-url, defaulting to the benchmark environment variables."""
    parser.add_argument("--redis-url", default=os.environ.get(REDIS_ENV))
    parser.add_argument(
        "--database-url",
        default=os.environ.get(DATABASE_ENV),
        help=f"a PostgreSQL server to create the database on (default: ${DATABASE_ENV}); "
        "without it, SQLite",
    )


def require(value: str | None, what: str, env: str, flag: str) -> str:
    """A server URL that must be given, or exit naming the flag and the variable."""
    if value:
        return value
    print(f"no {what}: pass {flag} or set {env}", file=sys.stderr)
    raise SystemExit(2)


@contextlib.contextmanager
def profiled(enabled: bool, top: int = 25) -> Iterator[None]:
    """cProfile the block (this thread only) and print its top functions by own time."""
    if not enabled:
        yield
        return
    profile = cProfile.Profile()
    profile.enable()
    try:
        yield
    finally:
        profile.disable()
        out = io.StringIO()
        stats = pstats.Stats(profile, stream=out)
        stats.sort_stats("tottime").print_stats(top)
        stats.sort_stats("cumulative").print_stats(top)
        print(out.getvalue())


# --- the service as deployed: API and worker processes -------------------------------------


@dataclass
class Stack:
    """A running API and its workers on a database and queue of their own."""

    url: str
    headers: dict[str, str]
    database_url: str
    redis_url: str
    queue: str
    api: Child
    workers: list[Child]
    ids: list[str]

    def check_alive(self) -> None:
        """Raise with its output when any process of the stack has ended."""
        for proc in (self.api, *self.workers):
            proc.check_alive()


async def ingest_key(database_url: str) -> str:
    """A new ingest key of the benchmark tenant, stored in the database."""
    engine = create_engine(database_url)
    try:
        secret, _ = await create_key(create_sessionmaker(engine), "ingest", TENANT)
    finally:
        await engine.dispose()
    return secret


@contextlib.asynccontextmanager
async def service(
    tmp: Path, redis_url: str, database_url: str, judge_url: str | None, workers: int
) -> AsyncIterator[Stack]:
    """`verifier api` and `verifier worker` processes as deployed, configured only through
    VERIFIER_* variables; the run's Redis keys are deleted afterwards."""
    queue = queue_name("service")
    env = service_env(
        data_dir=str(tmp / "data"),
        database_url=database_url,
        redis_url=redis_url,
        queue_name=queue,
        judge_enabled="true" if judge_url else "false",
        ollama_url=judge_url or "http://127.0.0.1:9",
    )
    secret = await ingest_key(database_url)
    port = free_port()
    # Each worker process runs one arq Worker per queue (code stage; judge when it is on).
    queues = 2 if judge_url else 1
    stack: Stack | None = None
    try:
        with contextlib.ExitStack() as children:
            api_argv = python("-m", "verifier.cli", "api", "--port", str(port))
            api = children.enter_context(child("api", api_argv, env, tmp))
            procs = [
                children.enter_context(
                    child(f"worker {k}", python("-m", "verifier.cli", "worker"), env, tmp)
                )
                for k in range(workers)
            ]
            await wait_port(api, port)
            for proc in procs:
                await wait_output(proc, "Starting worker", count=queues)
            headers = {"Authorization": f"Bearer {secret}", "Content-Type": "application/json"}
            stack = Stack(
                f"http://127.0.0.1:{port}", headers, database_url, redis_url, queue, api, procs, []
            )
            yield stack
    finally:
        await clear_redis(redis_url, queue, stack.ids if stack else ())


@dataclass(frozen=True)
class Times:
    """When the service recorded each step of one answer (epoch seconds)."""

    received: float  # the API enqueued it
    stored: float  # a worker stored the answer (code stage starts)
    code: float  # the code-stage verdict was stored
    verified: float  # the final verdict was stored


def _epoch(value: datetime) -> float:
    return (value if value.tzinfo else value.replace(tzinfo=UTC)).timestamp()


async def answer_times(database_url: str, ids: Sequence[str]) -> dict[str, Times]:
    """The recorded times of the answers that are done, by id."""
    engine = create_engine(database_url)
    times: dict[str, Times] = {}
    try:
        async with engine.connect() as conn:
            for start in range(0, len(ids), 500):
                rows = await conn.execute(
                    select(
                        Answer.id,
                        Answer.received_at,
                        Answer.stored_at,
                        Verdict.created_at,
                        Answer.verified_at,
                    )
                    .join(Verdict, Verdict.answer_id == Answer.id)
                    .where(Answer.id.in_(ids[start : start + 500]), Answer.status == "done")
                )
                for answer_id, received, stored, code, verified in rows:
                    assert verified is not None, "a done answer has its verified_at"
                    times[answer_id] = Times(
                        _epoch(received), _epoch(stored), _epoch(code), _epoch(verified)
                    )
    finally:
        await engine.dispose()
    return times


async def count_done(database_url: str, ids: Sequence[str]) -> int:
    """How many of these answers are done."""
    return len(await answer_times(database_url, ids))


@dataclass(frozen=True)
class JobSteps:
    """One arq job as arq recorded it: seconds waiting on the queue, seconds running."""

    wait: float
    run: float


async def job_steps(redis_url: str, job_ids: Sequence[str]) -> dict[str, JobSteps]:
    """arq's record of finished jobs (enqueue, start, finish times), by job id."""
    redis = Redis.from_url(redis_url)
    steps: dict[str, JobSteps] = {}
    try:
        for start in range(0, len(job_ids), 500):
            chunk = job_ids[start : start + 500]
            raws = await redis.mget([result_key_prefix + job_id for job_id in chunk])
            for job_id, raw in zip(chunk, raws, strict=True):
                if raw is None:
                    continue
                result = deserialize_result(raw, deserializer=deserialize_job)
                steps[job_id] = JobSteps(
                    (result.start_time - result.enqueue_time).total_seconds(),
                    (result.finish_time - result.start_time).total_seconds(),
                )
    finally:
        await redis.aclose()
    return steps
