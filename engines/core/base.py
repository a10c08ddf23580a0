"""The contract every game engine fulfils (DESIGN.md, "Engine interface").

``Game`` describes (board, player counts, options) and makes states; ``State`` is the only
thing that changes. The base classes own the public contract — game over?, this seat's
turn?, is the action among the legal ones? — and each game fills in the hooks: the state's
(``_setup``, ``_legal_actions``, ``_apply``, ``_dump``/``_load``, ``_outcome``) and the
game's (``_new_state``, ``_observe``, ``_why_illegal``, ``sample``). No game repeats those
checks.

The observer and the refusal explainer are the game's, not the state's (as OpenSpiel's
``Game.make_py_observer``): they read a state from outside, so a game's ``state`` module
never has to import its observer or refusals, and the package has no import circle.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, NamedTuple, NoReturn, Self, TypeVar

from pydantic import BaseModel, ConfigDict, StrictInt, TypeAdapter, ValidationError

from .errors import IllegalAction
from .info import GameInfo
from .rng import Rng


class _Nothing(dict[Any, Any]):
    """The empty part (data, secret, hidden) that events without one share: read-only, so
    no change to one event's part can reach another. A real ``dict``, so reading it (as
    ``Event.view`` does for every seat) stays as cheap as reading any other part."""

    __slots__ = ()

    def _read_only(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("an event's parts are read-only")

    __setitem__ = __delitem__ = _read_only
    clear = pop = popitem = setdefault = update = __ior__ = _read_only


NOTHING: Mapping[Any, Any] = _Nothing()


class Action(BaseModel):
    """One decision of one seat. Each game's actions form a discriminated union on ``type``.

    Actions are frozen and hashable; their ``repr`` can be pasted back into a test.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    type: str

    def label(self) -> str:
        """A short text for logs and the UI."""
        return self.type

    # ``apply`` looks the action up in the legal list on every move, so equality is on the
    # hot path: compare type and fields directly, without pydantic's generic bookkeeping.
    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is not type(self):
            return NotImplemented if not isinstance(other, Action) else False
        return self.__dict__ == other.__dict__

    def __hash__(self) -> int:
        return hash((type(self), *self.__dict__.values()))


class GameOptions(BaseModel):
    """Options every game accepts; games may extend this model."""

    model_config = ConfigDict(extra="forbid")

    start_player: StrictInt | None = None
    """Seat that takes the first turn; ``None`` draws it from the game's RNG."""


class Event(NamedTuple):
    """Something that happened, as each seat may learn it.

    ``data`` is public. ``secret`` maps a seat to extra fields only that seat may see
    (its own tile face, its own dolmen value). ``hidden`` holds fields nobody sees until
    the game is over (the face of a tile that is discarded face down, for instance).
    ``reveals`` says that the public ``data`` itself makes known something that was hidden
    until now (the values of a circle's dolmens as it scores, DG-8), which no take-back
    could hide again (``State.can_undo``).

    A named tuple: every move makes a few, and the server keeps every event of a live
    game, so an event is one small tuple (80 bytes) instead of an object with an instance
    dict (240), and made faster too. Immutable; events without a secret or hidden part
    share one read-only empty mapping (``NOTHING``).
    """

    type: str
    data: Mapping[str, Any] = NOTHING
    secret: Mapping[int, Mapping[str, Any]] = NOTHING
    hidden: Mapping[str, Any] = NOTHING
    reveals: bool = False

    def shows_hidden(self) -> bool:
        """Whether some seat learned from this event what another may not see (a secret or
        hidden part), or everyone learned what was hidden until now (``reveals``)."""
        return bool(self.secret or self.hidden or self.reveals)

    def view(self, seat: int | None, *, reveal: bool = False) -> dict[str, Any]:
        """The event as ``seat`` sees it (``None``: spectator); ``reveal``: game over."""
        out: dict[str, Any] = {"type": self.type, **self.data}
        if reveal:
            for extra in self.secret.values():
                out.update(extra)
            out.update(self.hidden)
        elif seat is not None and seat in self.secret:
            out.update(self.secret[seat])
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "data": dict(self.data),
            "secret": {str(k): dict(v) for k, v in self.secret.items()},
            "hidden": dict(self.hidden),
        }


Parts = dict[Hashable, Any]
"""The parts of one position's views that every seat sees alike (``State.view``'s
``shared``), by the name the observer gives them."""

T = TypeVar("T")


