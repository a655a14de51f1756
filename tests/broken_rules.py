"""Broken stand-ins for the code of a few rules, so that `tests/test_rules_coverage.py` can
show that the tests a coverage row names for a rule fail without it: a test that passes with
the rule's code replaced by a plausible mistake asserts nothing of the rule.

A pytest plugin (`-p tests.broken_rules`): the environment's `BROKEN_RULES` maps node ids to
the stand-ins to run each under, and the node runs once intact and once per stand-in
(`test_x[intact]`, `test_x[<stand-in>]`); every outcome is written, as JSON, to the file
`BROKEN_RULES_REPORT` names. Each stand-in replaces one function or rule of the domain or
its projections through `monkeypatch`, for the one test it runs under.
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest

INTACT = "intact"
StandIn = Callable[[pytest.MonkeyPatch], None]
STAND_INS: dict[str, StandIn] = {}


def stand_in(replace: StandIn) -> StandIn:
    STAND_INS[replace.__name__] = replace
    return replace


# -- asaltos: who sees what of a sheet (projections/asaltos) ---------------------------------


@stand_in
def every_seat_knows_every_sheet(monkeypatch: pytest.MonkeyPatch) -> None:
    """`views.knows` says yes to everybody: FUE, AGI, RES, the skills, the deadlines and the
    pending hit's Agilidad reach every seat."""
    from projections.asaltos import views

    monkeypatch.setattr(views, "knows", lambda table, seat, viewer: True)


@stand_in
def others_read_no_public_part(monkeypatch: pytest.MonkeyPatch) -> None:
    """`views.character_view` hides from other seats what is public too: the wounds,
    conditions, timers, shock, death and losses."""
    from projections.asaltos import views

    original = views.character_view

    def hidden(table: Any, character: Any, viewer: Any) -> Any:
        shown = original(table, character, viewer)
        if views.knows(table, character.seat, viewer):
            return shown
        return msgspec.structs.replace(
            shown, wounds=[], conditions=[], timers=[], dead=False, in_shock=False, lost={}
        )

    monkeypatch.setattr(views, "character_view", hidden)


@stand_in
def deadlines_shown_to_all(monkeypatch: pytest.MonkeyPatch) -> None:
    """`views.timer_view` shows a death timer's deadline (RES rounds, minutes, hours) to all."""
    from projections.asaltos import views

    original = views.timer_view
    monkeypatch.setattr(views, "timer_view", lambda timer, res_known: original(timer, True))


@stand_in
def step_agility_shown_to_all(monkeypatch: pytest.MonkeyPatch) -> None:
    """`views.step_view` shows the Agilidad of every combat step (a pending hit's, a wound's,
    an out-of-action step's) to every seat."""
    from projections.asaltos import views

    original = views.step_view
    monkeypatch.setattr(views, "step_view", lambda step, agi_known: original(step, True))


@stand_in
def logged_step_agility_public(monkeypatch: pytest.MonkeyPatch) -> None:
    """The redaction rules of `AttackHit`, `WoundInflicted` and `Died` lose their `derived`
    part: the log shows their step's Agilidad to every seat."""
    from domain.asaltos import events as ev
    from projections import redaction

    for kind in (ev.AttackHit, ev.WoundInflicted, ev.Died):
        rule = dataclasses.replace(redaction.RULES[kind], derived={})
        monkeypatch.setitem(redaction.RULES, kind, rule)


@stand_in
def logged_res_public(monkeypatch: pytest.MonkeyPatch) -> None:
    """The redaction rules of `ShockSuffered` and `DeathTimerStarted` lose their `derived`
    part: the log shows the RES of a shock and a timer's deadline to every seat."""
    from domain.asaltos import events as ev
    from projections import redaction

    for kind in (ev.ShockSuffered, ev.DeathTimerStarted):
        rule = dataclasses.replace(redaction.RULES[kind], derived={})
        monkeypatch.setitem(redaction.RULES, kind, rule)


# -- asaltos: a check changes nothing shared (domain/asaltos/events.py) ----------------------


@stand_in
def a_failed_check_fells_its_character(monkeypatch: pytest.MonkeyPatch) -> None:
    """`CheckMade.apply` lets a failed check change the table: its character falls."""
    from domain.asaltos import events as ev

    original = ev.CheckMade.apply

    def apply(self: Any, table: Any) -> None:
        original(self, table)
        if not self.result.success:
            character = table.game.characters[self.character]
            character.conditions = [*character.conditions, "fallen"]

    monkeypatch.setattr(ev.CheckMade, "apply", apply)


# -- stepdice: a Fuerte healing spell's +2 Hearts (domain/stepdice) --------------------------


@stand_in
def healing_gives_1_heart(monkeypatch: pytest.MonkeyPatch) -> None:
    """The healing spell heals +1 Heart up to the maximum, not +2."""
    from domain.stepdice import rolls

    monkeypatch.setattr(rolls, "healed", lambda hearts, most: min(hearts + 1, max(most, hearts)))


@stand_in
def healing_fills_the_hearts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The healing spell fills the patient's Hearts to its maximum."""
    from domain.stepdice import rolls

    monkeypatch.setattr(rolls, "healed", lambda hearts, most: max(most, hearts))


# -- the plugin ------------------------------------------------------------------------------


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    wanted: dict[str, list[str]] = json.loads(os.environ.get("BROKEN_RULES", "{}"))
    names = wanted.get(metafunc.definition.nodeid)
    if names is not None:
        metafunc.parametrize("broken_rule", [INTACT, *names], indirect=True)


@pytest.fixture(autouse=True)
def broken_rule(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The stand-in the node runs under, applied (none for a node not asked for)."""
    name: str = getattr(request, "param", INTACT)
    if name != INTACT:
        STAND_INS[name](monkeypatch)
    return name


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Records each node's outcome: passed, failed (an assertion of the test failed) or
    error (anything else went wrong, in the test or around it)."""
    report = yield
    path = os.environ.get("BROKEN_RULES_REPORT")
    if path is not None and (call.when == "call" or call.excinfo is not None):
        if call.excinfo is None:
            outcome = "passed"
        elif call.when == "call" and call.excinfo.errisinstance(AssertionError):
            outcome = "failed"
        else:
            outcome = "error"
        with Path(path).open("a") as out:
            out.write(json.dumps({"node": item.nodeid, "outcome": outcome}) + "\n")
    return report
