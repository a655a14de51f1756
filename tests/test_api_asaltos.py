"""asaltos over real HTTP: the digest's worked examples A1-A8, secret checks through every
channel, and the shared reads (log, rewind, fork, audit, stream, close, verify).

Every table is played by separate seats, each with its own credential: the game master
(seat "gm", who creates the table, plays the NPCs and sets every difficulty) and two players
who claim their seats with the invitation and create their own characters. Faces come from
the table's public `scripted_rolls`, so each example rolls exactly the book's die.
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

SWORD = {"name": "espada", "code": "1/2-3/4-9/10", "type": "cortante", "skill": "Espada"}
AXE = {"name": "hacha", "code": "-/1-4/5-10/-", "type": "cortante", "skill": "Hacha"}


#: the tests share one table (`duel`), each going on from the one before: they run in order,
#: on one worker (`make test` runs `--dist loadgroup`)
pytestmark = pytest.mark.xdist_group("test_api_asaltos")


@pytest.fixture(scope="module")
def http() -> Iterator[httpx.Client]:
    app = create_app(Settings(commands_per_second=0), tables=in_memory_tables())
    with serving(app) as url, httpx.Client(base_url=url, timeout=10, verify=TLS) as client:
        yield client


def sheet(
    FUE: int = 5,
    AGI: int = 5,
    RES: int = 5,
    TAM: int = 5,
    skills: dict[str, int] | None = None,
    weapons: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    return {
        "FUE": FUE,
        "AGI": AGI,
        "RES": RES,
        "TAM": TAM,
        "skills": skills if skills is not None else {"Espada": 5},
        "weapons": weapons if weapons is not None else [{**SWORD, "actions": 2}],
    }


def character(table: Table, who: str, name: str, **fields: Any) -> str:
    created = table.command(
        who, "/asaltos/characters", {"name": name, "sheet": sheet(**fields)}, 201
    )
    character_id: str = created["id"]
    return character_id


def check(character_id: str, skill: str | None = None, **fields: Any) -> dict[str, Any]:
    return {
        "character": character_id,
        "skill": skill,
        "base_difficulty": 0,
        "modifiers": [],
        **fields,
    }


def attack(attacker: str, target: str, **fields: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "attacker": attacker,
        "target": target,
        "base_difficulty": 0,
        "modifiers": [],
        "other_modifiers": [],
        "location": None,
        "surprise": False,
        "reaction": "none",
        "defender_base_difficulty": None,
        "defender_modifiers": [],
        "defender_other_modifiers": [],
        **fields,
    }
    if body["reaction"] != "none" and body["defender_base_difficulty"] is None:
        body["defender_base_difficulty"] = 0
    return body


def declare(character_id: str, *kinds: str, weapon: str = "espada") -> dict[str, Any]:
    actions = [
        {"kind": kind, "weapon": weapon} if kind in ("attack", "parry") else {"kind": kind}
        for kind in kinds
    ]
    return {"character": character_id, "actions": actions}


def made(table: Table, who: str, roll: int | None, kind: str = "asaltos.CheckMade") -> Any:
    """The data of the last event of `kind` as a seat reads it (of `roll`, when given)."""
    found = [e for e in table.log(who, kind) if roll is None or e["data"]["roll"] == roll]
    return found[-1]["data"]


def refused(response: httpx.Response, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert response.json()["code"] == code, response.text


# -- the worked examples A1-A8 [001:29-48, 114-129] -----------------------------------------


def test_the_sheet_is_its_players_and_the_game_masters_and_tam_is_seen_by_all(
    http: httpx.Client,
) -> None:
    """[001:22] Tamaño is the only visible characteristic: the other seats see the name, TAM,
    weapons and wounds; FUE, AGI, RES and the skills are the player's and the game master's,
    in the view, the character read and the log alike. A player creates characters for its
    own seat only, and may not act for another's."""
    table = new_table(http, "asaltos", [])
    ana = character(table, "p1", "Ana", FUE=7, TAM=6, skills={"Espada": 4})
    assert ana == "c1"
    for who, full in (("gm", True), ("p1", True), ("p2", False)):
        seen = ok(table.get(who, f"/characters/{ana}"))
        assert (seen["name"], seen["seat"], seen["TAM"]) == ("Ana", "p1", 6)
        assert seen["weapons"][0]["code"] == "1/2-3/4-9/10"
        # the innate skills it left out are noted at their minimum [001:25]
        skills = {"Espada": 4, "Escalada": 1, "Esquivar": 1}
        assert (seen["FUE"], seen["skills"]) == ((7, skills) if full else (None, None))
        (in_view,) = table.view(who)["characters"]
        assert in_view == seen
        (created,) = table.log(who, "asaltos.CharacterCreated")
        shown = created["data"]["character"]["sheet"]
        assert shown["TAM"] == 6 and (shown["FUE"] == 7 if full else shown["FUE"] is None)
        assert ("character" in created["hidden"]) is not full
    bea = character(table, "p2", "Bea")
    table.command("gm", "/asaltos/combats", {"combatants": [ana, bea]})
    refused(
        table.post("p2", "/asaltos/declarations", declare(ana, "attack")), 403, "not_your_character"
    )
    refused(table.post("p1", "/asaltos/checks", check(ana, "Espada")), 403, "not_game_master")


