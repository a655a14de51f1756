"""Magic [002:1566-1620]: a spell's rank of power sets the roll's difficulty and what is paid
before the roll [002:1604]; the game master names the elements (luck, discomfort, turns,
ingredients, points, wound dice, time) and how many, and each one missing makes the roll
harder, or the rite impossible at rank 3 [002:1606-1614]. Enchanting an item is a rite one
rank higher; inventing a spell costs as casting one a rank higher; a rank 3 enchantment or
invention is a rite of difficulty 6 with nothing missing [002:1616-1620]."""

from __future__ import annotations

from typing import Literal

from domain.errors import Conflict, InvalidCommand
from domain.portal.sheet import Choice
from domain.structs import Stored

Rank = Literal[0, 1, 2, 3]
Purpose = Literal["cast", "enchant", "invent"]
#: the difficulty of each rank [002:1606-1614]; 4 is a rank 3 enchantment or invention
DIFFICULTY: dict[int, int] = {0: 2, 1: 3, 2: 4, 3: 5, 4: 6}
#: how much each missing element adds: 1 at rank 1, 2 at rank 2; none may miss above
PER_MISSING: dict[int, int] = {0: 0, 1: 1, 2: 2}


class Casting(Stored, kw_only=True, forbid_unknown_fields=True):
    """A spell's roll: the rank it is worked at and its difficulty; None when a competent
    mage casts a rank 0 spell at no cost and with no roll [002:1606]."""

    STORED_AS = "portal.Casting"

    rank: int
    purpose: Purpose
    difficulty: int | None
    missing: int = 0


def casting(rank: Rank, purpose: Purpose, competent: bool, required: int, missing: int) -> Casting:
    """`required` and `missing` are the game master's count of elements and of those the
    caster lacks."""
    if not 0 <= missing <= required:
        raise InvalidCommand("missing elements are some of those required", "invalid_spell")
    worked = rank + (purpose != "cast")
    if worked == 0 and competent:
        return Casting(rank=0, purpose=purpose, difficulty=None)
    if worked >= 3 and missing:
        raise Conflict(
            "a rank 3 rite cannot be made with an element missing [002:1614, 1620]",
            "elements_missing",
        )
    difficulty = DIFFICULTY[worked] + PER_MISSING.get(worked, 0) * missing
    return Casting(rank=worked, purpose=purpose, difficulty=difficulty, missing=missing)


def layman_choice(knows_it_well: bool) -> Choice:
    """Who does not practise the arcane arts keeps the LOW die, MID for a spell known well
    [002:1606]."""
    return "MID" if knows_it_well else "LOW"
