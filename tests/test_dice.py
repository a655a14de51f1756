"""The dice every system rolls through (domain/dice.py): faces from the script, then the seed;
recorded before anything derived; never rolled again on replay; verified after closing;
secret rolls revealed by the game master. Driven through stepdice, a system that rolls."""

from __future__ import annotations

import msgspec
import pytest

from domain.commands import CloseTable, RevealRolls
from domain.dice import (
    DiceExhausted,
    DiceRolled,
    RollsRevealed,
    ScriptedDice,
    roll_operation,
)
from domain.randomness import die_face
from domain.stepdice import commands as cmd
from tests.session_helpers import SERVER_KEY
from tests.stepdice_helpers import GM, Session, dice, new_session, roll_test

KEY = "dice-tests-table-0001"


def _hero(session: Session) -> str:
    created = cmd.CreateCharacter(name="Hero", attributes=dice(agilidad=10))
    return str(session.run("p1", created).result)


def _rolls(session: Session) -> list[DiceRolled]:
    return [event for event in session.events() if isinstance(event, DiceRolled)]


def test_scripted_faces_come_first_then_the_seed_each_die_its_own_random_operation() -> None:
    session = new_session(players=1, key=KEY, scripted_rolls=[7, 3])
    hero = _hero(session)
    for _ in range(4):
        session.run(GM, roll_test(hero))
    dice_rolled = [die for roll in _rolls(session) for die in roll.dice]
    assert [d.face for d in dice_rolled[:2]] == [7, 3]
    keyed = [roll_operation(3, 0), roll_operation(4, 0)]
    assert [d.index for d in dice_rolled] == [None, None, *keyed]
    seed = bytes.fromhex(session.app.keys(session.table_id).reveal_seed())
    assert [d.face for d in dice_rolled[2:]] == [die_face(seed, i, 10) for i in keyed]
    assert [roll.roll for roll in _rolls(session)] == [1, 2, 3, 4]


def test_a_scripted_face_the_die_cannot_show_refuses_the_command_and_changes_nothing() -> None:
    session = new_session(players=1, scripted_rolls=[12])
    hero = _hero(session)
    assert session.refused(GM, roll_test(hero)).code == "scripted_roll_invalid"


def test_replay_reads_the_recorded_faces_and_never_rolls_again() -> None:
    """The events folded alone, with no seed or key at hand, give the live table: the faces
    come from the events, and nothing is rolled on the way (a roll there would differ)."""
    session = new_session(players=1)
    hero = _hero(session)
    for _ in range(5):
        session.run(GM, roll_test(hero))
    table = session.replayed()
    live = session.table()
    assert msgspec.to_builtins(table.game) == msgspec.to_builtins(live.game)
    assert (table.rolls, table.dice_rolled, table.random_operations) == (
        live.rolls,
        live.dice_rolled,
        live.random_operations,
    )


def test_verify_recomputes_every_die_and_names_a_tampered_face_or_a_skipped_operation() -> None:
    session = new_session(players=1, scripted_rolls=[4])
    hero = _hero(session)
    for _ in range(3):
        session.run(GM, roll_test(hero))
    session.run(GM, CloseTable())
    report = session.app.verify(session.table_id)
    assert (report.dice_checked, report.mismatches) == (3, [])

    events = session.events()
    last = next(e for e in reversed(events) if isinstance(e, DiceRolled))
    die = last.dice[0]
    tampered = [
        msgspec.structs.replace(die, face=die.face % 10 + 1),
        msgspec.structs.replace(die, index=(die.index or 0) + 1),
    ]
    for wrong in tampered:
        object.__setattr__(last, "dice", [wrong])
        report = session.app.verify(session.table_id, events)
        assert len(report.mismatches) >= 1
        assert f"roll {last.roll}" in report.mismatches[0]


