#!/usr/bin/env bash
# Sets up everything the test suite needs on a fresh Debian machine and runs it:
# Debian's Redis and PostgreSQL (started here, on private ports, in a temp dir) and Chromium
# (driven by Playwright; no browser is downloaded), a virtualenv
# with the project and its test tools, then ruff, mypy and pytest.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

need=()
command -v redis-server >/dev/null || need+=(redis-server)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
[ -x /usr/bin/chromium ] || need+=(chromium)
if [ ${#need[@]} -gt 0 ]; then
  echo "installing from Debian: ${need[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

PY=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e '.[test]'

work=$(mktemp -d /tmp/verifier-test.XXXXXX)
chmod 755 "$work"
pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
free_port() { .venv/bin/python -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
redis_port=$(free_port)
pg_port=$(free_port)

# PostgreSQL refuses to run as root: run it as the postgres user (or as ourselves when not root).
pg_user=$(id -un)
run_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && pg_user=postgres && mkdir -p "$work/pg" && chown postgres "$work/pg"

cleanup() {
  run_pg "$pg_bin/pg_ctl" -D "$work/pg/data" -m immediate stop >/dev/null 2>&1 || true
  [ -f "$work/redis.pid" ] && kill "$(cat "$work/redis.pid")" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

redis-server --port "$redis_port" --bind 127.0.0.1 --dir "$work" --save '' --appendonly yes \
  --daemonize yes --pidfile "$work/redis.pid" --logfile "$work/redis.log"
run_pg "$pg_bin/initdb" -D "$work/pg/data" -U "$pg_user" --auth=trust -E UTF8 >/dev/null
run_pg "$pg_bin/pg_ctl" -D "$work/pg/data" -l "$work/pg/log" -w \
  -o "-p $pg_port -k $work/pg -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null

export VERIFIER_TEST_REDIS_URL="redis://127.0.0.1:$redis_port/0"
export VERIFIER_TEST_POSTGRES_URL="postgresql+asyncpg://$pg_user@127.0.0.1:$pg_port/postgres"
export VERIFIER_REQUIRE_POSTGRES=1

.venv/bin/ruff check verifier worker migrations tests
.venv/bin/ruff format --check verifier worker migrations tests
.venv/bin/mypy verifier worker
.venv/bin/pytest "$@"
