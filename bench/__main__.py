"""``python -m bench NAME [options]``: run one benchmark by name."""

from __future__ import annotations

import sys
from collections.abc import Callable

from bench import analytics, burst, codestage, ingest, judgecost, latency, worker

# One entry per benchmark: name -> main(argv) returning the exit status.
BENCHMARKS: dict[str, Callable[[list[str]], int]] = {
    "analytics": analytics.main,
    "burst": burst.main,
    "codestage": codestage.main,
    "ingest": ingest.main,
    "judgecost": judgecost.main,
    "latency": latency.main,
    "worker": worker.main,
}


def main(argv: list[str]) -> int:
    """Dispatch to the named benchmark with the remaining arguments."""
    if not argv or argv[0] in ("-h", "--help") or argv[0] not in BENCHMARKS:
        names = ", ".join(sorted(BENCHMARKS))
        print(f"usage: python -m bench {{{names}}} [options]   (NAME --help for its options)")
        if argv and argv[0] not in ("-h", "--help"):
            print(f"unknown benchmark {argv[0]!r}; known: {names}", file=sys.stderr)
            return 2
        return 0 if argv else 2
    return BENCHMARKS[argv[0]](argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
