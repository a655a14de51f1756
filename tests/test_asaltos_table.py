"""asaltos through the application: seats and characters, checks, a combat round with
parry and dodge, damage and wounds, death timers and Medicine, healing over game time;
refused commands change nothing; replay gives the same state; closed tables verify."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.asaltos import commands as cmd
from domain.asaltos.events import (
    AttackFailed,
    AttackRolled,
    CheckMade,
    CriticalRolled,
    DeathTimerStarted,
    DeathTimerStopped,
    Died,
    DodgeRolled,
    ShockSuffered,
    WoundHealed,
)
from domain.asaltos.healing import costs_characteristic, heals_by
from domain.asaltos.modifiers import Modifier, Other
from domain.asaltos.sheet import Armour, Location, Protection
from domain.asaltos.state import Action
from domain.asaltos.wounds import HOUR, MINUTE, MONTH, WEEK
from domain.commands import CloseTable
from domain.dice import DiceRolled
from domain.errors import DomainError
from tests.asaltos_helpers import (
    BOW,
    GM,
    SWORD,
    Session,
    actions,
    attack,
    check,
    events_of,
    live_state,
    new_session,
    refused,
    replayed_state,
    sheet,
)
from tests.replay_checks import assert_replay_matches


def closes_and_verifies(session: Session) -> None:
    session.run(GM, CloseTable())
    table = session.table()
    verification = session.app.verify(session.table_id)
    assert verification.commitment_matches
    assert verification.mismatches == []
    assert verification.dice_checked == table.dice_rolled
    assert replayed_state(session.events()) == live_state(session)


# -- characters and checks --------------------------------------------------------------------


def test_a_player_creates_its_own_character_and_the_gm_its_npcs() -> None:
    session = new_session(players=2)
    pc = session.create("p1", "Rodrigo", sheet())
    npc = session.create(GM, "Bandido", sheet())
    assert session.state.characters[pc].seat == "p1"
    assert session.state.characters[npc].seat == GM
    refused(session, "p3", cmd.CreateCharacter(name="Nadie", sheet=sheet()), "not_seated")
    refused(session, "p1", cmd.CreateCharacter(name="Malo", sheet=sheet(fue=0)), "invalid_sheet")
    bad = sheet(weapons=[msgspec.structs.replace(SWORD, code="1/2/3")])
    refused(session, "p1", cmd.CreateCharacter(name="Malo", sheet=bad), "invalid_weapon")


def test_checks_roll_against_the_gms_difficulty_and_record_the_die_first() -> None:
    """A1 at the table [001:29]: Escalada 5 at -2, 7 succeeds; then 8 fails."""
    session = new_session(7, 8, players=1)
    pc = session.create("p1", "Rodrigo", sheet(skills={"Escalada": 5}))
    result = session.resolve(GM, check(pc, "Escalada", base_difficulty=-2))
    assert result.success and result.sl == -2
    assert not session.resolve(GM, check(pc, "Escalada", base_difficulty=-2)).success
    events = session.events()
    rolled = [i for i, e in enumerate(events) if isinstance(e, DiceRolled)]
    checks = [i for i, e in enumerate(events) if isinstance(e, CheckMade)]
    assert [events[i].roll for i in checks] == [1, 2]
    assert all(r < c for r, c in zip(rolled, checks, strict=True))
    refused(session, "p1", check(pc, "Escalada", base_difficulty=0), "not_game_master")
    refused(session, GM, check(pc, "Nadar", base_difficulty=0), "skill_unusable")
    refused(
        session, GM, check(pc, "Escalada", characteristic="FUE", base_difficulty=0), "invalid_check"
    )


def test_a_certain_outcome_rolls_no_die() -> None:
    """[001:31,40] value 10 at 0 and skill 2 at +5: no DiceRolled, roll None."""
    session = new_session()
    npc = session.create(GM, "Maestro", sheet(skills={"Esgrima": 10, "Cocina": 2}))
    assert session.resolve(GM, check(npc, "Esgrima")).certain == "success"
    assert session.resolve(GM, check(npc, "Cocina", base_difficulty=5)).certain == "failure"
    assert events_of(session, DiceRolled) == []
    assert [e.roll for e in events_of(session, CheckMade)] == [None, None]
    session.run(GM, check(npc, "Esgrima", roll_for_sl=True))
    assert len(events_of(session, DiceRolled)) == 1


def test_wound_penalties_and_gm_modifiers_add_to_a_check() -> None:
    """[001:64,101] a serious wound's +2 and an explained +1."""
    session = new_session(1)
    npc = session.create(GM, "Herido", sheet(skills={"Trepar": 5}))
    session.run(GM, cmd.InflictWound(character=npc, location="P", level=2, reason="fell"))
    result = session.resolve(
        GM, check(npc, "Trepar", modifiers=[Other(amount=1, reason="wet rock")])
    )
    assert result.difficulty == 3
    assert [(t.name, t.amount) for t in result.terms] == [("base", 0), ("other", 1), ("wounds", 2)]


def test_an_opposed_check_compares_success_levels() -> None:
    session = new_session(2, 4)
    a = session.create(GM, "A", sheet(skills={"Pulso": 6}))
    b = session.create(GM, "B", sheet(skills={"Pulso": 6}))
    contenders = [
        cmd.Contender(character=a, skill="Pulso", base_difficulty=0, modifiers=[]),
        cmd.Contender(character=b, skill="Pulso", base_difficulty=0, modifiers=[]),
    ]
    assert session.resolve(GM, cmd.OpposedCheck(contenders=contenders)) == a


