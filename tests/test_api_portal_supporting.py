"""PORTAL's supporting characters in a fight over real HTTP, by separate seats [002:1285-1419]:
one attacking another (P25's zombies, round 1), a protagonist's animal companion helping its
attack and its defence (P26, Colmillo and Sombra), a unit defending its leader (P28), and a
supporting character's attack on a protagonist with the Errata's tie policy, both readings.

Faces come from the table's public `scripted_rolls`, in the order the dice are thrown: a
combat's direction die, each roll's 3 basic dice, a turn die, a unit's dice in member order.
"""

from __future__ import annotations

from typing import Any

import httpx

from tests.api_helpers import ok
from tests.dice_http import SEATS, Table, new_table
from tests.portal_tables import BRIGAND, brawl, last, settle
from tests.test_api_portal import character, http, open_roll, reading, sheet
from tests.test_api_portal_combat import advance, attack_roll, refused

__all__ = ["http"]  # the module's HTTP client fixture

CITIZEN = {"name": "a citizen", "generic": 3, "reason": "an ordinary person [002:1325]"}
ZOMBIE = {
    "name": "a zombie",
    "generic": 5,
    "attack": 4,
    "damage": 3,
    "defence": 1,
    "aguante": 6,
    "reflexes": 0.2,
    "reason": "the horde of [002:1325]",
}
COLMILLO = {
    "name": "Colmillo",
    "generic": 3,
    "reflexes": 2.5,
    "attack": 4,
    "damage": 2,
    "defence": 3,
    "aguante": 4,
    "group": 7,
    "reason": "a trained wolf [002:1389]",
}
FISTS = {"melee": "bare", "ranged": None, "reason": "her fists"}


def clash(attacker: str, target: str, **units: list[str]) -> dict[str, Any]:
    return {
        "attacker": attacker,
        "attack_unit": units.get("attack_unit", []),
        "target": target,
        "defence_unit": units.get("defence_unit", []),
        "reason": "the horde attacks",
    }


def defend(attack: int, target: str, **units: list[str]) -> dict[str, Any]:
    """A contender's settled attack roll `attack` on the supporting character `target`."""
    return {
        "combat": 1,
        "attack_roll": attack,
        "attack_unit": units.get("attack_unit", []),
        "target": target,
        "defence_unit": units.get("defence_unit", []),
        "weapon": FISTS,
        "setting": "normal",
        "reason": "a blow",
    }


def attack(attacker: str, defence: int | None, **units: list[str]) -> dict[str, Any]:
    """The supporting character `attacker` on Sombra (c1), her settled defence roll
    `defence`."""
    return {
        "combat": 1,
        "attacker": attacker,
        "attack_unit": units.get("attack_unit", []),
        "defender": "c1",
        "defence_roll": defence,
        "defence_unit": units.get("defence_unit", []),
        "setting": "dangerous",
        "nonlethal": False,
        "reason": "it leaps at her",
    }


def defence_roll(character_id: str, aguante: str = "HIGH") -> dict[str, Any]:
    readings = [reading("defence", "HIGH"), reading("aguante", aguante, aguante=True)]
    return open_roll(character_id, readings=readings, difficulty=None)


def fight(http: httpx.Client, first: str, after: list[int], **options: Any) -> Table:
    """Turn 1, phase 5, c1's (`first`): the direction die 1; c1's reflex roll 5, 4, 4
    (reflexes 5), c2's (Morgak) 3, 2, 2 (reflexes 3, a point short of cold blood 3 paid off
    them)."""
    table = new_table(http, "portal", [1, 5, 4, 4, 3, 2, 2, *after], **options)
    character(table, "p1", sheet(first))
    character(table, "p2", sheet("Morgak"))
    brawl(table, "an ambush", reflex_points=1)
    assert advance(table, 2)["order"] == ["c1"]
    return table


