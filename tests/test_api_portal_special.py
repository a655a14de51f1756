"""PORTAL's special attacks and a team leader's levels over real HTTP, played by separate
seats [002:914-918, 1473-1529]: Alex cedes his Sigilo levels to David and Cosme (P13), Lucio
immobilizes Salvio (P30), Omnium's defence against a triple attack (P31), Sir Dorkar against
three goblins (P32).

Faces come from the table's public `scripted_rolls`, in the order the dice are thrown (see
`tests/test_api_portal.py`); a combat's direction die comes first.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.api_helpers import ok
from tests.dice_http import SEATS, new_table
from tests.portal_tables import brawl, settle, start_brawl, take_reflexes
from tests.test_api_portal import character, fortaleza, http, open_roll, reading, reroll, sheet
from tests.test_api_portal_combat import advance, attack_roll, defence_roll, refused

__all__ = ["http"]  # the module's HTTP client fixture

INFILTRATION = [reading("sigilo", "HIGH")]


def cede(leader_roll: int, roll: int, leader: str = "c1") -> dict[str, Any]:
    return {"leader": leader, "leader_roll": leader_roll, "roll": roll, "reason": "he leads"}


def test_p13_alex_cedes_his_sigilo_levels_to_david_and_cosme(http: httpx.Client) -> None:
    """P13 [002:918]: D5, all HIGH. Alex (the leader, Sigilo 2) 5, 5, 3; Bruno (Sigilo 1) 6, 6,
    6; Cosme 2, 2, 2; David 1, 1, 1: 5, 8, 2, -1. Only the leader's levels reroll others' dice
    [002:914]: Alex cedes one to David, whose player rerolls a 1 to a 6 (6, 1, 1: 6), one to
    Cosme, whose player rerolls a 2 to a 1 (2, 2, 1: 2). Excess 4, Cosme short by 3 costs 6:
    the group cannot cover him and the team fails (a shared task, the game master's)."""
    table = new_table(http, "portal", [5, 5, 3, 6, 6, 6, 2, 2, 2, 1, 1, 1, 6, 1])
    character(table, "p1", sheet("Alex", fortalezas=[{"name": "Sigilo", "level": 2}]))
    character(table, "p2", sheet("Bruno", fortalezas=[{"name": "Sigilo", "level": 1}]))
    character(table, "gm", sheet("Cosme"), seat="p2")
    character(table, "gm", sheet("David"), seat="p1")
    sneaking = {"readings": INFILTRATION, "difficulty": 5}
    table.command(
        "gm", "/portal/rolls", open_roll("c1", **sneaking, fortalezas=[fortaleza("Sigilo")])
    )
    table.command(
        "gm", "/portal/rolls", open_roll("c2", **sneaking, fortalezas=[fortaleza("Sigilo")])
    )
    table.command("gm", "/portal/rolls", open_roll("c3", **sneaking))
    table.command("gm", "/portal/rolls", open_roll("c4", **sneaking))
    path = "/portal/collaborations/leader"
    assert refused(table, "p1", path, cede(1, 4)) == (403, "not_game_master")
    # Bruno leads nobody: his level stays on his own roll
    assert refused(table, "gm", path, cede(2, 4)) == (422, "invalid_collaboration")
    assert refused(table, "gm", path, cede(1, 4, leader="c2")) == (422, "invalid_collaboration")
    assert refused(table, "gm", path, cede(1, 1)) == (422, "invalid_collaboration")
    table.command("gm", path, cede(1, 4))
    table.command("gm", path, cede(1, 3))
    assert refused(table, "gm", path, cede(1, 2)) == (409, "no_reroll_left")
    for who in SEATS:
        first, second = (e["data"] for e in table.log(who, "portal.LevelCeded"))
        assert (first["roll"], first["character"], first["entitlement"]["fortaleza"]) == (
            4,
            "c4",
            1,
        )
        assert (second["roll"], second["leader_entitlement"]["fortaleza"]) == (3, 0), who
    # Alex has ceded both levels; David's and Cosme's players reroll with them
    assert refused(table, "p1", "/portal/rolls/reroll", reroll(1, "basic", 2, "fortaleza")) == (
        409,
        "no_reroll_left",
    )
    assert refused(table, "p2", "/portal/rolls/reroll", reroll(4, "basic", 0, "fortaleza")) == (
        403,
        "not_your_seat",
    )
    table.command("p1", "/portal/rolls/reroll", reroll(4, "basic", 0, "fortaleza"))
    table.command("p2", "/portal/rolls/reroll", reroll(3, "basic", 2, "fortaleza"))
    for roll, who in ((1, "p1"), (2, "p2"), (3, "p2"), (4, "p1")):
        table.command(who, "/portal/rolls/settle", {"roll": roll, "payments": []})
    members = [{"roll": roll} for roll in (1, 2, 3, 4)]
    together = {
        "members": members,
        "difficulty": 5,
        "reduction": 0,
        "cover": ["c3"],
        "shared_task": True,
        "reason": "no reduction for stealth in a team [002:896]; a camp raised by one",
    }
    assert refused(table, "gm", "/portal/collaborations", together) == (409, "not_enough_excess")
    table.command("gm", "/portal/collaborations", {**together, "cover": []})
    for who in SEATS:
        (done,) = (e["data"] for e in table.log(who, "portal.Collaborated"))
        assert [m["roll"]["result"] for m in done["members"]] == [5, 8, 2, 6], who
        assert (done["excess"], done["deficit"], done["task_failed"]) == (4, 6, True)


#: the direction die; Lucio's reflex roll 6, 5, 4 (reflexes 6, cold blood 5); Salvio's 3, 3, 3
GRAPPLE_OPENING = [2, 6, 5, 4, 3, 3, 3]


def grapple(**extra: Any) -> dict[str, Any]:
    return {
        "combat": 1,
        "attack_roll": 4,
        "defence_roll": 5,
        "defender_weapon": "one_hand",
        "reason": "Lucio, unarmed, grabs Salvio and his gladius",
        **extra,
    }


def test_p30_lucio_immobilizes_salvio_by_three(http: httpx.Client) -> None:
    """P30 [002:1481]: Lucio, unarmed, 6, 5, 3: attack HIGH 6, strength LOW 3; Salvio, a
    gladius in one hand, 4, 2, 1: defence LOW 1 + 1 for the weapon [002:1477], struggle HIGH 4
    (no weapon bonus). 6 - 2 = 4; 4 + 3 = 7 against 4: immobilized by 3. The rolls are a
    confrontation's [002:1475]: settled by their players, counted once."""
    table = new_table(http, "portal", [*GRAPPLE_OPENING, 6, 5, 3, 4, 2, 1])
    character(table, "p1", sheet("Lucio"))
    character(table, "p2", sheet("Salvio"))
    brawl(table, "the baths")
    assert advance(table)["order"] == ["c1"]  # phase 6: Lucio's
    grab = [reading("attack", "HIGH"), reading("strength", "LOW")]
    hold = [reading("defence", "LOW"), reading("struggle", "HIGH")]
    table.command("gm", "/portal/rolls", open_roll("c1", readings=grab, difficulty=None))
    table.command("gm", "/portal/rolls", open_roll("c2", readings=hold, difficulty=None))
    path = "/portal/combats/grapples"
    assert refused(table, "gm", path, grapple()) == (404, "unknown_roll")  # not settled yet
    table.command("p1", "/portal/rolls/settle", {"roll": 4, "payments": []})
    table.command("p2", "/portal/rolls/settle", {"roll": 5, "payments": []})
    assert refused(table, "p1", path, grapple()) == (403, "not_game_master")
    # the grabber's roll is the one read for `attack`: Salvio's has no such reading
    swapped = grapple(attack_roll=5, defence_roll=4)
    assert refused(table, "gm", path, swapped) == (422, "invalid_confrontation")
    table.command("gm", path, grapple())
    for who in SEATS:
        (held,) = (e["data"] for e in table.log(who, "portal.Immobilized"))
        assert (held["grabber"], held["character"]) == ("c1", "c2"), who
        results = [held[r]["result"] for r in ("attack", "strength", "defence", "struggle")]
        assert results == [6, 3, 1, 4]
        done = held["grapple"]
        assert (done["defence"], done["grabbed"], done["struggle"]) == (2, True, 7)
        assert (done["immobilized"], done["margin"]) == (True, 3)
    # the rolls counted once; Lucio has acted in this phase
    assert refused(table, "gm", path, grapple()) == (409, "roll_used")


#: the direction die; the villain's reflex roll 6, 5, 4 (reflexes 6); Omnium's 3, 3, 3; the
#: villain's attack roll 5, 4, 3 (attack and damage HIGH 5)
TRIPLE_OPENING = [2, 6, 5, 4, 3, 3, 3, 5, 4, 3]
BARE = {"melee": "bare", "ranged": None, "reason": "fists"}
NO_INCREMENT = {"weapons": "ready", "position": "adjacent", "reason": "fists, one target"}
NO_CANCEL = {"reason": "nothing cancels"}


def multiple(attacks: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {
        "combat": 1,
        "attack_rolls": [4],
        "attacks": attacks,
        "defence_rolls": [5],
        "increment": NO_INCREMENT,
        "cancel": NO_CANCEL,
        "setting": "normal",
        "nonlethal": False,
        "reason": "a flurry",
        **extra,
    }


@pytest.mark.parametrize(
    ("held", "declared", "faces", "defence", "outcome"),
    [
        pytest.param({}, {}, [], 4, "miss", id="4 x 3 = 12"),
        pytest.param({"discomfort": 3}, {}, [5, 6, 4], 1, "hit", id="discomfort: 1 x 3 = 3"),
        pytest.param({}, {"luck": 1}, [2], 5, "miss", id="luck beaten: 5 x 3 = 15"),
    ],
)
def test_p31_omnium_multiplies_his_defence_against_a_triple_attack(
    http: httpx.Client,
    held: dict[str, int],
    declared: dict[str, int],
    faces: list[int],
    defence: int,
    outcome: str,
) -> None:
    """P31 [002:1504]: Omnium's defence roll 4, 3, 3 HIGH is 4; attacked three times he
    multiplies it by 3: 12 for each attack [002:1500]. With 3 discomfort dice none beaten by
    his 4 (5, 6, 4) it is 1, 3 in all; with a luck die beaten (2) it is 5, 15 in all. The
    villain's one attack roll (the table's `multiple_attack_rolls`: one) reads 5: it misses 12
    and 15, and hits 3 three times, each hit's damage absorbed in turn."""
    table = new_table(http, "portal", [*TRIPLE_OPENING, 4, 3, 3, *faces])
    character(table, "p1", sheet("Estallido"))
    character(table, "p2", sheet("Omnium"))
    brawl(table, "a rooftop")
    if held:  # the discomfort dice come after the reflexes: only the defence roll throws them
        given = {"character": "c2", "kind": "discomfort", "dice": 3, "reason": "a long night"}
        table.command("gm", "/portal/dice/give", given)
    assert advance(table)["order"] == ["c1"]
    table.command("gm", "/portal/rolls", attack_roll("c1"))
    settle(table, "p1", 4)
    table.command("gm", "/portal/rolls", {**defence_roll("c2"), **declared})
    settle(table, "p2", 5)
    three = [{"defender": "c2", "supporting": None, "weapon": BARE}] * 3
    path = "/portal/combats/multiple"
    assert refused(table, "p1", path, multiple(three)) == (403, "not_game_master")
    # one roll at this table: one per attack is refused
    assert refused(table, "gm", path, multiple(three, attack_rolls=[4, 5])) == (
        422,
        "invalid_attack",
    )
    assert refused(table, "gm", path, multiple(three, defence_rolls=[])) == (
        422,
        "invalid_defence",
    )
    table.command("gm", path, multiple(three))
    for who in SEATS:
        (ruled,) = (e["data"] for e in table.log(who, "portal.MultipleAttackResolved"))
        assert [a["defence"] for a in ruled["attacks"]] == [defence * 3] * 3, who
        assert [a["strike"]["outcome"] for a in ruled["attacks"]] == [outcome] * 3
        assert (ruled["increment"], ruled["cancelled"], ruled["reflexes"]) == (0, 0, 6)
    last = ruled["attacks"][-1]["absorption"]
    omnium = ok(table.get("p1", "/characters/c2"))
    if outcome == "hit":
        assert (omnium["discomfort"], omnium["wound"]) == (last["discomfort"], last["wound"])
    # the rolls are spent, the attacker has acted
    assert refused(table, "gm", path, multiple(three)) == (404, "unknown_roll")


#: the direction die; Dorkar's reflex roll 4, 4, 2 (reflexes 4 [002:1529]); the chief's 3,
#: 3, 2; Dorkar's attack roll 6, 4, 2 (attack and damage HIGH 6); the game master's three
#: d6s for the goblins, 1, 3, 5 [002:1525]
DORKAR = [2, 4, 4, 2, 3, 3, 2, 6, 4, 2, 1, 3, 5]
GOBLIN = {"name": "a swamp goblin", "generic": 2, "reason": "G 2 [002:1525]"}


def weapon(size: str, why: str) -> dict[str, Any]:
    return {"melee": size, "ranged": None, "sharp": size != "bare", "reason": why}


THREE_WEAPONS = [
    {"defender": None, "supporting": "s1", "weapon": weapon("bare", "a kick")},
    {"defender": None, "supporting": "s2", "weapon": weapon("medium", "his sword")},
    {"defender": None, "supporting": "s3", "weapon": weapon("small", "his dagger")},
]
BEHIND = {"weapons": "ready", "position": "opposite", "reason": "one goblin behind him"}


@pytest.mark.parametrize(
    ("given_up", "difficulties", "after"),
    [
        pytest.param(0, [4, 5, 5], 4, id="difficulties 5, 5, 4"),
        pytest.param(2, [2, 3, 3], 2, id="reflexes 4 to 2 cancel the +2"),
    ],
)
def test_p32_dorkar_attacks_three_goblins(
    http: httpx.Client, given_up: int, difficulties: list[int], after: int
) -> None:
    """P32 [002:1521-1529]: goblins G 2, Defence 2; one behind Dorkar (+2 to every attack);
    sword, dagger and kick are ready weapons (+0). The game master's dice 1, 3, 5: the goblin
    who rolls 1 (below its G and Defence) adds 1 to the others' Defence: the kick at it 4,
    sword and dagger 5 (the book's "5, 5 y 4"). Lowering his reflexes 4 to 2 cancels the +2
    (not the coupling bonus): 2, 3, 3, and his reflex value is 2. At most 4 attacks, his
    reflex value [002:1491]. Dorkar's attack roll (6, 4, 2) is not the book's: it has none."""
    table = new_table(http, "portal", DORKAR)
    character(table, "p1", sheet("Sir Dorkar"))
    character(table, "gm", sheet("Goblin chief", kind="principal", luck_held=0))
    start_brawl(table, "the swamp")
    for _ in range(3):
        table.command("gm", "/portal/supporting", GOBLIN)
    take_reflexes(table, "gm")
    assert advance(table, 3)["order"] == ["c1"]  # phase 4: Dorkar's
    table.command("gm", "/portal/rolls", attack_roll("c1"))
    settle(table, "p1", 4)
    path = "/portal/combats/multiple"
    body = multiple(THREE_WEAPONS, defence_rolls=[], increment=BEHIND)
    five = multiple([*THREE_WEAPONS, *THREE_WEAPONS[:2]], defence_rolls=[], increment=BEHIND)
    assert refused(table, "gm", path, five) == (409, "too_many_attacks")
    too_much = {"reflexes": 3, "reason": "slower"}
    assert refused(table, "gm", path, {**body, "cancel": too_much}) == (422, "invalid_attack")
    mixed = [*THREE_WEAPONS[:2], {"defender": "c2", "supporting": None, "weapon": BARE}]
    assert refused(table, "gm", path, {**body, "attacks": mixed}) == (422, "invalid_attack")
    table.command("gm", path, {**body, "cancel": {"reflexes": given_up, "reason": "slower"}})
    for who in SEATS:
        (ruled,) = (e["data"] for e in table.log(who, "portal.MultipleAttackResolved"))
        assert ruled["dice"] == [1, 3, 5], who
        assert [a["defence"] for a in ruled["attacks"]] == [2, 3, 3]
        assert [a["difficulty"] for a in ruled["attacks"]] == difficulties
        assert (ruled["increment"], ruled["cancelled"]) == (2, given_up)
        assert (ruled["reflexes"], ruled["phases"]) == (after, [after])
        assert [a["strike"]["outcome"] for a in ruled["attacks"]] == ["hit"] * 3
    # what went past each goblin's Aguante 2 came off its G
    goblins = {s["character"]["id"]: s for s in table.view("p1")["supporting"]}
    for attack in ruled["attacks"]:
        assert attack["taken"] == attack["through"] == attack["damage"]["total"] - 2
        assert goblins[attack["supporting"]]["current"] == 2 - attack["taken"]
    (fight,) = table.view("p1")["combats"]
    assert fight["contenders"][0]["reflexes"] == after


def test_a_table_reading_a_multiple_attack_from_one_roll_per_attack(http: httpx.Client) -> None:
    """The Errata's GAP [002:1487-1529], the table's `multiple_attack_rolls`: "per_attack"
    reads each attack from its own attack roll, in order (no example of the book: the faces
    are the test's). Omnium's defence 2, 1, 1 (HIGH 2) attacked twice is 4: the villain's 5
    hits it by 1, his 2 misses; the hit's damage goes through Omnium's aguante 2."""
    faces = [*TRIPLE_OPENING, 2, 2, 1, 2, 1, 1]
    table = new_table(http, "portal", faces, multiple_attack_rolls="per_attack")
    character(table, "p1", sheet("Estallido"))
    character(table, "p2", sheet("Omnium"))
    brawl(table, "a rooftop")
    assert advance(table)["order"] == ["c1"]
    for roll in (4, 5):
        table.command("gm", "/portal/rolls", attack_roll("c1"))
        settle(table, "p1", roll)
    table.command("gm", "/portal/rolls", defence_roll("c2"))
    settle(table, "p2", 6)
    two = [{"defender": "c2", "supporting": None, "weapon": BARE}] * 2
    path = "/portal/combats/multiple"
    body = multiple(two, attack_rolls=[4, 5], defence_rolls=[6])
    assert refused(table, "gm", path, {**body, "attack_rolls": [4]}) == (422, "invalid_attack")
    table.command("gm", path, body)
    for who in SEATS:
        (ruled,) = (e["data"] for e in table.log(who, "portal.MultipleAttackResolved"))
        attacks = ruled["attacks"]
        assert [a["attack_roll"] for a in attacks] == [4, 5], who
        assert [a["defence"] for a in attacks] == [4, 4]
        assert [(a["strike"]["outcome"], a["strike"]["excess"]) for a in attacks] == [
            ("hit", 1),
            ("miss", 0),
        ]
        assert (attacks[0]["aguante"], attacks[0]["through"]) == (
            2,
            attacks[0]["damage"]["total"] - 2,
        )
    absorbed = ruled["attacks"][0]["absorption"]
    omnium = ok(table.get("p2", "/characters/c2"))
    assert (omnium["discomfort"], omnium["wound"]) == (absorbed["discomfort"], absorbed["wound"])
