"""asaltos attacks and movement on a second reading of the book (issue 21), over real HTTP
with separate seats: the game master (seat "gm", who resolves every action) and two players
who claim their seats and create their own characters, each on its own credential. Surprise
is a melee entry only [001:79,89-102]; a target on the ground is partial cover to a shot
[001:106] and a downed opponent in melee [001:83]; mounted-vs-foot comes with mounted
[001:86-87]; a round's moves add up to at most Agilidad metres [001:20]."""

from __future__ import annotations

from typing import Any

import httpx

from tests.dice_http import SEATS, Table, new_table
from tests.test_api_asaltos import SWORD, attack, character, declare, made, refused
from tests.test_api_asaltos import http as http  # the module's live server

BOW = {
    "name": "arco",
    "code": "1-3/4-6/7-9/10",
    "type": "perforante",
    "reach": "projectile",
    "skill": "Arco",
}
GROUND = {"name": "partial_cover", "amount": 2, "reason": "the target is on the ground"}


def terms(table: Table, who: str) -> list[dict[str, Any]]:
    """The terms of the last attack as `who` reads them in the log."""
    shown: list[dict[str, Any]] = made(table, who, None, "asaltos.AttackRolled")["result"]["terms"]
    return shown


def archer_and_target(table: Table, arco: int) -> tuple[str, str]:
    """p1's archer (AGI 6, sword and bow) and p2's target, in a combat."""
    weapons = [{**SWORD, "actions": 1}, BOW]
    ana = character(table, "p1", "Ana", AGI=6, skills={"Arco": arco, "Espada": 5}, weapons=weapons)
    bea = character(table, "p2", "Bea")
    table.command("gm", "/asaltos/combats", {"combatants": [ana, bea]})
    return ana, bea


def test_a_surprise_shot_is_refused_and_every_seat_reads_the_shots_modifiers(
    http: httpx.Client,
) -> None:
    """The issue's bowman: Arco 1 at long range, a moving target in total cover, the head
    (+10 in all). With `surprise` the game master is refused (`surprise_is_melee_only`) and
    nothing is recorded; without it the shot is a certain failure (no die) and every seat
    reads each modifier in the attack's record."""
    table = new_table(http, "asaltos", [])
    ana, bea = archer_and_target(table, arco=1)
    table.command("p1", "/asaltos/declarations", declare(ana, "attack", weapon="arco"))
    table.command("gm", "/asaltos/tandas", {})
    named = ["long_range", "moving_target", "total_cover"]
    shot = attack(ana, bea, modifiers=named, location="C", surprise=True)
    before = table.version()
    refused(table.post("gm", "/asaltos/attacks", shot), 422, "surprise_is_melee_only")
    assert table.version() == before
    assert table.command("gm", "/asaltos/attacks", {**shot, "surprise": False})["roll"] is None
    for who in SEATS:
        rolled = made(table, who, None, "asaltos.AttackRolled")
        result = rolled["result"]
        assert (rolled["automatic"], result["difficulty"], result["certain"]) == (
            False,
            10,
            "failure",
        )
        assert [(t["name"], t["amount"]) for t in terms(table, who)] == [
            ("base", 0),
            ("long_range", 3),
            ("moving_target", 2),
            ("total_cover", 4),
            ("accumulation", 0),
            ("precision", 1),
        ]
        assert made(table, who, None, "asaltos.AttackFailed")["outcome"] == "missed"


