"""Every PORTAL command handler. Each validates everything first, so a refused command leaves
nothing behind; a roll's dice are rolled (`TableDice`), then recorded (`DiceRolled`) before the
events derived from their faces. A reroll is its own `DiceRolled`, as secret as the roll it
rerolls, its die naming the die it replaces (`reroll_of`) and what paid for it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from domain.characters import alive, create_from_sheet, creators_seat, find_character
from domain.dice import TableDice, Visibility, require_game_master_sees
from domain.errors import Conflict, Forbidden, InvalidCommand, NotFound
from domain.keys import TableKeys
from domain.names import checked_name, checked_reason
from domain.portal import commands as cmd
from domain.portal.absorption import absorb, take_damage
from domain.portal.costs import after_paying, pay
from domain.portal.creation import price
from domain.portal.events import (
    CharacterCreated,
    CharacterPriced,
    DamageAbsorbed,
    DiceGiven,
    DiceRemoved,
    DieRerolled,
    LuckRestored,
    OnesAndSixesBlocked,
    PointsAwarded,
    PointsSpent,
    RollFixed,
    RollOpened,
    RollSettled,
    SequelNamed,
    SpecialtyBought,
    game,
)
from domain.portal.guards import (
    find_open_roll,
    require_no_open_roll,
    require_paid_unseen,
    require_player,
    require_points_holder,
    require_roller,
    rollers_roll,
)
from domain.portal.luck import recover_luck
from domain.portal.options import SIDES
from domain.portal.outcome import checked_difficulty, granted
from domain.portal.points import gain, remove_wound, spend, temporary_specialty
from domain.portal.pool import Pool
from domain.portal.reading import ReadingSpec
from domain.portal.rerolls import MAX_ACES, Entitlement, fortaleza_levels, reroll
from domain.portal.roll import resolve, settle
from domain.portal.sequels import made_sequel, pay_sequel_points
from domain.portal.sheet import MAX_DICE, Sheet, checked_sheet
from domain.portal.state import Ace, Applied, Automatic, LaterStage, PortalCharacter
from domain.table import Table

#: the sequel's kind while the game master has not named it yet (never stored)
UNNAMED = "unnamed"


def create_character(
    table: Table, actor: str, command: cmd.PortalCreateCharacter, _: TableKeys
) -> str:
    state = game.open(table)
    seat = creators_seat(table, actor, command.seat)
    gm = table.gm_seat.id
    sheet = checked_sheet(command.sheet)
    if sheet.kind == "principal" and actor != gm:
        raise Forbidden(
            "principal NPCs are the game master's characters [002:643-655]", "not_game_master"
        )
    if sheet.kind == "principal" and seat != gm:
        raise InvalidCommand(
            "a principal NPC is played by the game master's seat [002:643]", "invalid_sheet"
        )
    pool = state.options.creation_points
    priced = None
    if sheet.kind != "principal" and pool is not None:
        priced, sheet = price(sheet, pool, state.options.creation_concept)
    made = create_from_sheet(table, state, actor, seat, sheet, PortalCharacter, CharacterCreated)
    if priced is not None:
        table.trigger_event(CharacterPriced, actor=actor, character=made, seat=seat, price=priced)
    return made


# -- a roll ----------------------------------------------------------------------------------


def _specs(character: PortalCharacter, command: cmd.PortalOpenRoll) -> list[ReadingSpec]:
    specs: list[ReadingSpec] = []
    applies = any(r.specialty and not r.specialty.temporary for r in command.readings)
    for reading in command.readings:
        checked_reason(reading.reason)
        bonus = 0
        if reading.specialty is not None and reading.specialty.temporary:
            checked_reason(reading.specialty.reason)
            bonus = temporary_specialty(character.sheet, reading.specialty.fortaleza, applies)
        elif reading.specialty is not None:
            checked_reason(reading.specialty.reason)
            fortaleza = character.sheet.fortaleza(reading.specialty.fortaleza)
            if fortaleza.specialty is None:
                raise InvalidCommand(
                    f"{character.name}'s Fortaleza {fortaleza.name!r} has no specialty [002:456]",
                    "no_specialty",
                )
            bonus = fortaleza.level
        specs.append(
            ReadingSpec(
                name=checked_name(reading.name, "a reading's name"),
                choice=reading.choice,
                aguante=reading.aguante,
                specialty_bonus=bonus,
            )
        )
    return specs


def open_roll(
    table: Table,
    actor: str,
    command: cmd.PortalOpenRoll,
    keys: TableKeys,
    paid: tuple[Sheet, Callable[[], None]] | None = None,
) -> int:
    """`paid`: what a cost paid before the roll leaves on the sheet (a spell's elements
    [002:1604]), the roll thrown from it, and what records the payment once everything is
    checked, before the roll's own events."""
    state = game.ruling(table, actor, "call for a roll")
    character = alive(find_character(state, command.character))
    require_no_open_roll(state, character)
    require_game_master_sees(table, command.visibility, character.seat)
    sheet = character.sheet if paid is None else paid[0]
    options = state.options
    if command.difficulty is not None and command.automatic is not None:
        raise InvalidCommand(
            "a roll has a difficulty or an automatic outcome, not both [002:85-89]",
            "invalid_difficulty",
        )
    if command.difficulty is not None:
        checked_difficulty(command.difficulty, options)
    specs = _specs(character, command)
    applied = _applied(character, command.fortalezas)
    aces = [Ace(count=a.count, reason=checked_reason(a.reason)) for a in command.aces]
    partial, left = _partial(character, command)
    later = _later(character, command)
    reasons = [checked_reason(reading.reason) for reading in command.readings]
    bought = _bought(character, sheet, command)
    if bought is not None:
        paid_with = bought[0]["paid_with"]
        doing = "the temporary specialty bought"
        require_paid_unseen(table, None, command.visibility, character, paid_with, doing)
        sheet = bought[1]
    common: dict[str, Any] = {
        "readings": specs,
        "reasons": reasons,
        "difficulty": command.difficulty,
        "automatic": command.automatic,
        "fortalezas": applied,
        "aces": aces,
        "luck": command.luck,
        "tempt": command.tempt,
        "declined_wounds": command.declined_wounds,
    }
    dice = TableDice(table, keys)
    if command.automatic is not None:
        thrown = command.luck or command.tempt or command.declined_wounds
        if thrown or applied or aces or bought or partial or later:
            raise InvalidCommand(
                "an automatic outcome throws no dice [002:85-89]: no luck, Tempt luck, "
                "declined wound dice, Fortalezas, aces or temporary specialty",
                "automatic_outcome",
            )
        # a roll with no die: numbered as a thrown one, and a secret one settled as a thrown
        # one is, once revealed, so that the two read alike to the seats it is kept from
        roll = _opened(table, actor, command, character, dice, common, None, None)
        if command.visibility == "public":
            _settle_automatic(table, actor, roll, command.visibility, character, command.automatic)
        return roll
    entitlement = Entitlement(
        fortaleza=fortaleza_levels(sheet, [f.name for f in command.fortalezas]),
        aces=sum(a.count for a in aces),
        adventure=left,
    )
    if command.declined_wounds > sheet.wound:
        raise InvalidCommand(
            f"{character.name} holds {sheet.wound} wound dice: {command.declined_wounds} cannot "
            "be declined [002:264]",
            "invalid_pool",
        )
    pool = Pool(
        basic=[dice.roll(SIDES, "basic") for _ in range(3)],
        discomfort=[dice.roll(SIDES, "discomfort") for _ in range(sheet.discomfort)],
        wound=[dice.roll(SIDES, "wound") for _ in range(sheet.wound - command.declined_wounds)],
        declined_wounds=command.declined_wounds,
        luck=[dice.roll(SIDES, "luck") for _ in range(command.luck)],
        tempt=dice.roll(SIDES, "tempt") if command.tempt else None,
    )
    # every rule of the pool and the readings, checked before anything is recorded
    resolve(sheet, pool, specs, options, command.difficulty)
    if entitlement.total + (0 if later is None else later.entitlement.total) > MAX_ACES:
        raise InvalidCommand("a roll is entitled to 20 rerolls at most", "invalid_fortalezas")
    if paid is not None:
        paid[1]()
    common.update(partial=partial, later=later)
    roll = _opened(table, actor, command, character, dice, common, pool, entitlement)
    if bought is not None:
        table.trigger_event(
            SpecialtyBought,
            actor=actor,
            **following(roll, command.visibility, character),
            **bought[0],
        )
    return roll


