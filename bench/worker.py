"""Verified answers per second of one worker process, against arq running a no-op job.

``python -m bench worker --redis-url URL [--database-url POSTGRES_SERVER_URL]`` fills a queue
of its own with N answers (the catalog's cases, enqueued as the API enqueues them:
``SubmissionQueue.enqueue``), then runs in this process what ``verifier worker`` runs:
``worker.main.build_workers`` with the service's default settings (poll delay 0.01 s, 10 jobs
at a time per queue), that is an arq Worker on the code-stage queue and, when the judge is on,
one on the judge queue. The time runs from starting them to the last ``verified_at`` stored;
the run ends when the service's own counters say every verdict is final. It does that

- with the judge answering at once: the scripted Ollama of tests/fakes in a child process,
  replying with a valid verdict (one supported claim per answer sentence, with a real quote);
  each answer is then two jobs, the code stage and one judge try on the judge queue;
- with the judge switched off (``VERIFIER_JUDGE_ENABLED=false``): one job per answer;

on a fresh PostgreSQL database (when a server is given) and on SQLite in a temp dir.

The floor is arq's own Worker with the code-stage worker's options (poll delay, max jobs, JSON
serializer, result keeping, expiry) running a no-op function under the same task name on the
same jobs, in burst mode: it pays for Redis polling, job (de)serialisation and bookkeeping,
nothing of ours.

A reference row, **judge call only**, runs the same arq Worker on the same jobs, each making
the answer's judge call and nothing else: ``ollama.AsyncClient.chat`` with the messages, output
schema and options the judge stage sends (prepared before the run), against the same judge
stand-in. It is what the design card's dependencies cost per answer before any code of ours.

Logging is the service's (JSON lines at INFO), into a file in the temp dir.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from arq.typing import WorkerCoroutine
from arq.worker import Worker, func
from redis.asyncio import Redis
from sqlalchemy import func as sql_func
from sqlalchemy import select

from bench.support import (
    REDIS_ENV,
    TENANT,
    add_server_args,
    clear_redis,
    database_version,
    fresh_database,
    json_logs,
    judge_stub,
    print_machine,
    profiled,
    queue_name,
    redis_version,
    require,
    submissions,
    yes,
)
from verifier import monitoring
from verifier.checks.models import SourceText
from verifier.config import Settings
from verifier.db import create_engine
from verifier.judge.schema import OUTPUT_SCHEMA
from verifier.judge.stage import JudgeSettings, Prepared, make_client, prepare
from verifier.queue import VERIFY_TASK, SubmissionQueue, connect
from verifier.service import new_answer_id
from verifier.serving import run_loop
from verifier.store.models import Answer, Verdict
from worker.main import build_workers, worker_options

TARGET = 0.50  # our answers per second as a share of the floor's jobs per second


@dataclass
class Drain:
    """One run of a worker process over a full queue."""

    name: str
    answers: int
    seconds: float
    cpu_s: float
    jobs: int
    failed: int
    retried: int
    outcome: str = ""

    @property
    def rate(self) -> float:
        """Answers (floor: jobs) per second."""
        return self.answers / self.seconds


async def _noop(ctx: dict[Any, Any], *args: Any, **kwargs: Any) -> str:
    return "done"


def judge_call_only(judge: JudgeSettings, cases: Sequence[dict[str, Any]]) -> WorkerCoroutine:
    """A job function making the answer's judge call through the Ollama client, nothing else.

    The call is prepared (prompt, schema, options) before the run, so only the call is paid."""
    client = make_client(judge)
    calls: dict[str, Prepared] = {}
    for case in cases:
        excerpts = [SourceText(n=e["n"], text=e["text"]) for e in case["excerpts"]]
        titles = {e["n"]: e["title"] for e in case["excerpts"] if e.get("title")}
        call = prepare(judge, case["question"], case["answer"], excerpts, titles, None)
        assert isinstance(call, Prepared), call  # the judge would not be asked
        calls[case["answer"]] = call

    async def judge_only(ctx: dict[Any, Any], *, submission: dict[str, Any], **_: Any) -> str:
        call = calls[submission["answer"]]
        await client.chat(
            model=call.model,
            messages=call.messages,
            format=OUTPUT_SCHEMA,
            options=call.options,
            think=judge.think,
            stream=False,
        )
        return "done"

    return judge_only


def floor_worker(settings: Settings, function: WorkerCoroutine | None = None) -> Worker:
    """arq's Worker with our options, running a no-op (or function) as the verify task."""
    options = worker_options(settings)
    return Worker(
        **{
            **options,
            "functions": [func(function or _noop, name=VERIFY_TASK)],
            "on_startup": None,
            "on_shutdown": None,
            "burst": True,
            "handle_signals": False,
        }
    )


