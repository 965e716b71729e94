"""Data shapes shared by every code-stage check: what goes in, what a finding looks like."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict

# grounded: in an excerpt; derived: sum or difference of two grounded figures of the answer;
# from_question: only in the question; ungrounded: nowhere; miscounted: a count that announces
# a list of the answer ("three reasons:") while the list has another number of items;
# wrong_weekday: a weekday beside a full date that falls on another day; invalid_iban: an IBAN
# of the wrong length or with wrong check digits; wrong_line: a figure the answer ties to
# another row or field of a table or list than the one it stands on; wrong_unit: a figure
# the excerpts give in another unit of the same kind (13 mm as 13 cm); wrong_count: a count
# of a thing the excerpts count otherwise ("drei Kartuschen" for "2 Kartuschen"), or one the
# answer's own dates or times contradict (nights of a stay, "three and a half hours").
NumberStatus = Literal[
    "grounded",
    "derived",
    "from_question",
    "ungrounded",
    "miscounted",
    "wrong_weekday",
    "invalid_iban",
    "wrong_line",
    "wrong_unit",
    "wrong_count",
]
# The statuses that flag the answer: every one but those of a figure the excerpts hold, the
# answer computes, or the question gives.
FLAGGING: tuple[NumberStatus, ...] = tuple(
    s for s in get_args(NumberStatus) if s not in ("grounded", "derived", "from_question")
)


@dataclass(frozen=True, slots=True)
class SourceText:
    """One numbered excerpt as the checks see it: its number, text, link and title."""

    n: int
    text: str
    url: str | None = None
    title: str | None = None

    @property
    def checked_text(self) -> str:
        """What the checks read: the title (a record is often named by its number and date)
        on a line of its own before the text."""
        return f"{self.title}\n{self.text}" if self.title else self.text


class NumberFinding(BaseModel):
    """One number of the answer and whether the excerpts (or the question) hold it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: Literal["number"] = "number"
    text: str
    value: str
    start: int
    end: int
    status: NumberStatus
    excerpts: list[int]
    message_en: str
    message_de: str


class NumberStage(BaseModel):
    """Result of the number check over one answer."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    flagged: bool
    findings: list[NumberFinding]


class CitationFinding(BaseModel):
    """A citation marker that names no excerpt, or a number cited from the wrong excerpt."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: Literal["dangling_citation", "miscited"]
    text: str
    start: int
    end: int
    cited: list[int]
    grounded_in: list[int]
    message_en: str
    message_de: str


class CitationStage(BaseModel):
    """Result of the citation check over one answer."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    flagged: bool
    findings: list[CitationFinding]


class UrlFinding(BaseModel):
    """One link (a URL or a bare domain) or e-mail address of the answer and whether any
    excerpt carries it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: Literal["url", "email"] = "url"
    text: str
    start: int
    end: int
    status: Literal["known", "unknown_url", "unknown_email"]
    excerpts: list[int]
    message_en: str
    message_de: str


class UrlStage(BaseModel):
    """Result of the link check over one answer."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    flagged: bool
    findings: list[UrlFinding]
