"""FATE's conflicts over real HTTP, played by separate seats with scripted dice: the
initiative and its ties, minion groups taken out one by one, exchanges and delayed turns, the
scene's end ending the conflict [004:603-719]; full defence for the exchange, an attack as one
command, its defence and its hit [004:653-697, 715, 771-789]; blocks (F12, F13), moves,
disarms and weapons picked up (F10) and throws (F11) of the digest's worked examples (§4.9);
zones, pushes and throws from zone to zone; and the cells of each new endpoint in the
permission matrix and the hidden-roll scan (`CONFLICT_ENDPOINTS`, `CONFLICT_BODIES`).

Faces are four d6 a roll (1-2 -, 3-4 blank, 5-6 + [004:65-71]); an attack throws the
defence's four first, then the attack's."""

from __future__ import annotations

from typing import Any

import httpx

from tests.api_helpers import ok
from tests.dice_http import Table, new_table
from tests.permission_matrix import Cell, World, lobby
from tests.test_api_fate import BLANK, character, http, refused, roll_call, sheet

__all__ = ["http"]  # the module's live server

#: + + blank blank: +2
PLUS2 = [5, 5, 3, 3]
#: + blank blank blank: +1
PLUS1 = [5, 3, 3, 3]
#: - - blank blank: -2
MINUS2 = [1, 1, 3, 3]


def skills(**ratings: int) -> list[dict[str, Any]]:
    return [{"name": name, "rating": rating} for name, rating in ratings.items()]


def participant(character_id: str, distance: int) -> dict[str, Any]:
    return {"character": character_id, "distance": distance, "led_by": None, "quality": None}


def begin(*participants: dict[str, Any], kind: str = "physical") -> dict[str, Any]:
    return {"kind": kind, "participants": list(participants), "reason": "a brawl"}


def attack(attacker: str, defender: str, **extra: Any) -> dict[str, Any]:
    return {
        "attacker": attacker,
        "skill": "Puños",
        "defender": defender,
        "reach": None,
        "defence": "Atletismo",
        "track": "health",
        "consequence": None,
        "reason": "a punch",
        **extra,
    }


def events(table: Table, who: str, kind: str) -> list[dict[str, Any]]:
    """The events of a type as a seat reads them (the committed API document does not know
    this change's events yet: read without validating against it)."""
    page = ok(table.get(who, "/events", limit=500))
    return [e for e in page["events"] if e["type"] == kind]


def rolled(table: Table, who: str, roll: int) -> dict[str, dict[str, Any]]:
    """The events of a roll as a seat reads them, by type (as `Table.rolled`, unvalidated)."""
    page = ok(table.get(who, "/events", limit=500))
    return {e["type"]: e for e in page["events"] if e["data"].get("roll") == roll}


def settled(table: Table, who: str, roll: int) -> None:
    table.command(who, "/fate/rolls/settle", {"roll": roll, "fate_points": 0})


def conflict(table: Table, who: str = "p1") -> dict[str, Any]:
    seen: dict[str, Any] = table.view(who)["conflict"]
    return seen


def acting(table: Table) -> str:
    state = conflict(table)
    name: str = state["order"][state["turn"]]
    return name


def _cast(http: httpx.Client, faces: list[int]) -> Table:
    """Ana (p1, c1: Atletismo +3, Puños +3, Armas +2), Bea (p2, c2: Atletismo +3, Armas +4,
    Fuerza +3) and the game master's Markus (c3: Alerta +2, Armas +4); the others' Alerta is
    Mediocre (0)."""
    table = new_table(http, "fate", faces)
    character(table, "p1", sheet("Ana", skills=skills(Atletismo=3, Puños=3, Armas=2)))
    character(table, "p2", sheet("Bea", skills=skills(Atletismo=3, Armas=4, Fuerza=3)))
    character(table, "gm", sheet("Markus", kind="npc", skills=skills(Alerta=2, Armas=4)))
    return table


def _fight(table: Table) -> None:
    """Markus (Alerta 2), then Ana (distance 0), then Bea (distance 1)."""
    body = begin(participant("c2", 1), participant("c1", 0), participant("c3", 2))
    table.command("gm", "/fate/conflict", body)


# -- initiative, exchanges, delays ------------------------------------------------------------


