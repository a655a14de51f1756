"""FATE's fate-point economy around aspects and stunts, over real HTTP with separate seats: a
maneuver's aspect avoided for a fate point [004:847], a free invocation passed to an ally
[004:333], a compel raised [004:401] under both readings of its GAP, and stunts used
[004:151]. Each is recorded by the game master, the player's answer a field of the command."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from service.app import create_app
from service.settings import Settings
from tests.dice_http import Table, new_table
from tests.fate_support import MANEUVER as PLACE
from tests.live_server import TLS, serving
from tests.session_helpers import in_memory_tables
from tests.test_api_fate import BLANK, character, invoke, points, refused, roll_call, ruling, sheet
from tests.test_api_fate import settled as settle


@pytest.fixture(scope="module")
def http() -> Iterator[httpx.Client]:
    app = create_app(Settings(commands_per_second=0), tables=in_memory_tables())
    with serving(app) as url, httpx.Client(base_url=url, timeout=10, verify=TLS) as client:
        yield client


def _maneuver(http: httpx.Client, faces: list[int], **ana: object) -> Table:
    """Ana (c1, p1) settles roll 1, a maneuver against Good (+3) with the faces given; Bea
    (c2, p2) and Cid (c3, the game master's NPC) stand by."""
    table = new_table(http, "fate", faces)
    character(table, "p1", sheet("Ana", **ana))
    character(table, "p2", sheet("Bea"))
    character(table, "gm", sheet("Cid", kind="npc"), seat="gm")
    table.command("gm", "/fate/rolls", roll_call("c1", difficulty=3))
    settle(table, "p1", 1)
    return table


AVOID = {"roll": 1, "name": "Fuera de equilibrio", "target": "c2", "reason": "she rolls away"}


def test_a_maneuvers_target_avoids_its_aspect_for_a_fate_point_of_its_own(
    http: httpx.Client,
) -> None:
    """1 shift earns the aspect; its target pays 1 fate point and nothing is placed [004:847];
    a player cannot record it, a failed maneuver earns nothing to avoid, and with no point
    left the target cannot pay (Errata)."""
    table = _maneuver(http, [5, 3, 3, 3])  # 3 + 1 = 4 against 3: 1 shift
    refused(table.post("p2", "/fate/aspects/avoid", AVOID), 403, "not_game_master")
    table.command("gm", "/fate/aspects/avoid", AVOID)
    assert points(table, "c2") == 1
    assert table.view("p1")["aspects"] == []
    line = table.log("p1")[-1]
    assert (line["type"], line["data"]["target"], line["data"]["fate_points"]) == (
        "fate.AspectAvoided",
        "c2",
        1,
    )
    table.command("gm", "/fate/aspects/avoid", AVOID)
    refused(table.post("gm", "/fate/aspects/avoid", AVOID), 409, "not_enough_fate_points")
    assert points(table, "c2") == 0

    failed = _maneuver(http, [1, 1, 3, 3])  # 3 - 2 = 1 against 3: failed
    refused(failed.post("gm", "/fate/aspects/avoid", AVOID), 409, "maneuver_failed")
    assert points(failed, "c2") == 2


def test_a_free_invocation_passes_to_an_ally_when_passable(http: httpx.Client) -> None:
    """The holder's free invocation goes to an ally [004:333], who then uses it before a fate
    point [004:329]; one placed as not passable stays with its holder."""
    table = _maneuver(http, [5, 3, 3, 3, *BLANK])
    table.command("gm", "/fate/aspects", {**PLACE, "target": "c3"})
    passing = {"aspect": "Fuera de equilibrio", "target": "c3", "to": "c2", "reason": "a feint"}
    refused(table.post("p1", "/fate/aspects/pass", passing), 403, "not_game_master")
    refused(table.post("gm", "/fate/aspects/pass", {**passing, "target": None}), 422, "no_aspect")
    table.command("gm", "/fate/aspects/pass", passing)
    aspect = table.view("p2")["aspects"][0]
    assert (aspect["holder"], aspect["free_invocations"]) == ("c2", 1)
    assert table.log("p2")[-1]["data"]["giver"] == "c1"
    table.command("gm", "/fate/rolls", roll_call("c2"))
    table.command(
        "p2", "/fate/rolls/invoke", invoke(2, "Fuera de equilibrio", owner="c3", against_owner=True)
    )
    table.command("gm", "/fate/rolls/rule", ruling(2))
    assert settle(table, "p2", 2)["result"]["invocations"][0]["paid"] == "free"
    assert points(table, "c2") == 2

    kept = _maneuver(http, [5, 3, 3, 3])
    kept.command("gm", "/fate/aspects", {**PLACE, "target": "c3", "passable": False})
    refused(kept.post("gm", "/fate/aspects/pass", passing), 409, "cannot_pass")
    assert kept.view("p1")["aspects"][0]["holder"] == "c1"


RAISE = {"character": "c1", "aspect": "Ana el Audaz", "accepted_stake": 1, "reason": "worse"}
COMPEL = {"character": "c1", "aspect": "Ana el Audaz", "kind": "offered", "reason": "pride"}


@pytest.mark.parametrize(
    ("reading", "accepted", "after"),
    [
        # "total": the compel is worth 2 in all: +1 more, or refusing pays 2 and returns the 1
        ("total", True, 4),
        ("total", False, 0),
        # "added": the raise is an offer of 2 of its own, the first point kept
        ("added", True, 5),
        ("added", False, 1),
    ],
)
def test_a_compel_raised_counts_as_the_tables_reading_says(
    http: httpx.Client, reading: str, accepted: bool, after: int
) -> None:
    table = new_table(http, "fate", [], escalated_compel=reading)
    character(table, "p1", sheet("Ana"))  # 2 fate points
    refused(
        table.post(
            "gm", "/fate/compels/escalate", {**RAISE, "accepted_stake": 0, "accepted": True}
        ),
        400,
        "invalid_request",
    )
    table.command("gm", "/fate/compels", {**COMPEL, "accepted": True})
    assert points(table, "c1") == 3
    table.command("gm", "/fate/compels/escalate", {**RAISE, "accepted": accepted})
    assert points(table, "c1") == after
    compel = table.log("p1")[-1]["data"]["compel"]
    assert (compel["stake"], compel["accepted"]) == (2, accepted)


def test_a_raise_the_player_cannot_pay_to_refuse_is_refused_and_changes_nothing(
    http: httpx.Client,
) -> None:
    table = new_table(http, "fate", [])
    character(table, "p1", sheet("Ana", fate_points=0))
    table.command("gm", "/fate/compels", {**COMPEL, "accepted": True})
    version = table.view("gm")["version"]
    refused(
        table.post("gm", "/fate/compels/escalate", {**RAISE, "accepted": False}),
        409,
        "not_enough_fate_points",
    )
    assert (points(table, "c1"), table.view("gm")["version"]) == (1, version)


def test_a_stunt_costs_a_fate_point_only_when_it_says_so(http: httpx.Client) -> None:
    """[004:151]: a costly stunt spends a point (none left: refused), a free one nothing; an
    unknown stunt is refused and a player cannot record one."""
    stunts = [
        {"name": "Furia", "exception": "+2 to Fuerza once", "costs_fate_point": True},
        {"name": "Olfato", "exception": "Alerta for Empatía"},
    ]
    table = new_table(http, "fate", [])
    character(table, "p1", sheet("Ana", fate_points=1, stunts=stunts))
    use = {"character": "c1", "stunt": "Furia", "reason": "the door"}
    refused(table.post("p1", "/fate/stunts", use), 403, "not_game_master")
    refused(table.post("gm", "/fate/stunts", {**use, "stunt": "Vuelo"}), 422, "no_stunt")
    table.command("gm", "/fate/stunts", use)
    assert points(table, "c1") == 0
    refused(table.post("gm", "/fate/stunts", use), 409, "not_enough_fate_points")
    table.command("gm", "/fate/stunts", {**use, "stunt": "Olfato"})
    assert points(table, "c1") == 0
    line = table.log("p2")[-1]
    assert (line["type"], line["data"]["stunt"], line["data"]["fate_points"]) == (
        "fate.StuntActivated",
        "Olfato",
        0,
    )
