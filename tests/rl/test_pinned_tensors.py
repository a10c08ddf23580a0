"""The observation and information-state tensors of recorded games, pinned (issue 41): a
fixed seed and action sequence per game, and at every checkpoint a digest of each seat's
tensors (and the public observer's), plus the nonzero entries of one position, in
``fixtures/pinned_tensors.json``. A faster encoder must give the same bits.

The fixture is written once by ``.venv/bin/python -m tests.rl.test_pinned_tensors --record``;
record again only when the encoding is meant to change (a trained agent then needs
retraining, docs/RL.md), and say so in the CHANGELOG.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

FIXTURE = Path(__file__).parent / "fixtures" / "pinned_tensors.json"
GAMES = [("dolmengoetter", 2, 11), ("dschingis_khan", 2, 12), ("dolmengoetter", 3, 13)]
SEED_BYTES = [7, 1, 2, 3, 5, 8, 13, 21]
EVERY = 7  # a checkpoint every EVERY plies, and at the end
SPARSE_AT = 21  # the ply whose nonzero entries are written out (easier to diagnose)


def _digest(tensor: Any) -> str:
    import numpy as np

    return hashlib.sha256(np.asarray(tensor, np.float32).tobytes()).hexdigest()[:16]


def _sparse(tensor: Any) -> list[list[float]]:
    return [[i, float(v)] for i, v in enumerate(tensor) if v != 0]


def _load(game_id: str, n: int) -> Any:
    import pyspiel

    import engines.openspiel  # noqa: F401  (registers the games)

    return pyspiel.load_game(f"python_{game_id}", {"players": n})


def _checkpoint(game: Any, state: Any, public: Any) -> dict[str, Any]:
    n = game.num_players()
    public.set_from(state, 0)
    return {
        "ply": state.engine_state.ply,
        "observation": [_digest(state.observation_tensor(s)) for s in range(n)],
        "information_state": [_digest(state.information_state_tensor(s)) for s in range(n)],
        "public": _digest(public.tensor),
    }


def _public_observer(game: Any) -> Any:
    import pyspiel

    return game.make_py_observer(
        pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    )


def record(game_id: str, n: int, seed: int) -> dict[str, Any]:
    """Plays a random game (actions drawn by ``random.Random(seed)``) and records it."""
    game = _load(game_id, n)
    state = game.new_initial_state()
    for byte in SEED_BYTES:
        state.apply_action(byte)
    public = _public_observer(game)
    r = random.Random(seed)
    actions: list[int] = []
    checkpoints = [_checkpoint(game, state, public)]
    sparse: list[list[list[float]]] = []
    while not state.is_terminal():
        action = r.choice(state.legal_actions())
        state.apply_action(action)
        actions.append(action)
        ply = len(actions)
        if ply == SPARSE_AT:
            sparse = [_sparse(state.observation_tensor(s)) for s in range(n)]
        if ply % EVERY == 0 or state.is_terminal():
            checkpoints.append(_checkpoint(game, state, public))
    return {
        "game": game_id,
        "players": n,
        "seed_bytes": SEED_BYTES,
        "actions": actions,
        "checkpoints": checkpoints,
        "sparse_ply": SPARSE_AT,
        "sparse": sparse,
    }


def _recorded() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_tensors_match_the_recorded_game(index: int) -> None:
    recorded = _recorded()[index]
    game = _load(recorded["game"], recorded["players"])
    n = game.num_players()
    state = game.new_initial_state()
    for byte in recorded["seed_bytes"]:
        state.apply_action(byte)
    public = _public_observer(game)
    checkpoints = iter(recorded["checkpoints"])
    assert _checkpoint(game, state, public) == next(checkpoints)
    for ply, action in enumerate(recorded["actions"], start=1):
        assert action in state.legal_actions(), f"ply {ply}: the recorded action is not legal"
        state.apply_action(action)
        if ply == recorded["sparse_ply"]:
            for seat in range(n):
                assert _sparse(state.observation_tensor(seat)) == recorded["sparse"][seat]
        if ply % EVERY == 0 or state.is_terminal():
            assert _checkpoint(game, state, public) == next(checkpoints), f"ply {ply}"
    assert state.is_terminal()
    assert next(checkpoints, None) is None


def test_engines_rl_observe_is_the_tensor() -> None:
    """The OpenSpiel tensor is ``engines.rl``'s vector (what PettingZoo and live send)."""
    from engines.rl import encoding

    recorded = _recorded()[0]
    game = _load(recorded["game"], recorded["players"])
    state = game.new_initial_state()
    for byte in recorded["seed_bytes"]:
        state.apply_action(byte)
    for action in recorded["actions"][: recorded["sparse_ply"]]:
        state.apply_action(action)
    enc = encoding(recorded["game"])
    for seat in range(game.num_players()):
        vector = enc.observe(state.engine_state.view(seat), seat)
        assert _sparse(vector) == recorded["sparse"][seat]


if __name__ == "__main__" and sys.argv[1:] == ["--record"]:
    FIXTURE.write_text(
        json.dumps([record(*g) for g in GAMES], separators=(",", ":")) + "\n", encoding="utf-8"
    )
    print(f"wrote {FIXTURE}")