def _partial(character: PortalCharacter, command: cmd.PortalOpenRoll) -> tuple[Applied | None, int]:
    """The Fortaleza ruled partly applicable [002:492] and the rerolls left of its
    once-per-adventure pool (none: 0); refused when it applies in full too, or is spent."""
    if command.partial is None:
        return None, 0
    name = command.partial.name
    if name in {f.name for f in command.fortalezas}:
        raise InvalidCommand(
            f"{name!r} applies in full or partly, not both [002:492]", "invalid_fortalezas"
        )
    level = character.sheet.fortaleza(name).level
    left = level - character.partial_used.get(name, 0)
    if left < 1:
        raise Conflict(
            f"{character.name}'s {name!r} has no reroll left this adventure [002:492]",
            "no_reroll_left",
        )
    return Applied(name=name, level=level, reason=checked_reason(command.partial.reason)), left


def _applied(character: PortalCharacter, fortalezas: list[cmd.PortalFortaleza]) -> list[Applied]:
    """The Fortalezas ruled applicable, each with its level and the game master's reason."""
    return [
        Applied(
            name=f.name,
            level=character.sheet.fortaleza(f.name).level,
            reason=checked_reason(f.reason),
        )
        for f in fortalezas
    ]


def _later(character: PortalCharacter, command: cmd.PortalOpenRoll) -> LaterStage | None:
    """The Fortalezas and aces on the damage or aguante [002:1096], none of the Fortalezas
    applying to the roll already (a level rerolls once a roll [002:442])."""
    if command.later is None:
        return None
    names = [f.name for f in command.later.fortalezas]
    if set(names) & {f.name for f in command.fortalezas}:
        raise InvalidCommand(
            "a Fortaleza applies to the roll or to its damage or aguante, not both",
            "invalid_fortalezas",
        )
    aces = [Ace(count=a.count, reason=checked_reason(a.reason)) for a in command.later.aces]
    return LaterStage(
        fortalezas=_applied(character, command.later.fortalezas),
        aces=aces,
        entitlement=Entitlement(
            fortaleza=fortaleza_levels(character.sheet, names),
            aces=sum(a.count for a in aces),
        ),
    )


