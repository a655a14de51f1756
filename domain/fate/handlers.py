"""Every FATE command handler. Each validates everything first, so a refused command leaves
nothing behind; a roll's four d6 are rolled (`TableDice`), then recorded (`DiceRolled`)
before the events derived from their faces. A reroll an invocation buys is its own
`DiceRolled`, each die naming the die it replaces (`reroll_of`) and what paid for it."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.characters import create_from_sheet, creators_seat, find_character
from domain.dice import TableDice, require_game_master_sees
from domain.errors import Conflict, InvalidCommand
from domain.fate import commands as cmd
from domain.fate.aspects import (
    Guess,
    TemporaryAspect,
    after_use,
    at_scene_end,
    avoided,
    discovered,
    fragile_on,
    guessed,
    is_hidden,
    passed,
    placed_by_maneuver,
)
from domain.fate.conflict import (
    WEAPON_SKILL,
    Secondary,
    combined,
    full_defence,
    require_in_reach,
    secondary_action,
)
from domain.fate.conflict_events import ConflictEnded
from domain.fate.events import (
    AspectAvoided,
    AspectDiscovered,
    AspectInvoked,
    AspectPlaced,
    AspectSpent,
    CharacterCreated,
    Compelled,
    Conceded,
    ConsequencesCarriedOver,
    Declared,
    DefeatDemanded,
    GuessDeceived,
    GuessRuled,
    InvocationAsked,
    InvocationDeclined,
    InvocationPassed,
    Recovered,
    Refreshed,
    RollSettled,
    SceneEnded,
    SkillRolled,
    StakesRuled,
    StressTaken,
    StuntActivated,
    TenacityReached,
    game,
)
from domain.fate.guards import (
    find_asked,
    find_settled_roll,
    known_aspects,
    require_no_open_roll,
    require_not_secret,
    rollers_open_roll,
    scene_aspects,
)
from domain.fate.headers import about, from_roll
from domain.fate.invocations import FateRollResult, Invocation, rolled
from domain.fate.options import SIDES
from domain.fate.points import (
    CompelSettled,
    activated,
    compel,
    concession_points,
    declared,
    escalated,
    refreshed,
    spend,
)
from domain.fate.roll import DICE, FateModifier, opposed_action, read_dice, simple_action
from domain.fate.sheet import checked_sheet
from domain.fate.state import FateCharacter, FateState, OpenRoll, SettledRoll
from domain.fate.stress import (
    Consequence,
    ConsequenceTaken,
    absorb,
    carried_over,
    concedes,
    demand_other_defeat,
    next_severity,
    recovered,
    take_consequence,
    tenacity_degree,
)
from domain.keys import TableKeys
from domain.names import checked_name, checked_reason
from domain.table import Table


def create_character(
    table: Table, actor: str, command: cmd.FateCreateCharacter, _: TableKeys
) -> str:
    state = game.open(table)
    seat = creators_seat(table, actor, command.seat)
    gm = table.gm_seat.id
    sheet = checked_sheet(command.sheet)
    if sheet.kind == "npc" and seat != gm:
        raise InvalidCommand("an NPC is played by the game master's seat", "invalid_sheet")
    return create_from_sheet(table, state, actor, seat, sheet, FateCharacter, CharacterCreated)


# -- a roll ----------------------------------------------------------------------------------


def _against(table: Table, state: FateState, command: cmd.FateRollSkill, character: str) -> int:
    """The difficulty, or the effort of the settled roll the action is opposed by."""
    if (command.difficulty is None) == (command.opposed_by is None):
        raise InvalidCommand(
            "a roll is against a difficulty or opposed by a settled roll: exactly one "
            "[004:87, 589]",
            "invalid_difficulty",
        )
    if command.difficulty is not None:
        return command.difficulty
    assert command.opposed_by is not None, "exactly one, checked above"
    opposing = find_settled_roll(table, state, command.opposed_by, "opposing it")
    if opposing.character == character:
        raise InvalidCommand("a character does not oppose its own roll", "invalid_difficulty")
    return opposing.verdict.effort


def _require_defender_in_reach(
    table: Table, state: FateState, attacker: FateCharacter, command: cmd.FateRollSkill
) -> None:
    """An attack played roll by roll names its reach: in a conflict, its defender, the one
    whose roll opposes it, stands within it (`require_in_reach`)."""
    if command.reach is None:
        return
    if command.opposed_by is None:
        raise InvalidCommand(
            "a reach is an attack's, opposed by its defence's roll [004:653]", "invalid_attack"
        )
    if state.conflict is not None:
        opposing = find_settled_roll(table, state, command.opposed_by, "opposing it")
        defender = state.characters[opposing.character]
        require_in_reach(state.conflict, attacker, defender, command.reach)


def _in_full_defence(state: FateState, character: FateCharacter, flagged: bool) -> bool:
    """Whether a roll takes full defence's +2 [004:715]. In a conflict it is the exchange's
    declaration (`fateFullDefence`): every roll of a character who gave up its action for it
    is a defence or reaction, so each takes the +2 flagged or not; flagged without it, the
    roll contradicts the conflict and is refused. Out of a conflict, the roll's flag says it."""
    conflict = state.conflict
    if conflict is None or character.id not in conflict.initiative:
        return flagged
    declared = character.id in conflict.full_defence
    if flagged and not declared:
        raise Conflict(
            f"{character.name} declared no full defence this exchange: declare it first "
            "(fateFullDefence) [004:715]",
            "full_defence_undeclared",
        )
    return declared


