"""stepdice through the application: a session of tests, help, combat with Venganza and
Armour, downed and raised, magic, rest and the solo variant; refusals change nothing;
replay gives the live state; after closing every die verifies."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from domain.commands import CloseTable
from domain.dice import DiceRolled
from domain.errors import DomainError
from domain.stepdice import commands as cmd
from domain.stepdice import events as ev
from tests.replay_checks import assert_replay_matches
from tests.stepdice_helpers import (
    GM,
    Session,
    dice,
    new_session,
    random_command,
    ranks,
    roll_attack,
    roll_cast,
    roll_test,
)

#: the faces of the standard session, in the order `_play_standard_session` rolls them
SESSION_FACES = [5, 12, 1, 4, 12, 3, 2, 9, 3, 10]


def _types(events: list[Any]) -> list[str]:
    return [type(event).__name__ for event in events]


def _since(session: Session, version: int) -> list[Any]:
    return list(session.app.table_events(session.table_id, version))


def _live_equals_replay(session: Session) -> None:
    assert_replay_matches(session.table(), session.replayed())


def _cast(session: Session) -> tuple[str, str, str]:
    """The rogue (p1, protected), the warrior (p2) and the game master's guide (1 Heart)."""
    rogue = session.run(
        "p1",
        cmd.CreateCharacter(
            name="Rogue", attributes=dice(fuerza=8, destreza=10, magia=10), protected=True
        ),
    ).result
    warrior = session.run(
        "p2", cmd.CreateCharacter(name="Warrior", attributes=dice(fuerza=10))
    ).result
    guide = session.run(GM, cmd.CreateCharacter(name="Guide", attributes=dice())).result
    session.run(GM, cmd.SetMaxima(character=guide, hearts_max=1, reason="an old guide"))
    return rogue, warrior, guide


