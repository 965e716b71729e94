"""`verifier report` prints the same figures as the API, as text, JSON or CSV."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys

import pytest

from verifier.config import Settings


def report(settings: Settings, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("VERIFIER_")}
    env["VERIFIER_DATABASE_URL"] = settings.resolved_database_url()
    env["VERIFIER_DATA_DIR"] = str(settings.data_dir)
    return subprocess.run(
        [sys.executable, "-m", "verifier.cli", "report", "--tenant", "acme", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.usefixtures("logged")
def test_report_in_three_formats(settings: Settings) -> None:
    window = ["--from", "2026-11-05", "--to", "2026-11-30"]
    as_json = report(settings, *window, "--format", "json")
    assert as_json.returncode == 0, as_json.stderr
    figures = json.loads(as_json.stdout)
    assert figures["stages"]["combined"]["matrix"]["flagged_incorrect"] == 2
    text = report(settings, *window).stdout
    assert "catch rate 66.7%" in text and "[stage code]" in text
    csv_lines = report(settings, *window, "--format", "csv", "--bucket", "day").stdout.splitlines()
    assert csv_lines[0].startswith("section,key,rated")
    assert "over_time,2026-11-17,2" in "\n".join(csv_lines)
    # The same figures as the text: coverage and every finding kind (the CSV once lacked both).
    rows = {tuple(row[:2]): row for row in csv.reader(csv_lines[1:])}
    assert rows[("coverage", "rated")][2] == str(figures["coverage"]["rated"])
    for kind in figures["by_kind"]:
        row = rows[("by_kind", f"{kind['stage']}/{kind['kind']}")]
        assert float(row[7]) == kind["catch_rate"]["value"]


def test_a_bad_date_is_named(settings: Settings) -> None:
    bad = report(settings, "--from", "last tuesday")
    assert bad.returncode == 2 and "last tuesday" in bad.stderr


def test_a_backwards_window_names_the_dates_given(settings: Settings) -> None:
    # It said "to (2026-11-02T00:00:00+00:00)": the end of the window, not the date given.
    backwards = report(settings, "--from", "2026-11-30", "--to", "2026-11-01")
    assert backwards.returncode == 2
    assert (
        "verifier: error: from '2026-11-30' must be before to '2026-11-01' or on that day"
        in backwards.stderr
    )
    assert "2026-11-02" not in backwards.stderr
    future = report(settings, "--from", "2999-01-01")
    assert future.returncode == 2 and "must be before now (" in future.stderr


@pytest.mark.usefixtures("logged")
def test_a_tenant_without_answers_is_named_with_those_that_have_some(settings: Settings) -> None:
    # A misspelt tenant printed "no data" like an empty window, with no hint.
    missing = report(settings, "--tenant", "acmee", "--format", "json")
    assert missing.returncode == 0, missing.stderr
    assert json.loads(missing.stdout)["coverage"]["posted"] == 0  # stdout stays the figures
    assert missing.stderr == (
        "verifier: no answers for tenant 'acmee' in any window; "
        "tenants with answers: acme, globex\n"
    )
    # An empty window of a tenant with answers is "no data", and no more.
    empty = report(settings, "--from", "2026-10-01", "--to", "2026-10-05")
    assert empty.returncode == 0 and "no data" in empty.stdout
    assert empty.stderr == ""
