"""The character sheet [002:97-99, 400-566, 687-858] and the dice it holds.

Every player holds up to 3 dice of each kind [002:97]: 3 basic dice always while conscious
[002:153], 0-3 discomfort [002:248], 0-3 wound [002:258], and luck dice held or lost (only
one's own lost luck comes back [002:338]). The sheet also carries what the game master
judges with: Fortalezas, limitations, drives, quirks; and the character points in hand and
in the virtual reserve [002:854].
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.errors import InvalidCommand
from domain.structs import Stored

#: "hasta un máximo de 3 dados de cada tipo" [002:97]
MAX_DICE = 3
#: "Todos los jugadores comienzan la partida con 3 Dados Básicos" [002:153]
BASIC_DICE = 3
#: Fortalezas "oscilan entre 0 y 5" [002:400]
MAX_FORTALEZA = 5
#: "tan solo puede acumular en mano hasta un máximo de 5" [002:854]
MAX_CP_IN_HAND = 5
#: "no debería permitir la adquisición de más de dos limitaciones" [002:798]
MAX_LIMITATIONS = 2
#: quirks cost "entre los 3 y los 30 Puntos de Personaje" [002:838]
MIN_QUIRK_COST, MAX_QUIRK_COST = 3, 30
MAX_ENTRIES = 40
MAX_LABEL = 80

#: short text the sheet names things with
Label = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_LABEL)]
DiceCount = Annotated[int, msgspec.Meta(ge=0, le=MAX_DICE)]
Level = Annotated[int, msgspec.Meta(ge=0, le=MAX_FORTALEZA)]
#: how often a Fortaleza or limitation matters in the story [002:724-796]
Frequency = Literal["uncommon", "moderate", "frequent", "constant"]
#: the three concept ranks [002:689-709]
ConceptRank = Literal["ordinary", "team_member", "mythic_hero"]
#: the basic die a reading keeps: high, middle or low of the three [002:157-165]
Choice = Literal["HIGH", "MID", "LOW"]
#: armour adds its raw die to the aguante [002:1226-1234]
Armour = Literal["none", "light", "medium", "heavy"]
Shield = Literal["none", "small", "medium", "large"]
#: a sequel's level: 1 the scene, 2 the story or until cared for, 3 for life [002:286-291]
SequelLevel = Literal[1, 2, 3]
#: the level of a sequel that lasts the rest of the scene or combat [002:287]
SCENE: SequelLevel = 1
#: the level of a sequel that lasts the rest of the story or until proper medical care [002:289]
STORY: SequelLevel = 2
#: the level of a sequel that lasts the character's life [002:291]
PERMANENT: SequelLevel = 3
SEQUEL_EXPIRY: dict[int, str] = {SCENE: "scene", STORY: "story", PERMANENT: "permanent"}


class Fortaleza(Stored, kw_only=True, forbid_unknown_fields=True):
    """A strength: each level one reroll per roll it applies to [002:442]; level 0 takes the
    high die but rerolls nothing [002:404]; 4 "should" be a protagonist's best, 5 is the best
    in history [002:436-440] (a guideline for the game master, not a limit). A specialty
    (level ≥ 1 only [002:802]) adds the level to the result [002:456]."""

    name: Label
    """The Fortaleza's name, unique on the sheet ("Combate", "Sigilo", "Ágil" …)"""
    level: Level
    """Its level, 0..5: one reroll per level in the rolls it applies to; 0 keeps the HIGH die but
    rerolls nothing [002:400-404]"""
    frequency: Frequency = "moderate"
    """How often it matters in the story: `uncommon`, `moderate`, `frequent` or `constant`; it
    prices the levels [002:724-796]"""
    specialty: Label | None = None
    """The name of its specialty (level 1 or more only), adding the level to the result where it
    applies [002:456, 802]; null: none"""


class Limitation(Stored, kw_only=True, forbid_unknown_fields=True):
    """A problem aspect: the challenges it covers take the low die [002:524]; noted "-1"
    [002:528]. A constant one is not for players [002:796]."""

    name: Label
    """The limitation's name: the challenges it covers take the LOW die [002:524]"""
    frequency: Literal["uncommon", "moderate", "frequent"] = "moderate"
    """How often it matters in the story: `uncommon`, `moderate` or `frequent` (a constant one is
    not for players) [002:796]"""


