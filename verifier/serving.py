"""Running the service: API and worker processes, with an embedded Redis when none is set."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import sys
from collections.abc import Coroutine, Iterator
from typing import Any, TypeVar

import uvicorn
from sqlalchemy.engine import make_url

from verifier import migrate
from verifier.config import Settings, get_settings
from verifier.embedded_redis import DataDirInUse, EmbeddedRedis, running_url
from verifier.exceptions import VerifierError
from verifier.logs import setup_logging

_T = TypeVar("_T")


def run_loop(main: Coroutine[Any, Any, _T]) -> _T:
    """Run the service's event loop: uvloop where installed (it halves the loop's overhead)."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    return uvloop.run(main)


def migrate_database(settings: Settings) -> None:
    """Bring the configured database to the newest schema."""
    migrate.upgrade(settings.resolved_database_url())


@contextlib.contextmanager
def redis_for(settings: Settings, *, reuse: bool) -> Iterator[Settings]:
    """Settings with a Redis URL: the configured one, a running embedded one, or a new one;
    without reuse, a running embedded one is refused (serve owns the one it runs on)."""
    if settings.redis_url:
        yield settings
        return
    url = running_url(settings.data_dir)
    if url is not None and not reuse:
        raise DataDirInUse(
            f"a verifier serve, api or worker already runs in this data dir "
            f"({settings.data_dir}), its embedded Redis at {url}: stop it first, or start "
            "`verifier api` or `verifier worker`, which attach to it"
        )
    if url is not None:
        print(f"using the embedded Redis already running at {url}", file=sys.stderr)
        yield settings.model_copy(update={"redis_url": url})
        return
    embedded = EmbeddedRedis(settings.data_dir)
    url = embedded.start()
    print(f"started embedded Redis at {url} (data in {embedded.dir})", file=sys.stderr)
    try:
        yield settings.model_copy(update={"redis_url": url})
    finally:
        embedded.stop()


class _Server(uvicorn.Server):
    """uvicorn re-raises SIGTERM after shutdown, which would kill us before the worker and the
    embedded Redis are stopped; here a signal only asks the server to exit."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, self.handle_exit, sig, None)
        try:
            yield
        finally:
            for sig in (signal.SIGINT, signal.SIGTERM):
                loop.remove_signal_handler(sig)


class CannotServe(OSError):
    """The API could not start listening (the port taken, the app's startup failed)."""


class WorkerStopped(VerifierError):
    """The worker stopped on its own (its Redis gone): no answer would be verified."""


def _worker_stopped(working: asyncio.Task[None]) -> WorkerStopped:
    """The error that says why a worker task ended by itself."""
    exc = None if working.cancelled() else working.exception()
    why = f"{type(exc).__name__}: {exc}" if exc else "it ended without an error"
    return WorkerStopped(f"the worker stopped ({why}): no answer is verified without it")


async def _end(working: asyncio.Task[None]) -> None:
    """Stop a worker task and wait for it; an error it ended with was reported already."""
    working.cancel()
    with contextlib.suppress(asyncio.CancelledError, Exception):
        await working


async def _listen(server: uvicorn.Server, host: str, port: int) -> None:
    # uvicorn calls sys.exit when it cannot bind or start the app. A SystemExit in a task
    # stops the event loop without the task's error ever being read (asyncio then logs
    # "Task exception was never retrieved" with a traceback): it becomes an error here.
    try:
        await server.serve()
    except SystemExit as exc:
        cause = exc.__context__
        if isinstance(cause, OSError) and cause.errno:
            # uvicorn's own text repeats the address; a host name that does not resolve has
            # a negative errno, which os.strerror calls an "unknown error".
            why = (cause.strerror or os.strerror(cause.errno)).lower()
        else:
            why = "the log above says why"
        raise CannotServe(f"cannot listen on {host}:{port}: {why}") from None


async def _serve(
    settings: Settings, host: str, port: int, with_worker: bool, reconnect: bool = True
) -> None:
    from verifier.app import create_app
    from worker.main import build_workers, run_workers

    # log_config=None: uvicorn logs through our JSON handler instead of its own setup.
    server = _Server(uvicorn.Config(create_app(settings), host=host, port=port, log_config=None))
    serving = asyncio.create_task(_listen(server, host, port))
    workers = build_workers(settings, handle_signals=False) if with_worker else []
    working = asyncio.create_task(run_workers(workers, reconnect)) if workers else None
    # uvicorn exposes readiness only as a flag, so it is polled.
    stopped = (serving, working) if working else (serving,)
    while not server.started and not any(t.done() for t in stopped):  # noqa: ASYNC110
        await asyncio.sleep(0.05)
    if server.started:
        print(f"verifier listening on http://{host}:{port}", file=sys.stderr, flush=True)
    try:
        await asyncio.wait(stopped, return_when=asyncio.FIRST_COMPLETED)
        if working is not None and working.done() and not serving.done():
            # An API that takes answers no worker verifies would look healthy while useless.
            server.should_exit = True
            with contextlib.suppress(CannotServe):
                await serving
            raise _worker_stopped(working)
        await serving
    finally:
        if working is not None:
            await _end(working)


async def _work(settings: Settings, reconnect: bool) -> None:
    from worker.main import build_workers, run_workers

    workers = build_workers(settings, handle_signals=False)
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    working = asyncio.create_task(run_workers(workers, reconnect))
    await asyncio.wait(
        [working, asyncio.create_task(stop.wait())], return_when=asyncio.FIRST_COMPLETED
    )
    if working.done():
        raise _worker_stopped(working)
    await _end(working)


def cmd_serve(args: argparse.Namespace) -> int:
    """API and worker in one process, on the embedded defaults unless configured."""
    setup_logging()
    settings = get_settings()
    # Redis first: a second serve in this data dir is refused before it touches anything.
    with redis_for(settings, reuse=False) as resolved:
        migrate_database(settings)
        shown = make_url(settings.resolved_database_url()).render_as_string(hide_password=True)
        print(f"database: {shown}", file=sys.stderr)  # never the password
        # An embedded Redis that died does not come back: waiting for it would serve nothing.
        reconnect = bool(settings.redis_url)
        run_loop(_serve(resolved, args.host, args.port, with_worker=True, reconnect=reconnect))
    return 0


def cmd_api(args: argparse.Namespace) -> int:
    """The API alone."""
    setup_logging()
    settings = get_settings()
    migrate_database(settings)
    with redis_for(settings, reuse=True) as resolved:
        run_loop(_serve(resolved, args.host, args.port, with_worker=False))
    return 0


def cmd_worker(_: argparse.Namespace) -> int:
    """A worker alone, for scaling out against a shared Redis and database."""
    setup_logging()
    settings = get_settings()
    migrate_database(settings)
    with redis_for(settings, reuse=True) as resolved:
        # An embedded Redis that stopped does not come back at its address (a new serve
        # takes another port): waiting for it would never end.
        run_loop(_work(resolved, reconnect=bool(settings.redis_url)))
    return 0
