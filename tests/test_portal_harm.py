"""A contender's harm as a fight's events leave it: a stun from the blow on [002:1246]."""

from __future__ import annotations

from domain.portal.absorption import absorb
from domain.portal.harm import absorbed, stun
from domain.portal.state import CombatContender
from tests.test_portal_roll import sheet


def test_a_stun_holds_at_once_and_counts_whole_turns_after() -> None:
    """Stunned from the blow on (the rest of this turn), its turns still to come whole."""
    contender = CombatContender(character="c2")
    stun(contender, 0)
    assert (contender.stunned, contender.stunned_turns) == (False, 0)
    stun(contender, 2)
    assert (contender.stunned, contender.stunned_turns) == (True, 2)


def test_non_lethal_points_past_three_discomfort_dice_stun_at_once() -> None:
    """3 discomfort dice held: 2 non-lethal points stun 2 turns, no wound [002:1246]."""
    bob, contender = sheet(discomfort=3), CombatContender(character="c2", reflex_roll_due=False)
    absorbed(bob, contender, absorb(3, 0, 2, True))
    assert (bob.discomfort, bob.wound) == (3, 0)
    assert (contender.stunned, contender.stunned_turns) == (True, 2)
    assert contender.reflex_roll_due is False  # no wound die gained [002:1063]
