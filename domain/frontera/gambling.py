"""Gambling [L1276-L1452]: the house always wins, chance games, cheating, skill games, and the
money each character carries, settled by the rules and followed by the bet exchange.

Money (`Character.money`, whole dollars; negative is a gambling debt) is set at creation or by
the Mayor (`SetMoney`, with a reason) and otherwise changed only by a settlement
(`MoneyChanged`).

The house always wins: the Mayor seats a protagonist at the house; each round is drawn from
the house's deck (the Mayor's; the pile without card management) with the dead man's hand
shuffled in [L1296]; the player plays round after round (`PlayHouseRound`, one card each, face
up) and may try to stop after any round (`TryToStop`: a head (cunning) test, hands (deftness)
when cheating); a failure plays on, so the next try waits for another round [L1330]. The night
is settled when the player leaves: house points - player points, then the bet exchange with
the Mayor (a tie at 0, a defeat above 0, a victory below 0) [L1340].

Chance games are opposed head (cunning) tests, hands (deftness) for a cheater; skill games
are opposed tests of the Mayor's choosing with a stake. The consequences settle the money and
start the bet exchange (Normal mode) between each winner and each loser, and among the tied.

Decisions where the book is silent:
- Amounts are whole dollars: winnings round down and losses round up (the house keeps the
  change). Past 4 points a loss keeps costing a quarter per point, as a debt (negative money).
- Only protagonists play against the house, and only while they can act.
- The dead man's hand is lent to the house's deck for each round's draw, not for the night:
  its cards not drawn since the last reshuffle go in, the deck is shuffled, the top card is the
  round's, and the hand's cards go home again (the round's card too, when it is one of them).
  A draw from a freshly shuffled deck is a draw from the deck shuffled once, so the rounds
  have the book's odds; between rounds the hand is whole, for every other rule that draws
  from it (drinking, the tipsy draw, morale recovery), and no card of it is in the Mayor's
  deck for a drunk or coma swap to take.
- A success at stopping whose card is worth at least the last round's card ignores the last
  round when that round scored for the house (the player's better choice), and counts it
  otherwise.
- The dead man's hand pairs of the luck factor are read with the Ace as the player's better
  outcome: victory DMH(doubles the money / no loss), defeat DMH(no loss / loses all) — the book
  lists them the other way round, which would make an 8 better than an Ace.
- A cheater's victory wins twice what it would have (the money doubled twice over: x3); a
  caught cheater loses all the money carried (no debt), and the first winner (the Mayor at the
  house) takes one of the cheater's cards, giving none.
- With more than two players, the tied best hands each win [L1407]; when all tie (nobody
  played suit or colour, or all the same value), no money changes hands, as between two.
- Skill games: each loser pays the stake (at most what it carries), split evenly among the
  winners (the odd dollars stay with the loser).
- The bet exchange after a game: each winner is "el ganador en el intercambio" [L1396] with
  each loser (it picks one of the loser's cards, then gives one of its own); the tied make the
  tie exchange [L1408] with each other, pair by pair (a random card each way), whether they
  tied for the best hand or all tied; a caught cheater's card goes to the first winner (in
  the order given), "tu rival" [L300] being one.
"""

from __future__ import annotations

import math
from typing import Annotated, Any

import msgspec

from domain.commands import Command
from domain.errors import Conflict, InvalidCommand
from domain.frontera import guards, piles, rules
from domain.frontera.cards import Suit, card
from domain.frontera.character import MAX_MONEY, Character, Skill, Trait
from domain.frontera.commands import Contender
from domain.frontera.events import game
from domain.frontera.exchange_state import HouseGame
from domain.frontera.exchanges import start_bet_exchange
from domain.frontera.resolution import (
    DEFEAT,
    FAILURE,
    PARTIAL,
    SUCCESS,
    TIE,
    VICTORY,
    Play,
)
from domain.frontera.state import (
    DEAD_MANS_HAND,
    PILE,
    CharacterIds,
    FronteraState,
    OpenTest,
    Rivals,
    player_deck,
)
from domain.keys import TableKeys
from domain.names import Reason, checked_reason
from domain.structs import clone
from domain.table import Table

HOUSE = "house"
MAX_STAKE = MAX_MONEY

# -- commands ----------------------------------------------------------------------------


