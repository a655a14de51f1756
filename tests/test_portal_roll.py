"""PORTAL: a roll's verdict and what it changes [002:85-149, 220-224, 266-284, 326-352, 575]."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import InvalidCommand
from domain.portal.options import Options
from domain.portal.outcome import checked_difficulty, granted, judge
from domain.portal.pool import Pool, checked_pool
from domain.portal.reading import ReadingSpec
from domain.portal.roll import resolve, settle
from domain.portal.sheet import CharacterPoints, Choice, Sheet
from domain.portal.system import PORTAL
from domain.structs import transcodings

DEFAULT = Options()
faces = st.integers(min_value=1, max_value=6)


def sheet(**fields: object) -> Sheet:
    return msgspec.convert(
        {"name": "Omnium", "drives": {"names": ["Salvar el mundo", "Fama"]}, **fields}, Sheet
    )


def spec(choice: Choice = "HIGH", name: str = "check", aguante: bool = False) -> ReadingSpec:
    return ReadingSpec(name=name, choice=choice, aguante=aguante)


# §2.2 difficulty and outcome


def test_result_above_difficulty_succeeds_equal_is_partial_below_fails() -> None:
    """[002:137-139]: D5 needs a 6; a 5 is a partial success; the level is result - D
    [002:902]."""
    assert judge(6, 5).outcome == "success" and judge(6, 5).level == 1
    assert judge(5, 5).outcome == "partial" and judge(5, 5).level == 0
    assert judge(4, 5).outcome == "failure" and judge(4, 5).level == -1


def test_game_master_grants_success_or_failure_without_a_roll() -> None:
    """[002:85-89]."""
    verdict = granted("success")
    assert verdict.automatic and verdict.outcome == "success" and verdict.result is None


def test_difficulty_runs_zero_to_fifteen_or_more_for_superheroes() -> None:
    """[002:107]."""
    assert checked_difficulty(15, DEFAULT) == 15
    with pytest.raises(InvalidCommand) as error:
        checked_difficulty(16, DEFAULT)
    assert error.value.code == "invalid_difficulty"
    assert checked_difficulty(30, Options(max_difficulty=40)) == 30
    with pytest.raises(InvalidCommand):
        checked_difficulty(-1, DEFAULT)


def test_options_refuse_unknown_fields() -> None:
    with pytest.raises(InvalidCommand) as error:
        PORTAL.parse_options({"luck_on_none": "used"})  # as the server decodes a new table's
    assert error.value.code == "invalid_options"


# §2.3 discomfort elimination


def test_p2_discomfort_die_matching_the_kept_die_is_removed() -> None:
    """P2 [002:228]: the discomfort die showing 5 is removed (after penalising)."""
    result = resolve(
        sheet(discomfort=2), Pool(basic=[2, 3, 5], discomfort=[4, 5]), [spec()], DEFAULT
    )
    assert result.readings[0].result == 4
    assert result.discomfort_removed == [1]
    assert settle(sheet(discomfort=2), result).discomfort == 1


def test_kept_six_removes_all_discomfort() -> None:
    """[002:220]."""
    result = resolve(
        sheet(discomfort=3), Pool(basic=[6, 2, 1], discomfort=[6, 3, 1]), [spec()], DEFAULT
    )
    assert result.discomfort_removed == [0, 1, 2]


def test_kept_one_never_removes_discomfort_even_showing_one() -> None:
    """[002:224]."""
    result = resolve(
        sheet(discomfort=2), Pool(basic=[1, 4, 5], discomfort=[1, 1]), [spec("LOW")], DEFAULT
    )
    assert result.discomfort_removed == []


def test_wound_dice_are_never_removed_by_rolling() -> None:
    """[002:266]: even a kept 6 leaves them."""
    s = sheet(wound=2)
    result = resolve(s, Pool(basic=[6, 6, 6], wound=[6, 2]), [spec()], DEFAULT)
    assert settle(s, result).wound == 2


# §2.3 sequel points


def test_each_wound_die_matching_the_kept_die_is_a_sequel_point() -> None:
    """[002:268-272]: at most three per roll."""
    result = resolve(sheet(wound=3), Pool(basic=[4, 4, 2], wound=[4, 4, 5]), [spec()], DEFAULT)
    assert result.sequel_points == [0, 1]


def test_declined_wound_dice_make_no_sequel_points() -> None:
    """[002:264, 306]: declining avoids sequels, at -1 each."""
    result = resolve(sheet(wound=2), Pool(basic=[4, 4, 2], declined_wounds=2), [spec()], DEFAULT)
    assert result.sequel_points == []
    assert result.readings[0].result == 2


def test_aguante_readings_make_no_sequel_points_and_remove_no_discomfort() -> None:
    """[002:206, 274, 1275]."""
    result = resolve(
        sheet(wound=1, discomfort=1),
        Pool(basic=[4, 2, 1], wound=[4], discomfort=[4]),
        [spec(aguante=True, name="aguante")],
        DEFAULT,
    )
    assert result.sequel_points == [] and result.discomfort_removed == []


# §2.3 and §2.5 luck


def test_p3_luck_matching_kept_die_is_kept_the_beaten_one_spent() -> None:
    """P3 [002:334]: luck 2 lost, luck 4 kept."""
    s = sheet(luck_held=3)
    result = resolve(s, Pool(basic=[1, 3, 4], luck=[2, 4]), [spec()], DEFAULT)
    assert result.readings[0].result == 5
    assert (result.luck_returned, result.luck_spent) == ([1], [0])
    after = settle(s, result)
    assert (after.luck_held, after.luck_lost) == (2, 1)


def test_kept_six_keeps_all_the_luck_used() -> None:
    """[002:326]."""
    result = resolve(sheet(), Pool(basic=[6, 1, 1], luck=[1, 6, 3]), [spec()], DEFAULT)
    assert result.luck_spent == []


def test_kept_one_loses_all_the_luck_even_a_matching_one() -> None:
    """[002:328]: by default (GAP `luck_on_one`) only the luck of this roll."""
    s = sheet(luck_held=3)
    result = resolve(s, Pool(basic=[1, 5, 5], luck=[1, 3]), [spec("LOW")], DEFAULT)
    assert result.luck_spent == [0, 1] and result.luck_reserve_lost == 0
    assert settle(s, result).luck_held == 1


def test_kept_one_loses_the_held_reserve_too_under_all_held() -> None:
    """GAP `luck_on_one="all_held"`: "toda la suerte se elimina" read as the whole reserve."""
    s = sheet(luck_held=3)
    options = Options(luck_on_one="all_held")
    result = resolve(s, Pool(basic=[1, 5, 5], luck=[1]), [spec("LOW")], options)
    assert result.luck_reserve_lost == 2
    after = settle(s, result)
    assert (after.luck_held, after.luck_lost) == (0, 3)


def test_p4_tempt_luck_recovered_on_success() -> None:
    """P4 [002:356]: reserve 0, 4,4,4 and tempt 5 against D2: 3 > 2, the die comes back."""
    s = sheet(luck_held=0, luck_lost=3)
    pool = checked_pool(Pool(basic=[4, 4, 4], tempt=5), s)
    result = resolve(s, pool, [spec(name="whirlwind")], DEFAULT, difficulty=2)
    assert result.verdict is not None and result.verdict.outcome == "success"
    assert result.tempt_recovered
    after = settle(s, result)
    assert (after.luck_held, after.luck_lost) == (1, 2)


@pytest.mark.parametrize(
    ("basic", "tempt", "difficulty", "recovered"),
    [
        ([6, 2, 2], 6, 9, True),  # a kept 6 [002:351]
        ([3, 2, 2], 3, 9, True),  # the kept die matches the tempt die [002:352]
        ([1, 5, 5], 1, 9, False),  # … unless both are 1s [002:352]
        ([3, 2, 2], 4, 9, False),  # none of the three
        ([3, 2, 2], 4, 1, True),  # result 2 exceeds D1 [002:350]
        ([3, 2, 2], 4, 2, False),  # a partial success does not exceed it
    ],
)
def test_tempt_luck_recovery_conditions(
    basic: list[int], tempt: int, difficulty: int, recovered: bool
) -> None:
    s = sheet(luck_held=0, luck_lost=1)
    result = resolve(s, Pool(basic=basic, tempt=tempt), [spec()], DEFAULT, difficulty)
    assert result.tempt_recovered is recovered


# §2.6 the point for a LOW-die success


def test_success_with_the_low_die_earns_a_character_point() -> None:
    """[002:575]: and not a partial success, nor a success with another die."""
    s = sheet(points=CharacterPoints(in_hand=5))
    low = resolve(s, Pool(basic=[5, 5, 6]), [spec("LOW")], DEFAULT, difficulty=4)
    assert low.points_gained == 1
    after = settle(s, low)
    assert (after.points.in_hand, after.points.reserve) == (5, 1)
    assert (
        resolve(s, Pool(basic=[5, 5, 6]), [spec("LOW")], DEFAULT, difficulty=5).points_gained == 0
    )
    assert (
        resolve(s, Pool(basic=[5, 5, 6]), [spec("HIGH")], DEFAULT, difficulty=4).points_gained == 0
    )


def test_a_principal_npc_earns_no_character_point() -> None:
    """[002:647]: principal NPCs use no character points."""
    npc = sheet(kind="principal", luck_held=0)
    assert resolve(npc, Pool(basic=[5, 5, 6]), [spec("LOW")], DEFAULT, 4).points_gained == 0


def test_resolving_refuses_a_pool_the_sheet_cannot_throw() -> None:
    with pytest.raises(InvalidCommand) as error:
        resolve(sheet(discomfort=1), Pool(basic=[1, 2, 3]), [spec()], DEFAULT)
    assert error.value.code == "invalid_pool"


# several readings of one roll


def test_primary_reading_drives_state_changes_by_default() -> None:
    """GAP `state_reading="primary"`: the attack's kept 3 removes the discomfort 3; the damage
    reading's kept 6 does not remove the other one."""
    s = sheet(discomfort=2)
    pool = Pool(basic=[6, 3, 1], discomfort=[3, 5])
    result = resolve(s, pool, [spec("MID", "attack"), spec("HIGH", "damage")], DEFAULT)
    assert result.discomfort_removed == [0]


