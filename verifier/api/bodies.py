"""JSON bodies of the API's posts: parsed once, by one function, on the fast path and the routes.

json.loads and pydantic's parser both let a key given twice through, the last value winning:
`{"question": "q", ..., "question": "dup"}` was accepted as "dup". Which value the caller meant
would be a guess, so that is a 422 naming the key, like a misspelt field."""

from __future__ import annotations

import json
from typing import Any, TypeVar

from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, ValidationError

from verifier.exceptions import BadRequest

Model = TypeVar("Model", bound=BaseModel)


class _RepeatedKey(Exception):
    """A key given twice in one JSON object (no ValueError: json.loads must not wrap it)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    body = dict(pairs)
    if len(body) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _RepeatedKey(key)
            seen.add(key)
    return body


def parse_json(raw: bytes) -> Any:
    """The JSON value of a body, or the 422 (400 where it is no text) that says what is wrong.

    json.loads, not pydantic's parser: only its hook sees every key of an object (json.loads
    and validating the result took 21-25 µs for a 0.3-2 KB post where pydantic's parser took
    13-15), and it reads what pydantic's does not (a lone surrogate escape, nesting past its
    depth limit), so that our validators can then name the field."""
    try:
        return json.loads(raw, object_pairs_hook=_unique_keys)
    except _RepeatedKey as exc:
        message = f"the key {exc.key!r} is given more than once in one JSON object"
        raise RequestValidationError(
            [{"type": "json_repeated_key", "loc": ("body",), "msg": message}]
        ) from None
    except UnicodeDecodeError as exc:
        raise BadRequest(f"the body is not UTF-8 text: {exc}") from None
    except RecursionError:
        raise BadRequest("the JSON body nests too deeply to parse") from None
    except ValueError as exc:  # JSONDecodeError, or an integer past Python's digit limit
        error = {"type": "json_invalid", "loc": ("body",), "msg": f"JSON decode error: {exc}"}
        raise RequestValidationError([error]) from None


def parse_body(model: type[Model], raw: bytes) -> Model:
    """The body validated as model; every problem a RequestValidationError located in it."""
    parsed = parse_json(raw)
    try:
        return model.model_validate(parsed)
    except ValidationError as exc:
        errors = exc.errors(include_url=False)
        raise RequestValidationError([{**e, "loc": ("body", *e["loc"])} for e in errors]) from None


def body_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The OpenAPI request body of a route that parses its body itself, nested models written
    in place (the route declares no body parameter FastAPI could document)."""
    schema = model.model_json_schema()
    defs = schema.pop("$defs", {})

    def inline(node: Any) -> Any:
        if isinstance(node, dict):
            if "$ref" in node:
                return inline(defs[node["$ref"].rsplit("/", 1)[-1]])
            return {key: inline(value) for key, value in node.items()}
        if isinstance(node, list):
            return [inline(value) for value in node]
        return node

    content = {"application/json": {"schema": inline(schema)}}
    return {"required": True, "content": content}
