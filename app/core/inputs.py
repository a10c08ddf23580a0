"""What a client types, checked in one place (docs/API.md, "Strict input").

Free text (seat names, chat texts and watchers' names) goes through ``check_text``:
``FreeText`` is the same check as a pydantic type for request bodies, and the chat service
calls it for REST and the WebSocket alike. Numbers in paths and queries go through
``plain_int``: ASCII digits without a sign, a point or a leading zero.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Annotated

from pydantic import AfterValidator, StrictStr
from pydantic_core import PydanticCustomError

BIDI_CONTROLS = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))
"""Embeddings, overrides and isolates: they turn the text after them around (a name that
reads as another one, a chat line that ends the line before it), so they are refused."""

INVISIBLE = frozenset(
    "\u034f"  # combining grapheme joiner
    "\u115f\u1160\u3164\uffa0"  # Hangul fillers: blank letters
    "\u2800"  # braille blank
    + "".join(chr(c) for c in range(0xFE00, 0xFE10))  # variation selectors
)
"""Characters that draw nothing but are not white space or format characters (Cf: the
zero-width space, joiners, U+2060, U+FEFF, ...): a text of only these shows nothing."""

LINE_BREAKS = frozenset("\t\n")
"""The control characters a chat text may hold (``line_breaks=True``)."""


class TextRefused(ValueError):
    """A text ``check_text`` refuses; ``blank``: nothing visible in it."""

    def __init__(self, message: str, *, blank: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.blank = blank


def _shows_nothing(char: str) -> bool:
    return char.isspace() or char in INVISIBLE or unicodedata.category(char) == "Cf"


def check_text(text: str, *, line_breaks: bool = False) -> str:
    """``text`` if a person can read it as it is, else ``TextRefused``: a control character
    (C0, C1, DEL, U+2028/U+2029; tab and newline are fine with ``line_breaks``), a lone
    surrogate (no database stores one, PostgreSQL no NUL either), a bidi embedding, override
    or isolate, or nothing but white space and invisible characters."""
    allowed = LINE_BREAKS if line_breaks else frozenset()
    for char in text:
        category = unicodedata.category(char)
        if (category == "Cc" and char not in allowed) or category in ("Zl", "Zp"):
            raise TextRefused(f"control characters like U+{ord(char):04X} are not allowed")
        if category == "Cs":
            raise TextRefused(f"U+{ord(char):04X} is half of a surrogate pair, not a character")
        if char in BIDI_CONTROLS:
            raise TextRefused(
                f"bidirectional controls like U+{ord(char):04X} (U+202A to U+202E, U+2066 to "
                "U+2069) are not allowed"
            )
    if all(_shows_nothing(char) for char in text):
        raise TextRefused("it is empty or only white space and invisible characters", blank=True)
    return text


def _free_text(value: str) -> str:
    try:
        return check_text(value)
    except TextRefused as refused:
        # A custom error, so the answer reads "body.name: <why>" without "Value error, ".
        raise PydanticCustomError("free_text", refused.message) from None


FreeText = Annotated[StrictStr, AfterValidator(_free_text)]
"""A string a person typed for others to read (a seat's name): see ``check_text``."""

MAX_DIGITS = 4000
PLAIN_NUMBER = (
    "a plain non-negative integer is required, like 0 or 12 (digits only: no sign, point or "
    "leading zero)"
)
_PLAIN_DIGITS = re.compile(r"0|[1-9][0-9]*")


def plain_int(raw: str) -> int | None:
    """The number ``raw`` spells in plain digits (``0``, ``12``), or ``None``: a sign, a
    point, a leading zero, white space, other scripts' digits or ``_`` spell none (one
    number, one spelling: caches, logs and links agree on it), nor do more than
    ``MAX_DIGITS`` digits (Python reads no more than 4300)."""
    if len(raw) > MAX_DIGITS or _PLAIN_DIGITS.fullmatch(raw) is None:
        return None
    return int(raw)
