"""The one shape of an error a program reads: {error, message} and, for a 422, details."""

from __future__ import annotations

from typing import Any

from fastapi.responses import JSONResponse


def error_response(status: int, code: str, message: str, details: Any = None) -> JSONResponse:
    """{error, message[, details]} with this status."""
    body: dict[str, Any] = {"error": code, "message": message}
    if details is not None:
        body["details"] = details
    return JSONResponse(body, status_code=status)
