"""PORTAL's units and rites over real HTTP, by separate seats: a unit stacked by
`portalStackUnit` kept for the fight that names it, its members attacked one by one with
their own die, a protagonist leading one [002:1371-1419]; several casters sharing a rank 3
rite's cost [002:1614].

Faces come from the table's public `scripted_rolls`, in the order the dice are thrown: a
combat's direction die, each roll's 3 basic dice, a turn die, a unit's dice in member order.
"""

from __future__ import annotations

from typing import Any

import httpx

from tests.api_helpers import ok
from tests.dice_http import SEATS, new_table
from tests.portal_tables import BRIGAND, last, settle
from tests.test_api_portal import character, http, open_roll, reading, sheet
from tests.test_api_portal_combat import attack_roll, refused
from tests.test_api_portal_supporting import (
    CITIZEN,
    COLMILLO,
    attack,
    clash,
    defence_roll,
    defend,
    fight,
)

__all__ = ["http"]  # the module's HTTP client fixture

STACK = "/portal/supporting/stack"
CLASH = "/portal/supporting/clash"


def test_a_kept_attack_unit_is_named_by_a_later_clash_and_spent_by_it(
    http: httpx.Client,
) -> None:
    """P27 kept [002:1401-1411]: the leader's turn die 4 (-1: Attack 3, Damage 1), its six
    members' 3, 2, 1, 4, 5, 6: Attack 9, Damage 4, kept under the stack's roll 2. Each
    member's die is its own turn die [002:1415-1417]: the wolf that rolled 4 defends alone
    at 3 - 1 = 2 against a citizen's Attack 3 (excess 1 + Damage 3 - Aguante 4 - 1 = 1 off
    its G). The clash naming the kept unit throws no dice: 9 against the citizen's Defence
    3, 6 + 4 - 3 = 7 through; the unit is spent by its one attack [002:1379]."""
    table = new_table(http, "portal", [4, 3, 2, 1, 4, 5, 6])
    for _ in range(7):
        table.command("gm", "/portal/supporting", COLMILLO)
    table.command("gm", "/portal/supporting", CITIZEN)
    table.command("gm", "/portal/supporting", CITIZEN)
    table.command("gm", "/portal/supporting/turn", {"supporting": "s1"})
    pack = {"purpose": "attack", "leader": "s1", "members": [f"s{n}" for n in range(2, 8)]}
    assert refused(table, "p1", STACK, pack) == (403, "not_game_master")
    table.command("gm", STACK, pack)
    table.command("gm", CLASH, clash("s8", "s5"))
    alone = last(table, "p2", "SupportingClashed")
    assert (alone["defence"], alone["aguante"], alone["through"]) == (2, 3, 1)
    assert alone["roll"] is None
    kept = {**clash("s1", "s8"), "attack_kept": 2}
    assert refused(table, "gm", CLASH, {**kept, "attack_unit": ["s2"]}) == (422, "invalid_stack")
    assert refused(table, "gm", CLASH, {**clash("s8", "s1"), "defence_kept": 2}) == (
        422,
        "invalid_stack",
    )
    table.command("gm", CLASH, kept)
    for who in SEATS:
        blow = last(table, who, "SupportingClashed")
        assert (blow["attack"], blow["damage"], blow["defence"]) == (9, 4, 3), who
        assert (blow["excess"], blow["through"], blow["out"]) == (6, 7, True)
        unit = blow["attack_unit"]
        assert (unit["stacked"], unit["totals"], unit["reflexes"]) == (
            2,
            {"attack": 9, "damage": 4},
            1.5,
        )
        assert [m["face"] for m in unit["members"]] == [3, 2, 1, 4, 5, 6]
        assert blow["roll"] is None  # no die thrown: the unit's were, at roll 2
    assert refused(table, "gm", CLASH, {**kept, "target": "s9"}) == (404, "unknown_unit")


