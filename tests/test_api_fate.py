"""FATE over real HTTP, played by separate seats: characters and their hidden aspects, a roll
as a sequence of commands (called by the game master, invoked on and settled by its player,
each invocation ruled by the game master), the fate-point economy, temporary aspects, and
secret rolls.

Every table has the game master (seat "gm", who calls every roll) and two players, p1 and
p2, who claim their seats and create their own characters. Faces come from the table's public
`scripted_rolls`, four d6 a roll (1-2 -, 3-4 blank, 5-6 + [004:65-71]), then four per reroll.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from service.app import create_app
from service.settings import Settings
from tests import dice_http
from tests.api_helpers import ok
from tests.dice_http import SEATS, Table, every_read, new_table
from tests.live_server import TLS, serving
from tests.session_helpers import in_memory_tables

#: four d6 reading as blank dice (a total of 0)
BLANK = [3, 3, 3, 3]
#: F1: [-] [+] [-] [-] is -2 [004:79]
F1 = [1, 5, 2, 1]
#: F2: [+] [ ] [ ] [ ] is +1 [004:81]
F2 = [6, 3, 4, 3]
#: F3: [ ] [+] [ ] [-] is 0 [004:83]
F3 = [4, 5, 3, 2]
#: four +: +4
PLUS4 = [5, 6, 5, 6]


#: the tests share one table (`cast`), each going on from the one before: they run in order,
#: on one worker (`make test` runs `--dist loadgroup`)
pytestmark = pytest.mark.xdist_group("test_api_fate")


@pytest.fixture(scope="module")
def http() -> Iterator[httpx.Client]:
    app = create_app(Settings(commands_per_second=0), tables=in_memory_tables())
    with serving(app) as url, httpx.Client(base_url=url, timeout=10, verify=TLS) as client:
        yield client


def sheet(name: str, **parts: Any) -> dict[str, Any]:
    """A character's sheet: Athletics Good (+3), an aspect, 2 fate points, refresh 2, and
    what the test gives it."""
    return {
        "name": name,
        "skills": [{"name": "Atletismo", "rating": 3}],
        "aspects": [{"name": f"{name} el Audaz"}],
        "fate_points": 2,
        "refresh": 2,
        **parts,
    }


def character(table: Table, who: str, body: dict[str, Any], **extra: Any) -> str:
    created = table.command(who, "/fate/characters", {"sheet": body, **extra}, 201)
    character_id: str = created["id"]
    return character_id


def roll_call(character_id: str, **extra: Any) -> dict[str, Any]:
    """The game master's call: Athletics against Mediocre (+0); `extra` replaces any of it."""
    return {
        "character": character_id,
        "skill": "Atletismo",
        "difficulty": 0,
        "opposed_by": None,
        "reason": "a wall to climb",
        "full_defence": False,
        "secondary_action": None,
        "combined_with": [],
        **extra,
    }


def invoke(roll: int, aspect: str, **extra: Any) -> dict[str, Any]:
    return {
        "roll": roll,
        "aspect": aspect,
        "owner": None,
        "effect": "plus_two",
        "against_owner": False,
        "guess": False,
        **extra,
    }


def ruling(roll: int, accepted: bool = True, **extra: Any) -> dict[str, Any]:
    return {
        "roll": roll,
        "accepted": accepted,
        "reason": "it fits",
        "revealed": None,
        "secret": None,
        **extra,
    }


def settled(table: Table, who: str, roll: int, fate_points: int = 0) -> dict[str, Any]:
    """Settle a roll as `who`; the verdict and result as the game master reads them."""
    table.command(who, "/fate/rolls/settle", {"roll": roll, "fate_points": fate_points})
    data: dict[str, Any] = table.rolled("gm", roll)["fate.RollSettled"]["data"]
    return data


def points(table: Table, character_id: str) -> int:
    found: int = ok(table.get("gm", f"/characters/{character_id}"))["fate_points"]
    return found