async def _fill(settings: Settings, cases: Sequence[dict[str, Any]], answers: int) -> list[str]:
    """Enqueue the answers as the API does; their ids."""
    assert settings.redis_url
    pool = await connect(settings.redis_url)
    try:
        queue = SubmissionQueue(pool, settings.queue_name)
        ids = [new_answer_id() for _ in range(answers)]
        received = datetime.now(UTC).isoformat()
        for i, answer_id in enumerate(ids):
            await queue.enqueue(answer_id, TENANT, dict(cases[i % len(cases)]), received)
        return ids
    finally:
        await pool.aclose()


async def _outcome(database_url: str, answers: int) -> str:
    """How the stored answers ended, e.g. '1000 done, judge ok 1000'; checks the count."""
    engine = create_engine(database_url)
    try:
        async with engine.connect() as conn:
            statuses = dict(
                (
                    await conn.execute(
                        select(Answer.status, sql_func.count()).group_by(Answer.status)
                    )
                )
                .tuples()
                .all()
            )
            judged = dict(
                (
                    await conn.execute(
                        select(Verdict.judge_status, sql_func.count()).group_by(
                            Verdict.judge_status
                        )
                    )
                )
                .tuples()
                .all()
            )
    finally:
        await engine.dispose()
    text = ", ".join(f"{n} {s}" for s, n in sorted(statuses.items()))
    text += "; judge " + ", ".join(f"{s} {n}" for s, n in sorted(judged.items(), key=str))
    if statuses.get("done", 0) != answers:
        text += f"  (EXPECTED {answers} done)"
    return text


async def _finished(redis_url: str, queue: str) -> int:
    """Answers whose verdict is final, by the service's own counters in Redis."""
    redis = Redis.from_url(redis_url)
    try:
        counts = await monitoring.read(redis, queue)
    finally:
        await redis.aclose()
    return int(counts.get("verdicts_clean", 0) + counts.get("verdicts_flagged", 0))


async def _last_verified(database_url: str) -> float:
    engine = create_engine(database_url)
    try:
        async with engine.connect() as conn:
            last = (await conn.execute(select(sql_func.max(Answer.verified_at)))).scalar_one()
    finally:
        await engine.dispose()
    assert last is not None, "no answer was verified"
    return float(last.replace(tzinfo=last.tzinfo or UTC).timestamp())


async def _work(settings: Settings, answers: int, timeout_s: float) -> tuple[float, list[Worker]]:
    """Run the service's workers (code queue, and judge queue when the judge is on) until
    every answer is final; seconds from their start to the last verified_at stored."""
    assert settings.redis_url
    workers = build_workers(settings, handle_signals=False)
    began = time.time()
    tasks = [asyncio.create_task(worker.main()) for worker in workers]
    try:
        deadline = time.monotonic() + timeout_s
        while await _finished(settings.redis_url, settings.queue_name) < answers:
            for task in tasks:
                if task.done():
                    task.result()  # a worker that died raises here
                    raise RuntimeError("a worker stopped before the queue was done")
            if time.monotonic() > deadline:
                raise TimeoutError(f"not all {answers} answers verified in {timeout_s:g} s")
            await asyncio.sleep(0.02)
        # A verdict is counted as it is stored; its job still has its own end to write.
        running = [job for worker in workers for job in worker.tasks.values()]
        await asyncio.gather(*running, return_exceptions=True)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for worker in workers:
            await worker.close()
    return await _last_verified(settings.resolved_database_url()) - began, workers


async def drain(
    name: str,
    settings: Settings,
    cases: Sequence[dict[str, Any]],
    answers: int,
    floor: Worker | None,
    timeout_s: float,
    profile: bool = False,
) -> Drain:
    """Fill the queue, work it off in this process (with the floor's arq Worker, or the
    service's workers), time it, clean up Redis."""
    assert settings.redis_url
    ids = await _fill(settings, cases, answers)
    try:
        cpu = time.process_time()
        if floor:
            worker = floor
            began = time.perf_counter()
            try:
                await worker.main()
            finally:
                seconds = time.perf_counter() - began
                await worker.close()
            workers = [worker]
        else:
            with profiled(profile):
                seconds, workers = await _work(settings, answers, timeout_s)
        cpu_s = time.process_time() - cpu
        jobs = (
            sum(w.jobs_complete for w in workers),
            sum(w.jobs_failed for w in workers),
            sum(w.jobs_retried for w in workers),
        )
        run = Drain(name, answers, seconds, cpu_s, *jobs)
        if not floor:
            run.outcome = await _outcome(settings.resolved_database_url(), answers)
    finally:
        await clear_redis(settings.redis_url, settings.queue_name, ids)
    print(f"  {name}: {run.rate:,.0f}/s", file=sys.stderr, flush=True)
    return run


