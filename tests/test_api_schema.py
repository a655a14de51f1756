"""schemathesis against the committed OpenAPI document: no 5xx, no response off the schema,
no schema-invalid request accepted, every status and header as documented, and no
schema-valid request refused as malformed (400) or with anything but a rule's refusal
(tests/schema_refusals.py)."""

from __future__ import annotations

import importlib
import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.core.parameters import ParameterLocation
from schemathesis.specs.openapi.checks import positive_data_acceptance

from domain.systems import RULE_SYSTEMS
from service.app import create_app
from service.routes import DEPRECATED_SUFFIX
from service.settings import Settings
from tests.api_helpers import seat_player
from tests.frontera_helpers import in_memory_tables
from tests.live_server import TLS, serving
from tests.schema_refusals import acceptance
from tests.system_support import SchemaTables, provided

DOCUMENT = Path(__file__).parent.parent / "openapi" / "openapi.json"


def loaded(*, coverage: bool) -> Any:
    """The document's operations but the live stream, which never ends a response
    (tests/test_api_protocol.py checks it over real HTTP); with schemathesis's coverage phase
    (every boundary and every broken constraint of every field) or with fuzzing alone."""
    document = schemathesis.openapi.from_path(DOCUMENT)
    document.config.phases.coverage.enabled = coverage
    return document.exclude(path="/tables/{table_id}/stream")


#: the coverage phase's cases are generated as the tests are collected, on every worker: they
#: run as the game master, since a request's shape is refused (400) before anyone's seat is
#: looked at; a player's calls take the fuzzing alone, in both modes (positive and negative)
game_master_schema = loaded(coverage=True)
player_schema = loaded(coverage=False)


#: the operator's operations, called with the operator's token (seats' credentials are 401)
OPERATOR = {"exportClosedTables", "getClosedTablesStats", "getMetrics"}
OPERATOR_TOKEN = "schemathesis-operator-token"
#: operations that would end the shared table for every later case, or replace a credential
#: it holds: their cases go to a table of their own, a new one once a case succeeded
OWN_TABLE = {"closeTable", "rotateCredential", "removeSeat"}


class Live:
    """A table of a rule system (started, if the system starts play) with its game master, a
    player and the player's character `c1`, as the system's `SchemaTables` make it."""

    def __init__(self, url: str, system: str, label: str | None = None) -> None:
        setup: SchemaTables = provided(system, "schema")
        self.url = url
        options = setup.tables[label or next(iter(setup.tables))]
        with httpx.Client(base_url=url, verify=TLS) as client:
            created = client.post(
                "/tables",
                json={"title": "Fuzzed", "mayor_name": "Ana", "system": system, "options": options},
            ).json()
            self.table_id = created["table_id"]
            mayor = {"Authorization": f"Bearer {created['credential']}"}
            _, player = seat_player(client, self.table_id, mayor, "Bo")
            player_credential = player["Authorization"].removeprefix("Bearer ")
            self.credentials = {"mayor": created["credential"], "player": player_credential}
            client.post(
                f"/tables/{self.table_id}{setup.character}", headers=player, json=setup.sheet
            )
            if setup.start is not None:
                client.post(f"/tables/{self.table_id}{setup.start}", headers=mayor)


def operations_of_systems() -> dict[str, str]:
    """The rule system of each operation of a system's routes (`service/routes/<system>.py`),
    by operationId."""
    return {
        str(handler.operation_id): system
        for system in RULE_SYSTEMS
        for handler in importlib.import_module(f"service.routes.{system}").ROUTES
    }


SYSTEM_OF = operations_of_systems()
#: the system whose tables the shared operations (view, log, seats, …) are called on
SHARED_ON = next(iter(RULE_SYSTEMS))


def table_of(operation: str) -> tuple[str, str]:
    """The table (system, label) an operation's cases share: its system's, as its
    `SchemaTables.table_of` says; a shared operation's, the first registered system's. A
    former path's operation (deprecated: `service.routes.RENAMED`) is its successor's."""
    operation = operation.removesuffix(DEPRECATED_SUFFIX)
    system = SYSTEM_OF.get(operation, SHARED_ON)
    setup: SchemaTables = provided(system, "schema")
    return system, setup.label(operation)


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    # no rate limit: thousands of fuzzed commands would mostly meet 429 (tests/test_limits.py)
    unlimited = Settings(commands_per_second=0, operator_token=OPERATOR_TOKEN)
    with serving(create_app(unlimited, tables=in_memory_tables())) as url:
        yield url


@pytest.fixture(scope="module")
def live(url: str) -> dict[Any, Live]:
    """Each table of each registered system the cases share, by (system, label), and those of
    OWN_TABLE's operations, by operationId."""
    return {
        (system, label): Live(url, system, label)
        for system in RULE_SYSTEMS
        for label in provided(system, "schema").tables
    }


#: a fresh Idempotency-Key per case: a generated key repeats across cases with other bodies,
#: and its refusal (409, key reused) would hide what the server makes of the body
KEYS = (f"schemathesis-{n:08d}" for n in itertools.count())


# derandomized: the same cases every run, so CI never fails on a case no earlier run met;
# new cases come with changes to the document
FUZZING = settings(
    max_examples=15, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck)
)


@game_master_schema.parametrize()
@FUZZING
def test_the_api_keeps_to_its_document_for_the_game_master(
    case: schemathesis.Case, url: str, live: dict[Any, Live]
) -> None:
    call_and_validate(case, url, live, "mayor")


@player_schema.parametrize()
@settings(FUZZING, max_examples=8)  # most of a player's calls meet the same 403 (not_your_seat)
def test_the_api_keeps_to_its_document_for_a_player(
    case: schemathesis.Case, url: str, live: dict[Any, Live]
) -> None:
    call_and_validate(case, url, live, "player")


def call_and_validate(
    case: schemathesis.Case, url: str, live: dict[Any, Live], caller: str
) -> None:
    """A case sent as `caller` on its operation's live table, and every check run on it."""
    # aim valid parts at a live table; parts generated invalid stay invalid
    negative = case.meta.is_negative_at if case.meta else lambda _: False
    operation = case.operation.definition.raw["operationId"]
    if operation in OWN_TABLE and operation not in live:
        live[operation] = Live(url, SHARED_ON)
    table = live[operation if operation in OWN_TABLE else table_of(operation)]
    if "table_id" in case.path_parameters and not negative(ParameterLocation.PATH):
        case.path_parameters["table_id"] = table.table_id
    if (
        case.headers
        and "Idempotency-Key" in case.headers
        and not negative(ParameterLocation.HEADER)
    ):
        case.headers["Idempotency-Key"] = next(KEYS)
    token = OPERATOR_TOKEN if operation in OPERATOR else table.credentials[caller]
    credential = {"Authorization": f"Bearer {token}"}
    response = case.call_and_validate(
        base_url=table.url,
        headers=None if negative(ParameterLocation.HEADER) else credential,
        # schemathesis's own check lists statuses, not the rules' problem types: `acceptance`
        # holds each refusal of a schema-valid request to the rules' list
        excluded_checks=[positive_data_acceptance],
        additional_checks=[acceptance],
    )
    if operation in OWN_TABLE and response.status_code < 300:
        del live[operation]
