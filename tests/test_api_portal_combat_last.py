"""PORTAL's combat at the table over real HTTP, played by separate seats: the roll of an
action past the damage limit (a strike or a maneuver of a contender in the critical state,
a normal one in its phases, a last heroic one at the end of the turn) [002:590, 601, 1281];
the maneuver that spares one leaving melee an opportunity attack, against the difficulty
the game master set calling it (GAP) [002:1547]; a reach weapon's safe neglected defence
[002:1551-1553]; the holder's +2 inside a multiple attack [002:1485, 1491].

Faces come from the table's public `scripted_rolls`, in the order the dice are thrown (the
basic dice, then the discomfort dice, then the wound dice); a combat's direction die comes
first.
"""

from __future__ import annotations

from typing import Any

import httpx

from tests.dice_http import SEATS, Table
from tests.portal_support import MULTIPLE
from tests.portal_tables import attack_call, defence_call, exchange, last, settle
from tests.test_api_portal import http, open_roll, reading
from tests.test_api_portal_combat import advance, refused
from tests.test_api_portal_combat_more import lucio_holds_salvio
from tests.test_api_portal_economy import ACTIONS, act, sven_critical
from tests.test_api_portal_options import BARE, aces, ann_and_bob, contender, declare, strike

__all__ = ["http"]  # the module's HTTP client fixture

MANEUVER = [reading("maneuver", "HIGH")]
STRIKES = "/portal/combats/strikes"
MANEUVERS = "/portal/combats/maneuvers"
#: Sven conscious past the limit: his last aguante roll 6 (6, 5, 1) above the 5 unabsorbed
CONSCIOUS = [6, 5, 1, 2, 2, 2, 3, 3, 3]
#: Sven unconscious and stabilised: his last aguante roll 5 (5, 5, 1) equals them
UNCONSCIOUS = [5, 5, 1, 2, 2, 2, 3, 3, 3]


def maneuver(roll: int, enemy: str | None = None, leaving: bool = False) -> dict[str, Any]:
    return {"combat": 1, "roll": roll, "payments": [], "enemy": enemy, "leaving": leaving}


def test_a_normal_action_past_the_limit_is_a_strike_in_the_contenders_phase(
    http: httpx.Client,
) -> None:
    """Sven, conscious past the damage limit, is out of combat [002:1273]: no attack roll
    is called for him, nor after a minimal action (crawling is no attack). A normal action
    bought with a character point [002:590, 1281] is an attack: his roll (6, 5, 4; his
    discomfort 1s and wound 2s beaten) reads 6 against Brunak's defence 2 (2, 1, 1), a hit
    by 4, struck in his own phase 2 (refused in phase 5, Brunak's). The strike spends it:
    no second attack roll."""
    sven_attack, brunak_defence = [6, 5, 4, 1, 1, 1, 2, 2, 2], [2, 1, 1]
    table = sven_critical(http, CONSCIOUS + sven_attack + brunak_defence, points={"in_hand": 1})
    path = "/portal/combats/attacks"
    assert refused(table, "gm", path, attack_call("c2", "c1")) == (409, "out_of_combat")
    table.command("gm", ACTIONS, act("minimal"))
    assert contender(table, "p1", "c2")["critical_action"] == "minimal"
    assert refused(table, "gm", path, attack_call("c2", "c1")) == (409, "out_of_combat")
    table.command("gm", ACTIONS, act("normal"))
    for who in SEATS:
        assert contender(table, who, "c2")["critical_action"] == "normal", who
    assert table.command("gm", path, attack_call("c2", "c1"))["roll"] == 7
    table.command("gm", "/portal/combats/defences", defence_call("c1"))
    settle(table, "p2", 7)
    settle(table, "p1", 8)
    assert refused(table, "gm", STRIKES, strike(7, 8, "c1")) == (409, "not_your_phase")
    assert advance(table, 3)["phase"] == 2
    table.command("gm", STRIKES, strike(7, 8, "c1"))
    for who in SEATS:
        blow = last(table, who, "StrikeResolved")
        assert (blow["attacker"], blow["critical_action"]) == ("c2", "normal"), who
        assert (blow["strike"]["attack"], blow["strike"]["defence"]) == (6, 2), who
        assert (blow["strike"]["outcome"], blow["strike"]["excess"]) == ("hit", 4), who
        assert contender(table, who, "c2")["critical_action"] is None, who
    assert refused(table, "gm", path, attack_call("c2", "c1")) == (409, "out_of_combat")