def test_initiative_by_alerta_then_coraje_then_the_seat_closest_to_the_gm_and_minion_groups(
    http: httpx.Client,
) -> None:
    """[004:633-637]: Markus's Alerta 2 first; Ana and the minions tie at 1 and on Coraje (2),
    Ana sits closer; Bea's Alerta 1 loses on Coraje. A minion group acts on its quality."""
    table = new_table(http, "fate", [])
    character(table, "p1", sheet("Ana", skills=skills(Alerta=1, Coraje=2)))
    character(table, "p2", sheet("Bea", skills=skills(Alerta=1, Coraje=1)))
    character(table, "gm", sheet("Markus", kind="npc", skills=skills(Alerta=2)))
    character(table, "gm", sheet("Esbirros", kind="npc", skills=skills(Coraje=2)))
    body = begin(
        participant("c1", 1),
        participant("c2", 0),
        participant("c3", 3),
        {**participant("c4", 2), "quality": 1},
    )
    refused(table.post("p1", "/fate/conflict", body), 403, "not_game_master")
    led_and_rated = {**participant("c4", 2), "quality": 1, "led_by": "c3"}
    refused(
        table.post(
            "gm", "/fate/conflict", {**body, "participants": [led_and_rated, participant("c1", 1)]}
        ),
        422,
        "invalid_participant",
    )
    table.command("gm", "/fate/conflict", body)
    began = events(table, "p2", "fate.ConflictBegan")[-1]["data"]
    assert began["initiative"] == ["c3", "c1", "c4", "c2"]
    assert conflict(table, "p2") == {
        "kind": "physical",
        "initiative": ["c3", "c1", "c4", "c2"],
        "exchange": 1,
        "order": ["c3", "c1", "c4", "c2"],
        "turn": 0,
        "blocks": [],
        "disarmed": {},
        "full_defence": [],
        "minions": {},
        "zones": [],
        "borders": [],
        "places": {},
    }
    refused(table.post("gm", "/fate/conflict", body), 409, "conflict_in_play")
    # seven minions against Ana and Bea: two groups, one per opponent [004:629]
    split = {"minions": 7, "opponents": ["c1", "c2"], "reason": "the Baron's thugs"}
    refused(
        table.post("gm", "/fate/conflict/minions", {**split, "opponents": ["c1", "c1"]}),
        422,
        "invalid_groups",
    )
    table.command("gm", "/fate/conflict/minions", split)
    assert events(table, "p1", "fate.MinionsSplit")[-1]["data"]["groups"] == [4, 3]


def test_minions_are_taken_out_one_by_one_and_the_group_is_out_with_none_left(
    http: httpx.Client,
) -> None:
    """Three minions (c4, quality 1) against Ana: a hit takes out two, as the game master
    rules (the book does not say how many [004:629]), and the group holds one; the last taken
    out, the group is out of the conflict, left out of the next exchange [004:801]."""
    table = _cast(http, [])
    character(table, "gm", sheet("Esbirros", kind="npc", skills=skills(Coraje=1)))
    group = {**participant("c4", 1), "quality": 1, "minions": 3}
    table.command("gm", "/fate/conflict", begin(participant("c1", 0), group))
    assert conflict(table)["minions"] == {"c4": 3}
    hit = {"group": "c4", "minions": 2, "reason": "Ana's sweep fells two"}
    refused(table.post("p1", "/fate/conflict/minions/taken-out", hit), 403, "not_game_master")
    refused(
        table.post("gm", "/fate/conflict/minions/taken-out", {**hit, "group": "c1"}),
        409,
        "not_a_minion_group",
    )
    table.command("gm", "/fate/conflict/minions/taken-out", hit)
    assert conflict(table)["minions"] == {"c4": 1}
    refused(table.post("gm", "/fate/conflict/minions/taken-out", hit), 422, "invalid_groups")
    table.command("gm", "/fate/conflict/minions/taken-out", {**hit, "minions": 1})
    taken = events(table, "p2", "fate.MinionsTakenOut")
    assert [(e["data"]["taken_out"], e["data"]["left"]) for e in taken] == [(2, 1), (1, 0)]
    assert table.view("p1")["characters"][3]["out"] == "taken_out"
    for who in ("c4", "c1"):
        table.command("gm", "/fate/conflict/turns/end", {"character": who})
    assert (conflict(table)["exchange"], conflict(table)["order"]) == (2, ["c1"])


def test_a_split_ties_each_minion_group_to_the_npc_standing_for_it(http: httpx.Client) -> None:
    """Five minions against Ana and Bea split in groups of 3 and 2 [004:629]; in the conflict
    Markus and the Esbirros stand for them, each then a minion group of its size."""
    table = _cast(http, [])
    character(table, "gm", sheet("Esbirros", kind="npc"))
    split = {"minions": 5, "opponents": ["c1", "c2"], "reason": "the gang", "npcs": ["c3", "c4"]}
    refused(table.post("gm", "/fate/conflict/minions", split), 409, "no_conflict")
    body = begin(*(participant(c, n) for n, c in enumerate(("c1", "c2", "c3", "c4"))))
    table.command("gm", "/fate/conflict", body)
    for npcs in (["c3"], ["c3", "c1"], ["c3", "c3"]):
        crooked = {**split, "npcs": npcs}
        refused(table.post("gm", "/fate/conflict/minions", crooked), 422, "invalid_groups")
    table.command("gm", "/fate/conflict/minions", split)
    tied = events(table, "p1", "fate.MinionsSplit")[-1]["data"]
    assert (tied["groups"], tied["npcs"]) == ([3, 2], ["c3", "c4"])
    assert conflict(table)["minions"] == {"c3": 3, "c4": 2}


