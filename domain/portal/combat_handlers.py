"""PORTAL's combat handlers [002:1016-1283]. Each validates everything first, so a refused
command leaves nothing behind.

A combat roll is an ordinary roll (opened, rerolled), settled by the ordinary settlement
(`handlers.settle_roll`: its `RollSettled`) inside the combat command that reads it, once
every check of that command has passed; the combat's own event follows.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.characters import alive, find_character
from domain.dice import TableDice
from domain.errors import Conflict, InvalidCommand
from domain.keys import TableKeys
from domain.names import checked_reason
from domain.portal import combat_commands as cc
from domain.portal.absorption import absorb, toughness
from domain.portal.combat_events import (
    AttackCalled,
    CombatEnded,
    CombatRollSettled,
    CombatStarted,
    CriticalStateRolled,
    FreeActionTaken,
    ManeuverDeclared,
    ManeuverMade,
    PhaseAdvanced,
    ReflexesTaken,
    StrikeResolved,
    TemptLuckRecovered,
)
from domain.portal.commands import PortalAces, PortalOpenRoll, PortalSettleRoll
from domain.portal.critical import CriticalState, critical_state
from domain.portal.damage import damage_total, fumble_points, head_bonus, head_strike, strike
from domain.portal.events import game
from domain.portal.fight import (
    AGUANTE,
    ATTACK,
    COLD_BLOOD,
    DAMAGE,
    DEFENCE,
    MANEUVER,
    REFLEXES,
    acts_now,
    acts_now_or_paid,
    acts_this_turn,
    attack_read,
    combat_of,
    contender_of,
    defence_read,
    defence_taken_off,
    kept_roll,
    out_of_combat,
    paid_action,
    reading_named,
    rerolled_for_damage,
    ruled_weapon,
    toughness_through,
)
from domain.portal.fight_steps import combat_ruling, defends, fighter, public_roll
from domain.portal.guards import find_open_roll, roll_to_settle
from domain.portal.handlers import following, open_roll, settle_roll
from domain.portal.holds import hold_advantage
from domain.portal.luck import recover_luck, tempt_recovered
from domain.portal.maneuvers import (
    attack_aces,
    defence_aces,
    maneuver_against_reflexes,
    opportunity_attack,
    standing,
)
from domain.portal.options import SIDES
from domain.portal.outcome import judge
from domain.portal.protection import protection_aces
from domain.portal.reading import Reading
from domain.portal.reflexes import (
    COLD_BLOOD_DIFFICULTY,
    FIRST_PHASE,
    Contender,
    cold_blood,
    phase_order,
    phases,
)
from domain.portal.rerolls import Reroll
from domain.portal.sheet import MAX_DICE, Choice
from domain.portal.special_attacks import LOCATED_STRIKE_DIFFICULTY, knee_strike, sweep
from domain.portal.state import (
    Combat,
    CombatContender,
    CombatRoll,
    OpenRoll,
    PortalCharacter,
)
from domain.portal.thorns import reflex_penalty, thorn_check
from domain.portal.weapons import (
    WeaponDamage,
    weapon_damage,
)
from domain.table import Table


def _named(readings: list[Reading], name: str, aguante: bool, roll: int) -> Reading:
    for reading in readings:
        if reading.name == name:
            if reading.aguante != aguante:
                kind = "an aguante reading" if aguante else "no aguante reading"
                raise InvalidCommand(
                    f"roll {roll}'s reading {name!r} must be {kind} [002:206, 1199]",
                    "invalid_readings",
                )
            return reading
    raise InvalidCommand(f"roll {roll} has no reading named {name!r}", "invalid_readings")


def _combat_roll(
    table: Table, actor: str, number: int, roll: int
) -> tuple[Combat, OpenRoll, PortalCharacter, CombatContender, list[Reading]]:
    """The combat, the contender's open roll and its final readings: the contender alive,
    the sender its roller, the roll not secret."""
    combat = combat_of(game.open(table), number)
    rolled, character = roll_to_settle(table, actor, roll)
    return combat, rolled, character, contender_of(combat, character), rolled.final_readings()


def settled(
    table: Table, actor: str, roll: int, payments: list[Any], keys: TableKeys
) -> PortalCharacter:
    """The ordinary settlement (its checks, then `RollSettled`) of a roll a command reads;
    the character after it."""
    rolled = find_open_roll(game(table), roll)
    settle_roll(table, actor, PortalSettleRoll(roll=roll, payments=payments), keys)
    return game(table).characters[rolled.character]


def _contender_roll(combat: Combat, rolled: OpenRoll, character: PortalCharacter) -> dict[str, Any]:
    """The header of a combat's event that follows a contender's roll: the roll's
    (`handlers.following`) and the combat's number."""
    return {**following(rolled.roll, rolled.visibility, character), "combat": combat.combat}


