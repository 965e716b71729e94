"""The rating flow in a real browser (Debian's Chromium through Playwright)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import httpx
import pytest
from playwright.async_api import Page, Response, async_playwright

from tests.api.test_answers import submission
from tests.conftest import Keys, app_in_thread, run_worker
from tests.fakes.ollama_server import FakeOllama, Reply
from tests.review.conftest import PASSWORD, expire_hold, sign_in
from tests.review.test_blinding import LEAKS
from verifier.config import Settings
from verifier.db import SessionMaker

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
CHROMIUM_FOUND = Path(CHROMIUM).exists()
JUDGE_SAYS = {
    "claims": [
        {
            "claim": "Holzlasur",
            "type": "name",
            "status": "supported",
            "excerpt": 1,
            "quote": "Holzlasur 2,5 l 39,95 EUR",
        },
        {
            "claim": "42,95 EUR",
            "type": "amount",
            "status": "contradicted",
            "excerpt": 1,
            "quote": "Holzlasur 2,5 l 39,95 EUR",
        },
    ],
    "verdict": "objection",
    "objections": [
        {
            "claim": "42,95 EUR",
            "excerpt": 1,
            "quote": "39,95 EUR",
            "reason": "The receipt lists the wood stain at 39,95 EUR.",
        }
    ],
}
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


async def sign_in_page(page: Page, server: str, username: str) -> None:
    """Sign in through the real form in the browser."""
    await page.goto(f"{server}/login")
    await page.fill("input[name=username]", username)
    await page.fill("input[name=password]", PASSWORD)
    await page.click("button[type=submit]")


@pytest.fixture
def judged(settings: Settings) -> Iterator[Settings]:
    """Settings whose judge is the scripted Ollama stand-in, with a claim list to show."""
    with FakeOllama() as ollama:
        ollama.script(Reply.json(JUDGE_SAYS))
        yield settings.model_copy(update={"judge_enabled": True, "ollama_url": ollama.url})


@pytest.fixture
def server(judged: Settings) -> Iterator[str]:
    """The real app on a real port, judged by the stand-in."""
    with app_in_thread(judged) as url:
        yield url


async def test_rate_with_the_keyboard_and_see_the_highlighted_reveal(
    server: str,
    judged: Settings,
    keys: Keys,
    make_user: Callable[..., Awaitable[None]],
    request: pytest.FixtureRequest,
) -> None:
    assert CHROMIUM_FOUND, "Debian's chromium is missing (scripts/test.sh installs it)"
    body = submission(
        "<script>window.__xss = true</script>Die Holzlasur hat 42,95 EUR gekostet [1]."
    )
    body["excerpts"].append(
        {
            "n": 2,
            "text": '<img src=x onerror="window.__xss = 2">',
            "title": "<b onmouseover=alert(1)>x</b>",
        }
    )
    async with httpx.AsyncClient(base_url=server) as api:
        posted = await api.post("/v1/answers", json=body, headers=await keys.header("ingest"))
    answer_id = posted.json()["id"]
    await run_worker(judged)
    await make_user("rita")

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = await browser.new_page(viewport={"width": 1280, "height": 900})
        bodies: list[str] = []

        async def keep(response: Response) -> None:
            is_data = response.request.resource_type in ("document", "xhr", "fetch")
            if is_data and not 300 <= response.status < 400:  # redirects have no body
                bodies.append(await response.text())

        page.on("response", keep)
        await sign_in_page(page, server, "rita")
        await page.click(f"a[href='/review/{answer_id}']")
        await page.wait_for_selector("#rate-form")
        before = await page.content()
        for leak in LEAKS:
            assert leak not in before and not any(leak in b for b in bodies), leak

        await page.set_viewport_size({"width": 390, "height": 844})
        phone = await page.evaluate("document.documentElement.scrollWidth")
        assert phone <= 390, f"the rating page overflows a phone screen: {phone}px"
        await page.set_viewport_size({"width": 1280, "height": 900})

        await page.keyboard.press("?")
        assert await page.is_visible("#keys")
        assert (await page.inner_text("#keys")).startswith("Keyboard: 1 correct")
        await page.keyboard.press("2")
        assert await page.is_checked("input[value=incorrect]")
        await page.keyboard.press("Control+Enter")
        await page.wait_for_url(f"**/review/{answer_id}/reveal")
        mark = page.locator("mark.finding")
        assert "42,95" in await mark.first.inner_text()
        assert await page.locator("table.claims tr.contradicted").count() == 1
        assert await page.locator("#excerpt-1 blockquote.judge-quote").count() == 3, (
            await page.inner_text("#verdict")
        )
        assert await page.evaluate("window.__xss") is None
        ARTIFACTS.mkdir(exist_ok=True)
        shot = ARTIFACTS / f"reveal-{request.node.callspec.id}.png"
        await page.screenshot(path=str(shot), full_page=True)
        assert shot.stat().st_size > 10_000

        await page.set_viewport_size({"width": 390, "height": 844})
        width = await page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the reveal overflows a phone screen: {width}px"
        await browser.close()


@pytest.fixture
def short_lease(judged: Settings) -> Iterator[tuple[str, Settings]]:
    """The real app with a five-second hold on an open rating page."""
    settings = judged.model_copy(update={"review_lease_s": 5.0})
    with app_in_thread(settings) as url:
        yield url, settings


async def test_an_open_rating_page_keeps_its_answer_and_says_when_it_lost_it(
    short_lease: tuple[str, Settings],
    keys: Keys,
    make_user: Callable[..., Awaitable[None]],
    sessionmaker: SessionMaker,
) -> None:
    assert CHROMIUM_FOUND, "Debian's chromium is missing (scripts/test.sh installs it)"
    server, settings = short_lease
    async with httpx.AsyncClient(base_url=server) as api:
        posted = await api.post(
            "/v1/answers",
            json=submission("Die Holzlasur hat 39,95 EUR gekostet [1]."),
            headers=await keys.header("ingest"),
        )
    answer_id = posted.json()["id"]
    await run_worker(settings)
    await make_user("rita")
    await make_user("otto")

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = await browser.new_page()
        await sign_in_page(page, server, "rita")
        await page.goto(f"{server}/review/{answer_id}")
        await page.wait_for_selector("#rate-form")
        # Past two leases with the page open and rita at work on it: it renewed its hold, so
        # otto cannot take it.
        for _ in range(5):
            await page.wait_for_timeout(2_200)
            await page.keyboard.press("Shift")
        async with httpx.AsyncClient(base_url=server) as otto:
            await sign_in(otto, "otto")
            assert (await otto.get(f"/review/{answer_id}")).status_code == 409
            assert await page.is_hidden("#hold-lost")
            # Her hold ran out all the same (a laptop asleep) and otto took the answer: her
            # page's next renewal is refused, and the page says so before she rates.
            await expire_hold(sessionmaker, answer_id)
            assert (await otto.get(f"/review/{answer_id}")).status_code == 200
            await page.keyboard.press("Shift")
            await page.wait_for_selector("#hold-lost", state="visible", timeout=4_000)
        await browser.close()
