"""The time window of a report: dates or ISO times, [from, to), the last 30 days by default."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

from verifier.exceptions import Unprocessable

# Every moment is compared in UTC (SQLite stores and compares the UTC text). Nothing this
# service logs predates 1970; the bounds keep the day arithmetic below (a day added, thirty
# taken) and the offsets' conversion to UTC away from the ends of Python's calendar.
EARLIEST = datetime(1970, 1, 1, tzinfo=UTC)
LATEST = datetime(9999, 1, 1, tzinfo=UTC)


def parse_moment(value: str | None, name: str) -> tuple[datetime, bool] | None:
    """A date (midnight UTC) or an ISO datetime in UTC, and whether it was a date alone.

    Anything else is a 422 naming the parameter."""
    if not value:
        return None
    try:
        return datetime.combine(date.fromisoformat(value), time(), UTC), True
    except ValueError:
        pass  # not a date alone (2026-11-10, 20261110): a time then
    try:
        moment = datetime.fromisoformat(value)
        moment = (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).astimezone(UTC)
    except ValueError as exc:
        raise Unprocessable(f"{name}: {value!r} is not a date (YYYY-MM-DD) or ISO time") from exc
    except OverflowError as exc:
        raise Unprocessable(f"{name}: {value!r} is out of range") from exc
    return moment, False


def window(start: str | None, end: str | None) -> tuple[datetime, datetime]:
    """[from, to): defaults to the 30 days before now; 'to' given as a date includes that day."""
    until = parse_moment(end, "to")
    if until is None:
        to = datetime.now(UTC)
    else:
        to = _within(until[0], "to", end) + (timedelta(days=1) if until[1] else timedelta())
    since = parse_moment(start, "from")
    begin = to - timedelta(days=30) if since is None else _within(since[0], "from", start)
    if begin >= to:
        # The user's own values: 'to' as computed is the day after a date given.
        if until is None:
            bound = f"now ({to:%Y-%m-%d %H:%M} UTC), the default to"
        else:
            bound = f"to {end!r}" + (" or on that day" if until[1] else "")
        raise Unprocessable(f"from {start!r} must be before {bound}")
    return begin, to


def _within(moment: datetime, name: str, value: str | None) -> datetime:
    if not EARLIEST <= moment < LATEST:
        raise Unprocessable(
            f"{name}: {value!r} is out of range ({EARLIEST.year} to {LATEST.year - 1})"
        )
    return moment
