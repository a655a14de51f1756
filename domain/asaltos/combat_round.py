"""The combat round as commands [001:44-48,108-122]: start it, declare, aim, tanda by
tanda in Agilidad order, attacks with their parry or dodge, the end of the combat."""

from __future__ import annotations

from typing import Any

from domain.asaltos import commands as cmd
from domain.asaltos.check import CheckResult, Term
from domain.asaltos.combat import Roller, accumulation, declare, resolve_attack
from domain.asaltos.events import (
    ActionsDeclared,
    ActionsPassed,
    AimTaken,
    AttackFailed,
    AttackHit,
    AttackRolled,
    CombatEnded,
    CombatStarted,
    CriticalRolled,
    DodgeRolled,
    Moved,
    ParryRolled,
    RoundStarted,
    TandaStarted,
    game,
)
from domain.asaltos.guards import (
    can_act,
    current_combat,
    declared_reaction,
    next_action,
    no_pending_hit,
    record_roll,
    require_combatant,
    require_controls,
    require_tanda,
    require_turn,
    skill_value,
    weapon_in_hand,
    wound_terms,
)
from domain.asaltos.harm import expire_timers
from domain.asaltos.modifiers import (
    AIM_PER_ROUND,
    MAX_AIM_ROUNDS,
    PRECISION,
    gm_terms,
    ground_terms,
)
from domain.asaltos.state import Aim, AsaltosState, Character, Combat, Declared, Hit
from domain.characters import alive, find_character
from domain.dice import TableDice
from domain.errors import Conflict, InvalidCommand
from domain.keys import TableKeys
from domain.names import checked_reason
from domain.table import Table


def start_combat(table: Table, actor: str, command: cmd.StartCombat, _: TableKeys) -> None:
    state = game.ruling(table, actor, "start a combat")
    if state.combat is not None:
        raise Conflict("a combat is already under way", "combat_in_progress")
    if len(set(command.combatants)) != len(command.combatants):
        raise InvalidCommand("each combatant is named once", "invalid_combatants")
    paused: dict[str, list[int]] = {}
    for character_id in command.combatants:
        character = alive(find_character(state, character_id))
        resting = [w.id for w in character.wounds if w.rest_since is not None]
        if resting:
            paused[character_id] = resting
    table.trigger_event(
        CombatStarted, actor=actor, combatants=list(command.combatants), paused=paused
    )
    table.trigger_event(RoundStarted, actor=actor, round=1, elapsed=state.elapsed)


def _ruling_between_hits(table: Table, actor: str, what: str) -> tuple[AsaltosState, Combat]:
    """The state and the combat for the game master's ruling `what`, with no hit waiting for
    its damage roll."""
    state = game.ruling(table, actor, what)
    combat = current_combat(state)
    no_pending_hit(combat)
    return state, combat


def start_round(table: Table, actor: str, _: cmd.StartRound, __: TableKeys) -> None:
    state, combat = _ruling_between_hits(table, actor, "start a round")
    now = state.elapsed + 1
    table.trigger_event(RoundStarted, actor=actor, round=combat.round + 1, elapsed=now)
    expire_timers(table, actor, state, now)


def _acting_combatant(
    table: Table, actor: str, character_id: str
) -> tuple[AsaltosState, Combat, Character]:
    """The state, the combat and a combatant the actor plays, able to act now (a choice made
    for the round, outside its tanda's steps)."""
    state = game.open(table)
    combat = current_combat(state)
    character = find_character(state, character_id)
    require_controls(table, actor, character)
    require_combatant(combat, character)
    can_act(character, None)
    return state, combat, character


def declare_actions(
    table: Table, actor: str, command: cmd.DeclareActions, _: TableKeys
) -> list[Declared]:
    state, combat, character = _acting_combatant(table, actor, command.character)
    if combat.tanda != 0:
        raise Conflict("actions are declared before the first tanda", "declarations_closed")
    if character.id in combat.declarations:
        raise Conflict(f"{character.name} has declared this round", "already_declared")
    aim = combat.aims.get(character.id)
    if aim is not None and aim.last_round == combat.round:
        raise Conflict(f"{character.name} spends this round aiming [001:103]", "aiming")
    declared = declare(character.sheet, character.value("AGI"), command.actions, state.options)
    table.trigger_event(ActionsDeclared, actor=actor, character=character.id, actions=declared)
    return declared


