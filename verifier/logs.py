"""JSON logs, one object a line, with the answer id on every line of its job."""

from __future__ import annotations

import json
import logging
from contextvars import ContextVar
from datetime import UTC, datetime

answer_id_var: ContextVar[str | None] = ContextVar("answer_id", default=None)
_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", (), None))) | {"message", "asctime"}


class JsonFormatter(logging.Formatter):
    """Formats records as JSON; extra fields given to the logger are kept."""

    def format(self, record: logging.LogRecord) -> str:
        """One JSON object for the record."""
        entry: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        answer_id = answer_id_var.get()
        if answer_id is not None:
            entry["answer_id"] = answer_id
        entry.update({k: v for k, v in vars(record).items() if k not in _STANDARD})
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str, ensure_ascii=False)


# httpx logs every request at INFO; a judge call's outcome is already in its own records
# and in the verdict, so a line per call is noise that costs the worker a write per answer.
QUIET_LIBRARIES = {"httpx": logging.WARNING}


def quiet_libraries(level: int | str = logging.INFO) -> None:
    """Raise the level of libraries that log every routine call, unless DEBUG asks for all."""
    wanted = logging.getLevelName(level) if isinstance(level, str) else level
    for name, quiet in QUIET_LIBRARIES.items():
        logging.getLogger(name).setLevel(logging.NOTSET if wanted <= logging.DEBUG else quiet)


def setup_logging(level: str = "INFO") -> None:
    """Send every logger's records to stderr as JSON lines."""
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    quiet_libraries(level)
