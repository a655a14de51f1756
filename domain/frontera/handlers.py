"""Every Frontera command handler and test consequence, gathered from the modules that hold
them (`rules` for tests and conditions, one module per further part of the book)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.frontera import (
    combat_turn,
    drinking,
    equipment,
    exchanges,
    extra_decks,
    gambling,
    harm,
    loot,
    morale,
    pistol_duel,
    recovery,
    rules,
    survival,
)
from domain.frontera.state import OpenTest
from domain.keys import TableKeys
from domain.table import Table

#: what a resolved test with a `purpose` sets off: (table, actor, test, outcomes, keys)
Consequence = Callable[[Table, str, OpenTest, dict[str, str], TableKeys], None]

HANDLERS: dict[type, Any] = {
    **rules.HANDLERS,
    **exchanges.HANDLERS,
    **loot.HANDLERS,
    **extra_decks.HANDLERS,
    **equipment.HANDLERS,
    **gambling.HANDLERS,
    **drinking.HANDLERS,
    **harm.HANDLERS,
    **morale.HANDLERS,
    **recovery.HANDLERS,
    **combat_turn.HANDLERS,
    **pistol_duel.HANDLERS,
    **survival.HANDLERS,
}

CONSEQUENCES: dict[str, Consequence] = {
    **gambling.CONSEQUENCES,
    **harm.CONSEQUENCES,
    **morale.CONSEQUENCES,
    **recovery.CONSEQUENCES,
    **pistol_duel.CONSEQUENCES,
    **survival.CONSEQUENCES,
}