class SetMoney(Command):
    """The Mayor sets the dollars a character carries."""

    character: str
    """The id of the character whose money is set"""
    money: Annotated[int, msgspec.Meta(ge=-MAX_MONEY, le=MAX_MONEY)]
    """The dollars it carries from now on; negative: a gambling debt"""
    reason: Reason
    """Why, in the Mayor's words"""


class StartHouseGame(Command):
    """A protagonist sits at a "house always wins" table (Mayor)."""

    character: str
    """The id of the protagonist who sits down (one who can act)"""
    cheating: bool = False


class _PlayerAtTheHouse(Command):
    """A command of the protagonist at the house's table."""

    character: str
    """The id of the protagonist playing at the house"""


class PlayHouseRound(_PlayerAtTheHouse):
    """One more round at the house: one card of the house's deck, face up."""


class TryToStop(_PlayerAtTheHouse):
    """Try to leave the house's table: opens the character's head (cunning) test."""


class CloseHouse(Command):
    """The Mayor calls the night off: the cards go back, nothing is settled (Mayor)."""

    reason: Reason
    """Why the Mayor calls the night off"""


class StartChanceGame(Command):
    """Poker, dice…: an opposed head (cunning) test; cheaters use hands (deftness) (Mayor)."""

    participants: Rivals
    """The ids of the players: two or more different characters"""
    cheaters: CharacterIds = []
    """The ids of those among them who cheat, with hands (deftness) instead of head (cunning);
    empty: none"""


class StartSkillGame(Command, kw_only=True):
    """Darts, arm wrestling, a race…: an opposed test of the Mayor's choosing, for a stake."""

    participants: Annotated[list[Contender], msgspec.Meta(min_length=2)]
    """The contenders, each with the trait and skill the game tests (darts hands (brawl), arm
    wrestling muscle (strength), a race muscle (agility) …): two or more different characters"""
    stake: Annotated[int, msgspec.Meta(ge=0, le=MAX_STAKE)]
    """Dollars each loser pays, shared among the winners (at most what it carries; 0: none)"""


# -- events ------------------------------------------------------------------------------


class MoneyChanged(Table.Event):
    """A character's money changes: a game's settlement or the Mayor's ruling."""

    TOPIC = "frontera.MoneyChanged"
    character: str
    """The id of the character whose money changed"""
    before: int
    """Dollars carried before; negative: a gambling debt"""
    after: int
    """Dollars carried now; negative: a gambling debt"""
    reason: str
    """Why: the settlement in words (e.g. `house 2 - player 8 = -6`, `lost a bet`) or the Mayor's
    reason"""

    def apply(self, table: Table) -> None:
        game(table).characters[self.character].money = self.after


class HouseGameStarted(Table.Event):
    """A protagonist sits at a "house always wins" table."""

    TOPIC = "frontera.HouseGameStarted"
    house_game: HouseGame
    """The game as it starts: the player, the house's deck, the dead man's hand lent to it, no round
    yet"""

    def apply(self, table: Table) -> None:
        game(table).house_game = clone(self.house_game)


class _AtTheHouse(Table.Event):
    """A fact of the protagonist's night at the house's table."""

    character: str
    """The id of the protagonist playing at the house"""


class HouseRoundPlayed(_AtTheHouse):
    """A round's card, face up: its points go to the player (♠, Joker) or the house."""

    TOPIC = "frontera.HouseRoundPlayed"
    round: int
    """The round's number, from 1"""
    card: str
    """The card id drawn for the round, face up"""
    points: int
    """The card's points: Joker 5, Ace 3, J, Q or K 2, any other 1"""
    for_player: bool
    """True when the points go to the player (a ♠ or a Joker); false: to the house"""
    house: int
    """The house's points after the round"""
    player: int
    """The player's points after the round"""
    reshuffled: bool = False
    """True when the house's deck was spent and reshuffled before this round"""

    def apply(self, table: Table) -> None:
        house_game = _game(game(table))
        if self.reshuffled:
            house_game.hand_drawn = []
        if self.card in house_game.dead_mans_hand:
            house_game.hand_drawn.append(self.card)
        house_game.rounds = self.round
        house_game.house, house_game.player = self.house, self.player
        house_game.last_card = self.card
        house_game.last_points, house_game.last_for_player = self.points, self.for_player