def refused(response: httpx.Response, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert response.json()["code"] == code, response.text


def shows(body: Any, roll: int) -> bool:
    """Whether a body shows anything of a FATE roll beyond its existence."""
    if isinstance(body, dict):
        found = body.get("open_rolls")
        if isinstance(found, list) and any(
            isinstance(item, dict) and item.get("roll") == roll for item in found
        ):
            return True
    return dice_http.shows(body, roll, SECRET_FIELDS)


#: what a roll's events show beyond its existence, by type
SECRET_FIELDS: dict[str, set[str]] = {
    "DiceRolled": {"dice"},
    "fate.SkillRolled": {"skill", "dice", "difficulty", "against", "reason"},
    "fate.InvocationAsked": {"aspect"},
    "fate.AspectInvoked": {"invoked"},
    "fate.RollSettled": {"result", "verdict"},
}


@pytest.fixture(scope="module")
def cast(http: httpx.Client) -> Table:
    table = new_table(http, "fate", [])
    secret = sheet(
        "Ana", aspects=[{"name": "Ana la Audaz"}, {"name": "Deuda Oscura", "hidden": True}]
    )
    assert character(table, "p1", secret) == "c1"
    assert character(table, "p2", sheet("Bea")) == "c2"
    assert character(table, "gm", sheet("Villano", kind="npc"), seat="gm") == "c3"
    return table


# -- characters ------------------------------------------------------------------------------


def test_each_player_creates_its_own_character_and_a_hidden_aspect_is_its_own(
    cast: Table,
) -> None:
    for who, knows in (("gm", True), ("p1", True), ("p2", False)):
        seen = ok(cast.get(who, "/characters/c1"))
        assert (seen["name"], seen["seat"], seen["kind"]) == ("Ana", "p1", "pc")
        names = [a["name"] for a in seen["aspects"]]
        assert ("Deuda Oscura" in names) == knows, who
        assert "Ana la Audaz" in names
        # the rest of the sheet is the table's to see
        assert (seen["fate_points"], seen["refresh"], seen["health"]["boxes"]) == (2, 2, 5)
        assert ("Deuda Oscura" in json.dumps(every_read(cast, who))) == knows, who


def test_a_player_creates_no_character_for_another_seat_nor_an_npc(cast: Table) -> None:
    body = {"sheet": sheet("Otro"), "seat": "p2"}
    refused(cast.post("p1", "/fate/characters", body), 403, "not_your_seat")
    npc = {"sheet": sheet("Otro", kind="npc")}
    refused(cast.post("p1", "/fate/characters", npc), 422, "invalid_sheet")
    broken = {"sheet": sheet("Otro", health={"boxes": 5, "marked": [6]})}
    refused(cast.post("p1", "/fate/characters", broken), 422, "invalid_sheet")


# -- the roll and the ladder -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("faces", "total"), [(F1, -2), (F2, 1), (F3, 0), ([1, 2, 3, 4], -2), ([5, 6, 5, 6], 4)]
)
def test_F1_to_F4_four_d6_read_as_fudge_dice(
    http: httpx.Client, faces: list[int], total: int
) -> None:
    table = new_table(http, "fate", faces)
    character(table, "p1", sheet("Ana"))
    roll = table.command("gm", "/fate/rolls", roll_call("c1", difficulty=3))["roll"]
    data = settled(table, "p1", roll)
    assert sum(data["result"]["dice"]["values"]) == total
    # effort = skill + dice [004:75]: Athletics Good (+3)
    assert data["verdict"]["effort"] == 3 + total


def test_F5_difficulties_are_ladder_values_and_unnamed_ones_stay_integers(
    http: httpx.Client,
) -> None:
    table = new_table(http, "fate", BLANK * 3)
    character(table, "p1", sheet("Ana", skills=[{"name": "Mecánica", "rating": 10}]))
    for difficulty in (0, 3, 9):  # start a car, repair it after a crash, past Legendario
        roll = table.command(
            "gm", "/fate/rolls", roll_call("c1", skill="Mecánica", difficulty=difficulty)
        )["roll"]
        assert settled(table, "p1", roll)["verdict"]["against"] == difficulty
    refused(table.post("gm", "/fate/rolls", roll_call("c1", difficulty=21)), 400, "invalid_request")


@pytest.mark.parametrize(
    ("difficulty", "outcome", "shifts", "critical"),
    [
        (3, "success", 0, False),
        (1, "success", 2, False),
        (4, "failure", 0, False),
        (0, "success", 3, True),
    ],
)
def test_F6_shifts_ties_and_critical_successes(
    http: httpx.Client, difficulty: int, outcome: str, shifts: int, critical: bool
) -> None:
    """Effort 3 (Good, blank dice): a tie succeeds with 0 shifts, shifts are the excess,
    below the difficulty no shift [004:567], 3 shifts a critical success [004:857]."""
    table = new_table(http, "fate", BLANK)
    character(table, "p1", sheet("Ana"))
    table.command("gm", "/fate/rolls", roll_call("c1", difficulty=difficulty))
    verdict = settled(table, "p1", 1)["verdict"]
    assert (verdict["outcome"], verdict["shifts"], verdict["critical"]) == (
        outcome,
        shifts,
        critical,
    )


