"""Time of the code stage per answer as the excerpts grow, against one regex pass.

``python -m bench codestage`` builds excerpts of German/English receipt and invoice text
(line items, amounts in both notations, dates, invoice numbers, VAT, IBANs, links; see
``bench.support.receipt_text``) of 1 KiB, 4 KiB, ... 1 MiB in all, split over ``--excerpts``
excerpts, and one answer citing them (grounded figures, an ungrounded amount, a link). For
each size it times ``verifier.pipeline.verify_case`` (every check of the code stage, as the
worker runs it) against a floor that must read the same text once: one pass of
``re.compile(r"\\d+").finditer`` over the answer and every excerpt. Each timed call meets its
answer and excerpts as new, as a worker does: before it, the tokenizer's memo of digit runs
and re's cache of compiled patterns are emptied (the patterns built from an answer's figures
and identifiers are compiled anew for every answer; the checks' fixed patterns are compiled
once, at import). It prints the median
time of each, their ratio, and the slope of log(time) over log(size) (1.0 is linear).
``--profile`` runs cProfile over ``verify_case`` at the largest size and prints the top.
"""

from __future__ import annotations

import argparse
import math
import re
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from bench.support import print_machine, profiled, receipt_text, yes
from verifier.checks.digitruns import forget_runs
from verifier.checks.models import SourceText
from verifier.checks.numlocale import grouping_mark
from verifier.pipeline import verify_case

TARGET = 10.0  # verify_case within this many times the floor
QUESTION = "Was stand auf den Rechnungen, und was war zu zahlen?"
DIGITS = re.compile(r"\d+")


def case(size: int, excerpts: int) -> tuple[str, list[SourceText]]:
    """An answer and `excerpts` excerpts of `size` characters in all.

    Every excerpt of a seed starts with the same text whatever its size, so the answer's
    grounded figures stand in the excerpts at every size.
    """
    sources = [
        SourceText(n=k + 1, text=receipt_text(size // excerpts, seed=k)) for k in range(excerpts)
    ]
    first = sources[0].text.split("\n", 1)[0].split()  # Rechnung Nr. RE-... vom DD.MM.2026
    second = sources[-1].text.split("\n", 2)[1].split()  # Invoice no. INV-..., dated 2026-..
    answer = (
        f"Die Rechnung {first[2]} vom {first[4]} [1] ist bezahlt. Laut Beleg "
        f"{second[2].rstrip(',')} vom {second[4]} [{excerpts}] betrug die Summe 12.345,67 EUR, "
        f"fällig innerhalb von 14 Tagen [{excerpts}]. Mehr dazu: "
        "https://paperless.home.arpa/documents/7/details"
    )
    return answer, sources


def floor(answer: str, sources: Sequence[SourceText]) -> int:
    """One regex pass over every character the code stage must read."""
    count = sum(1 for _ in DIGITS.finditer(answer))
    for source in sources:
        count += sum(1 for _ in DIGITS.finditer(source.text))
    return count


def as_new() -> None:
    """Forget what an earlier call read and compiled: the next one meets a new answer."""
    forget_runs()
    grouping_mark.cache_clear()
    re.purge()


def timed(
    call: Callable[[], Any], min_s: float, min_runs: int, before: Callable[[], Any] = lambda: None
) -> list[float]:
    """Seconds per call (before each, untimed: `before`), repeated until both minimums."""
    times: list[float] = []
    while len(times) < min_runs or sum(times) < min_s:
        before()
        began = time.perf_counter()
        call()
        times.append(time.perf_counter() - began)
    return times


def slope(sizes: Sequence[int], seconds: Sequence[float]) -> float:
    """Least-squares slope of log(seconds) over log(size)."""
    xs = [math.log(s) for s in sizes]
    ys = [math.log(t) for t in seconds]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    num = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    return num / sum((x - mx) ** 2 for x in xs)


def run(args: argparse.Namespace) -> int:
    """Time both at every size; print the table, the slopes and the target."""
    sizes = [kib * 1024 for kib in args.sizes]
    rows: list[tuple[int, float, float, int, int]] = []  # size, ours, floor, digit runs, runs
    for size in sizes:
        answer, sources = case(size, args.excerpts)
        verify_case(QUESTION, answer, sources)  # a warm-up
        ours = timed(
            partial(verify_case, QUESTION, answer, sources), args.min_time, args.runs, as_new
        )
        base = timed(partial(floor, answer, sources), args.min_time, args.runs)
        digit_runs = floor(answer, sources)
        rows.append((size, statistics.median(ours), statistics.median(base), digit_runs, len(ours)))
        print(f"  {size // 1024} KiB done", file=sys.stderr, flush=True)

    print(
        f"verify_case on one answer ({len(case(1024, args.excerpts)[0])} characters) and "
        f"{args.excerpts} excerpts of receipt text; median of at least {args.runs} runs and "
        f"{args.min_time:g} s per size, each as a new answer (memo and re cache emptied); floor: "
        "one re.compile(r'\\d+').finditer pass over the same text"
    )
    print(
        f"{'excerpts':>9} {'digit runs':>10} {'verify_case':>12} {'floor':>10} {'ratio':>6} "
        f"{'µs/digit run':>12} {'runs':>5}"
    )
    for size, ours_s, base_s, digit_runs, runs in rows:
        print(
            f"{size // 1024:>5} KiB {digit_runs:>10,} {ours_s * 1000:>9.2f} ms "
            f"{base_s * 1000:>7.3f} ms {ours_s / base_s:>6.1f} "
            f"{ours_s * 1e6 / digit_runs:>12.2f} {runs:>5}"
        )
    ours_slope = slope(sizes, [r[1] for r in rows])
    base_slope = slope(sizes, [r[2] for r in rows])
    print(
        f"slope of log(time) over log(size): verify_case {ours_slope:.2f}, floor {base_slope:.2f}"
    )
    worst = max(r[1] / r[2] for r in rows)
    met = worst <= TARGET
    print(
        f"verify_case within {TARGET:g}x the floor at every size: {yes(met)} (worst {worst:.1f}x)"
    )
    print_machine()
    if args.profile:
        answer, sources = case(sizes[-1], args.excerpts)
        print(f"\ncProfile of verify_case at {sizes[-1] // 1024} KiB:")
        as_new()
        with profiled(True, top=args.top):
            verify_case(QUESTION, answer, sources)
    return 0 if met else 1


def parse(argv: Sequence[str]) -> argparse.Namespace:
    """The command line of ``python -m bench codestage``."""
    parser = argparse.ArgumentParser(prog="python -m bench codestage", description=__doc__)
    parser.add_argument(
        "--sizes",
        type=lambda text: [int(part) for part in text.split(",")],
        default=[1, 4, 16, 64, 256, 1024],
        help="excerpt sizes in KiB, all excerpts together (default 1,4,16,64,256,1024)",
    )
    parser.add_argument("--excerpts", type=int, default=4, help="excerpts the text is split into")
    parser.add_argument("--runs", type=int, default=3, help="at least this many timed runs")
    parser.add_argument("--min-time", type=float, default=0.5, help="and this many seconds")
    parser.add_argument("--profile", action="store_true", help="cProfile the largest size")
    parser.add_argument("--top", type=int, default=25, help="functions the profile prints")
    return parser.parse_args(argv)


def main(argv: list[str]) -> int:
    """Run the benchmark; exit status 1 when verify_case is over 10x the floor at a size."""
    return run(parse(argv))
