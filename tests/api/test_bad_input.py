"""Bad input gets a 4xx that names the problem, and nothing lands anywhere."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from redis.asyncio import Redis

from tests.conftest import Keys, run_worker, serve_app
from tests.review.conftest import post_verified
from verifier.app import create_app
from verifier.config import Settings

VALID: dict[str, Any] = {
    "question": "Wie groß ist das Bad?",
    "answer": "Das Bad hat 5,31 m² [1].",
    "excerpts": [{"n": 1, "text": "Bad 5,31 m²"}],
}


def without(field: str) -> dict[str, Any]:
    return {k: v for k, v in VALID.items() if k != field}


@pytest.mark.parametrize(
    ("body", "names"),
    [
        (without("answer"), "answer"),
        ({**VALID, "answer": ""}, "answer"),
        ({**VALID, "answer": "  \n "}, "answer: must not be blank"),
        # A blank question or excerpt got a 202 while a blank answer was refused.
        ({**VALID, "question": ""}, "question: must not be blank"),
        ({**VALID, "question": " \t\n\u00a0"}, "question: must not be blank"),
        ({**VALID, "excerpts": [{"n": 1, "text": "   "}]}, "excerpts.0.text: must"),
        (without("excerpts"), "excerpts"),
        ({**VALID, "excerpts": []}, "excerpts"),
        ({**VALID, "excerpts": [{"n": 1, "text": "a"}, {"n": 1, "text": "b"}]}, "repeated: [1]"),
        ({**VALID, "excerpts": [{"n": 0, "text": "a"}]}, "excerpts.0.n"),
        ({**VALID, "excerpts": [{"n": -2, "text": "a"}]}, "excerpts.0.n"),
        ({**VALID, "excerpts": [{"n": "1", "text": "a"}]}, "excerpts.0.n"),
        # Past a PostgreSQL integer: accepted, the worker could not store it.
        ({**VALID, "excerpts": [{"n": 2**31, "text": "a"}]}, "excerpts.0.n"),
        ({**VALID, "excerpts": [{"n": 1, "text": "a", "page": 3}]}, "excerpts.0.page"),
        ({**VALID, "answer_modle": "qwen"}, "answer_modle"),
        ({**VALID, "metadata": "not an object"}, "metadata"),
        # PostgreSQL cannot store U+0000: accepted, the answer would be lost in the worker.
        ({**VALID, "answer": "Das Bad\u0000 hat 5,31 m²."}, "answer: must not"),
        ({**VALID, "excerpts": [{"n": 1, "text": "Bad\u0000"}]}, "excerpts.0.text"),
        ({**VALID, "metadata": {"tags": ["a\u0000"]}}, "metadata"),
        # Half of a surrogate pair, escaped in JSON: no UTF-8 text, so no database, holds it.
        ({**VALID, "question": "Wie groß\ud800?"}, "question: must not contain a"),
        ({**VALID, "excerpts": [{"n": 1, "text": "Bad \udfff"}]}, "excerpts.0.text"),
        ({**VALID, "metadata": {"k": "\ud83d"}}, "metadata"),
        # Python's JSON parser reads NaN and Infinity; PostgreSQL's json type has neither.
        ({**VALID, "metadata": {"score": float("nan")}}, "metadata: must not"),
        ({**VALID, "metadata": {"s": [1, float("inf")]}}, "NaN or Infinity"),
    ],
)
async def test_invalid_bodies_are_422_naming_the_field(
    client: httpx.AsyncClient, keys: Keys, settings: Settings, body: dict[str, Any], names: str
) -> None:
    # Sent as JSON escapes (json.dumps): a lone surrogate can travel no other way.
    headers = {**await keys.header("ingest"), "Content-Type": "application/json"}
    response = await client.post("/v1/answers", content=json.dumps(body), headers=headers)
    assert response.status_code == 422, response.text
    assert response.json()["error"] == "validation_error"
    assert names in response.json()["message"]
    await assert_nothing_queued(settings)


@pytest.mark.parametrize(
    ("content", "key"),
    [
        (json.dumps(VALID)[:-1] + ', "question": "Wie hoch ist die Miete?"}', "question"),
        (json.dumps(VALID).replace('"n": 1,', '"n": 1, "n": 2,'), "n"),
    ],
)
async def test_a_key_given_twice_is_a_422_naming_it(
    client: httpx.AsyncClient, keys: Keys, settings: Settings, content: str, key: str
) -> None:
    # The last value won, unseen: the answer was verified against another question.
    headers = {**await keys.header("ingest"), "Content-Type": "application/json"}
    response = await client.post("/v1/answers", content=content, headers=headers)
    assert response.status_code == 422, response.text
    assert response.json()["error"] == "validation_error"
    assert f"the key '{key}' is given more than once" in response.json()["message"]
    await assert_nothing_queued(settings)


async def test_a_rating_key_given_twice_is_a_422_and_nothing_is_rated(
    client: httpx.AsyncClient, keys: Keys, settings: Settings
) -> None:
    answer_id = await post_verified(client, keys, settings, "Sie kostete 39,95 EUR.")
    reviewer = {**await keys.header("reviewer"), "Content-Type": "application/json"}
    twice = '{"rating": "correct", "comment": "ok", "rating": "incorrect"}'
    response = await client.post(f"/v1/answers/{answer_id}/rating", content=twice, headers=reviewer)
    assert response.status_code == 422, response.text
    assert "the key 'rating' is given more than once" in response.json()["message"]
    shown = await client.get(f"/v1/answers/{answer_id}", headers=reviewer)
    assert shown.json()["rating"] is None and shown.json()["verdict_hidden"] is True


async def assert_nothing_queued(settings: Settings) -> None:
    assert settings.redis_url is not None
    async with Redis.from_url(settings.redis_url) as redis:
        assert await redis.zcard(settings.queue_name) == 0


async def test_wrong_content_type_is_415(
    client: httpx.AsyncClient, keys: Keys, settings: Settings
) -> None:
    headers = {**await keys.header("ingest"), "Content-Type": "text/plain"}
    response = await client.post("/v1/answers", content=b'{"answer": "x"}', headers=headers)
    assert response.status_code == 415
    assert "text/plain" in response.json()["message"]
    await assert_nothing_queued(settings)


async def test_malformed_json_is_422(client: httpx.AsyncClient, keys: Keys) -> None:
    headers = {**await keys.header("ingest"), "Content-Type": "application/json"}
    response = await client.post("/v1/answers", content=b'{"answer": ', headers=headers)
    assert response.status_code == 422
    assert "JSON" in response.json()["message"]


@pytest.mark.parametrize(
    ("content", "status", "names"),
    [
        (b"", 422, "body: JSON decode error: Expecting value: line 1 column 1"),
        (b"[1, 2]", 422, "body: Input should be"),
        ('{"question": "Größe"}'.encode("latin-1"), 400, "not UTF-8"),
    ],
)
async def test_empty_foreign_or_undecodable_bodies_are_named(
    client: httpx.AsyncClient, keys: Keys, settings: Settings, content: bytes, status: int,
    names: str,
) -> None:  # fmt: skip
    headers = {**await keys.header("ingest"), "Content-Type": "application/json"}
    response = await client.post("/v1/answers", content=content, headers=headers)
    assert response.status_code == status, response.text
    assert names in response.json()["message"]
    await assert_nothing_queued(settings)


def test_the_answer_body_is_documented_whole(settings: Settings) -> None:
    # The route parses its body itself (verifier.api.deps.read_answer): the schema is given.
    operation = create_app(settings).openapi()["paths"]["/v1/answers"]["post"]
    schema = operation["requestBody"]["content"]["application/json"]["schema"]
    assert operation["requestBody"]["required"] is True
    assert set(schema["required"]) == {"question", "answer", "excerpts"}
    assert schema["additionalProperties"] is False
    excerpt = schema["properties"]["excerpts"]["items"]
    assert excerpt["properties"]["n"]["maximum"] == 2**31 - 1
    assert "$ref" not in json.dumps(schema)


async def test_a_streamed_body_over_the_limit_is_413_on_every_route(
    client: httpx.AsyncClient, keys: Keys, settings: Settings
) -> None:
    # Sent in chunks, without a Content-Length: the limit is found while the body streams
    # in, and FastAPI's body parsing once turned that into a 400 "error parsing the body".
    answer_id = await post_verified(client, keys, settings, "Sie kostete 39,95 EUR.")
    ingest, reviewer = await keys.header("ingest"), await keys.header("reviewer")
    huge = "x" * (settings.max_body_bytes + 1)

    async def chunks(body: dict[str, Any]) -> AsyncIterator[bytes]:
        data = json.dumps(body).encode()
        for start in range(0, len(data), 65536):
            yield data[start : start + 65536]

    json_type = {"Content-Type": "application/json"}
    for url, body, headers in (
        (f"/v1/answers/{answer_id}/rating", {"rating": "correct", "comment": huge}, reviewer),
        ("/v1/answers", {**VALID, "answer": huge}, ingest),
    ):
        response = await client.post(url, content=chunks(body), headers={**headers, **json_type})
        assert response.status_code == 413, (url, response.text[:200])
        assert response.json()["error"] == "payload_too_large"
        assert str(settings.max_body_bytes) in response.json()["message"]


async def test_body_over_the_limit_is_413(
    client: httpx.AsyncClient, keys: Keys, settings: Settings
) -> None:
    huge = {**VALID, "excerpts": [{"n": 1, "text": "x" * (settings.max_body_bytes + 1)}]}
    response = await client.post("/v1/answers", json=huge, headers=await keys.header("ingest"))
    assert response.status_code == 413
    assert str(settings.max_body_bytes) in response.json()["message"]
    await assert_nothing_queued(settings)


async def test_missing_unknown_and_wrong_role_keys(client: httpx.AsyncClient, keys: Keys) -> None:
    no_key = await client.post("/v1/answers", json=VALID)
    assert no_key.status_code == 401 and "Authorization" in no_key.json()["message"]
    bad_key = await client.post("/v1/answers", json=VALID, headers={"Authorization": "Bearer vk_x"})
    assert bad_key.status_code == 401 and "unknown" in bad_key.json()["message"]
    reviewer_key = await keys.header("reviewer")
    reviewer = await client.post("/v1/answers", json=VALID, headers=reviewer_key)
    assert reviewer.status_code == 403
    assert reviewer.json()["message"] == "this route needs an ingest or admin key, not reviewer"
    figures = await client.get("/v1/metrics/verifier", headers=reviewer_key)
    assert figures.json()["message"] == "this route needs an analyst or admin key, not reviewer"
    ingest = await keys.header("ingest")
    rating = await client.post("/v1/answers/some-id/rating", json={}, headers=ingest)
    assert rating.json()["message"] == "this route needs a reviewer or admin key, not ingest"


async def test_every_v1_route_refuses_unknown_and_repeated_query_parameters(
    settings: Settings, keys: Keys
) -> None:
    # The answer routes ignored them (a misspelt parameter went unseen with a 202 or 200)
    # while the analytics routes refused them. Every /v1 route is asked: a new one cannot forget.
    admin = await keys.header("admin")
    async with serve_app(settings) as (client, app):
        routes = [
            (method, path.replace("{answer_id}", "some-id"))
            for path, operations in app.openapi()["paths"].items()
            if path.startswith("/v1/")
            for method in operations
        ]
        assert len(routes) == 5, routes
        for method, url in routes:
            for query, named in (("foo=1", "foo"), ("x=1&x=2", "x"), ("verdict=1", "verdict")):
                response = await client.request(method, f"{url}?{query}", json=VALID, headers=admin)
                assert response.status_code == 422, (method, url, query, response.text)
                body = response.json()
                assert body["error"] == "validation_error" and f"'{named}'" in body["message"]
        # Who calls is settled first: without a key the answer is a 401, whatever the query.
        assert (await client.get("/v1/answers/some-id?foo=1")).status_code == 401


async def test_nothing_crosses_tenants(client: httpx.AsyncClient, keys: Keys) -> None:
    posted = await client.post("/v1/answers", json=VALID, headers=await keys.header("ingest"))
    answer_id = posted.json()["id"]
    other = await keys.header("ingest", tenant="globex")
    other_reviewer = await keys.header("reviewer", tenant="globex")
    assert (await client.get(f"/v1/answers/{answer_id}", headers=other)).status_code == 404
    rating = await client.post(
        f"/v1/answers/{answer_id}/rating", json={"rating": "correct"}, headers=other_reviewer
    )
    assert rating.status_code == 404
    ingest_rating = await client.post(
        f"/v1/answers/{answer_id}/rating",
        json={"rating": "correct"},
        headers=await keys.header("ingest"),
    )
    assert ingest_rating.status_code == 403


async def test_unknown_id_is_404_and_bad_rating_value_is_422(
    client: httpx.AsyncClient, keys: Keys, settings: Settings
) -> None:
    reviewer = await keys.header("reviewer")
    assert (await client.get("/v1/answers/nope", headers=reviewer)).status_code == 404
    posted = await client.post("/v1/answers", json=VALID, headers=await keys.header("ingest"))
    await run_worker(settings)
    bad = await client.post(
        f"/v1/answers/{posted.json()['id']}/rating", json={"rating": "meh"}, headers=reviewer
    )
    assert bad.status_code == 422 and "rating" in bad.json()["message"]


@pytest.mark.parametrize(
    ("role", "url"),
    [
        ("ingest", "/v1/answers/ab%00cd"),
        ("analyst", "/v1/exports/ratings?tenant=acme%00"),
        ("analyst", "/v1/metrics/verifier?from=2026-11-01%00"),
    ],
)
async def test_a_nul_character_in_the_url_is_400(
    client: httpx.AsyncClient, keys: Keys, role: str, url: str
) -> None:
    response = await client.get(url, headers=await keys.header(role))
    assert response.status_code == 400, response.text
    assert "NUL" in response.json()["message"]


@pytest.mark.parametrize("levels", [500, 5000])
async def test_deeply_nested_metadata_is_a_422_not_a_crash(
    client: httpx.AsyncClient, keys: Keys, levels: int
) -> None:
    body = json.dumps({**VALID, "metadata": {"x": 0}})
    deep = body.replace('{"x": 0}', '{"x": ' + "[" * levels + "]" * levels + "}")
    headers = {**await keys.header("ingest"), "Content-Type": "application/json"}
    response = await client.post("/v1/answers", content=deep, headers=headers)
    # Under the parser's limit the metadata check names it; over it, the parser's error does.
    assert response.status_code == (422 if levels < 1000 else 400), response.text[:300]
    assert "nest" in response.json()["message"]


async def test_no_route_and_wrong_method_answer_in_our_error_shape(
    client: httpx.AsyncClient,
) -> None:
    missing = await client.get("/v1/nothing-here")
    assert missing.status_code == 404
    assert missing.json() == {"error": "not_found", "message": "Not Found"}
    wrong = await client.delete("/v1/answers")
    assert wrong.status_code == 405 and wrong.json()["error"] == "method_not_allowed"
    assert "POST" in wrong.headers["allow"]
