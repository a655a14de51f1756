"""Property tests: random Frontera sessions keep every card, replay exactly, and reject bad
commands without leaving anything behind.

The random sessions and the checks run after every command live in
`tests/frontera_strategies.py`: at every version each card is in exactly one zone and the
cards are those the table started with; the live (cached) table, a replay of the events from
scratch, every stored snapshot and past versions read back are the same; a rejected command
raises a `DomainError`, appends nothing and keeps the version, and no other exception escapes.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from domain.application import SNAPSHOT_INTERVAL, Tables
from domain.commands import AddSeat
from domain.frontera import commands as cmd
from domain.frontera import events as ev
from domain.frontera.character import Trait
from domain.table import Table
from tests.frontera_helpers import MAYOR, SERVER_KEY, new_session, protagonist
from tests.frontera_strategies import (
    Driver,
    cast_characters,
    fingerprint,
    no_management_options,
    normal_options,
    own_deck,
    replay,
    snapshotting_tables,
    start_session,
    wear_options,
)

#: the explain phase re-runs failing examples many times over; it is too slow for sessions
PHASES = [Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink]
HEALTH = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
#: 100 sessions for each of the four ways to play, drawn anew each run (not derandomized): more
#: than any other system's random sessions draw for the same property (asaltos 60, stepdice 40)
RANDOM_SESSIONS = settings(
    max_examples=100, deadline=None, phases=PHASES, suppress_health_check=HEALTH
)
LONG_SESSIONS = settings(max_examples=8, deadline=None, phases=PHASES, suppress_health_check=HEALTH)

Setup = tuple[int, dict[str, Any]]


def with_players(setup: Setup) -> bool:
    """Whether a table has players, hence the whole cast (c1 and c2 are then protagonists)."""
    return setup[0] > 0


def play(data: st.DataObject, setup: Setup) -> Driver:
    """A random session: usually a cast first, then 5 to 40 random commands."""
    players, options = setup
    driver = Driver(data, start_session(snapshotting_tables(), players, **options))
    if not driver.rarely(4, "no cast"):
        cast_characters(driver)
    driver.run(driver.number(5, 40, "steps"))
    return driver


# -- random sessions, one test per mode ------------------------------------------------------


@pytest.mark.long
@RANDOM_SESSIONS
@given(data=st.data(), setup=normal_options())
def test_random_normal_sessions_keep_their_cards_replay_exactly_and_reject_cleanly(
    data: st.DataObject, setup: Setup
) -> None:
    play(data, setup)


@pytest.mark.long
@RANDOM_SESSIONS
@given(data=st.data(), setup=normal_options(skip_phase_1=True))
def test_random_sessions_that_skip_phase_1_keep_their_cards_replay_exactly_and_reject_cleanly(
    data: st.DataObject, setup: Setup
) -> None:
    play(data, setup)


@pytest.mark.long
@RANDOM_SESSIONS
@given(data=st.data(), setup=no_management_options())
def test_random_no_management_sessions_keep_their_cards_replay_exactly_and_reject_cleanly(
    data: st.DataObject, setup: Setup
) -> None:
    play(data, setup)


@pytest.mark.long
@RANDOM_SESSIONS
@given(data=st.data(), setup=wear_options())
def test_random_wear_sessions_keep_their_cards_replay_exactly_and_reject_cleanly(
    data: st.DataObject, setup: Setup
) -> None:
    play(data, setup)


# -- long sessions: piles and decks run out --------------------------------------------------


@LONG_SESSIONS
@given(data=st.data(), setup=normal_options().filter(with_players))
def test_a_normal_session_keeps_its_cards_through_phase_2_and_returned_discards(
    data: st.DataObject, setup: Setup
) -> None:
    """Big draws spend the pile (phase 1 -> 2), then one hero plays until their deck is empty
    and their discards come back; on the production application and its snapshot interval.
    """
    players, options = setup
    app = Tables({"PERSISTENCE_MODULE": "eventsourcing.popo"}, server_key=SERVER_KEY)
    driver = Driver(data, start_session(app, players, **options))
    cast_characters(driver)
    driver.send(MAYOR, cmd.StartTable(), plain=True)
    hero, bart = "c1", "c3"
    for _ in range(40):
        if driver.game.phase == 2:
            break
        driver.play_test([hero, bart] if driver.rarely(1, "opposed") else [hero], big=True)
    assert driver.game.phase == 2 and "phase 2" in driver.milestones
    for _ in range(60):
        if "discards returned" in driver.milestones:
            break
        driver.play_test([hero], big=True)
    assert "discards returned" in driver.milestones
    while driver.folded < SNAPSHOT_INTERVAL:  # the production interval: one is taken
        driver.play_test([hero])
    # random steps last: they may leave a test, combat or exchange open, or close the table,
    # where a whole test of the hero's could not be played
    driver.run(driver.number(0, 20, "random steps"))
    assert app.snapshots is not None
    assert list(app.snapshots.get(driver.session.table_id)), "no snapshot was taken"


@LONG_SESSIONS
@given(data=st.data(), setup=normal_options(skip_phase_1=True, small=True).filter(with_players))
def test_a_phase_2_session_keeps_its_cards_while_a_deck_empties_and_its_discards_return(
    data: st.DataObject, setup: Setup
) -> None:
    """Every card dealt at once, many set aside: a hero plays out their small deck, then the
    discards are shuffled back in."""
    players, options = setup
    driver = Driver(data, start_session(snapshotting_tables(), players, **options))
    cast_characters(driver)
    driver.send(MAYOR, cmd.StartTable(), plain=True)
    hero = driver.choice(["c1", "c2", "c3", "c4"], "hero")
    seat = driver.game.characters[hero].seat
    for _ in range(len(own_deck(driver, seat)) + 1):
        driver.play_test([hero], big=driver.rarely(1, "big"))
    assert "discards returned" in driver.milestones
    driver.run(driver.number(0, 20, "random steps"))


@LONG_SESSIONS
@given(data=st.data(), setup=wear_options())
def test_a_wear_session_keeps_its_cards_while_a_deck_runs_empty(
    data: st.DataObject, setup: Setup
) -> None:
    """The Mayor's NPC plays until the Mayor's deck is empty; then draws get no card."""
    players, options = setup
    driver = Driver(data, start_session(snapshotting_tables(), players, **options))
    cast_characters(driver)
    driver.send(MAYOR, cmd.StartTable(), plain=True)
    bart = "c3"
    for _ in range(60):
        if not own_deck(driver, MAYOR):
            break
        driver.play_test([bart], big=True)
    assert own_deck(driver, MAYOR) == []
    driver.play_test([bart, "c1"])
    empty = [e for e in driver.session.events() if isinstance(e, ev.CardsDrawn)][-2]
    assert empty.character == bart and empty.cards == []
    driver.run(driver.number(0, 20, "random steps"))


# -- replay from a real store ----------------------------------------------------------------


@settings(max_examples=15, deadline=None, phases=PHASES, suppress_health_check=HEALTH)
@given(data=st.data(), setup=st.one_of(normal_options(), no_management_options(), wear_options()))
def test_a_session_stored_in_sqlite_reads_back_the_same_in_a_fresh_application(
    data: st.DataObject, setup: Setup
) -> None:
    players, options = setup
    with tempfile.TemporaryDirectory() as directory:
        env = {
            "PERSISTENCE_MODULE": "eventsourcing.sqlite",
            "SQLITE_DBNAME": str(Path(directory) / "tables.db"),
        }
        driver = Driver(data, start_session(Tables(env, server_key=SERVER_KEY), players, **options))
        cast_characters(driver)
        driver.run(driver.number(10, 60, "steps"))
        live = fingerprint(driver.session.table())
        fresh = Tables(env, server_key=SERVER_KEY)
        table_id = driver.session.table_id
        assert fingerprint(replay(list(fresh.table_events(table_id)))) == live
        loaded = fresh.read(table_id, lambda table: table)
        assert isinstance(loaded, Table)
        assert fingerprint(loaded) == live
        driver.session.app.close()
        fresh.close()


# -- regressions of domain bugs the random sessions found -------------------------------------


@pytest.mark.parametrize(
    "options", [{"mode": "wear"}, {"mode": "normal", "skip_phase_1": True}], ids=["wear", "phase_2"]
)
def test_a_seat_that_joins_after_the_start_draws_from_its_own_empty_deck(
    options: dict[str, Any],
) -> None:
    """Found here: the late seat had no deck zone and its first draw raised a KeyError."""
    session = new_session(players=("Ana",), **options)
    session.run(MAYOR, cmd.StartTable())
    late = session.run(MAYOR, AddSeat(name="Late Larry")).result
    sheet = {"hands": 3, "senses": 3, "muscle": 3, "head": 3}
    hero = session.run(
        late, protagonist("Lou", sheet, ["brawl", "agility", "cunning", "aim"])
    ).result
    session.run(MAYOR, cmd.OpenTraitTest(character=hero, trait=Trait.HANDS))
    assert session.run(late, cmd.Draw(character=hero)).result == []
    resolved = session.events()[-1]
    assert isinstance(resolved, ev.TestResolved) and resolved.outcomes == {hero: "failure"}
