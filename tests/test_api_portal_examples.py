"""The worked examples of digest §2.13 not played over HTTP elsewhere (P1, P4, P5, P7, P10,
P19, P21, P22, P23) and the digest's Errata on PORTAL, each over real HTTP by separate seats:
the game master calls and rules, each player rolls, rerolls and settles its own character's
dice, and every number is read back from the log or the view as a seat sees it. Where the
book's example contradicts its rule the test follows the rule and says so (CONTRA).

Faces come from the table's public `scripted_rolls`, in the order the dice are thrown (see
`tests/test_api_portal.py`): the 3 basic dice, every discomfort die, the wound dice, the luck
dice (or the tempt die), then one die per reroll; a combat's direction die comes first.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.api_helpers import ok
from tests.dice_http import SEATS, Table, new_table
from tests.portal_tables import settle, start_brawl
from tests.test_api_portal import character, fortaleza, http, open_roll, reading, reroll, sheet
from tests.test_api_portal_combat import (
    advance,
    brunak_against_sven,
    reflex_roll,
    reflexes,
    refused,
    settle_the_exchange,
    strike,
)
from tests.test_api_portal_story import ref, settled, story

__all__ = ["http"]  # the module's live server

#: the direction die; c1's reflex roll 5, 5, 2 (reflexes 5, cold blood 5, phase 5); c2's
#: 3, 3, 1 (reflexes 3, cold blood 3: a friendly brawl's 3 reached). Any discomfort or wound
#: die a contender holds is thrown after its basic dice: these tables show it 1, beaten.
DIRECTION, QUICK, SLOW = [2], [5, 5, 2], [3, 3, 1]


def face_off(table: Table) -> None:
    """`initial_rolls`, then the phases run to 5, c1's."""
    initial_rolls(table)
    assert advance(table, 2)["order"] == ["c1"]


def facing(
    http: httpx.Client, first: dict[str, Any], second: dict[str, Any], faces: list[int]
) -> Table:
    """c1 (the sheet `first`, p1's) and c2 (`second`, p2's) at `face_off`: the direction die
    and their initial rolls (`QUICK`, `SLOW`) thrown, then `faces`."""
    table = new_table(http, "portal", [*DIRECTION, *QUICK, *SLOW, *faces])
    character(table, "p1", first)
    character(table, "p2", second)
    face_off(table)
    return table


def initial_rolls(table: Table, first: str = "HIGH") -> None:
    """A friendly brawl between c1 (p1) and c2 (p2): each takes its initial roll (rolls 2
    and 3, the combat's direction die being 1), cold blood read HIGH, reflexes HIGH (c1's
    `first`), settled by its player."""
    start_brawl(table, "a brawl")
    for who, roll, reflex in (("c1", 2, first), ("c2", 3, "HIGH")):
        table.command("gm", "/portal/rolls", reflex_roll(who, reflex, "HIGH"))
        table.command(f"p{roll - 1}", "/portal/combats/reflexes", reflexes(roll))


def exchange(table: Table, attack: list[dict[str, Any]], defence: list[dict[str, Any]]) -> None:
    """c1's attack roll (4) and c2's defence roll (5), called by the game master with these
    readings, each settled by its own player."""
    for who, readings in (("c1", attack), ("c2", defence)):
        table.command("gm", "/portal/rolls", open_roll(who, readings=readings, difficulty=None))
    settle(table, "p1", 4)
    settle(table, "p2", 5)


def blow(table: Table, who: str) -> dict[str, Any]:
    """The last strike as a seat reads it."""
    found: dict[str, Any] = table.log(who, "portal.StrikeResolved")[-1]["data"]
    return found


def weapon(
    reason: str, melee: str | None = None, ranged: str | None = None, **extra: Any
) -> dict[str, Any]:
    """A strike's weapon as the game master rules it: a melee size or a ranged kind."""
    return {"melee": melee, "ranged": ranged, "reason": reason, **extra}


def strike_with(table: Table, ruled: dict[str, Any]) -> None:
    """The game master's strike of c1's attack roll 4 on c2's defence roll 5, with the weapon
    `ruled`."""
    table.command("gm", "/portal/combats/strikes", {**strike(4, 5), "weapon": ruled})


def attack_and_damage(damage: str) -> list[dict[str, Any]]:
    return [reading("attack", "HIGH"), reading("damage", damage)]


def defence_and_aguante(aguante: str) -> list[dict[str, Any]]:
    return [reading("defence", "HIGH"), reading("aguante", aguante, aguante=True)]


# -- reading a roll ----------------------------------------------------------------------------


