"""One Lua script called by many concurrent requests, sent in one pipelined round trip."""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Awaitable, Sequence
from typing import Any, cast

from redis.asyncio import Redis
from redis.exceptions import NoScriptError, ResponseError

Call = tuple[Sequence[Any], Sequence[Any], "asyncio.Future[Any]"]


class ScriptBatcher:
    """Runs a script for each caller; calls that arrive while a round trip is in flight wait
    for it to end and then go together, as one pipeline (each call stays atomic on its own).

    A Redis round trip is the largest single CPU cost of a post (py-spy under bench ingest):
    under load, a batch of posts shares one. An idle server sends a lone call after one turn
    of the event loop."""

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
        if self._sender is None or self._sender.done():  # done: its loop closed under it
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
        batch = [call for call in batch if not call[2].done()]  # a caller gone before: unsent
        if not batch:
            return
        results = await self._results(batch)
        unloaded = [k for k, result in enumerate(results) if isinstance(result, NoScriptError)]
        if unloaded:  # Redis restarted or its scripts were flushed: load, then once more
            retried = [batch[k] for k in unloaded]
            try:
                await self.redis.script_load(self.script.script)
            except Exception as exc:
                again: list[Any] = [exc] * len(retried)
            else:
                again = await self._results(retried)
            for k, result in zip(unloaded, again, strict=True):
                results[k] = result  # the others ran: their answers stand
        for (_, _, future), result in zip(batch, results, strict=True):
            if future.done():  # its caller went away; the script ran all the same
                continue
            if isinstance(result, Exception):
                future.set_exception(_own_copy(result))
            else:
                future.set_result(result)

    async def _results(self, calls: list[Call]) -> list[Any]:
        """Each call's result or error; a failed round trip is every call's error."""
        try:
            return await self._pipeline(calls)
        except asyncio.CancelledError:
            for _, _, future in calls:
                future.cancel()
            raise
        except Exception as exc:
            return [exc] * len(calls)

    async def _pipeline(self, calls: Sequence[Call]) -> list[Any]:
        self.round_trips += 1
        if len(calls) == 1:  # a pipeline costs more than it saves for one call
            keys, args, _ = calls[0]
            try:
                sent = self.redis.evalsha(self.script.sha, len(keys), *keys, *args)
                return [await cast(Awaitable[Any], sent)]
            except ResponseError as exc:  # the script's own error, as a pipeline returns it
                return [exc]
        pipe = self.redis.pipeline(transaction=False)
        for keys, args, _ in calls:
            pipe.evalsha(self.script.sha, len(keys), *keys, *args)
        results: list[Any] = await pipe.execute(raise_on_error=False)
        return results


def _own_copy(error: Exception) -> Exception:
    """A copy of error for one caller, so that raising it leaves the others' tracebacks alone
    (the error itself when it cannot be copied)."""
    try:
        copied = copy.copy(error)
    except Exception:
        return error
    copied.__cause__ = error.__cause__
    return copied.with_traceback(error.__traceback__)