def public_part(shared: Parts | None, name: Hashable, make: Callable[[], T]) -> T:
    """``make()``, made once per position when views share their parts (``shared``): only
    for what every seat and a spectator see alike, since every view of the position gets
    the part that was made first."""
    if shared is None:
        return make()
    part: T | None = shared.get(name)
    if part is None:
        part = shared[name] = make()
    return part


Origin = tuple[int, int, "GameOptions"]
"""What ``Game.new`` was given, already checked: (player count, seed, options)."""

LastPlayed = tuple[bool, list[Event]]
"""What a take-back asks of the last action: (whether it drew from the RNG, its events)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    standings: tuple[tuple[int, ...], ...] = ()
    """What places each seat by the game's rules, compared as tuples, higher first: its
    score, then the game's tie-break (DG-10: dolmens placed). Empty: the score alone."""

    def standing(self, seat: int) -> tuple[int, ...]:
        return self.standings[seat] if self.standings else (self.scores[seat],)

    def places(self, seats: Iterable[int] | None = None) -> list[list[int]]:
        """``seats`` (every seat by default) ranked by the game's rules, best first: each
        place lists the seats that tie for it, in seat order. Over every seat the first
        place is ``winners``; over fewer, it is who would win among those alone (the table
        ranks some seats apart: app/services/results.py)."""
        ranked = sorted(
            sorted(range(len(self.scores)) if seats is None else set(seats)),
            key=self.standing,
            reverse=True,  # a stable sort: ties keep seat order
        )
        places: list[list[int]] = []
        for seat in ranked:
            if places and self.standing(places[-1][0]) == self.standing(seat):
                places[-1].append(seat)
            else:
                places.append([seat])
        return places


