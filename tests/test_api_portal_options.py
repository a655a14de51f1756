"""PORTAL's combat options over real HTTP, played by separate seats [002:1073-1088,
1421-1447, 1493]: total defence and a prepared attack given for an attack, a neglected
defence, a multiple attack's neglected defence, a stunned contender, free actions and those
bought with reflexes under both readings of the Errata GAP (`free_action_reflexes`).

Faces come from the table's public `scripted_rolls`, in the order the dice are thrown (the
basic dice, then the discomfort dice); a combat's direction die comes first. The game master
rules each option with its reason; what it leaves standing is kept on the contender
(`standing`) and applied when its rolls are called (aces) or read at the strike (-2).
"""

from __future__ import annotations

from typing import Any

import httpx

from tests.dice_http import SEATS, Table, new_table
from tests.portal_support import MULTIPLE
from tests.portal_tables import attack_call, brawl, defence_call, exchange, settle
from tests.test_api_portal import character, http, sheet
from tests.test_api_portal_combat import advance, refused

__all__ = ["http"]  # the module's HTTP client fixture

BARE = {"melee": "bare", "ranged": None, "reason": "fists"}


def declare(who: str, maneuver: str, target: str | None = None) -> dict[str, Any]:
    return {
        "combat": 1,
        "character": who,
        "maneuver": maneuver,
        "target": target,
        "reason": "the game master's ruling",
    }


def free(who: str, action: str, bought: bool) -> dict[str, Any]:
    return {
        "combat": 1,
        "character": who,
        "action": action,
        "bought": bought,
        "reason": "what the player says",
    }


def strike(
    attack: int, defence: int, defender: str, nonlethal: bool = False, **extra: Any
) -> dict[str, Any]:
    return {
        "combat": 1,
        "attack_roll": attack,
        "defender": defender,
        "defence_roll": defence,
        "weapon": BARE,
        "setting": "normal",
        "nonlethal": nonlethal,
        "sweep": None,
        "located": None,
        "reason": "a punch",
        **extra,
    }


def ann_and_bob(
    http: httpx.Client,
    anns: list[int],
    bobs: list[int],
    after: list[int],
    bob_pays: int = 0,
    weapons: dict[str, Any] | None = None,
    **options: Any,
) -> Table:
    """Combat 1 (direction die 2): Ann's reflex roll (roll 2) read HIGH and her cold blood
    MID, Bob's (roll 3) likewise, his missing cold blood paid with reflex points, in a
    friendly brawl (cold blood 3)."""
    table = new_table(http, "portal", [2, *anns, *bobs, *after], **options)
    character(table, "p1", sheet("Ann", weapons=weapons or {}))
    character(table, "p2", sheet("Bob", discomfort=len(bobs) - 3))
    brawl(table, "a tavern", reflex_points=bob_pays)
    return table


def aces(table: Table, roll: int) -> list[tuple[int, str]]:
    opened = [e for e in table.log("p1", "portal.RollOpened") if e["data"]["roll"] == roll]
    return [(a["count"], a["reason"]) for a in opened[0]["data"]["aces"]]


def contender(table: Table, who: str, character_id: str) -> dict[str, Any]:
    (fight,) = table.view(who)["combats"]
    found: dict[str, Any] = next(c for c in fight["contenders"] if c["character"] == character_id)
    return found


