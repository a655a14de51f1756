"""PORTAL's story outside combat over real HTTP, by separate seats: confrontations and
collaborations between rolls already settled at the table (digest §2.13 P11, P12, P16 and the
extended, unequal and team contests), advancement approved by the game master and paid with
character points (P9), and a spell's roll, its casting hidden exactly as a secret roll.

Every roll here keeps the HIGH die of faces with no 6 and no 1, so its result is its highest
face; the faces come from the table's `scripted_rolls`, 3 basic dice a roll."""

from __future__ import annotations

from typing import Any

import httpx

from tests.api_helpers import ok
from tests.dice_http import Table, new_table
from tests.test_api_portal import character, fortaleza, http, open_roll, reading, sheet

__all__ = ["http"]  # the module's live server


def settled(table: Table, seat: str, character_id: str, **call: Any) -> int:
    """A roll of the character's, HIGH against difficulty 5, settled by its player."""
    body = open_roll(character_id, readings=[reading(choice="HIGH")], difficulty=5, **call)
    number: int = table.command("gm", "/portal/rolls", body)["roll"]
    table.command(seat, "/portal/rolls/settle", {"roll": number, "payments": []})
    return number


def story(table: Table, who: str, kind: str) -> list[dict[str, Any]]:
    """The events of one type a seat reads (the committed API document, which the lead
    regenerates, does not list the story's types yet: no schema check here)."""
    page = ok(table.get(who, "/events", type=[f"portal.{kind}"], limit=500))
    found: list[dict[str, Any]] = page["events"]
    return found


def refused(response: httpx.Response) -> tuple[int, str]:
    return response.status_code, response.json()["code"]


def ref(roll: int, reading_name: str | None = None) -> dict[str, Any]:
    return {"roll": roll, "reading": reading_name}


# -- confrontations -----------------------------------------------------------------------------


def test_simple_and_unequal_confrontations_compare_settled_rolls(http: httpx.Client) -> None:
    """[002:922-954]: Ann's 5 against Bob's 4, first wins by 1; Ann's 3 against Bob's 4 with
    the game master's advantage of 2 to Ann: 3 - 4 + 2, first wins by 1 (on the difference,
    never the result). A roll counts once; an open or secret roll is no result; only the game
    master decides."""
    faces = [5, 3, 2, 4, 3, 2, 3, 2, 2, 4, 2, 2, 5, 5, 5, 4, 4, 4]
    table = new_table(http, "portal", faces)
    character(table, "p1", sheet("Ann"))
    character(table, "p2", sheet("Bob"))
    first, second = settled(table, "p1", "c1"), settled(table, "p2", "c2")
    body = {"first": ref(first), "second": ref(second), "reason": "stealth against alert"}
    assert refused(table.post("p1", "/portal/confrontations", body)) == (403, "not_game_master")
    table.command("gm", "/portal/confrontations", body)
    for who in ("gm", "p1", "p2"):
        (event,) = story(table, who, "Confronted")
        data = event["data"]
        assert (data["first"]["result"], data["second"]["result"]) == (5, 4)
        assert (data["difference"], data["winner"], data["first"]["character"]) == (
            1,
            "first",
            "c1",
        )
    again = table.post("gm", "/portal/confrontations", body)
    assert refused(again) == (409, "roll_used")
    third, fourth = settled(table, "p1", "c1"), settled(table, "p2", "c2")
    unequal = {"first": ref(third), "second": ref(fourth), "advantage": 2, "reason": "uphill"}
    table.command("gm", "/portal/confrontations", unequal)
    data = story(table, "p2", "Confronted")[-1]["data"]
    assert (data["first"]["result"], data["difference"], data["winner"]) == (3, 1, "first")
    # an open roll has no result yet; a blind one is secret before anything else
    table.command("gm", "/portal/rolls", open_roll("c1"))
    table.command("gm", "/portal/rolls", open_roll("c2", visibility="blind"))
    for numbers, expected in (((5, 1), (404, "unknown_roll")), ((5, 6), (409, "roll_secret"))):
        body = {"first": ref(numbers[0]), "second": ref(numbers[1]), "reason": "r"}
        assert refused(table.post("gm", "/portal/confrontations", body)) == expected


