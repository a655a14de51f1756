"""What a table may hold, and the text it takes, over real HTTP.

A table's state is bounded (player seats, characters per seat, weapons, decks) so that its
snapshots are too; names, titles and reasons are bounded and free of control characters.
Past a bound a command gets 422 with a stable code and appends nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from domain.characters import MAX_CHARACTERS_PER_SEAT
from domain.frontera.combat import MAX_WEAPON_NAME, MAX_WEAPONS
from domain.frontera.extra_decks import MAX_TABLE_DECKS
from domain.names import MAX_NAME, MAX_REASON, MAX_TITLE
from domain.table import MAX_PLAYER_SEATS
from service.app import create_app
from service.settings import Settings
from tests.api_helpers import Headers, bearer, ok, seat_player
from tests.frontera_helpers import in_memory_tables
from tests.live_server import TLS, serving
from tests.test_api_protocol import assert_problem

SHEET = {
    "traits": {"hands": 3, "senses": 4, "muscle": 3, "head": 2},
    "skills": ["brawl", "agility", "cunning", "knowledge"],
}
RANGES = {"adjacent": 0, "short": 0, "medium": None, "long": None}
#: NUL, an escape sequence, DEL and a C1 control, each inside a name
#: control characters, and a right-to-left override that would show "Ana" + "ylF" as "AnaFly"
CONTROLS = ["Ana\x00", "A\x1b[2Jna", "An\x7fa", "A\x85na", "Ana\u202eylF", "\u2066Ana"]


@pytest.fixture(scope="module")
def http() -> Iterator[httpx.Client]:
    # no rate limit: the caps are reached by many commands of one credential
    app = create_app(Settings(commands_per_second=0), tables=in_memory_tables())
    with serving(app) as url, httpx.Client(base_url=url, timeout=10, verify=TLS) as client:
        yield client


class Table:
    """A table over HTTP: its id, the Mayor's headers, and its event count."""

    def __init__(self, http: httpx.Client, **options: Any) -> None:
        body = {"title": "Dust", "mayor_name": "Ana", "options": options}
        created = ok(http.post("/tables", json=body), 201)
        self.http, self.id = http, created["table_id"]
        self.mayor = bearer(created["credential"])

    def post(self, path: str, body: Any, who: Headers | None = None) -> httpx.Response:
        return self.http.post(f"/tables/{self.id}{path}", json=body, headers=who or self.mayor)

    def version(self) -> int:
        view = ok(self.http.get(f"/tables/{self.id}", headers=self.mayor))
        version: int = view["version"]
        return version

    def refused(
        self, path: str, body: Any, code: str, who: Headers | None = None, status: int = 422
    ) -> None:
        """The command gets `status` `code` and the table does not move."""
        before = self.version()
        assert_problem(self.post(path, body, who), status, code)
        assert self.version() == before


def weapon(name: str) -> dict[str, Any]:
    return {"name": name, "damage": 1, "ranges": RANGES}


# -- names -----------------------------------------------------------------------------------


def test_a_control_character_in_any_name_or_reason_breaks_the_document_400(
    http: httpx.Client,
) -> None:
    """The document gives names, titles and reasons their pattern (`domain.names`): one with a
    control character is a malformed request, refused as such, saying what text is taken."""
    table = Table(http, mode="no_management")
    seat, player = seat_player(http, table.id, table.mayor, "David")
    ok(table.post("/characters", {"name": "Policarpo", **SHEET}, player), 201)
    ok(table.post("/start", None))
    bad_request = "invalid_request"
    for bad in CONTROLS:
        for body in ({"title": bad, "mayor_name": "Ana"}, {"title": "T", "mayor_name": bad}):
            refused = assert_problem(http.post("/tables", json=body), 400, bad_request)
            assert "no control character" in refused["detail"], refused
        options = {"weapons": {"Ana": weapon(bad)}}
        assert_problem(
            http.post("/tables", json={"title": "T", "mayor_name": "A", "options": options}),
            400,
            bad_request,
        )
        table.refused("/fork", {"version": 1, "title": bad}, bad_request, status=400)
        table.refused("/seats", {"name": bad}, bad_request, status=400)
        table.refused("/characters", {"name": bad, **SHEET}, bad_request, player, 400)
        table.refused("/weapons", {"weapon": weapon(bad)}, bad_request, status=400)
        table.refused("/seats/remove", {"seat": seat, "reason": bad}, bad_request, status=400)
        condition = {"character": "c1", "track": "health", "change": -1, "reason": bad}
        table.refused("/conditions", condition, bad_request, status=400)
        modifier = {"amount": 1, "reason": bad}
        trait_test = {"character": "c1", "trait": "hands", "modifiers": [modifier]}
        table.refused("/tests/trait", trait_test, bad_request, status=400)
        better = {"character": "c1", "better": bad}
        table.refused("/tests/dead-mans-hand", better, bad_request, status=400)
        gear = {"character": "c1", "item": "rope", "change": 1, "reason": "found"}
        table.refused("/equipment", {**gear, "item": bad}, bad_request, status=400)
        table.refused("/equipment", {**gear, "reason": bad}, bad_request, status=400)
        purchase = {"item": bad, "price": 1}
        sheet = {"name": "Clementine", **SHEET, "purchases": [purchase]}
        table.refused("/characters", sheet, bad_request, player, 400)
    # a key of the weapons' map, which the document leaves free, the table's rules refuse
    options = {"weapons": {CONTROLS[0]: weapon("Ana")}}
    assert_problem(
        http.post("/tables", json={"title": "T", "mayor_name": "A", "options": options}), 422
    )
    # the same names without the control character are taken, trimmed
    ok(table.post("/seats/remove", {"seat": seat, "reason": "  gone home\n"}))
    ok(table.post("/weapons", {"weapon": weapon("  Ana ")}))
    weapons = ok(http.get(f"/tables/{table.id}", headers=table.mayor))["weapons"]
    assert "Ana" in [held["name"] for held in weapons]


