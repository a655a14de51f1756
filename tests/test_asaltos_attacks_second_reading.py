"""asaltos attacks and movement on a second reading of the book (issue 21), through the
application: surprise is a melee entry only [001:79,89-102]; a target on the ground is
partial cover to a shot [001:106] and a downed opponent in melee [001:83]; attacking
mounted against a man on foot offsets the mounted +2 [001:86-87]; a round's moves add up
to at most Agilidad metres, each one of the round's actions [001:20,47]."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.asaltos import commands as cmd
from domain.asaltos.events import Moved
from domain.asaltos.modifiers import Modifier, gm_terms
from domain.asaltos.state import Action
from domain.errors import InvalidCommand
from tests.asaltos_helpers import (
    BOW,
    GM,
    SWORD,
    Session,
    actions,
    attack,
    live_state,
    new_session,
    replayed_state,
    sheet,
)
from tests.test_asaltos_table import refused

#: the issue's bowman: Arco 1, at long range, a moving target in total cover, the head
HOPELESS_SHOT = [Modifier.LONG_RANGE, Modifier.MOVING_TARGET, Modifier.TOTAL_COVER]


def in_tanda(session: Session, attacker: str, target: str, weapon: str) -> None:
    """A combat of the two, the attacker's one attack declared, its tanda under way."""
    session.run(GM, cmd.StartCombat(combatants=[attacker, target]))
    session.run(
        GM, cmd.DeclareActions(character=attacker, actions=actions("attack", weapon=weapon))
    )
    session.run(GM, cmd.StartTanda())


def terms(outcome: Any) -> list[tuple[str, int, str | None]]:
    return [(t.name, t.amount, t.reason) for t in outcome.attack.terms]


def fell(session: Session, character: str) -> None:
    """An incapacitated leg: the character falls and stays down [001:65]."""
    session.run(
        GM, cmd.InflictWound(character=character, location="PD", level=3, reason="a stumble")
    )
    assert "fallen" in session.state.characters[character].conditions


# -- 1. surprise is a melee entry only [001:79,89-102] -------------------------------------


def test_a_surprise_shot_is_refused_and_the_shot_keeps_its_ranged_modifiers() -> None:
    """The issue's bowman (Arco 1, +10 in all) with `surprise` is refused, nothing recorded;
    the same shot without it is a certain failure, each modifier in its record."""
    session = new_session()
    archer = session.create(GM, "Arquero", sheet(skills={"Arco": 1}, weapons=[BOW]))
    target = session.create(GM, "Blanco", sheet())
    in_tanda(session, archer, target, "arco")
    shot = attack(archer, target, modifiers=HOPELESS_SHOT, location="C", surprise=True)
    refused(session, GM, shot, "surprise_is_melee_only")
    outcome = session.resolve(GM, msgspec.structs.replace(shot, surprise=False))
    assert outcome.outcome == "missed"
    assert (outcome.attack.difficulty, outcome.attack.certain) == (10, "failure")
    assert terms(outcome) == [
        ("base", 0, None),
        ("long_range", 3, None),
        ("moving_target", 2, None),
        ("total_cover", 4, None),
        ("accumulation", 0, None),
        ("precision", 1, None),
    ]


def test_a_thrown_weapon_by_surprise_is_refused_and_a_melee_blow_still_hits() -> None:
    """A thrown weapon is ranged too [001:102]; a sword from behind hits at +8 on skill 4."""
    knife = msgspec.structs.replace(SWORD, name="cuchillo", reach="thrown", skill="Cuchillo")
    session = new_session(2)
    a = session.create(GM, "A", sheet(skills={"Espada": 4, "Cuchillo": 5}, weapons=[SWORD, knife]))
    b = session.create(GM, "B", sheet())
    session.run(GM, cmd.StartCombat(combatants=[a, b]))
    declared = [Action(kind="attack", weapon="cuchillo"), Action(kind="attack", weapon="espada")]
    session.run(GM, cmd.DeclareActions(character=a, actions=declared))
    session.run(GM, cmd.StartTanda())
    refused(session, GM, attack(a, b, surprise=True), "surprise_is_melee_only")
    session.run(GM, cmd.PassActions(character=a))
    session.run(GM, cmd.StartTanda())
    blow = session.resolve(GM, attack(a, b, surprise=True, base_difficulty=8))
    assert blow.outcome == "hit" and blow.sl == 2


# -- 5. the ground is cover [001:83,106] ---------------------------------------------------


def test_a_shot_at_a_fallen_target_adds_partial_cover_once() -> None:
    """[001:106] a target lying on the ground is partial cover: +2 with its reason, once
    when the game master names it too; a named total cover is the target's one cover."""
    session = new_session(9, 9, 9)
    archer = session.create(GM, "Arquero", sheet(skills={"Arco": 5}, weapons=[BOW]))
    target = session.create(GM, "Blanco", sheet())
    session.run(GM, cmd.StartCombat(combatants=[archer, target]))
    fell(session, target)
    ground = ("partial_cover", 2, "the target is on the ground")
    for named, expected in (
        ([], [("base", 0, None), ground]),
        ([Modifier.PARTIAL_COVER], [("base", 0, None), ("partial_cover", 2, None)]),
        ([Modifier.TOTAL_COVER], [("base", 0, None), ("total_cover", 4, None)]),
    ):
        session.run(GM, cmd.StartRound())
        session.run(
            GM, cmd.DeclareActions(character=archer, actions=actions("attack", weapon="arco"))
        )
        session.run(GM, cmd.StartTanda())
        shot = session.resolve(GM, attack(archer, target, modifiers=named))
        assert terms(shot) == [*expected, ("accumulation", 0, None)]


