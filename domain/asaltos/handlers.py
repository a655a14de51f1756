"""asaltos's command handlers: validate everything, roll, record the dice, then trigger the
events derived from them. A refused command leaves nothing behind.

A command that rolls answers with the roll's number (None when the rules needed no die):
what the caller may see of the dice and their outcome it reads in the log."""

from __future__ import annotations

from typing import Any

from domain.asaltos import commands as cmd
from domain.asaltos.check import Term, check, opposed, usable
from domain.asaltos.combat import Roller, accumulation, declare, resolve_attack
from domain.asaltos.damage import resolve_damage
from domain.asaltos.events import (
    ActionsDeclared,
    ActionsPassed,
    AimTaken,
    AttackFailed,
    AttackHit,
    AttackRolled,
    CharacteristicLost,
    CharacterSheetCreated,
    CheckMade,
    CombatFinished,
    CombatStarted,
    ConditionCleared,
    ConditionsGained,
    CriticalRolled,
    DamageRolled,
    DeathTimerStarted,
    DeathTimerStopped,
    Died,
    DodgeRolled,
    GameTimePassed,
    MedicineRolled,
    OpposedCheckMade,
    PainRolled,
    ParryRolled,
    RestInterrupted,
    RoundStarted,
    ShockSuffered,
    TandaStarted,
    WoundHealed,
    WoundInflicted,
    WoundTreated,
    game,
)
from domain.asaltos.healing import costs_characteristic, heals_by, restarts_on_interruption
from domain.asaltos.modifiers import AIM_PER_ROUND, MAX_AIM_ROUNDS, PRECISION, gm_terms, other_terms
from domain.asaltos.sheet import Characteristic, Location, checked_sheet
from domain.asaltos.state import (
    OUT,
    Aim,
    AsaltosState,
    Character,
    Combat,
    DeathTimer,
    Declared,
    Hit,
    Step,
    Wound,
)
from domain.asaltos.wounds import SHOCK_SECONDS_PER_RES, effect, in_shock, wound_penalty
from domain.dice import TableDice, Visibility
from domain.errors import Conflict, Forbidden, InvalidCommand, NotFound
from domain.keys import TableKeys
from domain.names import checked_name, checked_reason
from domain.table import Table

MAX_CHARACTERS = 200
MAX_DIFFICULTY = 20

# -- shared guards ------------------------------------------------------------------------


def _state(table: Table) -> AsaltosState:
    table.require_open()
    return game(table)


def _gm(table: Table, actor: str, doing: str) -> AsaltosState:
    state = _state(table)
    table.require_gm(actor, doing)
    return state


def _character(state: AsaltosState, character_id: str) -> Character:
    character = state.characters.get(character_id)
    if character is None:
        raise NotFound(f"there is no character {character_id!r} at this table", "unknown_character")
    return character


def _controls(table: Table, actor: str, character: Character) -> None:
    """A character's seat acts for it; the game master for its own NPCs."""
    table.require_seat(actor)
    if character.seat != actor:
        raise Forbidden(
            f"{character.name} is played by seat {character.seat!r}, not by {actor!r}",
            "not_your_character",
        )


def _alive(character: Character) -> Character:
    if character.dead:
        raise Conflict(f"{character.name} is dead", "character_dead")
    return character


def _can_act(character: Character, step: Step | None) -> Character:
    """Alive and conscious, or put out of action at this very step (which happens at the
    same time as its action [001:46])."""
    same_step = step is not None and character.out_since == step
    if character.dead and not same_step:
        raise Conflict(f"{character.name} is dead", "character_dead")
    out = [c for c in character.conditions if c in OUT]
    if out and not same_step:
        raise Conflict(
            f"{character.name} cannot act while {out[0].replace('_', ' ')}",
            "character_cannot_act",
        )
    return character


def _combat(state: AsaltosState) -> Combat:
    if state.combat is None:
        raise Conflict("no combat is under way", "not_in_combat")
    return state.combat


def _no_pending(combat: Combat) -> None:
    if combat.pending is not None:
        raise Conflict("a hit waits for its damage roll", "damage_pending")


def _combatant(combat: Combat, character: Character) -> None:
    if character.id not in combat.combatants:
        raise Conflict(f"{character.name} takes no part in this combat", "not_a_combatant")


