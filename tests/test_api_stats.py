"""`GET /tables/{id}/stats` of each rule system, over HTTP, against figures counted by hand.

Each table is played by separate seats with their own credentials; a player reads the
figures during play (only what its log shows), the game master once the table is closed
(everything, and the fairness of what was drawn or rolled).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from litestar.testing import TestClient

from tests.api_helpers import Headers, api_client, bearer, ok, seat_player
from tests.dice_http import new_table

ULISES_CARDS = ["d0:3C", "d0:5D", "d0:8H", "d0:AD"]  # 3♣ 5♦ 8♥ A♦
BILLY_CARDS = ["d0:6D", "d0:6H", "d0:7H", "d0:QS", "d0:7C", "d0:2H"]  # 6♦ 6♥ 7♥ Q♠ 7♣ 2♥


@pytest.fixture
def client() -> Iterator[TestClient[Any]]:
    with api_client() as test_client:
        yield test_client


def stats(client: TestClient[Any], table: str, who: Headers) -> Any:
    return ok(client.get(f"/tables/{table}/stats", headers=who))


def frontera_character(
    name: str, drawn: int, played: int, outcomes: dict[str, int]
) -> dict[str, Any]:
    return {
        "name": name,
        "outcomes": outcomes,
        "drawn": drawn,
        "played": played,
        "jokers_drawn": 0,
        "jokers_played": 0,
        "damage_dealt": 0,
        "damage_taken": 0,
        "deaths": 0,
        "dead_for_good": 0,
        "recovered": {},
        "drinks": 0,
        "money_won": 0,
        "money_lost": 0,
    }


def test_frontera_ulises_chasing_billy(client: TestClient[Any]) -> None:
    """[L822] Ulises (muscle 2 + agility: 4 cards) plays 8♥ against Billy's 7♥ (muscle 4 +
    agility: 6 cards) and wins; the player sees his own 4 cards, not Billy's 6."""
    body = {
        "title": "Frontera",
        "mayor_name": "The Mayor",
        "options": {"mode": "no_management", "scripted_order": ULISES_CARDS + BILLY_CARDS},
    }
    created = ok(client.post("/tables", json=body), 201)
    table, mayor = created["table_id"], bearer(created["credential"])
    _, player = seat_player(client, table, mayor, "Player")

    def create(who: Headers, sheet: dict[str, Any]) -> str:
        character: str = ok(
            client.post(f"/tables/{table}/characters", json=sheet, headers=who), 201
        )["id"]
        return character

    ulises = create(
        player,
        {
            "name": "Ulises",
            "traits": {"hands": 4, "senses": 3, "muscle": 2, "head": 3},
            "skills": ["quick_shot", "agility", "perception", "cunning"],
        },
    )
    billy = create(
        mayor,
        {
            "name": "Billy Bala",
            "kind": "npc",
            "traits": {"hands": 3, "senses": 2, "muscle": 4, "head": 2},
            "skills": ["agility"],
        },
    )
    ok(client.post(f"/tables/{table}/start", headers=mayor))
    contenders = [{"character": c, "trait": "muscle", "skill": "agility"} for c in (ulises, billy)]
    ok(
        client.post(
            f"/tables/{table}/tests/opposed", json={"participants": contenders}, headers=mayor
        ),
        201,
    )
    for character, who, card in ((ulises, player, "d0:8H"), (billy, mayor, "d0:7H")):
        ok(client.post(f"/tables/{table}/tests/draw", json={"character": character}, headers=who))
        choice = {"character": character, "cards": [card]}
        ok(client.post(f"/tables/{table}/tests/choose", json=choice, headers=who))

    tests = [
        {
            "kind": "opposed",
            "trait": "muscle",
            "skill": "agility",
            "difficulty": None,
            "outcomes": {"defeat": 1, "victory": 1},
        }
    ]
    characters = {
        ulises: frontera_character("Ulises", 4, 1, {"victory": 1}),
        billy: frontera_character("Billy Bala", 6, 1, {"defeat": 1}),
    }
    during = stats(client, table, player)
    assert (during["system"], during["closed"], during["complete"]) == ("frontera", False, False)
    assert during["damage_unit"] == "health levels"  # what the book counts its harm in
    assert during["fairness"] == []
    rules = during["rules"]
    assert rules["system"] == "frontera"
    assert rules["tests"] == tests
    assert rules["characters"] == characters
    assert rules["damage_over_time"] == []
    # Ulises' 3♣ 5♦ 8♥ A♦ by suit and value; Billy's six counted, not shown
    assert rules["cards"] == {
        "drawn": 10,
        "hidden": 6,
        "played": 2,
        "jokers_drawn": 0,
        "jokers_played": 0,
        "threats": 0,
        "by_suit": {"clubs": 1, "diamonds": 2, "hearts": 1},
        "by_value": {"3": 1, "5": 1, "8": 1, "14": 1},
        "by_source": {"pile": 10},
    }

    ok(client.post(f"/tables/{table}/close", headers=mayor))
    closed = stats(client, table, mayor)
    assert (closed["closed"], closed["complete"]) == (True, True)
    assert closed["rules"]["tests"] == tests
    assert closed["rules"]["characters"] == characters
    cards = closed["rules"]["cards"]
    assert cards["hidden"] == 0
    assert cards["by_suit"] == {"clubs": 2, "diamonds": 3, "hearts": 4, "spades": 1}
    assert cards["by_value"] == {
        "2": 1, "3": 1, "5": 1, "6": 2, "7": 2, "8": 1, "12": 1, "14": 1,
    }  # fmt: skip
    suit = next(f for f in closed["fairness"] if f["distribution"] == "suit")
    # one deck of 54 less the dead man's hand: 12 of each suit, 2 Jokers (50 cards)
    assert suit["observed"] == {"clubs": 2, "diamonds": 3, "hearts": 4, "joker": 0, "spades": 1}
    assert suit["expected"]["joker"] == round(10 * 2 / 50, 6)
    assert suit["scripted"] == 10


