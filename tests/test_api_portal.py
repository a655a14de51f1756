"""PORTAL over real HTTP, played by separate seats: characters and what each seat sees of
them, a roll as a sequence of commands (opened by the game master, rerolled and settled by
its player, blocked by another player's character point), sequel points and the sequel the
game master names, secret rolls through every channel, and the game master's rulings on a
sheet's dice and points.

Every table has the game master (seat "gm", who calls every roll) and two players, p1 and
p2, who claim their seats and create their own characters. Faces come from the table's public
`scripted_rolls`, in the order the dice are thrown: the 3 basic dice, every discomfort die,
the wound dice not declined, the luck dice (or the tempt die), then one die per reroll.
"""

from __future__ import annotations

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

#: the tests share one table (`cast`), each going on from the one before: they run in order,
#: on one worker (`make test` runs `--dist loadgroup`)
pytestmark = pytest.mark.xdist_group("test_api_portal")


@pytest.fixture(scope="module")
def http() -> Iterator[httpx.Client]:
    app = create_app(Settings(commands_per_second=0), tables=in_memory_tables())
    with serving(app) as url, httpx.Client(base_url=url, timeout=10, verify=TLS) as client:
        yield client


def sheet(name: str, **parts: Any) -> dict[str, Any]:
    """A protagonist's sheet: one drive, and what the test gives it."""
    return {"name": name, "drives": {"names": ["glory"]}, **parts}


def character(table: Table, who: str, body: dict[str, Any], **extra: Any) -> str:
    created = table.command(who, "/portal/characters", {"sheet": body, **extra}, 201)
    character_id: str = created["id"]
    return character_id


def reading(
    name: str = "challenge",
    choice: str = "MID",
    aguante: bool = False,
    specialty: dict[str, str] | None = None,
) -> dict[str, Any]:
    return {
        "name": name,
        "choice": choice,
        "reason": "the role in the story",
        "aguante": aguante,
        "specialty": specialty,
    }


def open_roll(character_id: str, **extra: Any) -> dict[str, Any]:
    """A roll's call: one MID reading against difficulty 4, nothing applying, nothing
    declared; `extra` replaces any of it."""
    return {
        "character": character_id,
        "readings": [reading()],
        "difficulty": 4,
        "automatic": None,
        "fortalezas": [],
        "aces": [],
        "luck": 0,
        "tempt": False,
        "declined_wounds": 0,
        **extra,
    }


def fortaleza(name: str, reason: str = "it applies") -> dict[str, str]:
    return {"name": name, "reason": reason}


def reroll(roll: int, kind: str, index: int, source: str) -> dict[str, Any]:
    return {"roll": roll, "die": {"kind": kind, "index": index}, "source": source}


def shows(body: Any, roll: int) -> bool:
    """Whether a body shows anything of a PORTAL roll beyond its existence."""
    if isinstance(body, dict):
        for listed in ("open_rolls", "sequels_owed"):
            found = body.get(listed)
            if isinstance(found, list) and any(
                isinstance(item, dict) and item.get("roll") == roll for item in found
            ):
                return True
    return dice_http.shows(body, roll, SECRET_FIELDS)


#: what a roll's events show beyond its existence, by type
SECRET_FIELDS: dict[str, set[str]] = {
    "DiceRolled": {"dice"},
    "portal.RollOpened": {"readings", "pool", "difficulty", "aces", "fortalezas", "reasons"},
    "portal.DieRerolled": {"die", "old", "new"},
    "portal.RollSettled": {"result", "verdict"},
    "portal.SequelNamed": {"sequel"},
}


# -- characters ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def cast(http: httpx.Client) -> Table:
    table = new_table(http, "portal", [])
    omnium = sheet(
        "Omnium",
        fortalezas=[{"name": "Magia", "level": 2, "specialty": "fuego"}],
        limitations=[{"name": "Torpe"}],
        points={"in_hand": 2},
        aguante_die="MID",
        discomfort=1,
    )
    assert character(table, "p1", omnium) == "c1"
    assert character(table, "p2", sheet("Bruno", points={"in_hand": 3})) == "c2"
    return table


