"""An outage is loud and loses nothing: ingest keeps working while the database is down."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from tests.api.test_answers import submission
from tests.conftest import BreakableDatabase, Keys, run_worker, serve_app
from tests.review.conftest import post_verified
from verifier.config import Settings
from verifier.db import SessionMaker


async def test_ingest_accepts_while_the_database_is_down_and_nothing_is_lost(
    breakable_db: BreakableDatabase,
) -> None:
    keys = await breakable_db.keys()
    ingest, reviewer = keys["ingest"], keys["reviewer"]
    async with serve_app(breakable_db.settings) as (client, app):
        repeated = submission("39,95 EUR", external_id="chat-1")
        warm = await client.post("/v1/answers", json=repeated, headers=ingest)
        assert warm.status_code == 202  # the ingest key is verified and cached now
        await run_worker(breakable_db.settings)

        await breakable_db.take_away(app)
        # A repeat of a verified answer's external id: arq's word stands while the log is down.
        again = await client.post("/v1/answers", json=repeated, headers=ingest)
        assert (again.status_code, again.json()["status"]) == (200, "done"), again.text
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


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
async def test_a_rating_whose_commit_fails_is_a_503_that_reveals_nothing(
    settings: Settings, sessionmaker: SessionMaker, keys: Keys
) -> None:
    # The session commits when the route returns: the response must wait for it. Sent
    # before, a reviewer saw the verdict of a rating that was then lost, and could rate
    # "blind" again. PostgreSQL refuses the rating only at COMMIT (a deferred trigger),
    # with a connection error's code, as a server going away at that moment would.
    async with serve_app(settings) as (client, _):
        answer_id = await post_verified(client, keys, settings, "Sie kostete 42,95 EUR [1].")
        reviewer = await keys.header("reviewer")
        await execute(sessionmaker, REFUSE_RATINGS_AT_COMMIT)
        try:
            rated = await client.post(
                f"/v1/answers/{answer_id}/rating", json={"rating": "incorrect"}, headers=reviewer
            )
        finally:
            await execute(sessionmaker, ALLOW_RATINGS)
        assert rated.status_code == 503, rated.text
        assert "verdict" not in rated.json() and "42,95" not in rated.text
        after = await client.get(f"/v1/answers/{answer_id}", headers=reviewer)
        assert after.json()["rating"] is None and after.json()["verdict_hidden"] is True
        again = await client.post(
            f"/v1/answers/{answer_id}/rating", json={"rating": "incorrect"}, headers=reviewer
        )
        assert again.status_code == 200 and again.json()["rating"]["post_reveal"] is False


REFUSE_RATINGS_AT_COMMIT = [
    "CREATE FUNCTION refuse_rating() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
    "RAISE EXCEPTION 'server closed the connection' USING ERRCODE = '08006'; END $$",
    "CREATE CONSTRAINT TRIGGER refuse_rating AFTER INSERT ON ratings DEFERRABLE "
    "INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_rating()",
]
ALLOW_RATINGS = [
    "DROP TRIGGER IF EXISTS refuse_rating ON ratings",
    "DROP FUNCTION IF EXISTS refuse_rating()",
]


async def execute(sessionmaker: SessionMaker, statements: list[str]) -> None:
    async with sessionmaker() as session:
        for statement in statements:
            await session.execute(text(statement))
        await session.commit()
