"""API keys: creation, hashing, and a cache so ingest keeps working while the database is down."""

from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Literal

from verifier.db import SessionMaker, unit_of_work
from verifier.exceptions import DependencyUnavailable, Unauthorized
from verifier.store import repository
from verifier.store.models import ApiKey

Role = Literal["ingest", "reviewer", "analyst", "admin"]
ROLES: tuple[Role, ...] = ("ingest", "reviewer", "analyst", "admin")
KEY_PREFIX = "vk_"
MAX_CACHED_KEYS = 10_000


@dataclass(frozen=True, slots=True)
class Principal:
    """Who is calling: the key's id, role and tenant."""

    key_id: int
    role: Role
    tenant: str
    expires_at: datetime | None
    revoked: bool


def hash_key(secret: str) -> str:
    """SHA-256 of a key; keys are 256-bit random, so a fast hash is not guessable."""
    return hashlib.sha256(secret.encode()).hexdigest()


def new_key() -> str:
    """A fresh random key; shown once to its owner and never stored in clear."""
    return KEY_PREFIX + secrets.token_urlsafe(32)


async def create_key(
    sessionmaker: SessionMaker, role: Role, tenant: str, expires_at: datetime | None = None
) -> tuple[str, ApiKey]:
    """Store a new key's hash and return the clear key with its row."""
    secret = new_key()
    async with unit_of_work(sessionmaker) as session:
        row = await repository.add_api_key(
            session,
            key_hash=hash_key(secret),
            prefix=secret[: len(KEY_PREFIX) + 6],
            role=role,
            tenant=tenant,
            expires_at=expires_at,
        )
    return secret, row


async def revoke_key(sessionmaker: SessionMaker, prefix: str) -> int:
    """Revoke every live key starting with this prefix; returns how many."""
    if len(prefix) < len(KEY_PREFIX) + 6:
        raise ValueError(f"give at least the first {len(KEY_PREFIX) + 6} characters of the key")
    async with unit_of_work(sessionmaker) as session:
        return await repository.revoke_api_keys(session, prefix[: len(KEY_PREFIX) + 6])


class KeyStore:
    """Resolves keys to principals, trusting a verified key for a short while.

    The ingest path must accept answers while the database is down, so a key that was
    verified before the outage stays usable from this cache; an unknown key during an
    outage is a 503 naming the database, never a 401.
    """

    def __init__(self, sessionmaker: SessionMaker, ttl_s: float) -> None:
        self._sessionmaker = sessionmaker
        self._ttl_s = ttl_s
        self._cache: dict[str, tuple[Principal | None, float]] = {}

    async def _load(self, key_hash: str) -> Principal | None:
        async with unit_of_work(self._sessionmaker) as session:
            row = await repository.get_api_key_by_hash(session, key_hash)
        if row is None:
            return None
        return Principal(
            key_id=row.id,
            role=row.role,  # type: ignore[arg-type]  # the column only ever holds ROLES
            tenant=row.tenant,
            expires_at=row.expires_at,
            revoked=row.revoked_at is not None,
        )

    async def authenticate(self, secret: str) -> Principal:
        """The principal for a clear key, or Unauthorized with the reason."""
        key_hash = hash_key(secret)
        cached = self._cache.get(key_hash)
        now = time.monotonic()
        if cached is not None and now - cached[1] < self._ttl_s:
            principal = cached[0]
        else:
            try:
                principal = await self._load(key_hash)
            except DependencyUnavailable:
                if cached is None or cached[0] is None:
                    raise
                principal = cached[0]
            else:
                if len(self._cache) >= MAX_CACHED_KEYS:
                    self._cache.clear()  # bounded: random keys must not grow memory forever
                self._cache[key_hash] = (principal, now)
        if principal is None:
            raise Unauthorized("unknown API key")
        if principal.revoked:
            raise Unauthorized("API key has been revoked")
        if principal.expires_at is not None and principal.expires_at <= datetime.now(UTC):
            raise Unauthorized("API key has expired")
        return principal
