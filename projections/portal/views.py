"""PORTAL's view of a table for a seat: what it may see now, or at a past version (rewind).

Each character shows every seat what the table sees of it (name, seat, kind, concept,
armour, shield and named weapons, the dice it holds, its sequels and thorns); what it is
made of (Fortalezas, limitations, drives, quirks, character points, damage and aguante dice, a
principal NPC's pool) only to its player and the game master (`knows`), as the events'
rules say (`projections/portal/redaction.py`). An open roll, with its faces, rerolls and the
readings they give now (its partly applicable Fortaleza, later stage and fixed first reading
too), a sequel owed and a kept unit are listed only to a seat that may see the roll (its
visibility, the game master's reveal, or the table closed); a character's draws on its
once-per-adventure pools leave out those of an open roll hidden from the seat.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.dice import Visibility
from domain.portal.events import game
from domain.portal.pool import Pool
from domain.portal.reading import Reading
from domain.portal.rerolls import MAX_REROLLS, Entitlement, Reroll
from domain.portal.sheet import (
    Armour,
    CharacterPoints,
    Choice,
    ConceptRank,
    Drives,
    Fortaleza,
    Limitation,
    NpcPool,
    Quirk,
    Sequel,
    Shield,
    Thorn,
)
from domain.portal.state import (
    Ace,
    Applied,
    Automatic,
    Combat,
    ExtendedConfrontation,
    KeptUnit,
    LaterStage,
    OpenRoll,
    PortalCharacter,
    PortalState,
    SupportingCharacter,
)
from domain.portal.weapons import WeaponDamage
from domain.table import Table
from projections.header import (
    CharacterHeader,
    TableHeader,
    header_and_characters,
    seen_rolls,
    with_own,
)
from projections.visibility import Viewer


class PortalCharacterView(CharacterHeader, kw_only=True):
    """One character: the public part for every seat; what it is made of (null to others)
    for its player and the game master."""

    kind: Literal["protagonist", "principal"]
    """`protagonist`, or `principal` for a principal NPC (agonist, antagonist): no luck dice, no
    character points [002:647]"""
    concept: ConceptRank
    """The concept rank: `ordinary` (ordinary person), `team_member` or `mythic_hero`
    [002:687-720]"""
    armour: Armour
    """The armour worn, adding its raw die to the aguante: `light` the LOW, `medium` the MID,
    `heavy` the HIGH one; or `none` [002:1226-1234]"""
    shield: Shield
    """The shield carried: `small` (1 ace on defence against melee), `medium` (2 against melee),
    `large` (full cover, 2 aces against any attack); or `none` [002:1201-1222]"""
    discomfort: int
    """Discomfort dice (dados de malestar) held, 0..3 [002:97, 248]"""
    wound: int
    """Wound dice (dados de heridas) held, 0..3 [002:97, 258]"""
    luck_held: int
    """Luck dice held, 0..3: those a roll may add [002:316-322]"""
    luck_lost: int
    """Luck dice lost, 0..3 with those held: only these, the character's own, can come back
    [002:338]"""
    sequels: list[Sequel]
    """The sequels the character carries, each with its level and kind; empty: none"""
    thorns: list[Thorn]
    """The thorns (espinas clavadas) the character carries, each with its schedule; empty: none"""
    weapons: dict[str, WeaponDamage]
    """The weapons the character carries by name (a strike's `wielded`), each with what it
    adds to a damage total [002:1116-1190]: seen at the table as they are carried; empty:
    none"""
    dead: bool
    """Whether the character is dead: attacked out of combat [002:1112], or below the damage at
    its last aguante roll where the table's option `critical_below` is `dead`; no command acts
    for it then"""
    critical: int
    """Points past the damage limit a thorn left outside a combat, awaiting the last aguante
    roll (`portalTakeThornCritical`) [002:1273]; 0: none (a contender's are its combat's)"""
    fortalezas: list[Fortaleza] | None = None
    """Strengths (Fortalezas), each with its level, frequency and specialty; empty: none; null,
    like the rest of the sheet that follows, for all but its player and the game master"""
    limitations: list[Limitation] | None = None
    """Limitations, at most 2, each forcing the LOW die where it applies [002:522-528, 798]"""
    drives: Drives | None = None
    """The drives (estímulos) and the lifetime counters that price changing them"""
    quirks: list[Quirk] | None = None
    """Quirks (peculiaridades), each with its cost in character points; empty: none"""
    points: CharacterPoints | None = None
    """Character points in hand and in the reserve (none for a principal NPC)"""
    damage_die: Choice | None = None
    """The basic die kept for the damage reading, a trait of the role (Brunak HIGH, Lamorak LOW);
    null: the game master chooses at each roll"""
    aguante_die: Choice | None = None
    """The basic die kept for the aguante (toughness) reading, a trait of the role (Ricardo MID);
    null: the game master chooses at each roll"""
    npc_pool: NpcPool | None = None
    """A principal NPC's way of paying luck and character-point costs; null for a protagonist"""
    partial_used: dict[str, int] | None = None
    """The rerolls drawn this adventure from each partly applicable Fortaleza's
    once-per-adventure pool, by the Fortaleza's name [002:492] (but those of an open roll
    the caller may not see); empty: none drawn"""


class PortalOpenRollView(msgspec.Struct, kw_only=True):
    """A roll thrown and not settled yet: the faces now, the rerolls made and left, and what
    each reading gives now."""

    roll: int
    """The table's number of the roll"""
    character: str
    """The id of the character who rolled"""
    visibility: Visibility
    """Who the roll is shown to: public (every seat), gm (the roller and the game master), blind
    (the game master only) or self (the roller only)"""
    difficulty: int | None
    """The difficulty the primary reading must exceed (equal: a partial success); null for a roll
    compared with an opponent's result"""
    pool: Pool
    """The faces now, by kind, after the rerolls so far"""
    readings: list[Reading]
    """What each reading gives with the faces now, in order, the first the primary one"""
    fortalezas: list[Applied]
    """The roller's Fortalezas ruled applicable, each with its level (one reroll per level) and
    reason; empty: none"""
    aces: list[Ace]
    """The aces in the sleeve granted, each with its count (one reroll each) and reason; empty:
    none"""
    entitlement: Entitlement
    """The rerolls the roll is entitled to, by source: Fortaleza levels, aces, aces bought with
    character points"""
    rerolls: list[Reroll]
    """The rerolls made so far, in order: which die, its face before and after, what paid"""
    rerolls_left: int
    """The rerolls the roll may still take: its entitlement, capped at 5 [002:514], less those
    made"""
    blocked_by: str | None
    """The seat id of whoever handed a character point to block the 1s and 6s; null: not blocked"""
    reroll_rolls: list[int]
    """The table's numbers of the rerolls' own rolls (each a `DiceRolled`), in order"""
    partial: Applied | None
    """The Fortaleza ruled partly applicable, its rerolls drawn from its once-per-adventure
    pool (source `adventure`) [002:492]; null: none"""
    later: LaterStage | None
    """The Fortalezas and aces on the damage or aguante, rerolling once the first reading is
    fixed [002:1096]; null: none"""
    fixed: Reading | None
    """The first reading as fixed for the later stage: the rerolls since change the other
    readings only [002:1096]; null: not fixed"""


class PortalOwedSequel(msgspec.Struct, kw_only=True):
    """A sequel a settled roll left, waiting for the game master to name its kind."""

    roll: int
    """The table's number of the settled roll that left the sequel"""
    character: str
    """The id of the character who carries the sequel"""
    level: int
    """The sequel's level: 1 the rest of the scene, 2 the rest of the story or until cared for, 3
    permanent"""


class PortalAutomaticCall(msgspec.Struct, kw_only=True):
    """A secret call granted an automatic outcome, no dice thrown, not yet settled: settled
    as a thrown secret roll is, once revealed (`portalSettleRoll`)."""

    roll: int
    """The table's number of the call (the one `RollOpened` names)"""
    character: str
    """The id of the character called to roll"""
    automatic: Automatic
    """The outcome granted: `success` or `failure`"""


class PortalSupportingView(msgspec.Struct, kw_only=True):
    """A supporting character as the caller may see it: what it was given, and G now."""

    character: SupportingCharacter
    """Its values, the damage taken and its last turn die (its modifier 0 while that die is
    hidden from the caller)"""
    current: int
    """Its G now: its generic value less the damage taken; 0 or less, out of combat
    [002:1301-1307]"""


def _supporting(supporting: SupportingCharacter, viewer: Viewer) -> PortalSupportingView:
    shown = supporting
    if supporting.turn_roll in viewer.hidden_rolls:
        shown = msgspec.structs.replace(supporting, modifier=0, turn_roll=None)
    return PortalSupportingView(character=shown, current=supporting.rules().current)


class PortalView(TableHeader, kw_only=True):
    system: Literal["portal"]
    """The rule system of the table: always `portal` for this view (every system's view names its
    system: the API's answer is one of them)"""
    characters: list[PortalCharacterView]
    """Every character of the table, protagonists and principal NPCs, in the order they were
    created"""
    open_rolls: list[PortalOpenRollView]
    """The open rolls (thrown, not yet settled) the caller may see, oldest first (the header's
    `rolls` counts the table's rolls)"""
    sequels_owed: list[PortalOwedSequel]
    """Sequels left by settled rolls whose kind the game master has not named yet (of the rolls
    the caller may see)"""
    automatic_calls: list[PortalAutomaticCall] = []
    """The secret calls granted an automatic outcome that the caller may see, waiting for
    their reveal and settlement, oldest first"""
    extended: list[ExtendedConfrontation] = []
    """The extended confrontations of the story, in the order they were opened, each with its
    differential and the levels banked"""
    supporting: list[PortalSupportingView] = []
    """The story's supporting characters, in the order they came: their values, G now, and the
    last turn die's modifier (0 while that die is hidden from the caller)"""
    combats: list[Combat] = []
    """The combats under way, oldest first: contenders with their reflexes and phases, what is
    due of each, the turn and phase, the settled rolls awaiting a strike (all read from rolls
    every seat sees)"""
    units: list[KeptUnit] = []
    """The units stacked and kept for the fight that names them (the caller may see their
    dice), oldest first: purpose, leader, each member's die and what it added, the unit's
    Reflexes [002:1377-1419]"""


def _partial_used(state: PortalState, character: PortalCharacter, viewer: Viewer) -> dict[str, int]:
    """The character's draws from its partly applicable Fortalezas' pools, but those of its
    open rolls hidden from the viewer (a secret roll is settled only once revealed, so no
    other draw is hidden)."""
    used = dict(character.partial_used)
    for rolled in state.open_rolls.values():
        hidden = rolled.roll in viewer.hidden_rolls and rolled.character == character.id
        if hidden and rolled.partial is not None:
            used[rolled.partial.name] = used.get(rolled.partial.name, 0) - rolled.drawn
    return {name: count for name, count in used.items() if count}


def character_view(table: Table, character: PortalCharacter, viewer: Viewer) -> PortalCharacterView:
    sheet = character.sheet
    shown = PortalCharacterView(
        id=character.id,
        name=character.name,
        seat=character.seat,
        kind=sheet.kind,
        concept=sheet.concept,
        armour=sheet.armour,
        shield=sheet.shield,
        discomfort=sheet.discomfort,
        wound=sheet.wound,
        luck_held=sheet.luck_held,
        luck_lost=sheet.luck_lost,
        sequels=list(sheet.sequels),
        thorns=list(sheet.thorns),
        weapons=dict(sheet.weapons),
        dead=character.dead,
        critical=character.critical,
    )
    return with_own(
        table,
        character.seat,
        viewer,
        shown,
        fortalezas=list(sheet.fortalezas),
        limitations=list(sheet.limitations),
        drives=sheet.drives,
        quirks=list(sheet.quirks),
        points=sheet.points,
        damage_die=sheet.damage_die,
        aguante_die=sheet.aguante_die,
        npc_pool=sheet.npc_pool,
        partial_used=_partial_used(game(table), character, viewer),
    )


def _open_roll(rolled: OpenRoll) -> PortalOpenRollView:
    sequence = rolled.sequence
    return PortalOpenRollView(
        roll=rolled.roll,
        character=rolled.character,
        visibility=rolled.visibility,
        difficulty=rolled.difficulty,
        pool=sequence.pool,
        readings=rolled.final_readings(),
        fortalezas=list(rolled.fortalezas),
        aces=list(rolled.aces),
        entitlement=sequence.entitlement,
        rerolls=list(sequence.rerolls),
        rerolls_left=max(
            0,
            min(MAX_REROLLS, sequence.entitlement.total) - len(sequence.rerolls),
        ),
        blocked_by=sequence.blocked_by,
        reroll_rolls=list(rolled.reroll_rolls),
        partial=rolled.partial,
        later=rolled.later,
        fixed=rolled.fixed,
    )


def table_view(table: Table, viewer: Viewer) -> PortalView:
    state = game(table)
    return PortalView(
        **header_and_characters(table, viewer, character_view),
        open_rolls=[_open_roll(r) for r in seen_rolls(state.open_rolls.values(), viewer)],
        sequels_owed=[
            PortalOwedSequel(roll=s.roll, character=s.character, level=s.level)
            for s in seen_rolls(state.owed_sequels.values(), viewer)
        ],
        automatic_calls=[
            PortalAutomaticCall(roll=c.roll, character=c.character, automatic=c.automatic)
            for c in seen_rolls(state.automatic_calls.values(), viewer)
        ],
        extended=list(state.extended.values()),
        supporting=[_supporting(s, viewer) for s in state.supporting.values()],
        combats=list(state.combats.values()),
        units=seen_rolls(state.units.values(), viewer),
    )