# -- the combat --------------------------------------------------------------------------------


def start_combat(table: Table, actor: str, command: cc.PortalStartCombat, keys: TableKeys) -> int:
    state = game.ruling(table, actor, "start a combat")
    reason = checked_reason(command.reason)
    if len(set(command.contenders)) != len(command.contenders):
        raise InvalidCommand("each contender is named once", "invalid_contenders")
    for character_id in command.contenders:
        character = alive(find_character(state, character_id))
        if state.fighting_in(character.id) is not None:
            raise Conflict(f"{character.name} is fighting another combat", "in_combat")
        if character.critical:  # a thorn's, outside a combat: its roll comes first
            raise Conflict(
                f"{character.name}'s last aguante roll is due [002:1273]", "critical_due"
            )
    dice = TableDice(table, keys)
    direction = dice.roll(SIDES, "the direction of ties round the table")
    number = dice.record(actor, table.gm_seat.id, "public")
    table.trigger_event(
        CombatStarted,
        actor=actor,
        combat=number,
        contenders=list(command.contenders),
        fight=command.fight,
        cold_blood_difficulty=COLD_BLOOD_DIFFICULTY[command.fight],
        direction_die=direction,
        reason=reason,
    )
    return number


def take_reflexes(
    table: Table, actor: str, command: cc.PortalTakeReflexes, keys: TableKeys
) -> None:
    combat, rolled, character, contender, readings = _combat_roll(
        table, actor, command.combat, command.roll
    )
    options = game(table).options
    if not contender.reflex_roll_due:
        raise Conflict(
            f"{character.name}'s reflexes stand until wound dice or a maneuver [002:1059]",
            "reflexes_taken",
        )
    # a thorn may penalise every reflex roll (Errata: Vilvis [002:623, 629])
    penalty = reflex_penalty(character.sheet.thorns)
    reflexes = _named(readings, REFLEXES, False, command.roll).result - penalty
    paid = command.lost_turns + command.discomfort + command.reflex_points
    initial = contender.reflexes is None
    sheet = character.sheet
    if initial:
        chilled = _named(readings, COLD_BLOOD, False, command.roll).result
        held = (sheet.discomfort, sheet.wound)
        pay = (command.lost_turns, command.discomfort, command.reflex_points)
        cold_blood(chilled, combat.cold_blood_difficulty, reflexes, held, *pay)
        # settling removes discomfort dice and may pay sequel points with them: room for
        # the dice paid is judged on the dice before, less the sequel points paid with dice
        room = 2 * MAX_DICE - sheet.discomfort - sheet.wound - command.payments.count("discomfort")
        if command.discomfort > room:
            raise Conflict(
                f"{character.name} has room for {room} more discomfort dice [002:312]",
                "dice_full",
            )
    elif paid:
        raise InvalidCommand(
            "cold blood is paid for the initial roll only [002:1038]", "invalid_cold_blood"
        )
    if contender.thorn_due:
        _named(readings, AGUANTE, True, command.roll)
    # the thorn check reads the dice held after the damage, before this roll removes any
    # (digest §2.9.6 [002:1250-1269])
    after_damage = (sheet.discomfort, sheet.wound)
    character = settled(table, actor, command.roll, list(command.payments), keys)
    sheet = character.sheet
    paid_cold = None
    if initial:
        paid_cold = cold_blood(
            _named(readings, COLD_BLOOD, False, command.roll).result,
            combat.cold_blood_difficulty,
            reflexes,
            (sheet.discomfort, sheet.wound),
            command.lost_turns,
            command.discomfort,
            command.reflex_points,
        )
        reflexes = paid_cold.reflexes
    discomfort, wound = sheet.discomfort, sheet.wound
    if paid_cold is not None and paid_cold.discomfort is not None:
        discomfort, wound = paid_cold.discomfort.discomfort, paid_cold.discomfort.wound
    thorn = None
    if contender.thorn_due:
        aguante = _named(readings, AGUANTE, True, command.roll).result
        thorn = thorn_check(aguante, *after_damage)
    table.trigger_event(
        ReflexesTaken,
        actor=actor,
        **_contender_roll(combat, rolled, character),
        reflexes=reflexes,
        phases=phases(reflexes, options),
        cold_blood=paid_cold,
        thorn=thorn,
        thorn_penalty=penalty,
        discomfort=discomfort,
        wound=wound,
    )


