"""The link check: every URL of the answer must be carried by an excerpt (its url or its text)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from urllib.parse import unquote, urlsplit

from verifier.checks.models import SourceText, UrlFinding, UrlStage

_SCHEME = re.compile(r"https?://", re.IGNORECASE)
# One character class under one quantifier: linear, no backtracking blow-up on hostile text.
URL_PLAIN = r"(?i:https?://|www\.)[^\s<>\"'`\[\]{}|\\^]+"
# The same, led by the class of its first letters (no other letter folds to h or w), so that re
# skips to them at C speed instead of trying the alternation at every character of an excerpt;
# tests/checks/test_citations_and_urls.py holds the two equal.
_URL = re.compile(r"[hHwW](?:(?<=[hH])(?i:ttps?://)|(?<=[wW])(?i:ww\.))[^\s<>\"'`\[\]{}|\\^]+")
_TRAILING = ".,;:!?'\"»«“”„*_"


def _trim(raw: str) -> str:
    """Drop sentence punctuation after a URL, and a ')' that closes text around it."""
    while raw:
        if raw[-1] in _TRAILING:
            raw = raw[:-1]
        elif raw[-1] == ")" and raw.count("(") < raw.count(")"):
            raw = raw[:-1]
        else:
            break
    return raw


def find_urls(text: str) -> list[tuple[int, int, str]]:
    """Every URL in the text as (start, end, url as written)."""
    found = []
    for match in _URL.finditer(text):
        url = _trim(match.group())
        if "." in url.split("//", 1)[-1]:
            found.append((match.start(), match.start() + len(url), url))
    return found


def normalize_url(url: str) -> str:
    """Compare links without scheme, www., case of the host, trailing slash or fragment."""
    if not _SCHEME.match(url):
        url = "http://" + url
    try:
        parts = urlsplit(url)
        host = (parts.hostname or "").removeprefix("www.")
        port = f":{parts.port}" if parts.port else ""
    except ValueError:  # a malformed port or bracket: compare the text as it is
        return url.lower().rstrip("/")
    path = unquote(parts.path).rstrip("/")
    query = f"?{parts.query}" if parts.query else ""
    return f"{host}{port}{path}{query}"


def known_urls(excerpts: Sequence[SourceText]) -> dict[str, set[int]]:
    """Normalised link -> excerpt numbers that carry it in their url or text."""
    known: dict[str, set[int]] = {}
    for excerpt in excerpts:
        links = [url for _, _, url in find_urls(excerpt.text)]
        if excerpt.url:
            links.append(excerpt.url.strip())
        for link in links:
            known.setdefault(normalize_url(link), set()).add(excerpt.n)
    return known


def check_urls(answer: str, excerpts: Sequence[SourceText]) -> UrlStage:
    """Flag every link of the answer that no excerpt carries; the answer is never rewritten."""
    links = find_urls(answer)
    if not links:  # most answers: no excerpt needs reading
        return UrlStage(flagged=False, findings=[])
    known = known_urls(excerpts)
    findings = []
    for start, end, url in links:
        sources = sorted(known.get(normalize_url(url), ()))
        if sources:
            refs = ", ".join(f"[{n}]" for n in sources)
            findings.append(
                UrlFinding(
                    text=url,
                    start=start,
                    end=end,
                    status="known",
                    excerpts=sources,
                    message_en=f"The link {url} comes from excerpt {refs}.",
                    message_de=f"Der Link {url} stammt aus Auszug {refs}.",
                )
            )
        else:
            findings.append(
                UrlFinding(
                    text=url,
                    start=start,
                    end=end,
                    status="unknown_url",
                    excerpts=[],
                    message_en=f"The link {url} appears in no excerpt.",
                    message_de=f"Der Link {url} kommt in keinem Auszug vor.",
                )
            )
    return UrlStage(flagged=any(f.status == "unknown_url" for f in findings), findings=findings)
