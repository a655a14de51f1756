"""Hidden cards over real HTTP, through forks and through the Mayor's audit before a reveal.

- A fork, at any version of the source, in every mode and mid-test: each seat of the fork
  (claimed with its source credential; the Mayor in play and in audit) reads, through every
  read it has, no card that the same seat could not read on the source at that version, and
  no face-down order, of the fork or of the source.
- Audit before the reveal: while a test is open, the Mayor's audit (view, rewind, log, test
  record, stream) shows nothing of the draws and choices, in any mode, with or without
  idempotency keys; reads of versions before the draw answer exactly as before it.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any
from uuid import UUID

import httpx
import pytest

from domain.frontera.cards import dead_mans_hand, sort_cards
from domain.table import Table
from service.app import create_app
from service.settings import Settings
from tests.api_helpers import Headers, bearer, claim_seat, ok
from tests.frontera_helpers import in_memory_tables
from tests.frontera_support import make_world
from tests.live_server import TLS, serving
from tests.ndjson_stream import stream_events
from tests.permission_matrix import NDJSON, World
from tests.test_api_protocol import read_events

CARD = re.compile(r"d\d+:(?:10|[2-9JQKA])[SCHD]|d\d+:JK[12]")
PUBLIC = set(dead_mans_hand(0))
MODES: dict[str, dict[str, Any]] = {
    "normal": {"mode": "normal"},
    "phase_2": {"mode": "normal", "skip_phase_1": True},
    "wear": {"mode": "wear"},
    "no_management": {"mode": "no_management"},
    # cards of another deck in the pile [L226]: hidden like any other
    "extra_cards": {"mode": "normal", "extra_cards": ["d1:QS", "d1:JK1", "d1:7H"]},
}
CONTENDERS = [{"character": c, "trait": "senses"} for c in ("c1", "c2", "c3")]


@pytest.fixture(scope="module")
def live() -> Iterator[tuple[httpx.Client, Any]]:
    app = create_app(Settings(commands_per_second=0), tables=in_memory_tables())
    with serving(app) as url, httpx.Client(base_url=url, timeout=10, verify=TLS) as http:
        yield http, app


def cards(text: str) -> set[str]:
    return set(CARD.findall(text))


def domain_table(app: Any, table: str, version: int | None = None) -> Table:
    found: Table = app.state.tables.read(UUID(table), lambda t: t, version=version)
    return found


def face_down_orders(table: Table) -> list[str]:
    """Every order nobody may know (a deck, pile or discard of two cards or more, shuffled),
    as it would be written in JSON."""
    return [
        json.dumps(order, separators=(",", ":"))
        for zone, order in table.game.zones.items()
        if not zone.startswith("hand:") and len(order) > 1 and order != sort_cards(order)
    ]


def without_layout(response: httpx.Response) -> str:
    """A body, less the public lay-out of every card at the start (TableStarted)."""
    body = response.json()
    if isinstance(body, dict) and isinstance(body.get("events"), list):
        body["events"] = [e for e in body["events"] if e["type"] != "TableStarted"]
        del body["version"]  # the table's version today, not the page's
    return json.dumps(body)


def reads_now(http: httpx.Client, table: str, who: Headers, audit: bool) -> str:
    """Everything a seat reads of a table today: its view, every rewind, the log, every test
    record, each character, and the stream to the end (as SSE and as NDJSON)."""
    params = {"audit": audit}
    view = ok(http.get(f"/tables/{table}", params=params, headers=who))
    texts = [json.dumps(view)]
    for version in range(1, view["version"] + 1):
        rewind = http.get(f"/tables/{table}", params={**params, "version": version}, headers=who)
        texts.append(without_layout(rewind))
    log = http.get(f"/tables/{table}/events", params={**params, "limit": 500}, headers=who)
    texts.append(without_layout(log))
    for number in range(1, 4):
        texts.append(http.get(f"/tables/{table}/tests/{number}", params=params, headers=who).text)
    for character in ("c1", "c2", "c3"):
        texts.append(http.get(f"/tables/{table}/characters/{character}", headers=who).text)
    stream = f"/tables/{table}/stream" + ("?audit=true" if audit else "")
    texts += [
        data
        for _, kind, data in read_events(http, stream, who, until=view["version"])
        if kind != "TableStarted"
    ]
    texts += [
        json.dumps(event)
        for event in stream_events(http, stream, who, until=view["version"])
        if event["type"] != "TableStarted"
    ]
    return "\n".join(texts)


def reads_at(http: httpx.Client, table: str, who: Headers, audit: bool, version: int) -> str:
    """What a seat could read of a table as it was at `version`: the view then, and the log
    up to then."""
    params = {"audit": audit}
    view = http.get(f"/tables/{table}", params={**params, "version": version}, headers=who)
    log = http.get(
        f"/tables/{table}/events",
        params={**params, "to_version": version, "limit": 500},
        headers=who,
    )
    return without_layout(view) + without_layout(log)


def mid_test(world: World) -> None:
    """An opposed test: every participant has drawn; Ann (A) has chosen, the others not."""
    ok(world.post("mayor", "/start"))
    ok(world.post("mayor", "/tests/opposed", {"participants": CONTENDERS}), 201)
    drawn = {
        character: ok(world.post(who, "/tests/draw", {"character": character}))["cards"]
        for who, character in (("A", "c1"), ("B", "c2"), ("mayor", "c3"))
    }
    chosen = next(card for card in drawn["c1"] if "JK" not in card)
    ok(world.post("A", "/tests/choose", {"character": "c1", "cards": [chosen]}))


def zone_listings(view: dict[str, Any]) -> dict[str, list[str]]:
    """The cards of every zone a view lists (those it does not are face down to the reader)."""
    return {zone["zone"]: zone["cards"] for zone in view["zones"] if zone["cards"] is not None}


# -- forks -----------------------------------------------------------------------------------


@pytest.mark.parametrize("options", MODES.values(), ids=MODES.keys())
def test_a_fork_seat_reads_no_more_than_the_same_seat_at_the_source(
    live: tuple[httpx.Client, Any], options: dict[str, Any]
) -> None:
    http, app = live
    world = make_world(http, options)
    mid_test(world)
    now = ok(world.get("mayor"))["version"]
    versions = sorted({*random.Random(json.dumps(options)).sample(range(1, now), 3), now})
    for at in versions:
        forked = ok(world.post("mayor", "/fork", {"version": at, "title": f"At {at}"}), 201)
        fork = forked["table_id"]
        assert not cards(json.dumps(forked)), "the fork's answer names a card"
        assert_problem_source_open(http, fork, bearer(forked["credential"]))
        at_fork: dict[str, Headers | None] = {
            "A": fork_seat(http, fork, "p1", world.headers["A"], forked["credential"]),
            "B": fork_seat(http, fork, "p2", world.headers["B"], forked["credential"]),
            "mayor": bearer(forked["credential"]),
        }
        orders = face_down_orders(domain_table(app, world.table, at)) + face_down_orders(
            domain_table(app, fork)
        )
        for who, audit in (("A", False), ("B", False), ("mayor", False), ("mayor", True)):
            reader = at_fork[who]
            if reader is None:
                continue
            here = reads_now(http, fork, reader, audit)
            there = reads_at(http, world.table, world.headers[who], audit, at)
            learnt = cards(here) - cards(there) - PUBLIC
            assert not learnt, f"at {at}, {who} (audit {audit}) learns {sorted(learnt)}"
            for order in orders:
                assert order not in here, f"at {at}, {who} reads a face-down order"


def fork_seat(
    http: httpx.Client, fork: str, seat: str, source: Headers, mayor: str
) -> Headers | None:
    """The player claims its seat at the fork with its source credential; a seat that had
    none yet at the fork's version is claimed with an invitation from the Mayor; None when
    the seat did not exist yet."""
    credential = source["Authorization"].removeprefix("Bearer ")
    path = f"/tables/{fork}/seats/{seat}/claim"
    claimed = http.post(path, json={"invitation": credential})
    if claimed.status_code == 201:
        return bearer(claimed.json()["credential"])
    if claimed.json()["code"] == "unknown_seat":
        return None
    assert claimed.json()["code"] == "invalid_invitation", claimed.text
    invited = http.post(f"/tables/{fork}/seats/{seat}/invitation", headers=bearer(mayor))
    return claim_seat(http, fork, seat, ok(invited, 201)["invitation"])


def assert_problem_source_open(http: httpx.Client, fork: str, mayor: Headers) -> None:
    """Closing the fork would show what it holds of the source's secrets: refused."""
    before = ok(http.get(f"/tables/{fork}", headers=mayor))["version"]
    refused = http.post(f"/tables/{fork}/close", headers=mayor)
    assert refused.status_code == 409 and refused.json()["code"] == "source_open", refused.text
    assert ok(http.get(f"/tables/{fork}", headers=mayor))["version"] == before


