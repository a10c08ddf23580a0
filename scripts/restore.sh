#!/usr/bin/env bash
# Replaces the Tafelrunde database with a backup made by scripts/backup.sh.
#   scripts/restore.sh --compose FILE  PostgreSQL of docker compose: stops the app service(s),
#                                      pg_restore in the db container, starts them again.
#   scripts/restore.sh FILE            the database of DATABASE_URL (unset: the SQLite file in
#                                      ./data/): `tafelrunde restore FILE` with the project's
#                                      .venv. Stop the server first and start it after.
# The restore is all-or-nothing (one transaction; SQLite's backup API is atomic too).
set -euo pipefail
in="$(realpath -m -- "${@: -1}")"  # FILE as the caller named it, before the cd below
cd "$(dirname "$0")/.."
source deploy/dbtools.sh

mode=native
if [ "${1:-}" = "--compose" ]; then mode=compose; shift; fi
[ $# -eq 1 ] || { sed -n '2,8p' "$0" >&2; exit 2; }
[ -s "$in" ] || { echo "restore: $in is missing or empty" >&2; exit 2; }

case "$mode" in
  compose)
    restore_args=(--clean --if-exists --no-owner --single-transaction --exit-on-error)
    # The server caches replayed games in memory: it must not outlive the data it replayed.
    mapfile -t apps < <(compose config --services | grep -vx db)
    compose stop "${apps[@]}"
    status=0
    compose exec -T db sh -c \
      "exec pg_restore ${restore_args[*]} -U \"\$POSTGRES_USER\" -d \"\$POSTGRES_DB\"" <"$in" ||
      status=$?
    # Started again either way: a failed restore was rolled back, the old data is intact.
    compose start "${apps[@]}"
    if [ "$status" -ne 0 ]; then
      echo "restore: pg_restore failed ($status); the database is unchanged" >&2
      exit "$status"
    fi
    echo "restored $in"
    ;;
  native)
    py -m app.cli restore "$in"
    ;;
esac
