"""PORTAL's combat over real HTTP, played by separate seats [002:1016-1283]: the game master
starts a combat, each contender's initial roll gives its reflexes and phases and costs its
cold blood, phases advance in order, strikes read the attack and defence rolls, damage goes
through toughness into discomfort and wound dice, the critical state's last aguante roll,
and death for a character attacked out of combat.

Faces come from the table's public `scripted_rolls`, in the order the dice are thrown (see
`tests/test_api_portal.py`); a combat's direction die comes first.
"""

from __future__ import annotations

from typing import Any

import httpx

from tests.api_helpers import ok
from tests.dice_http import SEATS, Table, new_table
from tests.test_api_portal import character, http, open_roll, reading, sheet

__all__ = ["http"]  # the module's HTTP client fixture


def reflex_roll(character_id: str, reflexes: str, cold: str) -> dict[str, Any]:
    return open_roll(
        character_id,
        readings=[reading("reflexes", reflexes), reading("cold blood", cold)],
        difficulty=None,
    )


def reflexes(roll: int, **paid: int) -> dict[str, Any]:
    return {"combat": 1, "roll": roll, "payments": [], **paid}


def refused(table: Table, who: str, path: str, body: Any) -> tuple[int, str]:
    answer = table.post(who, path, body)
    return answer.status_code, answer.json()["code"]


def advance(table: Table, times: int = 1) -> dict[str, Any]:
    for _ in range(times):
        table.command("gm", "/portal/combats/phases", {"combat": 1})
    advanced: dict[str, Any] = table.log("p1", "portal.PhaseAdvanced")[-1]["data"]
    return advanced


def test_p17_henry_pays_cold_blood_and_loses_his_first_turn(http: httpx.Client) -> None:
    """P17 [002:1057]: Henry's 6, 3, 1, reflexes HIGH 6 and cold blood LOW 1 against a
    balanced shootout's 5: 4 missing points paid as 1 discomfort die, reflexes 6 → 4 and a
    lost turn. Bruno's 5, 5, 2 reads 5 and 5: nothing to pay. Phases then run 6 down to 1:
    Bruno acts in 5; Henry, reflexes 4, loses turn 1 and acts in phase 4 of turn 2."""
    table = new_table(http, "portal", [2, 6, 3, 1, 5, 5, 2])
    character(table, "p1", sheet("Henry"))
    character(table, "p2", sheet("Bruno"))
    start = {"contenders": ["c1", "c2"], "fight": "balanced_shootout", "reason": "a siege"}
    assert refused(table, "p1", "/portal/combats", start) == (403, "not_game_master")
    assert table.command("gm", "/portal/combats", start)["roll"] == 1
    (started,) = table.log("p2", "portal.CombatStarted")
    assert (started["data"]["cold_blood_difficulty"], started["data"]["direction_die"]) == (5, 2)
    table.command("gm", "/portal/rolls", reflex_roll("c1", "HIGH", "LOW"))
    table.command("gm", "/portal/rolls", reflex_roll("c2", "HIGH", "MID"))
    # the phases wait for every initial roll
    assert refused(table, "gm", "/portal/combats/phases", {"combat": 1}) == (409, "reflexes_due")
    # the player pays, point by point, exactly what is missing
    short = reflexes(2, discomfort=1, reflex_points=2)
    assert refused(table, "p1", "/portal/combats/reflexes", short) == (422, "invalid_cold_blood")
    assert refused(table, "p2", "/portal/combats/reflexes", short) == (403, "not_your_seat")
    henry = reflexes(2, discomfort=1, reflex_points=2, lost_turns=1)
    table.command("p1", "/portal/combats/reflexes", henry)
    table.command("p2", "/portal/combats/reflexes", reflexes(3))
    for who in SEATS:
        took, bruno = (e["data"] for e in table.log(who, "portal.ReflexesTaken"))
        assert (took["reflexes"], took["phases"], took["discomfort"]) == (4, [4], 1), who
        assert (took["cold_blood"]["missing"], took["cold_blood"]["lost_turns"]) == (4, 1)
        assert (bruno["reflexes"], bruno["phases"], bruno["cold_blood"]["missing"]) == (5, [5], 0)
    assert ok(table.get("p2", "/characters/c1"))["discomfort"] == 1
    (fight,) = table.view("p2")["combats"]
    assert [(c["reflexes"], c["phases"], c["lost_turns"]) for c in fight["contenders"]] == [
        (4, [4], 1),
        (5, [5], 0),
    ]
    assert refused(table, "p1", "/portal/combats/reflexes", henry)[0] == 404  # settled
    first = advance(table)
    assert (first["turn"], first["phase"], first["order"], first["idle"]) == (1, 6, [], ["c1"])
    assert advance(table)["order"] == ["c2"]
    assert advance(table)["order"] == []  # Henry's phase 4, in the turn he lost
    second = advance(table, 4)
    assert (second["turn"], second["phase"], second["idle"]) == (2, 6, [])
    assert advance(table, 2)["order"] == ["c1"]
    end = {"combat": 1, "reason": "the walls fall"}
    assert refused(table, "p1", "/portal/combats/end", end) == (403, "not_game_master")
    table.command("gm", "/portal/combats/end", end)
    assert table.view("p1")["combats"] == []
    assert refused(table, "gm", "/portal/combats/phases", {"combat": 1}) == (409, "no_combat")


