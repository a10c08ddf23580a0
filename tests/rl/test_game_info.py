"""Each game's ``GameInfo`` is what the agent adapters report, and real games keep to it."""

from __future__ import annotations

import random

import pytest

import engines
from engines.core import ChanceMode, Information
from engines.rl import encoding

GAME_IDS = [game.id for game in engines.all_games()]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_openspiel_reports_the_game_info(game_id: str) -> None:
    import pyspiel

    from engines.openspiel import SEED_NODES

    info = engines.get(game_id).info
    for n in (info.min_players, info.max_players):
        game = pyspiel.load_game(f"python_{game_id}", {"players": n})
        kind = game.get_type()
        assert kind.short_name == f"python_{info.short_name}"
        assert kind.long_name == f"Python {info.long_name}"
        assert (kind.min_num_players, kind.max_num_players) == (
            info.min_players,
            info.max_players,
        )
        # The engine's own draws become explicit chance: the seed's bytes.
        assert info.chance == ChanceMode.SAMPLED
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert info.information == Information.IMPERFECT
        assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert game.num_distinct_actions() == info.num_distinct_actions
        assert game.max_game_length() == info.max_game_length + SEED_NODES
    with pytest.raises(ValueError, match=f"2 to {info.max_players} players, not"):
        pyspiel.load_game(f"python_{game_id}", {"players": info.max_players + 1})


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_pettingzoo_and_the_encoding_report_the_game_info(game_id: str) -> None:
    from engines.pettingzoo import env

    info = engines.get(game_id).info
    assert encoding(game_id).num_actions == info.num_distinct_actions
    aec = env(game_id, num_players=info.max_players)
    aec.reset(seed=1)
    agent = aec.agent_selection
    assert aec.action_space(agent).n == info.num_distinct_actions
    assert aec.observe(agent)["action_mask"].shape == (info.num_distinct_actions,)
    with pytest.raises(ValueError, match=f"2 to {info.max_players} players, not 1"):
        env(game_id, num_players=1)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_games_stay_within_the_declared_actions_and_length(game_id: str) -> None:
    """A few seeded random games at the smallest and largest table: every legal action has
    a number below ``num_distinct_actions`` (distinct ones for distinct actions), and every
    game ends within ``max_game_length`` plies."""
    game = engines.get(game_id)
    info = game.info
    enc = encoding(game_id)
    for n in (info.min_players, info.max_players):
        for seed in (1, 2):
            state = game.new(n, seed)
            rng = random.Random(seed)
            while not state.is_over:
                assert state.ply < info.max_game_length
                seat = state.to_act()[0]
                legal = state.legal_actions(seat)
                codes = enc.legal(state, seat)
                assert len(codes) == len(legal)
                assert all(0 <= code < info.num_distinct_actions for code in codes)
                state.apply(seat, rng.choice(legal))
            assert state.ply <= info.max_game_length


def info_table() -> str:
    """docs/RL.md's table of the games, as made from their ``GameInfo``."""
    infos = [engines.get(game_id).info for game_id in GAME_IDS]
    rows = [
        ("game", [f"`{i.short_name}`" for i in infos]),
        ("name", [i.long_name for i in infos]),
        ("players", [f"{i.min_players}–{i.max_players}" for i in infos]),
        ("chance", [str(i.chance) for i in infos]),
        ("information", [str(i.information) for i in infos]),
        ("`num_distinct_actions`", [str(i.num_distinct_actions) for i in infos]),
        ("`max_game_length` (plies)", [str(i.max_game_length) for i in infos]),
    ]
    lines = [f"| {name} | {' | '.join(cells)} |" for name, cells in rows]
    lines.insert(1, "|---" * (len(infos) + 1) + "|")
    return "\n".join(lines) + "\n"


def test_the_docs_table_of_the_games_is_their_game_info() -> None:
    from pathlib import Path

    docs = (Path(__file__).resolve().parents[2] / "docs" / "RL.md").read_text(encoding="utf-8")
    assert info_table() in docs, f"docs/RL.md should hold this table:\n{info_table()}"