def test_a_melee_attack_on_a_fallen_opponent_is_4_easier_and_on_a_standing_one_not() -> None:
    """[001:83] "adversario derribado -4": derived from `fallen`, once when also named; none
    against an opponent on its feet."""
    session = new_session(9, 9, 9)
    a = session.create(GM, "A", sheet(skills={"Espada": 1}))
    down = session.create(GM, "B", sheet())
    up = session.create(GM, "C", sheet())
    session.run(GM, cmd.StartCombat(combatants=[a, down, up]))
    fell(session, down)
    ground = ("opponent_prone", -4, "the target is on the ground")
    named_prone = ("opponent_prone", -4, None)
    for target, named, expected in (
        (down, [], [ground]),
        (down, [Modifier.OPPONENT_PRONE], [named_prone]),
        (up, [], []),
    ):
        session.run(GM, cmd.StartRound())
        session.run(GM, cmd.DeclareActions(character=a, actions=actions("attack")))
        session.run(GM, cmd.StartTanda())
        blow = session.resolve(GM, attack(a, target, modifiers=named))
        assert terms(blow) == [("base", 0, None), *expected, ("accumulation", 0, None)]


# -- 6. mounted against a man on foot [001:86-87] ------------------------------------------


def test_mounted_vs_foot_comes_with_mounted_and_a_target_has_one_cover_and_one_distance() -> None:
    """[001:86-87] the -2 offsets the mounted +2 in the attack only: alone it is refused;
    with `mounted` the attack is at 0. One cover, one distance [001:105-107]."""
    for names, ranged in (
        ([Modifier.MOUNTED_VS_FOOT], False),
        ([Modifier.PARTIAL_COVER, Modifier.TOTAL_COVER], True),
        ([Modifier.SHORT_RANGE, Modifier.LONG_RANGE], True),
    ):
        with pytest.raises(InvalidCommand) as error:
            gm_terms(0, names, [], ranged=ranged, attack=True)
        assert error.value.code == "incoherent_modifiers"
    session = new_session(9, 9)
    rider = session.create(GM, "Jinete", sheet(agi=6))
    walker = session.create(GM, "Peón", sheet(skills={"Espada": 5}))
    in_tanda(session, rider, walker, "espada")
    lone = attack(rider, walker, modifiers=[Modifier.MOUNTED_VS_FOOT])
    refused(session, GM, lone, "incoherent_modifiers")
    both = [Modifier.MOUNTED, Modifier.MOUNTED_VS_FOOT]
    blow = session.resolve(GM, attack(rider, walker, modifiers=both))
    assert blow.attack.difficulty == 0
    assert terms(blow)[1:3] == [("mounted", 2, None), ("mounted_vs_foot", -2, None)]


# -- 7. movement: Agilidad metres a round, each move an action [001:20,47] -----------------


def moving(character: str, metres: int) -> cmd.Move:
    return cmd.Move(character=character, metres=metres, reason="towards the door")


def test_a_rounds_moves_add_up_to_agility_metres_each_one_of_its_actions() -> None:
    """AGI 5: 3 m and then 2 m in one round, not 3 more; the next round 5 again, not 6. Each
    move spends a declared `other` action: the attack after two moves is at +2."""
    session = new_session(1, 9)
    runner = session.create(GM, "Corredor", sheet(agi=5))
    other = session.create(GM, "Otro", sheet(agi=4))
    session.run(GM, cmd.StartCombat(combatants=[runner, other]))
    session.run(
        GM, cmd.DeclareActions(character=runner, actions=actions("other", "other", "attack"))
    )
    refused(session, GM, moving(runner, 3), "no_tanda")
    session.run(GM, cmd.StartTanda())
    refused(session, GM, moving(runner, 6), "too_many_metres")
    session.run(GM, moving(runner, 3))
    refused(session, GM, moving(runner, 1), "no_such_action")
    session.run(GM, cmd.StartTanda())
    refused(session, GM, moving(runner, 3), "too_many_metres")
    session.run(GM, moving(runner, 2))
    session.run(GM, cmd.StartTanda())
    assert terms(session.resolve(GM, attack(runner, other)))[-1] == ("accumulation", 2, None)
    assert [(e.metres, e.action) for e in session.events() if isinstance(e, Moved)] == [
        (3, 1),
        (2, 2),
    ]
    session.run(GM, cmd.RollDamage())
    session.run(GM, cmd.StartRound())
    session.run(GM, cmd.DeclareActions(character=runner, actions=actions("other")))
    session.run(GM, cmd.StartTanda())
    refused(session, GM, moving(runner, 6), "too_many_metres")
    session.run(GM, moving(runner, 5))
    assert replayed_state(session.events()) == live_state(session)


def test_a_move_is_the_game_masters_to_resolve_in_agility_order() -> None:
    """Only the game master resolves a move (its refusal names the Agilidad); a slower
    combatant moves after a faster one's action [001:46]; never outside a combat."""
    session = new_session(players=1)
    pc = session.create("p1", "Rodrigo", sheet(agi=4))
    npc = session.create(GM, "Bandido", sheet(agi=6))
    refused(session, GM, moving(pc, 1), "not_in_combat")
    session.run(GM, cmd.StartCombat(combatants=[pc, npc]))
    session.run("p1", cmd.DeclareActions(character=pc, actions=actions("other")))
    session.run(GM, cmd.DeclareActions(character=npc, actions=actions("other")))
    session.run(GM, cmd.StartTanda())
    refused(session, "p1", moving(pc, 1), "not_game_master")
    refused(session, GM, moving(pc, 1), "not_your_turn")
    session.run(GM, moving(npc, 6))
    session.run(GM, moving(pc, 4))
    assert session.state.combat is not None
    assert session.state.combat.moved == {npc: 6, pc: 4}
