"""Helpers for Dolmengötter tests: build positions, play actions, check refusals.

Positions come from ``engines.dolmengoetter.position.position`` (stones, druids,
stacks, hands in a few keywords); every move goes through ``legal_actions`` / ``apply``.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from engines.core import Event, IllegalAction, State
from engines.dolmengoetter import GAME, DeclineDolmen, Herbs, PlaceDolmen, PlaceDruid, Walk
from engines.dolmengoetter.position import position
from tests.support.undo import snapshot as snapshot  # the games' tests import it from here

__all__ = [
    "GAME",
    "answer",
    "events_of",
    "idle",
    "place_druids",
    "play",
    "position",
    "refuse",
    "rights_in_view",
    "snapshot",
    "stack_owners",
    "walk_out",
]


def play(state: State, seat: int, action) -> list[Event]:
    """Apply an action that must be among the seat's legal actions."""
    legal = state.legal_actions(seat)
    assert action in legal, f"{action!r} not legal for seat {seat}; to_act={state.to_act()}"
    return state.apply(seat, action)


def walk_out(state: State, seat: int, place: int, *, stone: bool = True) -> list[Event]:
    """Walk the seat's druid off ``place`` to its first legal destination."""
    walks = [
        a
        for a in state.legal_actions(seat)
        if isinstance(a, Walk) and a.from_place == place and a.stone is stone
    ]
    assert walks, f"seat {seat} cannot walk off stone place {place}"
    return play(state, seat, walks[0])


def answer(state: State, seat: int, circle: int, value: int | None) -> list[Event]:
    """Answer the pending dolmen right: place a dolmen of ``value``, or decline (``None``)."""
    action = (
        DeclineDolmen(circle=circle) if value is None else PlaceDolmen(circle=circle, value=value)
    )
    return play(state, seat, action)


def events_of(events: Iterable[Event], kind: str) -> list[Event]:
    return [e for e in events if e.type == kind]


def refuse(state: State, seat: int, action, *fragments: str, code: str = "illegal_action") -> str:
    """Assert the action is refused with ``code``, the message names every fragment, and the
    state is unchanged byte for byte. Returns the message."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, action)
    assert snapshot(state) == before
    assert info.value.code == code
    for fragment in fragments:
        assert fragment in info.value.message, info.value.message
    return info.value.message


def idle(state: State, seat: int) -> list[Event]:
    """A turn that places no stone: the seat's first possible herbs (DG-4)."""
    herbs = [a for a in state.legal_actions(seat) if isinstance(a, Herbs)]
    assert herbs, f"seat {seat} has no standing druid to collect herbs"
    return play(state, seat, herbs[0])


def place_druids(state: State, places: Iterable[int]) -> None:
    """DG-2 setup: the seats to act put their druids on ``places`` in turn."""
    for place in places:
        play(state, state.to_act()[0], PlaceDruid(place=place))


def rights_in_view(state: State, seat: int | None = None) -> list[tuple[int, int, str]]:
    return [(r["seat"], r["circle"], r["position"]) for r in state.view(seat)["rights"]]


def stack_owners(state: State, circle: int) -> list[int]:
    return [d["owner"] for d in state.view()["circles"][circle]["stack"]]
