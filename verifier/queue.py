"""The Redis side: arq pool, job serialisation, idempotency claims and job lookup."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from arq.connections import ArqRedis, RedisSettings, create_pool
from arq.constants import job_key_prefix, result_key_prefix
from arq.jobs import Job, JobStatus
from arq.jobs import serialize_job as arq_job
from arq.utils import timestamp_ms
from redis.exceptions import RedisError

from verifier.exceptions import DependencyUnavailable, describe
from verifier.schemas import Status
from verifier.scriptbatch import ScriptBatcher

VERIFY_TASK = "verify_answer"
# A job waits for a worker as long as it takes: an accepted answer must not expire unseen.
JOB_EXPIRES = timedelta(days=30)
RESULT_TTL = timedelta(days=7)
_JOB_EXPIRES_MS = int(JOB_EXPIRES.total_seconds() * 1000)


@contextlib.contextmanager
def redis_outage() -> Iterator[None]:
    """Redis failing inside the block is an outage (DependencyUnavailable, a 503), never a 500."""
    try:
        yield
    except (RedisError, OSError) as exc:
        raise DependencyUnavailable("redis", str(exc)) from exc


def judge_queue(queue_name: str) -> str:
    """The queue of judge tries, beside the code-stage queue."""
    return f"{queue_name}:judge"


def judge_job_id(answer_id: str) -> str:
    """The id of an answer's judge job: one per answer, so a redelivery enqueues nothing."""
    return f"{answer_id}:judge"


def serialize_job(job: dict[str, Any]) -> bytes:
    """JSON, not pickle: jobs stay readable and carry plain data only. A failed job's error
    is kept as its kind and first line: SQLAlchemy's full message lists the statement's
    parameters (a verdict's reasons), which GET would show before anyone rated it."""
    return json.dumps(job, separators=(",", ":"), default=_plain).encode()


def _plain(value: object) -> str:
    return describe(value) if isinstance(value, BaseException) else str(value)


def deserialize_job(raw: bytes) -> dict[str, Any]:
    """Inverse of serialize_job."""
    value: dict[str, Any] = json.loads(raw)
    return value


# ArqRedis.enqueue_job takes three round trips (WATCH, EXISTS, then MULTI/EXEC); this script
# does the same in one: nothing when the job or its result exists, else the job under arq's
# key with its expiry, and its id on the queue scored by the enqueue time.
# KEYS: the job, its result, the queue and, optionally, a claim (an external id) that must
# be free and is then set to the job id: claim and job exist together or not at all; any
# further keys are older spellings of the claim, read only.
_ENQUEUE_ONCE = """
for i = 4, #KEYS do
  local earlier = redis.call('get', KEYS[i])
  if earlier then return earlier end
end
if redis.call('exists', KEYS[1], KEYS[2]) > 0 then return 0 end
redis.call('psetex', KEYS[1], ARGV[1], ARGV[2])
redis.call('zadd', KEYS[3], ARGV[3], ARGV[4])
if #KEYS >= 4 then redis.call('set', KEYS[4], ARGV[4]) end
return 1
"""


async def enqueue_once(
    redis: ArqRedis,
    function: str,
    job_id: str,
    queue_name: str,
    claim: str | None = None,
    earlier_claims: Sequence[str] = (),
    *,
    batcher: ScriptBatcher | None = None,
    **kwargs: Any,
) -> bool | str:
    """Enqueue an arq job as `enqueue_job` does, in one round trip: True, or False if the id
    exists. With a claim key: the job id it already holds (nothing enqueued), or it is set to
    this job's id in the same step. With a batcher (of _ENQUEUE_ONCE), concurrent calls share
    their round trips."""
    now = timestamp_ms()
    job = arq_job(function, (), kwargs, None, now, serializer=redis.job_serializer)
    keys = [job_key_prefix + job_id, result_key_prefix + job_id, queue_name]
    if claim:
        keys += [claim, *earlier_claims]
    args: list[Any] = [redis.expires_extra_ms, job, now, job_id]
    if batcher is None:
        result = await redis.register_script(_ENQUEUE_ONCE)(keys=keys, args=args)
    else:
        result = await batcher(keys, args)
    if isinstance(result, bytes | str):
        return result.decode() if isinstance(result, bytes) else result
    return bool(result)


def enqueue_batcher(redis: ArqRedis) -> ScriptBatcher:
    """A batcher for enqueue_once on this pool."""
    return ScriptBatcher(redis, _ENQUEUE_ONCE)


