"""The handlers of PORTAL's special attacks and of a team leader's ceded levels
(`special_commands`). They combine the pure rules (`special_attacks`, `collaboration`) with
the combat's and the story's own checks and the strike's damage path; each validates
everything before its events."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.characters import alive, find_character
from domain.dice import TableDice
from domain.errors import Conflict, InvalidCommand
from domain.keys import TableKeys
from domain.names import checked_reason
from domain.portal import hold_commands as hc
from domain.portal import special_commands as xc
from domain.portal.absorption import absorb, damage_through
from domain.portal.collaboration import may_reroll_for
from domain.portal.comparison import ComparedRoll, compared
from domain.portal.damage import fumble_points
from domain.portal.events import game
from domain.portal.fight import (
    ATTACK,
    DEFENCE,
    acts_now,
    attack_read,
    combat_of,
    contender_of,
    defence_taken_off,
    kept_roll,
    out_of_combat,
    reading_named,
    ruled_weapon,
    struck,
    toughness_through,
)
from domain.portal.fight_steps import combat_ruling, defends, fighter, public_roll
from domain.portal.holds import HOLD_ADVANTAGE, hold_advantage
from domain.portal.options import SIDES
from domain.portal.reflexes import phases
from domain.portal.rerolls import MAX_ACES, MAX_REROLLS
from domain.portal.special_attacks import (
    cancel_increment,
    coupled_cast_defences,
    coupled_protagonist_defence,
    immobilize,
    multiple_attack_increment,
)
from domain.portal.special_events import (
    AttackResolved,
    BreakFreeAttempted,
    HoldReleased,
    Immobilized,
    LevelCeded,
    MultipleAttackResolved,
)
from domain.portal.state import (
    Combat,
    CombatRoll,
    PortalCharacter,
    PortalState,
    SupportingCharacter,
)
from domain.portal.story_commands import PortalRollRef
from domain.portal.story_handlers import open_rolls_seen
from domain.portal.supporting import this_turn
from domain.table import Table

STRENGTH, STRUGGLE = "strength", "struggle"


def cede_level(table: Table, actor: str, command: xc.PortalCedeLevel, _: TableKeys) -> None:
    state = game.ruling(table, actor, "cede a team leader's Fortaleza level")
    reason = checked_reason(command.reason)
    numbers = [command.leader_roll, command.roll]
    led, member = open_rolls_seen(table, state, numbers, "the level ceded")
    leader = alive(find_character(state, command.leader))
    if led.character == member.character or not may_reroll_for(
        led.character, member.character, leader.id
    ):
        raise InvalidCommand(
            "only the team leader's Fortaleza levels reroll another member's dice [002:914]",
            "invalid_collaboration",
        )
    held = led.sequence.entitlement
    if held.fortaleza <= led.sequence.used("fortaleza"):
        raise Conflict(f"roll {led.roll} has no Fortaleza level left to cede", "no_reroll_left")
    given = member.sequence.entitlement
    if len(member.sequence.rerolls) >= MAX_REROLLS or given.fortaleza >= MAX_ACES:
        raise Conflict(f"roll {member.roll} takes no more rerolls [002:514]", "too_many_rerolls")
    table.trigger_event(
        LevelCeded,
        actor=actor,
        leader=leader.id,
        leader_roll=led.roll,
        roll=member.roll,
        character=member.character,
        leader_entitlement=msgspec.structs.replace(held, fortaleza=held.fortaleza - 1),
        entitlement=msgspec.structs.replace(given, fortaleza=given.fortaleza + 1),
        reason=reason,
    )


def _grapple_rolls(
    table: Table, state: PortalState, command: xc.GrabRuling
) -> tuple[PortalCharacter, PortalCharacter, dict[str, ComparedRoll]]:
    """A grab's two settled rolls, each read twice as an attack is for damage and toughness
    [002:1475] and counted as the story's comparisons count them: the grabber (or holder)
    and its `attack` and `strength`, the defender (or held contender) and its `defence` and
    `struggle`."""

    def read(grab: str, hold: str) -> list[ComparedRoll]:
        refs = [
            PortalRollRef(roll=command.attack_roll, reading=grab),
            PortalRollRef(roll=command.defence_roll, reading=hold),
        ]
        return compared(table, state, refs)

    attack, defence = read(ATTACK, DEFENCE)
    strength, struggle = read(STRENGTH, STRUGGLE)
    grabber = alive(find_character(state, attack.character))
    defender = alive(find_character(state, defence.character))
    rolls = {"attack": attack, "strength": strength, "defence": defence, "struggle": struggle}
    return grabber, defender, rolls


def _grappled(
    state: PortalState,
    combat: Combat,
    defender: PortalCharacter,
    rolls: dict[str, ComparedRoll],
    command: xc.GrabRuling,
    advantage: int,
) -> dict[str, Any]:
    """The grab [002:1475-1481] and what its event records: the attack with the holder's
    `advantage`, against the defence less what a strike's takes off [002:1075, 1447, 1493]
    (out of combat, no defence roll [002:1112])."""
    held = defends(combat, defender)
    modifier = defence_taken_off(combat, held)
    grapple = immobilize(
        rolls["attack"].result + advantage,
        rolls["defence"].result + modifier,
        rolls["strength"].result,
        rolls["struggle"].result,
        command.defender_weapon,
        state.options,
    )
    return {
        "combat": combat.combat,
        "character": defender.id,
        **rolls,
        "defender_weapon": command.defender_weapon,
        "grapple": grapple,
        "defence_modifier": modifier,
    }


def immobilize_contender(
    table: Table, actor: str, command: xc.PortalImmobilize, _: TableKeys
) -> None:
    state, combat, reason = combat_ruling(table, actor, "rule an attempt to immobilize", command)
    grabber, defender, rolls = _grapple_rolls(table, state, command)
    acts_now(combat, contender_of(combat, grabber), grabber)
    ruled = _grappled(state, combat, defender, rolls, command, 0)
    table.trigger_event(Immobilized, actor=actor, grabber=grabber.id, **ruled, reason=reason)


def break_free(table: Table, actor: str, command: hc.PortalBreakFree, _: TableKeys) -> None:
    """The held contender's action in its phase of a later turn [002:1483]: the grab
    repeated, the holder's attack at +2."""
    state, combat, reason = combat_ruling(table, actor, "rule an attempt to break free", command)
    holder, held, rolls = _grapple_rolls(table, state, command)
    contender = contender_of(combat, held)
    if contender.held_by != holder.id:
        raise Conflict(f"{held.name} is not held by {holder.name} [002:1481]", "not_held")
    if combat.turn <= contender.held_since:
        raise Conflict(
            f"{held.name} was immobilized this turn: it tries to break free in later turns "
            "[002:1483]",
            "held_this_turn",
        )
    acts_now(combat, contender, held)
    ruled = _grappled(state, combat, held, rolls, command, HOLD_ADVANTAGE)
    table.trigger_event(
        BreakFreeAttempted,
        actor=actor,
        holder=holder.id,
        **ruled,
        advantage=HOLD_ADVANTAGE,
        freed=not ruled["grapple"].immobilized,
        reason=reason,
    )


