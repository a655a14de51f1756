"""Harm, drinking and recovery over HTTP, each seat with its own credential.

Ann falls 10 m from a roof and fails her agility save (badly wounded, -2); Doc, the Mayor's
NPC, tends her with a success in head (knowledge); the Mayor lets 8 hours of rest pass and
she is only wounded (-1): with care a badly wounded level takes 8 hours, without it a day.
Then she drinks. Her progress and drinks are hers and the Mayor's to read, not Bea's.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from litestar.testing import TestClient

from tests.api_helpers import Headers, api_client, bearer, ok, seat_player

#: Ann (muscle 3 + agility) draws the first five and plays 7♠ (a failure); Doc (head 3 +
#: knowledge) draws the next five and plays 9♦ (a success)
SCRIPT = ["d0:7S", "d0:2S", "d0:3S", "d0:4S", "d0:5S", "d0:9D", "d0:6S", "d0:8S", "d0:9S", "d0:10S"]


@pytest.fixture
def client() -> Iterator[TestClient[Any]]:
    with api_client() as test_client:
        yield test_client


def test_a_fall_medical_care_and_a_night_of_rest_over_http(client: TestClient[Any]) -> None:
    created = ok(
        client.post(
            "/tables",
            json={
                "title": "Frontera",
                "mayor_name": "The Mayor",
                "options": {"mode": "no_management", "scripted_order": SCRIPT},
            },
        ),
        201,
    )
    table, mayor = created["table_id"], bearer(created["credential"])

    def post(who: Headers, path: str, body: Any, status: int = 200) -> Any:
        return ok(client.post(f"/tables/{table}{path}", json=body, headers=who), status)

    ana = seat_player(client, table, mayor, "Ana")[1]
    bea = seat_player(client, table, mayor, "Bea")[1]
    sheet = {"traits": {"hands": 3, "senses": 3, "muscle": 3, "head": 3}}
    skills = ["brawl", "agility", "knowledge", "cunning"]
    ann = post(ana, "/characters", {"name": "Ann", **sheet, "skills": skills}, 201)["id"]
    doc = post(
        mayor, "/characters", {"name": "Doc", "kind": "npc", **sheet, "skills": ["knowledge"]}, 201
    )["id"]
    post(mayor, "/start", None)

    fall = {"character": ann, "cause": "fall", "metres": 10, "reason": "off the roof"}
    assert post(mayor, "/accidents", fall)["test"] == 1
    assert post(ana, "/tests/draw", {"character": ann})["cards"] == SCRIPT[:5]
    post(ana, "/tests/choose", {"character": ann, "cards": ["d0:7S"]})
    view = ok(client.get(f"/tables/{table}", headers=bea))
    assert next(c for c in view["characters"] if c["id"] == ann)["health"] == "badly_wounded"

    care = post(mayor, "/tests/medical-care", {"healer": doc, "patient": ann}, 201)
    assert care["test"] == 2
    assert post(mayor, "/tests/draw", {"character": doc})["cards"] == SCRIPT[5:10]
    post(mayor, "/tests/choose", {"character": doc, "cards": ["d0:9D"]})

    night = {"amount": 8, "unit": "hours", "resting": [ann], "reason": "a night at Doc's"}
    assert post(mayor, "/time", night)["elapsed_seconds"] == 8 * 3600
    mine = ok(client.get(f"/tables/{table}/characters/{ann}", headers=ana))
    assert (mine["health"], mine["levels"]["health"]) == ("wounded", -1)
    assert mine["recovery"] == {}  # the new level starts afresh, without care

    assert post(ana, "/drinks", {"character": ann, "drinks": 3})["level"] == 0
    assert ok(client.get(f"/tables/{table}/characters/{ann}", headers=ana))["drinks"] == 3
    walk = {"amount": 4, "unit": "hours", "reason": "a walk"}
    assert post(mayor, "/time", walk)["elapsed_seconds"] == 12 * 3600
    theirs = ok(client.get(f"/tables/{table}/characters/{ann}", headers=bea))
    assert (theirs["health"], theirs["drinks"], theirs["recovery"]) == ("wounded", None, None)
    mine = ok(client.get(f"/tables/{table}/characters/{ann}", headers=ana))
    assert mine["drinks"] == 0  # slept off: sober after an hour or more
    progress = mine["recovery"]["health"]
    assert (progress["level"], progress["seconds"]) == (-1, {"no_rest": 4 * 3600})

    log = ok(
        client.get(
            f"/tables/{table}/events",
            params={"type": ["AccidentSuffered", "MedicalCareGiven"], "limit": 50},
            headers=bea,
        )
    )["events"]
    assert [(e["type"], e["data"].get("lost"), e["data"].get("effective")) for e in log] == [
        ("AccidentSuffered", 2, None),
        ("MedicalCareGiven", None, True),
    ]