def test_p1_six_six_one_reads_seven_seven_one(http: httpx.Client) -> None:
    """P1 [002:181-187]: one roll of 6, 6, 1 read three ways: the HIGH 6 and the MID 6 each
    gain 1 for the other six, 7 and 7; the LOW 1 gains nothing for the sixes (it is no 6)
    and no other 1 takes anything off: 1. Every seat reads the same readings."""
    table = new_table(http, "portal", [6, 6, 1])
    character(table, "p1", sheet("Omnium"))
    three = [reading("high", "HIGH"), reading("mid", "MID"), reading("low", "LOW")]
    table.command("gm", "/portal/rolls", open_roll("c1", readings=three, difficulty=4))
    for who in SEATS:
        (seen,) = table.view(who)["open_rolls"]
        assert [r["result"] for r in seen["readings"]] == [7, 7, 1], who
    table.command("p1", "/portal/rolls/settle", {"roll": 1, "payments": []})
    verdict = table.rolled("p2", 1)["portal.RollSettled"]["data"]["verdict"]
    assert (verdict["result"], verdict["outcome"]) == (7, "success")  # the primary, HIGH


def test_p4_omnium_tempts_luck_and_wins_the_die_back(http: httpx.Client) -> None:
    """P4 [002:340-356]: Omnium's luck reserve is empty; he tempts luck with one of his lost
    dice: 4, 4, 4 and the tempt die 5, not beaten, -1 as a discomfort die: 3, above the
    whirlwind's difficulty 2. A success, and the die comes back to his reserve [002:350]."""
    table = new_table(http, "portal", [4, 4, 4, 5])
    character(table, "p1", sheet("Omnium", luck_held=0, luck_lost=3))
    whirlwind = [reading("whirlwind", "HIGH")]
    table.command(
        "gm", "/portal/rolls", open_roll("c1", readings=whirlwind, difficulty=2, tempt=True)
    )
    (seen,) = table.view("p2")["open_rolls"]
    assert (seen["pool"]["tempt"], seen["readings"][0]["result"]) == (5, 3)
    table.command("p1", "/portal/rolls/settle", {"roll": 1, "payments": []})
    settled_roll = table.rolled("p2", 1)["portal.RollSettled"]["data"]
    assert (settled_roll["verdict"]["result"], settled_roll["verdict"]["outcome"]) == (
        3,
        "success",
    )
    assert settled_roll["result"]["tempt_recovered"] is True
    omnium = ok(table.get("p2", "/characters/c1"))
    assert (omnium["luck_held"], omnium["luck_lost"]) == (1, 2)


def test_p5_two_fortaleza_rerolls_follow_the_rule_not_the_example(http: httpx.Client) -> None:
    """P5 [002:446-450] (CONTRA): 4, 3, 1, a discomfort 6 and a luck 4, HIGH: 4 less 1 for the
    discomfort not beaten, 3 (the luck 4 is not beaten by a 4). With Fortaleza 2 the player
    rerolls the 1: a 5, kept; the book says 4, forgetting the luck 4 the new 5 now beats
    (+1 [002:324]): the rule gives 5. Then the discomfort 6: a 2, beaten; the book says 5,
    the rule 6. Each reroll is the player's, and every seat reads the new result."""
    table = new_table(http, "portal", [4, 3, 1, 6, 4, 5, 2])
    jumper = sheet("Saltador", fortalezas=[{"name": "Atletismo", "level": 2}], discomfort=1)
    character(table, "p1", jumper)
    call = open_roll(
        "c1",
        readings=[reading("jump", "HIGH")],
        difficulty=5,
        fortalezas=[fortaleza("Atletismo", "a jump across the roofs")],
        luck=1,
    )
    table.command("gm", "/portal/rolls", call)
    assert table.view("p2")["open_rolls"][0]["readings"][0]["result"] == 3
    results = []
    for kind, index in (("basic", 2), ("discomfort", 0)):
        table.command("p1", "/portal/rolls/reroll", reroll(1, kind, index, "fortaleza"))
        (seen,) = table.view("p2")["open_rolls"]
        results.append(seen["readings"][0]["result"])
    assert results == [5, 6]  # the book: 4, then 5
    assert seen["pool"]["basic"] == [4, 3, 5] and seen["pool"]["discomfort"] == [2]
    assert seen["rerolls_left"] == 0
    table.command("p1", "/portal/rolls/settle", {"roll": 1, "payments": []})
    verdict = table.rolled("gm", 1)["portal.RollSettled"]["data"]["verdict"]
    assert (verdict["result"], verdict["outcome"]) == (6, "success")


# -- combat: reflexes ---------------------------------------------------------------------------