def test_turns_exchanges_and_a_delayed_turn(http: httpx.Client) -> None:
    """Each acts in the initiative order; a delay comes between two turns, never before its
    own [004:717-719]; after the last, a new exchange in the initiative order [004:639]."""
    table = _cast(http, [])
    refused(table.post("gm", "/fate/conflict/turns/end", {"character": "c3"}), 409, "no_conflict")
    _fight(table)
    assert acting(table) == "c3"
    refused(table.post("gm", "/fate/conflict/turns/end", {"character": "c1"}), 409, "not_your_turn")
    refused(
        table.post("p1", "/fate/conflict/turns/end", {"character": "c3"}), 403, "not_game_master"
    )
    table.command("gm", "/fate/conflict/turns/end", {"character": "c3"})
    assert acting(table) == "c1"
    delay = {"character": "c1", "after": "c3"}
    refused(table.post("gm", "/fate/conflict/turns/delay", delay), 422, "invalid_delay")
    table.command("gm", "/fate/conflict/turns/delay", {**delay, "after": "c2"})
    assert (conflict(table)["order"], acting(table)) == (["c3", "c2", "c1"], "c2")
    for who in ("c2", "c1"):
        table.command("gm", "/fate/conflict/turns/end", {"character": who})
    seen = conflict(table)
    assert (seen["exchange"], seen["order"], acting(table)) == (2, ["c3", "c1", "c2"], "c3")
    # a character out of the scene is passed over, and left out of the next exchange
    offer = {"character": "c1", "attacker": "c3", "reasonable": True, "accepted": True}
    table.command("gm", "/fate/concessions", {**offer, "reason": "I yield"})
    table.command("gm", "/fate/conflict/turns/end", {"character": "c3"})
    assert acting(table) == "c2"
    table.command("gm", "/fate/conflict/turns/end", {"character": "c2"})
    assert (conflict(table)["exchange"], conflict(table)["order"]) == (3, ["c3", "c2"])
    table.command("gm", "/fate/conflict/end", {"reason": "Ana is out"})
    assert conflict(table) is None
    assert events(table, "p2", "fate.ConflictEnded")[-1]["data"]["exchanges"] == 3


def test_ending_the_scene_ends_its_conflict(http: httpx.Client) -> None:
    """The scene's conflict cannot outlive it: `fateEndScene` ends it too, recorded
    (`fate.ConflictEnded`, for the scene's reason) before the scene's end."""
    table = _cast(http, [])
    _fight(table)
    table.command("gm", "/fate/conflict/turns/end", {"character": "c3"})
    table.command("gm", "/fate/scenes/end", {"breather": False, "reason": "the lights go out"})
    assert conflict(table) is None
    ended = events(table, "p1", "fate.ConflictEnded")
    assert [e["data"] for e in ended] == [{"exchanges": 1, "reason": "the lights go out"}]
    log = ok(table.get("p2", "/events", limit=500))["events"]
    assert [e["type"] for e in log[-2:]] == ["fate.ConflictEnded", "fate.SceneEnded"]
    # with no conflict in play, the scene ends alone
    table.command("gm", "/fate/scenes/end", {"breather": False, "reason": "next morning"})
    assert len(events(table, "p1", "fate.ConflictEnded")) == 1


# -- an attack -------------------------------------------------------------------------------


def test_an_attack_rolls_defence_and_attack_and_hits_with_its_shifts(http: httpx.Client) -> None:
    """Ana's Puños +3 and + + (5) against Bea's Atletismo +3 and blanks (3): 2 shifts, box 2
    [004:771, 781]; then 6 shifts on a 5-box track wait for the consequence Bea's player names
    [004:789], recorded with `fateHit`."""
    table = _cast(http, [*BLANK, *PLUS2, *MINUS2, *[5, 5, 5, 5]])
    _fight(table)
    refused(table.post("gm", "/fate/conflict/attacks", attack("c1", "c2")), 409, "not_your_turn")
    table.command("gm", "/fate/conflict/turns/end", {"character": "c3"})
    refused(table.post("gm", "/fate/conflict/attacks", attack("c1", "c1")), 422, "invalid_attack")
    table.command("gm", "/fate/conflict/attacks", attack("c1", "c2"))
    resolved = events(table, "p2", "fate.AttackResolved")[-1]["data"]
    assert (resolved["roll"], resolved["defence_roll"], resolved["defence"]) == (2, 1, 3)
    assert (resolved["verdict"]["effort"], resolved["verdict"]["shifts"]) == (5, 2)
    assert (resolved["block"], resolved["hit"], resolved["defender_critical"]) == (
        None,
        True,
        False,
    )
    assert table.view("p1")["characters"][1]["health"]["marked"] == [2]
    # both rolls are rolls of the table, the attack opposed by the settled defence
    attack_roll = rolled(table, "p1", 2)
    assert attack_roll["fate.SkillRolled"]["data"]["opposed_by"] == 1
    assert attack_roll["fate.RollSettled"]["data"]["verdict"]["against"] == 3
    assert rolled(table, "p1", 1)["fate.SkillRolled"]["data"]["character"] == "c2"

    table.command("gm", "/fate/conflict/attacks", attack("c1", "c2"))
    resolved = events(table, "p2", "fate.AttackResolved")[-1]["data"]
    assert (resolved["defence"], resolved["verdict"]["shifts"], resolved["hit"]) == (1, 6, False)
    body = {"character": "c2", "track": "health", "shifts": 6, "reason": "Ana's punch"}
    table.command("gm", "/fate/hits", {**body, "consequence": "Nariz rota"})
    assert table.view("p1")["characters"][1]["consequences"][0]["aspect"] == "Nariz rota"


