"""Both games as OpenSpiel Python games: ``import engines.openspiel`` registers
``python_dschingis_khan`` and ``python_dolmengoetter`` (parameter ``players``).

Chance: the engines draw every random thing (start player, Dschingis Khan tile draws) from
their state's RNG, seeded once when the game is made, as the server does with its secret
seed. So a game here begins with ``SEED_NODES`` explicit chance nodes of 256 equally likely
outcomes each, the bytes of that seed; after them the game is deterministic given the
actions, and OpenSpiel's default serialization (the history) replays it exactly. No seat
observes the seed: it only sees what the engine's view shows it.

Observations and information states hold what ``State.view(seat)`` shows only (the
public observer: the spectator's view), with the numbering of ``engines.rl`` (the tensors
read from the engine's state by its fast route, the same numbers). Returns:
+1 for a sole winner, parameter ``tie_reward`` (default 0) for each of several winners, -1
for every other seat. Needs the ``rl`` extra (open-spiel, numpy).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

import engines
from engines.core import Action, ChanceMode, Information, Rng, State
from engines.rl import LOSS, TIE_REWARD, WIN, Encoding, encoding, final_returns
from engines.rl.base import check_tie_reward

SEED_NODES = 8
"""Chance nodes at the start: the engine's 64-bit seed, one byte each."""
DEFAULT_PLAYERS = 2
# pyspiel's PlayerId is an IntEnum; named with its type here as pyspiel has no type hints.
_CHANCE: int = pyspiel.PlayerId.CHANCE
_TERMINAL: int = pyspiel.PlayerId.TERMINAL


# The engine's own randomness becomes explicit chance here: the seed's bytes (above).
_CHANCE_MODES = {
    ChanceMode.DETERMINISTIC: pyspiel.GameType.ChanceMode.DETERMINISTIC,
    ChanceMode.SAMPLED: pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
}
_INFORMATION = {
    Information.PERFECT: pyspiel.GameType.Information.PERFECT_INFORMATION,
    Information.IMPERFECT: pyspiel.GameType.Information.IMPERFECT_INFORMATION,
}


def _game_type(game_id: str) -> pyspiel.GameType:
    """The OpenSpiel game type, read from the game's ``GameInfo``."""
    info = engines.get(game_id).info
    return pyspiel.GameType(
        short_name=f"python_{info.short_name}",
        long_name=f"Python {info.long_name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=_CHANCE_MODES[info.chance],
        information=_INFORMATION[info.information],
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": DEFAULT_PLAYERS, "tie_reward": TIE_REWARD},
    )


def _load(short_name: str, players: int, tie_reward: float = TIE_REWARD) -> TafelrundeGame:
    game: TafelrundeGame = pyspiel.load_game(
        short_name, {"players": players, "tie_reward": tie_reward}
    )
    return game


class _Shared:
    """Carried in a state's ``__dict__``; OpenSpiel deep-copies that dict on ``clone``.
    Pickled as the game's name and player count (OpenSpiel's ``serialize`` pickles the
    state's ``__dict__``)."""

    def __init__(self, value: TafelrundeGame) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        game = self.value
        return (_shared, (game.get_type().short_name, game.num_players(), game.tie_reward))


def _shared(short_name: str, players: int, tie_reward: float = TIE_REWARD) -> _Shared:
    return _Shared(_load(short_name, players, tie_reward))


class _Core:
    """The engine state; copied with the engine's own ``clone`` (exact, RNG included)."""

    def __init__(self, state: State | None) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        return _Core(None if self.state is None else self.state.clone())

    def __reduce__(self) -> tuple[Any, ...]:
        # The engine's JSON (kilobytes), not a pickle of its derived tables.
        return (_core, (None if self.state is None else self.state.to_json(),))


class _Own:
    """Each seat's own action numbers in order (the perfect-recall part of its information
    state), kept as the game goes rather than read back from ``full_history()`` for every
    tensor. Copied list by list on ``clone`` (a deep copy would visit every number)."""

    def __init__(self, actions: list[list[int]]) -> None:
        self.actions = actions

    def __deepcopy__(self, memo: dict[int, Any]) -> _Own:
        return _Own([list(a) for a in self.actions])


