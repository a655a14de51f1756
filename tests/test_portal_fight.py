"""Who acts now in a fight: a contender out of combat acts by the action past the damage
limit it paid for [002:590, 601, 1281]: a normal one in its phases, a last heroic one at the
end of the turn, a minimal one never as an attack or a maneuver."""

from __future__ import annotations

import pytest

from domain.errors import Conflict
from domain.portal.fight import acts_now_or_paid
from domain.portal.state import Combat, CombatContender, PortalCharacter
from tests.test_portal_roll import sheet

SVEN = PortalCharacter(id="c2", name="Sven", seat="p2", sheet=sheet())


def sven(out: str | None, paid: str | None) -> CombatContender:
    return CombatContender(character="c2", reflexes=2, phases=[2], out=out, critical_action=paid)


def fight(phase: int, acted: list[str] | None = None) -> Combat:
    return Combat(
        combat=1,
        contenders=[],
        direction_die=2,
        cold_blood_difficulty=3,
        turn=1,
        phase=phase,
        acted=acted or [],
    )


def refusal(combat: Combat, contender: CombatContender) -> str:
    with pytest.raises(Conflict) as refused:
        acts_now_or_paid(combat, contender, SVEN)
    return refused.value.code


def test_a_fighting_contender_acts_in_its_phases_spending_nothing() -> None:
    assert acts_now_or_paid(fight(2), sven(None, None), SVEN) is None
    assert refusal(fight(3), sven(None, None)) == "not_your_phase"


def test_a_normal_action_past_the_limit_is_taken_in_the_contenders_phases_once() -> None:
    conscious = sven("conscious", "normal")
    assert acts_now_or_paid(fight(2), conscious, SVEN) == "normal"
    assert refusal(fight(1), conscious) == "not_your_phase"
    assert refusal(fight(2, ["c2"]), conscious) == "not_your_phase"


def test_a_last_heroic_action_comes_in_the_turns_last_phase_only() -> None:
    unconscious = sven("unconscious", "heroic")
    assert acts_now_or_paid(fight(1), unconscious, SVEN) == "heroic"
    assert refusal(fight(2), unconscious) == "not_your_phase"  # its own phase: too soon


def test_out_of_combat_without_a_normal_or_heroic_action_paid_no_action() -> None:
    assert refusal(fight(2), sven("conscious", None)) == "out_of_combat"
    assert refusal(fight(2), sven("conscious", "minimal")) == "out_of_combat"
