"""The link check: every link, bare domain and e-mail address of the answer must be carried by
an excerpt (its url or its text)."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from urllib.parse import unquote, urlsplit

from verifier.checks.links import (
    ANY_CASE_BARE_DOMAIN,
    EMAIL,
    SCHEME,
    find_links,
    find_urls,
    normalize_url,
    trim_link,
)
from verifier.checks.models import SourceText, UrlFinding, UrlStage

_PATH_START = re.compile(r"[/?]")
_ENCODED = re.compile("%[0-9a-f]{2}", re.IGNORECASE)  # a percent-encoded character
_MASKED = re.compile(r"[\[({](?:at|ät|dot|punkt)[\])}]", re.IGNORECASE)
_MASKED_AT = re.compile(r"\s*[\[({]\s*(?:at|ät)\s*[\])}]\s*", re.IGNORECASE)
_MASKED_DOT = re.compile(r"\s*[\[({]\s*(?:dot|punkt)\s*[\])}]\s*", re.IGNORECASE)
_SPACE = re.compile(r"[\s<>\"'`\[\]{}|\\^]")
# A name as a word of its own, written with a capital (Amazon, WEB, Zalando).
_CAPITALISED = re.compile(r"(?<![\w.@/-])[A-ZÄÖÜ][\w-]*(?![\w@-])")
_NAME_REACH = 255  # the longest domain name; longer than any address's local part


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
        urls = _Spans([(a, b) for a, b, url in found if SCHEME.match(url)])
        for lo, hi in _words_holding(text, needles):
            pairs += [
                (normalize_url(trim_link(m.group())), e.n)
                for m in ANY_CASE_BARE_DOMAIN.finditer(text, lo, hi)
                if not urls.holds(m.start())
            ]
            for m in EMAIL.finditer(text, lo, hi):
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
        parts = urlsplit(link if SCHEME.match(link) else "http://" + link)
        host = parts.hostname or ""
    except ValueError:
        return "", ""
    return host.removeprefix("www."), unquote(parts.path).rstrip("/").lower()


def holds_link(text: str, link: str, kind: str) -> bool:
    """Whether a text writes the link itself, with or without its scheme or "www."
    ("praxis.example.de/termine" for "https://praxis.example.de/termine"), or the address;
    not another host that ends like it, nor a longer path."""
    if kind == "email":
        address = re.escape(link.rstrip("."))
        return re.search(rf"(?<![\w.+-]){address}(?![\w-])", text, re.I) is not None
    key = normalize_url(link)
    if "?" in key or not key:
        return False  # a link with parameters is compared by the link check alone
    written = re.escape(key)
    found = re.search(rf"(?<![\w.-])(?:www\.)?{written}/?(?![\w/-]|\.\w)", text, re.I)
    return found is not None


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