def test_another_player_reads_the_wounds_conditions_timers_shock_and_death_of_a_sheet(
    http: httpx.Client,
) -> None:
    """What befalls a body is seen [001:62-68]; its characteristics are not [001:22]. Ana (p1,
    RES 4) heals a crippled arm without Medicine and loses a point of RES for good [001:73];
    an abdominal L3 wound fells her, she drops everything, a death timer of RES hours starts,
    and its +4 above her RES 3 sends her into shock, with a timer of RES minutes [001:65-67];
    three minutes on she is dead. At each step Bea (p2) reads, in the sheet and the view, what
    the game master reads but FUE, AGI, RES, the skills and each timer's deadline (RES tells):
    null; Ana's player reads it all, and the shock's RES in the log, which Bea does not."""
    table = new_table(http, "asaltos", [])
    ana = character(table, "p1", "Ana", FUE=7, AGI=6, RES=4, TAM=6, skills={"Espada": 4})
    private = dict.fromkeys(("FUE", "AGI", "RES", "skills"))

    def reads() -> dict[str, Any]:
        sheets = {who: ok(table.get(who, f"/characters/{ana}")) for who in SEATS}
        for who, sheet in sheets.items():
            assert [c for c in table.view(who)["characters"] if c["id"] == ana] == [sheet]
        gm = sheets["gm"]
        assert sheets["p1"] == gm
        timers = [{**timer, "deadline": None} for timer in gm["timers"]]
        assert sheets["p2"] == {**gm, **private, "timers": timers}
        return gm

    wound = {"character": ana, "location": "BD", "level": 3, "reason": "a mill's gear"}
    table.command("gm", "/asaltos/wounds", wound)
    assert reads()["conditions"] == ["dropped_held"]
    clear = {"character": ana, "condition": "dropped_held", "reason": "the other hand takes it"}
    table.command("gm", "/asaltos/conditions/clear", clear)
    loss = {"character": ana, "wound": 1, "characteristic": "RES"}
    table.command(
        "gm", "/asaltos/time", {"seconds": 61 * 86400, "reason": "rest", "losses": [loss]}
    )
    healed = reads()
    assert (healed["wounds"], healed["conditions"], healed["lost"]) == ([], [], {"RES": 1})
    assert (healed["FUE"], healed["AGI"], healed["RES"], healed["skills"]["Espada"]) == (7, 6, 3, 4)

    now = 61 * 86400
    abdomen = {"character": ana, "location": "A", "level": 3, "reason": "a pike"}
    table.command("gm", "/asaltos/wounds", abdomen)
    dying = reads()
    assert [(w["location"], w["level"]) for w in dying["wounds"]] == [("A", 3)]
    assert dying["conditions"] == ["dropped_everything", "fallen", "fainted"]
    assert [(t["cause"], t["deadline"] - now) for t in dying["timers"]] == [
        ("abdomen", 3 * 3600),
        ("shock", 3 * 60),
    ]
    assert (dying["in_shock"], dying["dead"], dying["lost"]) == (True, False, {"RES": 1})
    for who, res in (("gm", 3), ("p1", 3), ("p2", None)):
        (shock,) = table.log(who, "asaltos.ShockSuffered")
        assert (shock["data"]["penalty"], shock["data"]["res"]) == (4, res)
        started = table.log(who, "asaltos.DeathTimerStarted")
        assert [e["data"]["timer"]["deadline"] is None for e in started] == [res is None] * 2

    table.command("gm", "/asaltos/time", {"seconds": 180, "reason": "no help", "losses": []})
    dead = reads()
    assert (dead["dead"], dead["timers"], dead["in_shock"]) == (True, [], True)
    assert [(w["location"], w["level"]) for w in dead["wounds"]] == [("A", 3)]
    assert [e["data"]["cause"] for e in table.log("p2", "asaltos.Died")] == [
        "no Medicine in time (shock)"
    ]


def test_a1_climbing_5_at_minus_2_rolls_7_and_succeeds_8_fails(http: httpx.Client) -> None:
    """A1 [001:29]: 7 + (-2) = 5 ≤ 5 succeeds; the variant 8 → 6 > 5 fails. Every seat reads
    the die and the outcome of a public check."""
    table = new_table(http, "asaltos", [7, 8])
    climber = character(table, "p1", "Climber", skills={"Escalada": 5})
    for face, success in ((7, True), (8, False)):
        answer = table.command(
            "gm", "/asaltos/checks", check(climber, "Escalada", base_difficulty=-2)
        )
        assert set(answer) == {"version", "roll"}  # the roll's number, no more
        for who in SEATS:
            result = made(table, who, answer["roll"])["result"]
            assert (result["face"], result["difficulty"], result["success"]) == (face, -2, success)