def call_defence(table: Table, actor: str, command: cc.PortalCallDefence, keys: TableKeys) -> int:
    state = game.ruling(table, actor, "call a defence roll")
    combat = combat_of(state, command.combat)
    character = alive(find_character(state, command.character))
    contender = defends(combat, character)
    guard = command.protection
    reason = checked_reason(guard.reason)
    aces = protection_aces(
        guard.melee,
        guard.cover,
        character.sheet.shield,
        guard.sharp_weapon,
        guard.trapping_weapon,
        guard.long_weapon,
    )
    total = defence_aces(contender.standing, combat.turn)
    # the ordinary call, its aces with the protection's: validated there, before its events
    call = _ordinary_call(
        command,
        (aces, f"protection [002:1201-1222]: {reason}"),
        (total, "total defence this turn [002:1427]"),
    )
    return open_roll(table, actor, call, keys)


def _roll_call(command: PortalOpenRoll) -> dict[str, Any]:
    """The fields of the ordinary roll call (`portalOpenRoll`) a combat's call carries."""
    return {f: getattr(command, f) for f in PortalOpenRoll.__struct_fields__}


def _ordinary_call(command: PortalOpenRoll, *granted: tuple[int, str]) -> PortalOpenRoll:
    """The ordinary roll call a combat's call carries, with the aces the fight grants it:
    each count with its reason, none when 0."""
    aces = [PortalAces(count=count, reason=reason) for count, reason in granted if count]
    return PortalOpenRoll(**{**_roll_call(command), "aces": [*command.aces, *aces]})


def call_attack(table: Table, actor: str, command: cc.PortalCallAttack, keys: TableKeys) -> int:
    state = game.ruling(table, actor, "call an attack roll")
    combat = combat_of(state, command.combat)
    character, contender = fighter(state, combat, command.character)
    if out_of_combat(contender) and paid_action(contender) is None:
        raise Conflict(
            f"{character.name} is out of combat [002:1273]: no normal or heroic action paid "
            "for (portalCriticalAction)",
            "out_of_combat",
        )
    names = {reading.name for reading in command.readings}
    attack = ATTACK in names
    if attack == (MANEUVER in names):
        raise InvalidCommand(
            "an attack roll is read for `attack`, a maneuver roll for `maneuver`: one of the two",
            "invalid_readings",
        )
    if command.target is not None:
        target = alive(find_character(state, command.target))
        if target.id == character.id or not attack:
            raise InvalidCommand(
                "an attack's target is another contender; a maneuver roll names none",
                "invalid_contenders",
            )
        contender_of(combat, target)
    held = contender.standing
    standing_aces = attack_aces(held, combat.turn, command.target, attack)
    earned = contender.aces if attack else 0
    # the aces granted are spent: a neglected defence's -2 stands to the turn's end
    kept = [
        msgspec.structs.replace(s, attack_aces=0) if s.cause == "neglect_defence" else s
        for s in held
        if not (attack and s.cause == "prepare_attack")
    ]
    if (earned or kept != held) and command.visibility != "public":
        raise Conflict(
            f"{character.name}'s standing aces are spent before the table: call the roll public",
            "roll_secret",
        )
    call = _ordinary_call(
        command,
        (earned, "a maneuver above the enemy's [002:1441]"),
        (standing_aces, "a prepared attack or a neglected defence [002:1433, 1447]"),
    )
    number = open_roll(table, actor, call, keys)
    table.trigger_event(
        AttackCalled,
        actor=actor,
        **following(number, command.visibility, character),
        combat=combat.combat,
        target=command.target,
        attack=attack,
        aces=earned + standing_aces,
        standing=kept,
    )
    return number