def _core(data: dict[str, Any] | None) -> _Core:
    return _Core(None if data is None else engines.get(data["game"]).from_json(data))


class TafelrundeGame(pyspiel.Game):
    """No per-instance Python attributes: a game restored by OpenSpiel or ``pickle`` is
    rebuilt from its name and parameters, and everything else is looked up by ``game_id``."""

    game_id: str

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        engine = engines.get(self.game_id)
        n = int(params.get("players", DEFAULT_PLAYERS))
        tie_reward = check_tie_reward(params.get("tie_reward", TIE_REWARD))
        why = engine.info.player_count_error(n)
        if why is not None:
            raise ValueError(why)
        info = pyspiel.GameInfo(
            num_distinct_actions=engine.info.num_distinct_actions,
            max_chance_outcomes=256,
            num_players=n,
            min_utility=LOSS,
            max_utility=WIN,
            utility_sum=None,
            max_game_length=engine.info.max_game_length + SEED_NODES,
        )
        super().__init__(_game_type(self.game_id), info, {"players": n, "tie_reward": tie_reward})

    @property
    def encoding(self) -> Encoding:
        return encoding(self.game_id)

    @property
    def engine(self) -> Any:
        return engines.get(self.game_id)

    @property
    def tie_reward(self) -> float:
        """Each winner's return when several seats win (parameter ``tie_reward``)."""
        return float(self.get_parameters()["tie_reward"])

    @property
    def observation_size(self) -> int:
        return encoding(self.game_id).observation_size(self.num_players())

    def __reduce__(self) -> tuple[Any, ...]:
        return (_load, (self.get_type().short_name, self.num_players(), self.tie_reward))

    def new_initial_state(self) -> TafelrundeState:
        return TafelrundeState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> ViewObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params!r}")
        private = iig_obs_type is None or (
            iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        )
        recall = iig_obs_type is None or bool(iig_obs_type.perfect_recall)
        if recall and not private:
            raise ValueError(
                "no public observer with perfect recall: a spectator sees the public view "
                "only (ask for perfect_recall=False, or for a seat's information state)"
            )
        return ViewObserver(self, private, recall)


class TafelrundeState(pyspiel.State):
    def __init__(self, game: TafelrundeGame) -> None:
        super().__init__(game)
        self._shared = _Shared(game)
        self._seed: list[int] = []
        self._core = _Core(None)
        self._own = _Own([[] for _ in range(game.num_players())])
        self._legal: dict[int, Action] | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        # pickle and copy.deepcopy: the state rebuilt by its game from OpenSpiel's own
        # serialization (the history, then the pickled ``__dict__``: kilobytes, see _Core).
        return (_restore, (self._shared, self.serialize()))

    @property
    def engine_state(self) -> State | None:
        """The engine's state (``None`` while the seed is being drawn)."""
        return self._core.state

    def own_actions(self, player: int) -> list[int]:
        """``player``'s own actions in order (the numbers, no chance outcomes); read only."""
        return self._own.actions[player]

    def current_player(self) -> int:
        state = self._core.state
        if state is None:
            return _CHANCE
        if state.is_over:
            return _TERMINAL
        return state.to_act()[0]

    def _legal_map(self) -> dict[int, Action]:
        if self._legal is None:
            state = self._core.state
            if state is None:
                # OpenSpiel asks a chance node for its chance outcomes, never for actions.
                raise RuntimeError("no player acts while the seed is being drawn")
            self._legal = self._shared.value.encoding.legal(state, state.to_act()[0])
        return self._legal

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._legal_map())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(byte, 1 / 256) for byte in range(256)]

    def _apply_action(self, action: int) -> None:
        game = self._shared.value
        if self._core.state is None:
            self._seed.append(action)
            if len(self._seed) == SEED_NODES:
                seed = int.from_bytes(bytes(self._seed), "little")
                self._core = _Core(game.engine.new(game.num_players(), seed))
            return
        state = self._core.state
        seat = state.to_act()[0]
        state.apply(seat, self._legal_map()[action])
        self._own.actions[seat].append(action)
        self._legal = None

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TafelrundeState:
        """A state ``player_id`` cannot tell from this one: the engine's own ``Game.sample``
        of its view, seeded from ``probability_sampler`` (a callable giving floats in [0, 1),
        as OpenSpiel's IS-MCTS passes). The history stays this state's (the seed bytes are
        not the sampled world's)."""
        state: TafelrundeState = self.clone()
        engine_state = self._core.state
        if engine_state is None or engine_state.is_over:
            return state
        seed = 0
        for _ in range(4):
            seed = (seed << 16) | min(int(probability_sampler() * 65536), 65535)
        engine = self._shared.value.engine
        state._core = _Core(engine.sample(engine_state.view(player_id), player_id, Rng(seed)))
        state._legal = None
        return state

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE:
            return f"seed byte {action}"
        return self._shared.value.encoding.label(action)

    def is_terminal(self) -> bool:
        state = self._core.state
        return state is not None and state.is_over

    def returns(self) -> list[float]:
        state = self._core.state
        n = self.get_game().num_players()
        if state is None or not state.is_over:
            return [0.0] * n
        return final_returns(state, self._shared.value.tie_reward)

    def __str__(self) -> str:
        state = self._core.state
        if state is None:
            return f"drawing the seed ({len(self._seed)} of {SEED_NODES} bytes)"
        # The whole state, as OpenSpiel games print it (hidden parts included): for debugging
        # and for the serialization round trip, never shown to a seat.
        return json.dumps(state.to_json(), sort_keys=True)