@pytest.mark.parametrize(("tie", "outcome"), [("active_succeeds", "success"), ("nobody", "tie")])
def test_an_opposed_action_is_judged_against_the_settled_effort(
    http: httpx.Client, tie: str, outcome: str
) -> None:
    table = new_table(http, "fate", BLANK + BLANK + PLUS4, opposed_tie=tie)
    character(table, "p1", sheet("Ana"))
    character(table, "p2", sheet("Bea"))
    table.command("gm", "/fate/rolls", roll_call("c2"))
    settled(table, "p2", 1)
    table.command("gm", "/fate/rolls", roll_call("c1", difficulty=None, opposed_by=1))
    verdict = settled(table, "p1", 2)["verdict"]
    assert (verdict["against"], verdict["outcome"], verdict["shifts"]) == (3, outcome, 0)
    table.command("gm", "/fate/rolls", roll_call("c1", difficulty=None, opposed_by=1))
    assert settled(table, "p1", 3)["verdict"]["shifts"] == 4  # 7 against 3 [004:601]
    both = roll_call("c1", difficulty=2, opposed_by=1)
    refused(table.post("gm", "/fate/rolls", both), 422, "invalid_difficulty")


# -- invocations and fate points -------------------------------------------------------------


def test_invocations_come_after_the_roll_and_the_game_master_rules_on_each(
    http: httpx.Client,
) -> None:
    """A fate point buys +2 or a reroll whose dice stand [004:135-139]; a +2 counts on the
    rerolled dice; each aspect once per roll; declined, nothing is spent; +1 per point at the
    settlement [004:131]."""
    table = new_table(http, "fate", F1 + PLUS4)
    character(
        table, "p1", sheet("Ana", aspects=[{"name": "Ágil"}, {"name": "Tozuda"}], fate_points=4)
    )
    roll = table.command("gm", "/fate/rolls", roll_call("c1", difficulty=5))["roll"]
    # only the roller asks, only the game master rules
    refused(
        table.post("p2", "/fate/rolls/invoke", invoke(roll, "Ágil", owner="c1")),
        403,
        "not_your_seat",
    )
    refused(
        table.post("gm", "/fate/rolls/invoke", invoke(roll, "Ágil", owner="c1")),
        403,
        "not_your_seat",
    )
    table.command("p1", "/fate/rolls/invoke", invoke(roll, "Tozuda", owner="c1"))
    refused(table.post("p1", "/fate/rolls/rule", ruling(roll)), 403, "not_game_master")
    refused(
        table.post("p1", "/fate/rolls/settle", {"roll": roll, "fate_points": 0}),
        409,
        "invocation_pending",
    )
    table.command("gm", "/fate/rolls/rule", ruling(roll, accepted=False, reason="not here"))
    assert points(table, "c1") == 4  # declined: nothing spent
    table.command("p1", "/fate/rolls/invoke", invoke(roll, "Tozuda", owner="c1"))
    table.command("gm", "/fate/rolls/rule", ruling(roll))
    again = invoke(roll, "tozuda", owner="c1", effect="reroll")
    refused(table.post("p1", "/fate/rolls/invoke", again), 422, "no_aspect")
    refused(
        table.post("p1", "/fate/rolls/invoke", invoke(roll, "Tozuda", owner="c1", effect="reroll")),
        422,
        "aspect_already_invoked",
    )
    table.command("p1", "/fate/rolls/invoke", invoke(roll, "Ágil", owner="c1", effect="reroll"))
    table.command("gm", "/fate/rolls/rule", ruling(roll))
    # the reroll is a roll of its own, public
    reroll = table.rolled("p2", 2)["DiceRolled"]["data"]
    assert [d["face"] for d in reroll["dice"]] == PLUS4
    refused(
        table.post("p1", "/fate/rolls/settle", {"roll": roll, "fate_points": 3}),
        409,
        "not_enough_fate_points",
    )
    data = settled(table, "p1", roll, fate_points=1)
    # 3 + 4 (rerolled) + 2 (Tozuda) + 1 (a point)
    assert data["verdict"]["effort"] == 10 and data["verdict"]["shifts"] == 5
    assert data["result"]["fate_points_spent"] == 3
    assert points(table, "c1") == 1


