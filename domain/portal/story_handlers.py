"""The handlers of PORTAL's story outside combat (`story_commands`): its comparisons read
settled rolls (`comparison`). Every command is the game master's; each validates everything
before its events."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import msgspec

from domain.characters import alive, find_character
from domain.dice import FromRoll, TableDice, Visibility
from domain.errors import Conflict, InvalidCommand, NotFound
from domain.keys import TableKeys
from domain.names import checked_name, checked_reason
from domain.portal import advancement
from domain.portal import story_commands as sc
from domain.portal.absorption import absorb
from domain.portal.cast import hurt, totals
from domain.portal.collaboration import Member, collaborate, collaborative_difficulty
from domain.portal.comparison import compared, none_secret
from domain.portal.confrontation import (
    Extended,
    buy_aces,
    confront,
    deferred_difficulty,
    exchange,
    psychological,
    teams,
)
from domain.portal.costs import Cost, PaidWith, after_paying, pay
from domain.portal.events import game
from domain.portal.fight import combat_of, contender_of
from domain.portal.fight_steps import supporting_fighter
from domain.portal.guards import find_open_roll, require_no_open_roll
from domain.portal.handlers import following, open_roll, protagonist, record_ruling, ruled
from domain.portal.magic import casting
from domain.portal.options import SIDES
from domain.portal.outcome import checked_difficulty
from domain.portal.points import end_adventure, start_adventure
from domain.portal.rerolls import Entitlement, confrontation_reduction, specialty_bonus
from domain.portal.sheet import MAX_CP_IN_HAND, MAX_DICE, CharacterPoints, Fortaleza, PortalSheet
from domain.portal.state import (
    OpenRoll,
    PortalCharacter,
    PortalState,
    SupportingCharacter,
)
from domain.portal.story_events import (
    AcesBought,
    CharacterAdvanced,
    Collaborated,
    Collaborator,
    Confronted,
    CriticalActionTaken,
    CutRoll,
    DifficultyDeferred,
    ExchangeBanked,
    ExtendedStarted,
    PaidDice,
    PsychologicalConfronted,
    RerollsCut,
    SheetParts,
    SpellCast,
    SpellPaid,
    SupportingAdded,
    SupportingHurt,
    SupportingTotals,
    SupportingTurnRolled,
    TeamsConfronted,
    UnitStacked,
)
from domain.portal.supporting import (
    find_supporting,
    hurt_after,
    in_combat,
    stacked,
    stacked_on,
    this_turn,
    turn_seen,
)
from domain.table import Table


def _cut_entitlement(entitlement: Entitlement, cut: int, aces: bool) -> Entitlement:
    """The Fortaleza levels go first, then the aces when they count [002:924, 1094]."""
    levels = min(cut, entitlement.fortaleza)
    return msgspec.structs.replace(
        entitlement,
        fortaleza=entitlement.fortaleza - levels,
        aces=entitlement.aces - (cut - levels if aces else 0),
    )


def open_rolls_seen(
    table: Table, state: PortalState, numbers: list[int], ruling: str
) -> list[OpenRoll]:
    """The open rolls whose rerolls the game master rules on; refused while one is secret, as
    the `ruling` would tell of it."""
    none_secret(table, numbers, f"{ruling} would tell of it")
    return [find_open_roll(state, number) for number in numbers]


def cut_rerolls(table: Table, actor: str, command: sc.PortalCutRerolls, _: TableKeys) -> None:
    state = game.ruling(table, actor, "cut opposed rolls' rerolls")
    reason = checked_reason(command.reason)
    first, second = open_rolls_seen(table, state, [command.first, command.second], "the cut")
    if first.character == second.character:
        raise InvalidCommand("two characters confront each other", "invalid_confrontation")
    for rolled in (first, second):
        if rolled.sequence.rerolls or rolled.fixed is not None:
            raise Conflict(
                f"roll {rolled.roll} was rerolled already: the cut comes before [002:924]",
                "rerolls_made",
            )

    def levels(entitlement: Entitlement | None) -> int:
        if entitlement is None:
            return 0
        return entitlement.fortaleza + (entitlement.aces if command.aces else 0)

    def later(rolled: OpenRoll) -> Entitlement | None:
        return None if rolled.later is None else rolled.later.entitlement

    cut = confrontation_reduction(*(levels(r.sequence.entitlement) for r in (first, second)))
    # the damage against the aguante: a confrontation of its own [002:1094, 1096]
    later_cut = confrontation_reduction(*(levels(later(r)) for r in (first, second)))
    cuts = [
        CutRoll(
            roll=rolled.roll,
            character=rolled.character,
            entitlement=_cut_entitlement(rolled.sequence.entitlement, cut, command.aces),
            readings=[
                msgspec.structs.replace(
                    spec,
                    specialty_bonus=specialty_bonus(spec.specialty_bonus, cut, state.options),
                )
                for spec in rolled.readings
            ],
            later=None
            if rolled.later is None
            else _cut_entitlement(rolled.later.entitlement, later_cut, command.aces),
        )
        for rolled in (first, second)
    ]
    table.trigger_event(
        RerollsCut,
        actor=actor,
        first=cuts[0],
        second=cuts[1],
        cut=cut,
        aces=command.aces,
        reason=reason,
        later_cut=later_cut,
    )


def confront_rolls(table: Table, actor: str, command: sc.PortalConfront, _: TableKeys) -> None:
    state = game.ruling(table, actor, "decide a confrontation")
    reason = checked_reason(command.reason)
    first, second = compared(table, state, [command.first, command.second])
    if command.advantage and command.doubled is not None:
        raise InvalidCommand(
            "an unequal confrontation adds an advantage or doubles a result, not both "
            "[002:948-954]",
            "invalid_confrontation",
        )
    outcome = confront(
        first.result, second.result, state.options, command.advantage, command.doubled
    )
    table.trigger_event(
        Confronted,
        actor=actor,
        first=msgspec.structs.replace(first, result=outcome.first),
        second=msgspec.structs.replace(second, result=outcome.second),
        advantage=outcome.advantage,
        doubled=command.doubled,
        difference=outcome.difference,
        winner=outcome.winner,
        first_fumbled=outcome.first_fumbled,
        second_fumbled=outcome.second_fumbled,
        reason=reason,
    )


def start_extended(table: Table, actor: str, command: sc.PortalStartExtended, _: TableKeys) -> None:
    state = game.ruling(table, actor, "open an extended confrontation")
    reason = checked_reason(command.reason)
    first = alive(find_character(state, command.first))
    second = alive(find_character(state, command.second))
    if first.id == second.id:
        raise InvalidCommand("a character confronts another one", "invalid_confrontation")
    table.trigger_event(
        ExtendedStarted,
        actor=actor,
        confrontation=len(state.extended) + 1,
        first=first.id,
        second=second.id,
        target=command.target,
        reason=reason,
    )


def _extended(state: PortalState, number: int) -> Extended:
    found = state.extended.get(str(number))
    if found is None:
        raise NotFound(f"no extended confrontation {number} at this table", "unknown_confrontation")
    return Extended(target=found.target, balance=found.balance)


def exchange_rolls(table: Table, actor: str, command: sc.PortalExchange, _: TableKeys) -> None:
    state = game.ruling(table, actor, "bank an exchange")
    extended = _extended(state, command.confrontation)
    first, second = compared(table, state, [command.first, command.second])
    sides = state.extended[str(command.confrontation)]
    if (first.character, second.character) != (sides.first, sides.second):
        raise InvalidCommand(
            f"confrontation {command.confrontation} is {sides.first} against {sides.second}: "
            "name each side's roll",
            "invalid_confrontation",
        )
    after = exchange(extended, first.result, second.result)
    table.trigger_event(
        ExchangeBanked,
        actor=actor,
        confrontation=command.confrontation,
        first=first,
        second=second,
        balance=after.balance,
        winner=after.winner,
    )


def buy_extended_aces(table: Table, actor: str, command: sc.PortalBuyAces, _: TableKeys) -> None:
    state = game.ruling(table, actor, "spend banked levels")
    reason = checked_reason(command.reason)
    extended = _extended(state, command.confrontation)
    if extended.winner is not None:
        raise Conflict("the confrontation is already won", "confrontation_over")
    after = buy_aces(extended, command.side, command.aces, state.options)
    table.trigger_event(
        AcesBought,
        actor=actor,
        confrontation=command.confrontation,
        side=command.side,
        aces=command.aces,
        levels=abs(extended.balance - after.balance),
        balance=after.balance,
        reason=reason,
    )


def _pay_luck(character: PortalCharacter, purpose: str) -> tuple[PaidWith, PortalSheet]:
    """One luck die paid outside a roll (`costs.pay`): a protagonist's held die, a principal
    NPC's pool (kept to the purpose the game master gave it) or harm (Errata [002:649-651])."""
    return pay(character.sheet, "luck", 1, purpose)