def _play_standard_session(session: Session) -> dict[str, Any]:
    rogue, warrior, guide = _cast(session)
    state = session.state
    assert state.characters[rogue].seat == "p1" and state.characters[guide].seat == GM
    assert (state.characters[rogue].hearts, state.characters[rogue].mana) == (5, 3)
    assert state.characters[rogue].armour

    # out of combat: a clock of 2 steps, a failure (S1), a helped exceptional (S2), a 1
    clock = session.run(GM, cmd.StartClock(name="Guards", steps=2, consequence="the alarm")).result
    s1 = session.run(GM, roll_test(rogue, "agilidad", "normal")).result
    assert session.state.results[str(s1)].outcome == "failure"
    assert session.state.clocks[clock].position == 1
    session.run(GM, cmd.NameComplication(roll=s1, complication="someone checks the area"))

    version = session.version
    s2 = session.run(
        GM, roll_test(warrior, "fuerza", "normal", helper={"character": rogue, "how": "a lever"})
    ).result
    assert _types(_since(session, version)) == ["HelpGiven", "DiceRolled", "TestRolled"]
    rolled = _since(session, version)[2]
    assert (rolled.die, rolled.target, rolled.face, rolled.outcome) == (12, 6, 12, "exceptional")
    assert session.state.clocks[clock].position == 1  # a success moves no clock
    session.run(GM, cmd.GrantBenefit(roll=s2, benefit="extra_benefit", description="silently"))
    assert session.state.results[str(s2)].owed is None

    version = session.version
    one = session.run(
        GM, roll_test(rogue, "agilidad", "dificil", shifts=[{"grades": 1, "reason": "dark"}])
    ).result
    assert _types(_since(session, version)) == [
        "DiceRolled",
        "TestRolled",
        "ClockAdvanced",
        "ClockRanOut",
    ]
    assert session.state.results[str(one)].owed == "complication"
    assert not session.state.clocks[clock].running
    session.run(GM, cmd.NameComplication(roll=one, complication="a guard sees a shadow"))
    assert session.state.results[str(one)].owed is None

    # combat: Venganza on a miss (S3), the boss's 2 wounds (S4), Armour, downed, raised, dead
    pawn = session.run(GM, cmd.AddEnemy(name="Pawn", category="peon")).result
    boss = session.run(GM, cmd.AddEnemy(name="Boss", category="jefe")).result
    s3 = session.run(GM, roll_attack(warrior, pawn, "melee")).result
    assert session.state.results[str(s3)].owed == "venganza"
    session.run(GM, cmd.ResolveVenganza(roll=s3, reach=True, effect="heart"))
    assert session.state.characters[warrior].hearts == 4

    version = session.version
    s4 = session.run(
        GM,
        roll_attack(
            rogue,
            boss,
            "ranged",
            shifts=[{"grades": -1, "reason": "good position"}],
            helper={"character": warrior, "how": "covers"},
        ),
    ).result
    rolled = _since(session, version)[2]
    assert (rolled.die, rolled.target, rolled.outcome) == (12, 8, "exceptional")
    assert session.state.enemies[boss].hearts == 2
    session.run(GM, cmd.GrantBenefit(roll=s4, benefit="extra_wound", description="2 wounds"))
    assert session.state.enemies[boss].hearts == 1

    miss = session.run(GM, roll_attack(rogue, boss, "ranged")).result
    session.run(GM, cmd.ResolveVenganza(roll=miss, reach=True, effect="heart"))
    assert session.state.characters[rogue].pending_hit is not None
    session.run("p1", cmd.SpendArmour(character=rogue))
    rogue_now = session.state.characters[rogue]
    assert (rogue_now.hearts, rogue_now.armour, rogue_now.pending_hit) == (5, False, None)
    miss = session.run(GM, roll_attack(rogue, boss, "ranged")).result
    session.run(GM, cmd.ResolveVenganza(roll=miss, reach=True, effect="heart"))
    assert session.state.characters[rogue].hearts == 4

    for _ in range(4):
        session.run(GM, cmd.LoseHeart(character=warrior, reason="the boss's blow"))
    assert (
        session.state.characters[warrior].hearts == 0 and session.state.characters[warrior].downed
    )
    session.run("p1", cmd.RaiseAlly(helper=rogue, character=warrior, how="pulls them up"))
    assert session.state.characters[warrior].hearts == 1
    assert not session.state.characters[warrior].downed

    session.run(GM, cmd.LoseHeart(character=guide, reason="an arrow"))
    assert session.state.characters[guide].downed
    version = session.version
    session.run(GM, cmd.LoseHeart(character=guide, reason="another arrow"))
    assert _types(_since(session, version)) == ["Died"]
    assert session.state.characters[guide].dead

    # magic: S5, S6, Mana 0, an exceptional free trick refunds within the maximum
    version = session.version
    session.run(GM, roll_cast(rogue, "estandar", 1))
    assert _types(_since(session, version)) == ["ManaSpent", "DiceRolled", "SpellCast"]
    assert session.state.characters[rogue].mana == 2
    s6 = session.run(GM, roll_cast(rogue, "fuerte", 2)).result
    assert session.state.characters[rogue].mana == 0
    assert session.state.results[str(s6)].owed == "consequence"
    session.run(GM, cmd.NameComplication(roll=s6, complication="exposed"))
    assert session.refused(GM, roll_cast(rogue, "estandar", 1)).code == "insufficient_mana"
    trick = session.run(GM, roll_cast(rogue, "truco", 0)).result
    session.run(GM, cmd.GrantBenefit(roll=trick, benefit="refund_mana", description="cheap"))
    assert session.state.characters[rogue].mana == 1

    # rest refills to each character's own maxima; a new scene gives Armour back
    assert session.refused(GM, cmd.Rest(characters=[guide], reason="camp")).code == "character_dead"
    session.run(GM, cmd.Rest(characters=[rogue, warrior], reason="a safe camp"))
    for character in (rogue, warrior):
        now = session.state.characters[character]
        assert (now.hearts, now.mana) == (now.hearts_max, now.mana_max) == (5, 3)
    assert not session.state.characters[rogue].armour
    session.run(GM, cmd.BeginScene(reason="the next day"))
    assert session.state.characters[rogue].armour
    return {"rogue": rogue, "warrior": warrior, "guide": guide, "boss": boss, "pawn": pawn}


def test_a_standard_session_plays_every_rule_and_verifies_after_closing() -> None:
    session = new_session(scripted_rolls=SESSION_FACES)
    _play_standard_session(session)
    _live_equals_replay(session)
    session.run(GM, CloseTable())
    verification = session.app.verify(session.table_id)
    assert verification.dice_checked == len(SESSION_FACES)
    assert verification.mismatches == [] and verification.commitment_matches


