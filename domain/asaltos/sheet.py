"""The character sheet: four physical characteristics, skills, weapons, armour [001:1-25,
121-134].

Skills are innate (everybody has them at 1 at least) or knowledge (0 and unusable unless
bought at creation) [001:25]; a sheet is created with its innate skills at their values, so
that its creation event says what the character can do.

Weapons and armour are data the table brings (the book has no armour table [001:131-134]);
the damage code is parsed once, when a sheet is created, so a rule never meets a bad code.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.errors import InvalidCommand
from domain.names import MAX_NAME, TEXT_PATTERN, Name
from domain.structs import Stored

Characteristic = Literal["FUE", "AGI", "RES", "TAM"]
CHARACTERISTICS: tuple[Characteristic, ...] = ("FUE", "AGI", "RES", "TAM")
#: 1..10, 10 the human maximum [001:2]
Score = Annotated[int, msgspec.Meta(ge=1, le=10)]
#: 0..10, 0 = unknown and unusable [001:24]
SkillValue = Annotated[int, msgspec.Meta(ge=0, le=10)]
SkillKind = Literal["innate", "knowledge"]
#: the skills the book names, by kind [001:25]; the book gives no list, so each is read from
#: what it is used for. Weapon skills are innate whatever their name ("las habilidades con
#: las armas" [001:25], e.g. "Espadas largas a 1 mano" [001:114]): see `innate_skills`.
BOOK_SKILLS: dict[str, SkillKind] = {
    # climbing a tree [001:29]: anybody may try
    "Escalada": "innate",
    # the dodge, a reflex as instantaneous as a parry [001:111-112]
    "Esquivar": "innate",
    # repairing a car [001:30]: a trade learnt
    "Mecánica": "knowledge",
    # the roll that saves a life or shortens a healing [001:65-67,72-73]: a learnt craft
    "Medicina": "knowledge",
}
#: everybody has an innate skill at 1 at least [001:25]
INNATE_MINIMUM = 1
MAX_SKILLS = 60
MAX_WEAPONS = 12

WeaponType = Literal["cortante", "perforante", "contundente"]
#: melee; ranged thrown (arrojadiza) or projectile [001:102]
WeaponReach = Literal["melee", "thrown", "projectile"]
#: the book's seven locations [001:51]; only C, PD and P are its own codes [001:68], the
#: others follow the digest's suggestion (PI, BD, BI, A)
Location = Literal["PD", "PI", "BD", "BI", "A", "P", "C"]
LIMBS: frozenset[str] = frozenset({"PD", "PI", "BD", "BI"})
ARMS: frozenset[str] = frozenset({"BD", "BI"})
LEGS: frozenset[str] = frozenset({"PD", "PI"})
Arm = Literal["BD", "BI"]
#: the d10 location table [001:52-61]
LOCATION_TABLE: dict[int, Location] = {
    1: "PD",
    2: "PI",
    3: "BD",
    4: "BI",
    5: "A",
    6: "A",
    7: "P",
    8: "P",
    9: "P",
    10: "C",
}


def damage_modifier(fue: int) -> int:
    """The damage modifier of a Fuerza [001:11-19]."""
    if not 1 <= fue <= 10:
        raise ValueError(f"FUE runs 1..10, not {fue}")
    if fue == 1:
        return -3
    if fue == 2:
        return -2
    if fue <= 4:
        return -1
    if fue <= 6:
        return 0
    if fue <= 8:
        return 1
    return 2 if fue == 9 else 3


#: one group of a damage code: None for "-" (that level is impossible), else (low, high)
Group = tuple[int, int] | None


def parse_code(code: str) -> list[Group]:
    """A damage code's four groups, one per wound level 1..4 [001:126-129]: `-`, `n` or
    `n-m`, rising, never overlapping; e.g. `1/2-3/4-9/10` or `-/1-4/5-10/-`."""
    parts = code.split("/")
    if len(parts) != 4:
        raise InvalidCommand(
            f"a damage code has four groups separated by '/', not {code!r}", "invalid_weapon"
        )
    groups: list[Group] = []
    last = 0
    for part in parts:
        part = part.strip()
        if part == "-":
            groups.append(None)
            continue
        low_text, _, high_text = part.partition("-")
        try:
            low, high = int(low_text), int(high_text or low_text)
        except ValueError:
            raise InvalidCommand(
                f"{part!r} is not a group of a damage code", "invalid_weapon"
            ) from None
        if not last < low <= high:
            raise InvalidCommand(
                f"the groups of {code!r} must rise and not overlap", "invalid_weapon"
            )
        groups.append((low, high))
        last = high
    if all(group is None for group in groups):
        raise InvalidCommand(f"{code!r} causes no wound at all", "invalid_weapon")
    return groups


class RangeBands(Stored, kw_only=True, forbid_unknown_fields=True):
    """A ranged weapon's own distances in metres: up to `short` is short range, up to
    `medium` medium, up to `long` long [001:107]."""

    short: Annotated[int, msgspec.Meta(ge=1, le=100000)]
    """Up to this many metres is short range (-3 to the shot)"""
    medium: Annotated[int, msgspec.Meta(ge=1, le=100000)]
    """Up to this many metres is medium range (no modifier); at least `short`"""
    long: Annotated[int, msgspec.Meta(ge=1, le=100000)]
    """Up to this many metres is long range (+3 to the shot); at least `medium`"""


class AsaltosWeapon(Stored, kw_only=True, forbid_unknown_fields=True):
    """A weapon as data [001:121,126-132]."""

    STORED_AS = "asaltos.Weapon"

    name: Name
    """The weapon's name, once on its sheet: declared actions and attacks name it"""
    code: Annotated[str, msgspec.Meta(min_length=7, max_length=40)]
    """The damage code: four `/` groups, one per wound level 1 to 4, each `-` (that level is
    impossible), `n` or `n-m`, rising, e.g. `1/2-3/4-9/10` [001:126-129]"""
    type: WeaponType
    """The damage type: `cortante` (cutting), `perforante` (piercing) or `contundente` (blunt)"""
    reach: WeaponReach = "melee"
    """How it strikes: `melee`, `thrown` (arrojadiza) or `projectile` [001:102]"""
    skill: Name
    """The name of the sheet's skill that wields it (a weapon skill is innate [001:25])"""
    actions: Annotated[int, msgspec.Meta(ge=1, le=10)] = 1
    """The actions it allows per round, 1 to 10 (melee usually 1-2, some 3) [001:121]"""
    ranges: RangeBands | None = None
    """A ranged weapon's own distances for short, medium and long range [001:107]; null: none given
    (a melee weapon)"""
    hand: Arm | None = None
    """The arm that holds it: `BD` (right arm) or `BI` (left arm); null: the sheet does not say, and
    any incapacitated arm drops it [001:65]"""