def psychological_confrontation(
    table: Table, actor: str, command: sc.PortalPsychological, _: TableKeys
) -> None:
    state = game.ruling(table, actor, "decide a psychological confrontation")
    reason = checked_reason(command.reason)
    manipulator, victim = compared(table, state, [command.manipulator, command.victim])
    character = alive(find_character(state, manipulator.character))
    require_no_open_roll(state, character)
    paid_with, paid = _pay_luck(character, "a psychological confrontation")
    outcome = psychological(manipulator.result, victim.result)
    table.trigger_event(
        PsychologicalConfronted,
        actor=actor,
        manipulator=manipulator,
        victim=victim,
        seat=character.seat,
        influenced=outcome.influenced,
        margin=outcome.margin,
        victim_dictated=outcome.victim_dictated,
        backfires=outcome.backfires,
        paid_with=paid_with,
        **after_paying(paid),
        reason=reason,
    )


def team_confrontation(table: Table, actor: str, command: sc.PortalTeams, _: TableKeys) -> None:
    state = game.ruling(table, actor, "decide a team confrontation")
    reason = checked_reason(command.reason)
    rolls = compared(table, state, [*command.first, *command.second])
    first, second = rolls[: len(command.first)], rolls[len(command.first) :]
    difference, winner = teams([c.result for c in first], [c.result for c in second])
    table.trigger_event(
        TeamsConfronted,
        actor=actor,
        first=first,
        second=second,
        difference=difference,
        winner=winner,
        reason=reason,
    )