def _bought(
    character: PortalCharacter, sheet: Sheet, command: cmd.PortalOpenRoll
) -> tuple[dict[str, Any], Sheet] | None:
    """A temporary specialty bought before the roll [002:585]: what its event says and the
    sheet after its point is paid (`sheet`: the one the roll is thrown from), or None. One
    a roll, whatever readings it applies to; a principal NPC pays as its sheet says."""
    temporary = [
        (reading.name, reading.specialty)
        for reading in command.readings
        if reading.specialty is not None and reading.specialty.temporary
    ]
    if not temporary:
        return None
    fortalezas = {specialty.fortaleza for _, specialty in temporary}
    if len(fortalezas) > 1:
        raise InvalidCommand(
            "one temporary specialty is bought for a roll [002:585], not one a reading",
            "invalid_readings",
        )
    if character.sheet.npc_pool is None:
        protagonist(character)
    specialty = temporary[0][1]
    paid_with, after = pay(sheet, "points", 1, "temporary_specialty")
    said = {
        "fortaleza": specialty.fortaleza,
        "bonus": character.sheet.fortaleza(specialty.fortaleza).level,
        "readings": [name for name, _ in temporary],
        "reason": checked_reason(specialty.reason),
        "paid_with": paid_with,
        **_points_paid(after),
    }
    return said, after


def _points_paid(after: Sheet) -> dict[str, Any]:
    """What an event of character points paid records of the payer's sheet after: its points,
    its wound dice (a principal NPC paying with harm) and a principal NPC's pool (Errata
    [002:649])."""
    return {
        "points": after.points,
        "wound": after.wound,
        "pool": None if after.npc_pool is None else after.npc_pool.pool,
    }