def test_p14_stealth_against_alert_cuts_both_sides_levels(http: httpx.Client) -> None:
    """P14 [002:928]: Estallido's Sigilo 2 against Omnium's Alerta 1: 1 reroll against none;
    Estallido's specialty on Sigilo adds 2 - 1 (`confrontation_cuts_specialty`). Both rolls
    open and not yet rerolled; a roll rerolled already is past the cut."""
    table = new_table(http, "portal", [4, 3, 2, 3, 3, 2, 5])
    sigilo = {"name": "Sigilo", "level": 2, "specialty": "tejados"}
    character(table, "p1", sheet("Estallido", fortalezas=[sigilo]))
    character(table, "p2", sheet("Omnium", fortalezas=[{"name": "Alerta", "level": 1}]))
    specialty = {"fortaleza": "Sigilo", "reason": "on the roofs"}
    sneak = reading(choice="HIGH", specialty=specialty)
    table.command(
        "gm", "/portal/rolls", open_roll("c1", readings=[sneak], fortalezas=[fortaleza("Sigilo")])
    )
    alert = open_roll("c2", readings=[reading(choice="HIGH")], fortalezas=[fortaleza("Alerta")])
    table.command("gm", "/portal/rolls", alert)
    body = {"first": 1, "second": 2, "aces": False, "reason": "stealth against alert"}
    assert refused(table.post("p1", "/portal/rolls/cut", body)) == (403, "not_game_master")
    table.command("gm", "/portal/rolls/cut", body)
    rolls = {r["roll"]: r for r in table.view("p2")["open_rolls"]}
    assert [rolls[n]["entitlement"]["fortaleza"] for n in (1, 2)] == [1, 0]
    assert rolls[1]["readings"][0]["result"] == 4 + 1
    (cut,) = story(table, "p1", "RerollsCut")
    assert cut["data"]["cut"] == 1
    no_reroll = {"roll": 2, "die": {"kind": "basic", "index": 2}, "source": "fortaleza"}
    assert refused(table.post("p2", "/portal/rolls/reroll", no_reroll)) == (409, "no_reroll_left")
    table.command("p1", "/portal/rolls/reroll", {**no_reroll, "roll": 1})
    assert refused(table.post("gm", "/portal/rolls/cut", body)) == (409, "rerolls_made")


def test_p15_calvins_knot_doubled_is_peters_difficulty(http: httpx.Client) -> None:
    """P15 [002:962]: Calvin's knot reads 3; the game master doubles it: Peter's later roll
    is against difficulty 6, so he needs 7; his 6 is a partial success. A character does not
    defer against itself."""
    table = new_table(http, "portal", [3, 2, 2, 6, 4, 3])
    character(table, "p1", sheet("Calvin"))
    character(table, "p2", sheet("Peter"))
    knot = settled(table, "p1", "c1")
    deferral = {"first": ref(knot), "factor": 2, "reason": "a sailor's knot"}
    call = {**open_roll("c2", readings=[reading(choice="HIGH")], difficulty=None)}
    path = "/portal/confrontations/deferred"
    own = {**call, "character": "c1", "deferral": deferral}
    assert refused(table.post("gm", path, own)) == (422, "invalid_confrontation")
    roll = table.command("gm", path, {**call, "deferral": deferral})["roll"]
    (deferred,) = story(table, "p1", "DifficultyDeferred")
    assert (deferred["data"]["roll"], deferred["data"]["difficulty"]) == (roll, 6)
    table.command("p2", "/portal/rolls/settle", {"roll": roll, "payments": []})
    verdict = table.rolled("p1", roll)["portal.RollSettled"]["data"]["verdict"]
    assert (verdict["result"], verdict["difficulty"], verdict["outcome"]) == (6, 6, "partial")


