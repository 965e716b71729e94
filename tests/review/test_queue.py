"""The queue: its true length, a page at a time; Skip moves the reviewer on; a blank
question is still a link one can click; a judge being retried says so on the reveal."""

from __future__ import annotations

import html
import re
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta

import httpx
import pytest

from tests.conftest import Keys
from tests.review.conftest import csrf_of, insert_answer, post_verified, sign_in, signed_in_as
from verifier.config import Settings
from verifier.db import SessionMaker
from verifier.judging import JudgeRetry, judge_stored_answer

MakeUser = Callable[..., Awaitable[None]]
START = datetime(2026, 11, 10, 9, 0, tzinfo=UTC)


def listed(page: str) -> list[str]:
    """The ids of the answers a queue page links to, in its order."""
    return re.findall(r'<a href="/review/([^"/]+)">', page)


def link(page: str, rel: str) -> str | None:
    """The queue page's link to its previous or next page."""
    found = re.search(rf'<a href="([^"]+)" rel="{rel}">', page)
    return html.unescape(found.group(1)) if found else None


async def test_the_queue_says_how_many_wait_and_pages_through_all_of_them(
    client: httpx.AsyncClient, sessionmaker: SessionMaker, make_user: MakeUser
) -> None:
    # With 72 waiting it said "Waiting for a rating (50)" and listed 50, with no next page.
    ids = [f"q{n:03d}" for n in range(72)]
    for n, answer_id in enumerate(ids):
        await insert_answer(sessionmaker, answer_id, START + timedelta(minutes=n))
    await insert_answer(sessionmaker, "other-tenant", START, tenant="globex")
    await make_user("rita")
    await sign_in(client, "rita")

    first = (await client.get("/review")).text
    assert "Waiting for a rating (72)" in first and "1–50 of 72 shown, the oldest first" in first
    assert listed(first) == ids[:50] and link(first, "prev") is None
    following = link(first, "next")
    assert following == "?page=2"
    second = (await client.get(f"/review{following}")).text
    assert listed(second) == ids[50:] and "51–72 of 72 shown" in second
    assert link(second, "next") is None and link(second, "prev") == "?page=1"
    assert '<ol class="queue" start="51">' in second  # numbered on from the first page

    past_the_end = (await client.get("/review?page=9&lang=de")).text
    assert listed(past_the_end) == ids[50:] and "51–72 von 72 angezeigt" in past_the_end
    assert "Warten auf Bewertung (72)" in past_the_end
    assert (await client.get("/review?page=0")).status_code == 422

    # An answer another reviewer holds is not waiting for this one: the count says so too.
    await make_user("otto")
    async with signed_in_as(client, "otto") as other:
        assert (await other.get(f"/review/{ids[0]}")).status_code == 200
    assert "Waiting for a rating (71)" in (await client.get("/review?lang=en")).text


async def test_a_short_queue_has_no_paging(
    client: httpx.AsyncClient, sessionmaker: SessionMaker, make_user: MakeUser
) -> None:
    await insert_answer(sessionmaker, "only", START)
    await make_user("rita")
    await sign_in(client, "rita")
    page = (await client.get("/review")).text
    assert "Waiting for a rating (1)" in page and listed(page) == ["only"]
    assert " shown" not in page and 'rel="next"' not in page and 'rel="prev"' not in page


async def test_skip_offers_another_answer_next_and_leaves_it_to_the_others(
    client: httpx.AsyncClient, sessionmaker: SessionMaker, make_user: MakeUser
) -> None:
    # Skip on the first answer led back to the queue with that answer first again, and
    # "Next answer" led straight back to it.
    for n, answer_id in enumerate(("a1", "a2", "a3")):
        await insert_answer(sessionmaker, answer_id, START + timedelta(minutes=n))
    await make_user("rita")
    await make_user("otto")
    await sign_in(client, "rita")

    async def skip(answer_id: str) -> None:
        page = await client.get(f"/review/{answer_id}")
        skipped = await client.post(f"/review/{answer_id}/skip", data={"csrf": csrf_of(page.text)})
        assert skipped.status_code == 303 and skipped.headers["location"] == "/review"

    await skip("a1")
    queue = (await client.get("/review")).text
    assert listed(queue) == ["a2", "a3", "a1"]
    assert "skipped by you" in queue.split('href="/review/a1"')[1]
    assert "skipped by you" not in queue.split('href="/review/a1"')[0]

    # Rated the next one: "Next answer" leads to the queue, whose first is not the skipped one.
    page = await client.get("/review/a2")
    await client.post("/review/a2/rate", data={"rating": "correct", "csrf": csrf_of(page.text)})
    reveal = (await client.get("/review/a2/reveal")).text
    assert 'href="/review" id="next"' in reveal
    assert listed((await client.get("/review")).text) == ["a3", "a1"]

    await skip("a3")  # the skips come last in the order they were made
    assert listed((await client.get("/review")).text) == ["a1", "a3"]
    await skip("a1")  # skipped again: to the very end
    assert listed((await client.get("/review")).text) == ["a3", "a1"]

    # Another reviewer's queue keeps the oldest first; the skip was rita's.
    async with signed_in_as(client, "otto") as other:
        theirs = (await other.get("/review")).text
        assert listed(theirs) == ["a1", "a3"] and "skipped by you" not in theirs