def test_names_titles_and_reasons_past_their_length_are_400(http: httpx.Client) -> None:
    """The lengths are in the OpenAPI document: past them a request breaks it (400)."""
    table = Table(http, mode="no_management")
    _, player = seat_player(http, table.id, table.mayor, "D" * MAX_NAME)
    ok(table.post("/characters", {"name": "C" * MAX_NAME, **SHEET}, player), 201)
    long_title = {"title": "T" * (MAX_TITLE + 1), "mayor_name": "Ana"}
    assert_problem(http.post("/tables", json=long_title), 400, "invalid_request")
    ok(http.post("/tables", json={"title": "T" * MAX_TITLE, "mayor_name": "A" * MAX_NAME}), 201)
    bad = "invalid_request"
    table.refused("/seats", {"name": "D" * (MAX_NAME + 1)}, bad, status=400)
    table.refused("/characters", {"name": "C" * (MAX_NAME + 1), **SHEET}, bad, player, 400)
    table.refused("/weapons", {"weapon": weapon("W" * (MAX_WEAPON_NAME + 1))}, bad, status=400)
    ok(table.post("/weapons", {"weapon": weapon("W" * MAX_WEAPON_NAME)}))
    condition = {"character": "c1", "track": "health", "change": -1}
    table.refused("/conditions", {**condition, "reason": "r" * (MAX_REASON + 1)}, bad, status=400)
    ok(table.post("/conditions", {**condition, "reason": "r" * MAX_REASON}))


# -- what a table holds ------------------------------------------------------------------------


def test_a_table_seats_at_most_its_players_removed_seats_included(http: httpx.Client) -> None:
    table = Table(http)
    seats = [seat_player(http, table.id, table.mayor, f"P{n}")[0] for n in range(MAX_PLAYER_SEATS)]
    ok(table.post("/seats/remove", {"seat": seats[0], "reason": "left"}))
    table.refused("/seats", {"name": "One too many"}, "too_many_seats")


def test_a_seat_plays_at_most_its_characters(http: httpx.Client) -> None:
    table = Table(http)
    npc = {"kind": "npc", **SHEET}
    for n in range(MAX_CHARACTERS_PER_SEAT):
        ok(table.post("/characters", {"name": f"Outlaw {n}", **npc}), 201)
    table.refused("/characters", {"name": "One too many", **npc}, "too_many_characters")
    # the bound is per seat: a player still creates their own
    _, player = seat_player(http, table.id, table.mayor, "David")
    ok(table.post("/characters", {"name": "Policarpo", **SHEET}, player), 201)


def test_a_table_holds_at_most_its_weapons(http: httpx.Client) -> None:
    # at creation the bound is the document's (`maxProperties`): past it the body breaks it
    too_many = {f"w{n}": weapon(f"w{n}") for n in range(MAX_WEAPONS + 1)}
    body = {"title": "T", "mayor_name": "A", "options": {"weapons": too_many}}
    assert_problem(http.post("/tables", json=body), 400, "invalid_request")
    del too_many["w0"]
    ok(http.post("/tables", json=body), 201)
    table = Table(http)
    held = ok(http.get(f"/tables/{table.id}", headers=table.mayor))["weapons"]
    for n in range(MAX_WEAPONS - len(held)):
        ok(table.post("/weapons", {"weapon": weapon(f"w{n}")}))
    table.refused("/weapons", {"weapon": weapon("one too many")}, "too_many_weapons")
    # changing one the table holds adds nothing
    ok(table.post("/weapons", {"weapon": {**weapon("w0"), "damage": 2}}))


def test_a_table_holds_at_most_its_decks(http: httpx.Client) -> None:
    table = Table(http, mode="normal")
    ok(table.post("/start", None))
    seed = {"cards": 1, "reason": "gold"}
    seeded = 0
    while (response := table.post("/treasure/seed", seed)).is_success:
        seeded += 1
        assert seeded < MAX_TABLE_DECKS, "every seed adds a deck: the bound must be met"
    assert_problem(response, 422, "too_many_decks")
    table.refused("/treasure/seed", seed, "too_many_decks")
