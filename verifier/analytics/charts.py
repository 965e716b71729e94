"""Charts for the analyst page, drawn by matplotlib as inline SVG (nothing loaded from outside)."""

from __future__ import annotations

import io
from typing import Any

import matplotlib

matplotlib.use("Agg")  # no display; before pyplot is imported
import matplotlib.pyplot as plt

# Text as paths: no fonts to fetch, and no data string reaches the page as SVG markup.
plt.rcParams.update({"svg.fonttype": "path", "font.size": 9})


def _svg(figure: Any) -> str:
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", bbox_inches="tight")
    plt.close(figure)
    svg = buffer.getvalue()
    return svg[svg.index("<svg") :]


def rates_over_time(report: dict[str, Any]) -> str | None:
    """Catch and false-alarm rate per bucket with 95% intervals; None when nothing is rated."""
    buckets = [b for b in report["over_time"] if b["rated"]]
    if not buckets:
        return None
    figure, axes = plt.subplots(figsize=(8, 3))
    labels = [b["bucket"] for b in buckets]
    for key, name, colour in (
        ("catch_rate", "catch rate", "#1e7b3a"),
        ("false_alarm_rate", "false-alarm rate", "#b3261e"),
    ):
        points = [(i, b[key]) for i, b in enumerate(buckets) if b[key]["value"] is not None]
        if not points:
            continue
        xs = [i for i, _ in points]
        axes.plot(xs, [r["value"] for _, r in points], marker="o", color=colour, label=name)
        axes.fill_between(
            xs,
            [r["ci_low"] for _, r in points],
            [r["ci_high"] for _, r in points],
            color=colour,
            alpha=0.15,
        )
    axes.set_xticks(range(len(labels)), labels, rotation=45, ha="right")
    axes.set_ylim(0, 1)
    axes.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
    axes.legend(loc="upper left")
    axes.grid(alpha=0.3)
    return _svg(figure)


def stage_rates(report: dict[str, Any]) -> str | None:
    """Catch and false-alarm rate of each stage side by side, with 95% intervals."""
    stages = [(name, s) for name, s in report["stages"].items() if s["rated"]]
    if not stages:
        return None
    figure, axes = plt.subplots(figsize=(6, 2.8))
    width = 0.38
    for offset, key, colour in (
        (-width / 2, "catch_rate", "#1e7b3a"),
        (width / 2, "false_alarm_rate", "#b3261e"),
    ):
        values = [s[key]["value"] or 0.0 for _, s in stages]
        errors = [
            [max(0.0, (s[key]["value"] or 0) - (s[key]["ci_low"] or 0)) for _, s in stages],
            [max(0.0, (s[key]["ci_high"] or 0) - (s[key]["value"] or 0)) for _, s in stages],
        ]
        axes.bar(
            [i + offset for i in range(len(stages))],
            values,
            width,
            yerr=errors,
            color=colour,
            capsize=3,
            label=key.replace("_", " "),
        )
    axes.set_xticks(range(len(stages)), [name for name, _ in stages])
    axes.set_ylim(0, 1)
    axes.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
    axes.legend(loc="upper right")
    return _svg(figure)
