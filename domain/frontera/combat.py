"""Combat arithmetic [L873-L1207]: techniques, weapons, hits, effective toughness, damage.

Pure functions over cards and sheets; the combat turn (declarations, secret choices, the
reveal) will drive them. Weapons are table data the Mayor can edit: the book's weapon table
is not in the source, so the defaults carry the figures its text gives. Each weapon is ranged,
melee or thrown, and each technique takes its own kind (quick shot and aim a ranged one); the
lasso is thrown, as the grapple uses it [L1087], and so is the whip, which the book lists with
the thrown weapons' multiple attack [L993].
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

import msgspec

from domain.errors import InvalidCommand
from domain.frontera.cards import Suit
from domain.frontera.character import Character, Skill, Trait
from domain.names import TEXT_PATTERN, checked_name
from domain.structs import Stored, clone

Range = Literal["adjacent", "short", "medium", "long"]
#: ranged (firearms, bows), melee or thrown [L906-L908]
WeaponKind = Literal["ranged", "melee", "thrown"]
Cover = Literal["none", "partial", "total"]
Mount = Literal["none", "walk", "trot", "gallop"]

MAX_WEAPON_DAMAGE = 6
MAX_WEAPON_NAME = 40
WeaponName = Annotated[
    str, msgspec.Meta(min_length=1, max_length=MAX_WEAPON_NAME, pattern=TEXT_PATTERN)
]

COVER_TOUGHNESS: dict[str, int] = {"none": 0, "partial": 1, "total": 2}
MOUNT_TOUGHNESS: dict[str, int] = {"none": 0, "walk": 1, "trot": 2, "gallop": 3}


class Technique(StrEnum):
    """Chosen before drawing; it fixes the trait, the skill and the base damage."""

    BRAWL = "brawl"
    MELEE = "melee"
    THROWN = "thrown"
    QUICK_SHOT = "quick_shot"
    AIM = "aim"


TECHNIQUE_TRAIT: dict[Technique, tuple[Trait, Skill]] = {
    Technique.BRAWL: (Trait.HANDS, Skill.BRAWL),
    Technique.MELEE: (Trait.HANDS, Skill.BRAWL),
    Technique.THROWN: (Trait.HANDS, Skill.BRAWL),
    Technique.QUICK_SHOT: (Trait.HANDS, Skill.QUICK_SHOT),
    Technique.AIM: (Trait.SENSES, Skill.AIM),
}


#: the kind of weapon each technique uses [L429-L449, L906-L908]; brawling uses none
TECHNIQUE_WEAPON: dict[Technique, WeaponKind | None] = {
    Technique.BRAWL: None,
    Technique.MELEE: "melee",
    Technique.THROWN: "thrown",
    Technique.QUICK_SHOT: "ranged",
    Technique.AIM: "ranged",
}

RANGES: tuple[str, ...] = ("adjacent", "short", "medium", "long")
MAX_RANGE_MODIFIER = 10
#: a draw modifier per range, every range named (the document says so; `checked_weapon`
#: refuses the rest, with a weapon's other rules)
RangeModifiers = Annotated[
    dict[str, int | None],
    msgspec.Meta(
        extra_json_schema={
            "properties": {
                name: {
                    "anyOf": [
                        {
                            "type": "integer",
                            "minimum": -MAX_RANGE_MODIFIER,
                            "maximum": MAX_RANGE_MODIFIER,
                        },
                        {"type": "null"},
                    ],
                    "description": f"Cards added to (taken from, when negative) a draw at "
                    f"{name} range; null: out of reach",
                }
                for name in RANGES
            },
            "required": list(RANGES),
            "additionalProperties": False,
        }
    ),
]


class Weapon(Stored, kw_only=True, forbid_unknown_fields=True):
    """A weapon as table data: its kind, its damage and, per range, the cards it adds or
    takes away (None: out of range). Brawling needs no weapon."""

    STORED_AS = "frontera.Weapon"

    name: WeaponName
    """The weapon's name: its key among the table's weapons, and the item a protagonist carries to
    use it"""
    damage: Annotated[int, msgspec.Meta(ge=0, le=MAX_WEAPON_DAMAGE)]
    """Health levels the weapon adds per hit to the technique's base damage (0 to 6)"""
    ranges: RangeModifiers
    """Cards the weapon adds to (positive) or takes from (negative) a draw at each range, by range
    (`adjacent`, `short`, `medium`, `long`); null: out of reach"""
    kind: WeaponKind | None = None
    """Which techniques use it: `ranged` (quick shot, aim), `melee` or `thrown`; given without
    one, a weapon takes the kind of the table's weapon of that name, else `ranged`; null only on
    weapons stored before kinds existed, which any technique may use"""


def _ranged(long: int | None) -> dict[str, int | None]:
    # ranged weapons at an adjacent enemy draw one card fewer [L1024]
    return {"adjacent": -1, "short": 0, "medium": 0, "long": long}


LASSO = "lasso"
WHIP = "whip"

