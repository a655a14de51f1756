"""PORTAL's sheet and points at the table over real HTTP, by separate seats: a protagonist
built by the point method the table's options set [002:711-842], and a temporary specialty
bought with a character point before the roll it adds its Fortaleza's level to [002:585,
850] (a principal NPC's pool or harm paying it, Errata [002:649]).

Faces come from the table's public `scripted_rolls`, in the order the dice are thrown (see
`tests/test_api_portal.py`): the 3 basic dice, every discomfort die, the wound dice, the
luck dice (or the tempt die), then one die per reroll."""

from __future__ import annotations

from typing import Any

import httpx

from tests.api_helpers import ok
from tests.dice_http import SEATS, new_table
from tests.test_api_portal import character, http, open_roll, reading, sheet
from tests.test_api_portal_combat import refused

__all__ = ["http"]  # the module's HTTP client fixture

CHARACTERS = "/portal/characters"


def created(body: dict[str, Any]) -> dict[str, Any]:
    return {"sheet": body}


# -- creation by character points ---------------------------------------------------------------


def test_the_point_method_prices_a_protagonist_and_starts_it_with_the_unspent_fifth(
    http: httpx.Client,
) -> None:
    """The game master grants 15 points [002:720] to a group of team members [002:689]. Alex:
    Sigilo (moderate) at 2, its level 0 free [002:758], 2 + 6; its specialty at level 2, 4; a
    moderate limitation gives 4 [002:766]: 12 spent of 19, 7 unspent, 1 point in play
    [002:842]. What it cost is the player's and the game master's. A sheet the pool cannot pay,
    or one stating its own points, is refused; a principal NPC is the game master's, not
    priced."""
    table = new_table(http, "portal", [], creation_points=15, creation_concept="team_member")
    alex = sheet(
        "Alex",
        drives={"names": ["glory", "gold"]},
        fortalezas=[{"name": "Sigilo", "level": 2, "specialty": "trepar"}],
        limitations=[{"name": "Duro de oído"}],
    )
    costly = {**alex, "fortalezas": [{"name": "Sigilo", "level": 3}]}
    assert refused(table, "p1", CHARACTERS, created(costly)) == (409, "not_enough_points")
    stated = {**alex, "points": {"in_hand": 3}}
    assert refused(table, "p1", CHARACTERS, created(stated)) == (422, "invalid_sheet")
    assert table.log("gm", "portal.CharacterCreated") == []
    assert character(table, "p1", alex) == "c1"
    for who in SEATS:
        (priced,) = table.log(who, "portal.CharacterPriced")
        assert (priced["data"]["character"], priced["data"]["seat"]) == ("c1", "p1")
        price = priced["data"]["price"]
        seen = ok(table.get(who, "/characters/c1"))
        if who == "p2":
            assert price is None and "price" in priced["hidden"]
            assert seen["points"] is None
            continue
        assert (price["pool"], price["limitations"], price["fortalezas"]) == (15, 4, 8), who
        assert (price["free_fortaleza"], price["specialties"], price["unspent"]) == (
            "Sigilo",
            4,
            7,
        )
        assert price["points"] == {"in_hand": 1, "reserve": 0}
        assert seen["points"] == {"in_hand": 1, "reserve": 0}, who
    npc = sheet("Markus", kind="principal", luck_held=0, fortalezas=[{"name": "Magia", "level": 5}])
    assert character(table, "gm", npc) == "c2"
    assert len(table.log("gm", "portal.CharacterPriced")) == 1


# -- a temporary specialty ---------------------------------------------------------------------


def temporary(fortaleza: str = "Sigilo", reason: str = "a wall to climb") -> dict[str, Any]:
    return {"fortaleza": fortaleza, "reason": reason, "temporary": True}


def climb(character_id: str, **extra: Any) -> dict[str, Any]:
    """A MID reading against difficulty 4 with a temporary specialty in Sigilo."""
    return open_roll(character_id, readings=[reading(specialty=temporary())], **extra)


