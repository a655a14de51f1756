"""Text a client names things with: titles, seat and character names, weapons, reasons.

Such text is stored in events forever and shown to every seat, so one check guards all of
it: trimmed, not empty, bounded, and free of control characters (a NUL or an escape
sequence would corrupt the terminals, logs and exports that show it).
"""

from __future__ import annotations

import re
from typing import Annotated

import msgspec

from domain.errors import InvalidCommand

MAX_TITLE = 120
MAX_NAME = 80
MAX_REASON = 300

# The lengths as types of the command Structs: decoding refuses what is out of bounds and the
# OpenAPI document states the bounds. The checks below stay the authority (commands built in
# code skip decoding) and add what a schema cannot say: trimming, no control characters.
Title = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_TITLE)]
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME)]
Reason = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_REASON)]

#: C0 controls, DEL and C1 controls (Unicode category Cc); JSON cannot carry lone surrogates
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")


def checked_name(
    text: str, what: str, max_length: int = MAX_NAME, code: str = "invalid_name"
) -> str:
    """`text` trimmed, once it is 1 to `max_length` characters (else `code`) with no control
    character (always `invalid_name`); `what` names it in the error ("a seat's name")."""
    text = text.strip()
    if _CONTROL.search(text):
        raise InvalidCommand(
            f"{what} may not contain control characters (NUL, tab, newline, escape, …)",
            "invalid_name",
        )
    if not 1 <= len(text) <= max_length:
        raise InvalidCommand(f"{what} has 1 to {max_length} characters", code)
    return text


def checked_reason(reason: str) -> str:
    """The reason a ruling gives: required (`reason_required`), then checked as a name."""
    if not reason.strip():
        raise InvalidCommand("the game master's ruling needs a reason", "reason_required")
    return checked_name(reason, "a reason", MAX_REASON)
