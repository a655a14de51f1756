"""asaltos's view of a table for a seat: what it may see now, or at a past version (rewind).

A player sees its own characters' sheets in full and of the others the public part: name,
seat, Tamaño (the only visible characteristic [001:22]), weapons and armour, the weapons
dropped [001:65], wounds, conditions, death timers, permanent losses, death. Fuerza,
Agilidad, Resistencia and the skills are the character's player's and the game master's.
The game master sees every sheet.

The combat round: its combatants, round, tanda, the hit waiting for its damage and the aims
are public. Each combatant's declared actions are its seat's and the game master's: the
others see only that it has declared (declarations are simultaneous [001:47,109-113]; what
each does is seen tanda by tanda, in the public attack, parry, dodge and pass events).

What derives from a private characteristic is hidden as it is [001:22]: the Agilidad of a
combat step (a wound's, the step a character fell out of action at: the game master's; the
pending hit's: also its attacker's player's) and a death timer's deadline (RES rounds,
minutes or hours: the character's player's and the game master's). Who acts when stays
public, as the table sees it.

The view lists no roll results: a check's outcome changes nothing shared (only the log's
events carry it, as the roll's visibility allows), and the rolls that change wounds and
timers are always public.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.asaltos.events import game
from domain.asaltos.sheet import Armour, Characteristic, Location, Weapon
from domain.asaltos.state import (
    Aim,
    AsaltosState,
    Character,
    Condition,
    DeathTimer,
    Declared,
    Hit,
    Step,
    TimerCause,
    Wound,
)
from domain.table import Table
from projections.header import CharacterHeader, TableHeader, header_and_characters, knows, with_own
from projections.visibility import Viewer


class StepView(msgspec.Struct, kw_only=True):
    """A combat step; `agi` (the Agilidad acting) null to whoever may not know it."""

    round: int
    """The round's number in the combat, from 1"""
    tanda: int
    """The tanda's number in the round, from 1"""
    agi: int | None
    """The Agilidad acting at this step: higher acts first, equal at the same time [001:46];
    null: withheld from the viewer"""


class WoundView(msgspec.Struct, kw_only=True):
    """A wound (`domain.asaltos.state.Wound`) with its step as the viewer may see it."""

    id: int
    """The wound's number among the character's wounds, from 1, never reused"""
    location: Location
    """The location wounded: `PD`, `PI`, `BD`, `BI`, `A`, `P` or `C`"""
    level: int
    """The wound level: 1 light, 2 serious, 3 incapacitated location, 4 amputated or destroyed
    [001:62-66]"""
    at: int
    """Game time in seconds when it was dealt"""
    step: StepView | None
    """The combat step of the hit that dealt it; null for a wound the game master deals"""
    weapon_type: str | None
    """The damage type of the weapon that dealt it (`cortante`, `perforante`, `contundente`);
    null for a wound the game master deals"""
    suppressed: bool
    """A light wound whose pain a RES roll suppressed for the current combat [001:63]"""
    rest_since: int | None
    """Game time in seconds when its rest began; null while it is not resting (during a combat)
    [001:71-73]"""
    medicine: bool
    """A successful Medicine roll shortened its healing [001:72-73]"""


class DeathTimerView(msgspec.Struct, kw_only=True):
    """A death timer; `deadline` (RES rounds, minutes or hours on) null to whoever may not
    know the character's RES."""

    id: int
    """The timer's number among the character's death timers, from 1"""
    cause: TimerCause
    """What it runs for: `abdomen` (an incapacitated abdomen, RES hours), `severed_limb` (RES
    rounds) or `shock` (RES minutes) [001:65-67]"""
    wound: int | None
    """The number of the wound that started it; null for shock"""
    started: int
    """Game time in seconds when it started"""
    deadline: int | None
    """Game time in seconds at which the character dies, unless a Medicine roll succeeds first;
    null: withheld from the viewer"""


class HitView(msgspec.Struct, kw_only=True):
    """The hit waiting for its damage, with its step as the viewer may see it."""

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
    step: StepView
    """The combat step of the attack"""


def step_view(step: Step, agi_known: bool) -> StepView:
    return StepView(round=step.round, tanda=step.tanda, agi=step.agi if agi_known else None)


def wound_view(wound: Wound, agi_known: bool) -> WoundView:
    step = None if wound.step is None else step_view(wound.step, agi_known)
    return WoundView(**{**msgspec.structs.asdict(wound), "step": step})


def timer_view(timer: DeathTimer, res_known: bool) -> DeathTimerView:
    deadline = timer.deadline if res_known else None
    return DeathTimerView(**{**msgspec.structs.asdict(timer), "deadline": deadline})


