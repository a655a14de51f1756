"""schemathesis's stateful phase against the committed document: it follows the document's
OpenAPI links (a created table to its reads and commands, a seat's invitation to its claim, a
claim to the view, a closing to the verification) on a live server, and holds every answer to
the document. Every request it generates is schema-valid (positive mode), so none may be
refused as malformed (400), and every refusal must be one of the rules'
(tests/schema_refusals.py): the document cannot say what the table's state allows.
"""

from __future__ import annotations

import itertools
from collections import Counter
from pathlib import Path
from typing import Any, ClassVar

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, settings
from schemathesis.generation import GenerationMode
from schemathesis.specs.openapi.checks import positive_data_acceptance
from schemathesis.transport.requests import ManagedCookiesSession

from service.app import create_app
from service.settings import Settings
from tests.frontera_helpers import in_memory_tables
from tests.live_server import TLS, serving
from tests.schema_refusals import acceptance

DOCUMENT = Path(__file__).parent.parent / "openapi" / "openapi.json"

#: the operations the document's links join, from a table's creation on (the live stream
#: never ends a response: tests/test_api_protocol.py checks it over real HTTP); a created
#: character, or the first one a view lists, leads to the commands that name one character,
#: a test's opening to its record, and a draw to the choice
LINKED = [
    "createCharacter",
    "getCharacter",
    "openTraitTest",
    "openDeadMansHandTest",
    "openSurvivalTest",
    "getTest",
    "draw",
    "choose",
    "changeCondition",
    "changeEquipment",
    "setMoney",
    "drink",
    "faceThreat",
    "sufferAccident",
    "createTable",
    "getView",
    "listEvents",
    "addSeat",
    "inviteSeat",
    "claimSeat",
    "startTable",
    "closeTable",
    "forkTable",
    "verifyTable",
]
schema = schemathesis.openapi.from_path(DOCUMENT).include(operation_id=LINKED)
schema.config.generation.update(modes=[GenerationMode.POSITIVE])
# the document's links only: no links schemathesis would guess from names
schema.config.phases.stateful.inference.algorithms = []

KEYS = (f"stateful-{n:08d}" for n in itertools.count())
#: operations answered 2xx, and links followed, over the whole run
SEEN: Counter[str] = Counter()


CLAIM = "POST /tables/{table_id}/seats/{seat}/claim"
#: the Mayor's character at the table each scenario starts with
NPC = {
    "name": "Outlaw",
    "kind": "npc",
    "traits": {"hands": 3, "senses": 3, "muscle": 3, "head": 3},
    "skills": ["aim", "brawl"],
}
Generated = schema.as_state_machine()


