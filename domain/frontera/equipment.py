"""Equipment [L671-L676]: what each character carries, changed by the Mayor's grants, and the
check that a protagonist fights with a weapon it carries.

A protagonist starts with its kit (`character.starting_equipment`: a horse, a revolver or 10
knives, up to $50 of purchases and money kept). Anything more, and anything bought, found,
lost or taken later, is the Mayor's to record with a reason: gear with `ChangeEquipment`,
money with `SetMoney` (gambling.py).

Decisions where the book is silent:
- Items are counted by name ({"horse": 1, "knife": 10}); a weapon is carried under its name in
  the table's weapons, except the default table's thrown knife, which is one of the knives.
- A protagonist attacks, and duels, only with a weapon it carries, and throws at most as many
  as it carries. NPCs and henchmen are the Mayor's: they wield what the Mayor announces (the
  book has the Mayor simplify henchmen [L1150]); their gear may be recorded, nothing checks it.
- Protagonists created before equipment was kept carry nothing until the Mayor records it.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from domain.commands import Command
from domain.errors import Conflict, InvalidCommand
from domain.frontera import guards
from domain.frontera.character import MAX_ITEM_COUNT, MAX_ITEMS, Character, ItemName, item_name
from domain.frontera.combat import Technique
from domain.frontera.events import game
from domain.frontera.state import Declaration
from domain.keys import TableKeys
from domain.names import Reason, checked_reason
from domain.table import Table

#: table weapons that are a carried item put to another use
CARRIED_AS = {"thrown knife": "knife"}


class ChangeEquipment(Command):
    """The Mayor gives a character gear, or takes it away, with a reason (Mayor)."""

    character: str
    """The id of the character whose gear changes"""
    item: ItemName
    """The item's name (e.g. `rifle`, `horse`, `work clothes`)"""
    change: Annotated[
        int,
        msgspec.Meta(
            ge=-MAX_ITEM_COUNT, le=MAX_ITEM_COUNT, extra_json_schema={"not": {"const": 0}}
        ),
    ]
    """How many more (positive) or fewer (negative), never 0"""
    reason: Reason
    """Why, in the Mayor's words"""


class EquipmentChanged(Table.Event):
    """The Mayor gives a character gear or takes it away, with a reason."""

    TOPIC = "frontera.EquipmentChanged"
    character: str
    """The id of the character whose gear changed"""
    item: str
    """The item's name"""
    before: int
    """How many of the item it carried before"""
    after: int
    """How many it carries now (0: none left)"""
    reason: str
    """Why, in the Mayor's words"""

    def apply(self, table: Table) -> None:
        equipment = game(table).characters[self.character].equipment
        if self.after:
            equipment[self.item] = self.after
        else:
            equipment.pop(self.item, None)


def change_equipment(table: Table, actor: str, command: ChangeEquipment, _: TableKeys) -> int:
    """Returns how many of the item the character carries now."""
    state = game.ruling(table, actor, "change what a character carries")
    character = guards.find_character(state, command.character)
    item = item_name(command.item)
    reason = checked_reason(command.reason)
    before = character.equipment.get(item, 0)
    after = before + command.change
    if command.change == 0 or after > MAX_ITEM_COUNT:
        raise InvalidCommand(
            f"a change gives or takes at least one item, and leaves at most {MAX_ITEM_COUNT}",
            "invalid_change",
        )
    if after < 0:
        raise Conflict(f"{character.name} carries {before} {item}, not more", "not_carried")
    if not before and len(character.equipment) >= MAX_ITEMS:
        raise InvalidCommand(
            f"a character carries {MAX_ITEMS} kinds of item at most", "invalid_item"
        )
    table.trigger_event(
        EquipmentChanged,
        actor=actor,
        character=character.id,
        item=item,
        before=before,
        after=after,
        reason=reason,
    )
    return after


def require_carried(character: Character, weapon: str, count: int = 1) -> None:
    """A protagonist fights with a weapon it carries, as many as it throws; the Mayor's
    characters wield what the Mayor announces."""
    if character.kind != "protagonist":
        return
    item = CARRIED_AS.get(weapon, weapon)
    carried = character.equipment.get(item, 0)
    if carried < count:
        raise Conflict(
            f"{character.name} carries {carried} {item}, and {count} are needed: the Mayor "
            "records the gear a character gets",
            "weapon_not_carried",
        )


def require_armed(character: Character, declaration: Declaration) -> None:
    """The weapon an attack declares is carried, as many as a throw uses."""
    if declaration.weapon is not None:
        thrown = declaration.technique is Technique.THROWN
        require_carried(character, declaration.weapon, declaration.weapons if thrown else 1)


HANDLERS: dict[type, Any] = {ChangeEquipment: change_equipment}
