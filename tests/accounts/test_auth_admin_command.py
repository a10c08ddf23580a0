"""``tafelrunde admin ...`` (also ``python -m app admin ...``): the operator makes the first
admin, invite codes, and disables, enables or signs out an account (issue 38, item 6;
docs/SELF-HOSTING.md, "The tafelrunde command")."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli import main as tafelrunde
from tests.support.accounts import PASSWORD, log_in, sign_up, site, sql

REPO = Path(__file__).resolve().parents[2]


def _python_m_app(database_url: str, *args: str, stdin: str = "") -> subprocess.CompletedProcess:
    env = {**os.environ, "DATABASE_URL": database_url, "PYTHONPATH": str(REPO)}
    return subprocess.run(
        [sys.executable, "-m", "app", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=REPO,
        env=env,
        timeout=120,
    )


def test_python_m_app_admin_create_makes_an_admin_on_a_fresh_database(database_url):
    done = _python_m_app(
        database_url, "admin", "create", "Root", "--password-stdin", stdin=PASSWORD + "\n"
    )
    assert done.returncode == 0, done.stderr
    assert "Root" in done.stdout
    assert PASSWORD not in done.stdout + done.stderr
    ((name, is_admin, stored),) = sql(
        database_url, "SELECT name, is_admin, password_hash FROM accounts"
    )
    assert (name, bool(is_admin)) == ("Root", True)
    assert stored.startswith("$argon2id$")
    # The same name again, or a weak password: refused, exit 1, nothing made.
    again = _python_m_app(
        database_url, "admin", "create", "ROOT", "--password-stdin", stdin=PASSWORD + "\n"
    )
    assert again.returncode == 1 and "name_taken" in again.stderr
    weak = _python_m_app(
        database_url, "admin", "create", "Other", "--password-stdin", stdin="password1234\n"
    )
    assert weak.returncode == 1 and "password_too_common" in weak.stderr
    assert "password1234" not in weak.stderr
    assert sql(database_url, "SELECT count(*) FROM accounts")[0][0] == 1
    with site(database_url, signup="closed") as s:
        assert log_in(s.browser(), "Root")["is_admin"] is True


@pytest.fixture
def command(database_url, monkeypatch, capsys):
    """``tafelrunde ARGS`` in this process, on the test's database: (exit code, out, err)."""
    monkeypatch.setenv("DATABASE_URL", database_url)

    def run(*args: str) -> tuple[int, str, str]:
        code = tafelrunde(list(args))
        out, err = capsys.readouterr()
        return code, out, err

    return run


def test_admin_invite_prints_a_code_good_for_one_sign_up(database_url, command):
    code, out, _ = command("admin", "invite")
    assert code == 0
    invite = out.strip()
    assert len(invite) >= 20 and " " not in invite
    with site(database_url, signup="invite") as s:
        sign_up(s.browser(), "Anna", invite_code=invite)
        r = s.browser().post(
            "/api/auth/signup", json={"name": "Bert", "password": PASSWORD, "invite_code": invite}
        )
        assert r.json()["error"]["code"] == "invite_code_invalid"


def test_admin_disable_ends_sessions_and_refuses_sign_in_until_enabled(database_url, command):
    with site(database_url) as s:
        laptop, phone = s.browser(), s.browser()
        sign_up(laptop, "Anna")
        log_in(phone, "Anna")
        code, out, _ = command("admin", "disable", "anna")
        assert code == 0 and "Anna" in out
        assert sql(database_url, "SELECT count(*) FROM auth_sessions")[0][0] == 0
        assert laptop.get("/api/me").status_code == 401
        assert phone.get("/api/me").status_code == 401
        r = s.browser().post("/api/auth/login", json={"name": "Anna", "password": PASSWORD})
        assert (r.status_code, r.json()["error"]["code"]) == (403, "account_disabled")
        assert command("admin", "enable", "Anna")[0] == 0
        log_in(laptop, "Anna")
        code, out, _ = command("admin", "revoke", "Anna")
        assert code == 0 and out.startswith("1 sign-in ")
        assert laptop.get("/api/me").status_code == 401


def test_admin_commands_name_an_unknown_account(command):
    code, out, err = command("admin", "disable", "Nobody")
    assert code == 1 and out == ""
    assert "unknown_account" in err


def test_admin_create_asks_twice_and_refuses_two_different_passwords(command, monkeypatch):
    answers = iter([PASSWORD, PASSWORD + "x"])
    monkeypatch.setattr("getpass.getpass", lambda prompt="": next(answers))
    code, _, err = command("admin", "create", "Root")
    assert code == 1 and "differ" in err
    answers = iter([PASSWORD, PASSWORD])
    code, out, _ = command("admin", "create", "Root")
    assert code == 0 and "Root" in out
