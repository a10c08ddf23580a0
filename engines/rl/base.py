"""What every game's encoding offers, and the vector builder both use."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from itertools import compress
from operator import itemgetter
from typing import Any, NamedTuple, Protocol, TypeVar

import engines
from engines.core import Action, Game, State

WIN, LOSS = 1.0, -1.0
"""The return of a sole winner and of every seat that did not win, at the end only."""
TIE_REWARD = 0.0
"""The default return of each winner when several seats win (a tie the tie-break rules
leave): a drawn 2-player game pays 0 to both (docs/RL.md, "Returns / rewards")."""


def check_tie_reward(tie_reward: float) -> float:
    """``tie_reward`` as a float; ``ValueError`` unless it lies in ``[LOSS, WIN]``."""
    value = float(tie_reward)
    if not LOSS <= value <= WIN:
        raise ValueError(f"tie_reward must lie in [{LOSS}, {WIN}], not {tie_reward!r}")
    return value


def returns_for(
    winners: Iterable[int], num_players: int, tie_reward: float = TIE_REWARD
) -> list[float]:
    """Each seat's return: ``WIN`` for a sole winner, ``tie_reward`` for each of several
    winners, ``LOSS`` for every other seat."""
    won = set(winners)
    share = WIN if len(won) == 1 else check_tie_reward(tie_reward)
    return [share if s in won else LOSS for s in range(num_players)]


def final_returns(state: State, tie_reward: float = TIE_REWARD) -> list[float]:
    """Each seat's return in a finished game (``returns_for`` its winners)."""
    return returns_for(state.winners(), state.num_players, tie_reward)


class Vector:
    """A flat list of floats built piece by piece; ``parts`` names each piece and its size,
    ``highs`` each entry's upper bound (every entry is at least 0)."""

    def __init__(self) -> None:
        self.values: list[float] = []
        self.parts: list[tuple[str, int]] = []
        self.highs: list[float] = []

    def _mark(self, name: str, start: int) -> None:
        if self.parts and self.parts[-1][0] == name:
            self.parts[-1] = (name, self.parts[-1][1] + len(self.values) - start)
        else:
            self.parts.append((name, len(self.values) - start))

    def one_hot(self, name: str, index: int | None, size: int) -> None:
        """``size`` slots, a 1 at ``index``; all zero when ``index`` is ``None``."""
        start = len(self.values)
        self.values.extend([0.0] * size)
        if index is not None:
            self.values[start + index] = 1.0
        self.highs.extend([1.0] * size)
        self._mark(name, start)

    def numbers(self, name: str, xs: Iterable[float], high: float | Sequence[float] = 1.0) -> None:
        """Counts (or flags: ``high`` 1) from 0 to ``high``, the rules' limit for them (one
        for all, or one per entry)."""
        start = len(self.values)
        self.values.extend(float(x) for x in xs)
        if isinstance(high, int | float):
            self.highs.extend([float(high)] * (len(self.values) - start))
        else:
            self.highs.extend(map(float, high))
        self._mark(name, start)


_BY_ID_LIMIT = 1 << 16
"""Entries of an encoding's action numbers by object identity (``Encoding.legal``), for the
engines' shared action objects (``Encoding._shared``); emptied when full."""

_ZEROS: dict[int, list[float]] = {}


class _Values(Vector):
    """The values alone, for ``Encoding.observe``: no names or bounds kept (the same
    numbers, pinned by tests/rl/test_pinned_tensors.py), about twice as fast."""

    def __init__(self) -> None:
        self.values = []

    def one_hot(self, name: str, index: int | None, size: int) -> None:
        values = self.values
        zeros = _ZEROS.get(size)
        if zeros is None:
            zeros = _ZEROS[size] = [0.0] * size
        if index is None:
            values += zeros
        else:
            start = len(values)
            values += zeros
            values[start + index] = 1.0

    def numbers(self, name: str, xs: Iterable[float], high: float | Sequence[float] = 1.0) -> None:
        self.values += map(float, xs)


