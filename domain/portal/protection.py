"""Protection as aces on defence [002:1201-1222]: cover against attacks from the side it
covers, shields, and weapons that parry melee. Which apply is the game master's ruling on
the scene; the aces join the defence roll's entitlement (`rerolls.Entitlement.aces`)."""

from __future__ import annotations

from typing import Literal

from domain.portal.sheet import Shield

Cover = Literal["none", "partial", "full"]
#: partial cover (half the body) 1 ace, full 2 [002:1207-1208]
COVER_ACES: dict[str, int] = {"none": 0, "partial": 1, "full": 2}
#: a medium shield: 2 aces against melee only [002:1213]
MEDIUM_SHIELD_ACES = 2


def protection_aces(
    melee: bool,
    cover: Cover = "none",
    shield: Shield = "none",
    sharp_weapon: bool = False,
    trapping_weapon: bool = False,
    long_weapon: bool = False,
) -> int:
    """Aces on a defence roll. A large shield is full cover for every purpose [002:1212]
    (not added to other full cover); against melee only, a medium shield gives 2
    [002:1213], and 1 each a sharp or pointed weapon that wounds without momentum, a small
    shield, a weapon that traps the rival's, a long weapon usable here [002:1217-1222]."""
    aces = COVER_ACES["full" if shield == "large" else cover]
    if melee:
        aces += MEDIUM_SHIELD_ACES if shield == "medium" else int(shield == "small")
        aces += int(sharp_weapon) + int(trapping_weapon) + int(long_weapon)
    return aces
