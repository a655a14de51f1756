"""The digest's worked examples of FATE (§4.9) and its Errata that the other HTTP tests did not
play whole, over real HTTP with scripted dice and separate seats: a hit dealt by an attack's
dice marking its box (F7), a consequence forced when every box from the shifts up is marked
(F8), consequences taken from attacks up to the defeat (F9), the exact edge of getting past a
block (F13); and of the Errata, combining skills as one roll [004:761] and a refused
concession's point under the GAP's other reading [004:815].

Faces are four d6 a roll (1-2 -, 3-4 blank, 5-6 + [004:65-71]); an attack throws the
defence's four first, then the attack's."""

from __future__ import annotations

from typing import Any

import httpx

from tests.api_helpers import ok
from tests.dice_http import Table, new_table
from tests.test_api_fate import BLANK, character, http, points, refused, roll_call, sheet
from tests.test_api_fate_conflict import (
    _cast,
    _fight,
    attack,
    begin,
    block_roll,
    conflict,
    events,
    participant,
    rolled,
    settled,
)

__all__ = ["http"]  # the module's live server

#: + + + blank: +3
PLUS3 = [5, 5, 5, 3]
#: - blank blank blank: -1
MINUS1 = [1, 3, 3, 3]
#: + + + +: +4
PLUS4 = [5, 6, 5, 6]


def _bea(table: Table, who: str = "p1") -> dict[str, Any]:
    """Bea (c2) as another seat reads her."""
    seen: dict[str, Any] = table.view(who)["characters"][1]
    assert seen["id"] == "c2"
    return seen


def _ana_strikes(table: Table, **extra: Any) -> dict[str, Any]:
    """Ana's Puños +3 at Bea (Atletismo +3), in Ana's turn: the attack as resolved."""
    table.command("gm", "/fate/conflict/attacks", attack("c1", "c2", **extra))
    resolved: dict[str, Any] = events(table, "p2", "fate.AttackResolved")[-1]["data"]
    return resolved


def _ana_to_act(http: httpx.Client, faces: list[int]) -> Table:
    """The cast of the conflict tests in a fight, Markus's turn over: Ana acts."""
    table = _cast(http, faces)
    _fight(table)
    table.command("gm", "/fate/conflict/turns/end", {"character": "c3"})
    return table


def test_F7_a_3_shift_attack_marks_box_3_then_box_4(http: httpx.Client) -> None:
    """Bea defends with blanks (3), Ana strikes with + + + (6): 3 shifts mark box 3; the same
    blow again finds box 3 marked and marks box 4 [004:781]."""
    table = _ana_to_act(http, [*BLANK, *PLUS3, *BLANK, *PLUS3])
    for marked in ([3], [3, 4]):
        resolved = _ana_strikes(table)
        assert (resolved["verdict"]["shifts"], resolved["hit"]) == (3, True)
        assert _bea(table, "p1")["health"]["marked"] == marked
        assert _bea(table, "p2")["health"]["marked"] == marked
    assert _bea(table)["consequences"] == []


def test_F8_a_hit_finding_every_box_from_its_shifts_marked_forces_a_consequence(
    http: httpx.Client,
) -> None:
    """Three blows of 3 shifts mark boxes 3, 4 and 5; the fourth finds no box of 3 or more
    free, boxes 1 and 2 empty: it waits for a consequence and is refused without one, then
    taken as a mild consequence, the boxes untouched [004:789]. (A hit of 6 on a 5-box track:
    `test_api_fate_conflict.py::test_an_attack_rolls_defence_and_attack_and_hits_with_its_shifts`.)"""
    table = _ana_to_act(http, [*BLANK, *PLUS3] * 4)
    for _ in range(3):
        assert _ana_strikes(table)["hit"] is True
    assert _bea(table)["health"]["marked"] == [3, 4, 5]
    resolved = _ana_strikes(table)
    assert (resolved["verdict"]["shifts"], resolved["hit"]) == (3, False)
    blow = {"character": "c2", "track": "health", "shifts": 3, "reason": "Ana's fourth punch"}
    refused(
        table.post("gm", "/fate/hits", {**blow, "consequence": None}), 409, "consequence_required"
    )
    table.command("gm", "/fate/hits", {**blow, "consequence": "Ojo morado"})
    seen = _bea(table, "p1")
    assert seen["health"]["marked"] == [3, 4, 5]
    assert seen["consequences"] == [{"severity": "mild", "aspect": "Ojo morado", "track": "health"}]


