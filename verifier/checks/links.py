"""Finding links in text: URLs, bare domains (example.org/preise) and e-mail addresses, and
the normal form two links are compared in."""

from __future__ import annotations

import re
from urllib.parse import unquote, urlsplit

SCHEME = re.compile(r"https?://", re.IGNORECASE)
# One character class under one quantifier: linear, no backtracking blow-up on hostile text.
URL_PLAIN = r"(?i:https?://|www\.)[^\s<>\"'`\[\]{}|\\^]+"
# The same, led by the class of its first letters (no other letter folds to h or w), so that re
# skips to them at C speed instead of trying the alternation at every character of an excerpt;
# tests/checks/test_citations_and_urls.py holds the two equal.
URL = re.compile(r"[hHwW](?:(?<=[hH])(?i:ttps?://)|(?<=[wW])(?i:ww\.))[^\s<>\"'`\[\]{}|\\^]+")
_TRAILING = ".,;:!?'\"»«“”„‘’…*_"
# A name with dots is a domain only with one of these endings, written in lower case: not
# "Node.js", "README.md", "ASP.NET", "z.B.", "Mail.app" or "update.pl". Generic ones, the
# region's, and home networks'.
_TLDS = (
    "com|org|net|edu|gov|info|biz|io|dev|online|shop|blog|cloud|de|at|ch|li|lu|eu|uk|fr|co|ca|us|ai"
    "|nl|se|dk|fi|cz|arpa|local|lan|internal|box"
)
# Each starts only where no name goes on before it, so a long word is never rescanned.
_BARE_DOMAIN = re.compile(
    rf"(?<![\w.@/-])(?:[^\W_][\w-]*\.)+(?:{_TLDS})(?![\w-]|\.[^\W_])(?::[0-9]{{1,5}})?"
    r"(?:/[^\s<>\"'`\[\]{}|\\^]*)?"
)
# What every bare domain and every address holds; and where a link ends at the latest.
_ENDING = re.compile(rf"\.(?:{_TLDS})(?![\w-]|\.[^\W_])")
_AT = re.compile("@")
ANY_CASE_BARE_DOMAIN = re.compile(_BARE_DOMAIN.pattern, re.IGNORECASE)
EMAIL = re.compile(r"(?<![\w.+-])[\w.+-]+@(?:[^\W_][\w-]*\.)+[A-Za-z]{2,}(?![\w-]|\.[^\W_])")


def trim_link(raw: str) -> str:
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
    for match in URL.finditer(text):
        url = trim_link(match.group())
        if "." in url.split("//", 1)[-1]:
            found.append((match.start(), match.start() + len(url), url))
    return found


def find_links(text: str) -> list[tuple[int, int, str, str]]:
    """Every link of the text as (start, end, as written, kind): kind "url" for a URL or a bare
    domain (example.org/preise), "email" for an e-mail address."""
    candidates = [(start, 0, end, url, "url") for start, end, url in find_urls(text)]
    for rank, rx, kind, mark in ((1, EMAIL, "email", _AT), (2, _BARE_DOMAIN, "url", _ENDING)):
        if not mark.search(text):  # what every match holds, found at C speed: most answers
            continue
        for match in rx.finditer(text):
            link = trim_link(match.group()) if kind == "url" else match.group().rstrip(".")
            candidates.append((match.start(), rank, match.start() + len(link), link, kind))
    found: list[tuple[int, int, str, str]] = []
    # In order of their starts, a URL before an address before a bare domain at one start;
    # each pattern's own matches never overlap, so a link overlaps at most the one before.
    for start, _, end, link, kind in sorted(candidates):
        if not found or found[-1][1] <= start:
            found.append((start, end, link, kind))
    return found


def normalize_url(url: str) -> str:
    """Compare links without scheme, www., case of the host, trailing slash or fragment."""
    if not SCHEME.match(url):
        url = "http://" + url
    try:
        parts = urlsplit(url)
        host = (parts.hostname or "").removeprefix("www.")
        port = f":{parts.port}" if parts.port else ""
    except ValueError:  # a malformed port or bracket: compare the text as it is
        return url.lower().rstrip("/")
    path = unquote(parts.path).rstrip("/")
    # Parameters in any order; "&amp;" is a link copied out of HTML.
    params = sorted(p for p in parts.query.replace("&amp;", "&").split("&") if p)
    query = "?" + "&".join(params) if params else ""
    return f"{host}{port}{path}{query}"