def release_hold(table: Table, actor: str, command: hc.PortalReleaseHold, _: TableKeys) -> None:
    state, combat, reason = combat_ruling(table, actor, "rule a hold over", command)
    character = find_character(state, command.character)
    contender = contender_of(combat, character)
    if contender.held_by is None:
        raise Conflict(f"{character.name} is held by nobody [002:1481]", "not_held")
    table.trigger_event(
        HoldReleased,
        actor=actor,
        combat=combat.combat,
        holder=contender.held_by,
        character=character.id,
        reason=reason,
    )


def _targets(
    state: PortalState, command: xc.PortalMultipleAttack
) -> tuple[dict[str, int], dict[str, SupportingCharacter]]:
    """The attacks on each contender and the supporting characters attacked, in order: one
    kind or the other, each target named one way."""
    contenders: dict[str, int] = {}
    cast: dict[str, SupportingCharacter] = {}
    for attack in command.attacks:
        checked_reason(attack.weapon.reason)
        if (attack.defender is None) == (attack.supporting is None):
            raise InvalidCommand(
                "an attack's target is a contender or a supporting character, one of the two",
                "invalid_attack",
            )
        if attack.defender is not None:
            contenders[attack.defender] = contenders.get(attack.defender, 0) + 1
        elif attack.supporting is not None:
            found = state.supporting.get(attack.supporting)
            if found is None or found.rules().out:
                raise InvalidCommand(
                    f"{attack.supporting} is no supporting character in the fight [002:1307]",
                    "invalid_attack",
                )
            cast[found.id] = found
    if contenders and cast:
        raise InvalidCommand(
            "a multiple attack couples the defences of contenders or of supporting "
            "characters, each kind with its own [002:1497-1498]",
            "invalid_attack",
        )
    return contenders, cast