def test_a2_mechanics_7_at_plus_3_rolls_2_and_succeeds_6_fails(http: httpx.Client) -> None:
    """A2 [001:30]: 2 + 3 = 5 ≤ 7 succeeds; the variant 6 → 9 > 7 fails."""
    table = new_table(http, "asaltos", [2, 6])
    mechanic = character(table, "p2", "Mechanic", skills={"Mecánica": 7})
    for face, success in ((2, True), (6, False)):
        roll = table.command(
            "gm", "/asaltos/checks", check(mechanic, "Mecánica", base_difficulty=3)
        )["roll"]
        for who in SEATS:
            result = made(table, who, roll)["result"]
            sl = 7 - face if who in ("gm", "p2") else None  # the Mechanic's player's, and the GM's
            assert (result["face"], result["success"], result["sl"]) == (face, success, sl)


def test_a3_at_difficulty_0_the_value_is_the_chance_and_10_needs_no_roll(
    http: httpx.Client,
) -> None:
    """A3 [001:31]: value 5 succeeds on 1-5 (50%): 5 succeeds, 6 fails; value 1 only on a 1
    (10%): 1 succeeds, 2 fails; value 10 always (100%): no die, the answer's roll is null."""
    table = new_table(http, "asaltos", [5, 6, 1, 2])
    c = character(table, "p1", "Ann", skills={"Cinco": 5, "Uno": 1, "Diez": 10})
    for skill, face, success in (
        ("Cinco", 5, True),
        ("Cinco", 6, False),
        ("Uno", 1, True),
        ("Uno", 2, False),
    ):
        roll = table.command("gm", "/asaltos/checks", check(c, skill))["roll"]
        assert made(table, "p2", roll)["result"]["success"] is success
        assert made(table, "p2", roll)["result"]["face"] == face
    before = table.view("gm")["rolls"]
    assert table.command("gm", "/asaltos/checks", check(c, "Diez"))["roll"] is None
    certain = made(table, "p2", None)
    assert (certain["roll"], certain["result"]["face"], certain["result"]["certain"]) == (
        None,
        None,
        "success",
    )
    assert table.view("gm")["rolls"] == before  # no die was rolled


def test_a4_the_success_level_is_value_minus_the_die(http: httpx.Client) -> None:
    """A4 [001:37-38]: skill 5, roll 5 → SL 0; roll 2 → SL 3; skill 10, roll 1 → SL 9 (a
    certain success, rolled for its SL [001:40])."""
    table = new_table(http, "asaltos", [5, 2, 1])
    c = character(table, "p1", "Ann", skills={"Espada": 5, "Maestría": 10})
    for skill, extra, sl in (
        ("Espada", {}, 0),
        ("Espada", {}, 3),
        ("Maestría", {"roll_for_sl": True}, 9),
    ):
        roll = table.command("gm", "/asaltos/checks", check(c, skill, **extra))["roll"]
        for who in SEATS:
            shown = sl if who in ("gm", "p1") else None  # value - die tells Ann's skill
            assert made(table, who, roll)["result"]["sl"] == shown


def test_a5_certain_outcomes_are_not_rolled_unless_the_sl_is_wanted(http: httpx.Client) -> None:
    """A5 [001:40]: skill 8 at -4 cannot fail (10 - 4 = 6 ≤ 8): no die, unless rolled for
    its SL (3: SL 5); skill 2 at +5 cannot succeed (1 + 5 = 6 > 2): not rolled, even for SL."""
    table = new_table(http, "asaltos", [3])
    c = character(table, "p1", "Ann", skills={"Hábil": 8, "Torpe": 2})
    assert (
        table.command("gm", "/asaltos/checks", check(c, "Hábil", base_difficulty=-4))["roll"]
        is None
    )
    assert made(table, "p2", None)["result"]["certain"] == "success"
    roll = table.command(
        "gm", "/asaltos/checks", check(c, "Hábil", base_difficulty=-4, roll_for_sl=True)
    )["roll"]
    result = made(table, "p1", roll)["result"]
    assert (roll, result["face"], result["sl"], result["certain"]) == (1, 3, 5, "success")
    for extra in ({}, {"roll_for_sl": True}):
        body = check(c, "Torpe", base_difficulty=5, **extra)
        assert table.command("gm", "/asaltos/checks", body)["roll"] is None
        result = made(table, "p2", None)["result"]
        assert (result["success"], result["certain"]) == (False, "failure")
    assert table.view("p1")["rolls"] == 1