def test_a_seeded_session_verifies_every_die() -> None:
    session = new_session()
    rogue, warrior, _ = _cast(session)
    boss = session.run(GM, cmd.AddEnemy(name="Boss", category="jefe")).result
    for _ in range(5):
        session.run(GM, roll_test(rogue, "agilidad", "normal"))
        session.run(GM, roll_attack(warrior, boss, "melee"))
    session.run(GM, CloseTable())
    verification = session.app.verify(session.table_id)
    dice_events = [e for e in session.events() if isinstance(e, DiceRolled)]
    assert verification.dice_checked == 10 == len(dice_events)
    assert all(die.index is not None for e in dice_events for die in e.dice)
    assert verification.mismatches == []


def test_the_test_event_carries_its_roll_and_visibility() -> None:
    session = new_session(scripted_rolls=[7])
    rogue, _, _ = _cast(session)
    roll = session.run(GM, roll_test(rogue, "agilidad", "normal", visibility="blind")).result
    dice_rolled, rolled = session.events()[-2:]
    assert isinstance(dice_rolled, DiceRolled) and isinstance(rolled, ev.TestRolled)
    assert (dice_rolled.roll, dice_rolled.roller, dice_rolled.visibility) == (roll, rogue, "blind")
    assert (rolled.roll, rolled.visibility, rolled.outcome) == (roll, "blind", "success")
    assert session.table().secret_rolls == [roll]


def test_automatic_armour_absorbs_without_asking() -> None:
    session = new_session(armour="automatic")
    rogue, _, _ = _cast(session)
    version = session.version
    session.run(GM, cmd.LoseHeart(character=rogue, reason="a blow"))
    assert _types(_since(session, version)) == ["ArmourSpent"]
    session.run(GM, cmd.LoseHeart(character=rogue, reason="a blow"))
    assert session.state.characters[rogue].hearts == 4


def test_declining_armour_loses_the_heart_and_keeps_the_token() -> None:
    session = new_session()
    rogue, _, _ = _cast(session)
    session.run(GM, cmd.LoseHeart(character=rogue, reason="a blow"))
    assert session.refused("p2", cmd.DeclineArmour(character=rogue)).code == "not_your_seat"
    session.run("p1", cmd.DeclineArmour(character=rogue))
    now = session.state.characters[rogue]
    assert (now.hearts, now.armour, now.pending_hit) == (4, True, None)


def test_venganza_without_reach_or_as_a_complication_costs_no_heart() -> None:
    session = new_session(scripted_rolls=[2, 1])
    _, warrior, _ = _cast(session)
    pawn = session.run(GM, cmd.AddEnemy(name="Pawn", category="peon")).result
    first = session.run(GM, roll_attack(warrior, pawn, "ranged")).result
    session.run(GM, cmd.ResolveVenganza(roll=first, reach=False, effect="none"))
    second = session.run(GM, roll_attack(warrior, pawn, "melee")).result
    assert session.state.results[str(second)].outcome == "failure_complication"
    assert (
        session.refused(GM, cmd.NameComplication(roll=second, complication="x")).code
        == "venganza_owed"
    )
    session.run(
        GM,
        cmd.ResolveVenganza(
            roll=second, reach=True, effect="complication", complication="loses the sword"
        ),
    )
    assert session.state.characters[warrior].hearts == 5
    assert (
        session.refused(GM, cmd.ResolveVenganza(roll=second, reach=True, effect="heart")).code
        == "no_venganza_owed"
    )


def test_a_hit_pawn_is_out_and_cannot_be_attacked_again() -> None:
    session = new_session(scripted_rolls=[7])
    _, warrior, _ = _cast(session)
    pawn = session.run(GM, cmd.AddEnemy(name="Pawn", category="peon")).result
    session.run(GM, roll_attack(warrior, pawn, "melee"))
    assert session.state.enemies[pawn].status == "out"
    assert session.refused(GM, roll_attack(warrior, pawn, "melee")).code == "enemy_out"


def test_a_spell_attack_spends_mana_and_its_venganza_follows_the_option() -> None:
    session = new_session(scripted_rolls=[2, 2], spell_attack_venganza=False)
    rogue, _, _ = _cast(session)
    elite = session.run(GM, cmd.AddEnemy(name="Elite", category="elite")).result
    roll = session.run(GM, roll_attack(rogue, elite, "spell", mana=1)).result
    assert session.state.characters[rogue].mana == 2
    assert session.state.results[str(roll)].owed is None
    with_venganza = new_session(scripted_rolls=[2])
    rogue, _, _ = _cast(with_venganza)
    elite = with_venganza.run(GM, cmd.AddEnemy(name="Elite", category="elite")).result
    roll = with_venganza.run(GM, roll_attack(rogue, elite, "spell", mana=1)).result
    assert with_venganza.state.results[str(roll)].owed == "venganza"


