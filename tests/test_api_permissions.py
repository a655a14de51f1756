"""Who may do what over HTTP, and what each caller may never read.

The permission matrix runs every endpoint for five callers (no credential, another table's
credential, player A, player B, the Mayor) on a fresh table brought to a state where the
command is valid for the right caller, and asserts the status the code promises.

The hidden-card scan collects every body and header a caller can obtain at several moments of
a normal-mode session and asserts that no card id the caller may not see (from the domain
state: face-down decks, the pile, other characters' hands) and never the seed appear in them.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from litestar.testing import TestClient

from domain.frontera import events as fe
from domain.frontera.state import DEAD_MANS_HAND, FronteraState
from domain.table import Table
from service.app import create_app
from service.settings import Settings
from tests.api_helpers import Headers, api_client, bearer, ok, seat_player
from tests.frontera_helpers import in_memory_tables

CALLERS = ("none", "foreign", "A", "B", "mayor")
NDJSON = "application/x-ndjson"
SCRIPT = ["d0:3C", "d0:9D", "d0:10S", "d0:KS", "d0:5D", "d0:8H", "d0:AD", "d0:6D"]
PROTAGONIST = {
    "traits": {"hands": 3, "senses": 4, "muscle": 3, "head": 2},
    "skills": ["brawl", "strength", "knowledge", "cunning"],
}
NPC = {
    "kind": "npc",
    "traits": {"hands": 3, "senses": 2, "muscle": 4, "head": 2},
    "skills": ["agility"],
}


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient[Any]]:
    with api_client() as test_client:
        yield test_client


@dataclass
class World:
    """A table with the Mayor, players A (p1, plays c1) and B (p2, plays c2), Billy (c3, NPC
    of the Mayor), and the credential of another table's Mayor."""

    #: a litestar TestClient, or an httpx.Client of a live server
    client: Any
    table: str
    headers: dict[str, Headers] = field(default_factory=dict)

    def post(self, who: str, path: str, body: Any = None, **kwargs: Any) -> Any:
        return self.client.post(
            f"/tables/{self.table}{path}", json=body, headers=self.headers[who], **kwargs
        )

    def get(self, who: str, path: str = "", **kwargs: Any) -> Any:
        return self.client.get(f"/tables/{self.table}{path}", headers=self.headers[who], **kwargs)


def make_world(client: Any, options: dict[str, Any]) -> World:
    created = ok(
        client.post("/tables", json={"title": "T", "mayor_name": "M", "options": options}), 201
    )
    world = World(client, created["table_id"])
    world.headers["none"] = {}
    world.headers["mayor"] = bearer(created["credential"])
    other = ok(client.post("/tables", json={"title": "Other", "mayor_name": "O"}), 201)
    world.headers["foreign"] = bearer(other["credential"])
    for name in ("A", "B"):
        world.headers[name] = seat_player(client, world.table, world.headers["mayor"], name)[1]
    assert ok(world.post("A", "/characters", {"name": "Ann", **PROTAGONIST}), 201)["id"] == "c1"
    assert ok(world.post("B", "/characters", {"name": "Bob", **PROTAGONIST}), 201)["id"] == "c2"
    assert ok(world.post("mayor", "/characters", {"name": "Billy", **NPC}), 201)["id"] == "c3"
    return world


def started(world: World) -> None:
    ok(world.post("mayor", "/start"))


def opened(world: World) -> None:
    started(world)
    trait = {"character": "c1", "trait": "senses", "difficulty": 8}
    ok(world.post("mayor", "/tests/trait", trait), 201)


def drawn(world: World) -> None:
    opened(world)
    assert ok(world.post("A", "/test/draw", {"character": "c1"}))["cards"] == SCRIPT[:4]


def closed(world: World) -> None:
    ok(world.post("mayor", "/close"))


def lobby(world: World) -> None:
    pass


def at_the_house(world: World) -> None:
    started(world)
    ok(world.post("mayor", "/house", {"character": "c1"}), 201)


def a_round_played(world: World) -> None:
    at_the_house(world)
    ok(world.post("A", "/house/round", {"character": "c1"}))


def in_combat(world: World) -> None:
    """Ann (c1), Bob (c2) and Billy (c3) within arm's reach of each other."""
    started(world)
    combatants = [{"character": c} for c in ("c1", "c2", "c3")]
    ok(world.post("mayor", "/combat", {"combatants": combatants, "range": "adjacent"}), 201)


def turn_started(world: World) -> None:
    in_combat(world)
    ok(world.post("mayor", "/combat/turns", {}), 201)


def billy_moved(world: World) -> None:
    turn_started(world)
    ok(
        world.post(
            "mayor", "/combat/declare", {"character": "c3", "action": "move", "move": "adjacent"}
        )
    )


def ann_fallen(world: World) -> None:
    started(world)
    shot = {"character": "c1", "track": "health", "change": -4, "reason": "shot"}
    ok(world.post("mayor", "/conditions", shot))


def ann_swings(world: World) -> None:
    """Ann brawls with Billy: hands 3 + brawl draws the script's first five cards."""
    billy_moved(world)
    swing = {"character": "c1", "action": "attack", "technique": "brawl", "targets": ["c3"]}
    assert ok(world.post("A", "/combat/declare", swing))["cards"] == SCRIPT[:5]


