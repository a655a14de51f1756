"""Who may do what over HTTP, and what each caller may never read.

The permission matrix runs every endpoint for five callers (no credential, another table's
credential, player A, player B, the Mayor) on a fresh table brought to a state where the
command is valid for the right caller, and asserts the status the code promises: for every
registered rule system, with the tables and cells it gives (`tests/<system>_support.py`,
tests/system_support.py), one for each of its routes.

The hidden-card scan collects every body and header a caller can obtain at several moments of
a normal-mode session and asserts that no card id the caller may not see (from the domain
state: face-down decks, the pile, other characters' hands) and never the seed appear in them.
"""

from __future__ import annotations

import importlib
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from litestar.testing import TestClient

from domain.frontera import events as fe
from domain.frontera.state import DEAD_MANS_HAND, FronteraState
from domain.systems import RULE_SYSTEMS
from domain.table import Table
from service.app import create_app
from service.settings import Settings
from tests.api_helpers import api_client, bearer, ok
from tests.asaltos_support import make_asaltos_world
from tests.frontera_helpers import in_memory_tables
from tests.frontera_support import PROTAGONIST, make_world
from tests.permission_matrix import CALLERS, World, check_cell
from tests.stepdice_support import make_stepdice_world
from tests.system_support import PermissionMatrix, cases, provided


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient[Any]]:
    with api_client() as test_client:
        yield test_client


#: every registered system's cells: a system that gives none is one case, failing
MATRIX = cases("permissions", lambda matrix: matrix.endpoints)


@pytest.mark.parametrize("caller", CALLERS)
@pytest.mark.parametrize(("system", "endpoint"), MATRIX)
def test_permission_matrix(
    client: TestClient[Any], system: str, endpoint: str, caller: str
) -> None:
    matrix: PermissionMatrix = provided(system, "permissions")
    cell = matrix.endpoints[endpoint]
    check_cell(matrix.world(client, cell), cell, caller)


# -- the operator's endpoints: the operator's token alone, never a seat's credential -------

OPERATOR_TOKEN = "the-operators-token-0123456789abcdef"
#: every operation of the document under the operator's scheme: its method and path
OPERATOR_ENDPOINTS = {"GET export": ("GET", "/export"), "GET stats": ("GET", "/stats")}


@pytest.fixture(scope="module")
def operator_client() -> Iterator[TestClient[Any]]:
    settings = Settings(operator_token=OPERATOR_TOKEN)
    with TestClient(create_app(settings, tables=in_memory_tables())) as test_client:
        yield test_client


@pytest.mark.parametrize("caller", [*CALLERS, "operator"])
@pytest.mark.parametrize("endpoint", list(OPERATOR_ENDPOINTS))
def test_operator_matrix(operator_client: TestClient[Any], endpoint: str, caller: str) -> None:
    """Every seat's credential, of any table, is 401; the operator's token is let in; without
    a token configured, the operation is 404 to everyone."""
    method, path = OPERATOR_ENDPOINTS[endpoint]
    world = make_world(operator_client, {"mode": "no_management"})
    world.headers["operator"] = bearer(OPERATOR_TOKEN)
    ok(world.post("mayor", "/close"))
    response = operator_client.request(method, path, headers=world.headers[caller])
    if caller == "operator":
        assert response.status_code == 200, response.text
        if path == "/export":  # the closed table's log is in it
            assert world.table in response.text
        else:  # the closed table is counted, once the read model has caught up
            deadline = time.monotonic() + 10
            while operator_client.app.state.analytics.lag() and time.monotonic() < deadline:
                time.sleep(0.02)
            response = operator_client.request(method, path, headers=world.headers[caller])
            assert response.json()["tables"] >= 1
    else:
        assert response.status_code == 401, response.text
        assert response.headers["content-type"].startswith("application/problem+json")
        assert response.headers["www-authenticate"].startswith("Bearer")
    with TestClient(create_app(Settings(), tables=in_memory_tables())) as absent:
        response = absent.request(method, path, headers=world.headers[caller])
        assert response.status_code == 404, response.text
        assert response.headers["content-type"].startswith("application/problem+json")


def test_the_operator_matrix_covers_every_operator_operation() -> None:
    document = json.loads((Path(__file__).parent.parent / "openapi" / "openapi.json").read_text())
    # the operator's alone: /metrics also answers anyone while no token is configured
    # (tests/test_operations.py holds it to the token when one is)
    operations = {
        (method.upper(), path)
        for path, item in document["paths"].items()
        for method, operation in item.items()
        if operation.get("security") == [{"operator": []}]
    }
    assert operations == set(OPERATOR_ENDPOINTS.values())