def test_p7_billy_draws_sixteen_and_acts_in_phases_six_five_four_one(http: httpx.Client) -> None:
    """P7 [002:1024-1030]: Billy the Kid's initial roll, Disparar 5 with the specialty
    Desenfundar, three luck dice: after the 5 rerolls his Fortaleza gives, the basic dice
    show 6, 6, 6 and the luck dice 5, 2, 1, all below 6: 8 + 3 + 5 = 16 (exactly 5 rerolls'
    worth: no excess [002:514]). Reflexes 16 act in phases 6, 5, 4 and 1; his rival's 3 in
    phase 3."""
    faces = [*DIRECTION, 2, 6, 3, 6, 2, 1, 4, 6, 6, 6, 5, *SLOW]
    table = new_table(http, "portal", faces)
    disparar = {"name": "Disparar", "level": 5, "specialty": "Desenfundar"}
    character(table, "p1", sheet("Billy", fortalezas=[disparar]))
    character(table, "p2", sheet("Pat"))
    start_brawl(table, "high noon")
    draw = {"fortaleza": "Disparar", "reason": "drawing first"}
    call = open_roll(
        "c1",
        readings=[reading("reflexes", "HIGH", specialty=draw), reading("cold blood", "MID")],
        difficulty=None,
        fortalezas=[fortaleza("Disparar", "a gunfight")],
        luck=3,
    )
    table.command("gm", "/portal/rolls", call)
    assert table.view("p2")["open_rolls"][0]["readings"][0]["result"] == 6 + 2 + 5
    for kind, index in (("basic", 0), ("basic", 0), ("basic", 2), ("luck", 0), ("luck", 0)):
        table.command("p1", "/portal/rolls/reroll", reroll(2, kind, index, "fortaleza"))
    (seen,) = table.view("p2")["open_rolls"]
    assert (seen["pool"]["basic"], seen["pool"]["luck"]) == ([6, 6, 6], [5, 2, 1])
    assert (seen["readings"][0]["result"], seen["readings"][0]["excess_bonus"]) == (16, 0)
    table.command("p1", "/portal/combats/reflexes", reflexes(2))
    table.command("gm", "/portal/rolls", reflex_roll("c2", "HIGH", "HIGH"))
    table.command("p2", "/portal/combats/reflexes", reflexes(8))
    for who in SEATS:
        billy = table.log(who, "portal.ReflexesTaken")[0]["data"]
        assert (billy["reflexes"], billy["phases"]) == (16, [6, 5, 4, 1]), who
    orders = [advance(table)["order"] for _ in range(6)]
    assert orders == [["c1"], ["c1"], ["c1"], ["c2"], [], ["c1"]]
    assert ok(table.get("p2", "/characters/c1"))["luck_held"] == 3  # a kept 6 keeps all luck


def test_every_maneuver_roll_replaces_the_reflexes_errata(http: httpx.Client) -> None:
    """Errata on §2.9.8 [002:1067, 1441]: a maneuver roll's result replaces the reflex value
    whether or not it exceeds the enemy's. Ariel (reflexes 5) maneuvers against Orco's 3 and
    reads 2: no ace, and her reflexes fall to 2, her phase with them. In phase 2 she
    maneuvers only to better them [002:1069]: a 6, her new reflexes, no ace."""
    table = facing(http, sheet("Ariel"), sheet("Orco"), [2, 2, 1, 6, 4, 3])
    feint = open_roll("c1", readings=[reading("maneuver", "HIGH")], difficulty=None)
    table.command("gm", "/portal/rolls", feint)
    table.command("p1", "/portal/combats/maneuvers", {**reflexes(4), "enemy": "c2"})
    assert [advance(table)["order"] for _ in range(3)] == [[], ["c2"], ["c1"]]
    table.command("gm", "/portal/rolls", feint)
    table.command("p1", "/portal/combats/maneuvers", {**reflexes(5), "enemy": None})
    for who in SEATS:
        failed, bettered = (e["data"] for e in table.log(who, "portal.ManeuverMade"))
        ruled = failed["maneuver"]
        assert (ruled["result"], ruled["enemy_reflexes"], ruled["succeeded"]) == (2, 3, False)
        assert (ruled["aces"], ruled["reflexes"], failed["phases"]) == (0, 2, [2]), who
        ruled = bettered["maneuver"]
        assert (ruled["reflexes"], ruled["aces"], bettered["phases"]) == (6, 0, [6]), who
    (fight,) = table.view("p2")["combats"]
    assert fight["contenders"][0]["reflexes"] == 6
    assert advance(table, 2)["order"] == ["c1"]  # turn 2, phase 6


# -- combat: damage -----------------------------------------------------------------------------


def test_p19_lamoraks_damage_is_clamped_only_after_the_excess_errata(http: httpx.Client) -> None:
    """P19 [002:1155] and its Errata: Lamorak's cudgel (small: the raw LOW die) and his
    4, 1, 1 with a discomfort 3: attack HIGH 4; damage die LOW 1, -1 for the other 1, -1 for
    the discomfort: -1; the cudgel's raw 1: "el total de Daño es cero" before the excess.
    The clamp at 0 comes "una vez añadido el excedente" [002:1147]: against a defence of 3
    the excess of 1 makes the damage 1, which passes an aguante of 0 (1, -1 for the other
    1)."""
    faces = [*DIRECTION, *QUICK, 1, *SLOW, 4, 1, 1, 3, 3, 1, 1]
    table = new_table(http, "portal", faces)
    character(table, "p1", sheet("Lamorak", discomfort=1, damage_die="LOW"))
    character(table, "p2", sheet("Guardia"))
    face_off(table)
    exchange(table, attack_and_damage("LOW"), defence_and_aguante("LOW"))
    strike_with(table, weapon("a cudgel", melee="small"))
    for who in SEATS:
        hit = blow(table, who)
        assert (hit["strike"]["outcome"], hit["strike"]["attack"], hit["strike"]["excess"]) == (
            "hit",
            4,
            1,
        ), who
        damage = hit["damage"]
        assert (damage["damage_die"], damage["weapon"], damage["total"]) == (-1, 1, 1), who
        assert (hit["toughness"]["total"], hit["through"]) == (0, 1), who
    assert ok(table.get("p1", "/characters/c2"))["discomfort"] == 1