def test_a6_agility_9_declares_nine_actions_and_the_fifth_cannot_succeed(
    http: httpx.Client,
) -> None:
    """A6 [001:47-48]: AGI 9 may declare up to nine actions (ten are refused); with skill 4
    the 4th action (+3) still succeeds on a 1, the 5th (+4) cannot succeed and is not
    rolled. The player passes its first three actions [001:109]."""
    table = new_table(http, "asaltos", [1])
    c = character(table, "p1", "Nimble", AGI=9, skills={"Trepar": 4})
    table.command("gm", "/asaltos/combats", {"combatants": [c]})
    refused(
        table.post("p1", "/asaltos/declarations", declare(c, *["other"] * 10)),
        422,
        "too_many_actions",
    )
    table.command("p1", "/asaltos/declarations", declare(c, *["other"] * 9))
    declared = table.view("p1")["combat"]["declarations"][0]["actions"]
    assert [d["tanda"] for d in declared] == list(range(1, 10))
    for _ in range(3):
        table.command("gm", "/asaltos/tandas", {})
        table.command("p1", "/asaltos/passes", {"character": c})
    table.command("gm", "/asaltos/tandas", {})
    roll = table.command("gm", "/asaltos/checks", check(c, "Trepar", combat_action=True))["roll"]
    result = made(table, "p2", roll)["result"]
    assert (result["face"], result["difficulty"], result["success"]) == (1, 3, True)
    table.command("gm", "/asaltos/tandas", {})
    assert (
        table.command("gm", "/asaltos/checks", check(c, "Trepar", combat_action=True))["roll"]
        is None
    )
    result = made(table, "p2", None)["result"]
    assert (result["difficulty"], result["certain"]) == (4, "failure")


def test_a7_the_books_two_codes_map_every_damage_result(http: httpx.Client) -> None:
    """A7 [001:126-129]: `1/2-3/4-9/10` maps 1 → L1, 2-3 → L2, 4-9 → L3, 10 → L4;
    `-/1-4/5-10/-` maps 1-4 → L2, 5-10 → L3. Each result is a surprise blow (an automatic hit
    [001:79], SL 0 by the table's option) of FUE 5 (modifier 0) to the left arm, so the
    damage die is the result looked up; every seat reads the wound."""
    expected = {"espada": [1, 2, 2, 3, 3, 3, 3, 3, 3, 4], "hacha": [2, 2, 2, 2, 3, 3, 3, 3, 3, 3]}
    table = new_table(http, "asaltos", list(range(1, 11)) * 2, surprise_sl="zero")
    weapons = [{**SWORD, "actions": 1}, {**AXE, "actions": 1}]
    knight = character(table, "p1", "Knight", skills={"Espada": 5, "Hacha": 5}, weapons=weapons)
    targets = [character(table, "gm", f"Dummy {n}") for n in range(20)]
    table.command("gm", "/asaltos/combats", {"combatants": [knight, *targets]})
    levels: dict[str, list[int]] = {"espada": [], "hacha": []}
    for n, target in enumerate(targets):
        weapon = "espada" if n < 10 else "hacha"
        if n:
            table.command("gm", "/asaltos/rounds", {})
        table.command("p1", "/asaltos/declarations", declare(knight, "attack", weapon=weapon))
        table.command("gm", "/asaltos/tandas", {})
        blow = attack(knight, target, surprise=True, location="BI")
        assert table.command("gm", "/asaltos/attacks", blow)["roll"] is None  # no die: SL 0
        roll = table.command("gm", "/asaltos/damage", {})["roll"]
        for who in SEATS:
            damage = made(table, who, roll, "asaltos.DamageRolled")["damage"]
            strength = 0 if who in ("gm", "p1") else None  # the Knight's FUE modifier
            assert (damage["face"], damage["location"], damage["strength"], damage["sl"]) == (
                n % 10 + 1,
                "BI",
                strength,
                0,
            )
        wounds = ok(table.get("p2", f"/characters/{target}"))["wounds"]
        assert [w["location"] for w in wounds] == ["BI"]
        levels[weapon].append(wounds[0]["level"])
    assert levels == expected


@pytest.fixture(scope="module")
def duel(http: httpx.Client) -> Table:
    """A8's knights: the French (p1's, AGI 7, skill 3) and the Spanish (the game master's
    NPC, AGI 5, skill 5), broadswords of two actions; p2 watches. The digest's dice, with
    the damage and RES dice chosen to give the wounds the book names (PD1, C2), and the
    confirmation die of the Spanish natural 1 (7: not confirmed), which the text omits."""
    table = new_table(http, "asaltos", [8, 5, 1, 1, 3, 4, 1, 2, 1, 6, 9, 1, 7])
    assert character(table, "p1", "French", AGI=7, skills={"Espada": 3}) == "c1"
    assert character(table, "gm", "Spanish", AGI=5, skills={"Espada": 5}) == "c2"
    table.command("gm", "/asaltos/combats", {"combatants": ["c1", "c2"]})
    return table


def test_a8_round_1_declarations_are_secret_until_each_action_is_resolved(duel: Table) -> None:
    """A8 [001:114-115]: the French declares attack then parry, the Spanish attack, attack,
    at the same time: each declaration is its seat's and the game master's; the other seats
    see that it was made [001:47,109]."""
    table = duel
    table.command("p1", "/asaltos/declarations", declare("c1", "attack", "parry"))
    table.command("gm", "/asaltos/declarations", declare("c2", "attack", "attack"))
    for who, knows in (("gm", {"c1", "c2"}), ("p1", {"c1"}), ("p2", set())):
        combat = table.view(who)["combat"]
        assert (combat["round"], combat["tanda"]) == (1, 0)
        for declaration in combat["declarations"]:
            assert declaration["declared"] is True
            seen = declaration["actions"] is not None
            assert seen is (declaration["character"] in knows), (who, declaration)
        for event in table.log(who, "asaltos.ActionsDeclared"):
            visible = event["data"]["character"] in knows
            assert (event["data"]["actions"] is not None) is visible, (who, event)
    mine = table.view("p1")["combat"]["declarations"][0]["actions"]
    assert [(d["action"]["kind"], d["number"], d["tanda"]) for d in mine] == [
        ("attack", 1, 1),
        ("parry", 2, 2),
    ]


