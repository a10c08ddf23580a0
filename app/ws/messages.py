"""The game conversation's own messages: a ``state`` for a seat, and the ``ref`` an action
message carries (docs/API.md, "WebSocket")."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from app.services.snapshots import Snapshot

MAX_REF_LENGTH = 64
"""Longest ``ref`` an action message may carry (docs/API.md)."""


def state_message(
    snap: Snapshot, seat: int | None, events_from: int, table_from: int
) -> dict[str, Any]:
    """The ``state`` message of ``snap`` for ``seat``, with the events of actions after
    ``events_from`` and the table events after seats revision ``table_from``."""
    # The same events twice over: flat (``events``, as before) and grouped by the action
    # that caused them, with its seat (``actions``, the entries of /log).
    actions = snap.log_for(seat, events_from)
    return {
        "type": "state",
        **snap.message_state(seat),
        "events": [
            *(e for entry in actions for e in entry["events"]),
            *snap.table_events_after(table_from),
        ],
        "actions": actions,
    }


def decode(message: Mapping[str, Any]) -> dict[str, Any]:
    """A received frame as the JSON object it must be; ``ValueError`` (``RecursionError``
    for JSON nested too deeply) when it is not one."""
    text = message.get("text")
    if text is None:
        raise ValueError("binary frames are not understood")
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("a message is a JSON object")
    return data


def action_ref(message: Mapping[str, Any]) -> str | None:
    """The ``ref`` of an action message, if it is one with a valid ``ref`` (else ``None``):
    a refusal before the message is read still names the move it refuses."""
    try:
        data = decode(message)
    except (ValueError, RecursionError):
        return None
    if data.get("type") != "action":
        return None
    ref = data.get("ref")
    return ref if isinstance(ref, str) and 0 < len(ref) <= MAX_REF_LENGTH else None
