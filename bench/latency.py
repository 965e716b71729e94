"""Time from posting an answer to its stored verdict, end to end, with an instant judge.

``python -m bench latency --redis-url URL [--database-url POSTGRES_SERVER_URL]`` starts the
service as deployed, each process configured only by VERIFIER_* variables: ``verifier api``
(uvicorn on 127.0.0.1) and one ``verifier worker`` (``worker.main.build_workers`` with the
real settings: poll delay 0.01 s), on a fresh PostgreSQL database (SQLite in a temp dir when
no server is given), with the scripted Ollama of tests/fakes in a child process answering each
judge call at once with a valid verdict.

It posts answers over HTTP at a steady rate well below capacity (open loop: one every
1/rate s, whether or not the last is done), so each one meets an idle service, and takes
each answer's latency as the answer's ``verified_at`` (written by the worker with the final
verdict, just before the commit) minus the moment the client began the POST (same clock).
The stored ``received_at`` (the API enqueueing), ``stored_at`` (a worker storing the answer)
and the verdict's ``created_at`` (the code-stage verdict) split it into steps. The same runs
once more with the judge switched off, for comparison.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import httpx

from bench.support import (
    JUDGE_SUFFIX,
    REDIS_ENV,
    JobSteps,
    Stack,
    Times,
    add_server_args,
    answer_times,
    database_version,
    fresh_database,
    job_steps,
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

TARGET_P50_S = 0.050


async def post_all(
    stack: Stack, bodies: Sequence[bytes], count: int, rate: float
) -> dict[str, float]:
    """POST `count` answers at `rate` per second (open loop); when each POST began, by id."""
    began: dict[str, float] = {}
    failures: list[str] = []

    async def post(http: httpx.AsyncClient, body: bytes) -> None:
        start = time.time()
        response = await http.post(f"{stack.url}/v1/answers", content=body, headers=stack.headers)
        if response.status_code != 202:
            failures.append(f"{response.status_code} {response.text[:200]}")
            return
        answer_id = response.json()["id"]
        began[answer_id] = start
        stack.ids.append(answer_id)

    limits = httpx.Limits(max_connections=50, max_keepalive_connections=50)
    async with httpx.AsyncClient(limits=limits, timeout=30) as http:
        tasks = []
        first = time.monotonic()
        for i in range(count):
            await asyncio.sleep(max(0.0, first + i / rate - time.monotonic()))
            tasks.append(asyncio.create_task(post(http, bodies[i % len(bodies)])))
        await asyncio.gather(*tasks)
    if failures:
        raise RuntimeError(f"{len(failures)} posts failed, e.g. {failures[0]}")
    return began


async def wait_done(stack: Stack, ids: Sequence[str], timeout_s: float) -> dict[str, Times]:
    """Poll the database until every answer is done; their recorded times."""
    deadline = time.monotonic() + timeout_s
    while True:
        times = await answer_times(stack.database_url, ids)
        if len(times) == len(ids):
            return times
        stack.check_alive()
        if time.monotonic() > deadline:
            raise TimeoutError(f"only {len(times)} of {len(ids)} answers done in {timeout_s:g} s")
        await asyncio.sleep(0.1)


def _line(name: str, values: Sequence[float]) -> str:
    cells = " ".join(f"{ms(percentile(values, q)):>7}" for q in (50, 95, 99))
    return f"  {name:<38} {cells} {ms(max(values)):>7}"


def report(
    label: str, began: dict[str, float], times: dict[str, Times], jobs: dict[str, JobSteps]
) -> float:
    """Print one mode's percentiles and steps; its p50 from post to verdict in seconds."""
    ids = list(began)
    total = [times[i].verified - began[i] for i in ids]
    print(f"{label}: {len(ids)} answers")
    print(f"  {'ms':<38} {'p50':>7} {'p95':>7} {'p99':>7} {'max':>7}")
    print(_line("post -> verdict stored", total))
    print(_line("  post -> enqueued (API)", [times[i].received - began[i] for i in ids]))
    print(
        _line(
            "  enqueued -> answer stored (worker)",
            [times[i].stored - times[i].received for i in ids],
        )
    )
    print(_line("  stored -> code verdict", [times[i].code - times[i].stored for i in ids]))
    print(
        _line("  code verdict -> final verdict", [times[i].verified - times[i].code for i in ids])
    )
    print("  as arq recorded the jobs:")
    for job, suffix in (("code-stage job", ""), ("judge job", JUDGE_SUFFIX)):
        steps = [jobs[i + suffix] for i in ids if i + suffix in jobs]
        if steps:
            print(_line(f"  {job}: wait on queue", [s.wait for s in steps]))
            print(_line(f"  {job}: run", [s.run for s in steps]))
    return statistics.median(total)


async def run(args: argparse.Namespace) -> int:
    """Each mode on its own stack and database: warm up, post at the rate, wait, report."""
    payloads, source = submissions()
    bodies = [json.dumps(p, ensure_ascii=False).encode() for p in payloads]
    backend = "postgresql" if args.database_url else "sqlite"
    print(
        f"{args.answers} answers per mode at {args.rate:g}/s after {args.warmup} unmeasured ones "
        f"({source}); {backend}; one API process, one worker process"
    )
    p50 = 0.0
    versions = {"redis": await redis_version(args.redis_url)}
    with tempfile.TemporaryDirectory(prefix="bench-latency-") as tmp_name:
        tmp = Path(tmp_name)
        async with judge_stub(0.0, tmp) as judge_url:
            for label, judge in (("judge instant", judge_url), ("judge off", None)):
                if judge is None and args.judge_instant_only:
                    continue
                async with fresh_database(backend, args.database_url, tmp, "latency") as url:
                    versions[backend] = await database_version(url)
                    async with service(tmp, args.redis_url, url, judge, workers=1) as stack:
                        warm = await post_all(stack, bodies, args.warmup, args.rate)
                        await wait_done(stack, list(warm), args.timeout)
                        began = await post_all(stack, bodies, args.answers, args.rate)
                        times = await wait_done(stack, list(began), args.timeout)
                        jobs = await job_steps(
                            args.redis_url, [*began, *(i + JUDGE_SUFFIX for i in began)]
                        )
                    median = report(label, began, times, jobs)
                    print(f"  ({label}: stored verdict p50 {ms(median)} ms)", file=sys.stderr)
                    if judge is not None:
                        p50 = median
    met = p50 < TARGET_P50_S
    print(f"judge instant: p50 post -> verdict stored under {ms(TARGET_P50_S)} ms: {yes(met)}")
    print_machine(versions)
    return 0 if met else 1


def parse(argv: Sequence[str]) -> argparse.Namespace:
    """The command line of ``python -m bench latency``."""
    parser = argparse.ArgumentParser(prog="python -m bench latency", description=__doc__)
    add_server_args(parser)
    parser.add_argument("--answers", type=int, default=200, help="measured answers per mode")
    parser.add_argument("--rate", type=float, default=10.0, help="answers posted per second")
    parser.add_argument("--warmup", type=int, default=10, help="unmeasured answers first")
    parser.add_argument("--timeout", type=float, default=120, help="seconds to wait for verdicts")
    parser.add_argument(
        "--judge-instant-only", action="store_true", help="skip the run with the judge off"
    )
    args = parser.parse_args(argv)
    args.redis_url = require(args.redis_url, "Redis", REDIS_ENV, "--redis-url")
    return args


def main(argv: list[str]) -> int:
    """Run the benchmark; exit status 1 when the p50 target is missed."""
    return asyncio.run(run(parse(argv)))