#: defaults with the book's figures: revolver damage 1, rifle 2, bow 1, no modifier at
#: medium range [L1150]; the long-range figures are the Mayor's to set
DEFAULT_WEAPONS: dict[str, Weapon] = {
    weapon.name: weapon
    for weapon in (
        Weapon(name="revolver", kind="ranged", damage=1, ranges=_ranged(None)),
        Weapon(name="rifle", kind="ranged", damage=2, ranges=_ranged(0)),
        Weapon(name="shotgun", kind="ranged", damage=2, ranges=_ranged(None)),
        Weapon(name="bow", kind="ranged", damage=1, ranges=_ranged(-1)),
        Weapon(
            name="knife",
            kind="melee",
            damage=1,
            ranges={"adjacent": 0, "short": None, "medium": None, "long": None},
        ),
        Weapon(
            name="thrown knife",
            kind="thrown",
            damage=1,
            ranges={"adjacent": -1, "short": 0, "medium": None, "long": None},
        ),
        # thrown to grapple [L1087]: it holds, it does not hurt
        Weapon(
            name=LASSO,
            kind="thrown",
            damage=0,
            ranges={"adjacent": -1, "short": 0, "medium": None, "long": None},
        ),
        # with the thrown weapons [L993], at their reach [L1031]; a lash adds no damage of
        # its own to the base (the book's weapon table is not in the source)
        Weapon(
            name=WHIP,
            kind="thrown",
            damage=0,
            ranges={"adjacent": -1, "short": 0, "medium": None, "long": None},
        ),
    )
}


#: weapons a table holds at once (the defaults are eight)
MAX_WEAPONS = 30


def checked_weapon(weapon: Weapon, known: dict[str, Weapon]) -> Weapon:
    """A weapon the Mayor gave, checked, with its ranges in order and its kind (else the kind
    of the weapon of that name among `known`, else ranged)."""
    name = checked_name(weapon.name, "a weapon's name", MAX_WEAPON_NAME, "invalid_weapon")
    if not 0 <= weapon.damage <= MAX_WEAPON_DAMAGE:
        raise InvalidCommand(
            f"a weapon's damage is between 0 and {MAX_WEAPON_DAMAGE}", "invalid_weapon"
        )
    if set(weapon.ranges) != set(RANGES):
        raise InvalidCommand(
            f"a weapon gives a draw modifier (or null: out of reach) for each range: "
            f"{', '.join(RANGES)}",
            "invalid_weapon",
        )
    if any(m is not None and abs(m) > MAX_RANGE_MODIFIER for m in weapon.ranges.values()):
        raise InvalidCommand(
            f"a range modifier changes the draw by at most {MAX_RANGE_MODIFIER} cards",
            "invalid_weapon",
        )
    ranges = {reach: weapon.ranges[reach] for reach in RANGES}
    kind = weapon.kind or (known[name].kind if name in known else None) or "ranged"
    return Weapon(name=name, kind=kind, damage=weapon.damage, ranges=ranges)


def check_weapon_kind(technique: Technique, weapon: Weapon) -> None:
    """Quick shot and aim are "with a ranged weapon" [L435, L449]; melee and thrown attacks use
    weapons of their own kind [L429]."""
    needed = TECHNIQUE_WEAPON[technique]
    if weapon.kind is not None and weapon.kind != needed:
        raise InvalidCommand(
            f"{technique.value} takes a {needed} weapon; the {weapon.name} is {weapon.kind}",
            "wrong_weapon_kind",
        )


def check_weapon_count(weapons: dict[str, Weapon]) -> None:
    if len(weapons) > MAX_WEAPONS:
        raise InvalidCommand(f"a table holds at most {MAX_WEAPONS} weapons", "too_many_weapons")


def default_weapons() -> dict[str, Weapon]:
    """A new table's weapons: recorded in its creation options, so later code changes to the
    defaults never change an old table."""
    return {name: clone(weapon) for name, weapon in DEFAULT_WEAPONS.items()}


def base_damage(technique: Technique, character: Character) -> int:
    """Quick shot 1, aim 3; brawl, melee and thrown 1, or 2 with the skill strength."""
    if technique is Technique.QUICK_SHOT:
        return 1
    if technique is Technique.AIM:
        return 3
    return 2 if Skill.STRENGTH in character.skills else 1


def damage_dealt(technique: Technique, character: Character, weapon: Weapon | None) -> int:
    """Per hit: base + weapon damage; brawling adds no weapon."""
    extra = 0 if technique is Technique.BRAWL or weapon is None else weapon.damage
    return base_damage(technique, character) + extra


def max_attacks(
    technique: Technique, character: Character, weapons: int = 1, weapon: str | None = None
) -> int:
    """Cards a character may play: 1, or 1 + hands // 2 with the technique's skill for brawl,
    melee, thrown and quick shot; aim shoots once.

    Thrown weapons play at most as many cards as weapons at hand, "con un máximo igual al
    número de armas disponibles" [L993]: a thrown knife is spent once thrown. The whip, which
    the same sentence allows instead of several thrown weapons, is not spent by a lash: the
    one whip stays available for every card, so it is not capped by the count."""
    _, skill = TECHNIQUE_TRAIT[technique]
    if technique is Technique.AIM or skill not in character.skills:
        return 1
    attacks = 1 + character.traits[Trait.HANDS] // 2
    if technique is Technique.THROWN and weapon != WHIP:
        return min(attacks, weapons)
    return attacks


def is_hit(suit: Suit, technique: Technique) -> bool:
    """No partial success in combat: the technique's trait suit hits, anything else misses."""
    return suit == TECHNIQUE_TRAIT[technique][0].suit


def effective_toughness(target: Character, cover: str, attacker_mount: str) -> int:
    """Toughness + cover (partial +1, total +2) + the attacker's moving mount (+1 to +3)."""
    return target.toughness + COVER_TOUGHNESS[cover] + MOUNT_TOUGHNESS[attacker_mount]


def damage_taken(card_value: int, toughness: int, damage: int) -> int:
    """Against effective toughness T: a card below T takes 3 off, equal takes 2 off, above
    takes the full damage; never below 0."""
    if card_value < toughness:
        return max(0, damage - 3)
    if card_value == toughness:
        return max(0, damage - 2)
    return damage
