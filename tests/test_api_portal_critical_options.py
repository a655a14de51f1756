"""PORTAL's table options for the GAPs of the critical state (§2.9.7) over real HTTP, played by
separate seats: whether armour adds its raw die to the last aguante roll [002:1224-1234,
1273-1275] (`critical_roll_armour`); and what a thorn's die past the damage limit does
(`thorn_past_limit`): a new last aguante roll, in the character's combat or out of one, or
nothing.

Faces come from the table's public `scripted_rolls`, in the order the dice are thrown (see
`tests/test_api_portal_combat.py`, whose P18 exchange these tests replay).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import httpx

from tests.api_helpers import ok
from tests.dice_http import SEATS, Table, new_table
from tests.test_api_portal import character, http, open_roll, reading, sheet
from tests.test_api_portal_combat import brunak_against_sven, settle_the_exchange, strike

__all__ = ["http"]  # the module's HTTP client fixture

#: Sven's last aguante roll: 2, 2, 2 (HIGH 2, LOW 2) and his 3 discomfort and 3 wound dice
LAST_ROLL = [2, 2, 2, 2, 2, 2, 3, 3, 3]


def armoured_sven_critical(http: httpx.Client, after: Sequence[int] = (), **options: Any) -> Table:
    """P18's exchange with Sven in light armour: his defence 5, 3, 2 reads aguante 5 plus the
    armour's LOW 2 [002:1226], toughness 7; Brunak's 16 puts 9 points through his 1 discomfort
    and 1 wound die: 3 and 3, 3 unabsorbed [002:1238, 1273]. His last aguante roll is settled;
    `after`: the faces of the rolls that follow."""
    table = brunak_against_sven(http, LAST_ROLL + list(after), sven={"armour": "light"}, **options)
    settle_the_exchange(table)
    table.command("gm", "/portal/combats/strikes", strike(4, 5))
    (blow,) = (e["data"] for e in table.log("p1", "portal.StrikeResolved"))
    assert (blow["toughness"]["armour_die"], blow["toughness"]["total"]) == (2, 7)
    assert (blow["through"], blow["absorption"]["unabsorbed"]) == (9, 3)
    last = open_roll("c2", readings=[reading("aguante", "HIGH", aguante=True)], difficulty=None)
    table.command("gm", "/portal/rolls", last)
    table.command("p2", "/portal/combats/critical", {"combat": 1, "roll": 6, "payments": []})
    return table


def critical_of(table: Table, who: str) -> dict[str, Any]:
    (rolled,) = table.log(who, "portal.CriticalStateRolled")
    critical: dict[str, Any] = rolled["data"]["critical"]
    return critical


def test_the_last_aguante_roll_reads_the_aguante_alone_by_default(http: httpx.Client) -> None:
    """GAP (§2.9.7): by default the last aguante roll is the aguante alone. Sven's HIGH 2 is
    below his 3 unabsorbed points, his light armour's LOW 2 not added: unstabilised, the
    table's default `critical_below`."""
    table = armoured_sven_critical(http)
    for who in SEATS:
        critical = critical_of(table, who)
        assert (critical["aguante"], critical["armour_die"], critical["unabsorbed"]) == (2, 0, 3)
        assert (critical["state"], critical["stabilised"]) == ("unstabilised", False), who
    assert ok(table.get("p1", "/characters/c2"))["dead"] is False


def test_the_last_aguante_roll_adds_the_armour_where_the_table_says_so(
    http: httpx.Client,
) -> None:
    """GAP (§2.9.7): under `critical_roll_armour` `with_armour` the armour adds its raw die
    as to a strike's aguante [002:1226]: Sven's HIGH 2 and his light armour's LOW 2 make 4,
    above his 3 unabsorbed points: conscious and stabilised [002:1281], the worst thorn
    driven in either way [002:1283]."""
    table = armoured_sven_critical(http, critical_roll_armour="with_armour")
    for who in SEATS:
        critical = critical_of(table, who)
        assert (critical["aguante"], critical["armour_die"], critical["unabsorbed"]) == (2, 2, 3)
        assert (critical["state"], critical["stabilised"]) == ("conscious", True), who
    sven = ok(table.get("p1", "/characters/c2"))
    assert (sven["discomfort"], sven["wound"], sven["dead"]) == (3, 3, False)
    assert sven["thorns"][-1]["every"].startswith("10 minutes")


THORN_STRIKES = {"character": "c2", "thorn": 0, "reason": "ten minutes pass"}
#: a last aguante roll of a character holding 3 discomfort and 3 wound dice: HIGH 3
AGUANTE_3 = [3, 2, 2, 4, 4, 4, 5, 5, 5]


def aguante_roll(character_id: str, **extra: Any) -> dict[str, Any]:
    return open_roll(
        character_id, readings=[reading("aguante", "HIGH", True)], difficulty=None, **extra
    )


