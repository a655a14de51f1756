"""What an asaltos table holds between events: characters with their wounds, timers and
conditions, the combat round under way, and game time. Only events change it."""

from __future__ import annotations

from typing import Literal

from domain.asaltos.options import Options
from domain.asaltos.sheet import Arm, Characteristic, Location, Sheet
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
    tanda: int
    agi: int


class Wound(Stored, kw_only=True):
    """One wound, noted on its own (`C2`, `PD3` [001:68])."""

    STORED_AS = "asaltos.Wound"

    id: int
    location: Location
    level: int
    #: game time (seconds) it was dealt
    at: int
    #: the combat step that dealt it, if any
    step: Step | None = None
    weapon_type: str | None = None
    #: a light wound whose pain a RES roll suppressed for the current combat [001:63]
    suppressed: bool = False
    #: game time its rest began (None: not resting, e.g. during combat) [001:71-73]
    rest_since: int | None = None
    #: a successful Medicine roll shortened its healing [001:72-73]
    medicine: bool = False

    @property
    def code(self) -> str:
        return f"{self.location}{self.level}"


class DeathTimer(Stored, kw_only=True):
    """Death at `deadline` (game seconds) unless a Medicine roll succeeds first."""

    STORED_AS = "asaltos.DeathTimer"

    id: int
    cause: TimerCause
    wound: int | None
    started: int
    deadline: int


class Character(Stored, kw_only=True):
    STORED_AS = "asaltos.Character"

    id: str
    name: str
    #: the seat that plays it (the game master's for NPCs)
    seat: str
    sheet: Sheet
    wounds: list[Wound] = []
    conditions: list[Condition] = []
    #: the combat step at which it stopped being able to act (it still acts at that step)
    out_since: Step | None = None
    timers: list[DeathTimer] = []
    dead: bool = False
    in_shock: bool = False
    #: permanent characteristic losses (a badly healed incapacitated location [001:73])
    lost: dict[Characteristic, int] = {}
    #: its weapons lying where they fell, each with the wound that made it let go [001:65],
    #: until taken up again
    dropped: dict[str, int] = {}
    #: the arm that took a weapon up again, which holds it now
    hands: dict[str, Arm] = {}
    #: numbers given so far to its wounds and timers
    wounds_dealt: int = 0
    timers_started: int = 0

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
    #: the weapon of the sheet it uses (attacks and parries)
    weapon: str | None = None
    with_previous: bool = False


class Declared(Stored, kw_only=True):
    """A declared action with its place: its number in the list (accumulation +number-1
    [001:47]) and its tanda."""

    STORED_AS = "asaltos.Declared"

    action: Action
    number: int
    tanda: int
    used: bool = False


class Hit(Stored, kw_only=True):
    """A hit waiting for its damage roll."""

    STORED_AS = "asaltos.Hit"

    attacker: str
    target: str
    weapon: str
    sl: int
    critical: bool
    location: Location | None
    step: Step


class Aim(Stored, kw_only=True):
    """Rounds a shooter has aimed at a target [001:90,103]."""

    STORED_AS = "asaltos.Aim"

    target: str
    rounds: int
    last_round: int


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


class AsaltosState(Stored, kw_only=True):
    STORED_AS = "asaltos.State"

    options: Options
    characters: dict[str, Character] = {}
    #: game time in seconds (a round lasts one second [001:45])
    elapsed: int = 0
    combat: Combat | None = None
