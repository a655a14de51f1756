"""PORTAL's costs paid at the table over real HTTP, by separate seats: a contender in the
critical state acting once more at its price [002:590, 599-601, 1281], a spell's elements paid
from the caster's sheet before its roll [002:1604], and a principal NPC paying what costs a
protagonist luck or character points with its pool or its harm (Errata [002:649]).

Faces come from the table's public `scripted_rolls`, in the order the dice are thrown (see
`tests/test_api_portal.py`); a combat's direction die comes first."""

from __future__ import annotations

from typing import Any

import httpx

from tests.api_helpers import ok
from tests.dice_http import SEATS, Table, new_table
from tests.portal_tables import brawl, settle
from tests.test_api_portal import character, http, open_roll, reading, reroll, sheet
from tests.test_api_portal_combat import (
    EXCHANGE,
    OPENING,
    advance,
    attack_roll,
    defence_roll,
    refused,
    strike,
)

__all__ = ["http"]  # the module's HTTP client fixture

ACTIONS = "/portal/combats/critical/actions"


def act(action: str, character_id: str = "c2") -> dict[str, Any]:
    return {"combat": 1, "character": character_id, "action": action, "reason": "he crawls"}


def sven_critical(http: httpx.Client, last: list[int], seat: str = "p2", **sven: Any) -> Table:
    """P18's exchange [002:1153]: Brunak's axe leaves Sven 3 and 3 with 5 points unabsorbed;
    Sven's last aguante roll (`last`, its HIGH die) settled by his player (`seat`)."""
    table = new_table(http, "portal", OPENING + EXCHANGE + last)
    character(table, "p1", sheet("Brunak", discomfort=1))
    character(table, seat, sheet("Sven", discomfort=1, wound=1, **sven))
    brawl(table, "a tavern", seat, reflex_points=1)
    advance(table, 2)
    table.command("gm", "/portal/rolls", attack_roll("c1"))
    table.command("gm", "/portal/rolls", defence_roll("c2"))
    settle(table, "p1", 4)
    settle(table, seat, 5)
    table.command("gm", "/portal/combats/strikes", strike(4, 5))
    # the last aguante roll is due before anything more is done
    assert refused(table, "gm", ACTIONS, act("minimal")) == (409, "critical_due")
    aguante = open_roll("c2", readings=[reading("aguante", "HIGH", aguante=True)], difficulty=None)
    table.command("gm", "/portal/rolls", aguante)
    table.command(seat, "/portal/combats/critical", {"combat": 1, "roll": 6, "payments": []})
    return table


def sven(table: Table, who: str) -> dict[str, Any]:
    seen: dict[str, Any] = ok(table.get(who, "/characters/c2"))
    return seen


def test_conscious_past_the_limit_a_minimal_action_costs_luck_a_normal_one_a_point(
    http: httpx.Client,
) -> None:
    """[002:1281]: Sven's last aguante roll, 6, is above the 5 unabsorbed points: conscious,
    he may whisper and crawl for a luck die each, attack or flee for a character point each
    [002:590]. Only the game master lets him; a last heroic action is for the unconscious
    [002:601]; his points run out. The dice are the table's, the points his player's."""
    table = sven_critical(http, [6, 5, 1, 2, 2, 2, 3, 3, 3], points={"in_hand": 1})
    assert table.log("p1", "portal.CriticalStateRolled")[0]["data"]["critical"]["state"] == (
        "conscious"
    )
    assert refused(table, "p2", ACTIONS, act("minimal")) == (403, "not_game_master")
    assert refused(table, "gm", ACTIONS, act("heroic")) == (409, "wrong_critical_state")
    table.command("gm", ACTIONS, act("minimal"))
    table.command("gm", ACTIONS, act("normal"))
    assert refused(table, "gm", ACTIONS, act("normal")) == (409, "not_enough_points")
    for who in SEATS:
        minimal, normal = (e["data"] for e in table.log(who, "portal.CriticalActionTaken"))
        assert (minimal["action"], minimal["luck_held"], minimal["luck_lost"]) == (
            "minimal",
            2,
            1,
        )
        assert (normal["action"], normal["state"]) == ("normal", "conscious")
        own = who in ("gm", "p2")
        assert minimal["paid_with"] == ("luck" if own else None), who
        assert normal["paid_with"] == ("points" if own else None), who
        assert normal["points"] == ({"in_hand": 0, "reserve": 0} if own else None), who
        seen = sven(table, who)
        assert (seen["luck_held"], seen["discomfort"], seen["wound"]) == (2, 3, 3), who