def collaboration(table: Table, actor: str, command: sc.PortalCollaborate, _: TableKeys) -> None:
    state = game.ruling(table, actor, "resolve a collaboration")
    reason = checked_reason(command.reason)
    checked_difficulty(command.difficulty, state.options)
    rolls = compared(table, state, list(command.members))
    difficulty = collaborative_difficulty(command.difficulty, command.reduction)
    members = [Member(name=c.character, result=c.result) for c in rolls]
    resolved = collaborate(
        members, difficulty, list(command.cover), state.options, command.shared_task
    )
    table.trigger_event(
        Collaborated,
        actor=actor,
        difficulty=command.difficulty,
        reduction=command.reduction,
        collaborative_difficulty=difficulty,
        members=[
            Collaborator(
                roll=roll, margin=member.margin, covered=member.covered, outcome=member.outcome
            )
            for roll, member in zip(rolls, resolved.members, strict=True)
        ],
        excess=resolved.excess,
        deficit=resolved.deficit,
        spent=resolved.spent,
        left=resolved.left,
        shared_task=command.shared_task,
        task_failed=resolved.task_failed,
        reason=reason,
    )


def _call(command: sc.PortalOpenRoll, extra: str, difficulty: int | None) -> sc.PortalOpenRoll:
    """The plain roll a command that sets its own difficulty calls (`difficulty` and
    `automatic` left null by the caller; an automatic success where no roll is needed)."""
    if command.difficulty is not None or command.automatic is not None:
        raise InvalidCommand(
            f"the {extra} sets the roll's difficulty: leave `difficulty` and `automatic` null",
            "invalid_difficulty",
        )
    fields = msgspec.to_builtins(command)
    del fields[extra]
    fields["difficulty"] = difficulty
    fields["automatic"] = "success" if difficulty is None else None
    return msgspec.convert(fields, sc.PortalOpenRoll)


def _called(
    table: Table,
    actor: str,
    command: sc.PortalOpenRoll,
    call: sc.PortalOpenRoll,
    keys: TableKeys,
    ruling: type[FromRoll],
    paid: tuple[PortalSheet, Callable[[], None]] | None = None,
    **fields: Any,
) -> int:
    """The plain roll `call` opened (`open_roll` validates everything before its events),
    then the game master's `ruling` of it, hidden as the roll."""
    roll = open_roll(table, actor, call, keys, paid)
    character = find_character(game(table), command.character)
    table.trigger_event(
        ruling,
        actor=actor,
        **following(roll, command.visibility, character),
        **fields,
    )
    return roll


