"""asaltos's part in the suite's shared checks (tests/system_support.py): its permission
matrix, the tables of its schemathesis cases, its secret checks for the hidden-roll scan and the
replay page, the session its masked figures fold."""

from __future__ import annotations

from typing import Any

import httpx
from hypothesis import strategies as st
from litestar.testing import TestClient

from domain.application import Tables
from domain.asaltos import commands as asaltos_cmd
from tests import asaltos_helpers, test_stats_asaltos
from tests import test_api_asaltos as asaltos
from tests.api_helpers import bearer, ok, seat_player
from tests.dice_http import Table, new_table
from tests.permission_matrix import Cell, World, closed, lobby
from tests.random_play import RandomSession, cast_three, claimed, playing
from tests.system_support import (
    PermissionMatrix,
    ReplayRolls,
    SchemaTables,
    SecretRolls,
    SystemSupport,
)

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
    ok(world.post("mayor", "/asaltos/attacks", asaltos.attack("c1", "c2")))


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
    "POST asaltos/attacks": Cell(
        in_tanda, "POST", "/asaltos/attacks", (403, 403, 200), asaltos.attack("c1", "c2")
    ),
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


# -- the hidden-roll scan: two blind checks, each with a modifier whose reason is a marker -----

ASALTOS_MARKERS = ("CLIMB-MARK", "HIDE-MARK")
ASALTOS_BODIES: dict[str, Any] = {
    "/asaltos/characters": {"name": "N", "sheet": asaltos.sheet()},
    "/asaltos/checks": asaltos.check("c1", "Espada"),
    "/asaltos/opposed-checks": {
        "contenders": [
            {"character": c, "skill": "Espada", "base_difficulty": 0, "modifiers": []}
            for c in ("c1", "c2")
        ]
    },
    "/asaltos/combats": {"combatants": ["c1", "c2"]},
    "/asaltos/declarations": asaltos.declare("c1", "attack"),
    "/asaltos/aims": {"character": "c1", "target": "c2"},
    "/asaltos/passes": {"character": "c1"},
    "/asaltos/moves": {"character": "c1", "metres": 1, "reason": "x"},
    "/asaltos/attacks": asaltos.attack("c1", "c2"),
    "/asaltos/wounds": {"character": "c2", "location": "P", "level": 1, "reason": "x"},
    "/asaltos/pain": {"character": "c2", "wound": 1, "base_difficulty": 0, "modifiers": []},
    "/asaltos/medicine": {
        "healer": "c1", "patient": "c2", "wound": 1, "base_difficulty": 0, "modifiers": []
    },
    "/asaltos/time": {"seconds": 60, "reason": "x", "losses": []},
    "/asaltos/rest-interruptions": {"character": "c2", "reason": "x"},
    "/asaltos/conditions/clear": {"character": "c2", "condition": "fallen", "reason": "x"},
    "/asaltos/weapons/take-up": {"character": "c1", "weapon": "espada", "hand": "BI"},
}  # fmt: skip


def asaltos_secret_table(http: httpx.Client) -> Table:
    table = new_table(http, "asaltos", [2, 9])
    asaltos.character(table, "p1", "Climber", skills={"Escalada": 5, "Espada": 5})
    asaltos.character(table, "p2", "Thief", skills={"Sigilo": 5, "Espada": 5})
    for who, skill, marker in (("c1", "Escalada", "CLIMB-MARK"), ("c2", "Sigilo", "HIDE-MARK")):
        modifier = {"amount": 1, "reason": marker}
        body = asaltos.check(who, skill, modifiers=[modifier], visibility="blind")
        answer = table.command("gm", "/asaltos/checks", body)
        assert set(answer) == {"version", "roll"}  # the answer is the roll's number, no more
    return table


#: the replay page's dice board (tests/test_replay_views.py)
REPLAY_ROLLS = ReplayRolls(
    character_path="/asaltos/characters",
    character={"name": "Vera", "sheet": {
        "FUE": 5, "AGI": 5, "RES": 5, "TAM": 5, "skills": {"Escalada": 6}, "weapons": [],
    }},
    roll_path="/asaltos/checks",
    roll={"character": "c1", "skill": "Escalada", "base_difficulty": 0, "modifiers": []},
    sides=10,
    public_face=9,
    blind_face=4,
    sheet_term="Escalada",
    event_line="asaltos.CheckMade: character=c1, checked=Escalada, roll=1, visibility=public",
    secrets=(),  # the view keeps no check result; the line gives no nested result
)  # fmt: skip


# -- random play ------------------------------------------------------------------------------


def random_play(data: st.DataObject, app: Tables) -> RandomSession:
    game = asaltos_helpers.new_session(players=2, app=app)
    played = claimed(app, game.table_id, lambda: None)
    # Trepar 10 at difficulty 0 cannot fail: a certain check, rolled by no die
    sheet = asaltos_helpers.sheet(skills={"Espada": 5, "Trepar": 10})
    cast_three(game, lambda name: asaltos_cmd.CreateCharacter(name=name, sheet=sheet))
    played.step = playing(data, game, asaltos_helpers.random_command)
    return played


SUPPORT = SystemSupport(
    permissions=PermissionMatrix(
        world=lambda client, _: make_asaltos_world(client), endpoints=ASALTOS_ENDPOINTS
    ),
    schema=SchemaTables(
        character="/asaltos/characters",
        sheet={"name": "Hero", "sheet": {"FUE": 5, "AGI": 5, "RES": 5, "TAM": 5}},
        start=None,
        tables={"asaltos": {}},
    ),
    secret_rolls=SecretRolls(
        table=asaltos_secret_table,
        markers=ASALTOS_MARKERS,
        bodies=ASALTOS_BODIES,
        shows=asaltos.shows,
    ),
    replay_rolls=REPLAY_ROLLS,
    figures_session=lambda: (test_stats_asaltos.play(), "gm"),
    random_play=random_play,
)
