"""Every stepdice command handler. Each validates everything first, so a refused command
leaves nothing behind; a roll is computed, then recorded (`DiceRolled`) before the events
derived from its face."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.dice import TableDice, Visibility
from domain.errors import Conflict, Forbidden, InvalidCommand, NotFound
from domain.keys import TableKeys
from domain.names import checked_name, checked_reason
from domain.stepdice import commands as cmd
from domain.stepdice import solo
from domain.stepdice.combat import (
    ATTACK_ATTRIBUTE,
    enemy_grade,
    enemy_hearts,
    heart_loss,
    hit_enemy,
    lost_heart,
    venganza_due,
)
from domain.stepdice.events import (
    ArmourOffered,
    ArmourSpent,
    AttackRolled,
    BenefitGranted,
    CharacterAdvanced,
    CharacterCreated,
    ClockAdvanced,
    ClockRanOut,
    ClockStarted,
    ComplicationNamed,
    Died,
    Downed,
    EnemyAdded,
    EnemyHit,
    HeartLost,
    HeartsHealed,
    HelpGiven,
    ManaRefunded,
    ManaSpent,
    RaisedByAlly,
    RestCompleted,
    SceneBegun,
    SpellCast,
    TestRolled,
    VenganzaResolved,
    game,
)
from domain.stepdice.ladder import Grade, Shift, total_shift
from domain.stepdice.magic import (
    LEVEL_GRADE,
    MAGIC_BENEFITS,
    checked_cost,
    healed,
    mana_paid,
    refunded,
)
from domain.stepdice.options import MAX_POOL
from domain.stepdice.resolution import FAILURES, Resolution, solo_test, standard_test
from domain.stepdice.state import (
    Character,
    Clock,
    Enemy,
    Owed,
    RollResult,
    StepdiceState,
)
from domain.table import Table

#: characters ever created per seat (the game master's NPCs count for the game master's)
MAX_CHARACTERS_PER_SEAT = 40
MAX_ENEMIES = 200
MAX_CLOCKS = 100

# -- shared checks ---------------------------------------------------------------------------


def _state(table: Table) -> StepdiceState:
    table.require_open()
    return game(table)


def _character(state: StepdiceState, character_id: str) -> Character:
    character = state.characters.get(character_id)
    if character is None:
        raise NotFound(f"there is no character {character_id!r} at this table", "unknown_character")
    return character


def _alive(character: Character) -> Character:
    if character.dead:
        raise Conflict(f"{character.name} is dead", "character_dead")
    return character


def _able(character: Character) -> Character:
    """A downed character takes no actions [003:290, 298]."""
    _alive(character)
    if character.downed:
        raise Conflict(
            f"{character.name} is downed: no actions until an ally raises them",
            "character_downed",
        )
    return character


def _enemy(state: StepdiceState, enemy_id: str) -> Enemy:
    enemy = state.enemies.get(enemy_id)
    if enemy is None:
        raise NotFound(f"there is no enemy {enemy_id!r} at this table", "unknown_enemy")
    return enemy


def _plays(table: Table, actor: str, character: Character) -> None:
    """The seat that plays a character acts for it (the game master for its own NPCs)."""
    table.require_seat(actor)
    if character.seat != actor:
        raise Forbidden(
            f"{character.name} is played by seat {character.seat!r}, not by {actor!r}",
            "not_your_seat",
        )


def _result(state: StepdiceState, roll: int) -> RollResult:
    result = state.results.get(str(roll))
    if result is None:
        raise NotFound(f"roll {roll} is no test, attack or cast of this table", "unknown_roll")
    return result


# -- the cast ----------------------------------------------------------------------------------


def create_character(table: Table, actor: str, command: cmd.CreateCharacter, _: TableKeys) -> str:
    state = _state(table)
    acting = table.require_seat(actor)
    seat = command.seat or actor
    if acting.id != table.gm_seat.id and seat != actor:
        raise Forbidden("a player creates characters for their own seat only", "not_your_seat")
    table.seat(seat)
    if sum(1 for c in state.characters.values() if c.seat == seat) >= MAX_CHARACTERS_PER_SEAT:
        raise InvalidCommand(
            f"a seat plays at most {MAX_CHARACTERS_PER_SEAT} characters", "too_many_characters"
        )
    options = state.options
    if options.variant == "standard" and (command.attributes is None or command.ranks):
        raise InvalidCommand(
            "the standard game gives each attribute a die (attributes), not ranks",
            "invalid_character",
        )
    if options.variant == "solo-d6" and (command.ranks is None or command.attributes):
        raise InvalidCommand(
            "the solo-d6 variant gives each attribute a rank (ranks), not dice",
            "invalid_character",
        )
    hearts = options.starting_hearts if command.hearts is None else command.hearts
    mana = options.starting_mana if command.mana is None else command.mana
    character = Character(
        id=f"c{len(state.characters) + 1}",
        name=checked_name(command.name, "a character's name"),
        seat=seat,
        attributes=command.attributes,
        ranks=command.ranks,
        hearts=hearts,
        hearts_max=hearts,
        mana=mana,
        mana_max=mana,
        protected=command.protected,
        armour=command.protected,
    )
    table.trigger_event(CharacterCreated, actor=actor, character=character)
    return character.id


def add_enemy(table: Table, actor: str, command: cmd.AddEnemy, _: TableKeys) -> str:
    state = _state(table)
    table.require_gm(actor, "set out enemies")
    if len(state.enemies) >= MAX_ENEMIES:
        raise InvalidCommand(f"a table has at most {MAX_ENEMIES} enemies", "too_many_enemies")
    hearts = enemy_hearts(command.category, state.options)
    enemy = Enemy(
        id=f"e{len(state.enemies) + 1}",
        name=checked_name(command.name, "an enemy's name"),
        category=command.category,
        grade=enemy_grade(command.category, state.options),
        hearts=hearts,
        hearts_max=hearts,
    )
    table.trigger_event(EnemyAdded, actor=actor, enemy=enemy)
    return enemy.id


def begin_scene(table: Table, actor: str, command: cmd.BeginScene, _: TableKeys) -> int:
    state = _state(table)
    table.require_gm(actor, "begin a scene")
    pending = [c.name for c in state.characters.values() if c.pending_hit is not None]
    if pending:
        raise Conflict(
            f"{', '.join(pending)} must answer the Armour offer first", "armour_offer_pending"
        )
    table.trigger_event(
        SceneBegun,
        actor=actor,
        scene=state.scene + 1,
        reason=checked_reason(command.reason),
        armour=[
            c.id for c in state.characters.values() if c.protected and not c.armour and not c.dead
        ],
        clocks_stopped=[k.id for k in state.clocks.values() if k.running],
    )
    return state.scene


# -- rolls ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Rolled:
    resolution: Resolution
    dice: TableDice
    helper: cmd.Helper | None


def _check_helper(state: StepdiceState, character: Character, helper: cmd.Helper | None) -> None:
    if helper is None:
        return
    ally = _able(_character(state, helper.character))
    if ally.id == character.id:
        raise InvalidCommand("a character cannot help itself", "invalid_helper")
    checked_reason(helper.how)


def _roll(
    table: Table,
    keys: TableKeys,
    character: Character,
    attribute: str,
    grade: Grade,
    shifts: list[Shift],
    helper: cmd.Helper | None,
    purpose: str,
) -> _Rolled:
    """Validate the roll's inputs and compute its face; nothing is recorded yet."""
    state = game(table)
    _check_helper(state, character, helper)
    shift = total_shift(shifts)
    for each in shifts:
        checked_reason(each.reason)
    dice = TableDice(table, keys)
    if state.options.variant == "solo-d6":
        if character.ranks is None:
            raise InvalidCommand(f"{character.name} has no ranks", "invalid_character")
        rank = getattr(character.ranks, attribute)
        resolution = solo_test(dice, rank, grade, shift, helper is not None, state.options, purpose)
    else:
        if character.attributes is None:
            raise InvalidCommand(f"{character.name} has no attribute dice", "invalid_character")
        die = getattr(character.attributes, attribute)
        resolution = standard_test(
            dice, die, grade, shift, helper is not None, state.options, purpose
        )
    return _Rolled(resolution, dice, helper)


