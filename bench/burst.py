"""A burst of answers through the service as deployed: each gets exactly one verdict.

``python -m bench burst --redis-url URL [--database-url POSTGRES_SERVER_URL]`` starts
``verifier api`` and ``--workers`` ``verifier worker`` processes (each configured only by
VERIFIER_* variables) on a fresh PostgreSQL database (SQLite in a temp dir when no server is
given), with the scripted Ollama of tests/fakes in a child process answering every judge call
after a fixed delay (``--judge-delay-ms``, default 50) with a valid verdict. Then
``--clients`` concurrent HTTP clients post ``--answers`` answers as fast as the API takes them.

When every answer is done (or the timeout passes) it checks, in the database and in the
service's counters: as many answers stored as accepted, the same ids, each done; one verdict
per answer, none twice, none without the judge's ruling; one judge call per answer. It reports
the throughput (answers from the first POST to the last stored verdict) and the time from each
POST to its stored verdict (``verified_at``, written with the final verdict, minus when the
client began the POST). Exit status 1 when any answer is missing, doubled or not done.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx
from redis.asyncio import Redis
from sqlalchemy import Select, func, select

from bench.support import (
    REDIS_ENV,
    Stack,
    add_server_args,
    answer_times,
    database_version,
    fresh_database,
    judge_stub,
    ms,
    percentile,
    print_machine,
    redis_version,
    require,
    service,
    submissions,
    yes,
)
from verifier import monitoring
from verifier.db import create_engine
from verifier.store.models import Answer, Verdict


async def burst(
    stack: Stack, bodies: Sequence[bytes], answers: int, clients: int
) -> tuple[dict[str, float], Counter[str], float]:
    """`clients` clients posting until `answers` are sent; when each accepted POST began,
    the failures by kind, and the seconds the posting took."""
    began: dict[str, float] = {}
    failures: Counter[str] = Counter()
    remaining = iter(range(answers))

    async def client() -> None:
        async with httpx.AsyncClient(timeout=60) as http:
            for i in remaining:
                start = time.time()
                try:
                    response = await http.post(
                        f"{stack.url}/v1/answers",
                        content=bodies[i % len(bodies)],
                        headers=stack.headers,
                    )
                except httpx.HTTPError as exc:
                    failures[type(exc).__name__] += 1
                    continue
                if response.status_code != 202:
                    failures[f"{response.status_code} {response.text[:200]}"] += 1
                    continue
                answer_id = response.json()["id"]
                began[answer_id] = start
                stack.ids.append(answer_id)

    first = time.perf_counter()
    await asyncio.gather(*(client() for _ in range(clients)))
    return began, failures, time.perf_counter() - first


async def wait_settled(stack: Stack, ids: Sequence[str], timeout_s: float) -> int:
    """Poll until every answer is done or the timeout passes; how many are done."""
    deadline = time.monotonic() + timeout_s
    while True:
        done = len(await answer_times(stack.database_url, ids))
        if done == len(ids) or time.monotonic() > deadline:
            return done
        stack.check_alive()
        await asyncio.sleep(0.25)


async def audit(database_url: str, ids: Sequence[str]) -> list[tuple[str, int, int, bool]]:
    """(check, found, expected, ok) for every count that must hold."""
    engine = create_engine(database_url)
    expected = len(ids)
    try:
        async with engine.connect() as conn:

            async def scalar(statement: Select[Any]) -> int:
                return int((await conn.execute(statement)).scalar_one())

            answers = await scalar(select(func.count()).select_from(Answer))
            stored_ids = {row[0] for row in await conn.execute(select(Answer.id))}
            done = await scalar(
                select(func.count()).select_from(Answer).where(Answer.status == "done")
            )
            verdicts = await scalar(select(func.count()).select_from(Verdict))
            distinct = await scalar(select(func.count(func.distinct(Verdict.answer_id))))
            doubled = await scalar(
                select(func.count()).select_from(
                    select(Verdict.answer_id)
                    .group_by(Verdict.answer_id)
                    .having(func.count() > 1)
                    .subquery()
                )
            )
            judged = await scalar(
                select(func.count()).select_from(Verdict).where(Verdict.judge_status == "ok")
            )
    finally:
        await engine.dispose()
    same = len(stored_ids & set(ids))
    return [
        ("answers stored", answers, expected, answers == expected),
        ("accepted ids among them", same, expected, same == expected),
        ("answers done", done, expected, done == expected),
        ("verdicts", verdicts, expected, verdicts == expected),
        ("answers with a verdict", distinct, expected, distinct == expected),
        ("answers with two or more verdicts", doubled, 0, doubled == 0),
        ("verdicts the judge ruled ok", judged, expected, judged == expected),
    ]


async def counters(stack: Stack) -> dict[str, float]:
    """The service's own counters of this run."""
    redis = Redis.from_url(stack.redis_url)
    try:
        return await monitoring.read(redis, stack.queue)
    finally:
        await redis.aclose()


