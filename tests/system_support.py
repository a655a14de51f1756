"""What each registered rule system gives the suite's shared checks, found from the registry.

The shared checks run for every system of `domain.systems.RULE_SYSTEMS`: the permission
matrix (tests/test_api_permissions.py), the schemathesis tables (tests/test_api_schema.py),
the hidden-roll scan (tests/test_hidden_rolls.py) and the replay page's dice board
(tests/test_replay_views.py), for a system whose commands roll secretly, and the masked
figures (tests/test_stats_masked.py). What a check needs of a system (a table
brought to a state, a request body for each of its routes, a scripted session) the system
provides in its own module, `tests/<system>_support.py`, as `SUPPORT = SystemSupport(...)`;
its refusal codes it declares in the domain (`RuleSystem.refusal_codes`,
tests/schema_refusals.py). A system registered without its module, or without a part a check
needs, fails that check naming the system and the part (tests/test_system_support.py), so no
check skips a new system.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from domain.systems import RULE_SYSTEMS

if TYPE_CHECKING:
    import httpx

    from tests.dice_http import Table
    from tests.permission_matrix import Cell, World


@dataclass(frozen=True)
class PermissionMatrix:
    """The permission matrix of a system's tables (tests/test_api_permissions.py)."""

    #: a fresh table for a cell (a TestClient, the cell): the game master's headers under
    #: "mayor", players A (p1, plays c1) and B (p2, plays c2), none and another table's ("none",
    #: "foreign")
    world: Callable[[Any, Cell], World]
    #: a cell for each operation of the system's routes (`service/routes/<system>.py`), and
    #: the shared ones on its tables, by name
    endpoints: Mapping[str, Cell]


@dataclass(frozen=True)
class SchemaTables:
    """The tables a system's schemathesis cases share (tests/test_api_schema.py)."""

    #: the route creating the player's character `c1`, and its body
    character: str
    sheet: dict[str, Any]
    #: the route starting play, if play needs starting
    start: str | None
    #: each table the cases share, by label, with its options; the first takes every operation
    #: `table_of` names no other for
    tables: Mapping[str, dict[str, Any]]
    #: the label of the table an operation (by operationId) is called on
    table_of: Callable[[str], str | None] = lambda _: None

    def label(self, operation: str) -> str:
        return self.table_of(operation) or next(iter(self.tables))


@dataclass(frozen=True)
class SecretRolls:
    """Two secret rolls of a system for the hidden-roll scan (tests/test_hidden_rolls.py)."""

    #: a table (tests.dice_http) whose game master made two secret rolls, numbered 1 and 2,
    #: each of a player's character (p1's c1, p2's c2), each with what follows from it worded
    #: with one of `markers`
    table: Callable[[httpx.Client], Table]
    markers: tuple[str, ...]
    #: a body for each of the system's command routes (by path under the table) naming the
    #: secret rolls or their characters; the scan sends `{}` to a route it has none for
    bodies: Mapping[str, Any]
    #: whether an answer shows a roll's secret fields
    shows: Callable[[Any, int], bool]


@dataclass(frozen=True)
class ReplayRolls:
    """How the replay page's tests play a system's table (tests/test_replay_views.py): Bea's
    character Vera, a public roll and a blind one, each die of each with the roll's scripted
    face; and how the page shows them."""

    character_path: str  # the route creating Vera (`POST /<system>/characters`)
    character: dict[str, Any]  # its body
    roll_path: str
    roll: dict[str, Any]  # the body of a roll of Vera's
    sides: int
    public_face: int
    blind_face: int
    sheet_term: str  # a term of Vera's sheet the board lists
    #: the system event's public line for the public roll
    event_line: str
    #: text the view gives of the blind roll, beyond its die (its outcome)
    secrets: tuple[str, ...]
    #: the dice a roll throws, each scripted with the roll's face
    dice: int = 1
    #: what Bea sends after the public roll, before the game master's blind one (the route
    #: and body that close a roll that stays open, as a PORTAL roll does until settled)
    settle: tuple[str, dict[str, Any]] | None = None