def _modifiers(
    state: FateState, character: FateCharacter, skill: str, command: cmd.FateRollSkill
) -> tuple[list[FateModifier], list[str]]:
    """The game master's modifiers of a roll, each with its reason."""
    found: list[tuple[FateModifier, str]] = []
    if _in_full_defence(state, character, command.full_defence):
        found.append((full_defence(), "full defence"))
    if command.secondary_action is not None:
        border = command.secondary_action.border
        found.append((secondary_action(border), checked_reason(command.secondary_action.reason)))
    if command.combined_with:
        secondaries = [
            Secondary(name=s.skill, rating=character.sheet.rating(s.skill), role=s.role)
            for s in command.combined_with
        ]
        if skill in {s.name for s in secondaries}:
            raise InvalidCommand("a skill is not combined with itself", "invalid_modifier")
        reasons = "; ".join(checked_reason(s.reason) for s in command.combined_with)
        rating = character.sheet.rating(skill)
        found.append((combined(rating, secondaries, state.options), reasons))
    return [m for m, _ in found], [r for _, r in found]


def roll_skill(table: Table, actor: str, command: cmd.FateRollSkill, keys: TableKeys) -> int:
    state = game.ruling(table, actor, "call for a roll")
    character = in_play(find_character(state, command.character))
    require_no_open_roll(state, character)
    require_game_master_sees(table, command.visibility, character.seat)
    against = _against(table, state, command, character.id)
    _require_defender_in_reach(table, state, character, command)
    skill = checked_name(command.skill, "a skill")
    reason = checked_reason(command.reason)
    modifiers, reasons = _modifiers(state, character, skill, command)
    dice = TableDice(table, keys)
    faces = read_dice([dice.roll(SIDES, "fudge") for _ in range(DICE)])
    roll = dice.record(actor, character.id, command.visibility)
    table.trigger_event(
        SkillRolled,
        **about(actor, character),
        roll=roll,
        visibility=command.visibility,
        skill=skill,
        rating=character.sheet.rating(skill),
        dice=faces,
        difficulty=command.difficulty,
        opposed_by=command.opposed_by,
        against=against,
        reason=reason,
        modifiers=modifiers,
        modifier_reasons=reasons,
    )
    return roll


def _free_held(state: FateState, character: str) -> list[str]:
    """The free invocations a character holds, one entry each, by aspect [004:329]."""
    return [
        aspect.name
        for aspect in state.aspects
        if aspect.holder == character
        for _ in range(aspect.free_invocations)
    ]


