"""PORTAL's secret rolls through the shared channels over real HTTP: the stream, rewind, the
game master's audit, a fork, and closing; every seat with its own credential."""

from __future__ import annotations

import httpx

from tests.api_helpers import ok
from tests.dice_http import Table, fork_for_everyone, new_table
from tests.test_api_portal import character, http, open_roll, sheet, shows

__all__ = ["http"]  # the module's live server


def _npc_table(client: httpx.Client) -> Table:
    """Ana (p1) and the game master's principal NPC Markus, who rolls a `self` roll: the
    game master's alone, which audit does not open [projections.visibility]."""
    table = new_table(client, "portal", [3, 3, 3, 5, 5, 5])
    character(table, "p1", sheet("Ana"))
    character(table, "p2", sheet("Bea"))
    character(table, "gm", sheet("Markus", kind="principal", luck_held=0))
    table.command("gm", "/portal/rolls", open_roll("c3", visibility="self"))
    table.command("gm", "/portal/rolls", open_roll("c1"))
    return table


def test_the_stream_and_rewind_keep_a_self_roll_from_the_players(http: httpx.Client) -> None:
    table = _npc_table(http)
    version = table.version()
    for player in ("p1", "p2"):
        assert not any(shows(message, 1) for message in table.stream(player, until=version))
        for at in range(1, version + 1):
            assert not shows(table.view(player, version=at), 1), (player, at)
        assert shows(table.view(player), 2)  # Ana's public roll
    assert shows(table.view("gm"), 1)


def test_a_fork_copies_no_open_roll(http: httpx.Client) -> None:
    table = _npc_table(http)
    fork = fork_for_everyone(table)
    for who in ("gm", "p1", "p2"):
        seen = fork.view(who)
        assert seen["open_rolls"] == [] and seen["rolls"] == 0, who
        assert [c["name"] for c in seen["characters"]] == ["Ana", "Bea", "Markus"]
    # the fork rolls its own, numbered from 1
    assert fork.command("gm", "/portal/rolls", open_roll("c1"))["roll"] == 1


def test_closing_shows_every_roll_to_everybody(http: httpx.Client) -> None:
    table = _npc_table(http)
    table.command("p1", "/portal/rolls/settle", {"roll": 2, "payments": []})
    table.command("gm", "/close")
    for who in ("p1", "p2"):
        opened = table.rolled(who, 1)["portal.RollOpened"]
        assert opened["data"]["pool"]["basic"] == [3, 3, 3] and opened["hidden"] == []
    verified = ok(table.get("p2", "/verify"))
    assert verified["verified"] and verified["dice_checked"] == 6


def test_the_figures_count_rolls_outcomes_rerolls_and_damage(http: httpx.Client) -> None:
    """PORTAL's figures (`GET /stats`): rolls and their outcomes, a secret roll counted as made
    only, rerolls by what paid them, damage absorbed over the table's versions."""
    table = _npc_table(http)
    table.command(
        "gm",
        "/portal/damage",
        {"character": "c2", "points": 2, "nonlethal": False, "reason": "a fall"},
    )
    table.command("p1", "/portal/rolls/settle", {"roll": 2, "payments": []})
    rules = ok(table.get("p1", "/stats"))["rules"]
    assert rules["system"] == "portal"
    assert (rules["rolls"], rules["rolls_hidden"], rules["damage"]) == (2, 1, 2)
    assert rules["outcomes"] == {"success": 1}  # Ana's 5 against 4
    assert [point["character"] for point in rules["damage_over_time"]] == ["c2"]
    assert rules["characters"]["c1"]["name"] == "Ana"
    assert ok(table.get("gm", "/stats"))["rules"]["rolls_hidden"] == 0
