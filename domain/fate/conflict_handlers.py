"""The handlers of a conflict's commands [004:603-765, 861-889]. Each validates everything
first, so a refused command leaves nothing behind. An attack throws the defence's and the
attack's four d6 from the table's dice, each recorded (`DiceRolled`) before the rolls'
events, and settles both at once; its hit goes through the same handler as `fateHit`. Blocks,
moves, disarms and throws read a roll settled before (called with `fateRollSkill`); a weapon
picked up modifies one still open."""

from __future__ import annotations

from typing import Any

from domain.characters import find_character
from domain.dice import TableDice
from domain.errors import Conflict, InvalidCommand
from domain.fate import commands as cmd
from domain.fate import conflict_commands as cc
from domain.fate.conflict import (
    WEAPON_SKILL,
    Contender,
    attack,
    defender_critical,
    delayed,
    disarm_pickup,
    full_defence,
    initiative,
    may_defend_with,
    minion_groups,
    push_cost,
    require_in_reach,
    route,
    through_block,
    throw_cost,
    zones_moved,
)
from domain.fate.conflict_events import (
    AttackResolved,
    BlockChallenged,
    BlockRaised,
    ConflictBegan,
    ConflictEnded,
    Disarmed,
    FullDefenceDeclared,
    MinionsSplit,
    MinionsTakenOut,
    Moved,
    Pushed,
    Rearmed,
    Thrown,
    TurnDelayed,
    TurnEnded,
    WeaponPickedUp,
    ZonesDrawn,
)
from domain.fate.events import RollSettled, SkillRolled, game
from domain.fate.guards import find_open_roll, require_no_open_roll, require_not_secret
from domain.fate.handlers import hit, in_play, maneuver
from domain.fate.headers import about, from_roll
from domain.fate.invocations import FateRollResult, rolled
from domain.fate.options import SIDES
from domain.fate.roll import DICE, FateVerdict, opposed_action
from domain.fate.state import (
    Block,
    FateCharacter,
    FateConflict,
    FateState,
    SettledRoll,
    ZoneBorder,
)
from domain.keys import TableKeys
from domain.names import checked_name, checked_reason
from domain.table import Table

#: the skill of the initiative by the conflict's kind [004:633], and of its ties [004:635]
INITIATIVE_SKILL = {"physical": "Alerta", "social": "Empatía"}
TIE_SKILL = "Coraje"


def _conflict(state: FateState) -> FateConflict:
    if state.conflict is None:
        raise Conflict("no conflict is in play: begin one first", "no_conflict")
    return state.conflict


def _ruled_in_conflict(table: Table, actor: str, doing: str) -> tuple[FateState, FateConflict]:
    """The game's state and its conflict in play, for the game master `doing` something in it."""
    state = game.ruling(table, actor, doing)
    return state, _conflict(state)


def _acting(conflict: FateConflict) -> str | None:
    return conflict.order[conflict.turn] if conflict.turn < len(conflict.order) else None


def _require_turn(state: FateState, character: FateCharacter) -> None:
    """An action is taken in one's turn [004:609-619, 639]."""
    acting = _acting(_conflict(state))
    if character.id != acting:
        whose = state.characters[acting].name if acting else "nobody"
        raise Conflict(f"it is not {character.name}'s turn but {whose}'s", "not_your_turn")


def _require_action(state: FateState, character: FateCharacter) -> None:
    """An action in one's turn, not given up for full defence [004:715]."""
    _require_turn(state, character)
    if character.id in _conflict(state).full_defence:
        raise Conflict(
            f"{character.name} gave up its action this exchange for full defence [004:715]",
            "full_defence",
        )


