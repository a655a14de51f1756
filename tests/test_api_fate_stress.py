"""FATE's stress, consequences, defeat and recovery over real HTTP, the game master recording
each hit and ruling at a table of separate seats: the worked examples F7-F9 of the digest
(§4.9), concessions and their Errata, the scene's end and recovery."""

from __future__ import annotations

from typing import Any

import httpx

from tests.api_helpers import ok
from tests.dice_http import Table, new_table
from tests.test_api_fate import character, http, points, refused, roll_call, sheet

__all__ = ["http"]  # the module's live server


def hit(shifts: int, consequence: str | None = None, **extra: Any) -> dict[str, Any]:
    return {
        "character": "c1",
        "track": "health",
        "shifts": shifts,
        "consequence": consequence,
        "reason": "a blow",
        **extra,
    }


def ana(table: Table) -> dict[str, Any]:
    seen: dict[str, Any] = ok(table.get("p2", "/characters/c1"))
    return seen


def _table(client: httpx.Client, **parts: Any) -> Table:
    table = new_table(client, "fate", [3, 3, 3, 3])
    character(table, "p1", sheet("Ana", **parts))
    character(table, "p2", sheet("Bea"))
    return table


def test_F7_a_3_shift_hit_marks_box_3_then_box_4(http: httpx.Client) -> None:
    table = _table(http)
    refused(table.post("p1", "/fate/hits", hit(3)), 403, "not_game_master")
    table.command("gm", "/fate/hits", hit(3))
    assert ana(table)["health"]["marked"] == [3]
    table.command("gm", "/fate/hits", hit(3))
    assert ana(table)["health"]["marked"] == [3, 4]  # [004:781]
    table.command("gm", "/fate/hits", hit(0, track="composure"))
    assert ana(table)["composure"]["marked"] == []  # 0 shifts, no stress [004:567]


def test_F8_a_hit_past_the_track_forces_a_consequence(http: httpx.Client) -> None:
    table = _table(http)
    refused(table.post("gm", "/fate/hits", hit(6)), 409, "consequence_required")
    table.command("gm", "/fate/hits", hit(6, "Costillas rotas"))
    seen = ana(table)
    assert seen["health"]["marked"] == []
    assert seen["consequences"] == [
        {"severity": "mild", "aspect": "Costillas rotas", "track": "health"}
    ]
    event = table.log("p2", "fate.StressTaken")[-1]["data"]
    assert event["hit"]["forced"] is True


def test_F9_mild_moderate_severe_then_taken_out(http: httpx.Client) -> None:
    """A consequence may always replace the boxes [004:789]; the fourth hit past a severe
    one takes the character out [004:795, 801], who then takes no action this scene."""
    table = _table(http)
    for number, severity in enumerate(("mild", "moderate", "severe")):
        table.command("gm", "/fate/hits", hit(2, f"Herida {number}"))
        assert ana(table)["consequences"][-1]["severity"] == severity
    table.command("gm", "/fate/hits", hit(6))
    assert ana(table)["out"] == "taken_out"
    refused(table.post("gm", "/fate/rolls", roll_call("c1")), 409, "out_of_scene")
    refused(table.post("gm", "/fate/hits", hit(1)), 409, "out_of_scene")
    # the scene's end brings it back, stress cleared; a breather heals the mild one
    table.command("gm", "/fate/scenes/end", {"breather": True, "reason": "a rest"})
    seen = ana(table)
    assert seen["out"] is None
    assert [c["severity"] for c in seen["consequences"]] == ["moderate", "severe"]
    body = {"character": "c1", "occasion": "six_hours_rest", "reason": "a night at the inn"}
    table.command("gm", "/fate/recoveries", body)
    assert [c["severity"] for c in ana(table)["consequences"]] == ["severe"]
    table.command("gm", "/fate/recoveries", {**body, "occasion": "new_adventure"})
    assert ana(table)["consequences"] == []


def test_stress_clears_at_the_end_of_the_scene_without_a_breather(http: httpx.Client) -> None:
    table = _table(http)
    table.command("gm", "/fate/hits", hit(2))
    table.command("gm", "/fate/hits", hit(2, "Un corte"))
    table.command("gm", "/fate/scenes/end", {"breather": False, "reason": "back to back"})
    seen = ana(table)
    assert seen["health"]["marked"] == [] and len(seen["consequences"]) == 1  # [004:775, 829]


def test_errata_a_refused_reasonable_concession_moves_a_point_from_the_attacker(
    http: httpx.Client,
) -> None:
    table = _table(http)
    offer = {"character": "c1", "attacker": "c2", "reasonable": True, "reason": "I flee"}
    table.command("gm", "/fate/concessions", {**offer, "accepted": False})
    assert (points(table, "c1"), points(table, "c2"), ana(table)["out"]) == (3, 1, None)
    table.command("gm", "/fate/concessions", {**offer, "accepted": True})
    assert (points(table, "c1"), points(table, "c2"), ana(table)["out"]) == (4, 0, "conceded")
    unreasonable = {**offer, "character": "c2", "attacker": "c1", "reasonable": False}
    table.command("gm", "/fate/concessions", {**unreasonable, "accepted": False})
    assert (points(table, "c1"), points(table, "c2")) == (4, 0)


def test_an_accepted_concession_moves_nothing_when_the_option_says_so(
    http: httpx.Client,
) -> None:
    table = new_table(http, "fate", [], concession_points_when_accepted=False)
    character(table, "p1", sheet("Ana"))
    character(table, "p2", sheet("Bea"))
    offer = {"character": "c1", "attacker": "c2", "reasonable": True, "reason": "I flee"}
    table.command("gm", "/fate/concessions", {**offer, "accepted": True})
    assert (points(table, "c1"), points(table, "c2")) == (2, 2)