def drinking_duel(world: World) -> None:
    started(world)
    ok(world.post("mayor", "/drinking-duel", {"characters": ["c1", "c2"]}), 201)


def ann_wounded(world: World) -> None:
    started(world)
    cut = {"character": "c1", "track": "health", "change": -1, "reason": "cut"}
    ok(world.post("mayor", "/conditions", cut))


def ann_lost_a_challenge(world: World) -> None:
    """Billy (head 2) draws 3♣ 9♦ and plays 9♦; Ann (head 2 + cunning) draws 10♠ K♠ 5♦ 8♥ and
    plays 5♦: Billy wins, Ann owes an answer."""
    started(world)
    ok(world.post("mayor", "/tests/challenge", {"challenger": "c3", "challenged": "c1"}), 201)
    assert ok(world.post("mayor", "/test/draw", {"character": "c3"}))["cards"] == SCRIPT[:2]
    assert ok(world.post("A", "/test/draw", {"character": "c1"}))["cards"] == SCRIPT[2:6]
    ok(world.post("mayor", "/test/choose", {"character": "c3", "cards": ["d0:9D"]}))
    ok(world.post("A", "/test/choose", {"character": "c1", "cards": ["d0:5D"]}))


@dataclass(frozen=True)
class Cell:
    prepare: Callable[[World], None]
    method: str
    path: str
    #: status for A, B and the Mayor; no or a foreign credential is always 401
    statuses: tuple[int, int, int]
    body: Any = None
    params: dict[str, Any] | None = None
    #: the media type asked for (`Accept`), if any
    accept: str | None = None


