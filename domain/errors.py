"""Domain errors: every rejected command raises one, with a stable code.

The service maps each code to one problem type; messages say what was wrong and what
would be right, and never name a card the caller may not see.
"""

from __future__ import annotations


class DomainError(Exception):
    """A command that the rules reject; nothing was appended."""

    code: str = "domain_error"
    #: what kind of failure it is, so the service can choose a status without a table of codes
    kind: str = "invalid"  # invalid | unauthenticated | forbidden | not_found | conflict | stale

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code

    @property
    def message(self) -> str:
        return str(self.args[0])


class InvalidCommand(DomainError):
    """The command is malformed or breaks a rule whatever the table's state."""

    kind = "invalid"


class Forbidden(DomainError):
    """The acting seat may not do this."""

    kind = "forbidden"


class NotFound(DomainError):
    """The command names something the table does not have."""

    kind = "not_found"


class Conflict(DomainError):
    """The command is well-formed but the table's state does not allow it now."""

    kind = "conflict"


class StaleVersion(DomainError):
    """The client expected another version of the table (an If-Match precondition)."""

    kind = "stale"
    code = "stale_version"


class Unauthenticated(DomainError):
    """No valid credential of this table was presented."""

    kind = "unauthenticated"
    code = "invalid_credential"