def test_each_player_creates_its_own_protagonist_and_sees_others_public_parts(
    cast: Table,
) -> None:
    table = cast
    for who, full in (("gm", True), ("p1", True), ("p2", False)):
        seen = ok(table.get(who, "/characters/c1"))
        assert (seen["name"], seen["seat"], seen["kind"]) == ("Omnium", "p1", "protagonist")
        # the dice it holds are on the table: every seat sees them [002:97]
        assert (seen["discomfort"], seen["luck_held"], seen["luck_lost"]) == (1, 3, 0), who
        # what it is made of is its player's and the game master's
        assert (seen["fortalezas"] is not None, seen["points"] is not None) == (full, full), who
        if full:
            assert seen["fortalezas"][0]["level"] == 2 and seen["points"]["in_hand"] == 2
            assert seen["aguante_die"] == "MID" and seen["limitations"][0]["name"] == "Torpe"
        (created,) = table.log(who, "portal.CharacterCreated", seat="p1")
        assert (created["data"]["character"]["sheet"]["fortalezas"] is not None) is full, who
        assert created["data"]["character"]["sheet"]["discomfort"] == 1
        assert ("character" in created["hidden"]) is not full


def test_a_player_creates_for_its_own_seat_and_no_principal_npc(cast: Table) -> None:
    table = cast
    refused = table.post("p1", "/portal/characters", {"sheet": sheet("X"), "seat": "p2"})
    assert (refused.status_code, refused.json()["code"]) == (403, "not_your_seat")
    principal = sheet("Markus", kind="principal", luck_held=0)
    refused = table.post("p1", "/portal/characters", {"sheet": principal})
    assert (refused.status_code, refused.json()["code"]) == (403, "not_game_master")


def test_the_game_masters_principal_npc_holds_no_luck_nor_points(http: httpx.Client) -> None:
    """Principal NPCs use no luck dice and no character points [002:647]."""
    table = new_table(http, "portal", [])
    with_luck = table.post("gm", "/portal/characters", {"sheet": sheet("Markus", kind="principal")})
    assert (with_luck.status_code, with_luck.json()["code"]) == (422, "invalid_sheet")
    npc = sheet(
        "Markus",
        kind="principal",
        luck_held=0,
        npc_pool={"pays_with": "pool", "pool": 6, "purpose": "spells"},
    )
    assert character(table, "gm", npc) == "c1"
    seen = ok(table.get("p1", "/characters/c1"))
    assert (seen["kind"], seen["luck_held"], seen["npc_pool"]) == ("principal", 0, None)
    assert ok(table.get("gm", "/characters/c1"))["npc_pool"]["purpose"] == "spells"
    # its pool's luck-equivalents may join a roll (test_api_portal_sheet_more.py); no lost
    # luck die of its own to tempt [002:340]
    refused = table.post("gm", "/portal/rolls", open_roll("c1", tempt=True))
    assert (refused.status_code, refused.json()["code"]) == (422, "invalid_pool")


# -- a roll, command by command --------------------------------------------------------------