def open_roll_in_fight(table: Table, actor: str, command: PortalOpenRoll, keys: TableKeys) -> int:
    """`portalOpenRoll`: a roll read for `attack` or `maneuver` of a contender fighting a
    combat is that combat's attack or maneuver roll, called as `portalCallAttack` calls it
    (no target named), so the aces standing for it are granted to it and spent alike
    [002:1433-1447]: the next attack after a maneuver has its ace however it is called; so is
    one of a contender out of combat that paid for a normal or heroic action past the damage
    limit. Any other roll is an ordinary one."""
    state = game(table)
    fighting = next(
        (
            combat
            for combat in state.combats.values()
            for contender in combat.contenders
            if contender.character == command.character
            and (not out_of_combat(contender) or paid_action(contender) is not None)
        ),
        None,
    )
    if fighting is None or not {r.name for r in command.readings} & {ATTACK, MANEUVER}:
        return open_roll(table, actor, command, keys)
    called = cc.PortalCallAttack(**_roll_call(command), combat=fighting.combat, target=None)
    return call_attack(table, actor, called, keys)


def declare_maneuver(
    table: Table, actor: str, command: cc.PortalDeclareManeuver, _: TableKeys
) -> None:
    state, combat, reason = combat_ruling(table, actor, "rule an advanced maneuver", command)
    character, contender = fighter(state, combat, command.character)
    prepared = command.maneuver == "prepare_attack"
    if (command.target is not None) != prepared:
        raise InvalidCommand(
            "a prepared attack names its target [002:1433]; the other maneuvers none",
            "invalid_contenders",
        )
    if command.target is not None:
        target = alive(find_character(state, command.target))
        if target.id == character.id:
            raise InvalidCommand("a character does not attack itself", "invalid_contenders")
        contender_of(combat, target)
    acted = command.maneuver != "neglect_defence"
    if command.reach and acted:
        raise InvalidCommand(
            "a reach weapon makes a neglected defence safe [002:1553]: no other maneuver",
            "invalid_maneuver",
        )
    if acted:  # the attack given up: the contender's action [002:1427, 1433]
        acts_now(combat, contender, character)
    else:
        acts_this_turn(combat, contender, character)
        if contender.defended == combat.turn:
            raise Conflict(
                f"{character.name} has defended this turn: a neglected defence is declared "
                "before the first defence roll [002:1445]",
                "defence_rolled",
            )
    # "podría descuidar su defensa sin peligro" [002:1553]: the ace without the -2
    left = standing(command.maneuver, combat.turn, command.target)
    table.trigger_event(
        ManeuverDeclared,
        actor=actor,
        combat=combat.combat,
        character=character.id,
        maneuver=command.maneuver,
        standing=msgspec.structs.replace(left, defence=0) if command.reach else left,
        acted=acted,
        reach=command.reach,
        reason=reason,
    )


def free_action(table: Table, actor: str, command: cc.PortalFreeAction, _: TableKeys) -> None:
    state, combat, reason = combat_ruling(table, actor, "rule a free action", command)
    character, contender = fighter(state, combat, command.character)
    acts_this_turn(combat, contender, character)
    # one free action per normal action this turn [002:1084]
    left = len(contender.phases) - contender.free_actions
    if command.bought != (left <= 0):
        if left > 0:
            raise InvalidCommand(
                f"{character.name} has {left} free actions left this turn: none to buy",
                "invalid_free_action",
            )
        raise Conflict(
            f"{character.name}'s free actions this turn are taken: buy one with a reflex "
            "point [002:1088]",
            "no_free_action",
        )
    reflexes = contender.reflexes or 0
    now, later = list(contender.phases), None
    if command.bought:
        if reflexes < 1:
            raise Conflict(
                f"{character.name}'s reflexes are {reflexes}: none to lower [002:1088]",
                "no_reflexes",
            )
        reflexes -= 1
        lowered = phases(reflexes, state.options)
        if state.options.free_action_reflexes == "at_once":
            now = lowered
        else:
            later = lowered
    table.trigger_event(
        FreeActionTaken,
        actor=actor,
        combat=combat.combat,
        character=character.id,
        action=command.action,
        bought=command.bought,
        free_actions=contender.free_actions + 1,
        reflexes=reflexes,
        phases=now,
        later_phases=later,
        reason=reason,
    )


