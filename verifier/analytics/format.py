"""The report and the exports as plain text and as CSV."""

from __future__ import annotations

import csv
import io
from datetime import datetime
from typing import Any

from verifier.store.metrics_queries import EXPORT_FIELDS

ROW_FIELDS = (
    "section",
    "key",
    "rated",
    "flagged_incorrect",
    "flagged_correct",
    "passed_incorrect",
    "passed_correct",
    "catch_rate",
    "false_alarm_rate",
    "precision",
    "kappa",
)


def _rows(figures: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    rows = [("stage", name, c) for name, c in figures["stages"].items()]
    for section in ("by_judge_model", "by_prompt_version", "by_answer_model"):
        rows += [(section, name, c) for name, c in figures[section].items()]
    rows += [("over_time", b["bucket"], b) for b in figures["over_time"]]
    return rows


def figures_text(figures: dict[str, Any]) -> list[str]:
    """Readable lines: the experiment sentence, coverage, then each stage and kind."""
    coverage = figures["coverage"]
    lines = [
        f"tenant {figures['tenant']}, {figures['from']} to {figures['to']}",
        figures["summary"]["text"],
        f"coverage: {coverage['rated']} rated / {coverage['verified']} verified / "
        f"{coverage['posted']} posted",
    ]
    for section, key, c in _rows(figures):
        kappa = "no data" if c["kappa"] is None else f"{c['kappa']:.2f}"
        lines.append(
            f"[{section} {key}] catch {c['catch_rate']['text']}; false alarms "
            f"{c['false_alarm_rate']['text']}; precision {c['precision']['text']}; "
            f"kappa {kappa}"
        )
    for kind in figures["by_kind"]:
        lines.append(
            f"[kind {kind['stage']}/{kind['kind']}] catch {kind['catch_rate']['text']}; "
            f"false alarms {kind['false_alarm_rate']['text']}"
        )
    return lines


# A spreadsheet runs a cell that starts with one of these as a formula ("=HYPERLINK(...)"):
# comments, questions and model names come from reviewers and chatbots.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value: Any) -> Any:
    """A text cell that a spreadsheet would run as a formula, quoted to stay text."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def figures_csv(figures: dict[str, Any]) -> str:
    """The figures the text report gives, as CSV: coverage counts (in `rated`), one row per
    stage, model, prompt version and time bucket, and one per finding kind (its rates)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(ROW_FIELDS)
    for name in ("posted", "verified", "rated"):
        writer.writerow(["coverage", name, figures["coverage"][name], *[""] * 8])
    for section, key, c in _rows(figures):
        matrix = c["matrix"]
        writer.writerow(
            [
                section,
                spreadsheet_safe(key),
                c["rated"],
                matrix["flagged_incorrect"],
                matrix["flagged_correct"],
                matrix["passed_incorrect"],
                matrix["passed_correct"],
                c["catch_rate"]["value"],
                c["false_alarm_rate"]["value"],
                c["precision"]["value"],
                c["kappa"],
            ]
        )
    for kind in figures["by_kind"]:
        rates = [kind[name]["value"] for name in ("catch_rate", "false_alarm_rate", "precision")]
        key = spreadsheet_safe(f"{kind['stage']}/{kind['kind']}")
        writer.writerow(["by_kind", key, "", "", "", "", "", *rates, ""])
    return buffer.getvalue()


def jsonable(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows with timestamps as ISO strings."""
    return [
        {k: v.isoformat() if isinstance(v, datetime) else v for k, v in row.items()} for row in rows
    ]


def to_csv(rows: list[dict[str, Any]]) -> str:
    """Rows as CSV with a header line (just the header when there are none)."""
    buffer = io.StringIO()
    fields = list(rows[0]) if rows else list(EXPORT_FIELDS)
    writer = csv.DictWriter(buffer, fieldnames=fields)
    writer.writeheader()
    writer.writerows({k: spreadsheet_safe(v) for k, v in row.items()} for row in jsonable(rows))
    return buffer.getvalue()
