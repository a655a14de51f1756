"""What a schema-valid request may be refused with, for the schemathesis tests
(tests/test_api_schema.py, tests/test_api_stateful.py): never 400, since the request keeps to
the document; at 401-422 only a rule's problem type listed here. Each is a rule the document
cannot state: it depends on the table's state (its phase, mode and characters, the caller's
seat), or relates fields to one another: the shared table's are listed here, and each rule
system declares its own (`RuleSystem.refusal_codes`), gathered from the registry. A bound a
single field has is declared in the document instead (the Structs' `msgspec.Meta`), and has no
place here.
"""

from __future__ import annotations

from typing import Any

import schemathesis

from domain.systems import RULE_SYSTEMS

#: the shared table's refusals (seats, credentials, the log's versions, names, dice), by
#: status; each rule system declares its own (`RuleSystem.refusal_codes`, in
#: `domain/<system>/system.py`)
SHARED_REFUSALS: dict[int, set[str]] = {
    # a credential or invitation that is not the seat's
    401: {"invalid_invitation", "invalid_credential"},
    # a seat not entitled to the command
    403: {"not_game_master", "forbidden", "not_seated"},
    # an id the table does not have (yet): a table, seat, version, character, roll
    404: {"unknown_table", "unknown_seat", "unknown_version", "unknown_character", "unknown_roll"},
    # the table's phase; a key reused with another body; a roll every seat already sees;
    # seat authority: a seat that knows what the game master may not takes no invitation
    409: {
        "idempotency_key_reused",
        "table_closed",
        "source_open",
        "table_open",
        "roll_not_secret",
        "seat_holds_secret",
    },
    # a stale If-Match
    412: {"stale_version"},
    422: {
        # a command of another rule system than the table's (the document lists every
        # system's commands under every table)
        "unknown_command",
        # the table's seats
        "too_many_seats",
        "not_a_player",
        # a name blank once trimmed, or holding a control character (domain/names.py); a
        # ruling's reason blank once trimmed (a Unicode space such as U+0085 is one character
        # for the document's minLength, none once trimmed)
        "invalid_name",
        "reason_required",
        # a Last-Event-ID of 19 digits past the largest table version (the pattern says
        # digits only)
        "invalid_last_event_id",
    },
}


def allowed_refusals() -> dict[int, set[str]]:
    """The shared refusals and those every registered rule system declares."""
    allowed = {status: set(codes) for status, codes in SHARED_REFUSALS.items()}
    for system in RULE_SYSTEMS.values():
        for status, codes in system.refusal_codes.items():
            allowed.setdefault(status, set()).update(codes)
    return allowed


ALLOWED_REFUSALS = allowed_refusals()
#: a single operation's refusals of a valid request: the page of a code the API never answers
#: (the document's pattern admits any code's name)
OPERATION_REFUSALS: dict[str, dict[int, set[str]]] = {"getProblemType": {404: {"not_found"}}}


def acceptance(ctx: Any, response: Any, case: schemathesis.Case) -> bool | None:
    """No schema-valid request is refused as malformed; every refusal is a rule's."""
    if case.meta is None or not case.meta.generation.mode.is_positive:
        return None
    status = response.status_code
    if status < 400 or status >= 500:
        return None
    code = response.json().get("code")
    assert status != 400, f"{case.operation.label}: a schema-valid request refused: {code}"
    own = OPERATION_REFUSALS.get(case.operation.definition.raw["operationId"], {})
    assert code in ALLOWED_REFUSALS.get(status, set()) | own.get(status, set()), (
        f"{case.operation.label}: {status} {code} is not a rule refusal of a valid request"
    )
    return None