def settle_combat_roll(
    table: Table, actor: str, command: cc.PortalSettleCombatRoll, keys: TableKeys
) -> None:
    combat, rolled, character, _, readings = _combat_roll(
        table, actor, command.combat, command.roll
    )
    names = {reading.name for reading in readings}
    if ATTACK in names:
        _named(readings, ATTACK, False, command.roll)
    elif DEFENCE in names:
        _named(readings, DEFENCE, False, command.roll)
        _named(readings, AGUANTE, True, command.roll)
    else:
        raise InvalidCommand(
            f"roll {command.roll} is read for no attack nor defence [002:1092]",
            "invalid_readings",
        )
    tempt = rolled.sequence.pool.tempt
    # a combat roll's challenge is the opponent's result: the strike may win the die back
    back = tempt is None or tempt_recovered(
        readings[0].face, tempt, readings[0].result, rolled.difficulty
    )
    character = settled(table, actor, command.roll, list(command.payments), keys)
    table.trigger_event(
        CombatRollSettled,
        actor=actor,
        **_contender_roll(combat, rolled, character),
        readings=readings,
        basic=list(rolled.sequence.pool.basic),
        tempt=not back,
    )


def _wielded(
    command: cc.PortalStrike, attacker: PortalCharacter, attack: CombatRoll
) -> WeaponDamage:
    """The strike's weapon: the one ruled, or the one named off the attacker's sheet."""
    if (command.weapon is None) == (command.wielded is None):
        raise InvalidCommand(
            "a strike rules its `weapon` or names one `wielded` from the sheet, one of the two",
            "invalid_weapon",
        )
    if command.weapon is not None:
        swept = command.sweep is not None
        return ruled_weapon(command.weapon, _damage_category(attacker, attack), swept=swept)
    named = attacker.sheet.weapons.get(command.wielded or "")
    if named is None:
        raise InvalidCommand(
            f"{attacker.name}'s sheet carries no weapon {command.wielded!r}", "invalid_weapon"
        )
    return named


def _damage_category(character: PortalCharacter, attack: CombatRoll) -> Choice | None:
    """The attacker's damage-die category: its sheet's, or the one the game master chose for
    the attack roll's `damage` reading [002:1153]; null: neither."""
    read = reading_named(attack.readings, DAMAGE)
    return character.sheet.damage_die or (read.choice if read is not None else None)


def _located(located: cc.PortalLocated) -> None:
    """A located strike's judgements: the head's effect at the head, the disarm at a hand,
    each required there and nowhere else [002:1455, 1469]."""
    checked_reason(located.reason)
    if (located.head is None) == (located.part == "head"):
        raise InvalidCommand(
            "a head strike names its `head` effect, +5 damage or a stun [002:1455]; no other "
            "part does",
            "invalid_located",
        )
    if (located.disarm is None) == (located.part == "hand"):
        raise InvalidCommand(
            "a hand strike names whether it `disarm`s [002:1469-1471]; no other part does",
            "invalid_located",
        )
    if located.hand is not None and located.part != "hand":
        raise InvalidCommand(
            "only a hand strike breaks a weapon or leaves a sequel of that limb [002:1469]",
            "invalid_located",
        )


def _damage_aces(command: cc.PortalStrike, weapon: WeaponDamage, outcome: str) -> None:
    """The dice a weapon's damage aces reroll [002:1173]: on a hit, once the attack is
    counted [002:1096], as many as the weapon gives, each once; not on a sweep, whose damage
    is counted before the attack [002:1533], nor in melee, whose damage die is read from the
    roll's whole pool (its aces are granted with the attack roll)."""
    named = command.damage_rerolls
    if not named:
        return
    if len(set(named)) != len(named) or len(named) > weapon.damage_aces:
        raise InvalidCommand(
            f"the weapon's {weapon.damage_aces} damage aces reroll as many dice at most, each "
            "once [002:1173]",
            "invalid_damage",
        )
    if weapon.melee or command.sweep is not None:
        raise InvalidCommand(
            "damage aces reroll a ranged weapon's dice after a plain attack is counted "
            "[002:1096, 1533]: a melee weapon's are granted with its attack roll",
            "invalid_damage",
        )
    if outcome != "hit":
        raise InvalidCommand(
            "the attack did not hit: no damage to reroll [002:1096]", "invalid_damage"
        )