def _result(
    state: FateState, rolled_: OpenRoll, invocations: list[Invocation], bonus: int = 0
) -> FateRollResult:
    character = state.characters[rolled_.character]
    return rolled(
        character.sheet,
        rolled_.skill,
        rolled_.first.faces,
        invocations,
        _free_held(state, character.id),
        bonus_points=bonus,
        modifiers=rolled_.modifiers,
    )


def _asked_aspect(
    table: Table, state: FateState, actor: str, rolled_: OpenRoll, command: cmd.FateInvokeAspect
) -> str:
    """The aspect asked for, as the asker may name it; a guess names none it knows."""
    if command.owner is None:
        if command.guess or command.against_owner:
            raise InvalidCommand(
                "a scene's aspect is guessed at or invoked against nobody here",
                "invalid_invocation",
            )
        known = scene_aspects(state)
    else:
        owner = find_character(state, command.owner)
        if command.against_owner and owner.id == rolled_.character:
            raise InvalidCommand(
                "an aspect is invoked against another character", "invalid_invocation"
            )
        known = known_aspects(table, state, owner, actor)
    name = checked_name(command.aspect, "an aspect")
    if command.guess:
        if name.casefold() in {k.casefold() for k in known}:
            raise Conflict(f"{name!r} is known: invoke it, no guess needed", "aspect_known")
    elif name not in known:
        raise InvalidCommand(f"no aspect {name!r} is known there", "no_aspect")
    return name


def _after_miss(guesser: FateCharacter, guess: Guess) -> int:
    """The guesser's fate points after a missed guess: its point is lost unless it comes back
    [004:355-359]."""
    points = guesser.sheet.fate_points
    return points if guess.refunded else spend(points, 1, "a guess")


def invoke_aspect(table: Table, actor: str, command: cmd.FateInvokeAspect, _: TableKeys) -> None:
    state = game.open(table)
    table.require_seat(actor)
    # before the roll is looked up: whether a secret roll is still open is its own
    require_not_secret(table, command.roll, "an invocation's fate point")
    rolled_, character = rollers_open_roll(table, state, actor, command.roll)
    name = _asked_aspect(table, state, actor, rolled_, command)
    if name.casefold() in {i.aspect.casefold() for i in rolled_.invocations}:
        raise InvalidCommand(
            f"{name!r} is already invoked on this roll, rerolls included [004:141, 299]",
            "aspect_already_invoked",
        )
    so_far = _result(state, rolled_, rolled_.invocations)
    free_left = _free_held(state, character.id)
    for used in so_far.free_used:
        free_left.remove(used)
    cost = 0 if not command.guess and name in free_left else 1
    spend(character.sheet.fate_points, so_far.fate_points_spent + cost, "this invocation")
    owner = state.characters.get(command.owner or "")
    if not command.guess and owner is not None and is_hidden(owner.sheet, name):
        # named at the table, a hidden aspect is hidden no more
        table.trigger_event(
            AspectDiscovered,
            **about(actor, owner),
            aspect=name,
            free=None,
            reason="invoked by name",
        )
    table.trigger_event(
        InvocationAsked,
        **from_roll(actor, rolled_, character),
        aspect=name,
        owner=command.owner,
        effect=command.effect,
        against_owner=command.against_owner,
        guess=command.guess,
    )


