"""Text a client names things with: titles, seat and character names, weapons, reasons.

Such text is stored in events forever and shown to every seat, so one check guards all of
it: trimmed, not empty, bounded, and free of control characters (a NUL or an escape
sequence would corrupt the terminals, logs and exports that show it) and of the invisible
controls that reorder the text shown around them (bidirectional embeddings, overrides and
isolates: a character named with one reads as another name, and the text after it too).
"""

from __future__ import annotations

import re
from typing import Annotated

import msgspec

from domain.errors import InvalidCommand

MAX_TITLE = 120
MAX_NAME = 80
MAX_REASON = 300

#: Python's whitespace (`str.isspace`), which trimming removes from both ends
_SPACE = "\t\n\x0b\x0c\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
#: C0 controls, DEL and C1 controls (Unicode category Cc), and the bidirectional controls
#: (U+202A-U+202E, U+2066-U+2069); JSON cannot carry lone surrogates
_CONTROLS = "\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069"
_NOT_CONTROL = f"[^{_CONTROLS}]*"
#: what `checked_name` takes, as the API's document states it: trimmed of whitespace at both
#: ends, at least one character is left and none of them is a control character
TEXT_PATTERN = f"^[{_SPACE}]*{_NOT_CONTROL}[^{_CONTROLS}{_SPACE}]{_NOT_CONTROL}[{_SPACE}]*$"

# The bounds and the pattern as types of the command Structs: decoding refuses what breaks
# them (400, as the API's document states them). The checks below stay the authority for
# commands built in code, which skip decoding, and trim what decoding let through.
Title = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_TITLE, pattern=TEXT_PATTERN)]
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME, pattern=TEXT_PATTERN)]
Reason = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_REASON, pattern=TEXT_PATTERN)]

_CONTROL = re.compile(f"[{_CONTROLS}]")


def checked_name(
    text: str, what: str, max_length: int = MAX_NAME, code: str = "invalid_name"
) -> str:
    """`text` trimmed, once it is 1 to `max_length` characters (else `code`) with no control
    character (always `invalid_name`); `what` names it in the error ("a seat's name")."""
    text = text.strip()
    if _CONTROL.search(text):
        raise InvalidCommand(
            f"{what} may not contain control characters (NUL, tab, newline, escape, …, "
            "or a bidirectional control, U+202A-U+202E and U+2066-U+2069)",
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
