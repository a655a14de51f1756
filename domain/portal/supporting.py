"""A supporting character as the table holds it [002:1285-1419]: found by its id, its rules
while it is in combat, its turn die seen by every seat, its totals this turn. The story's
rulings on supporting characters and their fights (`story_handlers`, `cast_handlers`,
`special_handlers`) check them alike."""

from __future__ import annotations

from typing import Any

from domain.errors import Conflict, NotFound
from domain.portal.cast import Purpose, Supporting, Totals, with_modifier
from domain.portal.state import PortalState, SupportingCharacter
from domain.table import Table


def find_supporting(state: PortalState, supporting_id: str) -> SupportingCharacter:
    found = state.supporting.get(supporting_id)
    if found is None:
        raise NotFound(f"no supporting character {supporting_id!r} here", "unknown_supporting")
    return found


def in_combat(supporting: SupportingCharacter) -> Supporting:
    """Its rules, refused once it is out of combat [002:1307]."""
    rules = supporting.rules()
    if rules.out:
        raise Conflict(f"{supporting.name} is out of combat [002:1307]", "supporting_out")
    return rules


def turn_seen(table: Table, supporting: SupportingCharacter, tells: str) -> None:
    """Refused while its turn die is secret: what the ruling shows (`tells`) would tell it."""
    if supporting.turn_roll in table.secret_rolls:
        raise Conflict(
            f"{supporting.name}'s turn die (roll {supporting.turn_roll}) is secret: {tells} "
            "would tell it; reveal it first",
            "roll_secret",
        )


def this_turn(supporting: SupportingCharacter) -> Totals:
    """Its totals this turn: its values and its last turn die's modifier [002:1313]."""
    return with_modifier(supporting.rules(), supporting.modifier)


def stacked_on(turn: Totals, purpose: Purpose) -> dict[str, int]:
    """The leader's totals this turn a unit stacks on: Attack and Damage for an attack, its
    Defence for a defence [002:1383-1387]."""
    if purpose == "attack":
        return {"attack": turn.attack, "damage": turn.damage}
    return {"defence": turn.defence}


def hurt_after(before: Supporting, after: Supporting) -> dict[str, Any]:
    """What an event of a supporting character hurt records of it: the damage points past
    its Aguante, those it has taken in all, its G now, whether it is out of combat
    [002:1297-1307]."""
    return {
        "through": after.taken - before.taken,
        "taken": after.taken,
        "generic": after.current,
        "out": after.out,
    }