def test_a8_round_1_tanda_1_the_french_misses_and_the_spanish_wounds_his_leg(duel: Table) -> None:
    """A8 [001:116]: the faster French attacks first (8 > 3, a miss) and cannot parry in
    tanda 1, his parry being his second action [001:113]; the Spanish 5 ≤ 5 hits: a light
    wound to the right leg (location 1, damage 1), whose pain the French's RES roll (3 at +1
    [errata: the wound's own +1]) suppresses for this combat [001:63]."""
    table = duel
    table.command("gm", "/asaltos/tandas", {})
    refused(table.post("gm", "/asaltos/attacks", attack("c2", "c1")), 409, "not_your_turn")
    assert table.command("gm", "/asaltos/attacks", attack("c1", "c2"))["roll"] == 1
    refused(
        table.post("gm", "/asaltos/attacks", attack("c2", "c1", reaction="parry")),
        409,
        "no_reaction_declared",
    )
    assert table.command("gm", "/asaltos/attacks", attack("c2", "c1"))["roll"] == 2
    refused(table.post("gm", "/asaltos/tandas", {}), 409, "damage_pending")
    assert table.command("gm", "/asaltos/damage", {})["roll"] == 3
    pain = {"character": "c1", "wound": 1, "base_difficulty": 0, "modifiers": []}
    assert table.command("gm", "/asaltos/pain", pain)["roll"] == 4
    for who in SEATS:
        missed = made(table, who, 1, "asaltos.AttackFailed")
        assert missed["outcome"] == "missed"
        hit = made(table, who, 2, "asaltos.AttackRolled")["result"]
        assert (hit["face"], hit["success"]) == (5, True)
        damage = made(table, who, 3, "asaltos.DamageRolled")["damage"]
        assert (damage["location"], damage["level"]) == ("PD", 1)
        rolled = made(table, who, 4, "asaltos.PainRolled")["result"]
        assert (rolled["face"], rolled["difficulty"], rolled["success"]) == (3, 1, True)
        (wound,) = ok(table.get(who, "/characters/c1"))["wounds"]
        assert (wound["location"], wound["level"], wound["suppressed"]) == ("PD", 1, True)


def test_a8_round_1_tanda_2_the_french_parries_with_a_1_at_plus_2(duel: Table) -> None:
    """A8 [001:117]: the attacker rolls first even though the parry comes earlier: the
    Spanish 4 at +1 (the digest's omission: his second attack carries +1 accumulation; 5 ≤ 5
    still hits) with SL 1; the French parries at +2 (+1 accumulation, +1 SL) and rolls 1:
    parried. The text has no critical on a parry's 1, and the engine asks no confirmation."""
    table = duel
    table.command("gm", "/asaltos/tandas", {})
    assert (
        table.command("gm", "/asaltos/attacks", attack("c2", "c1", reaction="parry"))["roll"] == 5
    )
    for who in SEATS:
        spanish = made(table, who, 5, "asaltos.AttackRolled")["result"]
        assert (spanish["face"], spanish["difficulty"], spanish["sl"]) == (4, 1, 1)
        parry = made(table, who, 5, "asaltos.ParryRolled")["result"]
        assert (parry["face"], parry["difficulty"], parry["success"]) == (1, 2, True)
        assert made(table, who, 5, "asaltos.AttackFailed")["outcome"] == "parried"
        assert table.log(who, "asaltos.CriticalRolled") == []
    refused(table.post("gm", "/asaltos/tandas", {}), 409, "round_over")


