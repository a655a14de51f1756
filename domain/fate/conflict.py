"""Conflict helpers [004:603-765, 861-889]: initiative and delay, minion groups, attacks, full
defence, blocks, secondary actions and movement (zones and their borders, an attack's reach),
combining skills, disarm, throw and push.
"""

from __future__ import annotations

import heapq
from typing import Literal

from domain.errors import Conflict, InvalidCommand
from domain.fate.options import Options
from domain.fate.roll import CRITICAL_SHIFTS, FateModifier, FateVerdict, opposed_action
from domain.fate.state import FateCharacter, FateConflict, ZoneBorder
from domain.names import Name
from domain.structs import Stored

#: full defence: +2 to every defence and reaction of the round [004:715]
FULL_DEFENCE = 2
#: a secondary action costs 1 on the main roll [004:737]
SECONDARY_ACTION = -1
#: "una persona tiene un valor en la escala de 2" [004:889]
PERSON_WEIGHT = 2
#: the skill a disarmed character cannot use until rearmed: no parrying with it [004:871], nor
#: (the book's silence read so) striking with the weapon it dropped
WEAPON_SKILL = "Armas"

#: how far an attack reaches across the zones drawn [004:625]: to touch, in one's own zone
#: ("tocarse"); to throw, to an adjacent zone ("lanzarse cosas"); to shoot, two zones or more
#: away ("dispararse")
Reach = Literal["touch", "throw", "shoot"]
#: the most zones each reach crosses; null: any, so long as a way leads there
REACH_ZONES: dict[str, int | None] = {"touch": 0, "throw": 1, "shoot": None}


class Contender(Stored, kw_only=True, forbid_unknown_fields=True):
    """One side's entry in the initiative: Alerta (physical) or Empatía (social) [004:633],
    Coraje for ties [004:635], and the seat's distance from the GM (0 closest) for the last
    tie. A minion group uses its leader's ratings, or its quality [004:637]."""

    STORED_AS = "fate.Contender"

    name: Name
    """The contender's name (at the table, its character's id)"""
    rating: int
    """Its Alerta (a physical conflict) or Empatía (a social one) [004:633]"""
    coraje: int
    """Its Coraje, for ties [004:635]"""
    seat: int
    """How far its player sits from the game master, 0 the closest: the last tie [004:635]"""


def initiative(contenders: list[Contender]) -> list[str]:
    """The order for the whole conflict [004:633-639]: rating descending, then Coraje, then
    the seat closest to the GM."""
    names = [c.name for c in contenders]
    if len(set(names)) != len(names):
        raise InvalidCommand("each contender appears once in the initiative", "invalid_initiative")
    ordered = sorted(contenders, key=lambda c: (-c.rating, -c.coraje, c.seat))
    return [c.name for c in ordered]


