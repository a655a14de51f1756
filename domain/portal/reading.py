"""Reading a pool: keep one basic die and adjust it [002:155-218, 262-264, 324, 344].

The basic dice are not added: the character keeps the HIGH, MID or LOW one by its role in the
story [002:157-177]. Only the kept die's face is compared with the other dice ("superado" is
strictly lower than it [002:210, 324]); modifiers change the result, never the kept die
[002:218]. One roll may be read several times, each reading keeping its own die: attack and
damage, defence and aguante, reflexes and cold blood [002:1040, 1092].
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from domain.portal.pool import DieRef, Pool
from domain.portal.sheet import MAX_FORTALEZA, Choice, Label
from domain.structs import Stored

#: the place of the kept die among the basic dice sorted low to high
CHOICE_RANK: dict[str, int] = {"LOW": 0, "MID": 1, "HIGH": 2}


def choice_for(role: Choice, *, limited: bool = False, fortaleza_zero: bool = False) -> Choice:
    """The die a reading keeps. The game master's `role` choice [002:161-165], unless an
    applicable limitation [002:524] or sequel [002:293] forces the LOW die (the game master
    says which apply), or a Fortaleza of level 0 gives the HIGH one [002:404]. A limitation
    wins over a Fortaleza: the book says it forces the low die ("toman el dado bajo")."""
    if limited:
        return "LOW"
    if fortaleza_zero:
        return "HIGH"
    return role


def kept_die(basic: list[int], choice: Choice) -> int:
    """The place of the kept basic die: the `choice` one of the three sorted by face."""
    order = sorted(range(len(basic)), key=lambda i: (basic[i], i))
    return order[CHOICE_RANK[choice]]


class ReadingSpec(Stored, kw_only=True, forbid_unknown_fields=True):
    """What one reading of a roll asks: its name ("attack", "damage", "defence", "aguante",
    "reflexes", "cold blood", a challenge's name), the die it keeps, whether it is an aguante
    reading (no discomfort nor wound dice [002:206, 1199]), the specialty bonus that applies
    [002:456] and the reroll excess [002:514]."""

    STORED_AS = "portal.ReadingSpec"

    name: Label
    """The reading's name, unique in the roll: `attack`, `damage`, `defence`, `aguante`,
    `reflexes`, `cold blood` or the challenge's"""
    choice: Choice
    """Which basic die the reading keeps: the `HIGH`, `MID` or `LOW` of the three [002:157-165]"""
    aguante: bool = False
    """Whether it is an aguante (toughness) reading: discomfort, wound and tempt dice do not
    count [002:206, 1199]"""
    specialty_bonus: Annotated[int, msgspec.Meta(ge=0, le=MAX_FORTALEZA)] = 0
    """The level of the Fortaleza whose specialty applies, added to the result [002:456]; 0: none"""
    excess_bonus: Annotated[int, msgspec.Meta(ge=0)] = 0
    """+1 per reroll of entitlement past 5, once all 5 rerolls were made [002:514-516]; the
    primary reading's only"""


class Reading(Stored, kw_only=True, forbid_unknown_fields=True):
    """One reading with every step that made its result, so an event can show the sum."""

    STORED_AS = "portal.Reading"

    name: str
    """The reading's name, unique in the roll: `attack`, `damage`, `defence`, `aguante`,
    `reflexes`, `cold blood` or the challenge's"""
    choice: Choice
    """Which basic die the reading keeps: the `HIGH`, `MID` or `LOW` of the three [002:157-165]"""
    aguante: bool
    """Whether it is an aguante (toughness) reading: discomfort, wound and tempt dice do not
    count [002:206, 1199]"""
    kept: DieRef
    """The kept basic die (kind `basic` and its place in the pool)"""
    face: int
    """The kept die's face, 1..6: what every comparison uses; modifiers never change it [002:218]"""
    sixes: int = 0
    """How many other basic dice show 6 when a 6 is kept, +1 each [002:181]"""
    ones: int = 0
    """How many other basic dice show 1 when a 1 is kept, -1 each [002:183]"""
    discomfort_unbeaten: list[int] = []
    """The places (from 0) of the discomfort dice not beaten (showing the kept face or more),
    -1 each [002:210]; empty in an aguante reading"""
    wound_unbeaten: list[int] = []
    """The places (from 0) of the rolled wound dice not beaten, -1 each [002:262]; empty in an
    aguante reading"""
    declined_wounds: int = 0
    """How many wound dice were declined, -1 each [002:264]; 0 in an aguante reading"""
    luck_beaten: list[int] = []
    """The places (from 0) of the luck dice beaten (below the kept face), +1 each [002:324]"""
    tempt_unbeaten: bool = False
    """Whether the tempt die is not beaten, -1 as a discomfort die [002:344]; false in an aguante
    reading"""
    specialty_bonus: int = 0
    """The level of the Fortaleza whose specialty applies, added to the result [002:456]; 0: none"""
    excess_bonus: int = 0
    """+1 per reroll of entitlement past 5, once all 5 rerolls were made [002:514-516]; the
    primary reading's only"""
    result: int
    """The reading's result: the kept face plus every adjustment above; may be negative"""


def read(pool: Pool, spec: ReadingSpec) -> Reading:
    """One reading of `pool` [002:181-189, 206-218, 262-264, 324, 344, 456, 514].

    Sixes and ones count on the basic dice only, and only when the kept die is one itself
    [002:185]; other repeated faces give nothing [002:189]. An aguante reading ignores
    discomfort and wound dice [002:206-208, 1199] (and so the tempt die, which "se comporta
    como un Dado de Malestar" [002:344]); luck counts in every reading [002:1199]."""
    kept = kept_die(pool.basic, spec.choice)
    face = pool.basic[kept]
    sixes = pool.basic.count(6) - 1 if face == 6 else 0
    ones = pool.basic.count(1) - 1 if face == 1 else 0
    luck_beaten = [i for i, luck in enumerate(pool.luck) if luck < face]
    discomfort: list[int] = []
    wound: list[int] = []
    declined = 0
    tempt = False
    if not spec.aguante:
        discomfort = [i for i, die in enumerate(pool.discomfort) if die >= face]
        wound = [i for i, die in enumerate(pool.wound) if die >= face]
        declined = pool.declined_wounds
        tempt = pool.tempt is not None and pool.tempt >= face
    result = (
        face
        + sixes
        - ones
        - len(discomfort)
        - len(wound)
        - declined
        + len(luck_beaten)
        - int(tempt)
        + spec.specialty_bonus
        + spec.excess_bonus
    )
    return Reading(
        name=spec.name,
        choice=spec.choice,
        aguante=spec.aguante,
        kept=DieRef(kind="basic", index=kept),
        face=face,
        sixes=sixes,
        ones=ones,
        discomfort_unbeaten=discomfort,
        wound_unbeaten=wound,
        declined_wounds=declined,
        luck_beaten=luck_beaten,
        tempt_unbeaten=tempt,
        specialty_bonus=spec.specialty_bonus,
        excess_bonus=spec.excess_bonus,
        result=result,
    )


def raw_die(basic: list[int], choice: Choice) -> int:
    """A basic die's bare face, as weapons, armour and the environment read it: no sixes or
    ones, no other dice [002:1110, 1122, 1226]."""
    return basic[kept_die(basic, choice)]
