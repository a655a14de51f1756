"""Thorns from wounds [002:1250-1269]: whenever wound dice are received, the new reflex roll
is also read for aguante; an aguante below the damage accumulated (2 per wound die, 1 per
discomfort die, after the damage) drives a thorn in, the worse the larger the difference.

CONTRA: [002:1065] sets the difficulty at the damage received ("no al acumulado") and asks
to exceed it; [002:1256] and Ricardo's example [002:1265] use the accumulated value and
"inferior". The rule and its example agree, so the accumulated value is used and a result
equal to it avoids the thorn (the digest's reading).
"""

from __future__ import annotations

from domain.errors import InvalidCommand
from domain.portal.sheet import MAX_DICE, Thorn
from domain.structs import Stored

#: "2 PUNTOS POR DADO DE HERIDAS 1 PUNTO POR DADO DE MALESTAR" [002:1256]
POINTS_PER_WOUND, POINTS_PER_DISCOMFORT = 2, 1
WORST = 5
UNTIL = "until proper medical care"
#: the schedule of each difference, 5 or more the worst [002:1257-1261]
SCHEDULES: dict[int, tuple[Thorn, ...]] = {
    1: (Thorn(name="Open wound", gives="discomfort", every=f"day, {UNTIL}"),),
    2: (
        Thorn(name="Open wound", gives="discomfort", every=f"hour, {UNTIL}"),
        Thorn(name="Open wound", gives="wound", every=f"day, {UNTIL}"),
    ),
    3: (Thorn(name="Open wound", gives="wound", every=f"hour, {UNTIL}"),),
    4: (Thorn(name="Open wound", gives="wound", every=f"half hour, {UNTIL}"),),
    5: (Thorn(name="Open wound", gives="wound", every=f"10 minutes, {UNTIL}"),),
}


class ThornCheck(Stored, kw_only=True, forbid_unknown_fields=True):
    """The thorn check of one wound: what was accumulated, the aguante, the thorn's schedule
    (none when the aguante is not below)."""

    STORED_AS = "portal.ThornCheck"

    accumulated: int
    """The damage accumulated: 2 per wound die and 1 per discomfort die held [002:1256]"""
    aguante: int
    """The aguante reading it is compared with"""
    difference: int
    """How far the aguante falls below the damage accumulated; 0: no thorn"""
    thorns: list[Thorn] = []
    """The thorns driven in, by the difference's schedule [002:1257-1261]; empty: none"""


def thorn_check(aguante: int, discomfort: int, wound: int) -> ThornCheck:
    """`discomfort` and `wound` are the dice held after the damage (Ricardo's 2 and 2: 6
    against his aguante 3, short by 3: a wound die every hour [002:1265-1267])."""
    if not (0 <= discomfort <= MAX_DICE and 0 <= wound <= MAX_DICE):
        raise InvalidCommand(f"dice held run 0..{MAX_DICE} [002:97]", "invalid_damage")
    accumulated = POINTS_PER_WOUND * wound + POINTS_PER_DISCOMFORT * discomfort
    difference = max(0, accumulated - aguante)
    thorns = list(SCHEDULES[min(difference, WORST)]) if difference else []
    return ThornCheck(
        accumulated=accumulated, aguante=aguante, difference=difference, thorns=thorns
    )


def reflex_penalty(thorns: list[Thorn]) -> int:
    """The reflex points every reflex roll loses to the thorns that penalise reflexes: Vilvis's
    poison, 1 a roll (Errata [002:623, 629])."""
    return sum(thorn.amount for thorn in thorns if thorn.gives == "reflex")
