"""The hidden-roll scan over real HTTP: after secret tests, no answer of any operation of the
document reaches a player with anything of them.

Two blind tests (the rogue's 10, exceptional, granted a benefit; the warrior's 1, with a
complication), each ruling worded with a marker. Then every player calls every operation of
the OpenAPI document on the table (every read with its variants; every command, the
system's with bodies that name the secret rolls, and the others' as they come), and no
body or header it gets holds a marker or a secret field of those rolls. The game master's
reads hold both (the scan would see them), and so do the players' once the rolls are
revealed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx

from tests import test_api_asaltos as asaltos
from tests.dice_http import Table, every_read, new_table
from tests.test_api_stepdice import character, roll_test, sheet, shows
from tests.test_api_stepdice import http as http  # the module's live server

DOCUMENT = json.loads((Path(__file__).parent.parent / "openapi" / "openapi.json").read_text())
MARKERS = ("BENEFIT-MARK", "COMPLICATION-MARK")
UNHELPED: dict[str, Any] = {"shifts": [], "helper": None}
#: bodies that name the secret rolls (1 and 2) or their characters; other commands get `{}`
BODIES: dict[str, Any] = {
    "/stepdice/characters": {"name": "N", "attributes": sheet()},
    "/stepdice/enemies": {"name": "B", "category": "jefe"},
    "/stepdice/scenes": {"reason": "later"},
    "/stepdice/tests": roll_test("c1", "agilidad"),
    "/stepdice/attacks": {"character": "c1", "enemy": "e1", "kind": "melee", **UNHELPED},
    "/stepdice/casts": {"character": "c1", "effect": "x", "level": "truco", "cost": 0, **UNHELPED},
    "/stepdice/benefits": {"roll": 1, "benefit": "larger_effect", "description": "x"},
    "/stepdice/complications": {"roll": 2, "complication": "x"},
    "/stepdice/venganza": {"roll": 2, "reach": True, "effect": "heart"},
    "/stepdice/hits": {"character": "c2", "reason": "x"},
    "/stepdice/armour/spend": {"character": "c1"},
    "/stepdice/armour/decline": {"character": "c1"},
    "/stepdice/raise": {"helper": "c1", "character": "c2", "how": "x"},
    "/stepdice/clocks": {"name": "k", "steps": 2, "consequence": "x"},
    "/stepdice/clocks/advance": {"clock": "k1", "reason": "x"},
    "/stepdice/rests": {"characters": ["c2"], "reason": "x"},
    "/stepdice/advances": {"character": "c1", "advance": "heart", "reason": "x"},
    "/rolls/reveal": {"rolls": [1, 2], "reason": "x"},
    "/fork": {"version": 1, "title": "x"},
    "/seats/remove": {"seat": "p2", "reason": "x"},
    "/seats/{seat}/claim": {"invitation": "p1.1." + "0" * 64},
}  # fmt: skip
#: operations a player's call would change for the rest of the scan (a new credential)
SKIPPED = {"/credential"}


def every_answer(table: Table, who: str, bodies: dict[str, Any] = BODIES) -> list[Any]:
    """The answer of every operation of the document to `who` on this table, bodies and
    headers, plus every read with its variants (`every_read`); `bodies` by path (others
    get `{}`)."""
    answers: list[Any] = list(every_read(table, who).values())
    for path, item in DOCUMENT["paths"].items():
        if not path.startswith("/tables/{table_id}"):
            continue
        tail = path.removeprefix("/tables/{table_id}")
        if tail in SKIPPED or tail == "/stream":
            continue  # the stream is read in every_read, to the end
        url = (
            f"/tables/{table.id}{tail}".replace("{seat}", who)
            .replace("{character_id}", "c1")
            .replace("{number}", "1")
        )
        for method in item:
            variants = [{}, {"audit": True}] if method == "get" else [{}]
            for params in variants:
                response = table.http.request(
                    method.upper(),
                    url,
                    params=params,
                    json=bodies.get(tail, {}) if method == "post" else None,
                    headers=table.headers[who],
                )
                assert response.status_code < 500, (path, response.text)
                answers.append({"path": path, "status": response.status_code})
                answers.append(dict(response.headers))
                if response.content:
                    answers.append(response.json())
    return answers


def secret_table(http: httpx.Client) -> Table:
    table = new_table(http, "stepdice", [10, 1, 5, 5])
    character(table, "p1", "Rogue", attributes=sheet())
    character(table, "p2", "Warrior", attributes=sheet())
    table.command("gm", "/stepdice/enemies", {"name": "Pawn", "category": "peon"}, 201)
    for who, marker in (("c1", "BENEFIT-MARK"), ("c2", "COMPLICATION-MARK")):
        answer = table.command(
            "gm", "/stepdice/tests", roll_test(who, "agilidad", visibility="blind")
        )
        assert set(answer) == {"version", "roll"}  # the answer is the roll's number, no more
        if who == "c1":
            ruling = {"roll": answer["roll"], "benefit": "extra_benefit", "description": marker}
            table.command("gm", "/stepdice/benefits", ruling)
        else:
            table.command(
                "gm", "/stepdice/complications", {"roll": answer["roll"], "complication": marker}
            )
    return table


def test_no_answer_of_any_operation_gives_a_player_a_secret_roll(http: httpx.Client) -> None:
    table = secret_table(http)
    gm = json.dumps(every_read(table, "gm"))
    assert all(marker in gm for marker in MARKERS)  # positive control: the scan sees them
    for player in ("p1", "p2"):
        answers = every_answer(table, player)
        text = json.dumps(answers)
        for marker in MARKERS:
            assert marker not in text, f"{marker} reaches {player}"
        for answer in answers:
            for roll in (1, 2):
                assert not shows(answer, roll), f"roll {roll} reaches {player}: {answer}"

    table.command("gm", "/rolls/reveal", {"rolls": [1, 2], "reason": "the end of the scene"})
    for player in ("p1", "p2"):
        text = json.dumps(every_read(table, player))
        assert all(marker in text for marker in MARKERS), player


# -- asaltos: two blind checks, each with a modifier whose reason is a marker -----------------

ASALTOS_MARKERS = ("CLIMB-MARK", "HIDE-MARK")
ASALTOS_BODIES: dict[str, Any] = {
    "/asaltos/characters": {"name": "N", "sheet": asaltos.sheet()},
    "/asaltos/checks": asaltos.check("c1", "Espada"),
    "/asaltos/opposed-checks": {
        "contenders": [
            {"character": c, "skill": "Espada", "base_difficulty": 0, "modifiers": []}
            for c in ("c1", "c2")
        ]
    },
    "/asaltos/combats": {"combatants": ["c1", "c2"]},
    "/asaltos/declarations": asaltos.declare("c1", "attack"),
    "/asaltos/aims": {"character": "c1", "target": "c2"},
    "/asaltos/passes": {"character": "c1"},
    "/asaltos/moves": {"character": "c1", "metres": 1, "reason": "x"},
    "/asaltos/attacks": asaltos.attack("c1", "c2"),
    "/asaltos/wounds": {"character": "c2", "location": "P", "level": 1, "reason": "x"},
    "/asaltos/pain": {"character": "c2", "wound": 1, "base_difficulty": 0, "modifiers": []},
    "/asaltos/medicine": {
        "healer": "c1", "patient": "c2", "wound": 1, "base_difficulty": 0, "modifiers": []
    },
    "/asaltos/time": {"seconds": 60, "reason": "x", "losses": []},
    "/asaltos/rest-interruptions": {"character": "c2", "reason": "x"},
    "/asaltos/conditions/clear": {"character": "c2", "condition": "fallen", "reason": "x"},
    "/asaltos/weapons/take-up": {"character": "c1", "weapon": "espada", "hand": "BI"},
    "/rolls/reveal": {"rolls": [1, 2], "reason": "x"},
    "/fork": {"version": 1, "title": "x"},
    "/seats/remove": {"seat": "p2", "reason": "x"},
    "/seats/{seat}/claim": {"invitation": "p1.1." + "0" * 64},
}  # fmt: skip


def asaltos_secret_table(http: httpx.Client) -> Table:
    table = new_table(http, "asaltos", [2, 9])
    asaltos.character(table, "p1", "Climber", skills={"Escalada": 5, "Espada": 5})
    asaltos.character(table, "p2", "Thief", skills={"Sigilo": 5, "Espada": 5})
    for who, skill, marker in (("c1", "Escalada", "CLIMB-MARK"), ("c2", "Sigilo", "HIDE-MARK")):
        modifier = {"amount": 1, "reason": marker}
        body = asaltos.check(who, skill, modifiers=[modifier], visibility="blind")
        answer = table.command("gm", "/asaltos/checks", body)
        assert set(answer) == {"version", "roll"}  # the answer is the roll's number, no more
    return table


def test_no_answer_of_any_operation_gives_a_player_a_secret_asaltos_check(
    http: httpx.Client,
) -> None:
    table = asaltos_secret_table(http)
    gm = json.dumps(every_read(table, "gm"))
    assert all(marker in gm for marker in ASALTOS_MARKERS)  # positive control
    for player in ("p1", "p2"):
        answers = every_answer(table, player, ASALTOS_BODIES)
        text = json.dumps(answers)
        for marker in ASALTOS_MARKERS:
            assert marker not in text, f"{marker} reaches {player}"
        for answer in answers:
            for roll in (1, 2):
                assert not asaltos.shows(answer, roll), f"roll {roll} reaches {player}: {answer}"

    table.command("gm", "/rolls/reveal", {"rolls": [1, 2], "reason": "the end of the scene"})
    for player in ("p1", "p2"):
        text = json.dumps(every_read(table, player))
        assert all(marker in text for marker in ASALTOS_MARKERS), player