def test_total_defence_and_a_prepared_attack_give_up_the_attack_for_an_ace(
    http: httpx.Client,
) -> None:
    """Ann (6, 5, 3: reflexes 6) gives up her attack in phase 6 for total defence: an ace on
    every defence roll for the rest of the turn [002:1427], and none the next turn. Bob
    (4, 4, 2: reflexes 4) prepares an attack on Ann in his phase 4: its ace waits for his
    next attack, next turn, against her [002:1433-1437]; both are their action in the phase,
    only the game master's to rule."""
    table = ann_and_bob(http, [6, 5, 3], [4, 4, 2], [5, 4, 1, 3, 3, 2, 4, 2, 1])
    assert advance(table)["order"] == ["c1"]  # turn 1, phase 6
    total = declare("c1", "total_defence")
    path = "/portal/combats/declarations"
    assert refused(table, "p1", path, total) == (403, "not_game_master")
    assert refused(table, "gm", path, {**total, "target": "c2"}) == (422, "invalid_contenders")
    table.command("gm", path, total)
    for who in SEATS:
        (declared,) = (e["data"] for e in table.log(who, "portal.ManeuverDeclared"))
        assert (declared["maneuver"], declared["acted"]) == ("total_defence", True), who
        assert (declared["standing"]["defence_aces"], declared["standing"]["turn"]) == (1, 1)
    # the attack given up is her action in this phase [002:1427]
    assert refused(table, "gm", path, total) == (409, "not_your_phase")
    # phase 4: Bob prepares his attack on Ann; her defence roll this turn has its ace
    assert advance(table, 2)["order"] == ["c2"]
    assert refused(table, "gm", path, declare("c2", "prepare_attack")) == (
        422,
        "invalid_contenders",
    )
    table.command("gm", path, declare("c2", "prepare_attack", "c1"))
    assert table.command("gm", "/portal/combats/defences", defence_call("c1"))["roll"] == 4
    assert aces(table, 4) == [(1, "total defence this turn [002:1427]")]
    settle(table, "p1", 4)
    # turn 2: the total defence stands no more, the prepared attack does
    assert advance(table, 4)["turn"] == 2
    assert [s["cause"] for s in contender(table, "p2", "c1")["standing"]] == []
    assert [s["cause"] for s in contender(table, "p1", "c2")["standing"]] == ["prepare_attack"]
    # Bob's attack on Ann called: the prepared ace joins it, and is spent, in the open
    blind = {**attack_call("c2", "c1"), "visibility": "blind"}
    assert refused(table, "gm", "/portal/combats/attacks", blind) == (409, "roll_secret")
    assert table.command("gm", "/portal/combats/attacks", attack_call("c2", "c1"))["roll"] == 5
    assert aces(table, 5) == [(1, "a prepared attack or a neglected defence [002:1433, 1447]")]
    for who in SEATS:
        (called,) = (e["data"] for e in table.log(who, "portal.AttackCalled"))
        assert (called["aces"], called["target"], called["standing"]) == (1, "c1", []), who
    assert contender(table, "p1", "c2")["standing"] == []
    settle(table, "p2", 5)
    # Ann's defence roll in turn 2: no ace
    assert table.command("gm", "/portal/combats/defences", defence_call("c1"))["roll"] == 6
    assert aces(table, 6) == []


def test_a_neglected_defence_trades_minus_two_for_an_ace_before_the_first_defence(
    http: httpx.Client,
) -> None:
    """Ann neglects her defence in her phase 6 [002:1443-1447]: an ace on her attack roll
    this turn, not her action. Her attack (3, 2, 1) misses Bob's defence (4, 2, 1); in his
    phase 4 his attack 5 (5, 4, 1) meets her defence 5 (5, 3, 2) less 2: a hit by 2 (damage
    2 + his HIGH 5, bare hands, against her aguante 5: 2 through). Bob, having defended
    this turn, may not neglect his defence any more [002:1445]."""
    table = ann_and_bob(http, [6, 5, 3], [4, 4, 2], [3, 2, 1, 4, 2, 1, 5, 4, 1, 5, 3, 2])
    assert advance(table)["order"] == ["c1"]
    path = "/portal/combats/declarations"
    table.command("gm", path, declare("c1", "neglect_defence"))
    (declared,) = (e["data"] for e in table.log("p2", "portal.ManeuverDeclared"))
    assert (declared["acted"], declared["standing"]["defence"]) == (False, -2)
    assert declared["standing"]["attack_aces"] == 1
    table.command("gm", "/portal/combats/attacks", attack_call("c1", "c2"))
    assert aces(table, 4) == [(1, "a prepared attack or a neglected defence [002:1433, 1447]")]
    table.command("gm", "/portal/combats/defences", defence_call("c2"))
    settle(table, "p1", 4)
    settle(table, "p2", 5)
    table.command("gm", "/portal/combats/strikes", strike(4, 5, "c2"))
    missed = table.log("p1", "portal.StrikeResolved")[-1]["data"]
    assert (missed["strike"]["outcome"], missed["defence_modifier"]) == ("miss", 0)
    # phase 4: Bob defended this turn, too late to neglect it; he strikes Ann at -2
    assert advance(table, 2)["order"] == ["c2"]
    assert refused(table, "gm", path, declare("c2", "neglect_defence")) == (
        409,
        "defence_rolled",
    )
    table.command("gm", "/portal/combats/attacks", attack_call("c2", "c1"))
    assert aces(table, 6) == []
    table.command("gm", "/portal/combats/defences", defence_call("c1"))
    settle(table, "p2", 6)
    settle(table, "p1", 7)
    table.command("gm", "/portal/combats/strikes", strike(6, 7, "c1"))
    for who in SEATS:
        blow = table.log(who, "portal.StrikeResolved")[-1]["data"]
        assert (blow["strike"]["attack"], blow["strike"]["defence"]) == (5, 3), who
        assert (blow["strike"]["outcome"], blow["strike"]["excess"]) == ("hit", 2)
        assert (blow["defence_modifier"], blow["through"]) == (-2, 2)


