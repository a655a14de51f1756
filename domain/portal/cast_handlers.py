"""The handlers of supporting characters in a fight (`cast_commands`) [002:1285-1419]: the pure
rules of `cast` (a supporting character's totals this turn, its attacks, stacking) met with a
combat's settled rolls and the damage path of `combat_handlers` (a strike, the toughness,
absorption). Every command is the game master's; each validates everything before its
events, the units' dice thrown (not recorded) while validating."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.dice import TableDice
from domain.errors import InvalidCommand
from domain.keys import TableKeys
from domain.names import checked_reason
from domain.portal import cast_commands as cc
from domain.portal.absorption import absorb
from domain.portal.cast import (
    Purpose,
    Totals,
    attack_protagonist,
    cast_attack,
    hurt,
)
from domain.portal.cast_events import (
    SupportingAttacked,
    SupportingClashed,
    SupportingDefended,
    Unit,
    UnitMember,
)
from domain.portal.damage import fumble_points
from domain.portal.events import game
from domain.portal.fight import (
    ATTACK,
    acts_now,
    attack_read,
    combat_of,
    defence_read,
    defence_taken_off,
    kept_roll,
    out_of_combat,
    ruled_weapon,
    struck,
    toughness_through,
)
from domain.portal.fight_steps import combat_ruling, fighter, public_roll, supporting_fighter
from domain.portal.state import PortalState, StackedMember, SupportingCharacter
from domain.portal.supporting import (
    hurt_after,
    kept_unit,
    stacked,
    stacked_on,
    this_turn,
)
from domain.table import Table


def _distinct(ids: list[str], *units: Unit | None) -> None:
    """Each supporting character (and each leader) takes part once, units' members too."""
    every = [*ids, *(m.supporting for unit in units if unit is not None for m in unit.members)]
    if len(set(every)) != len(every):
        raise InvalidCommand("each supporting character takes part once", "invalid_stack")


def _unit(
    table: Table,
    state: PortalState,
    dice: TableDice,
    purpose: Purpose,
    leader: str,
    values: dict[str, int],
    reflexes: float,
    member_ids: list[str],
    kept: int | None,
) -> Unit | None:
    """`member_ids` stacked on a leader's `values`, one d6 each thrown now, or the unit
    `portalStackUnit` kept under `kept`, its members' additions on `values`
    [002:1383-1419]; None without either."""
    if kept is not None:
        if member_ids:
            raise InvalidCommand(
                "a side stacks its members now or names a kept unit, not both", "invalid_stack"
            )
        unit = kept_unit(table, state, kept, purpose, leader)
        return Unit(
            leader=leader,
            members=_members(unit.members),
            totals={key: value + unit.added(key) for key, value in values.items()},
            reflexes=unit.reflexes,
            stacked=unit.roll,
        )
    if not member_ids:
        return None
    now, members = stacked(state, dice, purpose, values, reflexes, member_ids)
    return Unit(leader=leader, members=_members(members), totals=now.totals, reflexes=now.reflexes)


def _members(members: list[StackedMember]) -> list[UnitMember]:
    """A unit's members as a fight's event records them."""
    return [UnitMember(**msgspec.structs.asdict(member)) for member in members]


def _led(
    table: Table,
    state: PortalState,
    dice: TableDice,
    purpose: Purpose,
    leader: SupportingCharacter,
    turn: Totals,
    member_ids: list[str],
    kept: int | None,
) -> Unit | None:
    """`member_ids` (or a kept unit) stacked on a supporting leader's totals this turn."""
    values = stacked_on(turn, purpose)
    return _unit(table, state, dice, purpose, leader.id, values, turn.reflexes, member_ids, kept)


def _guarding(
    table: Table,
    state: PortalState,
    dice: TableDice,
    target: SupportingCharacter,
    turn: Totals,
    command: cc.PortalSupportingClash | cc.PortalSupportingDefend,
) -> Unit | None:
    """The unit on a supporting target's Defence this turn: its members stacked now, or a
    kept one [002:1413-1417]."""
    return _led(
        table, state, dice, "defence", target, turn, command.defence_unit, command.defence_kept
    )


def _with(totals: Totals, unit: Unit | None) -> Totals:
    """A supporting leader's totals this turn with its unit's."""
    return totals if unit is None else msgspec.structs.replace(totals, **unit.totals)


def clash(table: Table, actor: str, command: cc.PortalSupportingClash, keys: TableKeys) -> None:
    state = game.ruling(table, actor, "rule a supporting character's attack")
    reason = checked_reason(command.reason)
    attacker = supporting_fighter(table, state, command.attacker)
    target = supporting_fighter(table, state, command.target)
    dice = TableDice(table, keys)
    attacking, defending = this_turn(attacker), this_turn(target)
    attack_unit = _led(
        table, state, dice, "attack", attacker, attacking, command.attack_unit, command.attack_kept
    )
    defence_unit = _guarding(table, state, dice, target, defending, command)
    _distinct([attacker.id, target.id], attack_unit, defence_unit)
    attacking, defending = _with(attacking, attack_unit), _with(defending, defence_unit)
    blow = cast_attack(attacking, defending)
    rules = target.rules()
    after = hurt(rules, blow.excess + attacking.damage, defending.aguante) if blow.hit else rules
    roll = public_roll(dice, actor, attacker.id)
    table.trigger_event(
        SupportingClashed,
        actor=actor,
        roll=roll,
        attacker=attacker.id,
        target=target.id,
        attack_unit=attack_unit,
        defence_unit=defence_unit,
        attack=attacking.attack,
        damage=attacking.damage,
        defence=defending.defence,
        aguante=defending.aguante,
        hit=blow.hit,
        excess=blow.excess,
        **hurt_after(rules, after),
        reason=reason,
    )


