"""Every figure against a hand-computed fixture, including empty windows (no data, never 0)."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from sqlalchemy import text

from tests.analytics.conftest import NOV, stages
from tests.conftest import Keys
from tests.review.conftest import post_verified
from verifier.analytics.service import summary_sentence
from verifier.analytics.stats import Confusion
from verifier.config import Settings
from verifier.db import SessionMaker, unit_of_work
from verifier.store import repository
from verifier.store import verification_queries as queries


async def metrics(client: httpx.AsyncClient, keys: Keys, **params: str) -> dict[str, Any]:
    response = await client.get(
        "/v1/metrics/verifier", params=params, headers=await keys.header("analyst")
    )
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


async def test_figures_match_the_hand_computed_fixture(
    client: httpx.AsyncClient, keys: Keys, logged: None
) -> None:
    body = await metrics(client, keys, **{"from": "2026-11-05", "to": "2026-11-30"})
    combined = body["stages"]["combined"]
    assert combined["matrix"] == {
        "flagged_incorrect": 2,
        "flagged_correct": 1,
        "passed_incorrect": 1,
        "passed_correct": 1,
    }
    assert combined["false_alarm_rate"]["value"] == pytest.approx(1 / 2)
    assert combined["catch_rate"]["value"] == pytest.approx(2 / 3)
    assert combined["precision"]["value"] == pytest.approx(2 / 3)
    # kappa: observed 3/5, chance (3*3 + 2*2)/25 = 13/25
    assert combined["kappa"] == pytest.approx((3 / 5 - 13 / 25) / (1 - 13 / 25))
    assert body["stages"]["code"]["matrix"] == {
        "flagged_incorrect": 2,
        "flagged_correct": 0,
        "passed_incorrect": 1,
        "passed_correct": 2,
    }
    assert body["stages"]["judge"]["matrix"] == {
        "flagged_incorrect": 1,
        "flagged_correct": 1,
        "passed_incorrect": 1,
        "passed_correct": 1,
    }
    assert body["coverage"]["posted"] == 6 and body["coverage"]["rated"] == 5
    assert body["coverage"]["rated_among_verified"]["value"] == pytest.approx(5 / 6)
    kinds = {(k["stage"], k["kind"]): k for k in body["by_kind"]}
    assert kinds[("numbers", "ungrounded_number")]["catch_rate"]["hits"] == 2
    assert kinds[("numbers", "ungrounded_number")]["false_alarm_rate"]["hits"] == 0
    assert kinds[("judge", "claim_missing")]["false_alarm_rate"]["value"] == pytest.approx(1 / 2)
    assert set(body["by_judge_model"]) == {"gemma3:12b"}
    assert body["by_answer_model"]["qwen3:8b"]["rated"] == 5
    assert [b["bucket"] for b in body["over_time"]] == ["2026-11-10", "2026-11-11", "2026-11-17"]
    weekly = await metrics(
        client, keys, **{"from": "2026-11-05", "to": "2026-11-30", "bucket": "week"}
    )
    assert [(b["bucket"], b["rated"]) for b in weekly["over_time"]] == [
        ("2026-11-09", 3),
        ("2026-11-16", 2),
    ]
    assert sorted((d["id"], d["kind"]) for d in body["disagreements"]) == [
        ("a2", "false_alarm"),
        ("a4", "miss"),
    ]
    assert body["disagreements_total"] == 2  # all of them, where the list is one page
    assert body["summary"]["effect"] is False
    assert body["summary"]["text"].startswith("catch rate 66.7%")


async def test_a_rated_answer_without_a_verdict_counts_as_posted_not_as_rated(
    client: httpx.AsyncClient, keys: Keys, logged: None, sessionmaker: SessionMaker
) -> None:
    # An answer whose checks crashed is stored failed, without a verdict, and a reviewer
    # may still rate it. Counted among the rated, 'rated among verified' passed 1 and the
    # interval's square root crashed the metrics and the analytics page.
    async with unit_of_work(sessionmaker) as session:
        await queries.insert_answer(
            session,
            answer_id="f1",
            tenant="acme",
            status="failed",
            at=NOV.replace(day=12),
            received_at=NOV.replace(day=12),
            submission={"question": "q f1", "answer": "a", "excerpts": []},
            error="checks crashed: boom",
        )
        await repository.add_rating(
            session, answer_id="f1", rating="correct", comment=None, rater="test"
        )
    body = await metrics(client, keys, **{"from": "2026-11-05", "to": "2026-11-30"})
    coverage = body["coverage"]
    assert (coverage["posted"], coverage["verified"], coverage["rated"]) == (7, 6, 5)
    assert coverage["rated_among_verified"]["value"] == pytest.approx(5 / 6)
    assert body["stages"]["combined"]["matrix"]["passed_correct"] == 1  # f1 in no cell


async def test_an_empty_window_is_no_data_not_zero(
    client: httpx.AsyncClient, keys: Keys, logged: None
) -> None:
    body = await metrics(client, keys, **{"from": "2025-01-01", "to": "2025-02-01"})
    combined = body["stages"]["combined"]
    assert combined["false_alarm_rate"] == {
        "value": None,
        "ci_low": None,
        "ci_high": None,
        "hits": 0,
        "total": 0,
        "text": "no data (0/0)",
    }
    assert combined["kappa"] is None and body["summary"]["effect"] is None
    assert body["over_time"] == [] and body["disagreements"] == []
    assert body["disagreements_total"] == 0


async def test_windows_tenants_and_parameters_are_checked(
    client: httpx.AsyncClient, keys: Keys, logged: None
) -> None:
    analyst = await keys.header("analyst")
    other = await client.get("/v1/metrics/verifier?tenant=globex", headers=analyst)
    assert other.status_code == 403
    backwards = await client.get(
        "/v1/metrics/verifier?from=2026-11-30&to=2026-11-01", headers=analyst
    )
    assert backwards.status_code == 422 and "before" in backwards.json()["message"]
    # Given twice, a parameter's value would be a guess (Starlette hands over the last one).
    twice = await client.get(
        "/v1/exports/ratings?from=2026-11-01&to=2026-11-30&from=2026-11-20", headers=analyst
    )
    assert twice.status_code == 422 and "given more than once: ['from']" in twice.text
    typo = await client.get("/v1/metrics/verifier?form=2026-11-01", headers=analyst)
    assert typo.status_code == 422 and "form" in typo.json()["message"]
    reviewer = await client.get("/v1/metrics/verifier", headers=await keys.header("reviewer"))
    assert reviewer.status_code == 403
    # Each route takes its own parameters only: another route's is as unknown as a typo.
    for url in ("/v1/metrics/verifier?format=csv", "/v1/exports/ratings?bucket=week"):
        foreign = await client.get(url, headers=analyst)
        assert foreign.status_code == 422 and "unknown" in foreign.json()["message"], url


@pytest.mark.parametrize(
    "query",
    [
        "to=9999-12-31",
        "to=0001-01-05",
        "from=0001-01-01T00:00:00%2B01:00&to=2026-01-01",
        "to=9999-12-31T23:59:59-05:00",
        "from=1969-12-31&to=2026-01-01",
    ],
)
async def test_moments_past_the_calendar_are_a_422_naming_the_parameter(
    client: httpx.AsyncClient, keys: Keys, query: str
) -> None:
    for url in ("/v1/metrics/verifier", "/v1/exports/ratings"):
        response = await client.get(f"{url}?{query}", headers=await keys.header("analyst"))
        assert response.status_code == 422, (url, query, response.text)
        name = query.split("&")[0].split("=")[0]
        assert response.json()["message"].startswith(f"{name}: "), response.text


async def test_a_window_in_another_time_zone_or_basic_dates_selects_the_same_rows(
    client: httpx.AsyncClient, keys: Keys, logged: None
) -> None:
    # a1 came in at 2026-11-10T09:00Z; SQLite compares the stored UTC text, so an offset
    # must be turned into UTC first.
    analyst = await keys.header("analyst")
    windows = [
        "from=2026-11-10T08:30:00Z&to=2026-11-10T09:30:00Z",
        "from=2026-11-10T10:30:00%2B02:00&to=2026-11-10T11:30:00%2B02:00",
        "from=2026-11-10&to=2026-11-10",
        "from=20261110&to=20261110",
    ]
    for window in windows:
        rows = await client.get(f"/v1/exports/ratings?{window}&format=json", headers=analyst)
        assert rows.status_code == 200, (window, rows.text)
        assert [r["answer_id"] for r in rows.json()] == ["a1"], window


async def test_export_joins_blind_ratings_with_verdicts(
    client: httpx.AsyncClient, keys: Keys, logged: None
) -> None:
    analyst = await keys.header("analyst")
    window = "from=2026-11-05&to=2026-11-30"
    as_json = await client.get(f"/v1/exports/ratings?{window}&format=json", headers=analyst)
    rows = as_json.json()
    assert [r["answer_id"] for r in rows] == ["a1", "a2", "a3", "a4", "a5"]
    assert rows[3]["rating"] == "partly" and rows[3]["judge_flagged"] is None
    as_csv = await client.get(f"/v1/exports/ratings?{window}", headers=analyst)
    lines = as_csv.text.strip().splitlines()
    assert lines[0].startswith("answer_id,received_at") and len(lines) == 6
    empty = await client.get("/v1/exports/ratings?from=2025-01-01&to=2025-01-02", headers=analyst)
    assert empty.text.strip().startswith("answer_id,") and len(empty.text.strip().splitlines()) == 1


async def test_csv_cells_a_spreadsheet_would_run_stay_text(
    client: httpx.AsyncClient, keys: Keys, settings: Settings
) -> None:
    # A comment (or a question, a model name) starting with "=" is a formula to a spreadsheet.
    answer_id = await post_verified(
        client, keys, settings, "Es waren 12 EUR.", answer_model="=cmd|' /C calc'!A0"
    )
    rated = await client.post(
        f"/v1/answers/{answer_id}/rating",
        json={"rating": "incorrect", "comment": '=HYPERLINK("http://evil.example","x")'},
        headers=await keys.header("reviewer"),
    )
    assert rated.status_code == 200, rated.text
    exported = await client.get("/v1/exports/ratings", headers=await keys.header("analyst"))
    [row] = list(csv.DictReader(io.StringIO(exported.text)))
    assert row["comment"] == '\'=HYPERLINK("http://evil.example","x")'
    assert row["answer_model"] == "'=cmd|' /C calc'!A0"
    as_json = await client.get(
        "/v1/exports/ratings?format=json", headers=await keys.header("analyst")
    )
    assert as_json.json()[0]["comment"].startswith("=HYPERLINK")  # JSON keeps it as it is


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
async def test_days_are_utc_days_whatever_the_servers_time_zone(
    client: httpx.AsyncClient, keys: Keys, sessionmaker: SessionMaker, database_url: str
) -> None:
    # initdb gives a server its machine's zone: an answer at 23:30 UTC fell into the next day's
    # bucket in Berlin, outside the window it was counted in (SQLite buckets in UTC).
    async with sessionmaker() as session:
        name = (await session.execute(text("SELECT current_database()"))).scalar_one()
        await session.execute(text(f"ALTER DATABASE \"{name}\" SET timezone TO 'Europe/Berlin'"))
        await session.commit()
    try:
        late = datetime(2026, 11, 10, 23, 30, tzinfo=UTC)
        async with unit_of_work(sessionmaker) as session:
            await queries.insert_answer(
                session, answer_id="late", tenant="acme", status="done", at=late,
                received_at=late, submission={"question": "q", "answer": "a", "excerpts": []},
            )  # fmt: skip
            await queries.write_verdict(
                session, "late", first=True, flagged=True, reasons=[],
                stages=stages(True, "ok"), checker_version="test", at=late,
            )  # fmt: skip
            await repository.add_rating(
                session, answer_id="late", rating="incorrect", comment=None, rater="test"
            )
        body = await metrics(client, keys, **{"from": "2026-11-10", "to": "2026-11-10"})
    finally:
        async with sessionmaker() as session:
            await session.execute(text(f'ALTER DATABASE "{name}" RESET timezone'))
            await session.commit()
    assert [bucket["bucket"] for bucket in body["over_time"]] == ["2026-11-10"]


@pytest.mark.parametrize(("rated", "said"), [(0, "0 rated answers,"), (1, "1 rated answer,")])
def test_the_summary_counts_rated_answers_in_good_grammar(rated: int, said: str) -> None:
    # One rated answer read "1 rated answers".
    confusion = Confusion()
    if rated:
        confusion.add(True, False, rated)
    assert summary_sentence(confusion)["text"] == (
        f"no data: {said} and the figures need both correct and incorrect ones"
    )
