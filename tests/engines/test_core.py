"""The engine core: RNG round trips and the registry."""

import engines
from engines.core import Rng, game_ids


def test_rng_state_round_trips_through_json_and_replays_the_same_draws():
    rng = Rng(1234)
    rng.randbelow(10)
    copy = Rng.from_json(rng.to_json())
    assert [rng.randbelow(1000) for _ in range(50)] == [copy.randbelow(1000) for _ in range(50)]


def test_rng_shuffle_is_a_permutation_and_depends_on_seed():
    a, b = list(range(20)), list(range(20))
    Rng(1).shuffle(a)
    Rng(2).shuffle(b)
    assert sorted(a) == list(range(20)) and sorted(b) == list(range(20))
    assert a != b


def test_randbelow_covers_its_range():
    rng = Rng(7)
    assert {rng.randbelow(6) for _ in range(600)} == set(range(6))


def test_both_games_are_registered():
    assert set(game_ids()) == {"dschingis_khan", "dolmengoetter"}


def test_an_rng_copied_by_pickle_or_deepcopy_draws_what_the_original_draws():
    import copy
    import pickle

    from engines.core import Rng

    rng = Rng(12345)
    rng.next_u64()
    twins = [pickle.loads(pickle.dumps(rng)), copy.deepcopy(rng), copy.copy(rng)]
    ahead = [rng.next_u64() for _ in range(3)]
    for twin in twins:
        assert twin.counter == 1
        assert [twin.next_u64() for _ in range(3)] == ahead


def test_rng_draws_are_the_keyed_blake2b_of_the_counter_and_stay_pinned():
    """Seeded games, replays and fair draws depend on these exact outputs (issue 16 changed
    how a draw is computed, never what it gives)."""
    from hashlib import blake2b

    for seed, width in ((0, 8), (2**200 + 5, 32), (-3 & (2**64 - 1), 8)):
        rng = Rng(seed)
        for counter in range(5):
            digest = blake2b(
                counter.to_bytes(8, "little"), digest_size=8, key=seed.to_bytes(width, "little")
            ).digest()
            assert rng.next_u64() == int.from_bytes(digest, "little")
    rng = Rng(0)
    assert [rng.next_u64() for _ in range(2)] == [2271152774672154522, 10748397194273482063]
    rng = Rng(2**200 + 5)
    assert [rng.next_u64() for _ in range(2)] == [2227877468943865262, 12493644710677799529]
    rng = Rng(-3)
    assert [rng.randbelow(1000) for _ in range(6)] == [630, 238, 237, 223, 605, 55]


def test_an_rng_copy_draws_what_the_original_draws_and_goes_its_own_way():
    rng = Rng(2024)
    rng.next_u64()
    copy = rng.copy()
    assert [copy.next_u64() for _ in range(5)] == [rng.next_u64() for _ in range(5)]
    copy.next_u64()
    assert copy.counter == rng.counter + 1


def test_an_action_sent_as_json_is_played_and_recorded_as_the_listed_one():
    # A server parses every move from JSON; the record of play (kept for take-backs) then
    # holds the game's shared action object, not a parsed copy per move.
    for game_id in game_ids():
        state = engines.get(game_id).new(2, 5)
        (seat,) = state.to_act()
        listed = state.legal_actions(seat)[-1]
        state.apply(seat, listed.model_dump(mode="json"))
        assert state._played[-1] is listed