def test_p2_omniums_fireball_settled_by_its_player(http: httpx.Client) -> None:
    """P2 [002:212-216]: Omnium keeps the MID 4 of 6, 4, 2 with a discomfort 5 not beaten:
    result 3 against difficulty 3, a partial success; the kept 4 does not remove the 5
    [002:222]. Every seat reads the same public roll; only its player settles it."""
    table = new_table(http, "portal", [6, 4, 2, 5])
    character(table, "p1", sheet("Omnium", discomfort=1))
    answer = table.command("gm", "/portal/rolls", open_roll("c1", difficulty=3))
    assert answer == {"version": answer["version"], "roll": 1}
    for who in SEATS:
        events = table.rolled(who, 1)
        dice = events["DiceRolled"]["data"]["dice"]
        assert [(d["face"], d["purpose"]) for d in dice] == [
            (6, "basic"),
            (4, "basic"),
            (2, "basic"),
            (5, "discomfort"),
        ]
        opened = events["portal.RollOpened"]["data"]
        assert opened["pool"] == {
            "basic": [6, 4, 2],
            "discomfort": [5],
            "wound": [],
            "declined_wounds": 0,
            "luck": [],
            "tempt": None,
        }
        (shown,) = table.view(who)["open_rolls"]
        assert shown["readings"][0]["result"] == 3, who
    for who in ("p2", "gm"):  # only the player settles its public roll
        refused = table.post(who, "/portal/rolls/settle", {"roll": 1, "payments": []})
        assert (refused.status_code, refused.json()["code"]) == (403, "not_your_seat")
    table.command("p1", "/portal/rolls/settle", {"roll": 1, "payments": []})
    settled = table.rolled("p2", 1)["portal.RollSettled"]["data"]
    assert settled["verdict"] == {
        "outcome": "partial",
        "automatic": False,
        "difficulty": 3,
        "result": 3,
        "level": 0,
    }
    assert settled["result"]["discomfort_removed"] == [] and settled["discomfort"] == 1
    assert table.view("p2")["open_rolls"] == []
    again = table.post("p1", "/portal/rolls/settle", {"roll": 1, "payments": []})
    assert (again.status_code, again.json()["code"]) == (404, "unknown_roll")


def test_p8_buggo_rerolls_after_his_ones_and_sixes_are_blocked(http: httpx.Client) -> None:
    """P8 [002:611-613]: Buggo (p1, Fortaleza Combate 2, a discomfort die) defends with 3, 1,
    1 and a discomfort 6: 2. Miguel (p2) hands him a character point through Skardal: his 1s
    and 6s are locked, only the 3 may be rerolled; it comes up 1: a double fumble, -2. Buggo
    keeps the point [002:579]; Skardal's is spent."""
    table = new_table(http, "portal", [3, 1, 1, 6, 1])
    buggo = sheet("Buggo", fortalezas=[{"name": "Combate", "level": 2}], discomfort=1)
    character(table, "p1", buggo)
    character(table, "p2", sheet("Skardal", points={"in_hand": 1}))
    call = open_roll(
        "c1",
        readings=[reading("defence", "HIGH")],
        difficulty=None,
        fortalezas=[fortaleza("Combate", "fighting")],
    )
    assert table.command("gm", "/portal/rolls", call)["roll"] == 1
    assert table.view("p1")["open_rolls"][0]["readings"][0]["result"] == 2
    # a player hands one of its own character's points; not its own roll's character
    refused = table.post("p2", "/portal/rolls/block", {"roll": 1, "giver": "c1"})
    assert (refused.status_code, refused.json()["code"]) == (403, "not_your_seat")
    refused = table.post("p2", "/portal/rolls/block", {"roll": 1, "giver": None})
    assert (refused.status_code, refused.json()["code"]) == (422, "invalid_giver")
    table.command("p2", "/portal/rolls/block", {"roll": 1, "giver": "c2"})
    for blocked in (reroll(1, "basic", 1, "fortaleza"), reroll(1, "discomfort", 0, "fortaleza")):
        refused = table.post("p1", "/portal/rolls/reroll", blocked)
        assert (refused.status_code, refused.json()["code"]) == (409, "die_blocked")
    # another seat decides none of Buggo's rerolls
    refused = table.post("p2", "/portal/rolls/reroll", reroll(1, "basic", 0, "fortaleza"))
    assert (refused.status_code, refused.json()["code"]) == (403, "not_your_seat")
    answer = table.command("p1", "/portal/rolls/reroll", reroll(1, "basic", 0, "fortaleza"))
    assert answer["roll"] == 2  # the reroll is a roll of its own
    (die,) = table.rolled("p2", 2)["DiceRolled"]["data"]["dice"]
    assert (die["face"], die["reroll_of"], die["reroll_source"]) == (1, 0, "fortaleza")
    (open_roll_view,) = table.view("p2")["open_rolls"]
    assert open_roll_view["pool"]["basic"] == [1, 1, 1]
    assert open_roll_view["readings"][0]["result"] == -2  # 1 - 1 - 1 (a fumble) - 1 (the 6)
    assert open_roll_view["blocked_by"] == "p2" and open_roll_view["rerolls_left"] == 1
    table.command("p1", "/portal/rolls/settle", {"roll": 1, "payments": []})
    assert ok(table.get("p1", "/characters/c1"))["points"]["in_hand"] == 1
    assert ok(table.get("p2", "/characters/c2"))["points"]["in_hand"] == 0
    assert ok(table.get("p1", "/characters/c2"))["points"] is None
    (spent,) = table.log("p1", "portal.PointsSpent")
    assert spent["data"]["points"] is None and "points" in spent["hidden"]