def minion_groups(minions: int, opponents: int) -> list[int]:
    """Minions split into as many groups as characters opposing them, each acting as one
    [004:629]; as even as possible (the book does not say how to split them)."""
    if minions < 0 or opponents < 1:
        raise InvalidCommand("minions are split among one opponent at least", "invalid_groups")
    groups = min(minions, opponents)
    return [minions // groups + (i < minions % groups) for i in range(groups)] if groups else []


def full_defence() -> FateModifier:
    """The round's action given up for +2 on every defence and reaction [004:715]."""
    return FateModifier(name="full defence", value=FULL_DEFENCE)


def secondary_action(border: int = 0) -> FateModifier:
    """A second thing done in the same roll: -1 [004:737]; moving one zone so, the border's
    value on top [004:743, 747]."""
    if border < 0:
        raise InvalidCommand("a border is never negative", "invalid_border")
    return FateModifier(name="secondary action", value=SECONDARY_ACTION - border)


def zones_moved(athletics: FateVerdict, border: int = 0) -> int:
    """A full move's zones: the Athletics roll's shifts, less the border [004:743-745]. (The
    border also raised the roll's difficulty: the book counts it twice, §4.5 GAP, and so does
    this.)"""
    return max(athletics.shifts - border, 0)


def attack(effort: int, defence: int, block: int | None, options: Options) -> FateVerdict:
    """An attack is an opposed action [004:655]: the attacker's shifts over the defence (or a
    protecting block's strength, the higher [004:725]) are the stress dealt [004:771]."""
    return opposed_action(effort, defended_with(defence, block), options)


def defender_critical(attacked: FateVerdict) -> bool:
    """A defender who wins "de forma avasalladora" (3 shifts, a critical [004:857]) earns a
    critical success to use later [004:697]."""
    return attacked.against - attacked.effort >= CRITICAL_SHIFTS


def defended_with(defence: int, block: int | None) -> int:
    """A protected character defends with its own roll or the block's strength, whichever is
    higher [004:725]."""
    return defence if block is None else max(defence, block)


def through_block(effort: int, strength: int) -> FateVerdict:
    """An action against a block gets through with 1 shift at least [004:727]: a tie does not
    (whatever `Options.opposed_tie` says of other ties)."""
    shifts = effort - strength
    through = shifts >= 1
    return FateVerdict(
        effort=effort,
        against=strength,
        outcome="success" if through else "failure",
        shifts=shifts if through else 0,
        critical=shifts >= CRITICAL_SHIFTS,
    )


Role = Literal["complements", "restricts", "both"]


class Secondary(Stored, kw_only=True, forbid_unknown_fields=True):
    """A skill modifying the main one [004:753-757]: one that only complements never gives
    -1, one that only restricts never gives +1."""

    name: Name
    rating: int
    role: Role = "both"


def combined(primary: int, secondaries: list[Secondary], options: Options) -> FateModifier:
    """Combining skills [004:753-759]: higher +1, lower -1 (within each skill's role); however
    many apply, the roll moves by +1 or -1 at most [004:759]. A +1 and a -1 together follow
    `Options.combined_skills_net` (GAP)."""
    steps = set()
    for skill in secondaries:
        if skill.rating > primary and skill.role != "restricts":
            steps.add(1)
        elif skill.rating < primary and skill.role != "complements":
            steps.add(-1)
    if steps == {1, -1}:
        value = 0 if options.combined_skills_net == "cancel" else -1
    else:
        value = steps.pop() if steps else 0
    return FateModifier(name="combined skills", value=value)


def disarm_pickup(disarm_shifts: int) -> FateModifier:
    """Picking a dropped weapon up as a secondary action: -1 and the disarm's shifts [004:871]."""
    return FateModifier(name="weapon picked up", value=SECONDARY_ACTION - max(disarm_shifts, 0))


def may_defend_with(skill: str, disarmed: bool) -> bool:
    """A disarmed character's defence is not penalised, but it cannot parry with Armas
    (Atletismo and Puños still serve) [004:871]."""
    return not (disarmed and skill == WEAPON_SKILL)


def throw_cost(weight: int, zones: int, options: Options) -> int:
    """Shifts a throw needs [004:889]: 1 + the target's weight scale to the adjacent zone,
    each further zone "the previous value + 1"; summed or the last one's as
    `Options.throw_cost` says (GAP)."""
    if zones < 1:
        raise InvalidCommand("a throw moves its target one zone at least", "invalid_zones")
    costs = [1 + weight + zone for zone in range(zones)]
    return sum(costs) if options.throw_cost == "accumulate" else costs[-1]


def push_cost(weight: int, zones: int) -> int:
    """Shifts a push needs: the target's weight scale + 1 per zone [004:885]."""
    if zones < 1:
        raise InvalidCommand("a push moves its target one zone at least", "invalid_zones")
    return weight + zones


def delayed(order: list[str], who: str, after: str) -> list[str]:
    """A character who delays takes its turn later, right after another's turn ends and
    before the next begins; never by interrupting a declared action [004:719]. The order of
    this round with `who` moved after `after`, who must come later in it."""
    if who not in order or after not in order or order.index(after) <= order.index(who):
        raise InvalidCommand(
            f"{who} can only delay until after someone who acts later this round [004:719]",
            "invalid_delay",
        )
    rest = [name for name in order if name != who]
    place = rest.index(after) + 1
    return [*rest[:place], who, *rest[place:]]


def in_reach(reach: Reach, zones: int) -> bool:
    """Whether an attack of this reach gets at a target `zones` steps away [004:625]: what
    reaches farther reaches nearer too (one shoots or throws at whom one could touch)."""
    most = REACH_ZONES[reach]
    return most is None or zones <= most


def route(
    borders: list[ZoneBorder], start: str, end: str, *, counted: bool
) -> tuple[int, int] | None:
    """The way from zone `start` to `end` across adjacent zones [004:623]: its steps and the
    borders crossed, the fewest steps or, `counted`, the fewest steps and borders together (a
    move's borders are taken off its shifts [004:745]); null: no way there."""
    best = {start: 0}
    frontier = [(0, 0, 0, start)]
    while frontier:
        cost, steps, crossed, zone = heapq.heappop(frontier)
        if zone == end:
            return steps, crossed
        if cost > best[zone]:
            continue
        for border in borders:
            if zone in border.zones:
                first, second = border.zones
                there = second if zone == first else first
                step = cost + 1 + (border.value if counted else 0)
                if step < best.get(there, step + 1):
                    best[there] = step
                    heapq.heappush(frontier, (step, steps + 1, crossed + border.value, there))
    return None


def require_in_reach(
    conflict: FateConflict, attacker: FateCharacter, defender: FateCharacter, reach: Reach | None
) -> None:
    """With the zones drawn, the defender stands within the attack's reach [004:625], counted
    in zones (a border slows a move, not a blow or a shot)."""
    if not conflict.zones:
        return
    if reach is None:
        raise InvalidCommand(
            "the zones are drawn: name the attack's reach, touch, throw or shoot [004:625]",
            "invalid_attack",
        )
    for character in (attacker, defender):
        if character.id not in conflict.places:
            raise Conflict(f"{character.name} takes no part in this conflict", "not_in_conflict")
    start, end = conflict.places[attacker.id], conflict.places[defender.id]
    way = route(conflict.borders, start, end, counted=False)
    if way is None or not in_reach(reach, way[0]):
        away = "no way" if way is None else f"{way[0]} zone(s)"
        raise Conflict(
            f"{defender.name} is {away} from {attacker.name}, out of a {reach}'s reach [004:625]",
            "out_of_range",
        )
