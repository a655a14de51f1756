"""PORTAL: a principal NPC's pool thrown as luck in a roll (Errata [002:649]): luck-equivalents
read, kept and spent as luck dice are [002:322-330], the spent ones leaving the pool."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.errors import InvalidCommand
from domain.portal.options import Options
from domain.portal.pool import Pool, checked_pool, luck_to_add
from domain.portal.reading import ReadingSpec
from domain.portal.roll import resolve, settle
from domain.portal.sheet import Sheet

MID = [ReadingSpec(name="feint", choice="MID", aguante=False)]


def npc(**npc_pool: Any) -> Sheet:
    return msgspec.convert(
        {
            "name": "Morgana",
            "kind": "principal",
            "luck_held": 0,
            "drives": {"names": ["power"]},
            "npc_pool": npc_pool or None,
        },
        Sheet,
    )


MORGANA = npc(pays_with="pool", pool=3, purpose="fencing manoeuvres")


def test_a_pools_luck_equivalents_are_read_kept_and_spent_as_luck_dice() -> None:
    """Kept 4 beats the luck 2 (+1 [002:324]) and keeps the luck 4 [002:328]: the 2 leaves
    the pool, 3 → 2; the NPC holds no luck dice before or after."""
    result = resolve(MORGANA, Pool(basic=[4, 4, 4], luck=[4, 2]), MID, Options(), 4)
    assert (result.readings[0].result, result.luck_returned, result.luck_spent) == (5, [0], [1])
    after = settle(MORGANA, result)
    assert after.npc_pool is not None and after.npc_pool.pool == 2
    assert (after.luck_held, after.luck_lost) == (0, 0)


def test_a_kept_1_under_all_held_takes_nothing_more_from_the_pool() -> None:
    """[002:328] GAP `luck_on_one = all_held`: the pool holds no luck dice; only the luck
    thrown is lost."""
    result = resolve(
        MORGANA, Pool(basic=[1, 1, 1], luck=[3]), MID, Options(luck_on_one="all_held"), 4
    )
    assert (result.luck_spent, result.luck_reserve_lost) == ([0], 0)
    after = settle(MORGANA, result)
    assert after.npc_pool is not None and after.npc_pool.pool == 2


def test_only_a_pool_adds_luck_as_many_as_it_holds_and_none_tempts() -> None:
    """[002:340, 647-651]: harm or nothing adds no luck; 4 from a pool of 3 is refused; a
    pool keeps no lost die to tempt."""
    assert [luck_to_add(s) for s in (MORGANA, npc(pays_with="harm"), npc())] == [3, 0, 0]
    for sheet, pool in (
        (npc(pays_with="harm"), Pool(basic=[4, 4, 4], luck=[2])),
        (npc(pays_with="pool", pool=1, purpose="spells"), Pool(basic=[4, 4, 4], luck=[2, 3])),
        (MORGANA, Pool(basic=[4, 4, 4], tempt=2)),
    ):
        with pytest.raises(InvalidCommand) as error:
            checked_pool(pool, sheet)
        assert error.value.code == "invalid_pool"