class HouseStopTried(_AtTheHouse):
    """The player tries to stop: its stop test, head (cunning) or hands (deftness) when cheating,
    opens."""

    TOPIC = "frontera.HouseStopTried"
    test: int
    """The number of the stop test opened"""

    def apply(self, table: Table) -> None:
        _game(game(table)).stop_test = self.test


class HouseStopDecided(_AtTheHouse):
    """What the stop test gave: play on, one last round, or leave now."""

    TOPIC = "frontera.HouseStopDecided"
    outcome: str
    """The stop test's outcome: `success`, `partial` or `failure`"""
    leaves: bool
    """True when the player leaves now (a success)"""
    last_round: bool
    """True when the next round is the last and counts (a partial success)"""

    def apply(self, table: Table) -> None:
        house_game = _game(game(table))
        house_game.stop_test = None
        house_game.last_round = self.last_round
        if self.outcome == FAILURE:
            house_game.stop_failed_after = house_game.rounds


class HouseGameEnded(Table.Event):
    """The night at the house is over and settled: house points - player points, then the bet
    exchange with the Mayor."""

    TOPIC = "frontera.HouseGameEnded"
    character: str
    """The id of the protagonist who played"""
    house: int
    """The house's points, as counted in the result"""
    player: int
    """The player's points, as counted in the result"""
    ignored_last_round: bool
    """True when a stopping success on a card worth at least the last round's let the player ignore
    that round, which scored for the house"""
    result: int
    """House points - player points: 0 leaves with what it brought (a tie), above 0 loses a quarter
    of the money carried per point (a defeat), below 0 wins a quarter per point (a victory)"""

    def apply(self, table: Table) -> None:
        game(table).house_game = None


class HouseClosed(Table.Event):
    """The Mayor ended a game at the house before it ended by the rules; nobody pays."""

    TOPIC = "frontera.HouseClosed"
    character: str
    """The id of the protagonist who was playing"""
    reason: str
    """Why the Mayor called the night off"""

    def apply(self, table: Table) -> None:
        game(table).house_game = None


def _game(state: FronteraState) -> HouseGame:
    if state.house_game is None:
        raise ValueError("no game at the house is in progress")
    return state.house_game


# -- money -------------------------------------------------------------------------------


def set_money(table: Table, actor: str, command: SetMoney, _: TableKeys) -> int:
    state = game.ruling(table, actor, "set a character's money")
    character = guards.find_character(state, command.character)
    money = guards.checked_money(command.money) if command.money >= 0 else command.money
    if money < -MAX_MONEY:
        raise InvalidCommand("a debt is at most a million dollars", "invalid_money")
    reason = checked_reason(command.reason)
    _money(table, actor, character, money, reason)
    return money


def _money(table: Table, actor: str, character: Character, after: int, reason: str) -> None:
    if after != character.money:
        table.trigger_event(
            MoneyChanged,
            actor=actor,
            character=character.id,
            before=character.money,
            after=after,
            reason=reason,
        )


def house_settlement(money: int, result: int, cheating: bool) -> int:
    """Money after a night at the house [L1318]: each point of the result is a quarter of the
    money carried, lost (result > 0) or won (< 0); each point won past 4 doubles the winnings;
    a cheater wins twice as much, and loses everything when the house wins."""
    carried = max(money, 0)
    if result > 0:
        if cheating:
            return min(money, 0)
        return money - math.ceil(carried * result / 4)
    if result < 0:
        points = -result
        won = carried * min(points, 4) * 2 ** max(points - 4, 0) // 4
        return money + won * (2 if cheating else 1)
    return money


def house_points(card_id: str) -> tuple[int, bool]:
    """A round's points and whether they are the player's: Joker 5 (always the player's),
    Ace 3, J/Q/K 2, the rest 1; ♠ for the player, any other suit for the house."""
    face = card(card_id)
    if face.is_joker:
        return 5, True
    points = 3 if face.is_ace else 2 if face.rank in ("J", "Q", "K") else 1
    return points, face.suit == Suit.SPADES


# -- the house always wins [L1290] --------------------------------------------------------


