"""The rating update on its own (app/services/ratings.py), no engine and no database: every
number against OpenSkill's own Plackett-Luce model given the same ratings and ranks, the
ranks being the table's places (TB-1: ties share a place, a resigned seat ranks below every
seat that did not resign)."""

from __future__ import annotations

import random

import pytest
from openskill.models import PlackettLuce

from app.services.ratings import DEFAULT, Rating, place_of, shown, updated
from app.services.results import table_result
from engines.core import Outcome


def openskill(before: list[Rating], ranks: list[int]) -> list[Rating]:
    """OpenSkill called directly: each seat a team of one, ``ranks[seat]`` (1 is best)."""
    model = PlackettLuce()
    teams = [[model.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    return [Rating(t[0].mu, t[0].sigma) for t in model.rate(teams, ranks=ranks)]


def close(a: list[Rating], b: list[Rating]) -> bool:
    return all(
        x.mu == pytest.approx(y.mu, abs=1e-9) and x.sigma == pytest.approx(y.sigma, abs=1e-9)
        for x, y in zip(a, b, strict=True)
    )


def test_a_newcomer_is_shown_1000():
    assert (DEFAULT.mu, DEFAULT.sigma) == (25.0, 25 / 3)
    assert DEFAULT.shown() == shown(25.0, 25 / 3) == 1000
    assert shown(30.0, 2.0) == 1000 + 40 * (30 - 6)
    assert shown(25.0, 25 / 3 + 0.01) == 999  # rounded


def test_two_players_the_winner_gains_what_openskill_says():
    after = updated([DEFAULT, DEFAULT], [[1], [0]])
    assert close(after, openskill([DEFAULT, DEFAULT], [2, 1]))
    assert after[1].mu > DEFAULT.mu > after[0].mu
    assert after[0].sigma < DEFAULT.sigma and after[1].sigma < DEFAULT.sigma


def test_a_tie_shares_a_place():
    before = [Rating(27.0, 5.0), Rating(23.0, 7.0), Rating(25.0, 8.0)]
    after = updated(before, [[0, 2], [1]])
    assert close(after, openskill(before, [1, 2, 1]))
    # A whole table tied: equals change nothing but their uncertainty.
    even = updated([DEFAULT, DEFAULT], [[0, 1]])
    assert close(even, openskill([DEFAULT, DEFAULT], [1, 1]))
    assert even[0].mu == pytest.approx(even[1].mu)


def test_a_resigned_seat_ranks_below_every_seat_that_did_not():
    """Seat 1 scored most but resigned (TB-1): it is ranked last, as OpenSkill is told."""
    outcome = Outcome((10, 30, 20), (1,))
    places = table_result(outcome, [1]).places
    assert places == [[2], [0], [1]]
    before = [DEFAULT, DEFAULT, DEFAULT]
    after = updated(before, places)
    assert close(after, openskill(before, [2, 3, 1]))
    assert after[1].mu < after[0].mu < after[2].mu
    # Two resigned seats rank by their scores among themselves, below the rest.
    both = table_result(Outcome((10, 30, 20, 20), (1,)), [1, 3]).places
    assert both == [[2], [0], [1], [3]]
    assert close(updated([DEFAULT] * 4, both), openskill([DEFAULT] * 4, [2, 3, 1, 4]))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_table_size_matches_openskill(players: int):
    rng = random.Random(players)
    for _ in range(20):
        before = [Rating(rng.uniform(15, 35), rng.uniform(1, 25 / 3)) for _ in range(players)]
        scores = tuple(rng.randrange(4) for _ in range(players))  # ties are likely
        resigned = [s for s in range(players) if rng.random() < 0.2]
        places = table_result(Outcome(scores, ()), resigned).places
        place = place_of(places)
        after = updated(before, places)
        assert close(after, openskill(before, [place[s] for s in range(players)]))


def test_places_must_rank_every_seat_once():
    with pytest.raises(ValueError):
        updated([DEFAULT, DEFAULT], [[0]])
    with pytest.raises(ValueError):
        updated([DEFAULT, DEFAULT], [[0], [0, 1]])
