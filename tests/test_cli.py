"""The `verifier` command as a user runs it: a real process, a real port, real Redis."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis

from tests.conftest import SHARED, redis_answers, redis_at
from tests.fakes.ollama_server import FakeOllama, Reply, proven_ok
from verifier import names

VERIFIER = [sys.executable, "-m", "verifier.cli"]
DE_PUBLIC = SHARED / "cases" / "de_public.jsonl"


def run(args: list[str], env: dict[str, str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        VERIFIER + args,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        **kwargs,  # type: ignore[arg-type]
    )


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    """A clean environment whose embedded defaults live in a temp data dir."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("VERIFIER_")}
    return {**clean, "VERIFIER_DATA_DIR": str(tmp_path / "data")}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture
def ollama() -> Iterator[FakeOllama]:
    """The scripted Ollama stand-in; every judge call gets an 'ok' whose proof holds."""
    with FakeOllama() as fake:
        fake.respond_with(lambda body: Reply.json(proven_ok(body)))
        yield fake


@pytest.fixture
def served(env: dict[str, str], tmp_path: Path, ollama: FakeOllama) -> Iterator[str]:
    """`verifier serve` on the embedded defaults, as the README starts it."""
    env["VERIFIER_OLLAMA_URL"] = ollama.url
    port = free_port()
    log_path = tmp_path / "serve.log"
    log = log_path.open("w")
    process = subprocess.Popen(
        [*VERIFIER, "serve", "--port", str(port)], env=env, stdout=log, stderr=subprocess.STDOUT
    )
    base = f"http://127.0.0.1:{port}"
    wait_until_up(process, port, log_path.read_text)
    yield base
    process.terminate()
    process.wait(timeout=30)
    log.close()
    output = log_path.read_text()
    assert process.returncode == 0, output
    assert "verifier listening on" in output


def test_serve_verifies_a_posted_answer_end_to_end(served: str, env: dict[str, str]) -> None:
    ingest = run(["keys", "create", "--role", "ingest", "--tenant", "home"], env).stdout.strip()
    reviewer = run(["keys", "create", "--role", "reviewer", "--tenant", "home"], env).stdout.strip()
    assert ingest.startswith("vk_") and reviewer.startswith("vk_")
    body = {
        "question": "Was hat die Sanierung gekostet?",
        "answer": "Die Sanierung hat 127.515 EUR gekostet [1].",
        "excerpts": [{"n": 1, "text": "Summe Sanierung Altbau 2025: 127.551,00 EUR"}],
    }
    posted = httpx.post(
        f"{served}/v1/answers", json=body, headers={"Authorization": f"Bearer {ingest}"}
    )
    assert posted.status_code == 202, posted.text
    answer_url = f"{served}/v1/answers/{posted.json()['id']}"
    deadline = time.monotonic() + 30
    while (state := httpx.get(answer_url, headers={"Authorization": f"Bearer {ingest}"}).json())[
        "status"
    ] != "done":
        assert state["status"] in ("queued", "running") and time.monotonic() < deadline, state
        time.sleep(0.1)
    assert state["verdict_hidden"] is True and state["verdict"] is None
    rated = httpx.post(
        f"{answer_url}/rating",
        json={"rating": "incorrect"},
        headers={"Authorization": f"Bearer {reviewer}"},
    ).json()
    assert rated["verdict"]["flagged"] is True
    assert [r["text"] for r in rated["verdict"]["reasons"]] == ["127.515"]
    assert rated["verdict"]["judge_status"] == "ok"


