"""A FATE table's policies for the book's silences: each GAP of the digest (§4, Errata) is an
option with the digest's suggested default, both readings named.

Citations: `[004:L]` is the book, `§4.x` the digest's section.
"""

from __future__ import annotations

from typing import Literal

from domain.dice import DiceOptions, require_scripted_faces

#: 4dF are four d6 read as Fudge dice [004:65-71]: every die of a FATE table is a d6
SIDES = 6


class FateOptions(DiceOptions, kw_only=True, forbid_unknown_fields=True):
    """How a FATE table plays where the book is silent. (Named with the system's name: the API
    document names a schema after its class.)"""

    STORED_AS = "fate.Options"

    #: GAP (§4.3, [004:591,601]): a tie in an opposed action. "active_succeeds" (default, the
    #: digest's suggestion): the defender's effort is the difficulty, so the acting side
    #: succeeds with 0 shifts (no stress); "nobody": neither side wins. Blocks always need 1
    #: shift whatever this says [004:727].
    opposed_tie: Literal["active_succeeds", "nobody"] = "active_succeeds"
    #: GAP (§4.6): the severity of a new consequence once an earlier one has healed.
    #: "lowest_free" (default, the digest's suggestion): the mildest free slot; "after_highest":
    #: the one after the most severe still held (the book's "first, second, third" [004:791]
    #: counted from what remains).
    consequence_slot: Literal["lowest_free", "after_highest"] = "lowest_free"
    #: GAP (§4.4, Errata, [004:815]): whether the +1/-1 fate point of a reasonable concession
    #: also moves when the attacker accepts it (it moves when refused under every reading).
    #: True (default: the sentence follows the whole offer); False: only a refused one.
    concession_points_when_accepted: bool = True
    #: GAP (Errata, [004:401]): a compel raised to N after the first point was accepted.
    #: "total" (default, the digest's "accepting gives N, refusing costs N"): N in all either
    #: way, counted from before the compel; "added": each raise is an offer on top, accepting
    #: gives N more and refusing costs N, keeping the points already taken.
    escalated_compel: Literal["total", "added"] = "total"
    #: GAP (§4.3 F14, [004:759]): the net of a complementing +1 and a restricting -1 on one
    #: roll. "cancel" (default, the digest's suggestion): 0; "restrict": the -1 stands.
    combined_skills_net: Literal["cancel", "restrict"] = "cancel"
    #: GAP (§4.7, [004:889]): a throw's cost past the adjacent zone, each zone "the previous
    #: value + 1". "accumulate" (default, the digest's reading of "aumenta drásticamente"): a
    #: person two zones away needs 3 + 4 = 7 shifts; "last": 4.
    throw_cost: Literal["accumulate", "last"] = "accumulate"


Options = FateOptions


def check_options(options: Options) -> None:
    """What the type admits and a FATE table's dice cannot show: a scripted face above 6."""
    require_scripted_faces(options, SIDES, f"every die of FATE is a d{SIDES} [004:65-71]")
