"""The embedded Redis: one per data dir, and a failed start leaves the running one alone."""

from __future__ import annotations

import fcntl
from pathlib import Path

from redis.asyncio import Redis

from verifier.embedded_redis import DataDirInUse, EmbeddedRedis, running_url
from verifier.review.auth import FAILED_SIGN_IN_WINDOW_S, MAX_FAILED_SIGN_INS, SignInThrottle


def test_a_second_embedded_redis_refuses_and_leaves_the_first_ones_url(tmp_path: Path) -> None:
    # A second one ran on the first one's append-only file, and its stop deleted the first
    # one's redis.url: doctor found no Redis, api and worker started yet another.
    first = EmbeddedRedis(tmp_path)
    url = first.start()
    try:
        second = EmbeddedRedis(tmp_path)
        try:
            second.start()
            raise AssertionError("a second embedded Redis started on the same data dir")
        except DataDirInUse as exc:
            assert str(tmp_path) in str(exc)
        finally:
            second.stop()
        assert running_url(tmp_path) == url
    finally:
        first.stop()
    assert running_url(tmp_path) is None
    again = EmbeddedRedis(tmp_path)  # the lock went with the first one
    assert again.start()
    again.stop()


async def test_the_sign_in_throttle_works_on_the_embedded_redis(tmp_path: Path) -> None:
    # The embedded Redis is 6.2; EXPIRE ... NX came with 7.0 and made every failed sign-in
    # on the default setup a 503 ("redis is unavailable"). The suite's own Redis is newer.
    server = EmbeddedRedis(tmp_path)
    url = server.start()
    redis = Redis.from_url(url)
    try:
        throttle = SignInThrottle(redis, "test")
        for _ in range(MAX_FAILED_SIGN_INS):
            assert not await throttle.blocked("rita")
            await throttle.failed("rita")
        assert await throttle.blocked("rita")
        ttl = await redis.ttl("test:failed-sign-ins:rita")
        assert 0 < ttl <= FAILED_SIGN_IN_WINDOW_S  # the window runs from the first failure
    finally:
        await redis.aclose()
        server.stop()


def test_a_half_written_url_file_is_no_running_redis(tmp_path: Path) -> None:
    # Read while a starting serve had it truncated, it made redis-py raise ValueError.
    (tmp_path / "redis").mkdir()
    with (tmp_path / "redis" / "redis.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # as the starting serve holds it
        (tmp_path / "redis" / "redis.url").write_text("")
        assert running_url(tmp_path) is None
        (tmp_path / "redis" / "redis.url").write_text("redis://127.0.0.1:")
        assert running_url(tmp_path) is None


def test_a_url_file_no_process_holds_is_stale(tmp_path: Path, redis_url: str) -> None:
    # Left by a serve that was killed, it named a port where another data dir's Redis may
    # answer by now: api and worker attached to that one.
    (tmp_path / "redis").mkdir()
    (tmp_path / "redis" / "redis.url").write_text(redis_url)
    assert running_url(tmp_path) is None
    with (tmp_path / "redis" / "redis.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        assert running_url(tmp_path) == redis_url