# -- the combat round -------------------------------------------------------------------------


def duel(*rolls: int, **options: Any) -> tuple[Session, str, str]:
    """A8's knights: the French (p1, AGI 7, skill 3) and the Spanish (NPC, AGI 5, skill 5)."""
    session = new_session(*rolls, players=1, **options)
    french = session.create("p1", "French", sheet(agi=7, skills={"Espada": 3}))
    spanish = session.create(GM, "Spanish", sheet(agi=5, skills={"Espada": 5}))
    session.run(GM, cmd.StartCombat(combatants=[french, spanish]))
    return session, french, spanish


def test_a8_the_duel_at_the_table() -> None:
    """[001:114-120] round 1 and round 2 as the digest walks them; the damage and RES dice
    are chosen to give the wounds the book names; the Spanish natural 1 of round 2 asks for
    a confirmation die (7: not confirmed), which the text omits."""
    rolls = [8, 5, 1, 1, 3, 4, 1, 2, 1, 6, 9, 1, 7]
    session, french, spanish = duel(*rolls)
    session.run("p1", cmd.DeclareActions(character=french, actions=actions("attack", "parry")))
    refused(
        session,
        "p1",
        cmd.DeclareActions(character=spanish, actions=actions("attack")),
        "not_your_character",
    )
    session.run(GM, cmd.DeclareActions(character=spanish, actions=actions("attack", "attack")))
    session.run(GM, cmd.StartTanda())
    # the faster French acts first in tanda 1, and cannot parry there: his first is an attack
    refused(session, GM, attack(spanish, french), "not_your_turn")
    assert session.resolve(GM, attack(french, spanish)).outcome == "missed"
    refused(session, GM, attack(spanish, french, reaction="parry"), "no_reaction_declared")
    assert session.resolve(GM, attack(spanish, french)).outcome == "hit"
    refused(session, GM, cmd.StartTanda(), "damage_pending")
    damage = session.resolve(GM, cmd.RollDamage())
    assert (damage.location, damage.level) == ("PD", 1)
    pain = session.resolve(
        GM, cmd.PainRoll(character=french, wound=1, base_difficulty=0, modifiers=[])
    )
    assert pain.success and pain.difficulty == 1  # the wound's own +1 (errata GAP option)
    session.run(GM, cmd.StartTanda())
    # tanda 2: the Spanish rolls 4 (+1: SL 1); the French parry at +2 rolls 1: parried
    outcome = session.resolve(GM, attack(spanish, french, reaction="parry"))
    assert outcome.attack.sl == 1 and outcome.attack.difficulty == 1
    assert outcome.parry.difficulty == 2 and outcome.outcome == "parried"
    assert events_of(session, CriticalRolled) == []
    refused(session, GM, cmd.StartTanda(), "round_over")

    session.run(GM, cmd.StartRound())
    session.run("p1", cmd.DeclareActions(character=french, actions=actions("attack", "attack")))
    session.run(GM, cmd.DeclareActions(character=spanish, actions=actions("attack", "attack")))
    session.run(GM, cmd.StartTanda())
    head = session.resolve(GM, attack(french, spanish, location="C"))
    assert head.outcome == "hit" and head.attack.difficulty == 1  # precision +1, no pain
    assert (
        session.resolve(GM, cmd.RollDamage()).level,
        session.state.characters[spanish].dead,
    ) == (2, False)
    slowed = session.resolve(GM, attack(spanish, french))
    assert slowed.outcome == "missed" and slowed.attack.difficulty == 2
    session.run(GM, cmd.StartTanda())
    assert session.resolve(GM, attack(french, spanish)).outcome == "missed"
    last = session.resolve(GM, attack(spanish, french))
    assert last.outcome == "hit" and last.attack.sl == 4 and last.attack.difficulty == 3
    assert [e.confirmed for e in events_of(session, CriticalRolled)] == [False]
    assert session.state.combat is not None and session.state.combat.pending is not None
    assert replayed_state(session.events()) == live_state(session)


def test_a_dodge_is_rolled_first_and_makes_the_attack_harder() -> None:
    """[001:111] dodge 3 (SL 2) → the attack's 4 + 2 > 5: dodged."""
    session = new_session(3, 4)
    a = session.create(GM, "A", sheet(agi=6))
    b = session.create(GM, "B", sheet(agi=5, skills={"Espada": 5, "Esquivar": 5}))
    session.run(GM, cmd.StartCombat(combatants=[a, b]))
    session.run(GM, cmd.DeclareActions(character=a, actions=actions("attack")))
    session.run(GM, cmd.DeclareActions(character=b, actions=actions("dodge")))
    session.run(GM, cmd.StartTanda())
    refused(session, GM, attack(a, b, reaction="parry"), "no_reaction_declared")
    refused(session, GM, attack(a, b, reaction="dodge", surprise=True), "invalid_reaction")
    refused(
        session, GM, attack(a, b, reaction="none", defender_base_difficulty=0), "invalid_reaction"
    )
    outcome = session.resolve(GM, attack(a, b, reaction="dodge"))
    assert outcome.outcome == "dodged"
    events = session.events()
    kinds = [type(e) for e in events[-4:]]
    assert kinds == [DiceRolled, DodgeRolled, AttackRolled, AttackFailed]
    assert [d.purpose for d in events[-4].dice] == ["dodge", "attack"]
    assert events[-1].outcome == "dodged"


