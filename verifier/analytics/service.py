"""The experiment's figures for one tenant and window, per stage, kind, model and time."""

from __future__ import annotations

from collections import defaultdict
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from verifier.analytics.stats import Confusion, Rate
from verifier.store import metrics_queries as queries


def _bucket(day: Any, by: str) -> str:
    value = day if isinstance(day, date) else date.fromisoformat(str(day))
    if by == "week":
        value = value - timedelta(days=value.weekday())
    return value.isoformat()


def _rated(count: int) -> str:
    return f"{count} rated answer" + ("" if count == 1 else "s")


def summary_sentence(confusion: Confusion) -> dict[str, Any]:
    """The experiment rule in words, and whether the verifier shows an effect."""
    catch, false_alarm = confusion.catch_rate(), confusion.false_alarm_rate()
    catch_ci, alarm_ci = catch.interval(), false_alarm.interval()
    if catch_ci is None or alarm_ci is None:
        return {
            "text": f"no data: {_rated(confusion.total)}, and the figures need both "
            "correct and incorrect ones",
            "effect": None,
        }
    effect = catch_ci[0] > alarm_ci[1]
    return {
        "text": (
            f"catch rate {catch.value:.1%} (CI {catch_ci[0]:.1%}–{catch_ci[1]:.1%}) at "
            f"false-alarm rate {false_alarm.value:.1%} (CI {alarm_ci[0]:.1%}–{alarm_ci[1]:.1%}) "
            f"over {_rated(confusion.total)}; the catch rate's lower bound is "
            + ("above" if effect else "not above")
            + " the false-alarm rate's upper bound"
        ),
        "effect": effect,
    }


async def report(
    session: AsyncSession,
    tenant: str,
    start: datetime,
    end: datetime,
    bucket: str = "day",
    disagreements_offset: int = 0,
) -> dict[str, Any]:
    """Every figure the analysts decide with; nothing about answers without a blind rating.
    The disagreements are a page of them (the newest first, from disagreements_offset);
    disagreements_total counts them all."""
    combined, code, judge = Confusion(), Confusion(), Confusion()
    by_judge_model: dict[str, Confusion] = defaultdict(Confusion)
    by_prompt: dict[str, Confusion] = defaultdict(Confusion)
    by_answer_model: dict[str, Confusion] = defaultdict(Confusion)
    over_time: dict[str, Confusion] = defaultdict(Confusion)
    for row in await queries.rated_groups(session, tenant, start, end):
        correct, n = bool(row["human_correct"]), int(row["n"])
        combined.add(row["flagged"], correct, n)
        code.add(row["code_flagged"], correct, n)
        over_time[_bucket(row["day"], bucket)].add(row["flagged"], correct, n)
        by_answer_model[row["answer_model"] or "unknown"].add(row["flagged"], correct, n)
        if row["judge_flagged"] is not None:  # the judge ruled
            judge.add(row["judge_flagged"], correct, n)
            by_judge_model[row["judge_model"] or "unknown"].add(row["judge_flagged"], correct, n)
            by_prompt[row["prompt_version"] or "unknown"].add(row["judge_flagged"], correct, n)

    kinds: dict[tuple[str, str], Confusion] = defaultdict(Confusion)
    for row in await queries.kind_groups(session, tenant, start, end):
        kinds[(row["stage"], row["kind"])].add(True, bool(row["human_correct"]), int(row["n"]))
    human_correct = combined.flagged_correct + combined.passed_correct
    human_incorrect = combined.flagged_incorrect + combined.passed_incorrect

    counts = await queries.coverage_counts(session, tenant, start, end)
    return {
        "tenant": tenant,
        "from": start.isoformat(),
        "to": end.isoformat(),
        "summary": summary_sentence(combined),
        "coverage": {
            **counts,
            "rated_among_verified": Rate(counts["rated"], counts["verified"]).as_dict(),
            "verified_among_posted": Rate(counts["verified"], counts["posted"]).as_dict(),
        },
        "stages": {
            "combined": combined.as_dict(),
            "code": code.as_dict(),
            "judge": judge.as_dict(),
        },
        "by_kind": [
            {
                "stage": stage,
                "kind": kind,
                "false_alarm_rate": Rate(c.flagged_correct, human_correct).as_dict(),
                "catch_rate": Rate(c.flagged_incorrect, human_incorrect).as_dict(),
                "precision": c.precision().as_dict(),
            }
            for (stage, kind), c in sorted(kinds.items())
        ],
        "by_judge_model": {k: c.as_dict() for k, c in sorted(by_judge_model.items())},
        "by_prompt_version": {k: c.as_dict() for k, c in sorted(by_prompt.items())},
        "by_answer_model": {k: c.as_dict() for k, c in sorted(by_answer_model.items())},
        "over_time": [{"bucket": k, **c.as_dict()} for k, c in sorted(over_time.items())],
        "disagreements": [
            {
                "id": row["id"],
                "question": row["question"],
                "received_at": row["received_at"].isoformat(),
                "flagged": row["flagged"],
                "rating": row["rating"],
                "kind": "false_alarm" if row["flagged"] else "miss",
                "reveal_url": f"/review/{row['id']}/reveal",
            }
            for row in await queries.disagreements(
                session, tenant, start, end, offset=disagreements_offset
            )
        ],
        "disagreements_total": await queries.count_disagreements(session, tenant, start, end),
    }


TENANTS_NAMED = 20  # of the tenants with answers, in a note about one without


async def unknown_tenant_note(session: AsyncSession, tenant: str) -> str | None:
    """A note when the tenant has no answer in any window (a misspelt tenant, most often),
    naming the tenants that have some; None when it has answers."""
    if await queries.has_answers(session, tenant):
        return None
    known = await queries.tenants_with_answers(session)
    named = ", ".join(known[:TENANTS_NAMED]) or "none"
    if len(known) > TENANTS_NAMED:
        named += f" and {len(known) - TENANTS_NAMED} more"
    return f"no answers for tenant {tenant!r} in any window; tenants with answers: {named}"