def attack_roll(character_id: str, **extra: Any) -> dict[str, Any]:
    readings = [reading("attack", "HIGH"), reading("damage", "HIGH")]
    return open_roll(character_id, readings=readings, difficulty=None, **extra)


def defence_roll(character_id: str) -> dict[str, Any]:
    readings = [reading("defence", "HIGH"), reading("aguante", "HIGH", aguante=True)]
    return open_roll(character_id, readings=readings, difficulty=None)


AXE = {"melee": "gigantic", "ranged": None, "sharp": True, "reason": "a battle axe"}


def strike(attack: int, defence: int | None, defender: str = "c2") -> dict[str, Any]:
    return {
        "combat": 1,
        "attack_roll": attack,
        "defender": defender,
        "defence_roll": defence,
        "weapon": AXE,
        "setting": "normal",
        "nonlethal": False,
        "sweep": None,
        "located": None,
        "reason": "an axe blow",
    }


#: the direction die; Brunak's reflex roll (5, 4, 4, a discomfort 1): reflexes 5, cold blood
#: 4; Sven's (3, 2, 2, a discomfort 1, a wound 1): reflexes 3, cold blood 2, one short
OPENING = [1, 5, 4, 4, 1, 3, 2, 2, 1, 1]
#: P18: Brunak's 6, 6, 4 and a discomfort 6; Sven's defence 5, 3, 2, a discomfort 6, a wound 1
EXCHANGE = [6, 6, 4, 6, 5, 3, 2, 6, 1]
#: Sven's last aguante roll: 5, 5, 1 (HIGH 5) and his 3 discomfort and 3 wound dice
LAST_ROLL = [5, 5, 1, 2, 2, 2, 3, 3, 3]
#: Brunak's second attack: 4, 4, 4
SECOND = [4, 4, 4]


def brunak_against_sven(
    http: httpx.Client, after: list[int], sven: dict[str, Any] | None = None, **options: Any
) -> Table:
    """Turn 1, phase 5, Brunak's: his attack roll (4) and Sven's defence roll (5) open.
    `sven`: more of Sven's sheet (his armour, …)."""
    table = new_table(http, "portal", OPENING + EXCHANGE + after, **options)
    character(table, "p1", sheet("Brunak", discomfort=1))
    character(table, "p2", sheet("Sven", discomfort=1, wound=1, **(sven or {})))
    start = {"contenders": ["c1", "c2"], "fight": "friendly_brawl", "reason": "a tavern"}
    table.command("gm", "/portal/combats", start)
    table.command("gm", "/portal/rolls", reflex_roll("c1", "HIGH", "MID"))
    table.command("gm", "/portal/rolls", reflex_roll("c2", "HIGH", "MID"))
    table.command("p1", "/portal/combats/reflexes", reflexes(2))
    table.command("p2", "/portal/combats/reflexes", reflexes(3, reflex_points=1))
    assert advance(table, 2)["order"] == ["c1"]  # phase 5: Brunak's
    table.command("gm", "/portal/rolls", attack_roll("c1"))
    table.command("gm", "/portal/rolls", defence_roll("c2"))
    return table


