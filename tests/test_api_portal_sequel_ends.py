"""When PORTAL's sequels end, over real HTTP by separate seats [002:286-291]: a level 1 sequel
lasts "lo que queda de escena o combate" (made in a combat, it ends with `portalEndCombat`;
made outside one, with `portalEndScene`); a level 2 "lo que queda de relato o hasta recibir
la apropiada atención médica" (`portalGiveMedicalCare`); a level 3 for life. Each refusal
changes nothing.

Faces come from the table's public `scripted_rolls`, in the order the dice are thrown.
"""

from __future__ import annotations

from typing import Any

import httpx

from tests.dice_http import SEATS, Table, new_table
from tests.test_api_portal import character, http, open_roll, sheet
from tests.test_api_portal_combat import refused
from tests.test_api_portal_options import ann_strikes_bob, strike
from tests.test_api_portal_views_adventure import seen

__all__ = ["http"]  # the module's HTTP client fixture

ROLLS = "/portal/rolls"
SETTLE = "/portal/rolls/settle"
NAME = "/portal/sequels"
SCENE_END = "/portal/scene/end"
COMBAT_END = "/portal/combats/end"
CARE = "/portal/sequels/medical-care"
#: a roll of Ricardo's (one wound die): 4, 5, 2 keep the MID 4, his wound die 4 matches it,
#: one sequel point [002:268]
SEQUEL_ROLL = [4, 5, 2, 4]
EYE, LEG, BRUISE = (
    {"level": 3, "kind": "an eye"},
    {"level": 2, "kind": "a leg"},
    {"level": 1, "kind": "a bruise"},
)
ENDED = {"reason": "the door shuts behind them"}


