"""A real Tafelrunde server process for tests: ``python -m app``, as the README serves it.

Its port is chosen once, so ``stop``/``kill`` and ``start`` again look to a client like a
server that went away and came back on the same address and database.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import httpx

from tests.support.postgres import free_port

REPO = Path(__file__).resolve().parents[2]
# Settings a test run may carry in its own environment that must not leak into a server.
_NOT_INHERITED = ("DATABASE_URL", "HUB")


class ServerProcess:
    def __init__(
        self,
        database_url: str,
        log_path: Path,
        *,
        port: int | None = None,
        prefix: Sequence[str] = (),
        **env: str,
    ) -> None:
        self.prefix = list(prefix)
        """A command the server runs under (``setpriv ...``)."""
        self.database_url = database_url
        self.log_path = log_path
        self.port = port or free_port()
        self.env = env
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        assert self.proc is not None, "not started"
        return self.proc.pid

    def start(self, timeout: float = 60, ready: str = "/readyz") -> ServerProcess:
        """Start and wait until ``ready`` answers 200 (``/readyz``: the database is
        reachable; ``/healthz``: the process serves)."""
        env = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith("TAFELRUNDE_") and k not in _NOT_INHERITED
        }
        env.update(
            {
                "HOST": "127.0.0.1",
                "PORT": str(self.port),
                "DATABASE_URL": self.database_url,
                "DATA_DIR": str(self.log_path.parent / "data"),
                "BOT_DELAY": "0",
                "PYTHONPATH": str(REPO),
                **self.env,
            }
        )
        with open(self.log_path, "ab") as log:
            log.write(f"--- start on port {self.port}\n".encode())
            log.flush()
            self.proc = subprocess.Popen(
                [*self.prefix, sys.executable, "-m", "app"],
                cwd=REPO,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited on start:\n{self.log()}")
            try:
                if httpx.get(f"{self.url}{ready}", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"server not ready after {timeout}s:\n{self.log()}")

    def kill(self, sig: int = signal.SIGKILL) -> None:
        assert self.proc is not None, "not started"
        self.proc.send_signal(sig)
        self.proc.wait(timeout=30)

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            self.proc = None
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=5)
        self.proc = None

    def log(self) -> str:
        if not self.log_path.exists():
            return ""
        return self.log_path.read_text(errors="replace")[-4000:]
