# Tafelrunde server image. Build: docker build -t tafelrunde .   (docker-compose.yml does this)
# Two stages: the first installs the Python dependencies into /opt/venv; the second holds only
# that venv and the source, and runs as an unprivileged user.

FROM python:3.11-slim AS deps
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /build
COPY pyproject.toml ./
# Dependencies only (the project runs from source in /app, where its board files, static
# client and migrations live), so this layer is rebuilt only when pyproject.toml changes.
RUN python -c "import tomllib; p = tomllib.load(open('pyproject.toml', 'rb'))['project']; \
print('\n'.join(p['dependencies'] + p['optional-dependencies']['postgres']))" > requirements.txt \
 && python -m venv /opt/venv \
 && /opt/venv/bin/pip install --no-cache-dir -r requirements.txt

FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PYTHONPATH=/app \
    PATH=/opt/venv/bin:$PATH \
    HOST=0.0.0.0 \
    PORT=8000
RUN useradd --system --uid 10001 --user-group --home-dir /app --shell /usr/sbin/nologin tafelrunde
WORKDIR /app
COPY --from=deps /opt/venv /opt/venv
# .dockerignore lets only the runtime files through. They stay owned by root (read-only for
# the server); the server writes only ./data (the SQLite file when DATABASE_URL is unset).
COPY . /app
RUN mkdir -p /app/data && chown tafelrunde:tafelrunde /app/data
VOLUME /app/data
USER tafelrunde
EXPOSE 8000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ.get('PORT', '8000'), timeout=4)"]
# The server runs `alembic upgrade head` itself on start (MIGRATE_ON_START=0 turns that off).
CMD ["python", "-m", "app"]
