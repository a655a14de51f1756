"""The pool of dice a roll throws [002:97-101, 206, 262-264, 322, 340-344]: the 3 basic dice,
every discomfort die, every wound die the player does not decline, the luck dice the player
adds before rolling, or the one lost luck die of Tempt luck. The faces are rolled elsewhere
(from the table's seed); here they are data, each die named by its kind and place."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.errors import InvalidCommand
from domain.portal.sheet import BASIC_DICE, MAX_DICE, Sheet
from domain.structs import Stored

DieKind = Literal["basic", "discomfort", "wound", "luck", "tempt"]
Face = Annotated[int, msgspec.Meta(ge=1, le=6)]


class DieRef(Stored, kw_only=True, forbid_unknown_fields=True):
    """One die of a pool: its kind and its place among the dice of that kind."""

    STORED_AS = "portal.DieRef"

    kind: DieKind
    """The die's kind: `basic`, `discomfort`, `wound`, `luck`, or `tempt` (the lost luck die of
    Tempt luck)"""
    index: Annotated[int, msgspec.Meta(ge=0, le=MAX_DICE - 1)] = 0
    """The die's place among the pool's dice of its kind, from 0 (always 0 for the tempt die)"""


class Pool(Stored, kw_only=True, forbid_unknown_fields=True):
    """The faces of one roll, by kind."""

    STORED_AS = "portal.Pool"

    basic: Annotated[list[Face], msgspec.Meta(min_length=BASIC_DICE, max_length=BASIC_DICE)]
    """The faces (1..6) of the 3 basic dice"""
    discomfort: Annotated[list[Face], msgspec.Meta(max_length=MAX_DICE)] = []
    """The faces of the discomfort dice, one per die held (every one is thrown [002:206])"""
    wound: Annotated[list[Face], msgspec.Meta(max_length=MAX_DICE)] = []
    """The faces of the wound dice rolled: those held and not declined (each declined one takes 1
    off instead [002:264])"""
    declined_wounds: Annotated[int, msgspec.Meta(ge=0, le=MAX_DICE)] = 0
    """How many wound dice the player declined to roll, 0..3, -1 each to every reading but an
    aguante one [002:264]"""
    luck: Annotated[list[Face], msgspec.Meta(max_length=MAX_DICE)] = []
    """The faces of the held luck dice the player added before rolling [002:322]"""
    tempt: Face | None = None
    """The face of the lost luck die of Tempt luck [002:340]; null when luck is not tempted"""

    def dice(self) -> list[DieRef]:
        """Every die of the pool, basic first."""
        refs = [DieRef(kind="basic", index=i) for i in range(len(self.basic))]
        refs += [DieRef(kind="discomfort", index=i) for i in range(len(self.discomfort))]
        refs += [DieRef(kind="wound", index=i) for i in range(len(self.wound))]
        refs += [DieRef(kind="luck", index=i) for i in range(len(self.luck))]
        if self.tempt is not None:
            refs.append(DieRef(kind="tempt"))
        return refs

    def face(self, die: DieRef) -> int:
        if die.kind == "tempt":
            if self.tempt is None or die.index != 0:
                raise InvalidCommand("this roll tempts no luck", "unknown_die")
            return self.tempt
        faces: list[int] = getattr(self, die.kind)
        if not 0 <= die.index < len(faces):
            raise InvalidCommand(f"this roll has no {die.kind} die {die.index}", "unknown_die")
        return faces[die.index]

    def with_face(self, die: DieRef, face: int) -> Pool:
        """The pool with `die` showing `face` (a reroll)."""
        self.face(die)
        if not 1 <= face <= 6:
            raise ValueError(f"a d6 cannot show {face}")
        if die.kind == "tempt":
            return msgspec.structs.replace(self, tempt=face)
        faces = list(getattr(self, die.kind))
        faces[die.index] = face
        return msgspec.structs.replace(self, **{die.kind: faces})


def luck_to_add(sheet: Sheet) -> int:
    """The luck dice a roll of the sheet may add: a protagonist's held ones [002:322]; a
    principal NPC's luck-equivalents of the pool its sheet pays with, as many dice as the
    pool holds (Errata [002:649]; whether its purpose covers the roll is the game master's,
    who calls it [002:651]); none for an NPC paying with harm or not at all [002:647]."""
    if sheet.kind != "principal":
        return sheet.luck_held
    npc_pool = sheet.npc_pool
    return npc_pool.pool if npc_pool is not None and npc_pool.pays_with == "pool" else 0


def _refuse(message: str) -> InvalidCommand:
    return InvalidCommand(message, "invalid_pool")


def checked_pool(pool: Pool, sheet: Sheet) -> Pool:
    """A pool the sheet could throw: 3 basic dice [002:153]; every discomfort die [002:206];
    every wound die rolled or declined [002:264]; luck dice from the held reserve only, added
    before the roll [002:322]; Tempt luck takes one lost die and forbids held luck
    [002:340-342]; a principal NPC adds no luck [002:647] but luck-equivalents of a pool its
    sheet pays with (Errata [002:649]), and tempts none (a pool keeps no lost dice)."""
    faces = [*pool.basic, *pool.discomfort, *pool.wound, *pool.luck]
    if pool.tempt is not None:
        faces.append(pool.tempt)
    if any(not 1 <= face <= 6 for face in faces):
        raise _refuse("every die of PORTAL is a d6 [002:97]")
    if len(pool.basic) != BASIC_DICE:
        raise _refuse(f"a roll throws exactly {BASIC_DICE} basic dice [002:153]")
    if len(pool.discomfort) != sheet.discomfort:
        raise _refuse(
            f"every discomfort die is thrown [002:206]: {sheet.discomfort}, not "
            f"{len(pool.discomfort)}"
        )
    if len(pool.wound) + pool.declined_wounds != sheet.wound:
        raise _refuse(
            f"each of the {sheet.wound} wound dice is thrown or declined [002:264], not "
            f"{len(pool.wound)} + {pool.declined_wounds}"
        )
    if sheet.kind == "principal" and pool.tempt is not None:
        raise _refuse(
            "a principal NPC tempts no luck [002:647]: a pool's luck-equivalents are spent for "
            "good, none lost to tempt [002:340, 649]"
        )
    held = luck_to_add(sheet)
    if len(pool.luck) > held:
        if sheet.kind == "principal":
            raise _refuse(
                f"{sheet.name} adds luck-equivalents of its pool only, {held} [002:647-651]"
            )
        raise _refuse(f"only the {held} luck dice held can be added [002:322]")
    if pool.tempt is not None:
        if pool.luck:
            raise _refuse("tempting luck adds no luck from the reserve [002:342]")
        if sheet.luck_lost < 1:
            raise _refuse("tempting luck takes one of the character's lost luck dice [002:340]")
    return pool
