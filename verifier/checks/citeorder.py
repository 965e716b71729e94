"""Which marker cites a figure of the answer: the first after it in its sentence. Two
figures whose markers were swapped, and a figure a marker right behind it attributes to an
excerpt that does not hold it, are miscited although their sentence cites the right excerpt
too (check_citations reads whole sentences). A figure in a clause after the marker that
closes another figure's clause is cited by none, and a full date is cited where the excerpt
writes its day and month without the year."""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Sequence

from verifier.checks.models import NumberFinding
from verifier.checks.months import writes_day

_CLAUSE_END = re.compile(r"[,;]|\b(?:und|and|while|während|whereas|sowie)\b")
_MAX_SWAP_FIGURES = 64  # per sentence: bounds the pairs a swap is looked for in
Group = tuple[int, int, set[int]]  # markers side by side: start, end, the excerpts they name


def swapped(
    answer: str,
    groups: Sequence[Group],
    figures: Sequence[NumberFinding],
    sentence_of: Callable[[int], int | None],
) -> list[tuple[NumberFinding, list[int]]]:
    """Figures of one sentence whose citations were swapped: each cites, by the marker right
    after it, the excerpt that holds the other ("$1.24 billion [2], $980 million [1]").

    A figure belongs to the first marker after it in its sentence; only a swap both ways
    counts, since a marker may also stand before what it supports ("laut [1] … 890 EUR")."""
    starts = [g[0] for g in groups]
    positions = sorted(f.start for f in figures)
    pending: dict[int, list[tuple[NumberFinding, int]]] = {}
    for f in figures:
        i = bisect_left(starts, f.end)
        k = sentence_of(f.start)
        if f.status != "grounded" or not f.excerpts or i == len(groups) or k is None:
            continue
        if not _closes(answer, groups, positions, f, i):
            continue
        if sentence_of(groups[i][0]) == k and not groups[i][2] & set(f.excerpts):
            pending.setdefault(k, []).append((f, i))
    out: list[tuple[NumberFinding, list[int]]] = []
    for wrong in pending.values():
        wrong = wrong[:_MAX_SWAP_FIGURES]
        for f, i in wrong:
            if any(
                j != i and groups[j][2] & set(f.excerpts) and groups[i][2] & set(g.excerpts)
                for g, j in wrong
            ):
                out.append((f, sorted(groups[i][2])))
    return out


def marker_groups(
    answer: str, markers: Iterable[tuple[int, int, Iterable[int]]], existing: set[int]
) -> list[Group]:
    """The markers (start, end, excerpt numbers) as groups: side by side ([1][2]) they are one,
    naming the excerpts of them that exist."""
    groups: list[Group] = []
    for start, end, numbers in markers:
        named = {n for n in numbers if n in existing}
        if groups and not answer[groups[-1][1] : start].strip():
            groups[-1] = (groups[-1][0], end, groups[-1][2] | named)
        else:
            groups.append((start, end, named))
    return groups


# What may stand between a figure and the marker that cites it alone: its unit or currency,
# or the one word it counts ("20 to 25 minutes [1]", "18 Gläser [1]").
_TIGHT = re.compile(r"[ \u00a0]*(?:[^\W\d_]{1,14}\.?|[€$£%])?[ \u00a0]*")


def tight(
    answer: str, groups: Sequence[Group], figures: Sequence[NumberFinding]
) -> list[tuple[NumberFinding, list[int]]]:
    """Figures a marker right behind them cites (nothing but a unit between: "812,00 € [1]")
    from an excerpt that does not hold them, though another marker of the answer cites the one
    that does ("... 812,00 € [1]; die Vorauszahlung bleibt [2]")."""
    cited_anywhere = set().union(*(named for _, _, named in groups))
    starts = [start for start, _, _ in groups]
    out: list[tuple[NumberFinding, list[int]]] = []
    for f in figures:
        if f.status != "grounded" or not f.excerpts:
            continue
        i = bisect_left(starts, f.end)
        if i == len(groups) or not _TIGHT.fullmatch(answer, f.end, starts[i]):
            continue
        named = groups[i][2]
        if named and not named & set(f.excerpts) and set(f.excerpts) & cited_anywhere:
            out.append((f, sorted(named)))
    return out


def _closes(
    answer: str,
    groups: Sequence[Group],
    positions: Sequence[int],
    f: NumberFinding,
    i: int,
) -> bool:
    """Whether marker group i closes the clause of figure f: no other figure stands between
    them, and a marker between the figure before and f closes that one's clause (a comma or
    "und" follows it), not f's ahead of it ("Zenith (Quelle 2) 120 Mio.")."""
    p = bisect_right(positions, f.start) - 1
    if bisect_left(positions, groups[i][0]) - p > 1:
        return False
    previous = positions[p - 1] if p > 0 else -1
    if i and groups[i - 1][0] > previous:
        return _CLAUSE_END.search(answer, groups[i - 1][1], f.start) is not None
    return True


# What opens a clause of its own right after a marker: a comma or colon before a space, a
# semicolon, a dash ("[2], so", "[1] – da").
_CLAUSE_BREAK = re.compile(r"[,:](?=\s)|;|[–—]|\s-\s")
MARKER_REACH = 40  # characters from a figure to the marker that closes its clause


def after_clause(answer: str, start: int, last: tuple[int, int]) -> bool:
    """Whether a figure stands after the marker, past a clause's opening right after it."""
    return start >= last[1] and bool(
        _CLAUSE_BREAK.search(answer, last[1], min(start, last[1] + MARKER_REACH))
    )


_ISO_DATE = re.compile(r"[0-9]{4}-([0-9]{2})-([0-9]{2})")  # a full date's value


def day_cited(value: str, cited: list[int], texts: dict[int, str]) -> bool:
    """Whether a full date's day and month stand in a cited excerpt without its year, which
    another excerpt gives ("12. Februar 2026 [2]" for a week's "Do 12.02." and a "12.02.2026")."""
    m = _ISO_DATE.fullmatch(value)
    return m is not None and any(writes_day(texts.get(n, ""), int(m[1]), int(m[2])) for n in cited)
