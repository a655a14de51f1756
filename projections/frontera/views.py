"""Frontera's view of a table for a seat: what it may see now, or at a past version (rewind)."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.frontera.cards import sort_cards
from domain.frontera.character import Character, Recovery
from domain.frontera.combat import Weapon
from domain.frontera.combat_turn import still_to_declare
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
from projections.header import TableHeader, header, knows
from projections.visibility import Viewer


class ZoneView(msgspec.Struct, kw_only=True):
    zone: str
    count: int
    #: the cards, when the viewer may see them (canonical order until the table closes)
    cards: list[str] | None


class CharacterView(msgspec.Struct, kw_only=True):
    id: str
    name: str
    kind: str
    seat: str
    health: str
    morale: str
    sobriety: str
    can_act: bool
    #: the full sheet, for its player and the Mayor only
    traits: dict[str, int] | None = None
    skills: list[str] | None = None
    toughness: int | None = None
    confidence: int | None = None
    fixed_draw: int | None = None
    levels: dict[str, int] | None = None
    #: drinks since last sober, and the recovery under way at each track's current level
    drinks: int | None = None
    recovery: dict[str, Recovery] | None = None
    #: lost a challenge to this character and owes it an answer (public)
    challenged_by: str | None = None
    #: dollars carried (negative: a gambling debt)
    money: int | None = None
    #: what it carries, by item, how many
    equipment: dict[str, int] | None = None


class ParticipantView(msgspec.Struct, kw_only=True):
    character: str
    seat: str
    trait: str | None
    skill: str | None
    modifiers: list[Modifier]
    drawn: bool
    chosen: bool
    cards_held: int
    #: the cards it holds and the ones it chose, for its own seat
    cards: list[str] | None = None
    chosen_cards: list[str] | None = None
    #: combat: the target of each chosen card, for its own seat until the reveal
    targets: dict[str, str] | None = None


class TestView(msgspec.Struct, kw_only=True):
    number: int
    kind: str
    difficulty: int | None
    dead_mans_hand_cards: int
    participants: list[ParticipantView]
    #: characters that have not drawn or not chosen yet
    waiting_for: list[str]
    #: what the outcome sets off (pistol_duel, survival …), if anything
    purpose: str | None = None


class CombatView(msgspec.Struct, kw_only=True):
    """The open combat: everybody's footing and announcements are public."""

    turn: int
    turn_running: bool
    shot_limit: int | None
    combatants: list[Combatant]
    #: range between each pair, keyed "a|b"
    ranges: dict[str, str]
    #: this turn's announcements (technique, weapon, targets, move)
    declarations: list[Declaration]
    #: lost this turn to the jam check
    jammed: list[str]
    #: still to announce this turn (the Mayor's characters first)
    to_declare: list[str]
    #: the turn each fallen character fell on
    fallen: dict[str, int]
    #: every attack of the last turn, judged after the reveal
    last_attacks: list[AttackResult]


class ExchangeView(msgspec.Struct, kw_only=True):
    """A card exchange waiting for a seat: public but for the cards offered."""

    kind: str
    reason: str
    #: pick, keep_loot, swap (random steps run at once)
    step: str
    #: the seat whose command the exchange waits for ("" for keep_loot: any sharing seat)
    picker: str
    character: str | None
    #: the deck picked from, and how many cards to pick
    source: str | None
    at_least: int
    at_most: int
    sharers: list[str]
    partners: list[str]
    steps_left: int
    #: the cards the picker may pick, for the picker only
    choices: list[str] | None = None


class HouseGameView(msgspec.Struct, kw_only=True):
    character: str
    rounds: int
    house: int
    player: int
    last_card: str | None
    last_round: bool
    cheating: bool


class TableView(TableHeader, kw_only=True):
    #: every system's view names its system: the API's answer is one of them
    system: Literal["frontera"]
    started: bool
    phase: int | None
    zones: list[ZoneView]
    characters: list[CharacterView]
    #: the table's weapons: damage, and the draw modifier per range (null: out of reach)
    weapons: list[Weapon]
    test: TestView | None
    #: game time the Mayor has advanced, in seconds
    elapsed_seconds: int = 0
    #: the characters of the drinking duel under way
    drinking_duel: list[str] | None = None
    combat: CombatView | None = None
    exchange: ExchangeView | None = None
    house_game: HouseGameView | None = None


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
        challenged_by=_frontera(table).challenges.get(character.id),
    )
    if not knows(table, character.seat, viewer):
        return public
    return msgspec.structs.replace(
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
    state = _frontera(table)
    return TableView(
        **header(table, viewer),
        started=state.started,
        phase=state.phase,
        zones=[
            ZoneView(zone=zone, count=len(cards), cards=zone_cards(table, state, zone, viewer))
            for zone, cards in state.zones.items()
        ],
        characters=[character_view(table, c, viewer) for c in state.characters.values()],
        weapons=list(state.weapons.values()),
        test=_test_view(table, state, state.test, viewer) if state.test else None,
        elapsed_seconds=state.elapsed,
        drinking_duel=list(state.drinking_duel) if state.drinking_duel is not None else None,
        combat=_combat_view(state, state.combat) if state.combat else None,
        exchange=_exchange_view(table, state, viewer),
        house_game=_house_game_view(state),
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


def _house_game_view(state: FronteraState) -> HouseGameView | None:
    house_game = state.house_game
    if house_game is None:
        return None
    return HouseGameView(
        character=house_game.character,
        rounds=house_game.rounds,
        house=house_game.house,
        player=house_game.player,
        last_card=house_game.last_card,
        last_round=house_game.last_round,
        cheating=house_game.cheating,
    )


def _frontera(table: Table) -> FronteraState:
    state = table.game
    assert isinstance(state, FronteraState)
    return state
