"""PORTAL: rerolls by Fortalezas, aces and character points [002:442-520, 584, 603-613,
924-930]."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import Conflict, InvalidCommand
from domain.portal.options import Options
from domain.portal.pool import DieRef, Pool
from domain.portal.reading import ReadingSpec, read
from domain.portal.rerolls import (
    MAX_REROLLS,
    Entitlement,
    Source,
    begin,
    block_ones_and_sixes,
    buy_ace,
    fortaleza_levels,
    reroll,
    specialty_bonus,
)
from domain.portal.sheet import Sheet

BASIC = [DieRef(kind="basic", index=i) for i in range(3)]


def high(pool: Pool, excess: int = 0, specialty: int = 0) -> int:
    spec = ReadingSpec(name="x", choice="HIGH", excess_bonus=excess, specialty_bonus=specialty)
    return read(pool, spec).result


def test_p5_fortaleza_two_rerolls_follow_the_rule_not_the_example() -> None:
    """P5 [002:446-450] (CONTRA): 4,3,1, discomfort 6, luck 4 reads 3. Rerolling the 1 to a
    5 keeps the 5; the book says 4 but ignores the luck 4, now beaten (+1 [002:324]): 5.
    Rerolling the discomfort 6 to a 2 (beaten): the book says 5, the rule gives 6."""
    sequence = begin(Pool(basic=[4, 3, 1], discomfort=[6], luck=[4]), Entitlement(fortaleza=2))
    assert high(sequence.pool) == 3
    sequence = reroll(sequence, BASIC[2], "fortaleza", 5)
    assert high(sequence.pool) == 5
    sequence = reroll(sequence, DieRef(kind="discomfort"), "fortaleza", 2)
    assert high(sequence.pool) == 6
    assert [(r.old, r.new) for r in sequence.rerolls] == [(1, 5), (6, 2)]


def test_p6_vorok_seven_points_make_five_rerolls_and_two_more() -> None:
    """P6 [002:512, 520]: Ágil 2 + Combate 1 + Atletismo 1, shield 2 aces, renounced attack 1
    ace = 7. After 4 rerolls the basic dice show 6,6,6 and the luck a 3: 9. The fifth reroll
    turns the luck to a 6 (no longer beaten), but the 2 points past 5 add 2: 10."""
    vorok = msgspec.convert(
        {
            "name": "Vorok",
            "drives": {"names": ["Gloria"]},
            "fortalezas": [
                {"name": "Ágil", "level": 2},
                {"name": "Combate", "level": 1},
                {"name": "Atletismo", "level": 1},
            ],
        },
        Sheet,
    )
    entitlement = Entitlement(
        fortaleza=fortaleza_levels(vorok, ["Ágil", "Combate", "Atletismo"]), aces=3
    )
    assert entitlement.total == 7
    sequence = begin(Pool(basic=[2, 3, 1], luck=[3]), entitlement)
    for die, face in zip([BASIC[0], BASIC[1], BASIC[2], BASIC[0]], [1, 6, 6, 6], strict=True):
        sequence = reroll(sequence, die, "fortaleza", face)
    assert high(sequence.pool, sequence.excess_bonus) == 9
    sequence = reroll(sequence, DieRef(kind="luck"), "ace", 6)
    assert sequence.excess_bonus == 2
    assert high(sequence.pool, sequence.excess_bonus) == 10
    with pytest.raises(Conflict) as error:
        reroll(sequence, BASIC[0], "ace", 6)
    assert error.value.code == "too_many_rerolls"


def test_excess_counts_only_once_all_five_rerolls_are_made() -> None:
    """[002:516]: no renouncing rerolls to take the bonus."""
    sequence = reroll(
        begin(Pool(basic=[1, 2, 3]), Entitlement(fortaleza=5, aces=2)), BASIC[0], "ace", 4
    )
    assert sequence.excess_bonus == 0


def test_p7_billy_fortaleza_five_with_specialty_reads_sixteen() -> None:
    """P7 [002:1028]: five rerolls leave 6,6,6 and three luck dice below 6: 8 + 3 + 5 = 16;
    an entitlement of exactly 5 adds nothing."""
    sequence = begin(Pool(basic=[2, 6, 3], luck=[6, 2, 1]), Entitlement(fortaleza=5))
    for die, face in [
        (BASIC[0], 4),
        (BASIC[0], 6),
        (BASIC[2], 6),
        (DieRef(kind="luck"), 6),
        (DieRef(kind="luck"), 5),
    ]:
        sequence = reroll(sequence, die, "fortaleza", face)
    assert sequence.excess_bonus == 0
    assert high(sequence.pool, specialty=5) == 16


def test_p8_buggo_blocked_ones_and_sixes_leave_only_the_three() -> None:
    """P8 [002:613]: 3,1,1 and a discomfort 6 reads 2. Skardal's player hands Buggo a point:
    the 1s and the 6 are locked, only the 3 may be rerolled; a 1 then makes 1,1,1: -2, a
    double fumble."""
    sequence = begin(Pool(basic=[3, 1, 1], discomfort=[6]), Entitlement(fortaleza=2))
    assert high(sequence.pool) == 2
    sequence = block_ones_and_sixes(sequence, by="miguel")
    for die in [BASIC[1], BASIC[2], DieRef(kind="discomfort")]:
        with pytest.raises(Conflict) as error:
            reroll(sequence, die, "fortaleza", 4)
        assert error.value.code == "die_blocked"
    sequence = reroll(sequence, BASIC[0], "fortaleza", 1)
    assert high(sequence.pool) == -2


def test_blocking_also_locks_ones_and_sixes_rerolls_produce_later() -> None:
    """[002:607-609]: at any point of the sequence, earlier rerolls of 1s and 6s untouched."""
    sequence = begin(Pool(basic=[1, 4, 4]), Entitlement(aces=3))
    sequence = reroll(sequence, BASIC[0], "ace", 3)  # a 1 rerolled before the block
    sequence = block_ones_and_sixes(sequence, by="gm")
    assert sequence.blocked_after == 1
    sequence = reroll(sequence, BASIC[1], "ace", 6)
    with pytest.raises(Conflict):
        reroll(sequence, BASIC[1], "ace", 2)
    with pytest.raises(Conflict) as error:
        block_ones_and_sixes(sequence, by="gm")
    assert error.value.code == "already_blocked"


def test_partly_applicable_fortaleza_pool_is_a_source_of_its_own() -> None:
    """[002:492-498]: the game master may grant a Fortaleza's rerolls once per adventure,
    spread over several rolls: each roll says how many it draws."""
    sequence = begin(Pool(basic=[1, 2, 3]), Entitlement(adventure=2))
    sequence = reroll(sequence, BASIC[0], "adventure", 5)
    assert sequence.used("adventure") == 1 and sequence.used("fortaleza") == 0


def test_each_source_pays_only_its_own_rerolls() -> None:
    """[002:508]: sources add up, each spent once per reroll; a Fortaleza 0 rerolls nothing
    [002:404]."""
    sequence = begin(Pool(basic=[1, 2, 3]), Entitlement(fortaleza=0, aces=1))
    with pytest.raises(Conflict) as error:
        reroll(sequence, BASIC[0], "fortaleza", 4)
    assert error.value.code == "no_reroll_left"
    sequence = reroll(sequence, BASIC[0], "ace", 4)
    with pytest.raises(Conflict):
        reroll(sequence, BASIC[0], "ace", 4)
    with pytest.raises(Conflict):
        reroll(sequence, BASIC[0], "point", 4)
    sequence = reroll(buy_ace(sequence), BASIC[0], "point", 5)
    assert sequence.entitlement.points == 1 and sequence.pool.basic == [5, 2, 3]


def test_a_die_not_in_the_pool_cannot_be_rerolled() -> None:
    with pytest.raises(InvalidCommand) as error:
        reroll(begin(Pool(basic=[1, 2, 3]), Entitlement(aces=1)), DieRef(kind="luck"), "ace", 4)
    assert error.value.code == "unknown_die"


def test_specialty_bonus_under_confrontation_gap() -> None:
    """GAP `confrontation_cuts_specialty`: the reduced level by default, the full one else."""
    assert specialty_bonus(3, 1, Options()) == 2
    assert specialty_bonus(3, 1, Options(confrontation_cuts_specialty=False)) == 3


def test_fortalezas_apply_once_each() -> None:
    sheet = msgspec.convert(
        {"name": "A", "drives": {"names": ["x"]}, "fortalezas": [{"name": "F", "level": 2}]}, Sheet
    )
    with pytest.raises(InvalidCommand):
        fortaleza_levels(sheet, ["F", "F"])
    with pytest.raises(InvalidCommand) as error:
        fortaleza_levels(sheet, ["G"])
    assert error.value.code == "unknown_fortaleza"


SOURCES: list[Source] = ["fortaleza", "ace", "point", "adventure"]
faces = st.integers(1, 6)
steps = st.lists(
    st.tuples(st.booleans(), st.integers(0, 2), st.sampled_from(SOURCES), faces), max_size=12
)
budgets = st.lists(st.integers(0, 4), min_size=4, max_size=4)


@given(st.lists(faces, min_size=3, max_size=3), budgets, steps)
def test_rerolls_never_exceed_five_nor_their_sources_nor_touch_a_locked_die(
    basic: list[int], budget: list[int], plan: list[tuple[bool, int, Source, int]]
) -> None:
    """Whatever the player asks, in whatever order, and whenever 1s and 6s get blocked."""
    fortaleza, aces, points, adventure = budget
    entitlement = Entitlement(fortaleza=fortaleza, aces=aces, points=points, adventure=adventure)
    sequence = begin(Pool(basic=basic), entitlement)
    for block, index, source, face in plan:
        if block:
            if sequence.blocked_after is None:
                sequence = block_ones_and_sixes(sequence, by="gm")
            continue
        before = sequence.pool.face(BASIC[index])
        try:
            sequence = reroll(sequence, BASIC[index], source, face)
        except Conflict:
            continue
        assert sequence.blocked_after is None or before not in (1, 6)
    assert len(sequence.rerolls) <= MAX_REROLLS
    for source in SOURCES:
        assert sequence.used(source) <= entitlement.of(source)
    total = sum(budget)
    done = len(sequence.rerolls)
    assert sequence.excess_bonus == (
        total - MAX_REROLLS if total > MAX_REROLLS and done == 5 else 0
    )


@given(st.lists(faces, min_size=3, max_size=3), st.lists(faces, max_size=3), steps)
def test_a_reading_after_rerolls_reads_only_the_faces_left(
    basic: list[int], luck: list[int], plan: list[tuple[bool, int, Source, int]]
) -> None:
    """A face a reroll replaced is gone: the kept die and every comparison use the final
    faces, as a pool rolled with them would."""
    sequence = begin(Pool(basic=basic, luck=luck), Entitlement(fortaleza=3, aces=3))
    for _, index, _, face in plan:
        try:
            sequence = reroll(sequence, BASIC[index], "ace", face)
        except Conflict:
            continue
    fresh = Pool(basic=list(sequence.pool.basic), luck=list(sequence.pool.luck))
    spec = ReadingSpec(name="x", choice="MID", excess_bonus=sequence.excess_bonus)
    assert read(sequence.pool, spec) == read(fresh, spec)
    kept = read(sequence.pool, spec).kept
    assert sequence.pool.basic[kept.index] == sorted(sequence.pool.basic)[1]