def _restore(shared: _Shared, serialized: str) -> TafelrundeState:
    state: TafelrundeState = shared.value.deserialize_state(serialized)
    return state


class ViewObserver:
    """OpenSpiel's observer protocol over a seat's view (``private``) or the spectator's.

    The views keep what a seat learned of hidden things (Dschingis Khan's remembered faces,
    one's own dolmen values), not the order of earlier moves; with ``recall`` (the
    information state) the seat's own actions follow, in order: the string's
    `` own actions`` list, and in the tensor ``own_actions_size`` entries after the
    observation, the k-th being the number of the seat's k-th action plus 1 (0: not yet).
    """

    def __init__(self, game: TafelrundeGame, private: bool, recall: bool = False) -> None:
        self.game = game
        self.encoding = game.encoding
        self.private = private
        self.recall = recall
        size = game.observation_size
        self.own_actions_size = game.engine.info.max_game_length if recall else 0
        self.tensor = np.zeros(size + self.own_actions_size, np.float32)
        self.observation = self.tensor[:size]
        self.own_actions = self.tensor[size:]
        self.dict = {"observation": self.observation}
        if recall:
            self.dict["own_actions"] = self.own_actions

    def _view(
        self, state: TafelrundeState, player: int
    ) -> tuple[dict[str, Any] | None, int | None]:
        engine_state = state.engine_state
        seat = player if self.private else None
        if engine_state is None:
            return None, seat
        return engine_state.view(seat), seat

    def set_from(self, state: TafelrundeState, player: int) -> None:
        engine_state = state.engine_state
        if engine_state is None:
            self.tensor.fill(0)
            return
        seat = player if self.private else None
        # Written in place (OpenSpiel copies the array out), from the engine's state by
        # the encoding's fast route: the same numbers as the seat's view gives.
        self.encoding.observe_into(engine_state, seat, self.observation)
        if self.recall:
            own = self.own_actions
            own.fill(0)
            actions = state.own_actions(player)
            own[: len(actions)] = actions
            own[: len(actions)] += 1

    def string_from(self, state: TafelrundeState, player: int) -> str:
        view, seat = self._view(state, player)
        if view is None:
            return "the seed is being drawn"
        text = json.dumps(view, sort_keys=True, separators=(",", ":"))
        if self.recall and seat is not None:
            # Perfect recall (the information-state string): the seat's own actions in order.
            text += " own actions " + ",".join(map(str, state.own_actions(seat)))
        return text


class DschingisKhanGame(TafelrundeGame):
    game_id = "dschingis_khan"


class DolmengoetterGame(TafelrundeGame):
    game_id = "dolmengoetter"


for _cls in (DschingisKhanGame, DolmengoetterGame):
    pyspiel.register_game(_game_type(_cls.game_id), _cls)