def test_a_public_die_says_nothing_of_the_dice_secret_rolls_took_before_it() -> None:
    """A die's random operation is its roll's, not the table's count: whether a blind roll
    before it took a die (or two, or none) shows in no public die after it."""

    def public_die_after(secret_rolls: int) -> tuple[int | None, int]:
        session = new_session(players=1, key=KEY)
        hero = _hero(session)
        for _ in range(secret_rolls):
            session.run(GM, roll_test(hero, visibility="blind"))
        session.run(GM, roll_test(hero))
        last = _rolls(session)[-1]
        return last.dice[0].index, last.dice[0].face

    one, three = public_die_after(1), public_die_after(3)
    assert one[0] == roll_operation(2, 0) and three[0] == roll_operation(4, 0)
    # the same public roll number gives the same die whatever the secret rolls took
    assert public_die_after(1) == one


def test_a_table_recorded_before_dice_were_keyed_still_verifies() -> None:
    """Dice of older tables used the table's next operation: verify still checks them so, and
    still names one that skipped an operation."""
    session = new_session(players=1)
    hero = _hero(session)
    for _ in range(3):
        session.run(GM, roll_test(hero))
    session.run(GM, CloseTable())
    events = session.events()
    seed = bytes.fromhex(session.app.keys(session.table_id).reveal_seed())
    counted = iter(range(10))
    for event in events:
        if isinstance(event, DiceRolled):
            dice_then = []
            for die in event.dice:
                index = next(counted)
                face = die_face(seed, index, die.sides)
                dice_then.append(msgspec.structs.replace(die, index=index, face=face))
            object.__setattr__(event, "dice", dice_then)
    indices = [d.index for e in events if isinstance(e, DiceRolled) for d in e.dice]
    assert indices == [0, 1, 2]  # counted along the table, as before dice were keyed
    report = session.app.verify(session.table_id, events)
    assert (report.dice_checked, report.mismatches) == (3, [])
    last = next(e for e in reversed(events) if isinstance(e, DiceRolled))
    skipped = msgspec.structs.replace(last.dice[0], index=3)
    object.__setattr__(last, "dice", [skipped])
    report = session.app.verify(session.table_id, events)
    assert "uses random operation" in report.mismatches[0]


def test_the_game_master_reveals_secret_rolls_only() -> None:
    session = new_session(players=1)
    hero = _hero(session)
    session.run(GM, roll_test(hero))  # public: roll 1
    session.run(GM, roll_test(hero, visibility="blind"))  # roll 2
    assert session.refused("p1", RevealRolls(rolls=[2], reason="now")).code == "not_game_master"
    assert session.refused(GM, RevealRolls(rolls=[3], reason="now")).code == "unknown_roll"
    assert session.refused(GM, RevealRolls(rolls=[1], reason="now")).code == "roll_not_secret"
    session.run(GM, RevealRolls(rolls=[2], reason="the trap is sprung"))
    table = session.table()
    assert (table.secret_rolls, table.revealed_rolls) == ([], [2])
    assert isinstance(session.events()[-1], RollsRevealed)
    assert session.refused(GM, RevealRolls(rolls=[2], reason="again")).code == "roll_not_secret"


def test_scripted_dice_refuse_a_face_the_die_cannot_show_and_running_out() -> None:
    scripted = ScriptedDice([6, 9])
    assert scripted.roll(6, "check") == 6
    with pytest.raises(ValueError, match="d6 cannot show 9"):
        scripted.roll(6, "check")
    assert ScriptedDice([]).left == 0
    with pytest.raises(DiceExhausted):
        ScriptedDice([]).roll(6, "check")


def test_the_table_keys_die_is_uniform_over_its_faces() -> None:
    seed = SERVER_KEY
    faces = [die_face(seed, index, 6) for index in range(6000)]
    counts = [faces.count(face) for face in range(1, 7)]
    assert min(counts) > 850 and max(counts) < 1150  # 1000 expected each; 5 sigma ~ 150