#: the API document names a schema after its class, and Frontera has a `Weapon` too
Weapon = AsaltosWeapon


ProtectionMode = Literal["roll", "levels"]


class Protection(Stored, kw_only=True, forbid_unknown_fields=True):
    """What an armour does against one weapon type: subtract `amount` from the damage roll,
    or `amount` wound levels after the lookup [001:133]."""

    mode: ProtectionMode
    """`roll`: subtracts `amount` from the damage roll; `levels`: subtracts `amount` wound levels
    after the lookup [001:133]"""
    amount: Annotated[int, msgspec.Meta(ge=1, le=10)]
    """How much it subtracts, 1 to 10"""


class Armour(Stored, kw_only=True, forbid_unknown_fields=True):
    """Armour as data: flexible or rigid, its protection per weapon type (a type it does not
    list, it does not stop [001:134]) and the locations it covers."""

    STORED_AS = "asaltos.Armour"

    name: Name
    """What the armour is called on the sheet (a mail shirt, a breastplate, …)"""
    kind: Literal["flexible", "rigid"]
    """Whether the armour is `flexible` or `rigid` [001:131]"""
    protection: Annotated[
        dict[WeaponType, Protection],
        # litestar drops the keys' type: the document takes it from here
        msgspec.Meta(
            extra_json_schema={"propertyNames": {"enum": ["cortante", "perforante", "contundente"]}}
        ),
    ]
    """Its protection by weapon type (`cortante`, `perforante`, `contundente`); a type it does not
    list, it does not stop [001:134]"""
    covers: list[Location] = msgspec.field(
        default_factory=lambda: ["PD", "PI", "BD", "BI", "A", "P", "C"]
    )
    """The locations it covers (all seven unless listed); a hit elsewhere ignores it"""


