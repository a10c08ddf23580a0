# Tafelrunde server image. Build: docker build -t tafelrunde .   (docker-compose.yml does this)
# Two stages: the first builds the project's wheel and installs it (with the PostgreSQL driver)
# into /opt/venv; the second holds only that venv and runs as an unprivileged user. The wheel
# carries the board files, the browser client and the migrations (importlib.resources).

FROM python:3.11-slim AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /build
# Dependencies first, from pyproject.toml alone: this layer is rebuilt only when it changes.
COPY pyproject.toml ./
RUN python -c "import tomllib; p = tomllib.load(open('pyproject.toml', 'rb'))['project']; \
print('\n'.join(p['dependencies'] + p['optional-dependencies']['postgres']))" > requirements.txt \
 && python -m venv /opt/venv \
 && /opt/venv/bin/pip install --no-cache-dir -r requirements.txt
# .dockerignore lets only the package sources through.
COPY . .
RUN /opt/venv/bin/pip wheel --no-deps --wheel-dir /build/dist . \
 && /opt/venv/bin/pip install --no-cache-dir --no-deps /build/dist/tafelrunde-*.whl

FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PATH=/opt/venv/bin:$PATH \
    HOST=0.0.0.0 \
    PORT=8000 \
    DATA_DIR=/data
RUN useradd --system --uid 10001 --user-group --home-dir /data --shell /usr/sbin/nologin tafelrunde \
 && mkdir -p /data && chown tafelrunde:tafelrunde /data
COPY --from=build /opt/venv /opt/venv
WORKDIR /data
VOLUME /data
USER tafelrunde
EXPOSE 8000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ.get('PORT', '8000'), timeout=4)"]
# The server runs the migrations itself on start (MIGRATE_ON_START=0 turns that off).
CMD ["tafelrunde", "serve"]