@pytest.mark.parametrize(
    ("caller", "params", "status"),
    [
        ("none", {}, 401),
        ("foreign", {}, 401),
        ("none", {"audit": True}, 401),
        ("foreign", {"audit": True}, 401),
        ("A", {"audit": True}, 403),
        ("B", {"audit": True}, 403),
    ],
)
def test_stream_refuses_before_streaming(
    client: TestClient[Any], caller: str, params: dict[str, Any], status: int
) -> None:
    world = make_world(client, {"mode": "no_management"})
    response = world.get(caller, "/stream", params=params)
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")


def test_a_removed_seat_loses_its_credential(client: TestClient[Any]) -> None:
    world = make_world(client, {"mode": "no_management"})
    ok(world.post("mayor", "/seats/remove", {"seat": "p2", "reason": "left town"}))
    assert world.get("B").status_code == 401
    assert world.get("B", "/events").status_code == 401
    assert world.post("B", "/characters", {"name": "X", **PROTAGONIST}).status_code == 401
    assert world.get("A").status_code == 200


def test_another_seats_character_sheet_is_public_part_only(client: TestClient[Any]) -> None:
    world = make_world(client, {"mode": "no_management"})
    for who, full in (("A", True), ("B", False), ("mayor", True)):
        sheet = ok(world.get(who, "/characters/c1"))
        assert (sheet["traits"] is not None) is full, who
        assert (sheet["skills"] is not None) is full, who
    assert ok(world.get("A", "/characters/c3"))["traits"] is None
    assert world.get("A", "/characters/c9").status_code == 404


# -- the hidden-card scan ---------------------------------------------------------------------


def domain_table(client: TestClient[Any], world: World) -> Table:
    tables = client.app.state.tables
    table: Table = tables.read(UUID(world.table), lambda t: t)
    return table


def public_cards(client: TestClient[Any], world: World) -> set[str]:
    """Cards every seat may know where they are: the dead man's hand, revealed cards, cards
    moved in the open, from the domain events."""
    table = domain_table(client, world)
    state = table.game
    assert isinstance(state, FronteraState)
    public = set(state.zone(DEAD_MANS_HAND))
    for event in client.app.state.tables.table_events(UUID(world.table)):
        if isinstance(event, fe.CardsRevealed):
            public.update(card for cards in event.cards.values() for card in cards)
        elif isinstance(event, fe.DeadMansHandDrawn) or (
            isinstance(event, fe.CardsMoved) and event.seen_by is None
        ):
            public.update(event.cards)
    return public


def forbidden_cards(client: TestClient[Any], world: World, seat: str, audit: bool) -> set[str]:
    """From the domain state: face-down zones (the pile, every deck, discard, removed) to
    everybody; another seat's hand to a player or the Mayor in play; the Mayor in audit may
    see every hand (somebody saw them), never the face-down ones."""
    table = domain_table(client, world)
    state = table.game
    assert isinstance(state, FronteraState)
    hidden: set[str] = set()
    for zone, cards in state.zones.items():
        kind, _, owner = zone.partition(":")
        if zone == DEAD_MANS_HAND or kind == "player_discard":
            continue
        if kind == "hand" and (audit or state.characters[owner].seat == seat):
            continue
        hidden.update(cards)
    return hidden - public_cards(client, world)


def collect(world: World, who: str) -> list[Any]:
    """Every response a caller can get: bodies (without TableStarted, whose canonical initial
    order is public by construction) and headers, errors included."""
    version = ok(world.get("mayor"))["version"]
    responses = [world.get(who), world.get(who, params={"audit": True})]
    responses += [world.get(who, params={"version": v}) for v in range(1, version + 1)]
    for audit in (False, True):
        responses.append(world.get(who, "/events", params={"audit": audit, "limit": 500}))
        for seat in ("mayor", "p1", "p2"):
            responses.append(
                world.get(who, "/events", params={"audit": audit, "seat": seat, "limit": 500})
            )
        for after in range(0, version, 3):
            responses.append(
                world.get(who, "/events", params={"audit": audit, "after": after, "limit": 2})
            )
    responses += [world.get(who, f"/characters/{c}") for c in ("c1", "c2", "c3", "c9")]
    responses += [world.get(who, "/tests/1", params={"audit": audit}) for audit in (False, True)]
    responses += [world.get(who, "/stats", params={"audit": audit}) for audit in (False, True)]
    responses.append(world.get(who, "/verify"))
    responses.append(world.get(who, "/nope"))
    # refused commands: their problem details must not carry hidden cards either
    for character in ("c1", "c2", "c3"):
        responses.append(world.post(who, "/tests/draw", {"character": character}))
        responses.append(
            world.post(who, "/tests/choose", {"character": character, "cards": ["d0:XX"]})
        )
        responses.append(world.post(who, "/tests/choose", {"character": character, "cards": []}))
    responses.append(world.post(who, "/start"))
    collected: list[Any] = []
    for response in responses:
        assert response.status_code < 500, response.text
        body = response.json()
        if isinstance(body, dict) and isinstance(body.get("events"), list):
            body["events"] = [e for e in body["events"] if e["type"] != "TableStarted"]
        collected.append({"status": response.status_code, "body": body})
        collected.append(dict(response.headers))
    return collected


