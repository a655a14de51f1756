"""PORTAL's part in the suite's shared checks (tests/system_support.py): its permission matrix,
the tables of its schemathesis cases, its secret rolls for the hidden-roll scan and the replay
page, the session its masked figures fold, and its random play; with the building blocks of
a PORTAL session in the domain (`Session`, `new_session`)."""

from __future__ import annotations

from typing import Any

import httpx
import msgspec
from hypothesis import strategies as st
from litestar.testing import TestClient

from domain.application import Tables
from domain.commands import AddSeat, RevealRolls
from domain.portal import commands as cmd
from domain.portal.state import PortalState
from tests import session_helpers
from tests.api_helpers import bearer, ok, seat_player
from tests.dice_http import Table, new_table
from tests.permission_matrix import Cell, World, closed, lobby
from tests.random_play import RandomSession, claimed, playing
from tests.session_helpers import in_memory_tables
from tests.system_support import (
    PermissionMatrix,
    ReplayRolls,
    SchemaTables,
    SecretRolls,
    SystemSupport,
)
from tests.test_api_portal import character, open_roll, reroll, sheet, shows

GM = "gm"

# -- a session in the domain ------------------------------------------------------------------


class Session(session_helpers.Session[PortalState]):
    state_type = PortalState


def new_session(
    players: int = 2, app: Tables | None = None, key: str | None = None, **options: Any
) -> Session:
    """A PORTAL table with its game master (seat "gm") and players p1, p2, …; given a
    creation `key`, its id (and so its seed) is the same at every run."""
    app = app or in_memory_tables()
    table_id = app.create_table("portal", "A PORTAL table", "The GM", options, idempotency_key=key)
    session = Session(app, table_id)
    for number in range(players):
        session.run(GM, AddSeat(name=f"Player {number + 1}"))
    return session


def command(command_type: type[Any], /, **fields: Any) -> Any:
    return msgspec.convert(fields, command_type)


def create(name: str, **parts: Any) -> cmd.PortalCreateCharacter:
    return command(cmd.PortalCreateCharacter, sheet=sheet(name, **parts))


def roll(character_id: str, **extra: Any) -> cmd.PortalOpenRoll:
    return command(cmd.PortalOpenRoll, **open_roll(character_id, **extra))


# -- the permission matrix: every endpoint of the system, and the shared ones ----------------

#: c1's rolls throw 3 basic dice and its discomfort die: MID 4 with a 4 not beaten reads 3;
#: c2's its 3 basic dice and its wound die, a 4 matching the kept 4 (a sequel point)
PORTAL_SCRIPT = [4, 5, 2, 4, 4, 4, 4, 4]


def make_portal_world(client: TestClient[Any]) -> World:
    """A PORTAL table: the game master ("gm"), players A (p1, plays c1: Fortaleza Sigilo 2,
    a discomfort die, a lost luck die, 2 points) and B (p2, plays c2: a wound die, 1 point),
    the game master's principal NPC c3; another table's game master."""
    options = {"scripted_rolls": PORTAL_SCRIPT}
    created = ok(
        client.post(
            "/tables",
            json={"title": "T", "gm_name": "M", "system": "portal", "options": options},
        ),
        201,
    )
    world = World(client, created["table_id"])
    world.headers["none"] = {}
    world.headers["mayor"] = bearer(created["credential"])
    other = ok(client.post("/tables", json={"title": "O", "gm_name": "O"}), 201)
    world.headers["foreign"] = bearer(other["credential"])
    for name in ("A", "B"):
        world.headers[name] = seat_player(client, world.table, world.headers["mayor"], name)[1]
    ann = sheet(
        "Ann",
        fortalezas=[{"name": "Sigilo", "level": 2}],
        discomfort=1,
        luck_held=2,
        luck_lost=1,
        points={"in_hand": 2},
    )
    for who, body, expected in (
        ("A", ann, "c1"),
        ("B", sheet("Bob", wound=1, points={"in_hand": 1}), "c2"),
        ("mayor", sheet("Markus", kind="principal", luck_held=0), "c3"),
    ):
        assert ok(world.post(who, "/portal/characters", {"sheet": body}), 201)["id"] == expected
    return world


