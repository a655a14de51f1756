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
    seat: str
    character: str | None = None
    source: str | None = None
    target: str | None = None
    at_least: int = 1
    at_most: int = 1
    #: a duel's winner gives back as many cards as it took: the count is fixed by the take
    give_back: bool = False
    #: seats that learn which cards were picked (None: every seat)
    seen_by: list[str] | None = None
    partners: list[str] = []


class PendingExchange(Stored, kw_only=True):
    STORED_AS = "frontera.PendingExchange"

    kind: str  # bet | duel | cheat | coma | loot
    reason: str
    steps: list[ExchangeStep]
    #: loot: the protagonists sharing it, those who kept a treasure card, and how many
    #: cards (or swaps each) the Mayor allowed
    sharers: list[str] = []
    keepers: list[str] = []
    times: int = 1
    #: the cards the current picker was shown and may pick from (secret to that seat)
    shown: list[str] = []


class HouseGame(Stored, kw_only=True):
    """A night at a "house always wins" table: rounds from the house's deck [L1290]."""

    STORED_AS = "frontera.HouseGame"

    character: str
    seat: str
    #: the deck the rounds are drawn from (the Mayor's; the pile without card management)
    source: str
    cheating: bool = False
    #: the dead man's hand, shuffled into the house's deck for each round (public cards)
    dead_mans_hand: list[str] = []
    #: its cards drawn in rounds since the house's deck was last reshuffled: they sit out
    #: the rounds until the next reshuffle, as they would lie face up on the table
    hand_drawn: list[str] = []
    rounds: int = 0
    house: int = 0
    player: int = 0
    last_card: str | None = None
    #: points of the last round, and whom they went to
    last_points: int = 0
    last_for_player: bool = False
    #: a partial success at stopping: the next round is the last and counts
    last_round: bool = False
    #: the stop test open now, if any
    stop_test: int | None = None
    #: the round after which the last stop test failed: the next try waits for a later
    #: round [L1330] (0: none failed)
    stop_failed_after: int = 0