def test_a_last_heroic_action_costs_a_point_and_unstabilises(http: httpx.Client) -> None:
    """[002:599-601]: Sven's last aguante roll, 5, equals the 5 unabsorbed points: unconscious
    and stabilised [002:1279]. No minimal or normal action then; a last heroic one for a
    character point, with 3 discomfort and 3 wound dice, leaves him unstabilised: no second
    one."""
    table = sven_critical(http, [5, 5, 1, 2, 2, 2, 3, 3, 3], points={"in_hand": 2})
    assert refused(table, "gm", ACTIONS, act("minimal")) == (409, "wrong_critical_state")
    assert refused(table, "gm", ACTIONS, act("heroic", "c1")) == (409, "not_critical")
    table.command("gm", ACTIONS, act("heroic"))
    for who in SEATS:
        (heroic,) = (e["data"] for e in table.log(who, "portal.CriticalActionTaken"))
        assert (heroic["state"], heroic["discomfort"], heroic["wound"]) == ("unstabilised", 3, 3)
    assert sven(table, "p2")["points"]["in_hand"] == 1
    assert refused(table, "gm", ACTIONS, act("heroic")) == (409, "wrong_critical_state")


def test_a_principal_npc_in_the_critical_state_pays_with_his_pool_not_his_full_harm(
    http: httpx.Client,
) -> None:
    """Errata [002:649] with [002:1281]: Sven as a principal NPC, conscious past the limit.
    Paying with harm, holding 3 and 3 [002:312], he has no room for the wound die a point
    costs; paying from a pool, the pool pays, seen by the game master only."""
    last = [6, 5, 1, 2, 2, 2, 3, 3, 3]
    npc = {"kind": "principal", "luck_held": 0}
    harm = sven_critical(http, last, "gm", npc_pool={"pays_with": "harm"}, **npc)
    assert refused(harm, "gm", ACTIONS, act("normal")) == (409, "dice_full")
    pool = {"pays_with": "pool", "pool": 1, "purpose": "a last stand"}
    table = sven_critical(http, last, "gm", npc_pool=pool, **npc)
    table.command("gm", ACTIONS, act("normal"))
    for who in SEATS:
        (normal,) = (e["data"] for e in table.log(who, "portal.CriticalActionTaken"))
        own = who == "gm"
        assert (normal["paid_with"], normal["pool"]) == (("pool", 0) if own else (None, None))
    assert refused(table, "gm", ACTIONS, act("minimal")) == (409, "not_enough_luck")


# -- a spell's elements -------------------------------------------------------------------------


def spell(**paid: int) -> dict[str, Any]:
    return {
        "rank": 1,
        "purpose": "cast",
        "competent": False,
        "required": 3,
        "missing": 0,
        "paid": paid,
        "reason": "a ward: luck, a discomfort die and a point",
    }


def cast(character_id: str, the_spell: dict[str, Any], **call: Any) -> dict[str, Any]:
    return {
        **open_roll(character_id, readings=[reading("ward", "LOW")], difficulty=None, **call),
        "spell": the_spell,
    }


def test_a_spells_elements_are_paid_before_its_roll(http: httpx.Client) -> None:
    """[002:1604] "El pago deberá efectuarse antes de realizar la correspondiente tirada": a
    rank 1 ward [002:1608], three elements required: a luck die, a discomfort die and a
    character point, paid from Ann's sheet before her roll, which throws the discomfort die
    she now holds (3 basic dice and 1 discomfort). The payment is the table's (her dice),
    the point her player's; the blind roll's casting stays hidden from her. More kinds than
    the elements required, or a competent mage's free rank 0 [002:1606], are refused."""
    table = new_table(http, "portal", [5, 4, 3, 2])
    character(table, "p1", sheet("Ann", points={"in_hand": 2}))
    too_many = spell(luck=1, discomfort=1, points=1, wound=1)
    answer = table.post("gm", "/portal/spells", cast("c1", too_many))
    assert (answer.status_code, answer.json()["code"]) == (422, "invalid_spell")
    free = {**spell(luck=1), "rank": 0, "competent": True, "required": 1}
    answer = table.post("gm", "/portal/spells", cast("c1", free))
    assert (answer.status_code, answer.json()["code"]) == (422, "invalid_spell")
    paid = spell(luck=1, discomfort=1, points=1)
    number = table.command("gm", "/portal/spells", cast("c1", paid, visibility="blind"))["roll"]
    types = [e["type"] for e in table.log("gm", "portal.SpellPaid", "DiceRolled")]
    assert types == ["portal.SpellPaid", "DiceRolled"]  # paid before the dice
    for who in SEATS:
        (payment,) = (e["data"] for e in table.log(who, "portal.SpellPaid"))
        assert payment["elements"] == {"luck": 1, "discomfort": 1, "wound": 0}, who
        assert (payment["luck_held"], payment["luck_lost"], payment["discomfort"]) == (2, 1, 1)
        own = who in ("gm", "p1")
        assert payment["points_paid"] == (1 if own else None), who
        assert payment["points"] == ({"in_hand": 1, "reserve": 0} if own else None), who
        seen = ok(table.get(who, "/characters/c1"))
        assert (seen["luck_held"], seen["discomfort"]) == (2, 1), who
    (thrown,) = table.log("gm", "DiceRolled")
    assert len(thrown["data"]["dice"]) == 4  # 3 basic dice and the discomfort die paid
    (casting,) = table.log("gm", "portal.SpellCast")
    assert (casting["data"]["roll"], casting["data"]["difficulty"]) == (number, 3)
    assert [e["data"] for e in table.log("p1", "portal.SpellCast")] in ([], [None])