def start_house_game(table: Table, actor: str, command: StartHouseGame, keys: TableKeys) -> None:
    state = guards.started_ruling(table, actor, "seat a player at the house")
    character = guards.able(guards.find_character(state, command.character))
    if character.kind != "protagonist" or character.left_game:
        raise InvalidCommand("protagonists play against the house", "not_a_protagonist")
    if state.test is not None:
        raise Conflict(f"test {state.test.number} is still open", "test_in_progress")
    if state.exchange is not None or state.house_game is not None:
        raise Conflict(
            "a card exchange or a game at the house is in progress: finish it first",
            "exchange_in_progress",
        )
    source = PILE if state.options.mode == "no_management" else player_deck(table.gm_seat.id)
    table.trigger_event(
        HouseGameStarted,
        actor=actor,
        house_game=HouseGame(
            character=character.id,
            seat=character.seat,
            source=source,
            cheating=command.cheating,
            dead_mans_hand=list(state.zone(DEAD_MANS_HAND)),
        ),
    )


def _playing(table: Table, actor: str, character_id: str) -> tuple[FronteraState, HouseGame]:
    state = guards.started(table)
    table.require_seat(actor)
    character = guards.find_character(state, character_id)
    house_game = state.house_game
    if house_game is None or house_game.character != character.id:
        raise Conflict(f"{character.name} is not playing at the house", "no_house_game")
    guards.require_player(character, actor)
    guards.able(character)
    if state.test is not None and state.test.number == house_game.stop_test:
        raise Conflict("the stop test is still open", "test_in_progress")
    if state.exchange is not None:
        raise Conflict("a card exchange is in progress: finish it first", "exchange_in_progress")
    return state, house_game


def play_round(table: Table, actor: str, command: PlayHouseRound, keys: TableKeys) -> list[str]:
    """The round's card: the top of the house's deck shuffled with the dead man's hand lent
    to it; a spent deck is reshuffled with the rounds played first [L1303]."""
    state, house_game = _playing(table, actor, command.character)
    source = house_game.source
    lent = [c for c in state.zone(DEAD_MANS_HAND) if c not in house_game.hand_drawn]
    reshuffled = not state.zone(source) and not lent
    if reshuffled:
        piles.move_cards(table, actor, state.zone(HOUSE), HOUSE, source, "house_reshuffle", None)
        lent = list(state.zone(DEAD_MANS_HAND))
    piles.move_cards(table, actor, lent, DEAD_MANS_HAND, source, "house_round", None)
    piles.shuffle(table, actor, source, keys)
    (drawn, *_) = state.zone(source)
    if drawn not in lent:
        piles.move_cards(table, actor, [drawn], source, HOUSE, "house_round", None)
    home = [c for c in lent if c in state.zone(source)]  # as lent: no shuffled order shows
    piles.move_cards(table, actor, home, source, DEAD_MANS_HAND, "house_round", None)
    points, for_player = house_points(drawn)
    table.trigger_event(
        HouseRoundPlayed,
        actor=actor,
        character=command.character,
        round=house_game.rounds + 1,
        card=drawn,
        points=points,
        for_player=for_player,
        house=house_game.house + (0 if for_player else points),
        player=house_game.player + (points if for_player else 0),
        reshuffled=reshuffled,
    )
    if house_game.last_round:
        _settle_house(table, actor, keys, ignore_last=False)
    return [drawn]


def try_to_stop(table: Table, actor: str, command: TryToStop, keys: TableKeys) -> int:
    state, house_game = _playing(table, actor, command.character)
    if house_game.rounds == house_game.stop_failed_after:
        raise Conflict(
            "play a round before trying to stop (again, after a failed stop test)",
            "no_round_yet",
        )
    if house_game.last_round:
        raise Conflict("the next round is the last: play it", "last_round")
    character = state.characters[command.character]
    trait, skill = (
        (Trait.HANDS, Skill.DEFTNESS) if house_game.cheating else (Trait.HEAD, Skill.CUNNING)
    )
    participant = rules.contender(state, character.id, trait, skill, [])
    number = state.tests_opened + 1
    table.trigger_event(HouseStopTried, actor=actor, character=character.id, test=number)
    return rules.open_test(
        table,
        actor,
        "trait",
        {character.id: participant},
        purpose="house_stop",
        stakes={"character": character.id},
    )


