"""PORTAL's part in the suite's shared checks (tests/system_support.py): its permission matrix,
the tables of its schemathesis cases, its secret rolls for the hidden-roll scan and the replay
page, the session its masked figures fold, and its random play; with the building blocks of
a PORTAL session in the domain (`Session`, `new_session`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import msgspec
from hypothesis import strategies as st
from litestar.testing import TestClient

from domain.application import Tables
from domain.commands import AddSeat, RevealRolls
from domain.portal import cast_commands as castc
from domain.portal import combat_commands as cc
from domain.portal import commands as cmd
from domain.portal import hold_commands as hc
from domain.portal import ruling_commands as rc
from domain.portal import special_commands as xc
from domain.portal import story_commands as sc
from domain.portal.reading import read
from domain.portal.roll import resolve
from domain.portal.state import OpenRoll, PortalState
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
    table_id = app.create_table(
        "portal", "A PORTAL table", "The GM", options, idempotency_key=key
    ).table_id
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


def anns_later_roll(world: World) -> None:
    """Roll 1: Ann's public roll, an ace for its damage once the first reading is fixed."""
    later = {"fortalezas": [], "aces": [{"count": 1, "reason": "a keen edge"}]}
    ok(world.post("mayor", "/portal/rolls", open_roll("c1", later=later)))


#: a thorn the game master drives in (Débora's tooth [002:627])
TOOTH = {"name": "a bad tooth", "gives": "discomfort", "amount": 1, "every": "each cold drink"}
DRIVE_RULING = {
    "character": "c1",
    "drive": "glory",
    "scope": "significant",
    "fulfilled": True,
    "consequence": "luck",
    "reason": "the crowd cheers",
}


def anns_thorn(world: World) -> None:
    """Ann carries a thorn, her first (place 0)."""
    body = {"character": "c1", "thorn": TOOTH, "reason": "she bit on ice"}
    ok(world.post("mayor", "/portal/thorns", body))


def anns_aguante_roll(world: World) -> None:
    """Roll 1: Ann's aguante roll outside a combat, with no critical state to face."""
    aguante = {**open_roll("c1")["readings"][0], "name": "aguante", "aguante": True}
    ok(world.post("mayor", "/portal/rolls", open_roll("c1", readings=[aguante], difficulty=None)))


def bobs_sequel(world: World) -> None:
    """Roll 1: Bob's, settled with a level of sequel the game master owes a name."""
    ok(world.post("mayor", "/portal/rolls", open_roll("c2")))
    ok(world.post("B", "/portal/rolls/settle", {"roll": 1, "payments": ["sequel"]}))


def cals_leg(world: World) -> None:
    """Cal (c4, B's) carries a level 2 sequel, for medical care [002:289]."""
    leg = sheet("Cal", sequels=[{"level": 2, "kind": "a leg"}])
    ok(world.post("mayor", "/portal/characters", {"sheet": leg, "seat": "p2"}), 201)


def a_blind_roll(world: World) -> None:
    ok(world.post("mayor", "/portal/rolls", open_roll("c3", visibility="blind")))


def _portal_world(client: Any, _: Cell) -> World:
    return make_portal_world(client)


def post(
    prepare: Callable[[World], None],
    path: str,
    statuses: tuple[int, int, int],
    body: Any = None,
    note: str = "",
) -> tuple[str, Cell]:
    """A POST cell of the matrix, named by its path (and `note`, where a path has more)."""
    name = f"POST {path[1:]}" + (f" ({note})" if note else "")
    return name, Cell(prepare, "POST", path, statuses, body)


PORTAL_ENDPOINTS: dict[str, Cell] = {
    "GET view": Cell(lobby, "GET", "", (200, 200, 200)),
    "GET view?audit=true": Cell(lobby, "GET", "", (403, 403, 200), params={"audit": True}),
    "GET events": Cell(lobby, "GET", "/events", (200, 200, 200)),
    "GET characters/c1": Cell(lobby, "GET", "/characters/c1", (200, 200, 200)),
    "GET verify (closed table)": Cell(closed, "GET", "/verify", (200, 200, 200)),
}
PORTAL_ENDPOINTS.update(
    [
        post(a_blind_roll, "/fork", (403, 403, 201), {"version": 3, "title": "What if"}),
        post(a_blind_roll, "/rolls/reveal", (403, 403, 200), {"rolls": [1], "reason": "r"}),
        post(lobby, "/close", (403, 403, 200)),
        post(lobby, "/portal/characters", (201, 201, 201), {"sheet": sheet("N")}, note="own"),
        post(
            lobby,
            "/portal/characters",
            (201, 403, 201),
            {"sheet": sheet("N"), "seat": "p1"},
            note="for p1",
        ),
        post(lobby, "/portal/rolls", (403, 403, 200), open_roll("c1")),
        post(
            lobby,
            "/portal/rolls",
            (403, 403, 200),
            open_roll("c1", visibility="blind"),
            note="blind",
        ),
        # the roller's player decides its public roll's rerolls and settles it
        post(
            anns_roll,
            "/portal/rolls/reroll",
            (200, 403, 403),
            reroll(1, "basic", 0, "fortaleza"),
            note="c1, A's",
        ),
        post(anns_later_roll, "/portal/rolls/fix", (200, 403, 403), {"roll": 1}, note="c1, A's"),
        # B hands Ann one of Bob's points
        post(
            anns_roll,
            "/portal/rolls/block",
            (403, 200, 403),
            {"roll": 1, "giver": "c2"},
            note="giver c2, B's",
        ),
        post(
            anns_roll,
            "/portal/rolls/settle",
            (200, 403, 403),
            {"roll": 1, "payments": []},
            note="c1, A's",
        ),
        post(
            bobs_sequel,
            "/portal/sequels",
            (403, 403, 200),
            {"roll": 1, "kind": "agility", "reason": "an ankle"},
        ),
        post(
            lobby,
            "/portal/dice/give",
            (403, 403, 200),
            {"character": "c1", "kind": "discomfort", "dice": 1, "reason": "r"},
        ),
        post(lobby, "/portal/drives/rulings", (403, 403, 200), DRIVE_RULING),
        post(
            lobby,
            "/portal/thorns",
            (403, 403, 200),
            {"character": "c1", "thorn": TOOTH, "reason": "r"},
        ),
        post(
            anns_thorn,
            "/portal/thorns/strike",
            (403, 403, 200),
            {"character": "c1", "thorn": 0, "reason": "r"},
        ),
        # the roller's player reaches the rules: Ann faces no critical state
        post(
            anns_aguante_roll,
            "/portal/thorns/critical",
            (409, 403, 403),
            {"roll": 1, "payments": []},
        ),
        post(
            anns_thorn,
            "/portal/thorns/solve",
            (403, 403, 200),
            {"character": "c1", "thorn": 0, "reason": "r"},
        ),
        post(
            cals_leg,
            "/portal/sequels/medical-care",
            (403, 403, 200),
            {"character": "c4", "reason": "r"},
        ),
        post(lobby, "/portal/scene/end", (403, 403, 200), {"reason": "the door shuts"}),
        post(lobby, "/portal/adventure/end", (403, 403, 200), {"reason": "the last page"}),
        post(
            lobby,
            "/portal/dice/remove",
            (403, 403, 200),
            {"character": "c1", "kind": "discomfort", "dice": 1, "reason": "r"},
        ),
        post(
            lobby,
            "/portal/damage",
            (403, 403, 200),
            {"character": "c1", "points": 2, "nonlethal": False, "reason": "r"},
        ),
        post(
            lobby,
            "/portal/points/award",
            (403, 403, 200),
            {"character": "c1", "points": 1, "gain": "story_start", "reason": "r"},
        ),
        post(
            lobby,
            "/portal/points/spend",
            (403, 403, 200),
            {"character": "c1", "points": 1, "use": "background", "reason": "r"},
        ),
        post(
            lobby,
            "/portal/luck/restore",
            (403, 403, 200),
            {"character": "c1", "dice": 1, "reason": "r"},
        ),
    ]
)


