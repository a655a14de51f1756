"""Frontera's view of a table for a seat: what it may see now, or at a past version (rewind)."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.frontera.cards import sort_cards
from domain.frontera.character import Character, Recovery
from domain.frontera.combat import Weapon
from domain.frontera.combat_turn import still_to_declare
from domain.frontera.events import game
from domain.frontera.state import (
    AttackResult,
    Combat,
    Combatant,
    Declaration,
    FronteraState,
    Modifier,
    OpenTest,
)
from domain.table import Table
from projections.frontera.redaction import zone_cards
from projections.header import TableHeader, header_and_characters, shown_as, with_own
from projections.visibility import Viewer


class ZoneView(msgspec.Struct, kw_only=True):
    """A zone of cards: its name, how many cards it holds and, when face up to the viewer, which."""

    zone: str
    """The zone's name: `pile`, `discard`, `treasure`, `dead_mans_hand`, `removed`,
    `player_deck:<seat>`, `player_discard:<seat>`, `hand:<character>` (cards drawn for a test) …"""
    count: int
    """How many cards the zone holds"""
    cards: list[str] | None
    """The zone's card ids, in canonical order (in their real order, top first, once the table is
    closed); null: face down"""


class CharacterView(msgspec.Struct, kw_only=True):
    """A character as the viewer may see it: its name and condition, and its whole sheet where the
    viewer knows it."""

    id: str
    """The character's id at the table (`c1`, `c2` … in order of creation)"""
    name: str
    """The character's name, as the table calls it"""
    kind: str
    """`protagonist` (a player's character), `npc` or `henchman` (the Mayor's)"""
    seat: str
    """The seat id of the character's player (the Mayor's seat for NPCs and henchmen)"""
    health: str
    """The name of its health level: `healthy`, `wounded`, `badly_wounded`, `incapacitated` or
    `dead`"""
    morale: str
    """The name of its morale level: `normal`, `scared`, `terrified` or `paralysed`"""
    sobriety: str
    """The name of its sobriety level: `sober`, `tipsy`, `drunk` or `coma`"""
    can_act: bool
    """False when the character can take no action: incapacitated or dead, paralysed, or in a
    coma"""
    traits: dict[str, int] | None = None
    """The level of each trait, by trait (`hands`, `senses`, `muscle`, `head`); null, like the
    rest of the full sheet that follows (`challenged_by` aside), for all but its player and the
    Mayor"""
    skills: list[str] | None = None
    """The skills the character has: each adds 2 cards to a test the Mayor rules it relevant to"""
    toughness: int | None = None
    """Toughness (aguante): muscle + 4"""
    confidence: int | None = None
    """Confidence (confianza): the highest trait + 4"""
    fixed_draw: int | None = None
    """A henchman's number of cards for every test, set by the Mayor in place of trait and skill;
    null: drawn as usual"""
    levels: dict[str, int] | None = None
    """The level of each track, by track: `health` 0 to -4, `morale` and `sobriety` 0 to -3"""
    drinks: int | None = None
    """Drinks taken since the character was last sober"""
    recovery: dict[str, Recovery] | None = None
    """The recovery under way at each track's current level, by track"""
    challenged_by: str | None = None
    """The id of the character it lost a challenge to and owes an answer (face it or lose 1
    morale), public; null: none"""
    money: int | None = None
    """Dollars carried; negative: a gambling debt"""
    equipment: dict[str, int] | None = None
    """What the character carries: how many of each item, by item name (e.g. `horse`: 1, `knife`:
    10)"""


class ParticipantView(msgspec.Struct, kw_only=True):
    """One character's part in the open test."""

    character: str
    """The id of the character taking part"""
    seat: str
    """The seat id of the character's player (the Mayor's seat for NPCs and henchmen)"""
    trait: str | None
    """The trait it uses (its suit is the participant's right suit); null in a dead man's hand
    test"""
    skill: str | None
    """The skill the Mayor ruled relevant, counted only if the character has it; null: none"""
    modifiers: list[Modifier]
    """The Mayor's changes to its draw, each with its reason; empty: none"""
    drawn: bool
    """True once it has drawn its cards"""
    chosen: bool
    """True once it has chosen the cards it plays"""
    cards_held: int
    """How many cards it holds for the test"""
    cards: list[str] | None = None
    """The card ids it holds for the test, in canonical order; like `chosen_cards`, for its own
    seat only"""
    chosen_cards: list[str] | None = None
    """The card ids it chose to play"""
    targets: dict[str, str] | None = None
    """Combat: the id of the character each chosen card attacks, by card id; for its own seat
    only until the reveal"""