def test_p25_zombies_against_citizens_round_one_follows_the_rules(http: httpx.Client) -> None:
    """P25 [002:1323-1345], round 1 (the rules; the book's rounds 2 and 3 are CONTRA: a 5
    against G 3 is -1 [002:1317], not +1, and G never changes the values [002:1303]). The
    citizens' turn dice 1..6 (+1, +1, 0, -1, -1, -1); the zombies' 6, 5 and four 2s. C1
    (Attack 4, Damage 4) on Z1 (Defence 0, Aguante 5): 4 + 4 - 5 = 3, G 5 to 2; C2 on Z2: 3 +
    4 - 6 = 1, G 4; the others' 3, 2, 2, 2 reach Defence 2 but not Aguante 7. Z1's Attack 3
    misses C1's Defence 4; Z2's Attack 4 ties C2's: a hit of excess 0, Damage 3 under
    Aguante 4; Z3..Z6 (Attack 5, Damage 4) put the other four citizens out."""
    table = new_table(http, "portal", [1, 2, 3, 4, 5, 6, 6, 5, 2, 2, 2, 2])
    for body in [CITIZEN] * 6 + [ZOMBIE] * 6:
        table.command("gm", "/portal/supporting", body)
    for number in range(1, 13):
        table.command("gm", "/portal/supporting/turn", {"supporting": f"s{number}"})
    path = "/portal/supporting/clash"
    assert refused(table, "p1", path, clash("s1", "s7")) == (403, "not_game_master")
    for citizen in range(1, 7):
        table.command("gm", path, clash(f"s{citizen}", f"s{citizen + 6}"))
    for zombie in range(7, 13):
        table.command("gm", path, clash(f"s{zombie}", f"s{zombie - 6}"))
    for who in SEATS:
        blows = [e["data"] for e in table.log(who, "portal.SupportingClashed")]
        assert [(b["attack"], b["defence"]) for b in blows[:6]] == [
            (4, 0),
            (4, 1),
            (3, 2),
            (2, 2),
            (2, 2),
            (2, 2),
        ], who
        assert [b["through"] for b in blows[:6]] == [3, 1, 0, 0, 0, 0]
        assert [b["generic"] for b in blows[:2]] == [2, 4]
        assert not blows[6]["hit"]
        assert (blows[7]["hit"], blows[7]["excess"]) == (True, 0)
        assert [(b["through"], b["out"]) for b in blows[7:]] == [(0, False)] + [(3, True)] + [
            (5, True)
        ] * 3
    assert [s["current"] for s in table.view("p1")["supporting"][:6]] == [3, 3, 0, -2, -2, -2]
    assert refused(table, "gm", path, clash("s3", "s9")) == (409, "supporting_out")
    assert refused(table, "gm", path, clash("s1", "s1")) == (422, "invalid_stack")