def rule_invocation(
    table: Table, actor: str, command: cmd.FateRuleInvocation, keys: TableKeys
) -> None:
    state = game.ruling(table, actor, "rule on an invocation")
    rolled_, asked = find_asked(state, command.roll)
    guessing = command.accepted and asked.guess
    if guessing != (command.secret is not None) or (not guessing and command.revealed is not None):
        raise InvalidCommand(
            "a guess accepted is ruled with `secret` (and `revealed`, or null); a declined one "
            "and an invocation that is no guess with neither",
            "invalid_ruling",
        )
    character = state.characters[rolled_.character]
    reason = checked_reason(command.reason)
    common = {**from_roll(actor, rolled_, character), "reason": reason}
    if not command.accepted:
        table.trigger_event(InvocationDeclined, aspect=asked.aspect, **common)
        return
    aspect = asked.aspect
    guess = None
    if asked.owner is not None and command.secret is not None:  # a guess
        owner = state.characters[asked.owner]
        hidden = [a.name for a in owner.sheet.aspects if a.hidden]
        guess = guessed(asked.aspect, command.revealed, hidden, command.secret)
        if guess.revealed is None:
            points = _after_miss(character, guess)
            table.trigger_event(GuessRuled, guess=guess, fate_points=points, **common)
            return
        aspect = guess.revealed
    dice = TableDice(table, keys)
    faces: list[int] = []
    if asked.effect == "reroll":
        faces = [dice.roll(SIDES, "fudge") for _ in range(DICE)]
        for place in range(DICE):
            dice.dice[place] = msgspec.structs.replace(
                dice.dice[place], reroll_of=place, reroll_source="invocation"
            )
    invocation = Invocation(
        aspect=aspect,
        owner=asked.owner,
        effect=asked.effect,
        accepted=True,
        against_owner=asked.against_owner,
        reroll=faces,
    )
    invoked = _result(state, rolled_, [*rolled_.invocations, invocation]).invocations[-1]
    if guess is not None:
        table.trigger_event(
            AspectDiscovered,
            **about(actor, owner),
            aspect=aspect,
            free=None,
            reason=reason,
        )
        table.trigger_event(
            GuessRuled, guess=guess, fate_points=character.sheet.fate_points, **common
        )
    reroll_roll = dice.record(actor, character.id, "public") if faces else None
    table.trigger_event(
        AspectInvoked,
        invoked=invoked,
        against_owner=asked.against_owner,
        reroll_roll=reroll_roll,
        **common,
    )


def _after_invocations(
    state: FateState, result: FateRollResult, roller: str
) -> list[TemporaryAspect]:
    """The temporary aspects once the roll's invocations used them: a fragile one is gone, a
    sticky one keeps what was not used of its free invocations [004:853-855]."""
    aspects: list[TemporaryAspect | None] = list(state.aspects)
    for step in result.invocations:
        for place, aspect in enumerate(aspects):
            if aspect is None or aspect.name != step.aspect:
                continue
            if step.paid == "free" and aspect.holder == roller and aspect.free_invocations:
                aspects[place] = after_use(aspect, free=True)
                break
            if step.paid == "fate_point" and aspect.target == step.owner:
                aspects[place] = after_use(aspect, free=False)
                break
    return [aspect for aspect in aspects if aspect is not None]


def settle_roll(table: Table, actor: str, command: cmd.FateSettleRoll, _: TableKeys) -> None:
    state = game.open(table)
    if table.require_seat(actor).id != table.gm_seat.id or command.fate_points:
        # before the roll is looked up: whether a secret roll is still open is its own
        require_not_secret(table, command.roll, "settling it or spending fate points")
    rolled_, character = rollers_open_roll(table, state, actor, command.roll)
    disarmed = state.conflict is not None and character.id in state.conflict.disarmed
    if disarmed and rolled_.skill == WEAPON_SKILL:
        raise Conflict(
            f"{character.name} is disarmed: its weapon is picked up (`fatePickUpWeapon`) or it "
            "rearms before its Armas roll stands [004:871]",
            "disarmed",
        )
    result = _result(state, rolled_, rolled_.invocations, command.fate_points)
    if rolled_.difficulty is not None:
        verdict = simple_action(result.effort, rolled_.difficulty)
    else:
        verdict = opposed_action(result.effort, rolled_.against, state.options)
    points = {character.id: character.sheet.fate_points - result.fate_points_spent}
    for step in result.invocations:
        if step.compensates is not None:
            owner = state.characters[step.compensates]
            points[owner.id] = points.get(owner.id, owner.sheet.fate_points) + 1
    table.trigger_event(
        RollSettled,
        **from_roll(actor, rolled_, character),
        result=result,
        verdict=verdict,
        fate_points=points,
        aspects=_after_invocations(state, result, character.id),
    )


def maneuver(table: Table, state: FateState, roll: int) -> tuple[SettledRoll, FateCharacter]:
    """The settled roll a maneuver's aspect comes of, public by now, and its roller."""
    settled = find_settled_roll(table, state, roll, "placing its aspect")
    return settled, state.characters[settled.character]


