"""Combat [L873-L1207]: the Mayor opens a combat, then runs it turn by turn.

A turn is a test of kind "combat": every able combatant declares (technique, weapon, targets,
action + move or move only; the Mayor's characters first [L881]) and an attacker draws at
once; attackers choose their cards in secret, one target per card; nothing is revealed until
the last combatant has declared and chosen; then every attack is judged together and the
damage lands as health changes. Also here: the jam check of every fifth turn. The turn's
commands and events are in `combat_commands` and `combat_events`, an announcement's checks in
`combat_declarations`, the judging of the revealed cards in `combat_judgement`; the pistol
duel and the survival test of the fallen have their own modules.

Decisions where the book is silent:
- Positions are ranges between pairs of combatants (and each one's cover, mount, holstered
  weapons), set by the Mayor when opening and between turns; new positions a move earns are
  the Mayor's to record for the next turn [L893].
- A character announces whom it attacks; its weapon must reach each, and the draw takes the
  least favourable range modifier among them; each card played names one of those targets.
- Damage per hit is fixed at the declaration (technique, skill strength, weapon), so a weapon
  edited mid-turn changes nothing already announced.
- A grapple's hit holds from the end of its turn. On every later turn of the hold, holder
  and held take its opposed muscle test [L1090] as their only action [L1089]: each declares
  `hold` (no move: the hold immobilises [L1084]), draws muscle, + 2 with strength or agility
  (either skill serves, and counts once), and plays one card against each rival, revealed
  with the turn's other cards. The held character's victory breaks the hold at the end of
  the turn; a defeat keeps it, and so does a tie, the next turn's test deciding again
  [L805]. One who cannot act that turn plays no card. The Mayor may still end a hold
  between turns (the holder lets go).
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.errors import Conflict, InvalidCommand, NotFound
from domain.frontera import guards, rules
from domain.frontera.combat import RANGES, Range
from domain.frontera.combat_commands import (
    MAX_SHOTS,
    ChooseAttacks,
    CombatantSetup,
    DeclareAction,
    EndCombat,
    OpenCombat,
    RangeSetup,
    StartCombatTurn,
    UpdateCombat,
)
from domain.frontera.combat_declarations import check_declaration, rivals
from domain.frontera.combat_events import (
    ActionDeclared,
    AttacksResolved,
    CombatEnded,
    CombatOpened,
    CombatTurnStarted,
    CombatUpdated,
    HoldTested,
    TurnLost,
)
from domain.frontera.combat_judgement import judge, judge_hold
from domain.frontera.equipment import require_armed
from domain.frontera.events import (
    TestOpened,
    game,
)
from domain.frontera.recovery import pass_time
from domain.frontera.resolution import Play
from domain.frontera.state import (
    Combat,
    Combatant,
    FronteraState,
    OpenTest,
    range_key,
)
from domain.keys import TableKeys
from domain.names import checked_reason
from domain.structs import clone
from domain.table import Table

JAM_EVERY = 5  # turns [L1014]


# -- opening, updating, ending -------------------------------------------------------------


def _open_combat(state: FronteraState) -> Combat:
    if state.combat is None:
        raise Conflict("no combat is open: the Mayor opens one first", "no_combat")
    return state.combat


def _between_turns(state: FronteraState) -> Combat:
    combat = _open_combat(state)
    if combat.test is not None and state.test is not None and state.test.number == combat.test:
        raise Conflict(f"turn {combat.turn} is still running", "turn_in_progress")
    return combat


def _footing(state: FronteraState, setup: CombatantSetup, limit: int | None) -> Combatant:
    """The footing the Mayor set (the same fields), with the combat's shot limit."""
    guards.find_character(state, setup.character)
    return Combatant(**msgspec.structs.asdict(setup), shots_left=limit)


def _ranges(
    combatants: list[str],
    default: Range,
    listed: list[RangeSetup],
    known: dict[str, Range] | None = None,
) -> dict[str, Range]:
    """Every pair's range: listed, else already known, else the default."""
    ranges: dict[str, Range] = {}
    for a_index, a in enumerate(combatants):
        for b in combatants[a_index + 1 :]:
            key = range_key(a, b)
            ranges[key] = (known or {}).get(key, default)
    for entry in listed:
        if len(entry.between) != 2 or entry.between[0] == entry.between[1]:
            raise InvalidCommand("a range is between two different combatants", "invalid_range")
        key = range_key(*entry.between)
        if key not in ranges:
            raise InvalidCommand(
                f"{' and '.join(entry.between)} are not both in the combat", "invalid_range"
            )
        ranges[key] = entry.range
    return ranges


def _check_range(value: str) -> None:
    if value not in RANGES:
        raise InvalidCommand(f"ranges are {', '.join(RANGES)}", "invalid_range")