def _in_tanda(combat: Combat) -> None:
    if combat.tanda < 1:
        raise Conflict("no tanda is under way: the game master starts one", "no_tanda")


def _next_action(combat: Combat, character: Character, kinds: tuple[str, ...]) -> Declared:
    """The character's first unused action of the current tanda of one of these kinds."""
    _in_tanda(combat)
    for declared in combat.declarations.get(character.id, []):
        if not declared.used and declared.tanda == combat.tanda and declared.action.kind in kinds:
            return declared
    raise Conflict(
        f"{character.name} has no {' or '.join(kinds)} left in tanda {combat.tanda}",
        "no_such_action",
    )


def _reaction(combat: Combat, character: Character, kind: str, carry_over: bool) -> Declared:
    """A parry or dodge declared for this tanda (or an earlier one, when the options let
    reactions carry over) [001:112-113]."""
    for declared in combat.declarations.get(character.id, []):
        if declared.used or declared.action.kind != kind:
            continue
        if declared.tanda == combat.tanda or (carry_over and declared.tanda < combat.tanda):
            return declared
    raise Conflict(
        f"{character.name} declared no {kind} for tanda {combat.tanda} [001:113]",
        "no_reaction_declared",
    )


def _require_turn(state: AsaltosState, combat: Combat, character: Character) -> Step:
    """Within a tanda, higher Agilidad acts first; equal Agilidad at the same time [001:46]."""
    agi = character.value("AGI")
    step = Step(round=combat.round, tanda=combat.tanda, agi=agi)
    for other_id in combat.combatants:
        other = state.characters[other_id]
        if other_id == character.id or other.value("AGI") <= agi:
            continue
        other_step = Step(round=combat.round, tanda=combat.tanda, agi=other.value("AGI"))
        try:
            _can_act(other, other_step)
        except Conflict:
            continue
        waiting = [
            d
            for d in combat.declarations.get(other_id, [])
            if not d.used and d.tanda == combat.tanda and d.action.kind in ("attack", "other")
        ]
        if waiting:
            raise Conflict(
                f"{other.name} (AGI {other.value('AGI')}) acts first in this tanda: resolve "
                "or pass its action",
                "not_your_turn",
            )
    return step


def _wound_terms(character: Character, state: AsaltosState, step: Step | None) -> list[Term]:
    amount = wound_penalty(character, state.options, state.elapsed, step=step)
    return [Term(name="wounds", amount=amount)] if amount else []


def _base(amount: int) -> Term:
    """The game master's base difficulty, within the bounds the commands declare (a command
    built in code skips decoding)."""
    if not -MAX_DIFFICULTY <= amount <= MAX_DIFFICULTY:
        raise InvalidCommand(
            f"a base difficulty runs from -{MAX_DIFFICULTY} to {MAX_DIFFICULTY}",
            "invalid_difficulty",
        )
    return Term(name="base", amount=amount)


def _value(
    character: Character, skill: str | None, characteristic: Characteristic | None
) -> tuple[int, str]:
    if (skill is None) == (characteristic is None):
        raise InvalidCommand("check a skill or a characteristic: exactly one", "invalid_check")
    if characteristic is not None:
        return character.value(characteristic), characteristic
    assert skill is not None
    return usable(character.sheet.skill(skill), f"{character.name}'s {skill}"), skill


def _record(
    dice: TableDice, table: Table, actor: str, roller: str, visibility: Visibility
) -> int | None:
    """Record the dice rolled, if any, before what derives from them."""
    return dice.record(actor, roller, visibility) if dice.dice else None


# -- characters and checks ---------------------------------------------------------------


def create_character(table: Table, actor: str, command: cmd.CreateCharacter, _: TableKeys) -> str:
    state = _state(table)
    table.require_seat(actor)
    name = checked_name(command.name, "a character's name")
    sheet = checked_sheet(command.sheet)
    if len(state.characters) >= MAX_CHARACTERS:
        raise InvalidCommand(
            f"a table holds at most {MAX_CHARACTERS} characters", "too_many_characters"
        )
    character_id = f"c{len(state.characters) + 1}"
    table.trigger_event(
        CharacterSheetCreated,
        actor=actor,
        character=Character(id=character_id, name=name, seat=actor, sheet=sheet),
    )
    return character_id