def test_a_temporary_specialty_bought_before_the_roll_adds_the_fortalezas_level(
    http: httpx.Client,
) -> None:
    """[002:585, 850]: Alex (Sigilo 2, no specialty, 2 points) buys a temporary specialty
    before climbing: his MID 3 becomes 5 against difficulty 4, a success where 3 fails; the
    point is gone, his player's and the game master's to see. Not spent apart from its roll
    any more (`portalSpendPoints`); refused where a specialty applies already [002:597], for
    two Fortalezas in one roll, on a Fortaleza of level 0, and with no point in hand."""
    table = new_table(http, "portal", [4, 3, 2])
    fortalezas = [
        {"name": "Sigilo", "level": 2},
        {"name": "Ágil", "level": 1, "specialty": "saltar"},
        {"name": "Suerte", "level": 0},
    ]
    character(table, "p1", sheet("Alex", fortalezas=fortalezas, points={"in_hand": 2}))
    character(table, "p2", sheet("Bruno", fortalezas=[{"name": "Sigilo", "level": 1}]))
    spend = {"character": "c1", "points": 1, "use": "temporary_specialty", "reason": "a climb"}
    assert refused(table, "gm", "/portal/points/spend", spend) == (422, "invalid_points")
    held = {"fortaleza": "Ágil", "reason": "a jump"}
    both = open_roll(
        "c1", readings=[reading(specialty=temporary()), reading("jump", specialty=held)]
    )
    assert refused(table, "gm", "/portal/rolls", both) == (409, "specialty_applies")
    two = open_roll(
        "c1",
        readings=[reading(specialty=temporary()), reading("jump", specialty=temporary("Ágil"))],
    )
    assert refused(table, "gm", "/portal/rolls", two) == (422, "invalid_readings")
    level_0 = open_roll("c1", readings=[reading(specialty=temporary("Suerte"))])
    assert refused(table, "gm", "/portal/rolls", level_0) == (422, "no_specialty")
    assert refused(table, "gm", "/portal/rolls", climb("c2")) == (409, "not_enough_points")
    automatic = climb("c1", difficulty=None, automatic="success")
    assert refused(table, "gm", "/portal/rolls", automatic) == (422, "automatic_outcome")
    assert table.log("gm", "DiceRolled") == []
    roll = table.command("gm", "/portal/rolls", climb("c1"))["roll"]
    for who in SEATS:
        (bought,) = (e["data"] for e in table.log(who, "portal.SpecialtyBought"))
        assert (bought["roll"], bought["fortaleza"], bought["bonus"]) == (roll, "Sigilo", 2)
        assert bought["readings"] == ["challenge"], who
        own = who != "p2"
        assert bought["points"] == ({"in_hand": 1, "reserve": 0} if own else None), who
        assert bought["paid_with"] == ("points" if own else None), who
    table.command("p1", "/portal/rolls/settle", {"roll": roll, "payments": []})
    for who in SEATS:
        (settled,) = (e["data"] for e in table.log(who, "portal.RollSettled"))
        assert (settled["verdict"]["outcome"], settled["verdict"]["result"]) == ("success", 5)
    assert ok(table.get("p1", "/characters/c1"))["points"]["in_hand"] == 1


def test_a_temporary_specialty_is_hidden_as_its_secret_roll(http: httpx.Client) -> None:
    """Bought for a `gm` roll, the specialty is withheld from the other players as the roll
    is; its player and the game master see it. Not for a `blind` one: the point would leave
    the hand of a player who does not see the roll (`roll_secret`, threat model K6)."""
    table = new_table(http, "portal", [4, 3, 2])
    alex = sheet("Alex", fortalezas=[{"name": "Sigilo", "level": 2}], points={"in_hand": 1})
    character(table, "p1", alex)
    blind = climb("c1", visibility="blind")
    assert refused(table, "gm", "/portal/rolls", blind) == (409, "roll_secret")
    roll = table.command("gm", "/portal/rolls", climb("c1", visibility="gm"))["roll"]
    for who in ("gm", "p1"):
        (bought,) = (e["data"] for e in table.log(who, "portal.SpecialtyBought"))
        assert (bought["roll"], bought["bonus"]) == (roll, 2), who
    assert [e["data"] for e in table.log("p2", "portal.SpecialtyBought")] in ([], [None])


