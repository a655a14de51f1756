"""PORTAL: creation and advancement costs [002:711-838]."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import Conflict, InvalidCommand
from domain.portal.advancement import (
    acquire_drive,
    concept_change,
    drive_cost,
    fortaleza_cost,
    limitation_gives,
    limitation_removal,
    remove_drive,
    specialty_cost,
)
from domain.portal.sheet import Drives, Frequency

FREQUENCIES: list[Frequency] = ["uncommon", "moderate", "frequent", "constant"]


def test_p9_jacks_drives_cost_triangular_numbers_by_history() -> None:
    """P9 [002:826-834]: remove "Hacerse famoso" 1; acquire "Encontrar el amor" 1 (money
    cannot go first: one drive remains); remove money 3; acquire "Lucy" 3; remove it 6; the
    next acquisition costs 6 though Jack holds one drive."""
    drives = Drives(names=["Ganar dinero", "Hacerse famoso"])
    costs = []
    drives, cost = remove_drive(drives, "Hacerse famoso")
    costs.append(cost)
    with pytest.raises(Conflict) as error:
        remove_drive(drives, "Ganar dinero")
    assert error.value.code == "last_drive"
    drives, cost = acquire_drive(drives, "Encontrar el amor")
    costs.append(cost)
    drives, cost = remove_drive(drives, "Ganar dinero")
    costs.append(cost)
    drives, cost = acquire_drive(drives, "Hacerle la vida imposible a Lucy")
    costs.append(cost)
    drives, cost = remove_drive(drives, "Hacerle la vida imposible a Lucy")
    costs.append(cost)
    assert costs == [1, 1, 3, 3, 6]
    assert drives.names == ["Encontrar el amor"]
    assert acquire_drive(drives, "Viajar")[1] == 6


def test_drive_costs_run_1_3_6_10_15_21() -> None:
    """[002:818]."""
    assert [drive_cost(n) for n in range(1, 7)] == [1, 3, 6, 10, 15, 21]


def test_fortaleza_costs_by_frequency_each_level_bought_in_turn() -> None:
    """[002:728-794]: a moderate Fortaleza from nothing to 2 costs 6 + 2 + 6."""
    assert fortaleza_cost("moderate", None, 2) == 14
    assert fortaleza_cost("uncommon", 3, 4) == 4
    assert fortaleza_cost("frequent", 0, 5) == 4 + 16 + 40 + 80 + 140
    assert fortaleza_cost("constant", None, 0) == 40
    with pytest.raises(InvalidCommand):
        fortaleza_cost("moderate", 3, 3)
    with pytest.raises(InvalidCommand):
        fortaleza_cost("moderate", 4, 6)


def test_specialty_cost_falls_with_the_fortaleza_level() -> None:
    """[002:806-810]; none below level 1 [002:802]."""
    assert [specialty_cost(level) for level in range(1, 6)] == [5, 4, 3, 2, 1]
    with pytest.raises(InvalidCommand):
        specialty_cost(0)


def test_concept_rank_changes() -> None:
    """[002:715-718]."""
    assert concept_change("ordinary", "team_member") == 10
    assert concept_change("team_member", "mythic_hero") == 40
    assert concept_change("ordinary", "mythic_hero") == 50
    assert concept_change("team_member", "ordinary") == -5
    assert concept_change("mythic_hero", "team_member") == -20
    assert concept_change("team_member", "team_member") == 0


def test_limitations_give_points_and_cost_more_to_remove() -> None:
    """[002:743-783, 796]."""
    assert [limitation_gives(f) for f in FREQUENCIES[:3]] == [1, 4, 10]
    assert [limitation_removal(f) for f in FREQUENCIES[:3]] == [3, 12, 40]
    with pytest.raises(InvalidCommand):
        limitation_gives("constant")
    with pytest.raises(InvalidCommand):
        limitation_removal("constant")


@given(st.sampled_from(FREQUENCIES), st.integers(0, 4))
def test_raising_in_steps_costs_what_raising_at_once_does(
    frequency: Frequency, middle: int
) -> None:
    whole = fortaleza_cost(frequency, None, 5)
    assert whole == fortaleza_cost(frequency, None, middle) + fortaleza_cost(frequency, middle, 5)
