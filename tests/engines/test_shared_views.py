"""Views that share their parts: ``State.view(seat, shared=parts)`` (issue 16).

The server builds every seat's message of a position from one ``parts`` dict, so what all
seats see alike (Dolmengötter's places and the circles as a spectator sees them, Dschingis
Khan's villages and wall) is made once. Each seat must still see exactly what its own view
shows: no seat's hidden dolmen value (DG-11) or tile face (DK-14/15) may reach another seat
through a shared part, whichever seat asks first.
"""

from __future__ import annotations

import random

import pytest

from engines.core import Parts, State
from tests.support.positions import positions

CASES = [("dolmengoetter", 2), ("dolmengoetter", 4), ("dschingis_khan", 2), ("dschingis_khan", 3)]


@pytest.mark.parametrize(("kind", "players"), CASES)
def test_every_seat_sees_what_its_own_view_shows(kind: str, players: int) -> None:
    rng = random.Random(players)
    viewers: list[int | None] = [None, *range(players)]
    checked = 0
    for seed in (1, 2, 3):
        for state in positions(kind, players, seed):
            parts: Parts = {}
            # A different seat asks first at each position: the parts it made are the ones
            # every other seat gets.
            order = rng.sample(viewers, len(viewers))
            for seat in order:
                assert state.view(seat, shared=parts) == state.view(seat), (seat, state.ply)
                checked += 1
            assert parts, "nothing was shared"
    assert checked > 150 * (players + 1)


@pytest.mark.parametrize(("kind", "players"), CASES)
def test_finished_and_revealed_views_share_only_among_themselves(kind: str, players: int) -> None:
    *_, last = positions(kind, players, 3)  # the finished position
    assert last.is_over
    parts: Parts = {}
    for seat in (None, *range(players)):
        assert last.view(seat, shared=parts) == last.view(seat)
    past: State | None = None
    for past in positions(kind, players, 3):
        if past.ply == 40:
            break
    assert past is not None and not past.is_over
    parts = {}
    # A replay's revealed view (every value shown) and a seat's view of the same position
    # share one dict: neither may hand its parts to the other.
    for seat in range(players):
        assert past.view(seat, reveal=True, shared=parts) == past.view(seat, reveal=True)
        assert past.view(seat, shared=parts) == past.view(seat)


def test_the_board_is_made_once_per_position() -> None:
    for kind, key in (("dolmengoetter", "places"), ("dschingis_khan", "walls")):
        state = next(s for s in positions(kind, 2, 5) if s.ply == 30)
        parts: Parts = {}
        views = [state.view(seat, shared=parts) for seat in (0, 1, None)]
        assert views[0][key] is views[1][key] is views[2][key]
        assert state.view(0)[key] is not state.view(1)[key]  # no parts given: nothing shared
