"""The cheap playout policy of Dschingis Khan's hard (bots/playouts.py, issue 42): what a
scout step gains at once (DK-17 for the village's controller, DK-13), and playouts that end
the game and score like players rather than like random moves."""

from __future__ import annotations

import random

import pytest

import engines
from bots.flat import random_playout
from bots.playouts import informed_playout, step_gain
from engines.dschingis_khan.actions import Step
from engines.dschingis_khan.position import position


def _steps(state, seat: int = 0) -> list[Step]:
    return [a for a in state.legal_actions(seat) if isinstance(a, Step) and not a.via]


def _two_neighbours() -> tuple[int, int, int]:
    """A village for seat 0's scout and two villages it can step to along tracks."""
    for home in range(22):
        try:
            state = position(scouts={0: home}, tiles={0: "CF"})
        except ValueError:
            continue
        targets = sorted({s.to for s in _steps(state)})
        if len(targets) >= 2:
            return home, targets[0], targets[1]
    raise AssertionError("no village with two neighbours")


def test_a_step_to_an_empty_village_gains_the_tiles_points() -> None:
    home, to, _ = _two_neighbours()
    state = position(scouts={0: home}, tiles={0: "CMF"})
    china = not state.wall.mongolian[to]
    gains = {s.tile: step_gain(state, 0, s) for s in _steps(state) if s.to == to}
    assert gains == {
        "chinese": 3 if china else -3,
        "mongolian": -3 if china else 3,
        "farmer": 3,
    }


def test_taking_a_rivals_village_gains_its_points_twice_over_and_an_own_one_only_the_tile() -> None:
    home, rivals, own = _two_neighbours()
    state = position(scouts={0: home}, tiles={0: "F"}, stacks={rivals: "1F", own: "0F"})
    gains = {s.to: step_gain(state, 0, s) for s in _steps(state)}
    assert gains[rivals] == 6 + 3  # the village's 6 points now, the rival's 3 gone
    assert gains[own] == 3


def test_moves_other_than_steps_gain_nothing() -> None:
    state = position(tiles={0: "C"}, walls={0: 1}, scouts={0: _two_neighbours()[0]})
    others = [a for a in state.legal_actions(0) if not isinstance(a, Step)]
    assert others and all(step_gain(state, 0, a) == 0 for a in others)


def test_informed_playouts_end_the_game_and_score_more_than_random_ones() -> None:
    game = engines.get("dschingis_khan")
    totals = {}
    for playout in (random_playout, informed_playout):
        total = 0
        for seed in range(20):
            state = game.new(2, seed, {})
            playout(state, random.Random(seed))
            assert state.is_over
            total += sum(state.scores())
        totals[playout] = total
    assert totals[informed_playout] > totals[random_playout]


@pytest.mark.parametrize("n", [2, 5])
def test_die_dolmengoetter_plays_out_at_random(n: int) -> None:
    state = engines.get("dolmengoetter").new(n, 1, {})
    twin = state.clone()
    informed_playout(state, random.Random(4))
    random_playout(twin, random.Random(4))
    assert state.is_over and state.scores() == twin.scores()
