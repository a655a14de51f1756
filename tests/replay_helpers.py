"""The replay page's tests: a live server, a Frontera session played over HTTP, and what the
page shows of it, read back from the browser."""

from __future__ import annotations

import asyncio
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from service.app import create_app
from service.settings import Settings
from tests.api_helpers import Headers, bearer, ok, seat_player
from tests.frontera_helpers import in_memory_tables
from tests.live_server import TLS, serving

ROOT = Path(__file__).resolve().parent.parent
#: screenshots for a reviewer (var/ is not committed)
ARTIFACTS = ROOT / "var" / "replay-artifacts"
#: a card's identity, as the API writes it: deck, rank and suit, or a joker
CARD = re.compile(r"d\d+:(?:JK\d+|(?:10|[2-9AJQK])[SHDC])")
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def card_text(card: str) -> str:
    """How the page writes a card: 7♥, 10♣ (a joker is a picture)."""
    face = card.split(":")[1]
    return "🃏" if face.startswith("JK") else f"{face[:-1]}{SUITS[face[-1]]}"


def game_time(seconds: int) -> str:
    """How the page says game time: "2 h 0 min 6 s", "0 s"."""
    h, m, s = seconds // 3600, seconds % 3600 // 60, seconds % 60
    parts = [f"{h} h"] if h else []
    if m or (h and s):
        parts.append(f"{m} min")
    if s or not parts:
        parts.append(f"{s} s")
    return " ".join(parts)


def cards_in(value: Any) -> set[str]:
    """Every card identity written anywhere in a JSON value."""
    if isinstance(value, str):
        return set(CARD.findall(value))
    if isinstance(value, dict):
        return set().union(*(cards_in(item) for item in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(item) for item in value)) if value else set()
    return set()


@contextmanager
def replay_server() -> Iterator[str]:
    """The whole app (API and page) on a loopback port, in memory, without a rate limit."""
    app = create_app(settings=Settings(commands_per_second=0), tables=in_memory_tables())
    with serving(app) as base:
        yield base


@dataclass
class Played:
    """A table played through the API, and the moments the tests look at."""

    base: str
    table_id: str
    credentials: dict[str, str]  # "mayor", "David", "Judit" -> credential
    moments: dict[str, int] = field(default_factory=dict)  # name -> table version
    drawn: dict[str, list[str]] = field(default_factory=dict)  # player -> every card drawn

    def headers(self, who: str) -> Headers:
        return bearer(self.credentials[who])

    def get(self, who: str, path: str = "", **params: Any) -> Any:
        with httpx.Client(base_url=self.base, verify=TLS) as client:
            response = client.get(
                f"/tables/{self.table_id}{path}", params=params, headers=self.headers(who)
            )
            return ok(response)

    def log(self, who: str, **params: Any) -> list[dict[str, Any]]:
        events: list[dict[str, Any]] = []
        after: int | None = 0
        while after is not None:
            page = self.get(who, "/events", after=after, limit=500, **params)
            events += page["events"]
            after = page["next_after"]
        return events


def _playable(cards: list[str]) -> str:
    return next(card for card in cards if "JK" not in card)