def test_a_secret_units_dice_keep_it_out_of_a_public_fight(http: httpx.Client) -> None:
    """A unit stacked where only the game master sees its dice is not used (nor its members
    attacked one by one) until they are revealed: the fight would tell them."""
    table = new_table(http, "portal", [3, 3])
    for _ in range(3):
        table.command("gm", "/portal/supporting", COLMILLO)
    pack = {"purpose": "attack", "leader": "s1", "members": ["s2"], "visibility": "gm"}
    table.command("gm", STACK, pack)
    assert refused(table, "gm", CLASH, {**clash("s1", "s3"), "attack_kept": 1}) == (
        409,
        "roll_secret",
    )
    assert refused(table, "gm", CLASH, clash("s3", "s2")) == (409, "roll_secret")
    table.command("gm", "/rolls/reveal", {"rolls": [1], "reason": "the pack shows"})
    table.command("gm", CLASH, {**clash("s1", "s3"), "attack_kept": 1})
    blow = last(table, "p1", "SupportingClashed")
    assert (blow["attack"], blow["damage"]) == (8, 4)


def test_sombra_leads_colmillo_for_her_attack_and_her_defence_until_his_next_turn(
    http: httpx.Client,
) -> None:
    """P26 with kept units: Sombra (c1) leads Colmillo; stacked for her attack his 3 (his G)
    adds his whole Attack 4 and Damage 2 to her roll's results at the fight: 3 + 4 = 7
    against the brigand's Defence 5, 2 + 3 + 2 = 7 past Aguante 5 [002:1389-1395]. Stacked
    again for her defence, his 3 adds his Defence 3: 4 + 3 = 7, the brigand's Attack 5
    avoided twice with the one unit; his next turn die ends it."""
    table = fight(http, "Sombra", [3, 2, 2, 3, 4, 3, 2, 3, 4, 3, 2, 5, 4, 3, 2])
    table.command("gm", "/portal/supporting", BRIGAND)
    table.command("gm", "/portal/supporting", COLMILLO)
    table.command("gm", "/portal/rolls", attack_roll("c1"))
    settle(table, "p1", 4)
    table.command("gm", STACK, {"purpose": "attack", "leader": "c1", "members": ["s2"]})
    stacked = last(table, "p2", "UnitStacked")
    assert (stacked["leader"], stacked["totals"], stacked["reflexes"]) == (
        "c1",
        {"attack": 4, "damage": 2},
        2.5,
    )
    assert stacked["members"] == [
        {"supporting": "s2", "face": 3, "added": {"attack": 4, "damage": 2}, "modifier": 0}
    ]
    table.command("gm", "/portal/supporting/defend", {**defend(4, "s1"), "attack_kept": 5})
    for who in SEATS:
        blow = last(table, who, "SupportingDefended")
        assert blow["attack_unit"]["totals"] == {"attack": 7, "damage": 2}, who
        assert (blow["strike"]["outcome"], blow["damage_total"]) == ("hit", 7)
        assert (blow["through"], blow["generic"]) == (2, 3)
    table.command("gm", "/portal/rolls", defence_roll("c1"))
    settle(table, "p1", 6)
    table.command("gm", STACK, {"purpose": "defence", "leader": "c1", "members": ["s2"]})
    for number in (1, 2):
        if number == 2:  # a second defence roll, 4, 3, 2 again: the unit still stands
            table.command("gm", "/portal/rolls", defence_roll("c1"))
            settle(table, "p1", 8)
        table.command(
            "gm",
            "/portal/supporting/attack",
            {**attack("s1", 6 if number == 1 else 8), "defence_kept": 7},
        )
        blow = last(table, "p1", "SupportingAttacked")
        assert (blow["attack"], blow["defence"], blow["hit"]) == (5, 7, False)
        assert blow["defence_unit"]["stacked"] == 7
    table.command("gm", "/portal/supporting/turn", {"supporting": "s2"})
    table.command("gm", "/portal/rolls", defence_roll("c1"))
    settle(table, "p1", 10)
    assert refused(
        table, "gm", "/portal/supporting/attack", {**attack("s1", 10), "defence_kept": 7}
    ) == (404, "unknown_unit")
    assert ok(table.get("p2", "/characters/c1"))["discomfort"] == 0


# -- several casters sharing a rank 3 rite's cost [002:1614] -----------------------------------


def rite(caster: str, sharing: list[dict[str, Any]], rank: int = 3) -> dict[str, Any]:
    """A rite of `rank` (4 elements, none missing) Ann calls, paying 2 points herself."""
    the_spell = {
        "rank": rank,
        "purpose": "cast",
        "competent": True,
        "required": 4,
        "missing": 0,
        "paid": {"points": 2},
        "sharing": sharing,
        "reason": "the gate: points, wound dice, three days, a dragon's eye",
    }
    return {
        **open_roll(caster, readings=[reading("rite", "HIGH")], difficulty=None),
        "spell": the_spell,
    }


