"""Commit and reveal: draws that neither the server nor any one player can steer.

At creation the server draws a secret ``server_seed`` and a ``salt`` and publishes only
``commitment(server_seed, salt)``. Each joining player publishes ``seat_commitment`` of a
secret ``contribution`` and reveals the contribution only once every seat has committed.
Then the RNG is keyed with ``game_seed(server_seed, contributions)``: the server fixed its
seed before it saw any contribution (the commitment binds it), and every player fixed theirs
before seeing anyone else's, so even someone who knows the server's seed (its operator)
cannot aim at a draw by choosing a contribution last. After the end
the server reveals seed and salt, and anyone can check both functions themselves.

Encoding (docs/API.md "Fair draws"): every hashed part is a 4-byte big-endian length and
then its bytes, after a domain tag of its own, so no two different inputs hash the same
bytes and a commitment can never be mistaken for a game seed. A browser recomputes the
commitment with crypto.subtle (static/js/verify.js) from the same rule.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from hashlib import sha256

COMMITMENT_TAG = b"tafelrunde/commitment/v1"
GAME_SEED_TAG = b"tafelrunde/game-seed/v1"
SEAT_COMMITMENT_TAG = b"tafelrunde/contribution/v1"
SERVER_SEED_BYTES = 32
SALT_BYTES = 16
CONTRIBUTION_MAX = 64
"""Characters a contribution may have: plenty for 256 random bits in hex or base64."""
CONTRIBUTION_PATTERN = r"^[A-Za-z0-9_-]{1,64}$"
"""Letters, digits, ``-`` and ``_`` (hex and URL-safe base64 both fit); nothing a page
or a log line could misread."""
_CONTRIBUTION = re.compile(CONTRIBUTION_PATTERN)
SEAT_COMMITMENT_PATTERN = r"^[0-9a-f]{64}$"
_SEAT_COMMITMENT = re.compile(SEAT_COMMITMENT_PATTERN)


def _part(data: bytes) -> bytes:
    return len(data).to_bytes(4, "big") + data


def is_contribution(text: object) -> bool:
    """Whether ``text`` is a well-formed contribution (validate at the edge with this)."""
    return isinstance(text, str) and _CONTRIBUTION.fullmatch(text) is not None


def is_seat_commitment(text: object) -> bool:
    """Whether ``text`` is a seat's commitment: 64 lowercase hex digits (a SHA-256)."""
    return isinstance(text, str) and _SEAT_COMMITMENT.fullmatch(text) is not None


def seat_commitment(contribution: str) -> str:
    """SHA-256 (hex) of the tag and the contribution's UTF-8 bytes, each length-prefixed:
    what a seat publishes when it joins, before anyone's contribution is known."""
    return sha256(_part(SEAT_COMMITMENT_TAG) + _part(contribution.encode())).hexdigest()


def commitment(server_seed: bytes, salt: bytes) -> str:
    """SHA-256 (hex) of the tag, the seed and the salt, each length-prefixed."""
    return sha256(_part(COMMITMENT_TAG) + _part(server_seed) + _part(salt)).hexdigest()


def game_seed_bytes(server_seed: bytes, contributions: Sequence[str | None]) -> bytes:
    """SHA-256 of the tag, the server seed, the number of seats, then per seat in seat
    order a flag byte (0: no contribution, 1: one) and the contribution's UTF-8 bytes."""
    parts = [_part(GAME_SEED_TAG), _part(server_seed), len(contributions).to_bytes(4, "big")]
    for text in contributions:
        parts.append(b"\x00" if text is None else b"\x01" + _part(text.encode()))
    return sha256(b"".join(parts)).digest()


def game_seed(server_seed: bytes, contributions: Sequence[str | None]) -> int:
    """The engine seed of a game: ``game_seed_bytes`` read little-endian, so the RNG's
    32-byte key (``engines.core.rng``) is exactly that digest (in the 2**-192 case of a
    digest whose last 24 bytes are zero it is keyed as a 64-bit seed: still the same for
    everyone who replays it)."""
    return int.from_bytes(game_seed_bytes(server_seed, contributions), "little")
