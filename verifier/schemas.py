"""Request and response bodies of the HTTP API; unknown fields are rejected, never dropped."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    field_validator,
    model_validator,
)

Status = Literal["queued", "running", "done", "failed"]
RatingValue = Literal["correct", "incorrect", "partly"]
ShortText = Annotated[str, StringConstraints(max_length=200)]


MAX_METADATA_DEPTH = 16


def _walk(value: Any) -> Iterator[tuple[int, Any]]:
    """Every value of a JSON value (dict keys too) with how many containers hold it.

    Without recursion: input nested deeper than Python's stack must get its 422, not a
    RecursionError."""
    stack = [(0, value)]
    while stack:
        held_by, item = stack.pop()
        yield held_by, item
        if isinstance(item, dict):
            stack.extend((held_by + 1, k) for k in item)
            stack.extend((held_by + 1, v) for v in item.values())
        elif isinstance(item, list):
            stack.extend((held_by + 1, v) for v in item)


def _depth(value: Any) -> int:
    """How deeply a JSON value nests (a scalar is 0)."""
    return max(
        (held_by + 1 for held_by, item in _walk(value) if isinstance(item, dict | list)),
        default=0,
    )


# JSON may escape half of a surrogate pair ("\ud800") that no UTF-8 text can hold.
_SURROGATE = re.compile("[\ud800-\udfff]")


def unstorable(value: Any) -> str | None:
    """Why a string in value cannot be stored as text, or None."""
    if not isinstance(value, dict | list):  # most fields: one scalar, no walk needed
        return _unstorable_scalar(value)
    # Nested bodies (BaseModel) are skipped: they check their own fields.
    for _, item in _walk(value):
        if problem := _unstorable_scalar(item):
            return problem
    return None


def _unstorable_scalar(item: Any) -> str | None:
    if isinstance(item, str):
        if "\x00" in item:
            return "must not contain the NUL character (U+0000)"
        if not item.isascii() and _SURROGATE.search(item):
            return "must not contain a lone surrogate (U+D800 to U+DFFF): it is not text"
    elif isinstance(item, float) and not math.isfinite(item):
        return "must not contain NaN or Infinity (no JSON number, and no database's)"
    return None


def storable(value: Any) -> Any:
    """value with what no database stores as text (NUL, a lone surrogate) as U+FFFD in each
    string: for records of what a server sent, which are kept even when they are not text."""
    if isinstance(value, str):
        if "\x00" not in value and (value.isascii() or not _SURROGATE.search(value)):
            return value
        return _SURROGATE.sub("\ufffd", value.replace("\x00", "\ufffd"))
    if isinstance(value, dict):
        return {storable(k): storable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [storable(v) for v in value]
    return value


def describe_errors(errors: Iterable[Mapping[str, Any]], whole: str = "body") -> str:
    """Validation errors as one message naming each field ("excerpts.0.n: ..."); an error of
    no one field names the whole (the body, a case file's case)."""
    parts = []
    for err in errors:
        where = ".".join(str(p) for p in err.get("loc", ()) if p != "body") or whole
        # pydantic opens our validators' own words with "Value error, ": noise to a caller.
        said = str(err.get("msg", "invalid")).removeprefix("Value error, ")
        parts.append(f"{where}: {said}")
    return "; ".join(parts)


class Strict(BaseModel):
    """Base for every body we accept: a misspelt field is a 422 naming it."""

    model_config = ConfigDict(extra="forbid")

    @field_validator("*")
    @classmethod
    def _storable(cls, value: Any) -> Any:
        # PostgreSQL cannot store U+0000 in text, and no database a lone surrogate: accepted,
        # such an answer would fail in the worker and be lost, so it is refused here, where
        # the caller can still fix it.
        if problem := unstorable(value):
            raise ValueError(problem)
        return value


def not_blank(value: str) -> str:
    """value, unless it is only whitespace: nothing to verify an answer against, or by."""
    if not value.strip():
        raise ValueError("must not be blank")
    return value


# The largest excerpt number the question log stores (a PostgreSQL integer): a larger one,
# accepted, would fail in the worker and the answer would be lost.
MAX_EXCERPT_NUMBER = 2**31 - 1


class ExcerptIn(Strict):
    """One numbered excerpt, exactly as the answering model saw it."""

    n: Annotated[
        int,
        Field(
            strict=True,
            gt=0,
            le=MAX_EXCERPT_NUMBER,
            description="The excerpt's number as cited, [n].",
        ),
    ]
    text: Annotated[str, StringConstraints(min_length=1)]
    title: str | None = None
    url: str | None = None


class PostedExcerpt(ExcerptIn):
    """An excerpt as a chatbot posts it: blank text is refused, as a blank answer is (one
    fetched from the retrieval endpoint may be blank: the others still count)."""

    @field_validator("text")
    @classmethod
    def _text_not_blank(cls, value: str) -> str:
        return not_blank(value)


class AnswerIn(Strict):
    """A finished chatbot answer and the excerpts it was built from."""

    question: str
    answer: Annotated[str, StringConstraints(min_length=1)]
    excerpts: Annotated[
        list[PostedExcerpt],
        Field(
            description="The numbered excerpts the answer was built from. Empty only when "
            "a retrieval endpoint is configured to fetch them (an agent asking)."
        ),
    ]
    answer_model: ShortText | None = None
    conversation_id: ShortText | None = None
    external_id: Annotated[str, StringConstraints(min_length=1, max_length=200)] | None = None
    metadata: dict[str, Any] | None = None

    @field_validator("question", "answer")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        # A blank question got a 202 while a blank answer was refused: the checks read
        # figures of the question as grounded, and the reviewer sees what was asked.
        return not_blank(value)

    @field_validator("metadata")
    @classmethod
    def _metadata_shallow(cls, value: dict[str, Any] | None) -> dict[str, Any] | None:
        if value is not None and _depth(value) > MAX_METADATA_DEPTH:
            raise ValueError(f"metadata may nest at most {MAX_METADATA_DEPTH} levels deep")
        return value

    @model_validator(mode="after")
    def _numbers_unique(self) -> AnswerIn:
        counts = Counter(e.n for e in self.excerpts)
        duplicates = sorted(n for n, count in counts.items() if count > 1)
        if duplicates:
            raise ValueError(f"excerpt numbers must be unique; repeated: {duplicates}")
        return self


class AnswerAccepted(BaseModel):
    """What a chatbot gets back at once: the id to ask about later."""

    id: str
    status: Status
    duplicate: bool = False


class ExcerptOut(BaseModel):
    """An excerpt as stored."""

    n: int
    text: str
    title: str | None = None
    url: str | None = None


class Reason(BaseModel):
    """Why a verdict flagged an answer: one stage's finding in words and position."""

    stage: str
    kind: str
    text: str | None = None
    start: int | None = None
    end: int | None = None
    excerpts: list[int] = Field(default_factory=list)
    message_en: str
    message_de: str


class VerdictOut(BaseModel):
    """The shadow verdict, shown only once a blind human rating exists."""

    flagged: bool
    reasons: list[Reason]
    stages: dict[str, Any]
    judge_status: str | None = Field(
        default=None,
        description="ok / objection when the judge ruled; otherwise why it could not "
        "(unavailable, timeout, context_overflow, ...): then only the code stage spoke.",
    )
    checker_version: str
    created_at: datetime | None = None


MAX_COMMENT = 5000  # characters of a rating's comment, through the API and the pages alike


class RatingIn(Strict):
    """A reviewer's rating of one answer."""

    rating: RatingValue
    comment: Annotated[str, StringConstraints(max_length=MAX_COMMENT)] | None = None


class RatingOut(BaseModel):
    """A stored rating; revision 0 is the blind one, later ones came after the reveal."""

    rating: str
    comment: str | None
    revision: int
    post_reveal: bool
    created_at: datetime


class AnswerOut(BaseModel):
    """An answer's state; the verdict stays hidden until a blind rating exists."""

    id: str
    status: Status
    question: str
    answer: str
    excerpts: list[ExcerptOut]
    answer_model: str | None = None
    conversation_id: str | None = None
    external_id: str | None = None
    metadata: dict[str, Any] | None = None
    received_at: datetime | None = None
    error: str | None = None
    verdict: VerdictOut | None = None
    verdict_hidden: bool
    rating: RatingOut | None = None
    revisions: list[RatingOut] = Field(default_factory=list)


class ErrorOut(BaseModel):
    """Every error body: a stable code and a message that names the problem."""

    error: str
    message: str
    details: list[dict[str, Any]] | None = None
