"""FATE's part in the suite's shared checks (tests/system_support.py): its permission matrix,
the tables of its schemathesis cases, its secret rolls for the hidden-roll scan and the replay
page, the session its masked figures fold, and its random play; with the building blocks of
a FATE session in the domain (`Session`, `new_session`)."""

from __future__ import annotations

from typing import Any

import httpx
import msgspec
from hypothesis import strategies as st
from litestar.testing import TestClient

from domain.application import Tables
from domain.commands import AddSeat, RevealRolls
from domain.fate import commands as cmd
from domain.fate import conflict_commands as cc
from domain.fate.state import FateState
from tests import session_helpers
from tests.api_helpers import bearer, ok, seat_player
from tests.dice_http import Table, new_table
from tests.permission_matrix import Cell, World, closed, lobby
from tests.random_play import RandomSession, cast_three, claimed, playing
from tests.session_helpers import in_memory_tables
from tests.system_support import (
    PermissionMatrix,
    ReplayRolls,
    SchemaTables,
    SecretRolls,
    SystemSupport,
)
from tests.test_api_fate import character, invoke, roll_call, ruling, sheet, shows
from tests.test_api_fate_conflict import CONFLICT_BODIES, CONFLICT_ENDPOINTS

GM = "gm"

# -- a session in the domain ------------------------------------------------------------------


class Session(session_helpers.Session[FateState]):
    state_type = FateState


def new_session(
    players: int = 2, app: Tables | None = None, key: str | None = None, **options: Any
) -> Session:
    """A FATE table with its game master (seat "gm") and players p1, p2, …; given a creation
    `key`, its id (and so its seed) is the same at every run."""
    app = app or in_memory_tables()
    table_id = app.create_table(
        "fate", "A FATE table", "The GM", options, idempotency_key=key
    ).table_id
    session = Session(app, table_id)
    for number in range(players):
        session.run(GM, AddSeat(name=f"Player {number + 1}"))
    return session


def command(command_type: type[Any], /, **fields: Any) -> Any:
    return msgspec.convert(fields, command_type)


def create(name: str, **parts: Any) -> cmd.FateCreateCharacter:
    return command(cmd.FateCreateCharacter, sheet=sheet(name, **parts))


# -- the permission matrix: every endpoint of the system, and the shared ones ----------------

#: every roll shows + + blank blank: Athletics Good (+3) + 2 = 5
FATE_SCRIPT = [5, 5, 3, 3] * 4


