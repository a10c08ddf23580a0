"""docs/RL.md's observation tables are the code's: each piece's size at every player count
and its first offset (2 players), from ``Encoding.layout`` (issue 41). To regenerate after a
deliberate change: ``.venv/bin/python -m tests.rl.test_rl_doc_layout`` prints the tables."""

from __future__ import annotations

from pathlib import Path

import pytest

import engines
from engines.rl import encoding

DOC = Path(__file__).resolve().parents[2] / "docs" / "RL.md"


def table(game_id: str) -> str:
    """The markdown table of ``game_id``'s pieces, as docs/RL.md shows it."""
    enc = encoding(game_id)
    game = engines.get(game_id)
    counts = range(game.info.min_players, game.info.max_players + 1)
    sizes: dict[str, dict[int, int]] = {}
    first: dict[str, int] = {}
    for n in counts:
        offset = 0
        for name, size in enc.layout(n):
            sizes.setdefault(name, {}).setdefault(n, 0)
            sizes[name][n] += size
            if n == 2:
                first.setdefault(name, offset)
            offset += size
    head = "| piece | first offset (2 players) | " + " | ".join(f"{n} players" for n in counts)
    lines = [head + " |", "|---|---|" + "---|" * len(counts)]
    for name, by_n in sizes.items():
        lines.append(
            f"| `{name}` | {first[name]} | " + " | ".join(str(by_n[n]) for n in counts) + " |"
        )
    totals = " | ".join(f"**{enc.observation_size(n)}**" for n in counts)
    lines.append(f"| **total** | | {totals} |")
    return "\n".join(lines)


@pytest.mark.parametrize("game_id", ["dschingis_khan", "dolmengoetter"])
def test_the_docs_table_is_the_layout(game_id: str) -> None:
    assert table(game_id) in DOC.read_text(encoding="utf-8")


if __name__ == "__main__":
    for game_id in ("dschingis_khan", "dolmengoetter"):
        print(table(game_id), end="\n\n")
