"""Starting equipment and money [L671-L676] over HTTP, each seat with its own credential: the
kit and the $50, the Mayor's grants with a reason, and a combatant's weapon checked against
what its protagonist carries."""

from __future__ import annotations

from typing import Any

from tests.api_helpers import api_client, bearer, ok, seat_player

CLEMENTINE = {
    "name": "Clementine",
    "traits": {"hands": 2, "senses": 4, "muscle": 3, "head": 3},
    "skills": ["aim", "agility", "cunning", "perception"],
}
KIT = {
    "kit": "revolver",
    "purchases": [{"item": "rifle", "price": 20}, {"item": "work clothes", "price": 3}],
    "money": 27,
}
ODETTE = {**CLEMENTINE, "name": "Odette", "kit": "knives"}


def test_the_starting_kit_the_mayors_grants_and_the_weapons_carried_over_http() -> None:
    with api_client() as client:
        options = {"mode": "no_management"}
        body = {"title": "Dust", "mayor_name": "M", "options": options}
        created = ok(client.post("/tables", json=body), 201)
        table, mayor = created["table_id"], bearer(created["credential"])
        _, judit = seat_player(client, table, mayor, "Judit")
        _, bea = seat_player(client, table, mayor, "Bea")

        def post(who: Any, path: str, payload: Any) -> Any:
            return client.post(f"/tables/{table}{path}", json=payload, headers=who)

        def character(who: Any, character_id: str) -> Any:
            return ok(client.get(f"/tables/{table}/characters/{character_id}", headers=who))

        rich = post(judit, "/characters", {**CLEMENTINE, "money": 1_000_000})
        assert rich.status_code == 422 and rich.json()["code"] == "over_budget"
        clementine = ok(post(judit, "/characters", {**CLEMENTINE, **KIT}), 201)["id"]
        odette = ok(post(bea, "/characters", ODETTE), 201)["id"]
        mine = character(judit, clementine)
        assert mine["money"] == 27
        assert mine["equipment"] == {"horse": 1, "revolver": 1, "rifle": 1, "work clothes": 1}
        assert character(bea, clementine)["equipment"] is None  # her sheet is hers
        assert character(bea, odette)["equipment"] == {"horse": 1, "knife": 10}

        # more money or gear is the Mayor's to grant, with a reason
        grant = {"character": odette, "item": "revolver", "change": 1, "reason": "a gift"}
        refused = post(judit, "/equipment", grant)
        assert refused.status_code == 403 and refused.json()["code"] == "not_game_master"
        ok(post(mayor, "/equipment", grant))
        reward = {"character": clementine, "money": 500, "reason": "the sheriff's reward"}
        ok(post(mayor, "/money", reward))
        log = ok(
            client.get(
                f"/tables/{table}/events",
                params={"type": ["EquipmentChanged", "MoneyChanged"]},
                headers=bea,
            )
        )["events"]
        assert [(e["type"], e["data"]["reason"]) for e in log] == [
            ("EquipmentChanged", "a gift"),
            ("MoneyChanged", "the sheriff's reward"),
        ]
        assert character(bea, odette)["equipment"]["revolver"] == 1

        ok(post(mayor, "/start", None))
        fighters = {"combatants": [{"character": clementine}, {"character": odette}]}
        ok(post(mayor, "/combats", {**fighters, "range": "short"}), 201)
        ok(post(mayor, "/combats/turns", {}), 201)
        shot = {"action": "attack", "technique": "quick_shot", "targets": [odette]}
        shotgun = post(
            judit, "/combats/declare", {"character": clementine, **shot, "weapon": "shotgun"}
        )
        assert shotgun.status_code == 409 and shotgun.json()["code"] == "weapon_not_carried"
        ok(post(judit, "/combats/declare", {"character": clementine, **shot, "weapon": "rifle"}))
        throw = {
            "character": odette,
            "action": "attack",
            "technique": "thrown",
            "weapon": "thrown knife",
            "weapons": 2,
            "targets": [clementine],
        }
        ok(post(bea, "/combats/declare", throw))