def anns_roll(world: World) -> None:
    """Roll 1: Ann's public roll, with her Fortaleza applying."""
    call = open_roll("c1", fortalezas=[{"name": "Sigilo", "reason": "in the shadows"}])
    ok(world.post("mayor", "/portal/rolls", call))


def bobs_sequel(world: World) -> None:
    """Roll 1: Bob's, settled with a level of sequel the game master owes a name."""
    ok(world.post("mayor", "/portal/rolls", open_roll("c2")))
    ok(world.post("B", "/portal/rolls/settle", {"roll": 1, "payments": ["sequel"]}))


def a_blind_roll(world: World) -> None:
    ok(world.post("mayor", "/portal/rolls", open_roll("c3", visibility="blind")))


def _portal_world(client: Any, _: Cell) -> World:
    return make_portal_world(client)


PORTAL_ENDPOINTS: dict[str, Cell] = {
    "GET view": Cell(lobby, "GET", "", (200, 200, 200)),
    "GET view?audit=true": Cell(lobby, "GET", "", (403, 403, 200), params={"audit": True}),
    "GET events": Cell(lobby, "GET", "/events", (200, 200, 200)),
    "GET characters/c1": Cell(lobby, "GET", "/characters/c1", (200, 200, 200)),
    "GET verify (closed table)": Cell(closed, "GET", "/verify", (200, 200, 200)),
    "POST fork": Cell(
        a_blind_roll, "POST", "/fork", (403, 403, 201), {"version": 3, "title": "What if"}
    ),
    "POST rolls/reveal": Cell(
        a_blind_roll, "POST", "/rolls/reveal", (403, 403, 200), {"rolls": [1], "reason": "r"}
    ),
    "POST close": Cell(lobby, "POST", "/close", (403, 403, 200)),
    "POST portal/characters (own)": Cell(
        lobby, "POST", "/portal/characters", (201, 201, 201), {"sheet": sheet("N")}
    ),
    "POST portal/characters (for p1)": Cell(
        lobby,
        "POST",
        "/portal/characters",
        (201, 403, 201),
        {"sheet": sheet("N"), "seat": "p1"},
    ),
    "POST portal/rolls": Cell(lobby, "POST", "/portal/rolls", (403, 403, 200), open_roll("c1")),
    "POST portal/rolls (blind)": Cell(
        lobby, "POST", "/portal/rolls", (403, 403, 200), open_roll("c1", visibility="blind")
    ),
    # the roller's player decides its public roll's rerolls and settles it
    "POST portal/rolls/reroll (c1, A's)": Cell(
        anns_roll,
        "POST",
        "/portal/rolls/reroll",
        (200, 403, 403),
        reroll(1, "basic", 0, "fortaleza"),
    ),
    # B hands Ann one of Bob's points
    "POST portal/rolls/block (giver c2, B's)": Cell(
        anns_roll, "POST", "/portal/rolls/block", (403, 200, 403), {"roll": 1, "giver": "c2"}
    ),
    "POST portal/rolls/settle (c1, A's)": Cell(
        anns_roll, "POST", "/portal/rolls/settle", (200, 403, 403), {"roll": 1, "payments": []}
    ),
    "POST portal/sequels": Cell(
        bobs_sequel,
        "POST",
        "/portal/sequels",
        (403, 403, 200),
        {"roll": 1, "kind": "agility", "reason": "an ankle"},
    ),
    "POST portal/dice/give": Cell(
        lobby,
        "POST",
        "/portal/dice/give",
        (403, 403, 200),
        {"character": "c1", "kind": "discomfort", "dice": 1, "reason": "r"},
    ),
    "POST portal/dice/remove": Cell(
        lobby,
        "POST",
        "/portal/dice/remove",
        (403, 403, 200),
        {"character": "c1", "kind": "discomfort", "dice": 1, "reason": "r"},
    ),
    "POST portal/damage": Cell(
        lobby,
        "POST",
        "/portal/damage",
        (403, 403, 200),
        {"character": "c1", "points": 2, "nonlethal": False, "reason": "r"},
    ),
    "POST portal/points/award": Cell(
        lobby,
        "POST",
        "/portal/points/award",
        (403, 403, 200),
        {"character": "c1", "points": 1, "gain": "story_start", "reason": "r"},
    ),
    "POST portal/points/spend": Cell(
        lobby,
        "POST",
        "/portal/points/spend",
        (403, 403, 200),
        {"character": "c1", "points": 1, "use": "background", "reason": "r"},
    ),
    "POST portal/luck/restore": Cell(
        lobby,
        "POST",
        "/portal/luck/restore",
        (403, 403, 200),
        {"character": "c1", "dice": 1, "reason": "r"},
    ),
}


