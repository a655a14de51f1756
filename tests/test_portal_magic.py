"""PORTAL: magic ranks, costs and difficulties [002:1566-1620]."""

from __future__ import annotations

import pytest

from domain.errors import Conflict, InvalidCommand
from domain.portal.magic import casting, layman_choice


def test_a_competent_mage_casts_rank_zero_freely_others_roll_against_two() -> None:
    """[002:1606]: no roll for the competent; apprentices and laymen D2, the LOW die (MID for
    a spell they know well)."""
    assert casting(0, "cast", competent=True, required=0, missing=0).difficulty is None
    assert casting(0, "cast", competent=False, required=1, missing=0).difficulty == 2
    assert (layman_choice(False), layman_choice(True)) == ("LOW", "MID")


@pytest.mark.parametrize(
    ("rank", "missing", "difficulty"), [(1, 0, 3), (1, 2, 5), (2, 0, 4), (2, 2, 8), (3, 0, 5)]
)
def test_rank_difficulty_and_missing_elements(rank: int, missing: int, difficulty: int) -> None:
    """[002:1608-1614]: D3 +1 per element missing; D4 +2; D5."""
    assert casting(rank, "cast", True, 6, missing).difficulty == difficulty  # type: ignore[arg-type]


def test_rank_three_rites_cannot_miss_an_element() -> None:
    """[002:1614]."""
    with pytest.raises(Conflict) as error:
        casting(3, "cast", True, 8, 1)
    assert error.value.code == "elements_missing"


def test_enchanting_and_inventing_work_a_rank_higher() -> None:
    """[002:1616-1620]: a rank 1 enchantment is a rank 2 rite; a rank 3 one is D6 with
    nothing missing."""
    enchant = casting(1, "enchant", True, 4, 1)
    assert (enchant.rank, enchant.difficulty) == (2, 6)
    assert casting(3, "invent", True, 12, 0).difficulty == 6
    with pytest.raises(Conflict):
        casting(3, "enchant", True, 12, 1)


def test_missing_elements_are_some_of_those_required() -> None:
    with pytest.raises(InvalidCommand):
        casting(1, "cast", True, 1, 2)