def test_several_casters_share_a_rank_three_rites_cost(http: httpx.Client) -> None:
    """[002:1614] "la colaboración de varios hechiceros, el sacrificio conjunto de Puntos de
    Personaje y Dados de Heridas": Ann calls a rank 3 rite (difficulty 5) and pays 2 points;
    Bob shares its cost, a point and a wound die from his own sheet. Both payments are
    recorded before the roll's dice, Bob's naming Ann's rite; the dice are the table's, the
    points each player's and the game master's. Shared below rank 3, by the caster herself,
    for nothing, or by a caster whose roll is open: refused."""
    table = new_table(http, "portal", [5, 4, 3, 2, 2, 2])
    character(table, "p1", sheet("Ann", points={"in_hand": 2}))
    character(table, "p2", sheet("Bob", points={"in_hand": 3}))
    bob = {"character": "c2", "paid": {"points": 1, "wound": 1}}
    for wrong in (
        rite("c1", [bob], rank=2),
        rite("c1", [{**bob, "character": "c1"}]),
        rite("c1", [{**bob, "paid": {}}]),
    ):
        assert refused(table, "gm", "/portal/spells", wrong) == (422, "invalid_spell")
    assert refused(table, "p1", "/portal/spells", rite("c1", [bob])) == (403, "not_game_master")
    table.command("gm", "/portal/spells", rite("c1", [bob]))
    types = [e["type"] for e in table.log("gm", "portal.SpellPaid", "DiceRolled")]
    assert types == ["portal.SpellPaid", "portal.SpellPaid", "DiceRolled"]
    for who in SEATS:
        ann, shared = (e["data"] for e in table.log(who, "portal.SpellPaid"))
        assert (ann["character"], ann["rite_of"]) == ("c1", None), who
        assert (shared["character"], shared["rite_of"]) == ("c2", "c1"), who
        assert (shared["elements"]["wound"], shared["wound"]) == (1, 1), who
        assert shared["points_paid"] == (1 if who in ("gm", "p2") else None), who
        assert ann["points_paid"] == (2 if who in ("gm", "p1") else None), who
        (casting,) = (e["data"] for e in table.log(who, "portal.SpellCast"))
        assert (casting["rank"], casting["difficulty"]) == (3, 5), who
    (thrown,) = table.log("gm", "DiceRolled")
    assert len(thrown["data"]["dice"]) == 3  # Ann's roll: Bob's wound die is his
    assert ok(table.get("p2", "/characters/c2"))["points"] == {"in_hand": 2, "reserve": 0}
    assert ok(table.get("p1", "/characters/c2"))["wound"] == 1
    table.command("gm", "/portal/rolls", open_roll("c2", readings=[reading("ward", "LOW")]))
    answer = rite("c1", [{**bob, "paid": {"wound": 1}}])
    answer["spell"]["paid"] = {}
    assert refused(table, "gm", "/portal/spells", answer) == (409, "roll_open")


# -- a partly applicable Fortaleza's once-per-adventure rerolls [002:492] ------------------------

REROLL = "/portal/rolls/reroll"
SETTLE = "/portal/rolls/settle"


def stone(**extra: Any) -> dict[str, Any]:
    """A stone thrown: Disparar ruled partly applicable [002:496]."""
    partly = {"name": "Disparar", "reason": "a stone: trajectory and distance, not a rifle"}
    return open_roll("c1", partial=partly, **extra)