# -- the story outside combat: comparisons of settled rolls, advancement, spells -------------


def two_settled(world: World) -> None:
    """Rolls 1 and 2 settled by their players: Ann's HIGH 5 (her discomfort 4 beaten), Bob's
    MID 4 less his wound 4, 3 (its sequel point paid with a level of sequel)."""
    high = open_roll("c1", readings=[{**open_roll("c1")["readings"][0], "choice": "HIGH"}])
    ok(world.post("mayor", "/portal/rolls", high))
    ok(world.post("A", "/portal/rolls/settle", {"roll": 1, "payments": []}))
    ok(world.post("mayor", "/portal/rolls", open_roll("c2")))
    ok(world.post("B", "/portal/rolls/settle", {"roll": 2, "payments": ["sequel"]}))


def two_open(world: World) -> None:
    """Rolls 1 and 2 open: Ann's, with her Sigilo 2 applying, and Bob's."""
    anns_roll(world)
    ok(world.post("mayor", "/portal/rolls", open_roll("c2")))


def an_extended_confrontation(world: World) -> None:
    """Ann against Bob to a differential of 3, rolls 1 and 2 settled."""
    two_settled(world)
    ok(world.post("mayor", "/portal/confrontations/extended", EXTENDED))


def an_extended_exchange(world: World) -> None:
    """Rolls 1 and 2 banked: Ann leads by 2."""
    an_extended_confrontation(world)
    ok(world.post("mayor", "/portal/confrontations/extended/exchange", EXCHANGE))


EXTENDED = {"first": "c1", "second": "c2", "target": 3, "reason": "a race"}
EXCHANGE = {"confrontation": 1, "first": {"roll": 1}, "second": {"roll": 2}}
SPELL = {
    "rank": 1,
    "purpose": "cast",
    "competent": True,
    "required": 1,
    "missing": 0,
    "reason": "a spark",
}
ZOMBIE = {"name": "a zombie", "generic": 3, "reason": "r"}


def a_zombie(world: World) -> None:
    """Supporting character s1, a zombie of G 3."""
    ok(world.post("mayor", "/portal/supporting", ZOMBIE))


def two_zombies(world: World) -> None:
    """Supporting characters s1 and s2, zombies of G 3 (a unit of 3 at most)."""
    a_zombie(world)
    a_zombie(world)


PORTAL_ENDPOINTS.update(
    [
        post(lobby, "/portal/supporting", (403, 403, 200), ZOMBIE),
        post(a_zombie, "/portal/supporting/turn", (403, 403, 200), {"supporting": "s1"}),
        post(
            two_zombies,
            "/portal/supporting/stack",
            (403, 403, 200),
            {"purpose": "attack", "leader": "s1", "members": ["s2"]},
        ),
        post(
            a_zombie,
            "/portal/supporting/hurt",
            (403, 403, 200),
            {"supporting": "s1", "damage_total": 4, "reason": "r"},
        ),
        post(
            two_open,
            "/portal/rolls/cut",
            (403, 403, 200),
            {"first": 1, "second": 2, "aces": False, "reason": "stealth against alert"},
        ),
        post(
            two_settled,
            "/portal/confrontations",
            (403, 403, 200),
            {"first": {"roll": 1}, "second": {"roll": 2}, "reason": "r"},
        ),
        post(
            two_settled,
            "/portal/confrontations/deferred",
            (403, 403, 200),
            {
                **open_roll("c1", difficulty=None),
                "deferral": {"first": {"roll": 2}, "factor": 2, "reason": "a knot"},
            },
        ),
        post(lobby, "/portal/confrontations/extended", (403, 403, 200), EXTENDED),
        post(
            an_extended_confrontation,
            "/portal/confrontations/extended/exchange",
            (403, 403, 200),
            EXCHANGE,
        ),
        post(
            an_extended_exchange,
            "/portal/confrontations/extended/aces",
            (403, 403, 200),
            {"confrontation": 1, "side": "first", "aces": 1, "reason": "the next jump"},
        ),
        post(
            two_settled,
            "/portal/confrontations/psychological",
            (403, 403, 200),
            {"manipulator": {"roll": 1}, "victim": {"roll": 2}, "reason": "r"},
        ),
        post(
            two_settled,
            "/portal/confrontations/teams",
            (403, 403, 200),
            {"first": [{"roll": 1}], "second": [{"roll": 2}], "reason": "r"},
        ),
        post(
            two_settled,
            "/portal/collaborations",
            (403, 403, 200),
            {
                "members": [{"roll": 1}, {"roll": 2}],
                "difficulty": 4,
                "reduction": 0,
                "cover": [],
                "shared_task": False,
                "reason": "r",
            },
        ),
        post(
            lobby,
            "/portal/advancement",
            (403, 403, 200),
            {
                "character": "c1",
                "improvement": "acquire_drive",
                "name": "revenge",
                "at_adventure_end": False,
                "approval": "r",
            },
        ),
        post(
            lobby,
            "/portal/spells",
            (403, 403, 200),
            {**open_roll("c1", difficulty=None), "spell": {**SPELL, "paid": {"luck": 1}}},
        ),
    ]
)