def test_a_paid_invocation_against_its_owner_pays_the_owner_at_the_settlement(
    http: httpx.Client,
) -> None:
    table = new_table(http, "fate", BLANK)
    character(table, "p1", sheet("Ana"))
    character(table, "p2", sheet("Bea", aspects=[{"name": "Miope"}]))
    table.command("gm", "/fate/rolls", roll_call("c1"))
    body = invoke(1, "Miope", owner="c2", against_owner=True)
    table.command("p1", "/fate/rolls/invoke", body)
    table.command("gm", "/fate/rolls/rule", ruling(1))
    assert points(table, "c2") == 2  # not before the end of the exchange [004:335]
    assert settled(table, "p1", 1)["fate_points"] == {"c1": 1, "c2": 3}
    assert (points(table, "c1"), points(table, "c2")) == (1, 3)


def test_a_maneuvers_aspect_gives_its_roller_a_free_invocation_used_before_a_point(
    http: httpx.Client,
) -> None:
    """A maneuver with 1 shift places a fragile aspect on its target, its free invocation the
    maneuver's [004:329, 847]; it is used before a fate point, and the aspect is gone after
    [004:853]; a failed maneuver places nothing."""
    table = new_table(http, "fate", [5, 3, 3, 3, *BLANK, *BLANK, 1, 1, 1, 1])
    character(table, "p1", sheet("Ana"))
    character(table, "p2", sheet("Bea"))
    table.command(
        "gm", "/fate/rolls", roll_call("c1", difficulty=None, opposed_by=None) | {"difficulty": 3}
    )
    settled(table, "p1", 1)  # 4 against 3: 1 shift
    place = {
        "roll": 1,
        "name": "Fuera de equilibrio",
        "target": "c2",
        "sticky": False,
        "critical_required": True,
        "passable": True,
        "reason": "a shove",
    }
    refused(table.post("gm", "/fate/aspects", {**place, "sticky": True}), 409, "needs_critical")
    table.command("gm", "/fate/aspects", place)
    aspect = table.view("p2")["aspects"][0]
    assert (aspect["target"], aspect["holder"], aspect["free_invocations"]) == ("c2", "c1", 1)
    table.command("gm", "/fate/rolls", roll_call("c1"))
    table.command(
        "p1", "/fate/rolls/invoke", invoke(2, "Fuera de equilibrio", owner="c2", against_owner=True)
    )
    table.command("gm", "/fate/rolls/rule", ruling(2))
    data = settled(table, "p1", 2)
    assert data["result"]["invocations"][0]["paid"] == "free"
    assert data["fate_points"] == {"c1": 2}  # free: nobody is paid
    assert table.view("p1")["aspects"] == []
    table.command("gm", "/fate/rolls", roll_call("c2", difficulty=5))
    settled(table, "p2", 3)  # a failure
    refused(
        table.post("gm", "/fate/aspects", {**place, "roll": 3, "target": "c1"}),
        409,
        "maneuver_failed",
    )


def test_secret_rolls_take_no_invocation_and_are_settled_by_the_game_master(
    http: httpx.Client,
) -> None:
    table = new_table(http, "fate", PLUS4 + BLANK)
    character(table, "p1", sheet("Ana"))
    character(table, "p2", sheet("Bea"))
    table.command("gm", "/fate/rolls", roll_call("c1", visibility="blind"))
    for who in ("p1", "p2"):
        assert not any(shows(read, 1) for read in every_read(table, who).values()), who
    refused(
        table.post("p1", "/fate/rolls/invoke", invoke(1, "Ana el Audaz", owner="c1")),
        409,
        "roll_secret",
    )
    refused(
        table.post("gm", "/fate/rolls/settle", {"roll": 1, "fate_points": 1}), 409, "roll_secret"
    )
    # whether it is still open is the roll's too: a player meets the same refusal after
    settle = {"roll": 1, "fate_points": 0}
    refused(table.post("p1", "/fate/rolls/settle", settle), 409, "roll_secret")
    table.command("gm", "/fate/rolls/settle", settle)
    refused(table.post("p1", "/fate/rolls/settle", settle), 409, "roll_secret")
    refused(table.post("p2", "/fate/rolls/invoke", invoke(1, "x", owner=None)), 409, "roll_secret")
    assert not any(shows(read, 1) for read in every_read(table, "p1").values())
    # an opposed action does not read a secret effort
    refused(
        table.post("gm", "/fate/rolls", roll_call("c1", difficulty=None, opposed_by=1)),
        409,
        "roll_secret",
    )
    table.command("gm", "/rolls/reveal", {"rolls": [1], "reason": "the scene ends"})
    assert table.rolled("p1", 1)["fate.RollSettled"]["data"]["verdict"]["shifts"] == 7


