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
from tests.permission_matrix import World
from tests.test_api_permissions import scan

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
        ok(table.post("mayor", "/combats", COMBAT), 201)
        turn = ok(table.post("mayor", "/combats/turns", {}), 201)["test"]

        # a player may not announce before the Mayor's henchmen
        early = table.post("Djamal", "/combats/declare", {"character": "c1", **DECLARATIONS[3][1]})
        assert early.status_code == 409 and early.json()["code"] == "npcs_first"

        drawn = {}
        for character, declaration in DECLARATIONS:
            body = {"character": character, **declaration}
            drawn[character] = ok(table.post(PLAYS[character], "/combats/declare", body))["cards"]
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
            ok(table.post(PLAYS[character], "/combats/attacks", body))
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
        ok(table.post("mayor", "/combats", COMBAT), 201)
        ok(table.post("mayor", "/combats/turns", {}), 201)
        hands = {}
        for character, declaration in DECLARATIONS:
            body = {"character": character, **declaration}
            hands[character] = ok(table.post(PLAYS[character], "/combats/declare", body))["cards"]
        world = World(client, table.id, headers={"none": {}, **table.headers})
        other = ok(client.post("/tables", json={"title": "Other", "mayor_name": "O"}), 201)
        world.headers["foreign"] = bearer(other["credential"])
        world.headers["A"], world.headers["B"] = table.headers["Djamal"], table.headers["Coyote"]
        scan(client, world, "combat: every hand drawn, nothing chosen")
        for character in ("c3", "c4", "c5", "c1"):
            target = dict(DECLARATIONS)[character]["targets"][0]
            card = next(c for c in hands[character] if "JK" not in c)
            body = {"character": character, "attacks": [{"card": card, "target": target}]}
            ok(table.post(PLAYS[character], "/combats/attacks", body))
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


def test_a_pistol_duel_between_two_seats_shoots_the_loser_with_the_winners_weapon() -> None:
    """Ann's rifle (1 + 2) against Bea's revolver (1 + 1), each player at its own seat: Bea's
    Q♠ beats Ann's 3♠, so Ann takes the revolver's 2 levels, not her rifle's 3 [L1121]."""
    ann_draw = ["d0:3S", "d0:2H", "d0:3H", "d0:4H", "d0:5H"]
    bea_draw = ["d0:QS", "d0:6H", "d0:7H", "d0:8H", "d0:9H"]
    with api_client() as client:
        created = ok(
            client.post(
                "/tables",
                json={
                    "title": "High noon",
                    "mayor_name": "M",
                    "options": {"mode": "no_management", "scripted_order": ann_draw + bea_draw},
                },
            ),
            201,
        )
        table, mayor = created["table_id"], bearer(created["credential"])

        def post(who: Headers, path: str, body: Any, status: int = 200) -> Any:
            return ok(client.post(f"/tables/{table}{path}", json=body, headers=who), status)

        ann_seat = seat_player(client, table, mayor, "Ana")[1]
        bea_seat = seat_player(client, table, mayor, "Bea")[1]
        sheet = {
            "traits": {"hands": 3, "senses": 3, "muscle": 3, "head": 3},
            "skills": ["quick_shot", "agility", "perception", "cunning"],
        }
        ann = post(ann_seat, "/characters", {"name": "Ann", **sheet}, 201)["id"]
        bea = post(bea_seat, "/characters", {"name": "Bea", **sheet}, 201)["id"]
        gun = {"character": ann, "item": "rifle", "change": 1, "reason": "her father's rifle"}
        post(mayor, "/equipment", gun)  # a protagonist duels with what it carries
        post(mayor, "/start", None)
        duellists = [{"character": ann, "weapon": "rifle"}, {"character": bea}]
        post(mayor, "/tests/pistol-duel", {"duellists": duellists}, 201)
        assert post(ann_seat, "/tests/draw", {"character": ann})["cards"] == ann_draw
        assert post(bea_seat, "/tests/draw", {"character": bea})["cards"] == bea_draw
        post(ann_seat, "/tests/choose", {"character": ann, "cards": ["d0:3S"]})
        post(bea_seat, "/tests/choose", {"character": bea, "cards": ["d0:QS"]})
        view = ok(client.get(f"/tables/{table}", headers=bea_seat))
        levels = {c["id"]: c["health"] for c in view["characters"]}
        assert levels == {ann: "badly_wounded", bea: "healthy"}


def test_weapons_have_kinds_over_http_and_a_technique_takes_its_own() -> None:
    with api_client() as client:
        table = Table(client, {"mode": "no_management"})
        ranges = {"adjacent": 0, "short": 0, "medium": None, "long": None}
        tomahawk = {"name": "tomahawk", "kind": "thrown", "damage": 1, "ranges": ranges}
        ok(table.post("mayor", "/weapons", {"weapon": tomahawk}))
        kinds = {w["name"]: w["kind"] for w in table.view("Djamal")["weapons"]}
        assert (kinds["tomahawk"], kinds["knife"], kinds["revolver"]) == (
            "thrown",
            "melee",
            "ranged",
        )
        ok(table.post("Djamal", "/characters", DJAMAL_SHEET), 201)
        ok(table.post("mayor", "/characters", henchman_sheet(1)), 201)
        ok(table.post("mayor", "/start"))
        pair = {"combatants": [{"character": "c1"}, {"character": "c2"}], "range": "adjacent"}
        ok(table.post("mayor", "/combats", pair), 201)
        ok(table.post("mayor", "/combats/turns", {}), 201)
        ok(
            table.post(
                "mayor",
                "/combats/declare",
                {"character": "c2", "action": "move", "move": "adjacent"},
            )
        )
        knife = {
            "character": "c1",
            "action": "attack",
            "technique": "quick_shot",
            "weapon": "knife",
            "targets": ["c2"],
        }
        refused = table.post("Djamal", "/combats/declare", knife)
        assert refused.status_code == 422 and refused.json()["code"] == "wrong_weapon_kind"