class TestView(msgspec.Struct, kw_only=True):
    """The open test: its kind, its participants and whom it waits for."""

    number: int
    """The test's number at the table, from 1 in the order tests open"""
    kind: str
    """The test's kind: `trait`, `opposed`, `dead_mans_hand` or `combat`"""
    difficulty: int | None
    """The lowest card value a trait test requires; null: none"""
    dead_mans_hand_cards: int
    """Dead man's hand test: the cards drawn (1 or 2), the better one counting"""
    participants: list[ParticipantView]
    """Each participant's part, in the order given"""
    waiting_for: list[str]
    """The ids of the characters that have not drawn or not chosen yet"""
    purpose: str | None = None
    """What the outcome sets off: `accident`, `medical_care`, `challenge`, `provoke`, `pistol_duel`,
    `survival`, `house_stop`, `chance_game` or `skill_game`; null: the outcome is all"""


class CombatView(msgspec.Struct, kw_only=True):
    """The open combat: everybody's footing and announcements are public."""

    turn: int
    """The number of the current or last turn, from 1; 0 before the first"""
    turn_running: bool
    """True while the turn's test is open (announcing, drawing, choosing)"""
    shot_limit: int | None
    """"Only one can remain" [L1125]: the shots each combatant may fire in the whole combat; null:
    no limit"""
    combatants: list[Combatant]
    """Every combatant's footing: cover, mount, holsters, hold and shots left"""
    ranges: dict[str, str]
    """The range between each pair of combatants (`adjacent`, `short`, `medium`, `long`), keyed by
    the pair's character ids sorted and joined with `|`"""
    declarations: list[Declaration]
    """This turn's announcements (action, move, technique, weapon, targets)"""
    jammed: list[str]
    """The ids of the characters who lost this whole turn to the jam check of every fifth turn"""
    to_declare: list[str]
    """The ids of the combatants still to announce this turn (the Mayor's characters first)"""
    fallen: dict[str, int]
    """The turn on which each character fell dead, by character id, for the 5-turn survival test"""
    last_attacks: list[AttackResult]
    """Every attack of the last turn judged, as revealed to all"""


class ExchangeView(msgspec.Struct, kw_only=True):
    """A card exchange waiting for a seat: public but for the cards offered."""

    kind: str
    """The exchange: `bet` (a caught cheater's too), `duel`, `coma` or `loot`"""
    reason: str
    """Why it happens: the exchange's kind, the character in a coma, or the Mayor's reason for a
    loot"""
    step: str
    """The step waiting: `pick`, `keep_loot` or `swap` (random steps run at once)"""
    picker: str
    """The seat id whose command the exchange waits for; empty for keep_loot: any sharing seat"""
    character: str | None
    """The id of the protagonist concerned (a swap's, a coma's); null otherwise"""
    source: str | None
    """The deck zone picked from; null for keep_loot and swap"""
    at_least: int
    """The fewest cards to pick (0 when the step is not a pick)"""
    at_most: int
    """The most cards to pick (0 when the step is not a pick)"""
    sharers: list[str]
    """Loot: the ids of the protagonists sharing it; empty otherwise"""
    partners: list[str]
    """Swap: the ids of the protagonists it may swap with; empty otherwise"""
    steps_left: int
    """The steps still to do, this one included"""
    choices: list[str] | None = None
    """The card ids the picker may pick, in canonical order; for the picker only"""


class HouseGameView(msgspec.Struct, kw_only=True):
    """A night at a "house always wins" table under way."""

    character: str
    """The id of the protagonist at the house"""
    rounds: int
    """Rounds played so far"""
    house: int
    """The house's points so far"""
    player: int
    """The player's points so far"""
    last_card: str | None
    """The card id of the last round; null before the first"""
    last_round: bool
    """True after a partial success at stopping: the next round is the last and counts"""
    cheating: bool
    """True when the player cheats: hands (deftness) for the stop test, and a cheater's
    settlement"""


class TableView(TableHeader, kw_only=True):
    """A Frontera table as one seat may see it now (or at a past version)."""

    system: Literal["frontera"]
    """The rule system: `frontera` (every system's view names its system: the API's answer is one
    of them)"""
    started: bool
    """True once the Mayor has set out the cards"""
    phase: int | None
    """Normal mode's phase: 1 while the pile lasts, then 2; null in the no-management and wear
    modes"""
    zones: list[ZoneView]
    """Every card zone, with its count and the cards the viewer may see"""
    characters: list[CharacterView]
    """Every character at the table"""
    weapons: list[Weapon]
    """The table's weapons: kind, damage and the draw modifier per range (null: out of reach)"""
    test: TestView | None
    """The open test; null: none"""
    elapsed_seconds: int = 0
    """Game time the Mayor has advanced, in seconds"""
    drinking_duel: list[str] | None = None
    """The ids of the characters in the drinking duel under way; null: none"""
    combat: CombatView | None = None
    """The open combat; null: none"""
    exchange: ExchangeView | None = None
    """The card exchange waiting for a seat; null: none"""
    house_game: HouseGameView | None = None
    """The night at the house under way; null: none"""


