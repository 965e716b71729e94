"""Domain errors; verifier.app maps each to one HTTP status in a single handler."""

from __future__ import annotations

from typing import Any

from sqlalchemy.exc import DBAPIError


class VerifierError(Exception):
    """Base of every error the service raises on purpose."""

    status_code = 500
    code = "internal_error"

    def __init__(self, message: str, details: list[dict[str, Any]] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.details = details  # what a program reads besides the message, if anything


class BadRequest(VerifierError):
    """The request was understood but cannot be accepted as it is."""

    status_code = 400
    code = "bad_request"


class Unprocessable(VerifierError):
    """A well-formed body whose content cannot be verified as it is."""

    status_code = 422
    code = "validation_error"


class PayloadTooLarge(VerifierError):
    """The body exceeds the configured size limit."""

    status_code = 413
    code = "payload_too_large"


class UnsupportedMediaType(VerifierError):
    """The body is not JSON."""

    status_code = 415
    code = "unsupported_media_type"


class Unauthorized(VerifierError):
    """No key, or a key that is unknown, revoked or expired."""

    status_code = 401
    code = "unauthorized"


class Forbidden(VerifierError):
    """A valid key whose role may not do this."""

    status_code = 403
    code = "forbidden"


class NotFound(VerifierError):
    """Nothing with this id exists for this tenant."""

    status_code = 404
    code = "not_found"


class Conflict(VerifierError):
    """The request clashes with the current state (for example rating an unstored answer)."""

    status_code = 409
    code = "conflict"


class DependencyUnavailable(VerifierError):
    """A backing service (database, Redis) is down: never reported as 'not found'."""

    status_code = 503
    code = "dependency_unavailable"

    def __init__(self, dependency: str, detail: str) -> None:
        super().__init__(f"{dependency} is unavailable: {detail}")
        self.dependency = dependency


def describe(exc: BaseException) -> str:
    """An error as stored with a failed answer: its kind and the first line of its message.

    The answer's error is shown before anyone rated it: SQLAlchemy's message lists the
    statement's parameters, which for a verdict are its reasons, so only the driver's own
    message goes in (the whole exception is in the worker's log)."""
    inner = exc.orig if isinstance(exc, DBAPIError) and exc.orig is not None else exc
    lines = str(inner).strip().splitlines()
    return f"{type(inner).__name__}: {lines[0][:200] if lines else ''}"
