"""``bots.concealment.HIDDEN`` names exactly what other seats cannot see of a move (issue 36).

If it missed a hidden field (a new face-down choice in either game), the bots' choice of it
would again follow their estimate and give it away; if it named a public field, a bot would
draw a public move at random. Both are checked against the engines' own views: two legal
actions with one public part leave every other seat the same view, two with different
public parts leave some other seat a different one, unless they are the same move in
effect (a lying druid's walk and flight to one place; two walls that both fall, DK-5):
then the seat's own view is the same too.
"""

from __future__ import annotations

import json
import random

import pytest

from bots.concealment import HIDDEN, conceal, hidden_variants, public_part
from tests.bots.test_policies import legal_json, positions


def _others_see(state, seat: int, action) -> str:
    after = state.clone()
    after.apply(seat, action)
    return json.dumps([after.view(s) for s in range(state.num_players) if s != seat])


def _seat_sees(state, seat: int, action) -> str:
    after = state.clone()
    after.apply(seat, action)
    return json.dumps(after.view(seat))


@pytest.mark.parametrize("game_id", ["dolmengoetter", "dschingis_khan"])
def test_the_hidden_fields_are_exactly_what_other_seats_cannot_see(game_id):
    checked = 0
    for state, seat in positions(game_id, 3, seed=11, every=3):
        legal = state.legal_actions(seat)
        if len(legal) > 80:  # a wide scouting turn: a random slice of it
            legal = random.Random(state.ply).sample(legal, 80)
        by_part: dict = {}
        for action in legal:
            part = public_part(game_id, action.model_dump(mode="json"))
            by_part.setdefault(part, []).append(action)
        seen = {part: _others_see(state, seat, acts[0]) for part, acts in by_part.items()}
        for part, acts in by_part.items():
            for action in acts[1:]:
                assert _others_see(state, seat, action) == seen[part], action
                checked += 1
        alike: dict[str, list] = {}
        for part, view in seen.items():
            alike.setdefault(view, []).append(by_part[part][0])
        for acts in alike.values():
            own = {_seat_sees(state, seat, action) for action in acts}
            assert len(own) == 1, f"{acts} differ only in what others cannot see: not in HIDDEN"
    assert checked > 0  # the games did lay something face down
    assert set(HIDDEN) == {"dolmengoetter", "dschingis_khan"}


@pytest.mark.parametrize("game_id", ["dolmengoetter", "dschingis_khan"])
def test_concealing_keeps_the_public_move_and_a_legal_action(game_id):
    """The mixing only ever swaps a move for another legal action that looks the same to
    everyone else."""
    for state, seat in positions(game_id, 2, seed=5, every=2):
        legal = legal_json(state, seat)
        view = state.view(seat)
        for item in legal:
            action = item["action"]
            mixed = conceal(view, legal, action, random.Random(state.ply))
            assert mixed in [other["action"] for other in legal]
            assert public_part(game_id, mixed) == public_part(game_id, action)
            assert (mixed == action) or len(hidden_variants(game_id, action, legal)) > 1