def test_a_full_defence_holds_for_the_exchange_and_a_defender_winning_by_3(
    http: httpx.Client,
) -> None:
    """Bea, yet to act, declares full defence once: +2 on every defence to the exchange's end,
    her action given up [004:715]; a defence 3 over the attack earns a critical [004:697]."""
    table = _cast(http, [*PLUS1, *BLANK, *BLANK, *PLUS2])
    _fight(table)
    table.command("gm", "/fate/conflict/turns/end", {"character": "c3"})
    guard = {"character": "c2", "reason": "she backs off, blade up"}
    refused(table.post("p2", "/fate/conflict/full-defences", guard), 403, "not_game_master")
    refused(
        table.post("gm", "/fate/conflict/full-defences", {**guard, "character": "c3"}),
        409,
        "already_acted",
    )
    table.command("gm", "/fate/conflict/full-defences", guard)
    declared = events(table, "p1", "fate.FullDefenceDeclared")[-1]["data"]
    assert (declared["character"], declared["exchange"]) == ("c2", 1)
    assert conflict(table)["full_defence"] == ["c2"]
    refused(table.post("gm", "/fate/conflict/full-defences", guard), 409, "full_defence")
    table.command("gm", "/fate/conflict/attacks", attack("c1", "c2"))
    resolved = events(table, "p1", "fate.AttackResolved")[-1]["data"]
    assert (resolved["defence"], resolved["verdict"]["effort"]) == (6, 3)
    assert (resolved["verdict"]["shifts"], resolved["defender_critical"]) == (0, True)
    defence = rolled(table, "p1", resolved["defence_roll"])["fate.RollSettled"]["data"]
    assert defence["result"]["modifiers"] == [{"name": "full defence", "value": 2}]
    # the second attack of the exchange: +2 again, undeclared
    table.command("gm", "/fate/conflict/attacks", attack("c1", "c2"))
    resolved = events(table, "p1", "fate.AttackResolved")[-1]["data"]
    assert (resolved["defence"], resolved["verdict"]["effort"]) == (5, 5)
    assert table.view("p1")["characters"][1]["health"]["marked"] == []
    table.command("gm", "/fate/conflict/turns/end", {"character": "c1"})
    refused(table.post("gm", "/fate/conflict/attacks", attack("c2", "c1")), 409, "full_defence")
    table.command("gm", "/fate/conflict/turns/end", {"character": "c2"})
    assert (conflict(table)["exchange"], conflict(table)["full_defence"]) == (2, [])


def test_a_declared_full_defence_gives_its_plus_2_to_a_defence_rolled_roll_by_roll(
    http: httpx.Client,
) -> None:
    """Bea declared full defence: her defence called roll by roll takes the +2 [004:715],
    flagged or not, once; Ana, who declared none, cannot have a roll flagged so. Markus's
    attack, opposed by the defence, is against its effort."""
    table = _cast(http, [*BLANK, *BLANK, *BLANK])
    _fight(table)
    table.command("gm", "/fate/conflict/full-defences", {"character": "c2", "reason": "guard"})
    flagged = roll_call("c1", full_defence=True)
    refused(table.post("gm", "/fate/rolls", flagged), 409, "full_defence_undeclared")
    efforts = []
    for flag in (False, True):
        guard = table.command("gm", "/fate/rolls", roll_call("c2", full_defence=flag))["roll"]
        settled(table, "p2", guard)
        defence = rolled(table, "p1", guard)["fate.RollSettled"]["data"]
        assert defence["result"]["modifiers"] == [{"name": "full defence", "value": 2}]
        efforts.append(defence["verdict"]["effort"])
    assert efforts == [5, 5]  # Atletismo 3, blank dice, +2
    blow = roll_call("c3", skill="Armas", difficulty=None, opposed_by=guard)
    strike = table.command("gm", "/fate/rolls", blow)["roll"]
    assert rolled(table, "p1", strike)["fate.SkillRolled"]["data"]["against"] == 5


def test_a_blind_attack_is_hidden_as_its_rolls_and_its_hit_waits(http: httpx.Client) -> None:
    table = _cast(http, [*BLANK, *PLUS2])
    _fight(table)
    attack_body = attack("c3", "c1", skill="Armas", visibility="blind")
    table.command("gm", "/fate/conflict/attacks", attack_body)
    for player in ("p1", "p2"):
        assert events(table, player, "fate.AttackResolved") == []
        assert events(table, player, "fate.RollSettled") == []
    resolved = events(table, "gm", "fate.AttackResolved")[-1]["data"]
    assert (resolved["verdict"]["shifts"], resolved["hit"]) == (3, False)
    assert table.view("p1")["characters"][0]["health"]["marked"] == []
    table.command("gm", "/rolls/reveal", {"rolls": [1, 2], "reason": "the blow lands"})
    assert events(table, "p1", "fate.AttackResolved")[-1]["data"]["verdict"]["shifts"] == 3


# -- blocks, moves, disarms, throws ----------------------------------------------------------


def block_roll(table: Table, who: str, skill: str) -> int:
    """A settled roll of Bea (c2) for a block, in her turn."""
    number: int = table.command("gm", "/fate/rolls", roll_call("c2", skill=skill))["roll"]
    settled(table, who, number)
    return number