def scan(
    client: TestClient[Any],
    world: World,
    moment: str,
    shown: dict[str, set[str]] | None = None,
) -> None:
    """`shown`: face-down cards a seat was rightly shown (an exchange's pick), by seat; the
    Mayor's audit may read them all."""
    shown = shown or {}
    everything_shown = set().union(*shown.values()) if shown else set()
    seed = client.app.state.tables.keys(UUID(world.table)).reveal_seed()
    for who, seat in (("A", "p1"), ("B", "p2"), ("mayor", "mayor")):
        # the Mayor's audit reads are in the same collection: check against the audit rule,
        # then the plain reads against the play rule
        text = json.dumps(collect(world, who))
        assert seed not in text, f"{moment}: the seed leaks to {who}"
        plain_text = json.dumps(collect_plain(world, who))
        for card in sorted(
            forbidden_cards(client, world, seat, audit=False) - shown.get(seat, set())
        ):
            assert card not in plain_text, f"{moment}: {card} leaks to {who}"
        audit = who == "mayor"
        allowed = everything_shown if audit else shown.get(seat, set())
        for card in sorted(forbidden_cards(client, world, seat, audit=audit) - allowed):
            assert card not in text, f"{moment}: {card} leaks to {who} (audit reads)"


def collect_plain(world: World, who: str) -> list[Any]:
    """As `collect`, without the audit reads."""
    version = ok(world.get("mayor"))["version"]
    responses = [world.get(who)]
    responses += [world.get(who, params={"version": v}) for v in range(1, version + 1)]
    responses.append(world.get(who, "/events", params={"limit": 500}))
    responses += [world.get(who, f"/characters/{c}") for c in ("c1", "c2", "c3")]
    collected: list[Any] = []
    for response in responses:
        body = response.json()
        if isinstance(body, dict) and isinstance(body.get("events"), list):
            body["events"] = [e for e in body["events"] if e["type"] != "TableStarted"]
        collected.append(body)  # the plain reads
        collected.append(dict(response.headers))
    return collected


def playable(cards: list[str]) -> str:
    """A card to play that needs no declared suit (not a Joker)."""
    return next(card for card in cards if "JK" not in card)


def test_no_hidden_card_and_no_seed_in_any_response_of_a_normal_session(
    client: TestClient[Any],
) -> None:
    world = make_world(client, {"mode": "normal"})
    ok(world.post("mayor", "/start"))
    table = domain_table(client, world)
    state = table.game
    assert isinstance(state, FronteraState) and state.phase == 1
    assert any(z.startswith("player_deck:") and cards for z, cards in state.zones.items())
    scan(client, world, "after the face-down deal")

    participants = [
        {"character": "c1", "trait": "senses"},
        {"character": "c2", "trait": "senses"},
        {"character": "c3", "trait": "senses"},
    ]
    ok(world.post("mayor", "/tests/opposed", {"participants": participants}), 201)
    hands = {
        character: ok(world.post(who, "/tests/draw", {"character": character}))["cards"]
        for who, character in (("A", "c1"), ("B", "c2"), ("mayor", "c3"))
    }
    assert all(hands.values())
    scan(client, world, "after the draws, before any choice")
    # positive control: the scan would see a card that is there
    assert len(forbidden_cards(client, world, "p1", audit=False)) > 40
    own = json.dumps(collect_plain(world, "A"))
    assert all(card in own for card in hands["c1"])
    assert not any(card in own for card in hands["c2"])

    for who, character in (("A", "c1"), ("B", "c2")):
        ok(
            world.post(
                who,
                "/tests/choose",
                {"character": character, "cards": [playable(hands[character])]},
            )
        )
    scan(client, world, "after two choices, before the reveal")

    ok(world.post("mayor", "/tests/choose", {"character": "c3", "cards": [playable(hands["c3"])]}))
    revealed = public_cards(client, world)
    assert {playable(hands[c]) for c in hands} <= revealed
    seed = client.app.state.tables.keys(UUID(world.table)).reveal_seed()
    for who in ("A", "B", "mayor"):
        assert seed not in json.dumps(collect(world, who))

    ok(world.post("mayor", "/close"))
    assert ok(world.get("A"))["seed"] == seed
    assert ok(world.get("A", "/verify"))["verified"] is True


