"""The embedded Redis: one per data dir, and a failed start leaves the running one alone."""

from __future__ import annotations

from pathlib import Path

from verifier.embedded_redis import DataDirInUse, EmbeddedRedis, running_url


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