def test_F12_a_protected_character_defends_with_the_block_or_its_own_roll(
    http: httpx.Client,
) -> None:
    """Bea's block of strength 4 protects Ana: Ana's defence of 2 counts as 4, one of 5 as 5
    [004:725]; the block lasts to the exchange's end."""
    table = _cast(http, [*BLANK, *BLANK, *PLUS1, *[5, 5, 5, 3], *PLUS2])
    table.command(
        "gm",
        "/fate/conflict",
        begin(participant("c2", 0), participant("c3", 1), participant("c1", 2)),
    )
    # Markus (Alerta 2) waits for Bea's turn [004:719]
    table.command("gm", "/fate/conflict/turns/delay", {"character": "c3", "after": "c2"})
    roll = block_roll(table, "p2", "Armas")
    protection = {"roll": roll, "protects": "c1", "action": None, "reason": "a shield wall"}
    refused(
        table.post("gm", "/fate/conflict/blocks", {**protection, "action": "the door"}),
        422,
        "invalid_block",
    )
    table.command("gm", "/fate/conflict/blocks", protection)
    assert conflict(table)["blocks"][0]["strength"] == 4
    table.command("gm", "/fate/conflict/turns/end", {"character": "c2"})
    markus = attack("c3", "c1", skill="Armas", defence="Armas")  # Ana's Armas +2
    table.command("gm", "/fate/conflict/attacks", markus)
    resolved = events(table, "p1", "fate.AttackResolved")[-1]["data"]
    assert (resolved["defence"], resolved["block"], resolved["verdict"]["against"]) == (2, 4, 4)
    assert resolved["verdict"]["shifts"] == 1
    table.command("gm", "/fate/conflict/attacks", markus)
    resolved = events(table, "p1", "fate.AttackResolved")[-1]["data"]
    assert (resolved["defence"], resolved["verdict"]["against"]) == (5, 5)
    assert conflict(table)["blocks"] != []
    for who in ("c3", "c1"):
        table.command("gm", "/fate/conflict/turns/end", {"character": who})
    assert (conflict(table)["exchange"], conflict(table)["blocks"]) == (2, [])


def test_F13_getting_past_a_block_needs_1_shift(http: httpx.Client) -> None:
    """Bea's block of strength 3 on the door: Markus's effort 2 does not get past, 5 does
    [004:727] (the edge, 3 against 4: `test_api_fate_examples.py::test_F13_...`)."""
    table = _cast(http, [*BLANK, *MINUS2, *PLUS1, *MINUS2])
    table.command("gm", "/fate/conflict", begin(participant("c2", 0), participant("c3", 1)))
    # Markus (Alerta 2) waits for Bea's turn [004:719]
    table.command("gm", "/fate/conflict/turns/delay", {"character": "c3", "after": "c2"})
    roll = block_roll(table, "p2", "Fuerza")
    door = {"roll": roll, "protects": None, "action": "the door", "reason": "she holds it"}
    table.command("gm", "/fate/conflict/blocks", door)
    table.command("gm", "/fate/conflict/turns/end", {"character": "c2"})
    challenge = {"blocker": "c2", "reason": "through the door"}
    for expected in (False, True):
        push = table.command("gm", "/fate/rolls", roll_call("c3", skill="Armas", difficulty=3))
        settled(table, "gm", push["roll"])
        table.command("gm", "/fate/conflict/blocks/challenge", {**challenge, "roll": push["roll"]})
        verdict = events(table, "p1", "fate.BlockChallenged")[-1]["data"]["verdict"]
        assert (verdict["against"], verdict["outcome"] == "success") == (3, expected)
    refused(
        table.post(
            "gm", "/fate/conflict/blocks/challenge", {**challenge, "blocker": "c1", "roll": 2}
        ),
        409,
        "no_block",
    )


def test_F10_a_disarm_of_2_shifts_makes_picking_up_minus_3_and_bars_armas(
    http: httpx.Client,
) -> None:
    table = _cast(http, [*BLANK])
    _fight(table)
    number = table.command("gm", "/fate/rolls", roll_call("c3", skill="Armas", difficulty=2))
    settled(table, "gm", number["roll"])
    disarm = {"roll": number["roll"], "target": "c1", "reason": "a twist of the wrist"}
    table.command("gm", "/fate/conflict/disarms", disarm)
    disarmed = events(table, "p1", "fate.Disarmed")[-1]["data"]
    assert (disarmed["shifts"], disarmed["pickup"]["value"]) == (2, -3)  # [004:871]
    assert conflict(table)["disarmed"] == {"c1": 2}
    parry = attack("c3", "c1", skill="Armas", defence="Armas")
    refused(table.post("gm", "/fate/conflict/attacks", parry), 409, "disarmed")
    table.command("gm", "/fate/conflict/turns/end", {"character": "c3"})
    strike = attack("c1", "c2", skill="Armas")
    refused(table.post("gm", "/fate/conflict/attacks", strike), 409, "disarmed")
    table.command("gm", "/fate/conflict/rearms", {"character": "c1", "reason": "picks it up"})
    assert conflict(table)["disarmed"] == {}
    refused(
        table.post("gm", "/fate/conflict/rearms", {"character": "c1", "reason": "again"}),
        409,
        "not_disarmed",
    )