def _attack_rolls(state: PortalState, command: xc.PortalMultipleAttack) -> list[int]:
    """The attack roll read for each attack: the one roll, or one per attack (the table's
    `multiple_attack_rolls`, GAP)."""
    rolls = list(command.attack_rolls)
    if len(set(rolls)) != len(rolls):
        raise InvalidCommand("each attack roll is named once", "invalid_attack")
    if state.options.multiple_attack_rolls == "one":
        if len(rolls) != 1:
            raise InvalidCommand(
                "this table reads a multiple attack from one attack roll (`multiple_attack_rolls`)",
                "invalid_attack",
            )
        return rolls * len(command.attacks)
    if len(rolls) != len(command.attacks):
        raise InvalidCommand(
            "this table reads a multiple attack from one attack roll per attack "
            "(`multiple_attack_rolls`)",
            "invalid_attack",
        )
    return rolls


def multiple_attack(
    table: Table, actor: str, command: xc.PortalMultipleAttack, keys: TableKeys
) -> None:
    state = game.ruling(table, actor, "rule a multiple attack")
    reason = checked_reason(command.reason)
    checked_reason(command.increment.reason)
    checked_reason(command.cancel.reason)
    combat = combat_of(state, command.combat)
    numbers = _attack_rolls(state, command)
    kept = {roll: kept_roll(combat, roll, ATTACK) for roll in set(numbers)}
    attackers = {rolled.character for rolled in kept.values()}
    if len(attackers) != 1:
        raise InvalidCommand("one attacker makes a multiple attack", "invalid_attack")
    attacker, contender = fighter(state, combat, attackers.pop())
    acts_now(combat, contender, attacker)
    reflexes = contender.reflexes or 0
    if len(command.attacks) > reflexes:
        raise Conflict(
            f"{attacker.name} makes at most {reflexes} attacks, its reflex value [002:1491]",
            "too_many_attacks",
        )
    contenders, cast = _targets(state, command)
    # the defence rolls: one each, of the contenders attacked
    defences: dict[str, CombatRoll] = {}
    for roll in command.defence_rolls:
        defence = kept_roll(combat, roll, DEFENCE)
        defences.setdefault(defence.character, defence)
    if sorted(defences) != sorted(contenders) or len(command.defence_rolls) != len(defences):
        raise InvalidCommand(
            "each contender attacked is named once, with one settled defence roll [002:1497]",
            "invalid_defence",
        )
    defenders = {}
    for defender_id in contenders:
        defender, defending = fighter(state, combat, defender_id)
        if defender.id == attacker.id or out_of_combat(defending):
            raise InvalidCommand(
                f"{defender.name} is no contender to attack with a multiple attack",
                "invalid_contenders",
            )
        defenders[defender.id] = defender
    cancel = command.cancel
    levels = 0
    if cancel.fortaleza is not None:
        levels = attacker.sheet.fortaleza(cancel.fortaleza).level
    if cancel.levels > levels:
        raise InvalidCommand(
            f"{attacker.name}'s Fortaleza gives {levels} levels to cancel [002:1517]",
            "invalid_attack",
        )
    if cancel.reflexes > reflexes:
        raise InvalidCommand(
            f"{attacker.name}'s reflex value is {reflexes} [002:1517]", "invalid_attack"
        )
    increment = multiple_attack_increment(command.increment.weapons, command.increment.position)
    left = cancel_increment(increment, cancel.aces, cancel.levels, cancel.reflexes)
    weapons = [ruled_weapon(attack.weapon) for attack in command.attacks]
    # the coupled defences [002:1497-1506]
    coupled: dict[str, int] = {}
    # each contender's defence less what it takes off this turn [002:1075, 1447, 1493]
    modifiers = {
        d: defence_taken_off(combat, contender_of(combat, defenders[d])) for d in defenders
    }
    if contenders:
        results = []
        for defender_id in contenders:
            reading = reading_named(defences[defender_id].readings, DEFENCE)
            assert reading is not None
            results.append(reading.result + modifiers[defender_id])
        summed = coupled_protagonist_defence(results, list(contenders.values()))
        coupled = dict.fromkeys(contenders, summed)
    dice: list[int] = []
    thrown = TableDice(table, keys)
    if cast:
        attacked = {c: sum(1 for a in command.attacks if a.supporting == c) for c in cast}
        dice = [thrown.roll(SIDES, f"coupled defence of {c}") for c in cast]
        rules = [
            (one.rules(), die, attacked[one.id])
            for one, die in zip(cast.values(), dice, strict=True)
        ]
        defended = coupled_cast_defences(rules)
        coupled = {
            one.id: value + one.modifier for one, value in zip(cast.values(), defended, strict=True)
        }
    resolved = []
    held = {d.id: (d.sheet.discomfort, d.sheet.wound) for d in defenders.values()}
    taken = {one.id: one.taken for one in cast.values()}
    for attack, weapon, roll in zip(command.attacks, weapons, numbers, strict=True):
        rolled = kept[roll]
        attack_reading, damage_die = attack_read(rolled, weapon)
        target = attack.defender or attack.supporting
        assert target is not None
        # the holder's melee attack on the contender it holds [002:1485]
        held_by = (
            contender_of(combat, defenders[attack.defender]).held_by if attack.defender else None
        )
        hold = hold_advantage(held_by, attacker.id, weapon.melee)
        attacking = attack_reading.result - weapon.attack_penalty - left + hold
        blow, total, points = struck(
            attacking, coupled[target], rolled, command.setting, weapon, damage_die
        )
        tough = absorption = None
        if attack.defender is not None:
            armour = defenders[attack.defender].sheet.armour
            tough, through = toughness_through(points, defences[attack.defender], armour)
            against = tough.total
            if through:
                absorption = absorb(*held[attack.defender], through, command.nonlethal)
                held[attack.defender] = (absorption.discomfort, absorption.wound)
        else:
            against = this_turn(cast[target]).aguante
            through = damage_through(points, against)
            taken[target] += through
        resolved.append(
            AttackResolved(
                defender=attack.defender,
                supporting=attack.supporting,
                attack_roll=roll,
                weapon=weapon,
                defence=coupled[target],
                difficulty=coupled[target] + left,
                strike=blow,
                damage=total,
                toughness=tough,
                aguante=against,
                through=through,
                absorption=absorption,
                taken=taken[target] if attack.supporting is not None else None,
                fumbles=fumble_points(attack_reading.result),
                defence_modifier=modifiers.get(target, 0),
                hold=hold,
            )
        )
    dice_roll = public_roll(thrown, actor, table.gm_seat.id)
    after = reflexes - cancel.reflexes
    table.trigger_event(
        MultipleAttackResolved,
        actor=actor,
        combat=combat.combat,
        attacker=attacker.id,
        attack_rolls=sorted(kept),
        defence_rolls=list(command.defence_rolls),
        dice_roll=dice_roll,
        dice=dice,
        increment=increment,
        cancelled=increment - left,
        reflexes=after,
        phases=phases(after, state.options),
        attacks=resolved,
        setting=command.setting,
        reason=reason,
    )


HANDLERS: dict[type, Any] = {
    xc.PortalCedeLevel: cede_level,
    xc.PortalImmobilize: immobilize_contender,
    hc.PortalBreakFree: break_free,
    hc.PortalReleaseHold: release_hold,
    xc.PortalMultipleAttack: multiple_attack,
}