def test_a_second_serve_in_the_same_data_dir_refuses_and_leaves_the_first_alone(
    served: str, env: dict[str, str], tmp_path: Path
) -> None:
    # A second serve ran a Redis of its own on the first one's append-only file (or failed to
    # start one), and on exit deleted the first one's redis.url: doctor then said there was no
    # Redis, and api and worker started their own instead of attaching to the running one.
    url_file = tmp_path / "data" / "redis" / "redis.url"
    first = url_file.read_text()
    second = subprocess.Popen(
        [*VERIFIER, "serve", "--port", str(free_port())],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        output, _ = second.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        second.terminate()
        output, _ = second.communicate(timeout=30)
        pytest.fail(f"a second serve ran in the same data dir:\n{output}")
    assert second.returncode == 2, output
    assert "already runs in this data dir" in output and "Traceback" not in output
    assert url_file.read_text() == first
    assert "no Redis" not in run(["doctor"], env).stderr


def test_help_names_every_command(env: dict[str, str]) -> None:
    # The description listed the commands by hand and had left doctor out.
    shown = run(["--help"], env).stdout
    commands = re.search(r"\{([a-z,]+)\}", shown)
    assert commands is not None, shown
    description = shown.split("\n\n")[1]
    for command in commands.group(1).split(","):
        assert command in description, (command, description)


def test_serve_on_a_port_in_use_ends_with_one_clear_error(
    env: dict[str, str], tmp_path: Path
) -> None:
    # The bind error was followed by asyncio's "Task exception was never retrieved" and a
    # traceback of uvicorn's SystemExit.
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run(["serve", "--port", str(port)], env)
    assert result.returncode == 2, result.stderr
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith(f"verifier: error: cannot listen on 127.0.0.1:{port}: "), last
    assert "address already in use" in last
    assert "Traceback" not in result.stderr and "never retrieved" not in result.stderr
    assert not (tmp_path / "data" / "redis" / "redis.url").exists()  # its Redis stopped


@pytest.mark.parametrize("command", ["serve", "api"])
@pytest.mark.parametrize("port", ["99999", "0", "-1", "http"])
def test_a_port_outside_1_to_65535_is_refused(
    env: dict[str, str], tmp_path: Path, command: str, port: str
) -> None:
    # serve took 99999 and printed "verifier listening on http://127.0.0.1:99999".
    result = run([command, "--port", port], env)
    assert result.returncode == 2, result.stderr
    assert "argument --port: must be a port" in result.stderr and port in result.stderr
    assert "listening" not in result.stdout + result.stderr
    assert not (tmp_path / "data").exists()  # refused before it started anything


def start_serve(env: dict[str, str]) -> tuple[subprocess.Popen[str], int]:
    """`verifier serve` in a process group of its own, once it answers; and its port."""
    port = free_port()
    process = subprocess.Popen(
        [*VERIFIER, "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    wait_until_up(process, port, lambda: process.communicate()[0])
    return process, port


def wait_until_up(process: subprocess.Popen[Any], port: int, output: Callable[[], str]) -> None:
    """Wait until a started serve answers on its port; fail with its output if it ends or
    takes over a minute."""
    deadline = time.monotonic() + 60
    while True:
        try:
            httpx.get(f"http://127.0.0.1:{port}/openapi.json", timeout=1)
            return
        except httpx.TransportError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail(f"verifier serve did not come up:\n{output()}")
            time.sleep(0.2)


def test_serve_on_a_host_name_that_does_not_resolve_says_so(env: dict[str, str]) -> None:
    # It said "unknown error -2": a resolver's error has a negative errno.
    port = free_port()
    result = run(["serve", "--host", "no.such.host.invalid", "--port", str(port)], env)
    assert result.returncode == 2, result.stderr
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith(f"verifier: error: cannot listen on no.such.host.invalid:{port}: ")
    assert "unknown error" not in last and "Traceback" not in result.stderr


def test_an_embedded_redis_that_cannot_start_ends_serve_with_one_clear_error(
    env: dict[str, str], tmp_path: Path
) -> None:
    # It ended with a RuntimeError's traceback.
    (tmp_path / "data" / "redis").mkdir(parents=True)
    (tmp_path / "data" / "redis" / "appendonly.aof").write_text("no append-only file\r\n")
    result = run(["serve", "--port", str(free_port())], env)
    assert result.returncode == 2, result.stderr
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("verifier: error: the embedded redis-server exited at its start; see ")
    assert last.endswith("redis-server.log") and "Traceback" not in result.stderr


def test_a_killed_serve_takes_its_embedded_redis_with_it(
    env: dict[str, str], tmp_path: Path
) -> None:
    # Killed where its own handlers could not stop it (SIGKILL, or SIGTERM while starting),
    # serve left its Redis running: every later serve in the data dir was refused.
    process, _ = start_serve(env)
    url = (tmp_path / "data" / "redis" / "redis.url").read_text().strip()
    assert redis_answers(url)
    process.kill()
    process.communicate(timeout=30)
    deadline = time.monotonic() + 10
    while redis_answers(url):
        assert time.monotonic() < deadline, "the embedded Redis outlived its serve"
        time.sleep(0.1)
    again, _ = start_serve(env)  # the data dir is free again
    again.terminate()
    output, _ = again.communicate(timeout=30)
    assert again.returncode == 0, output


def test_ctrl_c_on_serve_s_process_group_stops_it_cleanly(
    env: dict[str, str], tmp_path: Path
) -> None:
    # The terminal's Ctrl-C reached the embedded Redis too, which died before the worker
    # was closed: tracebacks of redis' ConnectionError and exit 1.
    process, _ = start_serve(env)
    os.killpg(process.pid, signal.SIGINT)
    output, _ = process.communicate(timeout=60)
    assert process.returncode == 0, output
    assert "Traceback" not in output
    assert not (tmp_path / "data" / "redis" / "redis.url").exists()


def test_serve_whose_embedded_redis_dies_stops_with_one_clear_error(
    env: dict[str, str], tmp_path: Path
) -> None:
    # The worker died with its Redis while the API went on taking answers and said it was
    # ready: nothing would be verified again, and the error showed only as a traceback when
    # serve was stopped, by hand, later. An embedded Redis does not come back by itself.
    process, _ = start_serve(env)
    url = (tmp_path / "data" / "redis" / "redis.url").read_text().strip()
    with contextlib.suppress(redis.ConnectionError):
        redis.Redis.from_url(url).shutdown(nosave=True)
    try:
        output, _ = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        output, _ = process.communicate(timeout=30)
        pytest.fail(f"serve ran on without its worker:\n{output}")
    assert process.returncode == 2, output
    last = output.strip().splitlines()[-1]
    assert last.startswith("verifier: error: the worker stopped ("), last
    assert "no answer is verified without it" in last
    assert "Traceback" not in output


def test_serve_verifies_again_once_its_redis_is_back(env: dict[str, str], tmp_path: Path) -> None:
    # After a restart of Redis the worker was gone for good: answers were taken (202) and
    # stayed 'queued' while /health/ready said ready.
    port = free_port()
    server = redis_at(port, tmp_path / "redis")
    env["VERIFIER_REDIS_URL"] = f"redis://127.0.0.1:{port}/0"
    env["VERIFIER_JUDGE_ENABLED"] = "false"
    process, api_port = start_serve(env)
    try:
        ingest = run(["keys", "create", "--role", "ingest"], env).stdout.strip()
        server.terminate()
        server.wait(timeout=10)
        time.sleep(1)  # the worker meets the outage
        server = redis_at(port, tmp_path / "redis")
        body = {"question": "Wie viel?", "answer": "Es waren 12 EUR [1].",
                "excerpts": [{"n": 1, "text": "Summe 12 EUR"}]}  # fmt: skip
        headers = {"Authorization": f"Bearer {ingest}"}
        base = f"http://127.0.0.1:{api_port}"
        posted = httpx.post(f"{base}/v1/answers", json=body, headers=headers)
        assert posted.status_code == 202, posted.text
        deadline = time.monotonic() + 60
        url = f"{base}/v1/answers/{posted.json()['id']}"
        while (status := httpx.get(url, headers=headers).json()["status"]) != "done":
            assert time.monotonic() < deadline, status
            time.sleep(0.2)
    finally:
        process.terminate()
        output, _ = process.communicate(timeout=60)
        server.terminate()
        server.wait(timeout=10)
    assert process.returncode == 0, output
    assert "lost Redis" in output and "Traceback" not in output


def test_a_worker_that_cannot_reach_redis_ends_with_one_clear_error(
    env: dict[str, str],
) -> None:
    # It ended with redis-py's traceback: its ConnectionError is no OSError.
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]  # bound, never listening: connections are refused
        env["VERIFIER_REDIS_URL"] = f"redis://127.0.0.1:{port}/0"
        result = run(["worker"], env)
    assert result.returncode == 2, result.stderr
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("verifier: error: the worker stopped (ConnectionError: "), last
    assert "Traceback" not in result.stderr


def test_check_prints_a_verdict(tmp_path: Path, env: dict[str, str]) -> None:
    case = {
        "question": "Wie groß ist das Bad?",
        "answer": "Das Bad hat 5,13 m² [1].",
        "excerpts": [{"n": 1, "text": "Bad 5,31 m²"}],
    }
    path = tmp_path / "case.json"
    path.write_text(json.dumps(case))
    result = run(["check", str(path), "--no-judge"], env)
    assert result.returncode == 0, result.stderr
    verdict = json.loads(result.stdout)
    assert verdict["flagged"] is True
    assert verdict["stages"]["judge"]["status"] == "skipped"

    env["VERIFIER_OLLAMA_URL"] = "http://127.0.0.1:9"
    unjudged = json.loads(run(["check", str(path)], env).stdout)
    assert unjudged["stages"]["judge"]["status"] == "unavailable"
    assert "unreachable" in unjudged["stages"]["judge"]["reason"]


def test_check_on_a_missing_file_says_so(env: dict[str, str]) -> None:
    result = run(["check", "/nonexistent/case.json"], env)
    assert result.returncode == 2 and "/nonexistent/case.json" in result.stderr


EXCERPT = {"n": 1, "text": "Preis 40 EUR"}


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ("[1, 2]", "must be a JSON object, not list"),
        ('{"id": "c1", "question": "q", "answer": "a", "excerpts": "abc"}', "excerpts: Input"),
        ("{", "not valid JSON"),
        # The API refuses these with a 422; the command line took them, and counted the
        # answer unflagged: its [1] met the second excerpt 1, or no excerpt was checked.
        (
            json.dumps(
                {
                    "id": "c1",
                    "question": "q",
                    "answer": "Es kostet 42 EUR [1].",
                    "excerpts": [EXCERPT, {"n": 1, "text": "Preis 42 EUR"}],
                }
            ),
            "excerpt numbers must be unique; repeated: [1]",
        ),
        (
            json.dumps(
                {"id": "c1", "question": "q", "answer": "a", "excerpts": [EXCERPT], "foo": 1}
            ),
            "foo: Extra inputs are not permitted",
        ),
        (
            json.dumps({"id": "c1", "question": "q", "answer": "  ", "excerpts": [EXCERPT]}),
            "answer: must not be blank",
        ),
        (
            json.dumps({"id": "c1", "question": "q", "answer": "a", "excerpts": []}),
            "excerpts: at least one excerpt is required",
        ),
        (
            json.dumps(
                {"id": "c1", "question": "q", "answer": "a", "excerpts": [{"n": 0, "text": "x"}]}
            ),
            "excerpts.0.n: Input should be greater than 0",
        ),
    ],
)
def test_check_and_eval_name_a_malformed_case(
    tmp_path: Path, env: dict[str, str], content: str, said: str
) -> None:
    # Found by an audit: such cases ended in a traceback.
    path = tmp_path / "case.json"
    path.write_text(content)
    checked = run(["check", str(path), "--no-judge"], env)
    assert checked.returncode == 2 and f"{path}: " in checked.stderr, checked.stderr
    assert said in checked.stderr and checked.stdout == "", checked.stderr
    catalog = tmp_path / "cases.jsonl"
    catalog.write_text(content.replace("\n", " ") + "\n")
    evaluated = run(["eval", str(catalog), "--no-judge"], env)
    assert evaluated.returncode == 2 and f"{catalog}:1: " in evaluated.stderr
    assert said in evaluated.stderr, evaluated.stderr


