"""What an asaltos table holds between events: characters with their wounds, timers and
conditions, the combat round under way, and game time. Only events change it."""

from __future__ import annotations

from typing import Literal

from domain.asaltos.options import Options
from domain.asaltos.sheet import Arm, Characteristic, Location, Sheet
from domain.games import GameState
from domain.structs import Stored

#: what a wound leaves a character unable to do [001:65-67]
Condition = Literal[
    "dropped_held", "dropped_everything", "fallen", "crawling", "unconscious", "fainted"
]
#: conditions that stop a character from acting at all
OUT: frozenset[str] = frozenset({"unconscious", "fainted", "dropped_everything"})
ActionKind = Literal["attack", "parry", "dodge", "other"]
TimerCause = Literal["abdomen", "severed_limb", "shock"]


class Step(Stored, kw_only=True):
    """A moment of a combat: the round, the tanda, and the Agilidad acting; everything at
    one step happens at the same time [001:46]."""

    STORED_AS = "asaltos.Step"

    round: int
    """The round's number in the combat, from 1"""
    tanda: int
    """The tanda's number in the round, from 1"""
    agi: int
    """The Agilidad acting at this step: higher acts first, equal at the same time [001:46]"""


class Wound(Stored, kw_only=True):
    """One wound, noted on its own (`C2`, `PD3` [001:68])."""

    STORED_AS = "asaltos.Wound"

    id: int
    """The wound's number among the character's wounds, from 1, never reused"""
    location: Location
    """The location wounded: `PD`, `PI`, `BD`, `BI`, `A`, `P` or `C`"""
    level: int
    """The wound level: 1 light, 2 serious, 3 incapacitated location, 4 amputated or destroyed
    [001:62-66]"""
    at: int
    """Game time in seconds when it was dealt"""
    step: Step | None = None
    """The combat step of the hit that dealt it; null for a wound the game master deals"""
    weapon_type: str | None = None
    """The damage type of the weapon that dealt it (`cortante`, `perforante`, `contundente`); null
    for a wound the game master deals"""
    suppressed: bool = False
    """A light wound whose pain a RES roll suppressed for the current combat [001:63]"""
    rest_since: int | None = None
    """Game time in seconds when its rest began; null while it is not resting (during a combat)
    [001:71-73]"""
    medicine: bool = False
    """A successful Medicine roll shortened its healing [001:72-73]"""

    @property
    def code(self) -> str:
        return f"{self.location}{self.level}"


class DeathTimer(Stored, kw_only=True):
    """Death at `deadline` (game seconds) unless a Medicine roll succeeds first."""

    STORED_AS = "asaltos.DeathTimer"

    id: int
    """The timer's number among the character's death timers, from 1"""
    cause: TimerCause
    """What it runs for: `abdomen` (an incapacitated abdomen, RES hours), `severed_limb` (RES
    rounds) or `shock` (RES minutes) [001:65-67]"""
    wound: int | None
    """The number of the wound that started it; null for shock"""
    started: int
    """Game time in seconds when it started"""
    deadline: int
    """Game time in seconds at which the character dies, unless a Medicine roll succeeds first"""


