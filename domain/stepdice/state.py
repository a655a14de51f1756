"""What a stepdice table holds between events: characters, enemies, clocks, and the rolls
whose game-master ruling (benefit, complication, Venganza) is still owed."""

from __future__ import annotations

from typing import Literal

from domain.dice import CharacterRoll, Visibility
from domain.games import GameState
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
    """Strength (Fuerza): the die for melee attacks and purely physical tests"""
    agilidad: Die
    """Agility (Agilidad): the die for tests of agility, such as stealth"""
    destreza: Die
    """Dexterity (Destreza): the die for ranged attacks"""
    magia: Die
    """Magic (Magia): the die for spells, spell attacks and special effects"""


class Ranks(Stored, kw_only=True, forbid_unknown_fields=True):
    """The solo-d6 variant: each attribute's rank [003:316-321]."""

    STORED_AS = "stepdice.Ranks"

    fuerza: Rank
    """Strength (Fuerza): its rank, sin_habilidad (threshold 6), novato (5), entrenado (4) or
    maestro (3)"""
    agilidad: Rank
    """Agility (Agilidad): its rank, sin_habilidad (threshold 6), novato (5), entrenado (4) or
    maestro (3)"""
    destreza: Rank
    """Dexterity (Destreza): its rank, sin_habilidad (threshold 6), novato (5), entrenado (4) or
    maestro (3)"""
    magia: Rank
    """Magic (Magia): its rank, sin_habilidad (threshold 6), novato (5), entrenado (4) or maestro
    (3)"""


class PendingHit(Stored, kw_only=True):
    """A Heart the character should lose, waiting for its player to spend the Armour token
    or not (the `armour` option "optional")."""

    STORED_AS = "stepdice.PendingHit"

    cause: str
    """What the hit comes from: venganza for a missed attack's Venganza, else the game master's
    reason for the hit"""
    roll: int | None = None
    """The number of the roll the hit follows from; null for the game master's ruling (LoseHeart)"""
    visibility: Visibility = "public"
    """The visibility of the roll the hit follows from (public for the game master's ruling)"""


class Character(Stored, kw_only=True):
    """A character's sheet: its attribute dice (or solo-d6 ranks), Hearts, Mana, Armour and
    state."""

    STORED_AS = "stepdice.Character"

    id: str
    """The character's id at the table (c1, c2, …)"""
    name: str
    """The character's name as the table shows it"""
    seat: str
    """The seat id of the character's player (the game master's for an NPC)"""
    attributes: Attributes | None = None
    """The standard game's die for each attribute; null in solo-d6"""
    ranks: Ranks | None = None
    """The solo-d6 variant's rank for each attribute; null in the standard game"""
    hearts: int
    """The Hearts (Corazones) the character has now, 0 to hearts_max (at 0 it is downed)"""
    hearts_max: int
    """The character's maximum Hearts: the table's starting Hearts (5) unless raised or lowered"""
    mana: int
    """The Mana the character has now (above mana_max only when the table allows it)"""
    mana_max: int
    """The character's maximum Mana: the table's starting Mana (3) unless raised or lowered"""
    protected: bool = False
    """Whether the character wears protection: 1 Armour token per scene [003:359]"""
    armour: bool = False
    """Whether the character still holds its Armour token this scene"""
    downed: bool = False
    """Whether the character is downed (Derribado, at 0 Hearts): no actions, and the next hit
    kills"""
    dead: bool = False
    """Whether the character is dead (hit while downed)"""
    pending_hit: PendingHit | None = None
    """The hit waiting for the character's player to spend the Armour token or not; null if none"""


class Enemy(Stored, kw_only=True):
    """An enemy on the table: its category, the grade it is attacked at, its Hearts and status."""

    STORED_AS = "stepdice.Enemy"

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
    status: EnemyStatus = "standing"
    """standing, downed (at 0 Hearts, when the table downs enemies), out (a pawn hit) or defeated"""


class Clock(Stored, kw_only=True):
    """A time-pressure clock [003:362-364]: each failure moves it one step; at `steps` the
    consequence happens."""

    STORED_AS = "stepdice.Clock"

    id: str
    """The clock's id at the table (k1, k2, …)"""
    name: str
    """The clock's name as the table shows it (what the time pressure is)"""
    steps: int
    """The failures (1-12) that run the clock out"""
    position: int = 0
    """The steps counted so far (0 at the start); at steps the clock runs out"""
    consequence: str
    """What happens when the clock runs out, as the game master set it"""
    running: bool = True
    """Whether the clock still counts (it stops when it runs out or a new scene begins)"""


class RollResult(CharacterRoll, kw_only=True):
    """A test, attack or cast as resolved, and the ruling it still waits for."""

    STORED_AS = "stepdice.RollResult"

    kind: RollKind
    """The roll's kind: test, attack or cast"""
    outcome: Outcome
    """failure_complication (a 1), failure (below the target), success, or exceptional (the die's
    maximum: a success and an extra benefit)"""
    enemy: str | None = None
    """The id of the enemy attacked; null for a test or a cast"""
    mana: int = 0
    """The Mana spent on it (a cast or a spell attack), kept for a refund; 0 otherwise"""
    owed: Owed | None = None
    """The game master's ruling the roll still waits for: benefit, complication, consequence or
    venganza; null if none (or once given)"""


class StepdiceState(GameState[Options, Character], kw_only=True):
    STORED_AS = "stepdice.State"

    enemies: dict[str, Enemy] = {}
    clocks: dict[str, Clock] = {}
    #: every resolved roll of the rules, by roll number as text (JSON keys)
    results: dict[str, RollResult] = {}
    scene: int = 1
