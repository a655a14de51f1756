"""A hold after an immobilization [002:1481-1485] and a weapon's damage aces rerolled once
the attack is counted [002:1096, 1173]: the pure rules the fight commands call."""

from __future__ import annotations

from domain.portal.fight import rerolled_for_damage
from domain.portal.holds import hold_advantage


def test_only_the_holders_melee_attacks_on_the_one_it_holds_get_plus_two() -> None:
    assert hold_advantage("c1", "c1", melee=True) == 2
    assert hold_advantage("c1", "c1", melee=False) == 0
    assert hold_advantage("c1", "c3", melee=True) == 0
    assert hold_advantage(None, "c1", melee=True) == 0


def test_damage_aces_reroll_the_dice_named_as_they_lie_before_any() -> None:
    """4, 3, 2: the LOW die (the 2) and then the MID (the 3, not the new LOW)."""
    after, rerolls = rerolled_for_damage([4, 3, 2], ["LOW", "MID"], [6, 1])
    assert after == [4, 1, 6]
    assert [(r.die.index, r.old, r.new, r.source) for r in rerolls] == [
        (2, 2, 6, "ace"),
        (1, 3, 1, "ace"),
    ]
