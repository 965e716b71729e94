"""Citation check: markers must name real excerpts; a number or link cited from [n] must be in
[n]."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

from verifier.checks.citeorder import (
    MARKER_REACH,
    after_clause,
    day_cited,
    marker_groups,
    swapped,
    tight,
)
from verifier.checks.miscited import miscited, miscited_links, refs
from verifier.checks.models import (
    CitationFinding,
    CitationStage,
    NumberStage,
    SourceText,
    UrlStage,
)
from verifier.checks.numgrammar import MARKER_CITED, MARKER_CLOSE, MARKER_OPEN

# [2], [1, 3], [1;2], [1-3], [1–3], a Markdown footnote [^2] and the lenticular 【2】; one
# marker per bracket pair, so [1][2] is two markers. The tokenizer skips the same ones.
_MARKER = re.compile(f"{MARKER_OPEN}({MARKER_CITED}){MARKER_CLOSE}")
_FOOTNOTE_DEFINITION = re.compile(r"\[\^\d{1,4}\]:")
_PART = re.compile(r"(\d{1,4})(?:\s*[\-–—]\s*(\d{1,4}))?")
# Citations in words: "laut Quelle 2", "(Passage 1)", "excerpts 1 and 3", "Auszug Nr. 4".
# The tokenizer skips the same words and joiners as no figures (numparse, SKIP); one run of
# blanks before the optional "Nr." and one after it, never two side by side (a long run of
# blanks would be tried in every split).
_WORDED = re.compile(
    r"\b(?i:passages?|excerpts?|sources?|quellen?|auszug|auszügen?)"
    r"[ \t]*(?:(?i:#|no\.?|nr\.?)[ \t]*)?"
    r"(\d{1,3}(?:[ \t]*(?:,|and|und|&|[-–—]|or|oder)[ \t]*\d{1,3})*)(?![\d.,]?\d)"
)
# Markers that open a piece after a full stop belong to the sentence before: "… 300 €. [2]"
# and "… 300 €. (Quelle 2)".
_LEADING_MARKERS = re.compile(r"(?:\s*(?:" + _MARKER.pattern + r"|\(" + _WORDED.pattern + r"\)))+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")
# A period after these ends no sentence ("inkl. 19 % MwSt.", "ca. 480 €", "z. B.").
_ABBREVIATION = re.compile(
    r"(?:\b(?:inkl|exkl|zzgl|ca|bzw|ggf|evtl|usw|vgl|Nr|Str|Dr|Prof|Mio|Mrd|Tsd|etc|vs|approx|"
    r"incl|no|e\.g|i\.e|z\.\s?B|u\.\s?a|d\.\s?h|Fa|Hr|Fr|Mr|Mrs|Ms|Abs|Tel|max|min|mind|St)"
    r"|\b[A-Za-zÄÖÜäöü])\.$",
    re.IGNORECASE,
)
# Nor does the period of a German ordinal before a month ("am 3. Mai 2026"), and no sentence
# starts in lower case ("am 3. und 4. Mai").
_ORDINAL = re.compile(r"(?<![0-9.])[0-9]{1,2}\.$")
_DAY_MONTH = re.compile(r"(?<![0-9.])[0-9]{1,2}\.[0-9]{1,2}\.$")
# (Not after "bis", "ab", "by": "von 8 bis 12. Die Gebühr …" ends there.)
_ARTICLE_ORDINAL = re.compile(
    r"\b(?:am|im|zum|zur|vom|beim|der|die|das|den|dem|des|ein|eine|einem|einen|jede[mnrs]?"
    r"|the)\s+[0-9]{1,3}\.$"
)
_MONTH = re.compile(r"J[aä]n|Feb|M[aä]r|Mrz|Apr|Mai|Jun|Jul|Aug|Sep|Okt|Nov|Dez")
_WORD = re.compile(r"[^\W\d_]+")
_MAX_RANGE = 50


@dataclass(frozen=True, slots=True)
class Marker:
    """One citation marker in the answer and the excerpt numbers it names."""

    start: int
    end: int
    text: str
    numbers: tuple[int, ...]


def find_markers(text: str) -> list[Marker]:
    """Every citation marker in the text, in brackets or in words ("Quelle 2"), with ranges
    expanded ([1-3] names 1, 2 and 3)."""
    markers = []
    for match in (*_MARKER.finditer(text), *_WORDED.finditer(text)):
        if _FOOTNOTE_DEFINITION.match(text, match.start()) and _line_start(text, match.start()):
            continue  # "[^1]: Acme release" defines what the answer's [^1] stands for
        numbers: list[int] = []
        for part in _PART.finditer(match.group(1)):
            low = int(part.group(1))
            high = int(part.group(2)) if part.group(2) else low
            if high < low or high - low > _MAX_RANGE:
                high = low  # not a range a writer means; keep the first number only
            numbers.extend(range(low, high + 1))
        markers.append(Marker(match.start(), match.end(), match.group(), tuple(numbers)))
    return sorted(markers, key=lambda m: m.start)


def _line_start(text: str, at: int) -> bool:
    # Looks back a few characters only, so that a megabyte on one line stays linear.
    head = text[max(0, at - 8) : at]
    cut = head.rfind("\n")
    return (cut >= 0 or at <= 8) and not head[cut + 1 :].strip()


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence; a marker opening a sentence still belongs to the last one."""
    spans = []
    start = 0
    for boundary in _SENTENCE_END.finditer(text):
        if "\n" not in text[boundary.start() : boundary.end()]:
            before = text[max(start, boundary.start() - 12) : boundary.start()]
            after = _WORD.match(text, boundary.end())
            if (
                _ABBREVIATION.search(before)
                or (after is not None and after.group().islower())  # not iPhone, macOS
                or (_ORDINAL.search(before) and _MONTH.match(text, boundary.end()))
                # "bis zum 3. Werktag", "im 2. OG", "die 2. Dosis": an ordinal after an article
                # or a preposition starts no sentence
                or _ARTICLE_ORDINAL.search(before) is not None
                # "am 12.11. 1.500 Liter", "am 2.3. (87,40 €)": a day-month date's period
                # before a figure or a bracket
                or (
                    _DAY_MONTH.search(before) is not None
                    and (
                        text[boundary.end() : boundary.end() + 1].isdigit()
                        or text[boundary.end() : boundary.end() + 1] == "("
                    )
                )
            ):
                continue
        spans.append((start, boundary.start()))
        start = boundary.end()
    spans.append((start, len(text)))
    merged: list[tuple[int, int]] = []
    for begin, end in spans:
        lead = _LEADING_MARKERS.match(text, begin, end)
        if merged and lead:
            merged[-1] = (merged[-1][0], lead.end())
            begin = lead.end()
        merged.append((begin, end))
    return merged


