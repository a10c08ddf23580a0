#!/usr/bin/env bash
# Backs up the Tafelrunde database into FILE.
#   scripts/backup.sh --compose FILE  PostgreSQL of docker compose: pg_dump (custom format)
#                                     inside the db container; the app keeps running.
#   scripts/backup.sh FILE            the database of DATABASE_URL, as the server resolves it
#                                     (unset: the SQLite file in ./data/): `tafelrunde backup
#                                     FILE` with the project's .venv (pg_dump -Fc, or SQLite's
#                                     backup API), opened and its games counted.
# Both are consistent snapshots taken while the server runs. Restore: scripts/restore.sh.
set -euo pipefail
out="$(realpath -m -- "${@: -1}")"  # FILE as the caller named it, before the cd below
cd "$(dirname "$0")/.."
source deploy/dbtools.sh

mode=native
if [ "${1:-}" = "--compose" ]; then mode=compose; shift; fi
[ $# -eq 1 ] || { sed -n '2,9p' "$0" >&2; exit 2; }

case "$mode" in
  compose)
    # The container knows its own user and database; nothing needs to be passed in.
    compose exec -T db sh -c 'exec pg_dump -Fc -U "$POSTGRES_USER" "$POSTGRES_DB"' >"$out.part"
    # Only a complete dump gets the final name: a failed run never leaves a truncated FILE.
    mv "$out.part" "$out"
    echo "backup written to $out ($(wc -c <"$out") bytes)"
    ;;
  native)
    # It prints its own line, and fails leaving no FILE when the database (or a Python that
    # can resolve it) is missing.
    py -m app.cli backup "$out"
    ;;
esac