class Sheet(Stored, kw_only=True, forbid_unknown_fields=True):
    """What a character is made of, as created: characteristics, skills and gear.

    Skill bases (half a characteristic, or an average) are the creator's arithmetic
    [001:9,25]: the sheet carries the resulting values."""

    STORED_AS = "asaltos.Sheet"

    FUE: Score
    """Strength (Fuerza), 1 to 10: gives the damage modifier of melee and thrown weapons
    [001:11-19,78]"""
    AGI: Score
    """Agility (Agilidad), 1 to 10: who acts first, the most actions and the metres of a round
    [001:20,46-47]"""
    RES: Score
    """Endurance (Resistencia), 1 to 10: the pain roll, shock, and how long a death timer runs
    [001:63-67]"""
    TAM: Score
    """Size (Tamaño), 1 to 10: the only characteristic the other characters can see [001:22]"""
    skills: Annotated[
        dict[Name, SkillValue],
        msgspec.Meta(
            max_length=MAX_SKILLS,
            # litestar drops the keys' and values' bounds: the document takes them from here
            extra_json_schema={
                "propertyNames": {"minLength": 1, "maxLength": MAX_NAME, "pattern": TEXT_PATTERN},
                "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 10},
            },
        ),
    ] = {}
    """By skill name (habilidad): its value, 0 to 10 (0: unknown and unusable) [001:24-25]"""
    weapons: Annotated[list[Weapon], msgspec.Meta(max_length=MAX_WEAPONS)] = []
    """The weapons it carries (at most 12), each with its own name"""
    armour: Armour | None = None
    """The armour it wears; null: none"""

    def characteristic(self, name: Characteristic) -> int:
        value: int = getattr(self, name)
        return value

    def weapon(self, name: str) -> Weapon:
        for weapon in self.weapons:
            if weapon.name == name:
                return weapon
        raise InvalidCommand(f"the sheet has no weapon {name!r}", "unknown_weapon")

    def skill(self, name: str) -> int:
        """A skill's value; one the sheet does not list is knowledge never bought: 0,
        unusable [001:24-25] (its innate skills are noted at creation)."""
        return self.skills.get(name, 0)


def innate_skills(sheet: Sheet, dodge_skill: str) -> set[str]:
    """The sheet's innate skills [001:25]: the book's, its weapons' and the table's dodge
    skill (the one the rules roll to dodge [001:111])."""
    book = {name for name, kind in BOOK_SKILLS.items() if kind == "innate"}
    return book | {weapon.skill for weapon in sheet.weapons} | {dodge_skill}


def with_innate_skills(sheet: Sheet, dodge_skill: str) -> Sheet:
    """The sheet with every innate skill noted: one it gives as 0 is refused, one it leaves
    out is at the minimum everybody has [001:25]."""
    skills = dict(sheet.skills)
    for skill in sorted(innate_skills(sheet, dodge_skill)):
        if skills.get(skill) == 0:
            raise InvalidCommand(
                f"{skill!r} is an innate skill: everybody has it at 1 at least [001:25]",
                "invalid_sheet",
            )
        skills.setdefault(skill, INNATE_MINIMUM)
    if len(skills) > MAX_SKILLS:
        raise InvalidCommand(
            f"a sheet lists at most {MAX_SKILLS} skills, its innate ones included", "invalid_sheet"
        )
    return msgspec.structs.replace(sheet, skills=skills)


def checked_sheet(sheet: Sheet, dodge_skill: str) -> Sheet:
    """Refuse what decoding cannot: out-of-range values (commands built in code skip
    decoding), an innate skill at 0, bad damage codes, weapons listed twice. The sheet comes
    back with its innate skills noted."""
    for name in CHARACTERISTICS:
        if not 1 <= sheet.characteristic(name) <= 10:
            raise InvalidCommand(f"{name} runs from 1 to 10", "invalid_sheet")
    for skill, value in sheet.skills.items():
        if not 0 <= value <= 10:
            raise InvalidCommand(f"skill {skill!r} runs from 0 to 10", "invalid_sheet")
    names = [weapon.name for weapon in sheet.weapons]
    if len(set(names)) != len(names):
        raise InvalidCommand("each weapon of a sheet has its own name", "invalid_weapon")
    for weapon in sheet.weapons:
        parse_code(weapon.code)
        if weapon.reach != "melee" and weapon.ranges is not None:
            bands = weapon.ranges
            if not bands.short <= bands.medium <= bands.long:
                raise InvalidCommand("range bands run short ≤ medium ≤ long", "invalid_weapon")
    return with_innate_skills(sheet, dodge_skill)
