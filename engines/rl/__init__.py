"""Fixed encodings of both games for agents: actions as integers, views as flat vectors.

Shared by the OpenSpiel and PettingZoo adapters (``engines.openspiel``,
``engines.pettingzoo``) and the live-server environment (``clients.live_env``), so an agent
trained offline sees the same numbers on a server. Pure Python, no I/O; numpy only inside
``Encoding.observe_into``, whose target is a numpy array (the ``rl`` extra), so the package
imports without it. The registry of games never imports this package (it is not a game).
Sizes and layouts: docs/RL.md.
"""

from __future__ import annotations

from .base import LOSS, TIE_REWARD, WIN, Encoding, final_returns, returns_for
from .dolmengoetter import DolmengoetterEncoding
from .dschingis_khan import DschingisKhanEncoding

_ENCODINGS: dict[str, Encoding] = {}


def encoding(game_id: str) -> Encoding:
    """The encoding of ``game_id`` ("dschingis_khan" or "dolmengoetter"), built once."""
    enc = _ENCODINGS.get(game_id)
    if enc is None:
        makers = {"dschingis_khan": DschingisKhanEncoding, "dolmengoetter": DolmengoetterEncoding}
        if game_id not in makers:
            raise KeyError(f"unknown game {game_id!r}; known: {', '.join(makers)}")
        enc = _ENCODINGS[game_id] = makers[game_id]()
    return enc


__all__ = [
    "LOSS",
    "TIE_REWARD",
    "WIN",
    "Encoding",
    "encoding",
    "final_returns",
    "returns_for",
]