def strike_blow(table: Table, actor: str, command: cc.PortalStrike, keys: TableKeys) -> None:
    state = game.ruling(table, actor, "rule a strike")
    reason = checked_reason(command.reason)
    if command.sweep is not None:
        checked_reason(command.sweep.reason)
    if command.located is not None:
        _located(command.located)
    combat = combat_of(state, command.combat)
    attack = kept_roll(combat, command.attack_roll, ATTACK)
    attacker, striking = fighter(state, combat, attack.character)
    opportunities, paid = 0, None
    if command.opportunity is None:
        paid = acts_now_or_paid(combat, striking, attacker)
    else:  # out of its phases, at most its reflexes a turn [002:1547-1549]
        checked_reason(command.opportunity.reason)
        acts_this_turn(combat, striking, attacker)
    defender = alive(find_character(state, command.defender))
    if defender.id == attacker.id:
        raise InvalidCommand("a character does not strike itself", "invalid_contenders")
    defending = contender_of(combat, defender)
    if command.opportunity is not None:
        if defending.left_melee == combat.turn:
            raise Conflict(
                f"{defender.name} won its maneuver to leave melee this turn: no opportunity "
                "attack [002:1547]",
                "left_melee",
            )
        opportunities = opportunity_attack(striking.opportunities, striking.reflexes or 0)
    out = out_of_combat(defending)
    weapon = _wielded(command, attacker, attack)
    attack_reading, damage_die = attack_read(attack, weapon)
    ruled: dict[str, Any] = {
        "combat": combat.combat,
        "attacker": attacker.id,
        "character": defender.id,
        "seat": defender.seat,
        "attack_roll": attack.roll,
        "defence_roll": command.defence_roll,
        "weapon": weapon,
        "setting": command.setting,
        "reason": reason,
        "opportunities": opportunities,
        "critical_action": paid,
    }
    if out or command.defence_roll is None:
        if not out:
            raise InvalidCommand(
                f"{defender.name} is in combat: name its defence roll [002:1112]",
                "invalid_defence",
            )
        if command.defence_roll is not None:
            raise InvalidCommand(
                f"{defender.name} is out of combat: no defence roll [002:1112]",
                "invalid_defence",
            )
        _damage_aces(command, weapon, "killed")
        # "excepto si el personaje está fuera de combate, en cuyo caso muere" [002:1112]
        table.trigger_event(
            StrikeResolved,
            actor=actor,
            **ruled,
            strike=None,
            damage=None,
            sweep=None,
            knee=None,
            toughness=None,
            through=0,
            absorption=None,
            fumbles=[fumble_points(attack_reading.result), 0],
            killed=True,
        )
        return
    defence, defence_reading = defence_read(state, combat, command.defence_roll, defender)
    # the holder's melee attack on the contender it holds [002:1485]
    held = hold_advantage(defending.held_by, attacker.id, weapon.melee)
    attacking = attack_reading.result - weapon.attack_penalty + held
    if command.located is not None:
        attacking -= LOCATED_STRIKE_DIFFICULTY
    modifier = defence_taken_off(combat, defending)
    defended = defence_reading.result + modifier
    swept, heavy = None, 0
    dice, rerolls = TableDice(table, keys), list[Reroll]()
    if command.sweep is None:
        blow = strike(attacking, defended, attack.basic, command.setting)
        _damage_aces(command, weapon, blow.outcome)
        faces = [dice.roll(SIDES, f"a damage ace on the {d} die") for d in command.damage_rerolls]
        basic, rerolls = rerolled_for_damage(attack.basic, command.damage_rerolls, faces)
        total = None
        if blow.outcome == "hit":
            total = damage_total(blow.excess, weapon, basic, damage_die)
    else:
        # the damage total first, half of it on the attack [002:1533]
        _damage_aces(command, weapon, "swept")
        total = damage_total(0, weapon, attack.basic, damage_die)
        # a heavy weapon's damage again on a hit [002:1190]
        ruled_heavy = command.weapon is not None and command.weapon.heavy
        heavy = weapon_damage(weapon, attack.basic) if ruled_heavy else 0
        swept = sweep(attacking, total.total, defended, attack.basic, command.setting, heavy)
        blow = swept.strike
    # environment damage goes through toughness (Errata)
    points = blow.environment or 0
    located = command.located if blow.outcome == "hit" else None
    if blow.outcome == "hit" and total is not None:
        points = total.total if swept is None else swept.damage
    if located is not None and located.head is not None:
        points += head_bonus(located.head)
    tough, through = toughness_through(points, defence, defender.sheet.armour)
    sheet = defender.sheet
    knee = hand_sequel = None
    if located is not None and through:
        if located.part == "knee":
            knee = knee_strike(sheet.discomfort, sheet.wound, through)
        elif located.hand == "sequel":  # measured as a knee's: the book gives none [002:1469]
            hand_sequel = knee_strike(sheet.discomfort, sheet.wound, through)
    damage_roll = public_roll(dice, actor, attacker.id)
    table.trigger_event(
        StrikeResolved,
        actor=actor,
        **ruled,
        strike=blow,
        damage=total,
        sweep=swept,
        toughness=tough,
        through=through,
        absorption=absorb(sheet.discomfort, sheet.wound, through, command.nonlethal)
        if through and knee is None and hand_sequel is None
        else None,
        knee=knee,
        hand_sequel=hand_sequel,
        fumbles=[fumble_points(attack_reading.result), fumble_points(defence_reading.result)],
        killed=False,
        defence_modifier=modifier,
        heavy=heavy if blow.outcome == "hit" else 0,
        head=head_strike(located.head, through)
        if located is not None and located.head is not None
        else None,
        disarmed=located is not None and bool(located.disarm),
        broken_weapon=located is not None and located.hand == "broken_weapon",
        damage_roll=damage_roll,
        damage_rerolls=rerolls or None,
        hold=held,
    )
    beaten = [(attack, blow.attack, blow.defence), (defence, blow.defence, blow.attack)]
    for kept, result, against in beaten:
        _tempt_won_back(table, actor, combat, kept, result, against)