def test_a8_round_2_the_french_wounds_the_head_and_the_spanish_ends_him(duel: Table) -> None:
    """A8 [001:118-120]: round 2, both attack twice. Tanda 1: the French precision strike
    at the head (+1) rolls 2: 3 ≤ 3, a hit; damage 1 + SL 1 = 2: a serious head wound (C2),
    not fatal (the book gives no damage die: 1 is chosen for it). The Spanish, now at +2,
    rolls 6 and misses (no die given: 6 chosen). Tanda 2: the French at +1 rolls 9, a miss;
    the Spanish rolls 1 at +3 (+1 accumulation, +2 wound): 4 ≤ 5, a hit with SL 4. The text
    skips the natural 1's confirmation die [001:39]: the rule rolls it (7 > 5: not
    confirmed). Only the hit and its SL are asserted; its damage is not given."""
    table = duel
    table.command("gm", "/asaltos/rounds", {})
    table.command("p1", "/asaltos/declarations", declare("c1", "attack", "attack"))
    table.command("gm", "/asaltos/declarations", declare("c2", "attack", "attack"))
    table.command("gm", "/asaltos/tandas", {})
    head = table.command("gm", "/asaltos/attacks", attack("c1", "c2", location="C"))["roll"]
    damage = table.command("gm", "/asaltos/damage", {})["roll"]
    slowed = table.command("gm", "/asaltos/attacks", attack("c2", "c1"))["roll"]
    table.command("gm", "/asaltos/tandas", {})
    table.command("gm", "/asaltos/attacks", attack("c1", "c2"))
    last = table.command("gm", "/asaltos/attacks", attack("c2", "c1"))["roll"]
    for who in SEATS:
        strike = made(table, who, head, "asaltos.AttackRolled")["result"]
        assert (strike["face"], strike["difficulty"], strike["success"]) == (2, 1, True)
        (wound,) = ok(table.get(who, "/characters/c2"))["wounds"]
        assert (wound["location"], wound["level"]) == ("C", 2)
        assert made(table, who, damage, "asaltos.DamageRolled")["damage"]["sl"] == 1
        miss = made(table, who, slowed, "asaltos.AttackRolled")["result"]
        assert (miss["face"], miss["difficulty"], miss["success"]) == (6, 2, False)
        final = made(table, who, last, "asaltos.AttackRolled")["result"]
        assert (final["face"], final["difficulty"], final["sl"], final["success"]) == (
            1,
            3,
            4,
            True,
        )
        critical = made(table, who, last, "asaltos.CriticalRolled")
        assert (critical["face"], critical["confirmed"]) == (7, False)
        assert table.view(who)["combat"]["pending"]["sl"] == 4
        assert ok(table.get(who, "/characters/c2"))["dead"] is False


def test_a8_the_duel_closes_and_verifies_every_die(duel: Table) -> None:
    table = duel
    table.command("gm", "/close")
    for who in SEATS:
        verified = ok(table.get(who, "/verify"))
        assert verified["verified"] is True and verified["mismatches"] == []
        assert verified["dice_checked"] == 13
        # closing shows everything: the NPC's sheet too
        skills = {"Espada": 5, "Escalada": 1, "Esquivar": 1}
        assert ok(table.get(who, "/characters/c2"))["skills"] == skills


# -- secret checks: through every channel ----------------------------------------------------

SECRET_FIELDS = {
    "DiceRolled": {"dice"},
    "asaltos.CheckMade": {"checked", "result"},
    "asaltos.OpposedCheckMade": {"checked", "results", "winner"},
}
shows = partial(dice_http.shows, secret_fields=SECRET_FIELDS)
logged = partial(dice_http.logged, event_type="asaltos.CheckMade")


#: who reads a secret check the game master makes for p1's climber, by its visibility: the
#: roller is the character's player, whoever sends the roll; no such roll is `self`, kept from
#: the game master who rules on it (tests/test_roll_derivation.py)
READERS = {"gm": {"gm", "p1"}, "blind": {"gm"}}


@pytest.mark.parametrize("visibility", sorted(READERS))
def test_a_secret_check_reaches_no_player_before_its_reveal_through_any_channel(
    http: httpx.Client, visibility: str
) -> None:
    """A secret check of the climber's (2 on her Escalada 5: a success with SL 3) that the
    game master makes: whoever the visibility leaves out (`READERS`) learns that roll 1 was
    made, by whom and how secretly, and nothing else, through the view, the view at every
    version, the log (plain, paged, filtered; a player's audit is refused), the stream and
    the character sheets; nobody reads it in a fork made after the roll. Its readers read it
    throughout. After `revealRolls` every seat reads it, and a second secret check after
    closing."""
    table = new_table(http, "asaltos", [2, 7])
    climber = character(table, "p1", "Climber", skills={"Escalada": 5})
    character(table, "p2", "Watcher")
    body = check(climber, "Escalada", visibility=visibility)
    roll = table.command("gm", "/asaltos/checks", body)["roll"]
    assert roll == 1
    fork = fork_for_everyone(table)

    for who in ("gm", "p1", "p2"):
        reads = every_read(table, who)
        for channel, read in every_read(fork, who).items():
            assert not shows(read, roll), f"{who} reads roll {roll} in the fork's {channel}"
        if who in READERS[visibility]:
            for channel in ("log", "stream"):
                assert shows(reads[channel], roll), (who, channel)
            continue
        for channel, read in reads.items():
            assert not shows(read, roll), f"{who} reads roll {roll} in the table's {channel}"
        assert logged(ok(table.get(who, "/events", limit=500)), roll)  # it is there, masked
    for player in ("p1", "p2"):
        assert table.get(player, "/events", audit=True).status_code == 403
        assert table.get(player, audit=True).status_code == 403
        assert table.get(player, "/stream", audit=True).status_code == 403
    # the game master's audit opens what the game master was shown
    audited = ok(table.get("gm", "/events", audit=True, limit=500))
    assert shows(audited, roll)
    result = made(table, "gm", roll)
    assert (result["result"]["face"], result["result"]["sl"], result["visibility"]) == (
        2,
        3,
        visibility,
    )

    table.command("gm", "/rolls/reveal", {"rolls": [roll], "reason": "the rope holds"})
    assert table.view("p2")["revealed_rolls"] == [roll]
    for player in ("p1", "p2"):
        assert shows(ok(table.get(player, "/events", limit=500)), roll)
        assert shows(table.stream(player, until=table.version()), roll)
        assert made(table, player, roll)["result"]["success"] is True
        assert shows(ok(table.get(player, "/events", limit=500)), roll)

    second = table.command("gm", "/asaltos/checks", check("c2", "Espada", visibility=visibility))[
        "roll"
    ]
    # the watcher's: never the climber's player's
    assert not shows(ok(table.get("p1", "/events", limit=500)), second)
    table.command("gm", "/close")
    for player in ("p1", "p2"):
        assert shows(ok(table.get(player, "/events", limit=500)), second)
        verified = ok(table.get(player, "/verify"))
        assert (verified["verified"], verified["dice_checked"], verified["mismatches"]) == (
            True,
            2,
            [],
        )


