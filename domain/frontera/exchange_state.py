"""What a table holds between the steps of a card exchange or a night at the casino.

Kept apart from `state` so that the exchange and gambling modules own their shapes; the
table's state holds at most one of each (`FronteraState.exchange`, `FronteraState.house_game`).
"""

from __future__ import annotations

from typing import Literal

from domain.structs import Stored

StepKind = Literal["pick", "keep_loot", "swap", "random"]
#: the zone where a loot's treasure cards wait for whoever keeps each
LOOT = "loot"


class ExchangeStep(Stored, kw_only=True):
    """One thing a seat must do for the exchange to go on.

    - pick: `seat` takes `at_least`..`at_most` cards of `source` (it is shown the cards it may
      pick) and they go to `target`;
    - keep_loot: a sharing seat (or the Mayor, recording the players' agreement) names the
      protagonist who keeps the treasure card on top of the `loot` zone;
    - swap: `character` may swap one card of its seat's deck with one of `partners`' seats;
    - random: done at once when it comes up: `at_most` random cards of `source` go to `target`.
    """

    STORED_AS = "frontera.ExchangeStep"

    kind: StepKind
    """`pick` (the seat takes cards of `source`), `keep_loot` (naming who keeps the treasure card on
    top of the loot), `swap` (a loot swap with a partner) or `random` (random cards of `source` move
    at once)"""
    seat: str
    """The seat id whose command the step waits for (for `random`, the seat whose cards move); empty
    for keep_loot: any sharing seat"""
    character: str | None = None
    """The id of the protagonist concerned (a swap's, a coma's); null otherwise"""
    source: str | None = None
    """The zone the cards come from; null for keep_loot and swap"""
    target: str | None = None
    """The zone the cards go to; null for keep_loot and swap"""
    at_least: int = 1
    """The fewest cards to pick"""
    at_most: int = 1
    """The most cards to pick (for `random`, the cards that move)"""
    give_back: bool = False
    """True for a winner's take that it must pay back with as many cards of its own, in a step that
    follows"""
    seen_by: list[str] | None = None
    """The seat ids that learn which cards were picked; null: every seat"""
    partners: list[str] = []
    """Swap: the ids of the protagonists it may swap with"""


class PendingExchange(Stored, kw_only=True):
    STORED_AS = "frontera.PendingExchange"

    kind: str  # bet | duel | cheat | coma | loot
    """The exchange: `bet` (a caught cheater's too), `duel`, `coma` or `loot`"""
    reason: str
    """Why it happens: the exchange's kind, the character in a coma, or the Mayor's reason for a
    loot"""
    steps: list[ExchangeStep]
    """The steps still to do, the first waiting now"""
    sharers: list[str] = []
    """Loot: the ids of the protagonists sharing it"""
    keepers: list[str] = []
    """Loot: the ids of those who kept a treasure card so far"""
    times: int = 1
    """Loot: how many treasure cards (or swaps each) the Mayor allowed"""
    shown: list[str] = []
    """The card ids the current picker was shown and may pick from (secret to that seat)"""


class HouseGame(Stored, kw_only=True):
    """A night at a "house always wins" table: rounds from the house's deck [L1290]."""

    STORED_AS = "frontera.HouseGame"

    character: str
    """The id of the protagonist at the house"""
    seat: str
    """The seat id of the character's player"""
    source: str
    """The zone the rounds are drawn from: the Mayor's deck (`player_deck:<seat>`), or `pile`
    without card management"""
    cheating: bool = False
    """True when the player cheats: hands (deftness) for the stop test, and a cheater's
    settlement"""
    dead_mans_hand: list[str] = []
    """The dead man's hand's card ids (public cards), shuffled into the house's deck for each
    round"""
    hand_drawn: list[str] = []
    """Those of its cards drawn in rounds since the house's deck was last reshuffled: they sit
    out the rounds until the next reshuffle, as they would lie face up on the table"""
    rounds: int = 0
    """Rounds played so far"""
    house: int = 0
    """The house's points so far"""
    player: int = 0
    """The player's points so far"""
    last_card: str | None = None
    """The card id of the last round; null before the first"""
    last_points: int = 0
    """The points of the last round"""
    last_for_player: bool = False
    """True when the last round's points went to the player"""
    last_round: bool = False
    """True after a partial success at stopping: the next round is the last and counts"""
    stop_test: int | None = None
    """The number of the stop test open now; null: none"""
    stop_failed_after: int = 0
    """The round after which the last stop test failed: the next try waits for a later round
    [L1330]; 0: none failed"""