# -- combat: reflex phases, strikes, the critical state -------------------------------------

#: a friendly brawl of Ann and Bob: combat 1, the direction die the script's 4
COMBAT = {"contenders": ["c1", "c2"], "fight": "friendly_brawl", "reason": "a tavern"}
REFLEX_READINGS = [
    {**open_roll("c1")["readings"][0], "name": "reflexes", "choice": "HIGH"},
    {**open_roll("c1")["readings"][0], "name": "cold blood", "choice": "HIGH"},
]
ATTACK_READINGS = [
    {**open_roll("c1")["readings"][0], "name": "attack", "choice": "HIGH"},
    {**open_roll("c1")["readings"][0], "name": "damage", "choice": "HIGH"},
]
DEFENCE_READINGS = [
    {**open_roll("c1")["readings"][0], "name": "defence", "choice": "HIGH"},
    {**open_roll("c1")["readings"][0], "name": "aguante", "choice": "HIGH", "aguante": True},
]
GUARD = {"melee": True, "cover": "partial", "reason": "behind a table"}
STRIKE = {
    "combat": 1,
    "attack_roll": 4,
    "defender": "c2",
    "defence_roll": 5,
    "weapon": {"melee": "medium", "ranged": None, "reason": "a sword"},
    "setting": "normal",
    "nonlethal": False,
    "sweep": None,
    "located": None,
    "reason": "a thrust",
}


#: a minimal action of Ann's past the damage limit [002:1281]
CRITICAL_ACT = {"combat": 1, "character": "c1", "action": "minimal", "reason": "crawls"}


#: Ann's attack roll on Bob called, her standing aces with it
CALL_ATTACK = {**open_roll("c1", readings=ATTACK_READINGS), "combat": 1, "target": "c2"}
#: Ann's total defence in her phase
DECLARE = {
    "combat": 1,
    "character": "c1",
    "maneuver": "total_defence",
    "target": None,
    "reason": "she keeps her guard",
}
#: Ann draws her sword, her one free action this turn
FREE_ACTION = {
    "combat": 1,
    "character": "c1",
    "action": "draw",
    "bought": False,
    "reason": "she draws her sword",
}


def a_combat(world: World) -> None:
    ok(world.post("mayor", "/portal/combats", COMBAT))


def a_reflex_roll(world: World) -> None:
    """Combat 1, and roll 2: Ann's reflex roll (5, 2, 4, her discomfort 4): reflexes 5."""
    a_combat(world)
    ok(world.post("mayor", "/portal/rolls", open_roll("c1", readings=REFLEX_READINGS)))


def a_combat_under_way(world: World) -> None:
    """Ann's reflexes 5; roll 3, Bob's 4, 4, 4, his wound die declined: reflexes 3; turn 1,
    phase 5: Ann's."""
    a_reflex_roll(world)
    ok(world.post("A", "/portal/combats/reflexes", {"combat": 1, "roll": 2, "payments": []}))
    bobs = open_roll("c2", readings=REFLEX_READINGS, declined_wounds=1)
    ok(world.post("mayor", "/portal/rolls", bobs))
    ok(world.post("B", "/portal/combats/reflexes", {"combat": 1, "roll": 3, "payments": []}))
    for _ in range(2):
        ok(world.post("mayor", "/portal/combats/phases", {"combat": 1}))


def an_attack_roll(world: World) -> None:
    """Roll 4: Ann's attack roll, open."""
    a_combat_under_way(world)
    ok(world.post("mayor", "/portal/rolls", open_roll("c1", readings=ATTACK_READINGS)))


def an_exchange(world: World) -> None:
    """Rolls 4 and 5 settled for the strike: Ann's attack, Bob's defence (his wound die
    declined: no sequel point to pay)."""
    an_attack_roll(world)
    ok(world.post("A", "/portal/combats/rolls", {"combat": 1, "roll": 4, "payments": []}))
    defence = open_roll("c2", readings=DEFENCE_READINGS, declined_wounds=1)
    ok(world.post("mayor", "/portal/rolls", defence))
    ok(world.post("B", "/portal/combats/rolls", {"combat": 1, "roll": 5, "payments": []}))


def a_maneuver_roll(world: World) -> None:
    """Roll 4: Ann's maneuver roll, open, in her phase."""
    a_combat_under_way(world)
    feint = [{**ATTACK_READINGS[0], "name": "maneuver"}]
    ok(world.post("mayor", "/portal/rolls", open_roll("c1", readings=feint)))


def an_aguante_roll(world: World) -> None:
    """Roll 2: Ann's aguante roll in combat 1, with no critical state to face."""
    a_combat(world)
    aguante = open_roll("c1", readings=DEFENCE_READINGS[1:])
    ok(world.post("mayor", "/portal/rolls", aguante))


