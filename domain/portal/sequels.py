"""Sequel points [002:268-308]: each wound die matching the kept die is one point; the player
pays each with a discomfort die, a held luck die, or a level of sequel, and the unpaid levels
make one sequel of that level (1..3) whose kind the game master picks [002:276-295]."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.errors import Conflict, InvalidCommand
from domain.portal.absorption import Absorption, absorb
from domain.portal.options import Options
from domain.portal.sheet import MAX_DICE, SCENE, Sequel, SequelLevel, Sheet
from domain.structs import Stored

Payment = Literal["discomfort", "luck", "sequel"]
SEQUEL_LEVELS: dict[int, SequelLevel] = {1: 1, 2: 2, 3: 3}


class SequelSettlement(Stored, kw_only=True, forbid_unknown_fields=True):
    """How the sequel points of one roll were paid."""

    STORED_AS = "portal.SequelSettlement"

    payments: list[Payment]
    #: the sequel made of the points paid as levels, if any
    sequel: Sequel | None = None
    #: discomfort paid at 3 dice under `sequel_discomfort_when_full="absorbed"`
    absorbed: Absorption | None = None


def made_sequel(level: SequelLevel, kind: str, combat: int | None) -> Sequel:
    """A sequel made while its character fights in `combat` (None: outside one): a level 1
    lasts the rest of that combat, or of the scene [002:287]; levels 2 and 3 outlast both."""
    return Sequel(level=level, kind=kind, combat=combat if level == SCENE else None)


def pay_sequel_points(
    sheet: Sheet,
    points: int,
    payments: list[Payment],
    options: Options,
    kind: str | None = None,
    returned_by_roll: int = 0,
) -> tuple[Sheet, SequelSettlement]:
    """Pay `points` sequel points, one payment each, in order. A luck die comes from the held
    reserve once the roll's own luck is settled (`roll.settle` first); whether the
    `returned_by_roll` dice the roll just gave back may pay is `Options.sequel_luck`;
    discomfort at 3 dice
    is refused or absorbed as `Options.sequel_discomfort_when_full` says [002:284]. `kind`
    is the game master's sequel type, required when a level is left unpaid [002:295]."""
    if len(payments) != points:
        raise InvalidCommand(
            f"each of the {points} sequel points is paid once [002:276]", "invalid_sequel"
        )
    if not 0 <= points <= MAX_DICE:
        raise InvalidCommand(
            f"a roll makes 0..{MAX_DICE} sequel points [002:272], not {points}", "invalid_sequel"
        )
    levels = payments.count("sequel")
    if levels and not (kind and kind.strip()):
        raise InvalidCommand(
            "the game master names the kind of the sequel [002:295]", "sequel_kind_required"
        )
    #: held luck dice that may pay: those the roll just gave back may not, under "outside_roll"
    payable_luck = sheet.luck_held
    if options.sequel_luck == "outside_roll":
        payable_luck -= returned_by_roll
    discomfort, wound, luck_held, luck_lost = (
        sheet.discomfort,
        sheet.wound,
        sheet.luck_held,
        sheet.luck_lost,
    )
    absorbed_points = 0
    for payment in payments:
        if payment == "discomfort":
            if discomfort < MAX_DICE:
                discomfort += 1
            elif options.sequel_discomfort_when_full == "absorbed":
                absorbed_points += 1
            else:
                raise Conflict(
                    "the character holds 3 discomfort dice: the point cannot be paid with "
                    "another [002:284]",
                    "sequel_payment_unavailable",
                )
        elif payment == "luck":
            if payable_luck < 1:
                raise Conflict(
                    "no luck die is held to pay a sequel point [002:280, 284]",
                    "sequel_payment_unavailable",
                )
            payable_luck -= 1
            luck_held, luck_lost = luck_held - 1, luck_lost + 1
    absorbed = None
    if absorbed_points:
        absorbed = absorb(discomfort, wound, absorbed_points)
        discomfort, wound = absorbed.discomfort, absorbed.wound
    sequel = None
    if levels and kind:
        sequel = Sequel(level=SEQUEL_LEVELS[levels], kind=kind.strip())
    paid = msgspec.structs.replace(
        sheet,
        discomfort=discomfort,
        wound=wound,
        luck_held=luck_held,
        luck_lost=luck_lost,
        sequels=[*sheet.sequels, sequel] if sequel else sheet.sequels,
    )
    return paid, SequelSettlement(payments=payments, sequel=sequel, absorbed=absorbed)
