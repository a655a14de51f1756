"""What a PORTAL table holds between events: its characters (each with its sheet), the rolls
still open (dice thrown, rerolls under way, not yet settled), and the sequels whose kind the
game master still owes."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.dice import CharacterRoll, Visibility
from domain.games import GameState
from domain.portal.cast import Supporting
from domain.portal.maneuvers import Standing
from domain.portal.options import Options
from domain.portal.reading import Reading, ReadingSpec, read
from domain.portal.rerolls import Entitlement, RerollSequence
from domain.portal.sheet import PortalSheet, SequelLevel
from domain.structs import Stored

Automatic = Literal["success", "failure"]


class PortalCharacter(Stored, kw_only=True):
    """A character of the table: a protagonist (a player's, or the game master's) or a
    principal NPC (the game master's) [002:643-655]. (Named with the system's name: every
    system has a `Character`.)"""

    STORED_AS = "portal.Character"

    id: str
    """The character's id at the table"""
    name: str
    """The character's name, as on its sheet"""
    seat: str
    """The seat id of the character's player (the game master's seat for a principal NPC)"""
    sheet: PortalSheet
    """The character's sheet as it stands now"""
    dead: bool = False
    """Whether the character is dead: attacked out of combat [002:1112], or below the damage at
    its last aguante roll where the table's option `critical_below` is `dead`; no command acts
    for it then"""
    critical: int = 0
    """Points past the damage limit a thorn left outside a combat (`thorn_past_limit`:
    `critical_roll`), awaiting the last aguante roll [002:1273]; 0: none (a contender's own
    are its `CombatContender.critical`)"""
    partial_used: dict[str, int] = {}
    """The rerolls drawn this adventure from each partly applicable Fortaleza's
    once-per-adventure pool, by the Fortaleza's name [002:492]"""


class Applied(Stored, kw_only=True, forbid_unknown_fields=True):
    """A Fortaleza the game master rules applicable to a roll, and why [002:482]."""

    STORED_AS = "portal.Applied"

    name: str
    """The name of the roller's Fortaleza that applies"""
    level: int
    """Its level on the sheet when the roll was opened: the rerolls it gives"""
    reason: str
    """The game master's reason it applies"""


class Ace(Stored, kw_only=True, forbid_unknown_fields=True):
    """Aces in the sleeve the game master grants a roll, and why [002:466]."""

    STORED_AS = "portal.Ace"

    count: int
    """How many aces, one reroll each"""
    reason: str
    """The game master's reason: preparation, cover, a shield … [002:466-478]"""


class LaterStage(Stored, kw_only=True, forbid_unknown_fields=True):
    """The Fortalezas and aces on a roll's damage or aguante: they reroll once its attack or
    defence is fixed [002:1096]."""

    STORED_AS = "portal.LaterStage"

    fortalezas: list[Applied] = []
    """The roller's Fortalezas ruled applicable to the damage or aguante, each with its level
    and reason"""
    aces: list[Ace] = []
    """The aces in the sleeve granted for the damage or aguante, each with its reason"""
    entitlement: Entitlement
    """The rerolls they give, by source (Fortaleza levels, aces)"""


class OpenRoll(CharacterRoll, kw_only=True):
    """A roll thrown and not yet settled: its readings, the game master's difficulty, and the
    rerolls so far (the pool's faces now)."""

    STORED_AS = "portal.OpenRoll"

    readings: list[ReadingSpec]
    difficulty: int | None
    sequence: RerollSequence
    fortalezas: list[Applied] = []
    aces: list[Ace] = []
    #: the Fortaleza ruled partly applicable, its `adventure` rerolls drawn from its pool
    partial: Applied | None = None
    #: the rerolls this roll drew from that pool (kept apart: a view hides them with the roll)
    drawn: int = 0
    #: the Fortalezas and aces on the damage or aguante, for the second stage [002:1096]
    later: LaterStage | None = None
    #: the first reading as `portalFixRoll` fixed it: the second stage leaves it be
    fixed: Reading | None = None
    #: the table's rolls of this roll's rerolls (each its own `DiceRolled`, as secret as it)
    reroll_rolls: list[int] = []

    def final_specs(self) -> list[ReadingSpec]:
        """Its readings as its settlement reads them: the excess past 5 rerolls on the first,
        the roll's own result [002:514-516]; once the first is fixed, the second stage's
        excess on the damage or aguante it rerolls for (every later reading) [002:1096]."""
        specs = list(self.readings)
        excess = self.sequence.excess_bonus
        if excess:
            places = range(1, len(specs)) if self.fixed is not None else [0]
            for place in places:
                specs[place] = msgspec.structs.replace(specs[place], excess_bonus=excess)
        return specs

    def final_readings(self) -> list[Reading]:
        """Its readings from its faces now, as its settlement will read them: the first as
        fixed, once it is [002:1096]."""
        readings = [read(self.sequence.pool, spec) for spec in self.final_specs()]
        return readings if self.fixed is None else [self.fixed, *readings[1:]]