def _opened(
    table: Table,
    actor: str,
    command: cmd.PortalOpenRoll,
    character: PortalCharacter,
    dice: TableDice,
    common: dict[str, Any],
    pool: Pool | None,
    entitlement: Entitlement | None,
) -> int:
    """Record the roll's dice (none for an automatic outcome), then the roll opened; its
    number."""
    roll = dice.record(actor, character.id, command.visibility)
    table.trigger_event(
        RollOpened,
        actor=actor,
        **following(roll, command.visibility, character),
        pool=pool,
        entitlement=entitlement,
        **common,
    )
    return roll


def following(roll: int, visibility: Visibility, character: PortalCharacter) -> dict[str, Any]:
    """The header of an event that follows a character's roll (`events.FollowsRoll`): the
    roll and its visibility, the character and its seat."""
    return {
        "roll": roll,
        "visibility": visibility,
        "character": character.id,
        "seat": character.seat,
    }


def _position(pool: Pool, die: Any) -> int:
    """The die's place in its roll's `DiceRolled` (basic, discomfort, wound, luck, tempt)."""
    return [(d.kind, d.index) for d in pool.dice()].index((die.kind, die.index))


def reroll_die(table: Table, actor: str, command: cmd.PortalRerollDie, keys: TableKeys) -> int:
    _, rolled, character = rollers_roll(table, actor, command.roll)
    sequence = rolled.sequence
    pool = None
    if command.source == "point":
        npc_pool = character.sheet.npc_pool
        if npc_pool is not None and npc_pool.pays_with == "harm":
            raise Conflict(
                f"{character.name} pays with harm, and the dice of an open roll do not change: "
                "no ace bought during it (Errata [002:649])",
                "roll_open",
            )
        # the luck-equivalents the roll throws stay the pool's until it is settled
        thrown = len(sequence.pool.luck) if character.sheet.kind == "principal" else 0
        paid_with, paid = pay(_pool_less(character.sheet, thrown), "points", 1, "ace")
        doing = "the point paid for this reroll"
        require_paid_unseen(table, rolled.roll, rolled.visibility, character, paid_with, doing)
        points = paid.points if paid_with == "points" else None
        pool = paid.npc_pool.pool + thrown if paid.npc_pool is not None else None
        entitlement = msgspec.structs.replace(
            sequence.entitlement, points=sequence.entitlement.points + 1
        )
        sequence = msgspec.structs.replace(sequence, entitlement=entitlement)
    else:
        points = None
    sequence.pool.face(command.die)  # unknown_die before any die is rolled
    dice = TableDice(table, keys)
    face = dice.roll(SIDES, f"reroll of {command.die.kind} {command.die.index}")
    after = reroll(sequence, command.die, command.source, face)
    dice.dice[-1] = msgspec.structs.replace(
        dice.dice[-1],
        reroll_of=_position(sequence.pool, command.die),
        reroll_source=command.source,
    )
    reroll_roll = dice.record(actor, character.id, rolled.visibility)
    table.trigger_event(
        DieRerolled,
        actor=actor,
        **following(rolled.roll, rolled.visibility, character),
        reroll_roll=reroll_roll,
        die=command.die,
        old=after.rerolls[-1].old,
        new=face,
        source=command.source,
        points=points,
        pool=pool,
    )
    return reroll_roll


def _pool_less(sheet: Sheet, thrown: int) -> Sheet:
    """A principal NPC's sheet with `thrown` luck-equivalents out of its pool (Errata
    [002:649]): those its open roll throws, not to pay anything else meanwhile."""
    if sheet.npc_pool is None or not thrown:
        return sheet
    less = msgspec.structs.replace(sheet.npc_pool, pool=sheet.npc_pool.pool - thrown)
    return msgspec.structs.replace(sheet, npc_pool=less)


