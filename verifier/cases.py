"""Case files of `verifier check` and `verifier eval`, validated as the API validates a post."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pydantic import StrictInt, StrictStr, ValidationError, field_validator

from verifier.schemas import AnswerIn, ExcerptIn, describe_errors

LABELS = ("correct", "incorrect", "partly")


class CaseIn(AnswerIn):
    """One case: a submission as the API takes it (the same fields, each checked the same way),
    plus the fields of a labeled catalog line; any other field is refused by name."""

    id: StrictStr | StrictInt | None = None
    label: str | None = None
    # What the shipped catalogs carry beside the submission (shared/cases, shared/bench):
    # the German catalog's kind, check (code or judge) and note, the benchmarks' labeled
    # spans and meta (dataset, model, ...).
    kind: str | None = None
    check: str | None = None
    note: str | None = None
    spans: list[dict[str, Any]] | None = None
    meta: dict[str, Any] | None = None

    @field_validator("id")
    @classmethod
    def _id_not_blank(cls, value: str | int | None) -> str | int | None:
        if isinstance(value, str) and not value.strip():
            raise ValueError("id must not be blank")
        return value

    @field_validator("label")
    @classmethod
    def _known_label(cls, value: str | None) -> str | None:
        # A misspelt label would silently count nowhere.
        if value is not None and value not in LABELS:
            raise ValueError(f"label must be one of {', '.join(LABELS)} (or absent), not {value!r}")
        return value

    @field_validator("excerpts")
    @classmethod
    def _has_excerpts(cls, value: list[ExcerptIn]) -> list[ExcerptIn]:
        # The API takes no excerpts only to fetch them from a retrieval endpoint; the command
        # line fetches none, so such a case would be counted unflagged with nothing checked.
        if not value:
            raise ValueError("at least one excerpt is required (the command line fetches none)")
        return value


class CatalogCaseIn(CaseIn):
    """A catalog line: a case with its id, which names it in the results."""

    id: StrictStr | StrictInt


def case_problem(case: Any, model: type[CaseIn] = CaseIn) -> str | None:
    """What makes a parsed case unusable, naming the field, or None."""
    if not isinstance(case, dict):
        return f"a case must be a JSON object, not {type(case).__name__}"
    try:
        model.model_validate(case)
    except ValidationError as exc:
        return describe_errors(exc.errors(), whole="case")
    return None


def load_case(path: Path) -> dict[str, Any]:
    """The one case of a JSON file; a malformed one names the file and the problem."""
    try:
        case = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path}: not valid JSON: {exc.msg}") from exc
    if problem := case_problem(case):
        raise ValueError(f"{path}: {problem}")
    loaded: dict[str, Any] = case
    return loaded


def read_cases(path: Path) -> Iterator[dict[str, Any]]:
    """Cases from a JSONL catalog; a malformed line, or one whose id an earlier line has,
    names its line number."""
    first_line: dict[str | int, int] = {}
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                case = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ValueError(f"{path}:{number}: not valid JSON: {exc.msg}") from exc
            if problem := case_problem(case, CatalogCaseIn):
                raise ValueError(f"{path}:{number}: {problem}")
            # Results are told apart by id: a repeated one would make two cases one.
            if (earlier := first_line.setdefault(case["id"], number)) != number:
                raise ValueError(f"{path}:{number}: id {case['id']!r} repeats line {earlier}")
            yield case