def test_union_reading_lets_any_reading_drive_state_changes() -> None:
    """GAP `state_reading="union"`: the damage reading's kept 6 removes all discomfort and
    keeps all luck; aguante readings still drive nothing [002:206]."""
    s = sheet(discomfort=2)
    pool = Pool(basic=[6, 3, 1], discomfort=[3, 5], luck=[4])
    options = Options(state_reading="union")
    result = resolve(s, pool, [spec("MID", "attack"), spec("HIGH", "damage")], options)
    assert result.discomfort_removed == [0, 1]
    assert result.luck_returned == [0]
    aguante = resolve(s, pool, [spec("MID", "defence"), spec("HIGH", "aguante", True)], options)
    assert aguante.discomfort_removed == [0] and aguante.luck_spent == [0]


def test_a_roll_result_round_trips_through_its_stored_transcoding() -> None:
    """An event carries the result with every step: it comes back equal from storage."""
    s = sheet(discomfort=1, wound=1, luck_held=2, luck_lost=1)
    pool = Pool(basic=[5, 3, 2], discomfort=[5], wound=[5], luck=[1, 5])
    result = resolve(s, pool, [spec(), spec("LOW", "aguante", True)], DEFAULT, difficulty=4)
    transcoding = {t.name: t for t in transcodings()}["portal.RollResult"]
    assert transcoding.decode(transcoding.encode(result)) == result
    assert result.sequel_points == [0] and result.discomfort_removed == [0]