def block_roll(table: Table, actor: str, command: cmd.PortalBlockRoll, _: TableKeys) -> None:
    state = game.open(table)
    acting = table.require_seat(actor)
    rolled = find_open_roll(state, command.roll)
    character = find_character(state, rolled.character)
    gm = table.gm_seat.id
    if command.roll in table.secret_rolls and acting.id != gm:
        raise Conflict(f"roll {command.roll} is secret: its dice are not seen", "roll_secret")
    giver: PortalCharacter | None = None
    if command.giver is None:
        if acting.id != gm:
            raise InvalidCommand(
                "a player hands over one of its character's points: name the character "
                "(giver) [002:605]",
                "invalid_giver",
            )
    else:
        giver = alive(find_character(state, command.giver))
        require_player(giver, actor)
        if giver.id == character.id:
            raise InvalidCommand(
                "a character blocks another character's 1s and 6s [002:587]", "invalid_giver"
            )
        require_points_holder(giver)
    if rolled.sequence.blocked_after is not None:
        raise Conflict("this roll's 1s and 6s are already blocked", "already_blocked")
    points = None
    if character.sheet.kind == "protagonist":  # the roller keeps the point [002:579]
        doing = "the point handed to the roller"
        require_paid_unseen(table, command.roll, rolled.visibility, character, "points", doing)
        points = gain(character.sheet.points, 1, "ones_and_sixes_blocked")
    if giver is not None:
        given = spend(giver.sheet.points, 1, "block_ones_and_sixes")
        record_ruling(
            table,
            PointsSpent,
            actor,
            giver,
            f"handed to {character.name} to block the 1s and 6s of roll {rolled.roll}",
            amount=1,
            use="block_ones_and_sixes",
            points=given,
            wound=giver.sheet.wound,
        )
    table.trigger_event(
        OnesAndSixesBlocked,
        actor=actor,
        **following(rolled.roll, rolled.visibility, character),
        by=actor,
        giver=command.giver,
        points=points,
    )


def fix_roll(table: Table, actor: str, command: cmd.PortalFixRoll, _: TableKeys) -> None:
    state, rolled, character = rollers_roll(table, actor, command.roll)
    if rolled.later is None:
        raise Conflict(
            f"roll {command.roll} has no Fortaleza or ace on its damage or aguante to reroll "
            "once its first reading is fixed [002:1096]",
            "no_reroll_left",
        )
    if rolled.fixed is not None:
        raise Conflict(f"roll {command.roll}'s first reading is fixed already", "roll_fixed")
    first = rolled.sequence
    later = rolled.later.entitlement
    shared = state.options.late_reroll_cap == "shared"
    # shared: the first stage's rerolls made count against the 5, those not made go
    made = Entitlement(
        fortaleza=first.used("fortaleza") if shared else 0,
        aces=first.used("ace") if shared else 0,
        points=first.entitlement.points - (0 if shared else first.used("point")),
        adventure=first.used("adventure") if shared else 0,
    )
    table.trigger_event(
        RollFixed,
        actor=actor,
        **following(rolled.roll, rolled.visibility, character),
        fixed=rolled.final_readings()[0],
        entitlement=msgspec.structs.replace(
            made, fortaleza=made.fortaleza + later.fortaleza, aces=made.aces + later.aces
        ),
        carried=first.rerolls if shared else [],
    )


def _settle_automatic(
    table: Table,
    actor: str,
    roll: int,
    visibility: Visibility,
    character: PortalCharacter,
    automatic: Automatic,
) -> None:
    """An automatic outcome settled: no dice, so nothing kept, lost or paid [002:85-89]."""
    sheet = character.sheet
    table.trigger_event(
        RollSettled,
        actor=actor,
        **following(roll, visibility, character),
        result=None,
        verdict=granted(automatic),
        payments=[],
        owed=0,
        discomfort=sheet.discomfort,
        wound=sheet.wound,
        luck_held=sheet.luck_held,
        luck_lost=sheet.luck_lost,
        points=sheet.points,
    )


def _require_revealed(table: Table, roll: int, character: PortalCharacter) -> None:
    """A roll is settled before every seat: a secret one waits for its reveal."""
    if roll in table.secret_rolls:
        raise Conflict(
            f"roll {roll} is secret: settling it would show its outcome on "
            f"{character.name}'s dice; reveal it first",
            "roll_secret",
        )


