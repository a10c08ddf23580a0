#!/usr/bin/env bash
# Sets up everything the test suite needs (Python packages; Chromium and PostgreSQL from
# Debian when missing and we are root) and runs the whole suite. Extra args go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v chromium >/dev/null || need+=(chromium chromium-driver)
ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || need+=(postgresql)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  else
    echo "missing system packages: ${need[*]} (install them with apt-get)" >&2
  fi
fi
bash scripts/setup.sh dev,postgres
exec .venv/bin/python -m pytest "$@"
