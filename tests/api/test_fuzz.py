"""Fuzz every operation of the OpenAPI schema against the served app: no input is a 500."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

from tests.conftest import app_in_thread
from verifier.app import create_app
from verifier.config import Settings
from verifier.db import open_database
from verifier.keys import create_key

# Only the schema is read here; nothing connects until a server starts in the fixture.
schema = schemathesis.openapi.from_dict(
    create_app(
        Settings(
            redis_url="redis://unused", session_secret="schema-only", data_dir=Path("/nonexistent")
        )
    ).openapi()
)


@pytest.fixture
def served(settings: Settings) -> Iterator[str]:
    """The real app on a real port for this operation's examples."""
    with app_in_thread(settings) as url:
        yield url


@pytest.fixture
def admin_header(settings: Settings) -> dict[str, str]:
    """An admin key, allowed on every API route."""

    async def make() -> str:
        async with open_database(settings.resolved_database_url()) as sessionmaker:
            secret, _ = await create_key(sessionmaker, "admin", "acme")
        return secret

    return {"Authorization": f"Bearer {asyncio.run(make())}"}


@schema.parametrize()
@hypothesis_settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_no_input_makes_a_server_error(
    case: Any, served: str, admin_header: dict[str, str]
) -> None:
    response = case.call(base_url=served, headers=admin_header)
    assert response.status_code < 500, (case.method, case.formatted_path, response.text)