def _contender(state: FateState, participant: cc.FateParticipant, skill: str) -> Contender:
    """One side's initiative entry [004:633-637]: its own ratings, its leader's, or its
    group's quality (and its own Coraje)."""
    character = find_character(state, participant.character)
    if participant.led_by is not None and participant.quality is not None:
        raise InvalidCommand(
            "a minion group acts on its leader's initiative or on its quality, not both [004:637]",
            "invalid_participant",
        )
    rated = character.sheet
    if participant.led_by is not None:
        leader = find_character(state, participant.led_by)
        if leader.id == character.id:
            raise InvalidCommand("a character does not lead itself", "invalid_participant")
        rated = leader.sheet
    rating = rated.rating(skill) if participant.quality is None else participant.quality
    return Contender(
        name=character.id,
        rating=rating,
        coraje=rated.rating(TIE_SKILL),
        seat=participant.distance,
    )


def begin_conflict(table: Table, actor: str, command: cc.FateBeginConflict, _: TableKeys) -> None:
    state = game.ruling(table, actor, "begin a conflict")
    if state.conflict is not None:
        raise Conflict("a conflict is in play: end it first", "conflict_in_play")
    skill = INITIATIVE_SKILL[command.kind]
    contenders = [_contender(state, p, skill) for p in command.participants]
    order = initiative(contenders)
    sized = zip(contenders, command.participants, strict=True)
    groups = {c.name: p.minions for c, p in sized if p.minions is not None}
    table.trigger_event(
        ConflictBegan,
        actor=actor,
        kind=command.kind,
        contenders=contenders,
        initiative=order,
        characters=[c for c in order if state.characters[c].out is None],
        reason=checked_reason(command.reason),
        minions=groups,
    )


def _next_turn(state: FateState, conflict: FateConflict) -> tuple[int, list[str], int]:
    """The exchange, its order and the turn after the acting character's: the next in play
    this exchange, or the first of a new exchange in the initiative order [004:639]."""
    turn = conflict.turn + 1
    playing = [state.characters[c].out is None for c in conflict.order]
    while turn < len(conflict.order) and not playing[turn]:
        turn += 1
    if turn < len(conflict.order):
        return conflict.exchange, conflict.order, turn
    order = [c for c in conflict.initiative if state.characters[c].out is None]
    return conflict.exchange + 1, order, 0


def end_turn(table: Table, actor: str, command: cc.FateEndTurn, _: TableKeys) -> None:
    state, conflict = _ruled_in_conflict(table, actor, "end a turn")
    character = find_character(state, command.character)
    _require_turn(state, character)
    exchange, order, turn = _next_turn(state, conflict)
    table.trigger_event(
        TurnEnded,
        actor=actor,
        character=character.id,
        exchange=exchange,
        characters=order,
        turn=turn,
        next=order[turn] if order else None,
    )


def delay_turn(table: Table, actor: str, command: cc.FateDelayTurn, _: TableKeys) -> None:
    state, conflict = _ruled_in_conflict(table, actor, "record a delayed turn")
    character = find_character(state, command.character)
    _require_turn(state, character)
    after = find_character(state, command.after)
    order = delayed(conflict.order, character.id, after.id)
    table.trigger_event(
        TurnDelayed,
        actor=actor,
        character=character.id,
        after=after.id,
        characters=order,
        next=order[conflict.turn],
    )


def end_conflict(table: Table, actor: str, command: cc.FateEndConflict, _: TableKeys) -> None:
    conflict = _ruled_in_conflict(table, actor, "end a conflict")[1]
    table.trigger_event(
        ConflictEnded,
        actor=actor,
        exchanges=conflict.exchange,
        reason=checked_reason(command.reason),
    )


def declare_full_defence(
    table: Table, actor: str, command: cc.FateFullDefence, _: TableKeys
) -> None:
    state, conflict = _ruled_in_conflict(table, actor, "record a full defence")
    character = in_play(find_character(state, command.character))
    if character.id not in conflict.order[conflict.turn :]:
        raise Conflict(
            f"{character.name} has acted this exchange or takes no part: full defence is "
            "declared before one's action [004:715]",
            "already_acted",
        )
    if character.id in conflict.full_defence:
        raise Conflict(f"{character.name} is in full defence already", "full_defence")
    table.trigger_event(
        FullDefenceDeclared,
        **about(actor, character),
        exchange=conflict.exchange,
        reason=checked_reason(command.reason),
    )