def test_p21_boris_throws_a_stone_with_the_low_die_not_his_own(http: httpx.Client) -> None:
    """P21 [002:1176-1178], the stone: Boris takes the HIGH die for damage, but a stone is a
    light projectile: only its raw LOW die counts, never the character's damage die
    [002:1161, 1169]. His 5, 4, 2 hits a defence of 3 by 2: 2 + 2 = 4, 1 past an aguante of
    3. (The table thrown, MID, and the barrel dropped, HIGH and an ace, need a large weight
    the strike's weapon cannot name yet.)"""
    table = facing(http, sheet("Boris", damage_die="HIGH"), sheet("Bandido"), [5, 4, 2, 3, 3, 1])
    exchange(table, [reading("attack", "HIGH")], defence_and_aguante("HIGH"))
    strike_with(table, weapon("a stone", ranged="light"))
    hit = blow(table, "p2")
    assert (hit["strike"]["excess"], hit["weapon"]["dice"], hit["weapon"]["melee"]) == (
        2,
        ["LOW"],
        False,
    )
    damage = hit["damage"]
    assert (damage["damage_die"], damage["weapon"], damage["total"]) == (None, 2, 4)
    assert (hit["toughness"]["total"], hit["through"]) == (3, 1)


def test_p22_brunaks_toughness_ignores_his_discomfort_and_four_points_go_in(
    http: httpx.Client,
) -> None:
    """P22 [002:1240-1242]: Brunak, holding a wound die and a discomfort die, takes 9 points
    of damage: a goblin's 5, 4, 2 against his defence of 3 (5, 3, 2, less his discomfort 6
    and wound 6, not beaten): excess 2, damage die HIGH 5, a knife's raw LOW 2. His aguante
    HIGH is 5, the discomfort 6 ignored [002:1199]: 4 points, two discomfort dice, the third
    turns one into a wound die, the fourth a discomfort die again: 3 discomfort and 2 wound
    dice. A new reflex roll is then due [002:1063]."""
    table = facing(
        http,
        sheet("Goblin"),
        sheet("Brunak", discomfort=1, wound=1, aguante_die="HIGH"),
        [1, 1, 5, 4, 2, 5, 3, 2, 6, 6],
    )
    exchange(table, attack_and_damage("HIGH"), defence_and_aguante("HIGH"))
    strike_with(table, weapon("a knife", melee="small"))
    for who in SEATS:
        hit = blow(table, who)
        assert (hit["strike"]["defence"], hit["damage"]["total"]) == (3, 9), who
        assert (hit["toughness"]["reading"], hit["through"]) == (5, 4), who
        absorbed = hit["absorption"]
        assert absorbed["steps"] == ["discomfort", "discomfort", "wound", "discomfort"], who
        assert (absorbed["discomfort"], absorbed["wound"]) == (3, 2), who
    brunak = ok(table.get("p1", "/characters/c2"))
    assert (brunak["discomfort"], brunak["wound"]) == (3, 2)
    assert refused(table, "gm", "/portal/combats/phases", {"combat": 1}) == (409, "reflexes_due")


def ricardo_shot(http: httpx.Client, new_reflexes: list[int]) -> Table:
    """P23's shot [002:1250-1267]: the shooter's 5, 3, 2 with a sling against Ricardo's
    defence roll 4, 2, 2 (aguante LOW; the dice he holds 1s): 1 point past his aguante turns
    one of his 3 discomfort dice into a second wound die. Then the game master calls his
    new reflex roll (`new_reflexes`: his 3 basic dice, then the dice he holds), read MID for
    aguante, and his player takes it (roll 6)."""
    shot = [5, 3, 2, 4, 2, 2, 1, 1, 1, 1]
    table = facing(
        http,
        sheet("Tirador"),
        sheet("Ricardo", discomfort=3, wound=1, aguante_die="MID"),
        [1, 1, 1, 1, *shot, *new_reflexes],
    )
    exchange(table, [reading("attack", "HIGH")], defence_and_aguante("LOW"))
    strike_with(table, weapon("a sling", ranged="light"))
    check = [reading("reflexes", "HIGH"), reading("aguante", "MID", aguante=True)]
    table.command("gm", "/portal/rolls", open_roll("c2", readings=check, difficulty=None))
    table.command("p2", "/portal/combats/reflexes", reflexes(6))
    return table


