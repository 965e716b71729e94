"""One judge call to Ollama's /api/chat, with every failure named and classified."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any

import httpx
import ollama
from pydantic import ValidationError

from verifier.judge.schema import OUTPUT_SCHEMA, JudgeOutput
from verifier.schemas import unstorable

# Ollama answers these while loading or overloaded; a later try may succeed.
RETRYABLE_STATUS = {408, 429, 500, 502, 503, 504}


class JudgeFailure(Exception):
    """A judge call that produced no usable verdict; `kind` is stored as the stage status."""

    def __init__(
        self, kind: str, message: str, *, retryable: bool, call: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.retryable = retryable
        self.call = call
        self.calls: list[dict[str, Any]] = []  # every call of the stage so far, for the record


@dataclass(frozen=True, slots=True)
class CallResult:
    """A parsed judge answer and the call's accounting."""

    output: JudgeOutput
    call: dict[str, Any]


def estimate_tokens(text: str) -> tuple[int, int]:
    """(lower, upper) bounds of a text's token count without the model's tokenizer.

    Across common tokenizers a token covers about 2 to 6 characters of prose; the upper
    bound keeps us from sending what might not fit, the lower one tells a truncated prompt.
    """
    return len(text) // 6, len(text) // 2 + 16


async def chat(
    client: ollama.AsyncClient,
    *,
    model: str,
    messages: list[dict[str, str]],
    options: dict[str, Any],
    think: bool,
    min_prompt_tokens: int,
    timeout_s: float,
) -> CallResult:
    """Ask the model once; raises JudgeFailure naming what went wrong."""
    try:
        # The client's timeout holds for each read: a reply that trickles in could outlast
        # the judge job, which arq never runs again once it timed out.
        async with asyncio.timeout(timeout_s):
            response = await client.chat(
                model=model,
                messages=messages,
                format=OUTPUT_SCHEMA,
                options=options,
                think=think,
                stream=False,
            )
    except TimeoutError as exc:
        raise JudgeFailure(
            "timeout", f"Ollama sent no whole reply in {timeout_s:g} s", retryable=True
        ) from exc
    except ollama.ResponseError as exc:
        raise _status_failure(exc.status_code, exc.error, model) from exc
    except AttributeError as exc:
        # The client reads an error reply's JSON as an object ({"error": ...}); other JSON
        # ("Service Unavailable", a list, null) fails in there, while it raises for the status.
        context = exc.__context__
        if not isinstance(context, httpx.HTTPStatusError):
            raise
        reply = context.response
        raise _status_failure(reply.status_code, reply.text[:200], model) from exc
    except (ConnectionError, httpx.ConnectError) as exc:
        raise JudgeFailure("unavailable", f"Ollama is unreachable: {exc}", retryable=True) from exc
    except httpx.ConnectTimeout as exc:
        raise JudgeFailure(
            "unavailable", "Ollama is unreachable: it did not accept the connection in time",
            retryable=True,
        ) from exc  # fmt: skip
    except httpx.TimeoutException as exc:
        raise JudgeFailure(
            "timeout", f"Ollama did not answer in time ({type(exc).__name__})", retryable=True
        ) from exc
    except httpx.HTTPError as exc:
        raise JudgeFailure(
            "unavailable", f"HTTP error talking to Ollama: {exc}", retryable=True
        ) from exc
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise JudgeFailure(
            "server_error", f"the reply is not Ollama's: not JSON ({exc})", retryable=True
        ) from exc
    except TypeError as exc:
        # The client unpacks the reply's JSON into its response model (cls(**json)): null or
        # a list at the top fails there. Any other TypeError is ours, and raises.
        if "argument after ** must be a mapping" not in str(exc):
            raise
        raise JudgeFailure(
            "server_error", f"the reply is not Ollama's: not a JSON object ({exc})", retryable=True
        ) from exc
    except ValidationError as exc:
        if exc.title != "ChatResponse":
            raise  # what we would have sent is wrong: a bug, not the server
        raise JudgeFailure(
            "server_error",
            f"the reply is not Ollama's: not a chat response ({exc.error_count()} errors: "
            f"{exc.errors()[0]['loc']} {exc.errors()[0]['msg']})",
            retryable=True,
        ) from exc

    content = response.message.content or ""
    call = {
        "model": response.model or model,
        "prompt_eval_count": response.prompt_eval_count,
        "eval_count": response.eval_count,
        "total_duration": response.total_duration,
        "load_duration": response.load_duration,
        "prompt_eval_duration": response.prompt_eval_duration,
        "eval_duration": response.eval_duration,
        "done_reason": response.done_reason,
        "min_prompt_tokens": min_prompt_tokens,
        "raw": content,
    }
    num_ctx = int(options["num_ctx"])
    prompt_tokens = response.prompt_eval_count
    if prompt_tokens is not None and (
        prompt_tokens < min_prompt_tokens or prompt_tokens >= num_ctx
    ):
        raise JudgeFailure(
            "context_overflow",
            f"the prompt was truncated: Ollama evaluated {prompt_tokens} tokens, at least "
            f"{min_prompt_tokens} were sent and num_ctx is {num_ctx}",
            retryable=False,
            call=call,
        )
    if response.done_reason == "length":
        raise JudgeFailure(
            "invalid_output",
            "the output hit the token limit and is cut off",
            retryable=False,
            call=call,
        )
    try:
        parsed = json.loads(content)
        output = JudgeOutput.model_validate(parsed)
    except (json.JSONDecodeError, ValidationError) as exc:
        raise JudgeFailure(
            "invalid_output",
            f"the output is not the required JSON: {exc}",
            retryable=False,
            call=call,
        ) from exc
    # A JSON escape can spell what no database stores ("\ud83d" alone): stored, such a
    # verdict could never be shown or rated again.
    if problem := unstorable(parsed):
        raise JudgeFailure("invalid_output", f"the output {problem}", retryable=False, call=call)
    return CallResult(output, call)


def _status_failure(status: int, error: str, model: str) -> JudgeFailure:
    """The failure an error status of Ollama means."""
    if status == 404 and names_missing_model(error):
        return JudgeFailure(
            "model_missing", f"model {model!r} is not available: {error}", retryable=False
        )
    if status == 404:
        # A proxy or another server at the configured URL: the model may well be there.
        return JudgeFailure(
            "server_error",
            f"the server at the Ollama URL answered 404 without naming a missing model, so "
            f"it is probably not Ollama's API (a proxy or a wrong path?): {error[:200]}",
            retryable=False,
        )
    return JudgeFailure(
        "busy" if status in (429, 503) else "server_error",
        f"Ollama answered {status}: {error}",
        retryable=status in RETRYABLE_STATUS,
    )


def names_missing_model(error: str) -> bool:
    """Whether a 404's error text is Ollama's own "model ... not found"."""
    return "model" in error and "not found" in error


async def probe(url: str, model: str, timeout_s: float = 5.0) -> str | None:
    """None when Ollama answers and has the model; otherwise why the judge cannot run."""
    client = ollama.AsyncClient(host=url, timeout=timeout_s)
    try:
        await client.show(model)
    except ollama.ResponseError as exc:
        if exc.status_code == 404 and names_missing_model(exc.error):
            return f"model {model!r} is not available at {url}: {exc.error}"
        if exc.status_code == 404:
            return (
                f"the server at {url} answered 404 without naming a missing model: is it "
                f"Ollama's API? ({exc.error[:200]})"
            )
        return f"Ollama at {url} answered {exc.status_code}: {exc.error}"
    except (ConnectionError, httpx.HTTPError) as exc:
        return f"Ollama is unreachable at {url}: {exc}"
    return None