PORTAL_ENDPOINTS.update(
    [
        post(lobby, "/portal/combats", (403, 403, 200), COMBAT),
        post(
            a_reflex_roll,
            "/portal/combats/reflexes",
            (200, 403, 403),
            {"combat": 1, "roll": 2, "payments": []},
        ),
        post(
            an_attack_roll,
            "/portal/combats/rolls",
            (200, 403, 403),
            {"combat": 1, "roll": 4, "payments": []},
        ),
        post(
            a_combat,
            "/portal/combats/defences",
            (403, 403, 200),
            {**open_roll("c2", readings=DEFENCE_READINGS), "combat": 1, "protection": GUARD},
        ),
        post(an_exchange, "/portal/combats/strikes", (403, 403, 200), STRIKE),
        # the game master reaches the rules: Ann is not in the critical state
        post(a_combat, "/portal/combats/critical/actions", (403, 403, 409), CRITICAL_ACT),
        # the roller's player reaches the rules: Ann faces no critical state
        post(
            an_aguante_roll,
            "/portal/combats/critical",
            (409, 403, 403),
            {"combat": 1, "roll": 2, "payments": []},
        ),
        post(
            a_maneuver_roll,
            "/portal/combats/maneuvers",
            (200, 403, 403),
            {"combat": 1, "roll": 4, "payments": [], "enemy": "c2"},
        ),
        post(a_combat_under_way, "/portal/combats/phases", (403, 403, 200), {"combat": 1}),
        post(a_combat, "/portal/combats/end", (403, 403, 200), {"combat": 1, "reason": "r"}),
        post(a_combat_under_way, "/portal/combats/attacks", (403, 403, 200), CALL_ATTACK),
        post(a_combat_under_way, "/portal/combats/declarations", (403, 403, 200), DECLARE),
        post(a_combat_under_way, "/portal/combats/free", (403, 403, 200), FREE_ACTION),
    ]
)


# -- supporting characters in a fight (domain/portal/cast_commands.py) ----------------------

SUPPORTING_ATTACK = {
    "combat": 1,
    "attacker": "s1",
    "attack_unit": [],
    "defender": "c2",
    "defence_roll": 2,
    "defence_unit": [],
    "setting": "normal",
    "nonlethal": False,
    "reason": "a bite",
}
SUPPORTING_DEFEND = {
    "combat": 1,
    "attack_roll": 4,
    "attack_unit": [],
    "target": "s1",
    "defence_unit": [],
    "weapon": STRIKE["weapon"],
    "setting": "normal",
    "reason": "a thrust",
}


def a_defence_and_a_zombie(world: World) -> None:
    """Combat 1, roll 2: Bob's defence roll settled (his wound die declined); zombie s1."""
    a_combat(world)
    defence = open_roll("c2", readings=DEFENCE_READINGS, declined_wounds=1)
    ok(world.post("mayor", "/portal/rolls", defence))
    ok(world.post("B", "/portal/combats/rolls", {"combat": 1, "roll": 2, "payments": []}))
    a_zombie(world)


def an_attack_and_a_zombie(world: World) -> None:
    """Ann's attack roll 4 settled in her phase; zombie s1."""
    an_exchange(world)
    a_zombie(world)


PORTAL_ENDPOINTS.update(
    [
        post(
            two_zombies,
            "/portal/supporting/clash",
            (403, 403, 200),
            {
                "attacker": "s1",
                "attack_unit": [],
                "target": "s2",
                "defence_unit": [],
                "reason": "r",
            },
        ),
        post(
            a_defence_and_a_zombie, "/portal/supporting/attack", (403, 403, 200), SUPPORTING_ATTACK
        ),
        post(
            an_attack_and_a_zombie, "/portal/supporting/defend", (403, 403, 200), SUPPORTING_DEFEND
        ),
    ]
)


# -- special attacks and a team leader's levels (domain/portal/special_commands.py) ---------

CEDE = {"leader": "c1", "leader_roll": 1, "roll": 2, "reason": "she leads"}
GRAPPLE = {
    "combat": 1,
    "attack_roll": 4,
    "defence_roll": 5,
    "defender_weapon": "none",
    "reason": "a grab",
}
MULTIPLE = {
    "combat": 1,
    "attack_rolls": [4],
    "attacks": [{"defender": "c2", "supporting": None, "weapon": STRIKE["weapon"]}] * 2,
    "defence_rolls": [5],
    "increment": {"weapons": "ready", "position": "adjacent", "reason": "one target"},
    "cancel": {"reason": "nothing cancels"},
    "setting": "normal",
    "nonlethal": False,
    "reason": "a flurry",
}
RELEASE = {"combat": 1, "character": "c2", "reason": "she lets go"}
GRAB_READINGS = [ATTACK_READINGS[0], {**ATTACK_READINGS[0], "name": "strength"}]
HOLD_READINGS = [DEFENCE_READINGS[0], {**DEFENCE_READINGS[0], "name": "struggle"}]


def two_sneaking(world: World) -> None:
    """Roll 1, Ann's, her Sigilo applying (2 levels); roll 2, Bob's."""
    anns_roll(world)
    ok(world.post("mayor", "/portal/rolls", open_roll("c2")))


def a_grapple(world: World) -> None:
    """In Ann's phase, rolls 4 (Ann's, read for attack and strength) and 5 (Bob's, read for
    defence and struggle, his wound die declined) settled."""
    a_combat_under_way(world)
    grab = open_roll("c1", readings=GRAB_READINGS, difficulty=None)
    ok(world.post("mayor", "/portal/rolls", grab))
    ok(world.post("A", "/portal/rolls/settle", {"roll": 4, "payments": []}))
    hold = open_roll("c2", readings=HOLD_READINGS, difficulty=None, declined_wounds=1)
    ok(world.post("mayor", "/portal/rolls", hold))
    ok(world.post("B", "/portal/rolls/settle", {"roll": 5, "payments": []}))


PORTAL_ENDPOINTS.update(
    [
        post(two_sneaking, "/portal/collaborations/leader", (403, 403, 200), CEDE),
        post(a_grapple, "/portal/combats/grapples", (403, 403, 200), GRAPPLE),
        # the game master reaches the rules: Bob is held by nobody
        post(a_grapple, "/portal/combats/grapples/escape", (403, 403, 409), GRAPPLE),
        post(a_combat_under_way, "/portal/combats/grapples/release", (403, 403, 409), RELEASE),
        post(an_exchange, "/portal/combats/multiple", (403, 403, 200), MULTIPLE),
    ]
)