def test_p23_ricardos_new_reflex_roll_drives_a_thorn_in(http: httpx.Client) -> None:
    """P23 [002:1250-1267]: Ricardo is shot with a sling: 1 point past his aguante turns one of
    his 3 discomfort dice into a second wound die: he holds 2 wound and 2 discomfort dice,
    6 accumulated. His new reflex roll, 5, 3, 2, is read MID for aguante: 3, his wound and
    discomfort dice not counting; short by 3: a wound die every hour until a surgeon sees
    him. The thorn is on his sheet for every seat."""
    table = ricardo_shot(http, [5, 3, 2, 6, 6, 6, 6])  # his dice 6: not beaten, no sequel
    hit = blow(table, "p1")
    assert (hit["through"], hit["absorption"]["steps"]) == (1, ["wound"])
    for who in SEATS:
        taken = table.log(who, "portal.ReflexesTaken")[-1]["data"]
        thorn = taken["thorn"]
        assert (thorn["accumulated"], thorn["aguante"], thorn["difference"]) == (6, 3, 3), who
        assert [(t["gives"], t["every"]) for t in thorn["thorns"]] == [
            ("wound", "hour, until proper medical care")
        ], who
        assert (taken["reflexes"], taken["discomfort"], taken["wound"]) == (1, 2, 2), who
    ricardo = ok(table.get("p1", "/characters/c2"))
    assert [(t["gives"], t["every"]) for t in ricardo["thorns"]] == [
        ("wound", "hour, until proper medical care")
    ]


@pytest.mark.parametrize(
    ("setting", "environment", "through"), [("normal", 2, 0), ("dangerous", 6, 2)]
)
def test_a_tie_deals_the_environment_through_the_toughness_errata(
    http: httpx.Client, setting: str, environment: int, through: int
) -> None:
    """Errata (serious) [002:1102-1110, 1199, 1543]: Takeda without the sweep: his 6, 2, 2
    ties the ninja's defence of 6; "el daño habría sido el debido al medio (2 en este caso)
    y su rival hubiera escapado incólume": the MID 2 of a normal fight against the ninja's
    aguante 4 passes nothing. On a moving train (HIGH, his raw 6) only the 2 past the aguante
    are absorbed."""
    table = facing(http, sheet("Takeda"), sheet("Ninja"), [6, 2, 2, 6, 4, 4])
    exchange(table, attack_and_damage("HIGH"), defence_and_aguante("MID"))
    nodachi = weapon("a nodachi", melee="gigantic", sharp=True)
    table.command(
        "gm", "/portal/combats/strikes", {**strike(4, 5), "weapon": nodachi, "setting": setting}
    )
    for who in SEATS:
        tie = blow(table, who)
        assert (tie["strike"]["outcome"], tie["strike"]["environment"]) == ("tie", environment)
        assert (tie["damage"], tie["toughness"]["total"], tie["through"]) == (None, 4, through)
    assert ok(table.get("p1", "/characters/c2"))["discomfort"] == through


# -- the story ---------------------------------------------------------------------------------


def test_p10_collaboration_reductions_are_the_game_masters(http: httpx.Client) -> None:
    """P10 [002:886-900]: the game master sets each reduction: the beam of 7 lowered by one
    per helper, two of them: 5; the climb lowered by 1 whoever joins: 4; the infiltration not
    at all: 5; the agent, the SWAT gorilla and the detective, 3 off (a snitch's 6: 3). Every
    member reads 5 (5, 3, 2)."""
    table = new_table(http, "portal", [5, 3, 2] * 11)
    for seat, name in (("p1", "Ana"), ("p2", "Bea"), ("p1", "Cid")):
        character(table, seat, sheet(name))
    seats = {"c1": "p1", "c2": "p2", "c3": "p1"}
    challenges = [
        ("lifting the beam", 7, 2, ["c1", "c2", "c3"]),
        ("climbing the mountain", 5, 1, ["c1", "c2"]),
        ("into the camp unseen", 5, 0, ["c1", "c2", "c3"]),
        ("making the snitch talk", 6, 3, ["c1", "c2", "c3"]),
    ]
    for reason, difficulty, reduction, members in challenges:
        rolls = [ref(settled(table, seats[member], member)) for member in members]
        body = {
            "members": rolls,
            "difficulty": difficulty,
            "reduction": reduction,
            "cover": [],
            "shared_task": False,
            "reason": reason,
        }
        assert refused(table, "p1", "/portal/collaborations", body) == (403, "not_game_master")
        table.command("gm", "/portal/collaborations", body)
    done = [e["data"] for e in story(table, "p2", "Collaborated")]
    assert [(c["difficulty"], c["reduction"]) for c in done] == [(7, 2), (5, 1), (5, 0), (6, 3)]
    assert [c["collaborative_difficulty"] for c in done] == [5, 4, 5, 3]
    assert [c["excess"] for c in done] == [0, 2, 0, 6]


def test_a_principal_npc_pays_with_his_harm_errata(http: httpx.Client) -> None:
    """Errata [002:649]: a principal NPC may pay what costs a protagonist luck or points with
    discomfort and wound dice. Markus, paying with his harm and holding 3 discomfort dice,
    buys the right to a psychological confrontation [002:966]: the die is absorbed as any
    [002:248], one discomfort die turning into a wound die. His dice are on the table; how
    he paid is the game master's."""
    table = new_table(http, "portal", [5, 3, 2, 1, 1, 1, 4, 3, 2])  # his discomfort 1s beaten
    harm = {"pays_with": "harm"}
    markus = sheet("Markus", kind="principal", luck_held=0, discomfort=3, npc_pool=harm)
    character(table, "gm", markus)
    character(table, "p1", sheet("Ana"))
    body = {
        "manipulator": ref(settled(table, "gm", "c1")),
        "victim": ref(settled(table, "p1", "c2")),
        "reason": "open the gate",
    }
    table.command("gm", "/portal/confrontations/psychological", body)
    for who, paid in (("gm", "harm"), ("p1", None), ("p2", None)):
        (event,) = story(table, who, "PsychologicalConfronted")
        data = event["data"]
        assert (data["influenced"], data["margin"], data["paid_with"]) == (True, 1, paid), who
        seen = ok(table.get(who, "/characters/c1"))
        assert (seen["discomfort"], seen["wound"], seen["luck_held"]) == (2, 1, 0), who