def test_a_stunned_contender_does_not_act_and_defends_at_minus_two(http: httpx.Client) -> None:
    """Bob holds 3 discomfort dice (thrown as 1s, beaten). Ann's non-lethal punch (4, 2, 1:
    attack 4, damage MID 2) beats his MID defence 2 by 2: 4 against his aguante 3, one point
    past 3 discomfort dice, a stunned turn [002:1246], after the rest of turn 1 (his phase 4
    lost). Turn 2 he is stunned: he does not act in his phase 4, takes no free action, and
    defends at -2 [002:1075]; turn 3 he acts again."""
    bobs_dice = [3, 2, 1, 1, 1, 1]
    table = ann_and_bob(
        http, [6, 5, 3], [4, 4, 2, 1, 1, 1], [4, 2, 1, *bobs_dice, 4, 2, 1, *bobs_dice]
    )
    assert advance(table)["order"] == ["c1"]
    exchange(table, 4, 5, damage="MID", defence="MID")
    table.command("gm", "/portal/combats/strikes", strike(4, 5, "c2", nonlethal=True))
    blow = table.log("p2", "portal.StrikeResolved")[-1]["data"]
    assert (blow["strike"]["excess"], blow["through"], blow["defence_modifier"]) == (2, 1, 0)
    assert blow["absorption"]["stunned_turns"] == 1
    assert contender(table, "p1", "c2")["stunned_turns"] == 1
    # stunned from the blow on: Bob does not act in turn 1's phase 4, then a whole turn
    assert advance(table, 2)["order"] == []
    second = advance(table, 4)
    assert (second["turn"], second["phase"], second["stunned"]) == (2, 6, ["c2"])
    assert contender(table, "p2", "c2")["stunned"] is True
    exchange(table, 6, 7, damage="MID", defence="MID")
    table.command("gm", "/portal/combats/strikes", strike(6, 7, "c2", nonlethal=True))
    for who in SEATS:
        stunned = table.log(who, "portal.StrikeResolved")[-1]["data"]
        assert (stunned["strike"]["defence"], stunned["defence_modifier"]) == (0, -2), who
    # phase 4: Bob's, but stunned: he acts in no phase of this turn
    assert advance(table, 2)["order"] == []
    stun = (409, "stunned")
    assert (
        refused(table, "gm", "/portal/combats/declarations", declare("c2", "total_defence")) == stun
    )
    assert refused(table, "gm", "/portal/combats/free", free("c2", "move", False)) == stun
    stunned_turns = contender(table, "p1", "c2")["stunned_turns"]
    assert stunned_turns == 3  # the second punch's 3 points past his dice
    assert advance(table, 4)["stunned"] == ["c2"]  # turn 3


