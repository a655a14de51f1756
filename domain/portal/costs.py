"""What pays a luck or character-point cost outside a roll [002:581-601, 966, 1281, 1604]: a
protagonist's held luck dice (`luck.spend_luck`) and points in hand (`points.spend`); a
principal NPC, who holds neither [002:647], pays as the game master set at its creation
(`NpcPool.pays_with`, Errata "a per-NPC setting" [002:649-651]): from its pool, one
luck-equivalent per die or point, or with its harm. Paid with harm, a luck die is a
discomfort die, absorbed as any [002:248], and a character point a wound die, the pairs the
spells' costs name as alternatives ("Dados de Suerte, Dados de Malestar" at rank 1,
"Puntos de Personaje o la adquisición de Dados de Heridas" at rank 2 [002:1608-1612])."""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from domain.errors import Conflict
from domain.portal.absorption import absorb
from domain.portal.luck import spend_luck
from domain.portal.points import spend
from domain.portal.sheet import MAX_DICE, Sheet

Cost = Literal["luck", "points"]
#: what paid: a protagonist's own `luck` or `points`, a principal NPC's `pool` or `harm`
PaidWith = Literal["luck", "points", "pool", "harm"]


def pay(sheet: Sheet, cost: Cost, amount: int, use: str) -> tuple[PaidWith, Sheet]:
    """`amount` luck dice or character points paid for `use`, and the sheet after; refused
    whole when the character cannot pay them all."""
    npc_pool = sheet.npc_pool
    if sheet.kind != "principal" or npc_pool is None:
        if cost == "luck":
            return "luck", spend_luck(sheet, amount, use)
        points = spend(sheet.points, amount, use)
        return "points", msgspec.structs.replace(sheet, points=points)
    if npc_pool.pays_with == "pool":
        if npc_pool.pool < amount:
            raise Conflict(
                f"{use} costs {amount} and {sheet.name}'s pool holds {npc_pool.pool}",
                "not_enough_luck" if cost == "luck" else "not_enough_points",
            )
        emptier = msgspec.structs.replace(npc_pool, pool=npc_pool.pool - amount)
        return "pool", msgspec.structs.replace(sheet, npc_pool=emptier)
    if cost == "luck":
        harm = absorb(sheet.discomfort, sheet.wound, amount)
        if harm.unabsorbed:
            raise Conflict(f"{sheet.name} holds no room for more harm [002:312]", "dice_full")
        return "harm", msgspec.structs.replace(sheet, discomfort=harm.discomfort, wound=harm.wound)
    if sheet.wound + amount > MAX_DICE:
        raise Conflict(
            f"{sheet.name} holds {sheet.wound} wound dice, at most {MAX_DICE} [002:97]",
            "dice_full",
        )
    return "harm", msgspec.structs.replace(sheet, wound=sheet.wound + amount)


def after_paying(sheet: Sheet) -> dict[str, Any]:
    """What an event of a cost paid records of the payer's sheet after (`story_events` moves
    it back): its luck, discomfort and wound dice, and a principal NPC's pool (null for a
    protagonist)."""
    return {
        "luck_held": sheet.luck_held,
        "luck_lost": sheet.luck_lost,
        "discomfort": sheet.discomfort,
        "wound": sheet.wound,
        "pool": None if sheet.npc_pool is None else sheet.npc_pool.pool,
    }
