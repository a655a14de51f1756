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
    #: play decks; by default one per 4 seats in normal mode (Mayor included), one in
    #: no-management mode; wear mode always has one per seat
    decks: Annotated[int, msgspec.Meta(ge=1, le=MAX_DECKS)] | None = None
    jokers_per_deck: Annotated[int, msgspec.Meta(ge=0, le=2)] = 2
    #: take the dead man's hand from an extra deck, leaving the play decks whole
    separate_dead_mans_hand: bool = False
    #: cards of another deck added to the play cards [L226], named with their deck: one past
    #: the play decks (the dead man's hand's extra deck too, but for its four cards)
    extra_cards: Annotated[CardIds, msgspec.Meta(max_length=CARDS_PER_DECK)] = []
    #: normal mode: deal every card among the seats and start in phase 2
    skip_phase_1: bool = False
    #: normal mode: cards set aside face down at random before the deal (at most the cards
    #: of the most play decks a table may have; the start refuses more than its pile holds)
    removed_at_random: Annotated[int, msgspec.Meta(ge=0, le=MAX_DECKS * CARDS_PER_DECK)] = 0
    #: a scripted table: these cards start on top of their zones in this order, the rest
    #: keep their initial order (canonical for decks; A♠ A♥ 8♣ 8♦ for the dead man's hand),
    #: and shuffles keep the order. Public to every seat.
    scripted_order: CardIds | None = None
    #: the weapons of the table, by name (the Mayor may edit them during play)
    weapons: Annotated[dict[str, Weapon], msgspec.Meta(max_length=MAX_WEAPONS)] = msgspec.field(
        default_factory=default_weapons
    )


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
    reason: Reason


class DrawCount(Stored, kw_only=True):
    """How many cards a participant draws, term by term, as recorded in the draw event."""

    STORED_AS = "frontera.DrawCount"

    trait: int
    skill: int
    fixed: bool
    modifiers: list[Modifier]
    health: int
    morale: int
    sobriety: int
    tipsy: int
    total: int


class Participant(Stored, kw_only=True):
    """One character's part in the open test."""

    STORED_AS = "frontera.Participant"

    character: str
    seat: str
    trait: Trait | None  # None in a dead man's hand test
    skill: Skill | None  # the skill the Mayor ruled relevant (counted only if the character has it)
    modifiers: list[Modifier] = []
    plays: int = 1  # the most cards the participant may play
    at_least: int = 1  # the fewest it must play (when it holds that many)
    drawn: bool = False
    source: str | None = None  # the zone its cards came from
    chosen: list[str] | None = None
    joker_suits: dict[str, Suit] = {}
    #: combat: the target of each card played, by card
    targets: dict[str, str] = {}

    @property
    def tested_trait(self) -> Trait:
        """The trait of a trait or opposed test (a dead man's hand test tests none)."""
        if self.trait is None:
            raise ValueError("a dead man's hand test tests no trait")
        return self.trait


class OpenTest(Stored, kw_only=True):
    STORED_AS = "frontera.OpenTest"

    number: int
    kind: TestKind
    participants: dict[str, Participant]  # by character id, in the order given
    difficulty: int | None = None
    cards: int = 1  # dead man's hand: cards drawn, the better one counts
    better: str = "better"
    worse: str = "worse"
    #: what the outcome sets off, by name in `domain.frontera.handlers.CONSEQUENCES`
    #: (a fall's agility save, a stop test at the tables …); None: the outcome is all
    purpose: str | None = None
    #: what the consequence needs to know, fixed when the test opens (e.g. the harm at stake)
    stakes: dict[str, int | str | bool] = {}

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
    cover: Cover = "none"
    #: the mount or vehicle it fights from, and its pace
    mount: Mount = "none"
    #: its weapons are holstered at the start of the turn
    holstered: bool = False
    #: knives in a knife holster: drawing them still allows the 3 m move
    knife_holster: bool = False
    #: grappled by this character (both do nothing but the hold's test until it ends)
    held_by: str | None = None
    #: "only one can remain": shots it has left (None: no limit)
    shots_left: int | None = None


class Declaration(Stored, kw_only=True):
    """What a character announced for this turn, before drawing; public to every seat."""

    STORED_AS = "frontera.Declaration"

    character: str
    action: Action
    move: Move = "none"
    technique: Technique | None = None
    weapon: str | None = None
    #: thrown weapons at hand (several allow several throws)
    weapons: int = 1
    variant: Variant = "harm"
    #: an attack's targets; a hold's rivals (its holder, those it holds)
    targets: list[str] = []
    #: health levels each hit deals: base + weapon, fixed when announced
    damage: int = 0


class AttackResult(Stored, kw_only=True):
    STORED_AS = "frontera.AttackResult"

    attacker: str
    card: str
    target: str
    variant: Variant
    hit: bool
    #: damage per hit, as declared
    damage: int
    #: the target's effective toughness against this attacker
    toughness: int
    #: health levels the target loses
    taken: int
    #: morale levels the target loses (scare)
    morale: int
    #: the target is now held (grapple)
    holds: bool
    why: str


class HoldResult(Stored, kw_only=True):
    """A hold's opposed muscle test [L1090], judged at a turn's reveal."""

    STORED_AS = "frontera.HoldResult"

    held: str
    holder: str
    #: the card each side played against the other (None: no card)
    cards: dict[str, str | None]
    #: each side's outcome of the opposed test: victory, defeat, tie
    outcomes: dict[str, str]
    #: the hold stands (the held character did not win)
    kept: bool
    why: str


def range_key(a: str, b: str) -> str:
    """The key of the range between two combatants, the same either way round."""
    return "|".join(sorted((a, b)))


class Combat(Stored, kw_only=True):
    STORED_AS = "frontera.Combat"

    combatants: dict[str, Combatant]
    #: range between each pair of combatants, by `range_key`
    ranges: dict[str, Range]
    shot_limit: int | None = None
    turn: int = 0
    #: the open turn's test number, while a turn is running
    test: int | None = None
    declarations: dict[str, Declaration] = {}
    #: lost the whole turn to the jam check of every fifth turn
    jammed: list[str] = []
    #: the turn on which each character fell dead, for the 5-turn survival test
    fallen: dict[str, int] = {}
    #: every attack of the last turn judged, as revealed to all
    last_attacks: list[AttackResult] = []

    def range_between(self, a: str, b: str) -> Range:
        return self.ranges[range_key(a, b)]


class FronteraState(Stored, kw_only=True):
    STORED_AS = "frontera.State"

    options: Options
    started: bool = False
    phase: int | None = None  # normal mode only: 1 while the pile lasts, then 2
    decks: int = 0
    zones: dict[str, list[str]] = {}
    #: the test number during which each zone was last shuffled
    shuffled_in_test: dict[str, int] = {}
    characters: dict[str, Character] = {}
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