def test_the_solo_variant_plays_thresholds_help_enemy_grades_and_advancement() -> None:
    session = new_session(variant="solo-d6", scripted_rolls=[4, 4, 6, 1])
    hero = session.run(
        "p1", cmd.CreateCharacter(name="Hero", ranks=ranks(fuerza="novato", magia="maestro"))
    ).result
    ally = session.run("p2", cmd.CreateCharacter(name="Ally", ranks=ranks())).result
    elite = session.run(GM, cmd.AddEnemy(name="Elite", category="elite")).result
    version = session.version
    session.run(GM, roll_test(hero, "fuerza", "normal"))  # novato 5+: 4 fails
    session.run(GM, roll_test(hero, "fuerza", "normal", helper={"character": ally, "how": "aid"}))
    tests = [e for e in _since(session, version) if isinstance(e, ev.TestRolled)]
    assert [(t.die, t.target, t.outcome) for t in tests] == [(6, 5, "failure"), (6, 4, "success")]
    version = session.version
    session.run(GM, roll_attack(ally, elite, "melee"))  # entrenado 4+, élite +1: 5+
    session.run(GM, roll_attack(ally, elite, "melee"))
    attacks = [e for e in _since(session, version) if isinstance(e, ev.AttackRolled)]
    assert [(a.target, a.outcome) for a in attacks] == [
        (5, "exceptional"),
        (5, "failure_complication"),
    ]
    assert session.state.enemies[elite].hearts == 1
    session.run(
        GM, cmd.AdvanceCharacter(character=hero, advance="rank", attribute="fuerza", reason="xp")
    )
    session.run(GM, cmd.AdvanceCharacter(character=hero, advance="heart", reason="xp"))
    session.run(GM, cmd.AdvanceCharacter(character=hero, advance="mana", reason="xp"))
    now = session.state.characters[hero]
    assert now.ranks is not None and now.ranks.fuerza == "entrenado"
    assert (now.hearts, now.hearts_max, now.mana, now.mana_max) == (6, 6, 4, 4)
    refused = cmd.AdvanceCharacter(character=hero, advance="rank", attribute="magia", reason="xp")
    assert session.refused(GM, refused).code == "rank_at_top"
    session.run(GM, cmd.Rest(characters=[hero], reason="camp"))
    assert session.state.characters[hero].hearts == 6  # rest refills to its own maximum
    _live_equals_replay(session)
    session.run(GM, CloseTable())
    assert session.app.verify(session.table_id).mismatches == []