class AsaltosCharacterView(CharacterHeader, kw_only=True):
    """One character: the public part for every seat; the rest (null to others) for its
    player and the game master."""

    TAM: int
    """Size (Tamaño), 1 to 10: the only characteristic the other characters can see [001:22]"""
    weapons: list[Weapon]
    """The weapons it carries, as its sheet lists them"""
    armour: Armour | None
    """The armour it wears; null: none"""
    wounds: list[WoundView]
    """Its wounds, each noted on its own (`C2`, `PD3` [001:68]); empty: unhurt"""
    conditions: list[Condition]
    """What its wounds leave it unable to do: `dropped_held`, `dropped_everything`, `fallen`,
    `crawling`, `unconscious` or `fainted`; empty: none"""
    out_since: StepView | None
    """The combat step at which it stopped being able to act (it still acts at that step); null:
    it can act"""
    timers: list[DeathTimerView]
    """Its running death timers; empty: none"""
    dead: bool
    """The character is dead"""
    in_shock: bool
    """It fainted from hypovolemic shock (wound penalties above RES [001:67]) and has not come to"""
    lost: dict[Characteristic, int]
    """Points lost for good to badly healed locations [001:73]: by characteristic, the points
    lost"""
    dropped: list[str]
    """The names of its weapons lying where they fell [001:65], until taken up again; empty: none"""
    FUE: int | None = None
    """Strength (Fuerza), 1 to 10: gives the damage modifier of melee and thrown weapons
    [001:11-19,78]; null: withheld from the viewer, as FUE, AGI, RES and skills are from all but
    its player and the game master"""
    AGI: int | None = None
    """Agility (Agilidad), 1 to 10, less the points lost for good: who acts first, the most
    actions and the metres of a round [001:20,46-47]; null: withheld from the viewer"""
    RES: int | None = None
    """Endurance (Resistencia), 1 to 10, less the points lost for good: the pain roll, shock, and
    how long a death timer runs [001:63-67]; null: withheld from the viewer"""
    skills: dict[str, int] | None = None
    """By skill name (habilidad): its value, 0 to 10 (0: unknown and unusable) [001:24-25]; null:
    withheld from the viewer"""


class AsaltosDeclaration(msgspec.Struct, kw_only=True):
    """A combatant's declaration: that it declared is public; the actions are its seat's
    and the game master's (null to others)."""

    character: str
    """The id of the combatant"""
    declared: bool
    """It has declared its actions for this round"""
    actions: list[Declared] | None = None
    """Its declared actions, each with its number, tanda and whether it is used; null: not
    declared yet, or withheld from the viewer"""


class AsaltosCombat(msgspec.Struct, kw_only=True):
    """The combat under way: its combatants, round and tanda, the declarations, the hit waiting
    for its damage and the aims."""

    combatants: list[str]
    """The ids of the characters who fight"""
    round: int
    """The round's number in this combat, from 1"""
    tanda: int
    """The tanda under way; 0 while actions are being declared"""
    declarations: list[AsaltosDeclaration]
    """One per combatant, in the order of `combatants`"""
    pending: HitView | None
    """The hit waiting for its damage roll; null: none"""
    aims: dict[str, Aim]
    """The aims kept, by shooter id: the target, the rounds aimed at it in a row and the last
    round spent aiming"""


class AsaltosView(TableHeader, kw_only=True):
    #: every system's view names its system: the API's answer is one of them
    """A seat's view of an asaltos table: the table itself, game time, the characters and the
    combat under way."""

    system: Literal["asaltos"]
    """The table's rule system: `asaltos`"""
    elapsed: int
    """Game time in seconds (a round lasts one second [001:45])"""
    characters: list[AsaltosCharacterView]
    """Every character at the table, in the order created"""
    combat: AsaltosCombat | None
    """The combat under way; null: none"""


def character_view(table: Table, character: Character, viewer: Viewer) -> AsaltosCharacterView:
    # a step names no acting character: its Agilidad is the game master's
    agi_known = viewer.is_gm or table.closed
    sheet_known = knows(table, character.seat, viewer)
    shown = AsaltosCharacterView(
        id=character.id,
        name=character.name,
        seat=character.seat,
        TAM=character.value("TAM"),
        weapons=list(character.sheet.weapons),
        armour=character.sheet.armour,
        wounds=[wound_view(wound, agi_known) for wound in character.wounds],
        conditions=list(character.conditions),
        out_since=None
        if character.out_since is None
        else step_view(character.out_since, agi_known),
        timers=[timer_view(timer, sheet_known) for timer in character.timers],
        dead=character.dead,
        in_shock=character.in_shock,
        lost=dict(character.lost),
        dropped=sorted(character.dropped),
    )
    return with_own(
        table,
        character.seat,
        viewer,
        shown,
        FUE=character.value("FUE"),
        AGI=character.value("AGI"),
        RES=character.value("RES"),
        skills=dict(character.sheet.skills),
    )


def combat_view(table: Table, state: AsaltosState, viewer: Viewer) -> AsaltosCombat | None:
    combat = state.combat
    if combat is None:
        return None
    declarations = []
    for character_id in combat.combatants:
        declared = combat.declarations.get(character_id)
        seat = state.characters[character_id].seat
        declarations.append(
            AsaltosDeclaration(
                character=character_id,
                declared=declared is not None,
                actions=list(declared)
                if declared is not None and knows(table, seat, viewer)
                else None,
            )
        )
    return AsaltosCombat(
        combatants=list(combat.combatants),
        round=combat.round,
        tanda=combat.tanda,
        declarations=declarations,
        pending=_pending(table, state, combat.pending, viewer),
        aims=dict(combat.aims),
    )


def _pending(table: Table, state: AsaltosState, hit: Hit | None, viewer: Viewer) -> HitView | None:
    if hit is None:
        return None
    agi_known = knows(table, state.characters[hit.attacker].seat, viewer)
    return HitView(**{**msgspec.structs.asdict(hit), "step": step_view(hit.step, agi_known)})


def table_view(table: Table, viewer: Viewer) -> AsaltosView:
    state = game(table)
    return AsaltosView(
        **header_and_characters(table, viewer, character_view),
        elapsed=state.elapsed,
        combat=combat_view(table, state, viewer),
    )
