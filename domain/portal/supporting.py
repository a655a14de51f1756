"""A supporting character as the table holds it [002:1285-1419]: found by its id, its rules
while it is in combat, its turn die seen by every seat, its totals this turn. The story's
rulings on supporting characters and their fights (`story_handlers`, `cast_handlers`,
`special_handlers`) check them alike."""

from __future__ import annotations

from typing import Any

from domain.dice import TableDice
from domain.errors import Conflict, InvalidCommand, NotFound
from domain.portal.cast import (
    Purpose,
    Stack,
    Supporting,
    Totals,
    stack,
    turn_modifier,
    with_modifier,
)
from domain.portal.options import SIDES
from domain.portal.state import KeptUnit, PortalState, StackedMember, SupportingCharacter
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


def stacked(
    state: PortalState,
    dice: TableDice,
    purpose: Purpose,
    values: dict[str, int],
    reflexes: float,
    member_ids: list[str],
) -> tuple[Stack, list[StackedMember]]:
    """`member_ids` stacked on a leader's `values`, one d6 each thrown now, in order
    [002:1383-1419]: the unit, and each member's die, what it added and its own modifier
    from the same die (its turn die for the rest of the turn [002:1415-1417])."""
    members = [find_supporting(state, one) for one in member_ids]
    rules = [in_combat(member) for member in members]
    faces = [dice.roll(SIDES, f"stack {member.id}") for member in members]
    unit = stack(purpose, values, reflexes, list(zip(rules, faces, strict=True)))
    return unit, [
        StackedMember(
            supporting=member.id,
            face=part.roll,
            added=part.added,
            modifier=turn_modifier(own.current, part.roll),
        )
        for member, own, part in zip(members, rules, unit.contributions, strict=True)
    ]


def unstack(state: PortalState, ids: list[str]) -> None:
    """Drop the kept units any of `ids` leads or is in: each stacks in one unit at a time,
    for one turn [002:1377-1381]."""
    for number, unit in list(state.units.items()):
        if {unit.leader, *(member.supporting for member in unit.members)} & set(ids):
            del state.units[number]


def kept_unit(
    table: Table, state: PortalState, roll: int, purpose: Purpose, leader: str
) -> KeptUnit:
    """The unit `portalStackUnit` kept under `roll`, for `purpose` around `leader`, its
    members still in combat; refused while its dice are secret (the fight would tell them)."""
    unit = state.units.get(str(roll))
    if unit is None:
        raise NotFound(
            f"no unit kept under roll {roll}: spent, over with a turn die, or never stacked",
            "unknown_unit",
        )
    if unit.purpose != purpose or unit.leader != leader:
        raise InvalidCommand(
            f"the unit of roll {roll} stacked for {unit.purpose} around {unit.leader}, not for "
            f"{purpose} around {leader} [002:1377-1381]",
            "invalid_stack",
        )
    if roll in table.secret_rolls:
        raise Conflict(
            f"the unit's dice (roll {roll}) are secret: the fight would tell them; reveal them "
            "first",
            "roll_secret",
        )
    for member in unit.members:
        in_combat(find_supporting(state, member.supporting))
    return unit


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
