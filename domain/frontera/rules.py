"""Frontera's commands: validate, compute the facts, trigger the events.

Every handler checks everything it can before its first event, so a rejected command
leaves nothing behind; random facts (shuffles) are computed here and recorded in events.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from domain.characters import find_character, new_character_id, require_room_for
from domain.errors import Conflict, Forbidden, InvalidCommand, NotFound
from domain.frontera import commands as cmd
from domain.frontera.cards import Suit, card, sort_cards
from domain.frontera.character import (
    SKILL_TRAITS,
    TRACK_FLOORS,
    Character,
    condition_penalty,
    not_one_of,
    parse_skill,
    parse_trait,
    starting_equipment,
    validate_sheet,
)
from domain.frontera.combat import check_weapon_count, checked_weapon
from domain.frontera.events import (
    CardsChosen,
    CardsDealt,
    CardsDrawn,
    CardsRevealed,
    CharacterCreated,
    ConditionChanged,
    DeadMansHandDrawn,
    PhaseChanged,
    TableStarted,
    TestCancelled,
    TestOpened,
    TestResolved,
    WeaponRemoved,
    WeaponSet,
    game,
)
from domain.frontera.guards import (
    able,
    checked_modifiers,
    checked_money,
    checked_suit,
    current_test,
    participant_of,
    require_no_open_test,
    require_rivals,
    started_ruling,
)
from domain.frontera.piles import move_cards, shuffle
from domain.frontera.resolution import Play, opposed_test, trait_test
from domain.frontera.setup import DEAL, deal_blocks, initial_zones
from domain.frontera.state import (
    DEAD_MANS_HAND,
    DISCARD,
    PILE,
    REMOVED,
    TREASURE,
    DrawCount,
    FronteraState,
    Modifier,
    OpenTest,
    Participant,
    TestKind,
    hand,
    player_deck,
    player_discard,
)
from domain.keys import TableKeys
from domain.names import checked_name, checked_reason
from domain.table import Table

DIFFICULTY_RANGE = cmd.DIFFICULTY_RANGE

# -- shared helpers ----------------------------------------------------------------------


def fork_copy(state: FronteraState) -> dict[str, Any]:
    """The state a fork starts from: every face-down order forgotten (cards in canonical
    order), so the fork's log never holds the source's next draws; cards in hand stay as
    drawn. A scripted table's order is public, and kept."""
    copied: dict[str, Any] = msgspec.to_builtins(state)
    if state.options.scripted_order is None:
        copied["zones"] = {
            zone: cards if zone.startswith("hand:") else sort_cards(cards)
            for zone, cards in copied["zones"].items()
        }
    return copied


def reshuffle_face_down(table: Table, actor: str, keys: TableKeys) -> None:
    """After a fork: every zone whose order nobody knows gets a new order from the new seed."""
    for zone in list(game(table).zones):
        if not zone.startswith("hand:"):
            shuffle(table, actor, zone, keys)


# -- characters ------------------------------------------------------------------------


def create_character(table: Table, actor: str, command: cmd.CreateCharacter, _: TableKeys) -> str:
    table.require_open()
    acting = table.require_seat(actor)
    state = game(table)
    is_gm = acting.id == table.gm_seat.id
    if command.kind == "protagonist":
        seat = command.seat or actor
        if not is_gm and seat != actor:
            raise Forbidden(
                "a player creates protagonists for their own seat only", "not_your_seat"
            )
        if table.seat(seat).id == table.gm_seat.id:
            raise InvalidCommand(
                "the Mayor plays NPCs and henchmen, not protagonists", "invalid_character"
            )
    else:
        if not is_gm:
            raise Forbidden("only the Mayor creates NPCs and henchmen", "not_game_master")
        if command.seat not in (None, actor):
            raise InvalidCommand("NPCs and henchmen are played by the Mayor", "invalid_character")
        seat = actor
    require_room_for(state, seat)
    traits, skills = validate_sheet(
        command.kind,
        {str(trait): value for trait, value in command.traits.items()},
        [str(skill) for skill in command.skills],
        command.fixed_draw,
    )
    equipment, purchases = starting_equipment(
        command.kind, command.kit, command.purchases, command.money
    )
    character = Character(
        id=new_character_id(state),
        name=checked_name(command.name, "a character's name"),
        kind=command.kind,
        seat=seat,
        traits=traits,
        skills=skills,
        fixed_draw=command.fixed_draw,
        money=checked_money(command.money),
        equipment=equipment,
    )
    table.trigger_event(CharacterCreated, actor=actor, character=character, purchases=purchases)
    return character.id