def test_equal_agility_is_simultaneous_and_its_wounds_do_not_penalise() -> None:
    """[001:46] and errata: B's tanda-1 attack ignores the wound A dealt at the same step;
    B's tanda-2 attack suffers it."""
    session = new_session(5, 7, 2, 5, 1, 1, 3)
    a = session.create(GM, "A", sheet(agi=5))
    b = session.create(GM, "B", sheet(agi=5))
    session.run(GM, cmd.StartCombat(combatants=[a, b]))
    session.run(GM, cmd.DeclareActions(character=a, actions=actions("attack")))
    session.run(GM, cmd.DeclareActions(character=b, actions=actions("attack", "attack")))
    session.run(GM, cmd.StartTanda())
    assert session.resolve(GM, attack(a, b)).outcome == "hit"
    assert session.resolve(GM, cmd.RollDamage()).level == 2  # chest (7), 2 → L2
    simultaneous = session.resolve(GM, attack(b, a))
    assert simultaneous.attack.difficulty == 0 and simultaneous.outcome == "hit"
    session.run(GM, cmd.RollDamage())
    session.run(GM, cmd.StartTanda())
    later = session.resolve(GM, attack(b, a, reaction="none"))
    assert later.attack.difficulty == 1 + 2  # accumulation and the serious wound


def test_a_faster_combatant_that_passes_lets_the_slower_act() -> None:
    """[001:109] nobody has to use all their actions."""
    session = new_session(9)
    a = session.create(GM, "A", sheet(agi=7))
    b = session.create(GM, "B", sheet(agi=4))
    session.run(GM, cmd.StartCombat(combatants=[a, b]))
    session.run(GM, cmd.DeclareActions(character=a, actions=actions("attack")))
    session.run(GM, cmd.DeclareActions(character=b, actions=actions("attack")))
    refused(
        session,
        GM,
        cmd.DeclareActions(character=b, actions=actions("attack")),
        "already_declared",
    )
    session.run(GM, cmd.StartTanda())
    refused(session, GM, attack(b, a), "not_your_turn")
    session.run(GM, cmd.PassActions(character=a))
    assert session.resolve(GM, attack(b, a)).outcome == "missed"
    refused(session, GM, cmd.PassActions(character=a), "no_such_action")


@pytest.mark.parametrize("carry_over", [False, True])
def test_a_parry_declared_first_stops_a_faster_attack_and_keeps_to_its_tanda(
    carry_over: bool,
) -> None:
    """[001:112-113] B (AGI 4) declared parry then attack: it parries A's (AGI 7) tanda-1
    attack; a parry unused in tanda 1 serves tanda 2 only if the options let it (GAP)."""
    session = new_session(3, 1, 3, 9, reactions_carry_over=carry_over)
    a = session.create(GM, "A", sheet(agi=7))
    b = session.create(GM, "B", sheet(agi=4, skills={"Espada": 5}))
    session.run(GM, cmd.StartCombat(combatants=[a, b]))
    session.run(GM, cmd.DeclareActions(character=a, actions=actions("attack", "attack")))
    session.run(GM, cmd.DeclareActions(character=b, actions=actions("parry", "attack")))
    session.run(GM, cmd.StartTanda())
    assert session.resolve(GM, attack(a, b, reaction="parry")).outcome == "parried"
    session.run(GM, cmd.StartRound())
    session.run(GM, cmd.DeclareActions(character=a, actions=actions("attack", "attack")))
    session.run(GM, cmd.DeclareActions(character=b, actions=actions("parry", "attack")))
    session.run(GM, cmd.StartTanda())
    session.run(GM, cmd.StartTanda())  # tanda 1 passes without an attack: the parry is unused
    if carry_over:
        assert session.resolve(GM, attack(a, b, reaction="parry")).parry is not None
    else:
        refused(session, GM, attack(a, b, reaction="parry"), "no_reaction_declared")


def test_a_second_wound_on_a_location_is_noted_separately() -> None:
    """[001:68] two light chest wounds are two entries, P1 and P1, worth +1 each."""
    session = new_session()
    npc = session.create(GM, "A", sheet())
    for _ in range(2):
        session.run(GM, cmd.InflictWound(character=npc, location="P", level=1, reason="cut"))
    character = session.state.characters[npc]
    assert [w.code for w in character.wounds] == ["P1", "P1"] and character.movement == 5


def test_events_derived_from_a_roll_name_it_and_its_visibility() -> None:
    """Each event derived from dice carries the roll's number and visibility. Only a check
    may be secret; an attack and its damage change wounds at once and are always public."""
    session = new_session(5, 5, 1, 1)
    a = session.create(GM, "A", sheet())
    b = session.create(GM, "B", sheet())
    session.run(GM, check(a, skill="Espada", visibility="blind"))
    session.run(GM, cmd.StartCombat(combatants=[a, b]))
    session.run(GM, cmd.DeclareActions(character=a, actions=actions("attack")))
    session.run(GM, cmd.StartTanda())
    session.run(GM, attack(a, b))
    session.run(GM, cmd.RollDamage())
    rolls = {e.roll: e.visibility for e in events_of(session, DiceRolled)}
    derived = [e for e in session.events() if hasattr(e, "roll") and not isinstance(e, DiceRolled)]
    assert len(derived) >= 4
    assert all(rolls[e.roll] == e.visibility for e in derived)
    assert {e.visibility for e in derived} == {"blind", "public"}
    assert session.table().secret_rolls == [1]
    for command in (cmd.Attack, cmd.RollDamage, cmd.PainRoll, cmd.MedicineRoll):
        assert "visibility" not in command.__struct_fields__


