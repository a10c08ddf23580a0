"""The randomness behind a server bot's choices: secret, yet the same in every process.

A bot's choice must reveal nothing beyond the move itself. Seeding its RNG from public
data (game id, seat, version) let an opponent replay the bot's draw and predict its hidden
choices, e.g. every dolmen value it placed. So the RNG is keyed with the game's secret seed
(which never leaves the server) through BLAKE2b: without the seed the stream is
unpredictable, and every process that plays the bot still draws the same choice for the
same position, so the version lock lets exactly one of their identical posts through.
"""

from __future__ import annotations

import hashlib
import random

_PERSON = b"tafelrunde-bot"  # separates this use of the seed from the engine's own RNG


def bot_rng(secret_seed: int, game_id: str, seat: int, version: int) -> random.Random:
    """The RNG for the bot at ``seat`` choosing at ``version`` of ``game_id``."""
    key = secret_seed.to_bytes(16, "big", signed=True)
    digest = hashlib.blake2b(
        f"{game_id}:{seat}:{version}".encode(), key=key, person=_PERSON, digest_size=32
    ).digest()
    return random.Random(int.from_bytes(digest, "big"))