def shift_condition(
    table: Table,
    actor: str,
    character: Character,
    track: str,
    change: int,
    reason: str,
    keys: TableKeys,
) -> int:
    """Move a character along a track, never past its floor or above 0; every rule that
    hurts, scares, intoxicates or heals goes through here. Returns the new level.

    Sobriety reaching drunk or coma sets off the Normal mode's card swaps, which draw at
    random with the table's `keys`."""
    before = character.level(track)
    after = max(TRACK_FLOORS[track], min(0, before + change))
    # imported here: the exchanges build on this module
    from domain.frontera.exchanges import sobriety_swap_due, sobriety_swaps

    swap = sobriety_swap_due(table, character, track, before, after)
    table.trigger_event(
        ConditionChanged,
        actor=actor,
        character=character.id,
        track=track,
        before=before,
        after=after,
        reason=reason,
    )
    if swap:
        sobriety_swaps(table, actor, character.id, swap, keys)
    return after


def change_condition(
    table: Table, actor: str, command: cmd.ChangeCondition, keys: TableKeys
) -> int:
    state = game.ruling(table, actor, "change a character's condition")
    character = find_character(state, command.character)
    if command.track not in TRACK_FLOORS:
        raise InvalidCommand(not_one_of(command.track, "track", TRACK_FLOORS), "unknown_track")
    if command.change == 0:
        raise InvalidCommand("a condition change moves at least one level", "invalid_change")
    return shift_condition(
        table, actor, character, command.track, command.change, checked_reason(command.reason), keys
    )


# -- weapons ----------------------------------------------------------------------------


def set_weapon(table: Table, actor: str, command: cmd.SetWeapon, _: TableKeys) -> None:
    weapons = game.ruling(table, actor, "edit the weapons").weapons
    weapon = checked_weapon(command.weapon, weapons)
    check_weapon_count({**weapons, weapon.name: weapon})
    table.trigger_event(WeaponSet, actor=actor, weapon=weapon)


def remove_weapon(table: Table, actor: str, command: cmd.RemoveWeapon, _: TableKeys) -> None:
    if command.name not in game.ruling(table, actor, "edit the weapons").weapons:
        raise NotFound(f"the table has no weapon {command.name!r}", "unknown_weapon")
    table.trigger_event(WeaponRemoved, actor=actor, name=command.name)


# -- setting out the cards ---------------------------------------------------------------


def start(table: Table, actor: str, _: cmd.StartTable, keys: TableKeys) -> None:
    state = game.ruling(table, actor, "start the table")
    if state.started:
        raise Conflict("the table has already started", "already_started")
    options = state.options
    seats = [seat.id for seat in table.seats.values() if seat.active]
    decks, zones = initial_zones(options, seats)
    if options.mode == "normal":
        needed = options.removed_at_random + (0 if options.skip_phase_1 else DEAL * len(seats))
        if needed > len(zones[PILE]):
            raise Conflict(
                f"{len(zones[PILE])} cards cannot deal {DEAL} to each of {len(seats)} seats "
                f"after removing {options.removed_at_random}: add decks",
                "not_enough_cards",
            )
    table.trigger_event(
        TableStarted,
        actor=actor,
        decks=decks,
        zones=zones,
        phase=1 if options.mode == "normal" else None,
    )
    if options.mode != "normal":
        return  # their decks are shuffled before each test's first draw
    shuffle(table, actor, PILE, keys)
    removed = state.zone(PILE)[: options.removed_at_random]
    move_cards(table, actor, removed, PILE, REMOVED, "removed_at_random", [])
    dealt = deal_blocks(state.zone(PILE), seats, None if options.skip_phase_1 else DEAL)
    table.trigger_event(CardsDealt, actor=actor, source=PILE, decks=dealt, seen_by=[])
    if options.skip_phase_1:
        _begin_phase_2(table, actor)