async def run(args: argparse.Namespace) -> int:
    """The floor, then each backend with the judge instant and off; print the figures."""
    cases, source = submissions()
    backends = (["postgresql"] if args.database_url else []) + ["sqlite"]
    runs: list[Drain] = []
    versions: dict[str, str] = {"redis": await redis_version(args.redis_url)}
    with tempfile.TemporaryDirectory(prefix="bench-worker-") as tmp_name:
        tmp = Path(tmp_name)

        def settings(database_url: str, judge: str) -> Settings:
            return Settings(
                data_dir=tmp,
                database_url=database_url,
                redis_url=args.redis_url,
                queue_name=queue_name("worker"),
                judge_enabled=judge != "",
                ollama_url=judge or "http://127.0.0.1:9",
            )

        plan = [
            (backend, judge)
            for _ in range(args.rounds)
            for backend in [None, *backends]
            for judge in ([False, True] if backend is None else [True, False])
        ]
        with json_logs(tmp / "worker.log"):
            async with judge_stub(0.0, tmp) as judge_url:
                for k, (backend, judge) in enumerate(plan):
                    if backend is None:
                        floor_settings = settings("sqlite+aiosqlite:///unused.db", judge_url)
                        if judge:
                            judge_settings = floor_settings.judge_settings()
                            assert judge_settings is not None
                            only = judge_call_only(judge_settings, cases)
                            name, worker = "judge call only", floor_worker(floor_settings, only)
                            jobs = args.answers
                        else:
                            name, worker = "floor", floor_worker(floor_settings)
                            jobs = args.floor_jobs
                        runs.append(await drain(name, floor_settings, cases, jobs, worker, 0))
                        continue
                    async with fresh_database(backend, args.database_url, tmp, "worker") as url:
                        versions[backend] = await database_version(url)
                        name = f"{backend}, judge {'instant' if judge else 'off'}"
                        run = await drain(
                            name,
                            settings(url, judge_url if judge else ""),
                            cases,
                            args.answers,
                            None,
                            args.timeout,
                            profile=args.profile and k == 1,
                        )
                        runs.append(run)

    floor = [r for r in runs if r.name == "floor"]
    floor_rate = sum(r.rate for r in floor) / len(floor)
    print(
        f"one worker process over a full queue of {args.answers} answers "
        f"({args.floor_jobs} jobs for the floor; {source}); {args.rounds} round(s); "
        f"poll delay {floor_settings.worker_poll_delay_s:g} s, "
        f"max jobs {floor_settings.worker_max_jobs} per queue"
    )
    print(
        f"{'':<28} {'answers/s':>10} {'vs floor':>9} {'wall s':>7} {'CPU ms/answer':>14} "
        f"{'jobs':>6} {'failed':>7} {'retried':>8}"
    )
    met = True
    for r in runs:
        ratio = r.rate / floor_rate
        if "judge instant" in r.name:
            met = met and ratio >= TARGET
        print(
            f"{r.name:<28} {r.rate:>10,.0f} {ratio:>9.2f} {r.seconds:>7.2f} "
            f"{r.cpu_s * 1000 / r.answers:>14.2f} {r.jobs:>6} {r.failed:>7} {r.retried:>8}"
        )
        if r.outcome:
            print(f"{'':<28} {r.outcome}")
    print("floor: arq no-op jobs per second (one job per answer); CPU: this process, all threads")
    print(
        "judge call only: the same jobs each making the answer's judge call through the Ollama "
        "client, nothing else (a reference)"
    )
    print(f"judge instant >= {TARGET:.0%} of the floor on every backend: {yes(met)}")
    print_machine(versions)
    broken = any(r.failed or "EXPECTED" in r.outcome for r in runs)
    return 0 if met and not broken else 1


def parse(argv: Sequence[str]) -> argparse.Namespace:
    """The command line of ``python -m bench worker``."""
    parser = argparse.ArgumentParser(prog="python -m bench worker", description=__doc__)
    add_server_args(parser)
    parser.add_argument("--answers", type=int, default=500, help="answers per run")
    parser.add_argument(
        "--floor-jobs", type=int, default=5000, help="jobs of the floor's run (it is fast)"
    )
    parser.add_argument("--rounds", type=int, default=1, help="repeat the whole set")
    parser.add_argument("--timeout", type=float, default=300, help="seconds a run may take")
    parser.add_argument(
        "--profile",
        action="store_true",
        help="cProfile the first run of the real worker (event loop thread) and print the top",
    )
    args = parser.parse_args(argv)
    args.redis_url = require(args.redis_url, "Redis", REDIS_ENV, "--redis-url")
    return args


def main(argv: list[str]) -> int:
    """Run the benchmark; exit status 1 when the target is missed or an answer is lost."""
    return run_loop(run(parse(argv)))
