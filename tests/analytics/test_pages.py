"""The analyst page: figures and charts for analysts only; drill-down into rated reveals."""

from __future__ import annotations

import html
import re
from collections.abc import Awaitable, Callable

import httpx

from tests.review.conftest import sign_in

MakeUser = Callable[..., Awaitable[None]]


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
