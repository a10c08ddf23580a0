"""A restart at head skips Alembic (issue 15, item 9: faster restart), and still migrates
a database that is behind."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from alembic import command
from alembic.script import ScriptDirectory
from sqlalchemy import text

from app.db.migrate import alembic_config, current_revision, head_revision, upgrade
from app.db.session import Database

REPO = Path(__file__).resolve().parents[2]


def test_the_head_read_from_the_files_is_alembics_head():
    assert head_revision() == ScriptDirectory.from_config(alembic_config()).get_current_head()


def test_a_database_behind_head_is_upgraded_and_one_at_head_is_left_alone(tmp_path: Path):
    db = Database(f"sqlite:///{tmp_path / 'db.sqlite'}")
    try:
        assert current_revision(db) is None
        upgrade(db)
        assert current_revision(db) == head_revision()
        cfg = alembic_config()
        with db.engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, "0001")
        assert current_revision(db) == "0001"
        upgrade(db)
        assert current_revision(db) == head_revision()
        with db.engine.connect() as conn:  # 0002's column is there again
            conn.execute(text("SELECT host_token_hash FROM games"))
    finally:
        db.dispose()


def test_starting_on_a_database_at_head_does_not_import_alembic(tmp_path: Path):
    url = f"sqlite:///{tmp_path / 'db.sqlite'}"
    db = Database(url)
    upgrade(db)
    db.dispose()
    code = (
        "import sys\n"
        "from app.db.migrate import upgrade\n"
        "from app.db.session import Database\n"
        f"upgrade(Database({url!r}))\n"
        "import app.main\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'alembic'))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"
