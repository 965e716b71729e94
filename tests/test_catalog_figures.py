"""The public catalogs hold the code stage to its figures: a change that adds false alarms or
loses catches the code can see fails here. Update the bounds only with a measured improvement."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import SHARED
from verifier.cases import read_cases
from verifier.evaluate import EvalSummary, evaluate

# catalog: (most false alarms allowed, fewest code-visible catches required, fewest catches
# of all incorrect answers), as counts. The last counts what the code stage finds of errors
# the catalog leaves to the judge: de_public's two wrong-attribute cases since wrong_line.
BOUNDS = {
    "cases/de_public.jsonl": (0, 16, 19),
    # 69 and 61 since wrong_count (2026-11-30): "four goals" where the source says five.
    "bench/ragtruth_test_subset.jsonl": (7, 59, 69),
    # 37 since decades are read as decades (2026-11-30): faithbench-16-1's "in the 1970s" was
    # caught as the number 1970, which its source lacks; the source does hold 1971, 1974, 1975.
    "bench/faithbench.jsonl": (10, 37, 61),
}


@pytest.mark.parametrize("catalog", sorted(BOUNDS))
def test_catalog_figures_do_not_regress(catalog: str) -> None:
    path = SHARED / catalog
    assert path.exists(), f"catalog {path} is missing; the shared/ folder must sit beside the repo"
    summary: EvalSummary = evaluate(read_cases(Path(path)))
    code = summary.systems["code"]
    max_false_alarms, min_visible_catches, min_catches = BOUNDS[catalog]
    assert code.false_alarms <= max_false_alarms, summary.lines()
    assert code.visible_catches >= min_visible_catches, summary.lines()
    assert code.confusion.flagged_incorrect >= min_catches, summary.lines()
