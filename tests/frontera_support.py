"""Frontera's part in the suite's shared checks (tests/system_support.py): its permission
matrix, the tables of its schemathesis cases, the session its masked figures fold."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from domain.application import Tables
from tests import test_stats_frontera
from tests.api_helpers import bearer, ok, seat_player
from tests.frontera_helpers import MAYOR
from tests.frontera_strategies import Driver, cast_characters, start_session
from tests.permission_matrix import NDJSON, Cell, World, closed, lobby
from tests.random_play import RandomSession, claimed
from tests.system_support import PermissionMatrix, SchemaTables, SystemSupport
from tests.test_frontera_combat_turn import book_table

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
    assert ok(world.post("A", "/tests/draw", {"character": "c1"}))["cards"] == SCRIPT[:4]


def at_the_house(world: World) -> None:
    started(world)
    ok(world.post("mayor", "/games/house", {"character": "c1"}), 201)


def a_round_played(world: World) -> None:
    at_the_house(world)
    ok(world.post("A", "/games/house/rounds", {"character": "c1"}))


def in_combat(world: World) -> None:
    """Ann (c1), Bob (c2) and Billy (c3) within arm's reach of each other."""
    started(world)
    combatants = [{"character": c} for c in ("c1", "c2", "c3")]
    ok(world.post("mayor", "/combats", {"combatants": combatants, "range": "adjacent"}), 201)


def turn_started(world: World) -> None:
    in_combat(world)
    ok(world.post("mayor", "/combats/turns", {}), 201)


def billy_moved(world: World) -> None:
    turn_started(world)
    ok(
        world.post(
            "mayor", "/combats/declare", {"character": "c3", "action": "move", "move": "adjacent"}
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
    assert ok(world.post("A", "/combats/declare", swing))["cards"] == SCRIPT[:5]


def drinking_duel(world: World) -> None:
    started(world)
    ok(world.post("mayor", "/drinking-duels", {"characters": ["c1", "c2"]}), 201)


def ann_wounded(world: World) -> None:
    started(world)
    cut = {"character": "c1", "track": "health", "change": -1, "reason": "cut"}
    ok(world.post("mayor", "/conditions", cut))


def ann_lost_a_challenge(world: World) -> None:
    """Billy (head 2) draws 3♣ 9♦ and plays 9♦; Ann (head 2 + cunning) draws 10♠ K♠ 5♦ 8♥ and
    plays 5♦: Billy wins, Ann owes an answer."""
    started(world)
    ok(world.post("mayor", "/tests/challenge", {"challenger": "c3", "challenged": "c1"}), 201)
    assert ok(world.post("mayor", "/tests/draw", {"character": "c3"}))["cards"] == SCRIPT[:2]
    assert ok(world.post("A", "/tests/draw", {"character": "c1"}))["cards"] == SCRIPT[2:6]
    ok(world.post("mayor", "/tests/choose", {"character": "c3", "cards": ["d0:9D"]}))
    ok(world.post("A", "/tests/choose", {"character": "c1", "cards": ["d0:5D"]}))


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
        "/combats",
        (403, 403, 201),
        {"combatants": [{"character": "c1"}, {"character": "c3"}]},
    ),
    "POST combat/update": Cell(
        in_combat,
        "POST",
        "/combats/update",
        (403, 403, 200),
        {"reason": "Ann ducks", "combatants": [{"character": "c1", "cover": "partial"}]},
    ),
    "POST combat/turns": Cell(in_combat, "POST", "/combats/turns", (403, 403, 201), {}),
    "POST combat/declare (c3, the Mayor's)": Cell(
        turn_started,
        "POST",
        "/combats/declare",
        (403, 403, 200),
        {"character": "c3", "action": "move", "move": "adjacent"},
    ),
    "POST combat/declare (c1, A's)": Cell(
        billy_moved,
        "POST",
        "/combats/declare",
        (200, 403, 403),
        {"character": "c1", "action": "move", "move": "adjacent"},
    ),
    "POST combat/attacks (c1, A's)": Cell(
        ann_swings,
        "POST",
        "/combats/attacks",
        (200, 403, 403),
        {"character": "c1", "attacks": [{"card": "d0:10S", "target": "c3"}]},
    ),
    "POST combat/end": Cell(in_combat, "POST", "/combats/end", (403, 403, 200), {"reason": "r"}),
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
        opened, "POST", "/tests/draw", (200, 403, 403), {"character": "c1"}
    ),
    "POST test/choose (c1, A's)": Cell(
        drawn, "POST", "/tests/choose", (200, 403, 403), {"character": "c1", "cards": ["d0:3C"]}
    ),
    "POST test/cancel": Cell(opened, "POST", "/tests/cancel", (403, 403, 200), {"reason": "r"}),
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
    "POST equipment": Cell(
        lobby,
        "POST",
        "/equipment",
        (403, 403, 200),
        {"character": "c1", "item": "revolver", "change": 1, "reason": "a gift"},
    ),
    "POST house": Cell(started, "POST", "/games/house", (403, 403, 201), {"character": "c1"}),
    "POST house/round (c1, A's)": Cell(
        at_the_house, "POST", "/games/house/rounds", (200, 403, 403), {"character": "c1"}
    ),
    "POST house/close": Cell(
        a_round_played, "POST", "/games/house/close", (403, 403, 200), {"reason": "fire"}
    ),
    "POST house/stop (c1, A's)": Cell(
        a_round_played, "POST", "/games/house/stop", (201, 403, 403), {"character": "c1"}
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
        started, "POST", "/drinking-duels", (403, 403, 201), {"characters": ["c1", "c3"]}
    ),
    "POST drinking-duel/end": Cell(
        drinking_duel, "POST", "/drinking-duels/end", (403, 403, 200), {"reason": "closing time"}
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


def _frontera_world(client: Any, _: Cell) -> World:
    return make_world(client, {"mode": "no_management", "scripted_order": SCRIPT})


#: operations of Normal mode's card exchanges (elsewhere they meet only `not_normal_mode`):
#: their schemathesis cases go to a Normal mode table
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


def _figures_session() -> tuple[Any, str]:
    session = book_table()
    test_stats_frontera.play(session)
    return session, MAYOR


# -- random play ------------------------------------------------------------------------------

FRONTERA_TABLES: st.SearchStrategy[dict[str, Any]] = st.sampled_from(
    [
        {"mode": "normal"},
        {"mode": "normal", "skip_phase_1": True},
        {"mode": "no_management"},
        {"mode": "wear"},
    ]
)


def random_play(data: st.DataObject, app: Tables) -> RandomSession:
    options = data.draw(FRONTERA_TABLES, label="table")
    session = start_session(app, 2, key="random-play-frontera", **options)
    played = claimed(app, session.table_id, lambda: None)
    driver = Driver(data, session)
    cast_characters(driver)
    played.step, played.sync = driver.step, driver.check
    return played


SUPPORT = SystemSupport(
    permissions=PermissionMatrix(world=_frontera_world, endpoints=ENDPOINTS),
    schema=SchemaTables(
        character="/characters",
        sheet={
            "name": "Hero",
            "traits": {"hands": 3, "senses": 3, "muscle": 3, "head": 3},
            "skills": ["aim", "agility", "cunning", "perception"],
        },
        start="/start",
        tables={"no_management": {"mode": "no_management"}, "normal": {"mode": "normal"}},
        table_of=lambda operation: "normal" if operation in NORMAL_MODE else None,
    ),
    figures_session=_figures_session,
    random_play=random_play,
)