# -- audit before the reveal -----------------------------------------------------------------


@pytest.mark.parametrize("keyed", [False, True], ids=["plain", "idempotency keys"])
@pytest.mark.parametrize("options", MODES.values(), ids=MODES.keys())
def test_audit_shows_nothing_of_the_open_test_through_any_channel(
    live: tuple[httpx.Client, Any], options: dict[str, Any], keyed: bool
) -> None:
    http, _ = live
    world = make_world(http, options)
    ok(world.post("mayor", "/start"))
    duel = {"participants": CONTENDERS[:2]}
    ok(world.post("mayor", "/tests/opposed", duel), 201)
    before = ok(world.get("mayor"))["version"]
    earlier = {v: reads_at(http, world.table, world.headers["mayor"], True, v) for v in (before,)}
    audit_view = ok(world.get("mayor", params={"audit": True}))
    audit_view_before, listed_before = cards(json.dumps(audit_view)), zone_listings(audit_view)

    def key(name: str) -> Headers:
        return {"Idempotency-Key": f"{name}-{world.table}"} if keyed else {}

    drawn = ok(
        http.post(
            f"/tables/{world.table}/tests/draw",
            json={"character": "c1"},
            headers=world.headers["A"] | key("draw"),
        )
    )["cards"]
    chosen = next(card for card in drawn if "JK" not in card)
    choice = {"character": "c1", "cards": [chosen]}
    ok(
        http.post(
            f"/tables/{world.table}/tests/choose",
            json=choice,
            headers=world.headers["A"] | key("choose"),
        )
    )
    bobs = ok(world.post("B", "/tests/draw", {"character": "c2"}))["cards"]
    secret = set(drawn) | set(bobs)

    mayor = world.headers["mayor"]
    # what the Mayor could read of the time before the draw has not changed
    assert reads_at(http, world.table, mayor, True, before) == earlier[before]
    audit = reads_now(http, world.table, mayor, True)
    assert "fingerprint" not in audit and "Idempotency" not in audit
    seen_before = set().union(*(cards(text) for text in earlier.values()), audit_view_before)
    leaked = (cards(audit) & secret) - seen_before
    assert not leaked, f"the Mayor's audit opens {sorted(leaked)} before the reveal"
    # no audit view since the draw lists a zone otherwise than before it: a deck listed
    # without the cards just drawn would give the draw away
    now = ok(world.get("mayor"))["version"]
    for version in (None, *range(before + 1, now + 1)):
        params = {"audit": True} if version is None else {"audit": True, "version": version}
        listed = zone_listings(ok(world.get("mayor", params=params)))
        changed = {zone for zone, held in listed.items() if listed_before.get(zone) != held}
        assert not changed, f"the audit view at {version or 'now'} lists {changed} anew"

    # positive control: once Bob has chosen, the test is revealed and audit opens Ann's draw
    ok(
        world.post(
            "B",
            "/tests/choose",
            {"character": "c2", "cards": [next(card for card in bobs if "JK" not in card)]},
        )
    )
    assert set(drawn) <= cards(reads_now(http, world.table, mayor, True))


