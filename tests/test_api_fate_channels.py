"""FATE's secrets through every channel over real HTTP: a hidden aspect and a secret roll
against every operation of the API's document (the shared scan's `every_answer`, audit
included), the stream, rewind, a fork, and closing; every seat with its own credential."""

from __future__ import annotations

import json

import httpx

from tests.api_helpers import ok
from tests.dice_http import Table, every_read, fork_for_everyone, new_table
from tests.fate_support import BODIES
from tests.test_api_fate import character, http, roll_call, sheet, shows
from tests.test_hidden_rolls import SHARED_BODIES, every_answer

__all__ = ["http"]  # the module's live server

HIDDEN = "HIDDEN-ASPECT-MARK"


def _table(client: httpx.Client) -> Table:
    """Ana (p1) with a hidden aspect, Bea (p2), and the game master's NPC Markus with one of
    its own; Markus rolls a `self` roll, Ana a public one."""
    table = new_table(client, "fate", [3, 3, 3, 3, 5, 5, 5, 5])
    character(table, "p1", sheet("Ana", aspects=[{"name": HIDDEN + "-A", "hidden": True}]))
    character(table, "p2", sheet("Bea"))
    markus = sheet("Markus", kind="npc", aspects=[{"name": HIDDEN + "-M", "hidden": True}])
    character(table, "gm", markus)
    table.command("gm", "/fate/rolls", roll_call("c3", visibility="self"))
    table.command("gm", "/fate/rolls", roll_call("c1"))
    return table


def test_no_answer_of_any_operation_tells_a_hidden_aspect_to_who_may_not_know_it(
    http: httpx.Client,
) -> None:
    table = _table(http)
    gm = json.dumps(every_read(table, "gm"))
    assert HIDDEN + "-A" in gm and HIDDEN + "-M" in gm  # positive control
    bodies = {**SHARED_BODIES, **BODIES}
    p1 = json.dumps(every_answer(table, "p1", bodies))
    assert HIDDEN + "-A" in p1 and HIDDEN + "-M" not in p1  # its own, and not Markus's
    p2 = json.dumps(every_answer(table, "p2", bodies))
    assert HIDDEN not in p2
    for at in range(1, table.version() + 1):
        assert HIDDEN not in json.dumps(table.view("p2", version=at))


def test_the_stream_and_rewind_keep_a_self_roll_from_the_players(http: httpx.Client) -> None:
    table = _table(http)
    version = table.version()
    for player in ("p1", "p2"):
        assert not any(shows(message, 1) for message in table.stream(player, until=version))
        for at in range(1, version + 1):
            assert not shows(table.view(player, version=at), 1), (player, at)
        assert shows(table.view(player), 2)  # Ana's public roll
    assert shows(table.view("gm"), 1)


def test_a_fork_copies_no_roll_and_no_hidden_aspect_reaches_a_player_there(
    http: httpx.Client,
) -> None:
    table = _table(http)
    fork = fork_for_everyone(table)
    for who in ("gm", "p1", "p2"):
        seen = fork.view(who)
        assert seen["open_rolls"] == [] and seen["rolls"] == 0, who
        assert [c["name"] for c in seen["characters"]] == ["Ana", "Bea", "Markus"]
    assert HIDDEN not in json.dumps(every_read(fork, "p2"))
    # the fork rolls its own, numbered from 1
    assert fork.command("gm", "/fate/rolls", roll_call("c1"))["roll"] == 1


def test_closing_shows_every_roll_and_aspect_to_everybody(http: httpx.Client) -> None:
    table = _table(http)
    table.command("p1", "/fate/rolls/settle", {"roll": 2, "fate_points": 0})
    table.command("gm", "/close")
    for who in ("p1", "p2"):
        rolled = table.rolled(who, 1)["fate.SkillRolled"]
        assert rolled["data"]["dice"]["faces"] == [3, 3, 3, 3] and rolled["hidden"] == []
        assert HIDDEN + "-M" in json.dumps(every_read(table, who))
    verified = ok(table.get("p2", "/verify"))
    assert verified["verified"] and verified["dice_checked"] == 8


def test_the_figures_count_rolls_outcomes_invocations_and_compels(http: httpx.Client) -> None:
    table = _table(http)
    table.command("p1", "/fate/rolls/settle", {"roll": 2, "fate_points": 1})
    compel = {"character": "c2", "aspect": "Bea el Audaz", "kind": "offered", "reason": "r"}
    table.command("gm", "/fate/compels", {**compel, "accepted": True})
    rules = ok(table.get("p1", "/stats"))["rules"]
    assert rules["system"] == "fate"
    assert (rules["rolls"], rules["rolls_hidden"], rules["fate_points_spent"]) == (2, 1, 1)
    assert rules["outcomes"] == {"success": 1} and rules["critical"] == 1  # 3 + 4 + 1 vs 0
    assert rules["compels"] == {"accepted": 1}
    assert rules["characters"]["c1"]["name"] == "Ana"
    assert ok(table.get("gm", "/stats"))["rules"]["rolls_hidden"] == 0
