"""After a rematch a bot is named by its new seat, not its old one (issue 37, finding 7:
"Bot C" sat at seat A). Bots keep their level; a name of the creator's own choosing stays.

Die Dolmengötter for four: P0 and three bots, one unnamed (the server names it), one named
"Bot C" as the create form names the bot at seat C, one named "Ugg". P0 plays random moves,
the bots play theirs, and P0 offers the rematch: old seat s sits at new seat (s + 1) % 4.
"""

from __future__ import annotations

import random

from tests.support.waiting import wait_for

KIND = "dolmengoetter"
SEATS = [
    {"bot": False},
    {"bot": True, "level": "medium"},
    # No hard bot: its search made this game a 27 s test; the levels are told apart all the same.
    {"bot": True, "level": "easy", "name": "Bot C"},
    {"bot": True, "level": "easy", "name": "Ugg"},
]


def play_to_the_end(client, kit, game_id: str, token: str, rng: random.Random) -> None:
    """Random legal moves for P0's seat; the server's bots play theirs."""
    for _ in range(2000):
        state = client.get(f"/api/games/{game_id}/view", headers=kit.bearer(token)).json()
        if state["status"] == "over":
            return
        if not state["legal_actions"]:  # a bot's turn: it moves by itself
            wait_for(
                lambda v=state["version"]: (
                    client.get(f"/api/games/{game_id}").json()["version"] > v
                ),
                "a bot's move",
            )
            continue
        r = client.post(
            f"/api/games/{game_id}/actions",
            headers=kit.bearer(token),
            json={
                "version": state["version"],
                "action": rng.choice(state["legal_actions"])["action"],
            },
        )
        assert r.status_code in (200, 409), r.text  # 409: a bot moved first
    raise AssertionError(f"game {game_id} did not end")


def names(summary) -> list[tuple[int, str | None, bool, str | None]]:
    return [(s["seat"], s["name"], s["bot"], s["level"]) for s in summary["seats"]]


def test_a_rematch_names_its_bots_by_their_new_seats(client, kit, rng):
    r = client.post(
        "/api/games",
        json={"kind": KIND, "num_seats": 4, "seats": SEATS, "options": {"start_player": 0}},
    )
    assert r.status_code == 201, r.text
    old = r.json()
    # An unnamed bot is named by its seat, as the create form names them.
    assert names(old)[1:] == [
        (1, "Bot B", True, "medium"),
        (2, "Bot C", True, "easy"),
        (3, "Ugg", True, "easy"),
    ]
    [invite] = old["invites"]
    joined = client.post(
        f"/api/games/{old['id']}/seats/0/join", json={"name": "P0", "key": invite["key"]}
    )
    assert joined.status_code == 201, joined.text
    token = joined.json()["token"]
    play_to_the_end(client, kit, old["id"], token, rng)

    offer = client.post(f"/api/games/{old['id']}/rematch", headers=kit.bearer(token))
    assert offer.status_code == 200, offer.text
    new = client.get(f"/api/games/{offer.json()['game_id']}").json()
    # Old seat s at new seat (s + 1) % 4: each bot is named by the seat it sits at now,
    # at its old level; "Ugg" stays Ugg; P0's seat (new B) waits for P0.
    assert names(new) == [
        (0, "Ugg", True, "easy"),
        (1, "P0", False, None),
        (2, "Bot C", True, "medium"),
        (3, "Bot D", True, "easy"),
    ]
    bot_names = [s["name"] for s in new["seats"] if s["bot"]]
    assert len(set(bot_names)) == len(bot_names)
