"""The third reading over HTTP [issue 26], each seat with its own credential: a grapple's hold
kept or broken by the next turn's opposed muscle test [L1090], and a game of chance among three
where two tie for the best hand [L1407-L1408]."""

from __future__ import annotations

from typing import Any

from litestar.testing import TestClient

from tests.api_helpers import Headers, api_client, bearer, ok, seat_player
from tests.frontera_scripts import normal_script
from tests.test_frontera_third_reading import ANN_HOLD, BILLY_HOLD, GRAPPLE

ANN = {
    "name": "Ann",
    "traits": {"hands": 4, "senses": 3, "muscle": 3, "head": 2},
    "skills": ["quick_shot", "strength", "perception", "brawl"],
}
BILLY = {
    "name": "Billy",
    "kind": "npc",
    "traits": {"hands": 3, "senses": 3, "muscle": 2, "head": 2},
    "skills": ["quick_shot", "aim"],
}
GAMBLER = {
    "traits": {"hands": 3, "senses": 3, "muscle": 3, "head": 3},
    "skills": ["brawl", "agility", "cunning", "aim"],
    "money": 20,
}


class Table:
    """A table whose Mayor and players each hold their own credential."""

    def __init__(self, client: TestClient[Any], options: dict[str, Any], *players: str) -> None:
        self.client = client
        body = {"title": "Third reading", "mayor_name": "M", "options": options}
        created = ok(client.post("/tables", json=body), 201)
        self.id = created["table_id"]
        self.who: dict[str, Headers] = {"mayor": bearer(created["credential"])}
        self.seat: dict[str, str] = {"mayor": "mayor"}
        for name in players:
            self.seat[name], self.who[name] = seat_player(client, self.id, self.who["mayor"], name)

    def post(self, who: str, path: str, body: Any = None) -> Any:
        return self.client.post(f"/tables/{self.id}{path}", json=body, headers=self.who[who])

    def get(self, who: str, path: str = "", **params: Any) -> Any:
        return ok(self.client.get(f"/tables/{self.id}{path}", params=params, headers=self.who[who]))

    def log(self, who: str, kind: str) -> list[dict[str, Any]]:
        return [e["data"] for e in self.get(who, "/events", limit=500, type=[kind])["events"]]


def held_by(table: Table, who: str, character: str) -> str | None:
    combatants = {c["character"]: c for c in table.get(who)["combat"]["combatants"]}
    held: str | None = combatants[character]["held_by"]
    return held


def test_a_grapples_hold_is_broken_by_the_held_npcs_victory_in_the_next_turn_over_http() -> None:
    with api_client() as client:
        options = {"mode": "no_management", "scripted_order": GRAPPLE + BILLY_HOLD + ANN_HOLD}
        table = Table(client, options, "ann", "bea")
        assert ok(table.post("ann", "/characters", ANN), 201)["id"] == "c1"
        assert ok(table.post("mayor", "/characters", BILLY), 201)["id"] == "c2"
        ok(table.post("mayor", "/start"))
        combatants = [{"character": "c1"}, {"character": "c2"}]
        ok(table.post("mayor", "/combats", {"combatants": combatants, "range": "adjacent"}), 201)

        # turn 1: Ann's brawl ♠ grapples Billy, who takes no harm
        ok(table.post("mayor", "/combats/turns", {}), 201)
        ok(
            table.post(
                "mayor",
                "/combats/declare",
                {"character": "c2", "action": "move", "move": "adjacent"},
            )
        )
        grapple = {"technique": "brawl", "targets": ["c2"], "variant": "grapple"}
        ok(
            table.post(
                "ann", "/combats/declare", {"character": "c1", "action": "attack", **grapple}
            )
        )
        attack = {"character": "c1", "attacks": [{"card": "d0:5S", "target": "c2"}]}
        ok(table.post("ann", "/combats/attacks", attack))
        assert held_by(table, "bea", "c2") == "c1"

        # turn 2: the hold's test is the only action of both; the Mayor's Billy first
        ok(table.post("mayor", "/combats/turns", {}), 201)
        move = {"character": "c1", "action": "move", "move": "adjacent"}
        refused = table.post("ann", "/combats/declare", move)
        assert refused.status_code == 409 and refused.json()["code"] == "character_cannot_act"
        early = table.post("ann", "/combats/declare", {"character": "c1", "action": "hold"})
        assert early.status_code == 409 and early.json()["code"] == "npcs_first"
        billy = {"character": "c2", "action": "hold"}
        assert ok(table.post("mayor", "/combats/declare", billy))["cards"] == BILLY_HOLD
        ann = ok(table.post("ann", "/combats/declare", {"character": "c1", "action": "hold"}))
        assert ann["cards"] == ANN_HOLD
        for who, character, card, rival in (
            ("mayor", "c2", "d0:QH", "c1"),
            ("ann", "c1", "d0:8S", "c2"),
        ):
            body = {"character": character, "attacks": [{"card": card, "target": rival}]}
            ok(table.post(who, "/combats/attacks", body))

        # Billy's ♥ beats Ann's ♠: the hold is broken, as every seat reads
        (tested,) = table.log("bea", "HoldTested")
        hold = tested["hold"]
        assert (hold["held"], hold["holder"], hold["kept"]) == ("c2", "c1", False)
        assert hold["outcomes"] == {"c2": "victory", "c1": "defeat"}
        assert hold["cards"] == {"c2": "d0:QH", "c1": "d0:8S"}
        for who in ("ann", "bea", "mayor"):
            assert held_by(table, who, "c2") is None
        record = table.get("bea", f"/tests/{tested['test']}")
        assert record["outcomes"] == {"c2": "broken", "c1": "broken"}