def place_aspect(table: Table, actor: str, command: cmd.FatePlaceAspect, _: TableKeys) -> None:
    state = game.ruling(table, actor, "place a maneuver's aspect")
    settled, author = maneuver(table, state, command.roll)
    if command.target is not None:
        find_character(state, command.target)
    aspect = placed_by_maneuver(
        settled.verdict,
        checked_name(command.name, "an aspect"),
        command.target,
        author.id,
        sticky=command.sticky,
        crit_required=command.critical_required,
        passable=command.passable,
    )
    table.trigger_event(
        AspectPlaced,
        **from_roll(actor, settled, author),
        aspect=aspect,
        reason=checked_reason(command.reason),
    )


def avoid_aspect(table: Table, actor: str, command: cmd.FateAvoidAspect, _: TableKeys) -> None:
    state = game.ruling(table, actor, "record a maneuver's aspect avoided")
    settled, author = maneuver(table, state, command.roll)
    target = find_character(state, command.target)
    name = checked_name(command.name, "an aspect")
    # what placing it would check: a maneuver earns an aspect on a character with 1 shift
    placed_by_maneuver(settled.verdict, name, target.id, author.id)
    table.trigger_event(
        AspectAvoided,
        **from_roll(actor, settled, author),
        aspect=name,
        target=target.id,
        reason=checked_reason(command.reason),
        fate_points=avoided(target.sheet.fate_points),
    )


def pass_invocation(
    table: Table, actor: str, command: cmd.FatePassInvocation, _: TableKeys
) -> None:
    state = game.ruling(table, actor, "record a free invocation passed")
    name = checked_name(command.aspect, "an aspect")
    aspect = next((a for a in state.aspects if a.name == name and a.target == command.target), None)
    if aspect is None:
        raise InvalidCommand(f"no temporary aspect {name!r} is in play there", "no_aspect")
    ally = find_character(state, command.to)
    if ally.id == aspect.holder:
        raise InvalidCommand(f"{ally.name} holds it already", "invalid_pass")
    table.trigger_event(
        InvocationPassed,
        actor=actor,
        giver=aspect.holder,
        aspect=passed(aspect, ally.id, reasonable=True),
        reason=checked_reason(command.reason),
    )


# -- the fate-point economy and aspects outside a roll -----------------------------------------


def _compelled(
    table: Table, state: FateState, actor: str, character_id: str, aspect: str
) -> tuple[FateCharacter, str]:
    """The character and the aspect a compel names: one every seat knows on it."""
    character = find_character(state, character_id)
    name = checked_name(aspect, "an aspect")
    if is_hidden(character.sheet, name):
        raise Conflict(
            f"{name!r} is hidden: compelling it would tell every seat; discover it first",
            "aspect_hidden",
        )
    if name not in known_aspects(table, state, character, actor):
        raise InvalidCommand(f"{character.name} has no aspect {name!r}", "no_aspect")
    return character, name


def _record_compel(
    table: Table, actor: str, character: FateCharacter, settled: CompelSettled, reason: str
) -> None:
    table.trigger_event(
        Compelled,
        **about(actor, character),
        compel=settled,
        reason=checked_reason(reason),
        fate_points=character.sheet.fate_points + settled.delta,
    )


def compel_aspect(table: Table, actor: str, command: cmd.FateCompel, _: TableKeys) -> None:
    state = game.ruling(table, actor, "compel an aspect")
    character, name = _compelled(table, state, actor, command.character, command.aspect)
    settled = compel(character.sheet.fate_points, name, command.accepted, command.kind)
    _record_compel(table, actor, character, settled, command.reason)
    _fragile_compelled(table, actor, state, character, settled)


def escalate_compel(
    table: Table, actor: str, command: cmd.FateEscalateCompel, _: TableKeys
) -> None:
    state = game.ruling(table, actor, "raise a compel")
    character, name = _compelled(table, state, actor, command.character, command.aspect)
    settled = escalated(
        character.sheet.fate_points, name, command.accepted_stake, command.accepted, state.options
    )
    _record_compel(table, actor, character, settled, command.reason)


