"""The own-policy example of docs/BOTS.md runs as written against a real server."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import httpx

BOTS_DOC = Path(__file__).resolve().parents[2] / "docs" / "BOTS.md"
PLACEHOLDER = "http://localhost:8000/play/GAME_ID?join=1&key=KEY"


def _example() -> str:
    blocks = re.findall(r"```python\n(.*?)```", BOTS_DOC.read_text(encoding="utf-8"), re.S)
    return next(b for b in blocks if "def my_policy" in b)


def test_the_own_policy_example_samples_plays_to_the_end_and_prints_the_result(
    server_factory, capsys
):
    server = server_factory()
    with httpx.Client(base_url=server.url, timeout=30) as http:
        created = http.post(
            "/api/games",
            json={
                "kind": "dolmengoetter",
                "num_seats": 2,
                "seats": [{"bot": True, "level": "easy"}, {"bot": False}],
            },
        ).json()
        key = next(i["key"] for i in created["invites"] if i["seat"] == 1)
        code = _example()
        assert PLACEHOLDER in code
        link = f"{server.url}/play/{created['id']}?join=1&key={key}"
        exec(compile(code.replace(PLACEHOLDER, link), "docs/BOTS.md", "exec"), {})
        printed = capsys.readouterr().out.strip().splitlines()[-1]
        result = http.get(f"/api/games/{created['id']}/result").json()
    # The example prints what the server says the result is (a dict's repr).
    assert ast.literal_eval(printed) == result
    assert len(result["scores"]) == 2