def _record(
    table: Table, actor: str, character: Character, rolled: _Rolled, vis: Visibility
) -> int:
    """The help given, then the dice, as events (derived events follow)."""
    if rolled.helper is not None:
        table.trigger_event(
            HelpGiven,
            actor=actor,
            helper=rolled.helper.character,
            helped=character.id,
            how=checked_reason(rolled.helper.how),
        )
    return rolled.dice.record(actor, character.id, vis)


def _advance_clocks(table: Table, actor: str, roll: int | None, vis: Visibility, why: str) -> None:
    """Each failure moves every running clock one step; at its end its consequence happens
    [003:364]."""
    for clock in list(game(table).clocks.values()):
        if not clock.running:
            continue
        position = clock.position + 1
        table.trigger_event(
            ClockAdvanced,
            actor=actor,
            clock=clock.id,
            position=position,
            reason=why,
            roll=roll,
            visibility=vis,
        )
        if position >= clock.steps:
            table.trigger_event(
                ClockRanOut,
                actor=actor,
                clock=clock.id,
                consequence=clock.consequence,
                roll=roll,
                visibility=vis,
            )


def _after_failure(table: Table, actor: str, roll: int, outcome: str, vis: Visibility) -> None:
    if outcome in FAILURES:
        _advance_clocks(table, actor, roll, vis, f"roll {roll} failed")


