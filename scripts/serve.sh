#!/usr/bin/env bash
# Sets up and serves Tafelrunde on SQLite at http://localhost:8000 (data in ./data/).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh postgres
exec .venv/bin/python -m app "$@"
