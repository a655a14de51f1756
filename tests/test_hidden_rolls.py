"""The hidden-roll scan over real HTTP, for every registered system whose commands roll
secretly: after two secret rolls, no answer of any operation of the document reaches a player
with anything of them.

Each system gives its two secret rolls (tests/system_support.py, `SecretRolls`, in
`tests/<system>_support.py`: stepdice's rogue's 10, exceptional, granted a benefit and the
warrior's 1, with a complication; asaltos's two blind checks, each with a modifier), what
follows from each worded with a marker. Then every player calls every operation of the
OpenAPI document on the table (every read with its variants; every command, the system's with
bodies that name the secret rolls, and the others' as they come), and no body or header it
gets holds a marker or a secret field of those rolls. The game master's reads hold both (the
scan would see them), and so do the players' once the rolls are revealed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from domain.systems import RULE_SYSTEMS
from tests.dice_http import Table, every_read
from tests.system_support import SecretRolls, provided, rolls_secretly
from tests.test_api_stepdice import http as http  # the module's live server

DOCUMENT = json.loads((Path(__file__).parent.parent / "openapi" / "openapi.json").read_text())
#: bodies of the shared commands naming the secret rolls (1 and 2) or the seats
SHARED_BODIES: dict[str, Any] = {
    "/rolls/reveal": {"rolls": [1, 2], "reason": "x"},
    "/fork": {"version": 1, "title": "x"},
    "/seats/remove": {"seat": "p2", "reason": "x"},
    "/seats/{seat}/claim": {"invitation": "p1.1." + "0" * 64},
}
#: operations a player's call would change for the rest of the scan (a new credential)
SKIPPED = {"/credential"}
#: every registered system that may roll secretly
SECRET_ROLLERS = [system for system in RULE_SYSTEMS if rolls_secretly(system)]


def every_answer(table: Table, who: str, bodies: dict[str, Any]) -> list[Any]:
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
                if response.headers.get("content-type", "").startswith("application/x-ndjson"):
                    answers += [json.loads(line) for line in response.text.splitlines()]
                elif response.content:
                    answers.append(response.json())
    return answers


def test_every_secret_roller_is_scanned() -> None:
    assert SECRET_ROLLERS, "no registered system rolls secretly: the scan checks nothing"


@pytest.mark.parametrize("system", SECRET_ROLLERS)
def test_no_answer_of_any_operation_gives_a_player_a_secret_roll(
    http: httpx.Client, system: str
) -> None:
    rolls: SecretRolls = provided(system, "secret_rolls")
    table = rolls.table(http)
    gm = json.dumps(every_read(table, "gm"))
    assert all(marker in gm for marker in rolls.markers)  # positive control: the scan sees them
    for player in ("p1", "p2"):
        answers = every_answer(table, player, {**SHARED_BODIES, **rolls.bodies})
        text = json.dumps(answers)
        for marker in rolls.markers:
            assert marker not in text, f"{marker} reaches {player}"
        for answer in answers:
            for roll in (1, 2):
                assert not rolls.shows(answer, roll), f"roll {roll} reaches {player}: {answer}"

    table.command("gm", "/rolls/reveal", {"rolls": [1, 2], "reason": "the end of the scene"})
    for player in ("p1", "p2"):
        text = json.dumps(every_read(table, player))
        assert all(marker in text for marker in rolls.markers), player
