"""The self-hosting files: docker-compose.yml, the two-replica example, the Dockerfile.

No Docker daemon is needed: the compose files are checked by `docker-compose config -q`
(Debian's `docker-compose`, which scripts/test.sh installs) and, independently, read as YAML
here so that what an operator relies on (healthchecks, the named volume, start order, the
WebSocket headers of the proxy, the variables documented in docs/SELF-HOSTING.md) is asserted.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = ROOT / "docker-compose.yml"
REPLICAS = ROOT / "docker-compose.replicas.yml"
NGINX = ROOT / "deploy" / "nginx.conf"


def load(path: Path) -> dict:
    return yaml.safe_load(path.read_text())


def compose_binary() -> list[str] | None:
    if shutil.which("docker-compose"):
        return ["docker-compose"]
    return None


@pytest.mark.parametrize("path", [COMPOSE, REPLICAS], ids=lambda p: p.name)
def test_docker_compose_config_accepts_the_file(path: Path) -> None:
    cmd = compose_binary()
    if cmd is None:
        reason = "docker-compose is not installed (Debian package docker-compose)"
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"CI=true: {reason}; scripts/test.sh installs it", pytrace=False)
        pytest.skip(reason)
    # No .env from the operator's checkout may change the verdict: run from a clean env.
    env = {k: v for k, v in os.environ.items() if not k.startswith(("POSTGRES_", "TAFELRUNDE_"))}
    result = subprocess.run(
        [*cmd, "--project-directory", str(ROOT), "-f", str(path), "config", "-q"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr


def db_service_is_sound(db: dict, volumes: dict) -> None:
    assert re.fullmatch(r"postgres:1[56](\..*)?(-.*)?", db["image"]), db["image"]
    test = db["healthcheck"]["test"]
    assert "pg_isready" in " ".join(test if isinstance(test, list) else [test])
    mounts = {m.split(":")[0]: m.split(":")[1] for m in db["volumes"]}
    named = [name for name, target in mounts.items() if target == "/var/lib/postgresql/data"]
    assert named and named[0] in volumes, "the database must live in a named volume"
    for var in ("POSTGRES_DB", "POSTGRES_USER", "POSTGRES_PASSWORD"):
        assert var in db["environment"]


def app_service_is_sound(app: dict) -> None:
    assert app["depends_on"]["db"]["condition"] == "service_healthy"
    url = app["environment"]["DATABASE_URL"]
    assert url.startswith("postgresql+psycopg://") and "@db:5432/" in url
    assert app.get("build") in (".", {"context": "."})


def test_compose_file_runs_the_app_on_a_healthy_postgres_with_a_named_volume() -> None:
    spec = load(COMPOSE)
    services = spec["services"]
    assert set(services) == {"app", "db"}
    db_service_is_sound(services["db"], spec["volumes"])
    app_service_is_sound(services["app"])
    published = [str(p).rsplit(":", 1)[-1] for p in services["app"]["ports"]]
    assert published == ["8000"], "the app's port 8000 is published"
    assert "ports" not in services["db"], "the database is not exposed outside compose"


def test_replica_example_puts_two_apps_behind_a_websocket_aware_proxy() -> None:
    spec = load(REPLICAS)
    services = spec["services"]
    apps = sorted(name for name in services if name.startswith("app"))
    assert apps == ["app1", "app2"]
    db_service_is_sound(services["db"], spec["volumes"])
    for name in apps:
        app_service_is_sound(services[name])
        assert "ports" not in services[name], "only the proxy is published"
    proxy = services["proxy"]
    assert proxy["image"].startswith("nginx:")
    assert {proxy["depends_on"][a]["condition"] for a in apps} == {"service_healthy"}
    mount = next(v for v in proxy["volumes"] if v.endswith(":/etc/nginx/nginx.conf:ro"))
    assert (ROOT / mount.split(":")[0]).resolve() == NGINX

    conf = NGINX.read_text()
    upstream = re.search(r"upstream\s+(\w+)\s*\{(.*?)\}", conf, re.S)
    assert upstream is not None
    servers = re.findall(r"server\s+([\w.-]+):8000", upstream.group(2))
    assert sorted(servers) == apps
    assert f"proxy_pass http://{upstream.group(1)};" in conf
    # Without these three an nginx proxy turns every WebSocket handshake into a plain GET.
    assert "proxy_http_version 1.1;" in conf
    assert re.search(r"proxy_set_header\s+Upgrade\s+\$http_upgrade;", conf)
    assert re.search(r"proxy_set_header\s+Connection\s+\$connection_upgrade;", conf)
    # The default 60 s would cut an idle player's socket between two server pings.
    timeout = re.search(r"proxy_read_timeout\s+(\d+)([smh]?);", conf)
    assert timeout is not None
    seconds = int(timeout.group(1)) * {"": 1, "s": 1, "m": 60, "h": 3600}[timeout.group(2)]
    assert seconds > 60


def test_dockerfile_builds_a_small_non_root_image_that_checks_healthz() -> None:
    text = (ROOT / "Dockerfile").read_text()
    froms = re.findall(r"^FROM\s+(\S+)", text, re.M)
    assert froms and all(f == "python:3.11-slim" for f in froms)
    assert "--no-cache-dir" in text
    users = re.findall(r"^USER\s+(\S+)", text, re.M)
    assert users and users[-1] not in ("root", "0")
    healthcheck = re.search(r"^HEALTHCHECK .*?(?=^\S)", text, re.M | re.S)
    assert healthcheck is not None and "/healthz" in healthcheck.group(0)


def test_image_receives_every_file_the_server_reads_at_run_time() -> None:
    """.dockerignore is an allow-list: a package missing from it is missing from the wheel
    the image installs (and the server fails only once deployed)."""
    allowed = {
        line[1:].strip().rstrip("/")
        for line in (ROOT / ".dockerignore").read_text().splitlines()
        if line.startswith("!")
    }
    # The wheel is built from these (the client and migrations live inside app/).
    needed = {"app", "bots", "clients", "engines", "seeds", "pyproject.toml", "README.md"}
    assert needed <= allowed
    for name in needed:
        assert (ROOT / name).exists(), name


def test_every_compose_variable_is_documented_in_the_settings_table() -> None:
    readme = (ROOT / "docs" / "SELF-HOSTING.md").read_text()
    section = readme.split("## Settings", 1)
    assert len(section) == 2, "docs/SELF-HOSTING.md has a '## Settings' section"
    documented = set(re.findall(r"`([A-Z][A-Z0-9_]+)`", section[1].split("\n## ", 1)[0]))
    used = set()
    for path in (COMPOSE, REPLICAS):
        used |= set(re.findall(r"(?<!\$)\$\{([A-Z][A-Z0-9_]*)", path.read_text()))
    assert used, "the compose files take their settings from variables"
    assert used <= documented, f"undocumented: {sorted(used - documented)}"
