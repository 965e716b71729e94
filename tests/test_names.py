"""The rules of tenant names and usernames, at their edges."""

from __future__ import annotations

import pytest

from verifier.names import MAX_USERNAME, tenant_problem, username_problem


# "acme:eu": tenants with a colon were made before the rule, and must get keys still.
@pytest.mark.parametrize("tenant", ["default", "home", "acme", "a", "A.b-c_9", "acme:eu", "t" * 64])
def test_plain_tenants_are_taken(tenant: str) -> None:
    assert tenant_problem(tenant) is None


@pytest.mark.parametrize(
    "tenant", ["", " ", "a b", "a/b", "t" * 65, "Süd", "a\\n", "a?b", "a&tenant=b"]
)
def test_tenants_that_need_quoting_somewhere_are_refused(tenant: str) -> None:
    problem = tenant_problem(tenant)
    assert problem is not None and repr(tenant) in problem


@pytest.mark.parametrize("username", ["rita", "Rita Süß", "r@home.example", "r" * MAX_USERNAME])
def test_usernames_one_can_type_are_taken(username: str) -> None:
    assert username_problem(username) is None


@pytest.mark.parametrize(
    ("username", "said"),
    [
        ("", "must not be blank"),
        ("   ", "must not be blank"),
        ("\t", "must not be blank"),
        (" rita", "start or end with a space"),
        ("rita\n", "start or end with a space"),
        ("ri\x00ta", "control characters"),
        ("r" * (MAX_USERNAME + 1), f"at most {MAX_USERNAME} characters"),
    ],
)
def test_usernames_that_cannot_sign_in_are_refused(username: str, said: str) -> None:
    problem = username_problem(username)
    assert problem is not None and said in problem
