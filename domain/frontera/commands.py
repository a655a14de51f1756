"""What a Frontera client can ask of a table. Each Struct is one command."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.characters import CharacterId
from domain.commands import Command
from domain.frontera.cards import CardIds, Suit
from domain.frontera.character import (
    MAX_ITEMS,
    MAX_MONEY,
    MAX_TRAIT,
    Kind,
    Kit,
    Purchase,
    Skill,
    Track,
    Trait,
    Traits,
)
from domain.frontera.combat import Weapon, WeaponName
from domain.frontera.state import Modifier
from domain.names import Name, Reason


class CreateCharacter(Command, kw_only=True):
    name: Name
    kind: Kind = "protagonist"
    traits: Traits
    skills: Annotated[list[Skill], msgspec.Meta(extra_json_schema={"uniqueItems": True})]
    #: who plays it: by default the acting seat; the Mayor may create a protagonist for a player
    seat: str | None = None
    #: henchmen only: the Mayor's simplified number of cards drawn per test
    fixed_draw: Annotated[int, msgspec.Meta(ge=0, le=MAX_TRAIT)] | None = None
    #: dollars the character carries: a protagonist's, with its purchases, $50 at most [L676]
    money: Annotated[int, msgspec.Meta(ge=0, le=MAX_MONEY)] = 0
    #: a protagonist's starting weapon, with its horse: a revolver (by default) or 10 knives
    kit: Kit | None = None
    #: what a protagonist buys with its starting dollars
    purchases: Annotated[list[Purchase], msgspec.Meta(max_length=MAX_ITEMS)] = []


#: the card values a trait test's difficulty may require
DIFFICULTY_RANGE = (2, 15)


class StartTable(Command):
    """Set out the cards as the table's mode says (the hidden deal of Normal mode included)."""


class OpenTraitTest(Command):
    character: CharacterId
    trait: Trait
    #: the skill the Mayor rules relevant; +2 cards if the character has it
    skill: Skill | None = None
    #: minimum card value the Mayor requires, if any
    difficulty: (
        Annotated[int, msgspec.Meta(ge=DIFFICULTY_RANGE[0], le=DIFFICULTY_RANGE[1])] | None
    ) = None
    modifiers: list[Modifier] = []


class Contender(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    character: CharacterId
    trait: Trait
    skill: Skill | None = None
    modifiers: list[Modifier] = []


class OpenOpposedTest(Command):
    #: two or more different characters
    participants: Annotated[list[Contender], msgspec.Meta(min_length=2)]


class OpenDeadMansHandTest(Command):
    character: CharacterId
    #: 2 if the Mayor lets the character draw two and keep the better
    cards: Literal[1, 2] = 1
    better: Name = "better"
    worse: Name = "worse"


class CancelTest(Command):
    """The Mayor abandons the open test; drawn cards go where unplayed cards go."""

    reason: Reason


class Draw(Command):
    character: CharacterId


class Choose(Command):
    character: CharacterId
    cards: CardIds
    #: the suit declared for each Joker played
    joker_suits: dict[str, Suit] = {}


class ChangeCondition(Command):
    character: CharacterId
    track: Track
    #: levels to move: negative to worsen, positive to recover
    change: Annotated[int, msgspec.Meta(extra_json_schema={"not": {"const": 0}})]
    reason: Reason


class SetWeapon(Command):
    """Add a weapon to the table, or replace the one of that name (Mayor)."""

    weapon: Weapon


class RemoveWeapon(Command):
    name: WeaponName