def activate_stunt(table: Table, actor: str, command: cmd.FateActivateStunt, _: TableKeys) -> None:
    state = game.ruling(table, actor, "record a stunt used")
    character = in_play(find_character(state, command.character))
    name = checked_name(command.stunt, "a stunt")
    stunt = next((s for s in character.sheet.stunts if s.name == name), None)
    if stunt is None:
        raise InvalidCommand(f"{character.name} has no stunt {name!r}", "no_stunt")
    table.trigger_event(
        StuntActivated,
        **about(actor, character),
        stunt=name,
        reason=checked_reason(command.reason),
        fate_points=activated(character.sheet.fate_points, stunt),
    )


def declare(table: Table, actor: str, command: cmd.FateDeclare, _: TableKeys) -> None:
    state = game.ruling(table, actor, "record a declaration")
    character = find_character(state, command.character)
    if command.aspect is not None and not command.accepted:
        raise InvalidCommand("a vetoed declaration creates no aspect", "invalid_declaration")
    points = declared(character.sheet.fate_points, command.accepted)
    aspect = None
    if command.aspect is not None:
        name = checked_name(command.aspect, "an aspect")
        aspect = discovered(name, None, character.id, "declaration")
    table.trigger_event(
        Declared,
        **about(actor, character),
        declaration=checked_reason(command.declaration),
        accepted=command.accepted,
        aspect=aspect,
        reason=checked_reason(command.reason),
        fate_points=points,
    )


def refresh(table: Table, actor: str, command: cmd.FateRefresh, _: TableKeys) -> None:
    state = game.ruling(table, actor, "refresh fate points")
    table.trigger_event(
        Refreshed,
        actor=actor,
        reason=checked_reason(command.reason),
        fate_points={
            c.id: refreshed(c.sheet.fate_points, c.sheet.refresh) for c in state.characters.values()
        },
    )


def discover_aspect(
    table: Table, actor: str, command: cmd.FateDiscoverAspect, _: TableKeys
) -> None:
    state = game.ruling(table, actor, "reveal a hidden aspect")
    character = find_character(state, command.character)
    if not is_hidden(character.sheet, command.aspect):
        raise InvalidCommand(
            f"{character.name} has no hidden aspect {command.aspect!r}", "no_aspect"
        )
    free = None
    if command.by is not None:
        assessor = find_character(state, command.by)
        free = discovered(command.aspect, character.id, assessor.id, "assessment")
    table.trigger_event(
        AspectDiscovered,
        **about(actor, character),
        aspect=command.aspect,
        free=free,
        reason=checked_reason(command.reason),
    )


# -- stress, consequences, defeat and recovery --------------------------------------------------


def in_play(character: FateCharacter) -> FateCharacter:
    """Taken out or conceded, a character is out of the scene's conflict until it ends."""
    if character.out is not None:
        raise Conflict(f"{character.name} is out of this scene ({character.out})", "out_of_scene")
    return character


def hit(table: Table, actor: str, command: cmd.FateHit, _: TableKeys) -> None:
    state = game.ruling(table, actor, "record a hit")
    character = in_play(find_character(state, command.character))
    sheet = character.sheet
    held = list(sheet.consequences)
    wants = command.consequence is not None
    track, struck = absorb(getattr(sheet, command.track), command.track, command.shifts, wants)
    taken = None
    if wants and not struck.forced and next_severity(held, state.options) is None:
        raise Conflict(
            f"{character.name} holds every consequence it may: the box takes the hit [004:795]",
            "no_consequence_left",
        )
    if struck.shifts and struck.box is None:
        if next_severity(held, state.options) is not None and command.consequence is None:
            raise Conflict(
                f"no box of {character.name}'s {command.track} takes {command.shifts} shifts: "
                "a consequence is mandatory; name it [004:789]",
                "consequence_required",
            )
        # past a severe one the character is taken out, and no consequence is named
        aspect = checked_name(command.consequence or "taken out", "a consequence")
        held, taken = take_consequence(held, aspect, command.track, state.options)
    elif wants:
        raise InvalidCommand("a hit of 0 shifts takes no consequence", "invalid_hit")
    table.trigger_event(
        StressTaken,
        **about(actor, character),
        hit=struck,
        taken=taken,
        track=track,
        consequences=held,
        taken_out=taken is not None and taken.taken_out,
        reason=checked_reason(command.reason),
    )
    _tenacity_reached(table, actor, state, character, taken, held)