def test_a_thorn_may_penalise_reflexes_errata(http: httpx.Client) -> None:
    """Errata [002:623, 629]: a thorn gives discomfort dice, wound dice or a penalty to the
    reflexes: Vilvis's poison takes 1 from every reflex roll. The game master writes it on
    the sheet he creates for p1; every seat sees it; a thorn giving anything else is
    refused."""
    table = new_table(http, "portal", [])
    poison = {"name": "poison", "gives": "reflex", "amount": 1, "every": "each reflex roll"}
    character(table, "gm", sheet("Vilvis", thorns=[poison]), seat="p1")
    for who in SEATS:
        assert ok(table.get(who, "/characters/c1"))["thorns"] == [poison], who
    wrong = sheet("Greyon", thorns=[{**poison, "gives": "luck"}])
    answer = table.post("gm", "/portal/characters", {"sheet": wrong})
    assert (answer.status_code, answer.json()["code"]) == (400, "invalid_request")


# -- the table's policies for the book's silences, both readings --------------------------------


@pytest.mark.parametrize(("policy", "held", "lost"), [("used", 2, 1), ("all_held", 0, 3)])
def test_a_kept_one_loses_the_rolls_luck_or_the_whole_reserve(
    http: httpx.Client, policy: str, held: int, lost: int
) -> None:
    """GAP §2.3 [002:328] "toda la suerte se elimina" on a kept 1, `luck_on_one`: `used`
    (the digest's suggestion) loses the luck die of this roll; `all_held` the two held
    outside it too. A LOW 1 of 4, 3, 1 with one luck die, a 2."""
    table = new_table(http, "portal", [4, 3, 1, 2], luck_on_one=policy)
    character(table, "p1", sheet("Ana"))
    call = open_roll("c1", readings=[reading("sneak", "LOW")], luck=1)
    table.command("gm", "/portal/rolls", call)
    table.command("p1", "/portal/rolls/settle", {"roll": 1, "payments": []})
    ana = ok(table.get("p2", "/characters/c1"))
    assert (ana["luck_held"], ana["luck_lost"]) == (held, lost)


@pytest.mark.parametrize(("policy", "outcome"), [("succeeds", "success"), ("partial", "partial")])
def test_a_covered_collaborator_succeeds_or_draws(
    http: httpx.Client, policy: str, outcome: str
) -> None:
    """GAP §2.8 [002:912], `covered_member`: P12's Cosme, raised from 4 to the difficulty 5
    by Alex's and Bruno's pooled 2, `succeeds` (the book's rock moves) or, equal to D, is a
    `partial` success [002:139]."""
    table = new_table(http, "portal", [6, 3, 2, 6, 3, 2, 4, 3, 2], covered_member=policy)
    for seat, name in (("p1", "Alex"), ("p2", "Bruno"), ("p1", "Cosme")):
        character(table, seat, sheet(name))
    rolls = [ref(settled(table, seat, f"c{n}")) for n, seat in enumerate(("p1", "p2", "p1"), 1)]
    body = {
        "members": rolls,
        "difficulty": 5,
        "reduction": 0,
        "cover": ["c3"],
        "shared_task": True,
        "reason": "the rock",
    }
    table.command("gm", "/portal/collaborations", body)
    (rock,) = (e["data"] for e in story(table, "p2", "Collaborated"))
    assert (rock["spent"], rock["task_failed"]) == (2, False)
    assert (rock["members"][2]["covered"], rock["members"][2]["outcome"]) == (True, outcome)


@pytest.mark.parametrize(("policy", "winner"), [("tie", "tie"), ("second", "second")])
def test_a_tie_outside_combat_is_a_tie_or_the_resisting_sides(
    http: httpx.Client, policy: str, winner: str
) -> None:
    """GAP §2.8, `confrontation_tie`: Ann's 4 against Bob's 4 is reported a `tie`, or won by
    the `second` side, the one resisting."""
    table = new_table(http, "portal", [4, 3, 2, 4, 3, 2], confrontation_tie=policy)
    character(table, "p1", sheet("Ann"))
    character(table, "p2", sheet("Bob"))
    first, second = settled(table, "p1", "c1"), settled(table, "p2", "c2")
    body = {"first": ref(first), "second": ref(second), "reason": "who gets the key"}
    table.command("gm", "/portal/confrontations", body)
    (tie,) = story(table, "p1", "Confronted")
    assert (tie["data"]["difference"], tie["data"]["winner"]) == (0, winner)