class Drives(Stored, kw_only=True, forbid_unknown_fields=True):
    """The character's drives [002:540-566]: two at the start, one at least always [002:816];
    lifetime counters of those acquired and removed price the next change [002:818-822]."""

    names: Annotated[list[Label], msgspec.Meta(min_length=1, max_length=MAX_ENTRIES)]
    """The drives (estímulos) the character pursues, one at least [002:540-566, 816]"""
    acquired: Annotated[int, msgspec.Meta(ge=0)] = 0
    """How many drives the character has acquired in its life: the n-th costs the n-th triangular
    number of CP (1, 3, 6 …) [002:818-822]"""
    removed: Annotated[int, msgspec.Meta(ge=0)] = 0
    """How many drives the character has removed in its life, priced as acquisitions
    [002:818-822]"""


class Quirk(Stored, kw_only=True, forbid_unknown_fields=True):
    """A free-form exception to the rules, priced by the game master 3..30 CP [002:534,838]."""

    name: Label
    """The quirk (peculiaridad): the free-form exception to the rules it grants [002:532-538]"""
    cost: Annotated[int, msgspec.Meta(ge=MIN_QUIRK_COST, le=MAX_QUIRK_COST)]
    """Its price in character points, 3..30, set by the game master [002:838]"""


class Sequel(Stored, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """A lasting harm: the low die in the rolls it affects [002:293]; its kind is the game
    master's (perception, communication, agility, skill, wit, constitution [002:297-304])."""

    STORED_AS = "portal.Sequel"

    level: SequelLevel
    """1: for the rest of the scene or combat; 2: for the rest of the story or until proper
    medical care; 3: permanent [002:286-291]"""
    kind: Label
    """The kind the game master named, the rolls it affects: perception, communication, agility,
    skill, wit, constitution … [002:297-304]"""
    combat: Annotated[int, msgspec.Meta(ge=1)] | None = None
    """For a level 1 sequel made while its character fought in a combat, that combat's number:
    it ends with that combat [002:287]; null (or absent): made outside a combat, it ends with
    the scene; always null for levels 2 and 3"""

    @property
    def expiry(self) -> str:
        return "combat" if self.combat is not None else SEQUEL_EXPIRY[self.level]


class Thorn(Stored, kw_only=True, forbid_unknown_fields=True):
    """An open wound or any ongoing harm: dice or a reflex penalty at each interval or trigger
    until it is solved [002:617-623]; the game master sets its schedule. Reflex penalties are
    a kind of their own (Errata: Vilvis [002:629])."""

    STORED_AS = "portal.Thorn"

    name: Label
    """What the thorn (espina clavada) is: the open wound or ongoing harm"""
    gives: Literal["discomfort", "wound", "reflex"]
    """What it gives at each interval or trigger: `discomfort` dice, `wound` dice, or a `reflex`
    penalty"""
    amount: Annotated[int, msgspec.Meta(ge=1, le=MAX_DICE)] = 1
    """How many dice (or reflex points) it gives each time, 1..3"""
    every: Label
    """Its interval or trigger in the game master's words: "each day", "each hour", "each time
    she chews" … [002:627, 1257-1261]"""


class CharacterPoints(Stored, kw_only=True, forbid_unknown_fields=True):
    """Character points: at most 5 in hand; the rest waits in the virtual reserve until the
    end of the adventure [002:854-856]."""

    STORED_AS = "portal.CharacterPoints"

    in_hand: Annotated[int, msgspec.Meta(ge=0, le=MAX_CP_IN_HAND)] = 0
    """Character points in hand, 0..5: those spendable in play [002:854]"""
    reserve: Annotated[int, msgspec.Meta(ge=0)] = 0
    """Points past 5, waiting in the virtual reserve until the end of the adventure, for
    advancement only [002:854-856]"""


class NpcPool(Stored, kw_only=True, forbid_unknown_fields=True):
    """What a principal NPC pays luck and character-point costs with, the game master's
    choice at its creation [002:649-651]: a pool of luck-equivalents kept to one purpose
    (Markus's 6 for spells only), or its own discomfort and wound dice (Errata)."""

    pays_with: Literal["pool", "harm"]
    """`pool`: a pool of luck-equivalents kept to one purpose; `harm`: the NPC's own discomfort
    and wound dice [002:649-651]"""
    pool: Annotated[int, msgspec.Meta(ge=0, le=MAX_ENTRIES)] = 0
    """The luck-equivalents in the pool (when `pays_with` is `pool`); 0 otherwise"""
    purpose: Label | None = None
    """The one use the pool serves ("spells", "fencing manoeuvres"); null when it pays with harm"""


class WeaponDamage(Stored, kw_only=True, forbid_unknown_fields=True):
    """What a weapon adds to a damage total: raw basic dice and a flat bonus; whether the
    character's damage die counts (melee) or not (ranged); aces or difficulty it brings
    (`weapons.py` works it out from the weapon's kind; a sheet names its weapons' here)."""

    STORED_AS = "portal.WeaponDamage"

    dice: Annotated[list[Choice], msgspec.Meta(max_length=MAX_DICE)] = []
    """The raw basic dice of the attack's roll the weapon adds: `LOW`, `MID`, `HIGH`"""
    bonus: int = 0
    """The flat bonus: HIGH + 1 for gigantic, +1 for sharp [002:1131-1135]"""
    melee: bool = True
    """Whether it is a melee weapon: the character's damage die counts [002:1118, 1161]"""
    damage_aces: Annotated[int, msgspec.Meta(ge=0)] = 0
    """Aces on the damage reading: a weight dropped when the category cannot rise [002:1173]"""
    attack_penalty: Annotated[int, msgspec.Meta(ge=0)] = 0
    """Extra difficulty to hit: a weight thrown when the category cannot fall [002:1174], an old
    black-powder gun's imprecision [002:1186] (as -1 to attack)"""


class PortalSheet(Stored, kw_only=True, forbid_unknown_fields=True):
    """A protagonist as it stands: what it is made of and the dice it holds now. (Named with
    the system's name: the API document names a schema after its class, and Frontera has a
    `Sheet`.)"""

    STORED_AS = "portal.Sheet"

    name: Label
    """The character's name, 1..80 characters"""
    kind: Literal["protagonist", "principal"] = "protagonist"
    """`protagonist`, or `principal` for a principal NPC (agonist, antagonist): no luck dice, no
    character points [002:647]"""
    npc_pool: NpcPool | None = None
    """A principal NPC's way of paying luck and character-point costs; null for a protagonist"""
    concept: ConceptRank = "team_member"
    """The concept rank: `ordinary` (ordinary person), `team_member` or `mythic_hero`
    [002:687-720]"""
    fortalezas: Annotated[list[Fortaleza], msgspec.Meta(max_length=MAX_ENTRIES)] = []
    """Strengths (Fortalezas), each with its level, frequency and specialty; empty: none"""
    limitations: Annotated[list[Limitation], msgspec.Meta(max_length=MAX_LIMITATIONS)] = []
    """Limitations, at most 2, each forcing the LOW die where it applies [002:522-528, 798]"""
    drives: Drives
    """The drives (estímulos) and the lifetime counters that price changing them"""
    quirks: Annotated[list[Quirk], msgspec.Meta(max_length=MAX_ENTRIES)] = []
    """Quirks (peculiaridades), each with its cost in character points; empty: none"""
    points: CharacterPoints = msgspec.field(default_factory=CharacterPoints)
    """Character points in hand and in the reserve (none for a principal NPC)"""
    damage_die: Choice | None = None
    """The basic die kept for the damage reading, a trait of the role (Brunak HIGH, as for his
    aguante; Lamorak LOW) [002:1153, 1155, 1265]; null: the game master chooses at each roll"""
    aguante_die: Choice | None = None
    """The basic die kept for the aguante (toughness) reading, a trait of the role (Ricardo MID);
    null: the game master chooses at each roll"""
    armour: Armour = "none"
    """The armour worn, adding its raw die to the aguante: `light` the LOW, `medium` the MID,
    `heavy` the HIGH one; or `none` [002:1226-1234]"""
    shield: Shield = "none"
    """The shield carried: `small` (1 ace on defence against melee), `medium` (2 against melee),
    `large` (full cover, 2 aces against any attack); or `none` [002:1201-1222]"""
    weapons: Annotated[
        dict[Label, WeaponDamage],
        msgspec.Meta(
            max_length=MAX_ENTRIES,
            # litestar drops the keys' bounds from a command's document: it takes them from here
            extra_json_schema={"propertyNames": {"minLength": 1, "maxLength": MAX_LABEL}},
        ),
    ] = {}
    """The weapons the character carries by name, each with what it adds to a damage total
    [002:1116-1190], for a strike to name (`wielded`); empty: none"""
    discomfort: DiceCount = 0
    """Discomfort dice (dados de malestar) held, 0..3 [002:97, 248]"""
    wound: DiceCount = 0
    """Wound dice (dados de heridas) held, 0..3 [002:97, 258]"""
    luck_held: DiceCount = MAX_DICE
    """Luck dice held, 0..3: those a roll may add [002:316-322]"""
    luck_lost: DiceCount = 0
    """Luck dice lost, 0..3 with those held: only these, the character's own, can come back
    [002:338]"""
    sequels: Annotated[list[Sequel], msgspec.Meta(max_length=MAX_ENTRIES)] = []
    """The sequels the character carries, each with its level and kind; empty: none"""
    thorns: Annotated[list[Thorn], msgspec.Meta(max_length=MAX_ENTRIES)] = []
    """The thorns (espinas clavadas) the character carries, each with its schedule; empty: none"""

    def fortaleza(self, name: str) -> Fortaleza:
        for fortaleza in self.fortalezas:
            if fortaleza.name == name:
                return fortaleza
        raise InvalidCommand(f"the sheet has no Fortaleza {name!r}", "unknown_fortaleza")


Sheet = PortalSheet


def _refuse(message: str) -> InvalidCommand:
    return InvalidCommand(message, "invalid_sheet")


def checked_sheet(sheet: Sheet) -> Sheet:
    """Refuse what decoding cannot (a Sheet built in code skips it): counts out of range, luck
    held and lost beyond 3 dice [002:97], a specialty below level 1 [002:802], names twice,
    a constant limitation [002:796], an empty or blank name, a weapon's bonus below 0, a
    sequel naming a combat."""
    labels = [sheet.name, *(f.name for f in sheet.fortalezas), *sheet.drives.names]
    for label in [*labels, *sheet.weapons]:
        if not label.strip() or len(label) > MAX_LABEL:
            raise _refuse(f"a name runs 1..{MAX_LABEL} characters, not {label!r}")
    for what, count in (
        ("discomfort dice", sheet.discomfort),
        ("wound dice", sheet.wound),
        ("luck dice held", sheet.luck_held),
        ("luck dice lost", sheet.luck_lost),
    ):
        if not 0 <= count <= MAX_DICE:
            raise _refuse(f"{what} run 0..{MAX_DICE} [002:97], not {count}")
    if sheet.kind == "principal" and (sheet.luck_held or sheet.luck_lost or sheet.points.in_hand):
        raise _refuse("a principal NPC uses neither luck dice nor character points [002:647]")
    if sheet.npc_pool is not None:
        if sheet.kind != "principal":
            raise _refuse("only a principal NPC pays with a pool or its harm [002:649]")
        if sheet.npc_pool.pays_with == "pool" and not sheet.npc_pool.purpose:
            raise _refuse("a principal NPC's pool serves one stated purpose [002:651]")
    if sheet.luck_held + sheet.luck_lost > MAX_DICE:
        raise _refuse(f"a character owns at most {MAX_DICE} luck dice, held and lost [002:97]")
    if not 0 <= sheet.points.in_hand <= MAX_CP_IN_HAND or sheet.points.reserve < 0:
        raise _refuse(f"character points in hand run 0..{MAX_CP_IN_HAND} [002:854]")
    names = [f.name for f in sheet.fortalezas]
    if len(set(names)) != len(names):
        raise _refuse("each Fortaleza of a sheet has its own name")
    for fortaleza in sheet.fortalezas:
        if not 0 <= fortaleza.level <= MAX_FORTALEZA:
            raise _refuse(f"Fortaleza levels run 0..{MAX_FORTALEZA} [002:400]")
        if fortaleza.specialty is not None and fortaleza.level < 1:
            raise _refuse(
                f"{fortaleza.name!r} is at level 0: only a Fortaleza of level 1 or more "
                "takes a specialty [002:802]"
            )
    for limitation in sheet.limitations:
        if limitation.frequency not in ("uncommon", "moderate", "frequent"):
            raise _refuse("players cannot take a limitation of constant frequency [002:796]")
    if len(sheet.limitations) > MAX_LIMITATIONS:
        raise _refuse(f"a character takes at most {MAX_LIMITATIONS} limitations [002:798]")
    if any(weapon.bonus < 0 for weapon in sheet.weapons.values()):
        raise _refuse("a weapon's bonus adds to the damage total [002:1131-1135]: 0 or more")
    if not sheet.drives.names:
        raise _refuse("a character keeps one drive at least [002:816]")
    if any(sequel.combat is not None for sequel in sheet.sequels):
        raise _refuse("a new sheet's sequels were made before the table's combats: none names one")
    for quirk in sheet.quirks:
        if not MIN_QUIRK_COST <= quirk.cost <= MAX_QUIRK_COST:
            raise _refuse(f"a quirk costs {MIN_QUIRK_COST}..{MAX_QUIRK_COST} CP [002:838]")
    return sheet
