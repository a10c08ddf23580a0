"""Every REST answer to a seat (or a spectator) is the same whatever it may not know.

Tiles' faces (DK-14/15), dolmen values (DG-11), the secret seed and the RNG state are dealt
again in a twin of the game (tests/security/conftest.py); every answer the observer can get
— summary, list, view, legal actions, log, result, and the refusals of actions it might
guess, its own and other seats' — must be byte-identical.
"""

from __future__ import annotations

import pytest

KINDS = ["dschingis_khan", "dolmengoetter"]
CASES = [(k, n, plies) for k in KINDS for n, plies in ((2, 0), (2, 9), (3, 40), (2, 50))]


def answers(client, kit, sec, game_id, observer, tokens, probe_actions, legal_of_observer):
    headers = kit.bearer(tokens[observer]) if observer is not None else {}
    out = []

    def take(name, r):
        out.append((name, r.status_code, r.content))

    take("summary", client.get(f"/api/games/{game_id}", headers=headers))
    take("list", client.get("/api/games", params={"limit": 500}, headers=headers))
    take("list running", client.get("/api/games", params={"status": "running"}))
    take("view", client.get(f"/api/games/{game_id}/view", headers=headers))
    take("legal", client.get(f"/api/games/{game_id}/legal-actions", headers=headers))
    for since in (0, 1, 5):
        take(f"log {since}", client.get(f"/api/games/{game_id}/log?since={since}", headers=headers))
    take("result", client.get(f"/api/games/{game_id}/result", headers=headers))
    version = client.get(f"/api/games/{game_id}").json()["version"]
    for action in probe_actions:
        if action in legal_of_observer:
            continue  # would be played
        for v in (version, version + 7):
            r = client.post(
                f"/api/games/{game_id}/actions",
                headers=headers,
                json={"version": v, "action": action},
            )
            assert r.status_code != 200, f"a probe was played: {action}"
            take(f"probe {action} @{v}", r)
    return out


@pytest.mark.parametrize(("kind", "num_seats", "plies"), CASES)
def test_answers_do_not_depend_on_what_the_caller_may_not_know(
    client, db, kit, sec, make_rng, kind, num_seats, plies
):
    game_id, tokens, state, actor, legal_of_actor, probe_actions = sec.probed_position(
        client, kit, kind, num_seats, plies, make_rng
    )
    for observer in [None, *range(num_seats)]:
        legal_of_observer = [a["action"] for a in legal_of_actor] if observer == actor else []
        real = answers(
            client, kit, sec, game_id, observer, tokens, probe_actions, legal_of_observer
        )
        for seed in (1, 2):
            with sec.twin_served(client, db, game_id, observer, seed) as twin:
                served = client.app.state.service.snapshot(game_id)
                assert served.state is twin.state, "the twin must be what the server serves"
                other = answers(
                    client, kit, sec, game_id, observer, tokens, probe_actions, legal_of_observer
                )
            assert [a[:2] for a in other] == [a[:2] for a in real]
            for (name, _, body), (_, _, twin_body) in zip(real, other, strict=True):
                assert twin_body == body, f"{name} differs for observer {observer}"
    # Nothing was played by the probes.
    assert client.get(f"/api/games/{game_id}").json()["version"] == state["version"]
