"""Characters: traits, skills, the health / morale / sobriety tracks, the draw count, and the
equipment each carries.

Protagonists are validated by the book's creation rules [L631], their starting equipment
included [L671-L676]; NPCs and henchmen are the Mayor's and only need known traits and
skills. Toughness and confidence are derived, never stored.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import Annotated, Literal

import msgspec

from domain.errors import InvalidCommand
from domain.frontera.cards import Suit
from domain.names import TEXT_PATTERN, checked_name
from domain.structs import Stored


class Trait(StrEnum):
    HANDS = "hands"
    SENSES = "senses"
    MUSCLE = "muscle"
    HEAD = "head"

    @property
    def suit(self) -> Suit:
        return TRAIT_SUITS[self]


#: the traits as the book names them
TRAIT_BOOK_NAMES = {
    Trait.HANDS: "Manos",
    Trait.SENSES: "Sentidos",
    Trait.MUSCLE: "Músculo",
    Trait.HEAD: "Cabeza",
}


TRAIT_SUITS = {
    Trait.HANDS: Suit.SPADES,
    Trait.SENSES: Suit.CLUBS,
    Trait.MUSCLE: Suit.HEARTS,
    Trait.HEAD: Suit.DIAMONDS,
}


class Skill(StrEnum):
    BRAWL = "brawl"
    QUICK_SHOT = "quick_shot"
    AIM = "aim"
    AGILITY = "agility"
    STRENGTH = "strength"
    DEFTNESS = "deftness"
    PERCEPTION = "perception"
    KNOWLEDGE = "knowledge"
    CUNNING = "cunning"
    SILVER_TONGUE = "silver_tongue"


SKILL_GROUPS: dict[str, tuple[Skill, ...]] = {
    "weapons": (Skill.BRAWL, Skill.QUICK_SHOT, Skill.AIM),
    "mechanical": (Skill.AGILITY, Skill.STRENGTH, Skill.DEFTNESS),
    "exploration": (Skill.PERCEPTION, Skill.KNOWLEDGE, Skill.CUNNING, Skill.SILVER_TONGUE),
}

SKILL_TRAITS = {
    Skill.BRAWL: Trait.HANDS,
    Skill.QUICK_SHOT: Trait.HANDS,
    Skill.AIM: Trait.SENSES,
    Skill.AGILITY: Trait.MUSCLE,
    Skill.STRENGTH: Trait.MUSCLE,
    Skill.DEFTNESS: Trait.HANDS,
    Skill.PERCEPTION: Trait.SENSES,
    Skill.KNOWLEDGE: Trait.HEAD,
    Skill.CUNNING: Trait.HEAD,
    Skill.SILVER_TONGUE: Trait.HEAD,
}

Kind = Literal["protagonist", "npc", "henchman"]
#: the starting weapon a protagonist chooses, with its horse [L675]
Kit = Literal["revolver", "knives"]
Track = Literal["health", "morale", "sobriety"]

#: the lowest level of each track [L537-L663]
TRACK_FLOORS: dict[str, int] = {"health": -4, "morale": -3, "sobriety": -3}

LEVEL_NAMES: dict[str, tuple[str, ...]] = {
    "health": ("healthy", "wounded", "badly_wounded", "incapacitated", "dead"),
    "morale": ("normal", "scared", "terrified", "paralysed"),
    "sobriety": ("sober", "tipsy", "drunk", "coma"),
}

PROTAGONIST_TRAIT_POINTS = 12  # 1 in each trait plus 8 to spread
PROTAGONIST_SKILLS = 4  # one of each group plus one more
MAX_TRAIT = 20

#: a horse, and a revolver or 10 knives [L674-L675]
STARTING_KITS: dict[str, dict[str, int]] = {
    "revolver": {"horse": 1, "revolver": 1},
    "knives": {"horse": 1, "knife": 10},
}
#: what a new protagonist may spend, and keep, at most [L676]
STARTING_DOLLARS = 50
#: how many of one item a character carries, and how many different items, at most
MAX_ITEM_COUNT = 100
MAX_ITEMS = 50
MAX_ITEM_NAME = 40
#: dollars a character may carry
MAX_MONEY = 1_000_000
ItemName = Annotated[
    str, msgspec.Meta(min_length=1, max_length=MAX_ITEM_NAME, pattern=TEXT_PATTERN)
]
#: a new sheet's traits: each of the four, once, from 0 (1 for a protagonist) to MAX_TRAIT;
#: the JSON schema says so as an object of four required properties
Traits = Annotated[
    dict[Trait, Annotated[int, msgspec.Meta(ge=0, le=MAX_TRAIT)]],
    msgspec.Meta(
        min_length=len(Trait),
        max_length=len(Trait),
        extra_json_schema={
            "properties": {
                trait.value: {
                    "type": "integer",
                    "minimum": 0,
                    "maximum": MAX_TRAIT,
                    "description": f"The {trait.value} trait's level ({TRAIT_BOOK_NAMES[trait]} in "
                    "the book): cards drawn for its tests",
                }
                for trait in Trait
            },
            "required": [trait.value for trait in Trait],
            "additionalProperties": False,
        },
    ),
]


def not_one_of(name: str, what: str, known: Iterable[str]) -> str:
    """Why a name a client sent is refused: what it is not, and the names it could be."""
    return f"{name!r} is not a {what}; {what}s are {', '.join(known)}"


def parse_trait(name: str) -> Trait:
    try:
        return Trait(name)
    except ValueError:
        raise InvalidCommand(not_one_of(name, "trait", Trait), "unknown_trait") from None


def parse_skill(name: str) -> Skill:
    try:
        return Skill(name)
    except ValueError:
        raise InvalidCommand(not_one_of(name, "skill", Skill), "unknown_skill") from None


class Recovery(Stored, kw_only=True):
    """How far a character has got in recovering one level of a track (see recovery.py)."""

    STORED_AS = "frontera.Recovery"

    level: int
    """The track level this progress belongs to; progress recorded at another level is stale"""
    seconds: dict[str, int] = {}
    """Seconds of game time spent recovering at that level, by condition (`care`, `rest`, `no_rest`,
    `bed`, `active`, `time`), each counting at its own rate"""
    needed: int | None = None
    """Morale: how long the dead man's hand made this level last, in seconds; null: not drawn yet,
    or another track"""
    care: bool = False
    """Health: true once successful medical care was given at this level, which then recovers at the
    care rate"""


class Purchase(Stored, kw_only=True, forbid_unknown_fields=True):
    """Something a new protagonist buys with its starting dollars [L676]."""

    STORED_AS = "frontera.Purchase"

    item: ItemName
    """The item's name, as the character's equipment counts it (e.g. `rifle`, `work clothes`)"""
    count: Annotated[int, msgspec.Meta(ge=1, le=MAX_ITEM_COUNT)] = 1
    """How many of the item were bought (1 to 100)"""
    price: Annotated[int, msgspec.Meta(ge=1, le=MAX_MONEY)]
    """Dollars paid for them all, at the price the table agreed (the book's price list is not in
    the source; the creation event shows it to every seat)"""


class Character(Stored, kw_only=True):
    """A character sheet and its current condition."""

    STORED_AS = "frontera.Character"

    id: str
    """The character's id at the table (`c1`, `c2` … in order of creation)"""
    name: str
    """The character's name, as the table calls it"""
    kind: Kind
    """`protagonist` (a player's character), `npc` or `henchman` (the Mayor's)"""
    seat: str  # the seat that plays it: its player, or the Mayor for NPCs and henchmen
    """The seat id of the character's player (the Mayor's seat for NPCs and henchmen)"""
    traits: dict[Trait, int]
    """The level of each trait, by trait (`hands`, `senses`, `muscle`, `head`)"""
    skills: list[Skill]
    """The skills the character has: each adds 2 cards to a test the Mayor rules it relevant to"""
    fixed_draw: int | None = None  # a henchman simplified by the Mayor to a fixed count
    """A henchman's number of cards for every test, set by the Mayor in place of trait and skill;
    null: drawn as usual"""
    drinks: int = 0
    """Drinks taken since the character was last sober (both the drinking duel and heavy drinking
    count them)"""
    recovery: dict[str, Recovery] = {}
    """The recovery under way, by track (`health`, `morale`, `sobriety`)"""
    health: int = 0
    """Health level: 0 healthy, -1 wounded, -2 badly wounded, -3 incapacitated, -4 dead"""
    morale: int = 0
    """Morale level: 0 normal, -1 scared, -2 terrified, -3 paralysed"""
    sobriety: int = 0
    """Sobriety level: 0 sober, -1 tipsy, -2 drunk, -3 coma"""
    money: int = 0
    """Dollars carried; negative: a gambling debt. Set at creation or by the Mayor, then changed
    only by events (the settlement of a game, the Mayor's ruling)"""
    equipment: dict[str, int] = {}
    """What the character carries: how many of each item, by item name (e.g. `horse`: 1, `knife`:
    10): the starting kit, then the Mayor's grants"""
    left_game: bool = False
    """True once the dead protagonist has left the game (its seat's cards went to the treasure)"""
    dead_for_good: bool = False
    """True once the survival test of the fallen character drew an 8"""
    fell_at: int | None = None
    """The game time, in seconds (as `elapsed` counts it), at which the character fell dead, opening
    its survival window; null: it has not fallen"""

    @property
    def toughness(self) -> int:
        return self.traits[Trait.MUSCLE] + 4

    @property
    def confidence(self) -> int:
        return max(self.traits.values()) + 4

    def level(self, track: str) -> int:
        return int(getattr(self, track))

    def level_name(self, track: str) -> str:
        return LEVEL_NAMES[track][-self.level(track)]

    @property
    def cannot_act_because(self) -> str | None:
        """Why the character can take no action, or None if it can."""
        if self.health <= -3:
            return self.level_name("health")
        if self.morale <= -3:
            return "paralysed"
        if self.sobriety <= -3:
            return "in a coma"
        return None

    @property
    def is_tipsy(self) -> bool:
        return self.sobriety == -1


