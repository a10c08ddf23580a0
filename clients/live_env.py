"""A PettingZoo AEC environment on a live Tafelrunde game: one seat, played through the API.

``live_env("http://host:8000/play/<game>?join=<seat>", name="my-agent")`` joins the seat
(``join``), then follows the game on its WebSocket; the other seats are people or the
server's bots. The one agent, ``player_<seat>``, gets the same observations and action
numbers as ``engines.pettingzoo.env`` offline (built from the seat's view the server sends
and its legal actions), so a trained policy plays unchanged. It lives here, not in
``engines``, because it does network I/O. Needs the ``rl`` extra.
"""

from __future__ import annotations

import json
from contextlib import ExitStack
from typing import Any, ClassVar

import httpx
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from websockets.sync.client import ClientConnection, connect

from bots.api import ActionJson
from bots.client import Contribution, Invite, JoinRefused, join_seat
from engines.pettingzoo import encode_observation, observation_space
from engines.rl import TIE_REWARD, encoding, returns_for
from engines.rl.base import check_tie_reward


class LiveGameError(RuntimeError):
    """The server refused something (its error code and message), or went quiet."""


class LiveEnv(AECEnv):
    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": [],
        "is_parallelizable": False,
        "name": "tafelrunde_live_v0",
    }

    def __init__(
        self,
        server: str,
        game_id: str,
        seat: int,
        *,
        token: str | None = None,
        name: str = "agent",
        key: str | None = None,
        timeout: float = 600,
        tie_reward: float = TIE_REWARD,
    ) -> None:
        super().__init__()
        self.tie_reward = check_tie_reward(tie_reward)
        self.server = server.rstrip("/")
        self.game_id = game_id
        self.seat = seat
        self.token = token
        self.name = name
        self.key = key
        self.timeout = timeout
        r = httpx.get(f"{self.server}/api/games/{game_id}", timeout=30)
        if r.status_code != 200:
            raise LiveGameError(f"no game {game_id} on {self.server}: {r.text}")
        summary = r.json()
        self.kind = summary["kind"]
        self.num_players = summary["num_seats"]
        self.encoding = encoding(self.kind)
        self.agent = f"player_{seat}"
        self.possible_agents = [self.agent]
        self._obs_space = observation_space(self.encoding, self.num_players)
        self._act_space = spaces.Discrete(self.encoding.num_actions)
        self._ws: ClientConnection | None = None
        self._stack = ExitStack()
        self._snap: dict[str, Any] = {}
        self._legal: dict[int, ActionJson] = {}
        self._contribution: Contribution | None = None
        """Revealed when every seat is taken (only if this env joined the seat itself)."""

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._act_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Join (once) and wait until the seat must act or the game is over. ``seed`` is
        unused: the server's game has its own secret seed."""
        if self.token is None:
            self._contribution = Contribution()
            invite = Invite(self.server, self.game_id, self.seat, self.key)
            try:
                with httpx.Client(base_url=self.server, timeout=30) as http:
                    self.token = join_seat(http, invite, self.name, self._contribution)
            except JoinRefused as exc:
                raise LiveGameError(str(exc)) from None
        if self._ws is None:
            ws_url = self.server.replace("http", "ws", 1) + f"/ws/games/{self.game_id}"
            ws = self._ws = self._stack.enter_context(connect(ws_url, open_timeout=30))
            ws.send(json.dumps({"type": "auth", "token": self.token}))
        self.agents = [self.agent]
        self.agent_selection = self.agent
        self.rewards = {self.agent: 0.0}
        self._cumulative_rewards = {self.agent: 0.0}
        self.terminations = {self.agent: False}
        self.truncations = {self.agent: False}
        self.infos: dict[str, dict[str, Any]] = {self.agent: {}}
        self._wait(after=-1)

    def _wait(self, after: int) -> None:
        """Read state messages until one newer than ``after`` where the seat acts or the
        game is over."""
        ws = self._socket()
        while True:
            try:
                msg = json.loads(ws.recv(timeout=self.timeout))
            except TimeoutError:
                raise LiveGameError(f"no news from the server for {self.timeout}s") from None
            if msg["type"] == "error":
                raise LiveGameError(f"{msg['code']}: {msg['message']}")
            if msg["type"] == "ping":
                ws.send(json.dumps({"type": "pong"}))
                continue
            if msg["type"] != "state" or msg["version"] <= after:
                continue
            if self._contribution is not None and msg.get("seat") == self.seat:
                with httpx.Client(base_url=self.server, timeout=30) as http:
                    self._contribution.reveal_if_asked(
                        http, self.game_id, self.seat, str(self.token), msg
                    )
            self._snap = msg
            view = msg["view"]
            if view and view.get("is_over"):
                self._legal = {}
                returns = returns_for(view["winners"], self.num_players, self.tie_reward)
                self.rewards[self.agent] = returns[self.seat]
                self.terminations[self.agent] = True
                self._accumulate_rewards()
                return
            if msg["legal_actions"]:
                self._legal = {
                    self.encoding.encode(item["action"]): item["action"]
                    for item in msg["legal_actions"]
                }
                return

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return encode_observation(self.encoding, self._snap["view"], self.seat, list(self._legal))

    def step(self, action: int | None) -> None:
        if self.terminations[self.agent] or self.truncations[self.agent]:
            self._was_dead_step(action)
            return
        if action not in self._legal:
            raise ValueError(f"{action!r} is not a legal action of {self.agent} now")
        version = self._snap["version"]
        self._cumulative_rewards[self.agent] = 0.0
        self._socket().send(
            json.dumps({"type": "action", "version": version, "action": self._legal[int(action)]})
        )
        self._wait(after=version)

    def _socket(self) -> ClientConnection:
        if self._ws is None:
            raise RuntimeError("the environment is not connected: call reset() first")
        return self._ws

    def close(self) -> None:
        self._stack.close()
        self._ws = None


def live_env(
    invite: str, name: str = "agent", timeout: float = 600, tie_reward: float = TIE_REWARD
) -> LiveEnv:
    """The environment of the seat an invite link names (joining it on ``reset``);
    ``tie_reward`` as offline (docs/RL.md, "Returns / rewards")."""
    seat = Invite.parse(invite)
    return LiveEnv(
        seat.server,
        seat.game_id,
        seat.seat,
        name=name,
        key=seat.key,
        timeout=timeout,
        tie_reward=tie_reward,
    )