def open_combat(table: Table, actor: str, command: OpenCombat, _: TableKeys) -> None:
    state = guards.started_ruling(table, actor, "open a combat")
    if state.combat is not None:
        raise Conflict("a combat is already open: end it first", "combat_in_progress")
    ids = [setup.character for setup in command.combatants]
    if len(ids) < 2 or len(set(ids)) != len(ids):
        raise InvalidCommand(
            "a combat needs two or more different characters", "invalid_combatants"
        )
    if command.shot_limit is not None and not 1 <= command.shot_limit <= MAX_SHOTS:
        raise InvalidCommand(f"a shot limit is 1 to {MAX_SHOTS}", "invalid_shot_limit")
    _check_range(command.range)
    combatants = {
        setup.character: _footing(state, setup, command.shot_limit) for setup in command.combatants
    }
    combat = Combat(
        combatants=combatants,
        ranges=_ranges(ids, command.range, command.ranges),
        shot_limit=command.shot_limit,
    )
    table.trigger_event(CombatOpened, actor=actor, combat=combat)


def update_combat(table: Table, actor: str, command: UpdateCombat, _: TableKeys) -> None:
    state = guards.started_ruling(table, actor, "update the combat")
    combat = _between_turns(state)
    reason = checked_reason(command.reason)
    _check_range(command.range)
    combatants = {c: clone(v) for c, v in combat.combatants.items()}
    for gone in command.leaving:
        if gone not in combatants:
            raise NotFound(f"{gone!r} is not in the combat", "not_a_combatant")
        del combatants[gone]
    for setup in command.combatants:
        kept = combatants.get(setup.character)
        footing = _footing(state, setup, combat.shot_limit)
        if kept is not None:
            footing.held_by, footing.shots_left = kept.held_by, kept.shots_left
        combatants[setup.character] = footing
    for held in command.released:
        if held not in combatants or combatants[held].held_by is None:
            raise InvalidCommand(f"{held!r} is not held", "not_held")
        combatants[held].held_by = None
    for footing in combatants.values():
        if footing.held_by is not None and footing.held_by not in combatants:
            footing.held_by = None  # the holder left
    if len(combatants) < 2:
        raise InvalidCommand(
            "a combat keeps two or more combatants: end it instead", "invalid_combatants"
        )
    ranges = _ranges(list(combatants), command.range, command.ranges, combat.ranges)
    table.trigger_event(
        CombatUpdated, actor=actor, combatants=combatants, ranges=ranges, reason=reason
    )


def end_combat(table: Table, actor: str, command: EndCombat, _: TableKeys) -> None:
    state = guards.started_ruling(table, actor, "end the combat")
    _between_turns(state)
    table.trigger_event(CombatEnded, actor=actor, reason=checked_reason(command.reason))


# -- a turn --------------------------------------------------------------------------------


def start_turn(table: Table, actor: str, command: StartCombatTurn, keys: TableKeys) -> int:
    state = rules.ready_to_open(table, actor)
    combat = _open_combat(state)
    turn, number = combat.turn + 1, state.tests_opened + 1
    table.trigger_event(CombatTurnStarted, actor=actor, turn=turn, test=number)
    table.trigger_event(
        TestOpened,
        actor=actor,
        test=OpenTest(number=number, kind="combat", participants={}),
    )
    if turn % JAM_EVERY == 0:
        for character_id in combat.combatants:
            if state.characters[character_id].cannot_act_because is not None:
                continue
            if not rules.flip_dead_mans_hand(table, actor, character_id, "jam", 1, keys)[0]:
                table.trigger_event(
                    TurnLost, actor=actor, character=character_id, turn=turn, reason="jam"
                )
    _resolve_when_ready(table, actor, keys)
    return number


def _why_idle(state: FronteraState, combat: Combat, character_id: str) -> str | None:
    """Why a combatant takes no part in this turn, or None if it must declare."""
    reason = state.characters[character_id].cannot_act_because
    if reason is not None:
        return reason.replace("_", " ")
    if character_id in combat.jammed:
        return "its weapon jammed this turn"
    return None


def _running_turn(table: Table) -> tuple[FronteraState, Combat, OpenTest]:
    state = guards.started(table)
    combat = _open_combat(state)
    test = state.test
    if test is None or test.kind != "combat" or combat.test != test.number:
        raise Conflict("no combat turn is running: the Mayor starts one", "no_combat_turn")
    return state, combat, test


def declare(table: Table, actor: str, command: DeclareAction, keys: TableKeys) -> list[str]:
    state, combat, test = _running_turn(table)
    table.require_seat(actor)
    character = guards.find_character(state, command.character)
    guards.require_player(character, actor)
    if command.character not in combat.combatants:
        raise Conflict(f"{character.name} is not in the combat", "not_a_combatant")
    if command.character in combat.declarations:
        raise Conflict(f"{character.name} has already declared this turn", "already_declared")
    idle = _why_idle(state, combat, command.character)
    if idle is not None:
        raise Conflict(f"{character.name} cannot act: {idle}", "character_cannot_act")
    if rivals(combat, command.character) and command.action != "hold":
        raise Conflict(
            f"{character.name} is in a hold: its only action is the hold's test [L1089]",
            "character_cannot_act",
        )
    if actor != table.gm_seat.id:
        waiting = [
            state.characters[c].name
            for c in combat.combatants
            if state.characters[c].seat == table.gm_seat.id
            and c not in combat.declarations
            and _why_idle(state, combat, c) is None
        ]
        if waiting:
            raise Conflict(
                f"the Mayor's characters declare and draw first; waiting for {', '.join(waiting)}",
                "npcs_first",
            )
    declaration, participant = check_declaration(state, combat, character, command)
    require_armed(character, declaration)
    table.trigger_event(
        ActionDeclared,
        actor=actor,
        turn=combat.turn,
        declaration=declaration,
        participant=participant,
    )
    cards: list[str] = []
    if participant is not None:
        cards = rules.draw_cards(table, actor, test, participant, character, keys)
    _resolve_when_ready(table, actor, keys)
    return cards