def validate_sheet(
    kind: str, traits: dict[str, int], skills: list[str], fixed_draw: int | None
) -> tuple[dict[Trait, int], list[Skill]]:
    """Check a new sheet against the rules for its kind; return it with parsed names."""
    parsed_traits = {parse_trait(name): value for name, value in traits.items()}
    parsed_skills = [parse_skill(name) for name in skills]
    missing = [trait.value for trait in Trait if trait not in parsed_traits]
    if missing:
        raise InvalidCommand(f"the sheet lacks traits {', '.join(missing)}", "invalid_character")
    if len(set(parsed_skills)) != len(parsed_skills):
        raise InvalidCommand("a skill is listed twice", "invalid_character")
    lowest = 1 if kind == "protagonist" else 0
    for trait, value in parsed_traits.items():
        if not lowest <= value <= MAX_TRAIT:
            raise InvalidCommand(
                f"trait {trait.value} is {value}; it must be between {lowest} and {MAX_TRAIT}",
                "invalid_character",
            )
    if kind == "protagonist":
        total = sum(parsed_traits.values())
        if total != PROTAGONIST_TRAIT_POINTS:
            raise InvalidCommand(
                f"a protagonist's traits start at 1 each plus 8 points to spread, so they sum to "
                f"{PROTAGONIST_TRAIT_POINTS}; these sum to {total}",
                "invalid_character",
            )
        if len(parsed_skills) != PROTAGONIST_SKILLS:
            raise InvalidCommand(
                f"a protagonist has {PROTAGONIST_SKILLS} skills (one of each group plus one "
                f"more); this sheet has {len(parsed_skills)}",
                "invalid_character",
            )
        for group, members in SKILL_GROUPS.items():
            if not any(skill in members for skill in parsed_skills):
                raise InvalidCommand(
                    f"a protagonist needs a skill of the {group} group ({', '.join(members)})",
                    "invalid_character",
                )
    if fixed_draw is not None:
        if kind != "henchman":
            raise InvalidCommand("only henchmen may have a fixed draw count", "invalid_character")
        if not 0 <= fixed_draw <= MAX_TRAIT:
            raise InvalidCommand(
                f"a fixed draw count is between 0 and {MAX_TRAIT}", "invalid_character"
            )
    return parsed_traits, parsed_skills


