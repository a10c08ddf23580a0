#!/usr/bin/env bash
# Backs up the Tafelrunde database into FILE.
#   scripts/backup.sh --compose FILE  PostgreSQL of docker compose: pg_dump (custom format)
#                                     inside the db container; the app keeps running.
#   scripts/backup.sh FILE            the database of DATABASE_URL, as the server resolves it
#                                     (unset: the SQLite file in ./data/):
#                                     PostgreSQL: pg_dump -Fc; SQLite: sqlite3 .backup.
# Both are consistent snapshots taken while the server runs. Restore: scripts/restore.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
source deploy/dbtools.sh

mode=native
if [ "${1:-}" = "--compose" ]; then mode=compose; shift; fi
[ $# -eq 1 ] || { sed -n '2,9p' "$0" >&2; exit 2; }
out="$1"

case "$mode" in
  compose)
    # The container knows its own user and database; nothing needs to be passed in.
    compose exec -T db sh -c 'exec pg_dump -Fc -U "$POSTGRES_USER" "$POSTGRES_DB"' >"$out.part"
    ;;
  native)
    url="$(database_url)"
    case "$url" in
      postgres*)
        need pg_dump postgresql-client
        pg_dump -Fc -f "$out.part" -d "$(libpq_url "$url")"
        ;;
      sqlite*)
        need sqlite3
        sqlite3 "$(sqlite_path "$url")" ".backup '$out.part'"
        ;;
      *) echo "backup: unsupported DATABASE_URL scheme: ${url%%:*}" >&2; exit 2 ;;
    esac
    ;;
esac
# Only a complete dump gets the final name: a failed run never leaves a truncated FILE.
mv "$out.part" "$out"
echo "backup written to $out ($(wc -c <"$out") bytes)"
