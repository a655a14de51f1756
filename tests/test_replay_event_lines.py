"""Issue 24 item 6: every event reads as the book speaks, in every system.

For each registered system, every event type `GET /systems` lists for it gets a line of its
own from the replay page's modules (`describe` in service/replay/summary.js, run in Chromium):
never the generic `Type: field=value` fallback, no snake_case word, no raw `c1`/`p1` id of a
seat or character the page knows by name, nothing undefined. The events are a real Frontera
session's where it reaches a type, and for every type one built from the OpenAPI document's
schema with every field present, and one with every nullable field masked (null and named
in `hidden`, as a secret field reaches a player).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page

from tests.live_server import TLS
from tests.replay_helpers import ARTIFACTS, ROOT, play_frontera, replay_server

OPENAPI = json.loads((ROOT / "openapi" / "openapi.json").read_text())
SCHEMAS: dict[str, Any] = OPENAPI["components"]["schemas"]
BY_TYPE: dict[str, str] = SCHEMAS["Event"]["discriminator"]["mapping"]

#: the names the page knows (the stub context below): a raw id of these must not show
SEATS = {"p1": "Bea", "p2": "Carl", "mayor": "Ana", "gm": "Ana"}
CHARACTERS = {"c1": "Vera", "c2": "Walt"}
#: fields naming characters, seats, Frontera zones and cards, by name (ids by how the API
#: writes them)
CHARACTER_FIELDS = {
    "character", "target", "attacker", "healer", "patient", "challenger", "challenged",
    "helper", "helped", "holder", "held", "held_by", "roller", "loser", "owner", "enemy",
    "winner", "kept_by", "giver", "characters", "winners", "combatants", "keepers", "sharers",
    "targets", "partners",
}  # fmt: skip
SEAT_FIELDS = {"seat", "roller_seat", "seen_by"}
CARD_FIELDS = {"card", "cards", "order", "hand_drawn", "dead_mans_hand", "last_card", "shown"}
ZONE_TYPES = {"CardsMoved", "CardsDealt", "CardsDrawn", "CardsShuffled", "DeckAdded", "DeckShown"}
ZONE_FIELDS = {"zone", "source", "target"}

SNAKE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")
RAW_ID = re.compile(r"\b(?:c[12]|p[12]|mayor)\b")
BROKEN = re.compile(r"undefined|\bnull\b|NaN|\[object Object\]")


def resolve(schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = SCHEMAS[schema["$ref"].split("/")[-1]]
    return schema


def nullable(schema: dict[str, Any]) -> bool:
    schema = resolve(schema)
    kind = schema.get("type")
    if kind == "null" or (isinstance(kind, list) and "null" in kind):
        return True
    return any(nullable(o) for o in schema.get("anyOf") or schema.get("oneOf") or [])


def sample(schema: dict[str, Any], field: str, event_type: str) -> Any:
    """A value of `schema` for the field `field`: ids, cards and zones where the name says
    so, an enum's snake_case value where it has one (the words the page must translate)."""
    schema = resolve(schema)
    options = schema.get("anyOf") or schema.get("oneOf")
    if options:
        real = [o for o in options if resolve(o).get("type") != "null"]
        return sample(real[0] if real else options[0], field, event_type)
    if "enum" in schema:
        values = [v for v in schema["enum"] if v is not None]
        return next((v for v in values if "_" in str(v)), values[0] if values else None)
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    if kind == "object":
        if "properties" in schema:
            return {
                name: sample(sub, name, event_type) for name, sub in schema["properties"].items()
            }
        extra = schema.get("additionalProperties")
        key = "p1" if field in SEAT_FIELDS else "c1"
        return {key: sample(extra, field, event_type)} if isinstance(extra, dict) else {}
    if kind == "array":
        return [sample(schema.get("items", {}), field, event_type)]
    if kind == "integer":
        return 2
    if kind == "number":
        return 2.5
    if kind == "boolean":
        return True
    if kind == "null":
        return None
    if event_type in ZONE_TYPES and field in ZONE_FIELDS:
        return "hand:c1"
    if field in CARD_FIELDS:
        return "d0:7H"
    if field in CHARACTER_FIELDS:
        return "c1"
    if field in SEAT_FIELDS:
        return "p1"
    return {"name": "Vera", "track": "health", "aspect": "Storm"}.get(field, "storm")