def test_refused_commands_change_nothing() -> None:
    session = new_session(scripted_rolls=[1])
    rogue, warrior, guide = _cast(session)
    pawn = session.run(GM, cmd.AddEnemy(name="Pawn", category="peon")).result
    failed = session.run(GM, roll_test(rogue, "agilidad", "normal")).result  # a 1
    session.run(GM, cmd.LoseHeart(character=guide, reason="an arrow"))  # downed
    before = msgspec.to_builtins(session.state)
    events = len(session.events())
    refusals: list[tuple[str, Any, str]] = [
        ("p1", roll_test(rogue, "agilidad", "normal"), "not_game_master"),
        (GM, roll_test("c99", "agilidad", "normal"), "unknown_character"),
        (
            GM,
            roll_test(rogue, "agilidad", "heroico", shifts=[{"grades": 2, "reason": "x"}]),
            "almost_impossible",
        ),
        (
            GM,
            roll_test(rogue, "agilidad", "normal", shifts=[{"grades": 0, "reason": "x"}]),
            "invalid_shift",
        ),
        (
            GM,
            roll_test(rogue, "agilidad", "normal", helper={"character": rogue, "how": "me"}),
            "invalid_helper",
        ),
        (
            GM,
            roll_test(rogue, "agilidad", "normal", helper={"character": guide, "how": "x"}),
            "character_downed",
        ),
        (GM, roll_test(guide, "agilidad", "normal"), "character_downed"),
        (GM, roll_attack(rogue, "e99", "melee"), "unknown_enemy"),
        (GM, roll_attack(rogue, pawn, "melee", mana=1), "invalid_cost"),
        (GM, roll_cast(rogue, "gran_poder", 2), "invalid_cost"),
        (
            GM,
            cmd.GrantBenefit(roll=failed, benefit="extra_benefit", description="x"),
            "no_benefit_owed",
        ),
        (GM, cmd.GrantBenefit(roll=99, benefit="extra_benefit", description="x"), "unknown_roll"),
        (GM, cmd.ResolveVenganza(roll=failed, reach=True, effect="heart"), "no_venganza_owed"),
        (GM, cmd.AdvanceClock(clock="k1", reason="x"), "unknown_clock"),
        (GM, cmd.AdvanceCharacter(character=rogue, advance="heart", reason="x"), "not_solo"),
        ("p2", cmd.SpendArmour(character=warrior), "no_pending_hit"),
        ("p1", cmd.CreateCharacter(name="X", attributes=dice(), seat="p2"), "not_your_seat"),
        (GM, cmd.CreateCharacter(name="X", ranks=ranks()), "invalid_character"),
        ("p1", cmd.RaiseAlly(helper=rogue, character=warrior, how="x"), "not_downed"),
        ("p2", cmd.RaiseAlly(helper=rogue, character=guide, how="x"), "not_your_seat"),
        (GM, cmd.Rest(characters=[rogue, rogue], reason="x"), "invalid_characters"),
        ("p1", cmd.AddEnemy(name="Y", category="jefe"), "not_game_master"),
    ]
    for actor, command, expected in refusals:
        assert session.refused(actor, command).code == expected, command
    assert msgspec.to_builtins(session.state) == before
    assert len(session.events()) == events
    session.run(GM, CloseTable())
    assert session.refused(GM, roll_test(rogue, "agilidad", "normal")).code == "table_closed"


def test_help_on_a_d20_is_refused_by_default_and_rolls_no_die() -> None:
    session = new_session()
    rogue = session.run("p1", cmd.CreateCharacter(name="R", attributes=dice(agilidad=20))).result
    ally = session.run("p2", cmd.CreateCharacter(name="A", attributes=dice())).result
    helped = roll_test(rogue, "agilidad", "normal", helper={"character": ally, "how": "x"})
    assert session.refused(GM, helped).code == "help_on_d20"
    assert session.table().dice_rolled == 0


def test_a_fork_copies_the_game_state_but_not_the_source_rolls() -> None:
    session = new_session(scripted_rolls=[5])
    rogue, _, _ = _cast(session)
    session.run(GM, roll_test(rogue, "agilidad", "normal"))
    fork = session.app.fork(session.table_id, GM, session.version, "Forked")
    copied = session.app.read(fork, lambda table: table.game)
    expected = msgspec.to_builtins(session.state)
    assert "1" in expected["results"]
    assert msgspec.to_builtins(copied) == {**expected, "results": {}}
    forked = Session(session.app, fork)
    # the fork's rolls are numbered from 1 again: the source's roll 1 is no roll of the fork
    assert forked.refused(GM, cmd.NameComplication(roll=1, complication="x")).code == "unknown_roll"
    assert forked.run(GM, roll_test(rogue, "agilidad", "normal")).result == 1
    assert list(forked.state.results) == ["1"]  # its own roll, in place of none


# -- random sessions ------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["standard", "solo-d6"])
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_random_sessions_replay_to_the_live_state_and_verify(
    variant: str, data: st.DataObject
) -> None:
    # a fixed table id, so the seed's faces (and the state each draw sees) repeat on replay
    script = data.draw(st.lists(st.integers(1, 6), max_size=10), label="scripted_rolls")
    session = new_session(key="stepdice-random-session", variant=variant, scripted_rolls=script)
    sheet: dict[str, Any] = {"ranks": ranks()} if variant == "solo-d6" else {"attributes": dice()}
    session.run("p1", cmd.CreateCharacter(name="One", protected=True, **sheet))
    session.run("p2", cmd.CreateCharacter(name="Two", **sheet))
    three = session.run(GM, cmd.CreateCharacter(name="Three", **sheet)).result
    session.run(GM, cmd.SetMaxima(character=three, hearts_max=2, reason="frail"))
    steps = data.draw(st.integers(5, 30), label="steps")
    for _ in range(steps):
        actor, command = random_command(data, session)
        before, state = session.version, msgspec.to_builtins(session.state)
        try:
            session.run(actor, command)
            event(f"accepted {type(command).__name__}")
        except DomainError as error:
            event(f"refused {error.code}")
            assert session.version == before
            assert msgspec.to_builtins(session.state) == state
        _live_equals_replay(session)
    session.run(GM, CloseTable())
    verification = session.app.verify(session.table_id)
    rolled = sum(len(e.dice) for e in session.events() if isinstance(e, DiceRolled))
    assert verification.dice_checked == rolled
    assert verification.mismatches == [] and verification.commitment_matches