def test_a_last_heroic_action_is_a_maneuver_at_the_end_of_the_turn(http: httpx.Client) -> None:
    """Sven, unconscious and stabilised, buys a last heroic action [002:601]: "su actuación
    se producirá al final del turno, cuando todos los demás personajes hayan actuado". His
    maneuver roll (5, 2, 1 and his 1s) reads 5; settled in phase 5 or in his own phase 2 it
    is refused; in phase 1, the turn's last, it is his action: the result his reflexes
    [002:1067], the heroic action spent."""
    table = sven_critical(http, [*UNCONSCIOUS, 5, 2, 1, 1, 1, 1, 1, 1, 1], points={"in_hand": 1})
    table.command("gm", ACTIONS, act("heroic"))
    called = open_roll("c2", readings=MANEUVER, difficulty=None)
    assert table.command("gm", "/portal/rolls", called)["roll"] == 7
    assert refused(table, "p2", MANEUVERS, maneuver(7)) == (409, "not_your_phase")
    assert advance(table, 3)["phase"] == 2
    assert refused(table, "p2", MANEUVERS, maneuver(7)) == (409, "not_your_phase")
    assert advance(table)["phase"] == 1
    table.command("p2", MANEUVERS, maneuver(7))
    for who in SEATS:
        made = last(table, who, "ManeuverMade")
        assert (made["critical_action"], made["maneuver"]["reflexes"]) == ("heroic", 5), who
        assert contender(table, who, "c2")["critical_action"] is None, who
    # his roll opened by `portalOpenRoll` was called as a combat's maneuver roll, as
    # Brunak's attack roll 4 was
    assert [e["data"]["roll"] for e in table.log("p1", "portal.AttackCalled")] == [4, 7]


def ann_leaves_melee(http: httpx.Client, faces: list[int]) -> Table:
    """Ann (reflexes 6, phase 6) tries to leave melee with Bob: the game master calls her
    maneuver roll (roll 4, `faces`) at difficulty 4, the book giving none (GAP) [002:1547];
    her player settles it as a maneuver to leave melee. Then Bob's attack roll (4, 2, 1:
    4) and Ann's defence roll (3, 2, 1: 3) are settled (rolls 5 and 6)."""
    table = ann_and_bob(http, [6, 5, 3], [4, 4, 2], [*faces, 4, 2, 1, 3, 2, 1])
    assert advance(table)["order"] == ["c1"]
    called = open_roll("c1", readings=MANEUVER, difficulty=4)
    assert table.command("gm", "/portal/rolls", called)["roll"] == 4
    assert refused(table, "p1", MANEUVERS, maneuver(4, "c2", leaving=True)) == (
        422,
        "invalid_difficulty",
    )
    table.command("p1", MANEUVERS, maneuver(4, leaving=True))
    exchange(table, 5, 6, attacker="c2")
    return table


def test_a_won_maneuver_to_leave_melee_spares_the_opportunity_attack(http: httpx.Client) -> None:
    """ "A no ser que emplee y supere una tirada de maniobra para ello" [002:1547]: Ann's 5
    (5, 3, 2) exceeds the game master's 4: she leaves melee with no opportunity attack this
    turn. Her maneuver is her action; its result her reflexes, as any maneuver's [002:1067]."""
    table = ann_leaves_melee(http, [5, 3, 2])
    for who in SEATS:
        left = last(table, who, "ManeuverMade")["leaving"]
        assert (left["outcome"], left["result"], left["difficulty"]) == ("success", 5, 4), who
        ann = contender(table, who, "c1")
        assert (ann["left_melee"], ann["reflexes"]) == (1, 5), who
    chance = strike(5, 6, "c1", opportunity={"reason": "she turns her back"})
    assert refused(table, "gm", STRIKES, chance) == (409, "left_melee")