def deferred_roll(table: Table, actor: str, command: sc.PortalDeferredRoll, keys: TableKeys) -> int:
    state = game.ruling(table, actor, "call a deferred confrontation's roll")
    deferral = command.deferral
    reason = checked_reason(deferral.reason)
    (first,) = compared(table, state, [deferral.first])
    if first.character == command.character:
        raise InvalidCommand("a character confronts another one", "invalid_confrontation")
    difficulty = deferred_difficulty(first.result, deferral.factor, deferral.bonus)
    call = _call(command, "deferral", checked_difficulty(difficulty, state.options))
    return _called(
        table,
        actor,
        command,
        call,
        keys,
        DifficultyDeferred,
        first=first,
        factor=deferral.factor,
        bonus=deferral.bonus,
        difficulty=difficulty,
        reason=reason,
    )


# -- advancement ------------------------------------------------------------------------------


def _required(value: Any, field: str, improvement: str) -> Any:
    if value is None:
        raise InvalidCommand(f"{improvement} names its {field}", "invalid_advancement")
    return value


def _improved(sheet: PortalSheet, command: sc.PortalAdvance) -> tuple[PortalSheet, int]:
    """The sheet with the improvement, and its cost in character points (negative: given
    back) [002:711-838]."""
    kind = command.improvement
    if kind == "concept":
        target = _required(command.concept, "concept", kind)
        if target == sheet.concept:
            raise InvalidCommand(f"the concept is {target} already", "invalid_advancement")
        cost = advancement.concept_change(sheet.concept, target)
        return msgspec.structs.replace(sheet, concept=target), cost
    name = checked_name(_required(command.name, "name", kind), "an improvement's name")
    if kind == "fortaleza":
        level = _required(command.level, "level", kind)
        held = [f for f in sheet.fortalezas if f.name == name]
        if held:
            cost = advancement.fortaleza_cost(held[0].frequency, held[0].level, level)
            fortalezas = [
                msgspec.structs.replace(f, level=level) if f.name == name else f
                for f in sheet.fortalezas
            ]
        else:
            frequency = _required(command.frequency, "frequency", "a new Fortaleza")
            cost = advancement.fortaleza_cost(frequency, None, level)
            new = Fortaleza(name=name, level=level, frequency=frequency)
            fortalezas = [*sheet.fortalezas, new]
        return msgspec.structs.replace(sheet, fortalezas=fortalezas), cost
    if kind == "specialty":
        specialty = checked_name(_required(command.specialty, "specialty", kind), "a specialty")
        fortaleza = sheet.fortaleza(name)
        if fortaleza.specialty is not None:
            raise Conflict(f"{name!r} has a specialty already", "specialty_held")
        cost = advancement.specialty_cost(fortaleza.level)
        fortalezas = [
            msgspec.structs.replace(f, specialty=specialty) if f.name == name else f
            for f in sheet.fortalezas
        ]
        return msgspec.structs.replace(sheet, fortalezas=fortalezas), cost
    if kind == "remove_limitation":
        held_limitations = [lim for lim in sheet.limitations if lim.name == name]
        if not held_limitations:
            raise Conflict(f"{name!r} is not a limitation of the sheet", "unknown_limitation")
        cost = advancement.limitation_removal(held_limitations[0].frequency)
        limitations = [lim for lim in sheet.limitations if lim.name != name]
        return msgspec.structs.replace(sheet, limitations=limitations), cost
    if kind == "acquire_drive":
        drives, cost = advancement.acquire_drive(sheet.drives, name)
    else:
        drives, cost = advancement.remove_drive(sheet.drives, name)
    return msgspec.structs.replace(sheet, drives=drives), cost


def _paid(points: CharacterPoints, cost: int, at_adventure_end: bool) -> CharacterPoints:
    """In play the hand pays alone; at the adventure's end the reserve returns to the hand
    to buy improvements, and what is left starts the next adventure, 5 in hand at most
    [002:844, 854-856]. Points given back go where any gain goes."""
    available = end_adventure(points) if at_adventure_end else points.in_hand
    if cost > available:
        where = "in hand and in reserve" if at_adventure_end else "in hand"
        raise Conflict(
            f"the improvement costs {cost} character points and {available} are {where}",
            "not_enough_points",
        )
    if at_adventure_end:
        return start_adventure(available - cost)
    in_hand = min(MAX_CP_IN_HAND, points.in_hand - cost)
    return CharacterPoints(
        in_hand=in_hand, reserve=points.reserve + points.in_hand - cost - in_hand
    )


