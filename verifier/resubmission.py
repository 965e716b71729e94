"""Whether a post of an external_id already taken is the same answer again (a retry) or another.

A retry is answered with the first answer's id; another answer under the same external_id
was answered so too, and its content silently dropped. What a post is compared by: what the
answer is verified on and shown with. Not its metadata, where a client may put what differs
from one try to the next (a trace id, a timestamp)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from verifier.store.models import Answer

COMPARED = ("question", "answer", "excerpts", "answer_model", "conversation_id")


def _excerpts(excerpts: Sequence[Mapping[str, Any]]) -> list[tuple[Any, ...]]:
    # By number: the log keeps them in that order, whatever order they were posted in.
    rows = [(e["n"], e["text"], e.get("title"), e.get("url")) for e in excerpts]
    return sorted(rows, key=lambda row: row[0])


def differing(
    earlier: Mapping[str, Any], new: Mapping[str, Any], *, excerpts: bool = True
) -> list[str]:
    """The compared fields whose values differ between two submissions (dicts as posted);
    the excerpts left out where excerpts is False."""
    fields = []
    for field in COMPARED:
        if field == "excerpts":
            if excerpts and _excerpts(earlier.get(field) or []) != _excerpts(new.get(field) or []):
                fields.append(field)
        elif earlier.get(field) != new.get(field):
            fields.append(field)
    return fields


def stored_submission(answer: Answer) -> dict[str, Any]:
    """The compared fields of an answer in the question log, as a submission's dict."""
    return {
        "question": answer.question,
        "answer": answer.answer,
        "answer_model": answer.answer_model,
        "conversation_id": answer.conversation_id,
        "excerpts": [
            {"n": e.n, "text": e.text, "title": e.title, "url": e.url} for e in answer.excerpts
        ],
    }
