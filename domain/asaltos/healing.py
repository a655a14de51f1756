"""Healing over the game time the game master advances [001:70-74].

A wound heals after its rest: light, a few quiet minutes; serious, three weeks (two with
Medicine); incapacitated, two months (one with Medicine, and then no characteristic is
lost); a lost limb never heals. Rest is counted from `Wound.rest_since`; an interruption
restarts it [001:72].
"""

from __future__ import annotations

from domain.asaltos.options import Options
from domain.asaltos.state import Wound
from domain.asaltos.wounds import MINUTE, MONTH, WEEK


def rest_needed(wound: Wound, options: Options) -> int | None:
    """Seconds of rest until the wound heals; None: never (level 4 [001:74])."""
    if wound.level == 1:
        return options.light_wound_minutes * MINUTE
    if wound.level == 2:
        return (2 if wound.medicine else 3) * WEEK
    if wound.level == 3:
        return (1 if wound.medicine else 2) * MONTH
    return None


def heals_by(wound: Wound, options: Options, now: int) -> bool:
    needed = rest_needed(wound, options)
    return needed is not None and wound.rest_since is not None and now - wound.rest_since >= needed


def costs_characteristic(wound: Wound) -> bool:
    """An incapacitated location healed without Medicine costs a point of AGI or RES, which
    one the game master says [001:73]."""
    return wound.level == 3 and not wound.medicine


def restarts_on_interruption(wound: Wound, options: Options) -> bool:
    """Whose rest an interruption restarts: serious wounds [001:72], light ones (their quiet
    minutes [001:71]), incapacitated ones per the options; never a lost limb."""
    if wound.level == 3:
        return options.interruption_restarts_l3
    return wound.level <= 2