#: what a view would hold of a roll's result: a check's, a pain, parry or Medicine roll's
RESULT_FIELDS = {"result", "results", "checked", "face", "sl", "success", "certain", "winner"}


def keys_in(body: Any) -> set[str]:
    """Every key of every object anywhere in a body."""
    if isinstance(body, dict):
        return set(body).union(*(keys_in(value) for value in body.values()))
    if isinstance(body, list):
        return set().union(*(keys_in(value) for value in body))
    return set()


def test_no_seats_view_lists_a_roll_result_and_a_check_changes_nothing_in_it(
    http: httpx.Client,
) -> None:
    """A check's outcome changes nothing shared: it lives in the log's events only. After a
    public check that succeeds (3 on 7: SL 4), a blind one that fails (9), an opposed check
    (2 and 8) and a certain one (no die), the game master's view and each player's, now and
    at every version since, are what they were before but for the version and the count of
    rolls (3, none revealed), and hold no result field anywhere."""
    table = new_table(http, "asaltos", [3, 9, 2, 8])
    ana = character(table, "p1", "Ana", skills={"Escalada": 7, "Espada": 10})
    bea = character(table, "p2", "Bea")
    before = table.version()
    views = {who: table.view(who) for who in SEATS}
    assert table.command("gm", "/asaltos/checks", check(ana, "Escalada"))["roll"] == 1
    blind = check(ana, "Escalada", visibility="blind")
    assert table.command("gm", "/asaltos/checks", blind)["roll"] == 2
    contenders = [
        {"character": c, "skill": "Espada", "base_difficulty": 0, "modifiers": []}
        for c in (ana, bea)
    ]
    table.command("gm", "/asaltos/opposed-checks", {"contenders": contenders})
    assert table.command("gm", "/asaltos/checks", check(ana, "Espada"))["roll"] is None
    assert made(table, "gm", 1)["result"]["sl"] == 4  # the results are in the log
    assert made(table, "gm", 2)["result"]["success"] is False
    assert made(table, "gm", 3, "asaltos.OpposedCheckMade")["winner"] == ana
    dice = [event["version"] for event in table.log("gm", "DiceRolled")]
    assert len(dice) == 3
    for who in SEATS:
        for version in range(before + 1, table.version() + 1):
            seen = table.view(who, version=version)
            assert keys_in(seen).isdisjoint(RESULT_FIELDS), (who, version)
            rolls = sum(rolled <= version for rolled in dice)
            assert seen == {**views[who], "version": version, "rolls": rolls}, (who, version)


def test_a_secret_opposed_check_is_secret_and_combat_rolls_have_no_visibility(
    http: httpx.Client,
) -> None:
    """Only `Check` and `OpposedCheck` take a `visibility`: an attack, damage, pain or
    Medicine body with one is refused (the engine applies their outcome to shared state at
    once). A blind opposed check hides both results and the winner from the players."""
    table = new_table(http, "asaltos", [3, 6])
    a = character(table, "p1", "A")
    b = character(table, "p2", "B")
    contenders = [
        {"character": c, "skill": "Espada", "base_difficulty": 0, "modifiers": []} for c in (a, b)
    ]
    roll = table.command(
        "gm", "/asaltos/opposed-checks", {"contenders": contenders, "visibility": "blind"}
    )["roll"]
    for player in ("p1", "p2"):
        (event,) = table.log(player, "asaltos.OpposedCheckMade")
        assert event["data"]["winner"] is None and {"results", "winner"} <= set(event["hidden"])
    assert made(table, "gm", roll, "asaltos.OpposedCheckMade")["winner"] == a
    table.command("gm", "/asaltos/combats", {"combatants": [a, b]})
    table.command("p1", "/asaltos/declarations", declare(a, "attack"))
    table.command("gm", "/asaltos/tandas", {})
    for path, bad in (
        ("/asaltos/attacks", attack(a, b, visibility="blind")),
        ("/asaltos/damage", {"visibility": "gm"}),
        (
            "/asaltos/pain",
            {
                "character": a,
                "wound": 1,
                "base_difficulty": 0,
                "modifiers": [],
                "visibility": "self",
            },
        ),
        (
            "/asaltos/medicine",
            {
                "healer": a,
                "patient": b,
                "wound": None,
                "base_difficulty": 0,
                "modifiers": [],
                "visibility": "blind",
            },
        ),
    ):
        response = table.post("gm", path, bad)
        assert response.status_code == 400, (path, response.text)


