"""Temporary aspects [004:325-337, 699-703, 839-857] and hidden ones [004:145, 349-361].

A maneuver against a character that wins by 1 shift or more places a temporary aspect on
it, unless the target pays a fate point to avoid it [004:847]; the maneuver's author holds
one free invocation of it [004:329, 847]. Most temporary aspects are fragile: gone after
the first invocation or compel [004:853]; sticky ones (assessments, declarations, a
maneuver the GM asks a critical success of) stay [004:855-857].
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.errors import Conflict, InvalidCommand
from domain.fate.points import spend
from domain.fate.roll import CRITICAL_SHIFTS, FateVerdict
from domain.fate.sheet import Aspect, Sheet
from domain.names import Name
from domain.structs import Stored

Duration = Literal["fragile", "sticky"]
#: how the aspect came into play: each earns one free invocation [004:327-329]
Origin = Literal["maneuver", "assessment", "declaration", "deception"]


class TemporaryAspect(Stored, kw_only=True, forbid_unknown_fields=True):
    """A temporary aspect on a character (`target`) or on the scene (None), who holds its
    free invocation, and whether that one may be passed on (the GM's call: "Fuera de
    equilibrio" can be, "En la mira" cannot [004:333])."""

    STORED_AS = "fate.TemporaryAspect"

    name: Name
    """The aspect's phrase, e.g. "Fuera de equilibrio" [004:333]"""
    target: Name | None
    """The id of the character the aspect is on; null: on the scene"""
    duration: Duration
    """`fragile`: gone after its first invocation or compel [004:853]; `sticky`: it stays
    [004:855]"""
    origin: Origin
    """How it came into play: a `maneuver`, an `assessment`, a `declaration` or a `deception`
    [004:327-329, 359]"""
    free_invocations: int = 1
    """Free invocations left on it, earned when it was named and gone at the scene's end
    [004:329-331]"""
    holder: Name | None = None
    """The id of the character who holds its free invocation; null: nobody (none left)"""
    passable: bool = True
    """Its free invocation may be passed to an ally [004:333]"""


def placed_by_maneuver(
    verdict: FateVerdict,
    name: str,
    target: str | None,
    author: str,
    sticky: bool = False,
    crit_required: bool = True,
    passable: bool = True,
) -> TemporaryAspect:
    """The aspect a successful maneuver places [004:703, 845-847]: on a character it needs
    1 shift at least [004:847] (on the scene, success against the GM's difficulty
    [004:845]); a sticky one needs a critical success (3 shifts) when the GM asks for it
    [004:857]."""
    if verdict.outcome != "success" or (target is not None and verdict.shifts < 1):
        raise Conflict(
            "a maneuver places an aspect on a character with 1 shift at least [004:847]",
            "maneuver_failed",
        )
    if sticky and crit_required and verdict.shifts < CRITICAL_SHIFTS:
        raise Conflict(
            f"a sticky aspect from a maneuver needs {CRITICAL_SHIFTS} shifts here [004:857]",
            "needs_critical",
        )
    return TemporaryAspect(
        name=name,
        target=target,
        duration="sticky" if sticky else "fragile",
        origin="maneuver",
        holder=author,
        passable=passable,
    )


def discovered(name: str, target: str | None, author: str, origin: Origin) -> TemporaryAspect:
    """An aspect an assessment reveals or a declaration creates: sticky, one free invocation
    for its author [004:327-329, 855]."""
    return TemporaryAspect(
        name=name, target=target, duration="sticky", origin=origin, holder=author
    )


def avoided(points: int) -> int:
    """The target of a maneuver avoids its aspect by paying 1 fate point of its own
    [004:847]; at 0 it cannot (Errata)."""
    return spend(points, 1, "avoiding a maneuver's aspect")


def after_use(aspect: TemporaryAspect, free: bool) -> TemporaryAspect | None:
    """The aspect after an invocation or compel: a fragile one is gone [004:853]; a sticky one
    stays, with one free invocation fewer when that was used [004:855]."""
    if aspect.duration == "fragile":
        return None
    if free and aspect.free_invocations < 1:
        raise Conflict(f"{aspect.name!r} has no free invocation left", "no_free_invocation")
    left = aspect.free_invocations - 1 if free else aspect.free_invocations
    return msgspec.structs.replace(
        aspect, free_invocations=left, holder=aspect.holder if left else None
    )


def passed(aspect: TemporaryAspect, to: str, reasonable: bool) -> TemporaryAspect:
    """A free invocation handed to an ally, only when reasonable [004:333]."""
    if not aspect.free_invocations or aspect.holder is None:
        raise Conflict(f"{aspect.name!r} has no free invocation to pass", "no_free_invocation")
    if not (aspect.passable and reasonable):
        raise Conflict(
            f"the free invocation of {aspect.name!r} cannot be passed on [004:333]",
            "cannot_pass",
        )
    return msgspec.structs.replace(aspect, holder=to)


def fragile_on(aspects: list[TemporaryAspect], name: str, target: str) -> TemporaryAspect | None:
    """The fragile temporary aspect `name` on character `target`, if one is in play: its first
    compel accepted ends it [004:853]."""
    return next(
        (a for a in aspects if a.name == name and a.target == target and a.duration == "fragile"),
        None,
    )


def at_scene_end(aspects: list[TemporaryAspect]) -> list[TemporaryAspect]:
    """Free invocations are used in the scene the aspect was named in [004:331]; fragile
    aspects last "only moments" [004:847, 853]: the scene's end removes both."""
    return [
        msgspec.structs.replace(a, free_invocations=0, holder=None)
        for a in aspects
        if a.duration == "sticky"
    ]


Deception = Literal["returned", "destroyed"]


class Guess(Stored, kw_only=True, forbid_unknown_fields=True):
    """A guess at a hidden aspect, paid with 1 fate point, as the GM ruled it [004:349-361]."""

    STORED_AS = "fate.Guess"

    guess: Name
    """The aspect's name as the guesser said it"""
    revealed: Name | None
    """The hidden aspect the guess came close enough to, revealed and then invoked [004:353];
    null: missed"""
    refunded: bool
    """The fate point comes back to the guesser: a miss at an aspect neither secret nor
    relevant [004:355], or a liar returned it; false: lost, or paid for the invocation of a
    close guess"""
    deceived: Deception | None = None
    """The guesser was deceived (Engañar): the liar `returned` the fate point, placing a
    temporary aspect on the guesser, or `destroyed` it [004:359]; null: not deceived"""


def guessed(
    guess: str,
    close_to: str | None,
    hidden: list[str],
    secret: bool,
    deceived: Deception | None = None,
) -> Guess:
    """Rule on a guess. `close_to` is the GM's call: the hidden aspect it comes close enough
    to (revealed, the invocation goes on [004:353]). Otherwise: not secret or relevant, the
    point comes back [004:355]; secret or relevant, it is lost [004:357]; a liar's deception
    returns it (and the liar places an aspect on the guesser) or destroys it [004:359]."""
    if close_to is not None:
        if close_to not in hidden:
            raise InvalidCommand(f"{close_to!r} is not a hidden aspect here", "no_aspect")
        if deceived is not None:
            raise InvalidCommand("a guess that found the aspect was not deceived", "invalid_guess")
        return Guess(guess=guess, revealed=close_to, refunded=False)
    if deceived is not None:
        return Guess(guess=guess, revealed=None, refunded=deceived == "returned", deceived=deceived)
    return Guess(guess=guess, revealed=None, refunded=not secret)


def is_hidden(sheet: Sheet, name: str) -> bool:
    """Whether `name` is a hidden aspect of the sheet, not yet discovered [004:145]."""
    return any(a.name == name and a.hidden for a in sheet.aspects)


def revealed(sheet: Sheet, name: str) -> Sheet:
    """The sheet once its hidden aspect `name` is discovered (a close guess [004:353], an
    assessment [004:327]): known to everyone from then on."""
    if not is_hidden(sheet, name):
        raise InvalidCommand(f"{sheet.name} has no hidden aspect {name!r}", "no_aspect")
    aspects = [Aspect(name=a.name) if a.name == name else a for a in sheet.aspects]
    return msgspec.structs.replace(sheet, aspects=aspects)