def take_aim(table: Table, actor: str, command: cmd.TakeAim, _: TableKeys) -> int:
    state, combat, character = _acting_combatant(table, actor, command.character)
    target = alive(find_character(state, command.target))
    if target.id == character.id:
        raise InvalidCommand("a shooter aims at somebody else", "invalid_target")
    if all(weapon.reach == "melee" for weapon in character.sheet.weapons):
        raise InvalidCommand(f"{character.name} has no ranged weapon", "no_ranged_weapon")
    if combat.tanda != 0 or character.id in combat.declarations:
        raise Conflict(
            "aiming takes the whole round: aim before declaring actions [001:103]", "cannot_aim"
        )
    aim = combat.aims.get(character.id)
    if aim is not None and aim.last_round == combat.round:
        raise Conflict(f"{character.name} is already aiming this round", "cannot_aim")
    continued = aim is not None and aim.target == target.id and aim.last_round == combat.round - 1
    rounds = aim.rounds + 1 if aim is not None and continued else 1
    table.trigger_event(
        AimTaken,
        actor=actor,
        character=character.id,
        aim=Aim(target=target.id, rounds=rounds, last_round=combat.round),
    )
    return rounds


def start_tanda(table: Table, actor: str, _: cmd.StartTanda, __: TableKeys) -> int:
    _state, combat = _ruling_between_hits(table, actor, "start a tanda")
    last = max((d.tanda for ds in combat.declarations.values() for d in ds), default=0)
    if combat.tanda + 1 > last:
        raise Conflict("no declared action is left this round: start the next round", "round_over")
    table.trigger_event(TandaStarted, actor=actor, tanda=combat.tanda + 1)
    return combat.tanda


def pass_actions(table: Table, actor: str, command: cmd.PassActions, _: TableKeys) -> list[int]:
    state = game.open(table)
    combat = current_combat(state)
    character = find_character(state, command.character)
    require_controls(table, actor, character)
    require_tanda(combat)
    numbers = [
        d.number
        for d in combat.declarations.get(character.id, [])
        if not d.used and d.tanda == combat.tanda
    ]
    if not numbers:
        raise Conflict(f"{character.name} has no action left in this tanda", "no_such_action")
    table.trigger_event(ActionsPassed, actor=actor, character=character.id, actions=numbers)
    return numbers


def move(table: Table, actor: str, command: cmd.Move, _: TableKeys) -> None:
    """A move is one of the round's declared actions (an `other`, in its tanda and
    Agilidad order [001:46-47]); the round's moves add up to at most Agilidad metres
    [001:20]. The game master resolves it, as every action: a refusal tells nobody else
    the Agilidad it names [001:22]."""
    state = game.ruling(table, actor, "resolve a move")
    combat = current_combat(state)
    character = find_character(state, command.character)
    require_combatant(combat, character)
    no_pending_hit(combat)
    declared = next_action(combat, character, ("other",))
    can_act(character, require_turn(state, combat, character))
    left = character.movement - combat.moved.get(character.id, 0)
    if command.metres > left:
        raise InvalidCommand(
            f"{character.name} moves at most {character.movement} metres a round [001:20]: "
            f"{left} more this round, not {command.metres}",
            "too_many_metres",
        )
    table.trigger_event(
        Moved,
        actor=actor,
        character=character.id,
        metres=command.metres,
        reason=checked_reason(command.reason),
        action=declared.number,
    )