def test_extended_confrontation_banks_levels_buys_aces_and_ends(http: httpx.Client) -> None:
    """[002:932-942]: a race to a differential of 3: Ann 5 against Bob 3 banks 2; Ann buys an
    ace with one level (1 each by default); Ann 4 against Bob 2 banks 2 more: 3, Ann wins and
    the contest takes no more exchanges. The second side has no levels to spend."""
    faces = [5, 2, 2, 3, 2, 2, 4, 2, 2, 2, 2, 2, 4, 4, 4, 4, 4, 4]
    table = new_table(http, "portal", faces)
    character(table, "p1", sheet("Ann"))
    character(table, "p2", sheet("Bob"))
    start = {"first": "c1", "second": "c2", "target": 3, "reason": "a race across the roofs"}
    table.command("gm", "/portal/confrontations/extended", start)
    path = "/portal/confrontations/extended/exchange"
    rolls = [settled(table, "p1", "c1"), settled(table, "p2", "c2")]
    swapped = {"confrontation": 1, "first": ref(rolls[1]), "second": ref(rolls[0])}
    assert refused(table.post("gm", path, swapped)) == (422, "invalid_confrontation")
    table.command("gm", path, {"confrontation": 1, "first": ref(rolls[0]), "second": ref(rolls[1])})
    aces = "/portal/confrontations/extended/aces"
    buy = {"confrontation": 1, "side": "second", "aces": 1, "reason": "the next jump"}
    assert refused(table.post("gm", aces, buy)) == (409, "not_enough_levels")
    table.command("gm", aces, {**buy, "side": "first"})
    rolls = [settled(table, "p1", "c1"), settled(table, "p2", "c2")]
    table.command("gm", path, {"confrontation": 1, "first": ref(rolls[0]), "second": ref(rolls[1])})
    banked = [e["data"] for e in story(table, "p2", "ExchangeBanked")]
    assert [(b["balance"], b["winner"]) for b in banked] == [(2, None), (3, "first")]
    (bought,) = story(table, "p1", "AcesBought")
    assert (bought["data"]["levels"], bought["data"]["balance"]) == (1, 1)
    rolls = [settled(table, "p1", "c1"), settled(table, "p2", "c2")]
    over = {"confrontation": 1, "first": ref(rolls[0]), "second": ref(rolls[1])}
    assert refused(table.post("gm", path, over)) == (409, "confrontation_over")
    missing = {**over, "confrontation": 2}
    assert refused(table.post("gm", path, missing)) == (404, "unknown_confrontation")
    (race,) = table.view("p2")["extended"]
    assert (race["balance"], race["exchanges"], race["target"]) == (3, 2, 3)


