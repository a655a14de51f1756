"""PORTAL at the table, in the domain: the state is a function of the events, a refused
command leaves nothing behind, a reroll's die names the die it replaces, a fork starts with no
open roll, and verify recomputes every die after closing."""

from __future__ import annotations

import contextlib

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.commands import CloseTable
from domain.dice import DiceRolled
from domain.errors import DomainError, InvalidCommand
from domain.portal import commands as cmd
from tests.portal_support import (
    GM,
    command,
    create,
    figures_session,
    new_session,
    random_command,
    reroll,
    roll,
)


def test_the_figures_session_replays_to_the_same_state() -> None:
    session = figures_session()
    replayed = session.replayed()
    assert msgspec.to_builtins(replayed.game) == msgspec.to_builtins(session.state)
    assert session.state.characters["c1"].sheet.sequels[0].kind == "agility"


def test_a_reroll_is_a_roll_of_its_own_naming_the_die_it_replaces() -> None:
    session = new_session(scripted_rolls=[2, 3, 4, 6])
    session.run("p1", create("Ana", fortalezas=[{"name": "Sigilo", "level": 1}]))
    first = session.run(GM, roll("c1", fortalezas=[{"name": "Sigilo", "reason": "dark"}])).result
    second = session.run(
        "p1", command(cmd.PortalRerollDie, **reroll(first, "basic", 2, "fortaleza"))
    ).result
    assert (first, second) == (1, 2)
    dice = [e for e in session.events() if isinstance(e, DiceRolled)]
    assert [d.face for d in dice[0].dice] == [2, 3, 4]
    (die,) = dice[1].dice
    assert (die.face, die.reroll_of, die.reroll_source) == (6, 2, "fortaleza")
    assert session.state.open_rolls["1"].sequence.pool.basic == [2, 3, 6]


def test_refused_commands_leave_the_table_as_it_was() -> None:
    session = new_session(scripted_rolls=[1, 1, 1])
    session.run("p1", create("Ana", points={"in_hand": 1}))
    session.run("p2", create("Bea"))
    first = session.run(GM, roll("c1")).result
    # no Fortaleza applies, another seat's roll, an unknown die, a second block
    for actor, refused in (
        ("p1", command(cmd.PortalRerollDie, **reroll(first, "basic", 0, "fortaleza"))),
        ("p2", command(cmd.PortalRerollDie, **reroll(first, "basic", 0, "point"))),
        ("p1", command(cmd.PortalRerollDie, **reroll(first, "luck", 0, "point"))),
        ("p1", command(cmd.PortalSettleRoll, roll=first, payments=["sequel"])),
    ):
        session.refused(actor, refused)
    session.run(GM, command(cmd.PortalBlockRoll, roll=first, giver=None))
    error = session.refused(GM, command(cmd.PortalBlockRoll, roll=first, giver=None))
    assert error.code == "already_blocked"
    error = session.refused(
        "p1", command(cmd.PortalRerollDie, **reroll(first, "basic", 0, "point"))
    )
    assert error.code == "die_blocked"


def test_a_fork_starts_with_no_open_roll_and_verify_checks_every_die() -> None:
    session = new_session(scripted_rolls=[6, 5, 4, 1, 1, 2])  # the luck dice from the seed
    session.run("p1", create("Ana", discomfort=2, wound=1))
    session.run(GM, roll("c1", luck=2))
    forked = session.app.fork(session.table_id, GM, session.version, "What if")
    fork = session.app.read(forked, lambda table: table.game)
    assert fork.open_rolls == {} and fork.characters["c1"].sheet.discomfort == 2
    session.run("p1", command(cmd.PortalSettleRoll, roll=1, payments=[]))
    session.run(GM, CloseTable())
    verified = session.app.verify(session.table_id)
    assert verified.mismatches == [] and verified.dice_checked == 3 + 2 + 1 + 2


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_play_replays_to_the_live_state(data: st.DataObject) -> None:
    # one seed for every example: the commands drawn read the dice thrown, and hypothesis
    # replays an example by its draws alone
    session = new_session(key="random-play-of-one-seed")
    gifted = {"fortalezas": [{"name": "Sigilo", "level": 2}], "points": {"in_hand": 3}}
    session.run("p1", create("One", **gifted))
    session.run("p2", create("Two", wound=1, **gifted))
    session.run(GM, create("Three", kind="principal", luck_held=0))
    for _ in range(12):
        actor, chosen = random_command(data, session)
        with contextlib.suppress(DomainError):  # a refusal is a step too; nothing else fails
            session.run(actor, chosen)
    assert msgspec.to_builtins(session.replayed().game) == msgspec.to_builtins(session.state)


@pytest.mark.parametrize("faces", [[7], [0]])
def test_scripted_faces_a_d6_cannot_show_are_refused(faces: list[int]) -> None:
    with pytest.raises((InvalidCommand, msgspec.ValidationError)):
        new_session(scripted_rolls=faces)
