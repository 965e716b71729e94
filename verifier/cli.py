"""The `verifier` command: serving, keys and accounts, health, figures and checks."""

from __future__ import annotations

import argparse
import asyncio
import getpass
import json
import sys
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy.exc import IntegrityError

from verifier.analytics.format import figures_csv, figures_text
from verifier.analytics.service import report, unknown_tenant_note
from verifier.analytics.window import window
from verifier.cases import load_case, read_cases
from verifier.config import Settings, SettingsError, get_settings
from verifier.db import open_database
from verifier.doctor import cmd_doctor
from verifier.evaluate import JudgeFn, evaluate
from verifier.exceptions import VerifierError
from verifier.judge.client import probe
from verifier.judge.stage import run_judge
from verifier.keys import ROLES, create_key, revoke_key
from verifier.names import tenant_problem, username_problem
from verifier.pipeline import sources_of, titles_of, verify_case, with_judge
from verifier.review.auth import USER_ROLES, create_user
from verifier.serving import cmd_api, cmd_serve, cmd_worker, migrate_database


async def _create_key(
    settings: Settings, role: Any, tenant: str, expires_days: float | None
) -> str:
    expires = datetime.now(UTC) + timedelta(days=expires_days) if expires_days is not None else None
    async with open_database(settings.resolved_database_url()) as sessionmaker:
        secret, _ = await create_key(sessionmaker, role, tenant, expires)
    return secret


async def _revoke_key(settings: Settings, prefix: str) -> int:
    async with open_database(settings.resolved_database_url()) as sessionmaker:
        return await revoke_key(sessionmaker, prefix)


def cmd_keys_revoke(args: argparse.Namespace) -> int:
    """Revoke a key by its first characters (as printed, or as stored in the log)."""
    settings = get_settings()
    migrate_database(settings)
    count = asyncio.run(_revoke_key(settings, args.key))
    if count == 0:
        raise ValueError(f"no live key starts with {args.key[:9]!r}")
    print(
        f"revoked {count} key(s); running APIs stop accepting them within "
        f"VERIFIER_KEY_CACHE_TTL_S ({settings.key_cache_ttl_s:g} s)",
        file=sys.stderr,
    )
    return 0


def cmd_keys_create(args: argparse.Namespace) -> int:
    """Print a new key once; only its hash is stored."""
    settings = get_settings()
    migrate_database(settings)
    secret = asyncio.run(_create_key(settings, args.role, args.tenant, args.expires_days))
    print(secret)
    print(
        f"role={args.role} tenant={args.tenant}; store it now, it is not shown again",
        file=sys.stderr,
    )
    return 0


async def _create_user(settings: Settings, args: argparse.Namespace, password: str) -> None:
    async with open_database(settings.resolved_database_url()) as sessionmaker:
        await create_user(sessionmaker, args.username, password, args.role, args.tenant)


def cmd_users_create(args: argparse.Namespace) -> int:
    """Create a web account; the password comes from a prompt or, when piped, from stdin."""
    settings = get_settings()
    migrate_database(settings)
    if sys.stdin.isatty():
        password = getpass.getpass(f"password for {args.username}: ")
        if getpass.getpass("again: ") != password:
            raise ValueError("the passwords differ")
    else:
        password = sys.stdin.readline().rstrip("\n")
    try:
        asyncio.run(_create_user(settings, args, password))
    except IntegrityError as exc:
        raise ValueError(f"a user named {args.username!r} exists already") from exc
    print(f"created {args.role} {args.username!r} of tenant {args.tenant!r}", file=sys.stderr)
    return 0


async def _report(
    settings: Settings, args: argparse.Namespace
) -> tuple[dict[str, Any], str | None]:
    since, until = window(args.start, args.end)
    async with open_database(settings.resolved_database_url()) as sessionmaker:
        async with sessionmaker() as session:
            figures = await report(session, args.tenant, since, until, args.bucket)
            # An empty window is "no data"; a tenant with no answer at all is likely misspelt.
            posted = figures["coverage"]["posted"]
            note = await unknown_tenant_note(session, args.tenant) if posted == 0 else None
            return figures, note


def cmd_report(args: argparse.Namespace) -> int:
    """Print the experiment's figures for a tenant and window as text, JSON or CSV."""
    settings = get_settings()
    migrate_database(settings)
    figures, note = asyncio.run(_report(settings, args))
    if args.format == "json":
        print(json.dumps(figures, ensure_ascii=False, indent=2))
    elif args.format == "csv":
        print(figures_csv(figures), end="")
    else:
        print("\n".join(figures_text(figures)))
    if note:  # on stderr: JSON and CSV on stdout stay what a program reads
        print(f"verifier: {note}", file=sys.stderr)
    return 0


def _days(value: str) -> float:
    """A key's lifetime in days: more than none, and a date the calendar still has."""
    days = float(value)
    if not 0 < days <= 36500:
        raise argparse.ArgumentTypeError(f"must be more than 0 and at most 36500 days, not {value}")
    return days


def _checked(problem: Callable[[str], str | None]) -> Callable[[str], str]:
    """An argparse type that refuses a value naming its problem."""

    def check(value: str) -> str:
        if why := problem(value):
            raise argparse.ArgumentTypeError(why)
        return value

    return check


def _port(value: str) -> int:
    """A TCP port: uvicorn took 99999 and said it listened there, on no port at all."""
    try:
        port = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a port number, not {value!r}") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"must be a port from 1 to 65535, not {value}")
    return port