def split_minions(table: Table, actor: str, command: cc.FateSplitMinions, _: TableKeys) -> None:
    state = game.ruling(table, actor, "split minions into groups")
    opponents = [find_character(state, c).id for c in command.opponents]
    if len(set(opponents)) != len(opponents):
        raise InvalidCommand("each opponent is named once", "invalid_groups")
    groups = minion_groups(command.minions, len(opponents))
    npcs = _standing_for(state, command.npcs, opponents, len(groups))
    table.trigger_event(
        MinionsSplit,
        actor=actor,
        minions=command.minions,
        opponents=opponents,
        groups=groups,
        reason=checked_reason(command.reason),
        npcs=npcs,
    )


def _standing_for(
    state: FateState, named: list[str], opponents: list[str], groups: int
) -> list[str]:
    """The NPCs standing for a split's groups [004:629]: none, or one per group, each an NPC of
    the conflict in play, once, and no opponent of the minions."""
    if not named:
        return []
    conflict = _conflict(state)
    npcs = [in_play(find_character(state, c)) for c in named]
    ids = [npc.id for npc in npcs]
    if len(ids) != groups or len(set(ids)) != groups or set(ids) & set(opponents):
        raise InvalidCommand(
            f"name {groups} NPC(s) for the groups, each once and no opponent", "invalid_groups"
        )
    for npc in npcs:
        if npc.sheet.kind != "npc":
            raise InvalidCommand(f"{npc.name} is no NPC to stand for a group", "invalid_groups")
        if npc.id not in conflict.initiative:
            raise Conflict(f"{npc.name} takes no part in this conflict", "not_in_conflict")
    return ids


def take_out_minions(
    table: Table, actor: str, command: cc.FateTakeOutMinions, _: TableKeys
) -> None:
    state, conflict = _ruled_in_conflict(table, actor, "record minions taken out")
    group = in_play(find_character(state, command.group))
    if group.id not in conflict.minions:
        raise Conflict(f"{group.name} is no minion group of this conflict", "not_a_minion_group")
    left = conflict.minions[group.id]
    if command.minions > left:
        raise InvalidCommand(f"{group.name} has {left} minion(s) left", "invalid_groups")
    table.trigger_event(
        MinionsTakenOut,
        **about(actor, group),
        taken_out=command.minions,
        left=left - command.minions,
        reason=checked_reason(command.reason),
    )


# -- an attack ----------------------------------------------------------------------------


def _protection(conflict: FateConflict, defender: str) -> int | None:
    """The strongest block protecting the defender this exchange [004:725]; null: none."""
    strengths = [b.strength for b in conflict.blocks if b.protects == defender]
    return max(strengths) if strengths else None


def _fighters(
    state: FateState, conflict: FateConflict, command: cc.FateAttack
) -> tuple[FateCharacter, FateCharacter]:
    attacker = in_play(find_character(state, command.attacker))
    defender = in_play(find_character(state, command.defender))
    if attacker.id == defender.id:
        raise InvalidCommand("a character attacks another", "invalid_attack")
    if defender.id not in conflict.initiative:
        raise Conflict(f"{defender.name} takes no part in this conflict", "not_in_conflict")
    _require_action(state, attacker)
    for character in (attacker, defender):
        require_no_open_roll(state, character)
    require_in_reach(conflict, attacker, defender, command.reach)
    return attacker, defender