def test_a_fuerte_healing_spell_heals_2_hearts_and_gets_a_downed_ally_up() -> None:
    """ "curación +2 Corazones" [003:254]: the warrior (5 Hearts at most), downed at 0, is up
    at 2, then at 4: exactly +2 each time, neither +1 nor back to the maximum; the guide (1
    at most) only reaches 1; a failed spell heals nobody."""
    session = new_session(scripted_rolls=[8, 9, 8, 2])
    rogue, warrior, guide = _cast(session)
    for _ in range(5):
        session.run(GM, cmd.LoseHeart(character=warrior, reason="a volley"))
    hurt = session.state.characters[warrior]
    assert (hurt.hearts, hurt.hearts_max, hurt.downed) == (0, 5, True)
    assert (
        session.refused(GM, roll_cast(rogue, "estandar", 1, heals=warrior)).code == "invalid_heal"
    )
    for caster, hearts in ((rogue, 2), (guide, 4)):  # 8 and 9 against TN 8
        version = session.version
        session.run(GM, roll_cast(caster, "fuerte", 2, heals=warrior))
        (healed,) = [e for e in _since(session, version) if isinstance(e, ev.HeartsHealed)]
        assert (healed.character, healed.hearts) == (warrior, hearts)
        patient = session.state.characters[warrior]
        assert (patient.hearts, patient.downed) == (hearts, False)
    session.run(GM, cmd.LoseHeart(character=guide, reason="an arrow"))
    session.run(GM, roll_cast(warrior, "fuerte", 2, heals=guide))  # 8 vs TN 8
    patient = session.state.characters[guide]
    assert (patient.hearts, patient.downed) == (1, False)  # its own maximum is 1
    session.run(GM, cmd.LoseHeart(character=guide, reason="an arrow"))
    session.run(GM, cmd.Rest(characters=[rogue], reason="a breath"))  # Mana for one more
    version = session.version
    session.run(GM, roll_cast(rogue, "fuerte", 2, heals=guide))  # 2 vs TN 8 fails
    assert "HeartsHealed" not in _types(_since(session, version))
    assert session.state.characters[guide].downed


def test_a_clock_advances_on_each_failure_and_runs_out_at_its_steps() -> None:
    session = new_session(scripted_rolls=[6, 2, 3])
    rogue, _, _ = _cast(session)
    clock = session.run(GM, cmd.StartClock(name="Collapse", steps=3, consequence="it falls")).result
    session.run(GM, roll_test(rogue, "agilidad", "normal"))  # 6 vs 6: success, no step
    assert session.state.clocks[clock].position == 0
    session.run(GM, roll_test(rogue, "agilidad", "normal"))  # 2: a failure, one step
    session.run(GM, cmd.AdvanceClock(clock=clock, reason="they argue"))
    assert (session.state.clocks[clock].position, session.state.clocks[clock].running) == (2, True)
    version = session.version
    session.run(GM, roll_test(rogue, "agilidad", "normal"))  # 3: the third step, the end
    ran_out = _since(session, version)[-1]
    assert isinstance(ran_out, ev.ClockRanOut) and ran_out.consequence == "it falls"
    assert session.refused(GM, cmd.AdvanceClock(clock=clock, reason="x")).code == "clock_stopped"
    other = session.run(GM, cmd.StartClock(name="Guards", steps=1, consequence="alarm")).result
    session.run(GM, cmd.BeginScene(reason="outside"))
    assert not session.state.clocks[other].running  # a clock belongs to its scene