def redis_settings(url: str) -> RedisSettings:
    """arq settings for a redis:// URL, failing fast instead of retrying for seconds."""
    settings: RedisSettings = RedisSettings.from_dsn(url)
    settings.conn_retries = 0
    settings.conn_timeout = 2
    return settings


async def connect(url: str) -> ArqRedis:
    """An arq pool speaking our JSON job format."""
    pool: ArqRedis = await create_pool(
        redis_settings(url),
        job_serializer=serialize_job,
        job_deserializer=deserialize_job,
        expires_extra_ms=_JOB_EXPIRES_MS,
    )
    return pool


def _claim_key(queue_name: str, tenant: str, external_id: str) -> str:
    # The tenant's length first: "acme" + "eu:1" and "acme:eu" + "1" must not share a key.
    return f"{queue_name}:external-id:{len(tenant)}:{tenant}:{external_id}"


def _claim_keys_before(queue_name: str, tenant: str, external_id: str) -> list[str]:
    """The claim as versions before 2026-11-30 wrote it, still honoured; only for a tenant
    without a colon (with one, that spelling was ambiguous)."""
    if ":" in tenant:
        return []
    return [f"{queue_name}:external-id:{tenant}:{external_id}"]


@dataclass(frozen=True, slots=True)
class QueuedJob:
    """A submission that is still on the queue or being worked on."""

    status: Status
    tenant: str
    submission: dict[str, Any]
    received_at: str
    error: str | None = None


class SubmissionQueue:
    """Enqueues submissions and reports on them; every Redis failure is a loud 503."""

    def __init__(self, pool: ArqRedis, queue_name: str) -> None:
        self.pool = pool
        self.queue_name = queue_name
        self._enqueues = enqueue_batcher(pool)

    async def enqueue(
        self,
        answer_id: str,
        tenant: str,
        submission: dict[str, Any],
        received_at: str,
        external_id: str | None = None,
    ) -> str | None:
        """Put one verification job on the queue, with the answer id as the job id; with an
        external id, only if no earlier answer holds it: then that answer's id, else None.

        Claim and job are written by one script: a claim without a job would answer every
        later post of that external id as a duplicate of an answer nobody verifies."""
        claim = _claim_key(self.queue_name, tenant, external_id) if external_id else None
        before = _claim_keys_before(self.queue_name, tenant, external_id) if external_id else []
        with redis_outage():
            created = await enqueue_once(
                self.pool,
                VERIFY_TASK,
                answer_id,
                self.queue_name,
                claim=claim,
                earlier_claims=before,
                batcher=self._enqueues,
                answer_id=answer_id,
                tenant=tenant,
                submission=submission,
                received_at=received_at,
            )
        if isinstance(created, str):
            return created
        if not created:  # ids are fresh UUIDs: this would be a bug, never a duplicate post
            raise RuntimeError(f"a job with id {answer_id} is already on the queue")
        return None

    async def judge_pending(self, answer_id: str) -> bool:
        """Whether the answer's judge job is still on the judge queue or running."""
        job = Job(judge_job_id(answer_id), self.pool, _queue_name=judge_queue(self.queue_name))
        with redis_outage():
            status = await job.status()
        return status in (JobStatus.queued, JobStatus.deferred, JobStatus.in_progress)

    async def lookup(self, answer_id: str) -> QueuedJob | None:
        """What Redis knows of a submission that may not be in the database yet."""
        job = Job(answer_id, self.pool, _queue_name=self.queue_name, _deserializer=deserialize_job)
        with redis_outage():
            status = await job.status()
            if status == JobStatus.not_found:
                return None
            info = await job.info()
            complete = status == JobStatus.complete
            result = await job.result_info() if complete and info is not None else None
        if info is None or info.function != VERIFY_TASK:
            return None  # an id of no submission (an answer's judge job: "<id>:judge")
        kwargs = info.kwargs
        error = None
        mapped: Status
        if complete:
            if result is None or result.success:
                # Done: the answer is in the database, which says the rest (the judge may
                # still be to come: judge_pending). Unless the checks crashed.
                crashed = result is not None and result.result == "failed"
                mapped = "failed" if crashed else "done"
                if crashed:
                    error = "stored failed; the stored answer says why"
                return QueuedJob(
                    mapped, kwargs["tenant"], kwargs["submission"], kwargs["received_at"], error
                )
            error = f"verification failed after {info.job_try} tries: {result.result!r}"
            mapped = "failed"
        else:
            mapped = "running" if status == JobStatus.in_progress else "queued"
        return QueuedJob(
            mapped, kwargs["tenant"], kwargs["submission"], kwargs["received_at"], error
        )