def test_too_many_actions_are_refused() -> None:
    """[001:47,121] AGI 2 and a one-action axe."""
    session = new_session()
    a = session.create(GM, "A", sheet(agi=2))
    session.run(GM, cmd.StartCombat(combatants=[a]))
    refused(
        session,
        GM,
        cmd.DeclareActions(character=a, actions=actions("dodge", "other", "dodge")),
        "too_many_actions",
    )
    refused(
        session,
        GM,
        cmd.DeclareActions(character=a, actions=actions("attack", "attack", "attack")),
        "too_many_actions",
    )


def test_aiming_lowers_the_shot_by_one_a_round_to_two_and_not_in_the_same_round() -> None:
    """[001:90,103] aim two rounds (and a third, still -2), then shoot at long range (+3)."""
    session = new_session(5)
    archer = session.create(GM, "Arquero", sheet(agi=5, skills={"Arco": 5}, weapons=[BOW]))
    target = session.create(GM, "Blanco", sheet())
    session.run(GM, cmd.StartCombat(combatants=[archer, target]))
    assert session.run(GM, cmd.TakeAim(character=archer, target=target)).result == 1
    refused(session, GM, cmd.TakeAim(character=archer, target=target), "cannot_aim")
    refused(
        session,
        GM,
        cmd.DeclareActions(character=archer, actions=actions("attack", weapon="arco")),
        "aiming",
    )
    for expected in (2, 3):
        session.run(GM, cmd.StartRound())
        assert session.run(GM, cmd.TakeAim(character=archer, target=target)).result == expected
    session.run(GM, cmd.StartRound())
    session.run(GM, cmd.DeclareActions(character=archer, actions=actions("attack", weapon="arco")))
    refused(session, GM, cmd.TakeAim(character=archer, target=target), "cannot_aim")
    session.run(GM, cmd.StartTanda())
    refused(
        session, GM, attack(archer, target, modifiers=[Modifier.OPPONENT_PRONE]), "invalid_modifier"
    )
    shot = session.resolve(GM, attack(archer, target, modifiers=[Modifier.LONG_RANGE]))
    assert [(t.name, t.amount) for t in shot.attack.terms] == [
        ("base", 0),
        ("long_range", 3),
        ("accumulation", 0),
        ("aim", -2),
    ]
    assert session.state.combat is not None and archer not in session.state.combat.aims


def test_surprise_hits_automatically() -> None:
    """[001:79] behind or by surprise: hit, SL from a die (default)."""
    session = new_session(2)
    a = session.create(GM, "A", sheet(agi=3, skills={"Espada": 4}))
    b = session.create(GM, "B", sheet(agi=8))
    session.run(GM, cmd.StartCombat(combatants=[a, b]))
    session.run(GM, cmd.DeclareActions(character=a, actions=actions("attack")))
    session.run(GM, cmd.StartTanda())
    outcome = session.resolve(GM, attack(a, b, surprise=True, base_difficulty=8))
    assert outcome.outcome == "hit" and outcome.sl == 2


def test_a_critical_does_maximum_damage_through_armour() -> None:
    """[001:39] natural 1, confirmation 4 ≤ 5: the code's highest level, armour ignored."""
    plate = Armour(
        name="placas", kind="rigid", protection={"cortante": Protection(mode="levels", amount=3)}
    )
    session = new_session(1, 4, 2)
    a = session.create(GM, "A", sheet())
    b = session.create(GM, "B", sheet(armour=plate))
    session.run(GM, cmd.StartCombat(combatants=[a, b]))
    session.run(GM, cmd.DeclareActions(character=a, actions=actions("attack")))
    session.run(GM, cmd.StartTanda())
    assert session.resolve(GM, attack(a, b)).critical
    damage = session.resolve(GM, cmd.RollDamage())
    assert (damage.location, damage.level, damage.face) == ("PI", 4, None)
    assert session.state.characters[b].conditions == ["unconscious", "fallen"]


# -- wounds, timers, Medicine, shock -------------------------------------------------------------


def test_an_incapacitated_head_kills() -> None:
    session = new_session()
    npc = session.create(GM, "A", sheet())
    session.run(GM, cmd.InflictWound(character=npc, location="C", level=3, reason="rock"))
    assert session.state.characters[npc].dead
    refused(session, GM, check(npc, "Espada"), "character_dead")
    refused(
        session,
        GM,
        cmd.InflictWound(character=npc, location="P", level=1, reason="again"),
        "character_dead",
    )


def test_an_abdomen_wound_kills_in_res_hours_unless_medicine_succeeds() -> None:
    """[001:65] RES 4: 4 hours; Medicine at the GM's difficulty stops the timer."""
    session = new_session(9, 3)
    patient = session.create(GM, "Herido", sheet(res=4))
    doctor = session.create(GM, "Doctor", sheet(skills={"Medicina": 6}))
    session.run(GM, cmd.InflictWound(character=patient, location="A", level=3, reason="gut"))
    character = session.state.characters[patient]
    assert character.conditions == ["dropped_everything", "fallen"]
    assert [(t.cause, t.deadline) for t in character.timers] == [("abdomen", 4 * HOUR)]
    refused(session, GM, check(patient, characteristic="RES"), "character_cannot_act")
    medicine = cmd.MedicineRoll(
        healer=doctor, patient=patient, wound=None, base_difficulty=0, modifiers=[]
    )
    assert not session.resolve(GM, medicine).success
    assert session.state.characters[patient].timers
    assert session.resolve(GM, medicine).success
    assert session.state.characters[patient].timers == []
    assert len(events_of(session, DeathTimerStopped)) == 1
    refused(session, GM, medicine, "no_death_timer")
    session.run(GM, cmd.AdvanceTime(seconds=5 * HOUR, reason="night", losses=[]))
    assert not session.state.characters[patient].dead