@pytest.mark.parametrize("visibility", ["gm", "blind"])
def test_a_secret_failed_test_moves_no_clock_and_its_rulings_are_as_secret(
    visibility: str,
) -> None:
    session = new_session(scripted_rolls=[2, 2])
    rogue, _, _ = _cast(session)
    clock = session.run(GM, cmd.StartClock(name="Guards", steps=2, consequence="alarm")).result
    roll = session.run(GM, roll_test(rogue, "agilidad", "normal", visibility=visibility)).result
    assert session.state.results[str(roll)].outcome == "failure"
    assert session.state.clocks[clock].position == 0  # a step would tell everyone it failed
    version = session.version
    session.run(GM, cmd.NameComplication(roll=roll, complication="a guard turns"))
    (named,) = _since(session, version)
    assert isinstance(named, ev.ComplicationNamed)
    assert (named.roll, named.visibility) == (roll, visibility)
    session.run(GM, cmd.AdvanceClock(clock=clock, reason="the guard calls out"))
    assert session.state.clocks[clock].position == 1  # by hand, in the open
    public = session.run(GM, roll_test(rogue, "agilidad", "normal")).result  # 2 again, in public
    assert session.state.results[str(public)].outcome == "failure"
    assert not session.state.clocks[clock].running  # the public failure ran it out


@pytest.mark.parametrize(
    ("kind", "body"),
    [
        (cmd.Attack, {"character": "c1", "enemy": "e1", "kind": "melee"}),
        (cmd.Cast, {"character": "c1", "effect": "x", "level": "truco", "cost": 0}),
    ],
)
def test_attacks_and_casts_take_no_visibility(kind: type, body: dict[str, Any]) -> None:
    body = {**body, "shifts": [], "helper": None}
    msgspec.convert(body, kind)  # public, always
    with pytest.raises(msgspec.ValidationError, match="visibility"):
        msgspec.convert({**body, "visibility": "blind"}, kind)


@pytest.mark.parametrize(
    ("kind", "body"),
    [
        (cmd.Test, {"character": "c1", "grade": "normal", "shifts": [], "helper": None}),
        (cmd.Test, {"character": "c1", "attribute": "fuerza", "shifts": [], "helper": None}),
        (cmd.Test, {"character": "c1", "attribute": "fuerza", "grade": "normal", "helper": None}),
        (cmd.Test, {"character": "c1", "attribute": "fuerza", "grade": "normal", "shifts": []}),
        (cmd.Attack, {"character": "c1", "enemy": "e1", "kind": "melee", "helper": None}),
        (cmd.Cast, {"character": "c1", "effect": "x", "level": "truco", "shifts": []}),
        (cmd.ResolveVenganza, {"roll": 1, "effect": "heart"}),
        (cmd.ResolveVenganza, {"roll": 1, "reach": True}),
        (cmd.GrantBenefit, {"roll": 1, "description": "x"}),
        (cmd.NameComplication, {"roll": 1}),
        (
            cmd.Test,
            {
                "character": "c1",
                "attribute": "fuerza",
                "grade": "normal",
                "shifts": [{"grades": 1}],
                "helper": None,
            },
        ),
    ],
)
def test_every_judgement_of_the_game_master_is_a_required_field(
    kind: type, body: dict[str, Any]
) -> None:
    """The attribute (errata: the GM picks it outside combat), the grade, the shifts and each
    shift's reason, the help accepted, the cost, the reach and effect of Venganza, the benefit
    and the complication: a command without one does not decode."""
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert(body, kind)


def test_benefits_fit_the_roll_and_complications_a_failure() -> None:
    session = new_session(scripted_rolls=[10, 7])
    rogue, warrior, _ = _cast(session)
    pawn = session.run(GM, cmd.AddEnemy(name="Pawn", category="peon")).result
    exceptional = session.run(GM, roll_attack(warrior, pawn, "melee")).result  # 10 on a d10
    wound = cmd.GrantBenefit(roll=exceptional, benefit="extra_wound", description="x")
    refund = cmd.GrantBenefit(roll=exceptional, benefit="refund_mana", description="x")
    assert session.refused(GM, wound).code == "benefit_not_applicable"  # the pawn is already out
    assert session.refused(GM, refund).code == "benefit_not_applicable"  # no magic
    complication = cmd.NameComplication(roll=exceptional, complication="x")
    assert session.refused(GM, complication).code == "not_a_failure"
    session.run(GM, cmd.GrantBenefit(roll=exceptional, benefit="extra_benefit", description="x"))
    success = session.run(GM, roll_test(rogue, "agilidad", "normal")).result  # 7: a plain success
    assert session.refused(GM, cmd.NameComplication(roll=success, complication="x")).code == (
        "not_a_failure"
    )