def supporting_attack(
    table: Table, actor: str, command: cc.PortalSupportingAttack, keys: TableKeys
) -> None:
    state, combat, reason = combat_ruling(
        table, actor, "rule a supporting character's attack", command
    )
    attacker = supporting_fighter(table, state, command.attacker)
    defender, contender = fighter(state, combat, command.defender)
    out = out_of_combat(contender)
    if out != (command.defence_roll is None) or (
        out and (command.defence_unit or command.defence_kept is not None)
    ):
        raise InvalidCommand(
            f"{defender.name} is {'out of' if out else 'in'} combat: a defence roll (and a unit "
            "on it) only in combat [002:1112]",
            "invalid_defence",
        )
    dice = TableDice(table, keys)
    attacking = this_turn(attacker)
    attack_unit = _led(
        table, state, dice, "attack", attacker, attacking, command.attack_unit, command.attack_kept
    )
    attacking = _with(attacking, attack_unit)
    ruled: dict[str, Any] = {
        "combat": combat.combat,
        "attacker": attacker.id,
        "attack_unit": attack_unit,
        "attack": attacking.attack,
        "damage": attacking.damage,
        "character": defender.id,
        "seat": defender.seat,
        "defence_roll": command.defence_roll,
        "setting": command.setting,
        "reason": reason,
    }
    if command.defence_roll is None:
        _distinct([attacker.id], attack_unit)
        # "excepto si el personaje está fuera de combate, en cuyo caso muere" [002:1112]
        table.trigger_event(
            SupportingAttacked,
            actor=actor,
            **ruled,
            roll=public_roll(dice, actor, attacker.id),
            defence_unit=None,
            defence=None,
            hit=False,
            excess=0,
            damage_total=0,
            environment=None,
            toughness=None,
            through=0,
            absorption=None,
            fumble=0,
            killed=True,
        )
        return
    defence, defence_reading = defence_read(state, combat, command.defence_roll, defender)
    # the defence result less what it takes off this turn, as a strike's, before the unit
    # stacks on it [002:1075, 1447, 1493]
    modifier = defence_taken_off(combat, contender)
    defending = defence_reading.result + modifier
    defence_unit = _unit(
        table,
        state,
        dice,
        "defence",
        defender.id,
        {"defence": defending},
        float(contender.reflexes or 0),
        command.defence_unit,
        command.defence_kept,
    )
    _distinct([attacker.id], attack_unit, defence_unit)
    if defence_unit is not None:
        defending = defence_unit.totals["defence"]
    against = attack_protagonist(
        attacking, defending, defence.basic, command.setting, state.options
    )
    # environment damage goes through toughness (Errata)
    points = against.damage_total if against.hit else against.environment or 0
    tough, through = toughness_through(points, defence, defender.sheet.armour)
    sheet = defender.sheet
    table.trigger_event(
        SupportingAttacked,
        actor=actor,
        **ruled,
        roll=public_roll(dice, actor, attacker.id),
        defence_unit=defence_unit,
        defence=defending,
        hit=against.hit,
        excess=against.excess,
        damage_total=against.damage_total,
        environment=against.environment,
        toughness=tough,
        through=through,
        absorption=absorb(sheet.discomfort, sheet.wound, through, command.nonlethal)
        if through
        else None,
        fumble=fumble_points(defence_reading.result),
        killed=False,
        defence_modifier=modifier,
    )


def supporting_defend(
    table: Table, actor: str, command: cc.PortalSupportingDefend, keys: TableKeys
) -> None:
    state = game.ruling(table, actor, "rule a strike on a supporting character")
    reason = checked_reason(command.reason)
    weapon = ruled_weapon(command.weapon)
    combat = combat_of(state, command.combat)
    attack = kept_roll(combat, command.attack_roll, ATTACK)
    attacker, contender = fighter(state, combat, attack.character)
    acts_now(combat, contender, attacker)
    target = supporting_fighter(table, state, command.target)
    attack_reading, damage_die = attack_read(attack, weapon)
    dice = TableDice(table, keys)
    attacking = attack_reading.result - weapon.attack_penalty
    attack_unit = _unit(
        table,
        state,
        dice,
        "attack",
        attacker.id,
        {"attack": attacking, "damage": 0},
        float(contender.reflexes or 0),
        command.attack_unit,
        command.attack_kept,
    )
    defending = this_turn(target)
    defence_unit = _guarding(table, state, dice, target, defending, command)
    _distinct([target.id], attack_unit, defence_unit)
    added_damage = 0
    if attack_unit is not None:
        attacking, added_damage = attack_unit.totals["attack"], attack_unit.totals["damage"]
    defence = _with(defending, defence_unit).defence
    blow, total, points = struck(attacking, defence, attack, command.setting, weapon, damage_die)
    if total is not None:
        points += added_damage  # the unit's Damage on a hit's total [002:1385]
    rules = target.rules()
    after = hurt(rules, points, defending.aguante) if blow.outcome != "miss" else rules
    table.trigger_event(
        SupportingDefended,
        actor=actor,
        roll=public_roll(dice, actor, target.id),
        combat=combat.combat,
        attacker=attacker.id,
        attack_roll=attack.roll,
        attack_unit=attack_unit,
        target=target.id,
        defence_unit=defence_unit,
        weapon=weapon,
        setting=command.setting,
        strike=blow,
        damage=total,
        damage_total=points,
        aguante=defending.aguante,
        **hurt_after(rules, after),
        fumble=fumble_points(attack_reading.result),
        reason=reason,
    )


HANDLERS: dict[type, Any] = {
    cc.PortalSupportingClash: clash,
    cc.PortalSupportingAttack: supporting_attack,
    cc.PortalSupportingDefend: supporting_defend,
}