def make_check(table: Table, actor: str, command: cmd.Check, keys: TableKeys) -> int | None:
    state = _gm(table, actor, "set a check's difficulty")
    character = _character(state, command.character)
    value, checked = _value(character, command.skill, command.characteristic)
    terms = [_base(command.base_difficulty), *other_terms(command.modifiers)]
    action, step = None, None
    if command.combat_action:
        combat = _combat(state)
        _combatant(combat, character)
        declared = _next_action(combat, character, ("other",))
        step = _require_turn(state, combat, character)
        terms.append(accumulation(declared.number))
        action = declared.number
    _can_act(character, step)
    terms += _wound_terms(character, state, step)
    dice = TableDice(table, keys)
    result = check(value, terms, dice, need_sl=command.roll_for_sl)
    roll = _record(dice, table, actor, character.id, command.visibility)
    table.trigger_event(
        CheckMade,
        actor=actor,
        character=character.id,
        checked=checked,
        result=result,
        action=action,
        roll=roll,
        visibility=command.visibility,
    )
    return roll


def opposed_check(
    table: Table, actor: str, command: cmd.OpposedCheck, keys: TableKeys
) -> int | None:
    state = _gm(table, actor, "set a check's difficulty")
    contenders = []
    for contender in command.contenders:
        character = _can_act(_character(state, contender.character), None)
        value, checked = _value(character, contender.skill, contender.characteristic)
        terms = [
            _base(contender.base_difficulty),
            *other_terms(contender.modifiers),
            *_wound_terms(character, state, None),
        ]
        contenders.append((character, value, checked, terms))
    if contenders[0][0].id == contenders[1][0].id:
        raise InvalidCommand("an opposed check opposes two characters", "invalid_check")
    dice = TableDice(table, keys)
    results = [check(value, terms, dice, need_sl=True) for _, value, _, terms in contenders]
    won = opposed(results[0], results[1], state.options.opposed_tie_break)
    winner = contenders[won - 1][0].id if won else None
    roll = _record(dice, table, actor, contenders[0][0].id, command.visibility)
    table.trigger_event(
        OpposedCheckMade,
        actor=actor,
        characters=[c[0].id for c in contenders],
        checked=[c[2] for c in contenders],
        results=results,
        winner=winner,
        roll=roll,
        visibility=command.visibility,
    )
    return roll


# -- the combat round --------------------------------------------------------------------


def _expire_timers(table: Table, actor: str, state: AsaltosState, now: int) -> None:
    """Death for every timer whose deadline has come [001:65-67]."""
    for character in state.characters.values():
        if character.dead:
            continue
        due = [timer for timer in character.timers if timer.deadline <= now]
        if due:
            first = min(due, key=lambda timer: timer.deadline)
            table.trigger_event(
                Died,
                actor=actor,
                character=character.id,
                cause=f"no Medicine in time ({first.cause})",
                out_since=None,
                roll=None,
                visibility="public",
            )


def start_combat(table: Table, actor: str, command: cmd.StartCombat, _: TableKeys) -> None:
    state = _gm(table, actor, "start a combat")
    if state.combat is not None:
        raise Conflict("a combat is already under way", "combat_in_progress")
    if len(set(command.combatants)) != len(command.combatants):
        raise InvalidCommand("each combatant is named once", "invalid_combatants")
    paused: dict[str, list[int]] = {}
    for character_id in command.combatants:
        character = _alive(_character(state, character_id))
        resting = [w.id for w in character.wounds if w.rest_since is not None]
        if resting:
            paused[character_id] = resting
    table.trigger_event(
        CombatStarted, actor=actor, combatants=list(command.combatants), paused=paused
    )
    table.trigger_event(RoundStarted, actor=actor, round=1, elapsed=state.elapsed)


def start_round(table: Table, actor: str, _: cmd.StartRound, __: TableKeys) -> None:
    state = _gm(table, actor, "start a round")
    combat = _combat(state)
    _no_pending(combat)
    now = state.elapsed + 1
    table.trigger_event(RoundStarted, actor=actor, round=combat.round + 1, elapsed=now)
    _expire_timers(table, actor, state, now)


