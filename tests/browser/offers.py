"""What the game page must offer, derived from the server's legal actions alone.

Each legal action is clicked as a sequence of keys: board targets (``place:5``,
``village:12``, ``line:30``, ``circle:4``) and named choices (``stone:yes``, ``value:3``,
``take:wall``). A step all remaining actions share is taken for the player, so the page
offers the keys at the first point where the legal actions differ. These tests compare
that set with the page's highlighted targets and buttons: every legal choice is offered,
and nothing else.
"""

from __future__ import annotations

from typing import Any


def dolmen_keys(action: dict[str, Any]) -> list[list[str]]:
    kind = action["type"]
    if kind == "place_druid":
        return [[f"place:{action['place']}"]]
    if kind in ("walk", "flight"):
        how = "how:walk" if kind == "walk" else "how:fly"
        stone = "stone:yes" if action["stone"] else "stone:no"
        return [[f"place:{action['from_place']}", f"place:{action['to']}", how, stone]]
    if kind == "herbs":
        return [[f"place:{action['place']}", "herbs"]]
    if kind == "place_dolmen":
        return [[f"circle:{action['circle']}", f"value:{action['value']}"]]
    if kind == "decline_dolmen":
        return [[f"circle:{action['circle']}", "value:none"]]
    if kind == "pass":
        return [["pass"]]
    raise AssertionError(f"unknown Dolmengötter action {action!r}")


def khan_keys(action: dict[str, Any]) -> list[list[str]]:
    kind = action["type"]
    if kind == "setup":
        (a, b), (fa, fb) = action["villages"], action["faces"]
        rest = [f"faces:{a}={fa},{b}={fb}", f"village:{action['scout']}"]
        # Either start village may be clicked first.
        return [[f"village:{a}", f"village:{b}", *rest], [f"village:{b}", f"village:{a}", *rest]]
    if kind == "take_wall":
        return [["take:wall"]]
    if kind == "take_tile":
        return [["take:tile"]]
    if kind == "place_wall":
        return [[f"line:{action['line']}"]]
    if kind == "step":
        # DK-10: the wall pieces a step uses are clicked on the board (climb, then descend).
        via = action.get("via", [])
        route = {
            0: ["via:straight"],
            1: [f"line:{via[0]}", "via:gate"] if via else [],
            2: [f"line:{v}" for v in via],
        }[len(via)]
        return [[f"village:{action['to']}", *route, f"tile:{action['tile']}"]]
    if kind == "place_scout":
        return [[f"village:{action['village']}"]]
    if kind == "discard_tiles":
        return [["discard"]]
    if kind == "rescue_scout":
        return [["rescue"]]
    if kind == "pass":
        return [["pass"]]
    raise AssertionError(f"unknown Dschingis Khan action {action!r}")


KEYS = {"dolmengoetter": dolmen_keys, "dschingis_khan": khan_keys}


def expected_offer(game: str, legal: list[dict[str, Any]]) -> set[str] | None:
    """The keys the page must offer first, or None where it lists whole actions by label."""
    paths = [p for la in legal for p in KEYS[game](la["action"])]
    depth = 0
    while True:
        if any(len(p) <= depth for p in paths):
            return None
        keys = {p[depth] for p in paths}
        if len(keys) > 1 or len(paths) == 1:
            return keys
        depth += 1


def check_offers(table: Any, player: Any, game: str) -> None:
    """At the start of a decision the page offers exactly the legal choices, nothing else."""
    state = table.server_view(player.game_id, player.token)
    assert state["version"] == player.version()
    expected = expected_offer(game, state["legal_actions"])
    if expected is None:
        return
    offered = table.offered_keys(player.page)
    assert set(offered["targets"]) | set(offered["choices"]) == expected
    assert len(offered["targets"]) + len(offered["choices"]) == len(expected)