def test_a_payment_the_roll_cannot_follow_is_refused_whole(http: httpx.Client) -> None:
    """The roll is thrown from the sheet the payment leaves: Ann, holding 1 luck die, pays it
    for the spell and cannot add it to the roll too [002:322]: refused, nothing paid."""
    table = new_table(http, "portal", [5, 4, 3, 2])
    character(table, "p1", sheet("Ann", luck_held=1, points={"in_hand": 2}))
    answer = table.post("gm", "/portal/spells", cast("c1", spell(luck=1), luck=1))
    assert answer.status_code == 422
    assert table.log("gm", "portal.SpellPaid") == []
    assert ok(table.get("p1", "/characters/c1"))["luck_held"] == 1


# -- a principal NPC pays with its pool or its harm (Errata [002:649]) ---------------------------


def test_a_principal_npc_pays_a_spell_with_his_harm_or_his_pool(http: httpx.Client) -> None:
    """[002:647-651] and the Errata: "LOS PERSONAJES PRINCIPALES NO PUEDEN EMPLEAR DADOS DE
    SUERTE NI PUNTOS DE PERSONAJE"; the game master decides at creation whether they pay
    such uses from a pool kept to its purpose (Markus's 6 for spells [002:651]) or with
    discomfort and wound dice. Markus, paying with harm, pays a luck die as a discomfort die
    and a point as a wound die [002:1608-1612]; Morgana spends 2 of her pool of 6. How each
    paid is the game master's; the dice are the table's."""
    table = new_table(http, "portal", [5, 4, 3, 2, 1, 5, 4, 3])
    harm = {"pays_with": "harm"}
    pool = {"pays_with": "pool", "pool": 6, "purpose": "spells"}
    character(table, "gm", sheet("Markus", kind="principal", luck_held=0, npc_pool=harm))
    character(table, "gm", sheet("Morgana", kind="principal", luck_held=0, npc_pool=pool))
    both = {**spell(luck=1, points=1), "required": 2}
    table.command("gm", "/portal/spells", cast("c1", both))
    table.command("gm", "/portal/spells", cast("c2", {**both, "paid": {"luck": 2}}))
    for who in SEATS:
        markus, morgana = (e["data"] for e in table.log(who, "portal.SpellPaid"))
        assert (markus["discomfort"], markus["wound"], markus["luck_held"]) == (1, 1, 0), who
        assert (morgana["discomfort"], morgana["wound"]) == (0, 0), who
        own = who == "gm"
        assert (markus["luck_with"], markus["points_with"]) == (
            ("harm", "harm") if own else (None, None)
        ), who
        assert morgana["pool"] == (4 if own else None), who
    assert ok(table.get("gm", "/characters/c2"))["npc_pool"]["pool"] == 4


def test_a_principal_npc_buys_an_ace_and_spends_points_as_his_sheet_says(
    http: httpx.Client,
) -> None:
    """Errata [002:649]: what a point buys [002:584-589] a principal NPC pays as the game
    master set: Morgana's pool pays an ace after her roll (its reroll as any); Markus, paying
    with harm, takes a wound die for a background detail, but buys no ace while his roll is
    open (the roll is settled against the dice it was thrown with); an NPC with neither
    spends no points [002:647]."""
    table = new_table(http, "portal", [5, 4, 2, 6])
    harm = {"pays_with": "harm"}
    pool = {"pays_with": "pool", "pool": 1, "purpose": "fencing manoeuvres"}
    character(table, "gm", sheet("Morgana", kind="principal", luck_held=0, npc_pool=pool))
    character(table, "gm", sheet("Markus", kind="principal", luck_held=0, npc_pool=harm))
    character(table, "gm", sheet("Otto", kind="principal", luck_held=0))
    table.command("gm", "/portal/rolls", open_roll("c1"))
    table.command("gm", "/portal/rolls/reroll", reroll(1, "basic", 2, "point"))
    for who in SEATS:
        (ace,) = (e["data"] for e in table.log(who, "portal.DieRerolled"))
        assert (ace["old"], ace["new"], ace["points"]) == (2, 6, None), who
        assert ace["pool"] == (0 if who == "gm" else None), who
    assert refused(table, "gm", "/portal/rolls/reroll", reroll(1, "basic", 1, "point")) == (
        409,
        "not_enough_points",
    )
    specialty = {"points": 1, "use": "background", "reason": "an old duel"}
    table.command("gm", "/portal/points/spend", {"character": "c2", **specialty})
    (spent,) = (e["data"] for e in table.log("p1", "portal.PointsSpent"))
    assert (spent["character"], spent["wound"]) == ("c2", 1)
    assert ok(table.get("p1", "/characters/c2"))["wound"] == 1
    assert refused(table, "gm", "/portal/points/spend", {"character": "c3", **specialty}) == (
        409,
        "principal_npc",
    )
    markus = table.command("gm", "/portal/rolls", open_roll("c2"))["roll"]
    assert refused(table, "gm", "/portal/rolls/reroll", reroll(markus, "basic", 0, "point")) == (
        409,
        "roll_open",
    )