def test_p16_psychological_confrontation_costs_the_manipulator_a_luck_die(
    http: httpx.Client,
) -> None:
    """P16 [002:990-994]: Susan (p1) beats Robert (p2) by 2 and pays one held luck die
    [002:966]; Robert resists, and the game master gives him 3 discomfort dice for it
    [002:974]. A manipulator without luck held cannot buy the right. Viktor, a principal NPC,
    beats Martha by 3, paying from his pool."""
    faces = [5, 3, 2, 3, 2, 2, 4, 4, 4, 4, 4, 4, 1, 1, 1, 5, 2, 2, 2, 2, 2]
    table = new_table(http, "portal", faces)
    character(table, "p1", sheet("Susan"))
    character(table, "p2", sheet("Robert"))
    susan, robert = settled(table, "p1", "c1"), settled(table, "p2", "c2")
    body = {"manipulator": ref(susan), "victim": ref(robert), "reason": "give me the key"}
    table.command("gm", "/portal/confrontations/psychological", body)
    (event,) = story(table, "p2", "PsychologicalConfronted")
    data = event["data"]
    assert (data["influenced"], data["margin"], data["backfires"]) == (True, 2, False)
    assert (data["luck_held"], data["luck_lost"]) == (2, 1)
    assert ok(table.get("p2", "/characters/c1"))["luck_held"] == 2
    give = {"character": "c2", "kind": "discomfort", "dice": 3, "reason": "he resisted Susan"}
    table.command("gm", "/portal/dice/give", give)
    assert ok(table.get("p1", "/characters/c2"))["discomfort"] == 3
    character(table, "p1", sheet("Mute", luck_held=0))
    mute, other = settled(table, "p1", "c3"), settled(table, "p2", "c2")
    body = {"manipulator": ref(mute), "victim": ref(other), "reason": "r"}
    answer = table.post("gm", "/portal/confrontations/psychological", body)
    assert refused(answer) == (409, "not_enough_luck")
    # Viktor, a principal NPC, pays from his pool kept for persuasion (Errata [002:649-651])
    pool = {"pays_with": "pool", "pool": 2, "purpose": "persuasion"}
    viktor = sheet("Viktor", kind="principal", luck_held=0, npc_pool=pool)
    character(table, "gm", viktor)
    character(table, "p2", sheet("Martha"))
    body = {
        "manipulator": ref(settled(table, "gm", "c4")),
        "victim": ref(settled(table, "p2", "c5")),
    }
    table.command("gm", "/portal/confrontations/psychological", {**body, "reason": "sell it"})
    for who, paid, left in (("gm", "pool", 1), ("p2", None, None)):  # the pool is the NPC's
        data = story(table, who, "PsychologicalConfronted")[-1]["data"]
        assert (data["margin"], data["paid_with"], data["pool"]) == (3, paid, left), who
    assert ok(table.get("gm", "/characters/c4"))["npc_pool"]["pool"] == 1


# -- collaboration and teams ---------------------------------------------------------------------


def test_p11_p12_collaboration_covers_in_order_and_the_rock_moves(http: httpx.Client) -> None:
    """P11 [002:910]: difficulty 5, Alex 6, Bruno 4: Alex's excess of 1 cannot pay the 2
    Bruno's missing point costs, so Bruno fails alone. P12 [002:912]: Alex 6, Bruno 6, Cosme
    4: the pooled 2 covers Cosme, raised to 5, and the rock moves."""
    faces = [6, 3, 2, 4, 3, 2, 6, 3, 2, 6, 4, 2, 4, 2, 2]
    table = new_table(http, "portal", faces)
    character(table, "p1", sheet("Alex"))
    character(table, "p2", sheet("Bruno"))
    character(table, "gm", sheet("Cosme"), seat="p2")
    alex, bruno = settled(table, "p1", "c1"), settled(table, "p2", "c2")
    body: dict[str, Any] = {
        "members": [ref(alex), ref(bruno)],
        "difficulty": 5,
        "reduction": 0,
        "cover": ["c2"],
        "shared_task": False,
        "reason": "pushing the cart together",
    }
    path = "/portal/collaborations"
    assert refused(table.post("gm", path, body)) == (409, "not_enough_excess")
    table.command("gm", path, {**body, "cover": []})
    (p11,) = [e["data"] for e in story(table, "p1", "Collaborated")]
    assert (p11["excess"], p11["deficit"], p11["task_failed"]) == (1, 2, False)
    assert [m["outcome"] for m in p11["members"]] == ["success", "failure"]
    rolls = [settled(table, "p1", "c1"), settled(table, "p2", "c2"), settled(table, "p2", "c3")]
    rock = {**body, "members": [ref(r) for r in rolls], "cover": ["c3"], "shared_task": True}
    table.command("gm", path, rock)
    p12 = story(table, "p2", "Collaborated")[-1]["data"]
    assert (p12["excess"], p12["spent"], p12["left"], p12["task_failed"]) == (2, 2, 0, False)
    cosme = p12["members"][2]
    assert (cosme["covered"], cosme["outcome"], cosme["roll"]["character"]) == (
        True,
        "success",
        "c3",
    )


