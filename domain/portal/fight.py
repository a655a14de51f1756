"""What PORTAL's fight commands share [002:1016-1283]: the strike (`combat_handlers`), the
special attacks (`special_handlers`) and the supporting characters' fights (`cast_handlers`)
find a combat and its contenders, check who acts, read the settled rolls it keeps, rule a
weapon, take off a defence what its contender's standing says, and work out a strike's damage
and a defender's toughness alike."""

from __future__ import annotations

from domain.errors import Conflict, InvalidCommand, NotFound
from domain.names import checked_reason
from domain.portal import combat_commands as cc
from domain.portal.absorption import Toughness, damage_through, toughness
from domain.portal.damage import DamageTotal, Setting, Strike, damage_total, strike
from domain.portal.guards import require_no_open_roll
from domain.portal.maneuvers import defence_modifier
from domain.portal.pool import DieRef
from domain.portal.reading import Reading, kept_die
from domain.portal.rerolls import Reroll
from domain.portal.sheet import Armour, Choice
from domain.portal.state import (
    Combat,
    CombatContender,
    CombatRoll,
    PortalCharacter,
    PortalState,
)
from domain.portal.weapons import WeaponDamage, large_weight, melee_weapon, ranged_weapon

#: the names of a combat roll's readings [002:1018-1092, 1199]
REFLEXES, COLD_BLOOD, AGUANTE = "reflexes", "cold blood", "aguante"
ATTACK, DAMAGE, DEFENCE, MANEUVER = "attack", "damage", "defence", "maneuver"


def combat_of(state: PortalState, number: int) -> Combat:
    found = state.combats.get(str(number))
    if found is None:
        raise Conflict(f"combat {number} is no combat under way at this table", "no_combat")
    return found


def contender_of(combat: Combat, character: PortalCharacter) -> CombatContender:
    found = combat.contender(character.id)
    if found is None:
        raise Conflict(
            f"{character.name} is no contender of combat {combat.combat}", "not_in_combat"
        )
    return found


def out_of_combat(contender: CombatContender) -> bool:
    """Out of combat: in the critical state, its last aguante roll taken or not [002:1273]."""
    return contender.out is not None or contender.critical > 0


def reading_named(readings: list[Reading], name: str) -> Reading | None:
    return next((r for r in readings if r.name == name), None)


def kept_roll(combat: Combat, roll: int, name: str) -> CombatRoll:
    """A settled roll the combat keeps, read for `name` (`attack` or `defence`)."""
    found = combat.rolls.get(str(roll))
    if found is None or reading_named(found.readings, name) is None:
        raise NotFound(
            f"roll {roll} is no settled {name} roll of this combat (portalSettleCombatRoll)",
            "unknown_roll",
        )
    return found


def defence_read(
    state: PortalState, combat: Combat, roll: int, defender: PortalCharacter
) -> tuple[CombatRoll, Reading]:
    """The defender's settled defence roll the combat keeps and its `defence` reading, the
    defender's sheet settled (no roll of its open)."""
    rolled = kept_roll(combat, roll, DEFENCE)
    if rolled.character != defender.id:
        raise InvalidCommand(
            f"roll {rolled.roll} is not {defender.name}'s defence roll", "invalid_defence"
        )
    require_no_open_roll(state, defender)
    reading = reading_named(rolled.readings, DEFENCE)
    assert reading is not None
    return rolled, reading


def acts_this_turn(combat: Combat, contender: CombatContender, character: PortalCharacter) -> None:
    """The contender acts this turn: fighting, the turn under way, not lost to cold blood
    [002:1051] nor stunned [002:1246]."""
    if out_of_combat(contender):
        raise Conflict(f"{character.name} is out of combat [002:1273]", "out_of_combat")
    if contender.stunned:
        raise Conflict(
            f"{character.name} is stunned this turn: no action but defence [002:1075, 1246]",
            "stunned",
        )
    if combat.phase == 0 or contender.idle:
        raise Conflict(
            f"{character.name} does not act in turn {combat.turn} [002:1051]", "not_your_phase"
        )


def acts_now(combat: Combat, contender: CombatContender, character: PortalCharacter) -> None:
    """An action is taken in one of the contender's phases, once a phase entry [002:1073]."""
    acts_this_turn(combat, contender, character)
    if combat.phase not in contender.phases:
        raise Conflict(
            f"{character.name} does not act in phase {combat.phase} of turn {combat.turn}",
            "not_your_phase",
        )
    if character.id in combat.acted:
        raise Conflict(f"{character.name} has acted in this phase [002:1073]", "not_your_phase")


#: the turn's last phase, where a last heroic action comes [002:601]
LAST_PHASE = 1


def paid_action(contender: CombatContender) -> str | None:
    """The action past the damage limit a contender out of combat paid for
    (`portalCriticalAction`) that an attack or a maneuver takes: `normal` ("atacar, huir"
    [002:1281]) or `heroic` [002:601]; null: none (a `minimal` one is neither)."""
    paid = contender.critical_action if contender.out is not None else None
    return paid if paid in ("normal", "heroic") else None


