"""PORTAL's combat turns over real HTTP, played by separate seats: a stun from the blow on,
the rest of its turn then whole turns [002:1246]; a maneuver's new phases this turn or from
the next under both readings of the Errata GAP (`maneuver_reflexes`) [002:1067]; the ace a
maneuver earns granted to the next attack roll however it is opened [002:1441]; a sheet's
named weapons in every seat's view; a hand strike's broken weapon or sequel of that limb, as
the game master rules it [002:1469-1471].

Faces come from the table's public `scripted_rolls`, in the order the dice are thrown (the
basic dice, then the discomfort dice); a combat's direction die comes first.
"""

from __future__ import annotations

from typing import Any

import httpx

from tests.dice_http import SEATS, Table
from tests.portal_tables import exchange
from tests.test_api_portal import http, open_roll, reading
from tests.test_api_portal_combat import advance, refused
from tests.test_api_portal_options import (
    ann_and_bob,
    ann_strikes_bob,
    contender,
    free,
    located_refusal,
    strike,
)

__all__ = ["http"]  # the module's HTTP client fixture

MANEUVER = [reading("maneuver", "HIGH")]
ATTACK = [reading("attack", "HIGH"), reading("damage", "HIGH")]


def maneuvers(table: Table, roll: int, enemy: str | None) -> dict[str, Any]:
    """Ann's maneuver roll `roll` opened by `portalOpenRoll` and settled by her player."""
    opened = table.command(
        "gm", "/portal/rolls", open_roll("c1", readings=MANEUVER, difficulty=None)
    )
    assert opened["roll"] == roll
    body = {"combat": 1, "roll": roll, "payments": [], "enemy": enemy}
    table.command("p1", "/portal/combats/maneuvers", body)
    made: dict[str, Any] = table.log("p2", "portal.ManeuverMade")[-1]["data"]
    return made


def test_a_stun_holds_from_the_blow_on_the_rest_of_the_turn_then_whole_turns(
    http: httpx.Client,
) -> None:
    """Bob holds 3 discomfort dice (thrown as 1s). Ann's non-lethal punch in her phase 6 of
    turn 1 puts one point past them: a stunned turn [002:1246]. He is stunned at once: his
    phase 4 of turn 1 is lost, he takes no free action; then turn 2 whole; in turn 3 he acts
    again."""
    bobs_dice = [3, 2, 1, 1, 1, 1]
    table = ann_and_bob(http, [6, 5, 3], [4, 4, 2, 1, 1, 1], [4, 2, 1, *bobs_dice])
    assert advance(table)["order"] == ["c1"]
    exchange(table, 4, 5, damage="MID", defence="MID")
    table.command("gm", "/portal/combats/strikes", strike(4, 5, "c2", nonlethal=True))
    for who in SEATS:
        blow = table.log(who, "portal.StrikeResolved")[-1]["data"]
        assert (blow["through"], blow["absorption"]["stunned_turns"]) == (1, 1), who
        bob = contender(table, who, "c2")
        assert (bob["stunned"], bob["stunned_turns"]) == (True, 1), who
    first = advance(table, 2)  # turn 1, phase 4: Bob's, lost to the stun
    assert (first["turn"], first["phase"], first["order"], first["stunned"]) == (1, 4, [], ["c2"])
    assert refused(table, "gm", "/portal/combats/free", free("c2", "move", False)) == (
        409,
        "stunned",
    )
    second = advance(table, 4)
    assert (second["turn"], second["phase"], second["stunned"]) == (2, 6, ["c2"])
    assert contender(table, "p2", "c2")["stunned_turns"] == 0
    assert advance(table, 2)["order"] == []  # turn 2, phase 4: still stunned
    third = advance(table, 6)
    assert (third["turn"], third["phase"], third["order"], third["stunned"]) == (3, 4, ["c2"], [])
    assert contender(table, "p1", "c2")["stunned"] is False


