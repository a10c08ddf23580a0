"""Hidden information (DK-14, DK-15): resampling what a seat may not know changes nothing
it sees, neither its view nor the events it is shown.

``GAME.sample(view, seat, rng)`` deals the faces ``seat`` does not know at random over the
places it cannot see (other players' active supplies, unseen stack layers, discards and
passive supplies) and draws a new RNG (the passive supplies' future order). A seat's view
and its legal actions must not change; played on with the same public moves, neither may
its events.
"""

from __future__ import annotations

from engines.core import Rng
from engines.dschingis_khan import GAME

from .helpers import play


def random_state(players: int, seed: int, plies: int):
    state = GAME.new(players, seed)
    rng = Rng(seed * 7 + 1)
    for _ in range(plies):
        if state.is_over:
            break
        play(state, rng.choice(state.legal_actions(state.to_act()[0])))
    return state


def hidden_faces(state, seat: int) -> list:
    """Faces seat may not know, in a fixed order of places (for telling samples apart)."""
    out = []
    for stack in state.stacks:
        out += [state.tile_face[t] for t in stack if t not in state.known[seat]]
    for s in range(state.num_players):
        if s != seat:
            out += [state.tile_face[t] for t in state.active_tiles[s]]
            out.append(tuple(state.passive[s]))
    return out


def public_twin(action, legal):
    """The action of ``legal`` that does publicly the same thing (the faces may differ)."""
    same = action.model_dump(exclude={"tile", "faces"})
    return next(a for a in legal if a.model_dump(exclude={"tile", "faces"}) == same)


def test_dk15_sampled_states_keep_the_seats_view_and_legal_actions():
    differed = 0
    checked = 0
    for players in (2, 3, 4):
        for seed in range(4):
            for plies in (0, 7, 30, 60, 110):
                state = random_state(players, seed, plies)
                for seat in range(players):
                    view = state.view(seat)
                    sampled = GAME.sample(view, seat, Rng(seed * 31 + plies))
                    assert sampled.view(seat) == view
                    assert sampled.legal_actions(seat) == state.legal_actions(seat)
                    checked += 1
                    differed += hidden_faces(sampled, seat) != hidden_faces(state, seat)
    assert checked == 4 * 5 * (2 + 3 + 4)
    # The resampling is real: most samples deal the hidden faces differently.
    assert differed > checked // 2


def test_dk15_resampled_hidden_faces_do_not_change_the_events_a_seat_sees():
    """Play on from a sampled state with the same public moves (other seats place whatever
    tile they hold there) and the same RNG: the seat's events and views stay identical."""
    compared = 0
    for players, seed, plies in ((2, 1, 20), (3, 2, 45), (4, 3, 70), (4, 5, 5), (2, 6, 3)):
        state = random_state(players, seed, plies)
        for seat in range(players):
            twin = GAME.sample(state.view(seat), seat, Rng(99))
            twin.rng = Rng.from_json(state.rng.to_json())
            real = state.clone()
            rng = Rng(seed)
            for _ in range(60):
                if real.is_over:
                    break
                actor = real.to_act()[0]
                assert twin.to_act() == [actor]
                action = rng.choice(real.legal_actions(actor))
                if actor == seat:
                    assert twin.legal_actions(actor) == real.legal_actions(actor)
                    other = action
                else:
                    other = public_twin(action, twin.legal_actions(actor))
                # Stepping onto a stack with layers it never saw shows the seat those faces:
                # from then on the sample may rightly differ (it guessed them).
                learns = (
                    action.type == "step"
                    and actor == seat
                    and any(t not in real.known[seat] for t in real.stacks[action.to])
                )
                events = real.apply(actor, action)
                twin_events = twin.apply(actor, other)
                if real.is_over:
                    break  # at the end every face is public, so the two may differ
                assert [e.view(seat) for e in events] == [e.view(seat) for e in twin_events]
                if learns:
                    break
                assert twin.view(seat) == real.view(seat)
                compared += 1
    assert compared > 100


def test_dk15_a_sampled_state_is_a_whole_game_that_plays_to_the_end():
    """The sample deals each owner exactly its 17 tiles (DK-7) and plays on to the end."""
    state = random_state(3, 8, 50)
    sampled = GAME.sample(state.view(1), 1, Rng(5))
    assert GAME.from_json(sampled.to_json()).to_json() == sampled.to_json()
    rng = Rng(2)
    while not sampled.is_over:
        play(sampled, rng.choice(sampled.legal_actions(sampled.to_act()[0])))
    for owner in range(3):
        counts = list(sampled.passive[owner])
        for tid, face in enumerate(sampled.tile_face):
            if sampled.tile_owner[tid] == owner:
                counts[face] += 1
        assert counts == [5, 5, 5, 1, 1]