def _thrown_and_settled(
    table: Table,
    actor: str,
    roll: int,
    character: FateCharacter,
    result: FateRollResult,
    verdict: FateVerdict,
    called: dict[str, Any],
) -> None:
    """A roll thrown and settled at once, recorded as `fateRollSkill` and `fateSettleRoll`
    record one: no invocation, no fate point."""
    common = {**about(actor, character), "roll": roll, "visibility": called["visibility"]}
    table.trigger_event(
        SkillRolled,
        **common,
        skill=result.skill,
        rating=result.rating,
        dice=result.first,
        difficulty=None,
        opposed_by=called["opposed_by"],
        against=verdict.against,
        reason=called["reason"],
        modifiers=result.modifiers,
        modifier_reasons=[m.name for m in result.modifiers],
    )
    table.trigger_event(
        RollSettled,
        **common,
        result=result,
        verdict=verdict,
        fate_points={character.id: character.sheet.fate_points},
        aspects=list(game(table).aspects),
    )


def resolve_attack(table: Table, actor: str, command: cc.FateAttack, keys: TableKeys) -> None:
    state, conflict = _ruled_in_conflict(table, actor, "record an attack")
    attacker, defender = _fighters(state, conflict, command)
    defence_skill = checked_name(command.defence, "a skill")
    if not may_defend_with(defence_skill, defender.id in conflict.disarmed):
        raise Conflict(
            f"{defender.name} is disarmed: no parrying with {defence_skill} [004:871]",
            "disarmed",
        )
    skill = checked_name(command.skill, "a skill")
    if attacker.id in conflict.disarmed and skill == WEAPON_SKILL:
        raise Conflict(
            f"{attacker.name} is disarmed: no {skill} until rearmed [004:871]", "disarmed"
        )
    reason = checked_reason(command.reason)
    if command.consequence is not None:
        checked_name(command.consequence, "a consequence")
    dice = TableDice(table, keys)
    numbers, faces = [], []
    for roller in (defender, attacker):
        faces.append([dice.roll(SIDES, "fudge") for _ in range(DICE)])
        numbers.append(dice.record(actor, roller.id, command.visibility))
    defence_roll, attack_roll = numbers
    modifiers = [full_defence()] if defender.id in conflict.full_defence else []
    defended = rolled(defender.sheet, defence_skill, faces[0], [], [], modifiers=modifiers)
    attacked = rolled(attacker.sheet, skill, faces[1], [], [])
    block = _protection(conflict, defender.id)
    verdict = attack(attacked.effort, defended.effort, block, state.options)
    called: dict[str, Any] = {"visibility": command.visibility, "reason": reason}
    _thrown_and_settled(
        table,
        actor,
        defence_roll,
        defender,
        defended,
        opposed_action(defended.effort, attacked.effort, state.options),
        {**called, "opposed_by": None},
    )
    _thrown_and_settled(
        table,
        actor,
        attack_roll,
        attacker,
        attacked,
        verdict,
        {**called, "opposed_by": defence_roll},
    )
    struck = command.visibility == "public" and verdict.shifts > 0
    if struck:
        struck = _hit(table, actor, command, defender, verdict, keys)
    table.trigger_event(
        AttackResolved,
        **about(actor, attacker),
        roll=attack_roll,
        visibility=command.visibility,
        defender=defender.id,
        defence_roll=defence_roll,
        defence=defended.effort,
        block=block,
        verdict=verdict,
        defender_critical=defender_critical(verdict),
        track=command.track,
        hit=struck,
        reason=reason,
    )


def _hit(
    table: Table,
    actor: str,
    command: cc.FateAttack,
    defender: FateCharacter,
    verdict: FateVerdict,
    keys: TableKeys,
) -> bool:
    """The attack's shifts as a hit, through `fateHit`'s handler; false when no box takes it
    and no consequence is named: the game master records it with `fateHit` once its player
    names one [004:789, 793]."""
    struck = cmd.FateHit(
        character=defender.id,
        track=command.track,
        shifts=verdict.shifts,
        consequence=command.consequence,
        reason=command.reason,
    )
    try:
        hit(table, actor, struck, keys)
    except Conflict as refused:
        if refused.code != "consequence_required":
            raise
        return False
    return True