def test_a_maneuver_to_leave_melee_that_only_matches_leaves_the_opportunity(
    http: httpx.Client,
) -> None:
    """Ann's 4 (4, 3, 2) only matches the difficulty 4, a partial success: not "supere"
    [002:1547]. Bob's opportunity attack, out of his phases: his 4 beats her 3 by 1."""
    table = ann_leaves_melee(http, [4, 3, 2])
    assert last(table, "p2", "ManeuverMade")["leaving"]["outcome"] == "partial"
    assert contender(table, "p2", "c1")["left_melee"] == 0
    table.command("gm", STRIKES, strike(5, 6, "c1", opportunity={"reason": "she stumbles"}))
    for who in SEATS:
        blow = last(table, who, "StrikeResolved")
        assert (blow["opportunities"], blow["strike"]["outcome"]) == (1, "hit"), who
        assert blow["strike"]["excess"] == 1, who


def test_a_reach_weapon_neglects_defence_safely_for_its_ace(http: httpx.Client) -> None:
    """Ann holds a spear against Bob, who is still coming at her: she may neglect her
    defence "sin peligro" for an ace [002:1551-1553]. Her attack roll has the ace; in his
    phase 4 Bob's 5 (5, 4, 1) meets her defence 5 (5, 3, 2) whole: a tie, not a hit by 2 as
    a neglected defence's -2 would make it. Only a neglected defence is made safe."""
    table = ann_and_bob(http, [6, 5, 3], [4, 4, 2], [3, 2, 1, 4, 2, 1, 5, 4, 1, 5, 3, 2])
    assert advance(table)["order"] == ["c1"]
    path = "/portal/combats/declarations"
    total = {**declare("c1", "total_defence"), "reach": True}
    assert refused(table, "gm", path, total) == (422, "invalid_maneuver")
    table.command("gm", path, {**declare("c1", "neglect_defence"), "reach": True})
    for who in SEATS:
        declared = last(table, who, "ManeuverDeclared")
        assert (declared["reach"], declared["acted"]) == (True, False), who
        held = declared["standing"]
        assert (held["defence"], held["attack_aces"]) == (0, 1), who
    table.command("gm", "/portal/combats/attacks", attack_call("c1", "c2"))
    assert aces(table, 4) == [(1, "a prepared attack or a neglected defence [002:1433, 1447]")]
    table.command("gm", "/portal/combats/defences", defence_call("c2"))
    settle(table, "p1", 4)
    settle(table, "p2", 5)
    table.command("gm", STRIKES, strike(4, 5, "c2"))
    assert advance(table, 2)["order"] == ["c2"]
    exchange(table, 6, 7, attacker="c2")
    table.command("gm", STRIKES, strike(6, 7, "c1"))
    for who in SEATS:
        blow = last(table, who, "StrikeResolved")
        assert (blow["strike"]["attack"], blow["strike"]["defence"]) == (5, 5), who
        assert (blow["strike"]["outcome"], blow["defence_modifier"]) == ("tie", 0), who


def test_the_holders_attacks_inside_a_multiple_attack_are_at_plus_two(
    http: httpx.Client,
) -> None:
    """Lucio holds Salvio [002:1481]; in turn 2 he punches him twice in one action
    [002:1489]: each attack 4 (4, 3, 1) + 2 as the holder's [002:1485] = 6, against Salvio's
    defence 5 (5, 2, 2) doubled, 10 [002:1527]: two misses, each read at +2."""
    table = lucio_holds_salvio(http, [4, 3, 1, 5, 2, 2])
    second = advance(table, 6)
    assert (second["turn"], second["order"]) == (2, ["c1"])
    exchange(table, 6, 7)
    punch = {"defender": "c2", "supporting": None, "weapon": BARE}
    multiple = {**MULTIPLE, "attack_rolls": [6], "attacks": [punch] * 2, "defence_rolls": [7]}
    table.command("gm", "/portal/combats/multiple", multiple)
    for who in SEATS:
        attacks = last(table, who, "MultipleAttackResolved")["attacks"]
        assert [(a["hold"], a["strike"]["attack"], a["defence"]) for a in attacks] == [
            (2, 6, 10),
            (2, 6, 10),
        ], who
        assert [a["strike"]["outcome"] for a in attacks] == ["miss", "miss"], who