def test_the_worst_thorns_wound_die_at_three_wound_dice_calls_a_new_last_aguante_roll(
    http: httpx.Client,
) -> None:
    """GAP (§2.9.7), `thorn_past_limit` by default `critical_roll`, the digest's suggestion:
    the worst thorn the critical state drove in strikes, its wound die every 10 minutes
    [002:1283], and Sven holds 3 wound dice already. The die is a point past the limit, as
    absorption counts a point a die [002:1238]: no die given, a new last aguante roll due in
    his combat. His HIGH 3 is above the 1 point: conscious and stabilised [002:1281]; he
    carries the worst thorn already, so no second one is driven in (each would strike and
    call another roll)."""
    table = armoured_sven_critical(http, AGUANTE_3)
    table.command("gm", "/portal/thorns/strike", THORN_STRIKES)
    for who in SEATS:
        (struck,) = table.log(who, "portal.ThornStruck")
        assert (struck["data"]["critical"], struck["data"]["lost"]) == (1, 0), who
    assert table.log("p1", "portal.DiceGiven") == []
    # one last aguante roll at a time: another strike past the limit waits for it
    answer = table.post("gm", "/portal/thorns/strike", THORN_STRIKES)
    assert (answer.status_code, answer.json()["code"]) == (409, "critical_due")
    # in his combat, the combat's own roll: not the one outside a combat
    table.command("gm", "/portal/rolls", aguante_roll("c2"))
    answer = table.post("p2", "/portal/thorns/critical", {"roll": 7, "payments": []})
    assert (answer.status_code, answer.json()["code"]) == (409, "not_critical")
    table.command("p2", "/portal/combats/critical", {"combat": 1, "roll": 7, "payments": []})
    for who in SEATS:
        first, again = (e["data"]["critical"] for e in table.log(who, "portal.CriticalStateRolled"))
        assert (again["aguante"], again["unabsorbed"], again["state"]) == (3, 1, "conscious")
        assert first["thorn"] is not None and again["thorn"] is None, who
    sven = ok(table.get("p1", "/characters/c2"))
    assert (sven["discomfort"], sven["wound"], len(sven["thorns"]), sven["critical"]) == (
        3,
        3,
        1,
        0,
    )


def test_a_thorns_die_past_the_limit_is_lost_where_the_table_says_so(http: httpx.Client) -> None:
    """GAP (§2.9.7), `thorn_past_limit` `lost`: the die has no place to go. The strike is
    recorded, no die given, no roll due, Sven's dice as they were."""
    table = armoured_sven_critical(http, thorn_past_limit="lost")
    table.command("gm", "/portal/thorns/strike", THORN_STRIKES)
    (struck,) = table.log("p1", "portal.ThornStruck")
    assert (struck["data"]["critical"], struck["data"]["lost"]) == (0, 1)
    assert table.log("p1", "portal.DiceGiven") == []
    table.command("gm", "/portal/thorns/strike", THORN_STRIKES)  # nothing due: it strikes again
    sven = ok(table.get("p1", "/characters/c2"))
    assert (sven["discomfort"], sven["wound"], len(sven["thorns"]), sven["critical"]) == (
        3,
        3,
        1,
        0,
    )


def test_a_thorn_past_the_limit_outside_a_combat_calls_the_roll_there(http: httpx.Client) -> None:
    """Outside a combat (GAP, `critical_roll`): Ricardo holds 3 wound dice and 1 discomfort
    die; his open wound's 2 wound dice fit none, 2 points past the limit, seen by every seat
    on his sheet. Only his player settles the roll, not while it is secret; his HIGH 2 equals
    the 2 points: unconscious and stabilised [002:1279], the worst thorn driven in. Until
    then no other strike past the limit, and no combat for him."""
    table = new_table(http, "portal", [2, 1, 1, 4, 5, 5, 5, 2, 1, 1, 4, 5, 5, 5])
    character(table, "p1", sheet("Ricardo", discomfort=1, wound=3))
    thorn = {"name": "Open wound", "gives": "wound", "amount": 2, "every": "hour"}
    table.command("gm", "/portal/thorns", {"character": "c1", "thorn": thorn, "reason": "a knife"})
    strikes = {"character": "c1", "thorn": 0, "reason": "an hour passes"}
    table.command("gm", "/portal/thorns/strike", strikes)
    for who in SEATS:
        ricardo = ok(table.get(who, "/characters/c1"))
        assert (ricardo["wound"], ricardo["critical"]) == (3, 2), who
    answer = table.post("gm", "/portal/thorns/strike", strikes)
    assert (answer.status_code, answer.json()["code"]) == (409, "critical_due")
    # nor does he fight before it
    character(table, "p2", sheet("Bea"))
    fight = {"contenders": ["c1", "c2"], "fight": "friendly_brawl", "reason": "a brawl"}
    answer = table.post("gm", "/portal/combats", fight)
    assert (answer.status_code, answer.json()["code"]) == (409, "critical_due")
    take = {"roll": 1, "payments": []}
    # a blind roll is the game master's until revealed, and a secret one is settled by none
    table.command("gm", "/portal/rolls", aguante_roll("c1", visibility="blind"))
    answer = table.post("gm", "/portal/thorns/critical", take)
    assert (answer.status_code, answer.json()["code"]) == (409, "roll_secret")
    assert table.log("p1", "portal.ThornCriticalRolled") == []
    table.command("gm", "/rolls/reveal", {"rolls": [1], "reason": "he wakes"})
    answer = table.post("gm", "/portal/thorns/critical", take)
    assert (answer.status_code, answer.json()["code"]) == (403, "not_your_seat")
    table.command("p1", "/portal/thorns/critical", take)
    for who in SEATS:
        (rolled,) = table.log(who, "portal.ThornCriticalRolled")
        critical = rolled["data"]["critical"]
        assert (critical["aguante"], critical["unabsorbed"], critical["state"]) == (
            2,
            2,
            "unconscious",
        )
        assert critical["stabilised"] and critical["thorn"]["every"].startswith("10 minutes")
    ricardo = ok(table.get("p2", "/characters/c1"))
    assert (ricardo["wound"], ricardo["critical"], len(ricardo["thorns"])) == (3, 0, 2)
    # no roll is due any more
    table.command("gm", "/portal/rolls", aguante_roll("c1"))
    answer = table.post("p1", "/portal/thorns/critical", {"roll": 2, "payments": []})
    assert (answer.status_code, answer.json()["code"]) == (409, "not_critical")