# -- the hidden-roll scan: two blind rolls, each with an ace worded with a marker -----------

MARKERS = ("ACE-MARK-ONE", "ACE-MARK-TWO")
#: bodies that name the secret rolls (1 and 2) or their characters; other commands get `{}`
BODIES: dict[str, Any] = {
    "/portal/characters": {"sheet": sheet("N")},
    "/portal/rolls": open_roll("c1"),
    "/portal/rolls/reroll": reroll(1, "basic", 0, "ace"),
    "/portal/rolls/block": {"roll": 2, "giver": "c1"},
    "/portal/rolls/settle": {"roll": 1, "payments": []},
    "/portal/sequels": {"roll": 1, "kind": "x", "reason": "x"},
    "/portal/dice/give": {"character": "c2", "kind": "wound", "dice": 1, "reason": "x"},
    "/portal/dice/remove": {"character": "c2", "kind": "wound", "dice": 1, "reason": "x"},
    "/portal/damage": {"character": "c1", "points": 1, "nonlethal": True, "reason": "x"},
    "/portal/points/award": {"character": "c1", "points": 1, "gain": "roleplay", "reason": "x"},
    "/portal/points/spend": {"character": "c1", "points": 1, "use": "background", "reason": "x"},
    "/portal/luck/restore": {"character": "c1", "dice": 1, "reason": "x"},
}


def secret_table(http: httpx.Client) -> Table:
    """The game master's two blind rolls of the players' characters, each granted an ace
    whose reason is a marker."""
    table = new_table(http, "portal", [])
    character(table, "p1", sheet("Rogue", points={"in_hand": 2}))
    character(table, "p2", sheet("Warrior", points={"in_hand": 2}))
    for who, marker in (("c1", MARKERS[0]), ("c2", MARKERS[1])):
        aces = [{"count": 1, "reason": marker}]
        answer = table.command("gm", "/portal/rolls", open_roll(who, aces=aces, visibility="blind"))
        assert set(answer) == {"version", "roll"}  # the answer is the roll's number, no more
    return table


def _shows(body: Any, roll_number: int) -> bool:
    return shows(body, roll_number)


#: the replay page's dice board (tests/test_replay_views.py): a PORTAL roll throws its 3 basic
#: dice [002:153], and stays open until Bea settles it
REPLAY_ROLLS = ReplayRolls(
    character_path="/portal/characters",
    character={"sheet": sheet("Vera")},
    roll_path="/portal/rolls",
    roll=open_roll("c1"),
    sides=6,
    public_face=5,
    blind_face=1,
    sheet_term="luck held",
    event_line="portal.RollOpened: roll=1, visibility=public, character=c1, seat=p1",
    # the blind roll stays open (a secret roll is settled once revealed): nothing but its
    # dice tells of it yet
    secrets=(),
    dice=3,
    settle=("/portal/rolls/settle", {"roll": 1, "payments": []}),
)


# -- the figures' session ---------------------------------------------------------------------


def figures_session() -> Session:
    """A short session: two protagonists and an NPC, a public roll rerolled, blocked and
    settled with a sequel named, a blind roll, an automatic success, damage and points;
    not closed."""
    session = new_session(scripted_rolls=[4, 5, 2, 4, 4, 6, 6, 6])
    session.run("p1", create("Rogue", fortalezas=[{"name": "Sigilo", "level": 1}], wound=1))
    session.run("p2", create("Warrior", points={"in_hand": 2}))
    session.run(GM, create("Markus", kind="principal", luck_held=0))
    call = roll("c1", fortalezas=[{"name": "Sigilo", "reason": "shadows"}])
    first = session.run(GM, call).result
    session.run("p2", command(cmd.PortalBlockRoll, roll=first, giver="c2"))
    session.run("p1", command(cmd.PortalRerollDie, **reroll(first, "basic", 1, "fortaleza")))
    session.run("p1", command(cmd.PortalSettleRoll, roll=first, payments=["sequel"]))
    session.run(GM, command(cmd.PortalNameSequel, roll=first, kind="agility", reason="a fall"))
    session.run(GM, roll("c3", visibility="blind"))
    session.run(GM, roll("c2", difficulty=None, automatic="success"))
    session.run(
        GM, command(cmd.PortalDamage, character="c2", points=4, nonlethal=False, reason="a blow")
    )
    session.run(
        GM,
        command(cmd.PortalAwardPoints, character="c1", points=1, gain="roleplay", reason="wit"),
    )
    return session


