"""Reviewer accounts: argon2 password hashes, signed session cookies, CSRF tokens."""

from __future__ import annotations

import asyncio
import secrets
from pathlib import Path

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import Request
from redis.asyncio import Redis
from sqlalchemy.ext.asyncio import AsyncSession

from verifier.db import SessionMaker, unit_of_work
from verifier.exceptions import Forbidden
from verifier.queue import redis_outage
from verifier.store import repository
from verifier.store.models import User

USER_ROLES = ("reviewer", "analyst", "admin")
_hasher = PasswordHasher()
# Verifying against this keeps a wrong username as slow as a wrong password.
_DUMMY_HASH = _hasher.hash("not a password anyone has")


def session_secret(configured: str | None, data_dir: Path) -> str:
    """The cookie-signing secret: configured, or made once and kept in the data directory."""
    if configured:
        return configured
    path = data_dir / "session.key"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(48))
        path.chmod(0o600)
    return path.read_text().strip()


async def create_user(
    sessionmaker: SessionMaker, username: str, password: str, role: str, tenant: str
) -> User:
    """Store a user with an argon2 hash of the password."""
    if role not in USER_ROLES:
        raise ValueError(f"role must be one of {USER_ROLES}, not {role!r}")
    if len(password) < 8:
        raise ValueError("password must have at least 8 characters")
    password_hash = await asyncio.to_thread(_hasher.hash, password)
    async with unit_of_work(sessionmaker) as session:
        return await repository.add_user(
            session, username=username, password_hash=password_hash, role=role, tenant=tenant
        )


async def authenticate(session: AsyncSession, username: str, password: str) -> User | None:
    """The user if the password matches, else None (in about the same time either way)."""
    # No username holds NUL (PostgreSQL cannot even compare one): the hash is still checked.
    found = "\x00" not in username
    user = await repository.get_user_by_username(session, username) if found else None
    try:
        await asyncio.to_thread(
            _hasher.verify, user.password_hash if user else _DUMMY_HASH, password
        )
    except (VerificationError, InvalidHashError):
        return None
    return user


def csrf_token(request: Request) -> str:
    """This session's CSRF token, made on first use."""
    token: str | None = request.session.get("csrf")
    if token is None:
        token = secrets.token_urlsafe(32)
        request.session["csrf"] = token
    return token


def check_csrf(request: Request, sent: str) -> None:
    """Reject a form whose token is not this session's."""
    expected = request.session.get("csrf")
    # As bytes: compare_digest refuses str with non-ASCII characters (a 500 for a forged form).
    if not expected or not secrets.compare_digest(expected.encode(), sent.encode()):
        raise Forbidden("the form's CSRF token is missing or stale; reload the page")


MAX_FAILED_SIGN_INS = 5
FAILED_SIGN_IN_WINDOW_S = 15 * 60


class SignInThrottle:
    """Failed sign-ins per username, counted in Redis so every API process sees them."""

    def __init__(self, redis: Redis, prefix: str) -> None:
        self.redis = redis
        self.prefix = prefix

    def _key(self, username: str) -> str:
        return f"{self.prefix}:failed-sign-ins:{username.casefold()}"

    async def blocked(self, username: str) -> bool:
        """Whether this username has failed too often lately."""
        with redis_outage():
            count = await self.redis.get(self._key(username))
        return count is not None and int(count) >= MAX_FAILED_SIGN_INS

    async def failed(self, username: str) -> None:
        """Count a failure; the count expires a window after the first one."""
        key = self._key(username)
        async with self.redis.pipeline(transaction=True) as pipe:
            # SET NX EX starts the window with the first failure, INCR keeps its expiry.
            # (EXPIRE NX would do it in one, but the embedded Redis is 6.2, which lacks it.)
            pipe.set(key, 0, ex=FAILED_SIGN_IN_WINDOW_S, nx=True)
            pipe.incr(key)
            with redis_outage():
                await pipe.execute()

    async def succeeded(self, username: str) -> None:
        """Forget the failures after a good sign-in."""
        with redis_outage():
            await self.redis.delete(self._key(username))


SESSION_MAX_AGE_S = 12 * 3600  # idle time after which a browser session (cookie, record) ends


class WebSessions:
    """Signed-in browser sessions, recorded in Redis. The session cookie is signed, not
    revocable: without a record to end, a copy of it taken before signing out would stay
    valid until it expired."""

    def __init__(self, redis: Redis, prefix: str) -> None:
        self.redis = redis
        self.prefix = prefix

    def _key(self, session_id: str) -> str:
        return f"{self.prefix}:web-session:{session_id}"

    async def start(self, user_id: int) -> str:
        """A new session of the user; its id, for the cookie."""
        session_id = secrets.token_urlsafe(24)
        with redis_outage():
            await self.redis.set(self._key(session_id), user_id, ex=SESSION_MAX_AGE_S)
        return session_id

    async def user_id(self, session_id: str) -> int | None:
        """The user of a live session, None for one ended or expired; each use extends it,
        as each response renews the cookie."""
        with redis_outage():
            value = await self.redis.getex(self._key(session_id), ex=SESSION_MAX_AGE_S)
        return int(value) if value is not None else None

    async def end(self, session_id: str) -> None:
        """End the session for every copy of its cookie."""
        with redis_outage():
            await self.redis.delete(self._key(session_id))
