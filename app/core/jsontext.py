"""JSON text of the server's hot messages: each seat's ``state`` over the WebSocket and the
answer to a move.

orjson writes a seat's view three to five times as fast as pydantic-core's ``to_json``
(the view is plain dicts, lists, strings and numbers; issue 16, docs/DESIGN.md "Third
round"). The two things orjson does not write by itself are written as
``to_json`` does, so the text is the same byte for byte (tests/ws/test_jsontext.py): an
engine's action (a pydantic model, in the legal-action entries) goes in as
``to_json``'s own text, and a datetime (the clock's deadline, the last move's time; always
UTC here) ends in ``Z``.
"""

from __future__ import annotations

from typing import Any

import orjson
from pydantic_core import to_json

_OPTIONS = orjson.OPT_UTC_Z
# Keys that are not strings (``to_json`` writes ``{1: ...}`` as ``{"1": ...}``) only with
# this option, which makes orjson write every dict at about half the speed. No message the
# server builds has such a key, so it is asked for only when a value turns out to need it.
_ANY_KEYS = _OPTIONS | orjson.OPT_NON_STR_KEYS
Fragment = orjson.Fragment


def fragment(value: Any) -> Fragment:
    """``value`` as ``to_json`` writes it, to be part of other values as it is: a seat's
    legal-action list (the engine's models), written once for all of that seat's messages
    of a version; and whatever orjson does not write itself (an action model; anything
    else ``to_json`` takes, such as a set), as it was written before."""
    return orjson.Fragment(to_json(value))


def dumps(value: Any) -> bytes:
    """``value`` as compact JSON, the bytes ``pydantic_core.to_json`` would give."""
    try:
        return orjson.dumps(value, default=fragment, option=_OPTIONS)
    except orjson.JSONEncodeError:
        return orjson.dumps(value, default=fragment, option=_ANY_KEYS)


def written(value: Any) -> Fragment:
    """``value`` as ``dumps`` writes it, to be part of other values as it is (a part of a
    view that several seats' messages share)."""
    return orjson.Fragment(dumps(value))


def text(value: Any) -> str:
    """``dumps`` as a string (a WebSocket text frame)."""
    return dumps(value).decode()
