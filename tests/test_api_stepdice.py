"""stepdice over real HTTP: the digest's worked examples S1-S6, secret tests through every
channel, and the shared reads (log, rewind, fork, audit, stream, close, verify).

Every table is played by separate seats, each with its own credential: the game master
(seat "gm", who creates the table and calls every roll) and two players who claim their
seats with the invitation and create their own characters. Faces come from the table's
public `scripted_rolls`, so each example rolls exactly the book's die.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Any

import httpx
import pytest

from service.app import create_app
from service.settings import Settings
from tests import dice_http
from tests.api_helpers import ok
from tests.dice_http import SEATS, Table, every_read, fork_for_everyone, new_table
from tests.frontera_helpers import in_memory_tables
from tests.live_server import TLS, serving

NO_HELP: None = None


#: the tests share one table (`examples`), each going on from the one before: they run in order,
#: on one worker (`make test` runs `--dist loadgroup`)
pytestmark = pytest.mark.xdist_group("test_api_stepdice")


@pytest.fixture(scope="module")
def http() -> Iterator[httpx.Client]:
    app = create_app(Settings(commands_per_second=0), tables=in_memory_tables())
    with serving(app) as url, httpx.Client(base_url=url, timeout=10, verify=TLS) as client:
        yield client


def sheet(fuerza: int = 10, agilidad: int = 10, destreza: int = 10, magia: int = 10) -> Any:
    return {"fuerza": fuerza, "agilidad": agilidad, "destreza": destreza, "magia": magia}


def character(table: Table, who: str, name: str, **body: Any) -> str:
    created = table.command(who, "/stepdice/characters", {"name": name, **body}, 201)
    character_id: str = created["id"]
    return character_id


def roll_test(
    character_id: str,
    attribute: str,
    grade: str = "normal",
    shifts: list[dict[str, Any]] | None = None,
    helper: dict[str, str] | None = NO_HELP,
    **extra: Any,
) -> dict[str, Any]:
    return {
        "character": character_id,
        "attribute": attribute,
        "grade": grade,
        "shifts": shifts or [],
        "helper": helper,
        **extra,
    }


# -- the worked examples S1-S6 [003:113-125, 212-224, 266-278] ------------------------------


@pytest.fixture(scope="module")
def examples(http: httpx.Client) -> Table:
    """The rogue (p1: Agilidad, Fuerza, Destreza, Magia d10), the warrior (p2: Fuerza d10,
    Magia d8), a pawn and a boss; the faces of S1-S6 in order."""
    return new_table(http, "stepdice", [5, 12, 4, 12, 9, 3])


def test_the_examples_are_played_by_separate_seats(examples: Table) -> None:
    table = examples
    rogue = character(table, "p1", "Rogue", attributes=sheet())
    warrior = character(table, "p2", "Warrior", attributes=sheet(magia=8))
    assert (rogue, warrior) == ("c1", "c2")
    # a player creates characters for its own seat only
    refused = table.post(
        "p1", "/stepdice/characters", {"name": "X", "attributes": sheet(), "seat": "p2"}
    )
    assert refused.status_code == 403
    # the others see the public part of a sheet; its player and the game master all of it
    for who, full in (("gm", True), ("p1", True), ("p2", False)):
        seen = ok(table.get(who, f"/characters/{rogue}"))
        assert (seen["name"], seen["hearts"], seen["hearts_max"]) == ("Rogue", 5, 5)
        assert (seen["attributes"] is not None, seen["mana"] is not None) == (full, full), who
        if full:
            assert (seen["attributes"]["agilidad"], seen["mana"], seen["mana_max"]) == (10, 3, 3)
        (created,) = table.log(who, "stepdice.CharacterCreated", seat="p1")
        assert (created["data"]["character"]["attributes"] is not None) is full
        assert ("character" in created["hidden"]) is not full


def test_s1_a_stealthy_agilidad_d10_rolls_5_against_tn_6_and_fails(examples: Table) -> None:
    """S1 [003:115-119]: Agilidad d10 against TN 6 (Normal: the dim light and obstacles are
    the grade the game master names), 5 fails. The book's game master then narrates a
    complication although the roll was not a 1: the digest marks it as going beyond the rule
    (a complication comes only with a 1 [003:61, 70]). The engine follows the rule: the roll
    is a plain failure owing nothing, and the complication is the game master's own
    `NameComplication`, accepted on any failure (fail forward)."""
    table = examples
    answer = table.command("gm", "/stepdice/tests", roll_test("c1", "agilidad"))
    assert set(answer) == {"version", "roll"} and answer["roll"] == 1  # the number only
    for who in SEATS:
        events = table.rolled(who, 1)
        assert [d["sides"] for d in events["DiceRolled"]["data"]["dice"]] == [10]
        test = events["stepdice.TestRolled"]["data"]
        assert (test["die"], test["target"], test["face"]) == (10, 6, 5), who
        assert (test["outcome"], test["owed"]) == ("failure", None), who
    table.command("gm", "/stepdice/complications", {"roll": 1, "complication": "time pressure"})
    for who in SEATS:
        named = table.rolled(who, 1)["stepdice.ComplicationNamed"]["data"]
        assert named["complication"] == "time pressure"


def test_s2_a_helped_fuerza_test_rolls_a_d12_12_exceptional(examples: Table) -> None:
    """S2 [003:121-125]: Fuerza against TN 6, an ally helps (the die steps up), d12 = 12: an
    exceptional success, at once and silently. The book does not state the base die (the
    digest's note): a d10, stepped up to the d12 the book rolls. The silence is the game
    master's benefit."""
    table = examples
    helper = {"character": "c2", "how": "steadies the lever"}
    roll = table.command("gm", "/stepdice/tests", roll_test("c1", "fuerza", helper=helper))["roll"]
    assert roll == 2
    table.command(
        "gm", "/stepdice/benefits", {"roll": 2, "benefit": "extra_benefit", "description": "silent"}
    )
    for who in SEATS:
        events = {
            e["type"]: e["data"]
            for e in table.log(who, after=0)
            if e["data"].get("roll") == 2 or e["type"] == "stepdice.HelpGiven"
        }
        assert events["stepdice.HelpGiven"] == {
            "helper": "c2",
            "helped": "c1",
            "how": "steadies the lever",
        }
        test = events["stepdice.TestRolled"]
        assert (test["die"], test["face"], test["outcome"], test["owed"]) == (
            12,
            12,
            "exceptional",
            "benefit",
        )
        assert events["stepdice.BenefitGranted"]["description"] == "silent"
        (result,) = [r for r in table.view(who)["results"] if r["roll"] == 2]
        assert (result["outcome"], result["owed"]) == ("exceptional", None), who


def test_s3_the_warrior_misses_a_pawn_and_venganza_costs_a_heart(examples: Table) -> None:
    """S3 [003:214-218]: Fuerza d10 in melee against a pawn's TN 6, 4 misses; in melee the
    enemy could reach, so Venganza: the warrior loses 1 Heart [003:188]."""
    table = examples
    pawn = table.command("gm", "/stepdice/enemies", {"name": "Pawn", "category": "peon"}, 201)
    assert pawn["id"] == "e1"
    attack: dict[str, Any] = {
        "character": "c2",
        "enemy": "e1",
        "kind": "melee",
        "shifts": [],
        "helper": None,
    }
    assert table.command("gm", "/stepdice/attacks", attack)["roll"] == 3
    table.command("gm", "/stepdice/venganza", {"roll": 3, "reach": True, "effect": "heart"})
    for who in SEATS:
        events = table.rolled(who, 3)
        rolled = events["stepdice.AttackRolled"]["data"]
        assert (rolled["attribute"], rolled["die"], rolled["target"], rolled["face"]) == (
            "fuerza",
            10,
            6,
            4,
        )
        assert rolled["outcome"] == "failure" and rolled["visibility"] == "public"
        assert events["stepdice.HeartLost"]["data"]["hearts"] == 4
        view = table.view(who)
        (warrior,) = [c for c in view["characters"] if c["id"] == "c2"]
        assert warrior["hearts"] == 4
        assert view["enemies"][0]["status"] == "standing"


def test_s4_the_helped_rogue_in_position_shoots_the_boss_for_2_wounds(examples: Table) -> None:
    """S4 [003:220-224]: Destreza d10 at the boss's TN 12; an ally helps (d12) and a good
    position moves the TN one grade, 12 → 8; d12 = 12 is exceptional: the boss takes 2
    wounds, the second being the game master's chosen benefit."""
    table = examples
    boss = table.command("gm", "/stepdice/enemies", {"name": "Boss", "category": "jefe"}, 201)
    attack = {
        "character": "c1",
        "enemy": boss["id"],
        "kind": "ranged",
        "shifts": [{"grades": -1, "reason": "a good position"}],
        "helper": {"character": "c2", "how": "covers the rogue"},
    }
    assert table.command("gm", "/stepdice/attacks", attack)["roll"] == 4
    table.command(
        "gm", "/stepdice/benefits", {"roll": 4, "benefit": "extra_wound", "description": "2 wounds"}
    )
    for who in SEATS:
        rolled = table.rolled(who, 4)["stepdice.AttackRolled"]["data"]
        assert (rolled["attribute"], rolled["die"], rolled["target"]) == ("destreza", 12, 8)
        assert (rolled["face"], rolled["outcome"]) == (12, "exceptional")
        hits = [e["data"] for e in table.log(who, "stepdice.EnemyHit") if e["data"]["roll"] == 4]
        assert [(h["wounds"], h["hearts"]) for h in hits] == [(1, 2), (1, 1)]
        (seen,) = [e for e in table.view(who)["enemies"] if e["id"] == boss["id"]]
        assert (seen["hearts"], seen["hearts_max"], seen["status"]) == (1, 3, "standing")


def test_s5_a_barrier_costs_1_mana_and_magia_d10_9_succeeds(examples: Table) -> None:
    """S5 [003:268-273]: Estándar, TN 6, cost 1; Magia d10 = 9 succeeds (not the maximum).
    The Mana left is the rogue's player's and the game master's: the other player reads the
    cost, not the pool."""
    table = examples
    cast = {
        "character": "c1",
        "effect": "a short barrier to run 5 squares",
        "level": "estandar",
        "cost": 1,
        "shifts": [],
        "helper": None,
    }
    assert table.command("gm", "/stepdice/casts", cast)["roll"] == 5
    for who, knows in (("gm", True), ("p1", True), ("p2", False)):
        cast_event = table.rolled(who, 5)["stepdice.SpellCast"]["data"]
        assert (cast_event["die"], cast_event["target"], cast_event["face"]) == (10, 6, 9)
        assert (cast_event["outcome"], cast_event["cost"], cast_event["mana"]) == ("success", 1, 1)
        (spent,) = table.log(who, "stepdice.ManaSpent")
        assert spent["data"]["amount"] == 1
        assert spent["data"]["mana"] == (2 if knows else None), who
        assert ("mana" in spent["hidden"]) is not knows
        rogue = ok(table.get(who, "/characters/c1"))
        assert rogue["mana"] == (2 if knows else None), who


def test_s6_immobilizing_an_elite_fails_on_3_and_loses_2_mana(examples: Table) -> None:
    """S6 [003:275-278]: Fuerte, TN 8, cost 2; "Tiro=3" fails: no effect, 2 Mana lost, a
    complication (exposed). The book names no die: the warrior's Magia d8 (any die fails
    with 3 against 8). A failed cast owes its consequence, which the game master names."""
    table = examples
    elite = table.command("gm", "/stepdice/enemies", {"name": "Elite", "category": "elite"}, 201)
    cast = {
        "character": "c2",
        "effect": f"immobilize {elite['id']}",
        "level": "fuerte",
        "cost": 2,
        "shifts": [],
        "helper": None,
    }
    assert table.command("gm", "/stepdice/casts", cast)["roll"] == 6
    table.command("gm", "/stepdice/complications", {"roll": 6, "complication": "exposed"})
    for who, knows in (("gm", True), ("p1", False), ("p2", True)):
        events = table.rolled(who, 6)
        cast_event = events["stepdice.SpellCast"]["data"]
        assert (cast_event["die"], cast_event["target"], cast_event["face"]) == (8, 8, 3)
        assert (cast_event["outcome"], cast_event["owed"]) == ("failure", "consequence")
        assert events["stepdice.ComplicationNamed"]["data"]["complication"] == "exposed"
        warrior = ok(table.get(who, "/characters/c2"))
        assert warrior["mana"] == (1 if knows else None), who
        (elite_seen,) = [e for e in table.view(who)["enemies"] if e["id"] == elite["id"]]
        assert (elite_seen["hearts"], elite_seen["status"]) == (2, "standing")  # no effect


def test_the_examples_table_closes_and_verifies_every_die(examples: Table) -> None:
    table = examples
    before = table.version()
    table.command("gm", "/close")
    for who in SEATS:
        verified = ok(table.get(who, "/verify"))
        assert verified["verified"] is True and verified["mismatches"] == []
        assert verified["dice_checked"] == 6
        # closing shows everything: the other player's Mana too
        assert ok(table.get(who, "/characters/c1"))["mana"] == 2
    assert table.view("p2", version=before)["characters"][0]["mana"] is None  # as it was then


# -- secret tests: through every channel -----------------------------------------------------

SECRET_FIELDS = {
    "DiceRolled": {"dice"},
    "stepdice.TestRolled": {
        "attribute", "die", "grade", "shifts", "target", "face", "outcome", "owed",
    },
    "stepdice.ComplicationNamed": {"complication"},
    "stepdice.BenefitGranted": {"benefit", "description"},
}  # fmt: skip
shows = partial(dice_http.shows, secret_fields=SECRET_FIELDS)
logged = partial(dice_http.logged, event_type="stepdice.TestRolled")


#: who reads a secret test the game master makes for p1's character, by its visibility: the
#: roller is the character's player, whoever sends the roll; no such roll is `self`, kept from
#: the game master who rules on it (tests/test_roll_derivation.py)
READERS = {"gm": {"gm", "p1"}, "blind": {"gm"}}


@pytest.mark.parametrize("visibility", sorted(READERS))
def test_a_secret_test_reaches_no_player_before_its_reveal_through_any_channel(
    http: httpx.Client, visibility: str
) -> None:
    """A secret test of the rogue's (2 on her Agilidad d10 against TN 6: a failure) that the
    game master makes, and the complication he names for it: whoever the visibility leaves
    out (`READERS`) learns that roll 1 was made, by whom and how secretly, and nothing else,
    through the view, the view at every version, the log (plain, paged, filtered; a
    player's audit is refused), the stream and the character sheets; nobody reads it in a
    fork made after the roll (a fork copies no roll). Its readers read it throughout. It
    moves no clock. After `revealRolls` every seat reads it, and a second secret test after
    closing."""
    table = new_table(http, "stepdice", [2, 7])
    character(table, "p1", "Rogue", attributes=sheet())
    character(table, "p2", "Warrior", attributes=sheet())
    clock = table.command(
        "gm", "/stepdice/clocks", {"name": "Guards", "steps": 2, "consequence": "alarm"}, 201
    )
    roll = table.command(
        "gm", "/stepdice/tests", roll_test("c1", "agilidad", visibility=visibility)
    )["roll"]
    table.command("gm", "/stepdice/complications", {"roll": roll, "complication": "a guard turns"})
    fork = fork_for_everyone(table)

    for who in SEATS:
        reads = every_read(table, who)
        for channel, body in every_read(fork, who).items():
            assert not shows(body, roll), f"{who} reads roll {roll} in the fork's {channel}"
        if who in READERS[visibility]:
            for channel in ("view", "log", "stream"):
                assert shows(reads[channel], roll), (who, channel)
            continue
        for channel, body in reads.items():
            assert not shows(body, roll), f"{who} reads roll {roll} in the table's {channel}"
        assert logged(ok(table.get(who, "/events", limit=500)), roll)  # it is there, masked
    for player in ("p1", "p2"):
        assert table.get(player, "/events", audit=True).status_code == 403
        assert table.get(player, audit=True).status_code == 403
        assert table.get(player, "/stream", audit=True).status_code == 403
    # the game master's audit opens what the game master was shown
    audited = ok(table.get("gm", "/events", audit=True, limit=500))
    assert shows(audited, roll)
    test = table.rolled("gm", roll)["stepdice.TestRolled"]
    assert (test["data"]["face"], test["data"]["outcome"]) == (2, "failure")
    assert test["data"]["visibility"] == visibility
    # a secret failure moves no clock: a step would tell every seat
    for who in SEATS:
        (seen,) = table.view(who)["clocks"]
        assert (seen["id"], seen["position"]) == (clock["id"], 0)

    revealed_at = table.version()
    table.command("gm", "/rolls/reveal", {"rolls": [roll], "reason": "the guard's shout"})
    for player in ("p1", "p2"):
        assert shows(table.view(player), roll)
        assert shows(ok(table.get(player, "/events", limit=500)), roll)
        assert shows(table.stream(player, until=table.version()), roll)
        named = table.rolled(player, roll)["stepdice.ComplicationNamed"]["data"]
        assert named["complication"] == "a guard turns"
        # a reveal opens the roll to every read from then on, rewinds included
        assert shows(table.view(player, version=revealed_at), roll)

    second = table.command(
        "gm", "/stepdice/tests", roll_test("c2", "agilidad", visibility=visibility)
    )["roll"]
    assert not shows(table.view("p1"), second)  # the warrior's: never the rogue's player's
    table.command("gm", "/close")
    for player in ("p1", "p2"):
        assert shows(table.view(player), second)
        assert shows(ok(table.get(player, "/events", limit=500)), second)
        verified = ok(table.get(player, "/verify"))
        assert (verified["verified"], verified["dice_checked"], verified["mismatches"]) == (
            True,
            2,
            [],
        )


def test_the_shared_reads_serve_a_stepdice_table(http: httpx.Client) -> None:
    """Log (filtered by a system's event type), rewind, fork (its own rolls from 1), the
    game master's audit, the stream, close and verify."""
    table = new_table(http, "stepdice", [6, 1, 9])
    character(table, "p1", "Rogue", attributes=sheet(), protected=True)
    character(table, "p2", "Warrior", attributes=sheet())
    table.command("gm", "/stepdice/tests", roll_test("c1", "agilidad"))  # 6: a success
    at_one_roll = table.version()
    table.command("gm", "/stepdice/tests", roll_test("c2", "fuerza"))  # 1: with a complication

    types = [e["type"] for e in table.log("p2", "stepdice.TestRolled")]
    assert types == ["stepdice.TestRolled"] * 2
    unknown = table.get("p2", "/events", type="TestRolled")
    assert unknown.status_code == 422  # the system's events are named with its name
    past = table.view("p1", version=at_one_roll)
    assert [r["roll"] for r in past["results"]] == [1]
    assert [r["owed"] for r in table.view("p1")["results"]] == [None, "complication"]
    audit = ok(table.get("gm", "/events", audit=True, limit=500))
    assert audit["events"] and ok(table.get("gm", audit=True))["system"] == "stepdice"
    streamed = table.stream("p1", until=table.version())
    assert [e["version"] for e in streamed] == list(range(1, table.version() + 1))

    fork = fork_for_everyone(table)
    assert fork.view("p1")["results"] == []  # the source's rolls stay at the source
    assert [c["name"] for c in fork.view("p2")["characters"]] == ["Rogue", "Warrior"]
    assert fork.command("gm", "/stepdice/tests", roll_test("c1", "agilidad"))["roll"] == 1
    assert [r["roll"] for r in fork.view("p2")["results"]] == [1]

    assert table.get("p1", "/verify").status_code == 409  # still open
    table.command("gm", "/close")
    assert table.post("gm", "/stepdice/tests", roll_test("c1", "agilidad")).status_code == 409
    verified = ok(table.get("p2", "/verify"))
    assert (verified["verified"], verified["dice_checked"], verified["mismatches"]) == (True, 2, [])
