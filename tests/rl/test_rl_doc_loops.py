"""The training loops for agents in docs/RL.md run as written."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RL_DOC = ROOT / "docs" / "RL.md"


def _loops() -> dict[str, str]:
    text = RL_DOC.read_text(encoding="utf-8")
    section = text.split("## Agents: OpenSpiel and PettingZoo (training loops)", 1)[1].split(
        "\n## ", 1
    )[0]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    return {
        "openspiel": next(b for b in blocks if "engines.openspiel" in b),
        "pettingzoo": next(b for b in blocks if "engines.pettingzoo" in b and "def " not in b),
    }


@pytest.mark.parametrize("library", ["openspiel", "pettingzoo"])
def test_readme_training_loop_runs(library: str) -> None:
    code = _loops()[library]
    assert len(code.strip().splitlines()) <= 12
    exec(compile(code, f"docs/RL.md ({library})", "exec"), {})


def test_the_decoding_example_reads_a_vector_piece_by_piece(capsys) -> None:
    text = RL_DOC.read_text(encoding="utf-8")
    section = text.split("### Reading a vector", 1)[1].split("\n### ", 1)[0]
    code = re.findall(r"```python\n(.*?)```", section, re.S)[0]
    exec(compile(code, "docs/RL.md (reading a vector)", "exec"), {})
    sums, action = capsys.readouterr().out.strip().splitlines()
    assert "place.stone" in sums and "circle.majority" in sums
    assert action.startswith("{'type': ")


def test_the_tensor_decoding_example_names_the_fields(capsys) -> None:
    text = RL_DOC.read_text(encoding="utf-8")
    section = text.split("### Reading a vector", 1)[1].split("\n### ", 1)[0]
    code = re.findall(r"```python\n(.*?)```", section, re.S)[1]
    exec(compile(code, "docs/RL.md (decoding a tensor)", "exec"), {})
    druids, to_place = capsys.readouterr().out.strip().splitlines()
    placed = ast.literal_eval(druids.split("): ", 1)[1])  # {place: seat from the observer}
    assert len(placed) == 4 and sorted(placed.values()) == [0, 0, 1, 1]
    assert to_place.endswith("1.0 1.0")


def _training_example() -> str:
    text = RL_DOC.read_text(encoding="utf-8")
    section = text.split("### A training example", 1)[1].split("\n### ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, re.S)[0]


def test_the_training_example_is_the_benchmarks_agent_word_for_word() -> None:
    """benchmarks/rl.py --train measures benchmarks/pg_agent.py: the figures in docs/RL.md
    are the example's only while the two agree."""
    module = (ROOT / "benchmarks" / "pg_agent.py").read_text(encoding="utf-8")
    code = module.split('"""\n\n', 1)[1]  # after the module's docstring
    assert _training_example() == code
    assert len(code.strip().splitlines()) <= 50


def test_the_training_example_learns_from_a_few_episodes() -> None:
    import numpy as np

    namespace: dict[str, object] = {}
    exec(compile(_training_example(), "docs/RL.md (training example)", "exec"), namespace)
    prefs = namespace["prefs"]
    assert isinstance(prefs, np.ndarray)
    rng = np.random.default_rng(3)
    namespace["train"](6, rng)  # type: ignore[operator]
    assert np.isfinite(prefs).all() and prefs.any()
    # Each REINFORCE step moves the legal actions' preferences by onehot - p, which sums to
    # 0: a wrong gradient (or one applied outside the legal actions' entries) breaks this.
    assert abs(prefs.sum()) < 1e-9
    rate = namespace["win_rate"](4, rng)  # type: ignore[operator]
    assert rate in {k / 8 for k in range(9)}  # 4 games of 1, 0.5 or 0
