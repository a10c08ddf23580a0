"""Commit and reveal (engines/core/fairness.py) and the RNG keys it hands the engines.

The encoding is what docs/API.md "Fair draws" documents for anyone who checks a game by
hand (and what static/js/verify.js recomputes): the tests below rebuild it from that text.
"""

from __future__ import annotations

from hashlib import blake2b, sha256

import pytest

import engines
from engines.core import Rng, fairness

SEED = bytes(range(32))
SALT = bytes(range(100, 116))


def lp(data: bytes) -> bytes:
    return len(data).to_bytes(4, "big") + data


def test_the_commitment_is_the_documented_hash_of_seed_and_salt() -> None:
    expected = sha256(lp(b"tafelrunde/commitment/v1") + lp(SEED) + lp(SALT)).hexdigest()
    assert fairness.commitment(SEED, SALT) == expected


def test_the_game_seed_is_the_documented_hash_of_seed_and_contributions() -> None:
    body = lp(b"tafelrunde/game-seed/v1") + lp(SEED) + (3).to_bytes(4, "big")
    body += b"\x01" + lp(b"abc") + b"\x00" + b"\x01" + lp(b"Z-9_")
    digest = sha256(body).digest()
    assert fairness.game_seed_bytes(SEED, ["abc", None, "Z-9_"]) == digest
    assert fairness.game_seed(SEED, ["abc", None, "Z-9_"]) == int.from_bytes(digest, "little")


def test_a_seats_commitment_is_the_documented_hash_of_its_contribution() -> None:
    expected = sha256(lp(b"tafelrunde/contribution/v1") + lp(b"q3V9xK2m")).hexdigest()
    assert fairness.seat_commitment("q3V9xK2m") == expected
    assert fairness.is_seat_commitment(expected)
    for bad in (expected.upper(), expected[:-1], expected + "0", "", None, 42):
        assert not fairness.is_seat_commitment(bad)


def test_moving_bytes_between_seed_and_salt_changes_the_commitment() -> None:
    # Length prefixes: the same concatenated bytes split differently commit differently.
    joined = SEED + SALT
    assert fairness.commitment(joined[:31], joined[31:]) != fairness.commitment(SEED, SALT)
    assert fairness.commitment(SEED, SALT[:-1]) != fairness.commitment(SEED, SALT)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (["abc", None], ["abd", None]),  # one contribution changed
        (["abc", None], [None, "abc"]),  # the same contribution at another seat
        (["ab", "c"], ["a", "bc"]),  # the same letters split differently
        ([None, None], [None, None, None]),  # another number of seats
        (["x", "y"], ["y", "x"]),  # the order of the seats
    ],
)
def test_every_contribution_and_its_seat_change_the_game_seed(a, b) -> None:
    assert fairness.game_seed(SEED, a) != fairness.game_seed(SEED, b)


def test_the_server_seed_changes_the_game_seed_and_the_uses_are_separated() -> None:
    assert fairness.game_seed(SEED, [None]) != fairness.game_seed(bytes(32), [None])
    # Same bytes in, yet a commitment is never a game seed (domain tags).
    assert fairness.commitment(SEED, b"") != fairness.game_seed_bytes(SEED, []).hex()


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        ("q3V9xK2mZr7TfLw0", True),
        ("a", True),
        ("-_09AZaz", True),
        ("x" * 64, True),
        ("", False),
        ("x" * 65, False),
        ("with space", False),
        ("ümlaut", False),
        ("semi;colon", False),
        (None, False),
        (12, False),
    ],
)
def test_contributions_are_short_plain_strings(text, ok) -> None:
    assert fairness.is_contribution(text) is ok


def test_a_64_bit_seed_keys_the_rng_exactly_as_before_fair_draws() -> None:
    # Games made before fair draws replay byte for byte: 8 little-endian key bytes.
    for seed in (0, 7, 2**63 - 1, 2**64 - 1):
        keyed = blake2b(digest_size=8, key=seed.to_bytes(8, "little"))
        keyed.update((0).to_bytes(8, "little"))
        assert Rng(seed).next_u64() == int.from_bytes(keyed.digest(), "little")
    assert Rng(-1).seed == 2**64 - 1  # negative seeds still wrap into 64 bits


def test_a_game_seed_keys_the_rng_with_its_32_digest_bytes() -> None:
    digest = fairness.game_seed_bytes(SEED, ["abc"])
    rng = Rng(fairness.game_seed(SEED, ["abc"]))
    keyed = blake2b(digest_size=8, key=digest)
    keyed.update((0).to_bytes(8, "little"))
    assert rng.next_u64() == int.from_bytes(keyed.digest(), "little")
    # The state keeps its RNG through JSON with the wide seed intact.
    again = Rng.from_json(rng.to_json())
    assert again.next_u64() == rng.next_u64()


@pytest.mark.parametrize("kind", ["dschingis_khan", "dolmengoetter"])
def test_a_game_made_with_a_game_seed_round_trips_and_replays(kind) -> None:
    game = engines.get(kind)
    seed = fairness.game_seed(SEED, ["abc", None])
    state = game.new(2, seed)
    loaded = game.from_json(state.to_json())
    assert loaded.to_json() == state.to_json()
    assert game.new(2, seed).to_json() == state.to_json()  # same seed, same setup
