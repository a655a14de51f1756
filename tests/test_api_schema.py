"""schemathesis against the committed OpenAPI document: no 5xx, no response off the schema,
no schema-invalid request accepted, every status and header as documented, and no
schema-valid request refused as malformed (400) or with anything but a rule's refusal
(tests/schema_refusals.py)."""

from __future__ import annotations

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
from service.settings import Settings
from tests.api_helpers import seat_player
from tests.frontera_helpers import in_memory_tables
from tests.live_server import serving
from tests.schema_refusals import acceptance

DOCUMENT = Path(__file__).parent.parent / "openapi" / "openapi.json"
# the live stream never ends a response; tests/test_api_protocol.py checks it over real HTTP
schema = schemathesis.openapi.from_path(DOCUMENT).exclude(path="/tables/{table_id}/stream")


#: the operator's operations, called with the operator's token (seats' credentials are 401)
OPERATOR = {"exportClosedTables", "getClosedTablesStats", "getMetrics"}
OPERATOR_TOKEN = "schemathesis-operator-token"
#: operations that would end the shared table for every later case, or replace a credential
#: it holds: their cases go to a table of their own, a new one once a case succeeded
OWN_TABLE = {"closeTable", "rotateCredential", "removeSeat"}
#: operations of Normal mode's card exchanges (elsewhere they meet only `not_normal_mode`):
#: they go to a Normal mode table
NORMAL_MODE = {
    "startBetExchange",
    "startDuelExchange",
    "cancelExchange",
    "pickCards",
    "keepLoot",
    "swapCards",
    "shareLoot",
    "dealLateJoiner",
    "seedTreasure",
}


#: each rule system's table: how the player's character `c1` is created, and what starts play
SETUP: dict[str, tuple[str, dict[str, Any], str | None]] = {
    "frontera": (
        "/characters",
        {
            "name": "Hero",
            "traits": {"hands": 3, "senses": 3, "muscle": 3, "head": 3},
            "skills": ["aim", "agility", "cunning", "perception"],
        },
        "/start",
    ),
    "stepdice": (
        "/stepdice/characters",
        {
            "name": "Hero",
            "attributes": {"fuerza": 8, "agilidad": 10, "destreza": 6, "magia": 12},
        },
        None,
    ),
    "asaltos": (
        "/asaltos/characters",
        {"name": "Hero", "sheet": {"FUE": 5, "AGI": 5, "RES": 5, "TAM": 5}},
        None,
    ),
}


class Live:
    """A table of a rule system (started, for Frontera) with its game master, a player and
    the player's character `c1`."""

    def __init__(self, url: str, mode: str = "no_management", system: str = "frontera") -> None:
        self.url = url
        options = {"mode": mode} if system == "frontera" else {}
        character, sheet, start = SETUP[system]
        with httpx.Client(base_url=url) as client:
            created = client.post(
                "/tables",
                json={"title": "Fuzzed", "mayor_name": "Ana", "system": system, "options": options},
            ).json()
            self.table_id = created["table_id"]
            mayor = {"Authorization": f"Bearer {created['credential']}"}
            _, player = seat_player(client, self.table_id, mayor, "Bo")
            player_credential = player["Authorization"].removeprefix("Bearer ")
            self.credentials = {"mayor": created["credential"], "player": player_credential}
            client.post(f"/tables/{self.table_id}{character}", headers=player, json=sheet)
            if start is not None:
                client.post(f"/tables/{self.table_id}{start}", headers=mayor)


def system_of(path: str) -> str:
    """The rule system an operation belongs to: a dice system's routes start with its name
    (`/tables/{table_id}/stepdice/...`); Frontera's and the shared ones are Frontera's here."""
    segment = path.removeprefix("/tables/{table_id}/").partition("/")[0]
    return segment if segment in RULE_SYSTEMS else "frontera"


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    # no rate limit: thousands of fuzzed commands would mostly meet 429 (tests/test_limits.py)
    unlimited = Settings(commands_per_second=0, operator_token=OPERATOR_TOKEN)
    with serving(create_app(unlimited, tables=in_memory_tables())) as url:
        yield url


@pytest.fixture(scope="module")
def live(url: str) -> dict[str, Live]:
    """The table of each Frontera mode and of each other system the cases share, and those of
    OWN_TABLE's operations."""
    tables = {mode: Live(url, mode) for mode in ("no_management", "normal")}
    others = {system: Live(url, system=system) for system in RULE_SYSTEMS if system != "frontera"}
    return {**tables, **others}


#: a fresh Idempotency-Key per case: a generated key repeats across cases with other bodies,
#: and its refusal (409, key reused) would hide what the server makes of the body
KEYS = (f"schemathesis-{n:08d}" for n in itertools.count())


@schema.parametrize()
# derandomized: the same cases every run, so CI never fails on a case no earlier run met;
# new cases come with changes to the document
@settings(max_examples=15, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@pytest.mark.parametrize("caller", ["mayor", "player"])
def test_the_api_keeps_to_its_document(
    case: schemathesis.Case, url: str, live: dict[str, Live], caller: str
) -> None:
    # aim valid parts at a live table; parts generated invalid stay invalid
    negative = case.meta.is_negative_at if case.meta else lambda _: False
    operation = case.operation.definition.raw["operationId"]
    system = system_of(case.operation.path)
    mode = "normal" if operation in NORMAL_MODE else "no_management"
    if operation in OWN_TABLE and operation not in live:
        live[operation] = Live(url)
    table = live[operation if operation in OWN_TABLE else mode if system == "frontera" else system]
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
