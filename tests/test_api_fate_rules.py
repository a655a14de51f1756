"""FATE's remaining table rules over real HTTP, with separate seats and scripted dice: a guess
deceived by a liar [004:359], another defeat demanded by a taken-out player [004:811], an
NPC's tenacity by the conflict's stakes [004:823], consequences carried across a session
break one degree lower [004:835], and a fragile temporary aspect gone after its first compel
[004:853]. Each is recorded by the game master, its judgements required fields."""

from __future__ import annotations

import json
from typing import Any

import httpx

from tests.api_helpers import ok
from tests.dice_http import Table, every_read, new_table
from tests.fate_support import MANEUVER
from tests.test_api_fate import (
    BLANK,
    character,
    http,
    invoke,
    points,
    refused,
    roll_call,
    ruling,
    sheet,
)
from tests.test_api_fate import settled as settle
from tests.test_api_fate_stress import hit

__all__ = ["http"]  # the module's live server

#: the game master's account of the lie: it speaks of the hidden aspect
LIE = "Bea hides her Culpa Secreta behind a smile"
GUESS = invoke(1, "Sentimiento de culpa", owner="c2", guess=True, against_owner=True)


def _guessed(http: httpx.Client) -> Table:
    """Ana (c1, p1) rolls (roll 1) and guesses at an aspect of Bea's (c2, p2), who hides
    "Culpa Secreta"."""
    table = new_table(http, "fate", BLANK * 3)
    character(table, "p1", sheet("Ana"))
    bea = sheet("Bea", aspects=[{"name": "Bea"}, {"name": "Culpa Secreta", "hidden": True}])
    character(table, "p2", bea)
    table.command("gm", "/fate/rolls", roll_call("c1"))
    table.command("p1", "/fate/rolls/invoke", GUESS)
    return table


def deceived(deception: str, aspect: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"roll": 1, "liar": "c2", "deception": deception, "aspect": aspect, "reason": LIE}


def test_a_deceived_guess_returned_places_the_liars_aspect_and_only_the_liar_knows_how(
    http: httpx.Client,
) -> None:
    """The liar returns the point and places an aspect on the guesser, its first invocation
    free [004:359]; how it lied (the truth the lie hides) is its player's and the game
    master's, and the hidden aspect stays hidden."""
    table = _guessed(http)
    placed = deceived("returned", {"name": "Confiado", "passable": False})
    refused(table.post("p1", "/fate/rolls/deceive", placed), 403, "not_game_master")
    refused(
        table.post("gm", "/fate/rolls/deceive", {**placed, "liar": "c1"}),
        422,
        "invalid_deception",
    )
    refused(
        table.post(
            "gm", "/fate/rolls/deceive", {**deceived("destroyed"), "aspect": placed["aspect"]}
        ),
        422,
        "invalid_deception",
    )
    table.command("gm", "/fate/rolls/deceive", placed)
    assert points(table, "c1") == 2  # the point came back
    assert table.view("p1")["aspects"] == [
        {
            "name": "Confiado",
            "target": "c1",
            "duration": "fragile",
            "origin": "deception",
            "free_invocations": 1,
            "holder": "c2",
            "passable": False,
        }
    ]
    for who, knows in (("gm", True), ("p2", True), ("p1", False)):
        line = table.log(who, "fate.GuessDeceived")[0]
        assert (line["data"]["reason"] == LIE) == knows, who
        assert ("reason" in line["hidden"]) != knows, who
        assert line["data"]["guess"]["deceived"] == "returned"
    assert "Culpa Secreta" not in json.dumps(every_read(table, "p1"))
    # Ana's roll goes on; Bea's next roll invokes the liar's aspect for free, and it is gone
    settle(table, "p1", 1)
    table.command("gm", "/fate/rolls", roll_call("c2"))
    table.command("p2", "/fate/rolls/invoke", invoke(2, "Confiado", owner="c1", against_owner=True))
    table.command("gm", "/fate/rolls/rule", ruling(2))
    assert settle(table, "p2", 2)["result"]["invocations"][0]["paid"] == "free"
    assert table.view("p1")["aspects"] == []


