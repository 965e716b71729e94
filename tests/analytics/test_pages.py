"""The analyst page: figures and charts for analysts only; drill-down into rated reveals."""

from __future__ import annotations

import html
import re
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta

import httpx

from tests.review.conftest import insert_answer, sign_in
from verifier.db import SessionMaker, unit_of_work
from verifier.store import repository

MakeUser = Callable[..., Awaitable[None]]
START = datetime(2026, 11, 10, 9, 0, tzinfo=UTC)


async def test_analysts_see_figures_charts_and_disagreements(
    client: httpx.AsyncClient, make_user: MakeUser, logged: None
) -> None:
    await make_user("ana", role="analyst")
    await sign_in(client, "ana")
    page = await client.get("/analytics?from=2026-11-05&to=2026-11-30&bucket=day")
    assert page.status_code == 200
    assert "catch rate 66.7%" in page.text and page.text.count("<svg") == 2
    assert "<text" not in page.text  # chart text is drawn as paths: no data string as markup
    assert 'href="/review/a2/reveal"' in page.text and 'href="/review/a4/reveal"' in page.text
    reveal = await client.get("/review/a2/reveal")
    assert reveal.status_code == 200
    assert (await client.get("/review/a6")).status_code == 303  # analysts do not rate
    csv = await client.get("/analytics/ratings.csv?from=2026-11-05&to=2026-11-30")
    assert csv.text.count("\n") == 6
    empty = await client.get("/analytics?from=2025-01-01&to=2025-01-31")
    assert "no data" in empty.text and "<svg" not in empty.text
    twice = await client.get("/analytics/ratings.csv?to=2026-11-30&to=2026-11-10")
    assert twice.status_code == 422 and "given more than once" in twice.text
    assert twice.headers["content-type"].startswith("text/html")


async def test_the_export_link_and_the_language_link_keep_the_pages_window(
    client: httpx.AsyncClient, make_user: MakeUser, logged: None
) -> None:
    # The export link said whole days while the figures' window began at a moment, and the
    # language link dropped the window: both showed other figures than the page's.
    await make_user("ana", role="analyst")
    await sign_in(client, "ana")
    page = await client.get("/analytics?from=2026-11-10T12:00:00&to=2026-11-30&bucket=day")
    rated = re.search(r"(\d+) Rated / ", page.text)
    export = re.search(r'href="(/analytics/ratings\.csv\?[^"]+)"', page.text)
    switch = re.search(r'href="\?([^"]*lang=de[^"]*)"', page.text)
    assert rated and export and switch
    csv = await client.get(html.unescape(export.group(1)))
    assert csv.text.count("\n") - 1 == int(rated.group(1))  # a header, then a row a rating
    german = await client.get("/analytics?" + html.unescape(switch.group(1)))
    assert "2026-11-10 12:00:00+00:00" in german.text and "Zeitraum" in german.text


async def test_reviewers_do_not_see_the_figures(
    client: httpx.AsyncClient, make_user: MakeUser, logged: None
) -> None:
    await make_user("rita")
    await sign_in(client, "rita")
    assert (await client.get("/analytics")).status_code == 303


async def test_every_disagreement_can_be_reached_and_a_blank_question_is_a_link(
    client: httpx.AsyncClient, make_user: MakeUser, sessionmaker: SessionMaker
) -> None:
    # The list stopped at 100 and its heading said 100, however many there were; a blank
    # question (stored before the API refused one) was an invisible, empty link.
    for n in range(104):
        await insert_answer(sessionmaker, f"d{n:03d}", START + timedelta(minutes=n), flagged=True)
    await insert_answer(sessionmaker, "blank", START - timedelta(minutes=1), question=" ")
    async with unit_of_work(sessionmaker) as session:
        for n in range(104):
            await repository.add_rating(
                session, answer_id=f"d{n:03d}", rating="correct", comment=None, rater="test"
            )
        await repository.add_rating(
            session, answer_id="blank", rating="incorrect", comment=None, rater="test"
        )  # a miss: the verdict did not flag it
    await make_user("ana", role="analyst")
    await sign_in(client, "ana")
    window = "from=2026-11-01&to=2026-11-30"
    first = (await client.get(f"/analytics?{window}")).text
    newest = [f"d{n:03d}" for n in reversed(range(104))]
    assert "Disagreements (105)" in first and "1–100 of 105 shown, the newest first" in first
    assert re.findall(r'href="/review/([^"/]+)/reveal"', first) == newest[:100]
    following = re.search(r'<a href="([^"]+)#disagreements" rel="next">', first)
    assert following and 'rel="prev"' not in first
    second = (await client.get("/analytics" + html.unescape(following.group(1)))).text
    assert re.findall(r'href="/review/([^"/]+)/reveal"', second) == [*newest[100:], "blank"]
    assert "101–105 of 105 shown" in second and 'rel="next"' not in second
    assert '<a href="/review/blank/reveal"><em class="placeholder">(no question)</em></a>' in second
    assert "catch rate" in second  # the figures stay those of the whole window


async def test_a_page_number_past_any_list_is_a_clear_error(
    client: httpx.AsyncClient, make_user: MakeUser
) -> None:
    # A page number beyond SQLite's integers was an OverflowError and a 500.
    await make_user("ana", role="analyst")
    await sign_in(client, "ana")
    response = await client.get("/analytics?page=100000000000000000000")
    assert response.status_code == 422 and "page" in response.text