def test_teams_sum_each_side(http: httpx.Client) -> None:
    """[002:1010]: Ann 5 and Bob 4 against Cosme 3 and Dora 5: 9 against 8, the first team."""
    table = new_table(http, "portal", [5, 2, 2, 4, 2, 2, 3, 2, 2, 5, 2, 2])
    for seat, name in (("p1", "Ann"), ("p2", "Bob"), ("p1", "Cosme"), ("p2", "Dora")):
        character(table, seat, sheet(name))
    rolls = [settled(table, seat, f"c{n}") for n, seat in enumerate(("p1", "p2", "p1", "p2"), 1)]
    body = {
        "first": [ref(rolls[0]), ref(rolls[1])],
        "second": [ref(rolls[2]), ref(rolls[3])],
        "reason": "the tug of war",
    }
    table.command("gm", "/portal/confrontations/teams", body)
    (event,) = story(table, "p2", "TeamsConfronted")
    assert (event["data"]["difference"], event["data"]["winner"]) == (1, "first")


# -- advancement ---------------------------------------------------------------------------------


def advance(improvement: str, **fields: Any) -> dict[str, Any]:
    return {
        "character": "c1",
        "improvement": improvement,
        "at_adventure_end": True,
        "approval": "the story earned it",
        **fields,
    }


def test_p9_jacks_drives_and_a_fortaleza_paid_at_the_adventures_end(http: httpx.Client) -> None:
    """P9 [002:826-834]: Jack removes a drive (1), acquires one (1), removes (3), acquires (3),
    removes (6), acquires (6): 20 points of his 5 in hand and 26 in reserve, the next
    adventure starting with 5 in hand and 6 in reserve; then Sigilo (moderate) from 1 to 3
    costs 6 + 12 = 18 > 11, refused; to 2, 6: more than the 5 in hand in play, paid at the
    adventure's end. The improvement is Jack's player's and the game master's to see."""
    jack = sheet(
        "Jack",
        drives={"names": ["gold", "fame"]},
        fortalezas=[{"name": "Sigilo", "level": 1}],
        points={"in_hand": 5, "reserve": 26},
    )
    table = new_table(http, "portal", [])
    character(table, "p1", jack)
    path = "/portal/advancement"
    steps = [
        ("remove_drive", "gold"),
        ("acquire_drive", "love"),
        ("remove_drive", "fame"),
        ("acquire_drive", "duty"),
        ("remove_drive", "love"),
        ("acquire_drive", "faith"),
    ]
    assert refused(table.post("p1", path, advance("remove_drive", name="gold"))) == (
        403,
        "not_game_master",
    )
    for improvement, name in steps:
        table.command("gm", path, advance(improvement, name=name))
    events = story(table, "p1", "CharacterAdvanced")
    assert [e["data"]["cost"] for e in events] == [1, 1, 3, 3, 6, 6]
    seen = ok(table.get("p1", "/characters/c1"))
    assert seen["drives"] == {"names": ["duty", "faith"], "acquired": 3, "removed": 3}
    assert seen["points"] == {"in_hand": 5, "reserve": 6}
    (hidden,) = story(table, "p2", "CharacterAdvanced")[:1]
    assert (hidden["data"]["improvement"], hidden["data"]["cost"]) == (None, None)
    raise_sigilo = advance("fortaleza", name="Sigilo", level=3)
    assert refused(table.post("gm", path, raise_sigilo)) == (409, "not_enough_points")
    in_play = {**raise_sigilo, "level": 2, "at_adventure_end": False}
    assert refused(table.post("gm", path, in_play)) == (409, "not_enough_points")
    table.command("gm", path, {**raise_sigilo, "level": 2})
    seen = ok(table.get("p1", "/characters/c1"))
    assert (seen["fortalezas"][0]["level"], seen["points"]) == (2, {"in_hand": 5, "reserve": 0})


