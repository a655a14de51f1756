"""PORTAL: thorns from wounds and the critical state [002:1250-1283]."""

from __future__ import annotations

import msgspec
import pytest

from domain.errors import InvalidCommand
from domain.portal.absorption import absorb
from domain.portal.critical import WORST_THORN, critical_state
from domain.portal.options import Options
from domain.portal.pool import Pool
from domain.portal.reading import ReadingSpec, read
from domain.portal.sheet import Drives, PortalSheet
from domain.portal.thorns import thorn_check

DEFAULT = Options()
SHEET = PortalSheet(name="Sven", drives=Drives(names=["glory"]), discomfort=3, wound=3)


def test_p23_ricardo_short_by_three_takes_a_wound_die_every_hour() -> None:
    """P23 [002:1265-1267]: 2 wound and 2 discomfort dice make 6; MID aguante of 5,3,2 is 3
    (his wound and discomfort dice do not count): short by 3, a wound die every hour."""
    pool = Pool(basic=[5, 3, 2], discomfort=[6, 6], wound=[6, 6])
    aguante = read(pool, ReadingSpec(name="aguante", choice="MID", aguante=True)).result
    check = thorn_check(aguante, discomfort=2, wound=2)
    assert (check.accumulated, check.difference) == (6, 3)
    assert [(t.gives, t.every) for t in check.thorns] == [
        ("wound", "hour, until proper medical care")
    ]


@pytest.mark.parametrize(
    ("aguante", "schedule"),
    [
        (6, []),  # equal to the accumulated 6: not below [002:1256]
        (5, [("discomfort", "day")]),
        (4, [("discomfort", "hour"), ("wound", "day")]),
        (2, [("wound", "half hour")]),
        (1, [("wound", "10 minutes")]),
        (-3, [("wound", "10 minutes")]),
    ],
)
def test_thorn_schedules_by_difference(aguante: int, schedule: list[tuple[str, str]]) -> None:
    """[002:1256-1261]; the accumulated value, not the damage received (CONTRA [002:1065])."""
    check = thorn_check(aguante, discomfort=2, wound=2)
    assert [(t.gives, t.every.split(",")[0]) for t in check.thorns] == schedule


def test_a_wound_die_gained_calls_for_the_thorn_check_on_the_dice_after_the_damage() -> None:
    """[002:1063, 1252-1256]: 3 points on 2 discomfort dice leave 3 discomfort and 1 wound
    die (one gained): 3 + 2 = 5 accumulated against an aguante of 3, short by 2."""
    absorption = absorb(2, 0, 3)
    assert absorption.wound_gained
    assert (absorption.discomfort, absorption.wound) == (3, 1)
    check = thorn_check(3, absorption.discomfort, absorption.wound)
    assert (check.accumulated, check.difference) == (5, 2)


def test_thorn_check_refuses_impossible_dice() -> None:
    with pytest.raises(InvalidCommand):
        thorn_check(3, discomfort=4, wound=0)


@pytest.mark.parametrize(
    ("aguante", "state", "stabilised"),
    [(3, "unconscious", True), (5, "conscious", True), (2, "unstabilised", False)],
)
def test_critical_state_by_the_last_aguante_roll(
    aguante: int, state: str, stabilised: bool
) -> None:
    """[002:1273-1281]: 3 points unabsorbed; equal: unconscious and stabilised; above:
    conscious; below: GAP `critical_below`, unstabilised by default. The worst thorn always
    [002:1283]."""
    critical = critical_state(aguante, 3, DEFAULT, SHEET)
    assert (critical.state, critical.stabilised) == (state, stabilised)
    assert critical.thorn is not None
    assert (critical.thorn.gives, critical.thorn.every.split(",")[0]) == ("wound", "10 minutes")


def test_the_worst_thorn_is_driven_in_once() -> None:
    """[002:1283] gives the worst thorn; a character who carries it gets no second one (the
    book is silent: a second would strike beside the first)."""
    carrying = msgspec.structs.replace(SHEET, thorns=[WORST_THORN])
    assert critical_state(5, 3, DEFAULT, carrying).thorn is None


def test_critical_state_below_may_be_death_under_the_option() -> None:
    assert critical_state(1, 3, Options(critical_below="dead"), SHEET).state == "dead"


def test_critical_state_needs_unabsorbed_damage() -> None:
    with pytest.raises(InvalidCommand):
        critical_state(3, 0, DEFAULT, SHEET)
