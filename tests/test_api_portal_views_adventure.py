"""PORTAL's view of what the table keeps, the adventure's end, and a roll's later stage over
real HTTP, by separate seats: kept units, a roll's partly applicable Fortaleza, its later
stage and its fixed first reading, the draws on a once-per-adventure pool (each hidden as its
roll is); `portalEndAdventure` for the whole table [002:492, 854-856]; the confrontation
reduction of the damage against the aguante [002:1094] and a second stage's excess past 5
rerolls [002:514-516, 1096].

Faces come from the table's public `scripted_rolls`, in the order the dice are thrown.
"""

from __future__ import annotations

from typing import Any

import httpx

from tests.dice_http import SEATS, Table, new_table
from tests.test_api_portal import character, http, open_roll, reading, sheet
from tests.test_api_portal_combat import refused
from tests.test_api_portal_supporting import COLMILLO
from tests.test_api_portal_units_magic import axe_roll, die, stone

__all__ = ["http"]  # the module's HTTP client fixture

ROLLS = "/portal/rolls"
REROLL = "/portal/rolls/reroll"
FIX = "/portal/rolls/fix"
SETTLE = "/portal/rolls/settle"
CUT = "/portal/rolls/cut"
END = "/portal/adventure/end"
REVEAL = "/rolls/reveal"
DISPARAR = [{"name": "Disparar", "level": 2, "frequency": "moderate"}]


def seen(table: Table, who: str, character_id: str) -> dict[str, Any]:
    """The character as `who`'s view shows it."""
    (found,) = (c for c in table.view(who)["characters"] if c["id"] == character_id)
    return found


def open_numbers(table: Table, who: str) -> list[int]:
    return [r["roll"] for r in table.view(who)["open_rolls"]]


# -- the view of what the table keeps ----------------------------------------------------------


def test_kept_units_are_shown_to_the_seats_that_see_their_dice(http: httpx.Client) -> None:
    """[002:1377-1419] A unit `portalStackUnit` kept is in the view (purpose, leader, each
    member's die and what it added, its Reflexes) for whoever sees its dice: a public unit
    to every seat, a blind one to the game master alone until it is revealed."""
    table = new_table(http, "portal", [3, 4])
    for _ in range(4):
        table.command("gm", "/portal/supporting", COLMILLO)
    stack = "/portal/supporting/stack"
    table.command("gm", stack, {"purpose": "attack", "leader": "s1", "members": ["s2"]})
    blind = {"purpose": "defence", "leader": "s3", "members": ["s4"], "visibility": "blind"}
    table.command("gm", stack, blind)
    for who in SEATS:
        units = table.view(who)["units"]
        assert [u["roll"] for u in units] == ([1, 2] if who == "gm" else [1]), who
        first = units[0]
        assert (first["purpose"], first["leader"], first["reflexes"]) == ("attack", "s1", 2.5)
        assert [(m["supporting"], m["face"]) for m in first["members"]] == [("s2", 3)]
    table.command("gm", REVEAL, {"rolls": [2], "reason": "the pack closes in"})
    for who in SEATS:
        units = table.view(who)["units"]
        assert [(u["roll"], u["purpose"]) for u in units] == [(1, "attack"), (2, "defence")]
        assert units[1]["members"][0]["face"] == 4


def test_an_open_roll_shows_its_partial_fortaleza_later_stage_and_fixed_reading(
    http: httpx.Client,
) -> None:
    """[002:492, 1096] An open roll's view names the Fortaleza ruled partly applicable, the
    Fortalezas and aces waiting for its later stage, and its first reading once fixed: to
    the seats that see the roll (Bob's `gm` stone: his player and the game master)."""
    table = new_table(http, "portal", [2, 3, 4, 1, 1, 1, 5])
    axe_roll(table, level=1, aces=2)
    character(table, "p2", sheet("Bob", fortalezas=DISPARAR))
    table.command("gm", ROLLS, stone(character="c2", visibility="gm"))
    for who in SEATS:
        (axe, *rest) = table.view(who)["open_rolls"]
        assert (axe["partial"], axe["fixed"]) == (None, None), who
        assert axe["later"]["aces"] == [{"count": 2, "reason": "a heavy blade"}]
        assert axe["later"]["entitlement"]["aces"] == 2
        if who == "p1":
            assert rest == []
        else:
            (thrown,) = rest
            assert thrown["partial"]["name"] == "Disparar", who
            assert thrown["partial"]["level"] == 2
            assert thrown["later"] is None
    table.command("p1", REROLL, die(1, 0, "fortaleza"))
    table.command("p1", FIX, {"roll": 1})
    for who in SEATS:
        (axe, *_) = table.view(who)["open_rolls"]
        assert (axe["fixed"]["name"], axe["fixed"]["result"]) == ("attack", 5), who
        assert axe["readings"][0] == axe["fixed"]


