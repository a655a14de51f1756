"""PORTAL's combat beyond the strike over real HTTP, played by separate seats: a neglected
defence and a stun taken off a protagonist's defence against a supporting character's attack
and against a grab, as off a strike's [002:1075, 1447, 1493]; a weapon's damage aces
rerolled once the hit is counted [002:1096, 1173]; a hold after an immobilization, kept on
the combat: the held contender breaking free in a later turn, the holder's strikes at +2,
the game master's ruling that a hold is over [002:1481-1485].

Faces come from the table's public `scripted_rolls`, in the order the dice are thrown (the
basic dice, then the discomfort dice); a combat's direction die comes first.
"""

from __future__ import annotations

from typing import Any

import httpx

from tests.dice_http import SEATS, Table
from tests.portal_tables import BRIGAND, defence_call, exchange, last, settle
from tests.test_api_portal import http, open_roll, reading
from tests.test_api_portal_combat import advance, refused
from tests.test_api_portal_options import ann_and_bob, contender, declare, strike

__all__ = ["http"]  # the module's HTTP client fixture

GRAB = [reading("attack", "HIGH"), reading("strength", "LOW")]
HOLD = [reading("defence", "MID"), reading("struggle", "HIGH")]
HOLD_LOW = [reading("defence", "LOW"), reading("struggle", "HIGH")]


def brigand_attacks_ann(defence_roll: int) -> dict[str, Any]:
    return {
        "combat": 1,
        "attacker": "s1",
        "attack_unit": [],
        "defender": "c1",
        "defence_roll": defence_roll,
        "defence_unit": [],
        "setting": "normal",
        "nonlethal": False,
        "reason": "a knife in the dark",
    }


def grab_rolls(table: Table, grabber: str, held: str, hold: list[dict[str, Any]]) -> None:
    """The grab's roll (attack HIGH, strength LOW) and the hold's (`hold`: defence, struggle
    HIGH), both settled by their players: a confrontation's rolls [002:1475]."""
    first = table.command("gm", "/portal/rolls", open_roll(grabber, readings=GRAB, difficulty=None))
    second = table.command("gm", "/portal/rolls", open_roll(held, readings=hold, difficulty=None))
    players = {"c1": "p1", "c2": "p2"}
    for who, opened in ((grabber, first), (held, second)):
        table.command(
            players[who], "/portal/rolls/settle", {"roll": opened["roll"], "payments": []}
        )


def grapple(attack_roll: int, defence_roll: int) -> dict[str, Any]:
    return {
        "combat": 1,
        "attack_roll": attack_roll,
        "defence_roll": defence_roll,
        "defender_weapon": "one_hand",
        "reason": "she grabs him and his short sword",
    }


def test_a_neglected_defence_lowers_the_defence_against_a_supporting_characters_attack(
    http: httpx.Client,
) -> None:
    """Ann neglects her defence in her phase 6 [002:1447]. A brigand (G 5: Attack and Damage
    5) attacks her; her defence 5 (5, 3, 2) less 2 is 3: the Attack exceeds it by 2, 2 + 5 =
    7 against her aguante 5, 2 through. Without the -2 her 5 would tie the Attack, a hit of
    excess 0 and nothing through (`sc_attack_tie="hit"`)."""
    table = ann_and_bob(http, [6, 5, 3], [4, 4, 2], [5, 3, 2])
    assert advance(table)["order"] == ["c1"]
    table.command("gm", "/portal/combats/declarations", declare("c1", "neglect_defence"))
    table.command("gm", "/portal/supporting", BRIGAND)
    table.command("gm", "/portal/combats/defences", defence_call("c1"))
    settle(table, "p1", 4)
    table.command("gm", "/portal/supporting/attack", brigand_attacks_ann(4))
    for who in SEATS:
        blow = last(table, who, "SupportingAttacked")
        assert (blow["defence"], blow["defence_modifier"]) == (3, -2), who
        assert (blow["hit"], blow["excess"], blow["damage_total"]) == (True, 2, 7)
        assert (blow["toughness"]["total"], blow["through"]) == (5, 2)
    ann = table.view("p1")["characters"]
    assert [c["discomfort"] for c in ann if c["id"] == "c1"] == [2]