def advance(table: Table, actor: str, command: sc.PortalAdvance, _: TableKeys) -> None:
    character = ruled(table, actor, command.character, "approve an improvement")
    protagonist(character)
    approval = checked_reason(command.approval)
    improved, cost = _improved(character.sheet, command)
    points = _paid(character.sheet.points, cost, command.at_adventure_end)
    table.trigger_event(
        CharacterAdvanced,
        actor=actor,
        character=character.id,
        seat=character.seat,
        improvement=command.improvement,
        name=command.name if command.improvement != "concept" else None,
        cost=cost,
        concept=improved.concept,
        sheet=SheetParts(
            fortalezas=improved.fortalezas,
            limitations=improved.limitations,
            drives=improved.drives,
        ),
        points=points,
        at_adventure_end=command.at_adventure_end,
        approval=approval,
    )


# -- magic ------------------------------------------------------------------------------------


def _payment(
    table: Table,
    actor: str,
    payer: PortalCharacter,
    elements: dict[str, int],
    rite_of: str | None,
) -> tuple[PortalSheet, Callable[[], None]]:
    """`payer`'s sheet after paying `elements` (kind: amount) before the spell's roll
    [002:1604], and what records it: luck and points through `costs.pay` (a principal NPC's
    pool or harm), discomfort absorbed as any [002:248], wound dice up to 3."""
    sheet = payer.sheet
    paid_with: dict[str, PaidWith | None] = {"luck": None, "points": None}
    for cost in ("luck", "points"):
        if cost in elements:
            paid_with[cost], sheet = pay(sheet, cost, elements[cost], "the spell")
    harm = absorb(sheet.discomfort, sheet.wound, elements.get("discomfort", 0))
    if harm.unabsorbed or harm.wound + elements.get("wound", 0) > MAX_DICE:
        raise Conflict(f"{payer.name} holds no room for the spell's harm [002:312]", "dice_full")
    sheet = msgspec.structs.replace(
        sheet, discomfort=harm.discomfort, wound=harm.wound + elements.get("wound", 0)
    )

    def record() -> None:
        table.trigger_event(
            SpellPaid,
            actor=actor,
            character=payer.id,
            seat=payer.seat,
            elements=PaidDice(
                luck=elements.get("luck", 0),
                discomfort=elements.get("discomfort", 0),
                wound=elements.get("wound", 0),
            ),
            points_paid=elements.get("points", 0),
            luck_with=paid_with["luck"],
            points_with=paid_with["points"],
            points=sheet.points,
            **after_paying(sheet),
            rite_of=rite_of,
        )

    return sheet, record


def _kinds(paid: sc.PortalElements | None) -> dict[str, int]:
    """The kinds of element paid, with their amounts."""
    return {} if paid is None else {k: v for k, v in msgspec.to_builtins(paid).items() if v}


def _elements_paid(
    table: Table,
    actor: str,
    state: PortalState,
    caster: PortalCharacter,
    spell: sc.PortalSpell,
    worked: int,
) -> tuple[PortalSheet, Callable[[], None]] | None:
    """The caster's sheet after paying the spell's elements before its roll [002:1604], and
    what records the payments, the caster's and those of the other casters sharing a rank 3
    rite's cost ("la colaboración de varios hechiceros, el sacrificio conjunto" [002:1614]),
    each from its own sheet. Each kind paid, by anyone, is one of the elements required and
    not missing."""
    own = _kinds(spell.paid)
    if spell.sharing and worked < 3:
        raise InvalidCommand(
            "only a rank 3 rite's cost is shared by several casters [002:1614]", "invalid_spell"
        )
    sharers = [alive(find_character(state, share.character)) for share in spell.sharing]
    ids = [caster.id, *(sharer.id for sharer in sharers)]
    if len(set(ids)) != len(ids):
        raise InvalidCommand("each caster shares the rite's cost once", "invalid_spell")
    shares = [_kinds(share.paid) for share in spell.sharing]
    if not all(shares):
        raise InvalidCommand("a caster sharing the rite's cost pays something", "invalid_spell")
    kinds = set(own).union(*shares)
    if len(kinds) > spell.required - spell.missing:
        raise InvalidCommand(
            f"{len(kinds)} kinds of element paid, {spell.required - spell.missing} "
            "required and not missing",
            "invalid_spell",
        )
    if not kinds:
        return None
    for sharer in sharers:
        require_no_open_roll(state, sharer)  # its dice are settled against its open roll
    records = [
        _payment(table, actor, sharer, share, caster.id)[1]
        for sharer, share in zip(sharers, shares, strict=True)
    ]
    sheet = caster.sheet
    if own:
        sheet, mine = _payment(table, actor, caster, own, None)
        records.insert(0, mine)

    def record() -> None:
        for one in records:
            one()

    return sheet, record