def test_a_partly_applicable_fortaleza_spreads_its_rerolls_over_the_adventure(
    http: httpx.Client,
) -> None:
    """[002:492-496] "puede escoger permitir emplear las repeticiones que otorga dicha
    Fortaleza una sola vez durante toda la aventura. Dichas repeticiones se podrían repartir
    en distintas tiradas": Disparar 2 ruled partly applicable to a stone thrown gives 2
    rerolls for the whole adventure. The first stone uses one (its entitlement 2, from the
    `adventure` source), the second has the one left and uses it, the third has none.
    Applied in full and partly at once, refused; the pool is the player's and the game
    master's as the roll is (public here). At the adventure's end it is whole again."""
    disparar = [{"name": "Disparar", "level": 2, "frequency": "moderate"}]
    table = new_table(http, "portal", [1, 3, 3, 5, 1, 3, 3, 6])
    character(table, "p1", sheet("Ann", fortalezas=disparar, points={"in_hand": 5}))
    both = stone(fortalezas=[{"name": "Disparar", "reason": "a rifle"}])
    assert refused(table, "gm", "/portal/rolls", both) == (422, "invalid_fortalezas")
    table.command("gm", "/portal/rolls", stone())
    for who in SEATS:
        (opened,) = (e["data"] for e in table.log(who, "portal.RollOpened"))
        assert opened["entitlement"]["adventure"] == 2, who
        assert opened["partial"] == {
            "name": "Disparar",
            "level": 2,
            "reason": "a stone: trajectory and distance, not a rifle",
        }, who
    table.command(
        "p1", REROLL, {"roll": 1, "die": {"kind": "basic", "index": 0}, "source": "adventure"}
    )
    table.command("p1", SETTLE, {"roll": 1, "payments": []})
    table.command("gm", "/portal/rolls", stone())
    second = table.log("p2", "portal.RollOpened")[-1]["data"]
    assert second["entitlement"]["adventure"] == 1
    table.command(
        "p1", REROLL, {"roll": 3, "die": {"kind": "basic", "index": 0}, "source": "adventure"}
    )
    assert refused(
        table,
        "p1",
        REROLL,
        {"roll": 3, "die": {"kind": "basic", "index": 1}, "source": "adventure"},
    ) == (409, "no_reroll_left")
    table.command("p1", SETTLE, {"roll": 3, "payments": []})
    assert refused(table, "gm", "/portal/rolls", stone()) == (409, "no_reroll_left")
    end = {
        "character": "c1",
        "improvement": "acquire_drive",
        "name": "revenge",
        "at_adventure_end": True,
        "approval": "the adventure is over",
    }
    table.command("gm", "/portal/advancement", end)
    table.command("gm", "/portal/rolls", stone())
    assert table.log("p1", "portal.RollOpened")[-1]["data"]["entitlement"]["adventure"] == 2


# -- the damage's and aguante's rerolls once the attack or defence is fixed [002:1096] ---------

FIX = "/portal/rolls/fix"


def axe_roll(table: Any, level: int, aces: int) -> None:
    """Brunak's attack roll, read as attack (HIGH) and damage (MID): Hachas `level` on the
    attack, `aces` aces on the damage once the attack is fixed."""
    hachas = [{"name": "Hachas", "level": level, "frequency": "moderate"}]
    character(table, "p1", sheet("Brunak", fortalezas=hachas))
    later = {"fortalezas": [], "aces": [{"count": aces, "reason": "a heavy blade"}]}
    call = open_roll(
        "c1",
        readings=[reading("attack", "HIGH"), reading("damage", "MID")],
        difficulty=None,
        fortalezas=[{"name": "Hachas", "reason": "an axe"}],
        later=later,
    )
    table.command("gm", "/portal/rolls", call)


def die(roll: int, index: int, source: str) -> dict[str, Any]:
    return {"roll": roll, "die": {"kind": "basic", "index": index}, "source": source}


