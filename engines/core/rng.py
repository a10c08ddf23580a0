"""A seeded RNG whose whole state is two integers, so it round-trips through JSON.

Each output is BLAKE2b keyed with the game's secret seed over a counter. Players see a few
bits of every draw of their own tiles, so the generator must not let them work back to the
seed and predict the rest (a plain SplitMix64 or Mersenne Twister would): a keyed hash
gives nothing back. It is still cheap (about a microsecond a draw) and tiny to save: the
keyed hash state is made once and copied for each draw, which saves hashing the key block
again every time (the output is the same as hashing from scratch).

Keys: a seed below 2**64 keys the hash with its 8 little-endian bytes, exactly as every game
made before fair draws was keyed, so old games replay byte for byte. A wider seed (up to
256 bits, the game seeds of ``engines.core.fairness``) keys it with its 32 little-endian
bytes. Negative seeds wrap into 64 bits as they always did.
"""

from __future__ import annotations

from collections.abc import Callable, MutableSequence, Sequence
from hashlib import blake2b
from struct import Struct
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
_LIMIT = 1 << 64
_WIDE = (1 << 256) - 1
# The counter goes in, and the digest comes out, as 8 little-endian bytes. A precompiled
# ``Struct`` does both without parsing ``int.to_bytes``'s arguments on every draw (same bytes).
_U64 = Struct("<Q")
_pack = _U64.pack
_unpack: Callable[[bytes], tuple[int]] = _U64.unpack


class Rng:
    __slots__ = ("_keyed", "counter", "seed")

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed & _MASK if seed < 0 else seed & _WIDE
        width = 8 if self.seed <= _MASK else 32
        self._keyed = blake2b(digest_size=8, key=self.seed.to_bytes(width, "little"))
        self.counter = 0

    def next_u64(self) -> int:
        digest = self._keyed.copy()
        digest.update(_pack(self.counter))
        self.counter += 1
        return _unpack(digest.digest())[0]

    def randbelow(self, n: int) -> int:
        """Uniform integer in ``[0, n)``; rejection sampling keeps it unbiased."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        limit = _LIMIT - _LIMIT % n
        keyed = self._keyed
        while True:
            # ``next_u64``, written out: games draw on every move (the same outputs).
            digest = keyed.copy()
            digest.update(_pack(self.counter))
            self.counter += 1
            (x,) = _unpack(digest.digest())
            if x < limit:
                return x % n

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randbelow(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        for i in range(len(seq) - 1, 0, -1):
            j = self.randbelow(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def copy(self) -> Rng:
        """The same stream from the same point, independent from here on. The keyed hash
        is only ever copied before use, never updated, so both share it (keying a new one
        costs more than the rest of a state's copy)."""
        rng = object.__new__(Rng)
        rng.seed, rng._keyed, rng.counter = self.seed, self._keyed, self.counter
        return rng

    def to_json(self) -> list[int]:
        return [self.seed, self.counter]

    @classmethod
    def from_json(cls, data: list[int]) -> Rng:
        seed, counter = data
        rng = cls(seed)
        rng.counter = counter
        return rng

    # The keyed hash state cannot be pickled or deep-copied (OpenSpiel and PettingZoo copy
    # states that way): copies are made from the two integers instead.
    def __reduce__(self) -> tuple[type[Rng], tuple[int], dict[str, int]]:
        return (Rng, (self.seed,), {"counter": self.counter})

    def __setstate__(self, state: dict[str, int]) -> None:
        self.counter = state["counter"]