def test_a_death_timer_that_runs_out_kills() -> None:
    """[001:65] 4 hours pass without Medicine."""
    session = new_session()
    patient = session.create(GM, "Herido", sheet(res=4))
    session.run(GM, cmd.InflictWound(character=patient, location="A", level=3, reason="gut"))
    session.run(GM, cmd.AdvanceTime(seconds=4 * HOUR - 1, reason="wait", losses=[]))
    assert not session.state.characters[patient].dead
    session.run(GM, cmd.AdvanceTime(seconds=1, reason="wait", losses=[]))
    assert session.state.characters[patient].dead


def test_a_severed_limb_bleeds_out_in_res_rounds() -> None:
    """[001:66] RES 3: dead when round 4 starts (three seconds later)."""
    session = new_session()
    a = session.create(GM, "A", sheet(res=3))
    b = session.create(GM, "B", sheet())
    session.run(GM, cmd.StartCombat(combatants=[a, b]))
    session.run(GM, cmd.InflictWound(character=a, location="BI", level=4, reason="axe"))
    assert events_of(session, DeathTimerStarted)[0].timer.deadline == 3
    for _ in range(2):
        session.run(GM, cmd.StartRound())
        assert not session.state.characters[a].dead
    session.run(GM, cmd.StartRound())
    assert session.state.characters[a].dead
    assert events_of(session, Died)[0].cause == "no Medicine in time (severed_limb)"


def test_shock_when_penalties_exceed_res() -> None:
    """[001:67] RES 4: an arm (+4) is not shock; a light wound more (+5) is: fainted, RES
    minutes."""
    session = new_session()
    npc = session.create(GM, "A", sheet(res=4))
    session.run(GM, cmd.InflictWound(character=npc, location="BD", level=3, reason="club"))
    assert events_of(session, ShockSuffered) == []
    session.run(GM, cmd.InflictWound(character=npc, location="P", level=1, reason="cut"))
    shock = events_of(session, ShockSuffered)
    assert [(s.penalty, s.res) for s in shock] == [(5, 4)]
    character = session.state.characters[npc]
    assert "fainted" in character.conditions and character.timers[0].deadline == 4 * MINUTE
    session.run(GM, cmd.AdvanceTime(seconds=4 * MINUTE, reason="bleeding", losses=[]))
    assert session.state.characters[npc].dead


def test_pain_is_suppressed_for_the_current_combat_only() -> None:
    """[001:63] the RES roll removes the +1 until the combat ends."""
    session = new_session(2)
    npc = session.create(GM, "A", sheet())
    refused(
        session,
        GM,
        cmd.PainRoll(character=npc, wound=1, base_difficulty=0, modifiers=[]),
        "not_in_combat",
    )
    session.run(GM, cmd.StartCombat(combatants=[npc]))
    session.run(GM, cmd.InflictWound(character=npc, location="P", level=1, reason="cut"))
    session.run(GM, cmd.InflictWound(character=npc, location="A", level=2, reason="cut"))
    refused(
        session,
        GM,
        cmd.PainRoll(character=npc, wound=2, base_difficulty=0, modifiers=[]),
        "not_a_light_wound",
    )
    assert session.resolve(
        GM, cmd.PainRoll(character=npc, wound=1, base_difficulty=0, modifiers=[])
    ).success
    refused(
        session,
        GM,
        cmd.PainRoll(character=npc, wound=1, base_difficulty=0, modifiers=[]),
        "pain_suppressed",
    )
    assert session.state.characters[npc].wounds[0].suppressed
    session.run(GM, cmd.EndCombat())
    assert not session.state.characters[npc].wounds[0].suppressed


# -- healing -------------------------------------------------------------------------------------


def test_healing_over_game_time() -> None:
    """[001:71-72] L1 after 5 quiet minutes; L2 after 3 weeks of rest, and an interruption
    restarts the count."""
    session = new_session()
    npc = session.create(GM, "A", sheet())
    session.run(GM, cmd.InflictWound(character=npc, location="P", level=1, reason="x"))
    session.run(GM, cmd.InflictWound(character=npc, location="A", level=2, reason="x"))
    session.run(GM, cmd.AdvanceTime(seconds=5 * MINUTE - 1, reason="bandage", losses=[]))
    assert [w.code for w in session.state.characters[npc].wounds] == ["P1", "A2"]
    session.run(GM, cmd.AdvanceTime(seconds=1, reason="bandage", losses=[]))
    assert [w.code for w in session.state.characters[npc].wounds] == ["A2"]
    session.run(GM, cmd.InterruptRest(character=npc, reason="travelled"))
    session.run(GM, cmd.AdvanceTime(seconds=2 * WEEK, reason="rest", losses=[]))
    session.run(GM, cmd.AdvanceTime(seconds=WEEK - 1, reason="rest", losses=[]))
    assert [w.code for w in session.state.characters[npc].wounds] == ["A2"]
    session.run(GM, cmd.AdvanceTime(seconds=1, reason="rest", losses=[]))
    assert session.state.characters[npc].wounds == []
    assert len(events_of(session, WoundHealed)) == 2


