"""``tafelrunde backup`` / ``restore`` on SQLite, and scripts/backup.sh where the project's
Python is missing: a backup is reported only once it has been read back, and a failed one
leaves no file behind."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app.cli import main
from app.core.config import Settings
from app.main import create_app

ROOT = Path(__file__).resolve().parents[2]


def serve_games(url: str, count: int) -> list[str]:
    ids = []
    with TestClient(create_app(Settings(database_url=url, bot_delay=0))) as http:
        for _ in range(count):
            r = http.post("/api/games", json={"kind": "dolmengoetter", "num_seats": 2})
            assert r.status_code == 201, r.text
            ids.append(r.json()["id"])
    return ids


def test_backup_counts_the_games_and_restore_brings_them_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'data' / 'tafelrunde.db'}"
    ids = serve_games(url, 3)
    monkeypatch.setenv("DATABASE_URL", url)
    backup = tmp_path / "nightly.backup"

    assert main(["backup", str(backup)]) == 0
    assert f"backup written to {backup} (3 games, " in capsys.readouterr().out
    assert backup.stat().st_mode & 0o777 == 0o600, "it holds the games' secret seeds"

    (tmp_path / "data" / "tafelrunde.db").unlink()  # the disk is lost
    assert main(["restore", str(backup)]) == 0
    assert "(3 games)" in capsys.readouterr().out
    with TestClient(create_app(Settings(database_url=url, bot_delay=0))) as http:
        for game_id in ids:
            assert http.get(f"/api/games/{game_id}/view").status_code == 200


def test_a_backup_of_no_database_fails_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'nowhere' / 'tafelrunde.db'}")
    backup = tmp_path / "nightly.backup"
    assert main(["backup", str(backup)]) == 1
    assert "backup failed: no database at" in capsys.readouterr().err
    assert not backup.exists() and not backup.with_name("nightly.backup.part").exists()


def test_restoring_a_file_that_is_no_backup_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'tafelrunde.db'}"
    ids = serve_games(url, 1)
    monkeypatch.setenv("DATABASE_URL", url)
    stranger = tmp_path / "holiday.jpg"
    stranger.write_bytes(b"\xff\xd8 not a database")
    assert main(["restore", str(stranger)]) == 1
    assert "the database is unchanged" in capsys.readouterr().err
    with TestClient(create_app(Settings(database_url=url, bot_delay=0))) as http:
        assert http.get(f"/api/games/{ids[0]}/view").status_code == 200


def test_backup_script_without_the_projects_python_fails_loudly(tmp_path: Path) -> None:
    """The issue's report: run where .venv is missing, the script printed a Python traceback
    and then 'backup written' over an empty database. Now it fails and leaves no FILE."""
    checkout = tmp_path / "checkout"  # scripts without .venv and without the project
    for folder in ("scripts", "deploy"):
        shutil.copytree(ROOT / folder, checkout / folder)
    (tmp_path / "data").mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    backup = tmp_path / "nightly.backup"
    done = subprocess.run(
        ["bash", str(checkout / "scripts" / "backup.sh"), str(backup)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert "backup written" not in done.stdout
    assert not backup.exists() and not Path(f"{backup}.part").exists()
