"""The release as a user installs it, and as the Docker image does, without Docker: the wheel
built from the files .dockerignore lets into the build context, installed into a new virtual
environment outside the checkout, serves on SQLite (a game created and a move played over
HTTP), passes the Dockerfile's HEALTHCHECK, makes games through ``import engines`` and, with
the ``rl`` extra, through PettingZoo and OpenSpiel.

pip installs the dependencies from its cache when scripts/setup.sh already fetched them."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
import venv
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


MOVE = """
import sys, httpx
base = sys.argv[1]
kinds = httpx.get(f"{base}/api/kinds", timeout=10).json()
assert {k["id"] for k in kinds} == {"dolmengoetter", "dschingis_khan"}, kinds
game = httpx.post(f"{base}/api/games", json={"kind": "dolmengoetter", "num_seats": 2}, timeout=10)
assert game.status_code == 201, game.text
game_id = game.json()["id"]
tokens = {}
for invite in game.json()["invites"]:
    joined = httpx.post(
        f"{base}/api/games/{game_id}/seats/{invite['seat']}/join",
        json={"key": invite["key"], "name": f"Seat {invite['seat']}"},
        timeout=10,
    )
    assert joined.status_code == 201, joined.text
    tokens[invite["seat"]] = joined.json()["token"]
view = httpx.get(f"{base}/api/games/{game_id}/view", timeout=10).json()
seat = view["view"]["to_act"][0]
auth = {"Authorization": f"Bearer {tokens[seat]}"}
legal = httpx.get(f"{base}/api/games/{game_id}/legal-actions", headers=auth, timeout=10).json()
move = {"version": legal["version"], "action": legal["actions"][0]["action"]}
played = httpx.post(f"{base}/api/games/{game_id}/actions", headers=auth, json=move, timeout=10)
assert played.status_code == 200, played.text
assert httpx.get(f"{base}/", timeout=10).status_code == 200  # the browser client ships too
print("played version", played.json()["version"])
"""

AGENTS = """
import random
import engines, engines.openspiel, engines.pettingzoo
engines.get("dschingis_khan").new(num_players=3, seed=1)
env = engines.pettingzoo.env("dolmengoetter", num_players=3)
env.reset(seed=1)
rng = random.Random(1)
for agent in env.agent_iter():
    obs, reward, terminated, truncated, info = env.last()
    if terminated or truncated:
        action = None
    else:
        action = rng.choice([i for i, ok in enumerate(obs["action_mask"]) if ok])
    env.step(action)
import pyspiel
game = pyspiel.load_game("python_dschingis_khan", {"players": 3})
state = game.new_initial_state()
while not state.is_terminal():
    if state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(outcomes, probs)[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))
print("returns", state.returns())
"""


def test_the_wheel_installs_serves_and_plays_outside_the_checkout(tmp_path: Path) -> None:
    # Nothing of the checkout on the path: a PYTHONPATH naming it would make pip and Python
    # find the checkout's packages (and its metadata) instead of the wheel's.
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DATABASE_URL", "HUB", "DATA_DIR", "PYTHONPATH", "VIRTUAL_ENV")
        and not k.startswith("TAFELRUNDE_")
    }
    context = tmp_path / "context"
    context.mkdir()
    build_context(context)
    dist = tmp_path / "dist"
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(context)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr
    (wheel,) = dist.glob("tafelrunde-*.whl")

    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    python, tafelrunde = env_dir / "bin" / "python", env_dir / "bin" / "tafelrunde"
    installed = subprocess.run(
        [str(python), "-m", "pip", "install", "-q", f"{wheel}[rl]"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    assert installed.returncode == 0, installed.stderr

    home = tmp_path / "elsewhere"  # not the checkout: nothing may be read from it
    home.mkdir()
    port = free_port()
    env.update(HOST="127.0.0.1", PORT=str(port), BOT_DELAY="0", DATA_DIR=str(tmp_path / "data"))

    def run(*args: str) -> str:
        done = subprocess.run(args, cwd=home, env=env, capture_output=True, text=True)
        assert done.returncode == 0, f"{args}:\n{done.stdout}\n{done.stderr}"
        return done.stdout

    release = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert run(str(tafelrunde), "--version").strip() == f"tafelrunde {release}"
    where = run(
        str(python), "-c", "import app, engines, seeds; print(app.__file__, seeds.__file__)"
    )
    assert all(Path(p).is_relative_to(env_dir) for p in where.split()), where
    assert "returns" in run(str(python), "-c", AGENTS)

    log = open(tmp_path / "server.log", "w")  # noqa: SIM115 (the server writes to it)
    server = subprocess.Popen([str(tafelrunde), "serve"], cwd=home, env=env, stdout=log, stderr=log)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60  # a bound on a dead server, not a measurement
        while True:
            assert server.poll() is None, (tmp_path / "server.log").read_text()
            try:
                if httpx.get(f"{base}/readyz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, (tmp_path / "server.log").read_text()
            time.sleep(0.1)
        assert (tmp_path / "data" / "tafelrunde.db").exists()
        assert httpx.get(f"{base}/api/health", timeout=10).json()["version"] == release
        assert "played version 1" in run(str(python), "-c", MOVE, base)
        cmd = healthcheck_command()
        assert cmd[0] == "python"
        assert subprocess.run([str(python), *cmd[1:]], env=env, timeout=30).returncode == 0
    finally:
        server.terminate()
        server.wait(timeout=15)
        log.close()
    # And the healthcheck fails once nothing answers.
    assert subprocess.run([str(python), *cmd[1:]], env=env, timeout=30).returncode != 0
