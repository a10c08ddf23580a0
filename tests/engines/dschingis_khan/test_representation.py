"""What the engine keeps up to date move by move equals what it would compute afresh.

The wall keeps its tree (rooted at the west end), attachments, sides and legal lines from
one placement to the next, rebuilding only after a loop or a new end; steps and setups are
made without pydantic's validation. Checked through the public interface: after every
action of random games, the state and the same position read back from its JSON (every
derived part built from scratch) give the same legal actions and the same views.
"""

from __future__ import annotations

import pytest

from engines.core import Rng
from engines.dschingis_khan import GAME, Setup, Step
from engines.dschingis_khan.actions import setup, step


def same_action(made: Step | Setup, validated: Step | Setup) -> None:
    assert made == validated and hash(made) == hash(validated)
    assert made.__dict__ == validated.__dict__
    assert list(made.__dict__) == list(validated.__dict__)
    assert made.model_fields_set == validated.model_fields_set
    assert made.model_dump() == validated.model_dump()
    assert made.model_dump_json() == validated.model_dump_json()
    assert repr(made) == repr(validated)
    assert GAME.parse_action(made.model_dump()) == made


def test_trusted_actions_equal_validated_ones():
    same_action(step(5, "farmer", ()), Step(to=5, tile="farmer", via=()))
    same_action(step(5, "plague", (7,)), Step(to=5, tile="plague", via=(7,)))
    same_action(step(9, "ginseng", (3, 40)), Step(to=9, tile="ginseng", via=(3, 40)))
    same_action(
        setup((14, 15), ("chinese", "farmer"), 15),
        Setup(villages=(14, 15), faces=("chinese", "farmer"), scout=15),
    )
    made = step(5, "farmer", ())
    with pytest.raises(ValueError):
        made.to = 6  # frozen like any action


@pytest.mark.parametrize("players", [2, 3, 4])
def test_kept_structure_matches_a_position_read_back_from_json(players):
    for seed in range(12):
        state = GAME.new(players, seed)
        rng = Rng(seed + 404)
        while not state.is_over:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            fresh = GAME.from_json(state.to_json())
            assert fresh.legal_actions(seat) == legal
            assert fresh.view(seat) == state.view(seat)
            assert fresh.view(None) == state.view(None)
            state.apply(seat, rng.choice(legal))
        fresh = GAME.from_json(state.to_json())
        assert fresh.view(None) == state.view(None)
