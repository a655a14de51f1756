"""The book's combat turn [L1132-L1207] over HTTP, each seat with its own credential.

Djamal's and Coyote's players and the Mayor play the turn as the book tells it; the test
asserts every hit, miss and health level, and what each seat may see before the reveal.
"""

from __future__ import annotations

from typing import Any

from litestar.testing import TestClient

from tests.api_helpers import Headers, api_client, bearer, ok, seat_player
from tests.frontera_combat import (
    BOOK_ATTACKS,
    BOOK_HEALTH,
    CHOICES,
    COMBAT,
    COYOTE_SHEET,
    DECLARATIONS,
    DJAMAL_SHEET,
    book_options,
    henchman_sheet,
)
from tests.test_api_permissions import World, scan

PLAYS = {"c1": "Djamal", "c2": "Coyote", "c3": "mayor", "c4": "mayor", "c5": "mayor"}


class Table:
    def __init__(self, client: TestClient[Any], options: dict[str, Any]) -> None:
        self.client = client
        created = ok(
            client.post("/tables", json={"title": "Ambush", "mayor_name": "M", "options": options}),
            201,
        )
        self.id = created["table_id"]
        self.headers: dict[str, Headers] = {"mayor": bearer(created["credential"])}
        for player in ("Djamal", "Coyote"):
            _, self.headers[player] = seat_player(client, self.id, self.headers["mayor"], player)

    def post(self, who: str, path: str, body: Any = None) -> Any:
        return self.client.post(f"/tables/{self.id}{path}", json=body, headers=self.headers[who])

    def view(self, who: str, **params: Any) -> Any:
        return ok(self.client.get(f"/tables/{self.id}", headers=self.headers[who], params=params))


def test_the_book_combat_turn_over_http() -> None:
    with api_client() as client:
        table = Table(client, book_options())
        ok(table.post("Djamal", "/characters", DJAMAL_SHEET), 201)
        ok(table.post("Coyote", "/characters", COYOTE_SHEET), 201)
        for number in (1, 2, 3):
            ok(table.post("mayor", "/characters", henchman_sheet(number)), 201)
        ok(table.post("mayor", "/start"))
        ok(table.post("mayor", "/combat", COMBAT), 201)
        turn = ok(table.post("mayor", "/combat/turns", {}), 201)["test"]

        # a player may not announce before the Mayor's henchmen
        early = table.post("Djamal", "/combat/declare", {"character": "c1", **DECLARATIONS[3][1]})
        assert early.status_code == 409 and early.json()["code"] == "npcs_first"

        drawn = {}
        for character, declaration in DECLARATIONS:
            body = {"character": character, **declaration}
            drawn[character] = ok(table.post(PLAYS[character], "/combat/declare", body))["cards"]
        assert drawn["c3"] == ["d0:QC", "d0:6S", "d0:9C"]
        assert len(drawn["c1"]) == 8 and len(drawn["c2"]) == 6

        combat = table.view("Coyote")["combat"]
        assert combat["to_declare"] == [] and combat["turn"] == 1 and combat["turn_running"]
        announced = {d["character"]: d for d in combat["declarations"]}
        assert announced["c1"]["targets"] == ["c3", "c4"] and announced["c2"]["weapon"] == "bow"

        for character, attacks in CHOICES.items():
            body = {
                "character": character,
                "attacks": [{"card": c, "target": t} for c, t in attacks.items()],
            }
            ok(table.post(PLAYS[character], "/combat/attacks", body))
            if character == "c1":
                # chosen but not revealed: Coyote sees that Djamal chose, not what or at whom
                seen = {p["character"]: p for p in table.view("Coyote")["test"]["participants"]}
                assert seen["c1"]["chosen"] and seen["c1"]["chosen_cards"] is None
                assert seen["c1"]["targets"] is None
                own = {p["character"]: p for p in table.view("Djamal")["test"]["participants"]}
                assert own["c1"]["targets"] == CHOICES["c1"]
                mayor = table.view("mayor", audit=True)["test"]["participants"]
                assert {p["character"]: p for p in mayor}["c1"]["targets"] is None

        after = table.view("Djamal")
        assert after["test"] is None
        attacks = after["combat"]["last_attacks"]
        judged = [(a["attacker"], a["card"], a["target"], a["hit"], a["taken"]) for a in attacks]
        assert judged == BOOK_ATTACKS
        health = {c["id"]: c["health"] for c in after["characters"]}
        names = {0: "healthy", -4: "dead"}
        assert health == {c: names[level] for c, level in BOOK_HEALTH.items()}
        record = ok(client.get(f"/tables/{table.id}/tests/{turn}", headers=table.headers["Coyote"]))
        assert record["targets"] == CHOICES
        assert record["outcomes"] == {
            "c1": "hit",
            "c2": "hit",
            "c3": "hit",
            "c4": "miss",
            "c5": "hit",
        }


def test_no_hidden_card_or_secret_target_leaks_during_a_combat_turn() -> None:
    with api_client() as client:
        # unscripted: a script is public by design, so it would hide nothing
        table = Table(client, {"mode": "no_management", "decks": 2})
        ok(table.post("Djamal", "/characters", DJAMAL_SHEET), 201)
        ok(table.post("Coyote", "/characters", COYOTE_SHEET), 201)
        for number in (1, 2, 3):
            ok(table.post("mayor", "/characters", henchman_sheet(number)), 201)
        ok(table.post("mayor", "/start"))
        ok(table.post("mayor", "/combat", COMBAT), 201)
        ok(table.post("mayor", "/combat/turns", {}), 201)
        hands = {}
        for character, declaration in DECLARATIONS:
            body = {"character": character, **declaration}
            hands[character] = ok(table.post(PLAYS[character], "/combat/declare", body))["cards"]
        world = World(client, table.id, headers={"none": {}, **table.headers})
        other = ok(client.post("/tables", json={"title": "Other", "mayor_name": "O"}), 201)
        world.headers["foreign"] = bearer(other["credential"])
        world.headers["A"], world.headers["B"] = table.headers["Djamal"], table.headers["Coyote"]
        scan(client, world, "combat: every hand drawn, nothing chosen")
        for character in ("c3", "c4", "c5", "c1"):
            target = dict(DECLARATIONS)[character]["targets"][0]
            card = next(c for c in hands[character] if "JK" not in c)
            body = {"character": character, "attacks": [{"card": card, "target": target}]}
            ok(table.post(PLAYS[character], "/combat/attacks", body))
        scan(client, world, "combat: all but Coyote chose")
        for who, own in (("Coyote", "p2"), ("mayor", "mayor")):
            for audit in (False, True):
                if audit and who != "mayor":
                    continue
                log = ok(
                    client.get(
                        f"/tables/{table.id}/events",
                        headers=table.headers[who],
                        params={"type": "CardsChosen", "audit": audit, "limit": 500},
                    )
                )["events"]
                for event in log:
                    mine = event["data"]["seat"] == own
                    assert (event["data"]["targets"] is None) is not mine, (who, event)