def test_a_multiple_attack_neglects_the_attackers_defence_for_the_turn(
    http: httpx.Client,
) -> None:
    """Ann (6, 6, 6: reflexes 8, phases 6 and 2) attacks Bob twice at once in phase 6
    (4, 2, 1 against his defence 3 doubled [002:1527]: a miss each): declaring it neglects
    her defence, -2 for the turn [002:1493]. In his phase 4 Bob's attack 5 (5, 4, 1) meets
    her defence 5 (5, 3, 2) less 2; the next turn the -2 stands no more."""
    table = ann_and_bob(http, [6, 6, 6], [4, 4, 2], [4, 2, 1, 3, 2, 1, 5, 4, 1, 5, 3, 2])
    assert advance(table)["order"] == ["c1"]
    exchange(table, 4, 5)
    target = {"defender": "c2", "supporting": None, "weapon": BARE}
    multiple = {**MULTIPLE, "attack_rolls": [4], "attacks": [target, target], "defence_rolls": [5]}
    table.command("gm", "/portal/combats/multiple", multiple)
    standing = contender(table, "p2", "c1")["standing"]
    assert [(s["cause"], s["defence"]) for s in standing] == [("multiple_attack", -2)]
    assert advance(table, 2)["order"] == ["c2"]
    exchange(table, 6, 7, attacker="c2")
    table.command("gm", "/portal/combats/strikes", strike(6, 7, "c1"))
    blow = table.log("p1", "portal.StrikeResolved")[-1]["data"]
    assert (blow["strike"]["defence"], blow["defence_modifier"]) == (3, -2)
    assert advance(table, 5)["turn"] == 2
    assert contender(table, "p1", "c1")["standing"] == []


def ann_buys_a_free_action(http: httpx.Client, reading_: str) -> Table:
    """Ann (6, 6, 6: reflexes 8, phases 6 and 2) takes her two free actions in phase 6, one
    per normal action [002:1084], then buys a third for a reflex point [002:1088]: 7, whose
    phases are 6 and 1."""
    table = ann_and_bob(http, [6, 6, 6], [4, 4, 2], [], free_action_reflexes=reading_)
    assert advance(table)["order"] == ["c1"]
    path = "/portal/combats/free"
    assert refused(table, "p1", path, free("c1", "draw", False)) == (403, "not_game_master")
    assert refused(table, "gm", path, free("c1", "draw", True)) == (422, "invalid_free_action")
    table.command("gm", path, free("c1", "draw", False))
    table.command("gm", path, free("c1", "move", False))
    assert refused(table, "gm", path, free("c1", "speak", False)) == (409, "no_free_action")
    table.command("gm", path, free("c1", "speak", True))
    return table


def test_a_free_action_bought_mid_turn_loses_the_later_phase_at_once_by_default(
    http: httpx.Client,
) -> None:
    """Errata GAP, `free_action_reflexes` = `at_once` (default): the lowered reflexes act in
    their phases from now on, as a maneuver's do: phase 2 is lost, phase 1 gained."""
    table = ann_buys_a_free_action(http, "at_once")
    for who in SEATS:
        bought = table.log(who, "portal.FreeActionTaken")[-1]["data"]
        assert (bought["free_actions"], bought["bought"], bought["reflexes"]) == (3, True, 7)
        assert (bought["phases"], bought["later_phases"]) == ([6, 1], None), who
    assert advance(table, 4)["order"] == []  # phase 2
    assert advance(table)["order"] == ["c1"]  # phase 1
    # a new turn: two free actions again
    advance(table)
    assert contender(table, "p2", "c1")["free_actions"] == 0


def test_a_free_action_bought_mid_turn_keeps_this_turns_phases_under_the_option(
    http: httpx.Client,
) -> None:
    """Errata GAP, `free_action_reflexes` = `next_turn`: this turn keeps phases 6 and 2,
    the lowered reflexes act in 6 and 1 from the next turn on."""
    table = ann_buys_a_free_action(http, "next_turn")
    bought = table.log("p2", "portal.FreeActionTaken")[-1]["data"]
    assert (bought["reflexes"], bought["phases"], bought["later_phases"]) == (7, [6, 2], [6, 1])
    assert advance(table, 4)["order"] == ["c1"]  # phase 2, this turn
    assert advance(table)["order"] == []  # phase 1
    second = advance(table)
    assert (second["turn"], second["order"]) == (2, ["c1"])
    assert advance(table, 5)["order"] == ["c1"]  # turn 2, phase 1