def test_a_deceived_guess_destroyed_loses_the_point_and_the_guesser_knows(
    http: httpx.Client,
) -> None:
    """Destroyed, the point is lost, not the liar's, and the guesser knows it was deceived
    [004:359]; a guess only is deceived."""
    table = _guessed(http)
    table.command("gm", "/fate/rolls/deceive", deceived("destroyed"))
    assert (points(table, "c1"), points(table, "c2")) == (1, 2)
    line = table.log("p1", "fate.GuessDeceived")[0]
    assert (line["data"]["guess"]["deceived"], line["data"]["guess"]["refunded"]) == (
        "destroyed",
        False,
    )
    assert line["data"]["aspect"] is None
    refused(table.post("gm", "/fate/rolls/deceive", deceived("returned")), 409, "nothing_asked")
    table.command("p1", "/fate/rolls/invoke", invoke(1, "Ana el Audaz", owner="c1"))
    refused(table.post("gm", "/fate/rolls/deceive", deceived("returned")), 422, "invalid_ruling")


def _severe(name: str, **parts: Any) -> dict[str, Any]:
    held = [{"severity": "severe", "aspect": "Pierna rota", "track": "health"}]
    return sheet(name, consequences=held, **parts)


def test_a_taken_out_player_spends_every_fate_point_to_demand_another_defeat(
    http: httpx.Client,
) -> None:
    """[004:811]: all the points left, one at least, once taken out; a player's character
    only, and the game master records it."""
    table = new_table(http, "fate", [])
    character(table, "p1", _severe("Ana", fate_points=3))
    character(table, "gm", _severe("Cid", kind="npc"), seat="gm")
    demand = {"character": "c1", "reason": "shamed before the king, not killed"}
    refused(table.post("gm", "/fate/defeats", demand), 409, "not_taken_out")
    table.command("gm", "/fate/hits", hit(6))  # past the severe one: taken out
    refused(table.post("p1", "/fate/defeats", demand), 403, "not_game_master")
    table.command("gm", "/fate/defeats", demand)
    assert points(table, "c1") == 0
    line = table.log("p2", "fate.DefeatDemanded")[0]
    assert (line["data"]["spent"], line["data"]["fate_points"]) == (3, 0)
    refused(table.post("gm", "/fate/defeats", demand), 409, "not_enough_fate_points")
    table.command("gm", "/fate/hits", hit(6, character="c2"))
    refused(table.post("gm", "/fate/defeats", {**demand, "character": "c2"}), 422, "invalid_defeat")


def test_an_npcs_tenacity_counts_by_the_stakes_and_it_offers_to_concede_at_its_degree(
    http: httpx.Client,
) -> None:
    """Tenacity 1, the conflict vital to the NPC: degree 2 [004:823]; at its second
    consequence it offers its concession; trivial: degree 0, it offers at once."""
    table = new_table(http, "fate", [])
    character(table, "p1", sheet("Ana"))
    character(table, "gm", sheet("Cid", kind="npc", tenacity=1), seat="gm")
    stakes = {"character": "c2", "stakes": "vital", "reason": "his family's honour"}
    refused(table.post("p1", "/fate/stakes", stakes), 403, "not_game_master")
    refused(table.post("gm", "/fate/stakes", {**stakes, "character": "c1"}), 422, "no_tenacity")
    table.command("gm", "/fate/stakes", stakes)
    ruled = table.log("p1", "fate.StakesRuled")[0]["data"]
    assert (ruled["degree"], ruled["concedes"]) == (2, False)
    table.command("gm", "/fate/hits", hit(6, "Corte", character="c2"))
    assert table.log("p1", "fate.TenacityReached") == []
    table.command("gm", "/fate/hits", hit(6, "Brazo roto", character="c2"))
    reached = table.log("p1", "fate.TenacityReached")[0]["data"]
    assert (reached["character"], reached["degree"], reached["consequences"]) == ("c2", 2, 2)
    table.command("gm", "/fate/stakes", {**stakes, "stakes": "trivial"})
    ruled = table.log("p1", "fate.StakesRuled")[-1]["data"]
    assert (ruled["degree"], ruled["concedes"]) == (0, True)


