"""Combat [L873-L1207]: the Mayor opens a combat, then runs it turn by turn.

A turn is a test of kind "combat": every able combatant declares (technique, weapon, targets,
action + move or move only; the Mayor's characters first [L881]) and an attacker draws at
once; attackers choose their cards in secret, one target per card; nothing is revealed until
the last combatant has declared and chosen; then every attack is judged together and the
damage lands as health changes. Also here: the jam check of every fifth turn, the pistol duel
and the survival test of the fallen.

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
- A fallen character's survival test is the Mayor's to open, once per death, in fewer than
  five turns [L585] of game time after the fall (30 s, a turn being 6 s), in a combat or out
  of it. A turn's six seconds pass before its damage lands, so a fall counts from the end of
  its turn: who fell on turn 1 may take the test after turns 1 to 5, not after turn 6.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from domain.commands import Command
from domain.errors import Conflict, InvalidCommand, NotFound
from domain.frontera import guards, rules
from domain.frontera.cards import CardId, Suit
from domain.frontera.character import Character, Skill, Trait
from domain.frontera.combat import (
    LASSO,
    RANGES,
    TECHNIQUE_TRAIT,
    Cover,
    Mount,
    Range,
    Technique,
    check_weapon_kind,
    damage_dealt,
    damage_taken,
    effective_toughness,
    is_hit,
    max_attacks,
)
from domain.frontera.equipment import require_armed, require_carried
from domain.frontera.events import (
    CardsChosen,
    CardsRevealed,
    TestOpened,
    TestResolved,
    game,
)
from domain.frontera.exchanges import start_duel_exchange
from domain.frontera.recovery import TURN, pass_time
from domain.frontera.resolution import DEFEAT, TIE, VICTORY, Play, opposed_test
from domain.frontera.state import (
    Action,
    AttackResult,
    CharacterIds,
    Combat,
    Combatant,
    Declaration,
    FronteraState,
    HoldResult,
    Modifier,
    Move,
    OpenTest,
    Pair,
    Participant,
    Variant,
    range_key,
)
from domain.keys import TableKeys
from domain.names import Reason, checked_reason
from domain.structs import clone
from domain.table import Table

JAM_EVERY = 5  # turns [L1014]
#: "con cualquiera de las dos habilidades, Fuerza o Agilidad" [L1090]
HOLD_SKILLS = (Skill.STRENGTH, Skill.AGILITY)
SURVIVAL_WINDOW = 5 * TURN  # a fallen character's survival test comes before it [L585]
MAX_SHOTS = 100
MAX_THROWN = 10

# -- commands ----------------------------------------------------------------------------


class CombatantSetup(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    character: str
    cover: Cover = "none"
    mount: Mount = "none"
    holstered: bool = False
    knife_holster: bool = False


class RangeSetup(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    #: the two combatants
    between: Pair
    range: Range


class OpenCombat(Command):
    """The Mayor starts a combat with its combatants and the ranges between them."""

    #: two or more different characters
    combatants: Annotated[list[CombatantSetup], msgspec.Meta(min_length=2)]
    #: the range between every pair not listed in `ranges`
    range: Range = "medium"
    ranges: list[RangeSetup] = []
    #: "only one can remain" [L1125]: shots each combatant may fire in the whole combat
    shot_limit: Annotated[int, msgspec.Meta(ge=1, le=MAX_SHOTS)] | None = None


class UpdateCombat(Command):
    """Between turns the Mayor records where everybody ended up: footing, ranges, who joins,
    who leaves, which holds end."""

    reason: Reason
    combatants: list[CombatantSetup] = []
    #: the range between a newcomer and everybody not listed in `ranges`
    range: Range = "medium"
    ranges: list[RangeSetup] = []
    leaving: list[str] = []
    #: characters freed from a hold
    released: list[str] = []


class StartCombatTurn(Command):
    """The Mayor starts the next turn (every fifth turn begins with the jam check)."""


class DeclareAction(Command):
    """A character's announcement for the turn; an attacker draws its cards at once."""

    character: str
    action: Action
    move: Move = "none"
    technique: Technique | None = None
    weapon: str | None = None
    #: thrown weapons at hand: several allow several throws
    weapons: Annotated[int, msgspec.Meta(ge=1, le=MAX_THROWN)] = 1
    variant: Variant = "harm"
    targets: CharacterIds = []
    #: the Mayor's other rulings on the draw (gear …)
    modifiers: list[Modifier] = []


