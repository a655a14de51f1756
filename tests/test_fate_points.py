"""FATE: the fate-point economy [004:123-177, 365-401, 811-815] and its Errata."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import Conflict
from domain.fate.options import Options
from domain.fate.points import (
    activated,
    compel,
    concession_points,
    declared,
    escalated,
    refreshed,
    spend,
)
from domain.fate.sheet import Stunt


def test_errata_refresh_tops_up_and_keeps_points_above_the_rate() -> None:
    """Errata (fate, first point) [004:167]: FP = max(FP, refresh), not "= refresh"."""
    assert refreshed(1, 4) == 4
    assert refreshed(6, 4) == 6


@given(st.integers(0, 20), st.integers(0, 20))
def test_refresh_never_takes_points_away(points: int, refresh: int) -> None:
    assert refreshed(points, refresh) == max(points, refresh) >= points


def test_spending_more_than_held_is_refused() -> None:
    assert spend(2, 2, "two invocations") == 0
    with pytest.raises(Conflict) as error:
        spend(1, 2, "two invocations")
    assert error.value.code == "not_enough_fate_points"


def test_a_declaration_costs_a_point_unless_vetoed() -> None:
    """[004:155-159]: spend a point to declare; the GM may veto (nothing spent)."""
    assert declared(2, accepted=True) == 1 and declared(2, accepted=False) == 2


def test_a_stunt_costs_a_point_only_when_it_says_so() -> None:
    """[004:151]."""
    costly = Stunt(name="Furia", exception="x", costs_fate_point=True)
    free = Stunt(name="Piloto", exception="y")
    assert activated(2, costly) == 1 and activated(2, free) == 2


def test_an_accepted_compel_gains_a_point_a_refused_one_costs_one() -> None:
    """[004:173, 369, 381]: accept and gain 1, or pay 1 to refuse."""
    assert compel(0, "Terco", accepted=True).delta == 1
    assert compel(2, "Terco", accepted=False).delta == -1


def test_errata_refusing_a_compel_needs_a_point_of_ones_own() -> None:
    """Errata (fate, second point) [004:173, 369, 381]: a player at 0 FP cannot refuse."""
    with pytest.raises(Conflict) as error:
        compel(0, "Terco", accepted=False)
    assert error.value.code == "not_enough_fate_points"


def test_off_screen_and_accidental_compels_give_a_point_and_cannot_be_refused() -> None:
    """[004:377, 395]."""
    assert compel(0, "Némesis", accepted=True, kind="off_screen").delta == 1
    assert compel(0, "Irascible", accepted=True, kind="accidental").delta == 1
    with pytest.raises(Conflict):
        compel(3, "Némesis", accepted=False, kind="off_screen")


def test_a_compel_is_raised_only_once_its_first_point_is_accepted() -> None:
    """[004:401]: one at a time, only after the player accepted the first point."""
    with pytest.raises(Conflict):
        escalated(3, "Terco", accepted_stake=0, accepted=True, options=Options())


def test_errata_escalated_compel_total_reading() -> None:
    """Errata GAP [004:401], default "total": raised to 2 after the first point, accepting
    makes it 2 in all (+1 more), refusing costs 2 net from before the compel (3 from now)."""
    assert escalated(1, "Terco", 1, accepted=True, options=Options()).delta == 1
    refused = escalated(3, "Terco", 1, accepted=False, options=Options())
    assert (refused.stake, refused.delta) == (2, -3)
    with pytest.raises(Conflict):
        escalated(2, "Terco", 1, accepted=False, options=Options())


def test_errata_escalated_compel_added_reading() -> None:
    """Errata GAP [004:401], "added": the raise to 2 is an offer on top, 3 in all; refusing
    pays 2 and keeps the first point."""
    options = Options(escalated_compel="added")
    assert escalated(1, "Terco", 1, accepted=True, options=options).delta == 2
    assert escalated(2, "Terco", 1, accepted=False, options=options).delta == -2


def test_errata_a_refused_reasonable_concession_always_moves_the_points() -> None:
    """Errata (fate, concession) [004:815]: refused, +1 to the conceder and -1 to the attacker
    under every reading."""
    for when_accepted in (True, False):
        options = Options(concession_points_when_accepted=when_accepted)
        moved = concession_points(2, reasonable=True, accepted=False, options=options)
        assert (moved.conceder, moved.attacker) == (1, -1)


def test_an_accepted_concession_follows_the_option() -> None:
    """GAP §4.4 [004:815]: accepted, the points move by default, not under False."""
    moved = concession_points(2, reasonable=True, accepted=True, options=Options())
    assert (moved.conceder, moved.attacker) == (1, -1)
    kept = concession_points(2, True, True, Options(concession_points_when_accepted=False))
    assert (kept.conceder, kept.attacker) == (0, 0)


def test_an_unreasonable_concession_moves_nothing_and_points_never_go_negative() -> None:
    """[004:815]: only a concession the GM finds reasonable; an attacker at 0 loses none."""
    assert concession_points(2, False, False, Options()).conceder == 0
    assert concession_points(0, True, False, Options()).attacker == 0