@pytest.mark.parametrize(("policy", "phases"), [("defence_only", []), ("phase_1", [1])])
def test_reflexes_of_zero_act_in_no_phase_or_in_the_last(
    http: httpx.Client, policy: str, phases: list[int]
) -> None:
    """GAP §2.9.1, `reflex_at_most_zero`: Ana's 3, 1, 1 read LOW for reflexes is 1, -1 for
    the other 1: 0. `defence_only` (the digest's suggestion: defence rolls stay [002:1075])
    gives her no phase; `phase_1` one action in phase 1. Her cold blood, HIGH 3, reaches
    the brawl's 3."""
    table = new_table(http, "portal", [*DIRECTION, 3, 1, 1, *QUICK], reflex_at_most_zero=policy)
    character(table, "p1", sheet("Ana"))
    character(table, "p2", sheet("Bea"))
    initial_rolls(table, first="LOW")
    ana = table.log("p2", "portal.ReflexesTaken")[0]["data"]
    assert (ana["reflexes"], ana["phases"]) == (0, phases)
    last = advance(table, 6)
    assert (last["phase"], last["order"]) == (1, ["c1"] if phases else [])


def test_a_last_aguante_roll_below_the_damage_leaves_him_unstabilised_by_default(
    http: httpx.Client,
) -> None:
    """GAP §2.9.7 [002:1277-1281], `critical_below` (the other reading, `dead`, is
    `tests/test_api_portal_combat.py`'s): Sven's last aguante roll, 4, below his 5 points
    unabsorbed, leaves him unconscious and not stabilised, alive, out of combat."""
    table = brunak_against_sven(http, [4, 4, 1, 2, 2, 2, 3, 3, 3])
    settle_the_exchange(table)
    table.command("gm", "/portal/combats/strikes", strike(4, 5))
    last = open_roll("c2", readings=[reading("aguante", "HIGH", aguante=True)], difficulty=None)
    table.command("gm", "/portal/rolls", last)
    table.command("p2", "/portal/combats/critical", {"combat": 1, "roll": 6, "payments": []})
    for who in SEATS:
        (critical,) = table.log(who, "portal.CriticalStateRolled")
        ruled = critical["data"]["critical"]
        assert (ruled["aguante"], ruled["state"], ruled["stabilised"]) == (
            4,
            "unstabilised",
            False,
        ), who
    assert ok(table.get("p1", "/characters/c2"))["dead"] is False


# -- fixes: tempt luck in combat, the thorn check, reflex thorns, large weights ----------------


@pytest.mark.parametrize(
    ("tempter", "attack", "defence", "result", "against"),
    [("c1", [5, 3, 2, 4], [3, 3, 1], 5, 3), ("c2", [3, 3, 1], [5, 3, 2, 4], 5, 3)],
)
def test_tempt_luck_in_combat_comes_back_by_beating_the_opponent_errata(
    http: httpx.Client,
    tempter: str,
    attack: list[int],
    defence: list[int],
    result: int,
    against: int,
) -> None:
    """Errata GAP [002:350]: the tempt die comes back when the roll "supera la dificultad del
    reto"; a combat roll's challenge is the opponent's result. The tempter, holding no luck
    and 1 lost die, tempts luck in the attack (c1's 5, 3, 2 and the tempt die 4, beaten: 5
    against a defence of 3, a sling's hit) or in the defence (c2's, against an attack of 3, a
    miss). Settled, the die stays lost (no 6 kept, no match); the strike, the roll beating its
    opponent's, wins it back, seen as the roll is, by every seat."""
    tempting = {"luck_held": 0, "luck_lost": 1}
    table = facing(
        http,
        sheet("Tirador", **(tempting if tempter == "c1" else {})),
        sheet("Bandido", **(tempting if tempter == "c2" else {})),
        [*attack, *defence],
    )
    for who, readings in (("c1", [reading("attack", "HIGH")]), ("c2", defence_and_aguante("LOW"))):
        call = open_roll(who, readings=readings, difficulty=None, tempt=who == tempter)
        table.command("gm", "/portal/rolls", call)
    settle(table, "p1", 4)
    settle(table, "p2", 5)
    roll = 4 if tempter == "c1" else 5
    assert (
        table.rolled("p1", roll)["portal.RollSettled"]["data"]["result"]["tempt_recovered"] is False
    )
    strike_with(table, weapon("a sling", ranged="light"))
    for who in SEATS:
        (won,) = (e["data"] for e in table.log(who, "portal.TemptLuckRecovered"))
        assert (won["roll"], won["character"], won["result"], won["against"]) == (
            roll,
            tempter,
            result,
            against,
        ), who
        seen = ok(table.get(who, f"/characters/{tempter}"))
        assert (seen["luck_held"], seen["luck_lost"]) == (1, 0), who


