#!/usr/bin/env bash
# Sets up and serves Tafelrunde at http://localhost:8000: on SQLite (./data/) by default; the
# PostgreSQL driver is installed too, so DATABASE_URL=postgresql+psycopg://... works as well.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh postgres
exec .venv/bin/python -m app "$@"
