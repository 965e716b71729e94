"""How long to wait before trying again: the one backoff every retry in the service uses."""

from __future__ import annotations

import random


def backoff(attempt: int, first_s: float = 0.5, cap_s: float = 30.0) -> float:
    """Jittered exponential delay before try attempt + 1: first_s doubling, capped, ±50 %."""
    base = min(cap_s, first_s * 2.0 ** min(attempt - 1, 64))  # 2.0 ** 1024 overflows
    return base * random.uniform(0.5, 1.5)
