"""The difficulty modifiers of the combat tables [001:76-107], by name.

The game master names which apply (each a fact of the scene only the table knows); the
server adds the book's value. Accumulation, aiming, precision and wound penalties are not
named: the rules derive them from the round, the aim kept in state, the chosen location
and the wounds; a target on the ground gives its modifier unless the game master named it
(`ground_terms`). A set of names the book never combines is refused. Anything else (a
target smaller than a location [001:104]) is the game master's `Other` modifier, with its
reason.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import msgspec

from domain.asaltos.check import Term
from domain.errors import InvalidCommand
from domain.names import Reason, checked_reason
from domain.structs import Stored


class AsaltosModifier(StrEnum):
    FIGHTING_BLIND = "fighting_blind"
    OFF_HAND = "off_hand"
    DREW_WEAPON = "drew_weapon"
    OPPONENT_PRONE = "opponent_prone"
    MOUNTED = "mounted"
    MOUNTED_VS_FOOT = "mounted_vs_foot"
    IDEAL_CONDITIONS = "ideal_conditions"
    PARTIAL_COVER = "partial_cover"
    TOTAL_COVER = "total_cover"
    MOVING_TARGET = "moving_target"
    MOVING_SHOOTER = "moving_shooter"
    SHORT_RANGE = "short_range"
    MEDIUM_RANGE = "medium_range"
    LONG_RANGE = "long_range"


#: the API document names a schema after its class, and Frontera has a `Modifier` too
Modifier = AsaltosModifier


#: the melee table [001:77-88]
MELEE: dict[Modifier, int] = {
    Modifier.FIGHTING_BLIND: 2,
    Modifier.OFF_HAND: 4,
    Modifier.DREW_WEAPON: 2,
    Modifier.OPPONENT_PRONE: -4,
    Modifier.MOUNTED: 2,
    Modifier.MOUNTED_VS_FOOT: -2,
    Modifier.IDEAL_CONDITIONS: -5,
}
#: the ranged table [001:89-100,107] (medium range: no modifier)
RANGED: dict[Modifier, int] = {
    Modifier.PARTIAL_COVER: 2,
    Modifier.TOTAL_COVER: 4,
    Modifier.OFF_HAND: 4,
    Modifier.MOVING_TARGET: 2,
    Modifier.MOVING_SHOOTER: 2,
    Modifier.SHORT_RANGE: -3,
    Modifier.MEDIUM_RANGE: 0,
    Modifier.LONG_RANGE: 3,
    Modifier.DREW_WEAPON: 2,
}
#: the melee "attacking mounted vs on foot" applies only to the attack [001:87]
ATTACK_ONLY = frozenset({Modifier.MOUNTED_VS_FOOT})
#: "se compensa con la anterior" [001:87]: the -2 offsets the mounted +2, so it comes with it
#: (alone it would give a -2 the book never produces)
REQUIRES = {Modifier.MOUNTED_VS_FOOT: Modifier.MOUNTED}
#: a target is in one cover [001:105-106] and at one distance [001:107]
COVER = frozenset({Modifier.PARTIAL_COVER, Modifier.TOTAL_COVER})
RANGE = frozenset({Modifier.SHORT_RANGE, Modifier.MEDIUM_RANGE, Modifier.LONG_RANGE})
EXCLUSIVE = (COVER, RANGE)
PRECISION = 1  # [001:80,91,104]
AIM_PER_ROUND = -1  # [001:90,103]
MAX_AIM_ROUNDS = 2


class Other(Stored, kw_only=True, forbid_unknown_fields=True):
    """A modifier the tables do not name, set by the game master with its reason."""

    amount: Annotated[int, msgspec.Meta(ge=-20, le=20, extra_json_schema={"not": {"const": 0}})]
    """What it adds to the difficulty, -20 to 20 but not 0: above harder, below easier"""
    reason: Reason
    """Why it applies, in the game master's words (a target smaller than a location, …)"""


def named_terms(
    names: list[Modifier], table: dict[Modifier, int], *, attack: bool, which: str
) -> list[Term]:
    """The terms of the named modifiers, refusing a name the table lacks or one given
    twice, an attack-only modifier on a reaction, and names the book never combines."""
    if len(set(names)) != len(names):
        raise InvalidCommand("a modifier applies once", "invalid_modifier")
    terms = []
    for name in names:
        if name not in table:
            raise InvalidCommand(
                f"{name.value} is not a modifier of the {which} table", "invalid_modifier"
            )
        if name in ATTACK_ONLY and not attack:
            raise InvalidCommand(f"{name.value} applies only to the attack", "invalid_modifier")
        terms.append(Term(name=name.value, amount=table[name]))
    coherent(names)
    return terms


def coherent(names: list[Modifier]) -> None:
    """Refuse names the book never combines: mounted-vs-foot without mounted [001:86-87],
    two covers or two distances of one target [001:105-107]."""
    for name, required in REQUIRES.items():
        if name in names and required not in names:
            raise InvalidCommand(
                f"{name.value} offsets {required.value} in the attack and comes with it "
                "[001:86-87]",
                "incoherent_modifiers",
            )
    for group in EXCLUSIVE:
        named = sorted(n.value for n in group.intersection(names))
        if len(named) > 1:
            raise InvalidCommand(
                f"a target has one of {', '.join(named)}, not several [001:105-107]",
                "incoherent_modifiers",
            )


def ground_terms(names: list[Modifier], *, fallen: bool, ranged: bool) -> list[Term]:
    """What a target lying on the ground gives the attack: partial cover for a shot
    [001:106], a downed opponent in melee [001:83]; nothing more when the game master named
    it already, or (a shot) named the target's cover: it has one."""
    derived = Modifier.PARTIAL_COVER if ranged else Modifier.OPPONENT_PRONE
    if not fallen or (COVER if ranged else frozenset({derived})).intersection(names):
        return []
    table = RANGED if ranged else MELEE
    return [Term(name=derived.value, amount=table[derived], reason="the target is on the ground")]


def other_terms(others: list[Other]) -> list[Term]:
    terms = []
    for other in others:
        if other.amount == 0 or not -20 <= other.amount <= 20:
            raise InvalidCommand("an other modifier adds -20..20, not 0", "invalid_modifier")
        terms.append(Term(name="other", amount=other.amount, reason=checked_reason(other.reason)))
    return terms


def gm_terms(
    base: int, names: list[Modifier], others: list[Other], *, ranged: bool, attack: bool
) -> list[Term]:
    """The game master's part of a combat difficulty: base, named and other modifiers."""
    table, which = (RANGED, "ranged") if ranged else (MELEE, "melee")
    if not -20 <= base <= 20:
        raise InvalidCommand("a base difficulty runs from -20 to 20", "invalid_difficulty")
    return [
        Term(name="base", amount=base),
        *named_terms(names, table, attack=attack, which=which),
        *other_terms(others),
    ]