def test_the_shared_reads_serve_an_asaltos_table(http: httpx.Client) -> None:
    """Log (filtered by a system's event type), rewind, fork, the game master's audit, the
    stream, close and verify."""
    table = new_table(http, "asaltos", [4, 9])
    ana = character(table, "p1", "Ana", skills={"Escalada": 5})
    table.command("gm", "/asaltos/checks", check(ana, "Escalada"))  # 4: a success
    at_one_roll = table.version()
    table.command("gm", "/asaltos/checks", check(ana, "Escalada"))  # 9: a failure

    assert [e["type"] for e in table.log("p2", "asaltos.CheckMade")] == ["asaltos.CheckMade"] * 2
    assert table.get("p2", "/events", type="CheckMade").status_code == 422
    assert table.view("p1", version=at_one_roll)["rolls"] == 1
    assert table.view("p1")["rolls"] == 2
    audit = ok(table.get("gm", "/events", audit=True, limit=500))
    assert audit["events"] and ok(table.get("gm", audit=True))["system"] == "asaltos"
    streamed = table.stream("p1", until=table.version())
    assert [e["version"] for e in streamed] == list(range(1, table.version() + 1))

    fork = fork_for_everyone(table)
    assert [c["name"] for c in fork.view("p2")["characters"]] == ["Ana"]
    skills = {"Escalada": 5, "Espada": 1, "Esquivar": 1}
    assert fork.view("p1")["characters"][0]["skills"] == skills
    assert fork.view("p2")["characters"][0]["skills"] is None
    assert fork.command("gm", "/asaltos/checks", check(ana, "Escalada"))["roll"] == 1

    assert table.get("p1", "/verify").status_code == 409  # still open
    table.command("gm", "/close")
    assert table.post("gm", "/asaltos/checks", check(ana, "Escalada")).status_code == 409
    verified = ok(table.get("p2", "/verify"))
    assert (verified["verified"], verified["dice_checked"], verified["mismatches"]) == (True, 2, [])


def test_a_characters_agility_is_hidden_from_other_players_in_every_step_it_acts_at(
    http: httpx.Client,
) -> None:
    """Only TAM is seen [001:22]: Ana's AGI 7, the step her hit is pending at, reaches her
    player and the game master, never Juan (p2) — through the view, a rewind, the log or the
    stream — nor the wound's step and the step her target falls dead at (a C3), which the
    game master alone reads, in the view, the target's sheet and the log. Who acts when
    stays public: the round and the tanda."""
    table = new_table(http, "asaltos", [10, 9])
    ana = character(table, "p1", "Ana", AGI=7, skills={"Espada": 5}, weapons=[SWORD])
    dummy = character(table, "gm", "Dummy")
    table.command("gm", "/asaltos/combats", {"combatants": [ana, dummy]})
    table.command("p1", "/asaltos/declarations", declare(ana, "attack"))
    table.command("gm", "/asaltos/tandas", {})
    table.command("gm", "/asaltos/attacks", attack(ana, dummy, surprise=True, location="C"))
    pending = table.version()
    live = {who: table.view(who) for who in SEATS}
    table.command("gm", "/asaltos/damage", {})
    for who, agi in (("gm", 7), ("p1", 7), ("p2", None)):
        for view in (live[who], table.view(who, version=pending)):
            assert view["combat"]["pending"]["step"] == {"round": 1, "tanda": 1, "agi": agi}
        (hit,) = table.log(who, "asaltos.AttackHit")
        assert hit["data"]["hit"]["step"]["agi"] == agi
    for who, agi in (("gm", 7), ("p1", None), ("p2", None)):
        step = {"round": 1, "tanda": 1, "agi": agi}
        (wound,) = table.log(who, "asaltos.WoundInflicted")
        assert wound["data"]["wound"]["step"] == step
        (died,) = table.log(who, "asaltos.Died")
        assert (died["data"]["cause"], died["data"]["out_since"]) == ("wound C3", step)
        (target,) = [c for c in table.view(who)["characters"] if c["id"] == dummy]
        assert target == ok(table.get(who, f"/characters/{dummy}"))
        assert [w["step"] for w in target["wounds"]] == [step]
        assert (target["dead"], target["out_since"]) == (True, step)
    streamed = [e["data"] for e in table.stream("p2", table.version()) if "hit" in e["data"]]
    assert [e["hit"]["step"]["agi"] for e in streamed] == [None]
    for who, agi in (("gm", 7), ("p1", 7), ("p2", None)):
        assert ok(table.get(who, f"/characters/{ana}"))["AGI"] == agi
