"""Finding the moment in a long log (issue 24, item 3): the log's `character` and `text`
filters, over real HTTP on SQLite.

Each filter is judged on the event as the caller sees it, so searching is no channel of its
own: a card in another seat's hand, a face the caller may not see or a ruling derived from a
secret roll matches nothing for whoever may not know it, and the game master's audit
matches what audit shows. `character` credits an event to the character it names, the one it
happened to included, whoever sent the command.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from domain.systems import RULE_SYSTEMS
from tests.api_helpers import ok
from tests.frontera_support import SCRIPT, make_world
from tests.permission_matrix import World
from tests.system_support import SecretRolls, provided, rolls_secretly
from tests.test_api_stepdice import http as http  # the module's live server

SECRET_ROLLERS = [system for system in RULE_SYSTEMS if rolls_secretly(system)]


def found(world: World, who: str, **params: Any) -> list[dict[str, Any]]:
    """Every event of the caller's log the filters keep, page after page."""
    events: list[dict[str, Any]] = []
    after = 0
    while after is not None:
        page = ok(world.get(who, "/events", params={**params, "after": after}))
        events += page["events"]
        after = page["next_after"]
    return events


def drawn_for_the_open_test(http: httpx.Client) -> tuple[World, list[str]]:
    """Ann's test resolved; Bob has drawn for the open one: cards only Bob has seen."""
    world = make_world(http, {"mode": "no_management", "scripted_order": SCRIPT})
    ok(world.post("mayor", "/start"))
    ok(world.post("mayor", "/tests/trait", {"character": "c2", "trait": "senses"}), 201)
    cards: list[str] = ok(world.post("B", "/tests/draw", {"character": "c2"}))["cards"]
    return world, cards


def test_a_card_in_a_hand_is_found_by_its_holder_alone(http: httpx.Client) -> None:
    world, cards = drawn_for_the_open_test(http)
    card = cards[0]
    (draw,) = found(world, "B", type=["CardsDrawn"], text=card)
    assert card in draw["data"]["cards"]
    assert found(world, "B", type=["CardsDrawn"], text=card.lower()) == [draw]  # case ignored
    for who, audit in (("A", False), ("mayor", False), ("mayor", True)):
        # the open test seals it from the Mayor's audit too
        params = {"audit": True} if audit else {}
        assert found(world, who, type=["CardsDrawn"], text=card, **params) == []
    # its draw still reads, masked, for everyone who filters by the character instead
    (masked,) = found(world, "A", type=["CardsDrawn"], character="c2")
    assert masked["version"] == draw["version"] and card not in str(masked)


def test_what_happened_to_a_character_is_credited_to_it_whoever_sent_it(
    http: httpx.Client,
) -> None:
    world = make_world(http, {"mode": "no_management"})
    ok(world.post("mayor", "/start"))
    ruling = {"character": "c1", "track": "health", "change": -1, "reason": "A fall"}
    ok(world.post("mayor", "/conditions", ruling))
    (changed,) = found(world, "A", type=["ConditionChanged"], character="c1")
    assert changed["actor"] == "mayor"
    assert found(world, "A", type=["ConditionChanged"], seat="p1") == []  # not Ann's seat's act
    assert found(world, "A", type=["ConditionChanged"], character="c2") == []
    assert found(world, "A", text="a FALL") == [changed]


@pytest.mark.parametrize("system", SECRET_ROLLERS)
def test_nothing_derived_from_a_secret_roll_is_found_by_a_seat_that_may_not_see_it(
    http: httpx.Client, system: str
) -> None:
    rolls: SecretRolls = provided(system, "secret_rolls")
    table = rolls.table(http)
    world = World(http, table.id, dict(table.headers))
    for marker in rolls.markers:
        assert found(world, "gm", text=marker), marker  # the game master wrote it
        for player in ("p1", "p2"):
            assert found(world, player, text=marker) == [], (player, marker)
    for player, character in (("p1", "c1"), ("p2", "c2"), ("p1", "c2")):
        shown = found(world, player, character=character)
        assert not any(marker in str(event) for event in shown for marker in rolls.markers)
        assert not any(rolls.shows(event, roll) for event in shown for roll in (1, 2))


def test_a_text_with_a_control_character_or_too_long_is_refused_with_400(
    http: httpx.Client,
) -> None:
    world = make_world(http, {"mode": "no_management"})
    for params in ({"text": "a\x07b"}, {"text": "x" * 81}, {"character": ""}):
        response = world.get("A", "/events", params=params)
        assert response.status_code == 400, params
        assert response.headers["content-type"].startswith("application/problem+json")
