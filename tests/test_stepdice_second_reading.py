"""stepdice after a second reading of the book (issue 21), through the application.

- "Casi seguro" [003:88]: a TN pushed below 4 is a success, normally with no roll, for tests,
  attacks and spells alike: it is recorded as a roll with no die (the pawn falls, the Mana is
  spent); a secret one is a secret roll like any other; `tn_below_ladder` rolls against a
  number of the table's instead.
- Starting Hearts and Mana are 5 and 3 [003:235, 282]: a character's creation takes no other,
  and the game master's `SetMaxima`, with its reason, sets a character's own maxima.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.commands import RevealRolls
from domain.stepdice import commands as cmd
from domain.stepdice import events as ev
from projections.redaction import redact
from projections.visibility import Viewer
from tests.replay_checks import assert_replay_matches
from tests.stepdice_helpers import (
    GM,
    Session,
    dice,
    new_session,
    roll_attack,
    roll_cast,
    roll_test,
)

#: one grade below Fácil: TN < 4 [003:88]
EASIER = [{"grades": -1, "reason": "a rope and all the time in the world"}]
#: two grades below Normal
MUCH_EASIER = [{"grades": -2, "reason": "the pawn is asleep"}]


def _since(session: Session, version: int) -> list[Any]:
    return list(session.app.table_events(session.table_id, version))


def _types(events: list[Any]) -> list[str]:
    return [type(event).__name__ for event in events]


def _rogue(session: Session) -> str:
    character: str = session.run("p1", cmd.CreateCharacter(name="Rogue", attributes=dice())).result
    return character


def _pools(session: Session, character: str) -> tuple[int, int, int, int]:
    """Hearts now and at most, Mana now and at most."""
    held = session.state.characters[character]
    return (held.hearts, held.hearts_max, held.mana, held.mana_max)


def _no_die(rolled: Any) -> tuple[Any, ...]:
    return (rolled.die, rolled.target, rolled.face, rolled.outcome, rolled.owed)


# -- "casi seguro" [003:88] ---------------------------------------------------------------------


def test_an_almost_certain_test_succeeds_with_no_die_and_the_last_rung_still_rolls() -> None:
    # the script's 1 would fail any roll: an almost certain test does not roll it
    session = new_session(scripted_rolls=[1])
    rogue = _rogue(session)
    clock = session.run(GM, cmd.StartClock(name="Guards", steps=1, consequence="the alarm")).result
    version = session.version
    roll = session.run(GM, roll_test(rogue, "agilidad", "facil", shifts=EASIER)).result
    events = _since(session, version)
    assert _types(events) == ["DiceRolled", "TestRolled"]
    assert (events[0].roll, events[0].dice) == (roll, [])
    assert _no_die(events[1]) == (None, None, None, "success", None)
    assert session.table().dice_rolled == 0
    assert session.state.results[str(roll)].outcome == "success"
    assert session.state.clocks[clock].position == 0  # a success moves no clock
    # Normal -1 is 4, the ladder's last rung: rolled, and the script's 1 fails
    last_rung = session.run(GM, roll_test(rogue, "agilidad", "normal", shifts=EASIER)).result
    assert session.state.results[str(last_rung)].outcome == "failure_complication"
    assert_replay_matches(session.table(), session.replayed())


def test_an_almost_certain_attack_takes_the_pawn_out_with_no_die_and_owes_no_venganza() -> None:
    session = new_session(scripted_rolls=[1])
    rogue = _rogue(session)
    pawn = session.run(GM, cmd.AddEnemy(name="Pawn", category="peon")).result
    version = session.version
    roll = session.run(GM, roll_attack(rogue, pawn, "melee", shifts=MUCH_EASIER)).result
    events = _since(session, version)
    assert _types(events) == ["DiceRolled", "AttackRolled", "EnemyHit"]
    assert events[0].dice == []
    assert _no_die(events[1]) == (None, None, None, "success", None)
    assert session.state.enemies[pawn].status == "out"
    assert session.state.results[str(roll)].owed is None
    assert session.table().dice_rolled == 0


def test_an_almost_certain_spell_spends_its_mana_and_heals_with_no_die() -> None:
    session = new_session(scripted_rolls=[1])
    rogue = _rogue(session)
    warrior = session.run("p2", cmd.CreateCharacter(name="Warrior", attributes=dice())).result
    for _ in range(3):
        session.run(GM, cmd.LoseHeart(character=warrior, reason="a blow"))
    # Fuerte (TN 8) three grades easier: below 4
    shifts = [*MUCH_EASIER, *EASIER]
    version = session.version
    session.run(GM, roll_cast(rogue, "fuerte", 2, shifts=shifts, heals=warrior))
    events = _since(session, version)
    assert _types(events) == ["ManaSpent", "DiceRolled", "SpellCast", "HeartsHealed"]
    assert _no_die(events[2]) == (None, None, None, "success", None)
    assert session.state.characters[rogue].mana == 1  # 3 - 2: spent before the (no) roll
    assert session.state.characters[warrior].hearts == 4  # 2 + 2
    assert session.table().dice_rolled == 0


def test_a_table_with_a_number_below_the_ladder_rolls_against_it() -> None:
    """`tn_below_ladder` still chooses something: a roll against 2 or 3, where a 1 fails."""
    session = new_session(scripted_rolls=[1, 2], tn_below_ladder=2)
    rogue = _rogue(session)
    for outcome in ("failure_complication", "success"):
        version = session.version
        session.run(GM, roll_test(rogue, "agilidad", "facil", shifts=EASIER))
        _, rolled = _since(session, version)
        assert (rolled.die, rolled.target, rolled.outcome) == (10, 2, outcome)


def test_a_secret_almost_certain_test_is_a_secret_roll_that_reads_as_a_rolled_one() -> None:
    """A blind almost certain test is a secret roll with a number, revealed like any other;
    a player reads its events exactly as a blind rolled test's."""
    reads = []
    for grade, shifts in (("facil", EASIER), ("normal", [])):
        session = new_session(scripted_rolls=[5])
        rogue = _rogue(session)
        version = session.version
        blind = roll_test(rogue, "agilidad", grade, shifts=shifts, visibility="blind")
        roll = session.run(GM, blind).result
        assert session.table().secret_rolls == [roll]
        player = Viewer(seat="p1", is_gm=False, hidden_rolls=frozenset({roll}))
        read = [msgspec.to_builtins(redact(e, player, False)) for e in _since(session, version)]
        reads.append([{k: v for k, v in r.items() if k != "at"} for r in read])
        session.run(GM, RevealRolls(rolls=[roll], reason="the end"))
        assert session.table().secret_rolls == []
    assert reads[0] == reads[1]
    assert [set(r["hidden"]) for r in reads[0]] == [
        {"dice"},
        {"attribute", "grade", "shifts", "die", "target", "face", "outcome", "owed"},
    ]


