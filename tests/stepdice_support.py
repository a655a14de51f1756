"""stepdice's part in the suite's shared checks (tests/system_support.py): its permission
matrix, the tables of its schemathesis cases, its secret rolls for the hidden-roll scan and the
replay page, the session its masked figures fold."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import httpx
from hypothesis import strategies as st
from litestar.testing import TestClient

from domain.application import Tables
from domain.stepdice import commands as stepdice_cmd
from tests import stepdice_helpers, test_stats_stepdice
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
from tests.test_api_stepdice import character, roll_test, sheet, shows

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


# -- the hidden-roll scan: two blind tests, each ruling worded with a marker -------------------

MARKERS = ("BENEFIT-MARK", "COMPLICATION-MARK")
UNHELPED: dict[str, Any] = {"shifts": [], "helper": None}
#: bodies that name the secret rolls (1 and 2) or their characters; other commands get `{}`
BODIES: dict[str, Any] = {
    "/stepdice/characters": {"name": "N", "attributes": sheet()},
    "/stepdice/enemies": {"name": "B", "category": "jefe"},
    "/stepdice/scenes": {"reason": "later"},
    "/stepdice/tests": roll_test("c1", "agilidad"),
    "/stepdice/attacks": {"character": "c1", "enemy": "e1", "kind": "melee", **UNHELPED},
    "/stepdice/casts": {"character": "c1", "effect": "x", "level": "truco", "cost": 0, **UNHELPED},
    "/stepdice/benefits": {"roll": 1, "benefit": "larger_effect", "description": "x"},
    "/stepdice/complications": {"roll": 2, "complication": "x"},
    "/stepdice/venganza": {"roll": 2, "reach": True, "effect": "heart"},
    "/stepdice/hits": {"character": "c2", "reason": "x"},
    "/stepdice/armour/spend": {"character": "c1"},
    "/stepdice/armour/decline": {"character": "c1"},
    "/stepdice/raise": {"helper": "c1", "character": "c2", "how": "x"},
    "/stepdice/clocks": {"name": "k", "steps": 2, "consequence": "x"},
    "/stepdice/clocks/advance": {"clock": "k1", "reason": "x"},
    "/stepdice/rests": {"characters": ["c2"], "reason": "x"},
    "/stepdice/advances": {"character": "c1", "advance": "heart", "reason": "x"},
}  # fmt: skip


def secret_table(http: httpx.Client) -> Table:
    table = new_table(http, "stepdice", [10, 1, 5, 5])
    character(table, "p1", "Rogue", attributes=sheet())
    character(table, "p2", "Warrior", attributes=sheet())
    table.command("gm", "/stepdice/enemies", {"name": "Pawn", "category": "peon"}, 201)
    for who, marker in (("c1", "BENEFIT-MARK"), ("c2", "COMPLICATION-MARK")):
        answer = table.command(
            "gm", "/stepdice/tests", roll_test(who, "agilidad", visibility="blind")
        )
        assert set(answer) == {"version", "roll"}  # the answer is the roll's number, no more
        if who == "c1":
            ruling = {"roll": answer["roll"], "benefit": "extra_benefit", "description": marker}
            table.command("gm", "/stepdice/benefits", ruling)
        else:
            table.command(
                "gm", "/stepdice/complications", {"roll": answer["roll"], "complication": marker}
            )
    return table


def _stepdice_world(client: Any, cell: Cell) -> World:
    return make_stepdice_world(client, getattr(cell, "variant", "standard"))


#: the replay page's dice board (tests/test_replay_views.py)
REPLAY_ROLLS = ReplayRolls(
    character_path="/stepdice/characters",
    character={
        "name": "Vera",
        "attributes": {"fuerza": 10, "agilidad": 12, "destreza": 10, "magia": 10},
    },
    roll_path="/stepdice/tests",
    roll={"character": "c1", "attribute": "agilidad", "grade": "normal", "shifts": [],
          "helper": None},
    sides=12,
    public_face=11,
    blind_face=2,  # a failure against TN 6
    sheet_term="hearts max",
    event_line="stepdice.TestRolled: roll=1, visibility=public, character=c1, "
    "attribute=agilidad, die=12, grade=normal, shifts=[], target=6, face=11, outcome=success",
    secrets=("face=2", "failure"),
)  # fmt: skip


# -- random play ------------------------------------------------------------------------------


def random_play(data: st.DataObject, app: Tables) -> RandomSession:
    game = stepdice_helpers.new_session(app=app, key="random-play-stepdice")
    played = claimed(app, game.table_id, lambda: None)
    attributes = stepdice_helpers.dice()
    cast_three(game, lambda name: stepdice_cmd.CreateCharacter(name=name, attributes=attributes))
    played.step = playing(data, game, stepdice_helpers.random_command)
    return played


SUPPORT = SystemSupport(
    permissions=PermissionMatrix(world=_stepdice_world, endpoints=STEPDICE_ENDPOINTS),
    schema=SchemaTables(
        character="/stepdice/characters",
        sheet={
            "name": "Hero",
            "attributes": {"fuerza": 8, "agilidad": 10, "destreza": 6, "magia": 12},
        },
        start=None,
        tables={"stepdice": {}},
    ),
    secret_rolls=SecretRolls(table=secret_table, markers=MARKERS, bodies=BODIES, shows=shows),
    replay_rolls=REPLAY_ROLLS,
    figures_session=lambda: (test_stats_stepdice.play(), "gm"),
    random_play=random_play,
)
