"""The PettingZoo environment on a live server game, against the server's bot."""

from __future__ import annotations

import httpx
import pytest


@pytest.mark.parametrize("kind", ["dolmengoetter", "dschingis_khan"])
def test_agent_plays_a_live_game_against_a_server_bot_to_the_end(live_server, kind: str) -> None:
    import numpy as np

    from clients.live_env import live_env
    from engines.rl import encoding, returns_for

    r = httpx.post(
        f"{live_server.url}/api/games",
        json={"kind": kind, "num_seats": 2, "seats": [{"bot": True}, {"bot": False}]},
    )
    assert r.status_code == 201, r.text
    game_id = r.json()["id"]
    (invite,) = r.json()["invites"]  # the agent's seat is a private table's: its link has a key
    assert invite["seat"] == 1
    env = live_env(f"{live_server.url}/play/{game_id}?join=1&key={invite['key']}", name="rl-agent")
    env.reset()
    rng = np.random.default_rng(0)
    moves = 0
    total = 0.0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        total += reward
        assert env.observation_space(agent).contains(obs)
        if terminated or truncated:
            env.step(None)
            continue
        # The server's legal actions are exactly the mask, in the offline numbering.
        legal = httpx.get(
            f"{live_server.url}/api/games/{game_id}/legal-actions",
            headers={"Authorization": f"Bearer {env.token}"},
        ).json()["actions"]
        enc = encoding(kind)
        assert sorted(enc.encode(a["action"]) for a in legal) == list(
            np.flatnonzero(obs["action_mask"])
        )
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        moves += 1
    env.close()
    result = httpx.get(f"{live_server.url}/api/games/{game_id}/result").json()
    assert moves > 0
    # The offline rule (a shared win pays tie_reward, 0 by default), from the server's winners.
    assert total == returns_for(result["winners"], 2)[1]