def test_F10_picking_the_weapon_up_costs_its_roll_minus_3(http: httpx.Client) -> None:
    """Disarmed with 2 shifts, Ana picks her weapon up as a secondary action of her Armas
    roll: -3 on it [004:871], and she is armed again; until then no Armas roll of hers
    stands."""
    table = _cast(http, [*BLANK, *BLANK])
    _fight(table)
    number = table.command("gm", "/fate/rolls", roll_call("c3", skill="Armas", difficulty=2))
    settled(table, "gm", number["roll"])
    disarm = {"roll": number["roll"], "target": "c1", "reason": "a twist of the wrist"}
    table.command("gm", "/fate/conflict/disarms", disarm)
    table.command("gm", "/fate/conflict/turns/end", {"character": "c3"})
    lunge = table.command("gm", "/fate/rolls", roll_call("c1", skill="Armas"))["roll"]
    body = {"roll": lunge, "fate_points": 0}
    refused(table.post("p1", "/fate/rolls/settle", body), 409, "disarmed")
    pickup = {"roll": lunge, "reason": "she snatches the sabre as she lunges"}
    refused(table.post("p1", "/fate/conflict/pickups", pickup), 403, "not_game_master")
    refused(table.post("gm", "/fate/conflict/pickups", {**pickup, "roll": 9}), 404, "unknown_roll")
    table.command("gm", "/fate/conflict/pickups", pickup)
    picked = events(table, "p2", "fate.WeaponPickedUp")[-1]["data"]
    assert (picked["character"], picked["pickup"]["value"]) == ("c1", -3)
    assert conflict(table)["disarmed"] == {}
    refused(table.post("gm", "/fate/conflict/pickups", pickup), 409, "not_disarmed")
    table.command("p1", "/fate/rolls/settle", body)
    result = rolled(table, "p2", lunge)["fate.RollSettled"]["data"]["result"]
    assert (result["modifiers"], result["effort"]) == (
        [{"name": "weapon picked up", "value": -3}],
        -1,
    )


def test_F11_throwing_a_person_to_the_adjacent_zone_needs_3_shifts(http: httpx.Client) -> None:
    """A person weighs 2: 1 + 2 = 3 shifts for the adjacent zone; 3 + 4 for two, summed by
    default [004:889]. A move's zones are its Athletics shifts less the border [004:743-745]."""
    table = _cast(http, [*BLANK, *BLANK])
    rolls = []
    for difficulty in (1, 0):
        number = table.command(
            "gm", "/fate/rolls", roll_call("c2", skill="Fuerza", difficulty=difficulty)
        )
        settled(table, "p2", number["roll"])
        rolls.append(number["roll"])
    throw = {"target": "c1", "weight": 2, "zones": 1, "reason": "out of the window"}
    refused(
        table.post("gm", "/fate/conflict/throws", {**throw, "roll": rolls[0]}), 409, "throw_short"
    )
    table.command("gm", "/fate/conflict/throws", {**throw, "roll": rolls[1]})
    thrown = events(table, "p1", "fate.Thrown")[-1]["data"]
    assert (thrown["cost"], thrown["shifts"]) == (3, 3)
    refused(
        table.post("gm", "/fate/conflict/throws", {**throw, "roll": rolls[1], "zones": 2}),
        409,
        "throw_short",
    )
    table.command("gm", "/fate/conflict/moves", {"roll": rolls[1], "border": 1, "reason": "up"})
    assert events(table, "p1", "fate.Moved")[-1]["data"]["zones"] == 2


def test_zones_drawn_moves_pushes_and_throws_go_from_zone_to_zone(http: httpx.Client) -> None:
    """The game master draws the scene [004:623]: the bar, the street and the roof, a border
    of 2 between the street and the roof. Bea's move of 3 shifts reaches the street, not the
    roof (2 steps, and its border taken off the shifts [004:743-745]); her push of 3 shifts
    takes Markus and her into the bar, not onto the roof [004:885]; her throw lands him a zone
    away [004:889]."""
    table = _cast(http, [*BLANK, *BLANK])
    _fight(table)
    places = [{"character": c, "zone": "bar"} for c in ("c1", "c2")]
    scene = {
        "zones": ["bar", "street", "roof"],
        "borders": [
            {"zones": ["bar", "street"], "value": 0},
            {"zones": ["street", "roof"], "value": 2},
        ],
        "places": [*places, {"character": "c3", "zone": "street"}],
        "reason": "a saloon brawl spills out",
    }
    refused(
        table.post("gm", "/fate/conflict/zones", {**scene, "places": places}), 422, "invalid_zones"
    )
    crooked = {**scene, "borders": [{"zones": ["bar", "moon"], "value": 0}]}
    refused(table.post("gm", "/fate/conflict/zones", crooked), 422, "invalid_zones")
    table.command("gm", "/fate/conflict/zones", scene)
    assert conflict(table)["places"] == {"c1": "bar", "c2": "bar", "c3": "street"}
    run = table.command("gm", "/fate/rolls", roll_call("c2"))["roll"]
    settled(table, "p2", run)
    move = {"roll": run, "border": None, "reason": "she runs", "to": "roof"}
    refused(table.post("gm", "/fate/conflict/moves", move), 409, "out_of_reach")
    table.command("gm", "/fate/conflict/moves", {**move, "to": "street"})
    moved = events(table, "p1", "fate.Moved")[-1]["data"]
    assert (moved["to"], moved["border"], moved["zones"]) == ("street", 0, 3)
    heave = table.command("gm", "/fate/rolls", roll_call("c2", skill="Fuerza"))["roll"]
    settled(table, "p2", heave)
    # a push: weight 2 + 1 zone, and the border on the way: the roof needs 5, the bar 3
    shove = {"roll": heave, "target": "c3", "weight": 2, "zones": 1, "reason": "a shove"}
    refused(table.post("gm", "/fate/conflict/pushes", {**shove, "to": "roof"}), 409, "push_short")
    table.command("gm", "/fate/conflict/pushes", {**shove, "to": "bar"})
    pushed = events(table, "p1", "fate.Pushed")[-1]["data"]
    assert (pushed["cost"], pushed["to"]) == (3, "bar")
    assert conflict(table)["places"] == {"c1": "bar", "c2": "bar", "c3": "bar"}
    throw = {"roll": heave, "target": "c3", "weight": 2, "zones": 1, "reason": "out he goes"}
    refused(
        table.post("gm", "/fate/conflict/throws", {**throw, "zones": 2, "to": "street"}),
        422,
        "invalid_zones",
    )
    table.command("gm", "/fate/conflict/throws", {**throw, "to": "street"})
    assert conflict(table)["places"] == {"c1": "bar", "c2": "bar", "c3": "street"}