def settle_the_exchange(table: Table) -> None:
    table.command("p1", "/portal/combats/rolls", {"combat": 1, "roll": 4, "payments": []})
    table.command("p2", "/portal/combats/rolls", {"combat": 1, "roll": 5, "payments": []})


def test_p18_brunaks_axe_drives_sven_critical_and_kills_him_out_of_combat(
    http: httpx.Client,
) -> None:
    """P18 [002:1153]: Brunak's 6, 6, 4 with a discomfort 6 reads attack 6 and damage die 6;
    his battle axe adds HIGH + 2 = 8. Against Sven's defence 4 (5, the discomfort 6 not
    beaten) the hit's excess is 2: 16 against his aguante 5 (the discomfort die ignored
    [002:1199]), 11 points through his 1 discomfort and 1 wound die: 3 and 3, 5 unabsorbed
    [002:1238, 1273]. His last aguante roll, 5, equals them: unconscious and stabilised, the
    worst thorn [002:1279, 1283]. Attacked again out of combat he makes no defence roll and
    dies [002:1112]; the dead take no more rolls."""
    table = brunak_against_sven(http, LAST_ROLL + SECOND)
    assert refused(table, "gm", "/portal/combats/strikes", strike(4, 5)) == (404, "unknown_roll")
    settle_the_exchange(table)
    # only the game master rules a strike
    assert refused(table, "p1", "/portal/combats/strikes", strike(4, 5)) == (
        403,
        "not_game_master",
    )
    table.command("gm", "/portal/combats/strikes", strike(4, 5))
    for who in SEATS:
        (blow,) = (e["data"] for e in table.log(who, "portal.StrikeResolved"))
        assert (blow["strike"]["outcome"], blow["strike"]["excess"]) == ("hit", 2), who
        assert (blow["strike"]["attack"], blow["strike"]["defence"]) == (6, 4)
        damage = blow["damage"]
        assert (damage["damage_die"], damage["weapon"], damage["total"]) == (6, 8, 16)
        assert (blow["toughness"]["total"], blow["through"]) == (5, 11)
        absorbed = blow["absorption"]
        assert (absorbed["discomfort"], absorbed["wound"], absorbed["unabsorbed"]) == (3, 3, 5)
        assert (blow["killed"], blow["fumbles"]) == (False, [0, 0])
    # the last aguante roll comes before the next phase
    assert refused(table, "gm", "/portal/combats/phases", {"combat": 1}) == (409, "critical_due")
    last = open_roll("c2", readings=[reading("aguante", "HIGH", aguante=True)], difficulty=None)
    table.command("gm", "/portal/rolls", last)
    table.command("p2", "/portal/combats/critical", {"combat": 1, "roll": 6, "payments": []})
    (critical,) = table.log("p1", "portal.CriticalStateRolled")
    assert critical["data"]["critical"]["state"] == "unconscious"
    assert critical["data"]["critical"]["stabilised"] is True
    sven = ok(table.get("p1", "/characters/c2"))
    assert (sven["discomfort"], sven["wound"], sven["dead"]) == (3, 3, False)
    assert sven["thorns"][-1]["every"].startswith("10 minutes")
    # turn 2, phase 5: Brunak strikes the unconscious Sven, who makes no defence roll
    assert advance(table, 6)["order"] == ["c1"]
    table.command("gm", "/portal/rolls", attack_roll("c1"))
    table.command("p1", "/portal/combats/rolls", {"combat": 1, "roll": 7, "payments": []})
    assert refused(table, "gm", "/portal/combats/strikes", strike(7, 5)) == (
        422,
        "invalid_defence",
    )
    table.command("gm", "/portal/combats/strikes", strike(7, None))
    killed = table.log("p2", "portal.StrikeResolved")[-1]["data"]
    assert (killed["killed"], killed["strike"]) == (True, None)
    assert ok(table.get("p2", "/characters/c2"))["dead"] is True
    dead = open_roll("c2", difficulty=None)
    assert refused(table, "gm", "/portal/rolls", dead) == (409, "character_dead")


