"""The values the answer's grounded figures give two at a time, and as runs and chains: what
arithmetic.py looks an ungrounded figure up in (exact sums and differences, and rounded
products, quotients, shares, changes, means, products of signed chains)."""

from __future__ import annotations

import re
from decimal import Decimal, localcontext

from verifier.checks.figurewords import PERCENT_AFTER
from verifier.checks.grounding import Verdict
from verifier.checks.readings import Token

# Between two factors of a product: "2 Personen × 3 Nächte", "4 x 12", "3*0,75 l".
_TIMES_GAP = re.compile(
    r"[ \u00a0]*(?:[^\W\d_]{1,20}\.?[ \u00a0]*)?[×x*·][ \u00a0]*(?:[€$£][ \u00a0]*)?"
)

Figure = tuple[Decimal, Token, Verdict]
# How a figure was computed: (how, i, j) over the grounded figures, the operands' positions
# (a run's first and last); results are built only for the figure that matches.
Entry = tuple[str, int, int]


def build_tables(
    text: str, vals: list[Figure]
) -> tuple[dict[Decimal, Entry], list[tuple[float, Entry]]]:
    """The exact results by value, and the rounded ones sorted by value (for bisection)."""
    exact: dict[Decimal, Entry] = {}
    rounded: list[tuple[float, Entry]] = []
    nums = [a for a, _, _ in vals]
    floats = [float(a) for a in nums]
    shares = [PERCENT_AFTER.match(text, t.end) is not None for _, t, _ in vals]
    toks = [t for _, t, _ in vals]
    with localcontext() as ctx:
        ctx.prec = 60
        for i, a in enumerate(nums):
            for j in range(i + 1, len(nums)):
                if toks[i] is toks[j]:
                    continue  # a scaled figure and its written value
                b, fa, fb = nums[j], floats[i], floats[j]
                exact.setdefault(a + b, ("sum", i, j))
                exact.setdefault(abs(a - b), ("difference", i, j))
                rounded.append((fa + fb, ("sum", i, j)))  # "about 1,500" for 1.503
                rounded.append((abs(fa - fb), ("difference", i, j)))
                rounded.append((fa * fb, ("product", i, j)))
                if fa:  # "von 12.480 auf 15.377, ein Plus von 23 %": from the earlier one
                    rounded.append((abs(fb - fa) / fa * 100, ("change", j, i)))
                for x, y, fx, fy in ((i, j, fa, fb), (j, i, fb, fa)):
                    if shares[x]:  # 2 % of 892,98; 273 € with 19 % added, or 10 % off
                        rounded.append((fx * fy / 100, ("share", x, y)))
                        rounded.append((fy * (1 + fx / 100), ("plus_share", x, y)))
                        rounded.append((fy * (1 - fx / 100), ("minus_share", x, y)))
                        rounded.append((fy / (1 + fx / 100), ("ex_share", x, y)))
                    if fy:
                        rounded.append((fx / fy, ("quotient", x, y)))
                        rounded.append((fx / fy * 100, ("percentage", x, y)))
        # The total of a list: three or more figures in a row ("2, 3 und 3 – zusammen 8");
        # the mean of two or more ("im Schnitt 69 (72, 68, 70 und 66)").
        for i, a in enumerate(nums):
            total = a
            for j in range(i + 1, len(nums)):
                if toks[j] is toks[j - 1]:
                    break
                total += nums[j]
                if j > i + 1:  # and "48,6 Mio., davon 29,1 und 12,5 gedeckt, es fehlen 7"
                    exact.setdefault(total, ("run", i, j))
                    exact.setdefault(a + a - total, ("rest", i, j))
                rounded.append((float(total) / (j - i + 1), ("mean", i, j)))
        # A product of three or more, each joined by its sign ("2 Personen × 3 Nächte ×
        # 2,10 €"): the signs announce it.
        for i in range(len(nums)):
            product = floats[i]
            for j in range(i + 1, len(nums)):
                if not _TIMES_GAP.fullmatch(text, toks[j - 1].end, toks[j].start):
                    break
                product *= floats[j]
                if j > i + 1:
                    rounded.append((product, ("chain", i, j)))
    rounded.sort()
    return exact, rounded