def roll_test(table: Table, actor: str, command: cmd.Test, keys: TableKeys) -> int:
    state = _state(table)
    table.require_gm(actor, "call for a test")
    character = _able(_character(state, command.character))
    rolled = _roll(
        table,
        keys,
        character,
        command.attribute,
        command.grade,
        command.shifts,
        command.helper,
        f"test of {command.attribute}",
    )
    roll = _record(table, actor, character, rolled, command.visibility)
    resolution = rolled.resolution
    owed: Owed | None = None
    if resolution.outcome == "exceptional":
        owed = "benefit"
    elif resolution.outcome == "failure_complication":
        owed = "complication"
    table.trigger_event(
        TestRolled,
        actor=actor,
        roll=roll,
        visibility=command.visibility,
        character=character.id,
        attribute=command.attribute,
        die=resolution.die,
        grade=command.grade,
        shifts=list(command.shifts),
        target=resolution.target,
        face=resolution.face,
        outcome=resolution.outcome,
        helper=command.helper.character if command.helper else None,
        owed=owed,
    )
    _after_failure(table, actor, roll, resolution.outcome, command.visibility)
    return roll


def roll_attack(table: Table, actor: str, command: cmd.Attack, keys: TableKeys) -> int:
    state = _state(table)
    table.require_gm(actor, "call for an attack")
    character = _able(_character(state, command.character))
    enemy = _enemy(state, command.enemy)
    if enemy.status in ("out", "defeated"):
        raise Conflict(f"{enemy.name} is out of the fight", "enemy_out")
    spell = command.kind == "spell"
    if command.mana and not spell:
        raise InvalidCommand("only a spell attack costs Mana", "invalid_cost")
    paid = mana_paid(character.mana, command.mana, state.options) if spell else 0
    attribute = ATTACK_ATTRIBUTE[command.kind]
    rolled = _roll(
        table,
        keys,
        character,
        attribute,
        enemy.grade,
        command.shifts,
        command.helper,
        f"{command.kind} attack",
    )
    if paid:
        table.trigger_event(
            ManaSpent, actor=actor, character=character.id, amount=paid, mana=character.mana - paid
        )
    roll = _record(table, actor, character, rolled, command.visibility)
    resolution = rolled.resolution
    owed: Owed | None = None
    if resolution.outcome == "exceptional":
        owed = "benefit"
    elif venganza_due(resolution.outcome):
        if not spell or state.options.spell_attack_venganza:
            owed = "venganza"
        elif resolution.outcome == "failure_complication":
            owed = "complication"
    table.trigger_event(
        AttackRolled,
        actor=actor,
        roll=roll,
        visibility=command.visibility,
        character=character.id,
        enemy=enemy.id,
        kind=command.kind,
        attribute=attribute,
        die=resolution.die,
        grade=enemy.grade,
        shifts=list(command.shifts),
        target=resolution.target,
        face=resolution.face,
        outcome=resolution.outcome,
        helper=command.helper.character if command.helper else None,
        mana=paid,
        owed=owed,
    )
    if resolution.outcome not in FAILURES:
        _hit(table, actor, enemy, 1, roll, command.visibility)
    _after_failure(table, actor, roll, resolution.outcome, command.visibility)
    return roll