def test_eval_refuses_a_repeated_id_before_it_replaces_earlier_results(
    tmp_path: Path, env: dict[str, str]
) -> None:
    # Two cases of one id ran as two and wrote two result lines of that id.
    case = {"id": "c1", "question": "q", "answer": "Es kostet 40 EUR [1].", "excerpts": [EXCERPT]}
    catalog = tmp_path / "cases.jsonl"
    catalog.write_text(f"{json.dumps(case)}\n\n{json.dumps({**case, 'answer': 'x'})}\n")
    out = tmp_path / "results.jsonl"
    out.write_text("an earlier run's results\n")
    result = run(["eval", str(catalog), "--no-judge", "--out", str(out)], env)
    assert result.returncode == 2, result.stderr
    assert f"verifier: error: {catalog}:3: id 'c1' repeats line 1" in result.stderr
    assert out.read_text() == "an earlier run's results\n"


def test_check_takes_a_catalog_line_with_its_own_fields(
    tmp_path: Path, env: dict[str, str]
) -> None:
    # A line copied from a catalog holds id, label and the catalog's own fields beside the
    # submission; only fields that are neither are refused.
    case = {
        "id": "c1",
        "label": "correct",
        "kind": "amount",
        "check": "code",
        "note": "n",
        "spans": [{"start": 0, "end": 2, "text": "40", "type": "x"}],
        "meta": {"model": "m"},
        "question": "q",
        "answer": "Es kostet 40 EUR [1].",
        "excerpts": [EXCERPT],
        "answer_model": "m",
    }
    path = tmp_path / "case.json"
    path.write_text(json.dumps(case))
    result = run(["check", str(path), "--no-judge"], env)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["flagged"] is False