def test_two_tied_best_of_three_at_a_game_of_chance_exchange_over_http() -> None:
    # each draws 5 (head 3 + cunning); Ana and Bea play a K♦ each, Cid a Q♦
    pile = [
        *["d0:KD", "d0:2C", "d0:3C", "d0:4C", "d0:5C"],
        *["d1:KD", "d1:2C", "d1:3C", "d1:4C", "d1:5C"],
        *["d0:QD", "d0:6C", "d0:7C", "d0:9C", "d0:10C"],
    ]
    options = {"mode": "normal", "decks": 2, "scripted_order": normal_script(4, pile=pile)}
    with api_client() as client:
        table = Table(client, options, "ana", "bea", "cid")
        for name in ("ana", "bea", "cid"):
            ok(table.post(name, "/characters", {"name": name.title(), **GAMBLER}), 201)
        ok(table.post("mayor", "/start"))
        ok(table.post("mayor", "/games/chance", {"participants": ["c1", "c2", "c3"]}), 201)
        for name, character, card in (
            ("ana", "c1", "d0:KD"),
            ("bea", "c2", "d1:KD"),
            ("cid", "c3", "d0:QD"),
        ):
            ok(table.post(name, "/tests/draw", {"character": character}))
            ok(table.post(name, "/tests/choose", {"character": character, "cards": [card]}))

        (resolved,) = table.log("cid", "TestResolved")
        assert resolved["outcomes"] == {"c1": "tie", "c2": "tie", "c3": "defeat"}
        ana, bea, cid = (f"player_deck:{table.seat[name]}" for name in ("ana", "bea", "cid"))
        ties = [m for m in table.log("mayor", "CardsMoved") if m["reason"] == "bet_tie"]
        assert [(m["source"], m["target"]) for m in ties] == [(ana, bea), (bea, ana)]
        # then each tied winner picks one of Cid's cards and gives one of its own
        for name in ("ana", "bea"):
            exchange = table.get(name)["exchange"]
            assert (exchange["picker"], exchange["source"]) == (table.seat[name], cid)
            assert table.get("cid")["exchange"]["choices"] is None
            ok(table.post(name, "/exchanges/pick", {"cards": exchange["choices"][:1]}))
            given = table.get(name)["exchange"]["choices"][:1]
            ok(table.post(name, "/exchanges/pick", {"cards": given}))
        assert table.get("mayor")["exchange"] is None
        money = {c["id"]: c["money"] for c in table.get("mayor")["characters"]}
        assert money == {"c1": 40, "c2": 40, "c3": 0}
