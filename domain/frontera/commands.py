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
    """Create a character: a player's protagonist, or one of the Mayor's NPCs or henchmen."""

    name: Name
    """The character's name, as the table calls it"""
    kind: Kind = "protagonist"
    traits: Traits
    """The level of each trait (`hands`, `senses`, `muscle`, `head`): a protagonist's start at 1
    each and sum to 12"""
    skills: Annotated[list[Skill], msgspec.Meta(extra_json_schema={"uniqueItems": True})]
    """The skills the character has: a protagonist has 4, one of each group (weapons, mechanical,
    exploration) plus one more"""
    seat: str | None = None
    """The seat id of the player who plays it; null: the acting seat (the Mayor may create a
    protagonist for a player)"""
    fixed_draw: Annotated[int, msgspec.Meta(ge=0, le=MAX_TRAIT)] | None = None
    """Henchmen only: the Mayor's simplified number of cards drawn for every test, in place of
    trait and skill (0 to 20); null: drawn as usual"""
    #: dollars the character carries: a protagonist's, with its purchases, $50 at most [L676]
    money: Annotated[int, msgspec.Meta(ge=0, le=MAX_MONEY)] = 0
    kit: Kit | None = None
    """A protagonist's starting weapon, with its horse: `revolver` or `knives` (10 of them); null: a
    revolver"""
    purchases: Annotated[list[Purchase], msgspec.Meta(max_length=MAX_ITEMS)] = []
    """What a protagonist buys with its starting dollars, at the table's prices; with the `money`
    kept, $50 at most"""


#: the card values a trait test's difficulty may require
DIFFICULTY_RANGE = (2, 15)


class StartTable(Command):
    """Set out the cards as the table's mode says (the hidden deal of Normal mode included)."""


class OpenTraitTest(Command):
    """The Mayor opens a trait test of one character."""

    character: CharacterId
    """The id of the character tested"""
    trait: Trait
    """The trait tested: a card of its suit succeeds (♠ hands, ♣ senses, ♥ muscle, ♦ head)"""
    skill: Skill | None = None
    """The skill the Mayor rules relevant: +2 cards if the character has it; null: none"""
    difficulty: (
        Annotated[int, msgspec.Meta(ge=DIFFICULTY_RANGE[0], le=DIFFICULTY_RANGE[1])] | None
    ) = None
    """The lowest card value the Mayor requires (2 to 15): a card of the right suit below it is a
    partial success; null: none"""
    modifiers: list[Modifier] = []
    """The Mayor's other changes to the draw, each with its reason (gear, range …); empty: none"""


class Contender(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One side of an opposed test: a character and the trait (and skill) it uses."""

    character: CharacterId
    """The id of the character taking part"""
    trait: Trait
    """The trait it uses: a card of that trait's suit is its right suit"""
    skill: Skill | None = None
    """The skill the Mayor rules relevant: +2 cards if the character has it; null: none"""
    modifiers: list[Modifier] = []
    """The Mayor's other changes to the draw, each with its reason (gear, range …); empty: none"""


class OpenOpposedTest(Command):
    """The Mayor opens an opposed test: each participant draws with its own trait and all reveal at
    once."""

    participants: Annotated[list[Contender], msgspec.Meta(min_length=2)]
    """The contenders, each with its trait, skill and modifiers: two or more different characters"""


class OpenDeadMansHandTest(Command):
    """The Mayor opens a dead man's hand test for a character: an Ace gives the better outcome, an 8
    the worse."""

    character: CharacterId
    """The id of the character who draws from the dead man's hand"""
    #: 2 if the Mayor lets the character draw two and keep the better
    cards: Literal[1, 2] = 1
    better: Name = "better"
    worse: Name = "worse"


class CancelTest(Command):
    """The Mayor abandons the open test; drawn cards go where unplayed cards go."""

    reason: Reason
    """Why the Mayor abandons it"""


class Draw(Command):
    """Draw a character's cards for the open test (a dead man's hand test resolves at once)."""

    character: CharacterId
    """The id of the character who draws: one of the acting seat's in the open test"""


class Choose(Command):
    """Choose in secret the cards a character plays in the open test; all are revealed once everyone
    has chosen."""

    character: CharacterId
    """The id of the character who chooses"""
    cards: CardIds
    """The card ids played, among those it drew: one, or more where a rule allows"""
    joker_suits: dict[str, Suit] = {}
    """The suit declared for each Joker played, by card id (empty: no Joker played)"""


class ChangeCondition(Command):
    """The Mayor moves a character along health, morale or sobriety, giving a reason."""

    character: CharacterId
    """The id of the character whose track moves"""
    track: Track
    """The track to move: `health`, `morale` or `sobriety`"""
    change: Annotated[int, msgspec.Meta(extra_json_schema={"not": {"const": 0}})]
    """Levels to move (never 0): negative to worsen, positive to recover"""
    reason: Reason
    """Why, in the Mayor's words"""


class SetWeapon(Command):
    """Add a weapon to the table, or replace the one of that name (Mayor)."""

    weapon: Weapon
    """The weapon: its name, kind, damage and draw modifier per range (null: out of reach)"""


class RemoveWeapon(Command):
    """The Mayor removes a weapon from the table's data."""

    name: WeaponName
    """The name of the weapon to remove"""
