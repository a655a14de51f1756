"""stepdice's view of a table for a seat: what it may see now, or at a past version (rewind).

A player sees its own characters' sheets in full and of the others the public part (name,
seat, Hearts, Armour, downed, dead, a hit waiting for the Armour); attribute dice or ranks
and Mana are the character's player's and the game master's. The game master sees every
sheet. Enemies, scenes and clocks are public. A roll's result (`results`) is listed only to a
seat that may see the roll (its visibility, or the game master's reveal, or the table
closed): the same rule `projections.redaction` applies to the roll's events.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.dice import Visibility
from domain.stepdice.combat import Category, EnemyStatus
from domain.stepdice.events import game
from domain.stepdice.ladder import Grade
from domain.stepdice.resolution import Outcome
from domain.stepdice.state import Character, Owed, RollKind
from domain.table import Table
from projections.header import (
    CharacterHeader,
    TableHeader,
    header_and_characters,
    seen_rolls,
    shown_as,
    with_own,
)
from projections.visibility import Viewer


class StepdicePendingHit(msgspec.Struct, kw_only=True):
    """A Heart the character should lose: its player spends the Armour token or not."""

    cause: str
    """What the hit comes from: venganza for a missed attack's Venganza, else the game master's
    reason for the hit"""
    roll: int | None
    """The number of the roll the hit follows from; null for the game master's ruling (LoseHeart)"""


class StepdiceCharacterView(CharacterHeader, kw_only=True):
    """One character: the public part for every seat; the rest (null to others) for its
    player and the game master."""

    hearts: int
    """The Hearts (Corazones) the character has now, 0 to hearts_max (at 0 it is downed)"""
    hearts_max: int
    """The character's maximum Hearts: the table's starting Hearts (5) unless raised or lowered"""
    protected: bool
    """Whether the character wears protection: 1 Armour token per scene"""
    armour: bool
    """Whether the character still holds its Armour token this scene"""
    downed: bool
    """Whether the character is downed (Derribado, at 0 Hearts): no actions, and the next hit
    kills"""
    dead: bool
    """Whether the character is dead (hit while downed)"""
    pending_hit: StepdicePendingHit | None
    """The hit waiting for the character's player to spend the Armour token or not; null if none"""
    attributes: dict[str, int] | None = None
    """The standard game's dice, by attribute name (fuerza, agilidad, destreza, magia): its die's
    sides; null in solo-d6, and, like `ranks`, for all but its player and the game master"""
    ranks: dict[str, str] | None = None
    """The solo-d6 variant's ranks, by attribute name (fuerza, agilidad, destreza, magia): its
    rank; null in the standard game"""
    mana: int | None = None
    """The Mana the character has now (above mana_max only when the table allows it); null, like
    `mana_max`, for all but its player and the game master"""
    mana_max: int | None = None
    """The character's maximum Mana: the table's starting Mana (3) unless raised or lowered"""


class StepdiceEnemy(msgspec.Struct, kw_only=True):
    """An enemy on the table: its category, the grade it is attacked at, its Hearts and status."""

    id: str
    """The enemy's id at the table (e1, e2, …)"""
    name: str
    """The enemy's name as the table shows it"""
    category: Category
    """The enemy's category: peon (pawn, out on its first hit), elite or jefe (boss)"""
    grade: Grade
    """The enemy's grade: its TN in the standard game (facil 4, normal 6, dificil 8, heroico 12),
    its threshold shift in solo-d6 (-1 to +2)"""
    hearts: int
    """The Hearts the enemy has left"""
    hearts_max: int
    """The Hearts the enemy started with: 1 for a pawn, an élite's and a boss's as the table's
    options say"""
    status: EnemyStatus
    """standing, downed (at 0 Hearts, when the table downs enemies), out (a pawn hit) or defeated"""


class StepdiceClock(msgspec.Struct, kw_only=True):
    """A time-pressure clock: each failure moves it one step; at its steps the consequence
    happens."""

    id: str
    """The clock's id at the table (k1, k2, …)"""
    name: str
    """The clock's name as the table shows it (what the time pressure is)"""
    steps: int
    """The failures (1-12) that run the clock out"""
    position: int
    """The steps counted so far (0 at the start); at steps the clock runs out"""
    consequence: str
    """What happens when the clock runs out, as the game master set it"""
    running: bool
    """Whether the clock still counts (it stops when it runs out or a new scene begins)"""


class StepdiceRoll(msgspec.Struct, kw_only=True):
    """A test, attack or cast as resolved, and the ruling it still waits for."""

    roll: int
    """The roll's number at the table"""
    kind: RollKind
    """The roll's kind: test, attack or cast"""
    character: str
    """The id of the rolling character"""
    visibility: Visibility
    """Who the roll is shown to: public (every seat), gm (the roller and the game master), blind
    (the game master only) or self (the roller only)"""
    outcome: Outcome
    """failure_complication (a 1), failure (below the target), success, or exceptional (the die's
    maximum: a success and an extra benefit)"""
    enemy: str | None
    """The id of the enemy attacked; null for a test or a cast"""
    mana: int
    """The Mana spent on it (a cast or a spell attack); 0 otherwise"""
    owed: Owed | None
    """The game master's ruling the roll still waits for: benefit, complication, consequence or
    venganza; null if none (or once given)"""


class StepdiceView(TableHeader, kw_only=True):
    """A stepdice table as one seat sees it: the shared header, then the scene, characters,
    enemies, clocks and resolved rolls."""

    system: Literal["stepdice"]
    """The rule system: always stepdice (every system's view names its system: the API's answer
    is one of them)"""
    scene: int
    """The number of the scene under way (a table starts in scene 1): Armour tokens are per
    scene, and clocks stop with it"""
    characters: list[StepdiceCharacterView]
    """Every character at the table, in the order created"""
    enemies: list[StepdiceEnemy]
    """Every enemy set on the table, in the order added (the fallen too)"""
    clocks: list[StepdiceClock]
    """Every time-pressure clock set, in the order started (the stopped ones too)"""
    results: list[StepdiceRoll]
    """The resolved tests, attacks and casts shown to the caller, oldest first (a secret test
    only once revealed)"""


def character_view(table: Table, character: Character, viewer: Viewer) -> StepdiceCharacterView:
    hit = character.pending_hit
    shown = StepdiceCharacterView(
        id=character.id,
        name=character.name,
        seat=character.seat,
        hearts=character.hearts,
        hearts_max=character.hearts_max,
        protected=character.protected,
        armour=character.armour,
        downed=character.downed,
        dead=character.dead,
        pending_hit=None if hit is None else StepdicePendingHit(cause=hit.cause, roll=hit.roll),
    )
    return with_own(
        table,
        character.seat,
        viewer,
        shown,
        attributes=msgspec.to_builtins(character.attributes) if character.attributes else None,
        ranks=msgspec.to_builtins(character.ranks) if character.ranks else None,
        mana=character.mana,
        mana_max=character.mana_max,
    )


def table_view(table: Table, viewer: Viewer) -> StepdiceView:
    state = game(table)
    return StepdiceView(
        **header_and_characters(table, viewer, character_view),
        scene=state.scene,
        enemies=[shown_as(e, StepdiceEnemy) for e in state.enemies.values()],
        clocks=[shown_as(k, StepdiceClock) for k in state.clocks.values()],
        results=[shown_as(r, StepdiceRoll) for r in seen_rolls(state.results.values(), viewer)],
    )
