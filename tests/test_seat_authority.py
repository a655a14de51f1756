"""Seat authority over real HTTP: nobody learns a seat's secret by becoming the seat.

- A seat that reads what the Mayor's audit does not (an open test's draw and choice, its own
  deck's or discard's contents) takes no new invitation, and an invitation issued before the
  secret arose is not redeemed while it lasts: on the table and on every fork of it.
- A fork's seat is claimed with the credential its player holds *now* at the source: a
  rotated-out credential claims nothing, the current one does.
- Every takeover of a claimed seat is public: every seat reads it in the log, and the
  displaced holder's open stream ends with a `problem` message.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from service.app import create_app
from service.settings import Settings
from tests.api_helpers import Headers, bearer, claim_seat, ok
from tests.frontera_helpers import in_memory_tables
from tests.frontera_support import make_world
from tests.live_server import TLS, serving
from tests.permission_matrix import World
from tests.test_api_protocol import assert_problem
from tests.test_hidden_cards import cards, mid_test


@pytest.fixture(scope="module")
def http() -> Iterator[httpx.Client]:
    app = create_app(Settings(commands_per_second=0), tables=in_memory_tables())
    with serving(app) as url, httpx.Client(base_url=url, timeout=10, verify=TLS) as client:
        yield client


def credential_of(headers: Headers) -> str:
    return headers["Authorization"].removeprefix("Bearer ")


def anns_hand(world: World) -> set[str]:
    """The cards Ann (seat A, character c1) holds for the open test, as she reads them."""
    view = ok(world.get("A"))
    return cards(json.dumps(view["test"]))


def test_the_mayor_cannot_reinvite_a_seat_that_holds_an_open_draw(http: httpx.Client) -> None:
    world = make_world(http, {"mode": "no_management"})
    mid_test(world)
    hand = anns_hand(world)
    assert hand  # Ann drew and chose
    before = ok(world.get("mayor"))["version"]
    refused = world.post("mayor", "/seats/p1/invitation")
    assert_problem(refused, 409, "seat_holds_secret")
    assert ok(world.get("mayor"))["version"] == before  # nothing changed
    assert ok(world.get("A"))["you"] == "p1"  # Ann's credential still works


def test_an_invitation_issued_before_the_draw_is_not_redeemed_while_the_draw_is_secret(
    http: httpx.Client,
) -> None:
    world = make_world(http, {"mode": "no_management"})
    early = ok(world.post("mayor", "/seats/p1/invitation"), 201)["invitation"]
    mid_test(world)
    hand = anns_hand(world)
    claim = f"/tables/{world.table}/seats/p1/claim"
    assert_problem(http.post(claim, json={"invitation": early}), 409, "seat_holds_secret")
    # and nothing the Mayor reads holds Ann's hand, audit included
    for audit in (False, True):
        text = world.get("mayor", params={"audit": audit}).text
        assert not hand & cards(text)
    # the test cancelled, Ann's cards lie in her discard, which she lists and audit does not
    ok(world.post("mayor", "/tests/cancel", {"reason": "a dispute"}))
    assert_problem(http.post(claim, json={"invitation": early}), 409, "seat_holds_secret")
    assert ok(world.get("A"))["you"] == "p1"


def test_a_takeover_of_a_seat_that_holds_nothing_sealed_is_public(http: httpx.Client) -> None:
    world = make_world(http, {"mode": "no_management"})
    invitation = ok(world.post("mayor", "/seats/p1/invitation"), 201)["invitation"]
    taken = claim_seat(http, world.table, "p1", invitation)
    assert_problem(world.get("A"), 401)  # Ann is displaced
    assert ok(http.get(f"/tables/{world.table}", headers=taken))["you"] == "p1"
    log = ok(world.get("B", "/events", params={"limit": 500}))["events"]
    issued = [e for e in log if e["type"] == "CredentialIssued" and e["data"]["seat"] == "p1"]
    assert [e["data"]["reason"] for e in issued] == ["invitation", "takeover"]  # all read it


def test_a_seat_whose_own_deck_is_open_to_it_takes_no_invitation(http: httpx.Client) -> None:
    """Its deck's contents are its own (audit lists counts only): becoming the seat would
    show the Mayor the cards its next draw comes from."""
    world = make_world(http, {"mode": "normal", "skip_phase_1": True})
    ok(world.post("mayor", "/start"))
    assert_problem(world.post("mayor", "/seats/p1/invitation"), 409, "seat_holds_secret")


def test_a_fork_seat_holding_an_open_draw_is_never_claimed_by_the_mayor(
    http: httpx.Client,
) -> None:
    world = make_world(http, {"mode": "no_management"})
    mid_test(world)
    hand = anns_hand(world)
    at = ok(world.get("mayor"))["version"]
    forked = ok(world.post("mayor", "/fork", {"version": at, "title": "What if"}), 201)
    fork = World(http, forked["table_id"], {"mayor": bearer(forked["credential"])})
    # no invitation for the fork's p1: it holds Ann's draw
    assert_problem(fork.post("mayor", "/seats/p1/invitation"), 409, "seat_holds_secret")
    # nor does any credential the Mayor holds claim it
    for offered in (credential_of(world.headers["mayor"]), forked["credential"]):
        refused = http.post(f"/tables/{fork.table}/seats/p1/claim", json={"invitation": offered})
        assert_problem(refused, 401, "invalid_invitation")
    for audit in (False, True):
        assert not hand & cards(fork.get("mayor", params={"audit": audit}).text)
    # Ann herself claims it with her credential, and reads her own hand there
    fork.headers["A"] = claim_seat(http, fork.table, "p1", credential_of(world.headers["A"]))
    assert hand <= cards(json.dumps(ok(fork.get("A"))["test"]))


def test_a_rotated_out_credential_claims_no_fork_seat_and_the_current_one_does(
    http: httpx.Client,
) -> None:
    world = make_world(http, {"mode": "no_management"})
    mid_test(world)
    at = ok(world.get("mayor"))["version"]
    leaked = credential_of(world.headers["A"])
    rotated = ok(world.post("A", "/credential"))
    current = rotated["credential"]
    # a fork at a version before the rotation
    forked = ok(world.post("mayor", "/fork", {"version": at, "title": "Before"}), 201)
    claim = f"/tables/{forked['table_id']}/seats/p1/claim"
    assert_problem(http.post(claim, json={"invitation": leaked}), 401, "invalid_invitation")
    taken = ok(http.post(claim, json={"invitation": current}), 201)
    assert taken["seat"] == "p1"
    # and a fork of the fork waits for the credential Ann holds now at the fork
    fork = World(http, forked["table_id"], {"mayor": bearer(forked["credential"])})
    fork.headers["A"] = bearer(taken["credential"])
    at_fork = ok(fork.get("mayor"))["version"]
    again = ok(fork.post("mayor", "/fork", {"version": at_fork, "title": "Again"}), 201)
    claim = f"/tables/{again['table_id']}/seats/p1/claim"
    for old in (leaked, current):
        assert_problem(http.post(claim, json={"invitation": old}), 401, "invalid_invitation")
    ok(http.post(claim, json={"invitation": taken["credential"]}), 201)


def test_a_fork_seat_unclaimed_at_its_source_is_claimed_with_the_credential_further_up(
    http: httpx.Client,
) -> None:
    world = make_world(http, {"mode": "no_management"})
    at = ok(world.get("mayor"))["version"]
    first = ok(world.post("mayor", "/fork", {"version": at, "title": "One"}), 201)
    middle = World(http, first["table_id"], {"mayor": bearer(first["credential"])})
    second = ok(middle.post("mayor", "/fork", {"version": first["version"], "title": "Two"}), 201)
    claim = f"/tables/{second['table_id']}/seats/p2/claim"
    current = ok(world.post("B", "/credential"))["credential"]  # Bob's old one is out
    assert_problem(
        http.post(claim, json={"invitation": credential_of(world.headers["B"])}),
        401,
        "invalid_invitation",
    )
    ok(http.post(claim, json={"invitation": current}), 201)


def test_a_takeover_ends_the_displaced_holders_stream_with_a_problem(http: httpx.Client) -> None:
    world = make_world(http, {"mode": "no_management"})
    messages: list[tuple[str, str]] = []
    started = threading.Event()

    def listen() -> None:
        url = f"/tables/{world.table}/stream"
        with http.stream("GET", url, headers=world.headers["A"], timeout=30) as response:
            kind = ""
            for line in response.iter_lines():
                started.set()
                if line.startswith("event:"):
                    kind = line.partition(":")[2].strip()
                elif line.startswith("data:"):
                    messages.append((kind, line.partition(":")[2].strip()))

    listener = threading.Thread(target=listen, daemon=True)
    listener.start()
    assert started.wait(10)
    invitation = ok(world.post("mayor", "/seats/p1/invitation"), 201)["invitation"]
    claim_seat(http, world.table, "p1", invitation)
    listener.join(20)
    assert not listener.is_alive(), "the displaced holder's stream is still open"
    kind, data = messages[-1]
    assert kind == "problem"
    problem: dict[str, Any] = json.loads(data)
    assert problem["status"] == 401
