"""Checks shared by both games' take-back tests (tests/engines/*/test_undo.py)."""

from __future__ import annotations

import json

import pytest

from engines.core import IllegalAction, State


def snapshot(state: State) -> str:
    """The whole state, byte for byte."""
    return json.dumps(state.to_json(), sort_keys=True)


def refused(state: State, seat: int, says: str) -> None:
    """``seat`` may not take back its last action: 409-style ``not_undoable`` whose message
    says ``says``, and the state is exactly as before."""
    before = snapshot(state)
    assert not state.can_undo(seat)
    with pytest.raises(IllegalAction) as err:
        state.undo(seat)
    assert err.value.code == "not_undoable"
    assert says in err.value.message
    assert snapshot(state) == before