Column = tuple[str, int, bytes | bytearray, bool]
"""One entry of every item of a piece, whole: ``(piece, shift, data, hot)``. Item ``i``'s
entry ``starts[piece][i] + shift`` holds ``data[i]``; or, ``hot``, the entry ``data[i]``
further holds 1 (a one-hot's slot). Bytes, so numpy reads them without a copy."""

_SHAPE = itemgetter(0, 1, 3)
_DATA = itemgetter(2)

Sparse = tuple[list[int], list[int], list[float], list[Column]]
"""A vector by its non-zero entries: the indexes holding 1, other indexes and their values
(which may be 0), and whole columns; every other entry is 0."""


class Tensor(Protocol):
    """What ``Encoding.observe_into`` writes into: a float32 numpy array (1-d, the
    observation's length), or anything with numpy's ``fill``, ``put`` and slice writes."""

    def fill(self, value: float) -> None: ...

    def put(self, indices: Any, values: Any) -> None: ...

    def __setitem__(self, index: Any, value: Any) -> None: ...


class Seats(NamedTuple):
    """The seats of an ``n``-player game as ``me`` counts them (``relative_seat``)."""

    rel: dict[int | None, int]
    """Each seat's number from ``me``; ``None`` and -1 (nobody, an engine's FREE): ``n``,
    the one-hot's last slot."""
    order: tuple[int, ...]
    """The seats in the vector's order: ``me`` (seat 0 for a spectator) first."""
    table: bytes
    """``bytes.translate`` table of ``rel``: a seat's byte (-1 as 255) to its slot."""


T = TypeVar("T")


def relative_seat(seat: int, me: int | None, n: int) -> int:
    """``seat`` counted from the viewer (the viewer is 0), so one agent fits every seat."""
    return (seat - (me or 0)) % n


def relative(seat: int | None, me: int | None, n: int) -> int | None:
    """``relative_seat``, or ``None`` where a view has no seat (nobody's, no one's turn)."""
    if seat is None:
        return None
    return relative_seat(seat, me, n)


def relative_or_nobody(seat: int | None, me: int | None, n: int) -> int:
    """``relative`` for a one-hot of ``n + 1`` slots: the last slot stands for "nobody"."""
    r = relative(seat, me, n)
    return n if r is None else r


def number(value: object, name: str) -> int:
    """An action field that must be a whole number; ``ValueError`` naming it otherwise."""
    if not isinstance(value, int):
        raise ValueError(f"{name} must be a whole number, not {value!r}")
    return value