def test_improvements_are_priced_and_checked(http: httpx.Client) -> None:
    """[002:715-810]: removing a moderate limitation costs 12; a new Fortaleza names its
    frequency (uncommon: 2 at level 0); a specialty needs a level of 1 or more; raising the
    concept to mythic hero costs 40; a principal NPC has no points to advance with."""
    rogue = sheet(
        "Rogue",
        fortalezas=[{"name": "Sigilo", "level": 0}],
        limitations=[{"name": "Coward"}],
        points={"in_hand": 5, "reserve": 10},
    )
    table = new_table(http, "portal", [])
    character(table, "p1", rogue)
    character(table, "gm", sheet("Markus", kind="principal", luck_held=0))
    path = "/portal/advancement"
    table.command("gm", path, advance("remove_limitation", name="Coward"))
    new = advance("fortaleza", name="Tiro", level=0)
    assert refused(table.post("gm", path, new)) == (422, "invalid_advancement")
    table.command("gm", path, {**new, "frequency": "uncommon"})
    specialty = advance("specialty", name="Sigilo", specialty="roofs")
    assert refused(table.post("gm", path, specialty)) == (422, "invalid_advancement")
    hero = advance("concept", concept="mythic_hero")
    assert refused(table.post("gm", path, hero)) == (409, "not_enough_points")
    npc = {**advance("acquire_drive", name="power"), "character": "c2"}
    assert refused(table.post("gm", path, npc)) == (409, "principal_npc")
    costs = [e["data"]["cost"] for e in story(table, "gm", "CharacterAdvanced")]
    seen = ok(table.get("p1", "/characters/c1"))
    assert (costs, seen["limitations"], seen["fortalezas"][1]["name"]) == ([12, 2], [], "Tiro")


# -- magic ---------------------------------------------------------------------------------------


def spell(rank: int, missing: int, **extra: Any) -> dict[str, Any]:
    rule = {
        "rank": rank,
        "purpose": "cast",
        "competent": True,
        "required": 2,
        "missing": missing,
        "reason": "a fireball",
    }
    return {**open_roll("c1", difficulty=None), "spell": {**rule, **extra}}


def test_a_spells_rank_sets_its_rolls_difficulty_and_a_blind_one_stays_hidden(
    http: httpx.Client,
) -> None:
    """[002:1604-1614]: a rank 1 spell with one element missing is a roll of difficulty 3 + 1;
    a competent mage's rank 0 spell succeeds with no dice; a rank 3 one with an element
    missing cannot be cast. A blind spell's casting is hidden from the players, as its roll."""
    table = new_table(http, "portal", [4, 3, 2, 4, 3, 2])
    character(table, "p1", sheet("Omnium"))
    roll = table.command("gm", "/portal/spells", spell(1, 1))["roll"]
    (cast,) = story(table, "p2", "SpellCast")
    assert (cast["data"]["roll"], cast["data"]["difficulty"], cast["data"]["rank"]) == (roll, 4, 1)
    assert table.view("p1")["open_rolls"][0]["difficulty"] == 4
    table.command("p1", "/portal/rolls/settle", {"roll": roll, "payments": []})
    free = table.command("gm", "/portal/spells", spell(0, 0))["roll"]
    assert story(table, "p1", "SpellCast")[-1]["data"]["difficulty"] is None
    assert table.view("p1")["open_rolls"] == [] and free == roll + 1
    answer = table.post("gm", "/portal/spells", spell(3, 1))
    assert refused(answer) == (409, "elements_missing")
    answer = table.post("gm", "/portal/spells", {**spell(1, 0), "difficulty": 3})
    assert refused(answer) == (422, "invalid_difficulty")
    blind = table.command("gm", "/portal/spells", {**spell(2, 0), "visibility": "blind"})["roll"]
    for who, seen in (("gm", True), ("p1", False), ("p2", False)):
        rolls = [e["data"]["roll"] for e in story(table, who, "SpellCast")]
        assert (blind in rolls) is seen, who