def concede(table: Table, actor: str, command: cmd.FateConcede, _: TableKeys) -> None:
    state = game.ruling(table, actor, "record a concession")
    character = in_play(find_character(state, command.character))
    attacker = None if command.attacker is None else find_character(state, command.attacker)
    if attacker is not None and attacker.id == character.id:
        raise InvalidCommand("a character concedes to another", "invalid_concession")
    moved = concession_points(
        attacker.sheet.fate_points if attacker else 0,
        command.reasonable,
        command.accepted,
        state.options,
    )
    points = {character.id: character.sheet.fate_points + moved.conceder}
    if attacker is not None:
        points[attacker.id] = attacker.sheet.fate_points + moved.attacker
    table.trigger_event(
        Conceded,
        **about(actor, character),
        attacker=command.attacker,
        reasonable=command.reasonable,
        accepted=command.accepted,
        points=moved,
        fate_points=points,
        reason=checked_reason(command.reason),
    )


def end_scene(table: Table, actor: str, command: cmd.FateEndScene, _: TableKeys) -> None:
    state = game.ruling(table, actor, "end the scene")
    if state.open_rolls:
        raise Conflict("settle the scene's open rolls first", "roll_open")
    reason = checked_reason(command.reason)
    if state.conflict is not None:
        # the scene's conflict cannot outlive it: ended first, for the same reason
        table.trigger_event(
            ConflictEnded, actor=actor, exchanges=state.conflict.exchange, reason=reason
        )
    table.trigger_event(
        SceneEnded,
        actor=actor,
        breather=command.breather,
        aspects=at_scene_end(state.aspects),
        consequences={
            c.id: recovered(c.sheet.consequences, "breather")
            if command.breather
            else c.sheet.consequences
            for c in state.characters.values()
        },
        reason=reason,
    )


def recover(table: Table, actor: str, command: cmd.FateRecover, _: TableKeys) -> None:
    state = game.ruling(table, actor, "record a recovery")
    character = find_character(state, command.character)
    table.trigger_event(
        Recovered,
        **about(actor, character),
        occasion=command.occasion,
        consequences=recovered(character.sheet.consequences, command.occasion),
        reason=checked_reason(command.reason),
    )


# -- deceived guesses, defeat, tenacity, the session break, compels of temporary aspects ------


def deceive_guess(table: Table, actor: str, command: cmd.FateDeceiveGuess, _: TableKeys) -> None:
    state = game.ruling(table, actor, "rule on a deceived guess")
    rolled_, asked = find_asked(state, command.roll)
    if not asked.guess or asked.owner is None:
        raise InvalidCommand("only a guess at an aspect is deceived [004:359]", "invalid_ruling")
    guesser = state.characters[rolled_.character]
    liar = find_character(state, command.liar)
    if liar.id == guesser.id:
        raise InvalidCommand("a guesser is deceived by another", "invalid_deception")
    if command.aspect is not None and command.deception == "destroyed":
        raise InvalidCommand(
            "a liar places an aspect only when it returns the fate point [004:359]",
            "invalid_deception",
        )
    # missed and deceived: what the liar chose decides the point, not the aspect's secrecy
    guess = guessed(asked.aspect, None, [], secret=True, deceived=command.deception)
    points = _after_miss(guesser, guess)
    placed = None
    if command.aspect is not None:
        name = checked_name(command.aspect.name, "an aspect")
        placed = TemporaryAspect(
            name=name,
            target=guesser.id,
            duration="fragile",
            origin="deception",
            holder=liar.id,
            passable=command.aspect.passable,
        )
    table.trigger_event(
        GuessDeceived,
        **from_roll(actor, rolled_, guesser),
        guess=guess,
        liar=liar.id,
        liar_seat=liar.seat,
        aspect=placed,
        reason=checked_reason(command.reason),
        fate_points=points,
    )