def test_draws_on_a_once_per_adventure_pool_are_hidden_as_their_roll_is(
    http: httpx.Client,
) -> None:
    """[002:492] The draws on a partly applicable Fortaleza's pool this adventure are in the
    character's private part (its player's and the game master's): a public stone's draw to
    both; a blind stone's draw, rerolled by the game master, to the game master only until
    the roll is revealed, as the roll itself."""
    table = new_table(http, "portal", [1, 3, 3, 5, 1, 3, 3, 6])
    character(table, "p1", sheet("Ann", fortalezas=DISPARAR))
    for who in SEATS:
        assert seen(table, who, "c1")["partial_used"] == (None if who == "p2" else {}), who
    table.command("gm", ROLLS, stone())
    table.command("p1", REROLL, die(1, 0, "adventure"))
    table.command("p1", SETTLE, {"roll": 1, "payments": []})
    table.command("gm", ROLLS, stone(visibility="blind"))
    table.command("gm", REROLL, die(3, 0, "adventure"))
    shown = {who: seen(table, who, "c1")["partial_used"] for who in SEATS}
    assert shown == {"gm": {"Disparar": 2}, "p1": {"Disparar": 1}, "p2": None}
    assert open_numbers(table, "p1") == []
    table.command("gm", REVEAL, {"rolls": [3, 4], "reason": "she sees where it fell"})
    shown = {who: seen(table, who, "c1")["partial_used"] for who in SEATS}
    assert shown == {"gm": {"Disparar": 2}, "p1": {"Disparar": 2}, "p2": None}


# -- the adventure's end [002:492, 854-856] ---------------------------------------------------


def test_the_adventures_end_brings_back_every_reserve_and_every_partial_pool(
    http: httpx.Client,
) -> None:
    """[002:854-856] "dejan de estar disponibles hasta el final de la aventura, momento en que
    vuelven a la mano" and "comenzará todas sus aventuras con un máximo de 5": Ann, 2 in
    hand and 6 in reserve, starts the next adventure with 5 and 3; Bob, 4 and none, keeps
    them. [002:492] Both drew on Disparar's once-per-adventure pool; it is whole again for
    both at once. The game master's, with a reason, refused while a roll is open; what it
    moves is each player's and the game master's (the event names no points)."""
    table = new_table(http, "portal", [1, 3, 3, 5, 1, 3, 3, 6, 2, 2, 2])
    character(table, "p1", sheet("Ann", fortalezas=DISPARAR, points={"in_hand": 2, "reserve": 6}))
    character(table, "p2", sheet("Bob", fortalezas=DISPARAR, points={"in_hand": 4}))
    for number, (who, char) in enumerate((("p1", "c1"), ("p2", "c2"))):
        table.command("gm", ROLLS, stone(character=char))
        table.command(who, REROLL, die(1 + 2 * number, 0, "adventure"))
        table.command(who, SETTLE, {"roll": 1 + 2 * number, "payments": []})
    table.command("gm", ROLLS, stone())
    ended = {"reason": "the dragon is slain"}
    assert refused(table, "p1", END, ended) == (403, "not_game_master")
    assert refused(table, "gm", END, ended) == (409, "roll_open")
    table.command("p1", SETTLE, {"roll": 5, "payments": []})
    table.command("gm", END, ended)
    for who in SEATS:
        (event,) = table.log(who, "portal.AdventureEnded")
        assert event["data"] == {"reason": "the dragon is slain"}, who
        ann, bob = seen(table, who, "c1"), seen(table, who, "c2")
        if who in ("gm", "p1"):
            assert ann["points"] == {"in_hand": 5, "reserve": 3}, who
            assert ann["partial_used"] == {}
        else:
            assert ann["points"] is None
        if who in ("gm", "p2"):
            assert bob["points"] == {"in_hand": 4, "reserve": 0}, who
            assert bob["partial_used"] == {}
    for char in ("c1", "c2"):
        table.command("gm", ROLLS, stone(character=char))
        opened = table.log("gm", "portal.RollOpened")[-1]["data"]
        assert opened["entitlement"]["adventure"] == 2, char