def test_p26_colmillo_helps_sombras_attack_and_her_defence(http: httpx.Client) -> None:
    """P26 [002:1389-1399]: Sombra's bare-handed attack reads 3 (damage die 3) against a
    brigand's Defence 5: alone a miss; Colmillo's d6 shows 3, his G: his whole Attack 4 and
    Damage 2 stack on hers: 7 against 5, 2 + 3 + 2 = 7 past Aguante 5, the brigand's G 5 to 3.
    Then the brigand's Attack 5 on Sombra's defence 4: Colmillo's 3 adds his whole Defence 3,
    7, and the attack is avoided."""
    table = fight(http, "Sombra", [3, 2, 2, 3, 4, 3, 2, 3])
    table.command("gm", "/portal/supporting", BRIGAND)
    table.command("gm", "/portal/supporting", COLMILLO)
    table.command("gm", "/portal/rolls", attack_roll("c1"))
    settle(table, "p1", 4)
    assert refused(table, "p1", "/portal/supporting/defend", defend(4, "s1")) == (
        403,
        "not_game_master",
    )
    helped = defend(4, "s1", attack_unit=["s2"])
    assert refused(table, "gm", "/portal/supporting/defend", {**helped, "target": "s2"}) == (
        422,
        "invalid_stack",
    )
    table.command("gm", "/portal/supporting/defend", helped)
    for who in SEATS:
        blow = last(table, who, "SupportingDefended")
        unit = blow["attack_unit"]
        assert (unit["leader"], unit["totals"]) == ("c1", {"attack": 7, "damage": 2}), who
        assert unit["members"][0] == {
            "supporting": "s2",
            "face": 3,
            "added": {"attack": 4, "damage": 2},
            "modifier": 0,
        }
        assert (blow["strike"]["outcome"], blow["strike"]["excess"]) == ("hit", 2)
        assert (blow["damage"]["total"], blow["damage_total"], blow["aguante"]) == (5, 7, 5)
        assert (blow["through"], blow["generic"], blow["out"]) == (2, 3, False)
    # her phase is spent: the brigand strikes back at her defence roll, 4, 3, 2
    table.command("gm", "/portal/rolls", defence_roll("c1"))
    settle(table, "p1", 6)
    table.command("gm", "/portal/supporting/attack", attack("s1", 6, defence_unit=["s2"]))
    for who in SEATS:
        blow = last(table, who, "SupportingAttacked")
        assert (blow["attack"], blow["defence"], blow["hit"]) == (5, 7, False), who
        assert blow["defence_unit"]["members"][0]["added"] == {"defence": 3}
        assert (blow["through"], blow["absorption"]) == (0, None)
    assert ok(table.get("p2", "/characters/c1"))["discomfort"] == 0


def test_p28_seven_wolves_defend_their_leader(http: httpx.Client) -> None:
    """P28 [002:1413-1417]: the leader's turn die shows 2 (+1: Defence 4); its six members
    roll 1..6: 4 + 1 + 1 + 3 = Defence 9, which Morgak's attack of 5 does not exceed (alone
    the leader's 4 would be hit). Each member's die is its own turn die: their own Defence
    is 4 (rolled 1, 2), 3 (rolled 3), 2 (rolled 4..6)."""
    table = fight(http, "Morgak", [2, 5, 3, 2, 1, 2, 3, 4, 5, 6])
    for _ in range(7):
        table.command("gm", "/portal/supporting", COLMILLO)
    table.command("gm", "/portal/supporting/turn", {"supporting": "s1"})
    table.command("gm", "/portal/rolls", attack_roll("c1"))
    settle(table, "p1", 5)
    pack = [f"s{n}" for n in range(2, 8)]
    table.command("gm", "/portal/supporting/defend", defend(5, "s1", defence_unit=pack))
    for who in SEATS:
        blow = last(table, who, "SupportingDefended")
        assert (blow["strike"]["attack"], blow["strike"]["defence"]) == (5, 9), who
        assert (blow["strike"]["outcome"], blow["through"], blow["generic"]) == ("miss", 0, 3)
        unit = blow["defence_unit"]
        assert [m["added"] for m in unit["members"]] == [
            {"defence": 1},
            {"defence": 1},
            {"defence": 3},
            {},
            {},
            {},
        ]
        wolves = table.view(who)["supporting"]
        own = [w["character"]["defence"] + w["character"]["modifier"] for w in wolves]
        assert own == [4, 4, 4, 3, 2, 2, 2], who


def a_troll_on_sombra(http: httpx.Client, **options: Any) -> Table:
    """A troll (Attack 4, Damage 6) attacks Sombra's settled defence roll 4, 3, 2: defence
    HIGH 4, aguante LOW 2, in a dangerous place."""
    table = new_table(http, "portal", [1, 4, 3, 2], **options)
    character(table, "p1", sheet("Sombra"))
    character(table, "p2", sheet("Morgak"))
    start = {"contenders": ["c1", "c2"], "fight": "friendly_brawl", "reason": "a bridge"}
    table.command("gm", "/portal/combats", start)
    troll = {"name": "a troll", "generic": 4, "damage": 6, "reason": "a bridge troll"}
    table.command("gm", "/portal/supporting", troll)
    table.command("gm", "/portal/rolls", defence_roll("c1", aguante="LOW"))
    settle(table, "p1", 2)
    assert refused(table, "p1", "/portal/supporting/attack", attack("s1", 2)) == (
        403,
        "not_game_master",
    )
    assert refused(table, "gm", "/portal/supporting/attack", attack("s1", None)) == (
        422,
        "invalid_defence",
    )
    table.command("gm", "/portal/supporting/attack", attack("s1", 2))
    return table


