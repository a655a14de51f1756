"""What a Frontera table holds between events: options, card zones, characters, the open test.

Every card of the table is in exactly one zone at every version. Zones are ordered lists,
top first. Zone names: `pile`, `discard`, `treasure`, `dead_mans_hand`, `removed`,
`player_deck:<seat>`, `player_discard:<seat>`, `hand:<character>` (cards drawn for a test).
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.frontera.cards import CARDS_PER_DECK, CardIds, Suit
from domain.frontera.character import Character, Skill, Trait
from domain.frontera.combat import (
    MAX_WEAPONS,
    Cover,
    Mount,
    Range,
    Technique,
    Weapon,
    default_weapons,
)
from domain.frontera.exchange_state import HouseGame, PendingExchange
from domain.games import GameState
from domain.names import Reason
from domain.structs import Stored

#: play decks a table may set out at creation
MAX_DECKS = 8

Mode = Literal["normal", "no_management", "wear"]
TestKind = Literal["trait", "opposed", "dead_mans_hand", "combat"]

PILE = "pile"
DISCARD = "discard"
TREASURE = "treasure"
DEAD_MANS_HAND = "dead_mans_hand"
REMOVED = "removed"


def player_deck(seat: str) -> str:
    return f"player_deck:{seat}"


def player_discard(seat: str) -> str:
    return f"player_discard:{seat}"


def hand(character: str) -> str:
    return f"hand:{character}"


def zone_owner(zone: str) -> str | None:
    """The seat or character a zone belongs to, if any."""
    _, _, owner = zone.partition(":")
    return owner or None


class Options(Stored, kw_only=True, forbid_unknown_fields=True):
    """How a table plays its cards, fixed at creation."""

    STORED_AS = "frontera.Options"

    mode: Mode = "normal"
    decks: Annotated[int, msgspec.Meta(ge=1, le=MAX_DECKS)] | None = None
    """The number of play decks; null: one per 4 seats (Mayor included) in normal mode, one in
    no-management mode; wear mode always has one per seat"""
    jokers_per_deck: Annotated[int, msgspec.Meta(ge=0, le=2)] = 2
    #: take the dead man's hand from an extra deck, leaving the play decks whole
    separate_dead_mans_hand: bool = False
    extra_cards: Annotated[CardIds, msgspec.Meta(max_length=CARDS_PER_DECK)] = []
    """Card ids of another deck added to the play cards [L226], named with their deck: the one
    past the play decks (the dead man's hand's extra deck too, but for its four cards)"""
    #: normal mode: deal every card among the seats and start in phase 2
    skip_phase_1: bool = False
    #: normal mode: cards set aside face down at random before the deal (at most the cards
    #: of the most play decks a table may have; the start refuses more than its pile holds)
    removed_at_random: Annotated[int, msgspec.Meta(ge=0, le=MAX_DECKS * CARDS_PER_DECK)] = 0
    scripted_order: CardIds | None = None
    """A scripted table: card ids that start on top of their zones in this order (the rest keep
    their initial order: canonical for decks, A♠ A♥ 8♣ 8♦ for the dead man's hand) and shuffles
    that keep the order; public to every seat; null: shuffles are random"""
    weapons: Annotated[dict[str, Weapon], msgspec.Meta(max_length=MAX_WEAPONS)] = msgspec.field(
        default_factory=default_weapons
    )
    """The table's weapons at creation, by name (the Mayor may edit them during play)"""


#: character ids, each named once
CharacterIds = Annotated[list[str], msgspec.Meta(extra_json_schema={"uniqueItems": True})]
#: two or more different characters: those a duel or a game sets against each other
Rivals = Annotated[list[str], msgspec.Meta(min_length=2, extra_json_schema={"uniqueItems": True})]
#: two different characters: the two ends of a range
Pair = Annotated[
    list[str], msgspec.Meta(min_length=2, max_length=2, extra_json_schema={"uniqueItems": True})
]

#: the most a modifier changes a draw by, up or down (0 is no modifier: `rules.py` refuses it)
MAX_MODIFIER = 10


class Modifier(Stored, kw_only=True, forbid_unknown_fields=True):
    """An explicit change to a draw count, with the Mayor's reason (gear, range, …)."""

    amount: Annotated[
        int,
        msgspec.Meta(ge=-MAX_MODIFIER, le=MAX_MODIFIER, extra_json_schema={"not": {"const": 0}}),
    ]
    """Cards added (positive) or taken away (negative), -10 to 10, never 0"""
    reason: Reason
    """Why, in the Mayor's words (e.g. `work clothes`, `rifle at long range`)"""


class DrawCount(Stored, kw_only=True):
    """How many cards a participant draws, term by term, as recorded in the draw event."""

    STORED_AS = "frontera.DrawCount"

    trait: int
    """The tested trait's level, or a henchman's fixed draw"""
    skill: int
    """2 when the character has the skill the Mayor ruled relevant, else 0"""
    fixed: bool
    """True when a henchman's fixed draw replaced trait and skill"""
    modifiers: list[Modifier]
    """The Mayor's modifiers, each with its amount and reason"""
    health: int
    """Cards lost to health: -1 wounded, -2 badly wounded, else 0"""
    morale: int
    """Cards lost to morale: -1 scared, -2 terrified, else 0"""
    sobriety: int
    """Cards lost to sobriety: -2 drunk, else 0"""
    tipsy: int
    """A tipsy character's dead man's hand flip: +1 for an Ace, -1 for an 8; 0 when not tipsy"""
    total: int
    """The cards drawn: the sum of the terms, never below 0"""


class Participant(Stored, kw_only=True):
    """One character's part in the open test."""

    STORED_AS = "frontera.Participant"

    character: str
    """The id of the character taking part"""
    seat: str
    """The seat id of the character's player (the Mayor's seat for NPCs and henchmen)"""
    trait: Trait | None  # None in a dead man's hand test
    """The trait it uses (its suit is the participant's right suit); null in a dead man's hand
    test"""
    skill: Skill | None  # the skill the Mayor ruled relevant (counted only if the character has it)
    """The skill the Mayor ruled relevant, counted only if the character has it; null: none"""
    modifiers: list[Modifier] = []
    """The Mayor's changes to its draw, each with its reason; empty: none"""
    plays: int = 1  # the most cards the participant may play
    """The most cards it may play: 1, more for multiple attacks or a hold against several"""
    at_least: int = 1  # the fewest it must play (when it holds that many)
    """The fewest cards it must play, when it holds that many"""
    drawn: bool = False
    """True once it has drawn its cards"""
    source: str | None = None  # the zone its cards came from
    """The zone its cards came from (`pile` or `player_deck:<seat>`); null until it draws"""
    chosen: list[str] | None = None
    """The card ids it chose to play; null until it chooses"""
    joker_suits: dict[str, Suit] = {}
    """The suit declared for each Joker it chose, by card id"""
    targets: dict[str, str] = {}
    """Combat: the id of the character each chosen card attacks, by card id; empty in other tests"""

    @property
    def tested_trait(self) -> Trait:
        """The trait of a trait or opposed test (a dead man's hand test tests none)."""
        if self.trait is None:
            raise ValueError("a dead man's hand test tests no trait")
        return self.trait


class OpenTest(Stored, kw_only=True):
    STORED_AS = "frontera.OpenTest"

    number: int
    """The test's number at the table, from 1 in the order tests open"""
    kind: TestKind
    """The test's kind: `trait`, `opposed`, `dead_mans_hand` or `combat`"""
    participants: dict[str, Participant]  # by character id, in the order given
    """Each participant's part in the test, by character id, in the order given"""
    difficulty: int | None = None
    """The lowest card value a trait test requires; null: none"""
    cards: int = 1  # dead man's hand: cards drawn, the better one counts
    """Dead man's hand test: the cards drawn (1 or 2), the better one counting"""
    better: str = "better"
    """Dead man's hand test: the label of the better outcome (an Ace)"""
    worse: str = "worse"
    """Dead man's hand test: the label of the worse outcome (an 8)"""
    purpose: str | None = None
    """What the outcome sets off: `accident`, `medical_care`, `challenge`, `provoke`, `pistol_duel`,
    `survival`, `house_stop`, `chance_game` or `skill_game`; null: the outcome is all"""
    stakes: dict[str, int | str | bool] = {}
    """What that consequence needs to know, fixed when the test opened, by name (e.g. `harm`,
    `healer`, `patient`, `stake`)"""

    @property
    def waiting_for(self) -> list[str]:
        """Characters that have not drawn or not chosen yet."""
        return [c for c, p in self.participants.items() if not p.drawn or p.chosen is None]


#: "hold": the test of a hold [L1090], the only action of a character in one
Action = Literal["attack", "move", "other", "hold"]
Move = Literal["none", "adjacent", "short"]
Variant = Literal["harm", "grapple", "scare"]


class Combatant(Stored, kw_only=True, forbid_unknown_fields=True):
    """A character's footing in a combat, as the Mayor sets it between turns."""

    STORED_AS = "frontera.Combatant"

    character: str
    """The id of the combatant character"""
    cover: Cover = "none"
    """Its cover: `none`, `partial` (+1 toughness) or `total` (+2; no aiming)"""
    mount: Mount = "none"
    """The mount or vehicle it fights from, by pace: `none`, `walk`, `trot` or `gallop` (+1 to +3 to
    its targets' toughness; no aiming)"""
    holstered: bool = False
    """True when its weapons are holstered at the start of the turn: no aim and no 3 m move"""
    knife_holster: bool = False
    """True when its knives are in a knife holster: drawing them still allows the 3 m move"""
    held_by: str | None = None
    """The id of the character grappling it (both do nothing but the hold's test until it ends);
    null: not held"""
    shots_left: int | None = None
    """"Only one can remain": the shots it has left in this combat; null: no limit"""


class Declaration(Stored, kw_only=True):
    """What a character announced for this turn, before drawing; public to every seat."""

    STORED_AS = "frontera.Declaration"

    character: str
    """The id of the character announcing"""
    action: Action
    """`attack`, `move` (moving only, up to short range), `other`, or `hold` (the hold's test)"""
    move: Move = "none"
    """Its move this turn: `none`, `adjacent` (up to 3 m) or `short` (up to 10 m, when moving
    only)"""
    technique: Technique | None = None
    """An attack's technique: `brawl`, `melee`, `thrown`, `quick_shot` or `aim`; null for other
    actions"""
    weapon: str | None = None
    """The name of the table weapon attacked with; null when brawling or not attacking"""
    weapons: int = 1
    """Thrown weapons at hand: several allow several throws"""
    variant: Variant = "harm"
    """An attack's effect: `harm` (damage), `grapple` (a hit holds the target) or `scare` (a hit
    whose card exceeds the target's confidence costs it 1 morale)"""
    targets: list[str] = []
    """An attack's target character ids; a hold's rivals (its holder, those it holds)"""
    damage: int = 0
    """Health levels each hit deals, base + weapon, fixed when announced"""


class AttackResult(Stored, kw_only=True):
    STORED_AS = "frontera.AttackResult"

    attacker: str
    """The id of the attacking character"""
    card: str
    """The card id played as this attack"""
    target: str
    """The id of the character attacked"""
    variant: Variant
    """The attack's effect: `harm`, `grapple` or `scare`"""
    hit: bool
    """True when the card is of the technique's trait suit (combat has no partial success)"""
    damage: int
    """Health levels per hit, as declared (base + weapon)"""
    toughness: int
    """The target's effective toughness against this attacker: toughness + cover + the attacker's
    moving mount"""
    taken: int
    """Health levels the target loses: the damage less 3 for a card below its toughness, less 2 for
    an equal one, whole above; 0 on a miss, a grapple or a scare"""
    morale: int
    """Morale levels the target loses (scare)"""
    holds: bool
    """True when the target is now held (grapple)"""
    why: str
    """The judgement in words"""


class HoldResult(Stored, kw_only=True):
    """A hold's opposed muscle test [L1090], judged at a turn's reveal."""

    STORED_AS = "frontera.HoldResult"

    held: str
    """The id of the held character"""
    holder: str
    """The id of the character holding it"""
    cards: dict[str, str | None]
    """The card id each side played against the other, by character id (null: no card)"""
    outcomes: dict[str, str]
    """Each side's outcome of the opposed test, by character id: `victory`, `defeat` or `tie`"""
    kept: bool
    """True when the hold stands (the held character did not win)"""
    why: str
    """The judgement in words"""


def range_key(a: str, b: str) -> str:
    """The key of the range between two combatants, the same either way round."""
    return "|".join(sorted((a, b)))


class Combat(Stored, kw_only=True):
    STORED_AS = "frontera.Combat"

    combatants: dict[str, Combatant]
    """Each combatant's footing, by character id"""
    ranges: dict[str, Range]
    """The range between each pair of combatants (`adjacent`, `short`, `medium`, `long`), keyed by
    the pair's character ids sorted and joined with `|`"""
    shot_limit: int | None = None
    """"Only one can remain" [L1125]: the shots each combatant may fire in the whole combat; null:
    no limit"""
    turn: int = 0
    """The number of the current or last turn, from 1; 0 before the first"""
    test: int | None = None
    """The number of the current or last turn's test; null before the first turn"""
    declarations: dict[str, Declaration] = {}
    """This turn's announcements, by character id"""
    jammed: list[str] = []
    """The ids of the characters who lost this whole turn to the jam check of every fifth turn"""
    fallen: dict[str, int] = {}
    """The turn on which each character fell dead, by character id, for the 5-turn survival test"""
    last_attacks: list[AttackResult] = []
    """Every attack of the last turn judged, as revealed to all"""

    def range_between(self, a: str, b: str) -> Range:
        return self.ranges[range_key(a, b)]


class FronteraState(GameState[Options, Character], kw_only=True):
    STORED_AS = "frontera.State"

    started: bool = False
    phase: int | None = None  # normal mode only: 1 while the pile lasts, then 2
    decks: int = 0
    zones: dict[str, list[str]] = {}
    #: the test number during which each zone was last shuffled
    shuffled_in_test: dict[str, int] = {}
    weapons: dict[str, Weapon] = {}
    test: OpenTest | None = None
    tests_opened: int = 0
    #: the table version at which each test opened, so its record reads from there
    test_versions: dict[str, int] = {}  # by test number, as text (JSON keys)
    #: game time the Mayor has advanced, in seconds (recovery.py)
    elapsed: int = 0
    #: the characters of the drinking duel under way (drinking.py)
    drinking_duel: list[str] | None = None
    #: what each loser of the drinking duel pays
    drinking_stake: int = 0
    #: challenges lost and not yet answered: challenged character -> challenger (morale.py)
    challenges: dict[str, str] = {}
    combat: Combat | None = None
    #: a card exchange waiting for a seat's pick (Normal mode)
    exchange: PendingExchange | None = None
    #: a "house always wins" game in progress
    house_game: HouseGame | None = None

    def move(self, cards: list[str], source: str, target: str, *, to_top: bool = False) -> None:
        """Move cards between zones; the cards must all be in the source."""
        remaining = self.zones.get(source, [])
        moving = set(cards)
        if len(moving) != len(cards) or not moving.issubset(remaining):
            raise ValueError(f"cards are not all in {source}")
        self.zones[source] = [c for c in remaining if c not in moving]
        existing = self.zones.get(target, [])
        self.zones[target] = list(cards) + existing if to_top else existing + list(cards)

    def zone(self, name: str) -> list[str]:
        return self.zones.get(name, [])

    @property
    def own_decks_open(self) -> bool:
        """Whether each seat may look through its own deck: in wear mode, and in normal
        mode's phase 2, where the seats hold the dealt cards."""
        return self.options.mode == "wear" or self.phase == 2
