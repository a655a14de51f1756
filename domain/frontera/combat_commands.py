"""What a combat asks of a table [L873-L1207]: the Mayor opens, updates, runs and ends it;
a combatant declares and chooses its attacks; the pistol duel and the survival test open.

Kept apart from the handlers (`combat_turn`, `pistol_duel`, `survival`) so that the routes
and the tests name a command without the rules behind it."""

from __future__ import annotations

from typing import Annotated

import msgspec

from domain.characters import CharacterId
from domain.commands import Command
from domain.frontera.cards import CardId, Suit
from domain.frontera.combat import Cover, Mount, Range, Technique
from domain.frontera.state import Action, CharacterIds, Modifier, Move, Pair, Variant
from domain.names import Reason

MAX_SHOTS = 100
MAX_THROWN = 10


class CombatantSetup(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    character: CharacterId
    cover: Cover = "none"
    mount: Mount = "none"
    holstered: bool = False
    knife_holster: bool = False


class RangeSetup(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    #: the two combatants
    between: Pair
    range: Range


class OpenCombat(Command):
    """The Mayor starts a combat with its combatants and the ranges between them."""

    #: two or more different characters
    combatants: Annotated[list[CombatantSetup], msgspec.Meta(min_length=2)]
    #: the range between every pair not listed in `ranges`
    range: Range = "medium"
    ranges: list[RangeSetup] = []
    #: "only one can remain" [L1125]: shots each combatant may fire in the whole combat
    shot_limit: Annotated[int, msgspec.Meta(ge=1, le=MAX_SHOTS)] | None = None


class UpdateCombat(Command):
    """Between turns the Mayor records where everybody ended up: footing, ranges, who joins,
    who leaves, which holds end."""

    reason: Reason
    combatants: list[CombatantSetup] = []
    #: the range between a newcomer and everybody not listed in `ranges`
    range: Range = "medium"
    ranges: list[RangeSetup] = []
    leaving: list[str] = []
    #: characters freed from a hold
    released: list[str] = []


class StartCombatTurn(Command):
    """The Mayor starts the next turn (every fifth turn begins with the jam check)."""


class DeclareAction(Command):
    """A character's announcement for the turn; an attacker draws its cards at once."""

    character: CharacterId
    action: Action
    move: Move = "none"
    technique: Technique | None = None
    weapon: str | None = None
    #: thrown weapons at hand: several allow several throws
    weapons: Annotated[int, msgspec.Meta(ge=1, le=MAX_THROWN)] = 1
    variant: Variant = "harm"
    targets: CharacterIds = []
    #: the Mayor's other rulings on the draw (gear …)
    modifiers: list[Modifier] = []


class Attack(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    card: CardId
    target: CharacterId


class ChooseAttacks(Command):
    """An attacker's secret choice: up to its number of attacks, one target per card."""

    character: CharacterId
    attacks: list[Attack]
    joker_suits: dict[str, Suit] = {}


class EndCombat(Command):
    reason: Reason


class Duellist(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    character: CharacterId
    weapon: str = "revolver"
    modifiers: list[Modifier] = []


class OpenPistolDuel(Command):
    """Two duellists, an opposed hands (quick shot) test; no simultaneity, no absorption."""

    duellists: Annotated[list[Duellist], msgspec.Meta(min_length=2, max_length=2)]


class OpenSurvivalTest(Command):
    """A fallen character's dead man's hand: an Ace leaves it incapacitated, an 8 dead."""

    character: CharacterId
    #: someone gives medical care: draw 2 and keep the better
    medical_care: bool = False