class Sentences:
    """The sentences of a text (see sentence_spans), found by position; read when first asked."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._starts: list[int] | None = None
        self._says: dict[tuple[int, re.Pattern[str]], bool] = {}
        self._cited: dict[int, set[int]] = {}  # the excerpts each sentence cites, by its place

    def index(self, at: int) -> int:
        """The number of the sentence a position stands in."""
        if self._starts is None:
            self._starts = [start for start, _ in sentence_spans(self.text)]
        return bisect_right(self._starts, at) - 1

    def span_at(self, at: int) -> tuple[int, int]:
        """Where the sentence a position stands in starts and ends."""
        k = self.index(at)
        starts = self._starts or [0]
        end = starts[k + 1] if k + 1 < len(starts) else len(self.text)
        return (starts[k] if k >= 0 else 0), end

    def text_at(self, at: int) -> str:
        """The sentence a position stands in."""
        start, end = self.span_at(at)
        return self.text[start:end]

    def cited_excerpts(self, excerpts: Sequence[tuple[int, str]], at: int) -> list[tuple[int, str]]:
        """The excerpts the sentence a position stands in cites, or all where it cites none:
        a figure is derived from what its own sentence names."""
        k = self.index(at)
        if k not in self._cited:  # read once a sentence: every deriver asks for each figure
            self._cited[k] = {n for m in find_markers(self.text_at(at)) for n in m.numbers}
        cited = self._cited[k]
        return [(n, text) for n, text in excerpts if not cited or n in cited]

    def says(self, words: re.Pattern[str], at: int) -> bool:
        """Whether the sentence a position stands in holds words; searched once a sentence,
        for the figures of one long sentence would each search it again."""
        key = (self.index(at), words)
        if key not in self._says:
            start, end = self.span_at(at)
            self._says[key] = words.search(self.text, start, end) is not None
        return self._says[key]


def check_citations(
    answer: str,
    excerpts: Sequence[SourceText],
    numbers: NumberStage,
    links: UrlStage,
) -> CitationStage:
    """Dangling markers, and grounded numbers and known links whose sentence cites only other
    excerpts."""
    existing = {e.n for e in excerpts}
    texts = {e.n: e.checked_text for e in excerpts}
    markers = find_markers(answer)
    findings = []
    for marker in markers:
        missing = [n for n in marker.numbers if n not in existing]
        if missing:
            findings.append(
                CitationFinding(
                    kind="dangling_citation",
                    text=marker.text,
                    start=marker.start,
                    end=marker.end,
                    cited=list(marker.numbers),
                    grounded_in=[],
                    message_en=f"{marker.text} cites {refs(missing)}, which is not an excerpt.",
                    message_de=f"{marker.text} verweist auf {refs(missing)}, den es nicht gibt.",
                )
            )
    # Sentences are sorted and apart: each position's sentence is found by bisection, and
    # each sentence's citations once (a scan of all of them per figure grew with the square
    # of a long answer: 4.6 s for 4,000 cited figures).
    sentences = sentence_spans(answer)
    starts = [start for start, _ in sentences]

    def sentence_of(position: int) -> int | None:
        k = bisect_right(starts, position) - 1
        return k if k >= 0 and position < sentences[k][1] else None

    cites: dict[int, set[int]] = {}
    last_marker: dict[int, tuple[int, int]] = {}  # where each sentence's last marker stands
    for marker in markers:
        k = sentence_of(marker.start)
        if k is not None:
            cites.setdefault(k, set()).update(n for n in marker.numbers if n in existing)
            last_marker[k] = (marker.start, marker.end)
    # The excerpts that hold the grounded and derived figures of each sentence.
    held: dict[int, set[int]] = {}
    for f in numbers.findings:
        if f.status in ("grounded", "derived") and (k := sentence_of(f.start)) is not None:
            held.setdefault(k, set()).update(f.excerpts)
    cited_before: set[str] = set()  # values already stated with a citation that holds them
    # The sentences whose last marker closes the clause of a figure before it ("21:55 [2]");
    # a marker that closes none ("Laut [2] hat die Küche 9,86 m²") cites the whole sentence.
    closing = {
        k
        for f in numbers.findings
        if f.status in ("grounded", "derived")
        and (k := sentence_of(f.start)) in last_marker
        and f.end <= last_marker[k][0] <= f.end + MARKER_REACH
    }

    for finding in numbers.findings:
        # A figure only the question holds, cited to an excerpt in a sentence that states
        # nothing an excerpt holds, confirms the asker's premise ("Sind es 42?" - "Ja, 42 [1]"
        # while [1] says 24). Beside a grounded figure it frames it ("2024 hast du 479,40 €").
        asked = finding.status == "from_question"
        if not (finding.status == "grounded" and finding.excerpts) and not asked:
            continue
        k = sentence_of(finding.start)
        if k is None or (asked and k in held):
            continue
        if k in closing and after_clause(answer, finding.start, last_marker[k]):
            # After its sentence's last marker, in a clause of its own, a figure is cited by
            # none where that marker closes another figure's clause: it cites what stands
            # before it ("lands at 21:55 [2], so — buses run every 30 minutes").
            continue
        cited = sorted(cites.get(k, ()))
        if set(cited) & set(finding.excerpts):
            cited_before.add(finding.value)
        elif (
            cited
            and not (finding.value in cited_before and held.get(k, set()) & set(cited))
            and not day_cited(finding.value, cited, texts)
        ):
            # A figure stated again refers to where it was cited first, where its sentence's
            # citation is another figure's: "a $250 deductible [1]. With the estimate at
            # $2,390.00 [2], you'd pay the $250".
            findings.append(miscited(finding, cited))
    findings += miscited_links(
        answer, links, texts, sentence_of, cites, {k: last_marker[k] for k in closing}
    )
    groups = marker_groups(answer, ((m.start, m.end, m.numbers) for m in markers), existing)
    flagged_at = {f.start for f in findings}
    findings += [
        miscited(f, cited)
        for f, cited in swapped(answer, groups, numbers.findings, sentence_of)
        if f.start not in flagged_at
    ]
    flagged_at = {f.start for f in findings}
    findings += [
        miscited(f, cited)
        for f, cited in tight(answer, groups, numbers.findings)
        if f.start not in flagged_at
    ]
    findings.sort(key=lambda f: f.start)
    return CitationStage(flagged=bool(findings), findings=findings)