def test_an_attack_reaches_its_own_zone_by_touch_the_adjacent_by_throw_any_by_shooting(
    http: httpx.Client,
) -> None:
    """With the zones drawn [004:625]: Markus in the bar touches only his own zone, throws to
    the street next door (its border slows a move, not a throw), shoots onto the roof two zones
    away; his attacks name their reach, one played roll by roll too."""
    table = _cast(http, [*BLANK, *BLANK, *BLANK, *BLANK, *BLANK, *BLANK])
    _fight(table)
    scene = {
        "zones": ["bar", "street", "roof"],
        "borders": [
            {"zones": ["bar", "street"], "value": 3},
            {"zones": ["street", "roof"], "value": 0},
        ],
        "places": [
            {"character": "c3", "zone": "bar"},
            {"character": "c1", "zone": "street"},
            {"character": "c2", "zone": "roof"},
        ],
        "reason": "a shootout down the street",
    }
    table.command("gm", "/fate/conflict/zones", scene)
    at_ana = attack("c3", "c1", skill="Armas")
    refused(table.post("gm", "/fate/conflict/attacks", at_ana), 422, "invalid_attack")
    for reach, target in (("touch", "c1"), ("throw", "c2")):
        body = {**at_ana, "defender": target, "reach": reach}
        refused(table.post("gm", "/fate/conflict/attacks", body), 409, "out_of_range")
    assert events(table, "p1", "fate.AttackResolved") == []
    table.command("gm", "/fate/conflict/attacks", {**at_ana, "reach": "throw"})
    table.command("gm", "/fate/conflict/attacks", {**at_ana, "defender": "c2", "reach": "shoot"})
    resolved = events(table, "p1", "fate.AttackResolved")
    assert [r["data"]["defender"] for r in resolved] == ["c1", "c2"]
    # roll by roll, the defender is the one whose roll opposes the attack
    guard = table.command("gm", "/fate/rolls", roll_call("c2"))["roll"]
    settled(table, "p2", guard)
    shot = roll_call("c3", skill="Armas", difficulty=None, opposed_by=guard, reach="throw")
    refused(table.post("gm", "/fate/rolls", shot), 409, "out_of_range")
    simple = {**shot, "opposed_by": None, "difficulty": 2}
    refused(table.post("gm", "/fate/rolls", simple), 422, "invalid_attack")
    table.command("gm", "/fate/rolls", {**shot, "reach": "shoot"})


# -- the new endpoints' permissions (cells for tests/fate_support.py's matrix) ----------------

ATTACK = attack("c1", "c2")
BEGIN = begin(participant("c1", 0), participant("c2", 1), participant("c3", 2))


def a_conflict(world: World) -> None:
    """Ann (c1), then Bob (c2), then Markus (c3): all of Alerta 0, by distance."""
    ok(world.post("mayor", "/fate/conflict", BEGIN))


def a_minion_group(world: World) -> None:
    """Markus (c3) stands for a group of two minions against Ann and Bob."""
    group = {**participant("c3", 2), "minions": 2}
    body = begin(participant("c1", 0), participant("c2", 1), group)
    ok(world.post("mayor", "/fate/conflict", body))


def anns_settled_roll(world: World) -> None:
    """Roll 1: Ann's, settled with 5 shifts (Atletismo +3, + +, against Mediocre)."""
    ok(world.post("mayor", "/fate/rolls", roll_call("c1")))
    ok(world.post("A", "/fate/rolls/settle", {"roll": 1, "fate_points": 0}))


def anns_roll_in_a_conflict(world: World) -> None:
    a_conflict(world)
    anns_settled_roll(world)


def anns_block(world: World) -> None:
    """Ann blocks the door with roll 1; Bob's roll 2 is settled."""
    anns_roll_in_a_conflict(world)
    door = {"roll": 1, "protects": None, "action": "the door", "reason": "r"}
    ok(world.post("mayor", "/fate/conflict/blocks", door))
    ok(world.post("mayor", "/fate/rolls", roll_call("c2")))
    ok(world.post("B", "/fate/rolls/settle", {"roll": 2, "fate_points": 0}))