def acts_now_or_paid(
    combat: Combat, contender: CombatContender, character: PortalCharacter
) -> str | None:
    """The contender acts now (`acts_now`), or out of combat by the action past the damage
    limit it paid for: a normal one in its phases [002:590, 1281], a last heroic one at the
    end of the turn, its last phase, once the others have acted there (the game master calls
    them first) [002:601]. The paid action it spends; null: none."""
    paid = paid_action(contender)
    if paid is None:
        acts_now(combat, contender, character)
        return None
    if combat.phase == 0 or character.id in combat.acted:
        raise Conflict(f"{character.name} does not act now [002:1073]", "not_your_phase")
    if paid == "heroic" and combat.phase != LAST_PHASE:
        raise Conflict(
            f"{character.name}'s last heroic action comes at the end of the turn, when all the "
            f"others have acted: phase {LAST_PHASE} [002:601]",
            "not_your_phase",
        )
    if paid == "normal" and combat.phase not in contender.phases:
        raise Conflict(
            f"{character.name} does not act in phase {combat.phase} of turn {combat.turn}",
            "not_your_phase",
        )
    return paid


def defence_taken_off(combat: Combat, contender: CombatContender) -> int:
    """What the contender's defence results take off now: a neglected defence this turn, a
    stun [002:1075, 1447, 1493]."""
    return defence_modifier(contender.standing, combat.turn, contender.stunned)


def ruled_weapon(
    weapon: cc.PortalWeapon, damage_die: Choice | None = None, swept: bool = False
) -> WeaponDamage:
    """The weapon's damage; a large weight's from the attacker's `damage_die` category; a
    heavy weapon only in a strike that sweeps (`swept`) [002:1190]."""
    checked_reason(weapon.reason)
    if [weapon.melee, weapon.ranged, weapon.weight].count(None) != 2:
        raise InvalidCommand(
            "a weapon is melee, ranged or a large weight, one of the three", "invalid_weapon"
        )
    if weapon.heavy and (weapon.ranged is None or not swept):
        raise InvalidCommand(
            "a heavy weapon sweeps automatically, in a strike [002:1190], its dice named by the "
            "ranged kind of the same dice [002:1191-1197]",
            "invalid_weapon",
        )
    if weapon.melee is not None:
        if weapon.black_powder:
            raise InvalidCommand("black powder is a gun's [002:1186]", "invalid_weapon")
        return melee_weapon(weapon.melee, weapon.sharp, weapon.improvised, weapon.special)
    if weapon.sharp or weapon.improvised or weapon.special:
        raise InvalidCommand(
            "sharp, improvised and special are melee sizes [002:1133-1137]", "invalid_weapon"
        )
    if weapon.weight is not None:
        if weapon.black_powder:
            raise InvalidCommand("black powder is a gun's [002:1186]", "invalid_weapon")
        if damage_die is None:
            raise InvalidCommand(
                "a large weight takes the attacker's damage-die category [002:1172]: neither "
                "its sheet nor its attack roll's `damage` reading names one",
                "invalid_weapon",
            )
        return large_weight(damage_die, weapon.weight == "dropped")
    assert weapon.ranged is not None
    return ranged_weapon(weapon.ranged, weapon.black_powder)


def rerolled_for_damage(
    basic: list[int], dice: list[Choice], faces: list[int]
) -> tuple[list[int], list[Reroll]]:
    """An attack roll's basic dice once its weapon's damage aces reroll the `dice` named (as
    they lie before any), each to its face in `faces`, after the attack is counted
    [002:1096, 1173]; and each reroll, from what to what."""
    places = [kept_die(basic, die) for die in dice]
    after = list(basic)
    for place, face in zip(places, faces, strict=True):
        after[place] = face
    rerolls = [
        Reroll(die=DieRef(kind="basic", index=place), old=basic[place], new=face, source="ace")
        for place, face in zip(places, faces, strict=True)
    ]
    return after, rerolls


def attack_read(rolled: CombatRoll, weapon: WeaponDamage) -> tuple[Reading, Reading | None]:
    """The attack roll's `attack` reading and, for a melee weapon, its damage die, refused
    when a melee attack's roll is not read for damage [002:1118]."""
    attack = reading_named(rolled.readings, ATTACK)
    assert attack is not None
    damage_die = reading_named(rolled.readings, DAMAGE) if weapon.melee else None
    if weapon.melee and damage_die is None:
        raise InvalidCommand(
            f"roll {rolled.roll} is not read for damage: a melee hit reads it [002:1118]",
            "invalid_readings",
        )
    return attack, damage_die


def struck(
    attack: int,
    defence: int,
    rolled: CombatRoll,
    setting: Setting,
    weapon: WeaponDamage,
    damage_die: Reading | None,
) -> tuple[Strike, DamageTotal | None, int]:
    """The strike, a hit's damage total, and the points that meet the aguante: the hit's
    total, a tie's environment die (Errata), 0 on a miss [002:1100-1147]."""
    blow = strike(attack, defence, rolled.basic, setting)
    if blow.outcome != "hit":
        return blow, None, blow.environment or 0
    total = damage_total(blow.excess, weapon, rolled.basic, damage_die)
    return blow, total, total.total


def toughness_through(points: int, defence: CombatRoll, armour: Armour) -> tuple[Toughness, int]:
    """The defender's toughness, its defence roll's aguante reading plus its armour's raw die
    [002:1199, 1224-1236], and the damage points past it, absorbed [002:1238]."""
    aguante = reading_named(defence.readings, AGUANTE)
    assert aguante is not None  # a defence roll is kept read for aguante too
    tough = toughness(aguante, defence.basic, armour)
    return tough, damage_through(points, tough.total)
