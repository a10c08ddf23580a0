#!/usr/bin/env bash
# Replaces the Tafelrunde database with a backup made by scripts/backup.sh.
#   scripts/restore.sh --compose FILE  PostgreSQL of docker compose: stops the app service(s),
#                                      pg_restore in the db container, starts them again.
#   scripts/restore.sh FILE            the database of DATABASE_URL (unset: the SQLite file in
#                                      ./data/). Stop the server first and start it after.
# The restore is all-or-nothing (one transaction; SQLite's .restore is atomic too).
set -euo pipefail
cd "$(dirname "$0")/.."
source deploy/dbtools.sh

mode=native
if [ "${1:-}" = "--compose" ]; then mode=compose; shift; fi
[ $# -eq 1 ] || { sed -n '2,8p' "$0" >&2; exit 2; }
in="$1"
[ -s "$in" ] || { echo "restore: $in is missing or empty" >&2; exit 2; }

restore_args=(--clean --if-exists --no-owner --single-transaction --exit-on-error)
case "$mode" in
  compose)
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
    ;;
  native)
    url="$(database_url)"
    case "$url" in
      postgres*)
        need pg_restore postgresql-client
        pg_restore "${restore_args[@]}" -d "$(libpq_url "$url")" "$in"
        ;;
      sqlite*)
        need sqlite3
        path="$(sqlite_path "$url")"
        mkdir -p "$(dirname "$path")"
        sqlite3 "$path" ".restore '$in'"
        ;;
      *) echo "restore: unsupported DATABASE_URL scheme: ${url%%:*}" >&2; exit 2 ;;
    esac
    ;;
esac
echo "restored $in"
