"""FATE: a roll and its invocations [004:129-141, 291-335]."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import Conflict, InvalidCommand
from domain.fate.invocations import Effect, Invocation, rolled
from domain.fate.roll import FateModifier
from domain.fate.sheet import Aspect, Sheet, SkillRung

BLANKS = [3, 3, 3, 3]
MINUSES = [1, 1, 1, 1]
PLUSES = [6, 6, 6, 6]


def jax(points: int = 3) -> Sheet:
    return Sheet(
        name="Jax",
        skills=[SkillRung(name="Puños", rating=3)],
        aspects=[Aspect(name="Hijo del club"), Aspect(name="Terco")],
        fate_points=points,
        refresh=2,
    )


def own(aspect: str, effect: Effect = "plus_two", reroll: list[int] | None = None) -> Invocation:
    return Invocation(aspect=aspect, owner="Jax", effect=effect, accepted=True, reroll=reroll or [])


def test_a_plain_roll_is_skill_plus_dice() -> None:
    result = rolled(jax(), "Puños", [6, 3, 3, 1], [], [])
    assert (result.rating, result.dice.total, result.effort, result.fate_points_spent) == (
        3,
        0,
        3,
        0,
    )


def test_a_fate_point_buys_plus_1() -> None:
    """[004:131]: +1 to any roll for a fate point, a named modifier."""
    result = rolled(jax(), "Puños", BLANKS, [], [], bonus_points=1)
    assert result.effort == 4 and result.fate_points_spent == 1
    assert result.modifiers == [FateModifier(name="fate point", value=1)]


def test_invoking_an_aspect_adds_2_for_a_fate_point() -> None:
    """[004:135-139]: after the roll, an accepted aspect gives +2 for a fate point."""
    result = rolled(jax(), "Puños", BLANKS, [own("Terco")], [])
    assert result.effort == 5 and result.fate_points_spent == 1
    assert [(i.aspect, i.effect, i.paid) for i in result.invocations] == [
        ("Terco", "plus_two", "fate_point")
    ]


def test_a_reroll_keeps_the_new_dice_and_plus_2_applies_after_it() -> None:
    """[004:137-139]: reroll, keeping the new result; +2 to the final result, after any
    reroll. Both first and final dice are recorded."""
    result = rolled(
        jax(), "Puños", MINUSES, [own("Hijo del club", "reroll", PLUSES), own("Terco")], []
    )
    assert result.first.total == -4 and result.dice.total == 4
    assert result.invocations[0].dice is not None and result.invocations[0].dice.total == 4
    assert result.effort == 3 + 4 + 2 and result.fate_points_spent == 2


def test_a_reroll_may_come_out_worse_and_still_stands() -> None:
    """[004:137, 299]: the new result is used, better or worse."""
    result = rolled(jax(), "Puños", BLANKS, [own("Terco", "reroll", MINUSES)], [])
    assert result.effort == 3 - 4


def test_the_same_aspect_is_invoked_once_per_roll_even_across_rerolls() -> None:
    """[004:141, 299]: not the same aspect twice in one roll, "incluso si volviste a tirar"."""
    with pytest.raises(InvalidCommand) as error:
        rolled(jax(), "Puños", BLANKS, [own("Terco", "reroll", PLUSES), own("Terco")], [])
    assert error.value.code == "aspect_already_invoked"


def test_the_game_master_must_accept_the_aspect() -> None:
    """[004:135, 301]: the GM decides whether the invocation is appropriate."""
    refused = Invocation(aspect="Terco", owner="Jax", effect="plus_two", accepted=False)
    with pytest.raises(Conflict) as error:
        rolled(jax(), "Puños", BLANKS, [refused], [])
    assert error.value.code == "invocation_not_accepted"


def test_a_reroll_brings_four_dice_and_a_plus_2_none() -> None:
    with pytest.raises(InvalidCommand):
        rolled(jax(), "Puños", BLANKS, [own("Terco", "reroll")], [])
    with pytest.raises(InvalidCommand):
        rolled(jax(), "Puños", BLANKS, [own("Terco", "plus_two", PLUSES)], [])


def test_a_free_invocation_is_used_before_a_fate_point() -> None:
    """[004:329]: the free invocation costs no fate point, once."""
    fuera = Invocation(aspect="Fuera de equilibrio", owner="Clay", effect="plus_two", accepted=True)
    result = rolled(jax(points=0), "Puños", BLANKS, [fuera], ["Fuera de equilibrio"])
    assert result.invocations[0].paid == "free" and result.fate_points_spent == 0
    assert result.free_used == ["Fuera de equilibrio"] and result.effort == 5


def test_invoking_with_too_few_fate_points_is_refused() -> None:
    with pytest.raises(Conflict) as error:
        rolled(jax(points=1), "Puños", BLANKS, [own("Terco")], [], bonus_points=1)
    assert error.value.code == "not_enough_fate_points"


def test_a_paid_invocation_against_its_owner_compensates_the_owner() -> None:
    """[004:335]: a fate point (not a free invocation) spent against the aspect's owner goes
    to that owner at the end of the exchange."""
    against = Invocation(
        aspect="Ojo morado", owner="Clay", effect="plus_two", accepted=True, against_owner=True
    )
    paid = rolled(jax(), "Puños", BLANKS, [against], [])
    assert paid.invocations[0].compensates == "Clay"
    free = rolled(jax(), "Puños", BLANKS, [against], ["Ojo morado"])
    assert free.invocations[0].compensates is None


def test_a_scene_aspect_compensates_nobody() -> None:
    scene = Invocation(aspect="Oscuro", effect="plus_two", accepted=True, against_owner=True)
    assert rolled(jax(), "Puños", BLANKS, [scene], []).invocations[0].compensates is None


@given(st.lists(st.sampled_from(["Terco", "Hijo del club", "Oscuro"]), max_size=5))
def test_an_aspect_is_invoked_at_most_once_per_roll(aspects: list[str]) -> None:
    """[004:141, 299], for any sequence of invocations."""
    invocations = [Invocation(aspect=a, effect="plus_two", accepted=True) for a in aspects]
    if len(set(aspects)) < len(aspects):
        with pytest.raises(InvalidCommand):
            rolled(jax(points=5), "Puños", BLANKS, invocations, [])
    else:
        result = rolled(jax(points=5), "Puños", BLANKS, invocations, [])
        assert len({i.aspect for i in result.invocations}) == len(result.invocations)
        assert result.effort == 3 + 2 * len(aspects)


def test_a_plus_2_taken_before_a_reroll_still_counts_on_the_new_dice() -> None:
    """[004:139]: the +2 goes on the final result, whatever the order of the invocations."""
    result = rolled(
        jax(), "Puños", MINUSES, [own("Terco"), own("Hijo del club", "reroll", BLANKS)], []
    )
    assert result.dice.total == 0 and result.effort == 3 + 0 + 2
    assert [i.aspect for i in result.invocations] == ["Terco", "Hijo del club"]