def character_view(table: Table, character: Character, viewer: Viewer) -> CharacterView:
    public = CharacterView(
        id=character.id,
        name=character.name,
        kind=character.kind,
        seat=character.seat,
        health=character.level_name("health"),
        morale=character.level_name("morale"),
        sobriety=character.level_name("sobriety"),
        can_act=character.cannot_act_because is None,
        challenged_by=game(table).challenges.get(character.id),
    )
    return with_own(
        table,
        character.seat,
        viewer,
        public,
        traits={str(t): v for t, v in character.traits.items()},
        skills=[str(s) for s in character.skills],
        toughness=character.toughness,
        confidence=character.confidence,
        fixed_draw=character.fixed_draw,
        levels={t: character.level(t) for t in ("health", "morale", "sobriety")},
        drinks=character.drinks,
        recovery={
            track: progress
            for track, progress in character.recovery.items()
            if progress.level == character.level(track)
        },
        money=character.money,
        equipment=dict(character.equipment),
    )


def _test_view(table: Table, state: FronteraState, test: OpenTest, viewer: Viewer) -> TestView:
    participants = []
    for p in test.participants.values():
        held = zone_cards(table, state, f"hand:{p.character}", viewer)
        own = held is not None
        participants.append(
            ParticipantView(
                character=p.character,
                seat=p.seat,
                trait=p.trait,
                skill=p.skill,
                modifiers=p.modifiers,
                drawn=p.drawn,
                chosen=p.chosen is not None,
                cards_held=len(state.zone(f"hand:{p.character}")),
                cards=held,
                chosen_cards=list(p.chosen) if own and p.chosen is not None else None,
                targets=dict(p.targets) if own and p.targets else None,
            )
        )
    return TestView(
        number=test.number,
        kind=test.kind,
        difficulty=test.difficulty,
        dead_mans_hand_cards=test.cards,
        participants=participants,
        waiting_for=test.waiting_for,
        purpose=test.purpose,
    )


def _combat_view(state: FronteraState, combat: Combat) -> CombatView:
    to_declare = still_to_declare(state, combat)
    return CombatView(
        turn=combat.turn,
        turn_running=combat.test is not None
        and state.test is not None
        and state.test.number == combat.test,
        shot_limit=combat.shot_limit,
        combatants=list(combat.combatants.values()),
        ranges=dict(combat.ranges),
        declarations=list(combat.declarations.values()),
        jammed=list(combat.jammed),
        to_declare=to_declare,
        fallen=dict(combat.fallen),
        last_attacks=list(combat.last_attacks),
    )


def table_view(table: Table, viewer: Viewer) -> TableView:
    state = game(table)
    return TableView(
        **header_and_characters(table, viewer, character_view),
        started=state.started,
        phase=state.phase,
        zones=[
            ZoneView(zone=zone, count=len(cards), cards=zone_cards(table, state, zone, viewer))
            for zone, cards in state.zones.items()
        ],
        weapons=list(state.weapons.values()),
        test=_test_view(table, state, state.test, viewer) if state.test else None,
        elapsed_seconds=state.elapsed,
        drinking_duel=list(state.drinking_duel) if state.drinking_duel is not None else None,
        combat=_combat_view(state, state.combat) if state.combat else None,
        exchange=_exchange_view(table, state, viewer),
        house_game=None if state.house_game is None else shown_as(state.house_game, HouseGameView),
    )


def _exchange_view(table: Table, state: FronteraState, viewer: Viewer) -> ExchangeView | None:
    exchange = state.exchange
    if exchange is None:
        return None
    step = exchange.steps[0]
    picks = step.kind == "pick"
    return ExchangeView(
        kind=exchange.kind,
        reason=exchange.reason,
        step=step.kind,
        picker=step.seat,
        character=step.character,
        source=step.source,
        at_least=min(step.at_least, len(exchange.shown)) if picks else 0,
        at_most=min(step.at_most, len(exchange.shown)) if picks else 0,
        sharers=list(exchange.sharers),
        partners=list(step.partners),
        steps_left=len(exchange.steps),
        choices=sort_cards(exchange.shown)
        if picks and (viewer.seat == step.seat or table.closed)
        else None,
    )