def test_the_damages_aces_reroll_once_the_attack_is_fixed_and_leave_it_be(
    http: httpx.Client,
) -> None:
    """[002:1096] "Las Fortalezas o Ases en la Manga que afecten al Daño o al Aguante
    permiten repetir dados una vez se ha contabilizado el resultado de Ataque o Defensa":
    Brunak's 2, 3, 4; Hachas rerolls the 2 to a 5 (attack HIGH 5, damage MID 4). The
    damage's aces wait for the attack to be fixed; fixed at 5, they reroll the pool the
    first stage left: the 5 to a 2 (the attack stays 5, the damage reads 3), the 3 to a 5
    (damage 4). The Fortaleza's unused level is gone with its stage (`late_reroll_cap`
    shared: its one reroll made counts). Fixed once; the settlement reads the attack fixed."""
    table = new_table(http, "portal", [2, 3, 4, 5, 2, 5])
    axe_roll(table, level=2, aces=2)
    assert refused(table, "p1", REROLL, die(1, 0, "ace")) == (409, "no_reroll_left")
    table.command("p1", REROLL, die(1, 0, "fortaleza"))
    assert refused(table, "p2", FIX, {"roll": 1}) == (403, "not_your_seat")
    table.command("p1", FIX, {"roll": 1})
    for who in SEATS:
        (fixed,) = (e["data"] for e in table.log(who, "portal.RollFixed"))
        assert (fixed["fixed"]["name"], fixed["fixed"]["result"]) == ("attack", 5), who
        entitled = fixed["entitlement"]
        assert (entitled["fortaleza"], entitled["aces"]) == (1, 2), who
        assert len(fixed["carried"]) == 1
    assert refused(table, "p1", FIX, {"roll": 1}) == (409, "roll_fixed")
    assert refused(table, "p1", REROLL, die(1, 1, "fortaleza")) == (409, "no_reroll_left")
    table.command("p1", REROLL, die(1, 0, "ace"))
    table.command("p1", REROLL, die(1, 1, "ace"))
    table.command("p1", SETTLE, {"roll": 1, "payments": []})
    for who in SEATS:
        settled = table.log(who, "portal.RollSettled")[-1]["data"]
        assert [r["result"] for r in settled["result"]["readings"]] == [5, 4], who
    # a roll with nothing on its damage or aguante has no second stage
    table.command("gm", "/portal/rolls", open_roll("c1"))
    assert refused(table, "p1", FIX, {"roll": 5}) == (409, "no_reroll_left")


def test_the_cap_of_five_rerolls_counts_both_stages_unless_the_table_says_separate(
    http: httpx.Client,
) -> None:
    """GAP `late_reroll_cap` [002:514, 1096]: Hachas 5 makes the first stage's 5 rerolls;
    the damage's ace then is refused by default ("shared": 5 in the roll), and allowed
    under "separate" (the second stage has 5 of its own)."""
    for cap, allowed in (("shared", False), ("separate", True)):
        options = {} if cap == "shared" else {"late_reroll_cap": cap}
        table = new_table(http, "portal", [2, 3, 4, 2, 2, 2, 2, 2, 3], **options)
        axe_roll(table, level=5, aces=1)
        for _ in range(5):
            table.command("p1", REROLL, die(1, 0, "fortaleza"))
        table.command("p1", FIX, {"roll": 1})
        if allowed:
            table.command("p1", REROLL, die(1, 1, "ace"))
            (after,) = table.log("p2", "portal.RollFixed")
            assert after["data"]["carried"] == []
        else:
            assert refused(table, "p1", REROLL, die(1, 1, "ace")) == (409, "too_many_rerolls")


# -- drives ruled, thorns driven in, striking and solved [002:548-566, 615-633] ----------------

DRIVES = "/portal/drives/rulings"


def ruling(scope: str, fulfilled: bool, consequence: str, **extra: Any) -> dict[str, Any]:
    return {
        "character": "c1",
        "drive": "fame",
        "scope": scope,
        "fulfilled": fulfilled,
        "consequence": consequence,
        "reason": "on television",
        **extra,
    }