# -- audit and the face-down decks -------------------------------------------------------------

#: every seat's deck of six face-down cards (50 in the pile, 32 set aside, 18 dealt to three
#: seats), phase 2 from the start: each seat may look at its own deck
DECKS_OF_SIX = {"mode": "normal", "skip_phase_1": True, "removed_at_random": 32}


def mayors_audit(http: httpx.Client, table: str, mayor: Headers) -> str:
    """Everything the Mayor reads of a table in audit: `reads_now` (view, every rewind, log,
    test records, characters, stream), the figures and the log's NDJSON export."""
    stats = ok(http.get(f"/tables/{table}/stats", params={"audit": True}, headers=mayor))
    export = http.get(
        f"/tables/{table}/events", params={"audit": True}, headers=mayor | {"Accept": NDJSON}
    )
    assert export.status_code == 200, export.text
    exported = [json.loads(line) for line in export.text.splitlines()]
    laid_out = [line for line in exported if line["type"] != "TableStarted"]
    return "\n".join([reads_now(http, table, mayor, True), json.dumps([stats, laid_out])])


@pytest.mark.parametrize("beyond", [3, 0], ids=["forced", "unforced"])
def test_audit_lists_no_face_down_deck_while_the_table_is_open(
    live: tuple[httpx.Client, Any], beyond: int
) -> None:
    """The forced case wants more cards than the deck holds, the unforced exactly as many:
    either way the draw is the whole deck, so a deck listed in audit before or during the
    test would tell the Mayor the draw. Only closing shows it."""
    http, _ = live
    world = make_world(http, DECKS_OF_SIX)
    mayor = world.headers["mayor"]
    ok(world.post("mayor", "/start"))
    deck = zone_listings(ok(world.get("A")))["player_deck:p1"]
    assert len(deck) == 6  # Ann's own look at her deck
    before = mayors_audit(http, world.table, mayor)
    senses = ok(world.get("A", "/characters/c1"))["traits"]["senses"]
    draw = len(deck) + beyond - senses
    trait = {"character": "c1", "trait": "senses", "modifiers": [{"amount": draw, "reason": "x"}]}
    ok(world.post("mayor", "/tests/trait", trait), 201)
    drawn = ok(world.post("A", "/tests/draw", {"character": "c1"}))["cards"]
    assert sorted(drawn) == sorted(deck)
    during = mayors_audit(http, world.table, mayor)
    for moment, audit in (("before the test", before), ("during the test", during)):
        listed = cards(audit) & set(deck)
        assert not listed, f"the Mayor's audit {moment} names {sorted(listed)} of Ann's deck"
    ok(world.post("mayor", "/close"))
    assert set(deck) <= cards(mayors_audit(http, world.table, mayor))