def _hit(table: Table, actor: str, enemy: Enemy, wounds: int, roll: int, vis: Visibility) -> None:
    hit = hit_enemy(enemy.category, enemy.hearts, enemy.status, wounds, game(table).options)
    table.trigger_event(
        EnemyHit,
        actor=actor,
        roll=roll,
        visibility=vis,
        enemy=enemy.id,
        wounds=wounds,
        hearts=hit.hearts,
        status=hit.status,
    )


def roll_cast(table: Table, actor: str, command: cmd.Cast, keys: TableKeys) -> int:
    state = _state(table)
    table.require_gm(actor, "call for a cast")
    character = _able(_character(state, command.character))
    effect = checked_reason(command.effect)
    cost = checked_cost(command.level, command.cost)
    patient: Character | None = None
    if command.heals is not None:
        if command.level != "fuerte":
            raise InvalidCommand("healing +2 Hearts is a Fuerte effect [003:254]", "invalid_heal")
        patient = _alive(_character(state, command.heals))
    paid = mana_paid(character.mana, cost, state.options)
    grade = LEVEL_GRADE[command.level]
    rolled = _roll(table, keys, character, "magia", grade, command.shifts, command.helper, "magic")
    if paid:
        table.trigger_event(
            ManaSpent, actor=actor, character=character.id, amount=paid, mana=character.mana - paid
        )
    roll = _record(table, actor, character, rolled, command.visibility)
    resolution = rolled.resolution
    owed: Owed | None = None
    if resolution.outcome == "exceptional":
        owed = "benefit"
    elif resolution.outcome in FAILURES:
        owed = "consequence"
    table.trigger_event(
        SpellCast,
        actor=actor,
        roll=roll,
        visibility=command.visibility,
        character=character.id,
        level=command.level,
        effect=effect,
        cost=cost,
        mana=paid,
        die=resolution.die,
        grade=grade,
        shifts=list(command.shifts),
        target=resolution.target,
        face=resolution.face,
        outcome=resolution.outcome,
        helper=command.helper.character if command.helper else None,
        owed=owed,
    )
    if patient is not None and resolution.outcome not in FAILURES:
        table.trigger_event(
            HeartsHealed,
            actor=actor,
            roll=roll,
            visibility=command.visibility,
            character=patient.id,
            hearts=healed(patient.hearts, patient.hearts_max),
        )
    _after_failure(table, actor, roll, resolution.outcome, command.visibility)
    return roll


# -- rulings after a roll ------------------------------------------------------------------------