async def run(args: argparse.Namespace) -> int:
    """Start the service, send the burst, wait, audit, report."""
    payloads, source = submissions()
    bodies = [json.dumps(p, ensure_ascii=False).encode() for p in payloads]
    backend = "postgresql" if args.database_url else "sqlite"
    versions = {"redis": await redis_version(args.redis_url)}
    with tempfile.TemporaryDirectory(prefix="bench-burst-") as tmp_name:
        tmp = Path(tmp_name)
        async with (
            judge_stub(args.judge_delay_ms / 1000, tmp) as judge_url,
            fresh_database(backend, args.database_url, tmp, "burst") as url,
        ):
            versions[backend] = await database_version(url)
            async with service(tmp, args.redis_url, url, judge_url, args.workers) as stack:
                began, failures, posting_s = await burst(stack, bodies, args.answers, args.clients)
                print(f"  posted in {posting_s:.1f} s; waiting", file=sys.stderr, flush=True)
                ids = list(began)
                await wait_settled(stack, ids, args.timeout)
                times = await answer_times(url, ids)
                checks = await audit(url, ids)
                counted = await counters(stack)

    print(
        f"burst: {args.answers} answers from {args.clients} clients into one API process and "
        f"{args.workers} worker process(es); judge stub replying after {args.judge_delay_ms:g} "
        f"ms; {backend}; bodies: {source}"
    )
    for failure, count in failures.items():
        print(f"  {count} posts failed: {failure}")
    ok = not failures and all(check[3] for check in checks)
    for name, found, expected, good in checks:
        print(f"  {name}: {found} (expected {expected}) {'ok' if good else 'WRONG'}")
    calls = counted.get("judge_calls", 0)
    print(
        f"  service counters: {counted.get('jobs_started', 0):.0f} code-stage jobs started, "
        f"{counted.get('jobs_done', 0):.0f} done, {counted.get('jobs_retried', 0):.0f} "
        f"retried, {counted.get('jobs_failed', 0):.0f} failed; {calls:.0f} judge calls, "
        f"{counted.get('judge_retries', 0):.0f} judge retries"
    )
    if times:
        first = min(began.values())
        last = max(t.verified for t in times.values())
        latencies = [times[i].verified - began[i] for i in times]
        print(
            f"  accepted {len(began) / posting_s:,.0f} answers/s (posting took {posting_s:.1f} s)"
        )
        print(
            f"  verified {len(times) / (last - first):,.1f} answers/s "
            f"(first POST to last stored verdict: {last - first:.1f} s)"
        )
        print(
            "  post -> verdict stored, ms: "
            + ", ".join(f"p{q} {ms(percentile(latencies, q))}" for q in (50, 95, 99))
            + f", max {ms(max(latencies))}"
        )
    print(f"every answer exactly one verdict: {yes(ok)}")
    print_machine(versions)
    return 0 if ok else 1


def parse(argv: Sequence[str]) -> argparse.Namespace:
    """The command line of ``python -m bench burst``."""
    parser = argparse.ArgumentParser(prog="python -m bench burst", description=__doc__)
    add_server_args(parser)
    parser.add_argument("--answers", type=int, default=2000)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--workers", type=int, default=2, help="verifier worker processes")
    parser.add_argument("--judge-delay-ms", type=float, default=50.0)
    parser.add_argument("--timeout", type=float, default=300, help="seconds to wait for verdicts")
    args = parser.parse_args(argv)
    args.redis_url = require(args.redis_url, "Redis", REDIS_ENV, "--redis-url")
    return args


def main(argv: list[str]) -> int:
    """Run the benchmark; exit status 1 when an answer is missing, doubled or not done."""
    return asyncio.run(run(parse(argv)))