def _begin_phase_2(table: Table, actor: str) -> None:
    state = game(table)
    decks = {
        seat.id: sort_cards(state.zone(player_deck(seat.id)))
        for seat in table.seats.values()
        if seat.active
    }
    table.trigger_event(PhaseChanged, actor=actor, phase=2, decks=decks)


# -- opening tests -----------------------------------------------------------------------


def ready_to_open(table: Table, actor: str) -> FronteraState:
    state = started_ruling(table, actor, "open tests")
    require_no_open_test(state)
    if state.exchange is not None or state.house_game is not None:
        raise Conflict(
            "a card exchange or a game at the house is in progress: finish it first",
            "exchange_in_progress",
        )
    return state


def contender(
    state: FronteraState,
    character_id: str,
    trait: str,
    skill: str | None,
    modifiers: list[Modifier],
) -> Participant:
    parsed_trait = parse_trait(trait)
    parsed_skill = parse_skill(skill) if skill is not None else None
    if parsed_skill is not None and SKILL_TRAITS[parsed_skill] != parsed_trait:
        raise InvalidCommand(
            f"{parsed_skill.value} is a skill of {SKILL_TRAITS[parsed_skill].value}, "
            f"not of {parsed_trait.value}",
            "skill_trait_mismatch",
        )
    character = able(find_character(state, character_id))
    return Participant(
        character=character.id,
        seat=character.seat,
        trait=parsed_trait,
        skill=parsed_skill,
        modifiers=checked_modifiers(modifiers),
    )


def open_test(
    table: Table, actor: str, kind: TestKind, participants: dict[str, Participant], **details: Any
) -> int:
    """Open the table's next test (`OpenTest`'s other fields in `details`); its number."""
    number = game(table).tests_opened + 1
    test = OpenTest(number=number, kind=kind, participants=participants, **details)
    table.trigger_event(TestOpened, actor=actor, test=test)
    return number


def open_trait_test(table: Table, actor: str, command: cmd.OpenTraitTest, _: TableKeys) -> int:
    state = ready_to_open(table, actor)
    participant = contender(
        state, command.character, command.trait, command.skill, command.modifiers
    )
    low, high = DIFFICULTY_RANGE
    if command.difficulty is not None and not low <= command.difficulty <= high:
        raise InvalidCommand(
            f"a difficulty is a card value from {low} to {high}", "invalid_difficulty"
        )
    return open_test(
        table,
        actor,
        "trait",
        {participant.character: participant},
        difficulty=command.difficulty,
    )


def open_opposed_test(table: Table, actor: str, command: cmd.OpenOpposedTest, _: TableKeys) -> int:
    state = ready_to_open(table, actor)
    require_rivals([c.character for c in command.participants], "an opposed test")
    participants = {
        c.character: contender(state, c.character, c.trait, c.skill, c.modifiers)
        for c in command.participants
    }
    return open_test(table, actor, "opposed", participants)


def open_dead_mans_hand_test(
    table: Table, actor: str, command: cmd.OpenDeadMansHandTest, _: TableKeys
) -> int:
    state = ready_to_open(table, actor)
    character = find_character(state, command.character)  # the dead and paralysed take these too
    if command.cards not in (1, 2):
        raise InvalidCommand("a dead man's hand test draws 1 or 2 cards", "invalid_card_count")
    return open_dead_mans_hand(
        table,
        actor,
        character,
        cards=command.cards,
        better=checked_name(command.better, "the better card's label"),
        worse=checked_name(command.worse, "the worse card's label"),
    )


def open_dead_mans_hand(
    table: Table,
    actor: str,
    character: Character,
    cards: int,
    better: str,
    worse: str,
    purpose: str | None = None,
) -> int:
    """Open a dead man's hand test: one character draws `cards` (no trait, no skill), an Ace
    gives the `better` outcome and an 8 the `worse`; its number."""
    participant = Participant(character=character.id, seat=character.seat, trait=None, skill=None)
    return open_test(
        table,
        actor,
        "dead_mans_hand",
        {character.id: participant},
        cards=cards,
        better=better,
        worse=worse,
        purpose=purpose,
    )


