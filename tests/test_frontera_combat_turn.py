"""Combat turns [L873-L1207] through the application: the book's turn, then each rule.

Every rejection goes through `rejected`, which also checks that nothing was appended.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.frontera import combat_commands as cc
from domain.frontera import combat_events as ce
from domain.frontera import combat_turn as ct
from domain.frontera import commands as cmd
from domain.frontera import events as ev
from domain.frontera.character import Trait
from domain.frontera.equipment import ChangeEquipment
from domain.frontera.recovery import AdvanceTime, GiveMedicalCare
from tests.frontera_combat import (
    BOOK_ATTACKS,
    BOOK_HEALTH,
    CHOICES,
    COMBAT,
    COYOTE_AS_PRINTED,
    COYOTE_SHEET,
    DECLARATIONS,
    DJAMAL_SHEET,
    book_options,
    henchman_sheet,
)
from tests.frontera_helpers import MAYOR, Session, new_session, npc, protagonist
from tests.frontera_scripts import events_of, skip_phase_1_script

# -- the book's turn ----------------------------------------------------------------------------


def book_table(**options: Any) -> Session:
    session = new_session(players=("Djamal", "Coyote"), **{**book_options(), **options})
    p1, p2 = session.seats["Djamal"], session.seats["Coyote"]
    session.run(p1, msgspec.convert(DJAMAL_SHEET, cmd.CreateCharacter))
    session.run(p2, msgspec.convert(COYOTE_SHEET, cmd.CreateCharacter))
    for number in (1, 2, 3):
        session.run(MAYOR, msgspec.convert(henchman_sheet(number), cmd.CreateCharacter))
    session.run(MAYOR, cmd.StartTable())
    session.run(MAYOR, msgspec.convert(COMBAT, cc.OpenCombat))
    session.run(MAYOR, cc.StartCombatTurn())
    return session


def seat_of(session: Session, character: str) -> str:
    return session.state.characters[character].seat


def declare(session: Session, character: str, **declaration: Any) -> list[str]:
    command = msgspec.convert({"character": character, **declaration}, cc.DeclareAction)
    cards: list[str] = session.run(seat_of(session, character), command).result
    return cards


def choose(session: Session, character: str, attacks: dict[str, str]) -> None:
    command = cc.ChooseAttacks(
        character=character,
        attacks=[cc.Attack(card=c, target=t) for c, t in attacks.items()],
    )
    session.run(seat_of(session, character), command)


def play_book_turn(session: Session, choices: dict[str, dict[str, str]] = CHOICES) -> None:
    for character, declaration in DECLARATIONS:
        declare(session, character, **declaration)
    for character, attacks in choices.items():
        choose(session, character, attacks)


def test_the_book_turn_deals_each_character_the_cards_the_book_gives() -> None:
    session = book_table()
    drawn = {c: declare(session, c, **d) for c, d in DECLARATIONS}
    assert drawn["c3"] == ["d0:QC", "d0:6S", "d0:9C"]
    assert drawn["c4"] == ["d0:8H", "d0:2H", "d0:AC"]
    assert drawn["c5"] == ["d0:3C", "d0:KC", "d0:4S"]
    assert len(drawn["c1"]) == 8  # hands 6 + quick shot 2
    assert len(drawn["c2"]) == 6  # senses 4 + aim 2
    participants = session.state.test.participants  # type: ignore[union-attr]
    assert participants["c1"].plays == 4  # one attack + one per 2 points of hands
    assert participants["c2"].plays == 1  # aim shoots once


def test_the_book_turn_gives_every_hit_miss_and_health_level_of_the_book() -> None:
    session = book_table()
    play_book_turn(session)
    (resolved,) = events_of(session, ce.AttacksResolved)
    assert [(a.attacker, a.card, a.target, a.hit, a.taken) for a in resolved.attacks] == (
        BOOK_ATTACKS
    )
    damage = {(a.attacker, a.target): a.damage for a in resolved.attacks}
    assert damage[("c3", "c2")] == 3  # quick shot 1 + rifle 2
    assert damage[("c1", "c3")] == 2  # quick shot 1 + revolver 1
    assert damage[("c2", "c5")] == 4  # aim 3 + bow 1
    toughness = {a.target: a.toughness for a in resolved.attacks}
    assert toughness == {"c2": 8, "c1": 6, "c3": 7, "c4": 7, "c5": 7}
    health = {c: ch.health for c, ch in session.state.characters.items()}
    assert health == BOOK_HEALTH
    assert session.state.characters["c3"].level_name("health") == "dead"
    assert session.state.test is None  # the turn is over; the combat goes on
    assert session.state.combat is not None and session.state.combat.fallen == {
        "c3": 1,
        "c5": 1,
    }


def test_coyotes_literal_nine_of_spades_misses() -> None:
    session = book_table(scripted_order=book_options(COYOTE_AS_PRINTED)["scripted_order"])
    play_book_turn(session, {**CHOICES, "c2": {"d0:9S": "c5"}})
    (resolved,) = events_of(session, ce.AttacksResolved)
    (shot,) = [a for a in resolved.attacks if a.attacker == "c2"]
    assert not shot.hit and "misses" in shot.why
    assert session.state.characters["c5"].health == 0


def test_nothing_is_revealed_until_every_combatant_has_chosen() -> None:
    session = book_table()
    for character, declaration in DECLARATIONS:
        declare(session, character, **declaration)
    for character, attacks in list(CHOICES.items())[:-1]:
        choose(session, character, attacks)
        assert not events_of(session, ev.CardsRevealed)
    choose(session, "c2", CHOICES["c2"])
    (revealed,) = events_of(session, ev.CardsRevealed)
    assert revealed.targets is not None and revealed.targets["c1"] == CHOICES["c1"]


def test_players_declare_after_the_mayors_characters() -> None:
    session = book_table()
    command = msgspec.convert({"character": "c1", **DECLARATIONS[3][1]}, cc.DeclareAction)
    assert session.refused(seat_of(session, "c1"), command).code == "npcs_first"


# -- restrictions --------------------------------------------------------------------------------


def ann_and_billy(script: list[str] | None = None) -> Session:
    """Ann (p1's, c1: hands 4, quick shot, brawl, strength) and the Mayor's Billy (c2),
    at a started no-management table."""
    session = new_session(players=("Ann",), mode="no_management", scripted_order=script)
    session.run(
        session.seats["Ann"],
        protagonist(
            "Ann",
            {"hands": 4, "senses": 3, "muscle": 3, "head": 2},
            ["quick_shot", "strength", "perception", "brawl"],
        ),
    )
    session.run(
        MAYOR,
        npc("Billy", {"hands": 3, "senses": 3, "muscle": 2, "head": 2}, ["quick_shot", "aim"]),
    )
    session.run(MAYOR, cmd.StartTable())
    return session


def duel_table(
    footing: dict[str, dict[str, Any]] | None = None,
    range_: str = "medium",
    script: list[str] | None = None,
    **combat: Any,
) -> Session:
    """Ann and Billy in a combat, its first turn started."""
    session = ann_and_billy(script)
    footing = footing or {}
    combatants = [{"character": c, **footing.get(c, {})} for c in ("c1", "c2")]
    session.run(
        MAYOR,
        msgspec.convert({"combatants": combatants, "range": range_, **combat}, cc.OpenCombat),
    )
    session.run(MAYOR, cc.StartCombatTurn())
    return session


def declaring(character: str, **fields: Any) -> cc.DeclareAction:
    return msgspec.convert({"character": character, **fields}, cc.DeclareAction)


AIM = {"action": "attack", "technique": "aim", "weapon": "rifle", "targets": ["c1"]}


@pytest.mark.parametrize(
    ("footing", "why"),
    [
        ({"cover": "total"}, "total cover"),
        ({"mount": "walk"}, "mount"),
        ({"holstered": True}, "holstered"),
    ],
)
def test_nobody_aims_from_total_cover_a_mount_or_with_holstered_weapons(
    footing: dict[str, Any], why: str
) -> None:
    session = duel_table({"c2": footing})
    error = session.refused(MAYOR, declaring("c2", **AIM))
    assert error.code == "cannot_aim" and why in str(error)


@pytest.mark.parametrize("technique", ["brawl", "melee"])
def test_brawl_and_melee_reach_adjacent_enemies_only(technique: str) -> None:
    session = duel_table(range_="short")
    weapon = {"weapon": "knife"} if technique == "melee" else {}
    command = declaring("c2", action="attack", technique=technique, targets=["c1"], **weapon)
    assert session.refused(MAYOR, command).code == "out_of_range"


def test_thrown_weapons_reach_short_range_at_most() -> None:
    session = duel_table(range_="medium")
    command = declaring(
        "c2", action="attack", technique="thrown", weapon="thrown knife", targets=["c1"]
    )
    assert session.refused(MAYOR, command).code == "out_of_range"


def test_a_weapon_cannot_shoot_past_its_range() -> None:
    session = duel_table(range_="long")
    command = declaring(
        "c2", action="attack", technique="quick_shot", weapon="revolver", targets=["c1"]
    )
    assert session.refused(MAYOR, command).code == "out_of_range"


def test_a_ranged_weapon_against_an_adjacent_enemy_draws_one_card_fewer() -> None:
    session = duel_table(range_="adjacent")
    cards = declare(
        session,
        "c2",
        action="attack",
        technique="quick_shot",
        weapon="revolver",
        targets=["c1"],
    )
    assert len(cards) == 3 + 2 - 1
    (drawn,) = events_of(session, ev.CardsDrawn)
    assert [m.reason for m in drawn.count.modifiers] == ["revolver at adjacent range"]


def test_holstered_weapons_cost_the_three_metre_move() -> None:
    session = duel_table({"c2": {"holstered": True}})
    command = declaring(
        "c2",
        action="attack",
        technique="quick_shot",
        weapon="revolver",
        targets=["c1"],
        move="adjacent",
    )
    assert session.refused(MAYOR, command).code == "holstered"


def test_knives_in_a_knife_holster_keep_the_move() -> None:
    session = duel_table({"c2": {"holstered": True, "knife_holster": True}}, range_="short")
    declare(
        session,
        "c2",
        action="attack",
        technique="thrown",
        weapon="thrown knife",
        targets=["c1"],
        move="adjacent",
    )
    assert "c2" in session.state.combat.declarations  # type: ignore[union-attr]


def arm(session: Session, character: str, item: str, count: int) -> None:
    """The Mayor gives a protagonist the weapons a test has it fight with."""
    grant = ChangeEquipment(character=character, item=item, change=count, reason="armed")
    session.run(MAYOR, grant)


#: Ann (hands 4 + brawl) throws from 6 cards at short range, where a thrown knife draws as is
THROWS = ["d0:QS", "d0:6S", "d0:5S", "d0:2H", "d0:3H", "d0:4H"]


@pytest.mark.parametrize(("knives", "plays"), [(1, 1), (2, 2), (5, 3)])
def test_thrown_weapons_throw_once_per_weapon_at_hand_up_to_the_brawl_limit(
    knives: int, plays: int
) -> None:
    session = duel_table(range_="short", script=THROWS)
    arm(session, "c1", "knife", knives)
    declare(session, "c2", action="move", move="adjacent")
    throw = {"technique": "thrown", "weapon": "thrown knife", "weapons": knives}
    assert declare(session, "c1", action="attack", targets=["c2"], **throw) == THROWS
    assert session.state.test.participants["c1"].plays == plays  # type: ignore[union-attr]


def test_a_thrown_knife_hits_for_its_base_and_weapon_against_the_targets_toughness() -> None:
    # Ann has strength: 2 + knife 1 = 3 a hit; Billy's toughness 6: a Q♠ takes all 3, a 6♠
    # (equal) takes 3 - 2 = 1
    session = duel_table(range_="short", script=THROWS)
    arm(session, "c1", "knife", 2)
    declare(session, "c2", action="move", move="adjacent")
    throw = {"technique": "thrown", "weapon": "thrown knife", "weapons": 2}
    declare(session, "c1", action="attack", targets=["c2"], **throw)
    three = cc.ChooseAttacks(
        character="c1", attacks=[cc.Attack(card=c, target="c2") for c in THROWS[:3]]
    )
    assert session.refused(seat_of(session, "c1"), three).code == "too_many_cards"
    choose(session, "c1", {"d0:QS": "c2", "d0:6S": "c2"})
    (resolved,) = events_of(session, ce.AttacksResolved)
    assert [(a.card, a.damage, a.toughness, a.taken) for a in resolved.attacks] == [
        ("d0:QS", 3, 6, 3),
        ("d0:6S", 3, 6, 1),
    ]
    assert session.state.characters["c2"].level_name("health") == "dead"


def test_with_an_action_a_character_moves_three_metres_at_most() -> None:
    session = duel_table()
    command = declaring("c2", action="other", move="short")
    assert session.refused(MAYOR, command).code == "invalid_move"


def test_moving_only_goes_up_to_short_range_and_draws_nothing() -> None:
    session = duel_table()
    assert declare(session, "c2", action="move", move="short") == []
    assert "c2" not in session.state.test.participants  # type: ignore[union-attr]


def test_aim_plays_one_card_and_quick_shot_one_more_per_two_points_of_hands() -> None:
    session = duel_table()
    cards = declare(session, "c2", action="attack", technique="aim", weapon="rifle", targets=["c1"])
    command = cc.ChooseAttacks(
        character="c2", attacks=[cc.Attack(card=c, target="c1") for c in cards[:2]]
    )
    assert session.refused(MAYOR, command).code == "too_many_cards"
    declare(
        session, "c1", action="attack", technique="quick_shot", weapon="revolver", targets=["c2"]
    )
    assert session.state.test.participants["c1"].plays == 1 + 4 // 2  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("technique", "weapon"),
    [
        ("quick_shot", "knife"),  # quick shot and aim are "with a ranged weapon" [L435, L449]
        ("aim", "thrown knife"),
        ("melee", "revolver"),
        ("melee", "thrown knife"),
        ("thrown", "knife"),
        ("thrown", "rifle"),
    ],
)
def test_a_technique_takes_a_weapon_of_its_own_kind(technique: str, weapon: str) -> None:
    session = duel_table(range_="adjacent")  # every one of these weapons reaches
    command = declaring("c2", action="attack", technique=technique, weapon=weapon, targets=["c1"])
    assert session.refused(MAYOR, command).code == "wrong_weapon_kind"


def test_each_card_names_one_of_the_announced_targets() -> None:
    session = book_table()
    for character, declaration in DECLARATIONS:
        declare(session, character, **declaration)
    command = cc.ChooseAttacks(character="c2", attacks=[cc.Attack(card="d1:9C", target="c3")])
    assert session.refused(seat_of(session, "c2"), command).code == "undeclared_target"


def test_the_shared_choose_refuses_a_combat_turn() -> None:
    session = duel_table()
    declare(session, "c2", action="attack", technique="aim", weapon="rifle", targets=["c1"])
    command = cmd.Choose(character="c2", cards=[session.state.zone("hand:c2")[0]])
    assert session.refused(MAYOR, command).code == "combat_turn"


def test_brawl_with_strength_deals_two_per_hit_and_no_weapon() -> None:
    session = duel_table(range_="adjacent")
    declare(session, "c2", action="move", move="adjacent")
    declare(session, "c1", action="attack", technique="brawl", targets=["c2"])
    declaration = session.state.combat.declarations["c1"]  # type: ignore[union-attr]
    assert declaration.damage == 2


# -- variants --------------------------------------------------------------------------------------


def first_of(session: Session, character: str, suit: str) -> str:
    return next(c for c in session.state.zone(f"hand:{character}") if c.endswith(suit))


def test_scare_lowers_morale_for_each_hit_above_the_targets_confidence() -> None:
    # Ann's confidence is 4 + 4 = 8: a ♠ above 8 scares, none hurts
    script = ["d0:QS", "d0:9S", "d0:3S", "d0:2H", "d0:5H"]
    session = duel_table(range_="short", script=script)
    declare(session, "c2", action="move", move="adjacent")
    declare(
        session,
        "c1",
        action="attack",
        technique="quick_shot",
        weapon="revolver",
        targets=["c2"],
        variant="scare",
    )
    choose(session, "c1", {"d0:QS": "c2", "d0:9S": "c2", "d0:3S": "c2"})
    billy = session.state.characters["c2"]
    assert billy.confidence == 7
    assert (billy.morale, billy.health) == (-2, 0)  # Q and 9 above 7; the 3 is not


def test_a_turn_passes_before_its_harm_lands_so_a_paralysis_costs_the_next_turn() -> None:
    # three ♠ above Billy's confidence 7 paralyse him; the dead man's hand's first flip is an
    # Ace (paralysed for 1 turn): he sits turn 2 out and is only terrified after it [L650]
    script = ["d0:QS", "d0:JS", "d0:10S", "d0:2H", "d0:3H", "d0:4H"]
    session = duel_table(range_="short", script=script)
    declare(session, "c2", action="move", move="adjacent")
    scare = {"technique": "quick_shot", "weapon": "revolver", "variant": "scare"}
    declare(session, "c1", action="attack", targets=["c2"], **scare)
    choose(session, "c1", {"d0:QS": "c2", "d0:JS": "c2", "d0:10S": "c2"})
    assert session.state.characters["c2"].level_name("morale") == "paralysed"
    session.run(MAYOR, cc.StartCombatTurn())
    assert ct.still_to_declare(session.state, session.state.combat) == ["c1"]  # type: ignore[arg-type]
    declare(session, "c1", action="move", move="adjacent")
    assert session.state.characters["c2"].level_name("morale") == "terrified"


def test_a_grapple_hit_holds_and_neither_side_acts_until_released() -> None:
    session = duel_table(range_="adjacent", script=["d0:5S", "d0:2H"])
    declare(session, "c2", action="move", move="adjacent")
    declare(session, "c1", action="attack", technique="brawl", targets=["c2"], variant="grapple")
    choose(session, "c1", {"d0:5S": "c2"})
    combat = session.state.combat
    assert combat is not None and combat.combatants["c2"].held_by == "c1"
    assert session.state.characters["c2"].health == 0  # a hold does not hurt
    session.run(MAYOR, cc.StartCombatTurn())
    # neither side does anything but the hold's test [L1089]
    for character in ("c2", "c1"):
        moving = declaring(character, action="move", move="adjacent")
        assert session.refused(seat_of(session, character), moving).code == "character_cannot_act"
    # Billy draws muscle 2, Ann muscle 3 + strength 2: spades all
    assert declare(session, "c2", action="hold") == ["d0:7S", "d0:8S"]
    assert declare(session, "c1", action="hold") == ["d0:9S", "d0:10S", "d0:JS", "d0:QS", "d0:KS"]
    choose(session, "c2", {"d0:8S": "c1"})
    choose(session, "c1", {"d0:KS": "c2"})
    # neither played a heart or a diamond: a tie, which keeps the hold
    assert session.state.combat.combatants["c2"].held_by == "c1"  # type: ignore[union-attr]
    session.run(MAYOR, cc.UpdateCombat(reason="Ann lets go", released=["c2"]))
    assert session.state.combat.combatants["c2"].held_by is None  # type: ignore[union-attr]


# -- long combats ----------------------------------------------------------------------------------


def run_idle_turns(session: Session, turns: int) -> None:
    for _ in range(turns):
        if session.state.test is None:
            session.run(MAYOR, cc.StartCombatTurn())
        for character in ("c2", "c1"):
            combat = session.state.combat
            assert combat is not None
            if character not in combat.declarations and character not in combat.jammed:
                declare(session, character, action="move", move="adjacent")


@pytest.mark.parametrize(
    ("eights", "lost"),
    [([], set()), (["d0:8C"], {"c1"}), (["d0:8C", "d0:8D"], {"c1", "c2"})],
)
def test_every_fifth_turn_each_combatant_takes_the_jam_check(
    eights: list[str], lost: set[str]
) -> None:
    # a scripted dead man's hand lies A♠ A♥ 8♣ 8♦ unless 8s are scripted on top; each flip
    # goes back under it
    session = duel_table(script=eights)
    declare(session, "c2", action="move", move="adjacent")
    declare(session, "c1", action="move", move="adjacent")
    run_idle_turns(session, 3)
    assert not [e for e in events_of(session, ev.DeadMansHandDrawn) if e.purpose == "jam"]
    session.run(MAYOR, cc.StartCombatTurn())
    checks = [e for e in events_of(session, ev.DeadMansHandDrawn) if e.purpose == "jam"]
    assert [e.character for e in checks] == ["c1", "c2"]
    assert {e.character for e in events_of(session, ce.TurnLost)} == lost
    if lost == {"c1", "c2"}:
        assert session.state.test is None  # nobody left to act: the turn is over at once
        return
    for character in lost:
        command = declaring(character, action="move", move="adjacent")
        assert session.refused(seat_of(session, character), command).code == (
            "character_cannot_act"
        )
    for character in ("c2", "c1"):  # the Mayor's Billy first
        if character not in lost:
            declare(session, character, action="move", move="adjacent")
    assert session.state.test is None


def test_only_one_can_remain_limits_the_shots() -> None:
    session = duel_table(script=[], shot_limit=1)  # scripted: no Joker on top
    cards = declare(
        session, "c2", action="attack", technique="quick_shot", weapon="revolver", targets=["c1"]
    )
    assert session.state.test.participants["c2"].plays == 1  # type: ignore[union-attr]
    declare(session, "c1", action="move", move="adjacent")
    choose(session, "c2", {cards[0]: "c1"})
    assert session.state.combat.combatants["c2"].shots_left == 0  # type: ignore[union-attr]
    session.run(MAYOR, cc.StartCombatTurn())
    command = declaring(
        "c2", action="attack", technique="quick_shot", weapon="revolver", targets=["c1"]
    )
    assert session.refused(MAYOR, command).code == "no_shots_left"


def test_a_fallen_character_has_fewer_than_five_turns_for_its_survival_test() -> None:
    # both henchmen fell on turn 1: four turns later (after turn 5) they are in time, five
    # turns later (after turn 6) it is too late [L585]
    session = book_table()
    play_book_turn(session)
    run_idle_turns_book(session, 4)
    session.run(MAYOR, cc.OpenSurvivalTest(character="c5"))  # after turn 5: in time
    session.run(MAYOR, cmd.CancelTest(reason="let us see the other one"))
    run_idle_turns_book(session, 1)
    command = cc.OpenSurvivalTest(character="c3")
    assert session.refused(MAYOR, command).code == "too_late"  # after turn 6


@pytest.mark.parametrize(
    ("amount", "unit", "in_time"),
    [(4, "turns", True), (5, "turns", False), (3, "days", False)],
)
def test_out_of_combat_the_survival_window_is_five_turns_of_game_time(
    amount: int, unit: str, in_time: bool
) -> None:
    session = ann_and_billy()
    session.run(
        MAYOR, cmd.ChangeCondition(character="c2", track="health", change=-4, reason="a train")
    )
    session.run(MAYOR, AdvanceTime(amount=amount, unit=unit, reason="nobody comes"))  # type: ignore[arg-type]
    command = cc.OpenSurvivalTest(character="c2")
    if in_time:
        session.run(MAYOR, command)
        assert session.state.test is not None and session.state.test.purpose == "survival"
    else:
        assert session.refused(MAYOR, command).code == "too_late"


def run_idle_turns_book(session: Session, turns: int) -> None:
    for _ in range(turns):
        session.run(MAYOR, cc.StartCombatTurn())
        combat = session.state.combat
        assert combat is not None
        for character in ("c4", "c1", "c2"):
            if character not in combat.declarations and character not in combat.jammed:
                declare(session, character, action="move", move="adjacent")


@pytest.mark.parametrize(
    ("care", "eights_first", "cards", "survives"),
    [
        (False, False, 1, True),
        (True, False, 2, True),
        (False, True, 1, False),
        (True, True, 2, False),
    ],
)
def test_the_survival_test_draws_two_with_medical_care_and_an_ace_saves(
    care: bool, eights_first: bool, cards: int, survives: bool
) -> None:
    # a scripted dead man's hand lies A♠ A♥ 8♣ 8♦ unless the script puts its 8s on top
    script = book_options()["scripted_order"] + (["d0:8C", "d0:8D"] if eights_first else [])
    session = book_table(scripted_order=script)
    play_book_turn(session)
    session.run(MAYOR, cc.OpenSurvivalTest(character="c3", medical_care=care))
    session.run(MAYOR, cmd.Draw(character="c3"))
    (flip,) = [e for e in events_of(session, ev.DeadMansHandDrawn) if e.purpose == "test"]
    assert len(flip.cards) == cards
    henchman = session.state.characters["c3"]
    if survives:
        assert henchman.level_name("health") == "incapacitated"
    else:
        assert henchman.health == -4 and henchman.dead_for_good
        assert session.refused(MAYOR, cc.OpenSurvivalTest(character="c3")).code == "not_fallen"


def pistol_duel(script: list[str], weapons: tuple[str, str] = ("revolver", "revolver")) -> Session:
    """Ann (c1) and Billy (c2), hands 1 each, duel with these weapons; Ann plays the script's
    first card, Billy its second."""
    session = new_session(players=("Ann",), mode="no_management", decks=2, scripted_order=script)
    session.run(
        session.seats["Ann"],
        protagonist(
            "Ann",
            {"hands": 1, "senses": 3, "muscle": 5, "head": 3},
            ["aim", "strength", "perception", "knowledge"],
        ),
    )
    session.run(MAYOR, npc("Billy", {"hands": 1, "senses": 1, "muscle": 1, "head": 1}, []))
    if weapons[0] != "revolver":  # her starting kit's
        arm(session, "c1", weapons[0], 1)
    session.run(MAYOR, cmd.StartTable())
    duellists = [
        cc.Duellist(character=c, weapon=w) for c, w in zip(("c1", "c2"), weapons, strict=True)
    ]
    number = session.run(MAYOR, cc.OpenPistolDuel(duellists=duellists)).result
    assert session.state.test is not None and session.state.test.participants["c1"].trait == (
        Trait.HANDS
    )
    session.run(session.seats["Ann"], cmd.Draw(character="c1"))
    session.run(MAYOR, cmd.Draw(character="c2"))
    session.run(session.seats["Ann"], cmd.Choose(character="c1", cards=[script[0]]))
    session.run(MAYOR, cmd.Choose(character="c2", cards=[script[1]]))
    (resolved,) = events_of(session, ev.TestResolved)
    assert resolved.test == number
    return session


@pytest.mark.parametrize(
    ("script", "hurt"),
    [
        (["d0:QS", "d0:3S"], {"c1": 0, "c2": -2}),  # Ann wins: Billy takes 1 + revolver 1
        (["d0:3S", "d0:QS"], {"c1": -2, "c2": 0}),
        (["d0:5S", "d1:5S"], {"c1": -2, "c2": -2}),  # a tie: both are hit
    ],
)
def test_the_pistol_duel_hits_the_loser_or_both_at_full_damage(
    script: list[str], hurt: dict[str, int]
) -> None:
    session = pistol_duel(script)
    assert {c: ch.health for c, ch in session.state.characters.items()} == hurt


@pytest.mark.parametrize(
    ("script", "hurt"),
    [
        # Ann's rifle wins: Billy takes quick shot 1 + rifle 2, with no absorption
        (["d0:QS", "d0:3S"], {"c1": 0, "c2": -3}),
        # Billy's revolver wins: Ann takes 1 + revolver 1, not her own rifle's 3
        (["d0:3S", "d0:QS"], {"c1": -2, "c2": 0}),
        # a tie: each takes the other's shot
        (["d0:5S", "d1:5S"], {"c1": -2, "c2": -3}),
    ],
)
def test_the_pistol_duel_loser_takes_the_winners_weapon_damage(
    script: list[str], hurt: dict[str, int]
) -> None:
    session = pistol_duel(script, ("rifle", "revolver"))
    assert {c: ch.health for c, ch in session.state.characters.items()} == hurt


def test_a_pistol_duel_is_fought_with_ranged_weapons() -> None:
    session = ann_and_billy()
    duel = cc.OpenPistolDuel(
        duellists=[cc.Duellist(character="c1", weapon="knife"), cc.Duellist(character="c2")]
    )
    assert session.refused(MAYOR, duel).code == "wrong_weapon_kind"


# -- every other refusal, with its code; none appends anything ---------------------------------


ATTACK = {"action": "attack", "technique": "quick_shot", "weapon": "revolver", "targets": ["c1"]}


@pytest.mark.parametrize(
    ("setting", "actor", "command", "code"),
    [
        ("no combat", MAYOR, cc.StartCombatTurn(), "no_combat"),
        ("no combat", MAYOR, cc.EndCombat(reason="r"), "no_combat"),
        ("no combat", MAYOR, cc.OpenCombat(combatants=[]), "invalid_combatants"),
        (
            "no combat",
            MAYOR,
            cc.OpenCombat(
                combatants=[cc.CombatantSetup(character="c1"), cc.CombatantSetup(character="c1")]
            ),
            "invalid_combatants",
        ),
        (
            "no combat",
            MAYOR,
            cc.OpenCombat(
                combatants=[cc.CombatantSetup(character="c1"), cc.CombatantSetup(character="c9")]
            ),
            "unknown_character",
        ),
        (
            "no combat",
            MAYOR,
            cc.OpenCombat(
                combatants=[cc.CombatantSetup(character="c1"), cc.CombatantSetup(character="c2")],
                shot_limit=0,
            ),
            "invalid_shot_limit",
        ),
        (
            "no combat",
            MAYOR,
            cc.OpenCombat(
                combatants=[cc.CombatantSetup(character="c1"), cc.CombatantSetup(character="c2")],
                ranges=[cc.RangeSetup(between=["c1", "c1"], range="short")],
            ),
            "invalid_range",
        ),
        ("no combat", "p1", cc.OpenCombat(combatants=[]), "not_game_master"),
        ("no combat", MAYOR, cc.OpenSurvivalTest(character="c1"), "not_fallen"),
        ("between turns", MAYOR, declaring("c2", action="other"), "no_combat_turn"),
        (
            "between turns",
            MAYOR,
            cc.OpenCombat(
                combatants=[cc.CombatantSetup(character="c1"), cc.CombatantSetup(character="c2")]
            ),
            "combat_in_progress",
        ),
        ("between turns", MAYOR, cc.UpdateCombat(reason=" "), "reason_required"),
        ("between turns", MAYOR, cc.UpdateCombat(reason="r", leaving=["c9"]), "not_a_combatant"),
        ("between turns", MAYOR, cc.UpdateCombat(reason="r", leaving=["c1"]), "invalid_combatants"),
        ("between turns", MAYOR, cc.UpdateCombat(reason="r", released=["c1"]), "not_held"),
        ("between turns", "p1", cc.StartCombatTurn(), "not_game_master"),
        ("in a turn", MAYOR, cc.StartCombatTurn(), "test_in_progress"),
        ("in a turn", MAYOR, cc.EndCombat(reason="r"), "turn_in_progress"),
        ("in a turn", MAYOR, cc.UpdateCombat(reason="r"), "turn_in_progress"),
        ("in a turn", "p1", declaring("c2", action="other"), "not_your_seat"),
        ("in a turn", MAYOR, declaring("c2", action="attack"), "technique_required"),
        (
            "in a turn",
            MAYOR,
            declaring("c2", action="other", targets=["c1"]),
            "invalid_declaration",
        ),
        ("in a turn", MAYOR, declaring("c2", **{**ATTACK, "targets": []}), "invalid_targets"),
        ("in a turn", MAYOR, declaring("c2", **{**ATTACK, "targets": ["c2"]}), "invalid_targets"),
        ("in a turn", MAYOR, declaring("c2", **{**ATTACK, "weapon": None}), "weapon_required"),
        ("in a turn", MAYOR, declaring("c2", **{**ATTACK, "weapon": "cannon"}), "unknown_weapon"),
        (
            "in a turn",
            MAYOR,
            declaring("c2", **{**ATTACK, "technique": "brawl", "weapon": "knife"}),
            "invalid_weapon",
        ),
        (
            "in a turn",
            MAYOR,
            declaring("c2", **{**ATTACK, "variant": "grapple"}),
            "invalid_variant",
        ),
        (
            "in a turn",
            MAYOR,
            declaring("c2", **{**ATTACK, "modifiers": [{"amount": 0, "reason": "r"}]}),
            "invalid_modifier",
        ),
        ("in a turn", MAYOR, declaring("c2", action="move"), "invalid_move"),
        (
            "in a turn",
            MAYOR,
            cc.ChooseAttacks(character="c2", attacks=[cc.Attack(card="d0:2S", target="c1")]),
            "not_a_participant",  # no attack announced, so no part in the turn's test
        ),
    ],
)
def test_a_refused_combat_command_names_its_reason_and_appends_nothing(
    setting: str, actor: str, command: Any, code: str
) -> None:
    if setting == "no combat":
        session = ann_and_billy()
    else:
        session = duel_table()
        if setting == "between turns":
            declare(session, "c2", action="move", move="adjacent")
            declare(session, "c1", action="move", move="adjacent")
    assert session.refused(actor, command).code == code


def test_a_character_declares_once_per_turn_and_only_if_in_the_combat() -> None:
    session = book_table()
    declare(session, "c3", action="move", move="adjacent")
    assert session.refused(MAYOR, declaring("c3", action="other")).code == "already_declared"
    session.run(MAYOR, msgspec.convert(henchman_sheet(4), cmd.CreateCharacter))
    assert session.refused(MAYOR, declaring("c6", action="other")).code == "not_a_combatant"


def test_after_a_pistol_duel_in_normal_mode_the_winner_picks_from_the_losers_deck() -> None:
    # phase 2 from the start: Ann's deck tops with Q♠, the Mayor's with 3♠
    script = skip_phase_1_script(2, {0: ["d0:3S"], 1: ["d0:QS"]})
    session = new_session(players=("Ann",), mode="normal", skip_phase_1=True, scripted_order=script)
    ann = session.seats["Ann"]
    session.run(
        ann,
        protagonist(
            "Ann",
            {"hands": 1, "senses": 3, "muscle": 5, "head": 3},
            ["aim", "strength", "perception", "knowledge"],
        ),
    )
    session.run(MAYOR, npc("Billy", {"hands": 1, "senses": 1, "muscle": 1, "head": 1}, []))
    session.run(MAYOR, cmd.StartTable())
    duel = cc.OpenPistolDuel(duellists=[cc.Duellist(character="c1"), cc.Duellist(character="c2")])
    session.run(MAYOR, duel)
    session.run(ann, cmd.Draw(character="c1"))
    session.run(MAYOR, cmd.Draw(character="c2"))
    session.run(ann, cmd.Choose(character="c1", cards=["d0:QS"]))
    session.run(MAYOR, cmd.Choose(character="c2", cards=["d0:3S"]))
    assert session.state.characters["c2"].health == -2
    exchange = session.state.exchange
    assert exchange is not None and exchange.kind == "duel"
    assert exchange.steps[0].seat == ann and exchange.steps[0].kind == "pick"


def test_each_turn_is_six_seconds_of_everybodys_time_so_a_paralysis_may_pass() -> None:
    # scripted, the dead man's hand's first card is A♠: the paralysed recover after 1 turn
    session = duel_table(script=[])
    session.run(MAYOR, cmd.CancelTest(reason="Billy freezes before the first turn"))
    session.run(
        MAYOR,
        cmd.ChangeCondition(character="c2", track="morale", change=-3, reason="a ghost"),
    )
    session.run(MAYOR, cc.StartCombatTurn())
    assert "c2" not in ct.still_to_declare(session.state, session.state.combat)  # type: ignore[arg-type]
    declare(session, "c1", action="move", move="adjacent")
    assert session.state.test is None
    assert session.state.elapsed == 6
    assert session.state.characters["c2"].level_name("morale") == "terrified"


def test_medical_care_in_a_combat_takes_the_healers_whole_turn() -> None:
    session = duel_table()
    session.run(
        MAYOR, cmd.ChangeCondition(character="c2", track="health", change=-1, reason="a graze")
    )
    declare(session, "c2", action="move", move="adjacent")
    declare(session, "c1", action="other", move="adjacent")
    care = GiveMedicalCare(healer="c1", patient="c2")
    assert session.refused(MAYOR, care).code == "care_takes_the_turn"
    session.run(MAYOR, cc.StartCombatTurn())
    declare(session, "c2", action="move", move="adjacent")
    declare(session, "c1", action="other")  # Ann kneels by Billy for the whole turn
    session.run(MAYOR, care)
    assert session.state.test is not None and session.state.test.purpose == "medical_care"