@dataclass(frozen=True)
class SystemSupport:
    """What one rule system gives the shared checks; a part left out fails its check."""

    permissions: PermissionMatrix | None = None
    schema: SchemaTables | None = None
    #: only for a system whose commands roll secretly (`rolls_secretly`)
    secret_rolls: SecretRolls | None = None
    #: only for a system whose commands roll secretly
    replay_rolls: ReplayRolls | None = None
    #: the scripted session of the system's figures' tests, not yet closed, and its game
    #: master's seat (tests/test_stats_masked.py)
    figures_session: Callable[[], tuple[Any, str]] | None = None
    #: how a random session of the system starts (seats claimed, characters cast) and what
    #: one random step of play is: `(data, tables) -> tests.random_play.RandomSession`
    #: (tests/test_adversaries.py, tests/test_event_schema.py)
    random_play: Callable[[Any, Any], Any] | None = None


#: each part, as a failure names it
PARTS = {
    "permissions": "a PermissionMatrix: a table for each cell, a cell for each of its routes",
    "schema": "SchemaTables: how a table gets its player's character and starts",
    "secret_rolls": "SecretRolls: a table with two secret rolls and a body for each route",
    "replay_rolls": "ReplayRolls: a character, a roll, their faces, how the replay page shows them",
    "figures_session": "a scripted session of its figures' tests and its game master's seat",
    "random_play": "how a random session starts and one random step of play (tests/random_play.py)",
}


class MissingSupport(LookupError):
    """A registered system provides nothing for a shared check."""


def module_of(system: str) -> str:
    return f"tests.{system}_support"


def support(system: str) -> SystemSupport:
    """What `system` gives the shared checks: `SUPPORT` of `tests/<system>_support.py`."""
    name = module_of(system)
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name != name:
            raise
        raise MissingSupport(
            f"the rule system {system!r} is registered but has no test support: add"
            f" tests/{system}_support.py with SUPPORT = SystemSupport(...)"
            " (tests/system_support.py)"
        ) from None
    found = getattr(module, "SUPPORT", None)
    if not isinstance(found, SystemSupport):
        raise MissingSupport(f"tests/{system}_support.py defines no SUPPORT = SystemSupport(...)")
    return found


def provided(system: str, part: str) -> Any:
    """The part of what `system` gives the shared checks, or a failure naming both."""
    value = getattr(support(system), part)
    if value is None:
        raise MissingSupport(
            f"the rule system {system!r} provides no {part} for the shared checks: give"
            f" SystemSupport({part}=...) in tests/{system}_support.py ({PARTS[part]})"
        )
    return value


def rolls_secretly(system: str) -> bool:
    """Whether some command of the system takes a roll's `visibility` (it may roll secretly)."""
    commands = RULE_SYSTEMS[system].handlers
    return any("visibility" in getattr(command, "__struct_fields__", ()) for command in commands)


def needed(system: str) -> list[str]:
    """The parts a registered system must give."""
    parts = ["permissions", "schema", "figures_session", "random_play"]
    return [*parts, "secret_rolls", "replay_rolls"] if rolls_secretly(system) else parts


#: the parameter of a system that gives nothing for a check: its test fails naming what is
#: missing (never skipped)
MISSING = "<missing>"


def cases(part: str, items: Callable[[Any], Iterable[str]]) -> list[tuple[str, str]]:
    """(system, item) for every registered system and each item of its part; a system without
    the part is one case, `MISSING`, that fails."""
    found: list[tuple[str, str]] = []
    for system in RULE_SYSTEMS:
        try:
            material = provided(system, part)
        except MissingSupport:
            found.append((system, MISSING))
            continue
        found.extend((system, item) for item in items(material))
    return found


def lacking(system: str) -> list[str]:
    """What a registered system lacks for the shared checks, each named (none: nothing)."""
    missing: list[str] = []
    if not RULE_SYSTEMS[system].refusal_codes:
        missing.append(
            f"the rule system {system!r} declares no refusal codes: give RuleSystem("
            f"refusal_codes=...) in domain/{system}/system.py (tests/schema_refusals.py)"
        )
    for part in needed(system):
        try:
            provided(system, part)
        except MissingSupport as failure:
            missing.append(str(failure))
    return missing