def test_p20_ariels_tie_deals_the_settings_die_through_toughness(http: httpx.Client) -> None:
    """P20 [002:1157]: Ariel's sling shot reads 3, 1, 1: attack 3 against a defence of 3, a
    tie. In a normal fight the environment deals her raw MID die, 1, which goes through the
    defender's aguante 3 like any damage (Errata): nothing is absorbed. A ranged attack
    reads no damage die [002:1161]."""
    table = new_table(http, "portal", [2, 5, 5, 2, 4, 4, 3, 3, 1, 1, 3, 2, 2])
    character(table, "p1", sheet("Ariel"))
    character(table, "p2", sheet("Orco"))
    start = {"contenders": ["c1", "c2"], "fight": "friendly_brawl", "reason": "the jungle"}
    table.command("gm", "/portal/combats", start)
    for who, roll in (("c1", 2), ("c2", 3)):
        table.command("gm", "/portal/rolls", reflex_roll(who, "HIGH", "MID"))
        table.command(f"p{roll - 1}", "/portal/combats/reflexes", reflexes(roll))
    assert advance(table, 2)["order"] == ["c1"]
    shot = open_roll("c1", readings=[reading("attack", "HIGH")], difficulty=None)
    table.command("gm", "/portal/rolls", shot)
    table.command("gm", "/portal/rolls", defence_roll("c2"))
    table.command("p1", "/portal/combats/rolls", {"combat": 1, "roll": 4, "payments": []})
    table.command("p2", "/portal/combats/rolls", {"combat": 1, "roll": 5, "payments": []})
    sling = {"melee": None, "ranged": "light", "reason": "a sling"}
    table.command("gm", "/portal/combats/strikes", {**strike(4, 5), "weapon": sling})
    (tie,) = (e["data"] for e in table.log("p2", "portal.StrikeResolved"))
    assert (tie["strike"]["outcome"], tie["strike"]["environment"]) == ("tie", 1)
    assert (tie["damage"], tie["toughness"]["total"], tie["through"]) == (None, 3, 0)
    assert tie["absorption"] is None
    assert ok(table.get("p1", "/characters/c2"))["discomfort"] == 0


def test_a_maneuver_replaces_the_reflexes_and_earns_an_ace_against_the_enemys(
    http: httpx.Client,
) -> None:
    """A maneuver roll against an enemy's current reflexes: above them, an ace on the next
    attack [002:1439-1441]; its result is the new reflex value whether better or worse
    [002:1067] (Errata: Ariel's 5 falls to 4 and her phase 5 goes with it). It is her action
    in this phase: she does not strike after it [002:1073]."""
    table = new_table(http, "portal", [2, 5, 5, 2, 3, 3, 1, 4, 4, 2])
    character(table, "p1", sheet("Ariel"))
    character(table, "p2", sheet("Orco"))
    start = {"contenders": ["c1", "c2"], "fight": "friendly_brawl", "reason": "a feint"}
    table.command("gm", "/portal/combats", start)
    for who, roll in (("c1", 2), ("c2", 3)):
        table.command("gm", "/portal/rolls", reflex_roll(who, "HIGH", "HIGH"))
        table.command(f"p{roll - 1}", "/portal/combats/reflexes", reflexes(roll))
    assert advance(table, 2)["order"] == ["c1"]
    feint = open_roll("c1", readings=[reading("maneuver", "HIGH")], difficulty=None)
    table.command("gm", "/portal/rolls", feint)
    body = {"combat": 1, "roll": 4, "payments": [], "enemy": "c2"}
    assert refused(table, "p2", "/portal/combats/maneuvers", body) == (403, "not_your_seat")
    table.command("p1", "/portal/combats/maneuvers", body)
    for who in SEATS:
        (made,) = (e["data"] for e in table.log(who, "portal.ManeuverMade"))
        ruled = made["maneuver"]
        assert (ruled["result"], ruled["enemy_reflexes"], ruled["succeeded"]) == (4, 3, True)
        assert (ruled["aces"], ruled["reflexes"], made["phases"]) == (1, 4, [4])
    table.command("gm", "/portal/rolls", attack_roll("c1"))
    table.command("p1", "/portal/combats/rolls", {"combat": 1, "roll": 5, "payments": []})
    assert refused(table, "gm", "/portal/combats/strikes", strike(5, None)) == (
        409,
        "not_your_phase",
    )
    assert advance(table)["order"] == ["c1"]  # phase 4: her new reflexes


