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
    """A combatant's footing as the Mayor sets it: cover, mount and holsters."""

    character: CharacterId
    """The id of the combatant character"""
    cover: Cover = "none"
    mount: Mount = "none"
    holstered: bool = False
    knife_holster: bool = False


class RangeSetup(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The range between two combatants."""

    between: Pair
    """The ids of the two combatants"""
    range: Range
    """The range between them: `adjacent` (under 3 m), `short` (3 to 10 m), `medium` (10 to 40 m) or
    `long` (40 to 200 m)"""


class OpenCombat(Command):
    """The Mayor starts a combat with its combatants and the ranges between them."""

    combatants: Annotated[list[CombatantSetup], msgspec.Meta(min_length=2)]
    """Every combatant with its footing: two or more different characters"""
    #: the range between every pair not listed in `ranges`
    range: Range = "medium"
    ranges: list[RangeSetup] = []
    """The ranges that differ from `range`, each between two combatants"""
    shot_limit: Annotated[int, msgspec.Meta(ge=1, le=MAX_SHOTS)] | None = None
    """"Only one can remain" [L1125]: the shots each combatant may fire in the whole combat; null:
    no limit"""


class UpdateCombat(Command):
    """Between turns the Mayor records where everybody ended up: footing, ranges, who joins,
    who leaves, which holds end."""

    reason: Reason
    """Why, in the Mayor's words"""
    combatants: list[CombatantSetup] = []
    """Combatants who join or whose footing changes, each with its footing (a hold and the shots
    left carry over)"""
    #: the range between a newcomer and everybody not listed in `ranges`
    range: Range = "medium"
    ranges: list[RangeSetup] = []
    """The ranges that change, or a newcomer's that differ from `range`, each between two
    combatants"""
    leaving: list[str] = []
    """The ids of the combatants who leave the combat"""
    released: list[str] = []
    """The ids of the characters freed from a hold"""


class StartCombatTurn(Command):
    """The Mayor starts the next turn (every fifth turn begins with the jam check)."""


class DeclareAction(Command):
    """A character's announcement for the turn; an attacker draws its cards at once."""

    character: CharacterId
    """The id of the character announcing"""
    action: Action
    """`attack`, `move` (moving only, up to short range), `other`, or `hold` (the hold's test)"""
    move: Move = "none"
    technique: Technique | None = None
    """An attack's technique, chosen before drawing: `brawl`, `melee`, `thrown`, `quick_shot` or
    `aim`; null for other actions"""
    weapon: str | None = None
    """The name of the table weapon an attack uses; null when brawling or not attacking"""
    #: thrown weapons at hand: several allow several throws
    weapons: Annotated[int, msgspec.Meta(ge=1, le=MAX_THROWN)] = 1
    variant: Variant = "harm"
    targets: CharacterIds = []
    """An attack's target character ids"""
    modifiers: list[Modifier] = []
    """The Mayor's other changes to the draw (gear …), each with its reason; empty: none"""


class Attack(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One card played as an attack, against one target."""

    card: CardId
    """The card id played, among those the attacker drew"""
    target: CharacterId
    """The id of the character attacked: one of the declared targets"""


class ChooseAttacks(Command):
    """An attacker's secret choice: up to its number of attacks, one target per card."""

    character: CharacterId
    """The id of the attacking character"""
    attacks: list[Attack]
    """The cards played, each with its target: one, up to the attacker's number of attacks"""
    joker_suits: dict[str, Suit] = {}
    """The suit declared for each Joker played, by card id (empty: no Joker played)"""


class EndCombat(Command):
    """The Mayor ends the combat, between turns."""

    reason: Reason
    """Why, in the Mayor's words"""


class Duellist(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One side of a pistol duel: a character, its weapon and the Mayor's modifiers."""

    character: CharacterId
    """The id of the duellist"""
    weapon: str = "revolver"
    modifiers: list[Modifier] = []
    """The Mayor's changes to its draw, each with its reason; empty: none"""


class OpenPistolDuel(Command):
    """Two duellists, an opposed hands (quick shot) test; no simultaneity, no absorption."""

    duellists: Annotated[list[Duellist], msgspec.Meta(min_length=2, max_length=2)]
    """The two duellists"""


class OpenSurvivalTest(Command):
    """A fallen character's dead man's hand: an Ace leaves it incapacitated, an 8 dead."""

    character: CharacterId
    """The id of the fallen character (health -4) who draws"""
    #: someone gives medical care: draw 2 and keep the better
    medical_care: bool = False