def settle_roll(table: Table, actor: str, command: cmd.PortalSettleRoll, _: TableKeys) -> None:
    called = game.open(table).automatic_calls.get(str(command.roll))
    if called is not None:  # a secret automatic call, revealed since
        table.require_seat(actor)
        character = find_character(game(table), called.character)
        require_roller(table, actor, character, called.roll)
        _require_revealed(table, called.roll, character)
        if command.payments:
            raise InvalidCommand(
                f"an automatic outcome throws no dice, so it makes 0 sequel points to pay, not "
                f"{len(command.payments)} [002:85-89, 276]",
                "invalid_sequel",
            )
        _settle_automatic(table, actor, called.roll, called.visibility, character, called.automatic)
        return
    state, rolled, character = rollers_roll(table, actor, command.roll)
    _require_revealed(table, command.roll, character)
    sequence = rolled.sequence
    result = resolve(
        character.sheet,
        sequence.pool,
        rolled.final_specs(),
        state.options,
        rolled.difficulty,
        rolled.fixed,
    )
    settled = settle(character.sheet, result)
    paid, settlement = pay_sequel_points(
        settled,
        len(result.sequel_points),
        list(command.payments),
        state.options,
        kind=UNNAMED,
        returned_by_roll=len(result.luck_returned),
    )
    owed = settlement.sequel.level if settlement.sequel is not None else 0
    table.trigger_event(
        RollSettled,
        actor=actor,
        **following(rolled.roll, rolled.visibility, character),
        result=result,
        verdict=result.verdict,
        payments=list(command.payments),
        owed=owed,
        points=paid.points,
        **after_paying(paid),
    )


def name_sequel(table: Table, actor: str, command: cmd.PortalNameSequel, _: TableKeys) -> None:
    state = game.ruling(table, actor, "name a sequel")
    owed = state.owed_sequels.get(str(command.roll))
    if owed is None:
        raise NotFound(f"roll {command.roll} owes no sequel", "unknown_roll")
    character = find_character(state, owed.character)
    kind = checked_name(command.kind, "a sequel's kind")
    table.trigger_event(
        SequelNamed,
        actor=actor,
        **following(owed.roll, owed.visibility, character),
        sequel=made_sequel(owed.level, kind, state.fighting_in(character.id)),
        reason=checked_reason(command.reason),
    )


# -- the game master's rulings on a sheet -----------------------------------------------------


def ruled(table: Table, actor: str, character_id: str, doing: str) -> PortalCharacter:
    """The character the game master rules on, alive and with no open roll (its dice do not
    change while one is open)."""
    state = game.ruling(table, actor, doing)
    character = alive(find_character(state, character_id))
    require_no_open_roll(state, character)
    return character


def record_ruling(
    table: Table,
    ruling: type[Table.Event],
    actor: str,
    character: PortalCharacter,
    reason: str,
    **fields: Any,
) -> None:
    """Record a ruling on a character's sheet with what every one carries: the character,
    its seat (the log's seat filter and the sheet's audience read it) and the reason."""
    table.trigger_event(
        ruling, actor=actor, character=character.id, seat=character.seat, reason=reason, **fields
    )


def dice_given(character: PortalCharacter, kind: str, dice: int) -> dict[str, Any]:
    """What giving `dice` discomfort or wound dice does, as `DiceGiven` records it: a
    discomfort die at 3 turns one into a wound die [002:248]; refused when they do not fit
    (3 of each at most [002:97, 312])."""
    sheet = character.sheet
    absorption = None
    if kind == "discomfort":
        absorption = absorb(sheet.discomfort, sheet.wound, dice)
        if absorption.unabsorbed:
            raise Conflict(
                f"{character.name} holds 3 discomfort and 3 wound dice: no more can be given "
                "[002:312]",
                "dice_full",
            )
        discomfort, wound = absorption.discomfort, absorption.wound
    else:
        if sheet.wound + dice > MAX_DICE:
            raise Conflict(
                f"{character.name} holds {sheet.wound} wound dice, at most {MAX_DICE} [002:97]",
                "dice_full",
            )
        discomfort, wound = sheet.discomfort, sheet.wound + dice
    return {
        "kind": kind,
        "dice": dice,
        "discomfort": discomfort,
        "wound": wound,
        "absorption": absorption,
    }


def give_dice(table: Table, actor: str, command: cmd.PortalGiveDice, _: TableKeys) -> None:
    character = ruled(table, actor, command.character, "give dice")
    reason = checked_reason(command.reason)
    given = dice_given(character, command.kind, command.dice)
    record_ruling(table, DiceGiven, actor, character, reason, **given)