# -- the hidden-roll scan: two blind rolls, each with an ace worded with a marker -----------

MARKERS = ("ACE-MARK-ONE", "ACE-MARK-TWO")
#: bodies that name the secret rolls (1 and 2) or their characters; other commands get `{}`
BODIES: dict[str, Any] = {
    "/portal/characters": {"sheet": sheet("N")},
    "/portal/rolls": open_roll("c1"),
    "/portal/rolls/reroll": reroll(1, "basic", 0, "ace"),
    "/portal/rolls/fix": {"roll": 1},
    "/portal/rolls/block": {"roll": 2, "giver": "c1"},
    "/portal/rolls/settle": {"roll": 1, "payments": []},
    "/portal/thorns/critical": {"roll": 1, "payments": []},
    "/portal/sequels": {"roll": 1, "kind": "x", "reason": "x"},
    "/portal/dice/give": {"character": "c2", "kind": "wound", "dice": 1, "reason": "x"},
    "/portal/dice/remove": {"character": "c2", "kind": "wound", "dice": 1, "reason": "x"},
    "/portal/damage": {"character": "c1", "points": 1, "nonlethal": True, "reason": "x"},
    "/portal/points/award": {"character": "c1", "points": 1, "gain": "roleplay", "reason": "x"},
    "/portal/points/spend": {"character": "c1", "points": 1, "use": "background", "reason": "x"},
    "/portal/luck/restore": {"character": "c1", "dice": 1, "reason": "x"},
}
#: the story's commands naming the secret rolls: each refused as secret, nothing said of them
BODIES.update(
    {
        "/portal/rolls/cut": {"first": 1, "second": 2, "aces": True, "reason": "x"},
        "/portal/confrontations": {"first": {"roll": 1}, "second": {"roll": 2}, "reason": "x"},
        "/portal/confrontations/extended/exchange": {
            "confrontation": 1,
            "first": {"roll": 1},
            "second": {"roll": 2},
        },
        "/portal/confrontations/psychological": {
            "manipulator": {"roll": 1},
            "victim": {"roll": 2},
            "reason": "x",
        },
        "/portal/confrontations/teams": {
            "first": [{"roll": 1}],
            "second": [{"roll": 2}],
            "reason": "x",
        },
        "/portal/collaborations": {
            "members": [{"roll": 1}, {"roll": 2}],
            "difficulty": 4,
            "reduction": 0,
            "cover": [],
            "shared_task": False,
            "reason": "x",
        },
        "/portal/spells": {**open_roll("c1", difficulty=None), "spell": SPELL},
        "/portal/confrontations/deferred": {
            **open_roll("c1", difficulty=None),
            "deferral": {"first": {"roll": 2}, "reason": "x"},
        },
    }
)


#: the combat commands naming the secret rolls: refused, no combat under way, nothing said
BODIES.update(
    {
        "/portal/combats": COMBAT,
        "/portal/combats/reflexes": {"combat": 1, "roll": 1, "payments": []},
        "/portal/combats/rolls": {"combat": 1, "roll": 2, "payments": []},
        "/portal/combats/strikes": {**STRIKE, "attack_roll": 1, "defence_roll": 2},
        "/portal/combats/critical": {"combat": 1, "roll": 1, "payments": []},
        "/portal/combats/critical/actions": CRITICAL_ACT,
        "/portal/combats/maneuvers": {"combat": 1, "roll": 1, "payments": [], "enemy": None},
        "/portal/combats/defences": {**open_roll("c1"), "combat": 1, "protection": GUARD},
        "/portal/combats/phases": {"combat": 1},
        "/portal/combats/end": {"combat": 1, "reason": "x"},
        "/portal/combats/attacks": {**open_roll("c1"), "combat": 1, "target": None},
        "/portal/combats/declarations": DECLARE,
        "/portal/combats/free": FREE_ACTION,
    }
)

#: supporting characters' fights naming the secret rolls: refused, nothing said of them
BODIES.update(
    {
        "/portal/supporting/attack": {**SUPPORTING_ATTACK, "defence_roll": 1},
        "/portal/supporting/defend": {**SUPPORTING_DEFEND, "attack_roll": 2},
    }
)


#: special attacks and a team leader's levels naming the secret rolls: refused (no combat
#: under way, or the rolls secret), nothing said of them
BODIES.update(
    {
        "/portal/collaborations/leader": CEDE,
        "/portal/combats/grapples": {**GRAPPLE, "attack_roll": 1, "defence_roll": 2},
        "/portal/combats/grapples/escape": {**GRAPPLE, "attack_roll": 1, "defence_roll": 2},
        "/portal/combats/multiple": {**MULTIPLE, "attack_rolls": [1], "defence_rolls": [2]},
    }
)


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


#: the readings a combat roll is called with: initial, after wound dice, attack, defence, last
#: aguante, maneuver
COMBAT_CALLS = (
    REFLEX_READINGS,
    [*REFLEX_READINGS[:1], *DEFENCE_READINGS[1:]],
    ATTACK_READINGS,
    DEFENCE_READINGS,
    DEFENCE_READINGS[1:],
    [{**ATTACK_READINGS[0], "name": "maneuver"}],
)


