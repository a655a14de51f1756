"""FATE: the ladder, 4dF from four d6 and the outcome of actions [004:11-89, 565-601]."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import InvalidCommand
from domain.fate.ladder import adjective, describe, value_of
from domain.fate.options import Options
from domain.fate.roll import (
    FateModifier,
    effort,
    fudge,
    opposed_action,
    read_dice,
    simple_action,
)

#: a d6 face for each Fudge value
MINUS, BLANK, PLUS = 1, 3, 6
faces = st.lists(st.integers(1, 6), min_size=4, max_size=4)


def test_the_ladder_names_minus_2_to_plus_8() -> None:
    """[004:15-57]: the named rungs; +1 is "Normal" in this translation."""
    assert [adjective(v) for v in (8, 5, 3, 1, 0, -1, -2)] == [
        "Legendario",
        "Excelente",
        "Bueno",
        "Normal",
        "Mediocre",
        "Pobre",
        "Terrible",
    ]
    assert value_of("bueno") == 3 and value_of("Épico") == 7 and value_of("Genial") is None


def test_values_past_the_ladder_stay_integers() -> None:
    """GAP §4.1: no name past -2..+8; the value is kept and shown as a number."""
    assert adjective(9) is None and adjective(-3) is None
    assert describe(9) == "+9" and describe(-3) == "-3" and describe(3) == "Bueno (+3)"


def test_F1_minus_plus_minus_minus_is_minus_2() -> None:
    """F1 [004:79]: [-] [+] [-] [-] = -2."""
    assert read_dice([MINUS, PLUS, MINUS, MINUS]).total == -2


def test_F2_plus_blank_blank_blank_is_plus_1() -> None:
    """F2 [004:81]: [+] [ ] [ ] [ ] = +1."""
    assert read_dice([PLUS, BLANK, BLANK, BLANK]).total == 1


def test_F3_blank_plus_blank_minus_is_0() -> None:
    """F3 [004:83]: [ ] [+] [ ] [-] = 0."""
    assert read_dice([BLANK, PLUS, BLANK, MINUS]).total == 0


def test_F4_d6_faces_read_as_fudge_dice() -> None:
    """F4 [004:65-71]: 1-2 -> -1, 3-4 -> 0, 5-6 -> +1."""
    assert [fudge(face) for face in range(1, 7)] == [-1, -1, 0, 0, 1, 1]
    dice = read_dice([1, 4, 5, 2])
    assert dice.faces == [1, 4, 5, 2] and dice.values == [-1, 0, 1, -1]


@pytest.mark.parametrize("rolled", [[1, 2, 3], [1, 2, 3, 4, 5], [0, 3, 3, 3], [7, 3, 3, 3]])
def test_a_roll_is_four_d6(rolled: list[int]) -> None:
    """[004:65]: four d6, each showing 1..6."""
    with pytest.raises(InvalidCommand) as error:
        read_dice(rolled)
    assert error.value.code == "invalid_dice"


def test_effort_is_skill_plus_dice_plus_named_modifiers() -> None:
    """[004:75]: skill + dice (+ modifiers) is the effort."""
    dice = read_dice([PLUS, PLUS, BLANK, MINUS])
    bonus = [FateModifier(name="fate point", value=1), FateModifier(name="secondary", value=-1)]
    assert effort(3, dice, []) == 4 and effort(3, dice, bonus) == 4
    assert effort(3, dice, bonus[:1]) == 5


def test_F5_difficulties_are_ladder_values() -> None:
    """F5 [004:87]: starting a car is Mediocre (+0), repairing it after a crash Good (+3)."""
    assert value_of("Mediocre") == 0 and value_of("Bueno") == 3
    assert simple_action(2, value_of("Mediocre") or 0).outcome == "success"
    assert simple_action(2, value_of("Bueno") or 0).outcome == "failure"


def test_F6_a_tie_succeeds_with_0_shifts_and_a_miss_fails_with_none() -> None:
    """F6 [004:567]: effort = D is a success with 0 shifts; D + 2 gives 2; below D fails."""
    tie, over, under = simple_action(3, 3), simple_action(5, 3), simple_action(1, 3)
    assert (tie.outcome, tie.shifts) == ("success", 0)
    assert (over.outcome, over.shifts) == ("success", 2)
    assert (under.outcome, under.shifts) == ("failure", 0)


def test_3_shifts_or_more_is_a_critical_success() -> None:
    """[004:857]: a critical success is three shifts or more."""
    assert not simple_action(5, 3).critical
    assert simple_action(6, 3).critical and simple_action(9, 3).critical


def test_opposed_action_the_higher_effort_wins_by_the_difference() -> None:
    """[004:591, 601]: both roll, the higher wins; shifts are the difference."""
    options = Options()
    assert (opposed_action(5, 2, options).outcome, opposed_action(5, 2, options).shifts) == (
        "success",
        3,
    )
    assert opposed_action(2, 5, options).outcome == "failure"


def test_opposed_tie_follows_the_option() -> None:
    """GAP §4.3: by default the defender's effort is the difficulty (success, 0 shifts, no
    stress); "nobody" reports a tie."""
    assert (opposed_action(4, 4, Options()).outcome, opposed_action(4, 4, Options()).shifts) == (
        "success",
        0,
    )
    tie = opposed_action(4, 4, Options(opposed_tie="nobody"))
    assert (tie.outcome, tie.shifts) == ("tie", 0)


@given(faces, st.integers(-5, 10), st.integers(-5, 12))
def test_shifts_are_never_negative(rolled: list[int], rating: int, difficulty: int) -> None:
    """[004:567]: "no existen los aumentos negativos"."""
    verdict = simple_action(effort(rating, read_dice(rolled), []), difficulty)
    assert verdict.shifts >= 0
    assert (verdict.outcome == "success") == (verdict.effort >= difficulty)
    assert verdict.critical == (verdict.shifts >= 3)


@given(faces)
def test_4df_totals_run_minus_4_to_plus_4(rolled: list[int]) -> None:
    """[004:65-75]: four dice of -1, 0 or +1."""
    assert -4 <= read_dice(rolled).total <= 4
