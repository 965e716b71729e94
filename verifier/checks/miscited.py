"""The findings of figures and links whose sentence cites only excerpts that do not hold
them (check_citations decides which; this module words them and reads the links)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from verifier.checks.citeorder import after_clause
from verifier.checks.models import CitationFinding, NumberFinding, UrlFinding, UrlStage
from verifier.checks.urls import holds_link


def refs(numbers: Sequence[int]) -> str:
    """Excerpt numbers as markers: "[1], [3]"."""
    return ", ".join(f"[{n}]" for n in numbers)


def miscited(finding: NumberFinding | UrlFinding, cited: list[int]) -> CitationFinding:
    """The finding of a figure or a link attributed to excerpts that do not hold it."""
    where_en = refs(finding.excerpts) if finding.excerpts else "the question"
    where_de = refs(finding.excerpts) if finding.excerpts else "der Frage"
    return CitationFinding(
        kind="miscited",
        text=finding.text,
        start=finding.start,
        end=finding.end,
        cited=cited,
        grounded_in=finding.excerpts,
        message_en=(
            f'"{finding.text}" is attributed to {refs(cited)} but only {where_en} contains it.'
        ),
        message_de=(
            f"„{finding.text}“ wird {refs(cited)} zugeschrieben, steht aber nur in {where_de}."
        ),
    )


def miscited_links(
    answer: str,
    links: UrlStage,
    texts: dict[int, str],
    sentence_of: Callable[[int], int | None],
    cites: dict[int, set[int]],
    closing: dict[int, tuple[int, int]],
) -> list[CitationFinding]:
    """The known links whose sentence cites only excerpts that do not carry them. A link is
    an excerpt's own address: cited to another excerpt, it names the wrong page ("the post
    'How I cut our grocery bill' (…/batch-cooking-beginners) [1]"). `closing` holds the last
    marker of each sentence whose marker closes a figure's clause (a link after it cites
    nothing)."""
    out = []
    for link in links.findings:
        k = sentence_of(link.start)
        if link.status != "known" or k is None or not link.excerpts:
            continue
        if k in closing and after_clause(answer, link.start, closing[k]):
            continue
        cited = sorted(cites.get(k, ()))
        # The link check names the excerpts that carry it best (an excerpt's url before a
        # text's bare domain): a cited text that writes it otherwise carries it too.
        if (
            cited
            and not set(cited) & set(link.excerpts)
            and not any(holds_link(texts.get(n, ""), link.text, link.kind) for n in cited)
        ):
            out.append(miscited(link, cited))
    return out
