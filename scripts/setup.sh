#!/usr/bin/env bash
# Creates .venv and installs the project with its extras. Safe to run again.
# Usage: scripts/setup.sh [extras]   (default: dev,postgres)
set -euo pipefail
cd "$(dirname "$0")/.."
extras="${1:-dev,postgres}"
py="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  if ! "$py" -m venv .venv 2>/dev/null; then
    # Debian ships venv separately; install it when we may.
    rm -rf .venv
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv
      "$py" -m venv .venv
    else
      echo "python3 -m venv failed: install python3-venv (sudo apt-get install python3-venv)" >&2
      exit 1
    fi
  fi
fi
stamp=".venv/.installed-$extras"
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  .venv/bin/python -m pip install -q --upgrade pip
  .venv/bin/python -m pip install -q -e ".[$extras]"
  touch "$stamp"
fi
