"""schemathesis against the committed OpenAPI document: no 5xx, no response off the schema,
no schema-invalid request accepted, every status and header as documented, and no
schema-valid request refused as malformed (400) or with anything but a rule's refusal
(tests/schema_refusals.py)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.core.parameters import ParameterLocation
from schemathesis.specs.openapi.checks import positive_data_acceptance

from service.app import create_app
from service.settings import Settings
from tests.api_helpers import seat_player
from tests.frontera_helpers import in_memory_tables
from tests.live_server import serving
from tests.schema_refusals import acceptance

DOCUMENT = Path(__file__).parent.parent / "openapi" / "openapi.json"
# the live stream never ends a response; tests/test_api_protocol.py checks it over real HTTP
schema = schemathesis.openapi.from_path(DOCUMENT).exclude(path="/tables/{table_id}/stream")


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


class Live:
    """A started table with a Mayor, a player and the player's character `c1`."""

    def __init__(self, url: str, mode: str = "no_management") -> None:
        self.url = url
        with httpx.Client(base_url=url) as client:
            created = client.post(
                "/tables",
                json={"title": "Fuzzed", "mayor_name": "Ana", "options": {"mode": mode}},
            ).json()
            self.table_id = created["table_id"]
            mayor = {"Authorization": f"Bearer {created['credential']}"}
            _, player = seat_player(client, self.table_id, mayor, "Bo")
            player_credential = player["Authorization"].removeprefix("Bearer ")
            self.credentials = {"mayor": created["credential"], "player": player_credential}
            client.post(
                f"/tables/{self.table_id}/characters",
                headers=player,
                json={
                    "name": "Hero",
                    "traits": {"hands": 3, "senses": 3, "muscle": 3, "head": 3},
                    "skills": ["aim", "agility", "cunning", "perception"],
                },
            )
            client.post(f"/tables/{self.table_id}/start", headers=mayor)


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    # no rate limit: thousands of fuzzed commands would mostly meet 429 (tests/test_limits.py)
    unlimited = Settings(commands_per_second=0)
    with serving(create_app(unlimited, tables=in_memory_tables())) as url:
        yield url


@pytest.fixture(scope="module")
def live(url: str) -> dict[str, Live]:
    """The table of each mode the cases share, and those of OWN_TABLE's operations."""
    return {mode: Live(url, mode) for mode in ("no_management", "normal")}


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
    mode = "normal" if operation in NORMAL_MODE else "no_management"
    if operation in OWN_TABLE and operation not in live:
        live[operation] = Live(url)
    table = live[operation if operation in OWN_TABLE else mode]
    if "table_id" in case.path_parameters and not negative(ParameterLocation.PATH):
        case.path_parameters["table_id"] = table.table_id
    if (
        case.headers
        and "Idempotency-Key" in case.headers
        and not negative(ParameterLocation.HEADER)
    ):
        case.headers["Idempotency-Key"] = next(KEYS)
    credential = {"Authorization": f"Bearer {table.credentials[caller]}"}
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