def _tempt_won_back(
    table: Table, actor: str, combat: Combat, kept: CombatRoll, result: int, against: int
) -> None:
    """A roll that tempted luck wins its die back by exceeding the opponent's result, the
    challenge of a combat roll [002:350] (Errata GAP); unless the die is back already."""
    character = game(table).characters[kept.character]
    if not kept.tempt or result <= against or not character.sheet.luck_lost:
        return
    sheet = recover_luck(character.sheet, 1)
    table.trigger_event(
        TemptLuckRecovered,
        actor=actor,
        **following(kept.roll, kept.visibility, character),
        combat=combat.combat,
        result=result,
        against=against,
        luck_held=sheet.luck_held,
        luck_lost=sheet.luck_lost,
    )


def last_aguante(
    table: Table,
    rolled: OpenRoll,
    character: PortalCharacter,
    readings: list[Reading],
    unabsorbed: int,
) -> CriticalState:
    """The last aguante roll `rolled` read against `unabsorbed` points, in a combat or out of
    one (a thorn's, `ruling_handlers.take_thorn_critical`)."""
    aguante = _named(readings, AGUANTE, True, rolled.roll)
    # the armour's die as a strike's toughness reads it; the table's option says if it counts
    tough = toughness(aguante, list(rolled.sequence.pool.basic), character.sheet.armour)
    options = game(table).options
    return critical_state(tough.reading, unabsorbed, options, character.sheet, tough.armour_die)


def take_critical(
    table: Table, actor: str, command: cc.PortalTakeCritical, keys: TableKeys
) -> None:
    combat, rolled, character, contender, readings = _combat_roll(
        table, actor, command.combat, command.roll
    )
    if not contender.critical:
        raise Conflict(f"{character.name} is not in the critical state [002:1273]", "not_critical")
    critical = last_aguante(table, rolled, character, readings, contender.critical)
    character = settled(table, actor, command.roll, list(command.payments), keys)
    table.trigger_event(
        CriticalStateRolled,
        actor=actor,
        **_contender_roll(combat, rolled, character),
        critical=critical,
    )


