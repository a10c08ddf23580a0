# Helpers shared by scripts/backup.sh and scripts/restore.sh (sourced from the repo root).

need() {
  command -v "$1" >/dev/null || { echo "$1 is not installed (apt-get install ${2:-$1})" >&2; exit 1; }
}

py() {
  if [ -x .venv/bin/python ]; then .venv/bin/python "$@"; else python3 "$@"; fi
}

# The URL the server itself would use: DATABASE_URL, or its SQLite default under ./data/.
database_url() {
  py -c 'from app.core.config import get_settings; print(get_settings().database_url)'
}

# postgresql+psycopg://... -> postgresql://... (what pg_dump and pg_restore accept).
libpq_url() {
  printf '%s\n' "$1" | sed -E 's#^postgres(ql)?(\+[a-z0-9_]+)?://#postgresql://#'
}

sqlite_path() {
  py -c 'import sys; from sqlalchemy.engine import make_url; print(make_url(sys.argv[1]).database)' "$1"
}

# `docker compose` (the plugin) or Debian's `docker-compose`; COMPOSE_FILE picks the file.
compose() {
  if docker compose version >/dev/null 2>&1; then
    docker compose "$@"
  elif command -v docker-compose >/dev/null; then
    docker-compose "$@"
  else
    echo "neither 'docker compose' nor 'docker-compose' is installed" >&2
    exit 1
  fi
}