def test_protection_joins_the_defence_rolls_aces(http: httpx.Client) -> None:
    """P6 [002:512], cover [002:1207-1213]: Vorok's medium shield gives 2 aces against melee,
    partial cover 1 more; against a shot only the cover counts. The aces join the roll's own,
    each with its reason."""
    table = new_table(http, "portal", [2])
    character(table, "p1", sheet("Vorok", shield="medium"))
    character(table, "p2", sheet("Grim"))
    start = {"contenders": ["c1", "c2"], "fight": "port_riot", "reason": "the docks"}
    table.command("gm", "/portal/combats", start)
    guard = {"melee": True, "cover": "partial", "reason": "behind a crate"}
    called = {**defence_roll("c1"), "combat": 1, "protection": guard}
    assert refused(table, "p1", "/portal/combats/defences", called) == (403, "not_game_master")
    assert table.command("gm", "/portal/combats/defences", called)["roll"] == 2
    opened = table.log("p2", "portal.RollOpened")[-1]["data"]
    assert opened["aces"] == [{"count": 3, "reason": "protection [002:1201-1222]: behind a crate"}]
    assert opened["entitlement"]["aces"] == 3
    table.command("p1", "/portal/combats/rolls", {"combat": 1, "roll": 2, "payments": []})
    shot = {**called, "protection": {**guard, "melee": False}}
    table.command("gm", "/portal/combats/defences", shot)
    assert table.log("p2", "portal.RollOpened")[-1]["data"]["entitlement"]["aces"] == 1


def test_p33_takedas_sweep_follows_the_rule_not_the_example(http: httpx.Client) -> None:
    """P33 [002:1541-1543] (CONTRA): Takeda's nodachi (HIGH + 2) and his 6, 2, 2: damage 6 + 8
    = 14 worked out first, half of it on his attack 6: 13 against the ninja's defence 6, an
    excess of 7 and nothing more [002:1537]; 3 through his aguante 4. (The book writes
    "5 + 7" and 2 through.)"""
    table = new_table(http, "portal", [2, 5, 5, 2, 3, 3, 1, 6, 2, 2, 6, 4, 4])
    character(table, "p1", sheet("Takeda"))
    character(table, "p2", sheet("Ninja"))
    start = {"contenders": ["c1", "c2"], "fight": "friendly_brawl", "reason": "a dojo"}
    table.command("gm", "/portal/combats", start)
    for who, roll in (("c1", 2), ("c2", 3)):
        table.command("gm", "/portal/rolls", reflex_roll(who, "HIGH", "HIGH"))
        table.command(f"p{roll - 1}", "/portal/combats/reflexes", reflexes(roll))
    assert advance(table, 2)["order"] == ["c1"]
    table.command("gm", "/portal/rolls", attack_roll("c1"))
    guard = [reading("defence", "HIGH"), reading("aguante", "MID", aguante=True)]
    table.command("gm", "/portal/rolls", open_roll("c2", readings=guard, difficulty=None))
    table.command("p1", "/portal/combats/rolls", {"combat": 1, "roll": 4, "payments": []})
    table.command("p2", "/portal/combats/rolls", {"combat": 1, "roll": 5, "payments": []})
    swept = {**strike(4, 5), "sweep": {"reason": "a wide arc in the open"}}
    table.command("gm", "/portal/combats/strikes", swept)
    (blow,) = (e["data"] for e in table.log("p2", "portal.StrikeResolved"))
    assert (blow["sweep"]["damage_total"], blow["sweep"]["bonus"]) == (14, 7)
    assert (blow["strike"]["attack"], blow["strike"]["excess"], blow["sweep"]["damage"]) == (
        13,
        7,
        7,
    )
    assert (blow["toughness"]["total"], blow["through"]) == (4, 3)
    assert ok(table.get("p1", "/characters/c2"))["discomfort"] == 3


