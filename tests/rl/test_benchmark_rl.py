"""benchmarks/rl.py's baselines and training run, at a tiny budget (docs/RL.md's figures
come from longer runs; no strength is asserted here)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RATE = re.compile(r"(\d\.\d+) +\[(\d\.\d+), (\d\.\d+)\]")


def _run(*arguments: str) -> str:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "rl.py"), *arguments],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    return done.stdout


def _rates(out: str) -> list[tuple[float, float, float]]:
    return [(float(a), float(b), float(c)) for a, b, c in RATE.findall(out)]


def test_baselines_print_every_agent_in_both_games_with_an_interval() -> None:
    out = _run("--baselines", "--games", "2", "--simulations", "2")
    rows = [line.split()[0] for line in out.splitlines() if RATE.search(line)]
    assert rows == ["random", "mcts", "ismcts"] * 2
    for rate, low, high in _rates(out):
        assert 0 <= low <= rate <= high <= 1
    assert out.startswith("load average") and out.rstrip().splitlines()[-1].startswith("load")


def test_training_prints_the_win_rate_before_and_after() -> None:
    out = _run("--train", "3", "--games", "4")
    assert "trained 3 episodes" in out
    (before, *_), (after, *_) = _rates(out)
    assert {before, after} <= {k / 8 for k in range(9)}
