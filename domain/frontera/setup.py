"""Options and the initial lay-out of the cards for each mode [L205-L381]. Pure functions."""

from __future__ import annotations

import math

from domain.errors import InvalidCommand
from domain.frontera.cards import card, dead_mans_hand, deck, sort_cards
from domain.frontera.combat import DEFAULT_WEAPONS, check_weapon_count, checked_weapon
from domain.frontera.state import (
    DEAD_MANS_HAND,
    DISCARD,
    MAX_DECKS,
    PILE,
    REMOVED,
    TREASURE,
    Options,
    player_deck,
    player_discard,
)

DEAL = 8  # cards dealt face down to each seat's deck in Normal mode [L234]
SEATS_PER_DECK = 4


def check_options(parsed: Options) -> None:
    """Refuse what the rules do not admit of decoded options, saying which option is wrong;
    the weapons are stored normalised."""
    if parsed.decks is not None and not 1 <= parsed.decks <= MAX_DECKS:
        raise InvalidCommand(f"decks must be between 1 and {MAX_DECKS}", "invalid_options")
    if not 0 <= parsed.jokers_per_deck <= 2:
        raise InvalidCommand("jokers_per_deck must be 0, 1 or 2", "invalid_options")
    if parsed.mode != "normal" and (parsed.skip_phase_1 or parsed.removed_at_random):
        raise InvalidCommand(
            "skip_phase_1 and removed_at_random belong to normal mode", "invalid_options"
        )
    if parsed.mode == "wear" and (
        parsed.decks is not None or parsed.separate_dead_mans_hand or parsed.extra_cards
    ):
        raise InvalidCommand(
            "wear mode gives every seat one deck and takes the dead man's hand from the "
            "Mayor's: decks, separate_dead_mans_hand and extra_cards do not apply",
            "invalid_options",
        )
    _check_extra_cards(parsed)
    if parsed.removed_at_random < 0:
        raise InvalidCommand("removed_at_random cannot be negative", "invalid_options")
    check_weapon_count(parsed.weapons)
    weapons = [checked_weapon(weapon, DEFAULT_WEAPONS) for weapon in parsed.weapons.values()]
    if [w.name for w in weapons] != list(parsed.weapons):
        raise InvalidCommand("each weapon is listed under its own name", "invalid_weapon")
    parsed.weapons = {weapon.name: weapon for weapon in weapons}
    if parsed.scripted_order is not None:
        for card_id in parsed.scripted_order:
            card(card_id)
        if len(set(parsed.scripted_order)) != len(parsed.scripted_order):
            raise InvalidCommand("a card appears twice in scripted_order", "invalid_options")
        _check_script(parsed, parsed.scripted_order)


def _decks_fixed(options: Options) -> bool:
    """Whether the options fix the number of play decks (else the seats at the start do)."""
    return options.mode == "no_management" or options.decks is not None


def _check_extra_cards(options: Options) -> None:
    """Extra cards are real cards, each named once, of a deck no bigger table could play
    with; where the options fix the play decks, the start's own refusal comes now."""
    extra = options.extra_cards
    if len(set(extra)) != len(extra):
        raise InvalidCommand("a card appears twice in extra_cards", "invalid_options")
    if any(card(c).deck > MAX_DECKS for c in extra):
        raise InvalidCommand(
            f"extra cards come from a deck numbered {MAX_DECKS} at most", "invalid_options"
        )
    if extra and _decks_fixed(options):
        initial_zones(options, [])


def _check_script(options: Options, script: list[str]) -> None:
    """Refuse now a scripted card the table can never hold. Where the options fix the number
    of decks (no-management mode, or `decks`), that is any card it lacks; where the seats at
    the start decide it, a Joker past `jokers_per_deck` (but for an extra card), and a card
    of a deck the seats do not bring is refused at the start."""
    if _decks_fixed(options):
        initial_zones(options, [])  # the start's own lay-out, and its refusal
    else:
        jokers = options.jokers_per_deck
        _refuse_missing(
            {c for c in script if card(c).joker > jokers and c not in options.extra_cards}
        )


def play_decks(options: Options, seats: int) -> int:
    if options.mode == "wear":
        return seats
    if options.decks is not None:
        return options.decks
    return math.ceil(seats / SEATS_PER_DECK) if options.mode == "normal" else 1


def initial_zones(options: Options, seats: list[str]) -> tuple[int, dict[str, list[str]]]:
    """Every card of the table in its zone, in canonical (or scripted) order."""
    decks = play_decks(options, len(seats))
    jokers = options.jokers_per_deck
    zones: dict[str, list[str]] = {}
    for seat in seats:
        zones[player_deck(seat)] = []
        zones[player_discard(seat)] = []
    if options.mode == "wear":
        # seats[0] is the Mayor, whose deck gives up the dead man's hand
        for index, seat in enumerate(seats):
            zones[player_deck(seat)] = deck(index, jokers)
        zones[DEAD_MANS_HAND] = dead_mans_hand(0)
        zones[player_deck(seats[0])] = [
            c for c in zones[player_deck(seats[0])] if c not in zones[DEAD_MANS_HAND]
        ]
    else:
        cards = [c for index in range(decks) for c in deck(index, jokers)]
        hand = dead_mans_hand(decks if options.separate_dead_mans_hand else 0)
        zones[PILE] = [c for c in cards if c not in hand] + _extra(options, decks, hand)
        zones[DEAD_MANS_HAND] = hand
        zones[DISCARD] = []
        zones[TREASURE] = []
        zones[REMOVED] = []
    if options.scripted_order is not None:
        _apply_script(zones, options.scripted_order)
    return decks, zones


def _extra(options: Options, decks: int, hand: list[str]) -> list[str]:
    """The extra cards [L226], which join the pile: none may be a play deck's card, nor one
    of the dead man's hand taken from the same extra deck."""
    taken = sorted(c for c in options.extra_cards if card(c).deck < decks or c in hand)
    if taken:
        raise InvalidCommand(
            f"extra_cards names cards the table already plays with: {taken} (the play decks "
            f"are d0 to d{decks - 1}; the dead man's hand is {hand})",
            "invalid_options",
        )
    return sort_cards(list(options.extra_cards))


def _apply_script(zones: dict[str, list[str]], script: list[str]) -> None:
    position = {card_id: index for index, card_id in enumerate(script)}
    _refuse_missing(set(script) - {c for cards in zones.values() for c in cards})
    for zone, cards in zones.items():
        scripted = sorted((c for c in cards if c in position), key=position.__getitem__)
        zones[zone] = scripted + [c for c in cards if c not in position]


def _refuse_missing(cards: set[str]) -> None:
    if cards:
        raise InvalidCommand(
            f"scripted_order names cards this table does not have: {sorted(cards)}",
            "invalid_options",
        )


def deal_blocks(cards: list[str], seats: list[str], each: int | None) -> dict[str, list[str]]:
    """Deal from the top: `each` cards per seat in seat order, or all cards split evenly."""
    if each is None:
        share, extra = divmod(len(cards), len(seats))
        sizes = [share + (1 if index < extra else 0) for index in range(len(seats))]
    else:
        sizes = [each] * len(seats)
    dealt: dict[str, list[str]] = {}
    start = 0
    for seat, size in zip(seats, sizes, strict=True):
        dealt[player_deck(seat)] = cards[start : start + size]
        start += size
    return dealt