def dice_removed(character: PortalCharacter, kind: str, dice: int) -> dict[str, Any]:
    """What removing `dice` discomfort or wound dice does, as `DiceRemoved` records it;
    refused past those held."""
    sheet = character.sheet
    held = sheet.discomfort if kind == "discomfort" else sheet.wound
    if dice > held:
        raise Conflict(f"{character.name} holds {held} {kind} dice, not {dice}", "not_enough_dice")
    discomfort, wound = sheet.discomfort, sheet.wound
    if kind == "discomfort":
        discomfort -= dice
    else:
        wound -= dice
    return {"kind": kind, "dice": dice, "discomfort": discomfort, "wound": wound}


def remove_dice(table: Table, actor: str, command: cmd.PortalRemoveDice, _: TableKeys) -> None:
    character = ruled(table, actor, command.character, "remove dice")
    reason = checked_reason(command.reason)
    removed = dice_removed(character, command.kind, command.dice)
    record_ruling(table, DiceRemoved, actor, character, reason, **removed)


def damage(table: Table, actor: str, command: cmd.PortalDamage, _: TableKeys) -> None:
    character = ruled(table, actor, command.character, "deal damage")
    reason = checked_reason(command.reason)
    absorption = take_damage(character.sheet, command.points, command.nonlethal)[1]
    record_ruling(table, DamageAbsorbed, actor, character, reason, absorption=absorption)


def protagonist(character: PortalCharacter) -> None:
    """Refused for a principal NPC: no luck dice, no character points [002:647]."""
    if character.sheet.kind != "protagonist":
        raise Conflict(
            f"{character.name} is a principal NPC: no luck dice, no character points [002:647]",
            "principal_npc",
        )


def award_points(table: Table, actor: str, command: cmd.PortalAwardPoints, _: TableKeys) -> None:
    character = ruled(table, actor, command.character, "award character points")
    protagonist(character)
    reason = checked_reason(command.reason)
    points = gain(character.sheet.points, command.points, command.gain)
    record_ruling(
        table,
        PointsAwarded,
        actor,
        character,
        reason,
        amount=command.points,
        gain=command.gain,
        points=points,
    )


def spend_points(table: Table, actor: str, command: cmd.PortalSpendPoints, _: TableKeys) -> None:
    character = ruled(table, actor, command.character, "spend character points")
    if character.sheet.npc_pool is None or command.use == "remove_wound":
        protagonist(character)  # a principal NPC pays as its sheet says, or not at all
    reason = checked_reason(command.reason)
    sheet = character.sheet
    if command.use == "remove_wound":
        if command.points != 1:
            raise InvalidCommand("a point removes one wound die [002:583]", "invalid_points")
        after = remove_wound(sheet)
    elif command.use in ("ace", "block_ones_and_sixes", "temporary_specialty"):
        raise InvalidCommand(
            f"{command.use} is spent with the roll it is for (portalRerollDie, portalBlockRoll, "
            "a reading's temporary specialty in portalOpenRoll)",
            "invalid_points",
        )
    else:
        after = pay(sheet, "points", command.points, command.use)[1]
    record_ruling(
        table,
        PointsSpent,
        actor,
        character,
        reason,
        amount=command.points,
        use=command.use,
        **_points_paid(after),
    )


def restore_luck(table: Table, actor: str, command: cmd.PortalRestoreLuck, _: TableKeys) -> None:
    character = ruled(table, actor, command.character, "restore luck")
    protagonist(character)
    reason = checked_reason(command.reason)
    after = recover_luck(character.sheet, command.dice)
    record_ruling(
        table,
        LuckRestored,
        actor,
        character,
        reason,
        dice=command.dice,
        luck_held=after.luck_held,
        luck_lost=after.luck_lost,
    )


HANDLERS: dict[type, Any] = {
    cmd.PortalCreateCharacter: create_character,
    cmd.PortalOpenRoll: open_roll,
    cmd.PortalRerollDie: reroll_die,
    cmd.PortalFixRoll: fix_roll,
    cmd.PortalBlockRoll: block_roll,
    cmd.PortalSettleRoll: settle_roll,
    cmd.PortalNameSequel: name_sequel,
    cmd.PortalGiveDice: give_dice,
    cmd.PortalRemoveDice: remove_dice,
    cmd.PortalDamage: damage,
    cmd.PortalAwardPoints: award_points,
    cmd.PortalSpendPoints: spend_points,
    cmd.PortalRestoreLuck: restore_luck,
}
