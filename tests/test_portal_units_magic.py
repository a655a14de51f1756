"""PORTAL, the pure parts of kept units and of a roll fixed before its damage's or aguante's
rerolls [002:1096, 1377-1419]."""

from __future__ import annotations

import msgspec

from domain.portal.options import Options
from domain.portal.pool import Pool
from domain.portal.reading import ReadingSpec, read
from domain.portal.roll import resolve
from domain.portal.sheet import Sheet
from domain.portal.state import KeptUnit, PortalState, StackedMember
from domain.portal.supporting import unstack

SHEET = msgspec.convert({"name": "Brunak", "drives": {"names": ["glory"]}}, Sheet)
ATTACK = ReadingSpec(name="attack", choice="HIGH")
DAMAGE = ReadingSpec(name="damage", choice="MID")


def test_a_fixed_first_reading_is_the_primary_whatever_the_faces_now() -> None:
    """The attack fixed at HIGH 5 (2, 3, 5, a discomfort 5 beaten: 5) stands after the
    damage's rerolls leave 2, 3, 4: the verdict and the state changes follow it (the
    discomfort die showing the kept 5 is removed), the damage reads the faces now."""
    before = Pool(basic=[2, 3, 5], discomfort=[5])
    fixed = read(before, ATTACK)
    after = Pool(basic=[2, 3, 4], discomfort=[5])
    sheet = msgspec.structs.replace(SHEET, discomfort=1)
    result = resolve(sheet, after, [ATTACK, DAMAGE], Options(), 4, fixed)
    assert [r.result for r in result.readings] == [fixed.result, read(after, DAMAGE).result]
    assert result.verdict is not None and result.verdict.result == fixed.result
    assert result.discomfort_removed == [0]
    unfixed = resolve(sheet, after, [ATTACK, DAMAGE], Options(), 4)
    assert unfixed.discomfort_removed == []


def unit(roll: int, leader: str, *members: str) -> KeptUnit:
    return KeptUnit(
        roll=roll,
        purpose="attack",
        leader=leader,
        members=[StackedMember(supporting=m, face=3, added={"attack": 1}) for m in members],
        reflexes=1.5,
    )


def test_a_supporting_character_stands_in_one_kept_unit_at_a_time() -> None:
    """[002:1377-1381]: a unit kept until one of its own stacks anew or rolls its next turn
    die; the others stay. Its members' additions summed for the leader."""
    state = PortalState(options=Options())
    state.units = {"2": unit(2, "s1", "s2", "s3"), "5": unit(5, "c1", "s4")}
    assert state.units["2"].added("attack") == 2
    assert state.units["2"].added("damage") == 0
    unstack(state, ["s3"])
    assert list(state.units) == ["5"]
    unstack(state, ["c1"])
    assert state.units == {}
