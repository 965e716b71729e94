"""One Lua script called by many concurrent requests, sent in one pipelined round trip."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Sequence
from typing import Any, cast

from redis.asyncio import Redis
from redis.exceptions import NoScriptError

Call = tuple[Sequence[Any], Sequence[Any], "asyncio.Future[Any]"]


class ScriptBatcher:
    """Runs a script for each caller; calls that arrive while a round trip is in flight wait
    for it to end and then go together, as one pipeline (each call stays atomic on its own).

    A Redis round trip costs the API more CPU than everything else of a post (bench ingest):
    under load, a batch of posts shares one. An idle server sends a lone call at once."""

    def __init__(self, redis: Redis, source: str) -> None:
        self.script = redis.register_script(source)
        self.redis = redis
        self.round_trips = 0
        self._waiting: list[Call] = []
        self._sender: asyncio.Task[None] | None = None

    async def __call__(self, keys: Sequence[Any], args: Sequence[Any]) -> Any:
        """The script's result for these keys and arguments, or the error Redis gave."""
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting.append((keys, args, future))
        if self._sender is None:
            self._sender = asyncio.create_task(self._send_all())
        return await future

    async def _send_all(self) -> None:
        try:
            # One turn of the loop first: the posts it reads join the first batch (3 a round
            # trip instead of 2 under bench ingest's load; an idle server loses microseconds).
            await asyncio.sleep(0)
            while self._waiting:
                batch, self._waiting = self._waiting, []
                await self._send(batch)
        except asyncio.CancelledError:  # the loop is shutting down: no caller waits forever
            for _, _, future in self._waiting:
                future.cancel()
            self._waiting = []
            raise
        finally:
            self._sender = None

    async def _send(self, batch: list[Call]) -> None:
        try:
            results = await self._pipeline(batch)
            unloaded = [k for k, result in enumerate(results) if isinstance(result, NoScriptError)]
            if unloaded:  # Redis restarted or its scripts were flushed: load, then once more
                await self.redis.script_load(self.script.script)
                again = await self._pipeline([batch[k] for k in unloaded])
                for k, result in zip(unloaded, again, strict=True):
                    results[k] = result
        except asyncio.CancelledError:
            for _, _, future in batch:
                future.cancel()
            raise
        except Exception as exc:  # the round trip failed: every caller of it hears why
            results = [exc] * len(batch)
        for (_, _, future), result in zip(batch, results, strict=True):
            if future.done():  # its caller went away; the script ran all the same
                continue
            if isinstance(result, Exception):
                future.set_exception(result)
            else:
                future.set_result(result)

    async def _pipeline(self, calls: Sequence[Call]) -> list[Any]:
        self.round_trips += 1
        if len(calls) == 1:  # a pipeline costs more than it saves for one call
            keys, args, _ = calls[0]
            try:
                sent = self.redis.evalsha(self.script.sha, len(keys), *keys, *args)
                return [await cast(Awaitable[Any], sent)]
            except NoScriptError as exc:
                return [exc]
        pipe = self.redis.pipeline(transaction=False)
        for keys, args, _ in calls:
            pipe.evalsha(self.script.sha, len(keys), *keys, *args)
        results: list[Any] = await pipe.execute(raise_on_error=False)
        return results
