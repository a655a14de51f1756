"""Every stepdice command handler, gathered from the modules that hold them. Each validates
everything first, so a refused command leaves nothing behind; a roll is computed, then
recorded (`DiceRolled`) before the events derived from its face."""

from __future__ import annotations

from typing import Any

from domain.stepdice import clocks, hearts, rolls, roster, rulings

HANDLERS: dict[type, Any] = {
    **roster.HANDLERS,
    **rolls.HANDLERS,
    **rulings.HANDLERS,
    **hearts.HANDLERS,
    **clocks.HANDLERS,
}
