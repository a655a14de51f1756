"""PORTAL: damage absorption and toughness [002:248-250, 312, 1199, 1224-1248, 1273]."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import InvalidCommand
from domain.portal.absorption import absorb, damage_through, take_damage, toughness
from domain.portal.pool import Pool
from domain.portal.reading import ReadingSpec, read
from domain.portal.sheet import Drives, Sheet


def test_p22_brunak_nine_damage_on_one_wound_and_one_discomfort() -> None:
    """P22 [002:1242]: aguante HIGH on 5,3,2 is 5 (the discomfort 6 does not count in an
    aguante roll); 9 - 5 = 4 points: two discomfort dice, the third turns one into a wound
    die, the fourth is a discomfort die again: 3 discomfort and 2 wound dice."""
    pool = Pool(basic=[5, 3, 2], discomfort=[6], wound=[4])
    aguante = toughness(
        read(pool, ReadingSpec(name="aguante", choice="HIGH", aguante=True)), pool.basic
    )
    assert aguante.total == 5
    points = damage_through(9, aguante.total)
    assert points == 4
    brunak = Sheet(name="Brunak", drives=Drives(names=["Luchar"]), discomfort=1, wound=1)
    after, absorption = take_damage(brunak, points)
    assert absorption.steps == ["discomfort", "discomfort", "wound", "discomfort"]
    assert (after.discomfort, after.wound) == (3, 2)
    assert absorption.wound_gained and not absorption.critical


def test_damage_not_past_the_aguante_is_not_absorbed() -> None:
    """[002:1199, 1238]: only the excess over the aguante counts; never negative [002:1147]."""
    assert damage_through(4, 4) == 0 and damage_through(2, 5) == 0


def test_points_past_three_and_three_are_unabsorbed_the_critical_state() -> None:
    """[002:312, 1273]: the unabsorbed excess is the critical toughness roll's difficulty."""
    absorption = absorb(3, 2, 4)
    assert absorption.steps == ["wound", "discomfort", "unabsorbed", "unabsorbed"]
    assert (absorption.discomfort, absorption.wound, absorption.unabsorbed) == (3, 3, 2)
    assert absorption.critical


def test_nonlethal_damage_past_three_discomfort_stuns_instead() -> None:
    """[002:1246]: a turn without acting per point; no wound die."""
    absorption = absorb(2, 0, 4, nonlethal=True)
    assert (absorption.discomfort, absorption.wound, absorption.stunned_turns) == (3, 0, 3)
    assert not absorption.wound_gained and not absorption.critical


@pytest.mark.parametrize(
    ("armour", "added"), [("none", 0), ("light", 2), ("medium", 3), ("heavy", 5)]
)
def test_armour_adds_its_raw_basic_die_to_the_aguante(armour: str, added: int) -> None:
    """[002:1226-1234]: LOW, MID or HIGH, unmodified: the other 5 adds no six bonus."""
    pool = Pool(basic=[5, 3, 2], luck=[1])
    reading = read(pool, ReadingSpec(name="aguante", choice="LOW", aguante=True))
    result = toughness(reading, pool.basic, armour)  # type: ignore[arg-type]
    assert result.reading == 3 and result.total == 3 + added


def test_errata_environment_damage_goes_through_toughness() -> None:
    """Errata (serious) [002:1199, 1543]: on a tie the environment die is damage like any
    other, compared with the aguante: the ninja's Aguante 4 stops Takeda's environment 2."""
    environment = 2
    assert damage_through(environment, 4) == 0
    assert absorb(0, 0, damage_through(environment, 4)).steps == []


def test_toughness_needs_an_aguante_reading() -> None:
    reading = read(Pool(basic=[1, 2, 3]), ReadingSpec(name="defence", choice="HIGH"))
    with pytest.raises(InvalidCommand):
        toughness(reading, [1, 2, 3])


def test_negative_damage_is_refused() -> None:
    with pytest.raises(InvalidCommand):
        absorb(0, 0, -1)


@given(st.integers(0, 3), st.integers(0, 3), st.integers(0, 20), st.booleans())
def test_absorption_accounts_for_every_point(
    discomfort: int, wound: int, points: int, nonlethal: bool
) -> None:
    """One step per point; dice stay within 0..3; a point is unabsorbed only at 3 and 3."""
    a = absorb(discomfort, wound, points, nonlethal)
    assert len(a.steps) == points
    assert 0 <= a.discomfort <= 3 and wound <= a.wound <= 3
    assert a.wound - wound == a.steps.count("wound")
    assert not nonlethal or a.wound == wound
    if a.unabsorbed:
        assert (a.discomfort, a.wound) == (3, 3)
