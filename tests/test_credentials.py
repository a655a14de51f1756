"""Credentials over real HTTP: the Mayor invites, each player claims its own seat and is the
only one ever shown its credential; a seat rotates its credential; a fork's seats are claimed
with the source seat's credential; one Authorization header per request."""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import pytest

from service.app import create_app
from service.settings import Settings
from tests.api_helpers import Headers, bearer, claim_seat, ok, seat_player
from tests.frontera_helpers import in_memory_tables
from tests.live_server import TLS, serving
from tests.test_api_protocol import PROTAGONIST, assert_problem, new_table


@pytest.fixture
def http() -> Iterator[httpx.Client]:
    with (
        serving(create_app(tables=in_memory_tables())) as url,
        httpx.Client(base_url=url, timeout=10, verify=TLS) as client,
    ):
        yield client


def version_of(http: httpx.Client, table: str, who: Headers) -> int:
    version: int = ok(http.get(f"/tables/{table}", headers=who))["version"]
    return version


def credential_of(headers: Headers) -> str:
    return headers["Authorization"].removeprefix("Bearer ")


def everything_the_mayor_reads(http: httpx.Client, table: str, mayor: Headers) -> str:
    """Every read the Mayor has, audit included, at every version."""
    now = version_of(http, table, mayor)
    bodies = []
    for audit in (False, True):
        params = {"audit": audit}
        bodies.append(http.get(f"/tables/{table}", params=params, headers=mayor).text)
        bodies.append(
            http.get(f"/tables/{table}/events", params={**params, "limit": 500}, headers=mayor).text
        )
        bodies += [
            http.get(f"/tables/{table}", params={**params, "version": v}, headers=mayor).text
            for v in range(1, now + 1)
        ]
    return "\n".join(bodies)


def test_the_mayor_invites_and_only_the_player_ever_holds_the_credential(
    http: httpx.Client,
) -> None:
    table, mayor = new_table(http)
    invited = ok(http.post(f"/tables/{table}/seats", json={"name": "Ann"}, headers=mayor), 201)
    assert set(invited) == {"seat", "invitation", "version"}
    invitation = invited["invitation"]
    # an invitation is no credential
    assert_problem(http.get(f"/tables/{table}", headers=bearer(invitation)), 401)

    # a claim takes no Idempotency-Key: a replay would hand the credential out again
    key = {"Idempotency-Key": "ann-claims"}
    path = f"/tables/{table}/seats/p1/claim"
    claimed = ok(http.post(path, json={"invitation": invitation}, headers=key), 201)
    assert claimed["seat"] == "p1" and claimed["version"] == invited["version"] + 1
    player = bearer(claimed["credential"])
    assert ok(http.get(f"/tables/{table}", headers=player))["you"] == "p1"

    # single use: neither the Mayor nor anybody can redeem it again
    before = version_of(http, table, mayor)
    again = http.post(path, json={"invitation": invitation}, headers=key)
    assert_problem(again, 401, "invalid_invitation")
    assert version_of(http, table, mayor) == before

    mayors_reads = everything_the_mayor_reads(http, table, mayor)
    secret = claimed["credential"]
    assert secret not in mayors_reads and secret.rpartition(".")[2] not in mayors_reads
    assert "_hash" not in mayors_reads, "a digest of a credential or invitation is shown"


def test_a_seat_rotates_its_credential_and_the_old_one_stops_at_once(http: httpx.Client) -> None:
    table, mayor = new_table(http)
    _, player = seat_player(http, table, mayor, "Ann")
    rotated = ok(http.post(f"/tables/{table}/credential", headers=player))
    assert rotated["seat"] == "p1"
    assert_problem(http.get(f"/tables/{table}", headers=player), 401, "invalid_credential")
    body = {"name": "Ann's", **PROTAGONIST}
    stale = http.post(f"/tables/{table}/characters", json=body, headers=player)
    assert_problem(stale, 401, "invalid_credential")
    fresh = bearer(rotated["credential"])
    ok(http.post(f"/tables/{table}/characters", json=body, headers=fresh), 201)

    # the Mayor rotates the same way
    new_mayor = bearer(ok(http.post(f"/tables/{table}/credential", headers=mayor))["credential"])
    assert_problem(http.get(f"/tables/{table}", headers=mayor), 401)
    assert ok(http.get(f"/tables/{table}", headers=new_mayor))["role"] == "gm"
    assert rotated["credential"] not in everything_the_mayor_reads(http, table, new_mayor)