# -- random play ------------------------------------------------------------------------------


def random_command(data: st.DataObject, session: Session) -> tuple[str, Any]:
    """A random command and its sender: rolls of every visibility, rerolls, blocks and
    settlements of the open rolls, sequels named, the game master's rulings (often refused:
    a refusal is a fine step too)."""
    state = session.state
    pick = data.draw
    characters = sorted(state.characters)
    character_id = pick(st.sampled_from(characters), label="character")
    seat = state.characters[character_id].seat
    open_rolls = sorted(int(r) for r in state.open_rolls) or [1]
    roll_number = pick(st.sampled_from(open_rolls), label="roll")
    kind = pick(st.integers(0, 11), label="kind")
    if kind <= 2:
        visibility = pick(st.sampled_from(["public", "public", "gm", "blind", "self"]))
        luck = pick(st.integers(0, 2), label="luck")
        applies = pick(st.booleans(), label="fortaleza")
        fortalezas = [{"name": "Sigilo", "reason": "shadows"}] if applies else []
        return GM, roll(character_id, luck=luck, fortalezas=fortalezas, visibility=visibility)
    if kind <= 4:
        source = pick(st.sampled_from(["fortaleza", "ace", "point"]), label="source")
        die = pick(st.sampled_from(["basic", "discomfort", "luck"]), label="die")
        sender = pick(st.sampled_from([seat, GM]), label="sender")
        return sender, command(cmd.PortalRerollDie, **reroll(roll_number, die, 0, source))
    if kind == 5:
        giver = pick(st.sampled_from([None, *characters]), label="giver")
        sender = GM if giver is None else state.characters[giver].seat
        return sender, command(cmd.PortalBlockRoll, roll=roll_number, giver=giver)
    if kind <= 7:
        payments = pick(st.sampled_from([[], ["discomfort"], ["sequel"], ["luck"]]))
        sender = pick(st.sampled_from([seat, GM]), label="sender")
        return sender, command(cmd.PortalSettleRoll, roll=roll_number, payments=payments)
    if kind == 8:
        owed = sorted(int(r) for r in state.owed_sequels) or [1]
        return GM, command(
            cmd.PortalNameSequel, roll=owed[0], kind="wit", reason="a blow to the head"
        )
    if kind == 9 and session.table().secret_rolls:
        return GM, RevealRolls(rolls=session.table().secret_rolls[:2], reason="now it is told")
    if kind == 10:
        return GM, command(
            cmd.PortalGiveDice, character=character_id, kind="discomfort", dice=1, reason="cold"
        )
    return GM, command(
        cmd.PortalDamage, character=character_id, points=2, nonlethal=False, reason="a blow"
    )


def random_play(data: st.DataObject, app: Tables) -> RandomSession:
    game = new_session(app=app, key="random-play-portal")
    played = claimed(app, game.table_id, lambda: None)
    gifted = {"fortalezas": [{"name": "Sigilo", "level": 2}], "points": {"in_hand": 3}}
    for who, name in (("p1", "One"), ("p2", "Two")):
        game.run(who, create(name, **gifted))
    game.run(GM, create("Three", kind="principal", luck_held=0))
    played.step = playing(data, game, random_command)
    return played


SUPPORT = SystemSupport(
    permissions=PermissionMatrix(world=_portal_world, endpoints=PORTAL_ENDPOINTS),
    schema=SchemaTables(
        character="/portal/characters",
        sheet={"sheet": sheet("Hero", fortalezas=[{"name": "Sigilo", "level": 1}])},
        start=None,
        tables={"portal": {}},
    ),
    secret_rolls=SecretRolls(table=secret_table, markers=MARKERS, bodies=BODIES, shows=_shows),
    replay_rolls=REPLAY_ROLLS,
    figures_session=lambda: (figures_session(), GM),
    random_play=random_play,
)