def house_stop(
    table: Table, actor: str, test: OpenTest, outcomes: dict[str, str], keys: TableKeys
) -> None:
    """The stop test's consequence: failure plays on; partial allows one last round that
    counts; success leaves now, ignoring the last round with a card worth at least its card."""
    house_game = _game(game(table))
    character = house_game.character
    outcome = outcomes[character]
    leaves = outcome == SUCCESS
    table.trigger_event(
        HouseStopDecided,
        actor=actor,
        character=character,
        outcome=outcome,
        leaves=leaves,
        last_round=outcome == PARTIAL,
    )
    if not leaves:
        return
    participant = test.participants[character]
    played = [Play.of(c, participant.joker_suits) for c in participant.chosen or []]
    last = house_game.last_card
    beats_last = last is not None and any(p.value >= card(last).value for p in played)
    _settle_house(table, actor, keys, ignore_last=beats_last and not house_game.last_for_player)


def _put_house_away(table: Table, actor: str, house_game: HouseGame) -> None:
    """The round cards go back to the house's deck; the dead man's hand is already home,
    unless the night began when it was shuffled in for the whole night (stored tables)."""
    state = game(table)
    back = [c for c in state.zone(HOUSE) if c not in house_game.dead_mans_hand]
    piles.move_cards(table, actor, back, HOUSE, house_game.source, "house_closed", None)
    for zone in (HOUSE, house_game.source):
        cards = [c for c in state.zone(zone) if c in house_game.dead_mans_hand]
        piles.move_cards(table, actor, cards, zone, DEAD_MANS_HAND, "house_closed", None)


def close_house(table: Table, actor: str, command: CloseHouse, _: TableKeys) -> None:
    state = guards.started_ruling(table, actor, "close the house")
    if state.house_game is None:
        raise Conflict("nobody is playing at the house", "no_house_game")
    guards.require_no_open_test(state)
    house_game = state.house_game
    reason = checked_reason(command.reason)
    _put_house_away(table, actor, house_game)
    table.trigger_event(HouseClosed, actor=actor, character=house_game.character, reason=reason)


def _settle_house(table: Table, actor: str, keys: TableKeys, *, ignore_last: bool) -> None:
    state = game(table)
    house_game = _game(state)
    house, player = house_game.house, house_game.player
    if ignore_last:
        if house_game.last_for_player:
            player -= house_game.last_points
        else:
            house -= house_game.last_points
    result = house - player
    character = state.characters[house_game.character]
    _put_house_away(table, actor, house_game)
    table.trigger_event(
        HouseGameEnded,
        actor=actor,
        character=character.id,
        house=house,
        player=player,
        ignored_last_round=ignore_last,
        result=result,
    )
    after = house_settlement(character.money, result, house_game.cheating)
    _money(table, actor, character, after, f"house {house} - player {player} = {result}")
    mayor = table.gm_seat.id
    if result == 0:
        start_bet_exchange(table, actor, [], [(character.seat, mayor)], [], keys)
    elif result > 0 and house_game.cheating:
        start_bet_exchange(table, actor, [], [], [(mayor, character.seat)], keys)
    elif result > 0:
        start_bet_exchange(table, actor, [(mayor, character.seat)], [], [], keys)
    else:
        start_bet_exchange(table, actor, [(character.seat, mayor)], [], [], keys)


# -- chance and skill games [L1376, L1420] --------------------------------------------------


def _game_table(table: Table, actor: str) -> FronteraState:
    state = rules.ready_to_open(table, actor)
    return state


def start_chance_game(table: Table, actor: str, command: StartChanceGame, _: TableKeys) -> int:
    state = _game_table(table, actor)
    guards.require_rivals(command.participants, "a game")
    cheaters = list(command.cheaters)
    if not set(cheaters) <= set(command.participants) or len(set(cheaters)) != len(cheaters):
        raise InvalidCommand("a cheater must be one of the players, once", "invalid_cheaters")
    participants = {}
    for character in command.participants:
        trait, skill = (
            (Trait.HANDS, Skill.DEFTNESS) if character in cheaters else (Trait.HEAD, Skill.CUNNING)
        )
        participants[character] = rules.contender(state, character, trait, skill, [])
    return rules.open_test(
        table,
        actor,
        "opposed",
        participants,
        purpose="chance_game",
        stakes={"cheaters": ",".join(cheaters)},
    )


def start_skill_game(table: Table, actor: str, command: StartSkillGame, _: TableKeys) -> int:
    state = _game_table(table, actor)
    guards.require_rivals([c.character for c in command.participants], "a game")
    checked_stake(command.stake)
    participants = {
        c.character: rules.contender(state, c.character, c.trait, c.skill, c.modifiers)
        for c in command.participants
    }
    return rules.open_test(
        table,
        actor,
        "opposed",
        participants,
        purpose="skill_game",
        stakes={"stake": command.stake},
    )


