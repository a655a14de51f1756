"""The rulebook's worked examples played over HTTP, each seat with its own credential.

Policarpo's trait test [L754] and Ulises chasing Billy [L822]: the Mayor creates the table and
seats the players, each player creates a protagonist, the Mayor creates Billy, starts and opens
the tests, and each seat draws and chooses for its own character. Every card (the draw
responses) and every outcome (the log) the book gives is asserted, and Ulises' secret choice is
checked to stay secret from the Mayor until Billy has chosen too.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from litestar.testing import TestClient

from tests.api_helpers import Headers, api_client, bearer, ok, seat_player

POLICARPO_CARDS = ["d0:3C", "d0:9D", "d0:10S", "d0:KS"]  # 3♣ 9♦ 10♠ K♠
ULISES_CARDS = ["d0:3C", "d0:5D", "d0:8H", "d0:AD"]  # 3♣ 5♦ 8♥ A♦
BILLY_CARDS = ["d0:6D", "d0:6H", "d0:7H", "d0:QS", "d0:7C", "d0:2H"]  # 6♦ 6♥ 7♥ Q♠ 7♣ 2♥


@pytest.fixture
def client() -> Iterator[TestClient[Any]]:
    with api_client() as test_client:
        yield test_client


def new_table(client: TestClient[Any], scripted_order: list[str]) -> tuple[str, Headers]:
    body = ok(
        client.post(
            "/tables",
            json={
                "title": "Frontera",
                "mayor_name": "The Mayor",
                "options": {"mode": "no_management", "scripted_order": scripted_order},
            },
        ),
        201,
    )
    assert body["seat"] == "mayor"
    return body["table_id"], bearer(body["credential"])


def seat(client: TestClient[Any], table: str, mayor: Headers, name: str) -> tuple[str, Headers]:
    return seat_player(client, table, mayor, name)


def create(client: TestClient[Any], table: str, who: Headers, sheet: dict[str, Any]) -> str:
    character: str = ok(client.post(f"/tables/{table}/characters", json=sheet, headers=who), 201)[
        "id"
    ]
    return character


def events(
    client: TestClient[Any], table: str, who: Headers, *types: str, audit: bool = False
) -> list[dict[str, Any]]:
    params: dict[str, Any] = {"limit": 500}
    if types:
        params["type"] = list(types)
    if audit:
        params["audit"] = True
    page = ok(client.get(f"/tables/{table}/events", params=params, headers=who))
    assert page["next_after"] is None
    found: list[dict[str, Any]] = page["events"]
    return found


def without_public_setup(body: Any) -> Any:
    """A body without what is public by construction on a scripted table: the options (the
    scripted order is public to every seat) and the initial arrangement of TableStarted."""
    if isinstance(body, dict):
        if body.get("type") == "TableStarted":
            return None
        return {k: without_public_setup(v) for k, v in body.items() if k != "options"}
    if isinstance(body, list):
        return [without_public_setup(v) for v in body]
    return body


# -- Policarpo [L754-L766] ----------------------------------------------------------------------


def test_policarpo_draws_3c_9d_10s_ks_and_his_three_of_clubs_is_a_partial_success(
    client: TestClient[Any],
) -> None:
    table, mayor = new_table(client, POLICARPO_CARDS)
    david_seat, david = seat(client, table, mayor, "David")
    policarpo = create(
        client,
        table,
        david,
        {
            "name": "Policarpo",
            "traits": {"hands": 3, "senses": 4, "muscle": 3, "head": 2},
            "skills": ["brawl", "strength", "knowledge", "cunning"],  # no perception
        },
    )
    ok(client.post(f"/tables/{table}/start", headers=mayor))
    opened = ok(
        client.post(
            f"/tables/{table}/tests/trait",
            json={
                "character": policarpo,
                "trait": "senses",
                "skill": "perception",
                "difficulty": 8,
            },
            headers=mayor,
        ),
        201,
    )
    assert opened["test"] == 1

    drawn = ok(
        client.post(f"/tables/{table}/tests/draw", json={"character": policarpo}, headers=david)
    )
    assert drawn["cards"] == POLICARPO_CARDS

    (draw,) = events(client, table, david, "CardsDrawn")
    assert draw["actor"] == david_seat
    assert draw["data"]["cards"] == POLICARPO_CARDS
    count = draw["data"]["count"]
    assert (count["trait"], count["skill"], count["total"]) == (4, 0, 4)  # senses 4, no perception

    ok(
        client.post(
            f"/tables/{table}/tests/choose",
            json={"character": policarpo, "cards": ["d0:3C"]},
            headers=david,
        )
    )

    for who in (david, mayor):
        (revealed,) = events(client, table, who, "CardsRevealed")
        assert revealed["data"]["cards"] == {policarpo: ["d0:3C"]}
        (resolved,) = events(client, table, who, "TestResolved")
        assert resolved["data"]["kind"] == "trait"
        assert resolved["data"]["outcomes"] == {policarpo: "partial"}
    view = ok(client.get(f"/tables/{table}", headers=david))
    assert view["test"] is None


# -- Ulises chases Billy [L822-L850] -----------------------------------------------------------


def test_ulises_eight_of_hearts_beats_billys_seven_of_hearts_and_stays_secret_until_billy_chose(
    client: TestClient[Any],
) -> None:
    table, mayor = new_table(client, ULISES_CARDS + BILLY_CARDS)
    player_seat, player = seat(client, table, mayor, "Player")
    ulises = create(
        client,
        table,
        player,
        {
            "name": "Ulises",
            "traits": {"hands": 4, "senses": 3, "muscle": 2, "head": 3},
            "skills": ["quick_shot", "agility", "perception", "cunning"],
        },
    )
    billy = create(
        client,
        table,
        mayor,
        {
            "name": "Billy Bala",
            "kind": "npc",
            "traits": {"hands": 3, "senses": 2, "muscle": 4, "head": 2},
            "skills": ["agility"],
        },
    )
    sheet = ok(client.get(f"/tables/{table}/characters/{billy}", headers=mayor))
    assert (sheet["kind"], sheet["seat"]) == ("npc", "mayor")
    ok(client.post(f"/tables/{table}/start", headers=mayor))
    ok(
        client.post(
            f"/tables/{table}/tests/opposed",
            json={
                "participants": [
                    {"character": ulises, "trait": "muscle", "skill": "agility"},
                    {"character": billy, "trait": "muscle", "skill": "agility"},
                ]
            },
            headers=mayor,
        ),
        201,
    )

    # the Mayor may not draw for Ulises, nor the player for Billy
    assert (
        client.post(
            f"/tables/{table}/tests/draw", json={"character": ulises}, headers=mayor
        ).status_code
        == 403
    )
    assert (
        client.post(
            f"/tables/{table}/tests/draw", json={"character": billy}, headers=player
        ).status_code
        == 403
    )

    ulises_draw = ok(
        client.post(f"/tables/{table}/tests/draw", json={"character": ulises}, headers=player)
    )
    assert ulises_draw["cards"] == ULISES_CARDS
    billy_draw = ok(
        client.post(f"/tables/{table}/tests/draw", json={"character": billy}, headers=mayor)
    )
    assert billy_draw["cards"] == BILLY_CARDS

    (seen_by_player,) = events(client, table, player, "CardsDrawn")[:1]
    assert seen_by_player["data"]["cards"] == ULISES_CARDS
    counts = {
        e["data"]["character"]: e["data"]["count"]
        for e in events(client, table, mayor, "CardsDrawn")
    }
    assert (counts[ulises]["trait"], counts[ulises]["skill"], counts[ulises]["total"]) == (2, 2, 4)
    assert (counts[billy]["trait"], counts[billy]["skill"], counts[billy]["total"]) == (4, 2, 6)

    # Ulises picks his only heart, in secret
    ok(
        client.post(
            f"/tables/{table}/tests/choose",
            json={"character": ulises, "cards": ["d0:8H"]},
            headers=player,
        )
    )

    view = ok(client.get(f"/tables/{table}", headers=mayor))
    assert view["test"]["waiting_for"] == [billy]
    (ulises_part,) = [p for p in view["test"]["participants"] if p["character"] == ulises]
    assert ulises_part["chosen"] is True
    assert ulises_part["cards"] is None and ulises_part["chosen_cards"] is None
    log = events(client, table, mayor)
    assert [e for e in log if e["type"] in ("CardsRevealed", "TestResolved")] == []
    (chosen,) = [e for e in log if e["type"] == "CardsChosen"]
    assert chosen["data"]["cards"] == [None] and "cards" in chosen["hidden"]
    # no trace of any of Ulises' cards in anything the Mayor reads in play (the scripted
    # order in the options and the initial arrangement are public by construction)
    seen = json.dumps(without_public_setup([view, log]))
    for card in ULISES_CARDS:
        assert card not in seen, card
    # and Billy's hand is the Mayor's secret from the player
    player_reads = [
        ok(client.get(f"/tables/{table}", headers=player)),
        events(client, table, player),
    ]
    seen = json.dumps(without_public_setup(player_reads))
    for card in BILLY_CARDS:
        assert card not in seen, card

    ok(
        client.post(
            f"/tables/{table}/tests/choose",
            json={"character": billy, "cards": ["d0:7H"]},
            headers=mayor,
        )
    )

    for who in (player, mayor):
        log = events(client, table, who)
        types = [e["type"] for e in log]
        assert types.count("CardsChosen") == 2
        assert types.index("CardsRevealed") > max(
            i for i, t in enumerate(types) if t == "CardsChosen"
        )
        (revealed,) = [e for e in log if e["type"] == "CardsRevealed"]
        assert revealed["data"]["cards"] == {ulises: ["d0:8H"], billy: ["d0:7H"]}
        (resolved,) = events(client, table, who, "TestResolved")
        assert resolved["data"]["kind"] == "opposed"
        assert resolved["data"]["outcomes"] == {ulises: "victory", billy: "defeat"}
    assert player_seat == "p1"
    assert ok(client.get(f"/tables/{table}", headers=player))["test"] is None
