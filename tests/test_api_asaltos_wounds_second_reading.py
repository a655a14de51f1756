"""The second reading of the sheet and the wounds over real HTTP, each seat on its own
credential: the game master ("gm", NPCs and every ruling) and two players (p1, p2) who
create their own characters. Innate skills are 1 at least [001:25]; an incapacitated leg
keeps its character down until it heals, an incapacitated arm drops what it held [001:65]."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from service.app import create_app
from service.settings import Settings
from tests.api_helpers import ok
from tests.dice_http import SEATS, Table, new_table
from tests.frontera_helpers import in_memory_tables
from tests.live_server import TLS, serving
from tests.test_api_asaltos import attack, character, check, declare, made, refused

MONTH = 30 * 24 * 3600


@pytest.fixture(scope="module")
def http() -> Iterator[httpx.Client]:
    app = create_app(Settings(commands_per_second=0), tables=in_memory_tables())
    with serving(app) as url, httpx.Client(base_url=url, timeout=10, verify=TLS) as client:
        yield client


def create(table: Table, who: str, skills: dict[str, int]) -> httpx.Response:
    sheet = {
        "FUE": 5,
        "AGI": 5,
        "RES": 5,
        "TAM": 5,
        "skills": skills,
        "weapons": [
            {"name": "espada", "code": "1/2-3/4-9/10", "type": "cortante", "skill": "Espada"}
        ],
    }
    return table.post(who, "/asaltos/characters", {"name": "Nadie", "sheet": sheet})


def test_an_innate_skill_at_0_is_refused_and_one_left_out_is_at_1_for_its_player(
    http: httpx.Client,
) -> None:
    """p1's sheet with Espada (its sword's skill) at 0 is refused naming it, and so is the
    game master's with Esquivar at 0 (`invalid_sheet` [001:25]); p2's Medicina at 0
    (knowledge) is accepted and unusable. p1's sheet with no skills has its innate ones at
    1, which p1 and the game master read and p2 does not; its sword attack and p2's dodge
    roll at 1 (faces 1, 1; the confirmation die 5 > 1: no critical), as every seat reads."""
    table = new_table(http, "asaltos", [1, 1, 5])
    for who, skills, named in (
        ("p1", {"Espada": 0}, "Espada"),
        ("gm", {"Espada": 2, "Esquivar": 0}, "Esquivar"),
    ):
        response = create(table, who, skills)
        refused(response, 422, "invalid_sheet")
        assert repr(named) in response.json()["detail"], response.text
    ana = character(table, "p1", "Ana", AGI=6, skills={})
    bea = character(table, "p2", "Bea", skills={"Espada": 4, "Medicina": 0})
    for who in SEATS:
        skills = ok(table.get(who, f"/characters/{ana}"))["skills"]
        assert skills == ({"Escalada": 1, "Espada": 1, "Esquivar": 1} if who != "p2" else None)
    (created,) = [
        e
        for e in table.log("p1", "asaltos.CharacterCreated")
        if e["data"]["character"]["id"] == ana
    ]
    assert created["data"]["character"]["sheet"]["skills"]["Espada"] == 1
    medicine: dict[str, Any] = {
        "healer": bea,
        "patient": ana,
        "wound": None,
        "base_difficulty": 0,
        "modifiers": [],
    }
    refused(table.post("gm", "/asaltos/medicine", medicine), 422, "skill_unusable")
    refused(table.post("gm", "/asaltos/checks", check(bea, "Mecánica")), 422, "skill_unusable")

    table.command("gm", "/asaltos/combats", {"combatants": [ana, bea]})
    table.command("p1", "/asaltos/declarations", declare(ana, "attack"))
    table.command("p2", "/asaltos/declarations", declare(bea, "dodge"))
    table.command("gm", "/asaltos/tandas", {})
    roll = table.command("gm", "/asaltos/attacks", attack(ana, bea, reaction="dodge"))["roll"]
    for who in SEATS:
        dodge = made(table, who, roll, "asaltos.DodgeRolled")["result"]
        rolled = made(table, who, roll, "asaltos.AttackRolled")["result"]
        assert (dodge["face"], dodge["success"], dodge["sl"]) == (1, True, 0)
        assert (rolled["face"], rolled["success"], rolled["sl"]) == (1, True, 0)
        assert made(table, who, roll, "asaltos.CriticalRolled")["confirmed"] is False
        assert made(table, who, roll, "asaltos.AttackHit")["hit"]["target"] == bea


def test_a_broken_leg_keeps_its_character_down_until_it_heals_as_every_seat_reads(
    http: httpx.Client,
) -> None:
    """p1's Ana breaks a leg (PD3): fallen and crawling, which the game master cannot end
    (409 `condition_from_wound`) and the players may not try (403). One second short of
    two months she is still down; at two months the wound heals (costing AGI, the game
    master's pick [001:73]) and a public `ConditionsLifted` lifts both, in every seat's
    view and log."""
    table = new_table(http, "asaltos", [])
    ana = character(table, "p1", "Ana", AGI=6)
    wound = {"character": ana, "location": "PD", "level": 3, "reason": "a fall from a horse"}
    table.command("gm", "/asaltos/wounds", wound)
    for who in SEATS:
        assert ok(table.get(who, f"/characters/{ana}"))["conditions"] == ["fallen", "crawling"]
    for condition in ("fallen", "crawling"):
        clear = {"character": ana, "condition": condition, "reason": "she tries"}
        response = table.post("gm", "/asaltos/conditions/clear", clear)
        refused(response, 409, "condition_from_wound")
        assert "PD3" in response.json()["detail"]
        refused(table.post("p1", "/asaltos/conditions/clear", clear), 403, "not_game_master")
    rest = {"seconds": 2 * MONTH - 1, "reason": "rest", "losses": []}
    table.command("gm", "/asaltos/time", rest)
    assert ok(table.get("p2", f"/characters/{ana}"))["conditions"] == ["fallen", "crawling"]
    loss = {"character": ana, "wound": 1, "characteristic": "AGI"}
    table.command("gm", "/asaltos/time", {"seconds": 1, "reason": "rest", "losses": [loss]})
    for who in SEATS:
        seen = ok(table.get(who, f"/characters/{ana}"))
        assert (seen["wounds"], seen["conditions"], seen["lost"]) == ([], [], {"AGI": 1})
        (lifted,) = table.log(who, "asaltos.ConditionsLifted")
        assert lifted["data"] == {
            "character": ana,
            "wound": 1,
            "conditions": ["fallen", "crawling"],
        }
        assert lifted["hidden"] == []


def test_a_broken_arm_drops_the_sword_until_its_player_takes_it_up_with_the_other(
    http: httpx.Client,
) -> None:
    """p1's Ana breaks her right arm (BD3): her sword falls, as every seat reads; her
    attack with it is refused (409 `weapon_dropped`); only p1 takes it up (p2 and the game
    master: 403), and not with the broken arm (409 `arm_disabled`)."""
    table = new_table(http, "asaltos", [])
    ana = character(table, "p1", "Ana", AGI=6)
    bea = character(table, "p2", "Bea")
    wound = {"character": ana, "location": "BD", "level": 3, "reason": "a mill's gear"}
    table.command("gm", "/asaltos/wounds", wound)
    for who in SEATS:
        assert ok(table.get(who, f"/characters/{ana}"))["dropped"] == ["espada"]
        (dropped,) = table.log(who, "asaltos.WeaponsDropped")
        assert dropped["data"]["weapons"] == ["espada"]
    table.command("gm", "/asaltos/combats", {"combatants": [ana, bea]})
    table.command("p1", "/asaltos/declarations", declare(ana, "attack", "other"))
    table.command("gm", "/asaltos/tandas", {})
    refused(table.post("gm", "/asaltos/attacks", attack(ana, bea)), 409, "weapon_dropped")
    table.command("p1", "/asaltos/passes", {"character": ana})
    table.command("gm", "/asaltos/tandas", {})
    take_up = {"character": ana, "weapon": "espada", "hand": "BD"}
    refused(table.post("p1", "/asaltos/weapons/take-up", take_up), 409, "arm_disabled")
    take_up["hand"] = "BI"
    for who in ("p2", "gm"):
        refused(table.post(who, "/asaltos/weapons/take-up", take_up), 403, "not_your_character")
    table.command("p1", "/asaltos/weapons/take-up", take_up)
    for who in SEATS:
        assert ok(table.get(who, f"/characters/{ana}"))["dropped"] == []
        (taken,) = table.log(who, "asaltos.WeaponTakenUp")
        assert taken["data"] == {"character": ana, "weapon": "espada", "hand": "BI", "action": 2}
