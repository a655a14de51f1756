"""FATE: conflict helpers [004:627-765, 869-889]."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import InvalidCommand
from domain.fate.conflict import (
    PERSON_WEIGHT,
    Contender,
    Secondary,
    attack,
    combined,
    defended_with,
    defender_critical,
    delayed,
    disarm_pickup,
    full_defence,
    initiative,
    may_defend_with,
    minion_groups,
    push_cost,
    secondary_action,
    through_block,
    throw_cost,
    zones_moved,
)
from domain.fate.options import Options
from domain.fate.roll import simple_action


def test_initiative_by_rating_then_coraje_then_seat() -> None:
    """[004:633-635]: Alerta/Empatía descending; ties to higher Coraje, then the seat closest
    to the GM."""
    order = initiative(
        [
            Contender(name="Opie", rating=2, coraje=1, seat=0),
            Contender(name="Jax", rating=3, coraje=0, seat=3),
            Contender(name="Clay", rating=2, coraje=2, seat=2),
            Contender(name="Tig", rating=2, coraje=1, seat=1),
        ]
    )
    assert order == ["Jax", "Clay", "Opie", "Tig"]
    with pytest.raises(InvalidCommand):
        initiative([Contender(name="Jax", rating=1, coraje=0, seat=0)] * 2)


def test_minions_split_into_one_group_per_opponent() -> None:
    """[004:629]: as many groups as opposing characters."""
    assert minion_groups(7, 3) == [3, 2, 2]
    assert minion_groups(2, 3) == [1, 1] and minion_groups(0, 2) == []


@given(st.integers(0, 40), st.integers(1, 8))
def test_minion_groups_keep_every_minion(minions: int, opponents: int) -> None:
    groups = minion_groups(minions, opponents)
    assert sum(groups) == minions and len(groups) <= opponents
    assert not groups or max(groups) - min(groups) <= 1


def test_full_defence_is_plus_2() -> None:
    """[004:715]: +2 to all defences and reactions of the round."""
    assert full_defence().value == 2


def test_a_secondary_action_costs_1_and_a_border_more() -> None:
    """[004:737, 747]: -1; moving as a secondary action adds the border too."""
    assert secondary_action().value == -1 and secondary_action(border=2).value == -3


def test_athletics_shifts_are_zones_less_the_border() -> None:
    """[004:743-745]: the shifts are the zones; a border is subtracted from them."""
    assert zones_moved(simple_action(5, 2)) == 3
    assert zones_moved(simple_action(5, 2), border=1) == 2
    assert zones_moved(simple_action(1, 2), border=1) == 0


def test_F10_disarm_with_2_shifts_makes_picking_up_minus_3() -> None:
    """F10 [004:871]: the -1 of a secondary action plus the disarm's 2 shifts."""
    assert disarm_pickup(2).value == -3


def test_F11_throwing_a_person_to_the_adjacent_zone_needs_3_shifts() -> None:
    """F11 [004:889]: 1 + weight scale 2."""
    assert throw_cost(PERSON_WEIGHT, 1, Options()) == 3


def test_throw_costs_past_the_adjacent_zone_follow_the_option() -> None:
    """GAP §4.7 [004:889]: two zones cost 3 + 4 = 7 ("accumulate", default) or 4 ("last")."""
    assert throw_cost(2, 2, Options()) == 7
    assert throw_cost(2, 2, Options(throw_cost="last")) == 4


def test_a_push_needs_the_weight_scale_plus_1_per_zone() -> None:
    """[004:885]."""
    assert push_cost(2, 1) == 3 and push_cost(2, 3) == 5


def test_F12_a_protected_character_defends_with_the_higher_of_block_and_roll() -> None:
    """F12 [004:725]: block 4; a defence roll of 2 defends with 4, one of 5 with 5."""
    assert defended_with(2, 4) == 4 and defended_with(5, 4) == 5
    assert defended_with(2, None) == 2


def test_F13_overcoming_a_block_of_3_needs_effort_4() -> None:
    """F13 [004:727]: at least one shift over the block's strength; a tie does not pass."""
    assert through_block(3, 3).outcome == "failure"
    through = through_block(4, 3)
    assert (through.outcome, through.shifts) == ("success", 1)


def test_F14_combined_skills_are_clamped_to_plus_or_minus_1() -> None:
    """F14 [004:759]: Athletics primary, Vigor restricting (lower), Security complementing
    (higher): the net of +1 and -1 is a GAP, 0 by default, -1 under "restrict"."""
    vigor = Secondary(name="Vigor", rating=1, role="restricts")
    security = Secondary(name="Seguridad", rating=4, role="complements")
    assert combined(3, [vigor, security], Options()).value == 0
    assert combined(3, [vigor, security], Options(combined_skills_net="restrict")).value == -1


def test_a_complementing_skill_never_penalises_a_restricting_one_never_helps() -> None:
    """[004:753-757]."""
    assert (
        combined(3, [Secondary(name="Seguridad", rating=1, role="complements")], Options()).value
        == 0
    )
    assert combined(3, [Secondary(name="Vigor", rating=5, role="restricts")], Options()).value == 0
    assert combined(3, [Secondary(name="Armas", rating=5)], Options()).value == 1
    assert combined(3, [Secondary(name="Armas", rating=1)], Options()).value == -1


@given(
    st.integers(-2, 8),
    st.lists(
        st.tuples(st.integers(-2, 8), st.sampled_from(["complements", "restricts", "both"])),
        max_size=6,
    ),
)
def test_combining_skills_moves_the_roll_by_1_at_most(
    primary: int, others: list[tuple[int, str]]
) -> None:
    """[004:759]: however many skills apply, +1 or -1 at most."""
    skills = [Secondary(name=f"S{i}", rating=r, role=role) for i, (r, role) in enumerate(others)]  # type: ignore[arg-type]
    assert -1 <= combined(primary, skills, Options()).value <= 1


def test_a_delayed_turn_comes_between_two_others() -> None:
    """[004:719]: after someone's turn ends, before the next begins; only later in the round."""
    order = ["Jax", "Clay", "Opie", "Tig"]
    assert delayed(order, "Jax", "Opie") == ["Clay", "Opie", "Jax", "Tig"]
    with pytest.raises(InvalidCommand):
        delayed(order, "Opie", "Clay")


def test_an_attack_deals_its_shifts_over_the_defence_or_the_block() -> None:
    """[004:655, 725, 771]: opposed; stress = shifts over the higher of defence and block."""
    assert attack(5, 2, None, Options()).shifts == 3
    assert attack(5, 2, 4, Options()).shifts == 1
    assert attack(3, 3, None, Options()).shifts == 0


def test_a_defender_winning_by_3_earns_a_critical() -> None:
    """[004:697, 857]: winning the defence overwhelmingly (3 shifts) earns a critical."""
    assert defender_critical(attack(1, 4, None, Options()))
    assert not defender_critical(attack(2, 4, None, Options()))


def test_a_disarmed_character_cannot_defend_with_armas() -> None:
    """[004:871]: no direct penalty, but no Armas for defence; Atletismo and Puños serve."""
    assert not may_defend_with("Armas", disarmed=True)
    assert may_defend_with("Atletismo", disarmed=True) and may_defend_with("Armas", False)