@pytest.mark.parametrize(
    ("question", "lang", "placeholder"),
    [("", "en", "(no question)"), ("  \n ", "de", "(keine Frage)")],
)
async def test_a_blank_question_is_a_visible_link(
    client: httpx.AsyncClient,
    sessionmaker: SessionMaker,
    make_user: MakeUser,
    question: str,
    lang: str,
    placeholder: str,
) -> None:
    # Stored before the API refused blank questions, it was an invisible, empty link.
    await insert_answer(sessionmaker, "blank", START, question=question)
    await make_user("rita")
    await sign_in(client, "rita")
    queue = (await client.get(f"/review?lang={lang}")).text
    assert f'<a href="/review/blank"><em class="placeholder">{placeholder}</em></a>' in queue
    page = (await client.get("/review/blank")).text
    assert f'<p class="question"><em class="placeholder">{placeholder}</em></p>' in page


@pytest.mark.parametrize(
    ("lang", "retrying", "until"),
    [
        (
            "en",
            "pending — the judge has no verdict yet; try 3 failed: unavailable: Ollama is "
            "unreachable: connection refused.",
            "It is tried again until 2026-11-10 09:05 UTC.",
        ),
        (
            "de",
            "ausstehend — das Prüfmodell hat noch kein Urteil; Versuch 3 ist gescheitert: "
            "unavailable: Ollama is unreachable: connection refused.",
            "Es wird bis 2026-11-10 09:05 UTC erneut versucht.",
        ),
    ],
)
async def test_the_reveal_says_the_judge_is_being_retried_and_why(
    client: httpx.AsyncClient,
    sessionmaker: SessionMaker,
    make_user: MakeUser,
    lang: str,
    retrying: str,
    until: str,
) -> None:
    # It said "pending — the judge is still working", in English even in the German pages,
    # while Ollama was unreachable and the answer's API showed why.
    judge = {
        "status": "pending",
        "flagged": False,
        "reason": "the judge is still working",
        "attempts": 3,
        "last_error": "unavailable: Ollama is unreachable: connection refused",
        "retry_until": "2026-11-10T09:05:00+00:00",
    }
    await insert_answer(sessionmaker, "retried", START, judge=judge)
    await insert_answer(sessionmaker, "working", START, judge={"status": "pending"})
    await make_user("rita")
    await sign_in(client, "rita")
    for answer_id in ("retried", "working"):
        page = await client.get(f"/review/{answer_id}")
        await client.post(
            f"/review/{answer_id}/rate", data={"rating": "correct", "csrf": csrf_of(page.text)}
        )
    retried = (await client.get(f"/review/retried/reveal?lang={lang}")).text
    status = " ".join(retried.split('id="judge-status">')[1].split("</p>")[0].split())
    assert retrying in status and until in status
    assert "still working" not in retried and "arbeitet noch" not in retried
    working = (await client.get(f"/review/working/reveal?lang={lang}")).text
    expected = "the judge is still working" if lang == "en" else "das Prüfmodell arbeitet noch"
    assert expected in working


async def test_a_judge_that_cannot_be_reached_is_on_the_reveal_with_its_deadline(
    client: httpx.AsyncClient,
    settings: Settings,
    sessionmaker: SessionMaker,
    keys: Keys,
    make_user: MakeUser,
) -> None:
    # The worker's try, stored as it stores it: the page shows its error and deadline.
    judged = settings.model_copy(
        update={
            "judge_enabled": True,
            "ollama_url": "http://127.0.0.1:9",
            "judge_timeout_s": 2.0,
        }
    )
    answer_id = await post_verified(
        client, keys, judged, "Sie kostete 39,95 EUR [1].", code_stage_only=True
    )
    judge_settings = judged.judge_settings()
    assert judge_settings is not None
    deadline = time.time() + 600
    with pytest.raises(JudgeRetry):
        await judge_stored_answer(sessionmaker, judge_settings, answer_id, deadline)
    await make_user("rita")
    await sign_in(client, "rita")
    page = await client.get(f"/review/{answer_id}")
    await client.post(
        f"/review/{answer_id}/rate", data={"rating": "correct", "csrf": csrf_of(page.text)}
    )
    reveal = (await client.get(f"/review/{answer_id}/reveal")).text
    when = datetime.fromtimestamp(deadline, UTC).strftime("%Y-%m-%d %H:%M UTC")
    assert "try 1 failed: unavailable: Ollama is unreachable" in reveal
    assert f"It is tried again until {when}." in reveal