def declare_actions(
    table: Table, actor: str, command: cmd.DeclareActions, _: TableKeys
) -> list[Declared]:
    state = _state(table)
    combat = _combat(state)
    character = _character(state, command.character)
    _controls(table, actor, character)
    _combatant(combat, character)
    _can_act(character, None)
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
    state = _state(table)
    combat = _combat(state)
    character = _character(state, command.character)
    _controls(table, actor, character)
    _combatant(combat, character)
    _can_act(character, None)
    target = _alive(_character(state, command.target))
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
    state = _gm(table, actor, "start a tanda")
    combat = _combat(state)
    _no_pending(combat)
    last = max((d.tanda for ds in combat.declarations.values() for d in ds), default=0)
    if combat.tanda + 1 > last:
        raise Conflict("no declared action is left this round: start the next round", "round_over")
    table.trigger_event(TandaStarted, actor=actor, tanda=combat.tanda + 1)
    return combat.tanda


def pass_actions(table: Table, actor: str, command: cmd.PassActions, _: TableKeys) -> list[int]:
    state = _state(table)
    combat = _combat(state)
    character = _character(state, command.character)
    _controls(table, actor, character)
    _in_tanda(combat)
    numbers = [
        d.number
        for d in combat.declarations.get(character.id, [])
        if not d.used and d.tanda == combat.tanda
    ]
    if not numbers:
        raise Conflict(f"{character.name} has no action left in this tanda", "no_such_action")
    table.trigger_event(ActionsPassed, actor=actor, character=character.id, actions=numbers)
    return numbers