def test_a_lost_limb_never_heals() -> None:
    """[001:66,74] Medicine stops the bleeding; the limb stays lost."""
    session = new_session(1)
    npc = session.create(GM, "A", sheet(res=10))
    doctor = session.create(GM, "Doctor", sheet(skills={"Medicina": 5}))
    session.run(GM, cmd.InflictWound(character=npc, location="BI", level=4, reason="axe"))
    medicine = cmd.MedicineRoll(
        healer=doctor, patient=npc, wound=None, base_difficulty=0, modifiers=[]
    )
    assert session.resolve(GM, medicine).success
    session.run(GM, cmd.AdvanceTime(seconds=12 * MONTH, reason="years", losses=[]))
    character = session.state.characters[npc]
    assert not character.dead and [w.code for w in character.wounds] == ["BI4"]
    refused(
        session,
        GM,
        cmd.MedicineRoll(healer=doctor, patient=npc, wound=1, base_difficulty=0, modifiers=[]),
        "wound_not_treatable",
    )


def test_medicine_shortens_a_serious_wound_to_two_weeks() -> None:
    """[001:72]"""
    session = new_session(1)
    npc = session.create(GM, "A", sheet(skills={"Medicina": 5}))
    session.run(GM, cmd.InflictWound(character=npc, location="A", level=2, reason="x"))
    medicine = cmd.MedicineRoll(healer=npc, patient=npc, wound=1, base_difficulty=0, modifiers=[])
    session.run(GM, medicine)
    refused(session, GM, medicine, "already_treated")
    session.run(GM, cmd.AdvanceTime(seconds=2 * WEEK, reason="rest", losses=[]))
    assert session.state.characters[npc].wounds == []


def test_an_incapacitated_location_costs_agi_or_res_as_the_gm_says() -> None:
    """[001:73] two months, then -1 AGI or RES (GM); with Medicine one month, no loss."""
    session = new_session(1)
    a = session.create(GM, "A", sheet(agi=6))
    b = session.create(GM, "B", sheet(skills={"Medicina": 5}))
    session.run(GM, cmd.InflictWound(character=a, location="BD", level=3, reason="x"))
    session.run(GM, cmd.InflictWound(character=b, location="PI", level=3, reason="x"))
    session.run(GM, cmd.MedicineRoll(healer=b, patient=b, wound=1, base_difficulty=0, modifiers=[]))
    session.run(GM, cmd.AdvanceTime(seconds=MONTH, reason="rest", losses=[]))
    assert session.state.characters[b].wounds == [] and session.state.characters[b].lost == {}
    refused(
        session,
        GM,
        cmd.AdvanceTime(seconds=MONTH, reason="rest", losses=[]),
        "loss_choice_required",
    )
    wrong = [cmd.Loss(character=b, wound=1, characteristic="AGI")]
    refused(
        session,
        GM,
        cmd.AdvanceTime(seconds=MONTH, reason="rest", losses=wrong),
        "loss_choice_required",
    )
    losses = [cmd.Loss(character=a, wound=1, characteristic="AGI")]
    session.run(GM, cmd.AdvanceTime(seconds=MONTH, reason="rest", losses=losses))
    character = session.state.characters[a]
    assert character.wounds == [] and character.lost == {"AGI": 1} and character.value("AGI") == 5


def test_combat_pauses_rest_and_its_end_restarts_it() -> None:
    """[001:72] fighting is no rest: the serious wound needs its 3 weeks after the combat."""
    session = new_session()
    npc = session.create(GM, "A", sheet())
    session.run(GM, cmd.InflictWound(character=npc, location="A", level=2, reason="x"))
    session.run(GM, cmd.AdvanceTime(seconds=2 * WEEK, reason="rest", losses=[]))
    session.run(GM, cmd.StartCombat(combatants=[npc]))
    assert session.state.characters[npc].wounds[0].rest_since is None
    session.run(GM, cmd.EndCombat())
    session.run(GM, cmd.AdvanceTime(seconds=WEEK, reason="rest", losses=[]))
    assert len(session.state.characters[npc].wounds) == 1
    session.run(GM, cmd.AdvanceTime(seconds=2 * WEEK, reason="rest", losses=[]))
    assert session.state.characters[npc].wounds == []


# -- refusals, replay, verification ---------------------------------------------------------------


def test_refused_commands_change_nothing() -> None:
    session = new_session(players=1)
    pc = session.create("p1", "A", sheet())
    npc = session.create(GM, "B", sheet())
    refused(session, GM, cmd.StartRound(), "not_in_combat")
    refused(session, GM, cmd.RollDamage(), "not_in_combat")
    refused(session, GM, cmd.EndCombat(), "not_in_combat")
    refused(session, "p1", cmd.StartCombat(combatants=[pc]), "not_game_master")
    refused(session, GM, cmd.StartCombat(combatants=[pc, pc]), "invalid_combatants")
    refused(session, GM, cmd.StartCombat(combatants=["c9"]), "unknown_character")
    session.run(GM, cmd.StartCombat(combatants=[pc, npc]))
    refused(session, GM, cmd.StartCombat(combatants=[pc]), "combat_in_progress")
    refused(session, GM, attack(pc, npc), "no_tanda")
    refused(session, GM, cmd.StartTanda(), "round_over")
    refused(
        session,
        "p1",
        cmd.DeclareActions(character=pc, actions=[Action(kind="attack")]),
        "weapon_required",
    )
    refused(session, GM, cmd.RollDamage(), "no_pending_hit")
    refused(session, GM, cmd.InterruptRest(character=pc, reason="x"), "not_resting")
    refused(
        session,
        GM,
        cmd.ClearCondition(character=pc, condition="fallen", reason="x"),
        "no_such_condition",
    )
    refused(
        session,
        GM,
        cmd.MedicineRoll(healer=pc, patient=npc, wound=None, base_difficulty=0, modifiers=[]),
        "skill_unusable",
    )
    refused(
        session,
        GM,
        cmd.AdvanceTime(
            seconds=1, reason="x", losses=[cmd.Loss(character=pc, wound=1, characteristic="RES")]
        ),
        "unexpected_loss",
    )
    session.run(GM, CloseTable())
    refused(session, GM, check(pc, "Espada"), "table_closed")