def test_F9_consequences_from_attacks_mild_moderate_severe_then_taken_out(
    http: httpx.Client,
) -> None:
    """Three blows of 2 shifts, each taken as the consequence its player names: mild,
    moderate, severe [004:791, 795]; a fourth of 6 shifts (Ana +4, Bea - -) finds no box
    and no consequence left: Bea is taken out [004:801], and no one attacks her again."""
    table = _ana_to_act(http, [*BLANK, *[5, 5, 3, 3]] * 3 + [*[1, 1, 3, 3], *PLUS4])
    for number, severity in enumerate(("mild", "moderate", "severe")):
        resolved = _ana_strikes(table, consequence=f"Herida {number}")
        assert (resolved["verdict"]["shifts"], resolved["hit"]) == (2, True)
        assert _bea(table)["consequences"][-1]["severity"] == severity
    assert _bea(table)["health"]["marked"] == []
    resolved = _ana_strikes(table)
    assert resolved["verdict"]["shifts"] == 6
    assert _bea(table, "p1")["out"] == _bea(table, "p2")["out"] == "taken_out"
    refused(table.post("gm", "/fate/conflict/attacks", attack("c1", "c2")), 409, "out_of_scene")


def test_F13_a_block_of_3_is_passed_by_an_effort_of_4_not_3(http: httpx.Client) -> None:
    """Bea's block of strength 3 on the door (Fuerza +3, blanks): Markus's Armas +4 with one
    [-] ties it at 3 and does not get past; with blanks, 4, one shift, it does [004:727]."""
    table = _cast(http, [*BLANK, *MINUS1, *BLANK])
    table.command("gm", "/fate/conflict", begin(participant("c2", 0), participant("c3", 1)))
    table.command("gm", "/fate/conflict/turns/delay", {"character": "c3", "after": "c2"})
    door = {"roll": block_roll(table, "p2", "Fuerza"), "protects": None, "action": "the door"}
    table.command("gm", "/fate/conflict/blocks", {**door, "reason": "she holds it"})
    assert conflict(table)["blocks"][0]["strength"] == 3
    table.command("gm", "/fate/conflict/turns/end", {"character": "c2"})
    for effort, past in ((3, False), (4, True)):
        number = table.command("gm", "/fate/rolls", roll_call("c3", skill="Armas"))["roll"]
        settled(table, "gm", number)
        challenge = {"blocker": "c2", "roll": number, "reason": "through the door"}
        table.command("gm", "/fate/conflict/blocks/challenge", challenge)
        verdict = events(table, "p1", "fate.BlockChallenged")[-1]["data"]["verdict"]
        assert (verdict["effort"], verdict["against"]) == (effort, 3)
        assert (verdict["outcome"] == "success", verdict["shifts"]) == (past, effort - 3)


def test_errata_combining_skills_is_one_roll_of_the_main_skill(http: httpx.Client) -> None:
    """The book's knife thrown on a rolling log: Armas +2 the main skill, Atletismo +3
    restricting it. One roll of four d6 on Armas, one verdict; a restricting skill never adds
    +1, even a higher one [004:759]; no second action comes of it [004:761]."""
    table = _cast(http, [*PLUS4])
    log = {"skill": "Atletismo", "role": "restricts", "reason": "a rolling log"}
    call = roll_call("c1", skill="Armas", difficulty=2, combined_with=[log])
    number = table.command("gm", "/fate/rolls", call)["roll"]
    settled(table, "p1", number)
    seen = rolled(table, "p2", number)
    assert sorted(seen) == ["DiceRolled", "fate.RollSettled", "fate.SkillRolled"]
    assert [die["face"] for die in seen["DiceRolled"]["data"]["dice"]] == PLUS4
    skill = seen["fate.SkillRolled"]["data"]
    combined = [{"name": "combined skills", "value": 0}]
    assert (skill["skill"], skill["rating"], skill["modifiers"]) == ("Armas", 2, combined)
    verdict = seen["fate.RollSettled"]["data"]["verdict"]
    assert (verdict["effort"], verdict["shifts"]) == (6, 4)
    assert len(events(table, "p2", "fate.SkillRolled")) == 1


def test_errata_a_refused_reasonable_concession_moves_the_points_whatever_the_reading(
    http: httpx.Client,
) -> None:
    """With `concession_points_when_accepted` off (the GAP's other reading), a reasonable
    concession refused still gives the conceder a point from the attacker [004:815]; accepted,
    it moves none."""
    table = new_table(http, "fate", [], concession_points_when_accepted=False)
    character(table, "p1", sheet("Ana"))
    character(table, "p2", sheet("Bea"))
    offer = {"character": "c1", "attacker": "c2", "reasonable": True, "reason": "I flee"}
    table.command("gm", "/fate/concessions", {**offer, "accepted": False})
    assert (points(table, "c1"), points(table, "c2")) == (3, 1)
    table.command("gm", "/fate/concessions", {**offer, "accepted": True})
    assert (points(table, "c1"), points(table, "c2")) == (3, 1)
    assert ok(table.get("p1", "/characters/c2"))["fate_points"] == 1  # as another seat sees
