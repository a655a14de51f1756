"""A seat's view of a table: what it may see now, or at a past version (rewind)."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.frontera.character import Character
from domain.frontera.combat import Weapon
from domain.frontera.state import FronteraState, Modifier, OpenTest
from domain.table import GM, Table
from projections.redaction import Viewer, zone_cards


class SeatView(msgspec.Struct, kw_only=True):
    id: str
    name: str
    role: str
    active: bool


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


class TestView(msgspec.Struct, kw_only=True):
    number: int
    kind: str
    difficulty: int | None
    dead_mans_hand_cards: int
    participants: list[ParticipantView]
    #: characters that have not drawn or not chosen yet
    waiting_for: list[str]


class TableView(msgspec.Struct, kw_only=True):
    id: str
    title: str
    system: str
    version: int
    you: str
    role: str
    closed: bool
    seed_commitment: str
    seed: str | None
    lineage: dict[str, Any] | None
    options: dict[str, Any]
    started: bool
    phase: int | None
    seats: list[SeatView]
    zones: list[ZoneView]
    characters: list[CharacterView]
    #: the table's weapons: damage, and the draw modifier per range (null: out of reach)
    weapons: list[Weapon]
    test: TestView | None


def character_view(table: Table, character: Character, viewer: Viewer) -> CharacterView:
    full = viewer.is_gm or viewer.seat == character.seat or table.closed
    public = CharacterView(
        id=character.id,
        name=character.name,
        kind=character.kind,
        seat=character.seat,
        health=character.level_name("health"),
        morale=character.level_name("morale"),
        sobriety=character.level_name("sobriety"),
        can_act=character.cannot_act_because is None,
    )
    if not full:
        return public
    return msgspec.structs.replace(
        public,
        traits={str(t): v for t, v in character.traits.items()},
        skills=[str(s) for s in character.skills],
        toughness=character.toughness,
        confidence=character.confidence,
        fixed_draw=character.fixed_draw,
        levels={t: character.level(t) for t in ("health", "morale", "sobriety")},
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
            )
        )
    return TestView(
        number=test.number,
        kind=test.kind,
        difficulty=test.difficulty,
        dead_mans_hand_cards=test.cards,
        participants=participants,
        waiting_for=test.waiting_for,
    )


def table_view(table: Table, viewer: Viewer) -> TableView:
    state = table.game
    assert isinstance(state, FronteraState)
    return TableView(
        id=str(table.id),
        title=table.title,
        system=table.system,
        version=table.version,
        you=viewer.seat,
        role=GM if viewer.is_gm else "player",
        closed=table.closed,
        seed_commitment=table.seed_commitment,
        seed=table.seed,
        lineage=msgspec.to_builtins(table.lineage) if table.lineage else None,
        options=table.options,
        started=state.started,
        phase=state.phase,
        seats=[
            SeatView(id=s.id, name=s.name, role=s.role, active=s.active)
            for s in table.seats.values()
        ],
        zones=[
            ZoneView(zone=zone, count=len(cards), cards=zone_cards(table, state, zone, viewer))
            for zone, cards in state.zones.items()
        ],
        characters=[character_view(table, c, viewer) for c in state.characters.values()],
        weapons=list(state.weapons.values()),
        test=_test_view(table, state, state.test, viewer) if state.test else None,
    )
