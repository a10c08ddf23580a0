# Helpers shared by scripts/backup.sh and scripts/restore.sh (sourced from the repo root).

# The project's Python (.venv, made by scripts/setup.sh), else the system's: without the
# project installed there, the command fails (ModuleNotFoundError) and writes nothing.
py() {
  if [ -x .venv/bin/python ]; then .venv/bin/python "$@"; else python3 "$@"; fi
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
