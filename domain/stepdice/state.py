"""What a stepdice table holds between events: characters, enemies, clocks, and the rolls
whose game-master ruling (benefit, complication, Venganza) is still owed."""

from __future__ import annotations

from typing import Literal

from domain.dice import Visibility
from domain.stepdice.combat import Category, EnemyStatus
from domain.stepdice.ladder import Die, Grade
from domain.stepdice.options import Options
from domain.stepdice.resolution import Outcome
from domain.stepdice.solo import Rank
from domain.structs import Stored

#: attributes named in the book: Fuerza, Agilidad, Destreza, Magia [003:118, 124, 160, 243];
#: whether Agilidad and Destreza are one attribute is a GAP (§3.1): they are kept apart
Attribute = Literal["fuerza", "agilidad", "destreza", "magia"]
ATTRIBUTES: tuple[Attribute, ...] = ("fuerza", "agilidad", "destreza", "magia")

RollKind = Literal["test", "attack", "cast"]
#: the ruling a roll waits for: an exceptional's benefit, a 1's complication, a failed
#: spell's consequence, a missed attack's Venganza
Owed = Literal["benefit", "complication", "consequence", "venganza"]


class Attributes(Stored, kw_only=True, forbid_unknown_fields=True):
    """The standard game: each attribute's die [003:9, 97]."""

    STORED_AS = "stepdice.Attributes"

    fuerza: Die
    agilidad: Die
    destreza: Die
    magia: Die


class Ranks(Stored, kw_only=True, forbid_unknown_fields=True):
    """The solo-d6 variant: each attribute's rank [003:316-321]."""

    STORED_AS = "stepdice.Ranks"

    fuerza: Rank
    agilidad: Rank
    destreza: Rank
    magia: Rank


class PendingHit(Stored, kw_only=True):
    """A Heart the character should lose, waiting for its player to spend the Armour token
    or not (the `armour` option "optional")."""

    STORED_AS = "stepdice.PendingHit"

    cause: str
    roll: int | None = None
    visibility: Visibility = "public"


class Character(Stored, kw_only=True):
    STORED_AS = "stepdice.Character"

    id: str
    name: str
    seat: str
    #: the standard game's dice, or the solo variant's ranks
    attributes: Attributes | None = None
    ranks: Ranks | None = None
    hearts: int
    hearts_max: int
    mana: int
    mana_max: int
    #: the character has protection: 1 Armour token per scene [003:359]
    protected: bool = False
    #: the token is still there this scene
    armour: bool = False
    downed: bool = False
    dead: bool = False
    pending_hit: PendingHit | None = None


class Enemy(Stored, kw_only=True):
    STORED_AS = "stepdice.Enemy"

    id: str
    name: str
    category: Category
    #: the TN in the standard game, the threshold shift in solo
    grade: Grade
    hearts: int
    hearts_max: int
    status: EnemyStatus = "standing"


class Clock(Stored, kw_only=True):
    """A time-pressure clock [003:362-364]: each failure moves it one step; at `steps` the
    consequence happens."""

    STORED_AS = "stepdice.Clock"

    id: str
    name: str
    steps: int
    position: int = 0
    consequence: str
    #: still counting (it stops when it runs out or a new scene begins)
    running: bool = True


class RollResult(Stored, kw_only=True):
    """A test, attack or cast as resolved, and the ruling it still waits for."""

    STORED_AS = "stepdice.RollResult"

    roll: int
    kind: RollKind
    character: str
    visibility: Visibility
    outcome: Outcome
    enemy: str | None = None
    #: Mana spent on it (a cast or a spell attack), for a refund
    mana: int = 0
    owed: Owed | None = None


class StepdiceState(Stored, kw_only=True):
    STORED_AS = "stepdice.State"

    options: Options
    characters: dict[str, Character] = {}
    enemies: dict[str, Enemy] = {}
    clocks: dict[str, Clock] = {}
    #: every resolved roll of the rules, by roll number as text (JSON keys)
    results: dict[str, RollResult] = {}
    scene: int = 1
