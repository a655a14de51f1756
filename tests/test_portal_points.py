"""PORTAL: character points and luck outside rolls [002:338, 568-601, 842-858, 880, 966]."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import Conflict, InvalidCommand
from domain.portal.luck import recover_luck, spend_luck
from domain.portal.points import (
    creation_leftover,
    end_adventure,
    gain,
    paid_healing,
    remove_wound,
    spend,
    start_adventure,
    temporary_specialty,
)
from domain.portal.sheet import CharacterPoints, Drives, Fortaleza, Sheet


def sheet(**fields: object) -> Sheet:
    return Sheet(name="Jack", drives=Drives(names=["Amor"]), **fields)  # type: ignore[arg-type]


def test_points_past_five_go_to_the_virtual_reserve() -> None:
    """[002:854]."""
    points = gain(CharacterPoints(in_hand=4), 3, "roleplay")
    assert (points.in_hand, points.reserve) == (5, 2)


def test_single_point_gains_are_one_point() -> None:
    """[002:574-575, 579]: one at the start and end of a story, one for a LOW success, one
    for having 1s and 6s blocked; "uno (o más)" for the rest [002:576-578]."""
    with pytest.raises(InvalidCommand):
        gain(CharacterPoints(), 2, "story_start")
    assert gain(CharacterPoints(), 2, "vital_drive").in_hand == 2
    assert gain(CharacterPoints(), 1, "ones_and_sixes_blocked").in_hand == 1


def test_only_points_in_hand_can_be_spent() -> None:
    """[002:854-856]: the reserve waits for the end of the adventure."""
    with pytest.raises(Conflict) as error:
        spend(CharacterPoints(in_hand=1, reserve=10), 2, "heroic_action")
    assert error.value.code == "not_enough_points"
    assert spend(CharacterPoints(in_hand=1), 1, "ace").in_hand == 0


def test_adventure_ends_with_all_points_for_advancement_and_starts_with_five_at_most() -> None:
    """[002:844, 854-856]: twenty points saved still start an adventure with 5 in hand."""
    available = end_adventure(CharacterPoints(in_hand=5, reserve=15))
    assert available == 20
    assert start_adventure(available) == CharacterPoints(in_hand=5, reserve=15)


def test_unspent_creation_points_divide_by_five_rounding_down() -> None:
    """[002:842]."""
    assert [creation_leftover(n) for n in (4, 5, 14)] == [0, 1, 2]


def test_a_point_removes_a_wound_die() -> None:
    """[002:583]."""
    after = remove_wound(sheet(wound=2, points=CharacterPoints(in_hand=1)))
    assert (after.wound, after.points.in_hand) == (1, 0)
    with pytest.raises(Conflict):
        remove_wound(sheet(wound=0, points=CharacterPoints(in_hand=1)))


def test_temporary_specialty_adds_the_level_unless_one_applies() -> None:
    """[002:585, 597, 850]."""
    s = sheet(fortalezas=[Fortaleza(name="Pelea", level=3)], points=CharacterPoints(in_hand=1))
    assert temporary_specialty(s, "Pelea", has_applicable_specialty=False) == 3
    with pytest.raises(Conflict) as error:
        temporary_specialty(s, "Pelea", has_applicable_specialty=True)
    assert error.value.code == "specialty_applies"


def test_campaign_healing_costs_a_point_per_two_wound_dice() -> None:
    """[002:880]."""
    after = paid_healing(sheet(wound=3, points=CharacterPoints(in_hand=2)), 2)
    assert (after.wound, after.points.in_hand) == (1, 1)


def test_psychological_confrontation_costs_a_luck_die() -> None:
    """[002:966]: spent luck is lost, recoverable only as one's own [002:338]."""
    after = spend_luck(sheet(luck_held=1, luck_lost=2), 1, "a psychological confrontation")
    assert (after.luck_held, after.luck_lost) == (0, 3)
    with pytest.raises(Conflict):
        spend_luck(after, 1, "a minimal action")
    assert recover_luck(after, 2).luck_held == 2
    with pytest.raises(Conflict):
        recover_luck(sheet(luck_held=3, luck_lost=0), 1)


def test_principal_npcs_spend_no_luck() -> None:
    """[002:647]."""
    with pytest.raises(Conflict):
        spend_luck(sheet(kind="principal", luck_held=0), 1, "a spell")


@given(st.integers(0, 5), st.integers(0, 30), st.integers(1, 10))
def test_gains_keep_every_point_and_at_most_five_in_hand(
    hand: int, reserve: int, amount: int
) -> None:
    points = gain(CharacterPoints(in_hand=hand, reserve=reserve), amount, "roleplay")
    assert points.in_hand <= 5
    assert points.in_hand + points.reserve == hand + reserve + amount