def _sides(outcomes: dict[str, str]) -> tuple[list[str], list[str]]:
    """Winners and losers: the victor, or the tied best hands when some lost [L1398]."""
    losers = [c for c, o in outcomes.items() if o == DEFEAT]
    winners = [c for c, o in outcomes.items() if o == VICTORY]
    if not winners and losers:
        winners = [c for c, o in outcomes.items() if o == TIE]
    return winners, losers


def _exchange_after(
    table: Table,
    actor: str,
    outcomes: dict[str, str],
    winners: list[str],
    losers: list[str],
    caught: list[str],
    keys: TableKeys,
) -> None:
    """The bet exchange of a game [L294]: each winner with each loser, the tied with each
    other [L1408], a caught cheater with the first winner."""
    state = game(table)
    seat = {c: state.characters[c].seat for c in outcomes}
    tied = [c for c, o in outcomes.items() if o == TIE]
    first = seat[winners[0]] if winners else None
    start_bet_exchange(
        table,
        actor,
        [(seat[w], seat[c]) for w in winners for c in losers if c not in caught],
        [(seat[a], seat[b]) for i, a in enumerate(tied) for b in tied[i + 1 :]],
        [(first, seat[c]) for c in caught if first is not None],
        keys,
    )


def chance_game(
    table: Table, actor: str, test: OpenTest, outcomes: dict[str, str], keys: TableKeys
) -> None:
    state = game(table)
    cheaters = [c for c in str(test.stakes.get("cheaters", "")).split(",") if c]
    winners, losers = _sides(outcomes)
    for character_id in winners:
        character = state.characters[character_id]
        better, _ = rules.flip_dead_mans_hand(table, actor, character_id, "chance_game", 1, keys)
        carried = max(character.money, 0)
        won = (2 * carried if character_id in cheaters else carried) if better else 0
        _money(table, actor, character, character.money + won, "won at a game of chance")
    caught = [c for c in losers if c in cheaters]
    for character_id in losers:
        character = state.characters[character_id]
        if character_id in caught:
            _money(table, actor, character, min(character.money, 0), "caught cheating")
            continue
        better, _ = rules.flip_dead_mans_hand(table, actor, character_id, "chance_game", 1, keys)
        after = character.money if better else min(character.money, 0)
        _money(table, actor, character, after, "lost at a game of chance")
    _exchange_after(table, actor, outcomes, winners, losers, caught, keys)


def checked_stake(stake: int) -> int:
    if not 0 <= stake <= MAX_STAKE:
        raise InvalidCommand(f"a stake is 0 to {MAX_STAKE} dollars", "invalid_money")
    return stake


def skill_game(
    table: Table, actor: str, test: OpenTest, outcomes: dict[str, str], keys: TableKeys
) -> None:
    settle_skill_game(table, actor, outcomes, int(test.stakes.get("stake", 0)), keys)


def settle_skill_game(
    table: Table, actor: str, outcomes: dict[str, str], stake: int, keys: TableKeys
) -> None:
    """A skill game's end [L1420] (a drinking duel's too): each loser pays the stake, shared
    among the winners, then the bet exchange."""
    state = game(table)
    winners, losers = _sides(outcomes)
    if winners:
        for character_id in losers:
            loser = state.characters[character_id]
            share = min(stake, max(loser.money, 0)) // len(winners)
            if share == 0:
                continue
            _money(table, actor, loser, loser.money - share * len(winners), "lost a bet")
            for winner_id in winners:
                winner = state.characters[winner_id]
                _money(table, actor, winner, winner.money + share, "won a bet")
    _exchange_after(table, actor, outcomes, winners, losers, [], keys)


HANDLERS: dict[type, Any] = {
    SetMoney: set_money,
    StartHouseGame: start_house_game,
    PlayHouseRound: play_round,
    TryToStop: try_to_stop,
    CloseHouse: close_house,
    StartChanceGame: start_chance_game,
    StartSkillGame: start_skill_game,
}

CONSEQUENCES: dict[str, Any] = {
    "house_stop": house_stop,
    "chance_game": chance_game,
    "skill_game": skill_game,
}