# -- supporting characters -------------------------------------------------------------------


def test_p24_damage_lowers_a_supporting_characters_g_only(http: httpx.Client) -> None:
    """P24 [002:1299, 1307]: a person of G 3 takes a damage total of 5 against its Aguante 3:
    2 through, G 1, its Defence still 3. A zombie of G 3 rolls its turn die blind, a 2: +1 to
    every total, hidden from the players as the roll; its hurt waits for the reveal, then a 5
    against Aguante 4 passes 1."""
    table = new_table(http, "portal", [2])
    person = {"name": "a person", "generic": 3, "reason": "an ordinary passer-by"}
    assert refused(table.post("p1", "/portal/supporting", person)) == (403, "not_game_master")
    table.command("gm", "/portal/supporting", person)
    blow = {"supporting": "s1", "damage_total": 5, "reason": "a club"}
    table.command("gm", "/portal/supporting/hurt", blow)
    (hurt,) = story(table, "p2", "SupportingHurt")
    assert (hurt["data"]["through"], hurt["data"]["generic"], hurt["data"]["out"]) == (2, 1, False)
    table.command("gm", "/portal/supporting", {**person, "name": "a zombie"})
    turn = {"supporting": "s2", "visibility": "blind"}
    roll = table.command("gm", "/portal/supporting/turn", turn)["roll"]
    assert story(table, "p1", "SupportingTurnRolled") == []
    for who, modifier in (("p1", 0), ("gm", 1)):  # the view hides the blind die's modifier
        person, zombie = table.view(who)["supporting"]
        assert (person["current"], person["character"]["generic"]) == (1, 3)
        assert zombie["character"]["modifier"] == modifier, who
    (rolled,) = story(table, "gm", "SupportingTurnRolled")
    assert (rolled["data"]["modifier"], rolled["data"]["totals"]["defence"]) == (1, 4)
    bite = {**blow, "supporting": "s2"}
    assert refused(table.post("gm", "/portal/supporting/hurt", bite)) == (409, "roll_secret")
    table.command("gm", "/rolls/reveal", {"rolls": [roll], "reason": "the fight is seen"})
    table.command("gm", "/portal/supporting/hurt", bite)
    data = story(table, "p1", "SupportingHurt")[-1]["data"]
    assert (data["aguante"], data["through"], data["generic"]) == (4, 1, 2)


def test_p27_seven_wolves_attack_as_one(http: httpx.Client) -> None:
    """P27 [002:1401-1411]: Colmillo's pack (G 3, Attack 4, Damage 2, Group 7): the leader's
    turn die shows 4 (-1: Attack 3, Damage 1); its six members roll 3, 2, 1, 4, 5, 6: Attack
    9, Damage 4, in the slowest's phase, 1.5. Eight wolves are more than a Group of 7."""
    table = new_table(http, "portal", [4, 3, 2, 1, 4, 5, 6])
    wolf = {
        "name": "Colmillo",
        "generic": 3,
        "reflexes": 2.5,
        "attack": 4,
        "damage": 2,
        "defence": 3,
        "aguante": 4,
        "group": 7,
        "reason": "a wolf of the pack",
    }
    for _ in range(8):
        table.command("gm", "/portal/supporting", wolf)
    table.command("gm", "/portal/supporting/turn", {"supporting": "s1"})
    pack = {"purpose": "attack", "leader": "s1", "members": [f"s{n}" for n in range(2, 9)]}
    assert refused(table.post("gm", "/portal/supporting/stack", pack)) == (422, "invalid_stack")
    table.command("gm", "/portal/supporting/stack", {**pack, "members": pack["members"][:6]})
    (unit,) = story(table, "p1", "UnitStacked")
    assert (unit["data"]["totals"], unit["data"]["reflexes"]) == ({"attack": 9, "damage": 4}, 1.5)
    assert [m["face"] for m in unit["data"]["members"]] == [3, 2, 1, 4, 5, 6]