def attack(table: Table, actor: str, command: cmd.Attack, keys: TableKeys) -> int | None:
    state, combat = _ruling_between_hits(table, actor, "judge an attack")
    options = state.options
    attacker = find_character(state, command.attacker)
    require_combatant(combat, attacker)
    declared = next_action(combat, attacker, ("attack",))
    step = require_turn(state, combat, attacker)
    can_act(attacker, step)
    target = find_character(state, command.target)
    if target.id == attacker.id:
        raise InvalidCommand("an attack has another character as its target", "invalid_target")
    require_combatant(combat, target)
    alive(target)
    assert declared.action.weapon is not None
    weapon = weapon_in_hand(attacker, declared.action.weapon, step)
    ranged = weapon.reach != "melee"
    if command.surprise and ranged:
        raise InvalidCommand(
            "only a melee attack from behind or by surprise hits automatically [001:79]; a "
            f"shot with {weapon.name} is rolled with the ranged modifiers [001:89-102]",
            "surprise_is_melee_only",
        )
    terms = [
        *gm_terms(
            command.base_difficulty,
            command.modifiers,
            command.other_modifiers,
            ranged=ranged,
            attack=True,
        ),
        *ground_terms(command.modifiers, fallen="fallen" in target.conditions, ranged=ranged),
        accumulation(declared.number),
    ]
    if command.location is not None:
        terms.append(Term(name="precision", amount=PRECISION))
    aim = combat.aims.get(attacker.id)
    if (
        ranged
        and aim is not None
        and aim.target == target.id
        and aim.last_round == combat.round - 1
    ):
        terms.append(Term(name="aim", amount=AIM_PER_ROUND * min(aim.rounds, MAX_AIM_ROUNDS)))
    terms += wound_terms(attacker, state, step)
    value = skill_value(attacker, weapon.skill)
    defence, reaction = None, None
    if command.reaction == "none":
        if (
            command.defender_base_difficulty is not None
            or command.defender_modifiers
            or command.defender_other_modifiers
        ):
            raise InvalidCommand("without a reaction there is no defender roll", "invalid_reaction")
    else:
        if command.surprise:
            raise InvalidCommand(
                "an attack from behind or by surprise allows no reaction [001:79]",
                "invalid_reaction",
            )
        if command.defender_base_difficulty is None:
            raise InvalidCommand(
                "a reaction needs the game master's difficulty for it",
                "defender_difficulty_required",
            )
        reaction = declared_reaction(combat, target, command.reaction, options.reactions_carry_over)
        can_act(target, step)
        if command.reaction == "parry":
            assert reaction.action.weapon is not None
            parrying = weapon_in_hand(target, reaction.action.weapon, step)
            defence_value = skill_value(target, parrying.skill)
        else:
            defence_value = skill_value(target, options.dodge_skill)
        defence = Roller(
            value=defence_value,
            terms=[
                *gm_terms(
                    command.defender_base_difficulty,
                    command.defender_modifiers,
                    command.defender_other_modifiers,
                    ranged=ranged,
                    attack=False,
                ),
                accumulation(reaction.number),
                *wound_terms(target, state, step),
            ],
        )
    dice = TableDice(table, keys)
    outcome = resolve_attack(
        Roller(value=value, terms=terms),
        command.reaction,
        defence,
        options,
        dice,
        automatic=command.surprise,
    )
    roll = record_roll(dice, table, actor, attacker.id, "public")

    def rolled(event: type, **fields: Any) -> None:
        """An event that reads the attack's public roll."""
        table.trigger_event(event, actor=actor, roll=roll, visibility="public", **fields)

    def reacted(event: type[DodgeRolled | ParryRolled], result: CheckResult | None) -> None:
        """The defender's dodge or parry, if it rolled one."""
        if result is not None and reaction is not None:
            rolled(
                event,
                character=target.id,
                attacker=attacker.id,
                action=reaction.number,
                result=result,
            )

    reacted(DodgeRolled, outcome.dodge)
    rolled(
        AttackRolled,
        character=attacker.id,
        target=target.id,
        weapon=weapon.name,
        action=declared.number,
        automatic=command.surprise,
        result=outcome.attack,
    )
    if outcome.confirmation is not None and roll is not None:
        face = outcome.confirmation
        rolled(CriticalRolled, character=attacker.id, face=face, confirmed=face <= value)
    reacted(ParryRolled, outcome.parry)
    if outcome.outcome == "hit":
        hit = Hit(
            attacker=attacker.id,
            target=target.id,
            weapon=weapon.name,
            sl=outcome.sl,
            critical=outcome.critical,
            location=command.location,
            step=step,
        )
        rolled(AttackHit, hit=hit)
    else:
        rolled(AttackFailed, character=attacker.id, target=target.id, outcome=outcome.outcome)
    return roll


def end_combat(table: Table, actor: str, _: cmd.EndCombat, __: TableKeys) -> None:
    state, combat = _ruling_between_hits(table, actor, "end a combat")
    resting: dict[str, list[int]] = {}
    for character_id in combat.combatants:
        character = state.characters[character_id]
        wounds = [w.id for w in character.wounds if w.rest_since is None]
        if wounds and not character.dead:
            resting[character_id] = wounds
    table.trigger_event(CombatEnded, actor=actor, resting=resting)
