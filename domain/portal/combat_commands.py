"""What a PORTAL client asks of a combat [002:1016-1283]. Each Struct is one command.

A combat's rolls are ordinary PORTAL rolls (`PortalOpenRoll`: the game master names their
readings, the roller rerolls), settled by a combat command that reads them: the initial roll
for reflexes and cold blood [002:1018-1057] (and aguante, for a thorn, after wound dice
[002:1063]), an attack or defence roll read several times [002:1092], the last aguante roll of
the critical state [002:1273]. The game master starts the combat, advances its phases, rules
each strike with its judgements (the weapon, the setting) and ends it.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.characters import CharacterId
from domain.commands import Command
from domain.names import Reason
from domain.portal.commands import PortalOpenRoll
from domain.portal.damage import HeadEffect, Setting
from domain.portal.maneuvers import DeclaredManeuver
from domain.portal.protection import Cover
from domain.portal.reflexes import FightKind
from domain.portal.sequels import Payment
from domain.portal.sheet import MAX_DICE, MAX_ENTRIES, Choice, Label
from domain.portal.weapons import MeleeSize, RangedKind, WeightUse

RollNumber = Annotated[int, msgspec.Meta(ge=1)]
Payments = Annotated[list[Payment], msgspec.Meta(max_length=MAX_DICE)]
#: points of cold blood paid one way: at most the difficulty of a "we are going to die" fight
ColdBloodPoints = Annotated[int, msgspec.Meta(ge=0, le=99)]


class PortalStartCombat(Command, kw_only=True):
    """The game master starts a combat: its contenders in table order, going right from the
    game master, and the kind of fight, which sets the cold-blood difficulty [002:1044-1047].
    A die fixes the direction ties go round the table for the whole combat: even right, odd
    left [002:1036]."""

    contenders: Annotated[list[CharacterId], msgspec.Meta(min_length=2, max_length=MAX_ENTRIES)]
    """The ids of the characters who fight, each once, in table order going right from the game
    master"""
    fight: FightKind
    """The kind of fight: `friendly_brawl` (cold blood 3), `port_riot` (4), `balanced_shootout`
    (5) or `we_are_going_to_die` (6) [002:1044-1047]"""
    reason: Reason
    """The game master's reason for the kind of fight"""


class PortalTakeReflexes(Command, kw_only=True):
    """The roller settles a contender's reflex roll: its `reflexes` reading is the new reflex
    value and its phases [002:1022-1030]. The initial roll is read for `cold blood` too, the
    missing points paid as the player chooses, point by point: lost turns, discomfort dice,
    reflex points [002:1049-1057]; a roll after wound dice is read for `aguante`, against a
    thorn [002:1063, 1252]."""

    combat: RollNumber
    """The combat's number (the roll of its direction die)"""
    roll: RollNumber
    """The table's number of the contender's open roll, read for `reflexes` (and `cold blood` or
    `aguante`)"""
    payments: Payments
    """One payment per sequel point the roll made, as for `portalSettleRoll`; empty: none"""
    lost_turns: ColdBloodPoints = 0
    """Missing cold-blood points paid as turns without acting [002:1051]"""
    discomfort: ColdBloodPoints = 0
    """Missing cold-blood points paid as discomfort dice [002:1052]"""
    reflex_points: ColdBloodPoints = 0
    """Missing cold-blood points paid off the reflex value [002:1053]"""


