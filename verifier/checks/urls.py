"""The link check: every link, bare domain and e-mail address of the answer must be carried by
an excerpt (its url or its text)."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from urllib.parse import unquote, urlsplit

from verifier.checks.models import SourceText, UrlFinding, UrlStage

_SCHEME = re.compile(r"https?://", re.IGNORECASE)
# One character class under one quantifier: linear, no backtracking blow-up on hostile text.
URL_PLAIN = r"(?i:https?://|www\.)[^\s<>\"'`\[\]{}|\\^]+"
# The same, led by the class of its first letters (no other letter folds to h or w), so that re
# skips to them at C speed instead of trying the alternation at every character of an excerpt;
# tests/checks/test_citations_and_urls.py holds the two equal.
_URL = re.compile(r"[hHwW](?:(?<=[hH])(?i:ttps?://)|(?<=[wW])(?i:ww\.))[^\s<>\"'`\[\]{}|\\^]+")
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
_PATH_START = re.compile(r"[/?]")
_ENCODED = re.compile("%[0-9a-f]{2}", re.IGNORECASE)  # a percent-encoded character
_MASKED = re.compile(r"[\[({](?:at|ät|dot|punkt)[\])}]", re.IGNORECASE)
_MASKED_AT = re.compile(r"\s*[\[({]\s*(?:at|ät)\s*[\])}]\s*", re.IGNORECASE)
_MASKED_DOT = re.compile(r"\s*[\[({]\s*(?:dot|punkt)\s*[\])}]\s*", re.IGNORECASE)
_SPACE = re.compile(r"[\s<>\"'`\[\]{}|\\^]")
# A name as a word of its own, written with a capital (Amazon, WEB, Zalando).
_CAPITALISED = re.compile(r"(?<![\w.@/-])[A-ZÄÖÜ][\w-]*(?![\w@-])")
_NAME_REACH = 255  # the longest domain name; longer than any address's local part
_ANY_BARE_DOMAIN = re.compile(_BARE_DOMAIN.pattern, re.IGNORECASE)
_EMAIL = re.compile(r"(?<![\w.+-])[\w.+-]+@(?:[^\W_][\w-]*\.)+[A-Za-z]{2,}(?![\w-]|\.[^\W_])")


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


def find_links(text: str) -> list[tuple[int, int, str, str]]:
    """Every link of the text as (start, end, as written, kind): kind "url" for a URL or a bare
    domain (example.org/preise), "email" for an e-mail address."""
    candidates = [(start, 0, end, url, "url") for start, end, url in find_urls(text)]
    for rank, rx, kind, mark in ((1, _EMAIL, "email", _AT), (2, _BARE_DOMAIN, "url", _ENDING)):
        if not mark.search(text):  # what every match holds, found at C speed: most answers
            continue
        for match in rx.finditer(text):
            link = _trim(match.group()) if kind == "url" else match.group().rstrip(".")
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
    if not _SCHEME.match(url):
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


def _host(key: str) -> str:
    """The host (and port) of a normalised link."""
    return _PATH_START.split(key, maxsplit=1)[0]


class _Carried:
    """Normalised links and addresses -> numbers of the excerpts that carry them, and hosts ->
    numbers of the excerpts that carry a page of the host."""

    def __init__(self, pairs: Iterable[tuple[str, int]]) -> None:
        self.keys: dict[str, set[int]] = {}
        self.hosts: dict[str, set[int]] = {}  # a host, and every site above it (example.com)
        self.pages: dict[str, list[tuple[frozenset[str], int]]] = {}  # page -> its queries
        for key, n in pairs:
            self.keys.setdefault(key, set()).add(n)
            labels = _host(key).split(".")
            for above in range(len(labels) - 1):  # blog.example.com, example.com
                self.hosts.setdefault(".".join(labels[above:]), set()).add(n)
            page, _, query = key.partition("?")
            self.pages.setdefault(page, []).append((frozenset(query.split("&")) - {""}, n))

    def carriers(self, key: str) -> set[int]:
        """Excerpts carrying the link; for a bare host (a site's own name) any page of it, and
        for a page with fewer parameters (a start time dropped) the page with more."""
        if _host(key) == key and not key.startswith("mailto:"):
            # A site's own name: any page of it, or of a site under it (blog.example.com).
            return self.keys.get(key, set()) | self.hosts.get(key, set())
        held = self.keys.get(key, set())
        if held or key.startswith("mailto:"):
            return held
        page, _, query = key.partition("?")
        asked = frozenset(query.split("&")) - {""}
        return {n for params, n in self.pages.get(page, ()) if asked <= params}


_Found = list[tuple[int, int, str]]  # find_urls of one text
_Needle = tuple[str, str]  # a host and a path, in lower case (see _needle)


def _links_of(
    excerpts: Sequence[SourceText], written: Sequence[_Found], needles: set[_Needle]
) -> _Carried:
    """The URLs of the excerpts' texts (found once, in `written`) that hold a needle, and the
    excerpts' urls."""
    pairs = [
        (normalize_url(url), e.n)
        for e, found in zip(excerpts, written, strict=True)
        for _, _, url in found
        if _holds_any(url.lower(), needles)
    ]
    pairs += [(normalize_url(e.url.strip()), e.n) for e in excerpts if e.url]
    return _Carried(pairs)


def _mentions_of(
    excerpts: Sequence[SourceText], written: Sequence[_Found], needles: set[_Needle]
) -> _Carried:
    """The bare domains (outside URLs with a scheme, which the quick pass read) and e-mail
    addresses of the excerpts' texts that hold a needle, for an answer with a link the URLs do
    not carry. Both patterns are tried only in the words that hold a needle: over a whole
    excerpt they would try every character."""
    pairs: list[tuple[str, int]] = []
    for e, found in zip(excerpts, written, strict=True):
        # An excerpt may write a domain in capitals (WEB.DE) and an address spelled out.
        text = _unmasked(e.checked_text)
        if text is not e.checked_text:
            found = find_urls(text)
        urls = _Spans([(a, b) for a, b, url in found if _SCHEME.match(url)])
        for lo, hi in _words_holding(text, needles):
            pairs += [
                (normalize_url(_trim(m.group())), e.n)
                for m in _ANY_BARE_DOMAIN.finditer(text, lo, hi)
                if not urls.holds(m.start())
            ]
            for m in _EMAIL.finditer(text, lo, hi):
                # An address also names its domain: "no-reply@amazon.de" vouches for amazon.de.
                key = _email_key(m.group())
                pairs += [(key, e.n), (key.rpartition("@")[2], e.n)]
    return _Carried(pairs)


def _needle(link: str, kind: str) -> _Needle:
    """What every text carrying the link holds, in lower case: its host (without www.) and
    path, unless the text writes it percent-encoded; an address's domain. No host (held by
    any text) for a link whose host cannot be read."""
    if kind == "email":
        return link.rstrip(".").rpartition("@")[2].lower(), ""
    try:
        parts = urlsplit(link if _SCHEME.match(link) else "http://" + link)
        host = parts.hostname or ""
    except ValueError:
        return "", ""
    return host.removeprefix("www."), unquote(parts.path).rstrip("/").lower()


def _holds(low: str, needle: _Needle) -> bool:
    host, path = needle
    return host in low and (path in low or _ENCODED.search(low) is not None)


def _holds_any(low: str, needles: set[_Needle]) -> bool:
    return any(_holds(low, needle) for needle in needles)


def _words_holding(text: str, needles: set[_Needle]) -> list[tuple[int, int]]:
    """The words (from a space to a space, as far back as a name reaches) that hold a needle,
    in any case; the whole text where lower case changes its length (a place in it would not
    be one in the text)."""
    low = text.lower()
    if len(low) != len(text) or any(not host for host, _ in needles):
        return [(0, len(text))]
    spans: list[tuple[int, int]] = []
    for host, path in needles:
        if not _holds(low, (host, path)):
            continue  # no word of the text can hold it
        at = low.find(host)
        while at >= 0:
            reach = max(0, at - _NAME_REACH)
            lo = max(reach, text.rfind(" ", reach, at) + 1, text.rfind("\n", reach, at) + 1)
            space = _SPACE.search(text, at + len(host))
            hi = space.start() if space else len(text)
            if _holds(low[lo:hi], (host, path)):
                spans.append((lo, hi))
            at = low.find(host, max(hi, at + 1))
    return spans


class _Spans:
    """Sorted, disjoint spans of a text, asked whether they hold a position."""

    def __init__(self, spans: list[tuple[int, int]]) -> None:
        self._spans = spans
        self._starts = [start for start, _ in spans]

    def holds(self, at: int) -> bool:
        """Whether a span holds the position."""
        k = bisect_right(self._starts, at) - 1
        return k >= 0 and at < self._spans[k][1]


class _Names:
    """The capitalised words of the excerpts (lower-cased -> excerpt numbers), read once."""

    def __init__(self, excerpts: Sequence[SourceText]) -> None:
        self._excerpts = excerpts
        self._words: dict[str, set[int]] | None = None

    def carriers(self, host: str) -> set[int]:
        """Excerpts naming the shop or service a bare site name stands for: "bei Amazon.de"
        for an excerpt's "Bestellung bei Amazon"."""
        if self._words is None:
            self._words = {}
            for e in self._excerpts:
                for word in _CAPITALISED.findall(e.checked_text):
                    self._words.setdefault(word.lower(), set()).add(e.n)
        name = host.removeprefix("www.").split(".")[-2]
        return set(self._words.get(name, ())) if len(name) >= 3 else set()


def _unmasked(text: str) -> str:
    """The text with addresses spelled out to keep them from bots written plainly: "info [at]
    beispiel [punkt] de" is info@beispiel.de."""
    if not _MASKED.search(text):
        return text
    return _MASKED_DOT.sub(".", _MASKED_AT.sub("@", text))


def _email_key(address: str) -> str:
    """An address's key among the links: lower case, after "mailto:"."""
    return "mailto:" + address.rstrip(".").lower()


def _finding(start: int, end: int, link: str, kind: str, sources: list[int]) -> UrlFinding:
    """The finding of one link or address: known, with its excerpts, or not."""
    refs = ", ".join(f"[{n}]" for n in sources)
    if kind == "email":
        what_en, what_de, unknown = "address", "Die Adresse", "unknown_email"
    else:
        what_en, what_de, unknown = "link", "Der Link", "unknown_url"
    return UrlFinding(
        kind="email" if kind == "email" else "url",
        text=link,
        start=start,
        end=end,
        status="known" if sources else unknown,
        excerpts=sources,
        message_en=f"The {what_en} {link} "
        + (f"comes from excerpt {refs}." if sources else "appears in no excerpt."),
        message_de=f"{what_de} {link} "
        + (f"stammt aus Auszug {refs}." if sources else "kommt in keinem Auszug vor."),
    )


def check_urls(answer: str, excerpts: Sequence[SourceText]) -> UrlStage:
    """Flag every link or address of the answer that no excerpt carries; the answer is never
    rewritten."""
    links = find_links(answer)
    if not links:  # most answers: no excerpt needs reading
        return UrlStage(flagged=False, findings=[])
    # Only what holds the host of one of the answer's links can carry it: read nothing else.
    needles = {_needle(link, kind) for _, _, link, kind in links}
    written = [find_urls(e.checked_text) for e in excerpts]
    urls, mentions, names = _links_of(excerpts, written, needles), None, _Names(excerpts)
    findings = []
    for start, end, link, kind in links:
        key = _email_key(link) if kind == "email" else normalize_url(link)
        held = set() if kind == "email" else urls.carriers(key)
        if not held:
            if mentions is None:
                mentions = _mentions_of(excerpts, written, needles)
            held = mentions.carriers(key)
        if not held and kind == "url" and _host(key) == key and link[:1].isupper():
            # Written as a name (Amazon.de, not amazon.de): the shop, if an excerpt names it.
            held = names.carriers(key)
        findings.append(_finding(start, end, link, kind, sorted(held)))
    return UrlStage(flagged=any(f.status != "known" for f in findings), findings=findings)