def test_a_new_invitation_replaces_the_open_one_and_a_lost_credential(http: httpx.Client) -> None:
    table, mayor = new_table(http)
    invited = ok(http.post(f"/tables/{table}/seats", json={"name": "Ann"}, headers=mayor), 201)
    first = invited["invitation"]
    # the player asks again before claiming: the first invitation stops working
    second = ok(http.post(f"/tables/{table}/seats/p1/invitation", headers=mayor), 201)
    assert second["seat"] == "p1" and second["invitation"] != first
    refused = http.post(f"/tables/{table}/seats/p1/claim", json={"invitation": first})
    assert_problem(refused, 401, "invalid_invitation")
    player = claim_seat(http, table, "p1", second["invitation"])

    # a lost credential: the one in force works until the new invitation is redeemed
    third = ok(http.post(f"/tables/{table}/seats/p1/invitation", headers=mayor), 201)
    assert ok(http.get(f"/tables/{table}", headers=player))["you"] == "p1"
    again = claim_seat(http, table, "p1", third["invitation"])
    assert_problem(http.get(f"/tables/{table}", headers=player), 401)
    assert ok(http.get(f"/tables/{table}", headers=again))["you"] == "p1"

    # only the Mayor invites, and never to the Mayor's own seat
    assert_problem(http.post(f"/tables/{table}/seats/p1/invitation", headers=again), 403)
    gm = http.post(f"/tables/{table}/seats/mayor/invitation", headers=mayor)
    assert_problem(gm, 422, "not_a_player")


def test_a_forks_seats_are_claimed_with_the_source_credential_never_by_the_mayor(
    http: httpx.Client,
) -> None:
    table, mayor = new_table(http)
    _, ann = seat_player(http, table, mayor, "Ann")
    _, bob = seat_player(http, table, mayor, "Bob")
    at = version_of(http, table, mayor)
    forked = ok(
        http.post(f"/tables/{table}/fork", json={"version": at, "title": "What if"}, headers=mayor),
        201,
    )
    fork = forked["table_id"]
    assert set(forked) == {
        "table_id",
        "forked_from",
        "forked_at",
        "version",
        "credential",
        "unclaimed",
    }
    assert forked["unclaimed"] == ["p1", "p2"]
    fork_mayor = bearer(forked["credential"])
    assert ok(http.get(f"/tables/{fork}", headers=fork_mayor))["role"] == "gm"
    # the source credentials are no credentials of the fork, and the Mayor's claims nothing
    assert_problem(http.get(f"/tables/{fork}", headers=ann), 401)
    for offered in (credential_of(mayor), forked["credential"], credential_of(bob)):
        refused = http.post(f"/tables/{fork}/seats/p1/claim", json={"invitation": offered})
        assert_problem(refused, 401, "invalid_invitation")

    ann_at_fork = claim_seat(http, fork, "p1", credential_of(ann))
    assert ok(http.get(f"/tables/{fork}", headers=ann_at_fork))["you"] == "p1"
    assert credential_of(ann_at_fork) != credential_of(ann)
    # the claim is the fork's only: Ann's source credential still works at the source
    assert ok(http.get(f"/tables/{table}", headers=ann))["you"] == "p1"
    fork_reads = everything_the_mayor_reads(http, fork, fork_mayor)
    for secret in (credential_of(ann), credential_of(ann_at_fork), credential_of(bob)):
        assert secret.rpartition(".")[2] not in fork_reads + json.dumps(forked)


def test_two_authorization_headers_are_refused_before_anything(http: httpx.Client) -> None:
    table, mayor = new_table(http)
    _, player = seat_player(http, table, mayor, "Ann")
    before = version_of(http, table, mayor)
    both = [("Authorization", mayor["Authorization"]), ("Authorization", player["Authorization"])]
    for method, path, body in (
        ("POST", "/start", None),
        ("POST", "/characters", {"name": "X", **PROTAGONIST}),
        ("GET", "", None),
        ("GET", "/events", None),
        ("GET", "/stream", None),
    ):
        response = http.request(method, f"/tables/{table}{path}", json=body, headers=both)
        assert_problem(response, 400, "ambiguous_credentials")
    assert version_of(http, table, mayor) == before


def test_the_rate_limit_counts_the_credential_that_authenticates() -> None:
    """One parsed credential: the seat that acts is the seat whose bucket pays."""
    settings = Settings(commands_per_second=0.001, commands_burst=2)
    app = create_app(settings, tables=in_memory_tables())
    with serving(app) as url, httpx.Client(base_url=url, timeout=10, verify=TLS) as http:
        table, mayor = new_table(http)
        _, player = seat_player(http, table, mayor, "Ann")  # the Mayor's first token
        ok(http.post(f"/tables/{table}/seats", json={"name": "Bob"}, headers=mayor), 201)
        spent = http.post(f"/tables/{table}/seats", json={"name": "Cy"}, headers=mayor)
        assert_problem(spent, 429, "rate_limited")
        # the player's bucket is its own, and full
        body = {"name": "Ann's", **PROTAGONIST}
        ok(http.post(f"/tables/{table}/characters", json=body, headers=player), 201)
