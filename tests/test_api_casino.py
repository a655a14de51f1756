"""Clementine at the casino [L1340], over HTTP, each seat with its own credential.

The Mayor's deck is scripted so that the house draws A♠, 6♥, 8♣ and then the Joker; the pile so
that Clementine's stop test draws 4♣ 5♥ K♠ J♥ Q♠. Every round, the stop test, the settlement
($12 -> $60) and the card exchange with the Mayor that her victory earns are asserted, and the
cards she picks and gives stay hers to know: Bea (another player) and the Mayor in play never
read them.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from litestar.testing import TestClient

from tests.api_helpers import Headers, api_client, bearer, ok, seat_player
from tests.frontera_scripts import normal_script

MAYOR_DEAL = ["d0:AS", "d0:6H", "d0:8C", "d0:JK1", "d0:2C", "d0:3C", "d0:4H", "d0:5C"]
CLEMENTINE_DEAL = ["d0:2D", "d0:3D", "d0:6D", "d0:7D", "d0:9D", "d0:10D", "d0:QD", "d0:KD"]
STOP_DRAW = ["d0:4C", "d0:5H", "d0:KS", "d0:JH", "d0:QS"]  # 4♣ 5♥ K♠ J♥ Q♠
CLEMENTINE = {
    "name": "Clementine",
    "traits": {"hands": 2, "senses": 4, "muscle": 3, "head": 3},
    "skills": ["aim", "agility", "cunning", "perception"],
    "money": 12,
}


@pytest.fixture
def client() -> Iterator[TestClient[Any]]:
    with api_client() as test_client:
        yield test_client


class Casino:
    def __init__(self, client: TestClient[Any], stop_draw: list[str] = STOP_DRAW) -> None:
        self.client = client
        script = normal_script(3, deals={0: MAYOR_DEAL, 1: CLEMENTINE_DEAL}, pile=stop_draw)
        options = {"mode": "normal", "separate_dead_mans_hand": True, "scripted_order": script}
        body = ok(
            client.post("/tables", json={"title": "Casino", "mayor_name": "M", "options": options}),
            201,
        )
        self.table = body["table_id"]
        self.who: dict[str, Headers] = {"mayor": bearer(body["credential"])}
        for name in ("judit", "bea"):
            self.who[name] = seat_player(client, self.table, self.who["mayor"], name)[1]

    def post(self, who: str, path: str, body: Any = None) -> Any:
        return self.client.post(f"/tables/{self.table}{path}", json=body, headers=self.who[who])

    def get(self, who: str, path: str = "", **params: Any) -> Any:
        return ok(
            self.client.get(f"/tables/{self.table}{path}", params=params, headers=self.who[who])
        )

    def log(self, who: str, kind: str) -> list[dict[str, Any]]:
        events = self.get(who, "/events", limit=500, type=[kind])["events"]
        return [e["data"] for e in events]

    def plain_reads(self, who: str) -> str:
        version = self.get("mayor")["version"]
        reads = [self.get(who), self.get(who, "/events", limit=500)]
        reads += [self.get(who, version=v) for v in range(version - 12, version + 1)]
        return json.dumps(without_public_setup(reads))


def without_public_setup(body: Any) -> Any:
    """Without what a scripted table makes public: its options and initial arrangement."""
    if isinstance(body, dict):
        if body.get("type") == "TableStarted":
            return None
        return {k: without_public_setup(v) for k, v in body.items() if k != "options"}
    if isinstance(body, list):
        return [without_public_setup(v) for v in body]
    return body


def test_clementine_wins_60_dollars_at_the_casino_and_exchanges_a_card_with_the_mayor(
    client: TestClient[Any],
) -> None:
    c = Casino(client)
    clementine = ok(c.post("judit", "/characters", CLEMENTINE), 201)["id"]
    ok(c.post("mayor", "/start"))
    assert c.get("judit", f"/characters/{clementine}")["money"] == 12
    assert c.get("bea", f"/characters/{clementine}")["money"] is None

    ok(c.post("mayor", "/games/house", {"character": clementine}), 201)
    # only Clementine's seat plays her rounds
    assert c.post("mayor", "/games/house/rounds", {"character": clementine}).status_code == 403

    rounds = [("d0:AS", 3, True, 0, 3), ("d0:6H", 1, False, 1, 3), ("d0:8C", 1, False, 2, 3)]
    for number, (card, points, for_player, house, player) in enumerate(rounds, start=1):
        drawn = ok(c.post("judit", "/games/house/rounds", {"character": clementine}))
        assert drawn["cards"] == [card]
        played = c.log("bea", "HouseRoundPlayed")[-1]
        assert (played["round"], played["card"], played["points"]) == (number, card, points)
        assert (played["for_player"], played["house"], played["player"]) == (
            for_player,
            house,
            player,
        )
        table = c.get("bea")["house_game"]
        assert (table["rounds"], table["house"], table["player"]) == (number, house, player)

    # the stop test: head 3 + cunning = 5 cards, no ♦, two ♥: she plays the 5♥, a partial
    opened = ok(c.post("judit", "/games/house/stop", {"character": clementine}), 201)
    drawn = ok(c.post("judit", "/tests/draw", {"character": clementine}))
    assert drawn["cards"] == STOP_DRAW
    (count,) = [e["count"] for e in c.log("judit", "CardsDrawn")]
    assert (count["trait"], count["skill"], count["total"]) == (3, 2, 5)
    ok(c.post("judit", "/tests/choose", {"character": clementine, "cards": ["d0:5H"]}))
    (resolved,) = c.log("mayor", "TestResolved")
    assert resolved["test"] == opened["test"] and resolved["outcomes"] == {clementine: "partial"}
    (decided,) = c.log("bea", "HouseStopDecided")
    assert (decided["leaves"], decided["last_round"]) == (False, True)
    assert c.post("judit", "/games/house/stop", {"character": clementine}).status_code == 409

    # the last round: the Joker, 5 points for Clementine; the night is settled
    assert ok(c.post("judit", "/games/house/rounds", {"character": clementine}))["cards"] == [
        "d0:JK1"
    ]
    (ended,) = c.log("bea", "HouseGameEnded")
    assert (ended["house"], ended["player"], ended["result"]) == (2, 8, -6)
    (paid,) = c.log("judit", "MoneyChanged")
    assert (paid["before"], paid["after"]) == (12, 60)
    assert c.get("judit", f"/characters/{clementine}")["money"] == 60
    assert c.get("bea")["house_game"] is None

    # her victory: she picks a card of the Mayor's deck, shown to her alone
    exchange = c.get("judit")["exchange"]
    assert (exchange["kind"], exchange["picker"], exchange["at_most"]) == ("bet", "p1", 1)
    mayors_deck = exchange["choices"]
    assert sorted(mayors_deck) == sorted(MAYOR_DEAL)  # the rounds went back, the hand aside
    for other in ("bea", "mayor"):
        assert c.get(other)["exchange"]["choices"] is None
    assert c.post("mayor", "/exchanges/pick", {"cards": ["d0:JK1"]}).status_code == 403
    assert c.post("judit", "/exchanges/pick", {"cards": ["d0:AH"]}).status_code == 422
    assert ok(c.post("judit", "/exchanges/pick", {"cards": ["d0:JK1"]}))["cards"] == ["d0:JK1"]

    # then she gives one of hers: her deck, shown to her (a winner may look in phase 1)
    exchange = c.get("judit")["exchange"]
    assert exchange["source"] == "player_deck:p1" and "d0:JK1" not in exchange["choices"]
    assert sorted(exchange["choices"]) == sorted([*CLEMENTINE_DEAL, "d0:5H"])
    ok(c.post("judit", "/exchanges/pick", {"cards": ["d0:2D"]}))
    assert c.get("judit")["exchange"] is None

    mine = c.get("judit")
    assert mine["phase"] == 1
    # in phase 1 the decks stay face down in the view; the log tells her what she moved
    moves = [m for m in c.log("judit", "CardsMoved") if m["reason"] == "bet"]
    assert [m["cards"] for m in moves] == [["d0:JK1"], ["d0:2D"]]
    assert all(m["seen_by"] == ["p1"] for m in moves)
    assert "d0:2D" in c.plain_reads("judit")  # the scan sees a card that is there
    for other in ("bea", "mayor"):
        seen = c.plain_reads(other)
        for card in CLEMENTINE_DEAL:
            assert card not in seen, f"{card} leaks to {other}"
        hidden = [m for m in c.log(other, "CardsMoved") if m["reason"] == "bet"]
        assert [m["cards"] for m in hidden] == [[None], [None]]
        assert not c.log(other, "DeckShown") or all(
            d["cards"] == [None] * len(d["cards"]) for d in c.log(other, "DeckShown")
        )


def test_after_a_failed_stop_test_over_http_she_plays_another_round_before_trying_again(
    client: TestClient[Any],
) -> None:
    c = Casino(client, stop_draw=["d0:4C", "d0:6C", "d0:KS", "d0:JS", "d0:QS"])  # all black
    clementine = ok(c.post("judit", "/characters", CLEMENTINE), 201)["id"]
    ok(c.post("mayor", "/start"))
    ok(c.post("mayor", "/games/house", {"character": clementine}), 201)
    ok(c.post("judit", "/games/house/rounds", {"character": clementine}))
    ok(c.post("judit", "/games/house/stop", {"character": clementine}), 201)
    ok(c.post("judit", "/tests/draw", {"character": clementine}))
    ok(c.post("judit", "/tests/choose", {"character": clementine, "cards": ["d0:4C"]}))
    (decided,) = c.log("bea", "HouseStopDecided")
    assert (decided["outcome"], decided["leaves"], decided["last_round"]) == (
        "failure",
        False,
        False,
    )
    again = c.post("judit", "/games/house/stop", {"character": clementine})
    assert again.status_code == 409 and again.json()["code"] == "no_round_yet"
    ok(c.post("judit", "/games/house/rounds", {"character": clementine}))
    ok(c.post("judit", "/games/house/stop", {"character": clementine}), 201)
    assert c.get("bea")["test"]["number"] == 2


def test_a_tipsy_clementine_at_the_house_finds_the_dead_mans_hand_whole_until_a_coma_stops_her(
    client: TestClient[Any],
) -> None:
    c = Casino(client)
    clementine = ok(c.post("judit", "/characters", CLEMENTINE), 201)["id"]
    ok(c.post("mayor", "/start"))
    tipsy = {"character": clementine, "track": "sobriety", "change": -1, "reason": "rye"}
    ok(c.post("mayor", "/conditions", tipsy))
    ok(c.post("mayor", "/games/house", {"character": clementine}), 201)
    assert ok(c.post("judit", "/games/house/rounds", {"character": clementine}))["cards"] == [
        "d0:AS"
    ]
    (hand,) = [z for z in c.get("bea")["zones"] if z["zone"] == "dead_mans_hand"]
    assert sorted(hand["cards"]) == ["d1:8C", "d1:8D", "d1:AH", "d1:AS"]
    # heavy drinking: the fifth drink (above half of toughness 7) draws a card of the hand
    ok(c.post("judit", "/drinks", {"character": clementine, "drinks": 5}))
    # the stop test: tipsy, she first draws a card of the hand
    ok(c.post("judit", "/games/house/stop", {"character": clementine}), 201)
    ok(c.post("judit", "/tests/draw", {"character": clementine}))
    flips = [(f["purpose"], f["cards"]) for f in c.log("bea", "DeadMansHandDrawn")]
    assert flips == [("drinking", ["d1:AS"]), ("tipsy", ["d1:AH"])]
    ok(c.post("judit", "/tests/choose", {"character": clementine, "cards": ["d0:5H"]}))
    # a coma: she can play no more, not even the last round her partial success allows
    coma = {"character": clementine, "track": "sobriety", "change": -2, "reason": "whisky"}
    ok(c.post("mayor", "/conditions", coma))
    refused = c.post("judit", "/games/house/rounds", {"character": clementine})
    assert refused.status_code == 409 and refused.json()["code"] == "character_cannot_act"
    given = c.get("mayor")["exchange"]["choices"][0]  # the coma swap: the Mayor gives a card
    ok(c.post("mayor", "/exchanges/pick", {"cards": [given]}))
    ok(c.post("mayor", "/games/house/close", {"reason": "carried out cold"}))
    (hand,) = [z for z in c.get("judit")["zones"] if z["zone"] == "dead_mans_hand"]
    assert hand["count"] == 4