class PortalProtection(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """What protects a defender against this attack, as the game master rules it
    [002:1201-1222]: the shield is the sheet's."""

    melee: bool
    """Whether the attack is melee: a medium or small shield and parrying weapons count only
    then [002:1213-1222]"""
    cover: Cover
    """Cover from the attack's side: `none`, `partial` (half the body, 1 ace) or `full` (2)
    [002:1207-1208]"""
    sharp_weapon: bool = False
    """A sharp or pointed weapon that wounds without momentum: 1 ace against melee [002:1218]"""
    trapping_weapon: bool = False
    """A weapon that traps the rival's (a parrying dagger): 1 ace against melee [002:1220]"""
    long_weapon: bool = False
    """A long weapon usable here: 1 ace against melee [002:1221]"""
    reason: Reason
    """The game master's reason: the cover, the weapons"""


class PortalCallDefence(PortalOpenRoll, kw_only=True):
    """The game master calls a contender's defence roll [002:1092] with its protection: the
    aces of cover, shield and parrying weapons [002:1201-1222] join the roll's `aces`, with
    the protection's reason. The roll is then rerolled and settled as any combat roll."""

    combat: RollNumber
    """The combat's number (the roll of its direction die)"""
    protection: PortalProtection
    """What protects the defender against this attack"""


class PortalCallAttack(PortalOpenRoll, kw_only=True):
    """The game master calls a contender's attack roll (read for `attack`) or maneuver roll
    (`maneuver`): the aces standing for it join the roll's `aces`, each with its reason, and
    are spent: a maneuver's above an enemy's reflexes [002:1441] and a prepared attack's
    against its target [002:1433], on an attack; a neglected defence's this turn, on either
    [002:1447]. A call that spends any is public: the table's view shows them spent."""

    combat: RollNumber
    """The combat's number (the roll of its direction die)"""
    target: CharacterId | None
    """The id of the contender attacked, whom a prepared attack's ace must be against; null:
    a maneuver roll, or none designated"""


class PortalDeclareManeuver(Command, kw_only=True):
    """The game master rules a contender's advanced maneuver [002:1421-1447]: total defence
    (an ace on every defence roll for the rest of the turn [002:1427]) or preparing an attack
    (an ace on the next attack against the target [002:1433-1435]), each giving up its attack,
    so its action in this phase; or neglecting defence, declared before the turn's first
    defence roll (an ace on this turn's attack or maneuver, -2 on every defence result for the
    rest of the turn [002:1443-1447])."""

    combat: RollNumber
    """The combat's number (the roll of its direction die)"""
    character: CharacterId
    """The id of the contender"""
    maneuver: DeclaredManeuver
    """`total_defence`, `prepare_attack` or `neglect_defence`"""
    target: CharacterId | None
    """The id of the contender a prepared attack is against [002:1433]; null for the others"""
    reason: Reason
    """The game master's reason: what the contender does, in the story"""
    reach: bool = False
    """A neglected defence made safe by a reach weapon, its opponents approaching or leaving
    it not yet in melee: the ace without the -2 [002:1551-1553]; only with `neglect_defence`"""


FreeActionKind = Literal["draw", "move", "speak", "ask"]


class PortalFreeAction(Command, kw_only=True):
    """The game master rules a contender's free action this turn, before or after its normal
    one [002:1077-1084]: one per normal action, each one more bought with a reflex point
    [002:1088]; where the lowered reflexes act this turn is the table's
    `free_action_reflexes` (Errata GAP)."""

    combat: RollNumber
    """The combat's number (the roll of its direction die)"""
    character: CharacterId
    """The id of the contender"""
    action: FreeActionKind
    """`draw` a weapon or pick up something at hand, `move` up to its reflexes in metres,
    `speak` up to its reflexes in words, `ask` the game master a question about the scene
    [002:1079-1082]"""
    bought: bool
    """Whether the action is bought with a reflex point [002:1088]: true once the free actions
    of its normal ones are taken, false before"""
    reason: Reason
    """The game master's reason: what the contender does, in the story"""


class PortalSettleCombatRoll(Command, kw_only=True):
    """The roller settles an attack roll (read for `attack`, and `damage` in melee) or a
    defence roll (read for `defence` and `aguante`) [002:1092]: kept for the strike the game
    master rules next."""

    combat: RollNumber
    """The combat's number (the roll of its direction die)"""
    roll: RollNumber
    """The table's number of the contender's open attack or defence roll"""
    payments: Payments
    """One payment per sequel point the roll made, as for `portalSettleRoll`; empty: none"""


class PortalWeapon(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The weapon of a strike as the game master rules it [002:1124-1186]: a melee weapon by
    size, a ranged one by kind, or a large weight (a table, a barrel) by how it is thrown."""

    melee: MeleeSize | None
    """A melee weapon's size: `bare`, `small`, `medium`, `large`, `gigantic`; null: ranged or
    a weight"""
    ranged: RangedKind | None
    """A ranged weapon's kind: `improvised`, `light`, `longbow`, `crossbow`, `light_firearm`,
    `shotgun`, `rifle`, `military`; null: melee or a weight"""
    weight: WeightUse | None = None
    """A large weight `thrown` (the attacker's damage-die category one down) or `dropped` from
    above (one up), its raw die only [002:1172-1178]; the ace a dropped HIGH weight earns on
    damage is granted with the attack roll's `aces`, which it is read from [002:1092, 1173];
    null: melee or ranged"""
    sharp: bool = False
    """A melee weapon that cuts or pierces: +1 [002:1135]"""
    improvised: bool = False
    """An improvised melee weapon: one size down [002:1137]"""
    special: bool = False
    """A special melee weapon (magical, futuristic): one size up [002:1133]"""
    black_powder: bool = False
    """An old black-powder gun: -1 to attack [002:1186]"""
    heavy: bool = False
    """A heavy weapon [002:1188-1197], its dice given as the `ranged` kind of the same dice:
    a molotov `light` (LOW), a flamethrower `longbow` (MID), dynamite `crossbow` (HIGH),
    grenades `light_firearm` (LOW + MID), mines `shotgun` (LOW + HIGH), missiles or plastic
    explosive `rifle` (MID + HIGH), anti-tank or experimental explosives `military` (all
    three). It sweeps automatically (`sweep` required), its damage added again [002:1190]"""
    reason: Reason
    """The game master's reason for the weapon's category"""


class PortalSweep(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A sweep attack, which the game master allows for the weapon and the position
    [002:1531-1543]."""

    reason: Reason
    """The game master's reason the sweep is possible here"""


class PortalOpportunity(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """An opportunity attack [002:1545-1549]: the defender leaves melee with the attacker and
    did not win the maneuver that would spare it, so the attacker strikes out of its phases,
    at most its reflex value of times a turn."""

    reason: Reason
    """The game master's reason: how the defender leaves, and why no maneuver saved it"""


#: where a located strike aims [002:1453]: a knee, the head, a weapon or the hand holding it
LocatedPart = Literal["knee", "head", "hand"]
#: what else a hand hit may do, as the game master rules it [002:1469-1471]
HandEffect = Literal["broken_weapon", "sequel"]


class PortalLocated(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A located strike the game master allows: +2 to its difficulty [002:1451]. What a head
    or hand hit does is his judgement [002:1455-1457, 1469-1471], required for that part and
    refused for the others."""

    part: LocatedPart
    """Where it aims: `knee`, whose wound dice become a movement sequel [002:1459-1467];
    `head`, for `head`'s effect [002:1455]; `hand`, a weapon or the hand holding it, for
    `disarm` and `hand` [002:1469]"""
    reason: Reason
    """The game master's reason the strike can aim there (and, at the head, that the weapon
    allows it [002:1457]; at a hand, why it disarms or not [002:1471])"""
    head: HeadEffect | None = None
    """At the head, what a hit does: `damage` (+5 to the damage total) or `stun` (the rival
    stunned as many turns as the damage points through) [002:1455]; null for other parts"""
    disarm: bool | None = None
    """At a hand, whether a hit disarms the defender, the game master's common-sense ruling
    (a shield hardly comes off with one blow [002:1471]); null for other parts"""
    hand: HandEffect | None = None
    """At a hand, what else a hit does, the game master's ruling [002:1469-1471]:
    `broken_weapon` (the defender's weapon broken, so disarmed as well) or `sequel` (the wound
    dice the damage makes are sequel points for rolls using that limb instead, as a knee's for
    movement [002:1459]); null: neither, or another part"""


class PortalStrike(Command, kw_only=True):
    """The game master rules an attack in the attacker's phase [002:1090-1283]: the settled
    attack roll against the settled defence roll; a hit's damage (the excess, the damage die
    in melee, the weapon's raw dice) against the aguante and armour, absorbed as discomfort
    and wound dice; a tie's environment damage by the setting. A defender out of combat makes
    no defence roll: attacked, it dies [002:1112]. An attacker out of combat strikes by the
    normal or heroic action past the damage limit it paid for (`portalCriticalAction`): a
    normal one in its phases, a heroic one in phase 1, the end of the turn [002:601]."""

    combat: RollNumber
    """The combat's number (the roll of its direction die)"""
    attack_roll: RollNumber
    """The attacker's settled attack roll (`portalSettleCombatRoll`): it names the attacker"""
    defender: CharacterId
    """The id of the contender attacked"""
    defence_roll: RollNumber | None
    """The defender's settled defence roll; null only for a defender out of combat"""
    weapon: PortalWeapon | None
    """The attacker's weapon, as the game master rules it; null: the one `wielded` names"""
    setting: Setting
    """How dangerous the setting is, for a tie's environment damage: `controlled` (the attacker's
    LOW die), `normal` (MID), `dangerous` (HIGH) [002:1104-1108]"""
    nonlethal: bool
    """Whether the damage is non-lethal: past 3 discomfort dice a point stuns a turn instead of
    wounding [002:1246-1248]"""
    sweep: PortalSweep | None
    """A sweep attack: the damage total worked out first, half of it added to the attack, a
    hit dealing the excess only [002:1531-1543]; null: a plain attack"""
    located: PortalLocated | None
    """A located strike: +2 to its difficulty [002:1451]; null: none"""
    reason: Reason
    """The game master's reason: what the attack is, in the story"""
    opportunity: PortalOpportunity | None = None
    """An opportunity attack on a defender leaving melee, out of the attacker's phases
    [002:1545-1549]; null: the attacker's action in its phase"""
    wielded: Label | None = None
    """The name of a weapon on the attacker's sheet (its `weapons`), instead of ruling the
    `weapon` [002:1153-1190]; null: the `weapon` ruled. A heavy weapon is ruled, not named"""
    damage_rerolls: Annotated[list[Choice], msgspec.Meta(max_length=MAX_DICE)] = []
    """The basic dice of the attack roll (`LOW`, `MID`, `HIGH`) its player rerolls with the
    weapon's damage aces [002:1173] once the hit is counted [002:1096], as said at the table:
    thrown at the strike, they change the weapon's raw dice, never the attack; empty: none"""


class PortalTakeCritical(Command, kw_only=True):
    """The roller settles a contender's last aguante roll, against the damage left
    unabsorbed [002:1271-1283], with the armour's die where the table's option
    `critical_roll_armour` says so: unconscious and stabilised, conscious, or worse; the
    worst thorn either way."""

    combat: RollNumber
    """The combat's number (the roll of its direction die)"""
    roll: RollNumber
    """The table's number of the contender's open roll, read for `aguante`"""
    payments: Payments
    """One payment per sequel point the roll made (an aguante roll makes none); empty: none"""


class PortalManeuver(Command, kw_only=True):
    """The roller settles a contender's maneuver roll, its action in one of its phases
    [002:1073]: its `maneuver` reading becomes the new reflex value, better or worse
    [002:1067, 1441] (Errata); against an enemy's current reflexes, exceeding them earns an
    ace on the next attack [002:1439-1441]. A maneuver only to better the reflexes is fair
    [002:1069]. A contender out of combat maneuvers by the normal or heroic action past the
    damage limit it paid for, as it strikes."""

    combat: RollNumber
    """The combat's number (the roll of its direction die)"""
    roll: RollNumber
    """The table's number of the contender's open roll, read for `maneuver`"""
    payments: Payments
    """One payment per sequel point the roll made, as for `portalSettleRoll`; empty: none"""
    enemy: CharacterId | None
    """The id of the contender whose current reflexes the maneuver must exceed; null: a
    maneuver only to better one's reflexes"""
    leaving: bool = False
    """A maneuver to leave melee: exceeding the difficulty the game master set calling the
    roll (the book gives none: GAP) spares the contender every opportunity attack this turn
    [002:1547]; with no `enemy`"""


class PortalAdvancePhase(Command, kw_only=True):
    """The game master moves a combat to its next phase, 6 down to 1, then the next turn's 6
    [002:1024]; once every contender's reflex roll is taken."""

    combat: RollNumber
    """The combat's number (the roll of its direction die)"""


class PortalEndCombat(Command, kw_only=True):
    """The game master ends a combat."""

    combat: RollNumber
    """The combat's number (the roll of its direction die)"""
    reason: Reason
    """The game master's reason: the foes flee, surrender, fall …"""
