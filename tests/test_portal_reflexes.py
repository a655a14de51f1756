"""PORTAL: the initial combat roll, phases and cold blood [002:1018-1057]."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import InvalidCommand
from domain.portal.options import Options
from domain.portal.pool import Pool
from domain.portal.reading import ReadingSpec
from domain.portal.reflexes import (
    COLD_BLOOD_DIFFICULTY,
    Contender,
    cold_blood,
    phase_order,
    phases,
)
from domain.portal.roll import resolve
from domain.portal.sheet import Drives, Sheet

DEFAULT = Options()


def test_p7_billy_sixteen_acts_in_phases_six_five_four_one() -> None:
    """P7 [002:1030]."""
    assert phases(16, DEFAULT) == [6, 5, 4, 1]


@pytest.mark.parametrize(
    ("reflexes", "expected"),
    [(6, [6]), (3, [3]), (8, [6, 2]), (11, [6, 5]), (12, [6, 5, 1]), (21, [6, 5, 4, 3, 2, 1])],
)
def test_excess_above_six_gives_actions_in_falling_phases(
    reflexes: int, expected: list[int]
) -> None:
    """[002:1024]: above 6, phase 6 and the excess; an excess of 6 or more, phase 5 and the
    new excess."""
    assert phases(reflexes, DEFAULT) == expected


def test_reflexes_at_most_zero_gap() -> None:
    """GAP `reflex_at_most_zero`: no phase by default (defence stays [002:1075])."""
    assert phases(0, DEFAULT) == [] and phases(-2, DEFAULT) == []
    assert phases(0, Options(reflex_at_most_zero="phase_1")) == [1]


def test_reflexes_past_every_phase_gap() -> None:
    """GAP `reflex_overflow`: past 21 the rest is lost by default."""
    assert phases(25, DEFAULT) == [6, 5, 4, 3, 2, 1]
    assert phases(25, Options(reflex_overflow="phase_1")) == [6, 5, 4, 3, 2, 1, 1]


@given(st.integers(1, 21))
def test_phases_spend_the_whole_value_once_each(reflexes: int) -> None:
    out = phases(reflexes, DEFAULT)
    assert sum(out) == reflexes
    assert out == sorted(set(out), reverse=True) and all(1 <= p <= 6 for p in out)


def test_phase_ties_go_to_reflexes_then_fewer_wounds_then_fewer_discomfort() -> None:
    """[002:1032-1034]."""
    contenders = [
        Contender(name="a", reflexes=4, wound=1),
        Contender(name="b", reflexes=4, wound=0, discomfort=2),
        Contender(name="c", reflexes=4, wound=0, discomfort=1),
        Contender(name="d", reflexes=10),
        Contender(name="wolf", reflexes=3.5),
    ]
    seats = ["a", "b", "c", "d", "wolf"]
    assert phase_order(contenders, seats, direction_die=2) == ["d", "c", "b", "a", "wolf"]


def test_last_ties_follow_the_table_direction_even_right_odd_left() -> None:
    """[002:1036]: one die for the whole combat."""
    contenders = [Contender(name=n, reflexes=3) for n in ("ana", "ben", "cid")]
    seats = ["ana", "ben", "cid"]
    assert phase_order(contenders, seats, direction_die=4) == ["ana", "ben", "cid"]
    assert phase_order(contenders, seats, direction_die=3) == ["cid", "ben", "ana"]
    with pytest.raises(InvalidCommand):
        phase_order(contenders, ["ana", "ben"], direction_die=3)


def test_p17_henry_pays_four_missing_points_three_ways() -> None:
    """P17 [002:1057]: 6,3,1 read HIGH for reflexes (6) and LOW for cold blood (1) in a
    medieval siege, as cruel as a balanced shootout (D5): 4 points missing, paid with 1
    discomfort die, 2 points of reflexes (6 to 4) and 1 lost turn."""
    henry = Sheet(name="Henry", drives=Drives(names=["Huir"]))
    roll = resolve(
        henry,
        Pool(basic=[6, 3, 1]),
        [ReadingSpec(name="reflexes", choice="HIGH"), ReadingSpec(name="cold blood", choice="LOW")],
        DEFAULT,
    )
    reflexes, nerve = (r.result for r in roll.readings)
    paid = cold_blood(
        nerve,
        COLD_BLOOD_DIFFICULTY["balanced_shootout"],
        reflexes,
        held=(henry.discomfort, henry.wound),
        lost_turns=1,
        discomfort=1,
        reflex_points=2,
    )
    assert paid.missing == 4 and paid.reflexes == 4 and paid.lost_turns == 1
    assert paid.discomfort is not None and paid.discomfort.discomfort == 1


def test_cold_blood_equal_to_the_difficulty_costs_nothing() -> None:
    """[002:1049, 1057]: points missing to reach it, not to exceed it."""
    assert cold_blood(5, 5, 6, held=(0, 0)).missing == 0
    with pytest.raises(InvalidCommand):
        cold_blood(3, 5, 6, held=(0, 0), lost_turns=1)