def random_combat_command(data: st.DataObject, session: Session) -> tuple[str, Any]:
    """A random combat command and its sender: combats started and ended, combat rolls
    called, reflex, combat and last aguante rolls settled by their roller (or not), cold
    blood paid, maneuvers, strikes ruled on the rolls kept, phases advanced (often
    refused)."""
    state = session.state
    pick = data.draw
    characters = sorted(state.characters)
    character_id = pick(st.sampled_from(characters), label="character")
    combat = pick(st.sampled_from(sorted(int(c) for c in state.combats) or [1]), label="combat")
    open_rolls = sorted(int(r) for r in state.open_rolls) or [1]
    roll_number = pick(st.sampled_from(open_rolls), label="roll")
    rolled = state.open_rolls.get(str(roll_number))
    roller = GM if rolled is None else state.characters[rolled.character].seat
    sender = pick(st.sampled_from([roller, roller, roller, GM]), label="sender")
    payments = pick(st.sampled_from([[], [], ["discomfort"], ["sequel"]]), label="payments")
    # weighted towards the rolls and strikes of a combat under way
    kind = pick(
        st.sampled_from([0, 1, 1, 1, 1, 2, 2, 2, 3, 3, 4, 5, 5, 6, 6, 6, 6, 7, 8, 9, 10, 11])
    )
    if kind == 0 or not state.combats:
        fight = pick(st.sampled_from(["friendly_brawl", "we_are_going_to_die"]), label="fight")
        contenders = pick(st.permutations(characters), label="contenders")[:2]
        return GM, command(cc.PortalStartCombat, contenders=contenders, fight=fight, reason="r")
    if kind == 1:
        readings = pick(st.sampled_from(COMBAT_CALLS), label="readings")
        due = [
            c for f in state.combats.values() for c in f.contenders if c.character == character_id
        ]
        if due and due[0].reflex_roll_due and pick(st.booleans(), label="due"):
            readings = COMBAT_CALLS[1 if due[0].thorn_due else 0]
        return GM, roll(character_id, readings=readings, difficulty=None)
    if kind == 2:
        paid = pick(st.integers(0, 4), label="cold blood")
        if rolled is not None and str(combat) in state.combats and pick(st.booleans()):
            # what the cold blood misses, paid in full
            chilled = [read(rolled.sequence.pool, r) for r in rolled.readings]
            result = min([r.result for r in chilled if r.name == "cold blood"] or [99])
            paid = max(0, state.combats[str(combat)].cold_blood_difficulty - result)
        way = pick(st.sampled_from(["lost_turns", "discomfort", "reflex_points"]), label="way")
        return sender, command(
            cc.PortalTakeReflexes, combat=combat, roll=roll_number, payments=payments, **{way: paid}
        )
    if kind == 3:
        return sender, command(
            cc.PortalSettleCombatRoll, combat=combat, roll=roll_number, payments=payments
        )
    if kind == 4:
        return sender, command(
            cc.PortalTakeCritical, combat=combat, roll=roll_number, payments=payments
        )
    if kind == 5:
        kept = sorted(int(r) for c in state.combats.values() for r in c.rolls) or [1]
        attack, defence = (pick(st.sampled_from([*kept, None]), label="kept") for _ in "ad")
        leaving = pick(st.sampled_from([None, None, {"reason": "he flees"}]), label="leaving")
        # a hand strike's further effect, as the game master rules it [002:1469]
        effect = pick(st.sampled_from([None, None, "broken_weapon", "sequel"]), label="hand")
        hand = {"part": "hand", "reason": "his hand", "disarm": False, "hand": effect}
        chosen: dict[str, Any] = {
            "combat": combat,
            "attack_roll": attack or 1,
            "defence_roll": defence,
            "defender": character_id,
            "opportunity": leaving,
            "located": None if effect is None else hand,
        }
        return GM, command(cc.PortalStrike, **{**STRIKE, **chosen})
    if kind == 6:
        return GM, command(cc.PortalAdvancePhase, combat=combat)
    if kind == 8:
        enemy = pick(st.sampled_from([None, *characters]), label="enemy")
        flees = pick(st.booleans(), label="flees")  # a maneuver to leave melee [002:1547]
        return sender, command(
            cc.PortalManeuver,
            combat=combat,
            roll=roll_number,
            payments=payments,
            enemy=enemy,
            leaving=flees,
        )
    if kind == 9:  # an attack or maneuver roll called with its standing aces
        readings = pick(st.sampled_from(COMBAT_CALLS), label="readings")
        target = pick(st.sampled_from([None, *characters]), label="target")
        call = open_roll(character_id, readings=readings, difficulty=None)
        return GM, command(cc.PortalCallAttack, **call, combat=combat, target=target)
    if kind == 10:
        maneuver = pick(
            st.sampled_from(["total_defence", "prepare_attack", "neglect_defence"]),
            label="maneuver",
        )
        target = pick(st.sampled_from([None, *characters]), label="target")
        reach = pick(st.booleans(), label="reach")  # a reach weapon's safe neglect [002:1553]
        declared = {
            "maneuver": maneuver,
            "target": target,
            "character": character_id,
            "reach": reach,
        }
        return GM, command(cc.PortalDeclareManeuver, **{**DECLARE, **declared, "combat": combat})
    if kind == 11:
        action = pick(st.sampled_from(["draw", "move", "speak", "ask"]), label="action")
        bought = pick(st.booleans(), label="bought")
        taken = {"action": action, "bought": bought, "character": character_id}
        return GM, command(cc.PortalFreeAction, **{**FREE_ACTION, **taken, "combat": combat})
    return GM, command(cc.PortalEndCombat, combat=combat, reason="the foes flee")


def settlement(session: Session, open_roll: OpenRoll) -> tuple[str, Any]:
    """An open roll settled by its player, each sequel point paid with a level of sequel:
    the rolls the story's comparisons need."""
    character = session.state.characters[open_roll.character]
    result = resolve(
        character.sheet,
        open_roll.sequence.pool,
        list(open_roll.readings),
        session.state.options,
        open_roll.difficulty,
    )
    payments = ["sequel"] * len(result.sequel_points)
    return character.seat, command(cmd.PortalSettleRoll, roll=open_roll.roll, payments=payments)