def test_across_a_session_break_consequences_last_one_degree_lower(http: httpx.Client) -> None:
    """[004:835]: a mild one is gone, a moderate one heals with a breather, a severe one with
    six hours of rest; its severity stays, and a second break lowers nothing more."""
    held = [
        {"severity": "mild", "aspect": "Rasguño", "track": "health"},
        {"severity": "moderate", "aspect": "Costillas", "track": "health"},
        {"severity": "severe", "aspect": "Pierna rota", "track": "health"},
    ]
    table = new_table(http, "fate", [])
    character(table, "p1", sheet("Ana", consequences=held))
    body = {"reason": "the next session picks up in the chase"}
    refused(table.post("p1", "/fate/sessions/break", body), 403, "not_game_master")
    table.command("gm", "/fate/sessions/break", body)
    table.command("gm", "/fate/sessions/break", body)
    lowered = ok(table.get("p2", "/characters/c1"))["consequences"]
    assert [(c["aspect"], c["severity"], c["lowered"]) for c in lowered] == [
        ("Costillas", "moderate", True),
        ("Pierna rota", "severe", True),
    ]
    recovery = {"character": "c1", "occasion": "breather", "reason": "a rest"}
    table.command("gm", "/fate/recoveries", recovery)
    assert [c["aspect"] for c in ok(table.get("p1", "/characters/c1"))["consequences"]] == [
        "Pierna rota"
    ]
    table.command("gm", "/fate/recoveries", {**recovery, "occasion": "six_hours_rest"})
    assert ok(table.get("p1", "/characters/c1"))["consequences"] == []


def test_a_fragile_temporary_aspect_is_gone_after_its_first_compel_a_sticky_one_stays(
    http: httpx.Client,
) -> None:
    """[004:853-855]: the compel official (its point accepted) spends a fragile aspect; a
    refused one leaves it; a sticky one stays to be compelled again."""
    table = new_table(http, "fate", [5, 3, 3, 3])  # Good (+3) + 1 against 3: 1 shift
    character(table, "p1", sheet("Ana"))
    character(table, "p2", sheet("Bea"))
    table.command("gm", "/fate/rolls", roll_call("c1", difficulty=3))
    settle(table, "p1", 1)
    table.command("gm", "/fate/aspects", {**MANEUVER, "target": "c2"})
    sticky = {**MANEUVER, "name": "Acorralada", "target": "c2", "sticky": True}
    table.command("gm", "/fate/aspects", {**sticky, "critical_required": False})
    compel = {"character": "c2", "aspect": "Fuera de equilibrio", "kind": "offered"}
    table.command("gm", "/fate/compels", {**compel, "accepted": False, "reason": "she holds"})
    assert len(table.view("p2")["aspects"]) == 2
    table.command("gm", "/fate/compels", {**compel, "accepted": True, "reason": "she slips"})
    assert [a["name"] for a in table.view("p2")["aspects"]] == ["Acorralada"]
    line = table.log("p1")[-1]
    assert (line["type"], line["data"]["aspect"]) == ("fate.AspectSpent", "Fuera de equilibrio")
    for reason in ("cornered", "still cornered"):
        table.command(
            "gm",
            "/fate/compels",
            {**compel, "aspect": "Acorralada", "accepted": True, "reason": reason},
        )
    assert [a["name"] for a in table.view("p2")["aspects"]] == ["Acorralada"]
    assert points(table, "c2") == 4
