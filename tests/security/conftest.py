"""Tools for the leak tests: play a game through the API, then swap in a *twin* of it that
differs only in what one observer may not know, and compare every answer byte for byte.

The twin of a game for observer ``o`` (a seat, or ``None`` for a spectator):
- its state is the real one with every face/value ``o`` cannot know dealt again at random
  among the places holding them (from the engine's own record of who saw what, not from
  the view, which could carry a leak into the twin), and with another RNG (future draws);
- its events keep their public ``data`` and ``o``'s own ``secret`` but every other seat's
  secret and every ``hidden`` field is replaced by junk;
- the game's secret seed in the database is changed.
The service serves the twin because its cache is keyed by (version, seats revision), which
the database still matches. If any answer to ``o`` differs, something ``o`` may not know got
through.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

import pytest
from sqlalchemy import update

from app.db.models import GameRow
from engines.core import Event, Rng

FACES = ("chinese", "mongolian", "farmer", "plague", "ginseng")


def play_randomly(client, kit, game_id: str, tokens: dict[int, str], plies: int, rng) -> int:
    """Random legal actions through the API until ``plies`` were played or the game ends."""
    played = 0
    while played < plies:
        state = client.get(f"/api/games/{game_id}/view").json()
        if state["status"] != "running":
            break
        seat = state["view"]["to_act"][0]
        legal = client.get(
            f"/api/games/{game_id}/legal-actions", headers=kit.bearer(tokens[seat])
        ).json()
        action = rng.choice(legal["actions"])["action"]
        r = client.post(
            f"/api/games/{game_id}/actions",
            headers=kit.bearer(tokens[seat]),
            json={"version": legal["version"], "action": action},
        )
        assert r.status_code == 200, r.text
        played += 1
    return played


def _junk(extra: dict[str, Any]) -> dict[str, Any]:
    return {k: ["junk", i, "plague", 4] for i, k in enumerate(extra)}


def perturbed_event(event: Event, observer: int | None) -> Event:
    secret = {s: (v if s == observer else _junk(v)) for s, v in event.secret.items()}
    # A secret for a seat that had none must not show either.
    for s in range(6):
        if s != observer and s not in secret:
            secret[s] = {"leak": "junk"}
    return event._replace(secret=secret, hidden={**_junk(event.hidden), "leak": "junk"})


def _redeal(pool: list[Any], rng: random.Random) -> list[Any]:
    """``pool`` shuffled, differently from before whenever that is possible."""
    for _ in range(20):
        dealt = pool[:]
        rng.shuffle(dealt)
        if dealt != pool:
            return dealt
    return pool[:]


def perturb_dschingis_khan(state, observer: int | None, rng: random.Random) -> None:
    """Deal again, per owner, every face ``observer`` does not know (DK-15: ``known``) over
    the places holding them: unseen stack layers, active supplies, discards, passive supply."""
    known = set() if observer is None else state.known[observer]
    for owner in range(state.num_players):
        tids = [
            t
            for t in range(len(state.tile_owner))
            if state.tile_owner[t] == owner and t not in known
        ]
        pool = [state.tile_face[t] for t in tids]
        pool += [f for f, k in enumerate(state.passive[owner]) for _ in range(k)]
        dealt = _redeal(pool, rng)
        for t, face in zip(tids, dealt, strict=False):
            state.tile_face[t] = face
        passive = [0] * len(state.passive[owner])
        for face in dealt[len(tids) :]:
            passive[face] += 1
        state.passive[owner] = passive


def perturb_dolmengoetter(state, observer: int | None, rng: random.Random) -> None:
    """Deal again, per other owner, the values of its dolmens in hand and on the board
    (DG-11); scored dolmens are public and stay."""
    for owner in range(state.num_players):
        if owner == observer:
            continue
        slots = [(c, i) for c, stack in enumerate(state.stacks) for i, (o, _) in enumerate(stack)]
        slots = [(c, i) for c, i in slots if state.stacks[c][i][0] == owner]
        pool = [state.stacks[c][i][1] for c, i in slots]
        pool += [v for v in (1, 2, 3, 4) for _ in range(state.hands[owner][v - 1])]
        dealt = _redeal(pool, rng)
        for (c, i), value in zip(slots, dealt, strict=False):
            state.stacks[c][i] = (owner, value)
        hand = [0, 0, 0, 0]
        for value in dealt[len(slots) :]:
            hand[value - 1] += 1
        state.hands[owner] = hand


PERTURB = {"dschingis_khan": perturb_dschingis_khan, "dolmengoetter": perturb_dolmengoetter}


def twin_snapshot(snap, observer: int | None, seed: int):
    """``snap`` with everything ``observer`` may not know changed (see the module doc)."""
    state = snap.state.clone()
    PERTURB[snap.kind](state, observer, random.Random(seed))
    state.rng = Rng(seed * 0x9E3779B1 + 12345)
    events = tuple(tuple(perturbed_event(e, observer) for e in batch) for batch in snap.events)
    return replace(snap, state=state, events=events, _memo={})


@contextmanager
def twin_served(client, db, game_id: str, observer: int | None, seed: int) -> Iterator[Any]:
    """While inside, the server serves the twin of ``game_id`` for ``observer``."""
    service = client.app.state.service
    client.get(f"/api/games/{game_id}")  # cached and caught up
    real = service.snapshot(game_id)
    twin = twin_snapshot(real, observer, seed)
    with db.begin() as conn:
        old_seed = conn.execute(GameRow.__table__.select().where(GameRow.id == game_id)).one().seed
        conn.execute(update(GameRow).where(GameRow.id == game_id).values(seed=old_seed ^ 0x5A5A5))
    service.cache.put(twin)
    try:
        yield twin
    finally:
        service.cache.put(replace(real, _memo={}))
        with db.begin() as conn:
            conn.execute(update(GameRow).where(GameRow.id == game_id).values(seed=old_seed))


def probes(kind: str, legal_of_actor: list[dict[str, Any]], rng: random.Random) -> list[dict]:
    """Actions a client might guess: the actor's legal ones and variants naming other faces
    or dolmen values (what another seat may hold), plus a few fixed guesses."""
    out: list[dict[str, Any]] = []
    for item in legal_of_actor:
        action = item["action"]
        out.append(action)
        if "tile" in action:
            out += [{**action, "tile": f} for f in FACES]
        if "faces" in action:
            out += [{**action, "faces": [f, g]} for f in FACES for g in FACES]
        if "value" in action:
            out += [{**action, "value": v} for v in (1, 2, 3, 4)]
    if kind == "dolmengoetter":
        out += [{"type": "place_dolmen", "circle": c, "value": v} for c in (0, 5) for v in (1, 4)]
        out.append({"type": "pass"})
    else:
        out += [{"type": "step", "to": 3, "tile": f, "via": []} for f in FACES]
        out += [{"type": "take_tile"}, {"type": "discard_tiles"}, {"type": "pass"}]
    unique = list({repr(sorted(a.items())): a for a in out}.values())
    rng.shuffle(unique)
    return unique[:40]


def probed_position(client, kit, kind: str, num_seats: int, plies: int, make_rng):
    """A new game played randomly for ``plies``, still running, and the actions to probe it
    with: ``(game_id, tokens, state, actor, legal_of_actor, probe_actions)``."""
    game_id, tokens = kit.new_game(client, kind, num_seats)
    play_randomly(client, kit, game_id, tokens, plies, make_rng("play"))
    state = client.get(f"/api/games/{game_id}/view").json()
    assert state["status"] == "running"
    actor = state["view"]["to_act"][0]
    legal_of_actor = client.get(
        f"/api/games/{game_id}/legal-actions", headers=kit.bearer(tokens[actor])
    ).json()["actions"]
    probe_actions = probes(kind, legal_of_actor, make_rng("probes"))
    return game_id, tokens, state, actor, legal_of_actor, probe_actions


@pytest.fixture
def sec() -> Any:
    from types import SimpleNamespace

    return SimpleNamespace(
        play_randomly=play_randomly,
        twin_served=twin_served,
        probed_position=probed_position,
    )


@pytest.fixture
def make_rng(request: pytest.FixtureRequest) -> Callable[[str], random.Random]:
    return lambda salt: random.Random(f"{request.node.nodeid}:{salt}")