def random_story_command(data: st.DataObject, session: Session) -> tuple[str, Any]:
    """A random command of the story outside combat, mostly the game master's: the settled
    rolls compared (simple, unequal, psychological, teams, a collaboration, an extended
    contest's exchange, a deferred confrontation's later roll), aces bought, two open rolls'
    rerolls cut, a supporting character brought, its turn die and hurt, an improvement, a
    spell's roll; and a player's try at one (refused)."""
    state = session.state
    pick = data.draw
    # each character's first settled roll not counted yet (draws of the same shape whatever
    # the state, so that a replayed example draws alike)
    unused: dict[str, int] = {}
    for number in sorted(state.settled, key=int):
        result = state.settled[number]
        if not result.used:
            unused.setdefault(result.character, int(number))
    opened = sorted(int(number) for number in state.open_rolls) or [1, 2]
    rolls = [{"roll": number} for number in unused.values()]
    rolls += [{"roll": number} for number in (1, 2)][len(rolls) :]
    race = [{"roll": unused.get(c, n)} for n, c in enumerate(("c1", "c2"), 1)]
    secret = set(session.table().secret_rolls)
    shown = [r for n, r in sorted(state.open_rolls.items()) if int(n) not in secret]
    if len(unused) < 2 and shown and pick(st.booleans(), label="settle first"):
        return settlement(session, shown[0])
    sender = pick(st.sampled_from([GM, GM, GM, "p1"]), label="sender")
    kind = pick(st.integers(0, 15), label="story kind")
    story: list[Any] = [
        (sc.PortalConfront, {"first": rolls[0], "second": rolls[1], "advantage": 1}),
        (sc.PortalPsychological, {"manipulator": rolls[0], "victim": rolls[1]}),
        (sc.PortalTeams, {"first": rolls[:1], "second": rolls[1:]}),
        (
            sc.PortalCollaborate,
            {"members": rolls, "difficulty": 4, "reduction": 1, "cover": [], "shared_task": True},
        ),
        (sc.PortalStartExtended, {"first": "c1", "second": "c2", "target": 2}),
        (sc.PortalExchange, {"confrontation": 1, "first": race[0], "second": race[1]}),
        (sc.PortalBuyAces, {"confrontation": 1, "side": "first", "aces": 1}),
        (sc.PortalAddSupporting, {"name": "a zombie", "generic": 2}),
        (sc.PortalSupportingTurn, {"supporting": "s1", "visibility": "blind"}),
        (sc.PortalHurtSupporting, {"supporting": "s1", "damage_total": 3}),
        (sc.PortalStackUnit, {"purpose": "defence", "leader": "s1", "members": ["s2"]}),
        (sc.PortalCutRerolls, {"first": opened[0], "second": opened[-1], "aces": True}),
    ]
    if kind < len(story):
        command_type, fields = story[kind]
        if command_type not in (sc.PortalExchange, sc.PortalSupportingTurn, sc.PortalStackUnit):
            fields = {**fields, "reason": "the story"}
        return sender, command(command_type, **fields)
    if kind == len(story):
        improvement = pick(st.sampled_from(["acquire_drive", "remove_drive"]), label="drive")
        return sender, command(
            sc.PortalAdvance,
            character="c1",
            improvement=improvement,
            name=pick(st.sampled_from(["glory", "gold"]), label="drive name"),
            at_adventure_end=pick(st.booleans(), label="adventure end"),
            approval="well earned",
        )
    visibility = pick(st.sampled_from(["public", "blind"]), label="later roll visibility")
    call = roll("c2", difficulty=None, visibility=visibility)
    if kind == len(story) + 1:
        deferral = {"first": rolls[0], "factor": 2, "reason": "a knot"}
        return sender, command(
            sc.PortalDeferredRoll, **msgspec.to_builtins(call), deferral=deferral
        )
    if kind == len(story) + 3:
        action = pick(st.sampled_from(["minimal", "normal", "heroic"]), label="critical action")
        fought = pick(st.sampled_from(sorted(int(c) for c in state.combats) or [1]))
        return sender, command(
            sc.PortalCriticalAction, combat=fought, character="c1", action=action, reason="r"
        )
    spell = {"rank": 1, "purpose": "cast", "competent": True, "required": 2, "missing": 1}
    # the elements paid before the roll [002:1604]: two kinds for the one present, refused
    paid = pick(st.sampled_from([None, {"luck": 1}, {"discomfort": 1, "points": 1}]))
    return sender, command(
        sc.PortalCastSpell,
        **msgspec.to_builtins(call),
        spell={**spell, "paid": paid, "reason": "a spark"},
    )


def random_cast_command(data: st.DataObject, session: Session) -> tuple[str, Any]:
    """A random command of supporting characters in a fight, mostly the game master's: a wolf
    brought, one supporting character attacking another, a contender's kept defence roll or
    a contender's kept attack roll striking one; units drawn from the table's supporting
    characters (the same one twice, or a contender out of its phase, is refused)."""
    state = session.state
    pick = data.draw
    ids = sorted(state.supporting) or ["s1"]
    sender = pick(st.sampled_from([GM, GM, GM, "p1"]), label="sender")
    kind = pick(st.integers(0, 3), label="cast kind")
    cast = pick(st.lists(st.sampled_from(ids), min_size=2, max_size=4), label="cast")
    units = {"attack_unit": cast[2:3], "defence_unit": cast[3:]}
    kept = sorted(int(r) for c in state.combats.values() for r in c.rolls) or [1]
    chosen = {
        "combat": pick(st.sampled_from(sorted(int(c) for c in state.combats) or [1])),
        "setting": "normal",
        "reason": "the fight",
        **units,
    }
    if kind == 0:
        generic = pick(st.integers(1, 6), label="generic")
        return sender, command(
            sc.PortalAddSupporting, name="a wolf", generic=generic, group=7, reason="a pack"
        )
    if kind == 1:
        return sender, command(
            castc.PortalSupportingClash,
            attacker=cast[0],
            target=cast[1],
            reason="the fight",
            **units,
        )
    if kind == 2:
        return sender, command(
            castc.PortalSupportingAttack,
            **chosen,
            attacker=cast[0],
            defender=pick(st.sampled_from(sorted(state.characters)), label="defender"),
            defence_roll=pick(st.sampled_from([*kept, None]), label="defence roll"),
            nonlethal=pick(st.booleans(), label="nonlethal"),
        )
    return sender, command(
        castc.PortalSupportingDefend,
        **chosen,
        attack_roll=pick(st.sampled_from(kept), label="attack roll"),
        target=cast[0],
        weapon=STRIKE["weapon"],
    )