# -- what a settled roll does in a conflict: blocks, moves, disarms, throws ------------------


def raise_block(table: Table, actor: str, command: cc.FateRaiseBlock, _: TableKeys) -> None:
    state, conflict = _ruled_in_conflict(table, actor, "record a block")
    settled, blocker = maneuver(table, state, command.roll)
    _require_action(state, in_play(blocker))
    if (command.protects is None) == (command.action is None):
        raise InvalidCommand(
            "a block protects a character or blocks an action: exactly one [004:723-727]",
            "invalid_block",
        )
    if any(b.roll == settled.roll for b in conflict.blocks):
        raise InvalidCommand(f"roll {settled.roll} raised a block already", "invalid_block")
    protects = None
    if command.protects is not None:
        protects = find_character(state, command.protects).id
        if protects == blocker.id:
            raise InvalidCommand("a character protects another [004:725]", "invalid_block")
    action = None if command.action is None else checked_reason(command.action)
    table.trigger_event(
        BlockRaised,
        **from_roll(actor, settled, blocker),
        block=Block(
            roll=settled.roll,
            character=blocker.id,
            strength=settled.verdict.effort,
            protects=protects,
            action=action,
        ),
        reason=checked_reason(command.reason),
    )


def challenge_block(table: Table, actor: str, command: cc.FateChallengeBlock, _: TableKeys) -> None:
    state, conflict = _ruled_in_conflict(table, actor, "record a block challenged")
    settled, challenger = maneuver(table, state, command.roll)
    blocks = [b for b in conflict.blocks if b.character == command.blocker and b.action]
    if not blocks:
        raise Conflict(f"{command.blocker} blocks no action this exchange", "no_block")
    if challenger.id == command.blocker:
        raise InvalidCommand("a character does not challenge its own block", "invalid_block")
    table.trigger_event(
        BlockChallenged,
        **from_roll(actor, settled, challenger),
        blocker=command.blocker,
        verdict=through_block(settled.verdict.effort, blocks[-1].strength),
        reason=checked_reason(command.reason),
    )


def draw_zones(table: Table, actor: str, command: cc.FateDrawZones, _: TableKeys) -> None:
    state, conflict = _ruled_in_conflict(table, actor, "draw the conflict's zones")
    zones = [checked_name(zone, "a zone") for zone in command.zones]
    pairs = [frozenset(checked_name(z, "a zone") for z in b.zones) for b in command.borders]
    places = {
        find_character(state, p.character).id: checked_name(p.zone, "a zone")
        for p in command.places
    }
    if (
        len(set(zones)) != len(zones)
        or len(set(pairs)) != len(pairs)
        or any(len(pair) != 2 or not pair <= set(zones) for pair in pairs)
    ):
        raise InvalidCommand(
            "each zone is named once, each border between two of them, once", "invalid_zones"
        )
    if len(places) != len(command.places) or set(places) != set(conflict.initiative):
        raise InvalidCommand("every character of the conflict stands in a zone", "invalid_zones")
    if not set(places.values()) <= set(zones):
        raise InvalidCommand("a character stands in a zone drawn", "invalid_zones")
    table.trigger_event(
        ZonesDrawn,
        actor=actor,
        zones=zones,
        borders=[
            ZoneBorder(zones=sorted(pair), value=border.value)
            for pair, border in zip(pairs, command.borders, strict=True)
        ],
        places=places,
        reason=checked_reason(command.reason),
    )


