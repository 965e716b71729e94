"""What a tenant and a username may be when the command line creates them."""

from __future__ import annotations

import re

# A tenant travels in query strings (`?tenant=`) and Redis keys, and is typed by hand to
# `--tenant` of several commands: plain characters only, so it never needs quoting anywhere.
# ':' too: tenants such as "acme:eu" were made before this rule and must get keys still.
TENANT_RULE = "1 to 64 letters, digits, '-', '_', '.' or ':'"
_TENANT = re.compile(r"[A-Za-z0-9._:-]{1,64}")
# The users table holds 100 characters of a username.
MAX_USERNAME = 100
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def tenant_problem(tenant: str) -> str | None:
    """Why a tenant name cannot be given to a new key or account, or None."""
    if _TENANT.fullmatch(tenant):
        return None
    return f"a tenant is {TENANT_RULE}, not {tenant!r}"


def username_problem(username: str) -> str | None:
    """Why a new account cannot have this username, or None: one that is blank, or has a space
    at either end, could never be typed back on the sign-in form as stored."""
    if not username.strip():
        return f"a username must not be blank, not {username!r}"
    if username != username.strip():
        return f"a username must not start or end with a space, not {username!r}"
    if _CONTROL.search(username):
        return f"a username must not hold control characters, not {username!r}"
    if len(username) > MAX_USERNAME:
        return f"a username has at most {MAX_USERNAME} characters, not {len(username)}"
    return None
