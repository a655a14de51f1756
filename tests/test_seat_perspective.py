"""The game master reads as a seat read (issue 24, item 2): `perspective=<seat>` on the view
(now or rewound) and on the log shows what that seat saw, as far as his audit opens it.

A dispute asks "what did that seat know then?": once the disputed test is over, the view at
the draw's version read as the drawing seat equals that seat's own; while something is still
open, or was kept by its roller (a `self` roll), the perspective shows no more than audit:
becoming a seat's eyes opens no secret audit keeps, nor one the seat did not see. Only the
game master may ask.
"""

from __future__ import annotations

from typing import Any

import httpx

from tests.api_helpers import ok
from tests.dice_http import new_table
from tests.frontera_support import SCRIPT, make_world
from tests.permission_matrix import World
from tests.test_api_protocol import assert_problem
from tests.test_api_stepdice import character, roll_test, sheet
from tests.test_api_stepdice import http as http  # the module's live server


def as_seat(world: World, seat: str, **params: Any) -> Any:
    return ok(world.get("mayor", "", params={"perspective": seat, **params}))


def within_audit(view: Any) -> Any:
    """A seat's view less what audit never lists while the table is open: the contents of
    face-down zones (its deck, its discard, which goes back into its deck); the hands, the
    dead man's hand (face up) and everything else as the seat read them."""
    listed = ("hand:", "dead_mans_hand")
    zones = [
        zone if zone["zone"].startswith(listed) else {**zone, "cards": None}
        for zone in view["zones"]
    ]
    return {**view, "zones": zones}


def hand_of(view: Any, character: str) -> Any:
    (hand,) = [zone for zone in view["zones"] if zone["zone"] == f"hand:{character}"]
    return hand["cards"]


def draw_version(world: World, who: str) -> int:
    page = ok(world.get(who, "/events", params={"type": "CardsDrawn", "seat": "p2"}))
    version: int = page["events"][-1]["version"]
    return version


def test_the_mayor_reads_the_draw_as_the_drawing_seat_saw_it_once_the_test_is_over(
    http: httpx.Client,
) -> None:
    world = make_world(http, {"mode": "no_management", "scripted_order": SCRIPT})
    ok(world.post("mayor", "/start"))
    ok(world.post("mayor", "/tests/trait", {"character": "c2", "trait": "senses"}), 201)
    cards = ok(world.post("B", "/tests/draw", {"character": "c2"}))["cards"]
    at = draw_version(world, "B")
    assert sorted(hand_of(ok(world.get("B", "", params={"version": at})), "c2")) == sorted(cards)

    # the test still open: the Mayor plays too, so Bob's eyes show him no card of it
    assert hand_of(as_seat(world, "p2", version=at), "c2") is None
    as_bob = ok(world.get("mayor", "/events", params={"perspective": "p2", "type": "CardsDrawn"}))
    assert [e["hidden"] for e in as_bob["events"]] == [["cards"]]

    playable = [c for c in cards if "JK" not in c]
    ok(world.post("B", "/tests/choose", {"character": "c2", "cards": playable[:1]}))
    assert ok(world.get("mayor"))["test"] is None  # resolved
    assert as_seat(world, "p2", version=at) == within_audit(
        ok(world.get("B", "", params={"version": at}))
    )
    assert hand_of(as_seat(world, "p2", version=at), "c2") == hand_of(
        ok(world.get("B", "", params={"version": at})), "c2"
    )
    assert as_seat(world, "p2") == within_audit(ok(world.get("B")))
    as_bob = ok(world.get("mayor", "/events", params={"perspective": "p2"}))
    assert as_bob == ok(world.get("B", "/events"))
    record = ok(world.get("mayor", "/tests/1", params={"perspective": "p2"}))
    assert record == ok(world.get("B", "/tests/1"))
    anns_record = ok(world.get("A", "/tests/1"))
    assert ok(world.get("mayor", "/tests/1", params={"perspective": "p1"})) == anns_record
    # what the audit adds, and the perspective takes away: Bob's hand, which Ann never saw
    assert ok(world.get("mayor", "/tests/1", params={"audit": True})) != anns_record
    # Ann's eyes never saw Bob's hand
    anns = as_seat(world, "p1", version=at)
    assert anns == within_audit(ok(world.get("A", "", params={"version": at})))
    assert hand_of(anns, "c2") is None


def test_reading_as_a_seat_opens_no_roll_the_seat_did_not_see(http: httpx.Client) -> None:
    """A `blind` test of p1's rogue is the game master's alone (his audit shows it): reading
    as p1 shows it as p1 saw it, masked; a `gm` one, which p1 saw, as p1 saw it."""
    table = new_table(http, "stepdice", [10, 3])
    character(table, "p1", "Rogue", attributes=sheet())
    table.command("gm", "/stepdice/tests", roll_test("c1", "agilidad", visibility="blind"))
    table.command("gm", "/stepdice/tests", roll_test("c1", "agilidad", visibility="gm"))
    world = World(http, table.id, {**table.headers, "mayor": table.headers["gm"]})

    def rolled(who: str, roll: int, **params: Any) -> dict[str, Any]:
        page = ok(world.get(who, "/events", params={"type": "DiceRolled", **params}))
        (event,) = [e for e in page["events"] if e["data"]["roll"] == roll]
        return dict(event)

    assert rolled("gm", 1)["hidden"] == rolled("gm", 1, audit=True)["hidden"] == []
    assert rolled("p1", 1)["hidden"] == ["dice"]
    assert rolled("gm", 1, perspective="p1") == rolled("p1", 1)
    assert rolled("p1", 2)["hidden"] == []
    assert rolled("gm", 2, perspective="p1") == rolled("p1", 2)


def test_only_the_game_master_reads_as_a_seat_and_only_a_seat_of_the_table(
    http: httpx.Client,
) -> None:
    world = make_world(http, {"mode": "no_management"})
    for path in ("", "/events"):
        response = world.get("A", path, params={"perspective": "p2"})
        assert_problem(response, 403, "not_game_master")
        assert_problem(world.get("mayor", path, params={"perspective": "p9"}), 404, "unknown_seat")
