"""PORTAL's table options for the GAPs of the critical state (§2.9.7) over real HTTP, played by
separate seats: whether armour adds its raw die to the last aguante roll [002:1224-1234,
1273-1275] (`critical_roll_armour`); and the worst thorn's wound die at 3 wound dice, still
refused (not yet an option).

Faces come from the table's public `scripted_rolls`, in the order the dice are thrown (see
`tests/test_api_portal_combat.py`, whose P18 exchange these tests replay).
"""

from __future__ import annotations

from typing import Any

import httpx

from tests.api_helpers import ok
from tests.dice_http import SEATS, Table
from tests.test_api_portal import http, open_roll, reading
from tests.test_api_portal_combat import brunak_against_sven, settle_the_exchange, strike

__all__ = ["http"]  # the module's HTTP client fixture

#: Sven's last aguante roll: 2, 2, 2 (HIGH 2, LOW 2) and his 3 discomfort and 3 wound dice
LAST_ROLL = [2, 2, 2, 2, 2, 2, 3, 3, 3]


def armoured_sven_critical(http: httpx.Client, **options: Any) -> Table:
    """P18's exchange with Sven in light armour: his defence 5, 3, 2 reads aguante 5 plus the
    armour's LOW 2 [002:1226], toughness 7; Brunak's 16 puts 9 points through his 1 discomfort
    and 1 wound die: 3 and 3, 3 unabsorbed [002:1238, 1273]. His last aguante roll is open."""
    table = brunak_against_sven(http, LAST_ROLL, sven={"armour": "light"}, **options)
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


def test_the_worst_thorns_wound_die_at_three_wound_dice_is_refused(http: httpx.Client) -> None:
    """GAP (§2.9.7, not yet an option): the worst thorn the critical state drove in strikes,
    its wound die every 10 minutes [002:1283], but Sven holds 3 wound dice already: the
    strike is refused whole (`dice_full`), nothing recorded, the dice as they were."""
    table = armoured_sven_critical(http)
    thorn_strikes = {"character": "c2", "thorn": 0, "reason": "ten minutes pass"}
    answer = table.post("gm", "/portal/thorns/strike", thorn_strikes)
    assert (answer.status_code, answer.json()["code"]) == (409, "dice_full")
    assert table.log("p1", "portal.ThornStruck", "portal.DiceGiven") == []
    sven = ok(table.get("p1", "/characters/c2"))
    assert (sven["discomfort"], sven["wound"], len(sven["thorns"])) == (3, 3, 1)