def maneuver(table: Table, actor: str, command: cc.PortalManeuver, keys: TableKeys) -> None:
    combat, rolled, character, contender, readings = _combat_roll(
        table, actor, command.combat, command.roll
    )
    paid = acts_now_or_paid(combat, contender, character)
    result = _named(readings, MANEUVER, False, command.roll).result
    leaving = None
    if command.leaving:  # its difficulty the game master's, set calling the roll (GAP)
        if command.enemy is not None or rolled.difficulty is None:
            raise InvalidCommand(
                "a maneuver to leave melee is judged against the difficulty the game master "
                "set calling its roll [002:1547], against no enemy's reflexes",
                "invalid_difficulty",
            )
        leaving = judge(result, rolled.difficulty)
    enemy_reflexes = 0
    if command.enemy is not None:
        state = game(table)
        enemy = fighter(state, combat, command.enemy)[1]
        if enemy.character == character.id or enemy.reflexes is None:
            raise InvalidCommand(
                "a maneuver is made against another contender's reflexes [002:1439]",
                "invalid_contenders",
            )
        enemy_reflexes = enemy.reflexes
    ruled = maneuver_against_reflexes(result, enemy_reflexes)
    if command.enemy is None:  # only to better the reflexes [002:1069]: no ace
        ruled = msgspec.structs.replace(ruled, succeeded=False, aces=0)
    options = game(table).options
    now, later = phases(result, options), None
    if options.maneuver_reflexes == "next_turn":  # this turn's phases kept (Errata GAP)
        now, later = list(contender.phases), now
    character = settled(table, actor, command.roll, list(command.payments), keys)
    table.trigger_event(
        ManeuverMade,
        actor=actor,
        **_contender_roll(combat, rolled, character),
        enemy=command.enemy,
        maneuver=ruled,
        phases=now,
        later_phases=later,
        leaving=leaving,
        critical_action=paid,
    )


def advance_phase(table: Table, actor: str, command: cc.PortalAdvancePhase, _: TableKeys) -> None:
    state = game.ruling(table, actor, "advance a combat's phase")
    combat = combat_of(state, command.combat)
    fighting = [
        (c, state.characters[c.character])
        for c in combat.contenders
        if not out_of_combat(c) and not state.characters[c.character].dead
    ]
    for contender, character in fighting:
        if contender.reflex_roll_due:
            raise Conflict(
                f"{character.name}'s reflex roll is due [002:1018, 1063]", "reflexes_due"
            )
    for contender in combat.contenders:
        if contender.critical:
            name = state.characters[contender.character].name
            raise Conflict(f"{name}'s last aguante roll is due [002:1273]", "critical_due")
    new_turn = combat.phase <= 1
    turn, phase = (combat.turn + 1, FIRST_PHASE) if new_turn else (combat.turn, combat.phase - 1)
    # a new turn is lost by whoever still owes turns of cold blood [002:1051]
    idle = [c.character for c, _ in fighting if (c.lost_turns > 0 if new_turn else c.idle)]
    # stunned turns are whole turns, as lost ones are, from the next turn on [002:1246]
    stunned = [c.character for c, _ in fighting if (c.stunned_turns > 0 if new_turn else c.stunned)]
    acting = [
        (c, ch)
        for c, ch in fighting
        if c.character not in (*idle, *stunned) and phase in _phases_in(c, new_turn)
    ]
    order = phase_order(
        [
            Contender(
                name=c.character,
                reflexes=c.reflexes or 0,
                wound=ch.sheet.wound,
                discomfort=ch.sheet.discomfort,
            )
            for c, ch in acting
        ],
        [c.character for c, _ in acting],
        combat.direction_die,
    )
    table.trigger_event(
        PhaseAdvanced,
        actor=actor,
        combat=combat.combat,
        turn=turn,
        phase=phase,
        order=order,
        idle=idle,
        stunned=stunned,
    )


def _phases_in(contender: CombatContender, new_turn: bool) -> list[int]:
    """The phases the contender acts in, at a new turn those a bought free action left for
    it (`free_action_reflexes`)."""
    if new_turn and contender.later_phases is not None:
        return contender.later_phases
    return contender.phases


def end_combat(table: Table, actor: str, command: cc.PortalEndCombat, _: TableKeys) -> None:
    _state, combat, reason = combat_ruling(table, actor, "end a combat", command)
    table.trigger_event(CombatEnded, actor=actor, combat=combat.combat, reason=reason)


HANDLERS: dict[type, Any] = {
    # overrides `handlers.HANDLERS`' entry: the system merges these after it
    PortalOpenRoll: open_roll_in_fight,
    cc.PortalStartCombat: start_combat,
    cc.PortalTakeReflexes: take_reflexes,
    cc.PortalCallDefence: call_defence,
    cc.PortalCallAttack: call_attack,
    cc.PortalDeclareManeuver: declare_maneuver,
    cc.PortalFreeAction: free_action,
    cc.PortalSettleCombatRoll: settle_combat_roll,
    cc.PortalStrike: strike_blow,
    cc.PortalTakeCritical: take_critical,
    cc.PortalManeuver: maneuver,
    cc.PortalAdvancePhase: advance_phase,
    cc.PortalEndCombat: end_combat,
}
