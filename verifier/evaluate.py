"""Run the checks over a labeled catalog and measure false alarms and catch rate."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TextIO

from verifier.analytics.stats import Confusion, Rate
from verifier.cases import LABELS
from verifier.pipeline import sources_of, verify_case, with_judge


@dataclass(slots=True)
class Tally:
    """One flagging system (code stage, judge, or both) over labeled cases: the confusion
    matrix the analysts see, plus the catches among errors the code stage can see."""

    confusion: Confusion = field(default_factory=Confusion)
    visible: int = 0
    visible_catches: int = 0

    def add(self, label: str | None, visible: bool, flagged: bool) -> None:
        """Count one case (unlabeled ones count nowhere; 'partly' is incorrect, as in the
        analysts' figures)."""
        if label not in LABELS:
            return
        self.confusion.add(flagged, human_correct=label == "correct")
        if label != "correct" and visible:
            self.visible += 1
            self.visible_catches += flagged

    @property
    def false_alarms(self) -> int:
        """Correct answers flagged."""
        return self.confusion.flagged_correct

    def lines(self, name: str) -> list[str]:
        """The system's figures, one per line."""
        c = self.confusion
        kappa = "no data" if c.kappa() is None else f"{c.kappa():.2f}"
        return [
            f"[{name}] false-alarm rate (flagged among correct): {c.false_alarm_rate().describe()}",
            f"[{name}] catch rate (flagged among incorrect):     {c.catch_rate().describe()}",
            f"[{name}] catch rate where code can see the error:  "
            f"{Rate(self.visible_catches, self.visible).describe()}",
            f"[{name}] precision (incorrect among flagged):      {c.precision().describe()}",
            f"[{name}] Cohen's kappa: {kappa}",
        ]


@dataclass(slots=True)
class EvalSummary:
    """Per system: false alarms among correct answers, catches among incorrect ones and among
    those whose error the code stage can see; plus why the judge did not rule, if it did not."""

    cases: int = 0
    systems: dict[str, Tally] = field(default_factory=lambda: {"code": Tally()})
    judge_statuses: Counter[str] = field(default_factory=Counter)

    def lines(self) -> list[str]:
        """Human-readable summary lines."""
        lines = [f"cases: {self.cases}"]
        for name, tally in self.systems.items():
            lines += tally.lines(name)
        if self.judge_statuses:
            counts = ", ".join(f"{k}: {v}" for k, v in sorted(self.judge_statuses.items()))
            lines.append(f"judge outcomes: {counts}")
        return lines


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
    if case.get("label") not in ("incorrect", "partly"):
        return False
    if "check" in case:
        return bool(case["check"] != "judge")
    known = _number_forms(case.get("question", ""))
    for excerpt in case["excerpts"]:
        known |= _number_forms(excerpt["text"])
    return any(_number_forms(span.get("text", "")) - known for span in case.get("spans", []))


JudgeFn = Callable[[dict[str, Any]], dict[str, Any]]


def evaluate(
    cases: Iterable[dict[str, Any]], out: TextIO | None = None, judge: JudgeFn | None = None
) -> EvalSummary:
    """Verify each case (and judge it, given a judge), write one line per case, summarise."""
    summary = EvalSummary()
    if judge is not None:
        summary.systems.update(judge=Tally(), combined=Tally())
    for case in cases:
        verdict = verify_case(case["question"], case["answer"], sources_of(case["excerpts"]))
        label, visible = case.get("label"), code_visible(case)
        summary.cases += 1
        summary.systems["code"].add(label, visible, verdict.flagged)
        if judge is not None:
            stage = judge(case)
            summary.judge_statuses[stage["status"]] += 1
            if stage["status"] in ("ok", "objection"):
                summary.systems["judge"].add(label, visible, bool(stage["flagged"]))
            verdict = with_judge(verdict, stage, case["answer"])
            summary.systems["combined"].add(label, visible, verdict.flagged)
        if out is not None:
            row = {
                "id": case["id"],
                "label": label,
                "flagged": verdict.flagged,
                "reasons": [r.model_dump() for r in verdict.reasons],
                "findings": verdict.stages,
            }
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
    return summary