def _judge_fn(settings: Settings, no_judge: bool) -> tuple[JudgeFn | None, dict[str, Any]]:
    """A judge for cases, or None with the judge stage that says why not."""
    if no_judge:
        return None, {"status": "skipped", "flagged": False, "reason": "--no-judge"}
    judge = settings.judge_settings()
    if judge is None:
        return None, {
            "status": "disabled",
            "flagged": False,
            "reason": "VERIFIER_JUDGE_ENABLED is false",
        }
    why_not = asyncio.run(probe(judge.url, judge.model))
    if why_not is not None:
        return None, {"status": "unavailable", "flagged": False, "reason": why_not}

    def run(case: dict[str, Any]) -> dict[str, Any]:
        return asyncio.run(
            run_judge(
                judge,
                case["question"],
                case["answer"],
                sources_of(case["excerpts"]),
                titles_of(case["excerpts"]),
                case.get("answer_model") or _case_model(case),
            )
        )

    return run, {}


def _case_model(case: dict[str, Any]) -> str | None:
    model = case.get("meta", {}).get("model") if isinstance(case.get("meta"), dict) else None
    return str(model) if model else None


def cmd_check(args: argparse.Namespace) -> int:
    """Verify one case synchronously and print the verdict as JSON."""
    case = load_case(Path(args.case))
    verdict = verify_case(case["question"], case["answer"], sources_of(case["excerpts"]))
    judge, stage = _judge_fn(get_settings(), args.no_judge)
    verdict = with_judge(verdict, judge(case) if judge else stage, case["answer"])
    print(json.dumps(verdict.model_dump(mode="json"), ensure_ascii=False, indent=2))
    return 0


def cmd_eval(args: argparse.Namespace) -> int:
    """Verify a catalog and print false-alarm and catch rates."""
    # Every case is read and checked first: a bad line stops the run before any verdict is
    # worked out and before --out replaces an earlier run's results.
    cases = list(read_cases(Path(args.cases)))
    judge, stage = _judge_fn(get_settings(), args.no_judge)
    if judge is None:
        print(f"judge: not run ({stage['status']}: {stage['reason']}); code stage only")
    if args.out:
        with Path(args.out).open("w", encoding="utf-8") as out:
            summary = evaluate(cases, out, judge)
    else:
        summary = evaluate(cases, judge=judge)
    print(f"catalog: {args.cases}")
    for line in summary.lines():
        print(line)
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = argparse.ArgumentParser(prog="verifier")
    sub = parser.add_subparsers(dest="command", required=True)

    for name, handler, helptext in (
        ("serve", cmd_serve, "API + worker (+ embedded Redis when none is configured)"),
        ("api", cmd_api, "the HTTP API alone"),
    ):
        p = sub.add_parser(name, help=helptext)
        p.add_argument("--host", default="127.0.0.1")
        p.add_argument("--port", type=_port, default=8000)
        p.set_defaults(handler=handler)
    sub.add_parser("worker", help="a worker alone").set_defaults(handler=cmd_worker)

    keys = sub.add_parser("keys", help="API keys").add_subparsers(
        dest="keys_command", required=True
    )
    create = keys.add_parser("create", help="create a key and print it once")
    create.add_argument("--role", choices=ROLES, required=True)
    create.add_argument("--tenant", type=_checked(tenant_problem), default="default")
    create.add_argument("--expires-days", type=_days, metavar="DAYS")
    create.set_defaults(handler=cmd_keys_create)

    revoke = keys.add_parser("revoke", help="revoke a key by its first characters")
    revoke.add_argument("key", help="the key, or at least its first 9 characters")
    revoke.set_defaults(handler=cmd_keys_revoke)

    users = sub.add_parser("users", help="web accounts").add_subparsers(
        dest="users_command", required=True
    )
    user = users.add_parser("create", help="create a reviewer, analyst or admin account")
    user.add_argument("username", type=_checked(username_problem))
    user.add_argument("--role", choices=USER_ROLES, required=True)
    user.add_argument("--tenant", type=_checked(tenant_problem), default="default")
    user.set_defaults(handler=cmd_users_create)

    doctor = sub.add_parser(
        "doctor", help="the judge's Ollama and the monitors of function; exit 1 when one is off"
    )
    doctor.set_defaults(handler=cmd_doctor)

    rep = sub.add_parser("report", help="false alarms and catch rate against blind ratings")
    rep.add_argument("--tenant", default="default")
    rep.add_argument("--from", dest="start", metavar="DATE")
    rep.add_argument("--to", dest="end", metavar="DATE")
    rep.add_argument("--bucket", choices=("day", "week"), default="week")
    rep.add_argument("--format", choices=("text", "json", "csv"), default="text")
    rep.set_defaults(handler=cmd_report)

    check = sub.add_parser("check", help="verify one case file and print the verdict")
    check.add_argument("case", metavar="CASE.json")
    check.add_argument("--no-judge", action="store_true")
    check.set_defaults(handler=cmd_check)

    ev = sub.add_parser("eval", help="verify a JSONL catalog and print its figures")
    ev.add_argument("cases", metavar="CASES.jsonl")
    ev.add_argument("--no-judge", action="store_true")
    ev.add_argument("--out", metavar="RESULTS.jsonl")
    ev.set_defaults(handler=cmd_eval)
    # From the commands themselves: a list written by hand had left one out.
    parser.description = f"The `verifier` command: {', '.join(sub.choices)}."
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `verifier` command."""
    args = build_parser().parse_args(argv)
    try:
        get_settings()  # every command refuses wrong settings before it does anything
        code: int = args.handler(args)
    except SettingsError as exc:
        for problem in exc.problems:
            print(f"verifier: error: {problem}", file=sys.stderr)
        return 2
    except VerifierError as exc:
        print(f"verifier: error: {exc.message}", file=sys.stderr)
        return 2
    except (ValueError, OSError) as exc:
        print(f"verifier: error: {exc}", file=sys.stderr)
        return 2
    return code


if __name__ == "__main__":
    sys.exit(main())
