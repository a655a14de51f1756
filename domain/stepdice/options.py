"""A stepdice table's options, fixed at creation: the variant, the script, and every GAP of the
digest (§3, errata) as a policy with the digest's suggested default where it offers one.

Citations: `[003:L]` is the book (seed 003), `§3.x` the digest's section.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.dice import DiceOptions, require_scripted_faces
from domain.stepdice.ladder import LARGEST_DIE, Grade

Variant = Literal["standard", "solo-d6"]

#: the most Hearts or Mana a character or enemy may have (advancement raises maxima)
MAX_POOL = 20


class StepdiceOptions(DiceOptions, kw_only=True, forbid_unknown_fields=True):
    """How a stepdice table plays, fixed at creation. (Named with the system's name: the API
    document names a schema after its class, and Frontera's options are `Options`.)"""

    STORED_AS = "stepdice.Options"

    #: "standard": attribute dice d6…d20 against TN 4/6/8/12; "solo-d6": one d6 against a
    #: rank's threshold shifted by grades [003:11, 314-347]
    variant: Variant = "standard"
    #: Hearts a new character has unless its creation says otherwise: "Estándarmente 5"
    #: [003:282]; maxima are per character (errata)
    starting_hearts: Annotated[int, msgspec.Meta(ge=1, le=MAX_POOL)] = 5
    #: Mana a new character starts with and may hold: "Al inicio tienes 3 Manás" [003:235]
    starting_mana: Annotated[int, msgspec.Meta(ge=0, le=MAX_POOL)] = 3
    tn_below_ladder: Annotated[int, msgspec.Meta(ge=2, le=3)] | None = None
    """A GAP (§3.2, [003:88]): the TN (2 or 3) rolled against when shifts push a test's, attack's
    or cast's TN below the ladder's 4 ("casi seguro, normalmente sin tirada"), so a 1 still fails
    with its complication; null (the default, the book's "normally"): an almost certain success,
    no die, recorded as a success (the pawn falls, the Mana is spent; errata)"""
    tn_above_ladder: Annotated[int, msgspec.Meta(ge=13, le=LARGEST_DIE)] | None = None
    """A GAP (§3.2, [003:89]): the TN (13-20) rolled against when shifts push a test's TN above
    the ladder's 12 ("casi imposible, normalmente requiere un plan u otro enfoque"); null (the
    default): no roll, the command is refused as almost impossible (`almost_impossible`) and the
    players change their approach"""
    #: GAP (§3.2, [003:64]): the die's maximum when it is below the TN (a d6 or d8 against 8
    #: or 12). "exceptional" (default, the digest's literal reading of "Max: Éxito +
    #: Beneficio"), "success" (a plain success) or "failure" (the TN decides).
    max_below_tn: Literal["exceptional", "success", "failure"] = "exceptional"
    #: GAP (§3.3): help on a d20, which cannot step up. The digest offers no default:
    #: "refused" (default here: help that changes nothing is not given) or "no_step" (the
    #: helper's Action is spent, the die stays a d20).
    help_on_d20: Literal["refused", "no_step"] = "refused"
    #: Errata (Armour): automatic at [003:171], optional at [003:360]. "optional" (default,
    #: the errata's suggestion): the player is asked; "automatic": the token absorbs the hit.
    armour: Literal["optional", "automatic"] = "optional"
    #: the grade (TN in the standard game, threshold shift in solo) of each enemy category:
    #: pawn TN 6 [003:216] and Normal [003:338]; élite not stated, inferred 8 (§3.1) and
    #: Difícil [003:339]; boss TN 12 [003:222] and Heroico [003:340]
    peon_grade: Grade = "normal"
    elite_grade: Grade = "dificil"
    jefe_grade: Grade = "heroico"
    #: GAP (§3.1, §3.4): an élite's Hearts. The digest offers no default: 2 here, between a
    #: pawn (out on one hit) and a boss.
    elite_hearts: Annotated[int, msgspec.Meta(ge=1, le=MAX_POOL)] = 2
    #: GAP (§3.1, §3.4): a boss's Hearts; default 3, the "3 Heridas" of [003:340]
    jefe_hearts: Annotated[int, msgspec.Meta(ge=1, le=MAX_POOL)] = 3
    #: Errata GAP: an élite or boss at 0 Hearts. "defeated" (default, the errata's
    #: suggestion) or "downed" (out of the fight; the next hit defeats it, as [003:292]).
    enemy_at_zero: Literal["defeated", "downed"] = "defeated"
    #: GAP (§3.6): casting with less Mana than the cost. The digest offers no default:
    #: "refused" (default here) or "spend_all" (what Mana is left is spent, down to 0).
    insufficient_mana: Literal["refused", "spend_all"] = "refused"
    #: GAP (§3.6): Mana above the maximum (a refund after a free Truco). The digest offers no
    #: default: "capped" (default here, "regresan a la plenitud" [003:303] names a full pool)
    #: or "allowed".
    mana_above_max: Literal["capped", "allowed"] = "capped"
    #: GAP (§3.6): whether a magic attack that misses triggers Venganza. The digest offers no
    #: default: True here, as a spell is one of the attack's weapons [003:159-160, 179].
    spell_attack_venganza: bool = True
    #: GAP (§3.7, [003:332] "9.3 Ayuda" is empty): the threshold change a helper gives in
    #: solo; default -1, the digest's suggestion by analogy with the die's step up
    solo_help_shift: Annotated[int, msgspec.Meta(ge=-2, le=0)] = -1
    #: GAP (§3.7): whether a 1 is failure + complication and a 6 exceptional in solo.
    #: "as_main_game" (default: the rest of the main rules "presumably unchanged", §3.7 and
    #: errata) or "none" (only the threshold counts).
    solo_extremes: Literal["as_main_game", "none"] = "as_main_game"


Options = StepdiceOptions


def check_options(parsed: Options) -> None:
    """Every scripted face is one a die of the table shows."""
    largest = 6 if parsed.variant == "solo-d6" else LARGEST_DIE
    require_scripted_faces(parsed, largest, f"the largest die of this table is a d{largest}")