def data_schema(event_type: str) -> dict[str, Any]:
    return resolve(SCHEMAS[BY_TYPE[event_type].split("/")[-1]]["properties"]["data"])


def built(event_type: str) -> list[dict[str, Any]]:
    """The event with every field present, and with every nullable field masked."""
    fields = data_schema(event_type).get("properties", {})
    data = {name: sample(sub, name, event_type) for name, sub in fields.items()}
    whole = {"type": event_type, "version": 3, "actor": "p1", "hidden": [], "data": data}
    masked = [name for name, sub in fields.items() if nullable(sub)]
    if not masked:
        return [whole]
    secret = {**data, **dict.fromkeys(masked)}
    return [whole, {**whole, "hidden": masked, "data": secret}]


#: renders each {system, event} with the page's own modules; says whether it fell back
RENDER = """async ([cases, seats, characters]) => {
  const { describe } = await import("/replay/summary.js");
  const { systemFor } = await import("/replay/systems/index.js");
  const context = {
    seat: (id) => seats[id] ?? id,
    character: (id) => characters[id] ?? seats[id] ?? id,
    revealed: new Map(),
    version: 3,
    rolls: async () => [],
  };
  const text = (parts) => parts.map((p) => (typeof p === "string" ? p : p.textContent)).join("");
  return cases.map(({ system, event }) => {
    const line = describe(event, systemFor(system), context);
    return { text: text(line.parts), generic: line.generic };
  });
}"""


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with replay_server() as served:
        yield served


def problems(text: str, generic: bool) -> list[str]:
    found = ["the generic line"] if generic else []
    found += [f"snake_case {word!r}" for word in SNAKE.findall(text)]
    found += [f"raw id {word!r}" for word in RAW_ID.findall(text)]
    found += [f"broken {word!r}" for word in BROKEN.findall(text)]
    return found


def test_every_event_type_of_every_system_reads_as_the_book_speaks(page: Page, base: str) -> None:
    systems = httpx.get(f"{base}/systems", verify=TLS).json()
    assert {s["name"] for s in systems} >= {"frontera", "asaltos", "stepdice", "portal", "fate"}
    cases: list[dict[str, Any]] = []
    for system in systems:
        assert system["event_types"], system["name"]
        for event_type in system["event_types"]:
            assert event_type in BY_TYPE, f"{event_type} has no schema in the OpenAPI document"
            cases += [{"system": system["name"], "event": e} for e in built(event_type)]
    # a real Frontera session's events too, as the Mayor reads them, with its names
    played = play_frontera(base)
    seats = {s["id"]: s["name"] for s in played.get("mayor")["seats"]}
    real = played.log("mayor")
    names = {
        e["data"]["character"]["id"]: e["data"]["character"]["name"]
        for e in real
        if e["type"] == "CharacterCreated"
    }
    page.goto(f"{base}/replay/")
    lines = page.evaluate(RENDER, [cases, SEATS, CHARACTERS])
    failures = [
        f"{case['system']} {case['event']['type']} (hidden {case['event']['hidden']}): "
        f"{', '.join(found)} in {line['text']!r}"
        for case, line in zip(cases, lines, strict=True)
        if (found := problems(line["text"], line["generic"]))
    ]
    real_cases = [{"system": "frontera", "event": e} for e in real]
    real_lines = page.evaluate(RENDER, [real_cases, seats, names])
    ids = re.compile(r"\b(?:" + "|".join(map(re.escape, [*seats, *names])) + r")\b")
    for event, line in zip(real, real_lines, strict=True):
        found = problems(line["text"], line["generic"])
        found = [f for f in found if not f.startswith("raw id")]
        found += [f"raw id {word!r}" for word in ids.findall(line["text"])]
        if found:
            failures.append(f"real {event['type']}: {', '.join(found)} in {line['text']!r}")
    # every line, for a reviewer to read (var/ is not committed)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "event-lines.txt").write_text(
        "".join(
            f"{case['system']} {case['event']['type']} {case['event']['hidden']}: {line['text']}\n"
            for case, line in zip([*cases, *real_cases], [*lines, *real_lines], strict=True)
        )
    )
    assert not failures, "\n".join(failures)