def _way(
    conflict: FateConflict | None, who: FateCharacter, to: str | None, *, counted: bool
) -> tuple[int, int] | None:
    """With the zones drawn, the way from a character's zone to `to` (`route`); null when none
    are drawn, and `to` with them."""
    if conflict is None or not conflict.zones:
        if to is not None:
            raise InvalidCommand("no zones are drawn: name none", "invalid_zones")
        return None
    if to not in conflict.zones:
        raise InvalidCommand(f"name one of the zones drawn: {conflict.zones}", "invalid_zones")
    if who.id not in conflict.places:
        raise Conflict(f"{who.name} takes no part in this conflict", "not_in_conflict")
    way = route(conflict.borders, conflict.places[who.id], to, counted=counted)
    if way is None:
        raise Conflict(f"{who.name} has no way to {to}", "out_of_reach")
    return way


def _landing(
    conflict: FateConflict | None, who: FateCharacter, to: str | None, zones: int, *, counted: bool
) -> tuple[int, int] | None:
    """The way of a character thrown or pushed `zones` away (`_way`), which lands it there."""
    way = _way(conflict, who, to, counted=counted)
    if way is not None and way[0] != zones:
        raise InvalidCommand(
            f"{to} is {way[0]} zone(s) from {who.name}, not {zones}", "invalid_zones"
        )
    return way


def move(table: Table, actor: str, command: cc.FateMove, _: TableKeys) -> None:
    state = game.ruling(table, actor, "record a move")
    settled, mover = maneuver(table, state, command.roll)
    way = _way(state.conflict, mover, command.to, counted=command.border is None)
    if command.border is not None:
        border = command.border
    elif way is not None:
        border = way[1]  # the borders drawn on the way
    else:
        raise InvalidCommand("no zones are drawn: name the border crossed", "invalid_zones")
    zones = zones_moved(settled.verdict, border)
    if way is not None and way[0] > zones:
        raise Conflict(f"{command.to} is out of {mover.name}'s reach [004:743-745]", "out_of_reach")
    table.trigger_event(
        Moved,
        **from_roll(actor, settled, mover),
        border=border,
        zones=zones,
        reason=checked_reason(command.reason),
        to=command.to,
    )


def _maneuver_on(
    table: Table, state: FateState, roll: int, target_id: str
) -> tuple[SettledRoll, FateCharacter, FateCharacter]:
    """A maneuver's settled roll (`maneuver`), its roller, and its target: another character
    still in the scene."""
    settled, author = maneuver(table, state, roll)
    target = in_play(find_character(state, target_id))
    if target.id == author.id:
        raise InvalidCommand("a maneuver's target is another character", "invalid_target")
    return settled, author, target


def disarm(table: Table, actor: str, command: cc.FateDisarm, _: TableKeys) -> None:
    state, conflict = _ruled_in_conflict(table, actor, "record a disarm")
    settled, author, target = _maneuver_on(table, state, command.roll, command.target)
    shifts = settled.verdict.shifts
    if settled.verdict.outcome != "success" or shifts < 1:
        raise Conflict("a disarm is a maneuver won by 1 shift at least", "maneuver_failed")
    if target.id in conflict.disarmed:
        raise Conflict(f"{target.name} is disarmed already", "disarmed")
    table.trigger_event(
        Disarmed,
        **from_roll(actor, settled, author),
        target=target.id,
        shifts=shifts,
        pickup=disarm_pickup(shifts),
        reason=checked_reason(command.reason),
    )


def _require_disarmed(conflict: FateConflict, character: FateCharacter) -> None:
    """Only a disarmed character rearms or picks its weapon up [004:871]."""
    if character.id not in conflict.disarmed:
        raise Conflict(f"{character.name} is not disarmed", "not_disarmed")


def rearm(table: Table, actor: str, command: cc.FateRearm, _: TableKeys) -> None:
    state, conflict = _ruled_in_conflict(table, actor, "record a character armed again")
    character = find_character(state, command.character)
    _require_disarmed(conflict, character)
    table.trigger_event(
        Rearmed,
        **about(actor, character),
        reason=checked_reason(command.reason),
    )