ENDPOINTS: dict[str, Cell] = {
    "GET view": Cell(lobby, "GET", "", (200, 200, 200)),
    "GET view?version=N": Cell(lobby, "GET", "", (200, 200, 200), params={"version": 2}),
    "GET view?audit=true": Cell(lobby, "GET", "", (403, 403, 200), params={"audit": True}),
    "GET events": Cell(lobby, "GET", "/events", (200, 200, 200)),
    "GET events?audit=true": Cell(lobby, "GET", "/events", (403, 403, 200), params={"audit": True}),
    "GET stats": Cell(lobby, "GET", "/stats", (200, 200, 200)),
    "GET stats?audit=true": Cell(lobby, "GET", "/stats", (403, 403, 200), params={"audit": True}),
    "GET events (NDJSON)": Cell(lobby, "GET", "/events", (200, 200, 200), accept=NDJSON),
    "GET events?audit=true (NDJSON)": Cell(
        lobby, "GET", "/events", (403, 403, 200), params={"audit": True}, accept=NDJSON
    ),
    "GET characters/c1": Cell(lobby, "GET", "/characters/c1", (200, 200, 200)),
    "GET characters/c3": Cell(lobby, "GET", "/characters/c3", (200, 200, 200)),
    "GET verify (open table)": Cell(lobby, "GET", "/verify", (409, 409, 409)),
    "GET verify (closed table)": Cell(closed, "GET", "/verify", (200, 200, 200)),
    "GET tests/1": Cell(opened, "GET", "/tests/1", (200, 200, 200)),
    "GET tests/1?audit=true": Cell(
        opened, "GET", "/tests/1", (403, 403, 200), params={"audit": True}
    ),
    "POST fork": Cell(lobby, "POST", "/fork", (403, 403, 201), {"version": 2, "title": "What if"}),
    "POST seats": Cell(lobby, "POST", "/seats", (403, 403, 201), {"name": "Zed"}),
    "POST seats/p2/invitation": Cell(lobby, "POST", "/seats/p2/invitation", (403, 403, 201)),
    # a claim proves itself with the invitation, whoever sends it: a wrong one is a 401
    "POST seats/p2/claim": Cell(
        lobby, "POST", "/seats/p2/claim", (401, 401, 401), {"invitation": "p2.1." + "0" * 64}
    ),
    "POST credential": Cell(lobby, "POST", "/credential", (200, 200, 200)),
    "POST weapons": Cell(
        lobby,
        "POST",
        "/weapons",
        (403, 403, 200),
        {
            "weapon": {
                "name": "derringer",
                "damage": 1,
                "ranges": {"adjacent": 0, "short": 0, "medium": -2, "long": None},
            }
        },
    ),
    "POST weapons/remove": Cell(lobby, "POST", "/weapons/remove", (403, 403, 200), {"name": "bow"}),
    "POST combat": Cell(
        started,
        "POST",
        "/combat",
        (403, 403, 201),
        {"combatants": [{"character": "c1"}, {"character": "c3"}]},
    ),
    "POST combat/update": Cell(
        in_combat,
        "POST",
        "/combat/update",
        (403, 403, 200),
        {"reason": "Ann ducks", "combatants": [{"character": "c1", "cover": "partial"}]},
    ),
    "POST combat/turns": Cell(in_combat, "POST", "/combat/turns", (403, 403, 201), {}),
    "POST combat/declare (c3, the Mayor's)": Cell(
        turn_started,
        "POST",
        "/combat/declare",
        (403, 403, 200),
        {"character": "c3", "action": "move", "move": "adjacent"},
    ),
    "POST combat/declare (c1, A's)": Cell(
        billy_moved,
        "POST",
        "/combat/declare",
        (200, 403, 403),
        {"character": "c1", "action": "move", "move": "adjacent"},
    ),
    "POST combat/attacks (c1, A's)": Cell(
        ann_swings,
        "POST",
        "/combat/attacks",
        (200, 403, 403),
        {"character": "c1", "attacks": [{"card": "d0:10S", "target": "c3"}]},
    ),
    "POST combat/end": Cell(in_combat, "POST", "/combat/end", (403, 403, 200), {"reason": "r"}),
    "POST tests/pistol-duel": Cell(
        started,
        "POST",
        "/tests/pistol-duel",
        (403, 403, 201),
        {"duellists": [{"character": "c1"}, {"character": "c3"}]},
    ),
    "POST tests/survival": Cell(
        ann_fallen, "POST", "/tests/survival", (403, 403, 201), {"character": "c1"}
    ),
    "POST seats/remove": Cell(
        lobby, "POST", "/seats/remove", (403, 403, 200), {"seat": "p2", "reason": "gone"}
    ),
    "POST start": Cell(lobby, "POST", "/start", (403, 403, 200)),
    "POST close": Cell(lobby, "POST", "/close", (403, 403, 200)),
    # a protagonist for the caller's own seat: the Mayor plays no protagonist
    "POST characters (own protagonist)": Cell(
        lobby, "POST", "/characters", (201, 201, 422), {"name": "New", **PROTAGONIST}
    ),
    "POST characters (protagonist for p1)": Cell(
        lobby, "POST", "/characters", (201, 403, 201), {"name": "New", "seat": "p1", **PROTAGONIST}
    ),
    "POST characters (npc)": Cell(
        lobby, "POST", "/characters", (403, 403, 201), {"name": "New", **NPC}
    ),
    "POST tests/trait": Cell(
        started, "POST", "/tests/trait", (403, 403, 201), {"character": "c1", "trait": "senses"}
    ),
    "POST tests/opposed": Cell(
        started,
        "POST",
        "/tests/opposed",
        (403, 403, 201),
        {
            "participants": [
                {"character": "c1", "trait": "muscle"},
                {"character": "c3", "trait": "muscle"},
            ]
        },
    ),
    "POST tests/dead-mans-hand": Cell(
        started, "POST", "/tests/dead-mans-hand", (403, 403, 201), {"character": "c1"}
    ),
    "POST test/draw (c1, A's)": Cell(
        opened, "POST", "/test/draw", (200, 403, 403), {"character": "c1"}
    ),
    "POST test/choose (c1, A's)": Cell(
        drawn, "POST", "/test/choose", (200, 403, 403), {"character": "c1", "cards": ["d0:3C"]}
    ),
    "POST test/cancel": Cell(opened, "POST", "/test/cancel", (403, 403, 200), {"reason": "r"}),
    # card exchanges: Normal mode only (this table plays without card management)
    "POST exchanges/bet": Cell(
        started, "POST", "/exchanges/bet", (403, 403, 409), {"tied": ["c1", "c2"]}
    ),
    "POST exchanges/duel": Cell(
        started, "POST", "/exchanges/duel", (403, 403, 409), {"winner": "c1", "loser": "c2"}
    ),
    "POST exchanges/pick": Cell(started, "POST", "/exchanges/pick", (409, 409, 409), {"cards": []}),
    "POST exchanges/keep": Cell(
        started, "POST", "/exchanges/keep", (409, 409, 409), {"character": "c1"}
    ),
    "POST exchanges/swap": Cell(
        started, "POST", "/exchanges/swap", (409, 409, 409), {"character": "c1"}
    ),
    "POST exchanges/cancel": Cell(
        started, "POST", "/exchanges/cancel", (403, 403, 409), {"reason": "r"}
    ),
    "POST loot": Cell(
        started, "POST", "/loot", (403, 403, 409), {"characters": ["c1", "c2"], "reason": "r"}
    ),
    "POST treasure/seed": Cell(
        started, "POST", "/treasure/seed", (403, 403, 409), {"cards": 3, "reason": "r"}
    ),
    "POST seats/late-joiner": Cell(
        started,
        "POST",
        "/seats/late-joiner",
        (403, 403, 409),
        {"seat": "p2", "way": "new_deck", "reason": "r"},
    ),
    "POST characters/leave": Cell(
        started, "POST", "/characters/leave", (403, 403, 409), {"character": "c1", "reason": "r"}
    ),
    # gambling
    "POST money": Cell(
        lobby, "POST", "/money", (403, 403, 200), {"character": "c1", "money": 5, "reason": "r"}
    ),
    "POST house": Cell(started, "POST", "/house", (403, 403, 201), {"character": "c1"}),
    "POST house/round (c1, A's)": Cell(
        at_the_house, "POST", "/house/round", (200, 403, 403), {"character": "c1"}
    ),
    "POST house/close": Cell(
        a_round_played, "POST", "/house/close", (403, 403, 200), {"reason": "fire"}
    ),
    "POST house/stop (c1, A's)": Cell(
        a_round_played, "POST", "/house/stop", (201, 403, 403), {"character": "c1"}
    ),
    "POST games/chance": Cell(
        started, "POST", "/games/chance", (403, 403, 201), {"participants": ["c1", "c2"]}
    ),
    "POST games/skill": Cell(
        started,
        "POST",
        "/games/skill",
        (403, 403, 201),
        {
            "participants": [
                {"character": "c1", "trait": "hands"},
                {"character": "c2", "trait": "hands", "skill": "brawl"},
            ],
            "stake": 5,
        },
    ),
    "POST conditions": Cell(
        started,
        "POST",
        "/conditions",
        (403, 403, 200),
        {"character": "c1", "track": "health", "change": -1, "reason": "shot"},
    ),
    "POST drinks (c1, A's)": Cell(
        started, "POST", "/drinks", (200, 403, 200), {"character": "c1", "drinks": 2}
    ),
    "POST drinking-duel": Cell(
        started, "POST", "/drinking-duel", (403, 403, 201), {"characters": ["c1", "c3"]}
    ),
    "POST drinking-duel/end": Cell(
        drinking_duel, "POST", "/drinking-duel/end", (403, 403, 200), {"reason": "closing time"}
    ),
    "POST accidents": Cell(
        started,
        "POST",
        "/accidents",
        (403, 403, 200),
        {"character": "c1", "cause": "fall", "metres": 10, "reason": "the roof"},
    ),
    "POST threats": Cell(
        started, "POST", "/threats", (403, 403, 200), {"character": "c1", "reason": "a bear"}
    ),
    "POST tests/challenge": Cell(
        started,
        "POST",
        "/tests/challenge",
        (403, 403, 201),
        {"challenger": "c3", "challenged": "c1"},
    ),
    "POST tests/provoke": Cell(
        started, "POST", "/tests/provoke", (403, 403, 201), {"provoker": "c1", "provoked": "c3"}
    ),
    "POST challenges/answer (c1, A's)": Cell(
        ann_lost_a_challenge,
        "POST",
        "/challenges/answer",
        (200, 403, 403),
        {"character": "c1", "accept": False},
    ),
    "POST tests/medical-care": Cell(
        ann_wounded,
        "POST",
        "/tests/medical-care",
        (403, 403, 201),
        {"healer": "c2", "patient": "c1"},
    ),
    "POST time": Cell(
        ann_wounded,
        "POST",
        "/time",
        (403, 403, 200),
        {"amount": 8, "unit": "hours", "resting": ["c1"], "reason": "night"},
    ),
}