def test_a_maneuvers_new_phases_are_played_this_turn_by_default(http: httpx.Client) -> None:
    """Ann (reflexes 6, phase 6) maneuvers only to better her reflexes (3, 2, 1: HIGH 3)
    [002:1069]: the result replaces her reflexes [002:1067], its phases from the next phase
    on (`maneuver_reflexes`: `at_once`, the digest's reading): she acts again in phase 3 of
    this turn."""
    table = ann_and_bob(http, [6, 5, 3], [4, 4, 2], [3, 2, 1])
    assert advance(table)["order"] == ["c1"]
    made = maneuvers(table, 4, None)
    assert (made["maneuver"]["reflexes"], made["phases"], made["later_phases"]) == (3, [3], None)
    assert advance(table, 2)["order"] == ["c2"]  # phase 4
    assert advance(table)["order"] == ["c1"]  # phase 3: her new one, this turn
    ann = contender(table, "p2", "c1")
    assert (ann["reflexes"], ann["phases"], ann["later_phases"]) == (3, [3], None)


def test_a_maneuvers_new_phases_wait_for_the_next_turn_under_the_option(
    http: httpx.Client,
) -> None:
    """The same maneuver at a table that reads the Errata GAP the other way
    (`maneuver_reflexes`: `next_turn`): this turn keeps her phase 6 (spent), so phase 3 of
    turn 1 is not hers; from turn 2 she acts in phase 3 and no longer in phase 6."""
    table = ann_and_bob(http, [6, 5, 3], [4, 4, 2], [3, 2, 1], maneuver_reflexes="next_turn")
    assert advance(table)["order"] == ["c1"]
    made = maneuvers(table, 4, None)
    assert (made["maneuver"]["reflexes"], made["phases"], made["later_phases"]) == (3, [6], [3])
    for who in SEATS:
        ann = contender(table, who, "c1")
        assert (ann["reflexes"], ann["phases"], ann["later_phases"]) == (3, [6], [3]), who
    assert advance(table, 3)["order"] == []  # turn 1, phase 3: not yet hers
    second = advance(table, 3)
    assert (second["turn"], second["phase"], second["order"]) == (2, 6, [])
    assert advance(table, 3)["order"] == ["c1"]  # turn 2, phase 3
    ann = contender(table, "p1", "c1")
    assert (ann["phases"], ann["later_phases"]) == ([3], None)


def test_a_maneuvers_ace_goes_to_an_attack_roll_opened_by_portal_open_roll(
    http: httpx.Client,
) -> None:
    """Ann maneuvers against Bob's reflexes 4 (5, 3, 2: HIGH 5): above them, an ace on her
    next attack [002:1441], her reflexes 5 (phase 5). Her attack roll opened by the ordinary
    `portalOpenRoll` is that attack: the ace joins it and is spent (`AttackCalled`), in the
    open, as `portalCallAttack` grants it; a secret call is refused. (Her maneuver roll,
    opened alike, was called too, with nothing standing to spend.)"""
    table = ann_and_bob(http, [6, 5, 3], [4, 4, 2], [5, 3, 2, 4, 2, 1])
    assert advance(table)["order"] == ["c1"]
    made = maneuvers(table, 4, "c2")
    assert (made["maneuver"]["succeeded"], made["maneuver"]["aces"]) == (True, 1)
    assert contender(table, "p2", "c1")["aces"] == 1
    assert advance(table)["order"] == ["c1"]  # phase 5: her new phase
    attack = open_roll("c1", readings=ATTACK, difficulty=None)
    assert refused(table, "gm", "/portal/rolls", {**attack, "visibility": "blind"}) == (
        409,
        "roll_secret",
    )
    assert table.command("gm", "/portal/rolls", attack)["roll"] == 5
    for who in SEATS:
        (opened,) = (
            e["data"] for e in table.log(who, "portal.RollOpened") if e["data"]["roll"] == 5
        )
        assert [(a["count"], a["reason"]) for a in opened["aces"]] == [
            (1, "a maneuver above the enemy's [002:1441]")
        ], who
        maneuver, called = (e["data"] for e in table.log(who, "portal.AttackCalled"))
        assert (maneuver["roll"], maneuver["attack"], maneuver["aces"]) == (4, False, 0), who
        assert (called["roll"], called["attack"], called["aces"], called["target"]) == (
            5,
            True,
            1,
            None,
        ), who
        assert contender(table, who, "c1")["aces"] == 0, who


def test_a_contenders_defence_roll_opened_by_portal_open_roll_is_no_attack_call(
    http: httpx.Client,
) -> None:
    """A contender's roll read for neither attack nor maneuver (a defence) is no attack
    call: no `AttackCalled`."""
    table = ann_and_bob(http, [6, 5, 3], [4, 4, 2], [4, 2, 1])
    readings = [reading("defence", "HIGH"), reading("aguante", "HIGH", aguante=True)]
    table.command("gm", "/portal/rolls", open_roll("c2", readings=readings, difficulty=None))
    assert table.log("p1", "portal.AttackCalled") == []