def test_a_stunned_contender_defends_a_grab_at_minus_two(http: httpx.Client) -> None:
    """Bob holds 3 discomfort dice (thrown as 1s). Ann's non-lethal punch stuns him for turn
    2 [002:1246]. In her phase 6 of turn 2 she grabs him (6, 5, 3: attack 6, strength 3); his
    defence MID 2 (4, 2, 1) less 2 for the stun, plus 1 for his short sword [002:1477]: 1.
    6 - 1 + 3 = 8 against his struggle 4: immobilized by 4 (by 2 unstunned)."""
    bobs = [3, 2, 1, 1, 1, 1]
    table = ann_and_bob(
        http, [6, 5, 3], [4, 4, 2, 1, 1, 1], [4, 2, 1, *bobs, 6, 5, 3, 4, 2, 1, 1, 1, 1]
    )
    assert advance(table)["order"] == ["c1"]
    exchange(table, 4, 5, damage="MID", defence="MID")
    table.command("gm", "/portal/combats/strikes", strike(4, 5, "c2", nonlethal=True))
    second = advance(table, 6)
    assert (second["turn"], second["phase"], second["stunned"]) == (2, 6, ["c2"])
    assert contender(table, "p2", "c2")["stunned"] is True
    grab_rolls(table, "c1", "c2", HOLD)
    table.command("gm", "/portal/combats/grapples", grapple(6, 7))
    for who in SEATS:
        held = last(table, who, "Immobilized")
        assert (held["defence"]["result"], held["defence_modifier"]) == (2, -2), who
        done = held["grapple"]
        assert (done["defence"], done["struggle"], done["margin"]) == (1, 8, 4)
        assert done["immobilized"] is True


def test_a_dropped_weights_damage_ace_rerolls_a_die_once_the_hit_is_counted(
    http: httpx.Client,
) -> None:
    """Ann (damage HIGH) drops a barrel on Bob: one category up from HIGH cannot rise, so
    HIGH and an ace on damage [002:1173]. Her attack 4 (4, 3, 2) beats his defence 3 (3, 3,
    1) by 1; the hit counted, her player rerolls the LOW die with the ace [002:1096]: 2 to 5.
    The attack stays 4; the barrel's raw HIGH die is now 5: 1 + 5 = 6 against his aguante 3,
    3 through (2 without the ace). The weapon's one ace rerolls one die, on a hit only."""
    table = ann_and_bob(http, [6, 5, 3], [4, 4, 2], [4, 3, 2, 3, 3, 1, 5])
    assert advance(table)["order"] == ["c1"]
    exchange(table, 4, 5)
    barrel = {"melee": None, "ranged": None, "weight": "dropped", "reason": "from the roof"}
    dropped = strike(4, 5, "c2", weapon=barrel, damage_rerolls=["LOW"])
    path = "/portal/combats/strikes"
    two = {**dropped, "damage_rerolls": ["LOW", "MID"]}
    assert refused(table, "gm", path, two) == (422, "invalid_damage")
    fists = {**dropped, "weapon": {"melee": "bare", "ranged": None, "reason": "fists"}}
    assert refused(table, "gm", path, fists) == (422, "invalid_damage")
    table.command("gm", path, dropped)
    for who in SEATS:
        blow = last(table, who, "StrikeResolved")
        assert (blow["strike"]["attack"], blow["strike"]["excess"]) == (4, 1), who
        (reroll,) = blow["damage_rerolls"]
        assert (reroll["die"], reroll["old"], reroll["new"]) == (
            {"kind": "basic", "index": 2},
            2,
            5,
        )
        assert (blow["damage"]["weapon"], blow["damage"]["total"], blow["through"]) == (5, 6, 3)
        (thrown,) = (e["data"] for e in table.log(who, "DiceRolled") if e["data"]["roll"] == 6)
        assert [d["face"] for d in thrown["dice"]] == [5]
        assert blow["damage_roll"] == 6


