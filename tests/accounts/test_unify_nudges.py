"""Nudges of the other parts, through the runner (issue 38): a friend request and a seat kept
for an account reach the account worded in its language, from the facts their emitters
record (docs/API.md, "Nudges"); a seat linked to an account (a claim, a join signed in)
is told to the runner's watch at once, so a turn waiting for it is nudged without waiting
for the runner's full look."""

from __future__ import annotations

from tests.support.accounts import sign_in, signed_in
from tests.support.nudges import Nudging, nudged_account, nudging
from tests.support.play import auth

__all__ = ["nudging"]

DELAY = 60  # NUDGE_DELAY's default
HOME = "http://localhost:8000/"


def ask(n: Nudging, cookie: str, name: str) -> None:
    r = n.client.post("/api/me/friends", json={"name": name}, headers=signed_in(cookie))
    assert r.status_code in (200, 201), r.text


def test_a_friend_request_is_worded_in_the_addressees_language(nudging) -> None:
    n = nudging
    anna, bert = nudged_account(n.db, "Anna"), nudged_account(n.db, "Bert", language="de")
    carl = sign_in(n.db, nudged_account(n.db, "Carl Maria"))
    ask(n, carl, "anna")
    ask(n, carl, "BERT")
    n.tick()
    [to_anna] = n.sender.messages("friend_request", to=anna)
    assert (to_anna.title, to_anna.body) == (
        "Friend request from Carl Maria",
        "Carl Maria would like to be your friend on Tafelrunde.",
    )
    assert (to_anna.url, to_anna.game_id, to_anna.language) == (HOME, None, "en")
    [to_bert] = n.sender.messages("friend_request", to=bert)
    assert (to_bert.title, to_bert.body) == (
        "Freundschaftsanfrage von Carl Maria",
        "Carl Maria möchte auf Tafelrunde mit dir befreundet sein.",
    )
    assert [row.status for row in n.rows("friend_request")] == ["sent", "sent"]


def test_a_kept_seat_is_worded_in_the_accounts_language(nudging) -> None:
    n = nudging
    anna = sign_in(n.db, nudged_account(n.db, "Anna"))
    bert = nudged_account(n.db, "Bert", language="de")
    carl = nudged_account(n.db, "Carl")
    ask(n, anna, "Bert")
    ask(n, sign_in(n.db, bert), "Anna")  # friends now
    # Anna keeps seat 1 for her friend Bert at a new table and sits at seat 0 ...
    made = n.client.post(
        "/api/games",
        json={"kind": "dolmengoetter", "num_seats": 3, "seats": [{}, {"friend": "Bert"}, {}]},
        headers=signed_in(anna),
    )
    assert made.status_code == 201, made.text
    game = made.json()
    game_id, host = game["id"], game["host_token"]
    joined = n.client.post(
        f"/api/games/{game_id}/seats/0/join",
        json={"name": "Anna", "key": game["invites"][0]["key"]},
        headers=signed_in(anna),
    )
    assert joined.status_code == 201, joined.text
    # ... and, as the host (her token alone), seat 2 for Carl.
    r = n.client.post(
        f"/api/games/{game_id}/seats/2/invite", headers=auth(host), json={"account": "carl"}
    )
    assert r.status_code == 200, r.text
    n.tick()
    link = f"http://localhost:8000/play/{game_id}"
    [to_bert] = n.sender.messages("seat_given", to=bert)
    assert (to_bert.title, to_bert.body, to_bert.url, to_bert.game_id) == (
        "Ein Platz für dich: Die Dolmengötter",
        "Anna hält dir einen Platz in Die Dolmengötter mit Anna und Platz C frei. "
        "Nimm ihn unter Meine Spiele.",
        link,
        game_id,
    )
    [to_carl] = n.sender.messages("seat_given", to=carl)
    assert (to_carl.title, to_carl.body, to_carl.url) == (
        "A seat for you: Die Dolmengötter",
        "Someone kept a seat for you in Die Dolmengötter with Anna and Seat B. "
        "Take it from My games.",
        link,
    )


def test_a_seat_kept_for_nobody_again_before_its_nudge_is_not_nudged(nudging) -> None:
    n = nudging
    carl = nudged_account(n.db, "Carl")
    made = n.client.post("/api/games", json={"kind": "dolmengoetter", "num_seats": 2})
    game_id, host = made.json()["id"], made.json()["host_token"]
    invite = f"/api/games/{game_id}/seats/1/invite"
    assert n.client.post(invite, headers=auth(host), json={"account": "Carl"}).status_code == 200
    assert n.client.post(invite, headers=auth(host), json={"account": None}).status_code == 200
    n.tick()
    assert n.sender.messages(to=carl) == []
    [row] = n.rows("seat_given")
    assert (row.status, row.last_error) == (
        "skipped",
        "the seat is not kept for the account any more",
    )


def test_a_claimed_seat_whose_turn_it_is_is_nudged_without_the_full_look(nudging) -> None:
    n = nudging
    game_id, tokens = n.game()
    n.pass_turn(game_id, tokens, to=1)
    n.tick()  # the runner's first look (at every game): no account at this table yet
    anna = nudged_account(n.db, "Anna")
    r = n.client.post(
        "/api/me/claim",
        json={"game_id": game_id, "token": tokens[1]},
        headers=signed_in(sign_in(n.db, anna)),
    )
    assert r.status_code == 200, r.text
    n.tick(at=DELAY + 1)  # long before the next full look (every 5 minutes)
    [message] = n.sender.messages("your_turn", to=anna)
    assert message.body == "It is your turn in Die Dolmengötter with P0."


def test_a_seat_joined_signed_in_whose_turn_it_is_is_nudged_without_the_full_look(
    nudging,
) -> None:
    n = nudging
    game_id, tokens = n.game()
    n.pass_turn(game_id, tokens, to=1)
    host = n.hosts[game_id]
    # Seat 1's player gives it back while it is its turn; Anna takes it, signed in.
    r = n.client.post(f"/api/games/{game_id}/seats/1/release", headers=auth(tokens[1]))
    assert r.status_code == 200, r.text
    n.tick()  # the runner's first look: no account at this table
    anna = nudged_account(n.db, "Anna")
    invites = n.client.get(f"/api/games/{game_id}/invites", headers=auth(host)).json()
    key = next(i["key"] for i in invites if i["seat"] == 1)
    joined = n.client.post(
        f"/api/games/{game_id}/seats/1/join",
        json={"name": "Anna", "key": key},
        headers=signed_in(sign_in(n.db, anna)),
    )
    assert joined.status_code == 201, joined.text
    n.tick(at=DELAY + 1)
    [message] = n.sender.messages("your_turn", to=anna)
    assert message.body == "It is your turn in Die Dolmengötter with P0."