def grant_benefit(table: Table, actor: str, command: cmd.GrantBenefit, _: TableKeys) -> None:
    state = _state(table)
    table.require_gm(actor, "grant a benefit")
    result = _result(state, command.roll)
    if result.owed != "benefit":
        raise Conflict(f"roll {command.roll} is owed no benefit", "no_benefit_owed")
    description = checked_reason(command.description)
    enemy: Enemy | None = None
    if command.benefit == "extra_wound":
        enemy = state.enemies[result.enemy] if result.enemy else None
        if enemy is None or enemy.category == "peon" or enemy.status in ("out", "defeated"):
            raise InvalidCommand(
                "an extra wound needs an attack on an élite or boss still in the fight",
                "benefit_not_applicable",
            )
    magic = result.kind == "cast" or result.mana > 0
    if command.benefit == "refund_mana" and not magic:
        raise InvalidCommand("only magic refunds Mana [003:263]", "benefit_not_applicable")
    if result.kind == "cast" and command.benefit not in MAGIC_BENEFITS:
        raise InvalidCommand(
            "an exceptional cast gives a larger effect, a refund of 1 Mana or an extra "
            "benefit [003:260-264]",
            "benefit_not_applicable",
        )
    table.trigger_event(
        BenefitGranted,
        actor=actor,
        roll=result.roll,
        visibility=result.visibility,
        character=result.character,
        benefit=command.benefit,
        description=description,
    )
    if enemy is not None:
        _hit(table, actor, enemy, 1, result.roll, result.visibility)
    if command.benefit == "refund_mana":
        character = state.characters[result.character]
        mana = refunded(character.mana, character.mana_max, state.options)
        table.trigger_event(
            ManaRefunded,
            actor=actor,
            roll=result.roll,
            visibility=result.visibility,
            character=character.id,
            amount=mana - character.mana,
            mana=mana,
        )


def name_complication(
    table: Table, actor: str, command: cmd.NameComplication, _: TableKeys
) -> None:
    state = _state(table)
    table.require_gm(actor, "name a complication")
    result = _result(state, command.roll)
    if result.owed == "venganza":
        raise Conflict(
            f"roll {command.roll} waits for Venganza: resolve it (its effect may be the "
            "complication)",
            "venganza_owed",
        )
    if result.owed not in ("complication", "consequence") and result.outcome not in FAILURES:
        raise Conflict(f"roll {command.roll} did not fail", "not_a_failure")
    table.trigger_event(
        ComplicationNamed,
        actor=actor,
        roll=result.roll,
        visibility=result.visibility,
        character=result.character,
        complication=checked_reason(command.complication),
    )


def resolve_venganza(table: Table, actor: str, command: cmd.ResolveVenganza, _: TableKeys) -> None:
    state = _state(table)
    table.require_gm(actor, "resolve Venganza")
    result = _result(state, command.roll)
    if result.owed != "venganza":
        raise Conflict(f"roll {command.roll} is owed no Venganza", "no_venganza_owed")
    if command.reach == (command.effect == "none"):
        raise InvalidCommand(
            "an enemy that could reach strikes back (a Heart or a complication); one that "
            "could not does nothing [003:188]",
            "invalid_venganza",
        )
    if (command.effect == "complication") != (command.complication is not None):
        raise InvalidCommand(
            "a complication, and only a complication, is described", "invalid_venganza"
        )
    character = state.characters[result.character]
    if command.effect == "heart":
        _check_can_lose(character)
    table.trigger_event(
        VenganzaResolved,
        actor=actor,
        roll=result.roll,
        visibility=result.visibility,
        character=character.id,
        enemy=result.enemy or "",
        reach=command.reach,
        effect=command.effect,
        complication=None if command.complication is None else checked_reason(command.complication),
    )
    if command.effect == "heart":
        _lose_heart(table, actor, character, "venganza", result.roll, result.visibility)


# -- Hearts --------------------------------------------------------------------------------------


def _check_can_lose(character: Character) -> None:
    _alive(character)
    if character.pending_hit is not None:
        raise Conflict(
            f"{character.name} must answer the Armour offer first", "armour_offer_pending"
        )


