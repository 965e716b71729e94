"""The time window of a report: dates or ISO times, [from, to), the last 30 days by default."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from verifier.exceptions import Unprocessable


def parse_moment(value: str | None, name: str) -> datetime | None:
    """A date (midnight UTC) or an ISO datetime; a clear 422 for anything else."""
    if not value:
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError as exc:
        raise Unprocessable(f"{name}: {value!r} is not a date (YYYY-MM-DD) or ISO time") from exc
    if len(value) == 10:
        moment = datetime.combine(date.fromisoformat(value), datetime.min.time())
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def window(start: str | None, end: str | None) -> tuple[datetime, datetime]:
    """[from, to): defaults to the 30 days before now; 'to' given as a date includes that day."""
    to = parse_moment(end, "to")
    if to is not None and end is not None and len(end) == 10:
        to += timedelta(days=1)
    to = to or datetime.now(UTC)
    since = parse_moment(start, "from") or to - timedelta(days=30)
    if since >= to:
        raise Unprocessable(f"from ({since.isoformat()}) must be before to ({to.isoformat()})")
    return since, to
