"""A table's options: every GAP of the digest (`../shared/rules/dice_systems.md` §1 and its
asaltos errata) as a policy fixed at creation, with the digest's suggested default where it
offers one, else the reading named in the field's comment.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.dice import DiceOptions
from domain.names import Name

Penalty = Annotated[int, msgspec.Meta(ge=0, le=10)]


class AsaltosOptions(DiceOptions, kw_only=True, forbid_unknown_fields=True):
    """How an asaltos table reads what the book leaves open."""

    STORED_AS = "asaltos.Options"

    #: §1.2 GAP: a success with a negative difficulty can have SL < 0; "as_is" adds it as it
    #: is (literal SL = value - d10 [001:37-38]), "zero" counts it as 0. No suggestion given.
    negative_sl: Literal["as_is", "zero"] = "as_is"
    #: §1.2 GAP: opposed rolls compare SL "provided both succeeded" [001:37]; a lone success
    #: wins, and an SL tie is nobody's ("none") or the higher value's ("higher_value")
    opposed_tie_break: Literal["none", "higher_value"] = "none"
    #: §1.3 GAP: whether a parry or dodge not used in its tanda may serve a later tanda
    #: [001:112-113]; default no: a reaction belongs to the tanda it was declared for
    reactions_carry_over: bool = False
    #: errata GAP: how many actions skill allows [001:109,114]; suggested: no hard cap,
    #: accumulation already makes late actions impossible [001:47-48]
    skill_caps_actions: bool = False
    #: §1.3 / errata GAP: the SL of an automatic hit from behind or by surprise [001:79]:
    #: "roll" rolls the d10 for SL only (as a certain success does [001:40]), "zero" uses 0
    surprise_sl: Literal["roll", "zero"] = "roll"
    #: §1.3 GAP: a failed dodge presumably adds nothing [001:111]; true adds its SL anyway
    failed_dodge_adds: bool = False
    #: §1.3 GAP (a): a critical needs the attack to succeed; suggested yes, a natural 1 is
    #: not an automatic success [001:41]
    critical_requires_success: bool = True
    #: §1.3 GAP (b): "maximum damage" [001:39]: suggested "highest_level", the highest level
    #: the code can cause; "top_roll" looks up 10 + the roll's modifiers, armour ignored
    critical_damage: Literal["highest_level", "top_roll"] = "highest_level"
    #: §1.4 GAP: [001:130] says the FUE modifier and the SL "may be added": whether they are
    add_strength_modifier: bool = True
    add_success_level: bool = True
    #: errata GAP: does a thrown weapon add the FUE modifier? [001:78] speaks of armas
    #: blancas, which [001:121] calls every weapon that is not a firearm; default yes
    thrown_strength_modifier: bool = True
    #: §1.4 GAP: a damage result below every group of the code: no wound, or the lowest
    #: level the code causes
    damage_below_code: Literal["no_wound", "lowest_level"] = "no_wound"
    #: §1.4 GAP: a result above every group: the highest level the code causes, or none
    damage_above_code: Literal["highest_level", "no_wound"] = "highest_level"
    #: §1.4 GAP: a result between groups (next to a "-" group): the level below or above
    damage_in_gap: Literal["lower_level", "higher_level"] = "lower_level"
    #: §1.4 GAP: penalties the book does not give, counted for shock [001:65-67]: abdomen
    #: incapacitated, and a severed limb (the +4 of the other incapacitated locations)
    abdomen_l3_penalty: Penalty = 4
    limb_l4_penalty: Penalty = 4
    #: §1.4 GAP: a light wound whose pain is suppressed still counts towards shock [001:63,
    #: 67] (the pain is ignored, the blood is still lost)
    suppressed_counts_for_shock: bool = True
    #: errata GAP: the RES pain roll suffers the light wound's own +1 [001:63] (it applies
    #: "to all actions" until the roll succeeds)
    pain_roll_own_penalty: bool = True
    #: §1.4 GAP: does a Medicine roll that stops a death timer also treat its wound (the
    #: shorter healing of [001:72-73])? default no: that is a Medicine roll of its own
    medicine_on_timer_treats_wound: bool = False
    #: §1.4 healing GAP: the book restarts an interrupted rest for serious wounds [001:72];
    #: whether it does for an incapacitated location [001:73]; default yes
    interruption_restarts_l3: bool = True
    #: §1.4 healing: "unos minutos de tranquilidad" [001:71]; how many
    light_wound_minutes: Annotated[int, msgspec.Meta(ge=1, le=600)] = 5
    #: the skill names the rules roll: dodging [001:111] and Medicine [001:65-67,72-73]
    dodge_skill: Name = "Esquivar"
    medicine_skill: Name = "Medicina"


#: the API document names a schema after its class, and Frontera has an `Options` too
Options = AsaltosOptions