def cancel_test(table: Table, actor: str, command: cmd.CancelTest, _: TableKeys) -> None:
    state = started_ruling(table, actor, "cancel tests")
    test = current_test(state)
    reason = checked_reason(command.reason)
    table.trigger_event(TestCancelled, actor=actor, test=test.number, reason=reason)
    for participant in test.participants.values():
        if participant.drawn:
            put_away(table, actor, participant, played=[])


# -- drawing ---------------------------------------------------------------------------


def draw_count(character: Character, participant: Participant, tipsy: int) -> DrawCount:
    """Trait + 2 with a relevant skill the character has, + modifiers - conditions +/- tipsy.

    A henchman with a fixed count draws that instead of trait and skill. Never below 0.
    """
    if character.fixed_draw is not None:
        base, skill, fixed = character.fixed_draw, 0, True
    else:
        has_skill = participant.skill in character.skills
        base, skill, fixed = (
            character.traits[participant.tested_trait],
            2 if has_skill else 0,
            False,
        )
    penalties = condition_penalty(character)
    total = base + skill + sum(m.amount for m in participant.modifiers) + sum(penalties.values())
    return DrawCount(
        trait=base,
        skill=skill,
        fixed=fixed,
        modifiers=list(participant.modifiers),
        health=penalties["health"],
        morale=penalties["morale"],
        sobriety=penalties["sobriety"],
        tipsy=tipsy,
        total=max(0, total + tipsy),
    )


def flip_dead_mans_hand(
    table: Table, actor: str, character: str, purpose: str, cards: int, keys: TableKeys
) -> tuple[bool, list[str]]:
    """A dead man's hand draw: shuffle the four, draw `cards`; an Ace among them is better."""
    shuffle(table, actor, DEAD_MANS_HAND, keys)
    drawn = game(table).zone(DEAD_MANS_HAND)[:cards]
    better = any(card(c).is_ace for c in drawn)
    table.trigger_event(
        DeadMansHandDrawn,
        actor=actor,
        character=character,
        purpose=purpose,
        cards=drawn,
        better=better,
    )
    return better, drawn


def draw_source(table: Table, actor: str, seat: str, wanted: int, keys: TableKeys) -> str:
    """The zone a seat draws from now, made ready: refilled, shuffled, phase changed."""
    state = game(table)
    mode = state.options.mode
    if mode == "normal" and state.phase == 1:
        pile, discard = state.zone(PILE), state.zone(DISCARD)
        if len(pile) >= wanted:
            return PILE
        if len(pile) + len(discard) >= wanted:
            shuffle(table, actor, DISCARD, keys)
            move_cards(table, actor, state.zone(DISCARD), DISCARD, PILE, "discard_under_pile", [])
            return PILE
        move_cards(table, actor, pile, PILE, TREASURE, "pile_exhausted", [])
        move_cards(table, actor, discard, DISCARD, TREASURE, "pile_exhausted", [])
        _begin_phase_2(table, actor)
    zone = PILE if mode == "no_management" else player_deck(seat)
    returned = mode == "normal" and wanted > 0 and return_discards(table, actor, seat, keys)
    if not returned and state.shuffled_in_test.get(zone) != state.tests_opened:
        shuffle(table, actor, zone, keys)
    return zone


def return_discards(table: Table, actor: str, seat: str, keys: TableKeys) -> bool:
    """A spent deck takes its seat's discards back, shuffled [L272]; whether it did."""
    state = game(table)
    deck, discards = player_deck(seat), player_discard(seat)
    if state.zone(deck) or not state.zone(discards):
        return False
    move_cards(table, actor, state.zone(discards), discards, deck, "discards_returned", [seat])
    shuffle(table, actor, deck, keys)
    return True


