"""Benchmarks: figures measured against a floor taken in the same run, with the machine named.

Run them as ``python -m bench NAME [options]``; see bench/README.md.
"""

from __future__ import annotations

import os
import platform
from pathlib import Path


def _proc_field(path: str, field: str) -> str | None:
    try:
        lines = Path(path).read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    for line in lines:
        key, sep, value = line.partition(":")
        if sep and key.strip() == field:
            return value.strip()
    return None


def machine() -> dict[str, str]:
    """The machine a figure was measured on: CPU model, cores, memory, OS and Python."""
    mem_kb = _proc_field("/proc/meminfo", "MemTotal")
    memory = "unknown"
    if mem_kb and mem_kb.split()[0].isdigit():
        memory = f"{int(mem_kb.split()[0]) / 1024**2:.1f} GiB"
    return {
        "cpu": _proc_field("/proc/cpuinfo", "model name") or platform.processor() or "unknown",
        "cores": str(os.cpu_count() or "unknown"),
        "memory": memory,
        "os": platform.platform(),
        "python": platform.python_version(),
    }