def test_eval_counts_partly_as_incorrect_and_refuses_other_labels(
    tmp_path: Path, env: dict[str, str]
) -> None:
    # A label it did not know counted nowhere: every figure read "no data" with rc 0.
    case = {"id": "c1", "question": "q", "answer": "Es kostet 42 EUR [1].", "label": "partly"}
    case["excerpts"] = [{"n": 1, "text": "Preis 40 EUR"}]
    catalog = tmp_path / "cases.jsonl"
    catalog.write_text(json.dumps(case) + "\n")
    result = run(["eval", str(catalog), "--no-judge"], env)
    assert result.returncode == 0 and "(95% CI" in result.stdout and "1/1)" in result.stdout
    catalog.write_text(json.dumps({**case, "label": "Correct"}) + "\n")
    refused = run(["eval", str(catalog), "--no-judge"], env)
    assert refused.returncode == 2 and "label must be one of" in refused.stderr


@pytest.mark.parametrize("days", ["-1", "0", "inf", "nan", "1e10"])
def test_a_key_lifetime_that_is_none_or_past_the_calendar_is_refused(
    env: dict[str, str], days: str
) -> None:
    # -1 printed a key that was expired already, 0 one that never expired, inf a traceback.
    result = run(
        ["keys", "create", "--role", "ingest", "--tenant", "t", "--expires-days", days], env
    )
    assert result.returncode == 2 and "--expires-days" in result.stderr
    assert "vk_" not in result.stdout