# -- the fate-point economy outside a roll ---------------------------------------------------


def test_compels_declarations_and_refresh(http: httpx.Client) -> None:
    """A compel accepted gains a point, refused costs one of the player's own (at 0 it
    cannot be refused, Errata), an off-screen one cannot be refused [004:377]; a declaration
    costs a point unless vetoed [004:155-159]; refresh is max(points, refresh) (Errata)."""
    table = new_table(http, "fate", [])
    character(table, "p1", sheet("Ana", fate_points=0, refresh=3))
    character(table, "p2", sheet("Bea", fate_points=5, refresh=3))
    compel = {"character": "c1", "aspect": "Ana el Audaz", "kind": "offered", "reason": "pride"}
    refused(
        table.post("gm", "/fate/compels", {**compel, "accepted": False}),
        409,
        "not_enough_fate_points",
    )
    refused(table.post("p1", "/fate/compels", {**compel, "accepted": True}), 403, "not_game_master")
    table.command("gm", "/fate/compels", {**compel, "accepted": True})
    assert points(table, "c1") == 1
    table.command("gm", "/fate/compels", {**compel, "accepted": False})
    assert points(table, "c1") == 0
    off = {**compel, "kind": "off_screen", "accepted": False}
    refused(table.post("gm", "/fate/compels", off), 409, "cannot_refuse")
    declaration = {"character": "c2", "declaration": "I know the harbour master", "reason": "fits"}
    table.command("gm", "/fate/declarations", {**declaration, "accepted": False, "aspect": None})
    assert points(table, "c2") == 5
    table.command(
        "gm",
        "/fate/declarations",
        {**declaration, "accepted": True, "aspect": "Amigos en el puerto"},
    )
    assert points(table, "c2") == 4
    aspect = table.view("p1")["aspects"][0]
    assert (aspect["name"], aspect["target"], aspect["duration"], aspect["holder"]) == (
        "Amigos en el puerto",
        None,
        "sticky",
        "c2",
    )
    table.command("gm", "/fate/refresh", {"reason": "a new session"})
    assert (points(table, "c1"), points(table, "c2")) == (3, 4)


# -- hidden aspects --------------------------------------------------------------------------


def _hidden_table(http: httpx.Client) -> Table:
    table = new_table(http, "fate", BLANK * 4)
    character(table, "p1", sheet("Ana"))
    bea = sheet(
        "Bea", aspects=[{"name": "Bea la Audaz"}, {"name": "Culpa Secreta", "hidden": True}]
    )
    character(table, "p2", bea)
    table.command("gm", "/fate/rolls", roll_call("c1"))
    return table


def test_naming_a_hidden_aspect_it_does_not_know_is_refused_as_a_missing_one(
    http: httpx.Client,
) -> None:
    table = _hidden_table(http)
    hidden = table.post("p1", "/fate/rolls/invoke", invoke(1, "Culpa Secreta", owner="c2"))
    missing = table.post("p1", "/fate/rolls/invoke", invoke(1, "Nada Parecido", owner="c2"))
    assert hidden.status_code == missing.status_code == 422
    assert hidden.json()["code"] == missing.json()["code"] == "no_aspect"
    assert "Culpa Secreta" not in json.dumps(every_read(table, "p1"))
    refused(
        table.post(
            "gm",
            "/fate/compels",
            {
                "character": "c2",
                "aspect": "Culpa Secreta",
                "kind": "offered",
                "accepted": True,
                "reason": "r",
            },
        ),
        409,
        "aspect_hidden",
    )