class AutomaticCall(CharacterRoll, kw_only=True):
    """A call the game master granted an automatic outcome, no dice thrown [002:85-89], not
    yet settled: a secret one is settled once revealed, as a thrown secret roll is, so that
    the seats outside its audience read the two alike, versions included."""

    STORED_AS = "portal.AutomaticCall"

    automatic: Automatic
    """The outcome granted: `success` or `failure`"""


class OwedSequel(CharacterRoll, kw_only=True):
    """A sequel of `level` the player paid sequel points with; its kind is the game
    master's to name [002:295]."""

    STORED_AS = "portal.OwedSequel"

    level: SequelLevel


# -- the story: settled results, extended confrontations, supporting characters (story_*.py) --


class SettledResult(Stored, kw_only=True):
    """What a settled roll read, kept for the confrontations and collaborations that compare
    it [002:884-1012]: each reading's result by name, the first the primary one. A roll
    counts in one comparison only (`used`)."""

    STORED_AS = "portal.SettledResult"

    roll: int
    """The table's number of the settled roll"""
    character: str
    """The id of the character who rolled"""
    results: dict[str, int]
    """Each reading's result by its name, in the roll's order (the first is the primary one)"""
    used: bool = False
    """Whether a confrontation, collaboration or exchange has counted the roll already"""


class ExtendedConfrontation(Stored, kw_only=True):
    """An extended confrontation under way [002:932-942]: the game master's differential to
    reach, and the levels banked so far (positive: the first side's lead)."""

    STORED_AS = "portal.ExtendedConfrontation"

    number: int
    """The confrontation's number at the table, from 1"""
    first: str
    """The id of the first side's character"""
    second: str
    """The id of the second side's character"""
    target: int
    """The banked differential that wins, the game master's [002:934]"""
    balance: int = 0
    """The success levels banked so far: positive, the first side's lead; negative, the
    second's"""
    exchanges: int = 0
    """How many exchanges of rolls were banked"""


class SupportingCharacter(Stored, kw_only=True, forbid_unknown_fields=True):
    """A supporting character of the story as it stands [002:657-663, 1285-1319]: its values
    (null: G's), the damage it took (lowering G only) and its last turn die's modifier."""

    STORED_AS = "portal.SupportingCharacter"

    id: str
    """Its id at the table: s1, s2 …"""
    name: str
    """Its name"""
    generic: int
    """Its generic value G as created, 1..6"""
    group: int | None = None
    """How many of its kind stack in one unit; null: G"""
    reflexes: float | None = None
    """Its Reflexes; null: G - 0.5"""
    attack: int | None = None
    """Its Attack; null: G"""
    defence: int | None = None
    """Its Defence; null: G"""
    aguante: int | None = None
    """Its Aguante; null: G"""
    damage: int | None = None
    """Its Damage; null: G"""
    taken: int = 0
    """The damage points it took: its G now is `generic` less these [002:1301-1303]"""
    modifier: int = 0
    """Its last turn die's modifier to every total: +1, 0 or -1 [002:1313-1317]"""
    turn_roll: int | None = None
    """The table's number of its last turn die; null: none rolled"""

    def rules(self) -> Supporting:
        """As the pure rules of `cast` take it."""
        fields = msgspec.structs.asdict(self)
        for table_only in ("id", "modifier", "turn_roll"):
            del fields[table_only]
        return Supporting(**fields)


