"""stepdice after a second reading of the book (issue 21), over real HTTP with separate seats:
the game master (seat "gm") and two players, each on its own credential.

- "Casi seguro" [003:88]: a test, an attack and a spell whose TN falls below 4 take effect with
  no die, and every seat reads them as such; a blind one reads to the players exactly as a
  blind rolled test until the game master reveals it.
- Maxima are the game master's: a player creates a character with the table's Hearts and
  Mana only, and the game master's `stepdiceSetMaxima` changes them for every seat to read.
"""

from __future__ import annotations

import json
from typing import Any

import httpx

from tests.api_helpers import ok
from tests.dice_http import SEATS, Table, new_table
from tests.test_api_stepdice import character, roll_test, sheet
from tests.test_api_stepdice import http as http  # the module's live server

#: an almost certain roll's die, TN, face, outcome and ruling owed
NO_DIE = (None, None, None, "success", None)
#: one grade below Fácil, two below Normal: TN < 4 [003:88]
EASIER = [{"grades": -1, "reason": "a rope"}]
MUCH_EASIER = [{"grades": -2, "reason": "asleep"}]


def _no_die(data: dict[str, Any]) -> tuple[Any, ...]:
    return (data["die"], data["target"], data["face"], data["outcome"], data["owed"])


def test_almost_certain_rolls_take_effect_with_no_die_for_every_seat(http: httpx.Client) -> None:
    # the script's 1 would fail any roll: none of these rolls it
    table = new_table(http, "stepdice", [1])
    rogue = character(table, "p1", "Rogue", attributes=sheet())
    warrior = character(table, "p2", "Warrior", attributes=sheet())
    pawn = table.command("gm", "/stepdice/enemies", {"name": "Pawn", "category": "peon"}, 201)
    test = table.command("gm", "/stepdice/tests", roll_test(rogue, "agilidad", "facil", EASIER))
    attack = {
        "character": rogue,
        "enemy": pawn["id"],
        "kind": "melee",
        "shifts": MUCH_EASIER,
        "helper": None,
    }
    hit = table.command("gm", "/stepdice/attacks", attack)
    cast = {
        "character": warrior,
        "effect": "a smoke curtain",
        "level": "truco",
        "cost": 1,
        "shifts": EASIER,
        "helper": None,
    }
    spell = table.command("gm", "/stepdice/casts", cast)
    assert [test["roll"], hit["roll"], spell["roll"]] == [1, 2, 3]
    for who in SEATS:
        for roll, kind in ((1, "TestRolled"), (2, "AttackRolled"), (3, "SpellCast")):
            events = table.rolled(who, roll)
            assert events["DiceRolled"]["data"]["dice"] == [], (who, roll)
            assert _no_die(events[f"stepdice.{kind}"]["data"]) == NO_DIE, (who, roll)
        view = table.view(who)
        assert [r["outcome"] for r in view["results"]] == ["success"] * 3
        assert view["enemies"][0]["status"] == "out"  # the pawn falls
        # the warrior's Mana is spent: 3 - 1, its player's (p2) and the GM's to read
        (spent,) = table.log(who, "stepdice.ManaSpent")
        assert (spent["data"]["amount"], spent["data"]["mana"]) == (1, None if who == "p1" else 2)
    table.command("gm", "/close")
    verified = ok(table.get("p2", "/verify"))
    assert (verified["verified"], verified["dice_checked"]) == (True, 0)


def _reads(table: Table, who: str) -> list[Any]:
    """What a seat reads of a table, less what differs between any two tables (ids, times)."""
    log = ok(table.get(who, "/events", after=1, limit=500))["events"]
    stream = table.stream(who, until=table.version())[1:]
    view = table.view(who)
    stats = ok(table.get(who, "/stats"))
    for volatile in ("id", "seed_commitment"):
        view.pop(volatile)
    for volatile in ("table_id", "pace"):
        stats.pop(volatile, None)
    return [
        [(e["version"], e["type"], e["actor"], e["data"], e["hidden"]) for e in log],
        [(e["version"], e["type"], e["data"]) for e in stream],
        view,
        ok(table.get(who, "/characters/c1")),
        json.loads(json.dumps(stats).replace(table.id, "T")),
    ]


def _blind_test(http: httpx.Client, grade: str, shifts: list[dict[str, Any]]) -> Table:
    table = new_table(http, "stepdice", [5])
    character(table, "p1", "Rogue", attributes=sheet())
    body = roll_test("c1", "agilidad", grade, shifts, visibility="blind")
    assert table.command("gm", "/stepdice/tests", body)["roll"] == 1
    return table


def test_a_blind_almost_certain_test_reads_as_a_rolled_one_until_revealed(
    http: httpx.Client,
) -> None:
    certain, rolled = _blind_test(http, "facil", EASIER), _blind_test(http, "normal", [])
    for player in ("p1", "p2"):
        assert _reads(certain, player) == _reads(rolled, player), player
    assert _reads(certain, "gm") != _reads(rolled, "gm")
    for table in (certain, rolled):
        table.command("gm", "/rolls/reveal", {"rolls": [1], "reason": "the lock gives"})
    for player in ("p1", "p2"):
        shown = certain.rolled(player, 1)
        assert shown["DiceRolled"]["data"]["dice"] == []
        assert _no_die(shown["stepdice.TestRolled"]["data"]) == NO_DIE
        assert rolled.rolled(player, 1)["stepdice.TestRolled"]["data"]["face"] == 5


def test_maxima_are_the_game_masters_to_set_and_every_seat_reads_the_hearts(
    http: httpx.Client,
) -> None:
    table = new_table(http, "stepdice", [])
    greedy = {"name": "Greedy", "attributes": sheet(), "hearts": 20, "mana": 20}
    assert table.post("p1", "/stepdice/characters", greedy).status_code == 400
    rogue = character(table, "p1", "Rogue", attributes=sheet())
    maxima = {"character": rogue, "hearts_max": 6, "mana_max": 4, "reason": "a blessing"}
    assert table.post("p1", "/stepdice/maxima", maxima).status_code == 403
    table.command("gm", "/stepdice/maxima", maxima)
    for who, knows in (("gm", True), ("p1", True), ("p2", False)):
        seen = ok(table.get(who, f"/characters/{rogue}"))
        assert (seen["hearts"], seen["hearts_max"]) == (6, 6), who
        assert (seen["mana"], seen["mana_max"]) == ((4, 4) if knows else (None, None)), who
        (event,) = table.log(who, "stepdice.MaximaSet")
        assert (event["data"]["reason"], event["data"]["hearts_max"]) == ("a blessing", 6)
        assert ("mana_max" in event["hidden"]) is not knows
