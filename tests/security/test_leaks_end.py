"""Before the end nothing hidden is served; after it, everything is (DK-15, DG-11: "after the
game all faces are public"; DESIGN.md: "After the game ends, all is public")."""

from __future__ import annotations

import pytest

KINDS = ["dschingis_khan", "dolmengoetter"]


def nulls(view, kind) -> list[str]:
    """Where a view still hides something."""
    out = []
    if kind == "dschingis_khan":
        for v in view["villages"]:
            out += [f"village {v['id']}" for layer in v["stack"] if layer["face"] is None]
        for p in view["players"]:
            out += [f"seat {p['seat']} {k}" for k in ("faces", "discarded") if p[k] is None]
    else:
        for c in view["circles"]:
            out += [f"circle {c['id']}" for d in c["stack"] if d["value"] is None]
        out += [f"hand {p['seat']}" for p in view["players"] if p["hand"] is None]
    return out


@pytest.mark.parametrize("kind", KINDS)
def test_everything_is_public_once_the_game_is_over(client, kit, sec, make_rng, kind):
    game_id, tokens = kit.new_game(client, kind, 3)
    sec.play_randomly(client, kit, game_id, tokens, 10_000, make_rng("play"))
    spectator = client.get(f"/api/games/{game_id}/view").json()
    assert spectator["status"] == "over"
    assert nulls(spectator["view"], kind) == []
    log = client.get(f"/api/games/{game_id}/log").json()
    for token in tokens.values():
        mine = client.get(f"/api/games/{game_id}/view", headers=kit.bearer(token)).json()
        assert {**mine["view"], "seat": None} == spectator["view"]
        assert client.get(f"/api/games/{game_id}/log", headers=kit.bearer(token)).json() == log
    events = [e for entry in log["entries"] for e in entry["events"]]
    if kind == "dschingis_khan":
        assert all("faces" in e for e in events if e["type"] in ("take_tiles", "discard"))
        assert all("tile" in e for e in events if e["type"] == "step")
    else:
        assert all("value" in e for e in events if e["type"] == "dolmen_placed")
    assert client.get(f"/api/games/{game_id}/result").status_code == 200


@pytest.mark.parametrize("kind", KINDS)
def test_while_running_spectators_get_no_face_or_value_and_no_result(
    client, kit, sec, make_rng, kind
):
    game_id, tokens = kit.new_game(client, kind, 2)
    sec.play_randomly(client, kit, game_id, tokens, 40, make_rng("play"))
    r = client.get(f"/api/games/{game_id}/result")
    assert r.status_code == 409 and r.json()["error"]["code"] == "game_not_over"
    view = client.get(f"/api/games/{game_id}/view").json()["view"]
    if kind == "dschingis_khan":
        assert all(layer["face"] is None for v in view["villages"] for layer in v["stack"])
        assert all(p["faces"] is None and p["discarded"] is None for p in view["players"])
    else:
        assert all(d["value"] is None for c in view["circles"] for d in c["stack"])
        assert all(p["hand"] is None for p in view["players"])
    log = client.get(f"/api/games/{game_id}/log").json()
    for entry in log["entries"]:
        assert set(entry) == {"seq", "seat", "by_server", "events"}  # never the raw action
        for e in entry["events"]:
            assert not {"faces", "tile", "value"} & set(e) or e["type"] == "circle_scored"
    # A seat is refused the legal actions of a turn that is not its own, and a spectator
    # cannot ask at all.
    actor = view["to_act"][0]
    for seat, token in tokens.items():
        legal = client.get(f"/api/games/{game_id}/legal-actions", headers=kit.bearer(token))
        assert (legal.json()["actions"] != []) == (seat == actor)
    assert client.get(f"/api/games/{game_id}/legal-actions").status_code == 401
