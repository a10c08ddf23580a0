"""The cheap playout policies of hard (bots/playouts.py, issue 42): in Dschingis Khan what a
scout step gains at once (DK-17 for the village's controller, DK-13), and playouts that end
the game and score like players rather than like random moves; in Die Dolmengötter playouts
that place what they may (DG-5, DG-7)."""

from __future__ import annotations

import functools
import random

import pytest

import engines
from bots.flat import random_playout
from bots.playouts import informed_playout, scout_choice, step_gain, wall_gain
from engines.dolmengoetter.actions import DeclineDolmen, Flight, PlaceDolmen, Walk
from engines.dschingis_khan.actions import PlaceWall, Step
from engines.dschingis_khan.position import position
from engines.dschingis_khan.scoring import totals


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


def test_a_wall_piece_gains_what_the_sides_it_changes_are_worth_to_the_seat() -> None:
    """Fig. 7's position (DK-3, DK-6): closing line 22 turns villages 14 and 15 Chinese. Seat
    0's Chinese tile on 14 goes from -3 to +3, seat 1's Mongolian on 15 from +3 to -3: 12 for
    seat 0's lead. Each piece's gain is the change in the lead the engine's own scoring counts
    (a piece that changes no side gains nothing)."""
    state = position(
        branches=["25 16 17 18"], walls={0: 1}, scouts={0: 1, 1: 3}, stacks={14: "0C", 15: "1M"}
    )

    def lead(s) -> int:
        ours, theirs = totals(s.village_scores(), 2)
        return ours - theirs

    gains = {}
    for action in state.legal_actions(0):
        if isinstance(action, PlaceWall):
            after = state.clone()
            after.apply(0, action)
            gains[action.line] = wall_gain(state, 0, action)
            assert gains[action.line] == lead(after) - lead(state), action
    assert gains[22] == 12
    assert 0 in gains.values()


def test_looking_at_every_move_plays_one_that_gains_most_and_draws_among_equals() -> None:
    """A farmer or a right-side tile onto a rival's farmer gains the same (DK-17): with
    ``tournament=None`` every move of the top gain is drawn, and nothing else."""
    home, rivals, _ = _two_neighbours()
    state = position(scouts={0: home}, tiles={0: "FCM"}, stacks={rivals: "1F"})
    legal = state.legal_actions(0)
    top = max(step_gain(state, 0, a) for a in legal)
    best = {a for a in legal if step_gain(state, 0, a) == top}
    drawn = {scout_choice(state, 0, random.Random(seed), None) for seed in range(40)}
    assert top == 9 and len(best) >= 2
    assert drawn == best


def _played_out(kind: str, players: int, playout, deals: int):
    """Deals 0 .. ``deals`` - 1 of ``kind``, each played to the end by ``playout``."""
    for seed in range(deals):
        state = engines.get(kind).new(players, seed, {})
        playout(state, random.Random(seed))
        assert state.is_over
        yield state


@pytest.mark.parametrize(("tournament", "walls"), [(12, 0), (12, 2), (None, 0)])
def test_informed_playouts_end_the_game_and_score_more_than_random_ones(
    tournament: int | None, walls: int
) -> None:
    informed = functools.partial(informed_playout, tournament=tournament, walls=walls)
    points = {
        playout: sum(sum(s.scores()) for s in _played_out("dschingis_khan", 2, playout, 20))
        for playout in (random_playout, informed)
    }
    assert points[informed] > points[random_playout]


@pytest.mark.parametrize("n", [2, 5])
def test_die_dolmengoetter_playouts_place_every_stone_and_dolmen_they_may(n: int) -> None:
    """DG-5 and DG-7: no decline while a stone or a dolmen could go down instead; declines
    only with none to place (no stone left, a stack full)."""
    state = engines.get("dolmengoetter").new(n, 1, {})
    seen: list[tuple[list, object]] = []
    apply = state.apply

    def recorded(seat: int, action) -> None:
        seen.append((state.legal_actions(seat), action))
        apply(seat, action)

    state.apply = recorded  # type: ignore[method-assign]
    informed_playout(state, random.Random(4))
    assert state.is_over
    walks = [(legal, a) for legal, a in seen if isinstance(a, Walk | Flight)]
    dolmens = [(legal, a) for legal, a in seen if isinstance(a, PlaceDolmen | DeclineDolmen)]
    assert walks and dolmens
    for legal, action in walks:
        could = any(isinstance(b, Walk | Flight) and b.stone for b in legal)
        assert action.stone == could, (action, could)
    for legal, action in dolmens:
        could = any(isinstance(b, PlaceDolmen) for b in legal)
        assert isinstance(action, PlaceDolmen) == could, (action, could)


def test_die_dolmengoetter_playouts_raise_more_dolmens_than_random_ones() -> None:
    raised = {
        playout: sum(sum(s.dolmens_placed) for s in _played_out("dolmengoetter", 3, playout, 10))
        for playout in (random_playout, informed_playout)
    }
    assert raised[informed_playout] > raised[random_playout]