TENANT_RULE = f"a tenant is {names.TENANT_RULE}, not "


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["keys", "create", "--role", "ingest", "--tenant", ""], f"--tenant: {TENANT_RULE}''"),
        (["keys", "create", "--role", "ingest", "--tenant", "a b/c"], TENANT_RULE + "'a b/c'"),
        (["keys", "create", "--role", "ingest", "--tenant", "t" * 65], TENANT_RULE),
        (["users", "create", "", "--role", "reviewer"], "username: a username must not be blank"),
        (["users", "create", "   ", "--role", "reviewer"], "a username must not be blank"),
        (["users", "create", "rita ", "--role", "reviewer"], "must not start or end with a space"),
        (["users", "create", "x", "--role", "reviewer", "--tenant", ""], TENANT_RULE),
    ],
)
def test_a_blank_or_unusable_name_is_refused(
    env: dict[str, str], tmp_path: Path, args: list[str], said: str
) -> None:
    # All were taken: a key of tenant "" or "a b/c", an account that could never sign in.
    result = run(args, env, input="a good password\n")
    assert result.returncode == 2 and said in result.stderr, result.stderr
    assert result.stdout == "" and "created" not in result.stderr
    assert not (tmp_path / "data").exists()  # refused before it opened the database


def test_names_within_the_rules_are_taken(env: dict[str, str]) -> None:
    key = run(["keys", "create", "--role", "ingest", "--tenant", "home.eu-1_X"], env)
    assert key.returncode == 0 and key.stdout.startswith("vk_"), key.stderr
    user = run(
        ["users", "create", "Rita Süß", "--role", "analyst", "--tenant", "home.eu-1_X"],
        env,
        input="a good password\n",
    )
    assert user.returncode == 0, user.stderr
    assert "created analyst 'Rita Süß' of tenant 'home.eu-1_X'" in user.stderr


def test_eval_prints_figures_and_writes_one_line_per_case(
    tmp_path: Path, env: dict[str, str]
) -> None:
    out = tmp_path / "results.jsonl"
    result = run(["eval", str(DE_PUBLIC), "--no-judge", "--out", str(out)], env)
    assert result.returncode == 0, result.stderr
    assert "false-alarm rate" in result.stdout and "catch rate" in result.stdout
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    cases = [json.loads(line) for line in DE_PUBLIC.read_text().splitlines() if line.strip()]
    assert [r["id"] for r in rows] == [c["id"] for c in cases]
    assert set(rows[0]) == {"id", "label", "flagged", "reasons", "findings"}
    flagged_correct = sum(r["flagged"] for r in rows if r["label"] == "correct")
    correct = sum(r["label"] == "correct" for r in rows)
    assert f"{flagged_correct}/{correct})" in result.stdout


def test_eval_with_a_judge_reports_each_stage_separately(
    env: dict[str, str], ollama: FakeOllama
) -> None:
    env["VERIFIER_OLLAMA_URL"] = ollama.url
    result = run(["eval", str(DE_PUBLIC)], env)
    assert result.returncode == 0, result.stderr
    for system in ("code", "judge", "combined"):
        assert f"[{system}] false-alarm rate" in result.stdout
    cases = sum(1 for line in DE_PUBLIC.read_text().splitlines() if line.strip())
    assert f"judge outcomes: ok: {cases}" in result.stdout
    assert len(ollama.requests) == cases