def _lose_heart(
    table: Table, actor: str, character: Character, cause: str, roll: int | None, vis: Visibility
) -> None:
    loss = heart_loss(character.hearts, character.downed, character.armour, game(table).options)
    if loss == "armour_absorbs":
        table.trigger_event(
            ArmourSpent, actor=actor, character=character.id, cause=cause, roll=roll, visibility=vis
        )
    elif loss == "armour_offered":
        table.trigger_event(
            ArmourOffered,
            actor=actor,
            character=character.id,
            cause=cause,
            roll=roll,
            visibility=vis,
        )
    else:
        _heart_gone(table, actor, character, cause, roll, vis)


def _heart_gone(
    table: Table, actor: str, character: Character, cause: str, roll: int | None, vis: Visibility
) -> None:
    loss = lost_heart(character.hearts, character.downed)
    if loss == "died":
        table.trigger_event(
            Died, actor=actor, character=character.id, cause=cause, roll=roll, visibility=vis
        )
        return
    table.trigger_event(
        HeartLost,
        actor=actor,
        character=character.id,
        cause=cause,
        hearts=character.hearts - 1,
        roll=roll,
        visibility=vis,
    )
    if loss == "downed":
        table.trigger_event(Downed, actor=actor, character=character.id, roll=roll, visibility=vis)


def lose_heart(table: Table, actor: str, command: cmd.LoseHeart, _: TableKeys) -> None:
    state = _state(table)
    table.require_gm(actor, "rule a hit")
    character = _character(state, command.character)
    _check_can_lose(character)
    _lose_heart(table, actor, character, checked_reason(command.reason), None, "public")


def _pending(table: Table, actor: str, character_id: str) -> Character:
    state = _state(table)
    character = _character(state, character_id)
    _plays(table, actor, character)
    if character.pending_hit is None:
        raise Conflict(f"{character.name} has no hit waiting for the Armour", "no_pending_hit")
    return character


def spend_armour(table: Table, actor: str, command: cmd.SpendArmour, _: TableKeys) -> None:
    character = _pending(table, actor, command.character)
    hit = character.pending_hit
    assert hit is not None
    table.trigger_event(
        ArmourSpent,
        actor=actor,
        character=character.id,
        cause=hit.cause,
        roll=hit.roll,
        visibility=hit.visibility,
    )


def decline_armour(table: Table, actor: str, command: cmd.DeclineArmour, _: TableKeys) -> None:
    character = _pending(table, actor, command.character)
    hit = character.pending_hit
    assert hit is not None
    _heart_gone(table, actor, character, hit.cause, hit.roll, hit.visibility)


def raise_ally(table: Table, actor: str, command: cmd.RaiseAlly, _: TableKeys) -> None:
    state = _state(table)
    helper = _character(state, command.helper)
    if actor != table.gm_seat.id:
        _plays(table, actor, helper)
    _able(helper)
    character = _alive(_character(state, command.character))
    if helper.id == character.id:
        raise InvalidCommand("a downed character cannot raise itself", "invalid_helper")
    if not character.downed:
        raise Conflict(f"{character.name} is not downed", "not_downed")
    table.trigger_event(
        RaisedByAlly,
        actor=actor,
        character=character.id,
        helper=helper.id,
        how=checked_reason(command.how),
    )


def rest(table: Table, actor: str, command: cmd.Rest, _: TableKeys) -> None:
    state = _state(table)
    table.require_gm(actor, "call a rest")
    if len(set(command.characters)) != len(command.characters):
        raise InvalidCommand("a character rests once", "invalid_characters")
    for character_id in command.characters:
        character = _alive(_character(state, character_id))
        if character.pending_hit is not None:
            raise Conflict(
                f"{character.name} must answer the Armour offer first", "armour_offer_pending"
            )
    table.trigger_event(
        RestCompleted,
        actor=actor,
        characters=list(command.characters),
        reason=checked_reason(command.reason),
    )


# -- clocks --------------------------------------------------------------------------------------