def test_a_long_session_reads_back_from_its_snapshot() -> None:
    """Past the snapshot interval (100 events) the state loads from a snapshot unchanged."""
    session = new_session()
    npc = session.create(GM, "Maestro", sheet(skills={"Esgrima": 10}))
    session.run(GM, cmd.InflictWound(character=npc, location="P", level=1, reason="scratch"))
    for _ in range(110):
        session.run(GM, check(npc, "Esgrima", base_difficulty=-1))
    live = live_state(session)
    session.app._evict(session.table_id)
    assert live_state(session) == live == replayed_state(session.events())
    assert msgspec.to_builtins(session.table(105).game) == replayed_state(session.events()[:105])
    refused(session, GM, check(npc, "Esgrima", base_difficulty=21), "invalid_difficulty")


def test_a_fork_starts_from_the_same_game() -> None:
    """A forked table copies characters, wounds, timers and the round under way."""
    session = new_session(5)
    a = session.create(GM, "A", sheet())
    b = session.create(GM, "B", sheet(res=3))
    session.run(GM, cmd.StartCombat(combatants=[a, b]))
    session.run(GM, cmd.InflictWound(character=b, location="BI", level=4, reason="axe"))
    session.run(GM, cmd.DeclareActions(character=a, actions=actions("attack")))
    fork_id = session.app.fork(session.table_id, GM, session.version, "Fork")
    fork = Session(session.app, fork_id)
    assert live_state(fork) == live_state(session)
    fork.run(GM, cmd.StartTanda())
    assert fork.resolve(GM, attack(a, b)).outcome == "hit"


def test_bad_options_are_refused() -> None:
    with pytest.raises(DomainError) as error:
        new_session(negative_sl="sometimes")
    assert error.value.code == "invalid_options"
    with pytest.raises(DomainError):
        new_session(unknown_option=True)


def test_replay_gives_the_same_state_at_every_version() -> None:
    rolls = [8, 5, 1, 1, 3, 4, 1]
    session, french, spanish = duel(*rolls)
    session.run("p1", cmd.DeclareActions(character=french, actions=actions("attack", "parry")))
    session.run(GM, cmd.DeclareActions(character=spanish, actions=actions("attack", "attack")))
    session.run(GM, cmd.StartTanda())
    session.run(GM, attack(french, spanish))
    session.run(GM, attack(spanish, french))
    session.run(GM, cmd.RollDamage())
    events = session.events()
    for version in range(1, len(events) + 1):
        at = msgspec.to_builtins(session.table(version).game)
        assert replayed_state(events[:version]) == at


@pytest.mark.parametrize("scripted", [True, False])
def test_a_closed_table_verifies_every_die(scripted: bool) -> None:
    rolls = [8, 5, 1, 1, 3, 4, 1] if scripted else []
    session, french, spanish = duel(*rolls)
    session.run("p1", cmd.DeclareActions(character=french, actions=actions("attack", "parry")))
    session.run(GM, cmd.DeclareActions(character=spanish, actions=actions("attack", "attack")))
    session.run(GM, cmd.StartTanda())
    for attacker, target in ((french, spanish), (spanish, french)):
        try:
            session.run(GM, attack(attacker, target))
        except DomainError as error:  # seeded dice may have put the Spanish out of action,
            # or made him drop his weapon (a wound to the arm that holds it)
            assert not scripted
            assert error.code in ("character_cannot_act", "character_dead", "weapon_dropped")
        if session.state.combat is not None and session.state.combat.pending is not None:
            session.run(GM, cmd.RollDamage())
    assert session.table().dice_rolled >= 2
    closes_and_verifies(session)
    if scripted:
        assert all(die.index is None for e in events_of(session, DiceRolled) for die in e.dice)
    else:
        assert all(die.index is not None for e in events_of(session, DiceRolled) for die in e.dice)


# -- property: random sessions -------------------------------------------------------------------

CHARACTERS = ("c1", "c2", "c3")


def _controller(session: Session, character: str) -> str:
    return session.state.characters[character].seat


def _losses(session: Session, seconds: int, rng: random.Random) -> list[cmd.Loss]:
    state = session.state
    now = state.elapsed + seconds
    losses = []
    for character in state.characters.values():
        if character.dead or any(t.deadline <= now for t in character.timers):
            continue
        for wound in character.wounds:
            if heals_by(wound, state.options, now) and costs_characteristic(wound):
                losses.append(
                    cmd.Loss(
                        character=character.id,
                        wound=wound.id,
                        characteristic=rng.choice(["AGI", "RES"]),
                    )
                )
    return losses


def _ready_attacker(session: Session) -> tuple[str, str] | None:
    """The next attacker in Agilidad order with an attack in this tanda, and a target."""
    state = session.state
    combat = state.combat
    if combat is None or combat.tanda < 1:
        return None
    waiting = [
        c
        for c in combat.combatants
        if not state.characters[c].dead
        and any(
            not d.used and d.tanda == combat.tanda and d.action.kind == "attack"
            for d in combat.declarations.get(c, [])
        )
    ]
    targets = [c for c in combat.combatants if not state.characters[c].dead]
    if not waiting:
        return None
    attacker = max(waiting, key=lambda c: state.characters[c].value("AGI"))
    others = [c for c in targets if c != attacker]
    return (attacker, others[0]) if others else None