def cast_spell(table: Table, actor: str, command: sc.PortalCastSpell, keys: TableKeys) -> int:
    state = game.ruling(table, actor, "call for a spell's roll")
    spell = command.spell
    reason = checked_reason(spell.reason)
    cast = casting(spell.rank, spell.purpose, spell.competent, spell.required, spell.missing)
    call = _call(command, "spell", cast.difficulty)
    caster = alive(find_character(state, command.character))
    paid = _elements_paid(table, actor, state, caster, spell, cast.rank)
    if paid is not None and cast.difficulty is None:
        raise InvalidCommand(
            "a competent mage's rank 0 spell costs nothing [002:1606]", "invalid_spell"
        )
    # the payment recorded before the roll's dice
    return _called(
        table,
        actor,
        command,
        call,
        keys,
        SpellCast,
        paid,
        rank=cast.rank,
        purpose=cast.purpose,
        missing=cast.missing,
        difficulty=cast.difficulty,
        reason=reason,
    )


# -- the critical state --------------------------------------------------------------------------

#: what each action past the damage limit costs, the state it is for, and the use it pays for
CRITICAL_ACTIONS: dict[str, tuple[Cost, str, str]] = {
    "minimal": ("luck", "conscious", "a minimal action past the damage limit [002:1281]"),
    "normal": ("points", "conscious", "action_past_limit"),
    "heroic": ("points", "unconscious", "heroic_action"),
}


def critical_action(
    table: Table, actor: str, command: sc.PortalCriticalAction, _: TableKeys
) -> None:
    character = ruled(table, actor, command.character, "let a character in the critical state act")
    reason = checked_reason(command.reason)
    contender = contender_of(combat_of(game(table), command.combat), character)
    if contender.critical:
        raise Conflict(f"{character.name}'s last aguante roll is due [002:1273]", "critical_due")
    if contender.out is None:
        raise Conflict(f"{character.name} is not in the critical state [002:1273]", "not_critical")
    cost, needed, use = CRITICAL_ACTIONS[command.action]
    if contender.out != needed:
        raise Conflict(
            f"{character.name} is {contender.out}: a {command.action} action is for the "
            f"{needed} [002:601, 1281]",
            "wrong_critical_state",
        )
    paid_with, sheet = pay(character.sheet, cost, 1, use)
    after = contender.out
    if command.action == "heroic":  # 3 and 3 of penalty, then unstabilised [002:601]
        sheet = msgspec.structs.replace(sheet, discomfort=MAX_DICE, wound=MAX_DICE)
        after = "unstabilised"
    record_ruling(
        table,
        CriticalActionTaken,
        actor,
        character,
        reason,
        combat=command.combat,
        action=command.action,
        paid_with=paid_with,
        points=sheet.points,
        **after_paying(sheet),
        state=after,
    )


# -- supporting characters ---------------------------------------------------------------------


def _recorded(
    table: Table,
    actor: str,
    dice: TableDice,
    roller: str,
    visibility: Visibility,
    ruling: type[FromRoll],
    **fields: Any,
) -> int:
    """Record the dice thrown as one roll, then the `ruling` derived from them, hidden as the
    roll; its number."""
    roll = dice.record(actor, roller, visibility)
    table.trigger_event(ruling, actor=actor, roll=roll, visibility=visibility, **fields)
    return roll


#: a supporting character's Reflexes stay below this (G is 6 at most [002:661])
MAX_REFLEXES = 20


