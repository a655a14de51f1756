"""Magic [003:226-264]: Mana, the four effect levels, paying before the roll, and the
exceptional outcomes the game master picks from."""

from __future__ import annotations

from typing import Literal

from domain.errors import Conflict, InvalidCommand
from domain.stepdice.ladder import Grade
from domain.stepdice.options import Options

#: effect levels [003:247-256]
Level = Literal["truco", "estandar", "fuerte", "gran_poder"]
LEVEL_GRADE: dict[Level, Grade] = {
    "truco": "facil",
    "estandar": "normal",
    "fuerte": "dificil",
    "gran_poder": "heroico",
}
#: the Mana each level costs, as the range the game master assigns from [003:241, 249-255]
LEVEL_COST: dict[Level, tuple[int, int]] = {
    "truco": (0, 1),
    "estandar": (1, 1),
    "fuerte": (2, 2),
    "gran_poder": (3, 3),
}
#: Hearts a Fuerte healing spell gives back [003:254]
HEAL = 2
#: what the game master may pick on an exceptional cast [003:260-264]
MAGIC_BENEFITS = frozenset({"larger_effect", "refund_mana", "extra_benefit"})


def checked_cost(level: Level, cost: int) -> int:
    """The game master's cost, within the level's [003:249-255]."""
    low, high = LEVEL_COST[level]
    if not low <= cost <= high:
        costs = f"{low}" if low == high else f"{low} to {high}"
        raise InvalidCommand(f"a {level} costs {costs} Mana, not {cost}", "invalid_cost")
    return cost


def mana_paid(mana: int, cost: int, options: Options) -> int:
    """Mana spent before the roll [003:242]: the cost, or (GAP, `insufficient_mana`) what is
    left when the table allows casting beyond it."""
    if mana >= cost:
        return cost
    if options.insufficient_mana == "refused":
        raise Conflict(
            f"the spell costs {cost} Mana and the character has {mana}", "insufficient_mana"
        )
    return mana


def refunded(mana: int, mana_max: int, options: Options) -> int:
    """The Mana after the game master's refund of 1 [003:263]; capped at the maximum unless
    the table allows more (GAP, `mana_above_max`)."""
    if options.mana_above_max == "capped":
        return min(mana + 1, max(mana_max, mana))
    return mana + 1


def healed(hearts: int, hearts_max: int) -> int:
    """Hearts after a successful healing spell: +2 [003:254], never above the maximum."""
    return min(hearts + HEAL, max(hearts_max, hearts))
