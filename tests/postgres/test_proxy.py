"""deploy/nginx.conf in front of two server processes, as docker-compose.replicas.yml runs it.

The test runs Debian's nginx on deploy/nginx.conf with only what cannot exist outside Docker
changed: the upstream servers are the two local processes instead of ``app1``/``app2``
(so no Docker DNS ``resolver`` and no ``resolve``, which Debian's nginx 1.22 lacks), and it
listens on a free loopback port. Everything a player meets (the WebSocket upgrade headers,
the timeouts, round-robin over both processes) is the shipped file's.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.postgres.harness import Endpoint, ServerProcess, Table, playable_kind
from tests.support.postgres import free_port

pytestmark = pytest.mark.postgres

ROOT = Path(__file__).resolve().parents[2]
DEADLINE = 30.0
"""Seconds a socket may wait for a move: a bound for a stuck test, not a speed claim
(benchmarks/server_compare.py measures how fast moves travel)."""


def local_nginx_conf(ports: list[int], listen: int, workdir: Path) -> str:
    conf = (ROOT / "deploy" / "nginx.conf").read_text()
    servers = re.findall(r"^\s*server\s+app\d:8000[^;]*;\n", conf, re.M)
    assert len(servers) == len(ports) == 2
    for line, port in zip(servers, ports, strict=True):
        options = re.sub(r"\s+resolve\b", "", line.split(":8000", 1)[1])
        conf = conf.replace(line, f"        server 127.0.0.1:{port}{options}")
    conf = re.sub(r"^\s*resolver\s[^;]*;\n", "", conf, flags=re.M)
    conf, n = re.subn(r"listen 80;", f"listen 127.0.0.1:{listen};", conf)
    assert n == 1
    conf = conf.replace("pid /tmp/nginx.pid;", f"pid {workdir}/nginx.pid;")
    # Which process served each request: the test checks both took part.
    upstream_log = (
        "    log_format upstream '$request_uri $status $upstream_addr';\n"
        f"    access_log {workdir}/upstream.log upstream;\n"
    )
    return conf.replace("http {\n", "http {\n" + upstream_log, 1)


class Nginx(Endpoint):
    def __init__(self, backends: list[ServerProcess], workdir: Path) -> None:
        self.workdir = workdir
        self.port = free_port()
        self.conf = workdir / "nginx.conf"
        self.conf.write_text(local_nginx_conf([b.port for b in backends], self.port, workdir))
        self.log_path = workdir / "nginx.log"
        self.proc: subprocess.Popen | None = None

    def start(self) -> Nginx:
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        with open(self.log_path, "w") as log:
            test = subprocess.run([nginx, "-t", "-c", str(self.conf)], capture_output=True)
            assert test.returncode == 0, test.stderr.decode()
            self.proc = subprocess.Popen(
                [nginx, "-c", str(self.conf), "-g", "daemon off;"],
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
            )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, self.log_path.read_text()
            try:
                httpx.get(f"{self.url}/proxy-healthz", timeout=1)
                return self
            except httpx.HTTPError:
                time.sleep(0.05)
        raise RuntimeError(f"nginx did not start: {self.log_path.read_text()}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGQUIT)  # graceful: closes the WebSockets too
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def upstreams(self, uri_prefix: str) -> set[str]:
        lines = (self.workdir / "upstream.log").read_text().splitlines()
        return {line.split()[2] for line in lines if line.startswith(uri_prefix)}


def nginx_available() -> bool:
    return shutil.which("nginx") is not None or Path("/usr/sbin/nginx").exists()


@pytest.fixture
def proxy(pg_url: str, tmp_path: Path) -> Iterator[tuple[Nginx, ServerProcess, ServerProcess]]:
    if not nginx_available():
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail("CI=true: nginx is missing (scripts/test.sh installs it)", pytrace=False)
        pytest.skip("nginx is not installed (Debian package nginx)")
    a = ServerProcess("a", pg_url, tmp_path, BOT_DELAY="0").start()
    b = ServerProcess("b", pg_url, tmp_path, BOT_DELAY="0").start()
    nginx = Nginx([a, b], tmp_path)
    try:
        nginx.start()
        yield nginx, a, b
    finally:
        nginx.stop()
        a.stop()
        b.stop()


def test_players_behind_the_proxy_get_every_move_whichever_process_serves_them(proxy) -> None:
    nginx, a, b = proxy
    assert httpx.get(f"{nginx.url}/healthz", timeout=5).status_code == 200
    table = Table.create(nginx, playable_kind(nginx))
    # Two sockets per seat and a spectator: round robin spreads them over both processes.
    sockets = [
        (seat, nginx.ws(table.game_id, table.tokens[seat] if seat is not None else None))
        for seat in [0, 1, 0, 1, None]
    ]
    try:
        for i in range(6):
            version = table.play(nginx, pick=i)  # each request to whichever process is next
            posted = time.monotonic()
            for seat, socket in sockets:
                left = max(DEADLINE - (time.monotonic() - posted), 0.001)
                state = socket.wait_version(version, timeout=left)
                assert state["view"] == table.view(a, seat)["view"] == table.view(b, seat)["view"]
            if state["status"] == "over":
                break
        assert len(nginx.upstreams(f"/api/games/{table.game_id}/actions")) == 2
    finally:
        for _, socket in sockets:
            socket.close()
    # nginx logs a WebSocket when it closes.
    both = {f"127.0.0.1:{a.port}", f"127.0.0.1:{b.port}"}
    deadline = time.monotonic() + 5
    while nginx.upstreams(f"/ws/games/{table.game_id}") != both and time.monotonic() < deadline:
        time.sleep(0.05)
    assert nginx.upstreams(f"/ws/games/{table.game_id}") == both, "sockets were on both processes"