def add_supporting(table: Table, actor: str, command: sc.PortalAddSupporting, _: TableKeys) -> None:
    state = game.ruling(table, actor, "bring a supporting character")
    reason = checked_reason(command.reason)
    if command.reflexes is not None and (
        command.reflexes.is_integer() or not 0 < command.reflexes < MAX_REFLEXES
    ):
        raise InvalidCommand(
            "a supporting character's Reflexes are between 0 and "
            f"{MAX_REFLEXES} and never a whole number [002:1291]",
            "invalid_cast",
        )
    supporting = SupportingCharacter(
        id=f"s{len(state.supporting) + 1}",
        name=checked_name(command.name, "a supporting character's name"),
        generic=command.generic,
        group=command.group,
        reflexes=command.reflexes,
        attack=command.attack,
        defence=command.defence,
        aguante=command.aguante,
        damage=command.damage,
    )
    table.trigger_event(SupportingAdded, actor=actor, supporting=supporting, reason=reason)


def supporting_turn(
    table: Table, actor: str, command: sc.PortalSupportingTurn, keys: TableKeys
) -> int:
    state = game.ruling(table, actor, "roll a supporting character's turn die")
    supporting = find_supporting(state, command.supporting)
    in_combat(supporting)
    dice = TableDice(table, keys)
    face = dice.roll(SIDES, "turn")
    turn = totals(supporting.rules(), face)
    return _recorded(
        table,
        actor,
        dice,
        supporting.id,
        command.visibility,
        SupportingTurnRolled,
        supporting=supporting.id,
        face=face,
        modifier=turn.modifier,
        totals=SupportingTotals(
            attack=turn.attack,
            defence=turn.defence,
            aguante=turn.aguante,
            damage=turn.damage,
            reflexes=turn.reflexes,
        ),
    )


def hurt_supporting(
    table: Table, actor: str, command: sc.PortalHurtSupporting, _: TableKeys
) -> None:
    state = game.ruling(table, actor, "hurt a supporting character")
    reason = checked_reason(command.reason)
    supporting = find_supporting(state, command.supporting)
    turn_seen(table, supporting, "its Aguante this turn")
    rules = in_combat(supporting)
    aguante = this_turn(supporting).aguante
    after = hurt(rules, command.damage_total, aguante)
    table.trigger_event(
        SupportingHurt,
        actor=actor,
        supporting=supporting.id,
        damage_total=command.damage_total,
        aguante=aguante,
        **hurt_after(rules, after),
        reason=reason,
    )


def stack_unit(table: Table, actor: str, command: sc.PortalStackUnit, keys: TableKeys) -> int:
    state = game.ruling(table, actor, "stack a unit")
    ids = [command.leader, *command.members]
    if len(set(ids)) != len(ids):
        raise InvalidCommand("each supporting character stacks once", "invalid_stack")
    if command.leader in state.supporting:
        turn = this_turn(supporting_fighter(table, state, command.leader))
        values, reflexes = stacked_on(turn, command.purpose), turn.reflexes
    else:
        # a protagonist or principal NPC leads: its members add to its roll's results, read
        # at the fight [002:1373-1375]; the unit acts at its slowest member's Reflexes
        alive(find_character(state, command.leader))
        values = {"attack": 0, "damage": 0} if command.purpose == "attack" else {"defence": 0}
        reflexes = math.inf
    dice = TableDice(table, keys)
    unit, members = stacked(state, dice, command.purpose, values, reflexes, command.members)
    return _recorded(
        table,
        actor,
        dice,
        command.leader,
        command.visibility,
        UnitStacked,
        purpose=command.purpose,
        leader=command.leader,
        members=members,
        totals=unit.totals,
        reflexes=unit.reflexes,
    )


HANDLERS: dict[type, Any] = {
    sc.PortalCutRerolls: cut_rerolls,
    sc.PortalConfront: confront_rolls,
    sc.PortalStartExtended: start_extended,
    sc.PortalExchange: exchange_rolls,
    sc.PortalBuyAces: buy_extended_aces,
    sc.PortalPsychological: psychological_confrontation,
    sc.PortalTeams: team_confrontation,
    sc.PortalCollaborate: collaboration,
    sc.PortalAdvance: advance,
    sc.PortalCastSpell: cast_spell,
    sc.PortalCriticalAction: critical_action,
    sc.PortalDeferredRoll: deferred_roll,
    sc.PortalAddSupporting: add_supporting,
    sc.PortalSupportingTurn: supporting_turn,
    sc.PortalHurtSupporting: hurt_supporting,
    sc.PortalStackUnit: stack_unit,
}