def pick_up_weapon(table: Table, actor: str, command: cc.FatePickUpWeapon, _: TableKeys) -> None:
    state, conflict = _ruled_in_conflict(table, actor, "record a weapon picked up")
    rolled_ = find_open_roll(state, command.roll)
    character = state.characters[rolled_.character]
    _require_disarmed(conflict, character)
    # every seat reads who is disarmed: the pickup would show what the roll carries
    require_not_secret(table, command.roll, "the weapon picked up")
    table.trigger_event(
        WeaponPickedUp,
        **from_roll(actor, rolled_, character),
        pickup=disarm_pickup(conflict.disarmed[character.id]),
        reason=checked_reason(command.reason),
    )


def _record_throw_or_push(
    table: Table,
    event: type[Thrown | Pushed],
    actor: str,
    command: cc.FateThrow | cc.FatePush,
    settled: SettledRoll,
    author: FateCharacter,
    target: FateCharacter,
    cost: int,
) -> None:
    """A throw or a push as it went: its target moved `zones` away, its cost met by the
    maneuver's shifts [004:885-889]."""
    table.trigger_event(
        event,
        **from_roll(actor, settled, author),
        target=target.id,
        weight=command.weight,
        zones=command.zones,
        cost=cost,
        shifts=settled.verdict.shifts,
        to=command.to,
        reason=checked_reason(command.reason),
    )


def throw(table: Table, actor: str, command: cc.FateThrow, _: TableKeys) -> None:
    state = game.ruling(table, actor, "record a throw")
    settled, author, target = _maneuver_on(table, state, command.roll, command.target)
    _landing(state.conflict, target, command.to, command.zones, counted=False)
    cost = throw_cost(command.weight, command.zones, state.options)
    if settled.verdict.shifts < cost:
        raise Conflict(
            f"throwing {target.name} {command.zones} zone(s) needs {cost} shifts, the maneuver "
            f"has {settled.verdict.shifts} [004:889]",
            "throw_short",
        )
    _record_throw_or_push(table, Thrown, actor, command, settled, author, target, cost)


def push(table: Table, actor: str, command: cc.FatePush, _: TableKeys) -> None:
    state = game.ruling(table, actor, "record a push")
    settled, author, target = _maneuver_on(table, state, command.roll, command.target)
    way = _landing(state.conflict, target, command.to, command.zones, counted=True)
    places = state.conflict.places if state.conflict else {}
    if way is not None and places.get(author.id) != places[target.id]:
        raise Conflict(
            f"{author.name} pushes only one in its own zone [004:623, 885]", "out_of_reach"
        )
    cost = push_cost(command.weight, command.zones) + (way[1] if way else 0)
    if settled.verdict.outcome != "success" or settled.verdict.shifts < cost:
        raise Conflict(
            f"pushing {target.name} {command.zones} zone(s) needs an attack won by {cost} shifts "
            f"[004:885], this one has {settled.verdict.shifts}",
            "push_short",
        )
    _record_throw_or_push(table, Pushed, actor, command, settled, author, target, cost)


CONFLICT_HANDLERS: dict[type, Any] = {
    cc.FateBeginConflict: begin_conflict,
    cc.FateEndTurn: end_turn,
    cc.FateDelayTurn: delay_turn,
    cc.FateEndConflict: end_conflict,
    cc.FateAttack: resolve_attack,
    cc.FateRaiseBlock: raise_block,
    cc.FateChallengeBlock: challenge_block,
    cc.FateMove: move,
    cc.FateDisarm: disarm,
    cc.FateRearm: rearm,
    cc.FateThrow: throw,
    cc.FateSplitMinions: split_minions,
    cc.FateTakeOutMinions: take_out_minions,
    cc.FateFullDefence: declare_full_defence,
    cc.FateDrawZones: draw_zones,
    cc.FatePush: push,
    cc.FatePickUpWeapon: pick_up_weapon,
}