def demand_defeat(table: Table, actor: str, command: cmd.FateDemandDefeat, _: TableKeys) -> None:
    state = game.ruling(table, actor, "record another defeat demanded")
    character = find_character(state, command.character)
    if character.sheet.kind != "pc":
        raise InvalidCommand("a player demands another defeat [004:811]", "invalid_defeat")
    if character.out != "taken_out":
        raise Conflict(f"{character.name} is not taken out [004:811]", "not_taken_out")
    spent = demand_other_defeat(character.sheet.fate_points)
    table.trigger_event(
        DefeatDemanded,
        **about(actor, character),
        spent=spent,
        fate_points=character.sheet.fate_points - spent,
        reason=checked_reason(command.reason),
    )


def rule_stakes(table: Table, actor: str, command: cmd.FateRuleStakes, _: TableKeys) -> None:
    state = game.ruling(table, actor, "rule a conflict's stakes")
    character = in_play(find_character(state, command.character))
    tenacity = character.sheet.tenacity
    if tenacity is None:
        raise InvalidCommand(f"{character.name} has no tenacity [004:821]", "no_tenacity")
    degree = tenacity_degree(tenacity, command.stakes)
    table.trigger_event(
        StakesRuled,
        **about(actor, character),
        stakes=command.stakes,
        degree=degree,
        concedes=concedes(character.sheet.consequences, degree),
        reason=checked_reason(command.reason),
    )


def _tenacity_reached(
    table: Table,
    actor: str,
    state: FateState,
    character: FateCharacter,
    taken: ConsequenceTaken | None,
    held: list[Consequence],
) -> None:
    """An NPC whose consequence just taken (`held`, those it holds now) reaches its ruled
    tenacity offers its concession [004:823]."""
    degree = state.tenacity.get(character.id)
    if degree is None or taken is None or taken.consequence is None:
        return
    if concedes(held, degree):
        table.trigger_event(
            TenacityReached,
            **about(actor, character),
            degree=degree,
            consequences=len(held),
        )


def break_session(table: Table, actor: str, command: cmd.FateBreakSession, _: TableKeys) -> None:
    state = game.ruling(table, actor, "break the session")
    table.trigger_event(
        ConsequencesCarriedOver,
        actor=actor,
        consequences={c.id: carried_over(c.sheet.consequences) for c in state.characters.values()},
        reason=checked_reason(command.reason),
    )


def _fragile_compelled(
    table: Table, actor: str, state: FateState, character: FateCharacter, settled: CompelSettled
) -> None:
    """A fragile temporary aspect on the character is gone once its compel is official (its
    point accepted [004:369]): it lasts no longer than its first compel [004:853]; a sticky
    one stays [004:855], a refused compel leaves it."""
    fragile = fragile_on(state.aspects, settled.aspect, character.id)
    if fragile is not None and settled.accepted:
        table.trigger_event(
            AspectSpent,
            **about(actor, character),
            aspect=settled.aspect,
        )


HANDLERS: dict[type, Any] = {
    cmd.FateCreateCharacter: create_character,
    cmd.FateRollSkill: roll_skill,
    cmd.FateInvokeAspect: invoke_aspect,
    cmd.FateRuleInvocation: rule_invocation,
    cmd.FateSettleRoll: settle_roll,
    cmd.FatePlaceAspect: place_aspect,
    cmd.FateCompel: compel_aspect,
    cmd.FateDeclare: declare,
    cmd.FateRefresh: refresh,
    cmd.FateDiscoverAspect: discover_aspect,
    cmd.FateHit: hit,
    cmd.FateConcede: concede,
    cmd.FateEndScene: end_scene,
    cmd.FateRecover: recover,
    cmd.FateAvoidAspect: avoid_aspect,
    cmd.FatePassInvocation: pass_invocation,
    cmd.FateEscalateCompel: escalate_compel,
    cmd.FateActivateStunt: activate_stunt,
    cmd.FateDeceiveGuess: deceive_guess,
    cmd.FateDemandDefeat: demand_defeat,
    cmd.FateRuleStakes: rule_stakes,
    cmd.FateBreakSession: break_session,
}
