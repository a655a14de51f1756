"""The critical state [002:310-314, 1271-1283]: damage past 3 discomfort and 3 wound dice
calls for a last aguante roll (no damage dice applied or removed [002:1275]) against the
unabsorbed excess. Each point the aguante exceeds it by cuts the excess by 1 [002:1277]: at 0
the character falls unconscious but stabilised [002:1279]; with points to spare, conscious,
whispering, a luck die per minimal action and a character point per normal one
[002:1281, 590]. Either way the worst thorn is driven in [002:1283], once: a character who
carries it already gets no second one (the book is silent; a second would strike beside the
first, and at 3 wound dice each strike calls a new roll that would drive in another).

The sentence of [002:1277] is garbled; the reading here is the digest's, the only one that
gives the outcomes the text lists. Whether armour adds to this roll is a GAP, the table's
option `critical_roll_armour`; so is what a thorn's die past the limit does, the option
`thorn_past_limit` (a new roll, outside a combat too: `ruling_handlers.take_thorn_critical`).
"""

from __future__ import annotations

from typing import Literal

from domain.errors import InvalidCommand
from domain.portal.options import Options
from domain.portal.sheet import Sheet, Thorn
from domain.portal.thorns import SCHEDULES, WORST
from domain.structs import Stored

State = Literal["unconscious", "conscious", "unstabilised", "dead"]


class CriticalState(Stored, kw_only=True, forbid_unknown_fields=True):
    """The last aguante roll against the unabsorbed damage, and where it leaves the
    character."""

    STORED_AS = "portal.CriticalState"

    unabsorbed: int
    """The damage points left unabsorbed: the last aguante roll's difficulty [002:1273]"""
    aguante: int
    """The last aguante roll's result [002:1273-1275]"""
    armour_die: int = 0
    """The armour's raw basic die added to it where the table's option
    `critical_roll_armour` is `with_armour` (GAP) [002:1224-1234]; 0: the aguante alone"""
    state: State
    """Where the aguante (and `armour_die`) leaves the character against `unabsorbed`:
    `unconscious` (equal), `conscious` (above), or below `unstabilised` or `dead` as the
    table's option `critical_below` says"""
    stabilised: bool
    """Whether the character is stabilised: unconscious or conscious [002:1279-1281]"""
    thorn: Thorn | None
    """The worst thorn, driven in either way: a wound die every 10 minutes [002:1283]; null:
    the character carries it already"""


#: the thorn the critical state drives in [002:1283]
WORST_THORN = SCHEDULES[WORST][0]


def carries_worst(sheet: Sheet) -> bool:
    return WORST_THORN in sheet.thorns


def critical_state(
    aguante: int, unabsorbed: int, options: Options, sheet: Sheet, armour_die: int = 0
) -> CriticalState:
    """`armour_die`: the raw die of the armour worn (`absorption.toughness`), added only where
    `Options.critical_roll_armour` says so (GAP). Equal: unconscious and stabilised; above:
    conscious (and stabilised: "presumably", the digest); below: the book is silent,
    `Options.critical_below` (GAP). The worst thorn unless `sheet` carries it already."""
    if unabsorbed < 1:
        raise InvalidCommand(
            "the critical state follows damage left unabsorbed [002:1273]", "invalid_damage"
        )
    if options.critical_roll_armour == "aguante_alone":
        armour_die = 0
    total = aguante + armour_die
    if total == unabsorbed:
        state: State = "unconscious"
    elif total > unabsorbed:
        state = "conscious"
    else:
        state = options.critical_below
    return CriticalState(
        unabsorbed=unabsorbed,
        aguante=aguante,
        armour_die=armour_die,
        state=state,
        stabilised=state in ("unconscious", "conscious"),
        thorn=None if carries_worst(sheet) else WORST_THORN,
    )