class Encoding(ABC):
    """One game's fixed action numbering and observation vector.

    Actions are numbered ``0 .. num_actions - 1`` the same way in every game of this kind;
    observations are built from a seat's view (``State.view(seat)`` or the server's
    ``view``), never from the full state.
    """

    game_id: str
    num_actions: int
    _codes: dict[Action, int]

    def __init__(self) -> None:
        self._codes = {}
        self._sizes: dict[int, int] = {}
        self._tables: dict[Hashable, Any] = {}
        self._by_id: dict[int, tuple[Action, int]] = {}

    @property
    def game(self) -> Game[Any]:
        return engines.get(self.game_id)

    @abstractmethod
    def encode(self, action: Mapping[str, Any]) -> int:
        """The number of an action given as JSON (``Action.model_dump()`` or the API's)."""

    @abstractmethod
    def decode(self, index: int) -> dict[str, Any]:
        """The action JSON numbered ``index`` (legal or not); ``ValueError`` if out of range."""

    @abstractmethod
    def _observe(self, view: Mapping[str, Any], me: int | None, x: Vector | None = None) -> Vector:
        """Builds the vector into ``x`` (a new ``Vector`` if ``None``) and returns it."""

    @abstractmethod
    def _sparse(self, state: State, me: int | None) -> Sparse:
        """``observe(state.view(me), me)`` by its non-zero entries, read from the engine's
        state without building the view: the same numbers (tests/rl/test_fast_encoding.py
        compares the two on random games), so only what the view shows ``me`` (each game
        applies its observer's visibility tests, and says which)."""

    def observe(self, view: Mapping[str, Any], me: int | None) -> list[float]:
        """The observation vector of ``view`` as seat ``me`` sees it (``None``: spectator)."""
        return self._observe(view, me, _Values()).values

    def observe_state(self, state: State, me: int | None) -> list[float]:
        """``observe(state.view(me), me)`` as a list, by the fast route of ``observe_into``
        (for tests and callers without numpy)."""
        n = state.num_players
        ones, at, values, columns = self._sparse(state, me)
        vector = [0.0] * self.observation_size(n)
        starts = self.starts(n)
        for piece, shift, data, hot in columns:
            for b, byte in zip(starts[piece], data, strict=True):
                if hot:
                    vector[b + shift + byte] = 1.0
                else:
                    vector[b + shift] = float(byte)
        for i in ones:
            vector[i] = 1.0
        for i, x in zip(at, values, strict=True):
            vector[i] = float(x)
        return vector

    def observe_into(self, source: State | Mapping[str, Any], me: int | None, out: Tensor) -> None:
        """Writes the observation vector of seat ``me`` into ``out`` (a float32 numpy array
        of ``observation_size`` entries, overwritten whole). ``source`` is the seat's view
        (as ``observe``), or the engine's ``State``: then the vector is read from the state
        without building the view (``_sparse``): its non-zero entries (about a tenth) and
        a few whole columns of the places, circles or villages, at offsets from ``layout``.
        Both give the same numbers."""
        if not isinstance(source, State):
            out[:] = self.observe(source, me)
            return
        ones, at, values, columns = self._sparse(source, me)
        out.fill(0.0)
        if columns:
            self._put_columns(source.num_players, columns, out)
        # ``put``: numpy's indexed write, a quarter faster than ``out[ones] = 1.0``.
        out.put(ones, 1.0)
        out.put(at, values)

    def _put_columns(self, n: int, columns: list[Column], out: Tensor) -> None:
        """Writes ``columns`` into ``out`` with numpy (which ``out`` is): all the one-hot
        columns with one write and all the others with another, at offsets kept per set
        of columns (a handful per game), since each write costs about as much as a column."""
        import numpy as np

        shape = tuple(map(_SHAPE, columns))
        plan = self._tables.get(("columns", n, shape))
        if plan is None:
            starts = self.starts(n)

            def bases(hot: bool) -> Any:
                parts = [np.array(starts[p], np.intp) + k for p, k, h in shape if h is hot]
                return np.concatenate(parts) if parts else np.zeros(0, np.intp)

            hot_mask = tuple(h for _, _, h in shape)
            plan = self._tables[("columns", n, shape)] = (
                bases(True),
                bases(False),
                hot_mask,
                tuple(not h for h in hot_mask),
            )
        hot_at, flat_at, hot_mask, flat_mask = plan
        data = list(map(_DATA, columns))
        hot = np.frombuffer(b"".join(compress(data, hot_mask)), np.uint8)
        flat = np.frombuffer(b"".join(compress(data, flat_mask)), np.uint8)
        if len(hot) != len(hot_at) or len(flat) != len(flat_at):
            raise ValueError("a column's length is not its piece's number of items")
        out.put(hot_at + hot, 1.0)
        out.put(flat_at, flat)

    def _once(self, key: Hashable, make: Callable[[], T]) -> T:
        """``make()``, kept under ``key`` for the encoding's life (tables of a player count
        and a seat: a handful per game)."""
        found: T | None = self._tables.get(key)
        if found is None:
            found = self._tables[key] = make()
        return found

    def seats(self, num_players: int, me: int | None) -> Seats:
        """The seats as ``me`` counts them, for the sparse writers (kept per seat)."""

        def make() -> Seats:
            n = num_players
            rel: dict[int | None, int] = {s: relative_seat(s, me, n) for s in range(n)}
            rel[None] = rel[-1] = n
            table = bytearray(256)
            for s in range(n):
                table[s] = rel[s]
            table[255] = n
            order = tuple(sorted(range(n), key=rel.__getitem__))
            return Seats(rel, order, bytes(table))

        return self._once(("seats", num_players, me), make)

    def starts(self, num_players: int) -> dict[str, list[int]]:
        """Where each piece of ``layout(num_players)`` begins, per name in vector order (one
        offset per place, circle, village, player...), for the sparse writers."""

        def make() -> dict[str, list[int]]:
            found: dict[str, list[int]] = {}
            offset = 0
            for name, size in self.layout(num_players):
                found.setdefault(name, []).append(offset)
                offset += size
            return found

        return self._once(("starts", num_players), make)

    def layout(self, num_players: int) -> list[tuple[str, int]]:
        """Names and sizes of the vector's pieces for ``num_players`` (for docs and tests)."""
        view = self.game.new(num_players, 0).view(0)
        return self._observe(view, 0).parts

    def bounds(self, num_players: int) -> tuple[list[float], list[float]]:
        """Each entry's lowest and highest possible value for ``num_players`` (from the
        rules' limits: pieces in the game, supplies, scores; docs/RL.md), for bounded
        observation spaces. One-hots and flags lie in [0, 1]."""
        view = self.game.new(num_players, 0).view(0)
        highs = self._observe(view, 0).highs
        return [0.0] * len(highs), highs

    def observation_size(self, num_players: int) -> int:
        """The vector's length (computed once per player count: the adapters ask often)."""
        size = self._sizes.get(num_players)
        if size is None:
            size = self._sizes[num_players] = sum(s for _, s in self.layout(num_players))
        return size

    def legal(self, state: State, seat: int) -> dict[int, Action]:
        """The seat's legal actions by number."""
        by_id = self._by_id
        out = {}
        for a in state.legal_actions(seat):
            # The engines hand out shared action objects: found by identity first (hashing
            # an action's fields was a quarter of an OpenSpiel state's step). An entry
            # holds its action, so its id is not reused while it is kept.
            hit = by_id.get(id(a))
            if hit is not None and hit[0] is a:
                out[hit[1]] = a
                continue
            code = self._code(a)
            if self._shared(a):
                if len(by_id) >= _BY_ID_LIMIT:
                    by_id.clear()
                by_id[id(a)] = (a, code)
            out[code] = a
        return out

    def _shared(self, action: Action) -> bool:
        """Whether the engine hands ``action`` out again as the same object (kept by
        identity in ``legal``); an action made afresh each time would only fill the table
        and keep dead objects alive."""
        return True

    def _code(self, action: Action) -> int:
        codes = self._codes
        code = codes.get(action)
        if code is None:
            # Actions are frozen and compare by value: each is numbered once a process
            # (at most ``num_actions`` entries), which keeps rollouts cheap.
            code = codes[action] = self.encode(action.model_dump())
        return code

    def _count_actions(self, total: int) -> None:
        """Set ``num_actions`` to the ``total`` the board's ranges give, which must be what
        the game declares (``GameInfo.num_distinct_actions``): the adapters report that."""
        declared = self.game.info.num_distinct_actions
        if total != declared:
            raise ValueError(
                f"the {self.game_id} board numbers {total} actions, but its GameInfo "
                f"declares {declared}"
            )
        self.num_actions = total

    def label(self, index: int) -> str:
        return self.game.parse_action(self.decode(index)).label()

    def _check(self, index: int) -> None:
        if not isinstance(index, int) or not 0 <= index < self.num_actions:
            raise ValueError(
                f"{self.game_id} actions are numbered 0..{self.num_actions - 1}, not {index!r}"
            )