def check_cell(world: Any, cell: Any, caller: str) -> None:
    """One cell of a matrix: the caller's status; a refusal is problem+json, appends nothing,
    and a 401 names its scheme."""
    cell.prepare(world)
    before = ok(world.get("mayor", "/events", params={"limit": 500}))["version"]
    expected = dict(zip(("A", "B", "mayor"), cell.statuses, strict=True))
    expected.update(none=401, foreign=401)

    accept = {"Accept": cell.accept} if cell.accept else {}
    response = world.client.request(
        cell.method,
        f"/tables/{world.table}{cell.path}",
        json=cell.body,
        params=cell.params,
        headers={**world.headers[caller], **accept},
    )

    assert response.status_code == expected[caller], response.text
    if response.status_code < 300 and cell.accept:
        assert response.headers["content-type"].startswith(cell.accept)
    if response.status_code >= 400:
        assert response.headers["content-type"].startswith("application/problem+json")
        assert response.json()["status"] == response.status_code
        after = ok(world.get("mayor", "/events", params={"limit": 500}))["version"]
        assert after == before, "a rejected command appended events"
    if response.status_code == 401:
        assert response.headers["www-authenticate"].startswith("Bearer")


@pytest.mark.parametrize("caller", CALLERS)
@pytest.mark.parametrize("endpoint", list(ENDPOINTS))
def test_permission_matrix(client: TestClient[Any], endpoint: str, caller: str) -> None:
    cell = ENDPOINTS[endpoint]
    world = make_world(client, {"mode": "no_management", "scripted_order": SCRIPT})
    check_cell(world, cell, caller)


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
        responses.append(world.post(who, "/test/draw", {"character": character}))
        responses.append(
            world.post(who, "/test/choose", {"character": character, "cards": ["d0:XX"]})
        )
        responses.append(world.post(who, "/test/choose", {"character": character, "cards": []}))
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
        character: ok(world.post(who, "/test/draw", {"character": character}))["cards"]
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
                who, "/test/choose", {"character": character, "cards": [playable(hands[character])]}
            )
        )
    scan(client, world, "after two choices, before the reveal")

    ok(world.post("mayor", "/test/choose", {"character": "c3", "cards": [playable(hands["c3"])]}))
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


# -- stepdice: every endpoint of the system, and the shared ones on its tables ----------------

STEPDICE_SCRIPT = [10, 1, 1, 1, 1, 1]
DICE = {"fuerza": 10, "agilidad": 10, "destreza": 10, "magia": 10}
RANKS = {"fuerza": "novato", "agilidad": "novato", "destreza": "novato", "magia": "novato"}


