#!/usr/bin/env bash
# Sets up everything the test suite needs (Python packages; Chromium and PostgreSQL from
# Debian when missing and we are root) and runs the whole suite. Extra args go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v chromium >/dev/null || need+=(chromium chromium-driver)
ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || need+=(postgresql)
command -v docker-compose >/dev/null || need+=(docker-compose)  # `config -q` of the compose files
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || need+=(nginx)  # deploy/nginx.conf
command -v node >/dev/null || need+=(nodejs)  # Biome, the client's formatter and linter
command -v npm >/dev/null || need+=(npm)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get update -qq
    # The tests start their own PostgreSQL and nginx: keep the packages from starting
    # system services (which may also fail where there is no init system).
    guard=""
    if [ ! -e /usr/sbin/policy-rc.d ]; then
      printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
      guard=/usr/sbin/policy-rc.d
    fi
    installed=0
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null || installed=$?
    [ -z "$guard" ] || rm -f "$guard"
    [ "$installed" = 0 ] || exit "$installed"
  else
    echo "missing system packages: ${need[*]} (install them with apt-get)" >&2
  fi
fi
# rl: the OpenSpiel and PettingZoo conformance tests (tests/rl) run in CI too.
bash scripts/setup.sh dev,postgres,rl
# The whole suite on SQLite (tests/postgres start PostgreSQL servers of their own); then, for a
# full run (no arguments), the server suites once more on a throwaway PostgreSQL. A full run
# spreads both passes over the cores by pytest-xdist (a database per worker: tests/conftest.py).
status=0
# The client (app/static/) formatted and linted by Biome, pinned in package-lock.json: installed
# again whenever the lockfile is newer than what node_modules was installed from.
if [ ! -x node_modules/.bin/biome ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error >/dev/null
fi
node_modules/.bin/biome ci --error-on-warnings app/static || status=$?
# Lint, formatting and types (files from pyproject.toml's [tool.mypy]): a failure fails the
# script, but the tests still run so one pass reports everything.
echo "== ruff check, ruff format --check, mypy ==" >&2
.venv/bin/ruff check . || status=$?
.venv/bin/ruff format --check . || status=$?
.venv/bin/python -m mypy || status=$?
if [ $# -eq 0 ]; then
  # The whole suite spread over the cores, a test file per worker at a time (module-scoped
  # servers and staged games stay with their file's tests).
  .venv/bin/python -m pytest -n auto --dist loadfile || status=$?
else
  .venv/bin/python -m pytest "$@" || status=$?
fi
if [ $# -eq 0 ]; then
  if .venv/bin/python -m tests.support.postgres --check || [ "${CI:-}" = true ]; then
    suites=()
    for dir in tests/api tests/ws; do [ -d "$dir" ] && suites+=("$dir"); done
    echo "== ${suites[*]} on PostgreSQL ==" >&2
    .venv/bin/python -m tests.support.postgres -- \
      .venv/bin/python -m pytest -n auto "${suites[@]}" || status=$?
  else
    echo "PostgreSQL is not installed: skipped the PostgreSQL pass (CI=true fails here)" >&2
  fi
fi
exit "$status"