def test_no_hidden_card_leaks_through_a_phase_1_exchange(client: TestClient[Any]) -> None:
    """Ann (A) won a duel against Bob (B): A is shown Bob's face-down deck and picks two, then
    is shown her own and gives two; nobody else learns any of those cards."""
    world = make_world(client, {"mode": "normal"})
    ok(world.post("mayor", "/start"))
    state = domain_table(client, world).game
    assert isinstance(state, FronteraState) and state.phase == 1
    bobs = set(state.zone("player_deck:p2"))
    ok(world.post("mayor", "/exchanges/duel", {"winner": "c1", "loser": "c2"}), 201)
    scan(client, world, "A is shown B's deck", {"p1": bobs})
    # positive control: A's own reads do list Bob's deck, B's do not
    assert all(card in json.dumps(collect_plain(world, "A")) for card in bobs)
    taken = sorted(bobs)[:2]
    ok(world.post("A", "/exchanges/pick", {"cards": taken}))
    state = domain_table(client, world).game
    assert isinstance(state, FronteraState)
    anns = set(state.zone("player_deck:p1")) - set(taken)
    scan(client, world, "A is shown her own deck to give two", {"p1": bobs | anns})
    ok(world.post("A", "/exchanges/pick", {"cards": sorted(anns)[:2]}))
    state = domain_table(client, world).game
    assert isinstance(state, FronteraState) and state.exchange is None
    scan(client, world, "after the duel exchange", {"p1": bobs | anns})


def test_another_players_stepdice_sheet_is_its_public_part_only(client: TestClient[Any]) -> None:
    world = make_stepdice_world(client, "standard")
    for who, full in (("A", True), ("B", False), ("mayor", True)):
        sheet = ok(world.get(who, "/characters/c1"))
        assert (sheet["name"], sheet["hearts"], sheet["armour"]) == ("Ann", 5, True)
        for private in ("attributes", "mana", "mana_max"):
            assert (sheet[private] is not None) is full, (who, private)
    assert ok(world.get("A", "/characters/c3"))["mana"] is None
    assert world.get("A", "/characters/c9").status_code == 404


def test_another_players_asaltos_sheet_is_its_public_part_only(client: TestClient[Any]) -> None:
    """Ann (A's, RES 5) takes an abdominal L3 and a serious arm wound (+4 +2 > RES: shock):
    B reads her sheet as the Mayor does but for FUE, AGI, RES, the skills and her death
    timers' deadlines (RES tells), null; her wounds, conditions, timers and shock are seen."""
    world = make_asaltos_world(client)
    for location, level in (("A", 3), ("BD", 2)):
        wound = {"character": "c1", "location": location, "level": level, "reason": "a fall"}
        ok(world.post("mayor", "/asaltos/wounds", wound))
    full = ok(world.get("mayor", "/characters/c1"))
    assert (full["name"], full["TAM"], full["weapons"][0]["name"]) == ("Ann", 5, "espada")
    assert (full["FUE"], full["AGI"], full["RES"], full["skills"]["Espada"]) == (5, 6, 5, 5)
    assert [(w["location"], w["level"]) for w in full["wounds"]] == [("A", 3), ("BD", 2)]
    assert full["conditions"] == ["dropped_everything", "fallen", "fainted"]
    assert [(t["cause"], t["deadline"]) for t in full["timers"]] == [
        ("abdomen", 5 * 3600),
        ("shock", 5 * 60),
    ]
    assert (full["in_shock"], full["dead"]) == (True, False)
    private = dict.fromkeys(("FUE", "AGI", "RES", "skills"))
    timers = [{**timer, "deadline": None} for timer in full["timers"]]
    assert ok(world.get("A", "/characters/c1")) == full
    assert ok(world.get("B", "/characters/c1")) == {**full, **private, "timers": timers}
    assert ok(world.get("A", "/characters/c3"))["skills"] is None
    assert world.get("A", "/characters/c9").status_code == 404


def route_pattern(path: str) -> re.Pattern[str]:
    """A route's path under the table as a pattern a cell's path matches (`{number:int}`: any)."""
    tail = path.removeprefix("/tables/{table_id:uuid}")
    return re.compile(re.sub(r"\\\{[^/]*\\\}", "[^/]+", re.escape(tail)) + "$")


@pytest.mark.parametrize("system", list(RULE_SYSTEMS))
def test_each_matrix_covers_every_operation_of_its_system(system: str) -> None:
    """Each operation of the system's routes (`service/routes/<system>.py`) has a cell."""
    matrix: PermissionMatrix = provided(system, "permissions")
    routes = importlib.import_module(f"service.routes.{system}").ROUTES
    cells = {(cell.method, cell.path) for cell in matrix.endpoints.values()}
    uncovered = [
        f"{method} {path}"
        for handler in routes
        for path in handler.paths
        for method in handler.http_methods
        if not any(
            method == cell_method and route_pattern(path).match(cell_path)
            for cell_method, cell_path in cells
        )
    ]
    assert not uncovered, f"{system}'s permission matrix has no cell for {uncovered}"