def test_p6_vorok_five_rerolls_and_two_more_points(http: httpx.Client) -> None:
    """P6 [002:516-520]: Fortaleza 2 and 5 aces, 7 rerolls' worth: 5 rerolls at most
    [002:514], then +1 per point past 5 once all 5 are made (Vorok's 9 → 10 with one more
    point; here two more: a HIGH 5 reads 7)."""
    faces = [2, 3, 4, 5, 5, 5, 5, 5]
    table = new_table(http, "portal", faces)
    character(table, "p1", sheet("Vorok", fortalezas=[{"name": "Hacha", "level": 2}]))
    call = open_roll(
        "c1",
        readings=[reading("attack", "HIGH")],
        difficulty=8,
        fortalezas=[fortaleza("Hacha")],
        aces=[{"count": 5, "reason": "a shield wall and the high ground"}],
    )
    table.command("gm", "/portal/rolls", call)
    for number, (index, source) in enumerate(
        [(0, "fortaleza"), (1, "fortaleza"), (0, "ace"), (1, "ace"), (2, "ace")]
    ):
        answer = table.command("p1", "/portal/rolls/reroll", reroll(1, "basic", index, source))
        assert answer["roll"] == number + 2
    refused = table.post("p1", "/portal/rolls/reroll", reroll(1, "basic", 0, "ace"))
    assert (refused.status_code, refused.json()["code"]) == (409, "too_many_rerolls")
    (view,) = table.view("p1")["open_rolls"]
    assert view["pool"]["basic"] == [5, 5, 5] and view["rerolls_left"] == 0
    assert view["readings"][0]["excess_bonus"] == 2 and view["readings"][0]["result"] == 7
    table.command("p1", "/portal/rolls/settle", {"roll": 1, "payments": []})
    settled = table.rolled("p1", 1)["portal.RollSettled"]["data"]
    assert settled["verdict"]["outcome"] == "failure"  # 7 against 8


def test_a_character_point_buys_an_ace_after_the_roll(http: httpx.Client) -> None:
    """A point spent after the roll for an ace [002:584]: the reroll is paid by it."""
    table = new_table(http, "portal", [1, 2, 3, 6])
    character(table, "p1", sheet("Ana", points={"in_hand": 1}))
    table.command("gm", "/portal/rolls", open_roll("c1"))
    refused = table.post("p1", "/portal/rolls/reroll", reroll(1, "basic", 0, "ace"))
    assert (refused.status_code, refused.json()["code"]) == (409, "no_reroll_left")
    table.command("p1", "/portal/rolls/reroll", reroll(1, "basic", 0, "point"))
    assert ok(table.get("p1", "/characters/c1"))["points"]["in_hand"] == 0
    refused = table.post("p1", "/portal/rolls/reroll", reroll(1, "basic", 1, "point"))
    assert (refused.status_code, refused.json()["code"]) == (409, "not_enough_points")
    (rerolled,) = table.log("p2", "portal.DieRerolled")
    assert rerolled["data"]["source"] == "point" and rerolled["data"]["points"] is None