def make_stepdice_world(client: TestClient[Any], variant: str) -> World:
    """A stepdice table: the game master ("gm"), players A (p1, plays c1, protected) and B
    (p2, plays c2, 1 Heart), the game master's NPC c3, a pawn e1; another table's GM."""
    script = STEPDICE_SCRIPT if variant == "standard" else []  # the solo cells roll nothing
    options = {"variant": variant, "scripted_rolls": script}
    created = ok(
        client.post(
            "/tables",
            json={"title": "T", "mayor_name": "M", "system": "stepdice", "options": options},
        ),
        201,
    )
    world = World(client, created["table_id"])
    world.headers["none"] = {}
    world.headers["mayor"] = bearer(created["credential"])
    other = ok(client.post("/tables", json={"title": "O", "mayor_name": "O"}), 201)
    world.headers["foreign"] = bearer(other["credential"])
    for name in ("A", "B"):
        world.headers[name] = seat_player(client, world.table, world.headers["mayor"], name)[1]
    sheet = {"ranks": RANKS} if variant == "solo-d6" else {"attributes": DICE}
    for who, body, expected in (
        ("A", {"name": "Ann", "protected": True, **sheet}, "c1"),
        ("B", {"name": "Bob", **sheet}, "c2"),
        ("mayor", {"name": "Guide", **sheet}, "c3"),
    ):
        assert ok(world.post(who, "/stepdice/characters", body), 201)["id"] == expected
    frail = {"character": "c2", "hearts_max": 1, "reason": "frail"}
    ok(world.post("mayor", "/stepdice/maxima", frail))
    pawn = {"name": "Pawn", "category": "peon"}
    assert ok(world.post("mayor", "/stepdice/enemies", pawn), 201)["id"] == "e1"
    return world


def _test(character: str = "c1", **extra: Any) -> dict[str, Any]:
    return {
        "character": character,
        "attribute": "agilidad",
        "grade": "normal",
        "shifts": [],
        "helper": None,
        **extra,
    }


def an_exceptional_roll(world: World) -> None:
    """Roll 1: 10 on a d10, owed a benefit."""
    ok(world.post("mayor", "/stepdice/tests", _test()))


def a_failed_roll(world: World) -> None:
    """Roll 2: a 1, owed a complication."""
    an_exceptional_roll(world)
    ok(world.post("mayor", "/stepdice/tests", _test()))


def a_missed_attack(world: World) -> None:
    """Roll 2: an attack on the pawn with a 1, owed Venganza."""
    an_exceptional_roll(world)
    attack: dict[str, Any] = {
        "character": "c1",
        "enemy": "e1",
        "kind": "melee",
        "shifts": [],
        "helper": None,
    }
    ok(world.post("mayor", "/stepdice/attacks", attack))


def a_blind_roll(world: World) -> None:
    ok(world.post("mayor", "/stepdice/tests", _test(visibility="blind")))


def ann_offered_armour(world: World) -> None:
    ok(world.post("mayor", "/stepdice/hits", {"character": "c1", "reason": "an arrow"}))


def bob_downed(world: World) -> None:
    ok(world.post("mayor", "/stepdice/hits", {"character": "c2", "reason": "an arrow"}))


def a_clock(world: World) -> None:
    clock = {"name": "Guards", "steps": 3, "consequence": "alarm"}
    assert ok(world.post("mayor", "/stepdice/clocks", clock), 201)["id"] == "k1"


@dataclass(frozen=True)
class StepdiceCell(Cell):
    variant: str = "standard"


