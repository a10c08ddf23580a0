"""The Docker image's contents, without Docker: the files .dockerignore lets into the build
context, laid out as the Dockerfile does (/app, PYTHONPATH=/app), must be enough to run the
server, and the Dockerfile's HEALTHCHECK command must pass against it."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from fnmatch import fnmatchcase
from pathlib import Path

import httpx

from tests.support.postgres import free_port

ROOT = Path(__file__).resolve().parents[2]


def ignore_rules() -> list[tuple[bool, str]]:
    """(exclude?, pattern) in file order; the last matching rule decides (Docker's rule)."""
    rules = []
    for raw in (ROOT / ".dockerignore").read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        negate = line.startswith("!")
        rules.append((not negate, line.lstrip("!").strip("/")))
    return rules


def matches(path: str, pattern: str) -> bool:
    parts = path.split("/")
    if pattern.startswith("**/"):
        tail = pattern[3:]
        return any(fnmatchcase("/".join(parts[i:]), tail) for i in range(len(parts))) or any(
            fnmatchcase(p, tail) for p in parts
        )
    # A pattern names a file or a directory (and so everything below it).
    return any(fnmatchcase("/".join(parts[: i + 1]), pattern) for i in range(len(parts)))


def build_context(dest: Path) -> list[str]:
    rules = ignore_rules()
    files = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    kept = []
    for rel in files:
        excluded = False
        for exclude, pattern in rules:
            if matches(rel, pattern):
                excluded = exclude
        if not excluded and (ROOT / rel).is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / rel, dest / rel)
            kept.append(rel)
    return kept


def healthcheck_command() -> list[str]:
    text = (ROOT / "Dockerfile").read_text()
    match = re.search(r"^HEALTHCHECK .*?CMD (\[.*?\])\s*$", text, re.M | re.S)
    assert match, "the Dockerfile has an exec-form HEALTHCHECK"
    return json.loads(match.group(1).replace("\\\n", ""))


def test_image_files_alone_serve_the_game_and_pass_the_healthcheck(tmp_path: Path) -> None:
    app_dir = tmp_path / "app"
    app_dir.mkdir()
    kept = build_context(app_dir)
    assert not [f for f in kept if f.startswith(("tests/", ".git", "benchmarks/", ".venv"))]
    port = free_port()
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DATABASE_URL", "HUB", "DATA_DIR") and not k.startswith("TAFELRUNDE_")
    }
    env.update(PYTHONPATH=str(app_dir), HOST="127.0.0.1", PORT=str(port), BOT_DELAY="0")
    where = subprocess.run(
        # Every package the server imports must come from the image's files, not from the
        # test machine's install (the bot levels live in ``bots``).
        [
            sys.executable,
            "-c",
            "import app, bots, engines; print(app.__file__, bots.__file__, engines.__file__)",
        ],
        cwd=app_dir,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert all(Path(p).is_relative_to(app_dir) for p in where), where
    log = open(tmp_path / "server.log", "w")  # noqa: SIM115 (the server writes to it)
    server = subprocess.Popen(
        [sys.executable, "-m", "app"], cwd=app_dir, env=env, stdout=log, stderr=log
    )
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, (tmp_path / "server.log").read_text()
            try:
                if httpx.get(f"{base}/readyz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, (tmp_path / "server.log").read_text()
            time.sleep(0.1)
        # The SQLite default lands in /app/data, the one directory the image lets it write.
        assert (app_dir / "data" / "tafelrunde.db").exists()
        kinds = httpx.get(f"{base}/api/kinds", timeout=10).json()
        assert kinds, "the engines and their boards are in the image"
        for kind in kinds:
            assert httpx.get(f"{base}/api/kinds/{kind['id']}/board", timeout=10).status_code == 200
        created = httpx.post(
            f"{base}/api/games", json={"kind": kinds[0]["id"], "num_seats": 2}, timeout=10
        )
        assert created.status_code == 201, created.text
        if (ROOT / "static" / "index.html").exists():
            assert httpx.get(f"{base}/", timeout=10).status_code == 200
        cmd = healthcheck_command()
        assert cmd[0] == "python"
        check = subprocess.run([sys.executable, *cmd[1:]], env=env, timeout=30)
        assert check.returncode == 0
    finally:
        server.terminate()
        server.wait(timeout=15)
        log.close()
    # And the healthcheck fails once nothing answers.
    assert subprocess.run([sys.executable, *cmd[1:]], env=env, timeout=30).returncode != 0