def test_luck_tempt_and_a_low_success_change_the_sheet_at_settling(http: httpx.Client) -> None:
    """P3 [002:332-336]: luck dice 2 and 4 with 4, 5, 3 kept MID 4: the 2 beaten (+1), the 4
    back in the reserve, the 2 lost. Then a LOW success earns a character point [002:575]
    and Tempt luck wins the lost die back by exceeding the difficulty [002:350]."""
    table = new_table(http, "portal", [4, 5, 3, 2, 4, 5, 5, 2, 1])
    character(table, "p1", sheet("Omnium"))
    table.command("gm", "/portal/rolls", open_roll("c1", luck=2))
    table.command("p1", "/portal/rolls/settle", {"roll": 1, "payments": []})
    seen = ok(table.get("p2", "/characters/c1"))
    assert (seen["luck_held"], seen["luck_lost"]) == (2, 1)
    # Tempt luck: the one lost die, no held luck with it
    refused = table.post("gm", "/portal/rolls", open_roll("c1", luck=1, tempt=True))
    assert (refused.status_code, refused.json()["code"]) == (422, "invalid_pool")
    call = open_roll("c1", readings=[reading("sneak", "LOW")], difficulty=0, tempt=True)
    table.command("gm", "/portal/rolls", call)
    table.command("p1", "/portal/rolls/settle", {"roll": 2, "payments": []})
    settled = table.rolled("p1", 2)["portal.RollSettled"]["data"]
    assert settled["verdict"]["outcome"] == "success"  # LOW 2, tempt 1 beaten: 2 > 0
    assert settled["result"]["tempt_recovered"] is True
    assert settled["result"]["points_gained"] == 1
    seen = ok(table.get("p1", "/characters/c1"))
    assert (seen["luck_held"], seen["luck_lost"], seen["points"]["in_hand"]) == (3, 0, 1)


def test_sequel_points_paid_by_the_player_and_the_sequel_named_by_the_gm(
    http: httpx.Client,
) -> None:
    """Two wound dice showing the kept 4 are two sequel points [002:268]: the player pays one
    with a discomfort die and one with a level of sequel; the game master names its kind
    [002:295]; a level 1 sequel lasts the scene."""
    table = new_table(http, "portal", [4, 5, 2, 4, 4])
    character(table, "p1", sheet("Ricardo", wound=2))
    table.command("gm", "/portal/rolls", open_roll("c1", difficulty=1))
    refused = table.post("p1", "/portal/rolls/settle", {"roll": 1, "payments": ["sequel"]})
    assert (refused.status_code, refused.json()["code"]) == (422, "invalid_sequel")
    table.command("p1", "/portal/rolls/settle", {"roll": 1, "payments": ["discomfort", "sequel"]})
    assert table.view("p2")["sequels_owed"] == [{"roll": 1, "character": "c1", "level": 1}]
    refused = table.post(
        "p1", "/portal/sequels", {"roll": 1, "kind": "agility", "reason": "a twisted ankle"}
    )
    assert (refused.status_code, refused.json()["code"]) == (403, "not_game_master")
    table.command("gm", "/portal/sequels", {"roll": 1, "kind": "agility", "reason": "an ankle"})
    seen = ok(table.get("p2", "/characters/c1"))
    assert seen["sequels"] == [{"level": 1, "kind": "agility"}]
    assert (seen["discomfort"], seen["wound"]) == (1, 2)
    assert table.view("gm")["sequels_owed"] == []


def test_an_automatic_success_throws_no_dice(http: httpx.Client) -> None:
    """The game master grants success without a roll [002:85-89]: a roll with no die, settled
    at once."""
    table = new_table(http, "portal", [])
    character(table, "p1", sheet("Ana"))
    call = open_roll("c1", difficulty=None, automatic="success")
    assert table.command("gm", "/portal/rolls", call)["roll"] == 1
    events = table.rolled("p2", 1)
    assert events["DiceRolled"]["data"]["dice"] == []
    assert events["portal.RollSettled"]["data"]["verdict"]["automatic"] is True
    both = table.post("gm", "/portal/rolls", open_roll("c1", automatic="failure"))
    assert (both.status_code, both.json()["code"]) == (422, "invalid_difficulty")
    with_luck = table.post(
        "gm", "/portal/rolls", open_roll("c1", difficulty=None, automatic="failure", luck=1)
    )
    assert (with_luck.status_code, with_luck.json()["code"]) == (422, "automatic_outcome")