def test_readings_are_one_to_four_with_distinct_names() -> None:
    with pytest.raises(InvalidCommand):
        resolve(sheet(), Pool(basic=[1, 2, 3]), [], DEFAULT)
    with pytest.raises(InvalidCommand):
        resolve(sheet(), Pool(basic=[1, 2, 3]), [spec(), spec()], DEFAULT)


# the pool a sheet may throw


@pytest.mark.parametrize(
    ("fields", "pool"),
    [
        ({"discomfort": 2}, Pool(basic=[1, 2, 3], discomfort=[4])),  # every die [002:206]
        ({"wound": 2}, Pool(basic=[1, 2, 3], wound=[4])),  # thrown or declined [002:264]
        ({"luck_held": 1, "luck_lost": 2}, Pool(basic=[1, 2, 3], luck=[4, 5])),  # [002:322]
        ({"luck_held": 1, "luck_lost": 1}, Pool(basic=[1, 2, 3], luck=[4], tempt=2)),  # [002:342]
        ({"luck_held": 3, "luck_lost": 0}, Pool(basic=[1, 2, 3], tempt=2)),  # [002:340]
        ({"kind": "principal", "luck_held": 0}, Pool(basic=[1, 2, 3], tempt=2)),  # [002:647]
        ({}, Pool(basic=[1, 2, 7])),  # d6 only
        ({}, Pool(basic=[1, 2])),  # three basic dice [002:153]
    ],
)
def test_pool_the_sheet_cannot_throw_is_refused(fields: dict[str, object], pool: Pool) -> None:
    with pytest.raises(InvalidCommand) as error:
        checked_pool(pool, sheet(**fields))
    assert error.value.code == "invalid_pool"


pools = st.builds(
    Pool,
    basic=st.lists(faces, min_size=3, max_size=3),
    discomfort=st.lists(faces, max_size=3),
    wound=st.lists(faces, max_size=3),
    luck=st.lists(faces, max_size=3),
)


@given(pools, st.sampled_from(["HIGH", "MID", "LOW"]), st.sampled_from(["primary", "union"]))
def test_settling_keeps_every_count_in_range(pool: Pool, choice: Choice, reading: str) -> None:
    """Removed discomfort dice showed the kept face (or it was a 6) and never a kept 1; luck
    is conserved between held and lost."""
    s = sheet(discomfort=len(pool.discomfort), wound=len(pool.wound), luck_held=3)
    options = Options(state_reading=reading)  # type: ignore[arg-type]
    result = resolve(s, pool, [spec(choice)], options)
    face = result.readings[0].face
    for i in result.discomfort_removed:
        assert face == 6 or pool.discomfort[i] == face
    assert face != 1 or result.discomfort_removed == []
    after = settle(s, result)
    assert 0 <= after.discomfort <= 3 and after.wound == s.wound
    assert after.luck_held + after.luck_lost == 3
    assert len(result.sequel_points) <= 3