def test_the_adventures_end_takes_the_scenes_and_the_storys_sequels_not_the_permanent(
    http: httpx.Client,
) -> None:
    """[002:287-291] a level 1 sequel lasts the scene, a level 2 "lo que queda de relato", a
    level 3 the character's life; the relato ends with the adventure [002:856]. Ricardo
    carries an eye (3) and a leg (2), and a settled roll leaves a sequel of level 1 owed:
    the adventure does not end until its kind is named; ended, only the eye stays, as every
    seat sees."""
    table = new_table(http, "portal", [4, 5, 2, 4, 4])
    scars = [{"level": 3, "kind": "an eye"}, {"level": 2, "kind": "a leg"}]
    character(table, "p1", sheet("Ricardo", wound=2, sequels=scars))
    table.command("gm", ROLLS, open_roll("c1", difficulty=1))
    table.command("p1", SETTLE, {"roll": 1, "payments": ["discomfort", "sequel"]})
    ended = {"reason": "home at last"}
    assert refused(table, "gm", END, ended) == (409, "sequel_owed")
    table.command("gm", "/portal/sequels", {"roll": 1, "kind": "agility", "reason": "an ankle"})
    assert len(seen(table, "p2", "c1")["sequels"]) == 3
    table.command("gm", END, ended)
    for who in SEATS:
        assert seen(table, who, "c1")["sequels"] == [{"level": 3, "kind": "an eye"}], who


# -- the later stage's confrontation and excess [002:514-516, 1094-1096] -----------------------


def test_the_damage_and_the_aguante_cut_each_others_levels_and_aces(http: httpx.Client) -> None:
    """[002:1094] "Las tiradas de Ataque (y Daño) y de Defensa (y Aguante) son
    confrontaciones, y por tanto los niveles de Fortaleza y Ases en la manga deben reducirse":
    Brunak's attack (Hachas 2) against Vorok's defence (Ágil 1), both cut by 1; his damage's
    3 aces against Vorok's aguante's 1 ace, cut on their own by 1: 2 aces left on the damage
    for once the attack is fixed, none on the aguante. A fixed roll is cut no more."""
    table = new_table(http, "portal", [2, 3, 4, 2, 3, 4])
    hachas = [{"name": "Hachas", "level": 2, "frequency": "moderate"}]
    character(table, "p1", sheet("Brunak", fortalezas=hachas))
    agil = [{"name": "Agil", "level": 1, "frequency": "moderate"}]
    character(table, "p2", sheet("Vorok", fortalezas=agil))

    def call(char: str, first: str, second: str, fort: str, aces: int) -> dict[str, Any]:
        return open_roll(
            char,
            readings=[reading(first, "HIGH"), reading(second, "MID", aguante=second == "aguante")],
            difficulty=None,
            fortalezas=[{"name": fort, "reason": "it applies"}],
            later={"fortalezas": [], "aces": [{"count": aces, "reason": "an edge"}]},
        )

    table.command("gm", ROLLS, call("c1", "attack", "damage", "Hachas", 3))
    table.command("gm", ROLLS, call("c2", "defence", "aguante", "Agil", 1))
    cut = {"first": 1, "second": 2, "aces": True, "reason": "axe against dodge"}
    table.command("gm", CUT, cut)
    for who in SEATS:
        (event,) = (e["data"] for e in table.log(who, "portal.RerollsCut"))
        assert (event["cut"], event["later_cut"]) == (1, 1), who
        assert event["first"]["later"]["aces"] == 2
        assert event["second"]["later"]["aces"] == 0
        axe, dodge = table.view(who)["open_rolls"]
        assert axe["entitlement"]["fortaleza"] == 1
        assert (axe["later"]["entitlement"]["aces"], dodge["later"]["entitlement"]["aces"]) == (
            2,
            0,
        )
    table.command("p1", FIX, {"roll": 1})
    fixed = table.log("gm", "portal.RollFixed")[-1]["data"]
    assert fixed["entitlement"]["aces"] == 2
    assert refused(table, "gm", CUT, cut) == (409, "rerolls_made")


def test_a_second_stages_excess_past_five_rerolls_adds_to_the_damage(http: httpx.Client) -> None:
    """[002:514-516] past 5 rerolls the roll's margin adds 1 per point to its result; in
    the second stage [002:1096] the first reading is fixed, so the excess adds to the damage
    it rerolls for: 7 aces on the damage, 5 rerolls made, +2 on the damage (MID 3 + 2), the
    attack fixed at 4, in the view and at the settlement."""
    table = new_table(http, "portal", [2, 3, 4, 2, 2, 2, 2, 3])
    character(table, "p1", sheet("Brunak"))
    call = open_roll(
        "c1",
        readings=[reading("attack", "HIGH"), reading("damage", "MID")],
        difficulty=None,
        later={"fortalezas": [], "aces": [{"count": 7, "reason": "a heavy blade"}]},
    )
    table.command("gm", ROLLS, call)
    table.command("p1", FIX, {"roll": 1})
    for _ in range(5):
        table.command("p1", REROLL, die(1, 0, "ace"))
    for who in SEATS:
        (rolled,) = table.view(who)["open_rolls"]
        assert [r["result"] for r in rolled["readings"]] == [4, 5], who
    table.command("p1", SETTLE, {"roll": 1, "payments": []})
    for who in SEATS:
        settled = table.log(who, "portal.RollSettled")[-1]["data"]
        assert [r["result"] for r in settled["result"]["readings"]] == [4, 5], who
