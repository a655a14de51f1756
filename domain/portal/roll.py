"""A roll resolved: its readings, the verdict of the first against the difficulty, and what
the roll changes in the character's dice [002:220-224, 266-284, 326-352, 575].

The first reading is the primary one (attack, defence, reflexes, the challenge itself): it is
compared with the difficulty and, by default, its kept die drives the state changes (GAP:
`Options.state_reading`). The dice themselves are never re-read here: rerolls come first
(`rerolls`), then one resolution of the final faces.
"""

from __future__ import annotations

import msgspec

from domain.errors import InvalidCommand
from domain.portal.luck import luck_kept, tempt_recovered
from domain.portal.options import Options
from domain.portal.outcome import Verdict, judge
from domain.portal.points import gain
from domain.portal.pool import Pool, checked_pool
from domain.portal.reading import Reading, ReadingSpec, read
from domain.portal.sheet import Sheet
from domain.structs import Stored

MAX_READINGS = 4


class PortalRollResult(Stored, kw_only=True, forbid_unknown_fields=True):
    """Everything a resolved roll decided, for its event. (Named with the system's name: the
    API document names a schema after its class, and the service has a `RollResult`.)"""

    STORED_AS = "portal.RollResult"

    readings: list[Reading]
    """Each reading of the final faces, in the roll's order, the first the primary one"""
    verdict: Verdict | None = None
    """The primary reading against the difficulty; null when the roll has none (an attack or
    defence is compared with the opponent's result, reflexes with nobody)"""
    discomfort_removed: list[int] = []
    """The places (from 0) of the discomfort dice the kept die removes: all for a 6, those
    showing its face, none for a 1 [002:220-224]"""
    luck_returned: list[int] = []
    """The places (from 0) of the roll's luck dice that return to the held reserve [002:326-330]"""
    luck_spent: list[int] = []
    """The places (from 0) of the roll's luck dice that are lost [002:326-330]"""
    luck_reserve_lost: int = 0
    """Held luck dice outside the roll lost to a kept 1 (a GAP: the table's option `luck_on_one`
    at `all_held`); 0 otherwise"""
    tempt_recovered: bool | None = None
    """Whether the tempt die returns to the held reserve [002:348-352]; null when luck was not
    tempted"""
    sequel_points: list[int] = []
    """The places (from 0) of the rolled wound dice showing the kept face: one sequel point each
    [002:268-274]"""
    points_gained: int = 0
    """Character points earned: 1 for a protagonist's success with the LOW die [002:575], else 0"""


RollResult = PortalRollResult


def _state_faces(readings: list[Reading], options: Options) -> list[int]:
    """The kept faces that eliminate discomfort and count sequel points: never an aguante
    reading's [002:206, 274]."""
    if options.state_reading == "primary":
        return [] if readings[0].aguante else [readings[0].face]
    return [r.face for r in readings if not r.aguante]


def resolve(
    sheet: Sheet,
    pool: Pool,
    specs: list[ReadingSpec],
    options: Options,
    difficulty: int | None = None,
    fixed: Reading | None = None,
) -> RollResult:
    """Read the final pool once per spec and decide the roll's consequences.

    Discomfort: a kept 6 removes them all; another kept face removes the discomfort dice
    showing it (after they penalised); a kept 1 removes none [002:220-224]. Wound dice are
    never removed by rolling [002:266]; each matching the kept die is a sequel point
    [002:268]. Luck: `luck.luck_kept` of the kept face, the rest spent [002:326-330]; the tempt
    die as `luck.tempt_recovered` says (primary reading). A protagonist's success with the LOW
    die earns a character point [002:575] (a principal NPC holds none [002:647]). `fixed`:
    the primary reading as fixed before the damage's or aguante's rerolls [002:1096], read
    in place of the final faces."""
    if not 1 <= len(specs) <= MAX_READINGS:
        raise InvalidCommand(
            f"a roll is read 1..{MAX_READINGS} times [002:1040, 1092]", "invalid_readings"
        )
    names = [spec.name for spec in specs]
    if len(set(names)) != len(names):
        raise InvalidCommand("each reading of a roll has its own name", "invalid_readings")
    checked_pool(pool, sheet)
    readings = [read(pool, spec) for spec in specs]
    if fixed is not None:
        readings[0] = fixed
    primary = readings[0]
    verdict = None if difficulty is None else judge(primary.result, difficulty)

    removed: set[int] = set()
    sequel: set[int] = set()
    for face in _state_faces(readings, options):
        if face == 6:
            removed |= set(range(len(pool.discomfort)))
        elif face != 1:
            removed |= {i for i, die in enumerate(pool.discomfort) if die == face}
        sequel |= {i for i, die in enumerate(pool.wound) if die == face}

    luck_faces = (
        [primary.face]
        if options.state_reading == "primary"
        else [r.face for r in readings if not r.aguante] or [primary.face]
    )
    returned: set[int] = set()
    for face in luck_faces:
        returned |= luck_kept(face, pool.luck)
    reserve_lost = 0
    if primary.face == 1 and options.luck_on_one == "all_held" and sheet.kind == "protagonist":
        reserve_lost = sheet.luck_held - len(pool.luck)

    tempt = None
    if pool.tempt is not None:
        tempt = tempt_recovered(primary.face, pool.tempt, primary.result, difficulty)
    low_success = (
        verdict is not None
        and verdict.outcome == "success"
        and primary.choice == "LOW"
        and sheet.kind == "protagonist"
    )
    return RollResult(
        readings=readings,
        verdict=verdict,
        discomfort_removed=sorted(removed),
        luck_returned=sorted(returned),
        luck_spent=[i for i in range(len(pool.luck)) if i not in returned],
        luck_reserve_lost=reserve_lost,
        tempt_recovered=tempt,
        sequel_points=sorted(sequel),
        points_gained=int(low_success),
    )


def settle(sheet: Sheet, result: RollResult) -> Sheet:
    """The sheet after the roll: discomfort removed, luck spent or back (a principal NPC's
    luck-equivalents spent leave its pool for good, Errata [002:649]), the tempt die won
    back, the character point earned. Sequel points are paid apart (`sequels`), by the
    player's choice."""
    spent = len(result.luck_spent) + result.luck_reserve_lost
    discomfort = sheet.discomfort - len(result.discomfort_removed)
    if sheet.kind == "principal":
        npc_pool = sheet.npc_pool
        if spent and npc_pool is not None:
            npc_pool = msgspec.structs.replace(npc_pool, pool=npc_pool.pool - spent)
        return msgspec.structs.replace(sheet, discomfort=discomfort, npc_pool=npc_pool)
    held = sheet.luck_held - spent
    lost = sheet.luck_lost + spent
    if result.tempt_recovered:
        held, lost = held + 1, lost - 1
    points = sheet.points
    if result.points_gained:
        points = gain(points, result.points_gained, "low_die_success")
    return msgspec.structs.replace(
        sheet,
        discomfort=discomfort,
        luck_held=held,
        luck_lost=lost,
        points=points,
    )