CAST = {"effect": "a barrier", "level": "estandar", "cost": 1, "shifts": [], "helper": None}
STEPDICE_ENDPOINTS: dict[str, StepdiceCell] = {
    "GET view": StepdiceCell(lobby, "GET", "", (200, 200, 200)),
    "GET view?audit=true": StepdiceCell(lobby, "GET", "", (403, 403, 200), params={"audit": True}),
    "GET events": StepdiceCell(lobby, "GET", "/events", (200, 200, 200)),
    "GET characters/c1": StepdiceCell(lobby, "GET", "/characters/c1", (200, 200, 200)),
    "GET verify (closed table)": StepdiceCell(closed, "GET", "/verify", (200, 200, 200)),
    "POST fork": StepdiceCell(
        a_blind_roll, "POST", "/fork", (403, 403, 201), {"version": 3, "title": "What if"}
    ),
    "POST rolls/reveal": StepdiceCell(
        a_blind_roll, "POST", "/rolls/reveal", (403, 403, 200), {"rolls": [1], "reason": "r"}
    ),
    "POST close": StepdiceCell(lobby, "POST", "/close", (403, 403, 200)),
    "POST stepdice/characters (own)": StepdiceCell(
        lobby, "POST", "/stepdice/characters", (201, 201, 201), {"name": "N", "attributes": DICE}
    ),
    "POST stepdice/characters (for p1)": StepdiceCell(
        lobby,
        "POST",
        "/stepdice/characters",
        (201, 403, 201),
        {"name": "N", "attributes": DICE, "seat": "p1"},
    ),
    "POST stepdice/maxima": StepdiceCell(
        lobby,
        "POST",
        "/stepdice/maxima",
        (403, 403, 200),
        {"character": "c1", "hearts_max": 6, "mana_max": 4, "reason": "a blessing"},
    ),
    "POST stepdice/enemies": StepdiceCell(
        lobby, "POST", "/stepdice/enemies", (403, 403, 201), {"name": "B", "category": "jefe"}
    ),
    "POST stepdice/scenes": StepdiceCell(
        lobby, "POST", "/stepdice/scenes", (403, 403, 200), {"reason": "later"}
    ),
    "POST stepdice/tests": StepdiceCell(lobby, "POST", "/stepdice/tests", (403, 403, 200), _test()),
    "POST stepdice/tests (blind)": StepdiceCell(
        lobby, "POST", "/stepdice/tests", (403, 403, 200), _test(visibility="blind")
    ),
    "POST stepdice/attacks": StepdiceCell(
        lobby,
        "POST",
        "/stepdice/attacks",
        (403, 403, 200),
        {"character": "c1", "enemy": "e1", "kind": "melee", "shifts": [], "helper": None},
    ),
    "POST stepdice/casts": StepdiceCell(
        lobby, "POST", "/stepdice/casts", (403, 403, 200), {"character": "c1", **CAST}
    ),
    "POST stepdice/benefits": StepdiceCell(
        an_exceptional_roll,
        "POST",
        "/stepdice/benefits",
        (403, 403, 200),
        {"roll": 1, "benefit": "extra_benefit", "description": "quiet"},
    ),
    "POST stepdice/complications": StepdiceCell(
        a_failed_roll,
        "POST",
        "/stepdice/complications",
        (403, 403, 200),
        {"roll": 2, "complication": "noise"},
    ),
    "POST stepdice/venganza": StepdiceCell(
        a_missed_attack,
        "POST",
        "/stepdice/venganza",
        (403, 403, 200),
        {"roll": 2, "reach": True, "effect": "heart"},
    ),
    "POST stepdice/hits": StepdiceCell(
        lobby, "POST", "/stepdice/hits", (403, 403, 200), {"character": "c1", "reason": "r"}
    ),
    "POST stepdice/armour/spend (c1, A's)": StepdiceCell(
        ann_offered_armour, "POST", "/stepdice/armour/spend", (200, 403, 403), {"character": "c1"}
    ),
    "POST stepdice/armour/decline (c1, A's)": StepdiceCell(
        ann_offered_armour,
        "POST",
        "/stepdice/armour/decline",
        (200, 403, 403),
        {"character": "c1"},
    ),
    # the helper's player raises; the game master may too (its commands are the turn order)
    "POST stepdice/raise (helper c1, A's)": StepdiceCell(
        bob_downed,
        "POST",
        "/stepdice/raise",
        (200, 403, 200),
        {"helper": "c1", "character": "c2", "how": "lifts"},
    ),
    "POST stepdice/clocks": StepdiceCell(
        lobby,
        "POST",
        "/stepdice/clocks",
        (403, 403, 201),
        {"name": "Guards", "steps": 3, "consequence": "alarm"},
    ),
    "POST stepdice/clocks/advance": StepdiceCell(
        a_clock, "POST", "/stepdice/clocks/advance", (403, 403, 200), {"clock": "k1", "reason": "r"}
    ),
    "POST stepdice/rests": StepdiceCell(
        lobby, "POST", "/stepdice/rests", (403, 403, 200), {"characters": ["c1"], "reason": "r"}
    ),
    "POST stepdice/advances (solo)": StepdiceCell(
        lobby,
        "POST",
        "/stepdice/advances",
        (403, 403, 200),
        {"character": "c1", "advance": "rank", "attribute": "fuerza", "reason": "r"},
        variant="solo-d6",
    ),
    "POST stepdice/advances (standard)": StepdiceCell(
        lobby,
        "POST",
        "/stepdice/advances",
        (403, 403, 409),
        {"character": "c1", "advance": "heart", "reason": "r"},
    ),
}


@pytest.mark.parametrize("caller", CALLERS)
@pytest.mark.parametrize("endpoint", list(STEPDICE_ENDPOINTS))
def test_stepdice_permission_matrix(client: TestClient[Any], endpoint: str, caller: str) -> None:
    cell = STEPDICE_ENDPOINTS[endpoint]
    world = make_stepdice_world(client, cell.variant)
    check_cell(world, cell, caller)


def test_another_players_stepdice_sheet_is_its_public_part_only(client: TestClient[Any]) -> None:
    world = make_stepdice_world(client, "standard")
    for who, full in (("A", True), ("B", False), ("mayor", True)):
        sheet = ok(world.get(who, "/characters/c1"))
        assert (sheet["name"], sheet["hearts"], sheet["armour"]) == ("Ann", 5, True)
        for private in ("attributes", "mana", "mana_max"):
            assert (sheet[private] is not None) is full, (who, private)
    assert ok(world.get("A", "/characters/c3"))["mana"] is None
    assert world.get("A", "/characters/c9").status_code == 404


# -- asaltos: every endpoint of the system, and the shared ones on its tables -----------------

ASALTOS_SCRIPT = [2, 1, 5, 3, 3, 3]
ASALTOS_SWORD = {"name": "espada", "code": "1/2-3/4-9/10", "type": "cortante", "skill": "Espada"}
ASALTOS_BOW = {
    "name": "arco",
    "code": "1-3/4-6/7-9/10",
    "type": "perforante",
    "reach": "projectile",
    "skill": "Arco",
}


