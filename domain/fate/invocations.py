"""A roll with its invocations [004:129-141, 291-335]: after the roll, each aspect the GM
accepts as relevant rerolls the dice (the new result stands) or adds +2 to the final
result, after any reroll [004:135-139]; the same aspect at most once per roll, rerolls
included [004:141, 299]. A free invocation held on the aspect is used before a fate point
[004:329]; a paid invocation against the aspect's owner pays that owner at the end of the
exchange [004:335]. A fate point also buys a plain +1 [004:131].
"""

from __future__ import annotations

from typing import Literal

from domain.errors import Conflict, InvalidCommand
from domain.fate.roll import Face, FateDice, FateModifier, effort, read_dice
from domain.fate.sheet import Sheet
from domain.names import Name
from domain.structs import Stored

Effect = Literal["reroll", "plus_two"]
Payment = Literal["free", "fate_point"]
#: an invocation's bonus [004:139]
INVOKE_BONUS = 2
#: a fate point spent for an advantage [004:131]
POINT_BONUS = 1


class _InvokedAspect(Stored, kw_only=True, forbid_unknown_fields=True):
    """Base of an invocation, as asked or as it went: the aspect invoked and what it buys."""

    aspect: Name
    """The name of the aspect invoked"""
    effect: Effect
    """What the invocation buys: `reroll` (four new d6, whose result stands) or `plus_two` (+2
    to the effort, after any reroll) [004:135-139]"""


class Invocation(_InvokedAspect, kw_only=True, forbid_unknown_fields=True):
    """One invocation as asked: the aspect, whose it is (None: the scene's), the effect, the
    GM's ruling on its relevance (required: never defaulted [004:135, 301]) and, for a
    reroll, the four new d6."""

    STORED_AS = "fate.Invocation"

    owner: Name | None = None
    """The id of the character whose aspect it is; null: an aspect of the scene"""
    accepted: bool
    """The game master accepted the aspect as relevant [004:135, 301]"""
    against_owner: bool = False
    """Invoked to its owner's detriment (an opponent's aspect, a consequence): a fate point
    paid for it goes to the owner when the roll is settled [004:335]"""
    reroll: list[Face] = []
    """For a reroll, the four new d6 (1-6 each); empty for +2"""


class Invoked(_InvokedAspect, kw_only=True, forbid_unknown_fields=True):
    """An invocation as it went: paid how, and the dice a reroll gave."""

    STORED_AS = "fate.Invoked"

    owner: Name | None
    """The id of the character whose aspect it is; null: an aspect of the scene"""
    paid: Payment
    """How it was paid: `free` (a free invocation held on the aspect [004:329]) or `fate_point`"""
    dice: FateDice | None = None
    """A reroll's new dice, which stand; null for +2"""
    compensates: Name | None = None
    """The id of the character who receives the fate point at the end of the exchange: the
    owner, invoked against with a paid point [004:335]; null: nobody"""


class FateRollResult(Stored, kw_only=True, forbid_unknown_fields=True):
    """Every step of a roll, for its event."""

    STORED_AS = "fate.RollResult"

    skill: Name
    """The skill rolled (habilidad)"""
    rating: int
    """The skill's rung on the ladder (an unlisted skill is Mediocre, 0 [004:95])"""
    first: FateDice
    """The four d6 first thrown, before any reroll"""
    invocations: list[Invoked]
    """The invocations accepted, in order; empty: none"""
    dice: FateDice
    """The dice that stand, after the last reroll"""
    modifiers: list[FateModifier]
    """Every modifier of the effort, named: the game master's, each +2 invocation (named after
    its aspect), each fate point's +1"""
    effort: int
    """The final effort (esfuerzo): skill + dice + modifiers [004:75]"""
    fate_points_spent: int
    """The fate points the roller spent: 1 per paid invocation and per +1"""
    free_used: list[Name]
    """The aspects whose free invocations the roll used, one entry each"""


def rolled(
    sheet: Sheet,
    skill: str,
    faces: list[int],
    invocations: list[Invocation],
    free_held: list[str],
    bonus_points: int = 0,
    modifiers: list[FateModifier] | None = None,
) -> FateRollResult:
    """The roll of `skill` with `faces` (four d6), then the invocations in order. `free_held`
    lists the free invocations the roller holds, one entry each, by aspect; `bonus_points`
    fate points buy +1 each. Refused: an aspect twice, one the GM did not accept, a reroll
    without four dice, more fate points than held. (Which aspects may be named at all, on
    the sheet, a consequence or a temporary aspect, is the table's to check:
    `guards.known_aspects`.)"""
    if bonus_points < 0:
        raise InvalidCommand("fate points spent are never negative", "invalid_points")
    dice = first = read_dice(faces)
    steps: list[Invoked] = []
    named = list(modifiers or [])
    free = list(free_held)
    used: set[str] = set()
    for invocation in invocations:
        key = invocation.aspect.casefold()
        if key in used:
            raise InvalidCommand(
                f"{invocation.aspect!r} is already invoked on this roll, rerolls included "
                "[004:141, 299]",
                "aspect_already_invoked",
            )
        if not invocation.accepted:
            raise Conflict(
                f"the game master did not accept {invocation.aspect!r} as relevant [004:135]",
                "invocation_not_accepted",
            )
        if (invocation.effect == "reroll") != bool(invocation.reroll):
            raise InvalidCommand("a reroll, and only a reroll, brings four new d6", "invalid_dice")
        used.add(key)
        paid: Payment = "fate_point"
        if invocation.aspect in free:
            free.remove(invocation.aspect)
            paid = "free"
        new_dice = read_dice(invocation.reroll) if invocation.effect == "reroll" else None
        if new_dice is not None:
            dice = new_dice
        else:
            named.append(FateModifier(name=invocation.aspect, value=INVOKE_BONUS))
        owed = invocation.owner if paid == "fate_point" and invocation.against_owner else None
        steps.append(
            Invoked(
                aspect=invocation.aspect,
                owner=invocation.owner,
                effect=invocation.effect,
                paid=paid,
                dice=new_dice,
                compensates=owed,
            )
        )
    named += [FateModifier(name="fate point", value=POINT_BONUS)] * bonus_points
    spent = bonus_points + sum(step.paid == "fate_point" for step in steps)
    if spent > sheet.fate_points:
        raise Conflict(
            f"this roll costs {spent} fate points and {sheet.name} holds {sheet.fate_points}",
            "not_enough_fate_points",
        )
    rating = sheet.rating(skill)
    return FateRollResult(
        skill=skill,
        rating=rating,
        first=first,
        invocations=steps,
        dice=dice,
        modifiers=named,
        effort=effort(rating, dice, named),
        fate_points_spent=spent,
        free_used=[step.aspect for step in steps if step.paid == "free"],
    )