class State(ABC):
    """A position of one game. Mutable: ``apply`` changes it in place.

    Subclasses implement the hooks below and keep every piece of their own state in
    attributes that ``_dump``/``_load`` round-trip exactly. A game whose position has more
    than about twenty attributes of its own lists them as ``__slots__``: with this class's
    nine they pass the 30 keys CPython 3.11 shares among a class's instance dicts, and each
    position would carry a whole dict of its own (about 1.6 KB), held for every live game
    on a server (issue 16, memory per live game).
    """

    game: Game[Any]

    def __init__(self, game: Game[Any], num_players: int, rng: Rng) -> None:
        self.game = game
        self.num_players = num_players
        self.rng = rng
        self.ply = 0
        self._legal_cache: dict[int, list[Action]] = {}
        self._origin: Origin | None = None
        """How to make again the position the record of play starts from (``Game.new`` sets
        it: a new game is a function of its player count, seed and options, so no snapshot
        is taken); ``None``: no record is kept (a state read from JSON or sampled), nothing
        to take back."""
        self._played: list[Action] = []
        """The actions since ``_origin`` that make this position, oldest first: replayed
        from ``_origin`` they give it exactly (taken-back ones are no longer in it)."""
        self._played_by = bytearray()
        """The seat that played each of ``_played``: a byte an action rather than a
        (seat, action) tuple, since a server keeps every live game's record (issue 16)."""
        self._last: LastPlayed | None = None
        """The last of ``_played`` as a take-back judges it. Kept for that one action only,
        so a game does not hold on to all its events."""

    # ---- public contract -------------------------------------------------------------

    @abstractmethod
    def to_act(self) -> list[int]:
        """Seats whose decision the game waits for (usually one; none once over)."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    def turn_holder(self) -> int | None:
        """The seat whose turn it is (``None`` once the game is over): the seat to act,
        unless the game has seats decide outside a turn (DG-7: answering a dolmen right is
        not a turn), where the game says whose turn it stays."""
        waiting = self.to_act()
        return waiting[0] if waiting else None

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action for ``seat`` now (empty when it is not that seat's turn)."""
        # The cached list read here directly: this runs once per move, and a copy is what
        # lets the caller keep (and change) the list.
        cached = self._legal_cache.get(seat)
        return (self._legal(seat) if cached is None else cached).copy()

    def _legal(self, seat: int) -> list[Action]:
        """The cached legal list of ``seat`` itself: callers must not change it."""
        cached = self._legal_cache.get(seat)
        if cached is None:
            waiting = not self.is_over and seat in self.to_act()
            cached = self._legal_actions(seat) if waiting else []
            self._legal_cache[seat] = cached
        return cached

    def parse_action(self, action: Action | Mapping[str, Any]) -> Action:
        return self.game.parse_action(action)

    def apply(self, seat: int, action: Action | Mapping[str, Any]) -> list[Event]:
        """Validate and apply; raises ``IllegalAction`` and changes nothing when refused."""
        # Not ``isinstance``: on pydantic's metaclass (an ``ABCMeta``) that runs a Python-level
        # check for every action of a subclass; the class's MRO says the same in C.
        act: Action = (
            action  # type: ignore[assignment]
            if Action in type(action).__mro__
            else self.parse_action(action)
        )
        if not isinstance(seat, int) or not 0 <= seat < self.num_players:
            raise IllegalAction(f"there is no seat {seat!r} in this game", "unknown_seat")
        legal = self._legal_cache.get(seat)
        if not legal:
            # Not listed since the last change: check the game and the turn, then list. (A
            # listed seat passed both checks when listed, and every change empties the cache.)
            if self.is_over:
                raise IllegalAction("the game is over", "game_over")
            waiting = self.to_act()
            if seat not in waiting:
                why = self.game._why_not_your_turn(self, seat, act, waiting)
                raise IllegalAction(why, "not_your_turn")
            legal = self._legal_cache[seat] = self._legal_actions(seat)
        # Games hand out shared action objects, so an action taken from the legal list is
        # found by identity (a plain loop: on CPython 3.11 cheaper than ``any(map(is_,
        # ...))``, about 2% of a random game's instructions); only an action parsed from
        # outside is compared by value, field by field, and then played as its listed twin
        # (equal, and frozen): the record of play keeps the game's shared object, not one
        # parsed per move.
        for listed in legal:
            if listed is act:
                break
        else:
            try:
                act = legal[legal.index(act)]
            except ValueError:
                why = self.game._why_illegal(self, seat, act)
                raise IllegalAction(why, "illegal_action") from None
        rng = self.rng
        counter = rng.counter
        events = self._apply(seat, act)
        self.ply += 1
        self._legal_cache = {}
        # Only what a take-back needs, and no copy of the position: undo replays instead.
        if self._origin is not None:
            self._played.append(act)
            self._played_by.append(seat)
            self._last = (rng.counter != counter, events)
        return events

    # ---- take-backs --------------------------------------------------------------------
    #
    # Decided here for every game, from what the action did, never from a list of action
    # types per game: a seat may take back its last action exactly when each predicate
    # below holds (DESIGN.md, "Take-backs").

    def _is_last_actor(self, seat: int) -> bool:
        """No other seat has acted since: taking back an action others have answered would
        take back their decision too."""
        return bool(self._played_by) and self._played_by[-1] == seat

    @staticmethod
    def _drew_nothing(last: LastPlayed) -> bool:
        """The action drew nothing from the game's RNG: taken back, it could be played again
        until a draw pleases (a tile taken until the face is right)."""
        return not last[0]

    @staticmethod
    def _showed_nothing(last: LastPlayed) -> bool:
        """None of its events told any seat something hidden (``Event.shows_hidden``): once
        learned it cannot be unlearned. A secret part counts even when only the acting seat
        sees it, since the core cannot tell whether that seat knew it before."""
        return not any(event.shows_hidden() for event in last[1])

    def _game_goes_on(self) -> bool:
        """The action did not end the game: the end makes everything public."""
        return not self.is_over

    def why_not_undoable(self, seat: int) -> str | None:
        """Why ``seat`` may not take back its last action now; ``None`` when it may."""
        if self._origin is None:
            return "this position keeps no record of play to take back from"
        if not self._played:
            return "no action has been played yet"
        if not self._is_last_actor(seat):
            return (
                f"only the last action can be taken back, and seat {self._played_by[-1]} played it"
            )
        last = self._last
        assert last is not None
        what = self._played[-1].type
        if not self._game_goes_on():
            return f"your last action ({what}) ended the game, which shows everything"
        if not self._drew_nothing(last):
            return f"your last action ({what}) drew at random; a draw cannot be taken back"
        if not self._showed_nothing(last):
            return (
                f"your last action ({what}) showed hidden information, which cannot be taken back"
            )
        return None

    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` may take back its last action now (``undo``)."""
        return self.why_not_undoable(seat) is None

    def undo(self, seat: int) -> list[Event]:
        """Take back the last action of ``seat``: the position becomes exactly the one before
        it (``to_json()`` equal, ply included). Raises ``IllegalAction`` (``not_undoable``,
        with the reason) and changes nothing when ``can_undo`` is false.

        After a take-back the seat's action before may be taken back too, if it qualifies
        (its own, and nobody acted in between).
        """
        if not isinstance(seat, int) or not 0 <= seat < self.num_players:
            raise IllegalAction(f"there is no seat {seat!r} in this game", "unknown_seat")
        why = self.why_not_undoable(seat)
        if why is not None:
            raise IllegalAction(why, "not_undoable")
        assert self._origin is not None
        undone = self.ply
        self._played.pop()
        self._played_by.pop()
        # Replay the record instead of keeping a copy of every position: apply stays cheap,
        # and a take-back (rare) costs one replay. Each action was legal when first played,
        # so the game's own ``_apply`` is trusted with it again.
        before = self.game._setup_state(*self._origin)
        last: LastPlayed | None = None
        for s, action in zip(self._played_by, self._played, strict=True):
            counter = before.rng.counter
            events = before._apply(s, action)
            last = (before.rng.counter != counter, events)
            before.ply += 1
        self._last = last
        self.rng = before.rng
        self.ply = before.ply
        self._load(before._dump())
        self._legal_cache = {}
        return [Event("undo", {"seat": seat, "undone_ply": undone, "ply": self.ply})]

    def view(
        self, seat: int | None = None, *, reveal: bool = False, shared: Parts | None = None
    ) -> dict[str, Any]:
        """JSON-ready view for ``seat`` (``None``: spectator): only what it may know.

        ``reveal``: every hidden face and value too, as once the game is over; for a
        finished game's replay, whose past positions are not over themselves. Never for
        a running game (the caller decides: the engine cannot know who is asking).

        ``shared``: a dict the caller keeps for this one position and no other (an empty
        one to start with; dropped once the position changes). Views given the same dict
        make what every seat sees alike once (the board's places, the wall) and hold the
        very same objects for it, so such views are read-only: a change to one would show
        in the others. The server builds every seat's message of a position this way.
        """
        if seat is not None and not 0 <= seat < self.num_players:
            raise IllegalAction(f"there is no seat {seat!r} in this game", "unknown_seat")
        out: dict[str, Any] = {
            "game": self.game.id,
            "num_players": self.num_players,
            "seat": seat,
            "ply": self.ply,
            "to_act": self.to_act(),
            "is_over": self.is_over,
        }
        if self.is_over:
            outcome = self.outcome()
            out["scores"] = list(outcome.scores)
            out["winners"] = list(outcome.winners)
        out.update(self.game._observe(self, seat, reveal, shared))
        return out

    def outcome(self) -> Outcome:
        if not self.is_over:
            raise IllegalAction("the game is not over yet", "game_not_over")
        return self._outcome()

    def scores(self) -> list[int]:
        return list(self.outcome().scores)

    def winners(self) -> list[int]:
        return list(self.outcome().winners)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game.id,
            "num_players": self.num_players,
            "rng": self.rng.to_json(),
            "ply": self.ply,
            "state": self._dump(),
        }

    def clone(self) -> State:
        """An independent copy, with the record of play (so a clone can take back too)."""
        state: State = self._copy()
        if self._origin is not None:
            state._origin = self._origin  # shared: never changed once taken
            state._played = list(self._played)
            state._played_by = bytearray(self._played_by)
            state._last = self._last
        return state

    def _copy(self) -> Self:
        """An independent copy of the position, without the record of play. By default
        the state read back from ``to_json``; a game may copy its attributes directly
        instead (bots clone once per candidate move), starting from ``_blank_copy``."""
        state: Self = self.game.from_json(self.to_json())
        return state

    def _blank_copy(self) -> Self:
        """A new state of this one's class with the core's part copied (game, player
        count, the RNG at the same point, ply) and nothing of the game's own: for
        ``_copy`` to fill in."""
        state = object.__new__(type(self))
        State.__init__(state, self.game, self.num_players, self.rng.copy())
        state.ply = self.ply
        return state

    # ---- hooks a game fills in ---------------------------------------------------------

    @abstractmethod
    def _setup(self, options: GameOptions) -> None:
        """Lay out a new game (called once by ``Game.new``; options already validated)."""

    @abstractmethod
    def _legal_actions(self, seat: int) -> list[Action]:
        """All legal actions; only called for a seat in ``to_act()`` of a running game."""

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> list[Event]:
        """Apply an action already known to be legal; trusts its caller."""

    @abstractmethod
    def _outcome(self) -> Outcome: ...

    @abstractmethod
    def _dump(self) -> dict[str, Any]:
        """Everything game-specific, JSON-ready, so that ``_load`` rebuilds it exactly."""

    @abstractmethod
    def _load(self, data: dict[str, Any]) -> None: ...


S = TypeVar("S", bound=State)


class Game(ABC, Generic[S]):
    """A game's fixed description; makes states of type ``S`` and reads them from outside."""

    info: ClassVar[GameInfo]
    """The game's fixed facts, declared once; the four below are taken from it."""
    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_model: ClassVar[type[GameOptions]] = GameOptions
    action_type: ClassVar[Any]
    """The discriminated union (``Annotated[A | B, Field(discriminator="type")]``)."""

    def __init__(self) -> None:
        self._action_adapter: TypeAdapter[Action] = TypeAdapter(self.action_type)

    def parse_action(self, action: Action | Mapping[str, Any]) -> Action:
        """Turn JSON into an action, or raise ``IllegalAction`` saying which field is wrong."""
        if isinstance(action, Action):
            return action
        try:
            return self._action_adapter.validate_python(action)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"]) or "action"
            raise IllegalAction(f"malformed action: {where}: {err['msg']}", "bad_action") from None

    def action_schema(self) -> dict[str, Any]:
        return self._action_adapter.json_schema()

    def parse_options(self, options: GameOptions | Mapping[str, Any] | None) -> GameOptions:
        if isinstance(options, GameOptions):
            return options
        try:
            return self.options_model.model_validate(dict(options or {}))
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"]) or "options"
            raise IllegalAction(f"bad option {where}: {err['msg']}", "bad_options") from None

    def new(
        self,
        num_players: int,
        seed: int,
        options: GameOptions | Mapping[str, Any] | None = None,
    ) -> S:
        """A fresh game; every later random choice comes from the RNG seeded here."""
        why = self.info.player_count_error(num_players)
        if why is not None:
            raise IllegalAction(why, "bad_player_count")
        opts = self.parse_options(options)
        if opts.start_player is not None and not 0 <= opts.start_player < num_players:
            raise IllegalAction(
                f"start_player must be a seat from 0 to {num_players - 1}", "bad_options"
            )
        # The options are copied: the caller's object may change later, the origin may not.
        origin: Origin = (num_players, seed, opts.model_copy())
        state = self._setup_state(*origin)
        state._origin = origin
        return state

    def _setup_state(self, num_players: int, seed: int, options: GameOptions) -> S:
        """The position a new game starts from; the same arguments give the same position."""
        state = self._new_state(num_players, Rng(seed))
        state._setup(options)
        return state

    def from_json(self, data: Mapping[str, Any]) -> S:
        if data.get("game") != self.id:
            raise ValueError(f"not a {self.id} state: {data.get('game')!r}")
        state = self._new_state(data["num_players"], Rng.from_json(data["rng"]))
        state.ply = data["ply"]
        state._load(data["state"])
        return state

    @abstractmethod
    def sample(self, view: Mapping[str, Any], seat: int | None, rng: Rng) -> S:
        """A full state consistent with ``seat``'s view (``None``: a spectator's): hidden
        parts drawn from ``rng``."""

    # ---- hooks a game fills in ---------------------------------------------------------

    @abstractmethod
    def _new_state(self, num_players: int, rng: Rng) -> S:
        """An empty state on this game's board, to be filled by ``_setup`` or ``_load``."""

    @abstractmethod
    def _observe(
        self, state: S, seat: int | None, reveal: bool = False, shared: Parts | None = None
    ) -> dict[str, Any]:
        """The one observer: everything ``seat`` may see (all of it once the game is over,
        or with ``reveal``: every hidden part shown, the rest as ``seat`` sees it). What
        every seat sees alike it takes from ``shared`` with ``public_part`` (``State.view``)."""

    def _why_not_your_turn(self, state: S, seat: int, action: Action, waiting: list[int]) -> str:
        """Why ``seat`` may not act now; a game can name the rule that makes others act first."""
        who = ", ".join(str(s) for s in waiting)
        return f"it is not seat {seat}'s turn (waiting for seat {who})"

    def _why_illegal(self, state: S, seat: int, action: Action) -> str:
        """Why ``action`` (known not to be legal) is refused: name the rule and the piece."""
        return f"{action.label()} is not a legal action now"

    def __repr__(self) -> str:
        return f"<Game {self.id}>"