def asaltos_sheet(agi: int) -> dict[str, Any]:
    skills = {"Espada": 5, "Arco": 5, "Esquivar": 5, "Medicina": 5}
    weapons = [{**ASALTOS_SWORD, "actions": 2}, ASALTOS_BOW]
    return {"FUE": 5, "AGI": agi, "RES": 5, "TAM": 5, "skills": skills, "weapons": weapons}


def make_asaltos_world(client: TestClient[Any]) -> World:
    """An asaltos table: the game master ("gm"), players A (p1, plays c1, AGI 6) and B (p2,
    plays c2, AGI 5), the game master's NPC c3 (AGI 4); another table's GM."""
    options = {"scripted_rolls": ASALTOS_SCRIPT}
    created = ok(
        client.post(
            "/tables",
            json={"title": "T", "mayor_name": "M", "system": "asaltos", "options": options},
        ),
        201,
    )
    world = World(client, created["table_id"])
    world.headers["none"] = {}
    world.headers["mayor"] = bearer(created["credential"])
    other = ok(client.post("/tables", json={"title": "O", "mayor_name": "O"}), 201)
    world.headers["foreign"] = bearer(other["credential"])
    for name in ("A", "B"):
        world.headers[name] = seat_player(client, world.table, world.headers["mayor"], name)[1]
    for who, name, agi, expected in (
        ("A", "Ann", 6, "c1"),
        ("B", "Bob", 5, "c2"),
        ("mayor", "Guard", 4, "c3"),
    ):
        body = {"name": name, "sheet": asaltos_sheet(agi)}
        assert ok(world.post(who, "/asaltos/characters", body), 201)["id"] == expected
    return world


def _check(**extra: Any) -> dict[str, Any]:
    return {"character": "c1", "skill": "Espada", "base_difficulty": 0, "modifiers": [], **extra}


def _attack(**extra: Any) -> dict[str, Any]:
    return {
        "attacker": "c1",
        "target": "c2",
        "base_difficulty": 0,
        "modifiers": [],
        "other_modifiers": [],
        "location": None,
        "surprise": False,
        "reaction": "none",
        "defender_base_difficulty": None,
        "defender_modifiers": [],
        "defender_other_modifiers": [],
        **extra,
    }


def _wound(character: str, level: int, location: str = "BI") -> dict[str, Any]:
    return {"character": character, "location": location, "level": level, "reason": "a fall"}


def asaltos_in_combat(world: World) -> None:
    ok(world.post("mayor", "/asaltos/combats", {"combatants": ["c1", "c2", "c3"]}))


def ann_declared(world: World) -> None:
    asaltos_in_combat(world)
    attack = {"character": "c1", "actions": [{"kind": "attack", "weapon": "espada"}]}
    ok(world.post("A", "/asaltos/declarations", attack))


def in_tanda(world: World) -> None:
    ann_declared(world)
    ok(world.post("mayor", "/asaltos/tandas", {}))


def ann_to_move(world: World) -> None:
    """Ann's declared `other` action waits in the first tanda."""
    asaltos_in_combat(world)
    other = {"character": "c1", "actions": [{"kind": "other"}]}
    ok(world.post("A", "/asaltos/declarations", other))
    ok(world.post("mayor", "/asaltos/tandas", {}))


def hit_pending(world: World) -> None:
    """Roll 1: Ann's 2 hits Bob; the damage waits."""
    in_tanda(world)
    ok(world.post("mayor", "/asaltos/attacks", _attack()))


def ann_lightly_wounded_in_combat(world: World) -> None:
    asaltos_in_combat(world)
    ok(world.post("mayor", "/asaltos/wounds", _wound("c1", 1)))


def bob_seriously_wounded(world: World) -> None:
    ok(world.post("mayor", "/asaltos/wounds", _wound("c2", 2)))


def bob_fallen(world: World) -> None:
    """A severed arm fells Bob [001:66], a fall the game master may end (a broken leg's he
    may not [001:65])."""
    ok(world.post("mayor", "/asaltos/wounds", _wound("c2", 4, "BI")))


def ann_disarmed(world: World) -> None:
    """Ann's broken right arm drops her sword [001:65]."""
    ok(world.post("mayor", "/asaltos/wounds", _wound("c1", 3, "BD")))


def an_asaltos_blind_check(world: World) -> None:
    ok(world.post("mayor", "/asaltos/checks", _check(visibility="blind")))


