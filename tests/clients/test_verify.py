"""``python -m clients.verify``: a finished game passes; a tampered log, a wrong seed, salt
or contribution fails (issue 11.3 "Done when"). The games are played on a real server
process and the command downloads their reveal as a player would."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import httpx
import pytest

from clients.verify import main, reveal_address, verify
from engines.core import fairness
from tests.support.fair import join_all
from tests.support.play import play_to_end

KINDS = ["dschingis_khan", "dolmengoetter"]


@pytest.fixture(scope="module")
def http(live_server):
    with httpx.Client(base_url=live_server.url, timeout=30) as client:
        yield client


@pytest.fixture(scope="module", params=KINDS)
def finished(request, http) -> dict[str, Any]:
    """A game of the kind played to its end through the API; its id, page and reveal."""
    r = http.post("/api/games", json={"kind": request.param, "num_seats": 2})
    assert r.status_code == 201, r.text
    game_id, created = r.json()["id"], r.json()
    tokens = join_all(http, created, {0: "seat0x", 1: "seat1x"})  # committed, revealed
    play_to_end(http, game_id, tokens, random.Random(request.param))
    return {
        "id": game_id,
        "commitment": created["fairness"]["commitment"],
        "reveal": http.get(f"/api/games/{game_id}/fairness").json(),
    }


def failed(verdict) -> list[str]:
    return [what for what, passed, _ in verdict.checks if not passed]


def test_a_finished_game_verifies(finished) -> None:
    verdict = verify(finished["reveal"], finished["commitment"])
    assert verdict.ok, verdict.report()
    assert "the final scores and winners are the server's" in [w for w, _, _ in verdict.checks]


def test_the_command_downloads_the_game_and_says_verified(finished, live_server, capsys) -> None:
    assert main([f"{live_server.url}/play/{finished['id']}"]) == 0
    assert capsys.readouterr().out.strip().endswith("VERIFIED")


def test_the_command_checks_a_saved_file(finished, tmp_path: Path, capsys) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(finished["reveal"]))
    assert main([str(path), "--commitment", finished["commitment"]]) == 0
    tampered = copy.deepcopy(finished["reveal"])
    tampered["actions"][0]["events"].append({"type": "extra"})
    path.write_text(json.dumps(tampered))
    assert main([str(path)]) == 1
    assert capsys.readouterr().out.strip().endswith("NOT VERIFIED")
    assert main([str(tmp_path / "missing.json")]) == 2


def test_a_file_that_holds_no_reveal_cannot_be_read(tmp_path: Path, capsys) -> None:
    path = tmp_path / "game.json"
    path.write_text("[1, 2]")
    assert main([str(path)]) == 2
    assert "holds no JSON object" in capsys.readouterr().err


def tamper_action(reveal: dict[str, Any]) -> None:
    # An action of the log replaced by the one after it: the position differs, so it is
    # refused or causes other events (either way the log is not the game's).
    actions = reveal["actions"]
    actions[3]["action"] = actions[4]["action"]


def tamper_event(reveal: dict[str, Any]) -> None:
    event = reveal["actions"][0]["events"][0]
    event["tampered"] = True


def drop_action(reveal: dict[str, Any]) -> None:
    del reveal["actions"][5]


def wrong_seed(reveal: dict[str, Any]) -> None:
    seed = bytearray.fromhex(reveal["server_seed"])
    seed[0] ^= 1
    reveal["server_seed"] = seed.hex()


def wrong_salt(reveal: dict[str, Any]) -> None:
    reveal["salt"] = "00" * 16


def wrong_contribution(reveal: dict[str, Any]) -> None:
    reveal["contributions"][1] = "someone-else"


def other_contribution_and_its_seed(reveal: dict[str, Any]) -> None:
    # A server that shows a contribution other than the one committed to, with the game
    # seed made to fit it.
    reveal["contributions"][1] = "someone-else"
    contributions = reveal["contributions"]
    seed = fairness.game_seed_bytes(bytes.fromhex(reveal["server_seed"]), contributions)
    reveal["game_seed"] = seed.hex()


def wrong_game_seed(reveal: dict[str, Any]) -> None:
    reveal["game_seed"] = "ab" * 32


def wrong_scores(reveal: dict[str, Any]) -> None:
    reveal["scores"] = [s + 1 for s in reveal["scores"]]


@pytest.mark.parametrize(
    ("tamper", "check"),
    [
        (tamper_action, "every "),  # refused, or legal with other events
        (tamper_event, "every event replays as logged"),
        (drop_action, "the action log has no gaps"),
        (wrong_seed, "the seed and salt match the commitment published at creation"),
        (wrong_salt, "the seed and salt match the commitment published at creation"),
        (
            wrong_contribution,
            "the game seed is the hash of the server seed and every contribution",
        ),
        (
            other_contribution_and_its_seed,
            "every revealed contribution matches its seat's commitment",
        ),
        (wrong_game_seed, "the game seed is the hash of the server seed and every contribution"),
        (wrong_scores, "the final scores and winners are the server's"),
    ],
)
def test_a_tampered_reveal_is_not_verified(finished, tamper, check) -> None:
    reveal = copy.deepcopy(finished["reveal"])
    tamper(reveal)
    verdict = verify(reveal)
    assert not verdict.ok
    assert any(what.startswith(check) for what in failed(verdict)), verdict.report()


def test_a_commitment_other_than_the_one_noted_is_not_verified(finished) -> None:
    verdict = verify(finished["reveal"], "0" * 64)
    assert failed(verdict) == ["the commitment is the one you noted before the game"]


def test_a_running_game_cannot_be_verified_yet(http) -> None:
    r = http.post("/api/games", json={"kind": "dolmengoetter", "num_seats": 2})
    reveal = http.get(f"/api/games/{r.json()['id']}/fairness").json()
    assert failed(verify(reveal)) == ["the server revealed its seed"]


@pytest.mark.parametrize(
    "page",
    [
        "http://h:8000/play/abc?join=1&key=k",
        "http://h:8000/verify/abc",
        "http://h:8000/api/games/abc",
    ],
)
def test_a_game_page_names_its_reveal(page) -> None:
    assert reveal_address(page) == "http://h:8000/api/games/abc/fairness"


def test_a_reveal_saved_before_commitments_existed_still_verifies(finished) -> None:
    # Games and files from before migration 0010 carry no ``commitments``: their
    # contributions were public from the join, and they verify as they always did.
    old = copy.deepcopy(finished["reveal"])
    del old["commitments"]
    assert verify(old, finished["commitment"]).ok


def test_the_verdict_checks_every_seats_commitment(finished) -> None:
    assert finished["reveal"]["commitments"] == [
        fairness.seat_commitment("seat0x"),
        fairness.seat_commitment("seat1x"),
    ]
    checks = [what for what, _, _ in verify(finished["reveal"]).checks]
    assert "every revealed contribution matches its seat's commitment" in checks