def test_the_thorn_check_reads_the_dice_held_after_the_damage(http: httpx.Client) -> None:
    """[002:1250-1269] and the digest's §2.9.6, whose accumulated damage (2 per wound die, 1
    per discomfort die) is the "state after the damage": P23's Ricardo, holding 2 wound and
    2 discomfort dice after the shot, rolls 5, 3, 2 with a discomfort 5 and 6 and wound 6
    and 6: his kept 5 removes the discomfort 5 when the roll is settled, but the check is on
    the 6 the damage left, not the 5 after the roll: his aguante MID 3 falls short by 3, a
    wound die every hour."""
    table = ricardo_shot(http, [5, 3, 2, 5, 6, 6, 6])
    for who in SEATS:
        taken = table.log(who, "portal.ReflexesTaken")[-1]["data"]
        thorn = taken["thorn"]
        assert (thorn["accumulated"], thorn["aguante"], thorn["difference"]) == (6, 3, 3), who
        assert (taken["reflexes"], taken["discomfort"], taken["wound"]) == (1, 1, 2), who
    ricardo = ok(table.get("p1", "/characters/c2"))
    assert [(t["gives"], t["every"]) for t in ricardo["thorns"]] == [
        ("wound", "hour, until proper medical care")
    ]


def test_a_reflex_thorn_lowers_every_reflex_roll_errata(http: httpx.Client) -> None:
    """Errata [002:623, 629]: Vilvis's poison takes 1 from "cualquier tirada de Reflejos".
    Her initial roll reads 5 for reflexes: 4, acting in phase 4, not 5; every seat reads the
    penalty with the reflexes."""
    table = new_table(http, "portal", [*DIRECTION, *QUICK, *SLOW])
    poison = {"name": "poison", "gives": "reflex", "amount": 1, "every": "each reflex roll"}
    character(table, "gm", sheet("Vilvis", thorns=[poison]), seat="p1")
    character(table, "p2", sheet("Orco"))
    initial_rolls(table)
    for who in SEATS:
        vilvis = table.log(who, "portal.ReflexesTaken")[0]["data"]
        assert (vilvis["reflexes"], vilvis["thorn_penalty"], vilvis["phases"]) == (4, 1, [4])
    assert [advance(table)["order"] for _ in range(3)] == [[], [], ["c1"]]


def test_p21_boris_throws_a_table_with_the_mid_die(http: httpx.Client) -> None:
    """P21 [002:1172, 1178], the table: a large weight thrown takes the damage-die category
    one below Boris's HIGH: the raw MID die, his own damage die not counting. His 5, 4, 2
    hits a defence of 3 by 2: 2 + 4 = 6, 3 past an aguante of 3."""
    table = facing(http, sheet("Boris", damage_die="HIGH"), sheet("Bandido"), [5, 4, 2, 3, 3, 1])
    exchange(table, [reading("attack", "HIGH")], defence_and_aguante("HIGH"))
    strike_with(table, weapon("a tavern table", weight="thrown"))
    for who in SEATS:
        hit = blow(table, who)
        assert (hit["weapon"]["dice"], hit["weapon"]["melee"]) == (["MID"], False), who
        damage = hit["damage"]
        assert (damage["damage_die"], damage["weapon"], damage["total"]) == (None, 4, 6), who
        assert (hit["toughness"]["total"], hit["through"]) == (3, 3), who
    assert ok(table.get("p2", "/characters/c2"))["discomfort"] == 3


def test_p21_boris_drops_a_barrel_from_the_roof_high_and_an_ace(http: httpx.Client) -> None:
    """P21 [002:1173, 1178], the barrel: dropped from above, the category one above HIGH
    cannot rise, so HIGH and an ace on damage, "podrá repetir un Dado a la hora de calcular
    el Daño". The damage is read from the attack roll [002:1092], so the game master grants
    the ace with it; Boris rerolls his 2 of 4, 3, 2 (roll 5): a 5. Attack 5 against 3, 2 + the raw
    HIGH 5 = 7, 4 past an aguante of 3."""
    table = facing(http, sheet("Boris", damage_die="HIGH"), sheet("Bandido"), [4, 3, 2, 5, 3, 3, 1])
    ace = {"count": 1, "reason": "a barrel dropped from the roof [002:1173]"}
    call = open_roll("c1", readings=[reading("attack", "HIGH")], difficulty=None, aces=[ace])
    table.command("gm", "/portal/rolls", call)
    table.command("p1", "/portal/rolls/reroll", reroll(4, "basic", 2, "ace"))
    settle(table, "p1", 4)
    defence = open_roll("c2", readings=defence_and_aguante("HIGH"), difficulty=None)
    table.command("gm", "/portal/rolls", defence)
    settle(table, "p2", 6)
    dropped = weapon("a barrel from the roof", weight="dropped")
    table.command("gm", "/portal/combats/strikes", {**strike(4, 6), "weapon": dropped})
    for who in SEATS:
        hit = blow(table, who)
        assert (hit["weapon"]["dice"], hit["weapon"]["damage_aces"]) == (["HIGH"], 1), who
        assert (hit["strike"]["attack"], hit["damage"]["total"], hit["through"]) == (5, 7, 4)
    bandido = ok(table.get("p2", "/characters/c2"))
    assert (bandido["discomfort"], bandido["wound"]) == (2, 1)