class Workflow(Generated):  # type: ignore[misc,valid-type]
    """Scenarios play at tables of their server: a step that follows a link names its table,
    and one schemathesis starts at random (it starts at every POST that has links) is sent to
    the scenario's latest table, since a random table id only meets 404 and would spend the
    budget. The first is a started table, where characters can be created and tested."""

    #: the server of the run: a scenario only meets the tables it creates, so what it meets
    #: never depends on another scenario (a server per scenario would cost more than the
    #: scenarios themselves)
    url: ClassVar[str]
    #: the client of the run's scenarios' setups: a client per scenario built a TLS context
    #: each time (loading the system's certificates), a tenth of the run, for plain HTTP
    client: ClassVar[httpx.Client]
    #: the session of the run's generated calls, as schemathesis's own runner keeps one (its
    #: response cookies dropped between calls): a session per call opened a connection each
    session: ClassVar[ManagedCookiesSession]
    #: per table: the Mayor's credential, and the one of the seat claimed last
    credentials: ClassVar[dict[str, dict[str, str]]] = {}

    def setup(self) -> None:
        #: the tables created in this scenario, in order
        self.tables: list[str] = []
        client = self.client
        body = {"title": "Started", "mayor_name": "Ana", "options": {"mode": "no_management"}}
        created = client.post("/tables", json=body).json()
        mayor = {"Authorization": f"Bearer {created['credential']}"}
        path = f"/tables/{created['table_id']}"
        client.post(f"{path}/characters", headers=mayor, json=NPC).raise_for_status()
        client.post(f"{path}/start", headers=mayor).raise_for_status()
        self.credentials[created["table_id"]] = {
            "mayor": created["credential"],
            "latest": created["credential"],
        }
        self.tables.append(created["table_id"])

    def before_call(self, case: schemathesis.Case) -> None:
        table = case.path_parameters.get("table_id") if case.path_parameters else None
        if table is not None and str(table) not in self.tables and self.tables:
            table = case.path_parameters["table_id"] = self.tables[-1]
        held = self.credentials.get(str(table), {})
        # commands are the Mayor's; reads are the latest claimed seat's (the Mayor's before)
        credential = held.get("mayor") if case.method == "POST" else held.get("latest")
        # exact integers in the query: the transport would send a float's digits past 2**53
        for name, value in (case.query or {}).items():
            if isinstance(value, int) and not isinstance(value, bool):
                case.query[name] = str(value)
        if credential is not None and case.operation.label != CLAIM:
            case.headers["Authorization"] = f"Bearer {credential}"
        # a fresh Idempotency-Key per call: the server outlives a scenario, so a generated key
        # met again (with another body: 409) would answer a step otherwise than when
        # hypothesis first drew it, which it takes for a flaky strategy
        if case.headers and "Idempotency-Key" in case.headers:
            case.headers["Idempotency-Key"] = next(KEYS)

    def get_call_kwargs(self, case: schemathesis.Case) -> dict[str, Any]:
        return {"base_url": self.url, "session": self.session}

    def after_call(self, response: Any, case: schemathesis.Case) -> None:
        super().after_call(response, case)
        if not 200 <= response.status_code < 300:
            return
        SEEN[case.operation.label] += 1
        body = response.json()
        if case.operation.label in ("POST /tables", "POST /tables/{table_id}/fork"):
            self.credentials[body["table_id"]] = {
                "mayor": body["credential"],
                "latest": body["credential"],
            }
            self.tables.append(body["table_id"])
        elif case.operation.label == CLAIM:
            self.credentials[case.path_parameters["table_id"]]["latest"] = body["credential"]

    def validate_response(self, response: Any, case: schemathesis.Case, **kwargs: Any) -> None:
        case.validate_response(
            response,
            additional_checks=[acceptance],
            excluded_checks=[positive_data_acceptance],
        )


@pytest.mark.long
def test_schema_valid_requests_along_the_links_are_never_refused_as_malformed() -> None:
    SEEN.clear()
    unlimited = Settings(commands_per_second=0)  # no rate limit (tests/test_limits.py)
    with (
        serving(create_app(unlimited, tables=in_memory_tables())) as url,
        httpx.Client(base_url=url, verify=TLS) as client,
        ManagedCookiesSession() as session,
    ):
        Workflow.url, Workflow.client, Workflow.session = url, client, session
        Workflow.run(
            settings=settings(
                # enough scenarios that a trait test opens and its record is read along the
                # links whatever the server answered before (claims change whose reads follow)
                max_examples=120,
                stateful_step_count=24,
                deadline=None,
                derandomize=True,
                database=None,
                # a live server's state is not replayed: shrinking would not find the same steps
                phases=[Phase.generate],
                suppress_health_check=list(HealthCheck),
            )
        )
    followed = {
        "POST /tables",
        "GET /tables/{table_id}",
        "POST /tables/{table_id}/seats",
        # claimSeat is reached through its link but rarely redeems a still-open invitation in
        # 50 scenarios, so its success is not required here (tests/test_credentials.py has it)
        "GET /tables/{table_id}/events",
        "POST /tables/{table_id}/start",
        "POST /tables/{table_id}/close",
        "POST /tables/{table_id}/fork",
        "GET /tables/{table_id}/verify",
        # the first character a view lists (each scenario's first table has one), to a test
        # opened for it and the test's record; a character created at random rarely keeps to
        # the rules of its kind, and a draw needs the open test of its own character, so their
        # successes are not required here (tests/test_api_book_examples.py plays them)
        "POST /tables/{table_id}/tests/trait",
        "GET /tables/{table_id}/tests/{number}",
    }
    assert followed <= set(SEEN), f"links never followed to a success: {followed - set(SEEN)}"