def test_only_the_game_master_calls_a_roll_and_judges_it(http: httpx.Client) -> None:
    table = new_table(http, "portal", [])
    character(table, "p1", sheet("Ana", fortalezas=[{"name": "Sigilo", "level": 1}]))
    refused = table.post("p1", "/portal/rolls", open_roll("c1"))
    assert (refused.status_code, refused.json()["code"]) == (403, "not_game_master")
    unknown = table.post("gm", "/portal/rolls", open_roll("c1", fortalezas=[fortaleza("Magia")]))
    assert (unknown.status_code, unknown.json()["code"]) == (422, "unknown_fortaleza")
    specialty = [reading(specialty={"fortaleza": "Sigilo", "reason": "shadows"})]
    nospec = table.post("gm", "/portal/rolls", open_roll("c1", readings=specialty))
    assert (nospec.status_code, nospec.json()["code"]) == (422, "no_specialty")
    hard = table.post("gm", "/portal/rolls", open_roll("c1", difficulty=16))
    assert (hard.status_code, hard.json()["code"]) == (422, "invalid_difficulty")
    table.command("gm", "/portal/rolls", open_roll("c1"))
    twice = table.post("gm", "/portal/rolls", open_roll("c1"))
    assert (twice.status_code, twice.json()["code"]) == (409, "roll_open")


# -- secret rolls ----------------------------------------------------------------------------


def test_a_blind_roll_reaches_no_player_until_revealed(http: httpx.Client) -> None:
    """A blind roll of p1's character: the players read that it was made, nothing of its
    dice or readings, in any channel; the game master rerolls it (its player sees no dice to
    decide on) and settles it only once revealed (its settlement changes the dice every seat
    sees)."""
    table = new_table(http, "portal", [2, 3, 5, 4])
    character(table, "p1", sheet("Ana", fortalezas=[{"name": "Sigilo", "level": 1}]))
    character(table, "p2", sheet("Bea"))
    call = open_roll(
        "c1",
        fortalezas=[fortaleza("Sigilo", "SECRET-MARK")],
        visibility="blind",
    )
    assert table.command("gm", "/portal/rolls", call)["roll"] == 1
    refused = table.post("p1", "/portal/rolls/reroll", reroll(1, "basic", 0, "fortaleza"))
    assert (refused.status_code, refused.json()["code"]) == (409, "roll_secret")
    assert table.command("gm", "/portal/rolls/reroll", reroll(1, "basic", 0, "fortaleza")) == {
        "version": table.version(),
        "roll": 2,
    }
    refused = table.post("gm", "/portal/rolls/settle", {"roll": 1, "payments": []})
    assert (refused.status_code, refused.json()["code"]) == (409, "roll_secret")
    for player in ("p1", "p2"):
        reads = every_read(table, player)
        assert "SECRET-MARK" not in str(reads), player
        for read in reads.values():
            assert not shows(read, 1) and not shows(read, 2), player
        opened = table.rolled(player, 1)["portal.RollOpened"]
        assert opened["data"]["character"] == "c1" and opened["data"]["pool"] is None
        assert "portal.DieRerolled" not in table.rolled(player, 1)
    assert "SECRET-MARK" in str(every_read(table, "gm"))
    table.command("gm", "/rolls/reveal", {"rolls": [1, 2], "reason": "the scene is over"})
    (seen,) = table.view("p2")["open_rolls"]
    assert seen["pool"]["basic"] == [4, 3, 5] and seen["fortalezas"][0]["reason"] == "SECRET-MARK"
    # revealed, the roll is its player's to settle
    table.command("p1", "/portal/rolls/settle", {"roll": 1, "payments": []})
    assert table.rolled("p2", 1)["portal.RollSettled"]["data"]["verdict"]["outcome"] == "partial"


# -- the game master's rulings on a sheet ----------------------------------------------------