def make_fate_world(client: TestClient[Any]) -> World:
    """A FATE table: the game master ("gm"), players A (p1, plays c1: a hidden aspect) and
    B (p2, plays c2), the game master's NPC c3; another table's game master."""
    options = {"scripted_rolls": FATE_SCRIPT}
    created = ok(
        client.post(
            "/tables",
            json={"title": "T", "gm_name": "M", "system": "fate", "options": options},
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
        aspects=[{"name": "Ann el Audaz"}, {"name": "Deuda", "hidden": True}],
        stunts=[{"name": "Furia", "exception": "+2 to Fuerza", "costs_fate_point": True}],
    )
    for who, body, expected in (
        ("A", ann, "c1"),
        ("B", sheet("Bob"), "c2"),
        ("mayor", sheet("Markus", kind="npc"), "c3"),
    ):
        assert ok(world.post(who, "/fate/characters", {"sheet": body}), 201)["id"] == expected
    return world


def anns_roll(world: World) -> None:
    """Roll 1: Ann's public roll."""
    ok(world.post("mayor", "/fate/rolls", roll_call("c1")))


def anns_invocation(world: World) -> None:
    """Roll 1, with Ann's own aspect asked for."""
    anns_roll(world)
    ok(world.post("A", "/fate/rolls/invoke", invoke(1, "Ann el Audaz", owner="c1")))


def anns_maneuver(world: World) -> None:
    """Roll 1, settled with 5 shifts."""
    anns_roll(world)
    ok(world.post("A", "/fate/rolls/settle", {"roll": 1, "fate_points": 0}))


def a_blind_roll(world: World) -> None:
    ok(world.post("mayor", "/fate/rolls", roll_call("c3", visibility="blind")))


def _fate_world(client: Any, _: Cell) -> World:
    return make_fate_world(client)


MANEUVER = {
    "roll": 1,
    "name": "Fuera de equilibrio",
    "target": "c2",
    "sticky": False,
    "critical_required": True,
    "passable": True,
    "reason": "a shove",
}

AVOIDED = {"roll": 1, "name": "Fuera de equilibrio", "target": "c2", "reason": "a roll away"}
PASSED = {"aspect": "Fuera de equilibrio", "target": "c2", "to": "c3", "reason": "a feint"}
COMPEL = {"character": "c1", "aspect": "Ann el Audaz", "kind": "offered", "reason": "r"}
RAISED = {
    "character": "c1",
    "aspect": "Ann el Audaz",
    "accepted_stake": 1,
    "accepted": True,
    "reason": "r",
}
STUNT = {"character": "c1", "stunt": "Furia", "reason": "the door"}


def anns_placed_aspect(world: World) -> None:
    """Ann's maneuver's aspect on Bob, its free invocation Ann's."""
    anns_maneuver(world)
    ok(world.post("mayor", "/fate/aspects", MANEUVER))


def anns_compel(world: World) -> None:
    """A compel of Ann's aspect, accepted."""
    ok(world.post("mayor", "/fate/compels", {**COMPEL, "accepted": True}))


HIT = {"character": "c1", "track": "health", "shifts": 2, "consequence": None, "reason": "r"}
CONCESSION = {
    "character": "c1",
    "attacker": "c2",
    "reasonable": True,
    "accepted": False,
    "reason": "r",
}

FATE_ENDPOINTS: dict[str, Cell] = {
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
    "POST fate/characters (own)": Cell(
        lobby, "POST", "/fate/characters", (201, 201, 201), {"sheet": sheet("N")}
    ),
    "POST fate/characters (for p1)": Cell(
        lobby, "POST", "/fate/characters", (201, 403, 201), {"sheet": sheet("N"), "seat": "p1"}
    ),
    "POST fate/rolls": Cell(lobby, "POST", "/fate/rolls", (403, 403, 200), roll_call("c1")),
    "POST fate/rolls (blind)": Cell(
        lobby, "POST", "/fate/rolls", (403, 403, 200), roll_call("c1", visibility="blind")
    ),
    # the roller's player invokes on its public roll and settles it
    "POST fate/rolls/invoke (c1, A's)": Cell(
        anns_roll,
        "POST",
        "/fate/rolls/invoke",
        (200, 403, 403),
        invoke(1, "Ann el Audaz", owner="c1"),
    ),
    "POST fate/rolls/rule": Cell(
        anns_invocation, "POST", "/fate/rolls/rule", (403, 403, 200), ruling(1)
    ),
    "POST fate/rolls/settle (c1, A's)": Cell(
        anns_roll, "POST", "/fate/rolls/settle", (200, 403, 403), {"roll": 1, "fate_points": 1}
    ),
    "POST fate/aspects": Cell(anns_maneuver, "POST", "/fate/aspects", (403, 403, 200), MANEUVER),
    "POST fate/aspects/discover": Cell(
        lobby,
        "POST",
        "/fate/aspects/discover",
        (403, 403, 200),
        {"character": "c1", "aspect": "Deuda", "by": "c2", "reason": "an assessment"},
    ),
    "POST fate/compels": Cell(
        lobby,
        "POST",
        "/fate/compels",
        (403, 403, 200),
        {
            "character": "c1",
            "aspect": "Ann el Audaz",
            "kind": "offered",
            "accepted": True,
            "reason": "r",
        },
    ),
    "POST fate/declarations": Cell(
        lobby,
        "POST",
        "/fate/declarations",
        (403, 403, 200),
        {
            "character": "c1",
            "declaration": "a friend in port",
            "accepted": True,
            "aspect": None,
            "reason": "r",
        },
    ),
    "POST fate/refresh": Cell(lobby, "POST", "/fate/refresh", (403, 403, 200), {"reason": "r"}),
    "POST fate/hits": Cell(lobby, "POST", "/fate/hits", (403, 403, 200), HIT),
    "POST fate/concessions": Cell(lobby, "POST", "/fate/concessions", (403, 403, 200), CONCESSION),
    "POST fate/scene/end": Cell(
        lobby, "POST", "/fate/scenes/end", (403, 403, 200), {"breather": True, "reason": "r"}
    ),
    "POST fate/recoveries": Cell(
        lobby,
        "POST",
        "/fate/recoveries",
        (403, 403, 200),
        {"character": "c1", "occasion": "breather", "reason": "r"},
    ),
    "POST fate/aspects/avoid": Cell(
        anns_maneuver, "POST", "/fate/aspects/avoid", (403, 403, 200), AVOIDED
    ),
    "POST fate/aspects/pass": Cell(
        anns_placed_aspect, "POST", "/fate/aspects/pass", (403, 403, 200), PASSED
    ),
    "POST fate/compels/escalate": Cell(
        anns_compel, "POST", "/fate/compels/escalate", (403, 403, 200), RAISED
    ),
    "POST fate/stunts": Cell(lobby, "POST", "/fate/stunts", (403, 403, 200), STUNT),
}


def anns_guess(world: World) -> None:
    """Roll 1, Ann's guess at an aspect of Bob's asked."""
    anns_roll(world)
    guess = invoke(1, "Algo oculto", owner="c2", guess=True, against_owner=True)
    ok(world.post("A", "/fate/rolls/invoke", guess))


def ann_taken_out(world: World) -> None:
    """Ann takes a mild, a moderate and a severe consequence, then is taken out."""
    for consequence in ("Corte", "Costillas", "Pierna rota", None):
        ok(world.post("mayor", "/fate/hits", {**HIT, "shifts": 6, "consequence": consequence}))


def a_tenacious_npc(world: World) -> None:
    """The game master's NPC c4, of tenacity 1."""
    body = {"sheet": sheet("Tenaz", kind="npc", tenacity=1)}
    assert ok(world.post("mayor", "/fate/characters", body), 201)["id"] == "c4"


DECEIVED = {"roll": 1, "liar": "c2", "deception": "returned", "aspect": None, "reason": "a lie"}
FATE_ENDPOINTS |= {
    "POST fate/rolls/deceive": Cell(
        anns_guess, "POST", "/fate/rolls/deceive", (403, 403, 200), DECEIVED
    ),
    "POST fate/defeats": Cell(
        ann_taken_out, "POST", "/fate/defeats", (403, 403, 200), {"character": "c1", "reason": "r"}
    ),
    "POST fate/stakes": Cell(
        a_tenacious_npc,
        "POST",
        "/fate/stakes",
        (403, 403, 200),
        {"character": "c4", "stakes": "vital", "reason": "r"},
    ),
    "POST fate/sessions/break": Cell(
        lobby, "POST", "/fate/sessions/break", (403, 403, 200), {"reason": "r"}
    ),
}


# -- the hidden-roll scan: two blind rolls, each called with a marker as its reason ----------

MARKERS = ("ROLL-MARK-ONE", "ROLL-MARK-TWO")
#: bodies that name the secret rolls (1 and 2) or their characters; other commands get `{}`
BODIES: dict[str, Any] = {
    "/fate/characters": {"sheet": sheet("N")},
    "/fate/rolls": roll_call("c1", difficulty=None, opposed_by=2),
    "/fate/rolls/invoke": invoke(1, "Rogue el Audaz", owner="c1"),
    "/fate/rolls/rule": ruling(2),
    "/fate/rolls/settle": {"roll": 1, "fate_points": 1},
    "/fate/aspects": {**MANEUVER, "roll": 2},
    "/fate/aspects/discover": {"character": "c2", "aspect": "x", "by": None, "reason": "x"},
    "/fate/compels": {
        "character": "c1",
        "aspect": "Rogue el Audaz",
        "kind": "offered",
        "accepted": False,
        "reason": "x",
    },
    "/fate/declarations": {
        "character": "c2",
        "declaration": "x",
        "accepted": True,
        "aspect": "x",
        "reason": "x",
    },
    "/fate/refresh": {"reason": "x"},
    "/fate/hits": HIT,
    "/fate/concessions": CONCESSION,
    "/fate/scenes/end": {"breather": True, "reason": "x"},
    "/fate/recoveries": {"character": "c1", "occasion": "new_adventure", "reason": "x"},
    "/fate/aspects/avoid": {**AVOIDED, "roll": 2},
    "/fate/aspects/pass": PASSED,
    "/fate/compels/escalate": RAISED,
    "/fate/stunts": STUNT,
}
BODIES |= {
    "/fate/rolls/deceive": {**DECEIVED, "roll": 2, "liar": "c2"},
    "/fate/defeats": {"character": "c1", "reason": "x"},
    "/fate/stakes": {"character": "c2", "stakes": "trivial", "reason": "x"},
    "/fate/sessions/break": {"reason": "x"},
}
#: a conflict's endpoints (tests/test_api_fate_conflict.py)
FATE_ENDPOINTS |= CONFLICT_ENDPOINTS
BODIES |= CONFLICT_BODIES


def secret_table(http: httpx.Client) -> Table:
    """The game master's two blind rolls of the players' characters, each called with a
    marker as its reason."""
    table = new_table(http, "fate", [])
    character(table, "p1", sheet("Rogue"))
    character(table, "p2", sheet("Warrior"))
    for who, marker in (("c1", MARKERS[0]), ("c2", MARKERS[1])):
        answer = table.command(
            "gm", "/fate/rolls", roll_call(who, reason=marker, visibility="blind")
        )
        assert set(answer) == {"version", "roll"}  # the answer is the roll's number, no more
    return table


def _shows(body: Any, roll_number: int) -> bool:
    return shows(body, roll_number)


#: the replay page's dice board (tests/test_replay_views.py): a FATE roll throws four d6
#: [004:65-71], and stays open for invocations until Bea settles it
REPLAY_ROLLS = ReplayRolls(
    character_path="/fate/characters",
    character={"sheet": sheet("Vera")},
    roll_path="/fate/rolls",
    roll=roll_call("c1"),
    sides=6,
    public_face=5,
    blind_face=1,
    sheet_term="fate points",
    event_line="fate.SkillRolled: roll=1, visibility=public, character=c1, seat=p1",
    # the blind roll stays open: nothing but its dice tells of it yet
    secrets=(),
    dice=4,
    settle=("/fate/rolls/settle", {"roll": 1, "fate_points": 0}),
)


# -- the figures' session ---------------------------------------------------------------------


def figures_session() -> Session:
    """A short session: two characters and an NPC, a public roll invoked on (a reroll and
    +2) and settled with a fate point, a blind roll, a compel accepted and one refused;
    not closed."""
    session = new_session(scripted_rolls=[1, 1, 3, 3, 5, 5, 3, 3, 6, 6, 6, 6])
    session.run(
        "p1", create("Rogue", aspects=[{"name": "Ágil"}, {"name": "Tozuda"}], fate_points=3)
    )
    session.run("p2", create("Warrior"))
    session.run(GM, command(cmd.FateCreateCharacter, sheet=sheet("Markus", kind="npc")))
    first = session.run(GM, command(cmd.FateRollSkill, **roll_call("c1", difficulty=4))).result
    for aspect, effect in (("Ágil", "reroll"), ("Tozuda", "plus_two")):
        session.run(
            "p1", command(cmd.FateInvokeAspect, **invoke(first, aspect, owner="c1", effect=effect))
        )
        session.run(GM, command(cmd.FateRuleInvocation, **ruling(first)))
    session.run("p1", command(cmd.FateSettleRoll, roll=first, fate_points=1))
    session.run(GM, command(cmd.FateRollSkill, **roll_call("c3", visibility="blind")))
    compel = {"character": "c2", "aspect": "Warrior el Audaz", "kind": "offered", "reason": "r"}
    session.run(GM, command(cmd.FateCompel, **compel, accepted=True))
    session.run(GM, command(cmd.FateCompel, **compel, accepted=False))
    return session


# -- random play ------------------------------------------------------------------------------


def random_command(data: st.DataObject, session: Session) -> tuple[str, Any]:
    """A random command and its sender: rolls of every visibility, invocations (guesses
    included) and the game master's rulings, settlements, maneuvers, compels, refresh,
    discoveries, hits, concessions and the scene's end, the economy's records (`_economy_command`),
    the rulings around defeat and deception (`_table_rule_command`) and a conflict's commands
    (`random_conflict_command`) (often refused: a refusal is a fine step too)."""
    state = session.state
    pick = data.draw
    characters = sorted(state.characters)
    character_id = pick(st.sampled_from(characters), label="character")
    seat = state.characters[character_id].seat
    rolls = sorted(int(r) for r in [*state.open_rolls, *state.settled_rolls]) or [1]
    roll_number = pick(st.sampled_from(rolls), label="roll")
    aspect = pick(
        st.sampled_from(["One el Audaz", "Secreto", "Two el Audaz", "Tres", str(MANEUVER["name"])])
    )
    owner = pick(st.sampled_from([None, *characters]), label="owner")
    kind = pick(st.integers(0, 25), label="kind")
    if kind >= 23:
        return random_conflict_command(data, session)
    if kind >= 19:
        return _table_rule_command(data, kind, character_id, owner, roll_number)
    if kind >= 15:
        return _economy_command(data, session, kind, character_id, owner, aspect)
    if kind <= 2:
        visibility = pick(st.sampled_from(["public", "public", "gm", "blind", "self"]))
        difficulty = pick(st.sampled_from([None, 0, 3]), label="difficulty")
        opposed = roll_number if difficulty is None else None
        call = roll_call(character_id, difficulty=difficulty, opposed_by=opposed)
        return GM, command(cmd.FateRollSkill, **call, visibility=visibility)
    if kind <= 4:
        effect = pick(st.sampled_from(["reroll", "plus_two"]), label="effect")
        guess, against = pick(st.booleans(), label="guess"), pick(st.booleans(), label="against")
        body = invoke(
            roll_number, aspect, owner=owner, effect=effect, guess=guess, against_owner=against
        )
        sender = pick(st.sampled_from([seat, GM]), label="sender")
        return sender, command(cmd.FateInvokeAspect, **body)
    if kind == 5:
        accepted = pick(st.booleans(), label="accepted")
        secret = pick(st.sampled_from([None, True, False]), label="secret")
        revealed = pick(st.sampled_from([None, "Secreto"]), label="revealed")
        body = ruling(roll_number, accepted=accepted, secret=secret, revealed=revealed)
        return GM, command(cmd.FateRuleInvocation, **body)
    if kind <= 7:
        sender = pick(st.sampled_from([seat, GM]), label="sender")
        spent = pick(st.integers(0, 2), label="points")
        return sender, command(cmd.FateSettleRoll, roll=roll_number, fate_points=spent)
    if kind == 8 and session.table().secret_rolls:
        return GM, RevealRolls(rolls=session.table().secret_rolls[:2], reason="now it is told")
    if kind == 8:
        body = {**MANEUVER, "roll": roll_number, "target": owner}
        return GM, command(cmd.FatePlaceAspect, **body)
    if kind == 9:
        compel = {"character": character_id, "aspect": aspect, "kind": "offered", "reason": "r"}
        return GM, command(cmd.FateCompel, **compel, accepted=pick(st.booleans()))
    if kind == 10:
        body = {"character": character_id, "aspect": "Secreto", "by": owner, "reason": "r"}
        return GM, command(cmd.FateDiscoverAspect, **body)
    if kind == 11:
        return GM, command(cmd.FateRefresh, reason="a new session")
    if kind == 12:
        shifts = pick(st.integers(0, 7), label="shifts")
        consequence = pick(st.sampled_from([None, "Herida"]), label="consequence")
        body = {**HIT, "character": character_id, "shifts": shifts, "consequence": consequence}
        return GM, command(cmd.FateHit, **body)
    if kind == 13:
        accepted = pick(st.booleans(), label="accepted")
        body = {**CONCESSION, "character": character_id, "attacker": owner, "accepted": accepted}
        return GM, command(cmd.FateConcede, **body)
    return GM, command(cmd.FateEndScene, breather=pick(st.booleans()), reason="r")


def _economy_command(
    data: st.DataObject,
    session: Session,
    kind: int,
    character_id: str,
    owner: str | None,
    aspect: str,
) -> tuple[str, Any]:
    """The game master's records of the fate-point economy around aspects and stunts: a
    maneuver's aspect avoided, a free invocation passed (of an aspect in play, when there is
    one), a compel raised, a stunt used."""
    state = session.state
    pick = data.draw
    if kind == 15:
        roll = pick(st.sampled_from(sorted(int(r) for r in state.settled_rolls) or [1]))
        body = {**AVOIDED, "roll": roll, "target": character_id}
        return GM, command(cmd.FateAvoidAspect, **body)
    if kind == 16:
        placed = [(a.name, a.target) for a in state.aspects] or [(PASSED["aspect"], owner)]
        name, target = pick(st.sampled_from(placed), label="aspect in play")
        body = {**PASSED, "aspect": name, "target": target, "to": character_id}
        return GM, command(cmd.FatePassInvocation, **body)
    if kind == 17:
        stake = pick(st.integers(1, 2), label="accepted stake")
        body = {**RAISED, "character": character_id, "aspect": aspect, "accepted_stake": stake}
        return GM, command(cmd.FateEscalateCompel, **{**body, "accepted": pick(st.booleans())})
    stunt = pick(st.sampled_from(["Furia", "Furia", "Vuelo"]), label="stunt")
    return GM, command(
        cmd.FateActivateStunt, **{**STUNT, "character": character_id, "stunt": stunt}
    )


def _table_rule_command(
    data: st.DataObject, kind: int, character_id: str, owner: str | None, roll_number: int
) -> tuple[str, Any]:
    """The game master's rulings of the rules around defeat and deception: a guess deceived
    (the point returned, with or without the liar's aspect, or destroyed), another defeat
    demanded, an NPC's stakes, a session broken with no rest."""
    pick = data.draw
    if kind == 19:
        deception = pick(st.sampled_from(["returned", "destroyed"]), label="deception")
        liars_aspect = pick(st.sampled_from([None, {"name": "Confiado", "passable": False}]))
        body = {**DECEIVED, "roll": roll_number, "liar": owner or character_id}
        body |= {"deception": deception, "aspect": liars_aspect}
        return GM, command(cmd.FateDeceiveGuess, **body)
    if kind == 20:
        return GM, command(cmd.FateDemandDefeat, character=character_id, reason="not like this")
    if kind == 21:
        stakes = pick(st.sampled_from(["trivial", "ordinary", "vital"]), label="stakes")
        return GM, command(cmd.FateRuleStakes, character=character_id, stakes=stakes, reason="r")
    return GM, command(cmd.FateBreakSession, reason="the chase goes on next session")


def random_play(data: st.DataObject, app: Tables) -> RandomSession:
    game = new_session(app=app, key="random-play-fate")
    played = claimed(app, game.table_id, lambda: None)
    hidden = [{"name": "Secreto", "hidden": True}]

    furia = {"name": "Furia", "exception": "+2 to Fuerza", "costs_fate_point": True}

    def creating(name: str) -> cmd.FateCreateCharacter:
        npc = {"kind": "npc", "tenacity": 1} if name == "Three" else {}
        aspects = [{"name": f"{name} el Audaz"}, *hidden]
        return create(name, aspects=aspects, stunts=[furia], **npc)

    cast_three(game, creating)
    played.step = playing(data, game, random_command)
    return played


SUPPORT = SystemSupport(
    permissions=PermissionMatrix(world=_fate_world, endpoints=FATE_ENDPOINTS),
    schema=SchemaTables(
        character="/fate/characters",
        sheet={"sheet": sheet("Hero")},
        start=None,
        tables={"fate": {}},
    ),
    secret_rolls=SecretRolls(table=secret_table, markers=MARKERS, bodies=BODIES, shows=_shows),
    replay_rolls=REPLAY_ROLLS,
    figures_session=lambda: (figures_session(), GM),
    random_play=random_play,
)


def random_conflict_command(data: st.DataObject, session: Session) -> tuple[str, Any]:
    """A random command of a conflict and its sender: its start (a minion group or none),
    minions split or taken out, turns ended and delayed, full defences, attacks (public or
    blind), blocks, zones drawn, moves, disarms, rearms, weapons picked up, pushes, throws and
    its end (often refused: a refusal is a fine step too)."""
    state = session.state
    pick = data.draw
    characters = sorted(state.characters)
    character_id = pick(st.sampled_from(characters), label="character")
    other = pick(st.sampled_from(characters), label="other")
    if state.conflict is not None and state.conflict.turn < len(state.conflict.order):
        acting = state.conflict.order[state.conflict.turn]
        character_id = pick(st.sampled_from([acting, character_id]), label="acting")
    rolls = sorted(int(r) for r in state.settled_rolls) or [1]
    roll_number = pick(st.sampled_from(rolls), label="roll")
    kind = pick(st.integers(0, 10), label="kind")
    if kind == 0 and state.conflict is not None:
        minions = pick(st.integers(1, 9), label="minions")
        if pick(st.booleans(), label="taken out"):
            return GM, command(cc.FateTakeOutMinions, group=other, minions=minions, reason="r")
        return GM, command(cc.FateSplitMinions, minions=minions, opponents=[other], reason="r")
    if kind == 0:
        group = pick(st.sampled_from([None, *characters]), label="minion group")
        participants = [
            {
                "character": c,
                "distance": place,
                "led_by": None,
                "quality": None,
                "minions": 3 if c == group else None,
            }
            for place, c in enumerate(characters)
        ]
        body: dict[str, Any] = {
            "kind": pick(st.sampled_from(["physical", "social"])),
            "reason": "a fight",
        }
        return GM, command(cc.FateBeginConflict, participants=participants, **body)
    if kind <= 2:
        return GM, command(cc.FateEndTurn, character=character_id)
    if kind == 3:
        return GM, command(cc.FateDelayTurn, character=character_id, after=other)
    if kind <= 5 and pick(st.integers(0, 3), label="full defence") == 0:
        return GM, command(cc.FateFullDefence, character=other, reason="r")
    if kind <= 5:
        body = {
            "attacker": character_id,
            "skill": "Atletismo",
            "defender": other,
            "reach": pick(st.sampled_from([None, "touch", "shoot"]), label="reach"),
            "defence": pick(st.sampled_from(["Atletismo", "Armas"]), label="defence"),
            "track": "health",
            "consequence": pick(st.sampled_from([None, "Herida"]), label="consequence"),
            "reason": "a blow",
            "visibility": pick(st.sampled_from(["public", "blind"]), label="visibility"),
        }
        return GM, command(cc.FateAttack, **body)
    if kind == 6:
        protects = pick(st.sampled_from([None, other]), label="protects")
        action = None if protects else "the door"
        body = {"roll": roll_number, "protects": protects, "action": action, "reason": "r"}
        return GM, command(cc.FateRaiseBlock, **body)
    if kind == 7:
        body = {"roll": roll_number, "blocker": other, "reason": "r"}
        return GM, command(cc.FateChallengeBlock, **body)
    if kind == 8 and pick(st.booleans(), label="zones"):
        places = [{"character": c, "zone": "hall"} for c in characters]
        borders = [{"zones": ["hall", "yard"], "value": 1}]
        body = {"zones": ["hall", "yard"], "borders": borders, "places": places}
        return GM, command(cc.FateDrawZones, **body, reason="r")
    if kind == 8:
        border = pick(st.sampled_from([None, 0, 1, 2]), label="border")
        to = pick(st.sampled_from([None, "hall", "yard"]), label="to")
        return GM, command(cc.FateMove, roll=roll_number, border=border, to=to, reason="r")
    if kind == 9:
        arms = pick(st.sampled_from(["disarm", "rearm", "pick up"]), label="arms")
        if arms == "disarm":
            return GM, command(cc.FateDisarm, roll=roll_number, target=other, reason="r")
        if arms == "rearm":
            return GM, command(cc.FateRearm, character=other, reason="r")
        open_rolls = sorted(int(r) for r in state.open_rolls) or [1]
        open_roll = pick(st.sampled_from(open_rolls), label="open roll")
        return GM, command(cc.FatePickUpWeapon, roll=open_roll, reason="r")
    if state.conflict is not None and pick(st.booleans(), label="end"):
        return GM, command(cc.FateEndConflict, reason="r")
    body = {"roll": roll_number, "target": other, "weight": 2, "zones": 1, "reason": "r"}
    to = pick(st.sampled_from([None, "hall", "yard"]), label="to")
    if pick(st.booleans(), label="push"):
        return GM, command(cc.FatePush, **body, to=to)
    return GM, command(cc.FateThrow, **body, to=to)
