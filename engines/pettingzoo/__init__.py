"""Both games as PettingZoo AEC environments: ``engines.pettingzoo.env("dolmengoetter",
num_players=3)``.

Agents are ``player_0`` .. ``player_{n-1}`` (the seats). An observation is
``{"observation": float32 vector, "action_mask": int8 vector}``, holding what the seat's
view shows only, with the numbering of ``engines.rl`` (docs/RL.md), built once per step;
the mask is all zero for a seat that does not act now. Rewards come at the end: +1 for a
sole winner, ``tie_reward`` (default 0) for each of several winners, -1 for every other
seat.
``reset(seed=s)`` makes the engine's seed from ``s``, so equal seeds and actions replay the
same game. Needs the ``rl`` extra (pettingzoo, gymnasium, numpy).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import engines
from engines.core import Action, Rng, State
from engines.rl import TIE_REWARD, Encoding, encoding, final_returns
from engines.rl.base import check_tie_reward


def observation_space(enc: Encoding, num_players: int) -> spaces.Dict:
    """Bounded: each entry between 0 and the rules' limit for it (``Encoding.bounds``)."""
    low, high = enc.bounds(num_players)
    return spaces.Dict(
        {
            "observation": spaces.Box(
                np.array(low, np.float32), np.array(high, np.float32), dtype=np.float32
            ),
            "action_mask": spaces.Box(0, 1, (enc.num_actions,), np.int8),
        }
    )


def encode_observation(
    enc: Encoding, view: Mapping[str, Any], seat: int, legal_codes: list[int]
) -> dict[str, np.ndarray]:
    """The observation dict of a seat's view and its legal action numbers (also what the
    live-server environment builds from the server's answers)."""
    mask = np.zeros(enc.num_actions, np.int8)
    mask[legal_codes] = 1
    return {"observation": np.asarray(enc.observe(view, seat), np.float32), "action_mask": mask}


class TafelrundeEnv(AECEnv):
    metadata: dict[str, Any]
    """Per environment: its name says which game it plays."""

    def __init__(
        self,
        game_id: str,
        num_players: int = 2,
        render_mode: str | None = None,
        tie_reward: float = TIE_REWARD,
    ):
        super().__init__()
        self.tie_reward = check_tie_reward(tie_reward)
        engine = engines.get(game_id)
        why = engine.info.player_count_error(num_players)
        if why is not None:
            raise ValueError(why)
        self.metadata = {
            "render_modes": ["ansi"],
            "is_parallelizable": False,
            "name": f"tafelrunde_{game_id}_v0",
        }
        self.engine = engine
        self.encoding = encoding(game_id)
        self.num_players = num_players
        self.render_mode = render_mode
        self.possible_agents = [f"player_{s}" for s in range(num_players)]
        self._obs_space = observation_space(self.encoding, num_players)
        self._act_space = spaces.Discrete(engine.info.num_distinct_actions)
        # Engines draw from their own RNG only: the games' seeds come from a stream that
        # ``reset(seed=...)`` restarts; without a seed, the next game of the same stream,
        # which a fresh environment starts from fresh entropy, drawn by gymnasium's own
        # seeding as every gymnasium environment's is (an engine reads no entropy itself), so
        # parallel workers do not play the same games.
        self._seeds = Rng(seeding.np_random()[1])
        self.state_: State | None = None
        self._observations: dict[str, dict[str, np.ndarray]] = {}
        self.agent_selection = ""

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._act_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = Rng(seed)
        self.state_ = self.engine.new(self.num_players, self._seeds.next_u64())
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._legal: dict[int, Action] = {}
        self._observations = {}
        self._select()

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def _state(self) -> State:
        if self.state_ is None:
            raise RuntimeError("the environment has no game yet: call reset() first")
        return self.state_

    def _select(self) -> None:
        state = self._state()
        seat = state.to_act()[0]
        self._legal = self.encoding.legal(state, seat)
        self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        # Built once per step for each agent asking (``last()`` and ``observe`` alike):
        # the same arrays until the next ``step`` or ``reset``, then new ones, so kept
        # observations never change.
        obs = self._observations.get(agent)
        if obs is None:
            seat = self._seat(agent)
            state = self._state()
            enc = self.encoding
            vector = np.empty(enc.observation_size(self.num_players), np.float32)
            enc.observe_into(state, seat, vector)
            mask = np.zeros(enc.num_actions, np.int8)
            if agent == self.agent_selection and self._legal:
                mask[list(self._legal)] = 1
            obs = self._observations[agent] = {"observation": vector, "action_mask": mask}
        return obs

    def step(self, action: Any) -> None:
        if self.state_ is None:
            raise RuntimeError("the environment has no game yet: call reset() first")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            self._observations = {}
            return
        # ints, numpy integer scalars and 0-d arrays alike
        code = int(action) if np.ndim(action) == 0 and float(action) == int(action) else None
        if code is None or code not in self._legal:
            raise ValueError(
                f"{action!r} is not a legal action of {agent} now (use the action_mask)"
            )
        state = self._state()
        state.apply(self._seat(agent), self._legal[code])
        self._observations = {}
        self._cumulative_rewards[agent] = 0.0
        if state.is_over:
            returns = final_returns(state, self.tie_reward)
            self._legal = {}
            for a in self.agents:
                self.rewards[a] = returns[self._seat(a)]
                self.terminations[a] = True
            # Everyone is told the end in turn, starting with the next seat.
            order = self.agents[self.agents.index(agent) + 1 :] + self.agents
            self.agent_selection = order[0]
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> str:
        """The ``ansi`` render: a line of text to print (an engine prints nothing itself)."""
        state = self.state_
        if state is None:
            return ""
        last = f"ply {state.ply}, to act: {state.to_act()}"
        return last if not state.is_over else f"game over: scores {state.scores()}"

    def close(self) -> None:
        pass


def raw_env(
    game_id: str,
    num_players: int = 2,
    render_mode: str | None = None,
    tie_reward: float = TIE_REWARD,
) -> TafelrundeEnv:
    """The unwrapped AEC environment of ``game_id`` ("dschingis_khan" or "dolmengoetter")."""
    return TafelrundeEnv(game_id, num_players, render_mode, tie_reward)


def env(
    game_id: str,
    num_players: int = 2,
    render_mode: str | None = None,
    tie_reward: float = TIE_REWARD,
) -> AECEnv:
    """The AEC environment of ``game_id``, wrapped as PettingZoo's classic environments are
    (TerminateIllegal, AssertOutOfBounds, OrderEnforcing); ``.unwrapped`` is the raw one."""
    aec: AECEnv = raw_env(game_id, num_players, render_mode, tie_reward)
    aec = wrappers.TerminateIllegalWrapper(aec, illegal_reward=-1)
    aec = wrappers.AssertOutOfBoundsWrapper(aec)
    return wrappers.OrderEnforcingWrapper(aec)


__all__ = ["TafelrundeEnv", "encode_observation", "env", "observation_space", "raw_env"]