def attack(table: Table, actor: str, command: cmd.Attack, keys: TableKeys) -> int | None:
    state = _gm(table, actor, "judge an attack")
    options = state.options
    combat = _combat(state)
    _no_pending(combat)
    attacker = _character(state, command.attacker)
    _combatant(combat, attacker)
    declared = _next_action(combat, attacker, ("attack",))
    step = _require_turn(state, combat, attacker)
    _can_act(attacker, step)
    target = _character(state, command.target)
    if target.id == attacker.id:
        raise InvalidCommand("an attack has another character as its target", "invalid_target")
    _combatant(combat, target)
    _alive(target)
    assert declared.action.weapon is not None
    weapon = attacker.sheet.weapon(declared.action.weapon)
    ranged = weapon.reach != "melee"
    terms = [
        *gm_terms(
            command.base_difficulty,
            command.modifiers,
            command.other_modifiers,
            ranged=ranged,
            attack=True,
        ),
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
    terms += _wound_terms(attacker, state, step)
    value = usable(attacker.sheet.skill(weapon.skill), f"{attacker.name}'s {weapon.skill}")
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
        reaction = _reaction(combat, target, command.reaction, options.reactions_carry_over)
        _can_act(target, step)
        if command.reaction == "parry":
            assert reaction.action.weapon is not None
            parrying = target.sheet.weapon(reaction.action.weapon)
            defence_value = usable(
                target.sheet.skill(parrying.skill), f"{target.name}'s {parrying.skill}"
            )
        else:
            dodge = options.dodge_skill
            defence_value = usable(target.sheet.skill(dodge), f"{target.name}'s {dodge}")
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
                *_wound_terms(target, state, step),
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
    roll = _record(dice, table, actor, attacker.id, command.visibility)
    shown = {"roll": roll, "visibility": command.visibility}
    if outcome.dodge is not None and reaction is not None:
        table.trigger_event(
            DodgeRolled,
            actor=actor,
            character=target.id,
            attacker=attacker.id,
            action=reaction.number,
            result=outcome.dodge,
            **shown,
        )
    table.trigger_event(
        AttackRolled,
        actor=actor,
        character=attacker.id,
        target=target.id,
        weapon=weapon.name,
        action=declared.number,
        automatic=command.surprise,
        result=outcome.attack,
        **shown,
    )
    if outcome.confirmation is not None and roll is not None:
        table.trigger_event(
            CriticalRolled,
            actor=actor,
            character=attacker.id,
            face=outcome.confirmation,
            confirmed=outcome.confirmation <= value,
            roll=roll,
            visibility=command.visibility,
        )
    if outcome.parry is not None and reaction is not None:
        table.trigger_event(
            ParryRolled,
            actor=actor,
            character=target.id,
            attacker=attacker.id,
            action=reaction.number,
            result=outcome.parry,
            **shown,
        )
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
        table.trigger_event(AttackHit, actor=actor, hit=hit, **shown)
    else:
        table.trigger_event(
            AttackFailed,
            actor=actor,
            character=attacker.id,
            target=target.id,
            outcome=outcome.outcome,
            **shown,
        )
    return roll


# -- damage and wounds -------------------------------------------------------------------


def _inflict(
    table: Table,
    actor: str,
    state: AsaltosState,
    character: Character,
    location: Location,
    level: int,
    *,
    step: Step | None,
    weapon_type: str | None,
    reason: str | None,
    roll: int | None,
    visibility: Visibility,
) -> None:
    """Note a wound and trigger what it does at once: death, conditions, a death timer,
    shock [001:63-67]."""
    fighting = state.combat is not None and character.id in state.combat.combatants
    shown: dict[str, Any] = {"roll": roll, "visibility": visibility}
    wound = Wound(
        id=character.wounds_dealt + 1,
        location=location,
        level=level,
        at=state.elapsed,
        step=step,
        weapon_type=weapon_type,
        rest_since=None if fighting else state.elapsed,
    )
    table.trigger_event(
        WoundInflicted, actor=actor, character=character.id, wound=wound, reason=reason, **shown
    )
    res = character.value("RES")
    happens = effect(location, level, res)
    if happens.dies:
        table.trigger_event(
            Died,
            actor=actor,
            character=character.id,
            cause=f"wound {wound.code}",
            out_since=step,
            **shown,
        )
        return
    if happens.conditions:
        out = any(c in OUT for c in happens.conditions)
        table.trigger_event(
            ConditionsGained,
            actor=actor,
            character=character.id,
            conditions=happens.conditions,
            out_since=step if out else None,
            **shown,
        )
    if happens.timer is not None:
        _start_timer(
            table, actor, state, character, happens.timer, wound.id, happens.seconds, shown
        )
    if not character.in_shock and in_shock(character, state.options, state.elapsed):
        table.trigger_event(
            ShockSuffered,
            actor=actor,
            character=character.id,
            penalty=wound_penalty(character, state.options, state.elapsed, for_shock=True),
            res=res,
            out_since=step,
            **shown,
        )
        _start_timer(
            table, actor, state, character, "shock", None, res * SHOCK_SECONDS_PER_RES, shown
        )


def _start_timer(
    table: Table,
    actor: str,
    state: AsaltosState,
    character: Character,
    cause: Any,
    wound: int | None,
    seconds: int,
    shown: dict[str, Any],
) -> None:
    timer = DeathTimer(
        id=character.timers_started + 1,
        cause=cause,
        wound=wound,
        started=state.elapsed,
        deadline=state.elapsed + seconds,
    )
    table.trigger_event(
        DeathTimerStarted, actor=actor, character=character.id, timer=timer, **shown
    )


def roll_damage(table: Table, actor: str, command: cmd.RollDamage, keys: TableKeys) -> int | None:
    state = _gm(table, actor, "roll damage")
    combat = _combat(state)
    hit = combat.pending
    if hit is None:
        raise Conflict("no hit waits for its damage", "no_pending_hit")
    attacker = state.characters[hit.attacker]
    target = state.characters[hit.target]
    weapon = attacker.sheet.weapon(hit.weapon)
    dice = TableDice(table, keys)
    damage = resolve_damage(
        weapon,
        attacker.value("FUE"),
        hit.sl,
        critical=hit.critical,
        chosen=hit.location,
        armour=target.sheet.armour,
        options=state.options,
        dice=dice,
    )
    roll = _record(dice, table, actor, attacker.id, command.visibility)
    table.trigger_event(
        DamageRolled,
        actor=actor,
        attacker=attacker.id,
        target=target.id,
        damage=damage,
        roll=roll,
        visibility=command.visibility,
    )
    if damage.level >= 1 and not target.dead:
        _inflict(
            table,
            actor,
            state,
            target,
            damage.location,
            damage.level,
            step=hit.step,
            weapon_type=weapon.type,
            reason=None,
            roll=roll,
            visibility=command.visibility,
        )
    return roll


def inflict_wound(table: Table, actor: str, command: cmd.InflictWound, _: TableKeys) -> int:
    state = _gm(table, actor, "inflict wounds")
    character = _alive(_character(state, command.character))
    if not 1 <= command.level <= 4:
        raise InvalidCommand("wound levels run 1..4", "invalid_level")
    reason = checked_reason(command.reason)
    _inflict(
        table,
        actor,
        state,
        character,
        command.location,
        command.level,
        step=None,
        weapon_type=None,
        reason=reason,
        roll=None,
        visibility="public",
    )
    return character.wounds_dealt


def pain_roll(table: Table, actor: str, command: cmd.PainRoll, keys: TableKeys) -> int | None:
    state = _gm(table, actor, "set the pain roll's difficulty")
    combat = _combat(state)
    character = _can_act(_character(state, command.character), None)
    _combatant(combat, character)
    wound = character.wound(command.wound)
    if wound is None:
        raise NotFound(f"{character.name} has no wound {command.wound}", "unknown_wound")
    if wound.level != 1:
        raise InvalidCommand(
            "only a light wound's pain can be suppressed [001:63]", "not_a_light_wound"
        )
    if wound.suppressed:
        raise Conflict("that wound's pain is suppressed already", "pain_suppressed")
    terms = [_base(command.base_difficulty), *other_terms(command.modifiers)]
    penalty = wound_penalty(character, state.options, state.elapsed)
    if not state.options.pain_roll_own_penalty:
        penalty -= 1
    if penalty:
        terms.append(Term(name="wounds", amount=penalty))
    dice = TableDice(table, keys)
    result = check(character.value("RES"), terms, dice, need_sl=False, purpose="pain")
    roll = _record(dice, table, actor, character.id, command.visibility)
    table.trigger_event(
        PainRolled,
        actor=actor,
        character=character.id,
        wound=wound.id,
        result=result,
        roll=roll,
        visibility=command.visibility,
    )
    return roll


def medicine_roll(
    table: Table, actor: str, command: cmd.MedicineRoll, keys: TableKeys
) -> int | None:
    state = _gm(table, actor, "set a Medicine roll's difficulty")
    options = state.options
    healer = _can_act(_character(state, command.healer), None)
    patient = _character(state, command.patient)
    if patient.dead:
        raise Conflict(f"{patient.name} is dead", "character_dead")
    skill = usable(
        healer.sheet.skill(options.medicine_skill), f"{healer.name}'s {options.medicine_skill}"
    )
    if command.wound is None:
        if not patient.timers:
            raise Conflict(f"{patient.name} has no death timer running", "no_death_timer")
    else:
        wound = patient.wound(command.wound)
        if wound is None:
            raise NotFound(f"{patient.name} has no wound {command.wound}", "unknown_wound")
        if wound.level not in (2, 3):
            raise InvalidCommand(
                "Medicine shortens the healing of serious and incapacitating wounds [001:72-73]",
                "wound_not_treatable",
            )
        if wound.medicine:
            raise Conflict("that wound is treated already", "already_treated")
    terms = [
        _base(command.base_difficulty),
        *other_terms(command.modifiers),
        *_wound_terms(healer, state, None),
    ]
    dice = TableDice(table, keys)
    result = check(skill, terms, dice, need_sl=False, purpose="medicine")
    roll = _record(dice, table, actor, healer.id, command.visibility)
    shown: dict[str, Any] = {"roll": roll, "visibility": command.visibility}
    table.trigger_event(
        MedicineRolled,
        actor=actor,
        healer=healer.id,
        patient=patient.id,
        wound=command.wound,
        result=result,
        **shown,
    )
    if not result.success:
        return roll
    if command.wound is not None:
        table.trigger_event(
            WoundTreated, actor=actor, character=patient.id, wound=command.wound, **shown
        )
        return roll
    timers = list(patient.timers)
    for timer in timers:
        table.trigger_event(
            DeathTimerStopped, actor=actor, character=patient.id, timer=timer.id, **shown
        )
    if options.medicine_on_timer_treats_wound:
        for timer in timers:
            treated = patient.wound(timer.wound) if timer.wound is not None else None
            if treated is not None and treated.level in (2, 3) and not treated.medicine:
                table.trigger_event(
                    WoundTreated, actor=actor, character=patient.id, wound=treated.id, **shown
                )
    return roll


# -- time, healing, the end of a combat ---------------------------------------------------


def advance_time(table: Table, actor: str, command: cmd.AdvanceTime, _: TableKeys) -> None:
    state = _gm(table, actor, "advance game time")
    reason = checked_reason(command.reason)
    if command.seconds < 1:
        raise InvalidCommand("time advances by at least a second", "invalid_time")
    now = state.elapsed + command.seconds
    dying = {
        c.id
        for c in state.characters.values()
        if not c.dead and any(t.deadline <= now for t in c.timers)
    }
    healing: list[tuple[Character, Wound]] = [
        (character, wound)
        for character in state.characters.values()
        if not character.dead and character.id not in dying
        for wound in character.wounds
        if heals_by(wound, state.options, now)
    ]
    needed = {(c.id, w.id) for c, w in healing if costs_characteristic(w)}
    given: dict[tuple[str, int], str] = {}
    for loss in command.losses:
        key = (loss.character, loss.wound)
        if key in given:
            raise InvalidCommand("one loss per wound", "invalid_loss")
        given[key] = loss.characteristic
    missing = needed - set(given)
    if missing:
        named = ", ".join(f"{c} wound {w}" for c, w in sorted(missing))
        raise InvalidCommand(
            f"an incapacitated location heals without Medicine: say whether it costs AGI or RES "
            f"[001:73] ({named})",
            "loss_choice_required",
        )
    if set(given) - needed:
        raise InvalidCommand("a loss names a wound that does not heal badly now", "unexpected_loss")
    table.trigger_event(
        GameTimePassed, actor=actor, seconds=command.seconds, elapsed=now, reason=reason
    )
    _expire_timers(table, actor, state, now)
    for character, wound in healing:
        table.trigger_event(WoundHealed, actor=actor, character=character.id, wound=wound.id)
        lost = given.get((character.id, wound.id))
        if lost is not None:
            table.trigger_event(
                CharacteristicLost,
                actor=actor,
                character=character.id,
                characteristic=lost,
                wound=wound.id,
            )


def interrupt_rest(table: Table, actor: str, command: cmd.InterruptRest, _: TableKeys) -> list[int]:
    state = _gm(table, actor, "interrupt a rest")
    character = _alive(_character(state, command.character))
    reason = checked_reason(command.reason)
    wounds = [
        w.id
        for w in character.wounds
        if w.rest_since is not None and restarts_on_interruption(w, state.options)
    ]
    if not wounds:
        raise Conflict(f"{character.name} has no rest to interrupt", "not_resting")
    table.trigger_event(
        RestInterrupted, actor=actor, character=character.id, wounds=wounds, reason=reason
    )
    return wounds


def clear_condition(table: Table, actor: str, command: cmd.ClearCondition, _: TableKeys) -> None:
    state = _gm(table, actor, "clear a condition")
    character = _alive(_character(state, command.character))
    if command.condition not in character.conditions:
        raise Conflict(f"{character.name} is not {command.condition}", "no_such_condition")
    table.trigger_event(
        ConditionCleared,
        actor=actor,
        character=character.id,
        condition=command.condition,
        reason=checked_reason(command.reason),
    )


def end_combat(table: Table, actor: str, _: cmd.EndCombat, __: TableKeys) -> None:
    state = _gm(table, actor, "end a combat")
    combat = _combat(state)
    _no_pending(combat)
    resting: dict[str, list[int]] = {}
    for character_id in combat.combatants:
        character = state.characters[character_id]
        wounds = [w.id for w in character.wounds if w.rest_since is None]
        if wounds and not character.dead:
            resting[character_id] = wounds
    table.trigger_event(CombatFinished, actor=actor, resting=resting)


HANDLERS: dict[type, Any] = {
    cmd.CreateCharacter: create_character,
    cmd.Check: make_check,
    cmd.OpposedCheck: opposed_check,
    cmd.StartCombat: start_combat,
    cmd.StartRound: start_round,
    cmd.DeclareActions: declare_actions,
    cmd.TakeAim: take_aim,
    cmd.StartTanda: start_tanda,
    cmd.PassActions: pass_actions,
    cmd.Attack: attack,
    cmd.RollDamage: roll_damage,
    cmd.InflictWound: inflict_wound,
    cmd.PainRoll: pain_roll,
    cmd.MedicineRoll: medicine_roll,
    cmd.AdvanceTime: advance_time,
    cmd.InterruptRest: interrupt_rest,
    cmd.ClearCondition: clear_condition,
    cmd.EndCombat: end_combat,
}