def test_a_drives_fulfilment_and_failure_as_the_book_grades_them(http: httpx.Client) -> None:
    """[002:556-562]: "Obtener fama" (Ann's drive). Significant: fulfilled, a lost luck die
    back or a discomfort die removed; failed, a discomfort die. Vital: fulfilled, character
    points (one or more); failed, a wound die or a thorn (a bad review). Each consequence is
    its own event; the drive and the reason are her player's and the game master's."""
    table = new_table(http, "portal", [])
    drives = {"names": ["fame"]}
    ann = sheet("Ann", drives=drives, luck_held=2, luck_lost=1, discomfort=1)
    character(table, "p1", ann)
    assert refused(table, "p1", DRIVES, ruling("significant", True, "luck")) == (
        403,
        "not_game_master",
    )
    for wrong in (
        ruling("significant", True, "points"),
        ruling("vital", False, "discomfort"),
        ruling("vital", False, "wound", thorn={**THORN}),
        ruling("significant", True, "luck", points=2),
    ):
        assert refused(table, "gm", DRIVES, wrong) == (422, "invalid_drive")
    assert refused(table, "gm", DRIVES, ruling("vital", True, "points", drive="gold")) == (
        409,
        "unknown_drive",
    )
    table.command("gm", DRIVES, ruling("significant", True, "luck"))
    table.command("gm", DRIVES, ruling("significant", True, "remove_discomfort"))
    table.command("gm", DRIVES, ruling("significant", False, "discomfort"))
    table.command("gm", DRIVES, ruling("vital", True, "points", points=2))
    table.command("gm", DRIVES, ruling("vital", False, "wound"))
    table.command("gm", DRIVES, ruling("vital", False, "thorn", thorn=THORN))
    kinds = ["DriveRuled", "LuckRestored", "DiceRemoved", "DiceGiven", "PointsAwarded"]
    for who in SEATS:
        ruled = [e["data"] for e in table.log(who, "portal.DriveRuled")]
        assert [r["consequence"] for r in ruled] == [
            "luck",
            "remove_discomfort",
            "discomfort",
            "points",
            "wound",
            "thorn",
        ], who
        own = who in ("gm", "p1")
        assert {r["drive"] for r in ruled} == ({"fame"} if own else {None}), who
        assert ruled[0]["reason"] == ("on television" if own else None), who
        types = [e["type"] for e in table.log(who, *(f"portal.{k}" for k in kinds))]
        assert types[:2] == ["portal.DriveRuled", "portal.LuckRestored"], who
        (awarded,) = (e["data"] for e in table.log(who, "portal.PointsAwarded"))
        assert awarded["amount"] == (2 if own else None), who
    seen = ok(table.get("p2", "/characters/c1"))
    assert (seen["luck_held"], seen["luck_lost"]) == (3, 0)
    assert (seen["discomfort"], seen["wound"]) == (1, 1)
    assert [t["name"] for t in seen["thorns"]] == ["a bad review"]
    assert ok(table.get("p1", "/characters/c1"))["points"]["in_hand"] == 2


THORN = {"name": "a bad review", "gives": "discomfort", "amount": 1, "every": "each reading"}
TOOTH = {"name": "a bad tooth", "gives": "discomfort", "amount": 2, "every": "each cold drink"}
POISON = {"name": "poison", "gives": "reflex", "amount": 1, "every": "until purged"}


def test_a_thorn_is_driven_in_strikes_on_its_trigger_and_is_solved(http: httpx.Client) -> None:
    """[002:615-627] Débora's tooth: each cold drink gives discomfort dice, here 2 at a time:
    2, then 2 more: the third held, then at 3 one turns into a wound die [002:248]: 2 and 1;
    Vilvis's poison
    lowers every reflex roll and gives no dice when "striking". Solved, the tooth leaves the
    sheet; the dice it gave stay. Every seat sees it all: thorns are on the table."""
    table = new_table(http, "portal", [])
    character(table, "p1", sheet("Débora"))
    thorns = "/portal/thorns"
    body = {"character": "c1", "thorn": TOOTH, "reason": "a cavity"}
    assert refused(table, "p1", thorns, body) == (403, "not_game_master")
    table.command("gm", thorns, body)
    table.command("gm", thorns, {**body, "thorn": POISON, "reason": "a dart"})
    strike = {"character": "c1", "thorn": 0, "reason": "an iced tea"}
    table.command("gm", f"{thorns}/strike", strike)
    table.command("gm", f"{thorns}/strike", strike)
    assert refused(table, "gm", f"{thorns}/strike", {**strike, "thorn": 1}) == (
        422,
        "invalid_thorn",
    )
    assert refused(table, "gm", f"{thorns}/strike", {**strike, "thorn": 2}) == (
        404,
        "unknown_thorn",
    )
    for who in SEATS:
        given = [e["data"] for e in table.log(who, "portal.DiceGiven")]
        assert [(g["discomfort"], g["wound"]) for g in given] == [(2, 0), (2, 1)], who
        struck = [e["data"] for e in table.log(who, "portal.ThornStruck")]
        assert [s["thorn"]["name"] for s in struck] == ["a bad tooth"] * 2, who
    table.command("gm", f"{thorns}/solve", {**strike, "reason": "the dentist"})
    seen = ok(table.get("p2", "/characters/c1"))
    assert [t["name"] for t in seen["thorns"]] == ["poison"]
    assert (seen["discomfort"], seen["wound"]) == (2, 1)
