"""The adventure's end in the domain: the points a protagonist starts the next one with
[002:854-856]."""

from __future__ import annotations

from domain.portal.points import new_adventure
from domain.portal.sheet import CharacterPoints


def test_the_reserve_comes_back_and_the_next_adventure_starts_with_five_at_most() -> None:
    """[002:856] "comenzará todas sus aventuras con un máximo de 5": 2 in hand and 6 in
    reserve start with 5 and 3; 4 and none keep 4; 5 and 15 start with 5 and 15."""
    assert new_adventure(CharacterPoints(in_hand=2, reserve=6)) == CharacterPoints(
        in_hand=5, reserve=3
    )
    assert new_adventure(CharacterPoints(in_hand=4)) == CharacterPoints(in_hand=4, reserve=0)
    assert new_adventure(CharacterPoints(in_hand=5, reserve=15)) == CharacterPoints(
        in_hand=5, reserve=15
    )