@pytest.mark.parametrize(("secret", "after"), [(True, 1), (False, 2)])
def test_a_wrong_guess_loses_its_point_when_the_aspect_was_secret(
    http: httpx.Client, secret: bool, after: int
) -> None:
    table = _hidden_table(http)
    table.command(
        "p1",
        "/fate/rolls/invoke",
        invoke(1, "Sentimiento de culpa", owner="c2", guess=True, against_owner=True),
    )
    refused(table.post("gm", "/fate/rolls/rule", ruling(1)), 422, "invalid_ruling")
    table.command("gm", "/fate/rolls/rule", ruling(1, secret=secret))
    assert points(table, "c1") == after  # [004:355-357]
    assert "Culpa Secreta" not in json.dumps(every_read(table, "p1"))
    assert settled(table, "p1", 1)["result"]["invocations"] == []


def test_a_close_guess_reveals_the_hidden_aspect_to_everyone_and_invokes_it(
    http: httpx.Client,
) -> None:
    table = _hidden_table(http)
    guess = invoke(1, "Sentimiento de culpa", owner="c2", guess=True, against_owner=True)
    table.command("p1", "/fate/rolls/invoke", guess)
    table.command("gm", "/fate/rolls/rule", ruling(1, revealed="Culpa Secreta", secret=True))
    for who in SEATS:
        assert "Culpa Secreta" in [
            a["name"] for a in ok(table.get(who, "/characters/c2"))["aspects"]
        ]
    data = settled(table, "p1", 1)
    assert data["result"]["invocations"][0]["aspect"] == "Culpa Secreta"
    assert data["verdict"]["effort"] == 5 and data["fate_points"] == {"c1": 1, "c2": 3}


def test_an_assessment_discovers_a_hidden_aspect_with_a_free_invocation(http: httpx.Client) -> None:
    table = _hidden_table(http)
    body = {"character": "c2", "aspect": "Culpa Secreta", "by": "c1", "reason": "an assessment"}
    refused(table.post("p1", "/fate/aspects/discover", body), 403, "not_game_master")
    table.command("gm", "/fate/aspects/discover", body)
    table.command("p1", "/fate/rolls/invoke", invoke(1, "Culpa Secreta", owner="c2"))
    table.command("gm", "/fate/rolls/rule", ruling(1))
    data = settled(table, "p1", 1)
    assert data["result"]["free_used"] == ["Culpa Secreta"] and data["fate_points"] == {"c1": 2}


# -- the game master's modifiers of a roll --------------------------------------------------


@pytest.mark.parametrize(
    ("net", "expected"), [("cancel", [3, 4, 2, 3]), ("restrict", [3, 4, 2, 2])]
)
def test_F14_combined_skills_full_defence_and_a_secondary_action_modify_the_effort(
    http: httpx.Client, net: str, expected: list[int]
) -> None:
    """Atletismo Good (+3) with blank dice: Seguridad (higher) complements +1, Vigor (lower)
    restricts -1, both together as the GAP option says, clamped to ±1 [004:753-759]; full
    defence +2 [004:715]; a secondary action moving across a border of 1, -2
    [004:737, 747]."""
    table = new_table(http, "fate", BLANK * 5, combined_skills_net=net)
    skills = [
        {"name": "Atletismo", "rating": 3},
        {"name": "Seguridad", "rating": 5},
        {"name": "Vigor", "rating": 1},
    ]
    character(table, "p1", sheet("Ana", skills=skills))
    complements = {"skill": "Seguridad", "role": "complements", "reason": "a lock"}
    restricts = {"skill": "Vigor", "role": "restricts", "reason": "tired"}
    calls: list[dict[str, Any]] = [
        {},
        {"combined_with": [complements]},
        {"combined_with": [restricts]},
        {"combined_with": [complements, restricts]},
    ]
    efforts = []
    for extra in calls:
        roll = table.command("gm", "/fate/rolls", roll_call("c1", **extra))["roll"]
        efforts.append(settled(table, "p1", roll)["verdict"]["effort"])
    assert efforts == expected
    call = roll_call(
        "c1", full_defence=True, secondary_action={"border": 1, "reason": "jumps the fence"}
    )
    roll = table.command("gm", "/fate/rolls", call)["roll"]
    assert settled(table, "p1", roll)["verdict"]["effort"] == 3 + 2 - 2
    itself = roll_call("c1", combined_with=[{**complements, "skill": "Atletismo"}])
    refused(table.post("gm", "/fate/rolls", itself), 422, "invalid_modifier")