def draw(table: Table, actor: str, command: cmd.Draw, keys: TableKeys) -> list[str]:
    test, participant = participant_of(table, actor, command.character)
    state = game(table)
    character = state.characters[command.character]
    if participant.drawn:
        raise Conflict(
            f"{character.name} has already drawn for test {test.number}", "already_drawn"
        )
    if test.kind == "dead_mans_hand":
        better, drawn = flip_dead_mans_hand(table, actor, character.id, "test", test.cards, keys)
        outcome = test.better if better else test.worse
        outcomes = {character.id: outcome}
        aces = f"{' and '.join(drawn)}: {'an Ace' if better else 'no Ace'}, so {outcome}"
        log_outcomes(table, actor, test, outcomes, {character.id: aces})
        _set_off(table, actor, test, outcomes, keys)
        return drawn
    able(character)
    cards = draw_cards(table, actor, test, participant, character, keys)
    if not state.test or not state.test.waiting_for:
        _resolve(table, actor, keys)
    return cards


def draw_cards(
    table: Table,
    actor: str,
    test: OpenTest,
    participant: Participant,
    character: Character,
    keys: TableKeys,
) -> list[str]:
    """A participant's draw: the tipsy flip, the count, a ready source, the cards."""
    tipsy = 0
    if character.is_tipsy:
        better, _ = flip_dead_mans_hand(table, actor, character.id, "tipsy", 1, keys)
        tipsy = 1 if better else -1
    count = draw_count(character, participant, tipsy)
    source = draw_source(table, actor, character.seat, count.total, keys)
    cards = game(table).zone(source)[: count.total]
    table.trigger_event(
        CardsDrawn,
        actor=actor,
        test=test.number,
        character=character.id,
        seat=character.seat,
        source=source,
        count=count,
        cards=cards,
    )
    return cards


# -- choosing and resolving ------------------------------------------------------------


def choose(table: Table, actor: str, command: cmd.Choose, keys: TableKeys) -> None:
    test, participant = participant_of(table, actor, command.character)
    if test.kind == "combat":
        raise Conflict(
            "in a combat turn, choose attacks with their targets (POST /combat/attacks)",
            "combat_turn",
        )
    suits = checked_choice(game(table), test, participant, command.cards, command.joker_suits)
    record_choice(table, actor, test, participant, list(command.cards), suits)
    if not test.waiting_for:
        _resolve(table, actor, keys)


def record_choice(
    table: Table,
    actor: str,
    test: OpenTest,
    participant: Participant,
    cards: list[str],
    joker_suits: dict[str, Suit],
    targets: dict[str, str] | None = None,
) -> None:
    """Log a participant's checked choice (`checked_choice`), its seat's secret until the
    reveal; a combat turn's names each card's target."""
    table.trigger_event(
        CardsChosen,
        actor=actor,
        test=test.number,
        character=participant.character,
        seat=participant.seat,
        cards=cards,
        joker_suits=joker_suits,
        targets=targets,
    )


def checked_choice(
    state: FronteraState,
    test: OpenTest,
    participant: Participant,
    cards: list[str],
    joker_suits: Mapping[str, str],
) -> dict[str, Suit]:
    """Check a secret choice against what the participant drew and may play; return the
    declared suit of each Joker played."""
    name = state.characters[participant.character].name
    if not participant.drawn:
        raise Conflict(f"{name} has not drawn yet", "not_drawn_yet")
    if participant.chosen is not None:
        raise Conflict(f"{name} has already chosen for test {test.number}", "already_chosen")
    held = state.zone(hand(participant.character))
    if len(set(cards)) != len(cards):
        raise InvalidCommand("a card is named twice", "duplicate_card")
    for card_id in cards:
        card(card_id)
        if card_id not in held:
            raise InvalidCommand(f"{card_id} is not among the cards {name} drew", "card_not_drawn")
    must_play = min(participant.at_least, len(held))
    if len(cards) > participant.plays:
        raise InvalidCommand(
            f"{name} plays at most {participant.plays} card(s) in this test, not {len(cards)}",
            "too_many_cards",
        )
    if len(cards) < must_play:
        raise InvalidCommand(
            f"{name} must play {must_play} card(s), not {len(cards)}", "too_few_cards"
        )
    jokers = [c for c in cards if card(c).is_joker]
    for joker in jokers:
        if joker not in joker_suits:
            raise InvalidCommand(
                f"playing the Joker {joker} needs its declared suit in joker_suits",
                "joker_suit_required",
            )
    suits = {joker: checked_suit(suit) for joker, suit in joker_suits.items()}
    if set(suits) - set(jokers):
        raise InvalidCommand(
            "joker_suits names cards that are not Jokers being played", "unexpected_joker_suit"
        )
    return suits


