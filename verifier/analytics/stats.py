"""Proportions with Wilson intervals, confusion matrices and Cohen's kappa; 'no data' for 0/0."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any


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

    def as_dict(self) -> dict[str, Any]:
        """JSON form: value and interval are null, never 0 or NaN, when there is no data."""
        interval = self.interval()
        return {
            "value": self.value,
            "ci_low": interval[0] if interval else None,
            "ci_high": interval[1] if interval else None,
            "hits": self.hits,
            "total": self.total,
            "text": self.describe(),
        }


@dataclass(slots=True)
class Confusion:
    """Verifier flag against the human's blind rating (partly correct counts as incorrect)."""

    flagged_incorrect: int = 0
    flagged_correct: int = 0
    passed_incorrect: int = 0
    passed_correct: int = 0

    def add(self, flagged: bool, human_correct: bool, count: int = 1) -> None:
        """Count answers with this flag and rating."""
        if flagged and human_correct:
            self.flagged_correct += count
        elif flagged:
            self.flagged_incorrect += count
        elif human_correct:
            self.passed_correct += count
        else:
            self.passed_incorrect += count

    @property
    def total(self) -> int:
        """All counted answers."""
        return (
            self.flagged_incorrect
            + self.flagged_correct
            + self.passed_incorrect
            + self.passed_correct
        )

    def false_alarm_rate(self) -> Rate:
        """Flagged among the answers the human called correct."""
        return Rate(self.flagged_correct, self.flagged_correct + self.passed_correct)

    def catch_rate(self) -> Rate:
        """Flagged among the answers the human rejected."""
        return Rate(self.flagged_incorrect, self.flagged_incorrect + self.passed_incorrect)

    def precision(self) -> Rate:
        """Rejected by the human among the flagged answers."""
        return Rate(self.flagged_incorrect, self.flagged_incorrect + self.flagged_correct)

    def kappa(self) -> float | None:
        """Cohen's kappa of flag and rejection; None when agreement by chance is certain."""
        n = self.total
        if not n:
            return None
        flagged = self.flagged_incorrect + self.flagged_correct
        incorrect = self.flagged_incorrect + self.passed_incorrect
        observed = (self.flagged_incorrect + self.passed_correct) / n
        chance = (flagged * incorrect + (n - flagged) * (n - incorrect)) / (n * n)
        return None if chance == 1 else (observed - chance) / (1 - chance)

    def as_dict(self) -> dict[str, Any]:
        """Counts and figures in JSON form."""
        return {
            "matrix": {
                "flagged_incorrect": self.flagged_incorrect,
                "flagged_correct": self.flagged_correct,
                "passed_incorrect": self.passed_incorrect,
                "passed_correct": self.passed_correct,
            },
            "rated": self.total,
            "false_alarm_rate": self.false_alarm_rate().as_dict(),
            "catch_rate": self.catch_rate().as_dict(),
            "precision": self.precision().as_dict(),
            "kappa": self.kappa(),
        }