def test_an_opportunity_attack_strikes_one_leaving_melee_out_of_the_attackers_phases(
    http: httpx.Client,
) -> None:
    """Bob's reflex roll (2, 2, 1) reads 2 and a cold blood 2, one short, paid with a reflex
    point: reflexes 1, phase 1. In Ann's phase 6 she leaves melee: Bob's attack (5, 4, 1)
    strikes her as she goes, out of his phases [002:1545-1547]: 5 against her defence 3
    (3, 2, 1), excess 2 and his LOW damage die 1, all within her aguante 3. A second one this
    turn is past his reflexes [002:1549]."""
    table = ann_and_bob(http, [6, 5, 3], [2, 2, 1], [5, 4, 1, 3, 2, 1, 2, 2, 1], bob_pays=1)
    assert advance(table)["order"] == ["c1"]
    exchange(table, 4, 5, damage="LOW", attacker="c2")
    path = "/portal/combats/strikes"
    assert refused(table, "gm", path, strike(4, 5, "c1")) == (409, "not_your_phase")
    leaving = {"reason": "Ann runs for the door, no maneuver tried"}
    table.command("gm", path, strike(4, 5, "c1", opportunity=leaving))
    for who in SEATS:
        blow = table.log(who, "portal.StrikeResolved")[-1]["data"]
        assert (blow["strike"]["outcome"], blow["strike"]["excess"]) == ("hit", 2), who
        assert (blow["opportunities"], blow["through"]) == (1, 0)
    assert contender(table, "p1", "c2")["opportunities"] == 1
    table.command("gm", "/portal/combats/attacks", attack_call("c2", "c1"))
    settle(table, "p2", 6)
    again = strike(6, 5, "c1", opportunity=leaving)
    assert refused(table, "gm", path, again) == (409, "no_opportunity_left")


def test_a_heavy_weapon_sweeps_and_adds_its_damage_again(http: httpx.Client) -> None:
    """Ann throws a grenade (LOW + MID, as a `light_firearm`'s dice) [002:1194]: a heavy
    weapon sweeps automatically [002:1190]. Her 4, 3, 2: the damage total first, 2 + 3 = 5,
    half of it (2) on her attack 4: 6 against Bob's defence 3 (3, 2, 1), excess 3, and the
    grenade's 5 again: 8 against his aguante 3, 5 through."""
    table = ann_and_bob(http, [6, 5, 3], [4, 4, 2], [4, 3, 2, 3, 2, 1])
    assert advance(table)["order"] == ["c1"]
    exchange(table, 4, 5)
    grenade = {"melee": None, "ranged": "light_firearm", "heavy": True, "reason": "a grenade"}
    thrown = strike(4, 5, "c2", weapon=grenade)
    path = "/portal/combats/strikes"
    assert refused(table, "gm", path, thrown) == (422, "invalid_weapon")  # no sweep named
    table.command("gm", path, {**thrown, "sweep": {"reason": "it bursts"}})
    for who in SEATS:
        blow = table.log(who, "portal.StrikeResolved")[-1]["data"]
        swept = blow["sweep"]
        assert (swept["damage_total"], swept["bonus"], swept["damage"]) == (5, 2, 8), who
        assert (blow["strike"]["attack"], blow["strike"]["excess"]) == (6, 3)
        assert (blow["heavy"], blow["through"]) == (5, 5)


def ann_strikes_bob(http: httpx.Client, weapons: dict[str, Any] | None = None) -> Table:
    """Phase 6, Ann's: her attack roll 6, 4, 2 (roll 4: attack 6, damage die 6) and Bob's
    defence roll 3, 2, 2 (roll 5: defence 3, aguante 3), both settled."""
    table = ann_and_bob(http, [6, 5, 3], [4, 4, 2], [6, 4, 2, 3, 2, 2], weapons=weapons)
    assert advance(table)["order"] == ["c1"]
    exchange(table, 4, 5)
    return table


def located_refusal(table: Table, located: dict[str, Any]) -> tuple[int, str]:
    """The game master's strike of `ann_strikes_bob` aimed at `located`, refused: its status
    and problem code."""
    return refused(table, "gm", "/portal/combats/strikes", strike(4, 5, "c2", located=located))


