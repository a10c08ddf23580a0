#!/bin/sh
# Container entrypoint: bring the schema up to date (skip with MIGRATE_ON_START=0), then run
# the command (default: python -m app, serving on $HOST:$PORT).
set -e
if [ "${MIGRATE_ON_START:-1}" != "0" ]; then
  python "$(dirname "$0")/migrate.py"
fi
exec "$@"