class Attack(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    card: CardId
    target: str


class ChooseAttacks(Command):
    """An attacker's secret choice: up to its number of attacks, one target per card."""

    character: str
    attacks: list[Attack]
    joker_suits: dict[str, Suit] = {}


class EndCombat(Command):
    reason: Reason


class Duellist(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    character: str
    weapon: str = "revolver"
    modifiers: list[Modifier] = []


class OpenPistolDuel(Command):
    """Two duellists, an opposed hands (quick shot) test; no simultaneity, no absorption."""

    duellists: Annotated[list[Duellist], msgspec.Meta(min_length=2, max_length=2)]


class OpenSurvivalTest(Command):
    """A fallen character's dead man's hand: an Ace leaves it incapacitated, an 8 dead."""

    character: str
    #: someone gives medical care: draw 2 and keep the better
    medical_care: bool = False


# -- events ------------------------------------------------------------------------------


class CombatOpened(Table.Event):
    TOPIC = "frontera.CombatOpened"
    combat: Combat

    def apply(self, table: Table) -> None:
        game(table).combat = clone(self.combat)


class CombatUpdated(Table.Event):
    """The combatants' footing and ranges as they stand for the next turn."""

    TOPIC = "frontera.CombatUpdated"
    combatants: dict[str, Combatant]
    ranges: dict[str, Range]
    reason: str

    def apply(self, table: Table) -> None:
        combat = _combat_of(table)
        combat.combatants = {c: clone(v) for c, v in self.combatants.items()}
        combat.ranges = dict(self.ranges)


class CombatTurnStarted(Table.Event):
    TOPIC = "frontera.CombatTurnStarted"
    turn: int
    test: int

    def apply(self, table: Table) -> None:
        combat = _combat_of(table)
        combat.turn, combat.test = self.turn, self.test
        combat.declarations, combat.jammed = {}, []


class TurnLost(Table.Event):
    """The jam check's 8: the character spends the whole turn reloading [L1014]."""

    TOPIC = "frontera.TurnLost"
    character: str
    turn: int
    reason: str

    def apply(self, table: Table) -> None:
        _combat_of(table).jammed.append(self.character)


class ActionDeclared(Table.Event):
    """A public announcement; an attacker also joins the turn's test."""

    TOPIC = "frontera.ActionDeclared"
    turn: int
    declaration: Declaration
    participant: Participant | None

    def apply(self, table: Table) -> None:
        state = game(table)
        _combat_of(table).declarations[self.declaration.character] = clone(self.declaration)
        if self.participant is not None and state.test is not None:
            state.test.participants[self.participant.character] = clone(self.participant)


class AttacksResolved(Table.Event):
    """Every attack of the turn judged at once, after the reveal."""

    TOPIC = "frontera.AttacksResolved"
    test: int
    turn: int
    attacks: list[AttackResult]

    def apply(self, table: Table) -> None:
        combat = _combat_of(table)
        for attack in self.attacks:
            declaration = combat.declarations[attack.attacker]
            shooter = combat.combatants.get(attack.attacker)
            if shooter is not None and shooter.shots_left is not None and _fires(declaration):
                shooter.shots_left -= 1
            target = combat.combatants.get(attack.target)
            if attack.holds and target is not None:
                target.held_by = attack.attacker
        combat.last_attacks = [clone(attack) for attack in self.attacks]


class HoldTested(Table.Event):
    """A hold's opposed muscle test, judged at the turn's reveal [L1090]: the held character's
    victory breaks the hold, a defeat or a tie keeps it."""

    TOPIC = "frontera.HoldTested"
    test: int
    turn: int
    hold: HoldResult

    def apply(self, table: Table) -> None:
        footing = _combat_of(table).combatants.get(self.hold.held)
        if not self.hold.kept and footing is not None and footing.held_by == self.hold.holder:
            footing.held_by = None


class CombatEnded(Table.Event):
    TOPIC = "frontera.CombatEnded"
    reason: str

    def apply(self, table: Table) -> None:
        game(table).combat = None


class DeathConfirmed(Table.Event):
    """The survival test's 8: the character is dead for good."""

    TOPIC = "frontera.DeathConfirmed"
    character: str

    def apply(self, table: Table) -> None:
        game(table).characters[self.character].dead_for_good = True


def _combat_of(table: Table) -> Combat:
    combat = game(table).combat
    assert combat is not None, "a combat event needs an open combat"
    return combat


def _fires(declaration: Declaration) -> bool:
    return declaration.technique in (Technique.QUICK_SHOT, Technique.AIM)


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
    guards.find_character(state, setup.character)
    return Combatant(
        character=setup.character,
        cover=setup.cover,
        mount=setup.mount,
        holstered=setup.holstered,
        knife_holster=setup.knife_holster,
        shots_left=limit,
    )


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
    state = guards.started(table)
    table.require_gm(actor, "open a combat")
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
    state = guards.started(table)
    table.require_gm(actor, "update the combat")
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
    state = guards.started(table)
    table.require_gm(actor, "end the combat")
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


def rivals(combat: Combat, character_id: str) -> list[str]:
    """Those a character is in a hold with: its holder, and those it holds."""
    holder = combat.combatants[character_id].held_by
    held = [c for c, footing in combat.combatants.items() if footing.held_by == character_id]
    return ([holder] if holder is not None else []) + held


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
    declaration, participant = _declaration(state, combat, character, command)
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


def _declaration(
    state: FronteraState, combat: Combat, character: Character, command: DeclareAction
) -> tuple[Declaration, Participant | None]:
    """Check an announcement against the rules of the turn; the attacker's part in the test."""
    footing = combat.combatants[character.id]
    if command.action == "hold":
        return _hold(combat, character, command)
    if command.action == "move":
        if command.move not in ("adjacent", "short"):
            raise InvalidCommand("moving only goes adjacent (3 m) or short (10 m)", "invalid_move")
    elif command.move == "short":
        raise InvalidCommand(
            "with an action a character moves within adjacent range (3 m) at most", "invalid_move"
        )
    if command.action != "attack":
        if command.technique or command.weapon or command.targets:
            raise InvalidCommand(
                "only an attack names a technique, a weapon or targets", "invalid_declaration"
            )
        declaration = Declaration(character=character.id, action=command.action, move=command.move)
        return declaration, None
    technique = command.technique
    if technique is None:
        raise InvalidCommand("an attack names its technique before drawing", "technique_required")
    targets = _targets(combat, character, command.targets)
    weapon = None
    if technique is Technique.BRAWL:
        if command.weapon is not None:
            raise InvalidCommand("brawling takes no weapon", "invalid_weapon")
    else:
        if command.weapon is None:
            raise InvalidCommand(f"{technique.value} needs a weapon", "weapon_required")
        weapon = state.weapons.get(command.weapon)
        if weapon is None:
            raise NotFound(f"the table has no weapon {command.weapon!r}", "unknown_weapon")
        check_weapon_kind(technique, weapon)
    ranges = {t: combat.range_between(character.id, t) for t in targets}
    if technique in (Technique.BRAWL, Technique.MELEE) and set(ranges.values()) != {"adjacent"}:
        raise Conflict(f"{technique.value} reaches adjacent enemies only", "out_of_range")
    if technique is Technique.THROWN and not set(ranges.values()) <= {"adjacent", "short"}:
        raise Conflict("thrown weapons reach short range at most", "out_of_range")
    modifiers = guards.checked_modifiers(command.modifiers)
    if weapon is not None:
        reach = {t: weapon.ranges.get(r) for t, r in ranges.items()}
        far = [state.characters[t].name for t, m in reach.items() if m is None]
        if far:
            raise Conflict(f"the {weapon.name} does not reach {', '.join(far)}", "out_of_range")
        worst = min((m for m in reach.values() if m is not None), default=0)
        if worst:
            band = next(ranges[t] for t, m in reach.items() if m == worst)
            modifiers.append(Modifier(amount=worst, reason=f"{weapon.name} at {band} range"))
    if technique is Technique.AIM:
        if footing.cover == "total":
            raise Conflict("nobody aims from total cover", "cannot_aim")
        if footing.mount != "none":
            raise Conflict("nobody aims from a mount or a moving vehicle", "cannot_aim")
        if footing.holstered:
            raise Conflict("nobody aims with holstered weapons", "cannot_aim")
    knives = footing.knife_holster and weapon is not None and "knife" in weapon.name
    if footing.holstered and command.move != "none" and not knives:
        raise Conflict(
            "drawing a holstered weapon costs the 3 m move (knives in a knife holster excepted)",
            "holstered",
        )
    if command.variant == "grapple" and not (
        technique is Technique.BRAWL
        or (technique is Technique.THROWN and weapon and weapon.name == LASSO)
    ):
        raise InvalidCommand("a grapple is a brawl, or a thrown lasso", "invalid_variant")
    if technique is Technique.THROWN and not 1 <= command.weapons <= MAX_THROWN:
        raise InvalidCommand(f"1 to {MAX_THROWN} thrown weapons at hand", "invalid_weapon")
    attacks = max_attacks(technique, character, command.weapons, weapon.name if weapon else None)
    if footing.shots_left is not None and technique in (Technique.QUICK_SHOT, Technique.AIM):
        if footing.shots_left < 1:
            raise Conflict(f"{character.name} has no shots left", "no_shots_left")
        attacks = min(attacks, footing.shots_left)
    trait, skill = TECHNIQUE_TRAIT[technique]
    declaration = Declaration(
        character=character.id,
        action="attack",
        move=command.move,
        technique=technique,
        weapon=weapon.name if weapon else None,
        weapons=command.weapons,
        variant=command.variant,
        targets=targets,
        damage=damage_dealt(technique, character, weapon),
    )
    participant = Participant(
        character=character.id,
        seat=character.seat,
        trait=trait,
        skill=skill,
        modifiers=modifiers,
        plays=attacks,
        at_least=1,
    )
    return declaration, participant


def _hold(
    combat: Combat, character: Character, command: DeclareAction
) -> tuple[Declaration, Participant]:
    """A hold's test [L1090]: muscle, with strength or agility (either serves), one card
    against each rival; nothing else, not even a move."""
    held_with = rivals(combat, character.id)
    if not held_with:
        raise Conflict(f"{character.name} is in no hold", "not_held")
    if command.technique or command.weapon or command.targets or command.move != "none":
        raise InvalidCommand(
            "a hold's test names no technique, weapon, target or move: its rivals are known",
            "invalid_declaration",
        )
    skill = next((s for s in HOLD_SKILLS if s in character.skills), HOLD_SKILLS[0])
    declaration = Declaration(character=character.id, action="hold", targets=held_with)
    participant = Participant(
        character=character.id,
        seat=character.seat,
        trait=Trait.MUSCLE,
        skill=skill,
        modifiers=guards.checked_modifiers(command.modifiers),
        plays=len(held_with),
        at_least=len(held_with),
    )
    return declaration, participant


def _targets(combat: Combat, attacker: Character, targets: list[str]) -> list[str]:
    if not targets or len(set(targets)) != len(targets):
        raise InvalidCommand("an attack names one or more different targets", "invalid_targets")
    for target in targets:
        if target == attacker.id or target not in combat.combatants:
            raise InvalidCommand(
                f"{target!r} is not another combatant of this combat", "invalid_targets"
            )
    return list(targets)


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
    table.trigger_event(
        CardsChosen,
        actor=actor,
        test=test.number,
        character=command.character,
        seat=participant.seat,
        cards=cards,
        joker_suits=suits,
        targets={attack.card: attack.target for attack in command.attacks},
    )
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
    chosen = {c: list(p.chosen or []) for c, p in test.participants.items()}
    suits = {k: v for p in test.participants.values() for k, v in p.joker_suits.items()}
    targets = {c: dict(p.targets) for c, p in test.participants.items()}
    table.trigger_event(
        CardsRevealed,
        actor=actor,
        test=test.number,
        cards=chosen,
        joker_suits=suits,
        targets=targets,
    )
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
    table.trigger_event(
        TestResolved,
        actor=actor,
        test=test.number,
        kind=test.kind,
        outcomes=outcomes,
        explanation=explanation,
    )
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


def judge_hold(
    held: str, holder: str, targets: dict[str, dict[str, str]], suits: dict[str, Suit]
) -> HoldResult:
    """A hold's opposed muscle test [L1090] on the cards each side played against the other
    (none for a side that could not act): the held character breaks free only by winning."""
    cards = {
        side: next((c for c, t in targets.get(side, {}).items() if t == rival), None)
        for side, rival in ((held, holder), (holder, held))
    }
    plays = {side: Play.of(c, suits) if c else None for side, c in cards.items()}
    judged = opposed_test(plays, {side: Trait.MUSCLE for side in plays})
    kept = judged[held][0] != VICTORY
    verdicts = "; ".join(why for _, why in judged.values())
    return HoldResult(
        held=held,
        holder=holder,
        cards=cards,
        outcomes={side: outcome for side, (outcome, _) in judged.items()},
        kept=kept,
        why=f"hold of {held} by {holder}: {verdicts}; {'kept' if kept else 'broken'}",
    )


def judge(
    state: FronteraState, combat: Combat, declaration: Declaration, play: Play, target_id: str
) -> AttackResult:
    """One card against one target [L905-L955, L1082-L1105]."""
    attacker = state.characters[declaration.character]
    target = state.characters[target_id]
    technique = declaration.technique
    assert technique is not None
    hit = is_hit(play.suit, technique)
    toughness = effective_toughness(
        target,
        combat.combatants[target_id].cover,
        combat.combatants[declaration.character].mount,
    )
    taken = morale = 0
    holds = False
    aimed = f"{play.describe()} at {target.name}"
    if not hit:
        why = f"{aimed}: misses, not {TECHNIQUE_TRAIT[technique][0].suit.value}"
    elif declaration.variant == "grapple":
        holds = True
        why = f"{aimed}: holds {target.name} in a grapple"
    elif declaration.variant == "scare":
        morale = 1 if play.value > target.confidence else 0
        why = (
            f"{aimed}: above confidence {target.confidence}, scares"
            if morale
            else f"{aimed}: not above confidence {target.confidence}, no fright"
        )
    else:
        taken = damage_taken(play.value, toughness, declaration.damage)
        why = (
            f"{aimed}: hits for {declaration.damage} against toughness {toughness}, "
            f"{taken} level(s) lost"
        )
    return AttackResult(
        attacker=attacker.id,
        card=play.card,
        target=target_id,
        variant=declaration.variant,
        hit=hit,
        damage=declaration.damage,
        toughness=toughness,
        taken=taken,
        morale=morale,
        holds=holds,
        why=why,
    )


# -- the pistol duel and the survival test --------------------------------------------------


def open_pistol_duel(table: Table, actor: str, command: OpenPistolDuel, _: TableKeys) -> int:
    state = rules.ready_to_open(table, actor)
    ids = [d.character for d in command.duellists]
    if len(ids) != 2 or ids[0] == ids[1]:
        raise InvalidCommand("a pistol duel is between two characters", "invalid_participants")
    stakes: dict[str, int | str | bool] = {}  # the damage of each duellist's shot
    participants = {}
    for duellist in command.duellists:
        weapon = state.weapons.get(duellist.weapon)
        if weapon is None:
            raise NotFound(f"the table has no weapon {duellist.weapon!r}", "unknown_weapon")
        check_weapon_kind(Technique.QUICK_SHOT, weapon)
        participants[duellist.character] = rules.contender(
            state, duellist.character, Trait.HANDS, "quick_shot", duellist.modifiers
        )
        character = state.characters[duellist.character]
        require_carried(character, weapon.name)
        stakes[duellist.character] = damage_dealt(Technique.QUICK_SHOT, character, weapon)
    return rules.open_test(
        table,
        actor,
        OpenTest(
            number=state.tests_opened + 1,
            kind="opposed",
            participants=participants,
            purpose="pistol_duel",
            stakes=stakes,
        ),
    )


def pistol_duel_shots(
    table: Table, actor: str, test: OpenTest, outcomes: dict[str, str], keys: TableKeys
) -> None:
    """The loser takes the winner's shot at full damage [L1121]; a tie, each the other's; the
    winner is unhurt. Then the duel's card exchange [L300] (Normal mode)."""
    state = game(table)
    for character_id, outcome in outcomes.items():
        if outcome in (DEFEAT, TIE):
            (shooter,) = (c for c in outcomes if c != character_id)
            damage = int(test.stakes[shooter])
            rules.shift_condition(
                table,
                actor,
                state.characters[character_id],
                "health",
                -damage,
                f"pistol duel (test {test.number}): shot, {damage} level(s), no absorption",
                keys,
            )
    seats = {outcome: test.participants[c].seat for c, outcome in outcomes.items()}
    if set(outcomes.values()) == {TIE}:
        a, b = (p.seat for p in test.participants.values())
        start_duel_exchange(table, actor, None, None, (a, b), keys)
    else:
        start_duel_exchange(table, actor, seats.get(VICTORY), seats.get(DEFEAT), None, keys)


def open_survival_test(table: Table, actor: str, command: OpenSurvivalTest, _: TableKeys) -> int:
    state = rules.ready_to_open(table, actor)
    character = guards.find_character(state, command.character)
    if character.health > -4 or character.dead_for_good:
        raise Conflict(f"{character.name} is not a fallen character", "not_fallen")
    fell_at = character.fell_at
    if fell_at is not None and state.elapsed - fell_at >= SURVIVAL_WINDOW:
        raise Conflict(
            f"{character.name} fell {state.elapsed - fell_at} s of game time ago: the survival "
            f"test comes in fewer than five turns ({SURVIVAL_WINDOW} s)",
            "too_late",
        )
    participant = Participant(character=character.id, seat=character.seat, trait=None, skill=None)
    return rules.open_test(
        table,
        actor,
        OpenTest(
            number=state.tests_opened + 1,
            kind="dead_mans_hand",
            participants={character.id: participant},
            cards=2 if command.medical_care else 1,
            better="incapacitated",
            worse="dead",
            purpose="survival",
        ),
    )


def survival(
    table: Table, actor: str, test: OpenTest, outcomes: dict[str, str], keys: TableKeys
) -> None:
    state = game(table)
    for character_id, outcome in outcomes.items():
        if outcome == test.better:
            rules.shift_condition(
                table,
                actor,
                state.characters[character_id],
                "health",
                1,
                f"survived (test {test.number})",
                keys,
            )
        else:
            table.trigger_event(DeathConfirmed, actor=actor, character=character_id)


HANDLERS: dict[type, Any] = {
    OpenCombat: open_combat,
    UpdateCombat: update_combat,
    StartCombatTurn: start_turn,
    DeclareAction: declare,
    ChooseAttacks: choose_attacks,
    EndCombat: end_combat,
    OpenPistolDuel: open_pistol_duel,
    OpenSurvivalTest: open_survival_test,
}

CONSEQUENCES = {"pistol_duel": pistol_duel_shots, "survival": survival}