def start_clock(table: Table, actor: str, command: cmd.StartClock, _: TableKeys) -> str:
    state = _state(table)
    table.require_gm(actor, "start a clock")
    if len(state.clocks) >= MAX_CLOCKS:
        raise InvalidCommand(f"a table has at most {MAX_CLOCKS} clocks", "too_many_clocks")
    if not 1 <= command.steps <= cmd.MAX_CLOCK:
        raise InvalidCommand(f"a clock has 1 to {cmd.MAX_CLOCK} steps", "invalid_clock")
    clock = Clock(
        id=f"k{len(state.clocks) + 1}",
        name=checked_name(command.name, "a clock's name"),
        steps=command.steps,
        consequence=checked_reason(command.consequence),
    )
    table.trigger_event(ClockStarted, actor=actor, clock=clock)
    return clock.id


def advance_clock(table: Table, actor: str, command: cmd.AdvanceClock, _: TableKeys) -> None:
    state = _state(table)
    table.require_gm(actor, "advance a clock")
    clock = state.clocks.get(command.clock)
    if clock is None:
        raise NotFound(f"there is no clock {command.clock!r}", "unknown_clock")
    if not clock.running:
        raise Conflict(f"clock {clock.name} has stopped", "clock_stopped")
    reason = checked_reason(command.reason)
    position = clock.position + 1
    table.trigger_event(
        ClockAdvanced,
        actor=actor,
        clock=clock.id,
        position=position,
        reason=reason,
        roll=None,
        visibility="public",
    )
    if position >= clock.steps:
        table.trigger_event(
            ClockRanOut,
            actor=actor,
            clock=clock.id,
            consequence=clock.consequence,
            roll=None,
            visibility="public",
        )


# -- advancement ---------------------------------------------------------------------------------


def advance(table: Table, actor: str, command: cmd.Advance, _: TableKeys) -> None:
    state = _state(table)
    table.require_gm(actor, "grant advancement")
    if state.options.variant != "solo-d6":
        raise Conflict(
            "the book gives advancement for the solo variant only [003:342-347]", "not_solo"
        )
    character = _able(_character(state, command.character))
    reason = checked_reason(command.reason)
    rank: str | None = None
    hearts_max, mana_max = character.hearts_max, character.mana_max
    if command.advance == "rank":
        if command.attribute is None or character.ranks is None:
            raise InvalidCommand("a rank advance names the attribute", "invalid_advance")
        rank = solo.rank_up(getattr(character.ranks, command.attribute))
    else:
        if command.attribute is not None:
            raise InvalidCommand("only a rank advance names an attribute", "invalid_advance")
        if command.advance == "heart":
            hearts_max += 1
        else:
            mana_max += 1
        if max(hearts_max, mana_max) > MAX_POOL:
            raise Conflict(f"a maximum is at most {MAX_POOL}", "at_maximum")
    table.trigger_event(
        CharacterAdvanced,
        actor=actor,
        character=character.id,
        advance=command.advance,
        attribute=command.attribute,
        rank=rank,
        hearts_max=hearts_max,
        mana_max=mana_max,
        reason=reason,
    )


HANDLERS: dict[type, Any] = {
    cmd.CreateCharacter: create_character,
    cmd.AddEnemy: add_enemy,
    cmd.BeginScene: begin_scene,
    cmd.Test: roll_test,
    cmd.Attack: roll_attack,
    cmd.Cast: roll_cast,
    cmd.GrantBenefit: grant_benefit,
    cmd.NameComplication: name_complication,
    cmd.ResolveVenganza: resolve_venganza,
    cmd.LoseHeart: lose_heart,
    cmd.SpendArmour: spend_armour,
    cmd.DeclineArmour: decline_armour,
    cmd.RaiseAlly: raise_ally,
    cmd.Rest: rest,
    cmd.StartClock: start_clock,
    cmd.AdvanceClock: advance_clock,
    cmd.Advance: advance,
}