def test_a_sheets_named_weapons_are_seen_by_every_seat(http: httpx.Client) -> None:
    """Ann carries a named short sword: as her armour and shield, it is seen at the table
    (her `CharacterCreated`'s sheet shows it to every seat), so every seat's view lists it,
    what it adds to a damage total with it."""
    sword = {"dice": ["LOW"], "bonus": 1, "melee": True, "attack_penalty": 0, "damage_aces": 0}
    table = ann_and_bob(http, [6, 5, 3], [4, 4, 2], [], weapons={"sword": sword})
    for who in SEATS:
        (ann,) = (c for c in table.view(who)["characters"] if c["id"] == "c1")
        assert ann["weapons"] == {"sword": sword}, who
        created = table.log(who, "portal.CharacterCreated")[0]["data"]
        assert created["character"]["sheet"]["weapons"] == {"sword": sword}, who
        (bob,) = (c for c in table.view(who)["characters"] if c["id"] == "c2")
        assert bob["weapons"] == {}, who


def test_a_hand_strike_leaves_a_sequel_of_that_limb_as_the_game_master_rules(
    http: httpx.Client,
) -> None:
    """A hit at the hand may leave "secuelas relacionadas con el uso de dicha extremidad"
    [002:1469]; the book gives no measure, so a knee's [002:1459]: Ann's 6 less 2 beats
    Bob's 3 by 1, 1 + her damage die 6 = 7 against his aguante 3, 4 through. From none, they
    make 3 discomfort dice and turn one into a wound die: that wound die is a level 1 sequel
    of his hand instead, never paid off [002:1461, 1467]. Only a hand strike rules it."""
    table = ann_strikes_bob(http)
    hand = {"part": "hand", "reason": "his knife hand", "disarm": False, "hand": "sequel"}
    path = "/portal/combats/strikes"
    knee = {"part": "knee", "reason": "low", "hand": "sequel"}
    assert located_refusal(table, knee) == (422, "invalid_located")
    table.command("gm", path, strike(4, 5, "c2", located=hand))
    for who in SEATS:
        (blow,) = (e["data"] for e in table.log(who, "portal.StrikeResolved"))
        assert (blow["through"], blow["absorption"], blow["knee"]) == (4, None, None), who
        limb = blow["hand_sequel"]
        assert (limb["sequel_level"], limb["discomfort"], limb["wound"]) == (1, 2, 0), who
        assert (blow["disarmed"], blow["broken_weapon"]) == (False, False), who
        (bob,) = (c for c in table.view(who)["characters"] if c["id"] == "c2")
        assert (bob["discomfort"], bob["wound"]) == (2, 0), who
        # a level 1 sequel made in a combat ends with it [002:287]
        assert bob["sequels"] == [{"level": 1, "kind": "hand", "combat": 1}], who
    assert contender(table, "p2", "c2")["disarmed"] is False


def test_a_hand_strike_breaks_the_weapon_as_the_game_master_rules(http: httpx.Client) -> None:
    """A hit at a weapon may break it [002:1469], the game master's common-sense ruling (good
    steel hardly breaks on wood [002:1471]): Bob's weapon broken, he is disarmed until a free
    action draws another [002:1079]; the damage is absorbed as usual."""
    table = ann_strikes_bob(http)
    hand = {"part": "hand", "reason": "wood on rusty iron", "disarm": False}
    table.command(
        "gm",
        "/portal/combats/strikes",
        strike(4, 5, "c2", located={**hand, "hand": "broken_weapon"}),
    )
    for who in SEATS:
        (blow,) = (e["data"] for e in table.log(who, "portal.StrikeResolved"))
        assert (blow["broken_weapon"], blow["disarmed"], blow["hand_sequel"]) == (
            True,
            False,
            None,
        ), who
        assert (blow["through"], blow["absorption"]["wound"]) == (4, 1), who
    assert contender(table, "p1", "c2")["disarmed"] is True
    table.command("gm", "/portal/combats/free", free("c2", "draw", False))
    assert contender(table, "p1", "c2")["disarmed"] is False
