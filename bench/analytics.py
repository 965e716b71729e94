"""The metrics of a 30-day window on a large question log, timed against a floor query.

``python -m bench analytics --database-url postgresql+asyncpg://USER@HOST:PORT/postgres``
creates a fresh database on that server, migrates it, fills it by COPY with generated answers,
verdicts, findings and blind ratings (deterministic seed), and times the real
``verifier.analytics.service.report`` for one tenant's 30-day window near the end of the range
against the cheapest query that touches the same rows. The database is dropped at the end
unless ``--keep``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import secrets
import statistics
import sys
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import asyncpg  # type: ignore[import-untyped]
from sqlalchemy import event, text
from sqlalchemy.engine import URL, make_url

from bench import machine
from verifier import migrate
from verifier.analytics.service import report
from verifier.db import create_engine, create_sessionmaker

URL_ENV = "VERIFIER_BENCH_DATABASE_URL"
TARGET_S = 1.0
WINDOW_DAYS = 30
# The generated range ends here, so that every run of the same arguments logs the same rows.
RANGE_END = datetime(2026, 11, 1, tzinfo=UTC)
CHUNK = 50_000

# The cheapest query that must touch every row the report counts: the window's answers by the
# (tenant, received_at) index, joined with their blind ratings.
FLOOR_SQL = text(
    "SELECT count(*) FROM answers JOIN ratings "
    "ON ratings.answer_id = answers.id AND ratings.revision = 0 "
    "WHERE tenant = :t AND received_at >= :s AND received_at < :e"
)

# The server settings that decide these plans, printed with the machine.
SETTINGS_SQL = text(
    "SELECT name, current_setting(name) FROM pg_settings WHERE name IN "
    "('shared_buffers', 'work_mem', 'random_page_cost', 'effective_cache_size', "
    "'max_parallel_workers_per_gather', 'jit', 'plan_cache_mode') ORDER BY name"
)

ANSWER_MODELS = ("qwen3:8b", "llama3.1:8b", "mistral-small3.2:24b", "gpt-4o-mini")
JUDGE_MODELS = ("gemma3:12b", "gemma3:27b")
PROMPT_VERSIONS = ("judge-1", "judge-2")
CODE_KINDS = (
    ("numbers", "ungrounded_number"),
    ("numbers", "ungrounded_number"),
    ("citations", "dangling_citation"),
    ("citations", "miscited"),
    ("urls", "unknown_url"),
)
JUDGE_KINDS = (
    ("judge", "claim_missing"),
    ("judge", "claim_contradicted"),
    ("judge", "judge_objection"),
)
# Cumulative odds of the blind rating: flags agree with the reviewer more often than not, and
# every cell of the confusion matrix fills.
RATINGS_IF_FLAGGED = ((0.55, "incorrect"), (0.65, "partly"), (1.0, "correct"))
RATINGS_IF_PASSED = ((0.80, "correct"), (0.88, "partly"), (1.0, "incorrect"))
TOPICS = ("Sanierung Altbau", "Umsatz Q3", "Personalkosten", "Energieverbrauch", "Mietvertrag")

ANSWER_COLUMNS = (
    "id",
    "tenant",
    "question",
    "answer",
    "answer_model",
    "status",
    "received_at",
    "stored_at",
    "verified_at",
    "review_state",
)
VERDICT_COLUMNS = (
    "answer_id",
    "flagged",
    "code_flagged",
    "judge_flagged",
    "judge_status",
    "judge_model",
    "prompt_version",
    "reasons",
    "stages",
    "checker_version",
    "created_at",
)
FINDING_COLUMNS = ("answer_id", "stage", "kind")
RATING_COLUMNS = ("answer_id", "revision", "rating", "comment", "rater", "created_at")
TABLES = ("answers", "verdicts", "findings", "ratings")


def _pick(roll: float, odds: tuple[tuple[float, str], ...]) -> str:
    return next(value for bound, value in odds if roll < bound)


@dataclass
class Chunk:
    """The rows of one slice of answers, for every table, in foreign-key order."""

    answers: list[tuple[Any, ...]]
    verdicts: list[tuple[Any, ...]]
    findings: list[tuple[Any, ...]]
    ratings: list[tuple[Any, ...]]


class Generator:
    """Answers spread evenly over the range in the order they arrive, as a log fills up."""

    def __init__(self, answers: int, ratings: int, tenants: int, days: int, seed: int) -> None:
        self.rng = random.Random(seed)
        self.answers = answers
        self.tenants = [f"tenant-{k}" for k in range(tenants)]
        self.start = RANGE_END - timedelta(days=days)
        self.step_s = days * 86_400 / answers
        # Which answers a reviewer rated blind: a uniform sample, so about the same share per day.
        self.rated = set(self.rng.sample(range(answers), ratings))

    def chunks(self) -> Any:
        """Yield Chunk after Chunk until every answer is generated."""
        for first in range(0, self.answers, CHUNK):
            yield self._chunk(first, min(first + CHUNK, self.answers))

    def _chunk(self, first: int, stop: int) -> Chunk:
        rng = self.rng
        chunk = Chunk([], [], [], [])
        for i in range(first, stop):
            answer_id = f"{rng.getrandbits(128):032x}"
            received = self.start + timedelta(seconds=(i + rng.random()) * self.step_s)
            verified = received + timedelta(seconds=2 + 30 * rng.random())
            topic = TOPICS[i % len(TOPICS)]
            amount = rng.randrange(1_000, 1_000_000)
            rated = i in self.rated
            state = "rated" if rated else ("discarded" if rng.random() < 0.02 else "pending")
            chunk.answers.append(
                (
                    answer_id,
                    self.tenants[rng.randrange(len(self.tenants))],
                    f"Was war der Stand bei {topic} im Vorgang {i}?",
                    f"Laut Unterlagen beträgt der Betrag für {topic} {amount:,} EUR [1]. "
                    f"Die Angabe stammt aus dem Bericht vom {received:%d.%m.%Y} [2].",
                    ANSWER_MODELS[rng.randrange(len(ANSWER_MODELS))],
                    "done",
                    received,
                    received + timedelta(milliseconds=rng.randrange(5, 500)),
                    verified,
                    state,
                )
            )

            code_flagged = rng.random() < 0.15
            roll = rng.random()
            judge_status = "ok" if roll < 0.70 else ("objection" if roll < 0.82 else "unavailable")
            ruled = judge_status != "unavailable"
            judge_flagged = (judge_status == "objection") if ruled else None
            flagged = code_flagged or bool(judge_flagged)
            chunk.verdicts.append(
                (
                    answer_id,
                    flagged,
                    code_flagged,
                    judge_flagged,
                    judge_status,
                    JUDGE_MODELS[rng.randrange(len(JUDGE_MODELS))] if ruled else None,
                    PROMPT_VERSIONS[rng.randrange(len(PROMPT_VERSIONS))] if ruled else None,
                    "[]",
                    "{}",
                    "bench-1",
                    verified,
                )
            )

            # One or two findings per flagged verdict: one of each flagging stage.
            kinds: list[tuple[str, str]] = []
            if code_flagged:
                kinds.append(CODE_KINDS[rng.randrange(len(CODE_KINDS))])
            if judge_flagged:
                kinds.append(JUDGE_KINDS[rng.randrange(len(JUDGE_KINDS))])
            if len(kinds) == 1 and rng.random() < 0.3:
                pool = CODE_KINDS if code_flagged else JUDGE_KINDS
                kinds.append(pool[rng.randrange(len(pool))])
            chunk.findings.extend((answer_id, stage, kind) for stage, kind in kinds)

            if rated:
                rating = _pick(rng.random(), RATINGS_IF_FLAGGED if flagged else RATINGS_IF_PASSED)
                chunk.ratings.append(
                    (
                        answer_id,
                        0,
                        rating,
                        None,
                        f"reviewer-{rng.randrange(8)}",
                        received + timedelta(hours=1 + 48 * rng.random()),
                    )
                )
        return chunk


def _asyncpg_dsn(url: URL) -> str:
    return url.set(drivername="postgresql").render_as_string(hide_password=False)


async def _admin(admin_url: URL, sql: str) -> None:
    conn = await asyncpg.connect(_asyncpg_dsn(admin_url))
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


async def _load(url: URL, generator: Generator) -> dict[str, int]:
    """COPY every chunk in foreign-key order, then settle the tables; the rows per table."""
    counts = dict.fromkeys(TABLES, 0)
    conn = await asyncpg.connect(_asyncpg_dsn(url))
    try:
        for chunk in generator.chunks():
            async with conn.transaction():
                for table, columns, rows in (
                    ("answers", ANSWER_COLUMNS, chunk.answers),
                    ("verdicts", VERDICT_COLUMNS, chunk.verdicts),
                    ("findings", FINDING_COLUMNS, chunk.findings),
                    ("ratings", RATING_COLUMNS, chunk.ratings),
                ):
                    await conn.copy_records_to_table(table, records=rows, columns=columns)
                    counts[table] += len(rows)
            print(f"  … {counts['answers']:,} answers", file=sys.stderr, flush=True)
        # VACUUM as well as ANALYZE: autovacuum would otherwise start on the fresh rows in the
        # middle of the timing, and a settled log has its visibility map and hint bits set.
        await conn.execute("VACUUM (ANALYZE)")
        # And a checkpoint, so that writing out the load does not overlap the timing.
        try:
            await conn.execute("CHECKPOINT")
        except asyncpg.InsufficientPrivilegeError:
            print("  (no CHECKPOINT: needs superuser or pg_checkpoint)", file=sys.stderr)
    finally:
        await conn.close()
    return counts


async def _alternate(
    floor: Callable[[], Awaitable[Any]], full: Callable[[], Awaitable[Any]], repeat: int
) -> tuple[list[float], list[float]]:
    """One warm-up of each, then alternate them so drift hits both alike."""
    await floor()
    await full()
    floors: list[float] = []
    fulls: list[float] = []
    for _ in range(repeat):
        for call, into in ((floor, floors), (full, fulls)):
            began = time.perf_counter()
            await call()
            into.append(time.perf_counter() - began)
    return floors, fulls


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


async def _explain(engine: Any, calls: Sequence[Callable[[], Awaitable[Any]]]) -> None:
    """EXPLAIN (ANALYZE, BUFFERS) every statement the calls send, captured as sent."""
    captured: list[tuple[str, Any]] = []

    def capture(_conn: Any, _cursor: Any, statement: str, params: Any, *_: Any) -> None:
        captured.append((statement, params))

    event.listen(engine.sync_engine, "before_cursor_execute", capture)
    try:
        for call in calls:
            await call()
    finally:
        event.remove(engine.sync_engine, "before_cursor_execute", capture)
    async with engine.connect() as conn:
        for statement, params in captured:
            print("\n" + statement)
            plan = await conn.exec_driver_sql(
                "EXPLAIN (ANALYZE, BUFFERS) " + statement, tuple(params or ())
            )
            for (line,) in plan:
                print("  " + line)


async def run(args: argparse.Namespace) -> int:
    """Create, fill, time and (unless --keep) drop the benchmark database."""
    admin_url = make_url(args.database_url)
    if admin_url.get_backend_name() != "postgresql":
        print(
            f"the benchmark needs PostgreSQL, not {admin_url.get_backend_name()}", file=sys.stderr
        )
        return 2
    admin_url = admin_url.set(drivername="postgresql+asyncpg")
    name = f"bench_analytics_{secrets.token_hex(4)}"
    url = admin_url.set(database=name)
    url_text = url.render_as_string(hide_password=False)
    print(f"database {name} on {admin_url.host}:{admin_url.port or 5432}")
    await _admin(admin_url, f'CREATE DATABASE "{name}"')
    engine = None
    try:
        await asyncio.to_thread(migrate.upgrade, url_text)
        generator = Generator(args.answers, args.ratings, args.tenants, args.days, args.seed)
        began = time.perf_counter()
        counts = await _load(url, generator)
        generated_s = time.perf_counter() - began
        print(f"generated in {generated_s:.1f} s (COPY, VACUUM ANALYZE, CHECKPOINT): ", end="")
        print(", ".join(f"{counts[t]:,} {t}" for t in TABLES))

        tenant = generator.tenants[0]
        end = RANGE_END - timedelta(days=1)
        start = end - timedelta(days=WINDOW_DAYS)
        engine = create_engine(url_text)
        sessionmaker = create_sessionmaker(engine)
        window = {"t": tenant, "s": start, "e": end}
        floor_rows: list[int] = []
        coverage: dict[str, Any] = {}

        async def floor() -> None:
            async with sessionmaker() as session:
                floor_rows.append((await session.execute(FLOOR_SQL, window)).scalar_one())

        async def full() -> None:
            async with sessionmaker() as session:
                coverage.update((await report(session, tenant, start, end))["coverage"])

        floors, fulls = await _alternate(floor, full, args.repeat)
        async with engine.connect() as conn:
            version = (await conn.execute(text("SELECT version()"))).scalar_one()
            settings = ", ".join(
                f"{key}={value}" for key, value in await conn.execute(SETTINGS_SQL)
            )

        floor_med, full_med = statistics.median(floors), statistics.median(fulls)
        print(f"window: {tenant}, {start:%Y-%m-%d} to {end:%Y-%m-%d} ({WINDOW_DAYS} days)")
        print(
            f"  {coverage['posted']:,} answers posted, {coverage['verified']:,} verified, "
            f"{coverage['rated']:,} rated blind (floor counted {floor_rows[-1]:,})"
        )
        print(f"report: median {_ms(full_med)}, max {_ms(max(fulls))} over {args.repeat} runs")
        print(f"floor:  median {_ms(floor_med)}, max {_ms(max(floors))} over {args.repeat} runs")
        print(f"ratio report/floor: {full_med / floor_med:.1f}")
        verdict = "yes" if full_med < TARGET_S else "NO"
        print(f"report median under {TARGET_S:g} s: {verdict}")
        print("machine:")
        for key, value in {**machine(), "postgresql": version, "settings": settings}.items():
            print(f"  {key}: {value}")
        if args.explain:
            await _explain(engine, (full, floor))
        return 0 if full_med < TARGET_S else 1
    finally:
        if engine is not None:
            await engine.dispose()
        if args.keep:
            print(f"kept database {name}: {url.render_as_string(hide_password=True)}")
        else:
            await _admin(admin_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _positive(value: str) -> int:
    number = int(value)
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {number}")
    return number


def parse(argv: Sequence[str]) -> argparse.Namespace:
    """The command line of ``python -m bench analytics``."""
    parser = argparse.ArgumentParser(prog="python -m bench analytics", description=__doc__)
    parser.add_argument(
        "--database-url",
        default=os.environ.get(URL_ENV),
        help=f"a PostgreSQL server URL to create the database on (default: ${URL_ENV})",
    )
    parser.add_argument("--answers", type=_positive, default=1_000_000)
    parser.add_argument("--ratings", type=_positive, default=100_000)
    parser.add_argument("--tenants", type=_positive, default=5)
    parser.add_argument("--days", type=_positive, default=365, help="the range the log spans")
    parser.add_argument("--repeat", type=_positive, default=5, help="timed runs after a warm-up")
    parser.add_argument("--seed", type=int, default=20261129)
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    parser.add_argument(
        "--explain", action="store_true", help="print EXPLAIN (ANALYZE) of the report's queries"
    )
    args = parser.parse_args(argv)
    if not args.database_url:
        parser.error(
            f"no database server: pass --database-url or set {URL_ENV}, e.g. "
            "postgresql+asyncpg://postgres@127.0.0.1:5432/postgres (a fresh database is "
            "created on it and dropped afterwards)"
        )
    if args.ratings > args.answers:
        parser.error(f"--ratings ({args.ratings}) cannot exceed --answers ({args.answers})")
    if args.days <= WINDOW_DAYS:
        parser.error(f"--days must exceed the {WINDOW_DAYS}-day window, not {args.days}")
    return args


def main(argv: list[str]) -> int:
    """Run the benchmark; exit status 1 when the report's median misses the target."""
    return asyncio.run(run(parse(argv)))