def test_a_head_strike_adds_5_damage_or_stuns_for_the_points_through(
    http: httpx.Client,
) -> None:
    """A strike at the head is +2 to hit [002:1451]; a hit adds 5 to the damage total or
    stuns the rival as many turns as the damage points it makes [002:1455], the game
    master's judgement with the weapon [002:1457]. Ann's 6 less 2 beats Bob's 3 by 1: 1 + her
    damage die 6 = 7 against his aguante 3. With +5, 9 points go through (3 discomfort, 3
    wound dice, 3 unabsorbed); stunning, 4 go through and stun him 4 turns."""
    for effect, through, stunned in (("damage", 9, 0), ("stun", 4, 4)):
        table = ann_strikes_bob(http)
        head = {"part": "head", "reason": "a fist to the jaw", "head": effect}
        path = "/portal/combats/strikes"
        no_effect = {**head, "head": None}
        assert located_refusal(table, no_effect) == (422, "invalid_located")
        knee = {"part": "knee", "reason": "low", "head": effect}
        assert located_refusal(table, knee) == (422, "invalid_located")
        table.command("gm", path, strike(4, 5, "c2", located=head))
        for who in SEATS:
            (blow,) = (e["data"] for e in table.log(who, "portal.StrikeResolved"))
            assert (blow["strike"]["attack"], blow["damage"]["total"]) == (4, 7), who
            assert (blow["through"], blow["head"]["effect"]) == (through, effect), who
            assert blow["head"]["bonus"] == (5 if effect == "damage" else 0)
            assert (blow["head"]["stunned_turns"], blow["disarmed"]) == (stunned, False)
        assert contender(table, "p1", "c2")["stunned_turns"] == stunned


def test_a_hand_strike_disarms_as_the_game_master_rules_and_a_draw_rearms(
    http: httpx.Client,
) -> None:
    """A strike at a weapon or the hand holding it may disarm [002:1469]; the game master
    rules it with common sense [002:1471], so a hand strike names it. Ann's hit disarms Bob,
    its damage absorbed as usual; a free action picking a weapon up [002:1079] rearms him."""
    table = ann_strikes_bob(http)
    hand = {"part": "hand", "reason": "his knife hand", "disarm": True}
    path = "/portal/combats/strikes"
    unruled = {**hand, "disarm": None}
    assert located_refusal(table, unruled) == (422, "invalid_located")
    table.command("gm", path, strike(4, 5, "c2", located=hand))
    for who in SEATS:
        (blow,) = (e["data"] for e in table.log(who, "portal.StrikeResolved"))
        assert (blow["through"], blow["disarmed"], blow["head"]) == (4, True, None), who
        assert blow["absorption"]["wound"] == 1
    assert contender(table, "p2", "c2")["disarmed"] is True
    table.command("gm", "/portal/combats/free", free("c2", "draw", False))
    assert contender(table, "p2", "c2")["disarmed"] is False


def test_a_strike_names_a_weapon_off_the_attackers_sheet(http: httpx.Client) -> None:
    """A sheet carries its weapons by name, each with what it adds to the damage total
    [002:1153-1190]: Ann's cudgel adds the LOW die, as Lamorak's does [002:1155]. A strike
    names it instead of ruling the weapon: 6 against 3 is an excess of 3, plus her damage
    die 6 and the raw LOW 2, 11 [002:1118-1122]. A strike rules a weapon or names one, not
    both, and only one the sheet carries."""
    cudgel = {"dice": ["LOW"], "bonus": 0, "melee": True}
    path = "/portal/characters"
    table = new_table(http, "portal", [2])
    blunt = sheet("Ann", weapons={"cudgel": {**cudgel, "bonus": -1}})
    assert refused(table, "p1", path, {"sheet": blunt}) == (422, "invalid_sheet")
    table = ann_strikes_bob(http, weapons={"cudgel": cudgel})
    path = "/portal/combats/strikes"
    both = strike(4, 5, "c2", wielded="cudgel")
    assert refused(table, "gm", path, both) == (422, "invalid_weapon")
    unknown = strike(4, 5, "c2", weapon=None, wielded="sword")
    assert refused(table, "gm", path, unknown) == (422, "invalid_weapon")
    table.command("gm", path, strike(4, 5, "c2", weapon=None, wielded="cudgel"))
    for who in SEATS:
        (blow,) = (e["data"] for e in table.log(who, "portal.StrikeResolved"))
        assert blow["weapon"]["dice"] == ["LOW"], who
        assert (blow["damage"]["weapon"], blow["damage"]["total"]) == (2, 11), who