def _resolve(table: Table, actor: str, keys: TableKeys) -> None:
    """Everyone has chosen: reveal all at once, decide, then put the cards where they go."""
    state = game(table)
    test = current_test(state)
    chosen, suits = reveal_choices(table, actor, test)
    plays = {c: (Play.of(cards[0], suits) if cards else None) for c, cards in chosen.items()}
    if test.kind == "trait":
        ((character, participant),) = test.participants.items()
        results = {
            character: trait_test(plays[character], participant.tested_trait, test.difficulty)
        }
    else:
        traits = {c: p.tested_trait for c, p in test.participants.items()}
        results = opposed_test(plays, traits)
    outcomes = {c: outcome for c, (outcome, _) in results.items()}
    log_outcomes(table, actor, test, outcomes, {c: why for c, (_, why) in results.items()})
    for participant in test.participants.values():
        put_away(table, actor, participant, chosen[participant.character])
    _set_off(table, actor, test, outcomes, keys)


def reveal_choices(
    table: Table, actor: str, test: OpenTest, targets: dict[str, dict[str, str]] | None = None
) -> tuple[dict[str, list[str]], dict[str, Suit]]:
    """Everyone has chosen: show every participant's cards at once (and a combat turn's
    `targets`). Returns the cards by character and the Jokers' suits by card."""
    chosen = {c: list(p.chosen or []) for c, p in test.participants.items()}
    suits = {k: v for p in test.participants.values() for k, v in p.joker_suits.items()}
    table.trigger_event(
        CardsRevealed,
        actor=actor,
        test=test.number,
        cards=chosen,
        joker_suits=suits,
        targets=targets,
    )
    return chosen, suits


def log_outcomes(
    table: Table,
    actor: str,
    test: OpenTest,
    outcomes: dict[str, str],
    explanation: dict[str, str],
) -> None:
    """A test decided: each participant's outcome, and why."""
    table.trigger_event(
        TestResolved,
        actor=actor,
        test=test.number,
        kind=test.kind,
        outcomes=outcomes,
        explanation=explanation,
    )


def _set_off(
    table: Table, actor: str, test: OpenTest, outcomes: dict[str, str], keys: TableKeys
) -> None:
    """Apply what a resolved test's purpose sets off (its cards already put away)."""
    if test.purpose is None:
        return
    # imported here: the consequences live in modules that build on this one
    from domain.frontera.handlers import CONSEQUENCES

    CONSEQUENCES[test.purpose](table, actor, test, outcomes, keys)


def put_away(table: Table, actor: str, participant: Participant, played: list[str]) -> None:
    """Where a participant's cards go after a test, by where they came from [L252, L263]."""
    state = game(table)
    held = hand(participant.character)
    unplayed = [c for c in state.zone(held) if c not in played]
    seat = participant.seat
    if participant.source == PILE and state.options.mode == "no_management":
        played_to = unplayed_to = PILE
    elif participant.source == PILE:
        played_to = player_deck(seat)
        unplayed_to = DISCARD if state.phase == 1 else TREASURE
    else:
        played_to, unplayed_to = player_discard(seat), player_deck(seat)
    move_cards(table, actor, played, held, played_to, "played", None)
    move_cards(table, actor, unplayed, held, unplayed_to, "not_played", [seat])


HANDLERS: dict[type, Any] = {
    cmd.CreateCharacter: create_character,
    cmd.StartTable: start,
    cmd.OpenTraitTest: open_trait_test,
    cmd.OpenOpposedTest: open_opposed_test,
    cmd.OpenDeadMansHandTest: open_dead_mans_hand_test,
    cmd.CancelTest: cancel_test,
    cmd.Draw: draw,
    cmd.Choose: choose,
    cmd.ChangeCondition: change_condition,
    cmd.SetWeapon: set_weapon,
    cmd.RemoveWeapon: remove_weapon,
}
