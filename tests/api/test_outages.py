"""An outage is loud and loses nothing: ingest keeps working while the database is down."""

from __future__ import annotations

from tests.api.test_answers import submission
from tests.conftest import BreakableDatabase, run_worker, serve_app


async def test_ingest_accepts_while_the_database_is_down_and_nothing_is_lost(
    breakable_db: BreakableDatabase,
) -> None:
    keys = await breakable_db.keys()
    ingest, reviewer = keys["ingest"], keys["reviewer"]
    async with serve_app(breakable_db.settings) as (client, app):
        warm = await client.post("/v1/answers", json=submission("39,95 EUR"), headers=ingest)
        assert warm.status_code == 202  # the ingest key is verified and cached now

        await breakable_db.take_away(app)
        during = await client.post("/v1/answers", json=submission("42,95 EUR"), headers=ingest)
        assert during.status_code == 202, during.text
        status = await client.get(f"/v1/answers/{during.json()['id']}", headers=ingest)
        assert status.status_code == 200 and status.json()["status"] == "queued"
        unknown_key = await client.post("/v1/answers", json=submission("1 EUR"), headers=reviewer)
        assert unknown_key.status_code == 503
        assert "database" in unknown_key.json()["message"]

        breakable_db.bring_back()
        await run_worker(breakable_db.settings)
        done = await client.get(f"/v1/answers/{during.json()['id']}", headers=ingest)
        assert done.json()["status"] == "done"