class Character(Stored, kw_only=True):
    """A character at the table: its sheet, and what its wounds, death timers and conditions
    have made of it."""

    STORED_AS = "asaltos.Character"

    id: str
    """The character's id (`c1`, `c2`, …)"""
    name: str
    """The name the character goes by at the table"""
    seat: str
    """The seat id of its player (the game master's seat for an NPC)"""
    sheet: Sheet
    """Its sheet as created: characteristics, skills, weapons and armour"""
    wounds: list[Wound] = []
    """Its wounds, each noted on its own (`C2`, `PD3` [001:68]); empty: unhurt"""
    conditions: list[Condition] = []
    """What its wounds leave it unable to do: `dropped_held`, `dropped_everything`, `fallen`,
    `crawling`, `unconscious` or `fainted`; empty: none"""
    out_since: Step | None = None
    """The combat step at which it stopped being able to act (it still acts at that step); null: it
    can act"""
    timers: list[DeathTimer] = []
    """Its running death timers; empty: none"""
    dead: bool = False
    """The character is dead"""
    in_shock: bool = False
    """It fainted from hypovolemic shock (wound penalties above RES [001:67]) and has not come to"""
    lost: dict[Characteristic, int] = {}
    """Points lost for good to badly healed locations [001:73]: by characteristic, the points
    lost"""
    dropped: dict[str, int] = {}
    """Its weapons lying where they fell [001:65], until taken up again: by weapon name, the number
    of the wound that made it let go"""
    hands: dict[str, Arm] = {}
    """The arms that took weapons up again and hold them now: by weapon name, `BD` or `BI`"""
    wounds_dealt: int = 0
    """The number given to its latest wound, which a timer the wound starts bears too (0: none
    yet)"""
    timers_started: int = 0
    """The number given to its latest death timer (0: none yet)"""

    def value(self, name: Characteristic) -> int:
        return max(1, self.sheet.characteristic(name) - self.lost.get(name, 0))

    @property
    def movement(self) -> int:
        """Metres it may move in a round: its Agilidad [001:20]."""
        return self.value("AGI")

    def wound(self, wound_id: int) -> Wound | None:
        return next((w for w in self.wounds if w.id == wound_id), None)


class Action(Stored, kw_only=True, forbid_unknown_fields=True):
    """One declared action; `with_previous` runs it at the same time as the one before
    with another tool (weapon and shield, attack and dodge [001:122])."""

    kind: ActionKind
    """`attack`, `parry`, `dodge` or `other` (a move, a check, taking a weapon up, …)"""
    weapon: str | None = None
    """The name of the sheet's weapon it uses, for an attack or a parry; null for a dodge or an
    `other`"""
    with_previous: bool = False
    """It happens at the same time as the action before, with another tool, and shares its tanda
    [001:122]"""


class Declared(Stored, kw_only=True):
    """A declared action with its place: its number in the list (accumulation +number-1
    [001:47]) and its tanda."""

    STORED_AS = "asaltos.Declared"

    action: Action
    """The action as declared: its kind, its weapon, and whether it goes with the one before"""
    number: int
    """Its place in the declared list, from 1: it carries +(number - 1) accumulation [001:47]"""
    tanda: int
    """The tanda it happens in"""
    used: bool = False
    """It has been resolved or given up"""


class Hit(Stored, kw_only=True):
    """A hit waiting for its damage roll."""

    STORED_AS = "asaltos.Hit"

    attacker: str
    """The id of the attacker"""
    target: str
    """The id of the character hit"""
    weapon: str
    """The name of the attacker's weapon that hit"""
    sl: int
    """The success level the damage roll adds (the attack's, as the table's options count it)"""
    critical: bool
    """A confirmed critical: maximum damage, armour ignored [001:39]"""
    location: Location | None
    """The location chosen by a precision strike or shot; null: it is rolled with the damage"""
    step: Step
    """The combat step of the attack"""


class Aim(Stored, kw_only=True):
    """Rounds a shooter has aimed at a target [001:90,103]."""

    STORED_AS = "asaltos.Aim"

    target: str
    """The id of the character aimed at"""
    rounds: int
    """Rounds aimed at it in a row: -1 each to the shot, at most -2 [001:90,103]"""
    last_round: int
    """The number of the last round spent aiming: the shot comes in the round after it"""


class Combat(Stored, kw_only=True):
    STORED_AS = "asaltos.Combat"

    combatants: list[str]
    round: int = 0
    #: the tanda under way; 0 while actions are being declared
    tanda: int = 0
    declarations: dict[str, list[Declared]] = {}
    pending: Hit | None = None
    aims: dict[str, Aim] = {}
    #: metres each combatant has moved this round [001:20]
    moved: dict[str, int] = {}


class AsaltosState(GameState[Options, Character], kw_only=True):
    STORED_AS = "asaltos.State"

    #: game time in seconds (a round lasts one second [001:45])
    elapsed: int = 0
    combat: Combat | None = None