# -- starting Hearts and Mana, and the game master's maxima [003:235, 282] -----------------------


@pytest.mark.parametrize("pool", ["hearts", "mana"])
def test_a_character_is_created_with_the_tables_hearts_and_mana_and_no_other(pool: str) -> None:
    body = {"name": "Greedy", "attributes": msgspec.to_builtins(dice()), pool: 20}
    with pytest.raises(msgspec.ValidationError, match=f"unknown field `{pool}`"):
        msgspec.convert(body, cmd.CreateCharacter)
    session = new_session()
    assert _pools(session, _rogue(session)) == (5, 5, 3, 3)
    hardy = new_session(starting_hearts=7, starting_mana=1)
    assert _pools(hardy, _rogue(hardy)) == (7, 7, 1, 1)


def test_the_game_master_sets_a_characters_maxima_with_a_reason() -> None:
    session = new_session()
    rogue = _rogue(session)
    session.run(GM, cmd.LoseHeart(character=rogue, reason="a blow"))  # 4 of 5
    version = session.version
    session.run(GM, cmd.SetMaxima(character=rogue, hearts_max=7, mana_max=5, reason="a blessing"))
    (event,) = _since(session, version)
    assert isinstance(event, ev.MaximaSet) and event.reason == "a blessing"
    assert _pools(session, rogue) == (6, 7, 5, 5)  # a raised maximum gives as much more now
    # one maximum alone; a lowered one caps what the character holds
    session.run(GM, cmd.SetMaxima(character=rogue, hearts_max=2, reason="a curse"))
    assert _pools(session, rogue) == (2, 2, 5, 5)
    # every seat reads the Hearts and the reason; the Mana is the player's and the GM's
    for seat, knows in (("p1", True), ("p2", False), (GM, True)):
        shown = redact(event, Viewer(seat=seat, is_gm=seat == GM), False)
        assert (shown.data["hearts_max"], shown.data["reason"]) == (7, "a blessing")
        assert (shown.data["mana_max"], shown.data["mana"]) == ((5, 5) if knows else (None, None))
    assert_replay_matches(session.table(), session.replayed())


def test_only_the_game_master_sets_maxima_and_names_one() -> None:
    session = new_session()
    rogue = _rogue(session)
    mine = cmd.SetMaxima(character=rogue, hearts_max=20, reason="I want it")
    assert session.refused("p1", mine).code == "not_game_master"
    assert session.refused(GM, cmd.SetMaxima(character=rogue, reason="x")).code == "invalid_maxima"
    assert session.refused(GM, cmd.SetMaxima(character="c9", mana_max=1, reason="x")).code == (
        "unknown_character"
    )
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"character": rogue, "hearts_max": 0, "reason": "x"}, cmd.SetMaxima)
