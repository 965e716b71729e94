"""The spine end to end: post, verify in a real worker, hidden until rated, then revealed."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import httpx
from redis.asyncio import Redis

from tests.conftest import Keys, run_worker, serve_app
from verifier.config import Settings

RECEIPT = (
    "Rechnung Nr. 12201711\nBaumarkt Schulte, 14.03.2026\n"
    "Holzlasur 2,5 l      39,95 EUR\nSchleifpapier-Set     9,49 EUR\nSumme                49,44 EUR"
)


def submission(answer: str, **extra: Any) -> dict[str, Any]:
    """A valid body with one receipt excerpt."""
    body: dict[str, Any] = {
        "question": "Was hat die Holzlasur gekostet?",
        "answer": answer,
        "excerpts": [{"n": 1, "text": RECEIPT, "title": "Beleg Baumarkt"}],
    }
    body.update(extra)
    return body


async def test_fabricated_amount_is_flagged_and_grounded_one_is_not(
    client: httpx.AsyncClient, keys: Keys, settings: Settings
) -> None:
    ingest = await keys.header("ingest")
    reviewer = await keys.header("reviewer")
    fabricated = "Die Holzlasur hat 42,95 EUR gekostet [1]."
    grounded = "Die Holzlasur hat 39,95 EUR gekostet, der Beleg summiert sich auf 49,44 EUR [1]."

    posted = {}
    for name, answer in (("fabricated", fabricated), ("grounded", grounded)):
        response = await client.post("/v1/answers", json=submission(answer), headers=ingest)
        assert response.status_code == 202, response.text
        assert response.json()["status"] == "queued"
        posted[name] = response.json()["id"]

    queued = await client.get(f"/v1/answers/{posted['fabricated']}", headers=ingest)
    assert queued.status_code == 200
    assert queued.json()["status"] == "queued"
    assert queued.json()["verdict"] is None and queued.json()["verdict_hidden"] is True

    await run_worker(settings)

    for answer_id in posted.values():
        hidden = (await client.get(f"/v1/answers/{answer_id}", headers=reviewer)).json()
        assert hidden["status"] == "done"
        assert datetime.fromisoformat(hidden["received_at"]).utcoffset() is not None
        assert hidden["verdict"] is None and hidden["verdict_hidden"] is True
        assert "flagged" not in str(hidden)

    rated = await client.post(
        f"/v1/answers/{posted['fabricated']}/rating", json={"rating": "incorrect"}, headers=reviewer
    )
    assert rated.status_code == 200, rated.text
    verdict = rated.json()["verdict"]
    assert rated.json()["verdict_hidden"] is False
    assert verdict["flagged"] is True
    [reason] = verdict["reasons"]
    start = fabricated.index("42,95")
    assert (reason["kind"], reason["text"], reason["start"], reason["end"]) == (
        "ungrounded_number",
        "42,95",
        start,
        start + len("42,95"),
    )
    finding = next(f for f in verdict["stages"]["numbers"]["findings"] if f["text"] == "42,95")
    assert finding["status"] == "ungrounded" and finding["excerpts"] == []

    later = (await client.get(f"/v1/answers/{posted['fabricated']}", headers=ingest)).json()
    assert later["verdict"] == verdict and later["rating"]["rating"] == "incorrect"

    await client.post(
        f"/v1/answers/{posted['grounded']}/rating", json={"rating": "correct"}, headers=reviewer
    )
    revealed = (await client.get(f"/v1/answers/{posted['grounded']}", headers=ingest)).json()
    assert revealed["verdict"]["flagged"] is False
    assert revealed["verdict"]["reasons"] == []
    statuses = {
        f["text"]: f["status"] for f in revealed["verdict"]["stages"]["numbers"]["findings"]
    }
    assert statuses == {"39,95": "grounded", "49,44": "grounded"}


async def test_a_second_rating_is_a_marked_revision_not_the_blind_one(
    client: httpx.AsyncClient, keys: Keys, settings: Settings
) -> None:
    ingest, reviewer = await keys.header("ingest"), await keys.header("reviewer")
    answer_id = (
        await client.post("/v1/answers", json=submission("Sie kostete 39,95 EUR."), headers=ingest)
    ).json()["id"]
    await run_worker(settings)
    url = f"/v1/answers/{answer_id}/rating"
    await client.post(url, json={"rating": "incorrect"}, headers=reviewer)
    second = (await client.post(url, json={"rating": "correct"}, headers=reviewer)).json()
    assert second["rating"]["rating"] == "incorrect" and second["rating"]["post_reveal"] is False
    assert [(r["rating"], r["post_reveal"]) for r in second["revisions"]] == [("correct", True)]


async def test_repeated_external_id_returns_first_id_and_enqueues_nothing(
    client: httpx.AsyncClient, keys: Keys, settings: Settings
) -> None:
    ingest = await keys.header("ingest")
    body = submission("Sie kostete 39,95 EUR.", external_id="chat-77")
    first = await client.post("/v1/answers", json=body, headers=ingest)
    second = await client.post("/v1/answers", json=body, headers=ingest)
    assert first.status_code == 202 and second.status_code == 200
    assert second.json() == {"id": first.json()["id"], "status": "queued", "duplicate": True}
    other_tenant = await client.post(
        "/v1/answers", json=body, headers=await keys.header("ingest", tenant="globex")
    )
    assert other_tenant.status_code == 202 and other_tenant.json()["id"] != first.json()["id"]

    await run_worker(settings)
    third = await client.post("/v1/answers", json=body, headers=ingest)
    assert third.json() == {"id": first.json()["id"], "status": "done", "duplicate": True}
    assert settings.redis_url is not None
    async with Redis.from_url(settings.redis_url) as redis:
        assert await redis.zcard(settings.queue_name) == 0


async def test_a_repeated_external_id_after_arq_forgot_the_job_asks_the_log(
    client: httpx.AsyncClient, keys: Keys, settings: Settings
) -> None:
    # arq keeps a job's result for days, the claim for good: a repeat after that said
    # 'queued' for a verified answer. The question log says how it stands, and a claim whose
    # answer is nowhere is a conflict, not a made-up status.
    ingest = await keys.header("ingest")
    body = submission("Sie kostete 39,95 EUR.", external_id="chat-80")
    first = await client.post("/v1/answers", json=body, headers=ingest)
    await run_worker(settings)
    assert settings.redis_url is not None
    async with Redis.from_url(settings.redis_url) as redis:
        assert await redis.delete(f"arq:result:{first.json()['id']}") == 1
        await redis.set(f"{settings.queue_name}:external-id:4:acme:chat-81", "a-lost-answer")
    again = await client.post("/v1/answers", json=body, headers=ingest)
    assert again.json() == {"id": first.json()["id"], "status": "done", "duplicate": True}
    lost = await client.post(
        "/v1/answers", json=submission("Es waren 12 EUR.", external_id="chat-81"), headers=ingest
    )
    assert lost.status_code == 409 and "a-lost-answer" in lost.json()["message"]
    assert "neither on the queue nor in the question log" in lost.json()["message"]


async def test_another_answer_under_a_taken_external_id_is_a_409_naming_what_differs(
    client: httpx.AsyncClient, keys: Keys, settings: Settings
) -> None:
    # It was a 200 "duplicate" with the first id, and the new content was dropped unseen.
    ingest = await keys.header("ingest")
    receipt = {"n": 1, "text": RECEIPT, "title": "Beleg Baumarkt"}
    note = {"n": 2, "text": "Lasur: 2 Anstriche"}
    body = submission("Sie kostete 39,95 EUR [1].", external_id="chat-90")
    body["excerpts"] = [receipt, note]
    first = await client.post("/v1/answers", json=body, headers=ingest)
    first_id = first.json()["id"]
    retries = [  # the same answer again: excerpts in another order, other metadata
        {**body, "excerpts": [note, receipt]},
        {**body, "metadata": {"try": 2}},
    ]
    others = {
        "question": {**body, "question": "Was hat das Schleifpapier gekostet?"},
        "answer and excerpts": {
            **body, "answer": "Sie kostete 9,49 EUR [1].", "excerpts": [receipt]
        },
        "excerpts": {**body, "excerpts": [receipt, {**note, "title": "Notiz"}]},
        "answer_model": {**body, "answer_model": "qwen3:8b"},
    }  # fmt: skip

    async def assert_told_apart(status: str) -> None:
        for retry in retries:
            again = await client.post("/v1/answers", json=retry, headers=ingest)
            assert again.status_code == 200, again.text
            assert again.json() == {"id": first_id, "status": status, "duplicate": True}
        for fields, other in others.items():
            refused = await client.post("/v1/answers", json=other, headers=ingest)
            assert refused.status_code == 409, (fields, refused.text)
            error = refused.json()
            assert error["error"] == "conflict"
            assert f"{first_id!r}, posted with another {fields};" in error["message"]
            assert error["details"] == [{"answer_id": first_id, "fields": fields.split(" and ")}]

    await assert_told_apart("queued")  # compared with the job on the queue
    await run_worker(settings)
    assert settings.redis_url is not None
    async with Redis.from_url(settings.redis_url) as redis:
        assert await redis.zcard(settings.queue_name) == 0  # nothing of them was queued
        await assert_told_apart("done")  # with arq's result of the job
        assert await redis.delete(f"arq:result:{first_id}") == 1
        await assert_told_apart("done")  # with the question log, once arq forgot the job
        assert await redis.zcard(settings.queue_name) == 0


async def test_external_ids_of_tenants_whose_names_overlap_stay_apart(
    client: httpx.AsyncClient, keys: Keys
) -> None:
    # Tenant "acme" with "eu:1" and tenant "acme:eu" with "1" once shared one claim: the
    # second answer was reported a duplicate of another tenant's and never verified.
    first = await client.post(
        "/v1/answers", json=submission("Sie kostete 39,95 EUR.", external_id="eu:1"),
        headers=await keys.header("ingest", tenant="acme"),
    )  # fmt: skip
    second = await client.post(
        "/v1/answers", json=submission("Es waren 12 EUR.", external_id="1"),
        headers=await keys.header("ingest", tenant="acme:eu"),
    )  # fmt: skip
    assert (first.status_code, second.status_code) == (202, 202)
    assert second.json()["id"] != first.json()["id"] and not second.json()["duplicate"]


async def test_a_claim_written_by_the_version_before_still_makes_a_duplicate(
    client: httpx.AsyncClient, keys: Keys, settings: Settings
) -> None:
    # Claims live in Redis without expiry; upgrading must not forget them (the repost would
    # be queued anew and then refused by the database's unique key, failed).
    ingest = await keys.header("ingest")
    earlier = await client.post("/v1/answers", json=submission("Es waren 12 EUR."), headers=ingest)
    assert settings.redis_url is not None
    async with Redis.from_url(settings.redis_url) as redis:
        await redis.set(f"{settings.queue_name}:external-id:acme:chat-9", earlier.json()["id"])
    body = submission("Es waren 12 EUR.", external_id="chat-9")
    again = await client.post("/v1/answers", json=body, headers=ingest)
    assert again.status_code == 200 and again.json()["id"] == earlier.json()["id"]
    elsewhere = await client.post(
        "/v1/answers", json=body, headers=await keys.header("ingest", tenant="acme:eu")
    )
    assert elsewhere.status_code == 202  # a tenant with a colon never had that spelling


async def test_an_old_claim_of_another_tenant_tells_nothing_of_its_answer(
    client: httpx.AsyncClient, keys: Keys, settings: Settings
) -> None:
    # The spelling before 2026-11-30 was ambiguous: tenant "acme:eu"'s claim of "1" is
    # "acme"'s of "eu:1". Tenant acme was answered with the other tenant's answer id and, with
    # the 409 for another content, which of its fields differ.
    theirs = await client.post(
        "/v1/answers", json=submission("Es waren 12 EUR."),
        headers=await keys.header("ingest", tenant="acme:eu"),
    )  # fmt: skip
    assert settings.redis_url is not None
    async with Redis.from_url(settings.redis_url) as redis:
        await redis.set(f"{settings.queue_name}:external-id:acme:eu:1", theirs.json()["id"])
    mine = await client.post(
        "/v1/answers", json=submission("Sie kostete 39,95 EUR.", external_id="eu:1"),
        headers=await keys.header("ingest"),
    )  # fmt: skip
    assert mine.status_code == 409, mine.text
    assert theirs.json()["id"] not in mine.text and "details" not in mine.json()
    assert "not this tenant's" in mine.json()["message"]


async def test_a_repeated_post_while_the_judge_is_still_to_come_says_running(
    keys: Keys, settings: Settings
) -> None:
    # The code-stage job has finished, the judge's has not: the answer is not done.
    judged = settings.model_copy(update={"judge_enabled": True, "ollama_url": "http://127.0.0.1:9"})
    async with serve_app(judged) as (client, _app):
        ingest = await keys.header("ingest")
        body = submission("Sie kostete 39,95 EUR.", external_id="chat-78")
        first = await client.post("/v1/answers", json=body, headers=ingest)
        await run_worker(judged, code_stage_only=True)
        again = await client.post("/v1/answers", json=body, headers=ingest)
    assert again.json() == {"id": first.json()["id"], "status": "running", "duplicate": True}


async def test_the_id_of_a_judge_job_is_no_answer(keys: Keys, settings: Settings) -> None:
    # "<id>:judge" names the answer's judge job in Redis, not a submission: a 404, for every
    # tenant, not a 500 that would also tell another tenant the answer exists.
    judged = settings.model_copy(
        update={"judge_enabled": True, "ollama_url": "http://127.0.0.1:9", "judge_deadline_s": 0.01}
    )
    async with serve_app(judged) as (client, _app):
        posted = await client.post(
            "/v1/answers", json=submission("Sie kostete 39,95 EUR."),
            headers=await keys.header("ingest"),
        )  # fmt: skip
        await run_worker(judged)
        judge_id = f"{posted.json()['id']}:judge"
        for tenant in ("acme", "globex"):
            seen = await client.get(
                f"/v1/answers/{judge_id}", headers=await keys.header("ingest", tenant=tenant)
            )
            assert seen.status_code == 404, seen.text
        rated = await client.post(
            f"/v1/answers/{judge_id}/rating", json={"rating": "correct"},
            headers=await keys.header("reviewer"),
        )  # fmt: skip
        assert rated.status_code == 404, rated.text


async def test_rating_an_answer_still_on_the_queue_is_a_conflict(
    client: httpx.AsyncClient, keys: Keys
) -> None:
    ingest, reviewer = await keys.header("ingest"), await keys.header("reviewer")
    answer_id = (
        await client.post("/v1/answers", json=submission("39,95 EUR"), headers=ingest)
    ).json()["id"]
    response = await client.post(
        f"/v1/answers/{answer_id}/rating", json={"rating": "correct"}, headers=reviewer
    )
    assert response.status_code == 409
    assert "queued" in response.json()["message"]