def test_errata_a_defence_equal_to_the_attack_hits_by_default(http: httpx.Client) -> None:
    """Errata GAP `sc_attack_tie="hit"` (default): the troll's Attack 4 is the difficulty
    Sombra's defence must exceed [002:1292]; her 4 does not: a hit of excess 0, its Damage 6
    against her toughness 2: 4 points, the fourth turning a discomfort die into a wound die
    [002:1238]."""
    table = a_troll_on_sombra(http)
    for who in SEATS:
        blow = last(table, who, "SupportingAttacked")
        assert (blow["hit"], blow["excess"], blow["damage_total"]) == (True, 0, 6), who
        assert (blow["toughness"]["total"], blow["through"]) == (2, 4)
    sombra = ok(table.get("p2", "/characters/c1"))
    assert (sombra["discomfort"], sombra["wound"]) == (2, 1)


def test_errata_a_defence_equal_to_the_attack_as_the_environment(http: httpx.Client) -> None:
    """Errata GAP `sc_attack_tie="environment"`: the general tie [002:1102], no hit; in a
    dangerous place the environment deals Sombra's own raw HIGH die, 4, through her toughness
    2: 2 discomfort dice."""
    table = a_troll_on_sombra(http, sc_attack_tie="environment")
    for who in SEATS:
        blow = last(table, who, "SupportingAttacked")
        assert (blow["hit"], blow["environment"]) == (False, 4), who
        assert (blow["through"], blow["absorption"]["discomfort"]) == (2, 2)
    assert ok(table.get("p1", "/characters/c1"))["discomfort"] == 2


def test_a_supporting_attack_drives_a_contender_critical_then_kills_him(
    http: httpx.Client,
) -> None:
    """Morgak holds 3 discomfort and 3 wound dice; he declines his wound dice (-3 to his
    defence [002:264]): 4, 3, 2 and discomfort 1s read defence 1, aguante LOW 2. The troll's
    Attack 4 exceeds it by 3: 3 + Damage 6 = 9, 7 past his toughness, none absorbed: the
    critical state [002:1273], out of combat. Attacked again he makes no defence roll and
    dies [002:1112]."""
    table = new_table(http, "portal", [1, 4, 3, 2, 1, 1, 1])
    character(table, "p1", sheet("Sombra"))
    character(table, "p2", sheet("Morgak", discomfort=3, wound=3))
    start = {"contenders": ["c1", "c2"], "fight": "friendly_brawl", "reason": "a bridge"}
    table.command("gm", "/portal/combats", start)
    troll = {"name": "a troll", "generic": 4, "damage": 6, "reason": "a bridge troll"}
    table.command("gm", "/portal/supporting", troll)
    table.command("gm", "/portal/rolls", {**defence_roll("c2", "LOW"), "declined_wounds": 3})
    settle(table, "p2", 2)
    path = "/portal/supporting/attack"
    table.command("gm", path, {**attack("s1", 2), "defender": "c2"})
    blow = last(table, "p1", "SupportingAttacked")
    assert (blow["defence"], blow["excess"], blow["damage_total"]) == (1, 3, 9)
    assert (blow["through"], blow["absorption"]["unabsorbed"]) == (7, 7)
    assert refused(table, "gm", path, {**attack("s1", 2), "defender": "c2"}) == (
        422,
        "invalid_defence",
    )
    table.command("gm", path, {**attack("s1", None), "defender": "c2"})
    killed = last(table, "p2", "SupportingAttacked")
    assert (killed["killed"], killed["defence_roll"], killed["hit"]) == (True, None, False)
    assert ok(table.get("p1", "/characters/c2"))["dead"] is True
