"""The guards every asaltos handler shares: who may act for whom, what the combat round
allows now, and the terms every difficulty starts from. Each raises a domain error with a
stable code, before any event. Last, a roll's record and the event that reads it."""

from __future__ import annotations

from typing import Any

from domain.asaltos.check import Term, usable
from domain.asaltos.sheet import Characteristic, Weapon
from domain.asaltos.state import OUT, AsaltosState, Character, Combat, Declared, Step
from domain.asaltos.wounds import wound_penalty
from domain.characters import require_plays
from domain.dice import TableDice, Visibility, require_game_master_sees, rolling_seat
from domain.errors import Conflict, InvalidCommand
from domain.table import Table

MAX_CHARACTERS = 200
MAX_DIFFICULTY = 20


def require_controls(table: Table, actor: str, character: Character) -> None:
    """A character's seat acts for it; the game master for its own NPCs."""
    table.require_seat(actor)
    require_plays(character, actor, "not_your_character")


def can_act(character: Character, step: Step | None) -> Character:
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


def weapon_in_hand(character: Character, name: str, step: Step | None) -> Weapon:
    """A weapon of the sheet the character holds: one it dropped [001:65] strikes and
    parries no more until taken up again, unless it fell at this very step (at the same
    time as the action [001:46])."""
    weapon = character.sheet.weapon(name)
    if name not in character.dropped:
        return weapon
    wound = character.wound(character.dropped[name])
    if step is not None and wound is not None and wound.step == step:
        return weapon
    raise Conflict(
        f"{character.name} dropped {name} [001:65]: it must be taken up again first",
        "weapon_dropped",
    )


def current_combat(state: AsaltosState) -> Combat:
    if state.combat is None:
        raise Conflict("no combat is under way", "not_in_combat")
    return state.combat


def no_pending_hit(combat: Combat) -> None:
    if combat.pending is not None:
        raise Conflict("a hit waits for its damage roll", "damage_pending")


def require_combatant(combat: Combat, character: Character) -> None:
    if character.id not in combat.combatants:
        raise Conflict(f"{character.name} takes no part in this combat", "not_a_combatant")


def require_tanda(combat: Combat) -> None:
    if combat.tanda < 1:
        raise Conflict("no tanda is under way: the game master starts one", "no_tanda")


def next_action(combat: Combat, character: Character, kinds: tuple[str, ...]) -> Declared:
    """The character's first unused action of the current tanda of one of these kinds."""
    require_tanda(combat)
    for declared in combat.declarations.get(character.id, []):
        if not declared.used and declared.tanda == combat.tanda and declared.action.kind in kinds:
            return declared
    raise Conflict(
        f"{character.name} has no {' or '.join(kinds)} left in tanda {combat.tanda}",
        "no_such_action",
    )


def declared_reaction(
    combat: Combat, character: Character, kind: str, carry_over: bool
) -> Declared:
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


def require_turn(state: AsaltosState, combat: Combat, character: Character) -> Step:
    """Within a tanda, higher Agilidad acts first; equal Agilidad at the same time [001:46]."""
    agi = character.value("AGI")
    step = Step(round=combat.round, tanda=combat.tanda, agi=agi)
    for other_id in combat.combatants:
        other = state.characters[other_id]
        if other_id == character.id or other.value("AGI") <= agi:
            continue
        other_step = Step(round=combat.round, tanda=combat.tanda, agi=other.value("AGI"))
        try:
            can_act(other, other_step)
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


def wound_terms(character: Character, state: AsaltosState, step: Step | None) -> list[Term]:
    amount = wound_penalty(character, state.options, state.elapsed, step=step)
    return [Term(name="wounds", amount=amount)] if amount else []


def base_difficulty(amount: int) -> Term:
    """The game master's base difficulty, within the bounds the commands declare (a command
    built in code skips decoding)."""
    if not -MAX_DIFFICULTY <= amount <= MAX_DIFFICULTY:
        raise InvalidCommand(
            f"a base difficulty runs from -{MAX_DIFFICULTY} to {MAX_DIFFICULTY}",
            "invalid_difficulty",
        )
    return Term(name="base", amount=amount)


def checked_value(
    character: Character, skill: str | None, characteristic: Characteristic | None
) -> tuple[int, str]:
    if (skill is None) == (characteristic is None):
        raise InvalidCommand("check a skill or a characteristic: exactly one", "invalid_check")
    if characteristic is not None:
        return character.value(characteristic), characteristic
    assert skill is not None
    return skill_value(character, skill), skill


def skill_value(character: Character, skill: str) -> int:
    """The character's skill as a roll may use it (`usable`): a refusal names whose skill."""
    return usable(character.sheet.skill(skill), f"{character.name}'s {skill}")


def record_roll(
    dice: TableDice, table: Table, actor: str, roller: str, visibility: Visibility
) -> int | None:
    """Record the dice rolled, if any, before what derives from them. A secret check is
    recorded even when its outcome was certain and no die was rolled: its `roll` is a number
    as a rolled one's, so that nobody tells a certain check from a rolled one, and the game
    master can reveal it like any other. The game master calls every check, so none is kept
    from him (`require_game_master_sees`)."""
    require_game_master_sees(table, visibility, rolling_seat(table, roller))
    if dice.dice or visibility != "public":
        return dice.record(actor, roller, visibility)
    return None


def roll_event(
    dice: TableDice,
    table: Table,
    actor: str,
    roller: str,
    event: type,
    *,
    visibility: Visibility = "public",
    **fields: Any,
) -> int | None:
    """Record the dice rolled (`record_roll`), then the event that reads them; the roll's
    number. Public unless a check's command asks otherwise: the rolls whose outcome the engine
    applies at once are."""
    roll = record_roll(dice, table, actor, roller, visibility)
    table.trigger_event(event, actor=actor, roll=roll, visibility=visibility, **fields)
    return roll
