"""Rate blind first, then see the verdict; leases, discards, CSRF and escaping."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import httpx
from arq.connections import ArqRedis

from tests.conftest import Keys, serve_app
from tests.review.conftest import (
    PASSWORD,
    csrf_of,
    expire_hold,
    post_verified,
    sign_in,
    signed_in_as,
)
from verifier.config import Settings
from verifier.db import SessionMaker
from verifier.queue import SubmissionQueue
from verifier.store.models import Answer

MakeUser = Callable[..., Awaitable[None]]
FABRICATED = "Die Holzlasur hat 42,95 EUR gekostet [1]."


async def open_as_rita(
    client: httpx.AsyncClient, keys: Keys, settings: Settings, make_user: MakeUser
) -> tuple[str, httpx.Response]:
    """FABRICATED verified, reviewer rita signed in on its rating page: its id, the page."""
    answer_id = await post_verified(client, keys, settings, FABRICATED)
    await make_user("rita")
    await sign_in(client, "rita")
    return answer_id, await client.get(f"/review/{answer_id}")


async def test_rate_blind_then_see_the_highlighted_verdict(
    client: httpx.AsyncClient, keys: Keys, settings: Settings, make_user: MakeUser
) -> None:
    answer_id = await post_verified(client, keys, settings, FABRICATED)
    await make_user("rita")
    assert (await client.get("/review")).status_code == 303  # signed out: to the sign-in page
    await sign_in(client, "rita")
    queue = await client.get("/review")
    assert answer_id in queue.text

    early = await client.get(f"/review/{answer_id}/reveal")
    assert early.status_code == 303 and early.headers["location"] == f"/review/{answer_id}"
    page = await client.get(f"/review/{answer_id}")
    assert page.status_code == 200 and "42,95 EUR" in page.text
    for hidden in ("ungrounded", "kommt in keinem Auszug vor", "Flagged", "Markiert"):
        assert hidden not in page.text

    rated = await client.post(
        f"/review/{answer_id}/rate", data={"rating": "incorrect", "csrf": csrf_of(page.text)}
    )
    assert rated.headers["location"] == f"/review/{answer_id}/reveal"
    reveal = await client.get(f"/review/{answer_id}/reveal")
    assert '<mark class="finding numbers"' in reveal.text and ">42,95</mark>" in reveal.text
    assert "ungrounded_number" in reveal.text
    assert answer_id not in (await client.get("/review")).text  # rated: out of the queue

    await client.post(
        f"/review/{answer_id}/rate", data={"rating": "correct", "csrf": csrf_of(reveal.text)}
    )
    api = await client.get(f"/v1/answers/{answer_id}", headers=await keys.header("reviewer"))
    assert api.json()["rating"]["rating"] == "incorrect"  # the blind one counts
    assert api.json()["revisions"][0]["rating"] == "correct"


async def test_a_lease_keeps_a_second_reviewer_off(
    client: httpx.AsyncClient, keys: Keys, settings: Settings, make_user: MakeUser
) -> None:
    answer_id = await post_verified(client, keys, settings, FABRICATED)
    await make_user("rita")
    await make_user("otto")
    await sign_in(client, "rita")
    page = await client.get(f"/review/{answer_id}")
    assert page.status_code == 200
    async with signed_in_as(client, "otto") as other:
        assert answer_id not in (await other.get("/review")).text
        blocked = await other.get(f"/review/{answer_id}")
        assert blocked.status_code == 409
    skipped = await client.post(f"/review/{answer_id}/skip", data={"csrf": csrf_of(page.text)})
    assert skipped.status_code == 303
    async with signed_in_as(client, "otto") as third:
        assert (await third.get(f"/review/{answer_id}")).status_code == 200


async def test_an_open_page_renews_its_hold_and_learns_when_it_lost_it(
    client: httpx.AsyncClient,
    keys: Keys,
    settings: Settings,
    make_user: MakeUser,
    sessionmaker: SessionMaker,
) -> None:
    answer_id, page = await open_as_rita(client, keys, settings, make_user)
    hold = {"csrf": csrf_of(page.text)}
    assert (await client.post(f"/review/{answer_id}/hold", data={"csrf": "x"})).status_code == 403
    async with sessionmaker() as session:
        before = await session.get(Answer, answer_id)
        assert before is not None and before.lease_until is not None
        first_until = before.lease_until
    renewed = await client.post(f"/review/{answer_id}/hold", data=hold)
    assert renewed.status_code == 204
    async with sessionmaker() as session:
        after = await session.get(Answer, answer_id)
        assert after is not None and after.lease_until is not None
        assert after.lease_until > first_until
    # Her hold ran out and otto took the answer: her page's next renewal is refused.
    await expire_hold(sessionmaker, answer_id)
    await make_user("otto")
    async with signed_in_as(client, "otto") as other:
        assert (await other.get(f"/review/{answer_id}")).status_code == 200
    assert (await client.post(f"/review/{answer_id}/hold", data=hold)).status_code == 409


async def test_a_blind_form_sent_after_another_rated_is_refused_not_a_revision(
    client: httpx.AsyncClient,
    keys: Keys,
    settings: Settings,
    make_user: MakeUser,
    sessionmaker: SessionMaker,
) -> None:
    # rita's hold ran out while she read; otto took the answer and rated it. Her blind form,
    # stored, read as a revision made after a reveal she never saw, and her page showed
    # otto's rating as hers.
    answer_id, page = await open_as_rita(client, keys, settings, make_user)
    await make_user("otto")
    await expire_hold(sessionmaker, answer_id)
    async with signed_in_as(client, "otto") as other:
        otto_page = await other.get(f"/review/{answer_id}")
        form = {"rating": "incorrect", "blind": "true", "csrf": csrf_of(otto_page.text)}
        assert (await other.post(f"/review/{answer_id}/rate", data=form)).status_code == 303
        sent_twice = await other.post(f"/review/{answer_id}/rate", data=form)
        assert sent_twice.headers["location"] == f"/review/{answer_id}/reveal"
    late = {"rating": "correct", "blind": "true", "csrf": csrf_of(page.text)}
    refused = await client.post(f"/review/{answer_id}/rate", data=late)
    assert refused.status_code == 409 and "not stored" in refused.text
    api = await client.get(f"/v1/answers/{answer_id}", headers=await keys.header("reviewer"))
    assert api.json()["rating"]["rating"] == "incorrect" and api.json()["revisions"] == []
    reveal = await client.get(f"/review/{answer_id}/reveal")
    assert "another reviewer" in reveal.text and "Your blind rating" not in reveal.text


async def test_discard_needs_a_reason_and_forms_need_their_token(
    client: httpx.AsyncClient, keys: Keys, settings: Settings, make_user: MakeUser
) -> None:
    answer_id, page = await open_as_rita(client, keys, settings, make_user)
    forged = await client.post(f"/review/{answer_id}/rate", data={"rating": "correct"})
    assert forged.status_code == 422  # no token field at all
    wrong = await client.post(
        f"/review/{answer_id}/rate", data={"rating": "correct", "csrf": "forged"}
    )
    assert wrong.status_code == 403 and "CSRF" in wrong.text
    accented = await client.post(f"/review/{answer_id}/rate", data={"rating": "x", "csrf": "é"})
    assert accented.status_code == 403 and "CSRF" in accented.text  # not a 500
    empty = await client.post(
        f"/review/{answer_id}/discard", data={"reason": " ", "csrf": csrf_of(page.text)}
    )
    assert empty.status_code == 400
    done = await client.post(
        f"/review/{answer_id}/discard",
        data={"reason": "excerpt unreadable", "csrf": csrf_of(page.text)},
    )
    assert done.status_code == 303 and answer_id not in (await client.get("/review")).text


async def test_wrong_password_and_other_tenants(
    client: httpx.AsyncClient, keys: Keys, settings: Settings, make_user: MakeUser
) -> None:
    answer_id = await post_verified(client, keys, settings, FABRICATED)
    await make_user("globex-rita", tenant="globex")
    form = await client.get("/login")
    bad = await client.post(
        "/login", data={"username": "globex-rita", "password": "nope", "csrf": csrf_of(form.text)}
    )
    assert bad.status_code == 401 and "Wrong username or password" in bad.text
    await sign_in(client, "globex-rita")
    assert answer_id not in (await client.get("/review")).text
    assert (await client.get(f"/review/{answer_id}")).status_code == 404
    assert (await client.get(f"/review/{answer_id}/reveal")).status_code == 404


async def test_chatbot_and_document_text_is_escaped(
    client: httpx.AsyncClient, keys: Keys, settings: Settings, make_user: MakeUser
) -> None:
    script = "<script>alert('answer')</script> kostet 39,95 EUR"
    answer_id = await post_verified(client, keys, settings, script)
    await make_user("rita")
    await sign_in(client, "rita")
    page = (await client.get(f"/review/{answer_id}")).text
    assert "<script>alert" not in page and "&lt;script&gt;alert" in page


async def test_german_interface_by_accept_language_and_switch(
    client: httpx.AsyncClient, make_user: MakeUser
) -> None:
    german = await client.get("/login", headers={"Accept-Language": "de-DE,de;q=0.9"})
    assert "Anmelden" in german.text and 'lang="de"' in german.text
    english = await client.get("/login?lang=en", headers={"Accept-Language": "de"})
    assert "Sign in" in english.text
    assert "Sign in" in (await client.get("/login", headers={"Accept-Language": "de"})).text


async def test_a_nul_character_in_a_form_is_a_clear_error_not_a_crash(
    client: httpx.AsyncClient, keys: Keys, settings: Settings, make_user: MakeUser
) -> None:
    # PostgreSQL cannot store or compare U+0000; a hostile form must not make a 500.
    answer_id = await post_verified(client, keys, settings, FABRICATED)
    await make_user("rita")
    form = await client.get("/login")
    bad = await client.post(
        "/login", data={"username": "ri\x00ta", "password": "x", "csrf": csrf_of(form.text)}
    )
    assert bad.status_code == 401
    await sign_in(client, "rita")
    page = await client.get(f"/review/{answer_id}")
    for action, field in (("rate", "comment"), ("discard", "reason")):
        data = {"rating": "correct", field: "a\x00b", "csrf": csrf_of(page.text)}
        response = await client.post(f"/review/{answer_id}/{action}", data=data)
        assert response.status_code == 400 and "NUL" in response.text, response.text


async def test_each_role_starts_on_its_own_page(
    client: httpx.AsyncClient, make_user: MakeUser
) -> None:
    # An analyst signed in was sent to the review queue, which sent them back to sign in.
    assert (await client.get("/")).headers["location"] == "/login"
    for name, role, start in (("ana", "analyst", "/analytics"), ("rita", "reviewer", "/review")):
        await make_user(name, role)
        form = await client.get("/login")
        signed = await client.post(
            "/login", data={"username": name, "password": PASSWORD, "csrf": csrf_of(form.text)}
        )
        assert signed.status_code == 303 and signed.headers["location"] == start, role
        assert (await client.get("/")).headers["location"] == start, role
        assert (await client.get(start)).status_code == 200, role
        csrf = csrf_of((await client.get(start)).text)
        await client.post("/logout", data={"csrf": csrf})


async def test_a_blind_rating_on_the_pages_is_not_taken_over_by_the_api(
    client: httpx.AsyncClient, keys: Keys, settings: Settings, make_user: MakeUser
) -> None:
    # Rita holds the answer (its lease) while she rates blind: a rating through the API in
    # that time made hers a revision marked "after the reveal", which she never saw.
    answer_id, page = await open_as_rita(client, keys, settings, make_user)
    reviewer = await keys.header("reviewer")
    api = await client.post(
        f"/v1/answers/{answer_id}/rating", json={"rating": "correct"}, headers=reviewer
    )
    assert api.status_code == 409 and "rating this answer blind" in api.json()["message"]
    done = await client.post(
        f"/review/{answer_id}/rate", data={"rating": "incorrect", "csrf": csrf_of(page.text)}
    )
    assert done.status_code == 303
    state = (await client.get(f"/v1/answers/{answer_id}", headers=reviewer)).json()
    assert (state["rating"]["rating"], state["rating"]["post_reveal"]) == ("incorrect", False)
    later = await client.post(
        f"/v1/answers/{answer_id}/rating", json={"rating": "partly"}, headers=reviewer
    )
    assert later.status_code == 200 and later.json()["revisions"][0]["post_reveal"] is True


async def test_a_discarded_answer_keeps_its_reason_and_takes_no_rating(
    client: httpx.AsyncClient, keys: Keys, settings: Settings, make_user: MakeUser
) -> None:
    answer_id, page = await open_as_rita(client, keys, settings, make_user)
    csrf = csrf_of(page.text)
    await client.post(
        f"/review/{answer_id}/discard", data={"reason": "excerpt unreadable", "csrf": csrf}
    )
    api = await client.post(
        f"/v1/answers/{answer_id}/rating", json={"rating": "correct"},
        headers=await keys.header("reviewer"),
    )  # fmt: skip
    assert api.status_code == 409 and "excerpt unreadable" in api.json()["message"]
    on_page = await client.post(
        f"/review/{answer_id}/rate", data={"rating": "correct", "csrf": csrf}
    )
    assert on_page.status_code == 409 and "discarded" in on_page.text


async def test_signing_out_ends_the_session_for_every_copy_of_its_cookie(
    client: httpx.AsyncClient, make_user: MakeUser
) -> None:
    # The cookie is signed, not revocable: a copy taken before signing out (a shared
    # computer, a proxy log) used to stay valid for its whole twelve hours.
    await make_user("rita")
    await sign_in(client, "rita")
    copy = client.cookies.get("verifier_session")
    page = await client.get("/review")
    assert page.status_code == 200
    await client.post("/logout", data={"csrf": csrf_of(page.text)})
    transport = client._transport  # the same app, another browser holding the copy
    async with httpx.AsyncClient(
        transport=transport, base_url=str(client.base_url), cookies={"verifier_session": copy}
    ) as other:
        replayed = await other.get("/review")
    assert replayed.status_code == 303 and replayed.headers["location"].startswith("/login")


async def test_pages_say_redis_is_down_instead_of_failing(
    settings: Settings, make_user: MakeUser
) -> None:
    # Sign-in throttling and sessions live in Redis: unreachable, it is a 503 that names it.
    await make_user("rita")
    async with serve_app(settings) as (client, app):
        form = await client.get("/login")
        app.state.queue = SubmissionQueue(
            ArqRedis(host="127.0.0.1", port=9, socket_connect_timeout=1), settings.queue_name
        )
        signed = await client.post(
            "/login", data={"username": "rita", "password": PASSWORD, "csrf": csrf_of(form.text)}
        )
        await app.state.queue.pool.aclose()
    assert signed.status_code == 503 and "redis" in signed.text.lower()


async def test_a_bad_form_is_the_error_page_and_a_comment_has_the_apis_limit(
    client: httpx.AsyncClient, keys: Keys, settings: Settings, make_user: MakeUser
) -> None:
    answer_id, page = await open_as_rita(client, keys, settings, make_user)
    missing = await client.post(f"/review/{answer_id}/rate", data={"csrf": csrf_of(page.text)})
    assert missing.status_code == 422 and "text/html" in missing.headers["content-type"]
    assert "rating" in missing.text  # names the missing field, on the error page
    long = await client.post(
        f"/review/{answer_id}/rate",
        data={"rating": "correct", "comment": "x" * 5001, "csrf": csrf_of(page.text)},
    )
    assert long.status_code == 400 and "5000" in long.text


async def test_every_page_shows_its_texts_not_python_objects(
    client: httpx.AsyncClient, keys: Keys, settings: Settings, make_user: MakeUser
) -> None:
    # The rating page's keyboard help read `t.keys`, which Jinja found as the dict's method:
    # "<built-in method keys of dict object at 0x...>", in both languages.
    rated_id = await post_verified(client, keys, settings, FABRICATED)
    open_id = await post_verified(client, keys, settings, "Sie kostete 39,95 EUR [1].")
    await make_user("adam", "admin")  # sees every page: the queue, rating, reveal, figures
    await sign_in(client, "adam")
    page = await client.get(f"/review/{rated_id}")
    await client.post(
        f"/review/{rated_id}/rate", data={"rating": "correct", "csrf": csrf_of(page.text)}
    )
    help_text = {"en": "Keyboard: 1 correct", "de": "Tastatur: 1 richtig"}
    for lang in ("en", "de"):
        pages = {
            path: await client.get(f"{path}?lang={lang}")
            for path in (
                "/login", "/review", f"/review/{open_id}", f"/review/{rated_id}/reveal",
                "/analytics", "/review/no-such-answer",
            )
        }  # fmt: skip
        for path, response in pages.items():
            for python in ("built-in method", "bound method", "<function ", " object at 0x"):
                assert python not in response.text, (lang, path, python)
        rate_page = pages[f"/review/{open_id}"].text
        assert f'<p class="keys" id="keys" hidden>{help_text[lang]}' in rate_page
