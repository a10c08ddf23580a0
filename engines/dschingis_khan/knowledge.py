"""What a seat knows of the tiles (DK-15): a set of tile ids, kept as the bits of an int.

A seat comes to know a few dozen tiles over a game (its own as it draws them, every stack
it steps onto). As a Python ``set`` that is about 2 KB a seat once it passes 18 ids, held
for every live game on the server (issue 16, memory per live game); as bits it is a few
dozen bytes, and copying a position for a bot's look-ahead copies no table.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator


class TileSet(int):
    """Tile ids as bits (bit ``t``: tile ``t`` is in the set). Immutable like the int it
    is: ``with_tile`` and ``with_tiles`` give the set with more in it."""

    __slots__ = ()

    def __contains__(self, tid: object) -> bool:
        return isinstance(tid, int) and tid >= 0 and bool(self >> tid & 1)

    def __iter__(self) -> Iterator[int]:
        """The ids, ascending."""
        bits = int(self)
        return (t for t in range(bits.bit_length()) if bits >> t & 1)

    def with_tile(self, tid: int) -> TileSet:
        return TileSet(self | 1 << tid)

    def with_tiles(self, tids: Iterable[int]) -> TileSet:
        bits = int(self)
        for t in tids:
            bits |= 1 << t
        return TileSet(bits)

    def isdisjoint(self, tids: Iterable[int]) -> bool:
        # A plain loop, not ``all`` over a generator: every seat's view runs this for each
        # village with a stack.
        for t in tids:  # noqa: SIM110
            if self >> t & 1:
                return False
        return True


NO_TILES = TileSet(0)
