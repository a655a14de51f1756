"""Drinking [L1245-L1272]: drinks, the drinking duel and heavy drinking, and their sobriety tests.

Every drink counts on the character's drink count; what it sets off depends on the mechanism:
- drinking duel: from ceil(toughness / 2) drinks up to toughness, each drink takes
  DMH(stays / -1 sobriety) drawing 2 and keeping the better; from toughness + 1, drawing 1;
- heavy drinking: each drink above ceil(toughness / 2) takes DMH(stays / -1) drawing 1; the
  thresholds are levels [L1268-L1270]: above the toughness the drinker is at once at least one
  level down (tipsy), from twice the toughness at least two (drunk), each then taking the test;
  from three times, straight to coma.
Sobriety moves through `rules.shift_condition` (the drunk and coma exchanges hook in there);
the tipsy draw and the drunk -2 cards live in `rules.draw` / `character.condition_penalty`.

Decisions where the book is silent:
- A drink is ordered by the character's own seat or by the Mayor (the Mayor's estimate of
  what was drunk [L1247]); a character that cannot act (in a coma among others) drinks no more.
- One drink count per character, for both mechanisms: a drink in a drinking duel the character
  takes part in follows the duel's mechanism, any other drink heavy drinking's.
- "Above toughness" is toughness + 1 drinks and more, "twice" / "three times the toughness"
  2 x and 3 x toughness and more. Read as levels lost on top of each other, every drinker
  would be in a coma at twice the toughness and "three times" could never apply; so a drink
  past a threshold brings a drinker still above its level down to it (a tipsy one at twice
  the toughness loses one level, not two), and every drink above ceil(toughness / 2) but the
  coma's takes its one test after that.
- Several drinks in one command are drunk one after the other; a character who falls into a
  coma leaves the rest undrunk.
- The drink count is slept off (back to 0) when an advance of time of one hour or more leaves
  the character sober (recovery.py).
- A drinking duel is between two or more able characters; the first to fall into a coma loses
  and the others win; the Mayor may end a duel with a reason (nobody loses). Who drinks when is
  left to the table. The cards the duel's result exchanges belong to the exchanges' module.
"""

from __future__ import annotations

import math
from typing import Annotated, Any, Literal

import msgspec

from domain.commands import Command
from domain.errors import Conflict, InvalidCommand
from domain.frontera import guards, rules
from domain.frontera.character import Character
from domain.frontera.events import game
from domain.frontera.gambling import MAX_STAKE, checked_stake, settle_skill_game
from domain.frontera.resolution import DEFEAT, VICTORY
from domain.frontera.state import Rivals
from domain.keys import TableKeys
from domain.names import Reason, checked_reason
from domain.table import Table

Mechanism = Literal["duel", "heavy"]
MAX_DRINKS = 10  # drinks in one command
COMA = -3

# -- commands -----------------------------------------------------------------------------


class Drink(Command):
    """The character drinks `drinks` beers or shots, one after the other."""

    character: str
    """The id of the character who drinks"""
    drinks: Annotated[int, msgspec.Meta(ge=1, le=MAX_DRINKS)] = 1


class StartDrinkingDuel(Command):
    """The Mayor starts a drinking duel between two or more characters."""

    characters: Rivals
    """The ids of the duellists: two or more different characters"""
    #: a skill game [L1420]: what each loser pays the winners (then the bet exchange)
    stake: Annotated[int, msgspec.Meta(ge=0, le=MAX_STAKE)] = 0


class EndDrinkingDuel(Command):
    """The Mayor ends the drinking duel under way before anyone falls into a coma."""

    reason: Reason
    """Why the Mayor ends it"""


# -- events -------------------------------------------------------------------------------


class DrinkTaken(Table.Event):
    """One drink: the character's drink count is now `drinks`; `mechanism` says what it sets off."""

    TOPIC = "frontera.DrinkTaken"
    character: str
    """The id of the character who drank"""
    drinks: int
    """The character's drink count now, since it was last sober"""
    mechanism: str
    """What the drink counts for: `duel` (the drinking duel it takes part in) or `heavy` (heavy
    drinking), each with its own sobriety tests"""

    def apply(self, table: Table) -> None:
        game(table).characters[self.character].drinks = self.drinks


class DrinksSleptOff(Table.Event):
    """The character is sober again after time passed: the drink count starts again at 0."""

    TOPIC = "frontera.DrinksSleptOff"
    character: str
    """The id of the character sober again"""

    def apply(self, table: Table) -> None:
        game(table).characters[self.character].drinks = 0


class DrinkingDuelStarted(Table.Event):
    """The Mayor starts a drinking duel: the first to fall into a coma loses."""

    TOPIC = "frontera.DrinkingDuelStarted"
    characters: list[str]
    """The ids of the duellists"""
    stake: int = 0
    """Dollars each loser pays, shared among the winners (0: none)"""

    def apply(self, table: Table) -> None:
        state = game(table)
        state.drinking_duel = list(self.characters)
        state.drinking_stake = self.stake