def item_name(name: str) -> str:
    return checked_name(name, "an item's name", MAX_ITEM_NAME, "invalid_item")


def starting_equipment(
    kind: str, kit: str | None, purchases: list[Purchase], money: int
) -> tuple[dict[str, int], list[Purchase]]:
    """A new protagonist's equipment [L671-L676]: a horse, a revolver (unless it names the 10
    knives), and what it buys; the purchases and the money it keeps come to $50 at most, more
    only by the Mayor's grant. NPCs and henchmen start with nothing: their gear is the Mayor's.
    Returns the equipment and the purchases as recorded."""
    if kind != "protagonist":
        if kit is not None or purchases:
            raise InvalidCommand(
                "NPCs and henchmen take no starting kit: the Mayor gives them their gear",
                "invalid_character",
            )
        return {}, []
    if kit is not None and kit not in STARTING_KITS:
        raise InvalidCommand(f"the kit is {' or '.join(STARTING_KITS)}", "invalid_kit")
    equipment = dict(STARTING_KITS[kit or "revolver"])
    bought = []
    for purchase in purchases:
        item = item_name(purchase.item)
        count = equipment.get(item, 0) + purchase.count
        if purchase.count < 1 or count > MAX_ITEM_COUNT or purchase.price < 1:
            raise InvalidCommand(
                f"a purchase is 1 or more items (at most {MAX_ITEM_COUNT} of each carried) "
                "for 1 dollar or more",
                "invalid_purchase",
            )
        equipment[item] = count
        bought.append(Purchase(item=item, count=purchase.count, price=purchase.price))
    if len(equipment) > MAX_ITEMS:
        raise InvalidCommand(
            f"a character carries {MAX_ITEMS} kinds of item at most", "invalid_item"
        )
    spent = sum(p.price for p in bought)
    if spent + money > STARTING_DOLLARS:
        raise InvalidCommand(
            f"a new protagonist buys and keeps ${STARTING_DOLLARS} at most: ${spent} of "
            f"purchases and ${money} kept make ${spent + money}; the Mayor may grant more",
            "over_budget",
        )
    return equipment, bought


def condition_penalty(character: Character) -> dict[str, int]:
    """Cards lost to health, morale and sobriety, by track (each 0 or negative)."""
    return {
        "health": character.health if character.health in (-1, -2) else 0,
        "morale": character.morale if character.morale in (-1, -2) else 0,
        "sobriety": -2 if character.sobriety == -2 else 0,
    }