def test_the_game_master_gives_removes_and_deals_damage(http: httpx.Client) -> None:
    """Discomfort given at 3 turns one into a wound die [002:248]; damage is absorbed point by
    point [002:1238], non-lethal damage at 3 stuns [002:1246]; each with its reason."""
    table = new_table(http, "portal", [1, 1, 1])
    character(table, "p1", sheet("Brunak", discomfort=2))
    give = {"character": "c1", "kind": "discomfort", "dice": 2, "reason": "a long march"}
    refused = table.post("p1", "/portal/dice/give", give)
    assert (refused.status_code, refused.json()["code"]) == (403, "not_game_master")
    table.command("gm", "/portal/dice/give", give)
    seen = ok(table.get("p2", "/characters/c1"))
    assert (seen["discomfort"], seen["wound"]) == (2, 1)
    (given,) = table.log("p2", "portal.DiceGiven")
    assert given["data"]["absorption"]["steps"] == ["discomfort", "wound"]
    table.command(
        "gm", "/portal/dice/remove", {"character": "c1", "kind": "wound", "dice": 1, "reason": "r"}
    )
    too_many = {"character": "c1", "kind": "wound", "dice": 1, "reason": "r"}
    refused = table.post("gm", "/portal/dice/remove", too_many)
    assert (refused.status_code, refused.json()["code"]) == (409, "not_enough_dice")
    blow = {"character": "c1", "points": 4, "nonlethal": True, "reason": "a fist"}
    table.command("gm", "/portal/damage", blow)
    (absorbed,) = table.log("p1", "portal.DamageAbsorbed")
    assert absorbed["data"]["absorption"]["steps"] == [
        "discomfort",
        "stunned",
        "stunned",
        "stunned",
    ]
    assert ok(table.get("p1", "/characters/c1"))["discomfort"] == 3
    # while a roll of the character is open, its dice do not change
    table.command("gm", "/portal/rolls", open_roll("c1"))
    refused = table.post("gm", "/portal/damage", blow)
    assert (refused.status_code, refused.json()["code"]) == (409, "roll_open")


def test_character_points_and_luck_by_the_game_master(http: httpx.Client) -> None:
    """Points past 5 go to the reserve [002:854]; a point removes a wound die [002:583]; lost
    luck comes back [002:338]; principal NPCs have neither [002:647]. The points are the
    player's and the game master's to read."""
    table = new_table(http, "portal", [])
    character(table, "p1", sheet("Ana", points={"in_hand": 4}, wound=1, luck_held=1, luck_lost=2))
    award = {"character": "c1", "points": 3, "gain": "roleplay", "reason": "a fine speech"}
    table.command("gm", "/portal/points/award", award)
    assert ok(table.get("p1", "/characters/c1"))["points"] == {"in_hand": 5, "reserve": 2}
    (awarded,) = table.log("p2", "portal.PointsAwarded")
    assert awarded["data"]["points"] is None and awarded["data"]["reason"] is None
    spend = {"character": "c1", "points": 1, "use": "remove_wound", "reason": "stitches"}
    table.command("gm", "/portal/points/spend", spend)
    seen = ok(table.get("p1", "/characters/c1"))
    assert (seen["wound"], seen["points"]["in_hand"]) == (0, 4)
    refused = table.post("gm", "/portal/points/spend", spend)
    assert (refused.status_code, refused.json()["code"]) == (409, "no_wound")
    table.command("gm", "/portal/luck/restore", {"character": "c1", "dice": 2, "reason": "a vow"})
    seen = ok(table.get("p2", "/characters/c1"))
    assert (seen["luck_held"], seen["luck_lost"]) == (3, 0)
    refused = table.post(
        "gm", "/portal/luck/restore", {"character": "c1", "dice": 1, "reason": "more"}
    )
    assert (refused.status_code, refused.json()["code"]) == (409, "no_lost_luck")
    npc = sheet("Markus", kind="principal", luck_held=0)
    character(table, "gm", npc)
    refused = table.post("gm", "/portal/points/award", {**award, "character": "c2"})
    assert (refused.status_code, refused.json()["code"]) == (409, "principal_npc")


def test_scripted_faces_above_six_are_refused(http: httpx.Client) -> None:
    refused = http.post(
        "/tables",
        json={
            "title": "P",
            "gm_name": "G",
            "system": "portal",
            "options": {"scripted_rolls": [7]},
        },
    )
    assert (refused.status_code, refused.json()["code"]) == (422, "invalid_options")
