"""What the judge model must return, as a JSON schema for Ollama's `format` and as pydantic."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

ClaimStatus = Literal["supported", "missing", "contradicted"]


class ClaimOut(BaseModel):
    """One factual claim of the answer, with the model's evidence."""

    model_config = ConfigDict(extra="ignore")

    claim: str
    type: Literal["name", "date", "amount", "number", "other"] = "other"
    status: ClaimStatus
    excerpt: int | None = None
    quote: str | None = None


class ObjectionOut(BaseModel):
    """One objection, which must quote the excerpts."""

    model_config = ConfigDict(extra="ignore")

    claim: str
    excerpt: int | None = None
    quote: str
    reason: str = ""


class JudgeOutput(BaseModel):
    """The model's whole answer: the claim list first, then the verdict."""

    model_config = ConfigDict(extra="ignore")

    claims: list[ClaimOut]
    verdict: Literal["ok", "objection"]
    objections: list[ObjectionOut] = Field(default_factory=list)


def _nullable(kind: str) -> dict[str, Any]:
    return {"type": [kind, "null"]}


# Written out rather than generated: no $ref indirection for Ollama's grammar, and the prompt
# describes exactly this shape.
OUTPUT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "claims": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "claim": {"type": "string"},
                    "type": {"enum": ["name", "date", "amount", "number", "other"]},
                    "status": {"enum": ["supported", "missing", "contradicted"]},
                    "excerpt": _nullable("integer"),
                    "quote": _nullable("string"),
                },
                "required": ["claim", "type", "status", "excerpt", "quote"],
            },
        },
        "verdict": {"enum": ["ok", "objection"]},
        "objections": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "claim": {"type": "string"},
                    "excerpt": _nullable("integer"),
                    "quote": {"type": "string"},
                    "reason": {"type": "string"},
                },
                "required": ["claim", "excerpt", "quote", "reason"],
            },
        },
    },
    "required": ["claims", "verdict", "objections"],
}
