"""stepdice's view of a table for a seat: what it may see now, or at a past version (rewind).

A player sees its own characters' sheets in full and of the others the public part (name,
seat, Hearts, Armour, downed, dead, a hit waiting for the Armour); attribute dice or ranks
and Mana are the character's player's and the game master's. The game master sees every
sheet. Enemies, scenes and clocks are public. A roll's result (`results`) is listed only to a
seat that may see the roll (its visibility, or the game master's reveal, or the table
closed): the same rule `projections.redaction` applies to the roll's events.
"""

from __future__ import annotations

from typing import Literal, TypeVar

import msgspec

from domain.dice import Visibility
from domain.stepdice.combat import Category, EnemyStatus
from domain.stepdice.events import game
from domain.stepdice.ladder import Grade
from domain.stepdice.resolution import Outcome
from domain.stepdice.state import Character, Owed, RollKind
from domain.table import Table
from projections.header import TableHeader, header, seen_rolls, with_own
from projections.visibility import Viewer


class StepdicePendingHit(msgspec.Struct, kw_only=True):
    """A Heart the character should lose: its player spends the Armour token or not."""

    cause: str
    roll: int | None


class StepdiceCharacterView(msgspec.Struct, kw_only=True):
    """One character: the public part for every seat; the rest (null to others) for its
    player and the game master."""

    id: str
    name: str
    seat: str
    hearts: int
    hearts_max: int
    #: the character wears protection, and its Armour token is still there this scene
    protected: bool
    armour: bool
    downed: bool
    dead: bool
    pending_hit: StepdicePendingHit | None
    #: the standard game's die per attribute, or the solo variant's rank (its player's and
    #: the game master's)
    attributes: dict[str, int] | None = None
    ranks: dict[str, str] | None = None
    #: Mana now and at most (its player's and the game master's)
    mana: int | None = None
    mana_max: int | None = None


class StepdiceEnemy(msgspec.Struct, kw_only=True):
    id: str
    name: str
    category: Category
    #: the TN's grade in the standard game, the threshold's shift in solo
    grade: Grade
    hearts: int
    hearts_max: int
    status: EnemyStatus


class StepdiceClock(msgspec.Struct, kw_only=True):
    id: str
    name: str
    steps: int
    position: int
    consequence: str
    running: bool


class StepdiceRoll(msgspec.Struct, kw_only=True):
    """A test, attack or cast as resolved, and the ruling it still waits for."""

    roll: int
    kind: RollKind
    character: str
    visibility: Visibility
    outcome: Outcome
    enemy: str | None
    #: Mana spent on it
    mana: int
    #: the game master's ruling it waits for: benefit, complication, consequence, venganza
    owed: Owed | None


class StepdiceView(TableHeader, kw_only=True):
    #: every system's view names its system: the API's answer is one of them
    system: Literal["stepdice"]
    #: the scene under way (Armour tokens are per scene, clocks stop with it)
    scene: int
    characters: list[StepdiceCharacterView]
    enemies: list[StepdiceEnemy]
    clocks: list[StepdiceClock]
    #: the rolls the caller may see, oldest first (a secret test's only once revealed)
    results: list[StepdiceRoll]


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


S = TypeVar("S", bound=msgspec.Struct)


def _shown(value: msgspec.Struct, kind: type[S]) -> S:
    """A part of the state as the view's Struct of the same fields shows it."""
    return msgspec.convert(msgspec.to_builtins(value), kind)


def table_view(table: Table, viewer: Viewer) -> StepdiceView:
    state = game(table)
    return StepdiceView(
        **header(table, viewer),
        scene=state.scene,
        characters=[character_view(table, c, viewer) for c in state.characters.values()],
        enemies=[_shown(e, StepdiceEnemy) for e in state.enemies.values()],
        clocks=[_shown(k, StepdiceClock) for k in state.clocks.values()],
        results=[_shown(r, StepdiceRoll) for r in seen_rolls(state.results.values(), viewer)],
    )