def play_frontera(base: str, close: bool = False) -> Played:
    """The README's session (no_management mode): a trait test, drinks, money, an opposed
    test and a combat turn; each player draws and chooses, the Mayor runs it."""
    with httpx.Client(base_url=base, verify=TLS) as client:
        created = ok(
            client.post(
                "/tables",
                json={
                    "title": "Dust and Lead",
                    "gm_name": "Ana",
                    "options": {"mode": "no_management"},
                },
            ),
            201,
        )
        table, mayor = created["table_id"], bearer(created["credential"])
        _, david = seat_player(client, table, mayor, "David")
        _, judit = seat_player(client, table, mayor, "Judit")
        played = Played(
            base,
            table,
            {
                "mayor": created["credential"],
                "David": david["Authorization"].split()[1],
                "Judit": judit["Authorization"].split()[1],
            },
            drawn={"David": [], "Judit": []},
        )

        def post(who: Headers, path: str, body: Any = None) -> Any:
            response = client.post(f"/tables/{table}{path}", json=body, headers=who)
            assert response.status_code in (200, 201), response.text
            return response.json()

        post(david, "/characters", {
            "name": "Policarpo", "traits": {"hands": 3, "senses": 4, "muscle": 3, "head": 2},
            "skills": ["brawl", "agility", "cunning", "knowledge"],
        })  # fmt: skip
        post(judit, "/characters", {
            "name": "Clementine", "traits": {"hands": 2, "senses": 4, "muscle": 3, "head": 3},
            "skills": ["aim", "agility", "cunning", "perception"], "money": 27,
            "purchases": [{"item": "rifle", "price": 20}],
        })  # fmt: skip
        post(mayor, "/start")
        played.moments["started"] = post(mayor, "/tests/trait", {
            "character": "c1", "trait": "senses", "skill": "perception", "difficulty": 8,
        })["version"]  # fmt: skip
        drawn = post(david, "/tests/draw", {"character": "c1"})
        played.drawn["David"] += drawn["cards"]
        played.moments["trait_drawn"] = drawn["version"]
        post(david, "/tests/choose", {"character": "c1", "cards": [_playable(drawn["cards"])]})
        played.moments["drunk"] = post(david, "/drinks", {"character": "c1", "drinks": 2})[
            "version"
        ]
        played.moments["paid"] = post(mayor, "/money", {
            "character": "c2", "money": 45, "reason": "the bounty on Black Bart",
        })["version"]  # fmt: skip
        played.moments["opposed_opened"] = post(mayor, "/tests/opposed", {"participants": [
            {"character": "c1", "trait": "muscle", "skill": "agility"},
            {"character": "c2", "trait": "muscle", "skill": "agility"},
        ]})["version"]  # fmt: skip
        first = post(david, "/tests/draw", {"character": "c1"})
        second = post(judit, "/tests/draw", {"character": "c2"})
        played.drawn["David"] += first["cards"]
        played.drawn["Judit"] += second["cards"]
        played.moments["opposed_drawn"] = second["version"]
        post(david, "/tests/choose", {"character": "c1", "cards": [_playable(first["cards"])]})
        played.moments["opposed_resolved"] = post(judit, "/tests/choose", {
            "character": "c2", "cards": [_playable(second["cards"])],
        })["version"]  # fmt: skip
        post(mayor, "/combats", {
            "combatants": [{"character": "c1"}, {"character": "c2", "cover": "partial"}],
            "range": "short",
        })  # fmt: skip
        post(mayor, "/combats/turns", {})
        attack = post(david, "/combats/declare", {
            "character": "c1", "action": "attack", "technique": "quick_shot",
            "weapon": "revolver", "targets": ["c2"],
        })  # fmt: skip
        played.drawn["David"] += attack["cards"]
        post(judit, "/combats/declare", {"character": "c2", "action": "move", "move": "short"})
        played.moments["combat"] = post(david, "/combats/attacks", {
            "character": "c1", "attacks": [{"card": _playable(attack["cards"]), "target": "c2"}],
        })["version"]  # fmt: skip
        if close:
            played.moments["closed"] = post(mayor, "/close")["version"]
        played.moments["last"] = ok(client.get(f"/tables/{table}", headers=mayor))["version"]
    return played


def sign_in(page: Page, played: Played, who: str, version: int | None = None) -> None:
    """Open the page with the seat's credential in the fragment; wait for the board and for
    the timeline's newest page."""
    moment = f"&v={version}" if version else ""
    page.goto(
        f"{played.base}/replay/#table={played.table_id}&credential={played.credentials[who]}{moment}"
    )
    last = played.moments["last"]
    expect(page.locator("#board")).to_have_attribute("data-version", str(version or last))
    expect(page.locator(f'#events li[data-version="{last}"]')).to_have_count(1)


def scrub(page: Page, version: int) -> None:
    """Move the slider to a version, as a drag does, and wait for the board there."""
    page.locator("#version").evaluate(
        "(slider, version) => {"
        " slider.value = version; slider.dispatchEvent(new Event('input')); }",
        version,
    )
    expect(page.locator("#board")).to_have_attribute("data-version", str(version))


def board_cards(page: Page) -> set[str]:
    """The cards the board shows face up."""
    found: list[str] = page.locator("#board-content [data-card]").evaluate_all(
        "cards => cards.map(card => card.dataset.card)"
    )
    return set(found)


def lengthen(played: Played, commands: int) -> None:
    """A long log quickly: the Mayor sets Clementine's money `commands` times, a few requests
    at a time (one event each); `moments["last"]` follows."""

    async def run() -> None:
        mayor = played.headers("mayor")
        async with httpx.AsyncClient(base_url=played.base, headers=mayor, verify=TLS) as client:
            path = f"/tables/{played.table_id}/money"

            async def one(money: int) -> None:
                body = {"character": "c2", "money": money, "reason": "a night of poker"}
                ok(await client.post(path, json=body))

            for start in range(0, commands, 16):
                await asyncio.gather(*(one(m) for m in range(start, min(start + 16, commands))))

    # in a thread of its own: the browser's sync API holds this thread's event loop
    worker = threading.Thread(target=asyncio.run, args=(run(),))
    worker.start()
    worker.join()
    played.moments["last"] = played.get("mayor")["version"]