def random_special_command(data: st.DataObject, session: Session) -> tuple[str, Any]:
    """A random special attack or ceded level, mostly the game master's: a team leader's
    level ceded between two open rolls, an attempt to immobilize or to break free on two
    settled rolls, a hold ruled over, a
    multiple attack on kept rolls against contenders or supporting characters (often
    refused: the wrong rolls, a target of each kind, out of the attacker's phase)."""
    state = session.state
    pick = data.draw
    sender = pick(st.sampled_from([GM, GM, GM, "p1"]), label="sender")
    characters = sorted(state.characters)
    combat = pick(st.sampled_from(sorted(int(c) for c in state.combats) or [1]), label="combat")
    kind = pick(st.integers(0, 4), label="special kind")
    if kind == 0:
        opened = sorted(int(r) for r in state.open_rolls) or [1, 2]
        led, given = (pick(st.sampled_from(opened), label="open roll") for _ in "lg")
        leader = pick(st.sampled_from(characters), label="leader")
        return sender, command(
            xc.PortalCedeLevel, leader=leader, leader_roll=led, roll=given, reason="she leads"
        )
    if kind in (1, 3):  # a grab, or a held contender's attempt to break free
        settled = sorted(int(r) for r in state.settled) or [1, 2]
        attack, defence = (pick(st.sampled_from(settled), label="settled") for _ in "ad")
        weapon = pick(st.sampled_from(["none", "one_hand", "two_hands"]), label="weapon")
        chosen = {"combat": combat, "attack_roll": attack, "defence_roll": defence}
        grab = xc.PortalImmobilize if kind == 1 else hc.PortalBreakFree
        return sender, command(grab, **{**GRAPPLE, **chosen, "defender_weapon": weapon})
    if kind == 4:
        held = pick(st.sampled_from(characters), label="held")
        released = {**RELEASE, "combat": combat, "character": held}
        return sender, command(hc.PortalReleaseHold, **released)
    kept = sorted(int(r) for c in state.combats.values() for r in c.rolls) or [1]
    targets = [{"defender": c, "supporting": None} for c in characters]
    targets += [{"defender": None, "supporting": s} for s in sorted(state.supporting)]
    attacks = pick(st.lists(st.sampled_from(targets), min_size=2, max_size=3), label="targets")
    given_up = pick(st.integers(0, 2), label="reflexes given up")
    return sender, command(
        xc.PortalMultipleAttack,
        **{
            **MULTIPLE,
            "combat": combat,
            "attack_rolls": pick(st.lists(st.sampled_from(kept), min_size=1, max_size=2)),
            "attacks": [{**a, "weapon": STRIKE["weapon"]} for a in attacks],
            "defence_rolls": pick(st.lists(st.sampled_from(kept), max_size=2)),
            "cancel": {"reflexes": given_up, "reason": "slower"},
        },
    )


def random_command(data: st.DataObject, session: Session) -> tuple[str, Any]:
    """A random command and its sender: rolls of every visibility, rerolls, blocks and
    settlements of the open rolls, sequels named, the game master's rulings (often refused:
    a refusal is a fine step too)."""
    if data.draw(st.integers(0, 3), label="combat or not") == 0:
        return random_combat_command(data, session)
    if data.draw(st.integers(0, 7), label="supporting fight or not") == 0:
        return random_cast_command(data, session)
    if data.draw(st.integers(0, 7), label="special attack or not") == 0:
        return random_special_command(data, session)
    if data.draw(st.integers(0, 5), label="story or not") == 0:
        return random_story_command(data, session)
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
        later = {"fortalezas": [], "aces": [{"count": 1, "reason": "an edge"}]}
        called = {"later": later} if pick(st.booleans(), label="later") else {}
        return GM, roll(
            character_id, luck=luck, fortalezas=fortalezas, visibility=visibility, **called
        )
    if kind <= 4:
        source = pick(st.sampled_from(["fortaleza", "ace", "point", "fix"]), label="source")
        die = pick(st.sampled_from(["basic", "discomfort", "luck"]), label="die")
        sender = pick(st.sampled_from([seat, GM]), label="sender")
        if source == "fix":
            return sender, command(cmd.PortalFixRoll, roll=roll_number)
        return sender, command(cmd.PortalRerollDie, **reroll(roll_number, die, 0, source))
    if kind == 5:
        giver = pick(st.sampled_from([None, *characters]), label="giver")
        sender = GM if giver is None else state.characters[giver].seat
        return sender, command(cmd.PortalBlockRoll, roll=roll_number, giver=giver)
    if kind <= 7:
        payments = pick(st.sampled_from([[], ["discomfort"], ["sequel"], ["luck"]]))
        sender = pick(st.sampled_from([seat, GM]), label="sender")
        # or the last aguante roll a thorn called outside a combat (a thorn past the limit)
        settling = [cmd.PortalSettleRoll] * 3 + [rc.PortalTakeThornCritical]
        kind_of = pick(st.sampled_from(settling), label="settlement")
        return sender, command(kind_of, roll=roll_number, payments=payments)
    if kind == 8:
        owed = sorted(int(r) for r in state.owed_sequels) or [1]
        return GM, command(
            cmd.PortalNameSequel, roll=owed[0], kind="wit", reason="a blow to the head"
        )
    if kind == 9 and session.table().secret_rolls:
        return GM, RevealRolls(rolls=session.table().secret_rolls[:2], reason="now it is told")
    if kind == 10:
        ruling = pick(st.integers(0, 7), label="ruling")
        if ruling == 1:
            ruled = {"character": character_id, "thorn": TOOTH, "reason": "ice"}
            return GM, command(rc.PortalDriveThorn, **ruled)
        if ruling in (2, 3):
            place = {"character": character_id, "thorn": 0, "reason": "it aches"}
            return GM, command((rc.PortalThornStrikes, rc.PortalSolveThorn)[ruling - 2], **place)
        if ruling == 4:
            return GM, command(rc.PortalRuleDrive, **{**DRIVE_RULING, "character": character_id})
        if ruling == 5:
            return GM, command(rc.PortalEndAdventure, reason="the last page")
        if ruling == 6:
            return GM, command(rc.PortalEndScene, reason="the door shuts")
        if ruling == 7:
            cared = {"character": character_id, "reason": "a surgeon's stitches"}
            return GM, command(rc.PortalGiveMedicalCare, **cared)
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
