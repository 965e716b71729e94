"""An outage is loud and loses nothing: ingest keeps working while the database is down."""

from __future__ import annotations

import asyncio
import uuid
from pathlib import Path

from tests.api.test_answers import submission
from tests.conftest import Keys, run_worker, serve_app
from verifier import migrate
from verifier.config import Settings
from verifier.db import create_engine, create_sessionmaker


async def test_ingest_accepts_while_the_database_is_down_and_nothing_is_lost(
    tmp_path: Path, redis_url: str
) -> None:
    db_file = tmp_path / "log.db"
    settings = Settings(
        data_dir=tmp_path,
        database_url=f"sqlite+aiosqlite:///{db_file}",
        redis_url=redis_url,
        queue_name=f"test:{uuid.uuid4().hex}",
        judge_enabled=False,
    )
    await asyncio.to_thread(migrate.upgrade, settings.resolved_database_url())
    engine = create_engine(settings.resolved_database_url())
    keys = Keys(create_sessionmaker(engine))
    ingest, reviewer = await keys.header("ingest"), await keys.header("reviewer")
    await engine.dispose()

    async with serve_app(settings) as (client, app):
        warm = await client.post("/v1/answers", json=submission("39,95 EUR"), headers=ingest)
        assert warm.status_code == 202

        # The database disappears: connections drop, and nothing can be opened in its place.
        await app.state.sessionmaker.kw["bind"].dispose()
        db_file.rename(tmp_path / "away.db")
        db_file.mkdir()
        during = await client.post("/v1/answers", json=submission("42,95 EUR"), headers=ingest)
        assert during.status_code == 202, during.text
        status = await client.get(f"/v1/answers/{during.json()['id']}", headers=ingest)
        assert status.status_code == 200 and status.json()["status"] == "queued"
        unknown_key = await client.post("/v1/answers", json=submission("1 EUR"), headers=reviewer)
        assert unknown_key.status_code == 503
        assert "database" in unknown_key.json()["message"]

        db_file.rmdir()
        (tmp_path / "away.db").rename(db_file)
        await run_worker(settings)
        done = await client.get(f"/v1/answers/{during.json()['id']}", headers=ingest)
        assert done.json()["status"] == "done"