def test_stepdice_a_blind_test_is_counted_as_made_until_closing(client: TestClient[Any]) -> None:
    """A public test 7 (agilidad d10, TN 6: success) and a blind one 2 (failure)."""
    table = new_table(client, "stepdice", [7, 2])
    attributes = {"fuerza": 10, "agilidad": 10, "destreza": 10, "magia": 10}
    rogue = table.command(
        "p1", "/stepdice/characters", {"name": "Rogue", "attributes": attributes}, 201
    )["id"]
    for visibility in ("public", "blind"):
        test = {
            "character": rogue,
            "attribute": "agilidad",
            "grade": "normal",
            "shifts": [],
            "helper": None,
            "visibility": visibility,
        }
        table.command("gm", "/stepdice/tests", test)
    shown = {
        "kind": "test",
        "attribute": "agilidad",
        "die": 10,
        "grade": "normal",
        "target": 6,
        "outcomes": {"success": 1},
    }
    during = ok(table.get("p2", "/stats"))["rules"]
    assert (during["rolls"], during["rolls_hidden"]) == ([shown], 1)
    assert during["characters"][rogue]["rolls"] == 2
    assert during["characters"][rogue]["hidden"] == 1
    assert during["characters"][rogue]["outcomes"] == {"success": 1}

    table.command("gm", "/close")
    closed = ok(table.get("gm", "/stats"))
    assert closed["rules"]["rolls"] == [{**shown, "outcomes": {"failure": 1, "success": 1}}]
    assert closed["rules"]["rolls_hidden"] == 0
    (d10,) = closed["fairness"]
    assert d10["observed"] == {str(f): int(f in (2, 7)) for f in range(1, 11)}
    assert d10["scripted"] == 2


def test_asaltos_checks_by_skill_and_difficulty(client: TestClient[Any]) -> None:
    """Escalada 5: a 3 at difficulty 0 succeeds, an 8 at -2 fails (8 - 2 = 6 > 5)."""
    table = new_table(client, "asaltos", [3, 8])
    sheet = {"FUE": 5, "AGI": 5, "RES": 5, "TAM": 5, "skills": {"Escalada": 5}, "weapons": []}
    climber = table.command("p1", "/asaltos/characters", {"name": "Climber", "sheet": sheet}, 201)[
        "id"
    ]
    for difficulty in (0, -2):
        check = {
            "character": climber,
            "skill": "Escalada",
            "base_difficulty": difficulty,
            "modifiers": [],
        }
        table.command("gm", "/asaltos/checks", check)
    for who in ("p2", "gm"):
        rules = ok(table.get(who, "/stats"))["rules"]
        assert rules["system"] == "asaltos"
        assert rules["checks"] == [
            {"kind": "check", "checked": "Escalada", "difficulty": -2, "outcomes": {"failure": 1}},
            {"kind": "check", "checked": "Escalada", "difficulty": 0, "outcomes": {"success": 1}},
        ]
        assert rules["characters"][climber]["checks"] == 2
        assert rules["characters"][climber]["outcomes"] == {"failure": 1, "success": 1}