def test_a_fallen_target_is_cover_to_a_shot_and_minus_4_to_a_blow_for_every_seat(
    http: httpx.Client,
) -> None:
    """Bea's leg is incapacitated: she falls [001:65]. Ana's shot with no modifier named has
    partial cover +2 with its reason [001:106]; her sword blow, with `opponent_prone` named
    by the game master, has the -4 once [001:83]. Every seat reads both records."""
    table = new_table(http, "asaltos", [10, 10])
    ana, bea = archer_and_target(table, arco=5)
    wound = {"character": bea, "location": "PD", "level": 3, "reason": "a fall from the cart"}
    table.command("gm", "/asaltos/wounds", wound)
    assert "fallen" in table.view("p1")["characters"][1]["conditions"]
    table.command("p1", "/asaltos/declarations", declare(ana, "attack", weapon="arco"))
    table.command("gm", "/asaltos/tandas", {})
    table.command("gm", "/asaltos/attacks", attack(ana, bea))
    shot = {who: terms(table, who) for who in SEATS}
    table.command("gm", "/asaltos/rounds", {})
    table.command("p1", "/asaltos/declarations", declare(ana, "attack"))
    table.command("gm", "/asaltos/tandas", {})
    table.command("gm", "/asaltos/attacks", attack(ana, bea, modifiers=["opponent_prone"]))
    for who in SEATS:
        base = {"name": "base", "amount": 0, "reason": None}
        accumulation = {"name": "accumulation", "amount": 0, "reason": None}
        assert shot[who] == [base, GROUND, accumulation]
        prone = {"name": "opponent_prone", "amount": -4, "reason": None}
        assert terms(table, who) == [base, prone, accumulation]


def test_mounted_vs_foot_alone_is_refused_with_its_problem(http: httpx.Client) -> None:
    """[001:86-87] the -2 offsets the mounted +2 in the attack: alone it is a -2 the book
    never gives (`incoherent_modifiers`), and so are two covers of one shot [001:105-106];
    with `mounted` the blow (Ana's second action, +1) nets 0 from the two."""
    table = new_table(http, "asaltos", [10])
    ana, bea = archer_and_target(table, arco=5)
    shoot_then_strike = [{"kind": "attack", "weapon": w} for w in ("arco", "espada")]
    table.command("p1", "/asaltos/declarations", {"character": ana, "actions": shoot_then_strike})
    table.command("gm", "/asaltos/tandas", {})
    for tanda, named in ((1, ["partial_cover", "total_cover"]), (2, ["mounted_vs_foot"])):
        if tanda == 2:
            table.command("p1", "/asaltos/passes", {"character": ana})
            table.command("gm", "/asaltos/tandas", {})
        body = attack(ana, bea, modifiers=named)
        refused(table.post("gm", "/asaltos/attacks", body), 422, "incoherent_modifiers")
    body = attack(ana, bea, modifiers=["mounted", "mounted_vs_foot"])
    assert table.command("gm", "/asaltos/attacks", body)["roll"] == 1
    shown = made(table, "p2", 1, "asaltos.AttackRolled")["result"]["terms"]
    assert [(t["name"], t["amount"]) for t in shown] == [
        ("base", 0),
        ("mounted", 2),
        ("mounted_vs_foot", -2),
        ("accumulation", 1),
    ]


def test_a_move_is_seen_by_every_seat_and_its_agility_by_none_but_the_players(
    http: httpx.Client,
) -> None:
    """Ana (AGI 4) declares an `other` action; the game master resolves it as a move: 5 m
    is refused [001:20] to the game master, who knows her Agilidad; a player cannot resolve
    it. Every seat reads the 4 m move; Bea's player still reads Ana's AGI as null."""
    table = new_table(http, "asaltos", [])
    ana = character(table, "p1", "Ana", AGI=4)
    bea = character(table, "p2", "Bea", AGI=3)
    table.command("gm", "/asaltos/combats", {"combatants": [ana, bea]})
    table.command("p1", "/asaltos/declarations", declare(ana, "other"))
    table.command("gm", "/asaltos/tandas", {})
    move = {"character": ana, "metres": 4, "reason": "behind the wagon"}
    for who in ("p1", "p2"):
        refused(table.post(who, "/asaltos/moves", move), 403, "not_game_master")
    refused(table.post("gm", "/asaltos/moves", {**move, "metres": 5}), 422, "too_many_metres")
    table.command("gm", "/asaltos/moves", move)
    for who in SEATS:
        (moved,) = table.log(who, "asaltos.Moved")
        assert moved["data"] == {**move, "action": 1} and moved["hidden"] == []
    assert table.view("p2")["characters"][0]["AGI"] is None
    refused(table.post("gm", "/asaltos/moves", {**move, "metres": 1}), 409, "no_such_action")
