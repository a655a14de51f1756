"""FATE at the table, in the domain: the state is a function of the events, a refused command
leaves nothing behind, an invocation's reroll is a roll of its own naming the dice it
replaces, a fork starts with no roll of the source, and verify recomputes every die after
closing."""

from __future__ import annotations

import contextlib

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.commands import CloseTable
from domain.dice import DiceRolled
from domain.errors import DomainError, InvalidCommand
from domain.fate import commands as cmd
from tests.fate_support import (
    GM,
    command,
    create,
    figures_session,
    new_session,
    random_command,
)
from tests.test_api_fate import invoke, roll_call, ruling


def test_the_figures_session_replays_to_the_same_state() -> None:
    session = figures_session()
    replayed = session.replayed()
    assert msgspec.to_builtins(replayed.game) == msgspec.to_builtins(session.state)
    # 3 points: +2 (Tozuda), a reroll (Ágil) and +1 spent; the compel gave one and took one
    assert session.state.characters["c1"].sheet.fate_points == 0
    assert session.state.characters["c2"].sheet.fate_points == 2


def test_an_invocations_reroll_is_a_roll_of_its_own_naming_the_dice_it_replaces() -> None:
    session = new_session(scripted_rolls=[1, 1, 1, 1, 6, 5, 4, 3])
    session.run("p1", create("Ana", aspects=[{"name": "Ágil"}]))
    first = session.run(GM, command(cmd.FateRollSkill, **roll_call("c1"))).result
    body = invoke(first, "Ágil", owner="c1", effect="reroll")
    session.run("p1", command(cmd.FateInvokeAspect, **body))
    session.run(GM, command(cmd.FateRuleInvocation, **ruling(first)))
    dice = [e for e in session.events() if isinstance(e, DiceRolled)]
    assert [(e.roll, e.visibility) for e in dice] == [(1, "public"), (2, "public")]
    assert [(d.face, d.reroll_of, d.reroll_source) for d in dice[1].dice] == [
        (6, 0, "invocation"),
        (5, 1, "invocation"),
        (4, 2, "invocation"),
        (3, 3, "invocation"),
    ]
    assert session.state.open_rolls["1"].reroll_rolls == [2]


def test_refused_commands_leave_the_table_as_it_was() -> None:
    session = new_session(scripted_rolls=[3, 3, 3, 3])
    session.run("p1", create("Ana", fate_points=0))
    session.run("p2", create("Bea"))
    first = session.run(GM, command(cmd.FateRollSkill, **roll_call("c1"))).result
    for actor, refused in (
        # no point for it, another seat's roll, an aspect nobody has, points not held
        ("p1", command(cmd.FateInvokeAspect, **invoke(first, "Ana el Audaz", owner="c1"))),
        ("p2", command(cmd.FateInvokeAspect, **invoke(first, "Bea el Audaz", owner="c2"))),
        ("p1", command(cmd.FateInvokeAspect, **invoke(first, "Nada", owner="c2"))),
        ("p1", command(cmd.FateSettleRoll, roll=first, fate_points=1)),
        (GM, command(cmd.FateRuleInvocation, **ruling(first))),
    ):
        session.refused(actor, refused)


def test_a_fork_starts_with_no_roll_of_the_source_and_verify_checks_every_die() -> None:
    session = new_session(scripted_rolls=[6, 5, 4])  # the fourth die from the seed
    session.run("p1", create("Ana"))
    session.run(GM, command(cmd.FateRollSkill, **roll_call("c1")))
    session.run("p1", command(cmd.FateSettleRoll, roll=1, fate_points=0))
    session.run(GM, command(cmd.FateRollSkill, **roll_call("c1")))
    forked = session.app.fork(session.table_id, GM, session.version, "What if")
    fork = session.app.read(forked, lambda table: table.game)
    assert fork.open_rolls == {} and fork.settled_rolls == {}
    assert fork.characters["c1"].sheet.fate_points == 2
    session.run(GM, CloseTable())
    verified = session.app.verify(session.table_id)
    assert verified.mismatches == [] and verified.dice_checked == 8


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_play_replays_to_the_live_state(data: st.DataObject) -> None:
    # one seed for every example: the commands drawn read the dice thrown, and hypothesis
    # replays an example by its draws alone
    session = new_session(key="random-play-of-one-seed")
    hidden = [{"name": "Secreto", "hidden": True}]
    for seat, name in (("p1", "One"), ("p2", "Two")):
        session.run(seat, create(name, aspects=[{"name": f"{name} el Audaz"}, *hidden]))
    session.run(GM, create("Three", kind="npc"))
    for _ in range(15):
        actor, chosen = random_command(data, session)
        with contextlib.suppress(DomainError):  # a refusal is a step too; nothing else fails
            session.run(actor, chosen)
    assert msgspec.to_builtins(session.replayed().game) == msgspec.to_builtins(session.state)


@pytest.mark.parametrize("faces", [[7], [0]])
def test_scripted_faces_a_d6_cannot_show_are_refused(faces: list[int]) -> None:
    with pytest.raises((InvalidCommand, msgspec.ValidationError)):
        new_session(scripted_rolls=faces)