ASALTOS_ENDPOINTS: dict[str, Cell] = {
    "GET view": Cell(lobby, "GET", "", (200, 200, 200)),
    "GET view?audit=true": Cell(lobby, "GET", "", (403, 403, 200), params={"audit": True}),
    "GET events": Cell(lobby, "GET", "/events", (200, 200, 200)),
    "GET characters/c1": Cell(lobby, "GET", "/characters/c1", (200, 200, 200)),
    "GET verify (closed table)": Cell(closed, "GET", "/verify", (200, 200, 200)),
    "POST fork": Cell(
        an_asaltos_blind_check, "POST", "/fork", (403, 403, 201), {"version": 3, "title": "If"}
    ),
    "POST rolls/reveal": Cell(
        an_asaltos_blind_check,
        "POST",
        "/rolls/reveal",
        (403, 403, 200),
        {"rolls": [1], "reason": "r"},
    ),
    "POST close": Cell(lobby, "POST", "/close", (403, 403, 200)),
    "POST asaltos/characters": Cell(
        lobby,
        "POST",
        "/asaltos/characters",
        (201, 201, 201),
        {"name": "N", "sheet": asaltos_sheet(5)},
    ),
    "POST asaltos/checks": Cell(lobby, "POST", "/asaltos/checks", (403, 403, 200), _check()),
    "POST asaltos/checks (blind)": Cell(
        lobby, "POST", "/asaltos/checks", (403, 403, 200), _check(visibility="blind")
    ),
    "POST asaltos/opposed-checks": Cell(
        lobby,
        "POST",
        "/asaltos/opposed-checks",
        (403, 403, 200),
        {"contenders": [_check(), _check(character="c2")], "visibility": "gm"},
    ),
    "POST asaltos/combats": Cell(
        lobby, "POST", "/asaltos/combats", (403, 403, 200), {"combatants": ["c1", "c2"]}
    ),
    "POST asaltos/rounds": Cell(asaltos_in_combat, "POST", "/asaltos/rounds", (403, 403, 200), {}),
    "POST asaltos/declarations (c1, A's)": Cell(
        asaltos_in_combat,
        "POST",
        "/asaltos/declarations",
        (200, 403, 403),
        {"character": "c1", "actions": [{"kind": "parry", "weapon": "espada"}]},
    ),
    "POST asaltos/aims (c1, A's)": Cell(
        asaltos_in_combat,
        "POST",
        "/asaltos/aims",
        (200, 403, 403),
        {"character": "c1", "target": "c3"},
    ),
    "POST asaltos/tandas": Cell(ann_declared, "POST", "/asaltos/tandas", (403, 403, 200), {}),
    "POST asaltos/passes (c1, A's)": Cell(
        in_tanda, "POST", "/asaltos/passes", (200, 403, 403), {"character": "c1"}
    ),
    "POST asaltos/moves": Cell(
        ann_to_move,
        "POST",
        "/asaltos/moves",
        (403, 403, 200),
        {"character": "c1", "metres": 6, "reason": "to the door"},
    ),
    "POST asaltos/attacks": Cell(in_tanda, "POST", "/asaltos/attacks", (403, 403, 200), _attack()),
    "POST asaltos/damage": Cell(hit_pending, "POST", "/asaltos/damage", (403, 403, 200), {}),
    "POST asaltos/wounds": Cell(lobby, "POST", "/asaltos/wounds", (403, 403, 200), _wound("c1", 1)),
    "POST asaltos/pain": Cell(
        ann_lightly_wounded_in_combat,
        "POST",
        "/asaltos/pain",
        (403, 403, 200),
        {"character": "c1", "wound": 1, "base_difficulty": 0, "modifiers": []},
    ),
    "POST asaltos/medicine": Cell(
        bob_seriously_wounded,
        "POST",
        "/asaltos/medicine",
        (403, 403, 200),
        {"healer": "c1", "patient": "c2", "wound": 1, "base_difficulty": 0, "modifiers": []},
    ),
    "POST asaltos/time": Cell(
        lobby,
        "POST",
        "/asaltos/time",
        (403, 403, 200),
        {"seconds": 60, "reason": "r", "losses": []},
    ),
    "POST asaltos/rest-interruptions": Cell(
        bob_seriously_wounded,
        "POST",
        "/asaltos/rest-interruptions",
        (403, 403, 200),
        {"character": "c2", "reason": "a ride"},
    ),
    "POST asaltos/conditions/clear": Cell(
        bob_fallen,
        "POST",
        "/asaltos/conditions/clear",
        (403, 403, 200),
        {"character": "c2", "condition": "fallen", "reason": "helped up"},
    ),
    "POST asaltos/weapons/take-up (c1, A's)": Cell(
        ann_disarmed,
        "POST",
        "/asaltos/weapons/take-up",
        (200, 403, 403),
        {"character": "c1", "weapon": "espada", "hand": "BI"},
    ),
    "POST asaltos/combats/end": Cell(
        asaltos_in_combat, "POST", "/asaltos/combats/end", (403, 403, 200), {}
    ),
}


@pytest.mark.parametrize("caller", CALLERS)
@pytest.mark.parametrize("endpoint", list(ASALTOS_ENDPOINTS))
def test_asaltos_permission_matrix(client: TestClient[Any], endpoint: str, caller: str) -> None:
    cell = ASALTOS_ENDPOINTS[endpoint]
    world = make_asaltos_world(client)
    check_cell(world, cell, caller)


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


@pytest.mark.parametrize(
    ("system", "endpoints"), [("stepdice", STEPDICE_ENDPOINTS), ("asaltos", ASALTOS_ENDPOINTS)]
)
def test_each_dice_matrix_covers_every_operation_of_its_system(
    system: str, endpoints: dict[str, Any]
) -> None:
    document = json.loads((Path(__file__).parent.parent / "openapi" / "openapi.json").read_text())
    operations = {
        path.removeprefix("/tables/{table_id}")
        for path, item in document["paths"].items()
        if f"/{system}/" in path and "post" in item
    }
    assert operations == {cell.path for cell in endpoints.values() if system in cell.path}
