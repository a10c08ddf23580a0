"""The training loops for agents in docs/RL.md run as written."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

RL_DOC = Path(__file__).resolve().parents[2] / "docs" / "RL.md"


def _loops() -> dict[str, str]:
    text = RL_DOC.read_text(encoding="utf-8")
    section = text.split("## Agents: OpenSpiel and PettingZoo (training loops)", 1)[1].split(
        "\n## ", 1
    )[0]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    return {
        "openspiel": next(b for b in blocks if "engines.openspiel" in b),
        "pettingzoo": next(b for b in blocks if "engines.pettingzoo" in b),
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
