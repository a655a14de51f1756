"""Rerolls [002:442-452, 464-478, 492-520, 584, 603-609, 924-930, 1094]: Fortaleza levels,
aces in the sleeve and aces bought with character points add up [002:508]; a roll takes at
most 5 rerolls, and an entitlement beyond 5 adds 1 per point only once all 5 were made
[002:514-516]. Rerolls are sequential [002:442]: the handler asks for one, a die is rolled
from the table's seed, the sequence records it. Once another player or the game master gives
the roller a character point, every 1 and 6 of the roll is locked, those rerolls produce
later included [002:605-609]. An ace never changes which basic die is kept [002:478]: the
choice lives in the reading, not here.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.errors import Conflict, InvalidCommand
from domain.portal.options import Options
from domain.portal.pool import DieRef, Pool
from domain.portal.sheet import Sheet
from domain.structs import Stored

#: "NO PUEDEN SUPERARSE LAS 5 REPETICIONES EN UNA TIRADA" [002:514]
MAX_REROLLS = 5
MAX_ACES = 20
Source = Literal["fortaleza", "ace", "point", "adventure"]
Count = Annotated[int, msgspec.Meta(ge=0, le=MAX_ACES)]


class Entitlement(Stored, kw_only=True, forbid_unknown_fields=True):
    """The rerolls a roll is entitled to, by source: applicable Fortaleza levels (after any
    confrontation reduction) [002:442], the game master's aces [002:466], aces bought with
    character points after the roll [002:584], and rerolls drawn from the once-per-adventure
    pool of a partly applicable Fortaleza [002:492] (the game master's; the handler takes
    `used("adventure")` off that pool)."""

    STORED_AS = "portal.Entitlement"

    fortaleza: Count = 0
    """Rerolls from the levels of the Fortalezas ruled applicable, one per level [002:442]"""
    aces: Count = 0
    """Rerolls from the game master's aces in the sleeve [002:466]"""
    points: Count = 0
    """Rerolls from aces bought with character points after the roll [002:584]"""
    adventure: Count = 0
    """Rerolls from a partly applicable Fortaleza's once-per-adventure pool [002:492]"""

    @property
    def total(self) -> int:
        return self.fortaleza + self.aces + self.points + self.adventure

    def of(self, source: Source) -> int:
        counts = {
            "fortaleza": self.fortaleza,
            "ace": self.aces,
            "point": self.points,
            "adventure": self.adventure,
        }
        return counts[source]


def fortaleza_levels(sheet: Sheet, applicable: list[str]) -> int:
    """The levels of the Fortalezas the game master rules applicable [002:482], summed
    [002:508]; a level 0 Fortaleza rerolls nothing [002:404]."""
    if len(set(applicable)) != len(applicable):
        raise InvalidCommand("each Fortaleza applies once", "invalid_fortalezas")
    return sum(sheet.fortaleza(name).level for name in applicable)


def confrontation_reduction(mine: int, theirs: int) -> int:
    """Two opposed characters cut each other's levels until one reaches 0 [002:924] (Stealth 2
    against Alert 1: 1 reroll against none [002:928]); in combat, aces too [002:1094]. The
    amount both sides lose; the game master may skip it [002:930]."""
    if mine < 0 or theirs < 0:
        raise InvalidCommand("levels are never negative", "invalid_fortalezas")
    return min(mine, theirs)


def specialty_bonus(level: int, reduction: int, options: Options) -> int:
    """The bonus of an applicable specialty: its Fortaleza's level [002:456], cut by the
    confrontation reduction or not (GAP `Options.confrontation_cuts_specialty`)."""
    if options.confrontation_cuts_specialty:
        return max(0, level - reduction)
    return level


class Reroll(Stored, kw_only=True, forbid_unknown_fields=True):
    """One die rolled again: which, from what to what, paid by which source."""

    STORED_AS = "portal.Reroll"

    die: DieRef
    """The die rolled again: its kind and its place among the pool's dice of that kind"""
    old: int
    """The die's face before the reroll, 1..6"""
    new: int
    """The die's face after the reroll, 1..6"""
    source: Source
    """What paid for the reroll: `fortaleza` (an applicable Fortaleza's level), `ace` (an ace in
    the sleeve), `point` (a character point spent for an ace) or `adventure`"""


class RerollSequence(Stored, kw_only=True, forbid_unknown_fields=True):
    """The rerolls of one roll so far, and the faces they left."""

    STORED_AS = "portal.RerollSequence"

    pool: Pool
    entitlement: Entitlement
    rerolls: list[Reroll] = []
    #: how many rerolls had been made when 1s and 6s were blocked; None if they are not
    blocked_after: int | None = None
    #: the seat that gave the character point [002:605]
    blocked_by: str | None = None

    def used(self, source: Source) -> int:
        return sum(1 for r in self.rerolls if r.source == source)

    def locked(self, die: DieRef) -> bool:
        """A 1 or a 6 once the roll's 1s and 6s are blocked [002:605-607]."""
        return self.blocked_after is not None and self.pool.face(die) in (1, 6)

    @property
    def excess_bonus(self) -> int:
        """+1 per point of entitlement past 5, once all 5 rerolls were made [002:514-516]."""
        if self.entitlement.total > MAX_REROLLS and len(self.rerolls) == MAX_REROLLS:
            return self.entitlement.total - MAX_REROLLS
        return 0


def begin(pool: Pool, entitlement: Entitlement) -> RerollSequence:
    return RerollSequence(pool=pool, entitlement=entitlement)


def reroll(sequence: RerollSequence, die: DieRef, source: Source, face: int) -> RerollSequence:
    """Roll `die` again, paid by `source`; `face` is the new face (rolled elsewhere)."""
    if len(sequence.rerolls) >= MAX_REROLLS:
        raise Conflict(f"a roll takes at most {MAX_REROLLS} rerolls [002:514]", "too_many_rerolls")
    if sequence.used(source) >= sequence.entitlement.of(source):
        raise Conflict(f"no {source} reroll is left for this roll", "no_reroll_left")
    old = sequence.pool.face(die)
    if sequence.locked(die):
        raise Conflict(
            f"the roll's 1s and 6s are blocked: this {die.kind} die shows {old} [002:605]",
            "die_blocked",
        )
    return msgspec.structs.replace(
        sequence,
        pool=sequence.pool.with_face(die, face),
        rerolls=[*sequence.rerolls, Reroll(die=die, old=old, new=face, source=source)],
    )


def buy_ace(sequence: RerollSequence) -> RerollSequence:
    """One character point spent after the roll for one ace [002:584] (the point is spent
    with `points.spend`)."""
    entitlement = msgspec.structs.replace(
        sequence.entitlement, points=sequence.entitlement.points + 1
    )
    return msgspec.structs.replace(sequence, entitlement=entitlement)


def block_ones_and_sixes(sequence: RerollSequence, by: str) -> RerollSequence:
    """Another player or the game master hands the roller a character point: from now on
    every 1 and 6 of the roll is locked, at any point of the sequence [002:605-609]. The
    roller keeps the point [002:579] (`points.gain`, "ones_and_sixes_blocked")."""
    if sequence.blocked_after is not None:
        raise Conflict("this roll's 1s and 6s are already blocked", "already_blocked")
    return msgspec.structs.replace(sequence, blocked_after=len(sequence.rerolls), blocked_by=by)