class StackedMember(Stored, kw_only=True, forbid_unknown_fields=True):
    """What one member's die added to its unit [002:1383-1399], and its own modifier from it."""

    STORED_AS = "portal.StackedMember"

    supporting: str
    """The member's id"""
    face: int
    """Its d6, 1..6"""
    added: dict[str, int]
    """What it added, by total (`attack`, `damage`, `defence`); empty: nothing"""
    modifier: int = 0
    """Its own totals' modifier this turn from the same die, as a turn die's: +1 below its
    current G, 0 equal, -1 above [002:1313, 1415-1417]"""


class KeptUnit(Stored, kw_only=True, forbid_unknown_fields=True):
    """A unit `portalStackUnit` stacked, kept for the fight that names it [002:1377-1419]: an
    attack unit for its one attack, a defence unit for its leader until a turn die of one of
    its supporting characters starts their next turn, or one of them stacks anew."""

    STORED_AS = "portal.KeptUnit"

    roll: int
    """The table's number of its members' dice (its `UnitStacked`)"""
    purpose: Literal["attack", "defence"]
    """`attack` (Attack and Damage) or `defence` (the leader's Defence)"""
    leader: str
    """The leader's id: a supporting character (s1 …) or a protagonist or principal NPC
    (c1 …)"""
    members: list[StackedMember]
    """Each member's die and what it added, in order"""
    reflexes: float
    """The unit's Reflexes: its slowest member's [002:1419]"""

    def added(self, key: str) -> int:
        """What its members add to the leader's `key` in all."""
        return sum(member.added.get(key, 0) for member in self.members)


class PortalState(GameState[Options, PortalCharacter], kw_only=True):
    STORED_AS = "portal.State"

    #: open rolls by roll number as text (JSON keys)
    open_rolls: dict[str, OpenRoll] = {}
    #: automatic calls not yet settled (secret ones, until revealed), by roll number as text
    automatic_calls: dict[str, AutomaticCall] = {}
    #: sequels waiting for their kind, by roll number as text
    owed_sequels: dict[str, OwedSequel] = {}
    #: combats under way, by number as text (`Combat`)
    combats: dict[str, Combat] = {}
    #: settled rolls' results by roll number as text, for the story's comparisons (a fork
    #: starts without them: its rolls are numbered from 1 again)
    settled: dict[str, SettledResult] = {}
    #: extended confrontations under way, by number as text
    extended: dict[str, ExtendedConfrontation] = {}
    #: the story's supporting characters by id (s1, s2 …)
    supporting: dict[str, SupportingCharacter] = {}
    #: units stacked by `portalStackUnit` and not yet spent, by their dice's roll number as text
    units: dict[str, KeptUnit] = {}

    def fighting_in(self, character_id: str) -> int | None:
        """The number of the combat the character fights in (one at a time), or None."""
        fought = (c.combat for c in self.combats.values() if c.contender(character_id))
        return next(fought, None)

    def critical_holder(self, character_id: str) -> PortalCharacter | CombatContender:
        """What holds a character's points past the damage limit until its last aguante roll
        [002:1273]: its contender in the combat it fights, else the character itself."""
        for combat in self.combats.values():
            contender = combat.contender(character_id)
            if contender is not None:
                return contender
        return self.characters[character_id]


# -- combat (domain/portal/combat_handlers.py) ------------------------------------------------


