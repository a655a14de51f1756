"""A PORTAL table's policies for the book's silences: each GAP of the digest (§2, Errata) is an
option with the digest's suggested default, both readings named.

Citations: `[002:L]` is the book, `§2.x` the digest's section.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.dice import DiceOptions, require_scripted_faces
from domain.portal.sheet import ConceptRank

#: "entre 0 y 15 (o más si estamos jugando una partida de superhéroes)" [002:107]
BOOK_MAX_DIFFICULTY = 15
SUPERHERO_MAX_DIFFICULTY = 99
#: a bound on the initial pool, far past the book's 10-15 [002:720]
MAX_CREATION_POINTS = 999


class PortalOptions(DiceOptions, kw_only=True, forbid_unknown_fields=True):
    """How a PORTAL table plays where the book is silent. (Named with the system's name: the
    API document names a schema after its class.)"""

    STORED_AS = "portal.Options"

    #: the highest difficulty the game master may set: 15 [002:107], more for superheroes
    max_difficulty: Annotated[int, msgspec.Meta(ge=1, le=SUPERHERO_MAX_DIFFICULTY)] = (
        BOOK_MAX_DIFFICULTY
    )
    #: GAP (§2.3, [002:328]): a kept 1 and "toda la suerte se elimina". "used" (default, the
    #: digest's suggestion): the luck dice of this roll are lost; "all_held": the luck still
    #: held outside the roll is lost too.
    luck_on_one: Literal["used", "all_held"] = "used"
    #: GAP (§2.3, [002:284] "si no quiere o no puede"): a sequel point paid as a discomfort die
    #: when discomfort is at 3. "unavailable" (default, the digest's suggestion): that payment
    #: is refused; "absorbed": the die is absorbed as damage is (a discomfort die becomes a
    #: wound die, [002:248]).
    sequel_discomfort_when_full: Literal["unavailable", "absorbed"] = "unavailable"
    #: GAP (§2.3): whether a sequel point paid with luck may take a luck die the same roll
    #: just gave back. The digest offers no default: "after_settling" (default here: the
    #: payment follows the roll, the die is held again); "outside_roll": only luck held apart
    #: from the roll may pay.
    sequel_luck: Literal["after_settling", "outside_roll"] = "after_settling"
    #: GAP (§2.3): in a roll read several times, which kept die drives discomfort elimination,
    #: luck retention and sequel points. "primary" (default, the digest's suggestion): the
    #: first reading (attack, defence, reflex); "union": a die is removed, kept or counted if
    #: any reading that is not an aguante reading would do so. The tempt die and a kept 1's
    #: reserve loss follow the primary reading either way.
    state_reading: Literal["primary", "union"] = "primary"
    #: GAP (§2.4, [002:924]): whether the confrontation reduction of Fortaleza levels also cuts
    #: the specialty bonus (the level a specialty adds [002:456]). True (default): the bonus is
    #: the reduced level, the book reducing "sus niveles de Fortalezas"; False: the full level.
    confrontation_cuts_specialty: bool = True
    #: GAP (§2.8): a tie in a confrontation outside combat. "tie" (default: reported as a
    #: tie, the game master narrates it as he does a partial success [002:139]); "second": the
    #: second side (the one resisting, the status quo) prevails.
    confrontation_tie: Literal["tie", "second"] = "tie"
    #: GAP (§2.8, [002:940]): success levels banked in an extended confrontation spent per ace;
    #: default 1, the digest's suggestion.
    levels_per_ace: Annotated[int, msgspec.Meta(ge=1, le=10)] = 1
    #: GAP (§2.8, [002:912]): a collaborator raised to the difficulty by the group's excess.
    #: "succeeds" (default, the book's example: the rock moves, the task succeeds): the member
    #: no longer fails; "partial": the member's result equals D, a partial success by [002:139].
    covered_member: Literal["succeeds", "partial"] = "succeeds"
    #: GAP (§2.9.1): a reflex value of 0 or less. "defence_only" (default, the digest's
    #: suggestion): no phase to act in, defence rolls stay unlimited [002:1075]; "phase_1":
    #: one action in phase 1 anyway.
    reflex_at_most_zero: Literal["defence_only", "phase_1"] = "defence_only"
    #: GAP (§2.9.1): reflexes past 21, once phases 6 down to 1 each hold an action. The
    #: digest offers no default: "lost" (default here: one action per phase at most, as the
    #: rule's falling phases give) or "phase_1" (what is left buys one more action in phase 1).
    reflex_overflow: Literal["lost", "phase_1"] = "lost"
    #: GAP (§2.9.7, [002:1277-1281]): a last aguante roll below the unabsorbed damage. The
    #: digest offers no default: "unstabilised" (default here: unconscious and not
    #: stabilised, the game master rules on dying, as the digest implies) or "dead".
    critical_below: Literal["unstabilised", "dead"] = "unstabilised"
    #: GAP (§2.9.7, [002:1273-1275, 1224-1234]): whether armour adds its raw die to the last
    #: aguante roll of the critical state. The digest offers no default: "aguante_alone"
    #: (default here, as tables played before the option) or "with_armour" (its raw die added
    #: as to a strike's aguante). The book's words lean to "with_armour": armour adds to "la
    #: tirada de aguante" unqualified, and this one is "como en toda tirada de aguante".
    critical_roll_armour: Literal["aguante_alone", "with_armour"] = "aguante_alone"
    #: GAP (§2.9.7): a thorn's die that does not fit, a wound die at 3 wound dice (or a
    #: discomfort die at 3 and 3). "critical_roll" (default, the digest's suggestion): each
    #: such die is a point past the damage limit, as absorption counts one point a die
    #: [002:1238], and calls a new last aguante roll of the critical state [002:1273];
    #: "lost": the die has no place to go, the strike gives what fits and no more.
    thorn_past_limit: Literal["critical_roll", "lost"] = "critical_roll"
    #: GAP (§2.9.10, [002:1475-1481]): ties when immobilizing (the grab, or the struggle
    #: against the defender's). "defender" (default here, the digest offers none: the grab
    #: is an attack that must exceed the defence, and Lucio must "superar" the struggle);
    #: "grabber": a tie holds.
    immobilize_tie: Literal["defender", "grabber"] = "defender"
    #: Errata GAP (§2.9.10, [002:1487-1529]): a multiple attack's attack rolls. "one" (default
    #: here, the digest offers none: "una misma acción", and an action is one roll [002:1073]):
    #: one attack roll read against every attack's difficulty; "per_attack": one attack roll
    #: per attack, in the attacks' order.
    multiple_attack_rolls: Literal["one", "per_attack"] = "one"
    #: Errata GAP (§2.9.2, [002:1088]): a free action bought mid-turn "REDUCIENDO SU VALOR DE
    #: REFLEJOS": are the later phases lost? "at_once" (default here, the digest offers none:
    #: as every other new reflex value, a maneuver's [002:1067] or a multiple attack's
    #: [002:1517], the lowered value's phases hold from the next phase on, a later phase it
    #: lacks lost); "next_turn": this turn keeps its phases, the lowered value's from the next.
    free_action_reflexes: Literal["at_once", "next_turn"] = "at_once"
    #: Errata GAP (§2.9.1, 2.9.8, [002:1067]): a maneuver's result replaces the reflex value
    #: mid-turn: when do its phases hold? "at_once" (default, the digest's: the result
    #: "substituye el antiguo valor", so its phases from the next phase on, a later phase it
    #: lacks lost, one it adds played this turn); "next_turn": this turn keeps its phases, the
    #: new value's from the next turn.
    maneuver_reflexes: Literal["at_once", "next_turn"] = "at_once"
    #: Errata GAP (§2.10): a protagonist's defence equal to a supporting character's Attack.
    #: "hit" (default here: the Attack is the difficulty the defence must exceed [002:1292],
    #: so a tie hits with an excess of 0, as between supporting characters [002:1341]);
    #: "environment": the general tie [002:1102], the defender's own raw die of the setting
    #: as the environment's damage (the supporting character has no dice).
    sc_attack_tie: Literal["hit", "environment"] = "hit"
    #: GAP (§2.2, §2.9.4, [002:514, 1096]): Fortalezas and aces on the damage or aguante
    #: reroll once the attack or defence is fixed, a second stage on the pool the first left;
    #: does the cap of 5 rerolls count both stages? "shared" (default here, the book offers
    #: none: "NO PUEDEN SUPERARSE LAS 5 REPETICIONES EN UNA TIRADA", and both stages reroll
    #: the one roll); "separate": the second stage has 5 of its own.
    late_reroll_cap: Literal["shared", "separate"] = "shared"
    creation_points: Annotated[int, msgspec.Meta(ge=0, le=MAX_CREATION_POINTS)] | None = None
    """The point method of creation [002:711-842], the game master's input: the initial pool
    of character points every protagonist is granted ("no debería superar los 10-15"
    [002:720]), its sheet priced at creation, the unspent points / 5 its first in play
    [002:842]; null (the default): characters are made by eye [002:667], a sheet taken as
    given"""
    creation_concept: ConceptRank = "team_member"
    """The concept rank the game master sets for the group [002:689]: under the point method
    a sheet's own rank costs or gives its difference [002:715-718]"""


Options = PortalOptions
#: every die of PORTAL is a d6 [002:97]
SIDES = 6


def check_options(options: Options) -> None:
    """What the type admits and PORTAL's dice cannot show: a scripted face above 6."""
    require_scripted_faces(options, SIDES, f"every die of PORTAL is a d{SIDES} [002:97]")
