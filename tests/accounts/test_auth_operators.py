"""What an operator decides (issue 38, item 6): ``SIGNUP=open|invite|closed`` with invite
codes good once, ``ACCOUNTS_REQUIRED``, and admins over the API."""

from __future__ import annotations

import pytest
from sqlalchemy.orm import Session

from app.db.session import Database
from app.services.accounts import Accounts
from tests.support.accounts import PASSWORD, log_in, sign_up, site, sql


def _admin(database_url: str, name: str = "Root") -> None:
    db = Database(database_url)
    try:
        with Session(db.engine) as session:
            Accounts(db).create_admin(session, name, PASSWORD)
    finally:
        db.dispose()


def test_signup_closed_makes_no_account(database_url):
    with site(database_url, signup="closed") as s:
        r = s.browser().post("/api/auth/signup", json={"name": "Anna", "password": PASSWORD})
        assert r.status_code == 403
        assert r.json()["error"]["code"] == "signup_closed"
        assert sql(database_url, "SELECT count(*) FROM accounts")[0][0] == 0
        # Accounts an admin made still sign in.
        _admin(database_url)
        log_in(s.browser(), "Root")


def test_signup_by_invitation_takes_each_code_once(database_url):
    with site(database_url, signup="invite") as s:
        _admin(database_url)
        root = s.browser()
        log_in(root, "Root")
        r = root.post("/api/admin/invite-codes")
        assert r.status_code == 201
        code = r.json()["code"]
        assert len(code) >= 20
        # The code is kept only as a hash.
        assert code not in str(sql(database_url, "SELECT * FROM invite_codes"))

        def attempt(name, **extra):
            return s.browser().post(
                "/api/auth/signup", json={"name": name, "password": PASSWORD, **extra}
            )

        r = attempt("Anna")
        assert (r.status_code, r.json()["error"]["code"]) == (403, "invite_code_required")
        r = attempt("Anna", invite_code="not-a-code")
        assert (r.status_code, r.json()["error"]["code"]) == (403, "invite_code_invalid")
        # A sign-up refused for another reason keeps the code.
        r = attempt("Root", invite_code=code)
        assert r.json()["error"]["code"] == "name_taken"
        r = attempt("Anna", invite_code=code, password="password1234")
        assert r.json()["error"]["code"] == "password_too_common"
        assert attempt("Anna", invite_code=f" {code} ").status_code == 201
        r = attempt("Bert", invite_code=code)
        assert (r.status_code, r.json()["error"]["code"]) == (403, "invite_code_invalid")
        ((used_by,),) = sql(database_url, "SELECT used_by FROM invite_codes")
        ((anna,),) = sql(database_url, "SELECT id FROM accounts WHERE name = 'Anna'")
        assert used_by == anna


def test_signup_open_needs_no_code(database_url):
    with site(database_url) as s:
        sign_up(s.browser(), "Anna", invite_code="anything")
        assert sql(database_url, "SELECT count(*) FROM invite_codes")[0][0] == 0


# ---- ACCOUNTS_REQUIRED -----------------------------------------------------------------


GAME = {"kind": "dschingis_khan", "num_seats": 2}


def test_accounts_required_lets_only_signed_in_players_create_and_join(database_url, kit):
    with site(database_url, accounts_required=True) as s:
        stranger = s.browser()
        r = stranger.post("/api/games", json=GAME)
        assert r.status_code == 401
        assert r.json()["error"]["code"] == "not_signed_in"
        assert sql(database_url, "SELECT count(*) FROM games")[0][0] == 0
        host = s.browser()
        sign_up(host, "Anna")
        created = host.post("/api/games", json=GAME)
        assert created.status_code == 201
        game_id, keys = created.json()["id"], kit.invite_keys(created.json())
        # The invite link alone is not enough here.
        r = stranger.post(f"/api/games/{game_id}/seats/1/join", json={"name": "B", "key": keys[1]})
        assert (r.status_code, r.json()["error"]["code"]) == (401, "not_signed_in")
        # An unknown game is still 404 first.
        r = stranger.post("/api/games/nope/seats/1/join", json={"name": "B", "key": keys[1]})
        assert r.status_code == 404
        sign_up(stranger, "Bert")
        r = stranger.post(f"/api/games/{game_id}/seats/1/join", json={"name": "B", "key": keys[1]})
        assert r.status_code == 201
        # Watching and playing with a seat token need no sign-in.
        assert s.browser().get(f"/api/games/{game_id}").status_code == 200


def test_by_default_the_anonymous_invite_link_flow_is_unchanged(database_url, kit):
    with site(database_url) as s:
        anonymous = s.browser()
        game_id, tokens = kit.new_game(anonymous, "dschingis_khan", 2)
        seat, action = kit.next_move(anonymous, game_id, tokens)
        version = anonymous.get(f"/api/games/{game_id}").json()["version"]
        r = anonymous.post(
            f"/api/games/{game_id}/actions",
            json={"version": version, "action": action},
            headers=kit.bearer(tokens[seat]),
        )
        assert r.status_code == 200
        # A stale or unknown session cookie changes nothing either.
        anonymous.cookies.set("tafelrunde_session", "stale", domain="testserver.local")
        assert anonymous.post("/api/games", json=GAME).status_code == 201


# ---- admins over the API ---------------------------------------------------------------


def test_admin_routes_need_an_admin(database_url):
    with site(database_url) as s:
        _admin(database_url)
        anna = s.browser()
        sign_up(anna, "Anna")
        for path in ["/api/admin/invite-codes", "/api/admin/accounts/Root/disable"]:
            r = anna.post(path)
            assert (r.status_code, r.json()["error"]["code"]) == (403, "admin_only")
            r = s.browser().post(path)
            assert (r.status_code, r.json()["error"]["code"]) == (401, "not_signed_in")


def test_an_admin_disables_enables_and_revokes(database_url):
    with site(database_url) as s:
        _admin(database_url)
        root = s.browser()
        log_in(root, "root")
        assert root.get("/api/me").json()["account"]["is_admin"] is True
        anna, phone = s.browser(), s.browser()
        sign_up(anna, "Anna")
        log_in(phone, "Anna")
        r = root.post("/api/admin/accounts/ANNA/revoke")
        assert r.status_code == 200
        assert r.json() == {"name": "Anna", "disabled": False, "sessions_ended": 2}
        assert anna.get("/api/me").status_code == 401
        log_in(anna, "Anna")
        r = root.post("/api/admin/accounts/anna/disable")
        assert r.status_code == 200 and r.json()["disabled"] is True
        assert anna.get("/api/me").status_code == 401  # its sessions are gone
        assert sql(database_url, "SELECT count(*) FROM auth_sessions")[0][0] == 1  # root's
        r = s.browser().post("/api/auth/login", json={"name": "Anna", "password": PASSWORD})
        assert (r.status_code, r.json()["error"]["code"]) == (403, "account_disabled")
        assert root.post("/api/admin/accounts/Anna/enable").json()["disabled"] is False
        log_in(s.browser(), "Anna")
        r = root.post("/api/admin/accounts/Nobody/disable")
        assert (r.status_code, r.json()["error"]["code"]) == (404, "unknown_account")
        r = root.post("/api/admin/accounts/Root/disable")
        assert (r.status_code, r.json()["error"]["code"]) == (409, "own_account")


@pytest.mark.parametrize("mode", ["open", "invite", "closed"])
def test_admin_accounts_are_made_whatever_signup_says(database_url, mode):
    with site(database_url, signup=mode) as s:
        _admin(database_url, "Boss")
        assert log_in(s.browser(), "Boss")["is_admin"] is True