def choose_attacks(table: Table, actor: str, command: ChooseAttacks, keys: TableKeys) -> None:
    state, combat, test = _running_turn(table)
    _, participant = guards.participant_of(table, actor, command.character)
    cards = [attack.card for attack in command.attacks]
    suits = rules.checked_choice(state, test, participant, cards, command.joker_suits)
    declaration = combat.declarations[command.character]
    declared = declaration.targets
    for attack in command.attacks:
        if attack.target not in declared:
            raise InvalidCommand(
                f"{attack.target!r} is not among the targets announced: {', '.join(declared)}",
                "undeclared_target",
            )
    named = [attack.target for attack in command.attacks]
    if declaration.action == "hold" and len(set(named)) != len(named):
        raise InvalidCommand("a hold's test plays one card against each rival", "invalid_targets")
    targets = {attack.card: attack.target for attack in command.attacks}
    rules.record_choice(table, actor, test, participant, cards, suits, targets)
    _resolve_when_ready(table, actor, keys)


def _resolve_when_ready(table: Table, actor: str, keys: TableKeys) -> None:
    """Reveal and judge once every able combatant has declared and every attacker chosen."""
    state = game(table)
    combat, test = state.combat, state.test
    if combat is None or test is None or test.kind != "combat" or test.waiting_for:
        return
    if not still_to_declare(state, combat):
        _resolve_turn(table, actor, state, combat, test, keys)


def still_to_declare(state: FronteraState, combat: Combat) -> list[str]:
    """Combatants that must still announce their action this turn."""
    if combat.test is None or state.test is None or state.test.number != combat.test:
        return []
    return [
        c
        for c in combat.combatants
        if c not in combat.declarations and _why_idle(state, combat, c) is None
    ]


def _resolve_turn(
    table: Table,
    actor: str,
    state: FronteraState,
    combat: Combat,
    test: OpenTest,
    keys: TableKeys,
) -> None:
    targets = {c: dict(p.targets) for c, p in test.participants.items()}
    chosen, suits = rules.reveal_choices(table, actor, test, targets)
    holds = [
        judge_hold(held, footing.held_by, targets, suits)
        for held, footing in combat.combatants.items()
        if footing.held_by is not None
    ]
    for hold in holds:
        table.trigger_event(HoldTested, actor=actor, test=test.number, turn=combat.turn, hold=hold)
    attacks = [
        judge(state, combat, combat.declarations[attacker], Play.of(card_id, suits), target)
        for attacker, cards in chosen.items()
        if combat.declarations[attacker].action == "attack"
        for card_id in cards
        for target in (targets[attacker][card_id],)
    ]
    table.trigger_event(
        AttacksResolved, actor=actor, test=test.number, turn=combat.turn, attacks=attacks
    )
    outcomes = {
        c: "hit" if any(a.hit for a in attacks if a.attacker == c) else "miss"
        for c in test.participants
    }
    explanation = {
        c: "; ".join(a.why for a in attacks if a.attacker == c) or "no card played"
        for c in test.participants
    }
    for c in test.participants:
        if combat.declarations[c].action == "hold":
            own = [hold for hold in holds if c in (hold.held, hold.holder)]
            outcomes[c] = "kept" if all(hold.kept for hold in own) else "broken"
            explanation[c] = "; ".join(hold.why for hold in own)
    rules.log_outcomes(table, actor, test, outcomes, explanation)
    for participant in test.participants.values():
        rules.put_away(table, actor, participant, chosen[participant.character])
    # a turn is six seconds of everybody's time (a paralysed character may be over it
    # [L650]); what the turn did counts from its end
    pass_time(table, actor, 1, "turns", [], f"combat turn {combat.turn}", keys)
    for track, field in (("health", "taken"), ("morale", "morale")):
        for target in dict.fromkeys(a.target for a in attacks):
            lost = sum(getattr(a, field) for a in attacks if a.target == target)
            if lost:
                rules.shift_condition(
                    table,
                    actor,
                    state.characters[target],
                    track,
                    -lost,
                    f"combat turn {combat.turn}",
                    keys,
                )


HANDLERS: dict[type, Any] = {
    OpenCombat: open_combat,
    UpdateCombat: update_combat,
    StartCombatTurn: start_turn,
    DeclareAction: declare,
    ChooseAttacks: choose_attacks,
    EndCombat: end_combat,
}
