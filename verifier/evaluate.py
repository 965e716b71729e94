"""Run the checks over a labeled catalog and measure false alarms and catch rate."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from verifier.pipeline import sources_of, verify_case


@dataclass(frozen=True, slots=True)
class Rate:
    """A proportion with its counts and 95% Wilson interval; no data when the base is 0."""

    hits: int
    total: int

    @property
    def value(self) -> float | None:
        """The proportion, or None when nothing was counted."""
        return self.hits / self.total if self.total else None

    def interval(self, z: float = 1.96) -> tuple[float, float] | None:
        """The Wilson score interval, or None when nothing was counted."""
        if not self.total:
            return None
        p, n = self.hits / self.total, self.total
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return max(0.0, centre - margin), min(1.0, centre + margin)

    def describe(self) -> str:
        """'12.5% (95% CI 4.1–28.3%, 4/32)' or 'no data (0/0)'."""
        interval = self.interval()
        if interval is None or self.value is None:
            return "no data (0/0)"
        low, high = interval
        return f"{self.value:.1%} (95% CI {low:.1%}–{high:.1%}, {self.hits}/{self.total})"


@dataclass(frozen=True, slots=True)
class EvalSummary:
    """False alarms among correct answers, catches among incorrect ones and among those
    whose error the code stage can see."""

    cases: int
    false_alarms: Rate
    catches: Rate
    visible_catches: Rate

    def lines(self) -> list[str]:
        """Human-readable summary lines."""
        return [
            f"cases: {self.cases}",
            f"false-alarm rate (flagged among correct): {self.false_alarms.describe()}",
            f"catch rate (flagged among incorrect):     {self.catches.describe()}",
            f"catch rate where code can see the error:  {self.visible_catches.describe()}",
        ]


# A deliberately simple reading of numbers, independent of verifier.checks, so that the
# code stage is not measured against its own idea of what a number is.
_RAW_NUMBER = re.compile(r"\d+(?:[.,:]\d+)*(?:\s*([ap])\.?m\b)?", re.IGNORECASE)
_LIST_NUMBER = re.compile(r"^[ \t]*\d+[.)][ \t]", re.MULTILINE)
_YEAR_RANGE = re.compile(r"\b((?:19|20)\d\d)[-–/](\d\d)\b")


def _number_forms(text: str) -> set[str]:
    """Digits of each number; clock times also as minutes after midnight; 2016-20 also 2020."""
    listed = {m.end() - 3 for m in _LIST_NUMBER.finditer(text)}
    forms: set[str] = set()
    for match in _RAW_NUMBER.finditer(text):
        token, meridiem = match.group().split()[0], (match.group(1) or "").lower()
        if match.start() + len(token) - 1 in listed or text[: match.start()].endswith("assage "):
            continue  # list numbering and "Passage 2" name no fact
        hours, colon, minutes = token.partition(":")
        if colon and hours.isdigit() and minutes.isdigit():
            clock = int(hours) % 12 + (12 if meridiem == "p" else 0) if meridiem else int(hours)
            forms.add(f"{clock * 60 + int(minutes)}min")
        elif meridiem and token.isdigit():
            forms.add(f"{(int(token) % 12 + (12 if meridiem == 'p' else 0)) * 60}min")
        else:
            forms.add(re.sub(r"\D", "", token))
    forms.update(m.group(1)[:2] + m.group(2) for m in _YEAR_RANGE.finditer(text))
    return forms


def code_visible(case: dict[str, Any]) -> bool:
    """Whether an incorrect case's error is one the code stage can see.

    German cases say so in their "check" field; labeled-span catalogs count when a span holds
    a number that stands in no excerpt nor the question.
    """
    if case.get("label") != "incorrect":
        return False
    if "check" in case:
        return bool(case["check"] != "judge")
    known = _number_forms(case.get("question", ""))
    for excerpt in case["excerpts"]:
        known |= _number_forms(excerpt["text"])
    return any(_number_forms(span.get("text", "")) - known for span in case.get("spans", []))


def read_cases(path: Path) -> Iterator[dict[str, Any]]:
    """Cases from a JSONL catalog; a malformed line names its line number."""
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                case: dict[str, Any] = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ValueError(f"{path}:{number}: not valid JSON: {exc.msg}") from exc
            missing = {"id", "question", "answer", "excerpts"} - case.keys()
            if missing:
                raise ValueError(f"{path}:{number}: case lacks {sorted(missing)}")
            yield case


def evaluate(cases: Iterable[dict[str, Any]], out: TextIO | None = None) -> EvalSummary:
    """Verify each case, write one result line per case to out, and summarise."""
    total = flagged_correct = correct = flagged_incorrect = incorrect = 0
    visible = flagged_visible = 0
    for case in cases:
        verdict = verify_case(case["question"], case["answer"], sources_of(case["excerpts"]))
        label = case.get("label")
        total += 1
        if label == "correct":
            correct += 1
            flagged_correct += verdict.flagged
        elif label == "incorrect":
            incorrect += 1
            flagged_incorrect += verdict.flagged
            if code_visible(case):
                visible += 1
                flagged_visible += verdict.flagged
        if out is not None:
            row = {
                "id": case["id"],
                "label": label,
                "flagged": verdict.flagged,
                "reasons": [r.model_dump() for r in verdict.reasons],
                "findings": verdict.stages,
            }
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
    return EvalSummary(
        total,
        Rate(flagged_correct, correct),
        Rate(flagged_incorrect, incorrect),
        Rate(flagged_visible, visible),
    )