def sequels(table: Table, who: str, character_id: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = seen(table, who, character_id)["sequels"]
    return found


def level_one(table: Table, roll: int, kind: str) -> None:
    """Ricardo's roll `roll` (`SEQUEL_ROLL`) settled with a level of sequel, its kind named."""
    table.command("gm", ROLLS, open_roll("c1", difficulty=1))
    table.command("p1", SETTLE, {"roll": roll, "payments": ["sequel"]})
    table.command("gm", NAME, {"roll": roll, "kind": kind, "reason": "the role in the story"})


def scarred(http: httpx.Client, faces: list[int]) -> Table:
    """Ricardo (c1, p1's, one wound die) with an eye (3), a leg (2) and a bruise (1), and Bea
    (c2, p2's) with a leg (2) and a bruise (1), none made in a combat."""
    table = new_table(http, "portal", faces)
    character(table, "p1", sheet("Ricardo", wound=1, sequels=[EYE, LEG, BRUISE]))
    character(table, "p2", sheet("Bea", sequels=[LEG, BRUISE]))
    return table


def unchanged(table: Table, who: str, path: str, body: Any, answer: tuple[int, str]) -> None:
    """`who`'s `path` refused with `answer`, the table as it was."""
    version, view = table.version(), table.view("gm")
    assert refused(table, who, path, body) == answer
    assert (table.version(), table.view("gm")) == (version, view)


def test_a_level_1_sequel_made_in_a_combat_ends_with_it_one_made_outside_with_the_scene(
    http: httpx.Client,
) -> None:
    """[002:287] "lo que queda de escena o combate": Ricardo's sequel named outside a combat
    (roll 1) and his sequel named while he fights combat 2 (roll 3) are both level 1. The
    scene does not end while the combat is under way; ending the combat takes the one made
    in it, the scene's end the other; the eye and the leg stay, as every seat sees."""
    table = scarred(http, [*SEQUEL_ROLL, 2, *SEQUEL_ROLL])
    level_one(table, 1, "agility")
    start = {"contenders": ["c1", "c2"], "fight": "friendly_brawl", "reason": "a tavern"}
    table.command("gm", "/portal/combats", start)  # its direction die is roll 2
    level_one(table, 3, "a cut")
    agility, cut = {"level": 1, "kind": "agility"}, {"level": 1, "kind": "a cut", "combat": 2}
    for who in SEATS:
        assert sequels(table, who, "c1") == [EYE, LEG, BRUISE, agility, cut], who
    unchanged(table, "gm", SCENE_END, ENDED, (409, "combat_under_way"))
    table.command("gm", COMBAT_END, {"combat": 2, "reason": "the foes flee"})
    for who in SEATS:
        assert sequels(table, who, "c1") == [EYE, LEG, BRUISE, agility], who
        assert sequels(table, who, "c2") == [LEG, BRUISE], who
    table.command("gm", SCENE_END, ENDED)
    for who in SEATS:
        assert sequels(table, who, "c1") == [EYE, LEG], who


def test_a_strikes_hand_sequel_ends_with_its_combat(http: httpx.Client) -> None:
    """[002:287, 1469] The level 1 sequel of Bob's hand a strike leaves in combat 1 ends when
    the game master ends that combat."""
    table = ann_strikes_bob(http)
    hand = {"part": "hand", "reason": "his knife hand", "disarm": False, "hand": "sequel"}
    table.command("gm", "/portal/combats/strikes", strike(4, 5, "c2", located=hand))
    assert sequels(table, "p1", "c2") == [{"level": 1, "kind": "hand", "combat": 1}]
    table.command("gm", COMBAT_END, {"combat": 1, "reason": "Bob runs"})
    for who in SEATS:
        assert sequels(table, who, "c2") == [], who


def test_the_scenes_end_takes_every_level_1_sequel_and_leaves_2_and_3(
    http: httpx.Client,
) -> None:
    """[002:287-291] The scene over, Ricardo's and Bea's bruises (1) end; the legs (2) last
    the story, the eye (3) his life. Every seat reads the end and its reason."""
    table = scarred(http, [])
    table.command("gm", SCENE_END, ENDED)
    for who in SEATS:
        assert sequels(table, who, "c1") == [EYE, LEG], who
        assert sequels(table, who, "c2") == [LEG], who
        (ended,) = (e["data"] for e in table.log(who, "portal.SceneEnded"))
        assert ended["reason"] == ENDED["reason"], who


def test_medical_care_takes_the_characters_level_2_sequels_only(http: httpx.Client) -> None:
    """[002:289] A level 2 sequel lasts "hasta recibir la apropiada atención médica": Ricardo
    cared for, his leg ends; his bruise (1) and eye (3) stay, and Bea's leg too. Every seat
    reads the care, on whom and why."""
    table = scarred(http, [])
    care = {"character": "c1", "reason": "a surgeon sets the bone"}
    table.command("gm", CARE, care)
    for who in SEATS:
        assert sequels(table, who, "c1") == [EYE, BRUISE], who
        assert sequels(table, who, "c2") == [LEG, BRUISE], who
        (given,) = (e["data"] for e in table.log(who, "portal.MedicalCareGiven"))
        assert (given["character"], given["seat"], given["reason"]) == (
            "c1",
            "p1",
            care["reason"],
        ), who


def test_the_scenes_end_waits_for_every_roll_and_sequel_owed(http: httpx.Client) -> None:
    """The scene does not end while a roll is open (it may leave a sequel) or a sequel's kind
    is owed (its level says whether the scene takes it); refused, nothing changes."""
    table = scarred(http, SEQUEL_ROLL)
    table.command("gm", ROLLS, open_roll("c1", difficulty=1))
    unchanged(table, "gm", SCENE_END, ENDED, (409, "roll_open"))
    table.command("p1", SETTLE, {"roll": 1, "payments": ["sequel"]})
    unchanged(table, "gm", SCENE_END, ENDED, (409, "sequel_owed"))


def test_medical_care_is_refused_without_a_level_2_sequel_or_with_one_owed(
    http: httpx.Client,
) -> None:
    """Care ends level 2 sequels only: refused for a character who carries none, and while
    one is owed its kind (named after, it would outlast the care given after it was made);
    nothing changes."""
    table = new_table(http, "portal", [4, 5, 2, 4, 4])
    character(table, "p1", sheet("Ricardo", wound=2, sequels=[EYE, BRUISE]))
    care = {"character": "c1", "reason": "bandages"}
    unchanged(table, "gm", CARE, care, (409, "no_sequel"))
    table.command("gm", ROLLS, open_roll("c1", difficulty=1))
    table.command("p1", SETTLE, {"roll": 1, "payments": ["sequel", "sequel"]})
    unchanged(table, "gm", CARE, care, (409, "sequel_owed"))


def test_a_player_neither_ends_the_scene_nor_gives_medical_care(http: httpx.Client) -> None:
    """Both are the game master's rulings: a player's is refused, nothing changes."""
    table = scarred(http, [])
    for who in ("p1", "p2"):
        unchanged(table, who, SCENE_END, ENDED, (403, "not_game_master"))
        unchanged(table, who, CARE, {"character": "c1", "reason": "r"}, (403, "not_game_master"))
