"""Damage, wounds and what they do at once, pain and Medicine rolls, and the death
timers running out [001:50-69]."""

from __future__ import annotations

from typing import Any

from domain.asaltos import commands as cmd
from domain.asaltos.check import Term, check
from domain.asaltos.damage import resolve_damage
from domain.asaltos.events import (
    ConditionsGained,
    DamageRolled,
    DeathTimerStarted,
    DeathTimerStopped,
    Died,
    MedicineRolled,
    PainRolled,
    ShockSuffered,
    WeaponsDropped,
    WoundInflicted,
    WoundTreated,
    game,
)
from domain.asaltos.guards import (
    base_difficulty,
    can_act,
    current_combat,
    require_combatant,
    roll_event,
    skill_value,
    wound_terms,
)
from domain.asaltos.modifiers import other_terms
from domain.asaltos.sheet import Location
from domain.asaltos.state import OUT, AsaltosState, Character, DeathTimer, Step, Wound
from domain.asaltos.wounds import SHOCK_SECONDS_PER_RES, drops, effect, in_shock, wound_penalty
from domain.characters import alive, find_character
from domain.dice import TableDice, Visibility
from domain.errors import Conflict, InvalidCommand, NotFound
from domain.keys import TableKeys
from domain.names import checked_reason
from domain.table import Table


def expire_timers(table: Table, actor: str, state: AsaltosState, now: int) -> None:
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


def inflict(
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
    """Note a wound and trigger what it does at once: death, conditions, dropped weapons, a
    death timer, shock [001:63-67]."""
    fighting = state.combat is not None and character.id in state.combat.combatants

    def brings(event: type, **fields: Any) -> None:
        """An event the wound brings: the character's, from the wound's roll."""
        table.trigger_event(
            event, actor=actor, character=character.id, roll=roll, visibility=visibility, **fields
        )

    wound = Wound(
        id=character.wounds_dealt + 1,
        location=location,
        level=level,
        at=state.elapsed,
        step=step,
        weapon_type=weapon_type,
        rest_since=None if fighting else state.elapsed,
    )
    brings(WoundInflicted, wound=wound, reason=reason)
    res = character.value("RES")
    happens = effect(location, level, res)
    if happens.dies:
        brings(Died, cause=f"wound {wound.code}", out_since=step)
        return
    if happens.conditions:
        out = any(c in OUT for c in happens.conditions)
        brings(ConditionsGained, conditions=happens.conditions, out_since=step if out else None)
    dropped = drops(character, location, level)
    if dropped:
        brings(WeaponsDropped, wound=wound.id, weapons=dropped)
    if happens.timer is not None:
        timer = _death_timer(state, character, happens.timer, wound.id, happens.seconds)
        brings(DeathTimerStarted, timer=timer)
    if not character.in_shock and in_shock(character, state.options, state.elapsed):
        brings(
            ShockSuffered,
            penalty=wound_penalty(character, state.options, state.elapsed, for_shock=True),
            res=res,
            out_since=step,
        )
        timer = _death_timer(state, character, "shock", None, res * SHOCK_SECONDS_PER_RES)
        brings(DeathTimerStarted, timer=timer)


def _death_timer(
    state: AsaltosState, character: Character, cause: Any, wound: int | None, seconds: int
) -> DeathTimer:
    """The character's next death timer, from now."""
    return DeathTimer(
        id=character.timers_started + 1,
        cause=cause,
        wound=wound,
        started=state.elapsed,
        deadline=state.elapsed + seconds,
    )


def roll_damage(table: Table, actor: str, command: cmd.RollDamage, keys: TableKeys) -> int | None:
    state = game.ruling(table, actor, "roll damage")
    combat = current_combat(state)
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
    roll = roll_event(
        dice,
        table,
        actor,
        attacker.id,
        DamageRolled,
        attacker=attacker.id,
        target=target.id,
        damage=damage,
    )
    if damage.level >= 1 and not target.dead:
        inflict(
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
            visibility="public",
        )
    return roll


def inflict_wound(table: Table, actor: str, command: cmd.InflictWound, _: TableKeys) -> int:
    state = game.ruling(table, actor, "inflict wounds")
    character = alive(find_character(state, command.character))
    if not 1 <= command.level <= 4:
        raise InvalidCommand("wound levels run 1..4", "invalid_level")
    reason = checked_reason(command.reason)
    inflict(
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
    state = game.ruling(table, actor, "set the pain roll's difficulty")
    combat = current_combat(state)
    character = can_act(find_character(state, command.character), None)
    require_combatant(combat, character)
    wound = character.wound(command.wound)
    if wound is None:
        raise NotFound(f"{character.name} has no wound {command.wound}", "unknown_wound")
    if wound.level != 1:
        raise InvalidCommand(
            "only a light wound's pain can be suppressed [001:63]", "not_a_light_wound"
        )
    if wound.suppressed:
        raise Conflict("that wound's pain is suppressed already", "pain_suppressed")
    terms = [base_difficulty(command.base_difficulty), *other_terms(command.modifiers)]
    penalty = wound_penalty(character, state.options, state.elapsed)
    if not state.options.pain_roll_own_penalty:
        penalty -= 1
    if penalty:
        terms.append(Term(name="wounds", amount=penalty))
    dice = TableDice(table, keys)
    result = check(character.value("RES"), terms, dice, need_sl=False, purpose="pain")
    return roll_event(
        dice,
        table,
        actor,
        character.id,
        PainRolled,
        character=character.id,
        wound=wound.id,
        result=result,
    )


def medicine_roll(
    table: Table, actor: str, command: cmd.MedicineRoll, keys: TableKeys
) -> int | None:
    state = game.ruling(table, actor, "set a Medicine roll's difficulty")
    options = state.options
    healer = can_act(find_character(state, command.healer), None)
    patient = find_character(state, command.patient)
    if patient.dead:
        raise Conflict(f"{patient.name} is dead", "character_dead")
    skill = skill_value(healer, options.medicine_skill)
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
        base_difficulty(command.base_difficulty),
        *other_terms(command.modifiers),
        *wound_terms(healer, state, None),
    ]
    dice = TableDice(table, keys)
    result = check(skill, terms, dice, need_sl=False, purpose="medicine")
    roll = roll_event(
        dice,
        table,
        actor,
        healer.id,
        MedicineRolled,
        healer=healer.id,
        patient=patient.id,
        wound=command.wound,
        result=result,
    )
    shown: dict[str, Any] = {"roll": roll, "visibility": "public"}
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