class DrinkingDuelEnded(Table.Event):
    """The duel is over: `loser` fell into a coma first (None: the Mayor ended it)."""

    TOPIC = "frontera.DrinkingDuelEnded"
    loser: str | None
    """The id of the character who fell into a coma first; null: the Mayor ended the duel"""
    winners: list[str]
    """The ids of the other duellists, who win; empty when the Mayor ended it"""
    reason: str
    """Why it ended: who fell into a coma first, or the Mayor's words"""

    def apply(self, table: Table) -> None:
        state = game(table)
        state.drinking_duel, state.drinking_stake = None, 0


# -- the rule -----------------------------------------------------------------------------


def half_toughness(character: Character) -> int:
    return math.ceil(character.toughness / 2)


def duel_test_cards(character: Character, drinks: int) -> int:
    """Cards of the duel's DMH(stays / -1 sobriety) after `drinks` drinks; 0: no test yet."""
    if drinks < half_toughness(character):
        return 0
    return 2 if drinks <= character.toughness else 1


def heavy_drinking(character: Character, drinks: int) -> tuple[int, bool]:
    """(the highest sobriety level the alcohol leaves, whether a DMH(stays / -1 sobriety)
    drawing 1 follows) for the drink that brings the alcohol level to `drinks`."""
    toughness = character.toughness
    if drinks >= 3 * toughness:
        return COMA, False  # straight to coma
    highest = -2 if drinks >= 2 * toughness else -1 if drinks > toughness else 0
    return highest, drinks > half_toughness(character)


# -- handlers -----------------------------------------------------------------------------


def drink(table: Table, actor: str, command: Drink, keys: TableKeys) -> int:
    """Returns the character's sobriety level after the drinks."""
    state = guards.started(table)
    seat = table.require_seat(actor)
    character = guards.find_character(state, command.character)
    if seat.id != table.gm_seat.id:
        guards.require_player(character, actor)
    if not 1 <= command.drinks <= MAX_DRINKS:
        raise InvalidCommand(f"a round is 1 to {MAX_DRINKS} drinks", "invalid_drinks")
    guards.able(character)
    duel = state.drinking_duel or []
    stake = state.drinking_stake
    mechanism: Mechanism = "duel" if character.id in duel else "heavy"
    for _ in range(command.drinks):
        if character.sobriety <= COMA:
            break
        drinks = character.drinks + 1
        table.trigger_event(
            DrinkTaken, actor=actor, character=character.id, drinks=drinks, mechanism=mechanism
        )
        if mechanism == "duel":
            _sobriety_test(table, actor, character, duel_test_cards(character, drinks), keys)
        else:
            highest, test = heavy_drinking(character, drinks)
            if character.sobriety > highest:
                rules.shift_condition(
                    table,
                    actor,
                    character,
                    "sobriety",
                    highest - character.sobriety,
                    f"heavy drinking: {drinks} drinks with toughness {character.toughness}",
                    keys,
                )
            _sobriety_test(table, actor, character, 1 if test else 0, keys)
        if mechanism == "duel" and character.sobriety <= COMA:
            table.trigger_event(
                DrinkingDuelEnded,
                actor=actor,
                loser=character.id,
                winners=[c for c in duel if c != character.id],
                reason=f"{character.name} fell into a coma first",
            )
            outcomes = {c: VICTORY for c in duel if c != character.id}
            settle_skill_game(table, actor, {**outcomes, character.id: DEFEAT}, stake, keys)
    return character.sobriety


def _sobriety_test(
    table: Table, actor: str, character: Character, cards: int, keys: TableKeys
) -> None:
    """DMH(stays / -1 sobriety) drawing `cards` (none: no test)."""
    if cards == 0 or character.sobriety <= COMA:
        return
    stays, _ = rules.flip_dead_mans_hand(table, actor, character.id, "drinking", cards, keys)
    if not stays:
        rules.shift_condition(
            table,
            actor,
            character,
            "sobriety",
            -1,
            f"drinking: the dead man's hand drew an 8 after {character.drinks} drinks",
            keys,
        )


def start_drinking_duel(table: Table, actor: str, command: StartDrinkingDuel, _: TableKeys) -> None:
    state = guards.started_ruling(table, actor, "start a drinking duel")
    if state.drinking_duel is not None:
        raise Conflict("a drinking duel is already under way", "drinking_duel_in_progress")
    guards.require_rivals(command.characters, "a drinking duel")
    for character_id in command.characters:
        guards.able(guards.find_character(state, character_id))
    stake = checked_stake(command.stake)
    table.trigger_event(
        DrinkingDuelStarted, actor=actor, characters=list(command.characters), stake=stake
    )


def end_drinking_duel(table: Table, actor: str, command: EndDrinkingDuel, _: TableKeys) -> None:
    state = guards.started_ruling(table, actor, "end a drinking duel")
    if state.drinking_duel is None:
        raise Conflict("no drinking duel is under way", "no_drinking_duel")
    reason = checked_reason(command.reason)
    table.trigger_event(DrinkingDuelEnded, actor=actor, loser=None, winners=[], reason=reason)


HANDLERS: dict[type, Any] = {
    Drink: drink,
    StartDrinkingDuel: start_drinking_duel,
    EndDrinkingDuel: end_drinking_duel,
}