def _reaction_of(session: Session, target: str) -> str:
    combat = session.state.combat
    assert combat is not None
    for declared in combat.declarations.get(target, []):
        usable = not declared.used and declared.tanda == combat.tanda
        if usable and declared.action.kind in ("parry", "dodge"):
            return declared.action.kind
    return "none"


def _move(session: Session, kind: str, rng: random.Random) -> tuple[str, Any]:
    """A command of `kind` with random, mostly valid fields (they follow the state), and who
    sends it."""
    who = rng.choice(CHARACTERS)
    other = rng.choice([c for c in CHARACTERS if c != who])
    combat = session.state.combat
    if kind == "check":
        if rng.random() < 0.7:
            skill = rng.choice(["Espada", "Esquivar"])
            return GM, check(who, skill, base_difficulty=rng.randint(-3, 3))
        return GM, check(who, None, characteristic="RES", base_difficulty=0)
    if kind == "combat":
        alive = [c for c in CHARACTERS if not session.state.characters[c].dead]
        return GM, cmd.StartCombat(combatants=alive or list(CHARACTERS))
    if kind == "round":
        return GM, cmd.StartRound()
    if kind == "declare":
        if combat is not None:
            pending = [c for c in combat.combatants if c not in combat.declarations]
            who = rng.choice(pending) if pending else who
        kinds = rng.choice(
            [
                ("attack",),
                ("attack", "parry"),
                ("parry", "attack"),
                ("dodge", "attack"),
                ("attack", "attack"),
            ]
        )
        return _controller(session, who), cmd.DeclareActions(character=who, actions=actions(*kinds))
    if kind == "tanda":
        return GM, cmd.StartTanda()
    if kind == "pass":
        return _controller(session, who), cmd.PassActions(character=who)
    if kind == "attack":
        ready = _ready_attacker(session)
        if ready is not None:
            who, other = ready
        reaction = _reaction_of(session, other) if combat is not None else "none"
        if rng.random() < 0.2:
            reaction = "none"
        return GM, attack(
            who,
            other,
            reaction=reaction,
            base_difficulty=rng.randint(-3, 2),
            location=rng.choice([None, None, "C", "PD"]),
            surprise=reaction == "none" and rng.random() < 0.1,
        )
    if kind == "damage":
        return GM, cmd.RollDamage()
    if kind == "wound":
        location: Location = rng.choice(["PD", "BI", "A", "P"])
        return GM, cmd.InflictWound(
            character=who, location=location, level=rng.randint(1, 3), reason="the GM"
        )
    if kind == "pain":
        return GM, cmd.PainRoll(
            character=who, wound=rng.randint(1, 3), base_difficulty=0, modifiers=[]
        )
    if kind == "medicine":
        wound = rng.choice([None, 1, 2])
        return GM, cmd.MedicineRoll(
            healer=rng.choice(["c1", "c2"]),
            patient=other,
            wound=wound,
            base_difficulty=rng.randint(-2, 2),
            modifiers=[],
        )
    if kind == "time":
        seconds = rng.choice([1, MINUTE, HOUR, WEEK, MONTH])
        return GM, cmd.AdvanceTime(
            seconds=seconds, reason="time", losses=_losses(session, seconds, rng)
        )
    if kind == "interrupt":
        return GM, cmd.InterruptRest(character=who, reason="travel")
    if kind == "aim":
        return _controller(session, "c1"), cmd.TakeAim(character="c1", target=other)
    return GM, cmd.EndCombat()


def _kind(session: Session, rng: random.Random) -> str:
    """What to try next, weighted by the moment: out of combat, declaring, or in a tanda."""
    combat = session.state.combat
    if combat is None:
        choices = ["combat"] * 4 + ["check", "wound", "time", "medicine", "interrupt"]
    elif combat.pending is not None:
        choices = ["damage"] * 6 + ["attack", "tanda", "end"]
    elif combat.tanda == 0:
        choices = ["declare"] * 5 + ["tanda"] * 2 + ["aim", "round", "pain"]
    else:
        choices = (
            ["attack"] * 6
            + ["tanda"] * 2
            + ["pass", "round", "pain", "medicine", "check", "wound", "end"]
        )
    return rng.choice(choices)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    moves=st.lists(st.integers(0, 2**32), min_size=5, max_size=80),
    script=st.lists(st.integers(1, 10), max_size=30),
)
def test_random_sessions_replay_and_verify(moves: list[int], script: list[int]) -> None:
    """Random sessions: a refused command leaves the version as it was, the events alone
    rebuild the live state and every seat's view of it, and after closing every die is
    checked without mismatch."""
    session = new_session(*script, players=1)
    fighter = sheet(
        agi=6, skills={"Espada": 6, "Esquivar": 5, "Medicina": 4, "Arco": 5}, weapons=[SWORD, BOW]
    )
    session.create("p1", "Rodrigo", fighter)
    session.create(GM, "Bandido", sheet(agi=5, skills={"Espada": 5, "Esquivar": 3, "Medicina": 2}))
    session.create(GM, "Jefe", sheet(agi=5, res=6, skills={"Espada": 7, "Esquivar": 4}))
    accepted = 0
    for seed in moves:
        rng = random.Random(seed)
        actor, command = _move(session, _kind(session, rng), rng)
        version = session.version
        try:
            session.run(actor, command)
            accepted += 1
        except DomainError:
            assert session.version == version
    assert replayed_state(session.events()) == live_state(session)
    assert_replay_matches(session.table(), session.replayed())
    closes_and_verifies(session)