def test_a_principal_npc_buys_a_temporary_specialty_as_his_sheet_says(http: httpx.Client) -> None:
    """Errata [002:649]: Morgana pays from her pool (1 left of 2); Markus, paying with harm,
    takes a wound die before rolling, thrown with the roll (3, 3, 3 and the wound die 2);
    Otto, with neither, buys none [002:647]."""
    table = new_table(http, "portal", [3, 3, 3, 3, 3, 3, 2])
    esgrima = [{"name": "Esgrima", "level": 3}]
    npcs = {"kind": "principal", "luck_held": 0, "fortalezas": esgrima}
    pool = {"pays_with": "pool", "pool": 2, "purpose": "fencing manoeuvres"}
    character(table, "gm", sheet("Morgana", **npcs, npc_pool=pool))
    character(table, "gm", sheet("Markus", **npcs, npc_pool={"pays_with": "harm"}))
    character(table, "gm", sheet("Otto", **npcs))
    fencing = [reading(specialty=temporary("Esgrima", "a feint"))]
    assert refused(table, "gm", "/portal/rolls", open_roll("c3", readings=fencing)) == (
        409,
        "principal_npc",
    )
    for npc in ("c1", "c2"):
        table.command("gm", "/portal/rolls", open_roll(npc, readings=fencing))
    for who in SEATS:
        morgana, markus = (e["data"] for e in table.log(who, "portal.SpecialtyBought"))
        assert (morgana["bonus"], markus["bonus"], markus["wound"]) == (3, 3, 1), who
        own = who == "gm"
        assert (morgana["paid_with"], markus["paid_with"]) == (
            ("pool", "harm") if own else (None, None)
        ), who
        assert morgana["pool"] == (1 if own else None), who
    (_, thrown) = table.log("gm", "DiceRolled")
    assert [d["face"] for d in thrown["data"]["dice"]] == [3, 3, 3, 2]
    assert ok(table.get("p1", "/characters/c2"))["wound"] == 1
    assert ok(table.get("gm", "/characters/c1"))["npc_pool"]["pool"] == 1


# -- a principal NPC's pool thrown as luck -------------------------------------------------------


def test_a_principal_npc_throws_luck_equivalents_of_his_pool(http: httpx.Client) -> None:
    """Errata [002:649]: Morgana's pool of 3 (fencing) adds 2 luck dice to her roll, 4 and 2:
    her kept 4 beats the 2 (+1 [002:324]), 5 against 4; the matching 4 stays in her pool, the
    2 is spent [002:328-330]: 2 left, hers and the game master's to see. While the roll is
    open the dice it throws are not the pool's to pay with: Lilith, 1 in her pool and 1
    thrown, buys no ace. An NPC paying with harm throws no luck, and none tempts luck (a pool
    keeps no lost dice [002:340])."""
    table = new_table(http, "portal", [4, 4, 4, 4, 2, 5, 3, 2, 6])
    npcs = {"kind": "principal", "luck_held": 0}
    pool = {"pays_with": "pool", "pool": 3, "purpose": "fencing manoeuvres"}
    character(table, "gm", sheet("Morgana", **npcs, npc_pool=pool))
    character(table, "gm", sheet("Lilith", **npcs, npc_pool={**pool, "pool": 1}))
    character(table, "gm", sheet("Markus", **npcs, npc_pool={"pays_with": "harm"}))
    rolls = "/portal/rolls"
    assert refused(table, "gm", rolls, open_roll("c3", luck=1)) == (422, "invalid_pool")
    assert refused(table, "gm", rolls, open_roll("c1", tempt=True)) == (422, "invalid_pool")
    assert refused(table, "gm", rolls, open_roll("c2", luck=2)) == (422, "invalid_pool")
    morgana = table.command("gm", rolls, open_roll("c1", luck=2))["roll"]
    lilith = table.command("gm", rolls, open_roll("c2", luck=1))["roll"]
    ace = {"roll": lilith, "die": {"kind": "basic", "index": 0}, "source": "point"}
    assert refused(table, "gm", "/portal/rolls/reroll", ace) == (409, "not_enough_points")
    table.command("gm", "/portal/rolls/settle", {"roll": morgana, "payments": []})
    for who in SEATS:
        (settled,) = (e["data"] for e in table.log(who, "portal.RollSettled"))
        assert (settled["verdict"]["outcome"], settled["verdict"]["result"]) == ("success", 5)
        assert (settled["result"]["luck_returned"], settled["result"]["luck_spent"]) == ([0], [1])
        assert settled["pool"] == (2 if who == "gm" else None), who
        assert (settled["luck_held"], settled["luck_lost"]) == (0, 0), who
    assert ok(table.get("gm", "/characters/c1"))["npc_pool"]["pool"] == 2