def test_p29_bronsons_knee_shot_makes_a_movement_sequel_errata(http: httpx.Client) -> None:
    """P29 [002:1465] (Errata): Bronson's shotgun at a knee, +2 to hit [002:1451]: his 6
    less 2 beats a defence of 3 by 1, and his LOW 1 and HIGH 6 make 8 against an aguante
    of 1: 7 points on a fresh target are 3 discomfort dice and the 2 wound dice `absorb`
    makes, a level 2 movement sequel instead [002:1459-1461]: no wound die is taken."""
    table = new_table(http, "portal", [2, 5, 5, 2, 3, 3, 1, 6, 5, 1, 3, 2, 1])
    character(table, "p1", sheet("Bronson"))
    character(table, "p2", sheet("Cuatrero"))
    start = {"contenders": ["c1", "c2"], "fight": "friendly_brawl", "reason": "a saloon"}
    table.command("gm", "/portal/combats", start)
    for who, roll in (("c1", 2), ("c2", 3)):
        table.command("gm", "/portal/rolls", reflex_roll(who, "HIGH", "HIGH"))
        table.command(f"p{roll - 1}", "/portal/combats/reflexes", reflexes(roll))
    advance(table, 2)
    shot = open_roll("c1", readings=[reading("attack", "HIGH")], difficulty=None)
    table.command("gm", "/portal/rolls", shot)
    guard = [reading("defence", "HIGH"), reading("aguante", "LOW", aguante=True)]
    table.command("gm", "/portal/rolls", open_roll("c2", readings=guard, difficulty=None))
    table.command("p1", "/portal/combats/rolls", {"combat": 1, "roll": 4, "payments": []})
    table.command("p2", "/portal/combats/rolls", {"combat": 1, "roll": 5, "payments": []})
    shotgun = {"melee": None, "ranged": "shotgun", "reason": "a sawn-off shotgun"}
    knee = {"part": "knee", "reason": "a clear line to the legs"}
    table.command(
        "gm", "/portal/combats/strikes", {**strike(4, 5), "weapon": shotgun, "located": knee}
    )
    (blow,) = (e["data"] for e in table.log("p2", "portal.StrikeResolved"))
    assert (blow["strike"]["attack"], blow["strike"]["excess"], blow["damage"]["total"]) == (
        4,
        1,
        8,
    )
    assert (blow["through"], blow["absorption"], blow["knee"]["sequel_level"]) == (7, None, 2)
    shot_at = ok(table.get("p1", "/characters/c2"))
    assert (shot_at["discomfort"], shot_at["wound"]) == (3, 0)
    assert shot_at["sequels"] == [{"level": 2, "kind": "movement"}]


def test_a_last_aguante_roll_below_the_damage_kills_where_the_table_says_so(
    http: httpx.Client,
) -> None:
    """GAP (§2.9.7): the book is silent on a last aguante roll below the damage left; the
    table's option `critical_below` decides. Under `dead`, Sven's 4 against his 5 unabsorbed
    points kills him, and the dead take no more rolls."""
    table = brunak_against_sven(http, [4, 4, 1, 2, 2, 2, 3, 3, 3], critical_below="dead")
    settle_the_exchange(table)
    table.command("gm", "/portal/combats/strikes", strike(4, 5))
    last = open_roll("c2", readings=[reading("aguante", "HIGH", aguante=True)], difficulty=None)
    table.command("gm", "/portal/rolls", last)
    table.command("p2", "/portal/combats/critical", {"combat": 1, "roll": 6, "payments": []})
    (critical,) = table.log("p1", "portal.CriticalStateRolled")
    assert (critical["data"]["critical"]["aguante"], critical["data"]["critical"]["state"]) == (
        4,
        "dead",
    )
    assert ok(table.get("p1", "/characters/c2"))["dead"] is True
    assert refused(table, "gm", "/portal/rolls", last) == (409, "character_dead")