def lucio_holds_salvio(http: httpx.Client, after: list[int]) -> Table:
    """P30 [002:1481] in combat 1, Ann as Lucio (reflexes 6, phase 6) and Bob as Salvio
    (reflexes 3, phase 3): 6, 5, 3 against 4, 2, 1 and a gladius in one hand: immobilized by
    3, held from now on; phase 6 of turn 1 played."""
    table = ann_and_bob(http, [6, 5, 4], [3, 3, 3], [6, 5, 3, 4, 2, 1, *after])
    assert advance(table)["order"] == ["c1"]
    grab_rolls(table, "c1", "c2", HOLD_LOW)
    table.command("gm", "/portal/combats/grapples", grapple(4, 5))
    assert last(table, "p2", "Immobilized")["grapple"]["margin"] == 3
    return table


def test_a_held_contender_breaks_free_in_a_later_turn_and_is_struck_at_plus_two_meanwhile(
    http: httpx.Client,
) -> None:
    """Salvio, held by Lucio [002:1481], may not struggle in the turn he was immobilized in:
    in his phase 3 of turn 1 the attempt is refused. Turn 2, Lucio's bare-handed punch on the
    man he holds is at +2 [002:1485]: 4 (4, 3, 1) + 2 = 6 beats Salvio's defence 5 (5, 2, 2),
    a hit by 1 (a miss without the hold). In Salvio's phase 3 he struggles: the grab repeated,
    Lucio's attack 5 (5, 4, 2) + 2 = 7 against Salvio's defence 4 (6, 6, 4) + 1 for the
    gladius, grabbed; 7 - 5 + Lucio's strength 2 = 4 against Salvio's struggle 6: free
    [002:1483]. Held by nobody, no hold is left to release."""
    table = lucio_holds_salvio(http, [5, 4, 2, 6, 6, 4, 4, 3, 1, 5, 2, 2])
    for who in SEATS:
        held = contender(table, who, "c2")
        assert (held["held_by"], held["held_since"]) == ("c1", 1), who
    assert advance(table, 3)["order"] == ["c2"]
    grab_rolls(table, "c1", "c2", HOLD_LOW)
    escape = "/portal/combats/grapples/escape"
    assert refused(table, "p2", escape, grapple(6, 7)) == (403, "not_game_master")
    assert refused(table, "gm", escape, grapple(6, 7)) == (409, "held_this_turn")
    second = advance(table, 3)
    assert (second["turn"], second["order"]) == (2, ["c1"])
    exchange(table, 8, 9)
    table.command("gm", "/portal/combats/strikes", strike(8, 9, "c2"))
    for who in SEATS:
        blow = last(table, who, "StrikeResolved")
        assert (blow["hold"], blow["strike"]["attack"], blow["strike"]["defence"]) == (2, 6, 5)
        assert (blow["strike"]["outcome"], blow["strike"]["excess"]) == ("hit", 1), who
    assert advance(table, 3)["order"] == ["c2"]
    table.command("gm", escape, grapple(6, 7))
    for who in SEATS:
        tried = last(table, who, "BreakFreeAttempted")
        assert (tried["holder"], tried["character"], tried["advantage"]) == ("c1", "c2", 2), who
        assert (tried["attack"]["result"], tried["defence"]["result"]) == (5, 4)
        done = tried["grapple"]
        assert (done["defence"], done["grabbed"], done["struggle"]) == (5, True, 4)
        assert (done["immobilized"], tried["freed"]) == (False, True)
        assert contender(table, who, "c2")["held_by"] is None
    release = {"combat": 1, "character": "c2", "reason": "nothing to let go of"}
    path = "/portal/combats/grapples/release"
    assert refused(table, "gm", path, release) == (409, "not_held")


def test_the_game_master_rules_a_hold_over(http: httpx.Client) -> None:
    """Lucio lets Salvio go: the game master's ruling, with its reason, seen by every seat;
    Salvio is held by nobody after, and no longer struck at +2."""
    table = lucio_holds_salvio(http, [])
    path = "/portal/combats/grapples/release"
    release = {"combat": 1, "character": "c2", "reason": "Lucio lets go to draw his knife"}
    assert refused(table, "p1", path, release) == (403, "not_game_master")
    table.command("gm", path, release)
    for who in SEATS:
        let_go = last(table, who, "HoldReleased")
        assert (let_go["holder"], let_go["character"]) == ("c1", "c2"), who
        assert contender(table, who, "c2")["held_by"] is None