class CombatContender(Stored, kw_only=True):
    """A character in a combat: its reflex value and phases from its last reflex roll, what
    the cold blood cost it, and whether a roll is due (the initial one, a new one after wound
    dice [002:1063], the last aguante roll of the critical state [002:1273])."""

    STORED_AS = "portal.CombatContender"

    character: str
    """The id of the character"""
    reflexes: int | None = None
    """The reflex value now [002:1022, 1059]; null until its initial roll is taken"""
    phases: list[int] = []
    """The phases the reflex value acts in, highest first [002:1024-1030]"""
    lost_turns: int = 0
    """Turns without acting still to lose, paid for the cold blood [002:1049]"""
    idle: bool = False
    """Whether the character loses the current turn (a turn without acting) [002:1049]"""
    reflex_roll_due: bool = True
    """Whether a reflex roll is due: the initial one [002:1018], or a new one after wound dice
    [002:1063]"""
    thorn_due: bool = False
    """Whether the next reflex roll is read for aguante too, for a thorn [002:1063, 1252]"""
    critical: int = 0
    """Damage points left unabsorbed, awaiting the last aguante roll [002:1273]; 0: none"""
    out: str | None = None
    """The critical state the last aguante roll left (`unconscious`, `conscious`,
    `unstabilised`): out of combat [002:1112, 1279-1281]; null: fighting"""
    aces: int = 0
    """Aces a maneuver earned for the contender's next attack [002:1441], until it strikes"""
    standing: list[Standing] = []
    """What its declared maneuvers and multiple attacks leave standing: aces and a penalty on
    its defence rolls this turn, aces on its next attack [002:1425-1447, 1493]"""
    defended: int = 0
    """The last turn a defence roll of its was settled: neglecting defence is declared before
    the turn's first [002:1445]; 0: none yet"""
    stunned_turns: int = 0
    """Whole turns still to be stunned by non-lethal points, from the next turn on [002:1246]"""
    stunned: bool = False
    """Whether it is stunned this turn, from the blow on: it does not act and defends at -2
    [002:1075, 1246]"""
    free_actions: int = 0
    """The free actions it took this turn [002:1077-1088]"""
    opportunities: int = 0
    """The opportunity attacks it made this turn, at most its reflexes [002:1549]"""
    later_phases: list[int] | None = None
    """The phases its reflex value acts in from the next turn on, where the table keeps this
    turn's after reflexes are spent on a free action (`free_action_reflexes`); null: none"""
    disarmed: bool = False
    """Whether a hand strike disarmed it [002:1469], until a free action draws a weapon or
    picks one up [002:1079]"""
    held_by: str | None = None
    """The id of the contender holding it immobilized [002:1481]: it may try to break free in
    a later turn [002:1483], the holder's melee attacks on it are at +2 [002:1485]; null:
    free"""
    held_since: int = 0
    """The turn it was immobilized in: it tries to break free in later turns [002:1483]; 0:
    free"""
    critical_action: str | None = None
    """The action past the damage limit paid for (`portalCriticalAction`) and not yet taken:
    `normal` a strike or a maneuver in its phases, `heroic` one at the end of the turn
    [002:590, 601, 1281], `minimal` neither; null: none"""
    left_melee: int = 0
    """The turn it won a maneuver to leave melee: no opportunity attack on it then [002:1547];
    0: none"""


class CombatRoll(Stored, kw_only=True):
    """A settled roll kept for a strike: its readings and its basic dice (weapons, armour and
    the environment read raw dice [002:1110, 1122, 1226])."""

    STORED_AS = "portal.CombatRoll"

    roll: int
    """The table's number of the settled roll"""
    character: str
    """The id of the contender who rolled"""
    readings: list[Reading]
    """The roll's readings from its final faces: `attack` (and `damage`), or `defence` and
    `aguante`"""
    basic: list[int]
    """The roll's final basic dice, 1..6 each"""
    visibility: Visibility = "public"
    """Who the roll was shown to (settled, every seat sees it now)"""
    tempt: bool = False
    """Whether the roll tempted luck and the die did not come back when it was settled: beating
    the opponent's result at the strike wins it back [002:350] (Errata GAP)"""


class Combat(Stored, kw_only=True):
    """A combat under way [002:1018-1088]: its contenders in table order going right from the
    game master, the die that fixed the direction of ties [002:1036], the cold-blood
    difficulty [002:1044-1047], the turn and phase, and the settled rolls awaiting a strike."""

    STORED_AS = "portal.Combat"

    combat: int
    """The combat's number: the table's number of the roll of its direction die"""
    contenders: list[CombatContender]
    """The characters who fight, in table order going right from the game master"""
    direction_die: int
    """The direction die's face: even, ties go right round the table; odd, left [002:1036]"""
    cold_blood_difficulty: int
    """The cold-blood difficulty of the kind of fight, 3..6 [002:1044-1047]"""
    turn: int = 0
    """The turn, from 1; 0 while the initial rolls are taken"""
    phase: int = 0
    """The phase, 6 down to 1 [002:1024]; 0 while the initial rolls are taken"""
    acted: list[str] = []
    """The ids of the contenders who have acted in the current phase"""
    rolls: dict[str, CombatRoll] = {}
    """The settled attack and defence rolls awaiting a strike, by roll number as text"""

    def contender(self, character: str) -> CombatContender | None:
        return next((c for c in self.contenders if c.character == character), None)