def bob_disarmed(world: World) -> None:
    anns_roll_in_a_conflict(world)
    ok(world.post("mayor", "/fate/conflict/disarms", {"roll": 1, "target": "c2", "reason": "r"}))


def bob_disarmed_rolling(world: World) -> None:
    """Bob, disarmed, has roll 2 open."""
    bob_disarmed(world)
    ok(world.post("mayor", "/fate/rolls", roll_call("c2")))


GM_ONLY = (403, 403, 200)
CONFLICT_ENDPOINTS: dict[str, Cell] = {
    "POST fate/conflict": Cell(lobby, "POST", "/fate/conflict", GM_ONLY, BEGIN),
    "POST fate/conflict/turns/end": Cell(
        a_conflict, "POST", "/fate/conflict/turns/end", GM_ONLY, {"character": "c1"}
    ),
    "POST fate/conflict/turns/delay": Cell(
        a_conflict,
        "POST",
        "/fate/conflict/turns/delay",
        GM_ONLY,
        {"character": "c1", "after": "c3"},
    ),
    "POST fate/conflict/end": Cell(
        a_conflict, "POST", "/fate/conflict/end", GM_ONLY, {"reason": "r"}
    ),
    "POST fate/conflict/attacks": Cell(
        a_conflict, "POST", "/fate/conflict/attacks", GM_ONLY, ATTACK
    ),
    "POST fate/conflict/blocks": Cell(
        anns_roll_in_a_conflict,
        "POST",
        "/fate/conflict/blocks",
        GM_ONLY,
        {"roll": 1, "protects": "c2", "action": None, "reason": "r"},
    ),
    "POST fate/conflict/blocks/challenge": Cell(
        anns_block,
        "POST",
        "/fate/conflict/blocks/challenge",
        GM_ONLY,
        {"roll": 2, "blocker": "c1", "reason": "r"},
    ),
    "POST fate/conflict/moves": Cell(
        anns_settled_roll,
        "POST",
        "/fate/conflict/moves",
        GM_ONLY,
        {"roll": 1, "border": 1, "reason": "r"},
    ),
    "POST fate/conflict/disarms": Cell(
        anns_roll_in_a_conflict,
        "POST",
        "/fate/conflict/disarms",
        GM_ONLY,
        {"roll": 1, "target": "c2", "reason": "r"},
    ),
    "POST fate/conflict/rearms": Cell(
        bob_disarmed, "POST", "/fate/conflict/rearms", GM_ONLY, {"character": "c2", "reason": "r"}
    ),
    "POST fate/conflict/pickups": Cell(
        bob_disarmed_rolling,
        "POST",
        "/fate/conflict/pickups",
        GM_ONLY,
        {"roll": 2, "reason": "r"},
    ),
    "POST fate/conflict/minions/taken-out": Cell(
        a_minion_group,
        "POST",
        "/fate/conflict/minions/taken-out",
        GM_ONLY,
        {"group": "c3", "minions": 1, "reason": "r"},
    ),
    "POST fate/conflict/pushes": Cell(
        anns_roll_in_a_conflict,
        "POST",
        "/fate/conflict/pushes",
        GM_ONLY,
        {"roll": 1, "target": "c2", "weight": 2, "zones": 1, "reason": "r"},
    ),
    "POST fate/conflict/zones": Cell(
        a_conflict,
        "POST",
        "/fate/conflict/zones",
        GM_ONLY,
        {
            "zones": ["hall"],
            "borders": [],
            "places": [{"character": c, "zone": "hall"} for c in ("c1", "c2", "c3")],
            "reason": "r",
        },
    ),
    "POST fate/conflict/full-defences": Cell(
        a_conflict,
        "POST",
        "/fate/conflict/full-defences",
        GM_ONLY,
        {"character": "c2", "reason": "r"},
    ),
    "POST fate/conflict/minions": Cell(
        lobby,
        "POST",
        "/fate/conflict/minions",
        GM_ONLY,
        {"minions": 5, "opponents": ["c1", "c2"], "reason": "r"},
    ),
    "POST fate/conflict/throws": Cell(
        anns_settled_roll,
        "POST",
        "/fate/conflict/throws",
        GM_ONLY,
        {"roll": 1, "target": "c2", "weight": 2, "zones": 1, "reason": "r"},
    ),
}
#: bodies of the hidden-roll scan (tests/fate_support.py `BODIES`) naming its secret rolls
CONFLICT_BODIES: dict[str, Any] = {
    "/fate/conflict/blocks": {"roll": 1, "protects": "c2", "action": None, "reason": "x"},
    "/fate/conflict/blocks/challenge": {"roll": 2, "blocker": "c1", "reason": "x"},
    "/fate/conflict/moves": {"roll": 1, "border": 0, "reason": "x"},
    "/fate/conflict/disarms": {"roll": 2, "target": "c1", "reason": "x"},
    "/fate/conflict/throws": {"roll": 1, "target": "c2", "weight": 2, "zones": 1, "reason": "x"},
    "/fate/conflict/pickups": {"roll": 2, "reason": "x"},
    "/fate/conflict/pushes": {"roll": 1, "target": "c2", "weight": 2, "zones": 1, "reason": "x"},
}
