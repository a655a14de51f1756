"""Card exchanges of Normal mode [L280-L347], on scripted tables: who picks, what moves, who
learns which card; and the rejections, each leaving the table as it was."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from domain.commands import AddSeat
from domain.frontera import commands as cmd
from domain.frontera import events as ev
from domain.frontera import exchange_commands as xc
from domain.frontera import exchange_events as xe
from domain.frontera import exchange_state as xs
from domain.frontera import exchanges as fx
from domain.frontera.cards import Suit, card
from domain.frontera.character import Trait
from domain.frontera.state import TREASURE, FronteraState, player_deck, player_discard
from domain.table import Table
from projections.frontera.views import table_view
from projections.redaction import redact
from projections.visibility import Viewer
from tests.frontera_helpers import MAYOR, Session, new_session, npc, protagonist
from tests.frontera_scripts import events_of, last, normal_script

SHEET = {"hands": 3, "senses": 4, "muscle": 3, "head": 2}
SKILLS = ["brawl", "strength", "knowledge", "cunning"]
ANA_DEAL = ["d0:2S", "d0:3S", "d0:4S", "d0:5S", "d0:6S", "d0:7S", "d0:8S", "d0:9S"]
BEA_DEAL = ["d0:2H", "d0:3H", "d0:4H", "d0:5H", "d0:6H", "d0:7H", "d0:8H", "d0:9H"]
MAYOR_DEAL = ["d0:2D", "d0:3D", "d0:4D", "d0:5D", "d0:6D", "d0:7D", "d0:9D", "d0:10D"]


def table(**options: Any) -> tuple[Session, str, str]:
    """Ana (p1, plays c1) and Bea (p2, plays c2), Billy (c3, the Mayor's NPC), started."""
    if not options.get("skip_phase_1"):
        options.setdefault(
            "scripted_order",
            normal_script(3, deals={0: MAYOR_DEAL, 1: ANA_DEAL, 2: BEA_DEAL}),
        )
    session = new_session(players=("Ana", "Bea"), **options)
    p1, p2 = session.seats["Ana"], session.seats["Bea"]
    session.run(p1, protagonist("Ana", SHEET, SKILLS))
    session.run(p2, protagonist("Bea", SHEET, SKILLS))
    session.run(MAYOR, npc("Billy", SHEET, ["agility"]))
    session.run(MAYOR, cmd.StartTable())
    return session, p1, p2


def deck_of(session: Session, seat: str) -> list[str]:
    return session.state.zone(player_deck(seat))


def all_cards(state: FronteraState) -> Counter[str]:
    return Counter(c for cards in state.zones.values() for c in cards)


def shown(session: Session) -> xe.DeckShown:
    return last(session, xe.DeckShown)


def moved(session: Session, reason: str) -> list[ev.CardsMoved]:
    return [e for e in events_of(session, ev.CardsMoved) if e.reason == reason]


# -- duels [L300] --------------------------------------------------------------------------


def test_a_duel_winner_sees_the_losers_deck_takes_two_and_gives_two_of_its_own() -> None:
    s, p1, p2 = table()
    before = all_cards(s.state)

    s.run(MAYOR, xc.StartDuelExchange(winner="c1", loser="c2"))

    # phase 1: only the winner is shown the loser's deck
    offer = shown(s)
    assert (offer.seat, offer.zone, sorted(offer.cards)) == (p1, player_deck(p2), sorted(BEA_DEAL))
    view = table_view(s.table(), Viewer(seat=p1, is_gm=False))
    assert view.exchange is not None and view.exchange.picker == p1
    assert view.exchange.at_most == 2 and sorted(view.exchange.choices or []) == sorted(BEA_DEAL)
    for other in (Viewer(seat=p2, is_gm=False), Viewer(seat=MAYOR, is_gm=True)):
        assert table_view(s.table(), other).exchange.choices is None  # type: ignore[union-attr]
        assert redact(offer, other, closed=False).data["cards"] == [None] * 8

    assert s.run(p1, xc.PickCards(cards=["d0:9H", "d0:8H"])).result == ["d0:9H", "d0:8H"]
    taken = moved(s, "duel")[-1]
    assert taken.seen_by == [p1]  # phase 1: the loser does not see its deck
    # then the winner gives as many, shown its own deck without the cards it took
    offer = shown(s)
    assert offer.zone == player_deck(p1) and sorted(offer.cards) == sorted(ANA_DEAL)
    assert s.refused(p1, xc.PickCards(cards=["d0:2S"])).code == "wrong_card_count"
    assert s.refused(p1, xc.PickCards(cards=["d0:2S", "d0:9H"])).code == "card_not_offered"
    s.run(p1, xc.PickCards(cards=["d0:2S", "d0:3S"]))

    assert s.state.exchange is None
    assert sorted(deck_of(s, p1)) == sorted([*ANA_DEAL[2:], "d0:8H", "d0:9H"])
    assert sorted(deck_of(s, p2)) == sorted([*BEA_DEAL[:6], "d0:2S", "d0:3S"])
    assert all_cards(s.state) == before


def test_a_duel_winner_may_take_nothing() -> None:
    s, p1, _ = table()
    s.run(MAYOR, xc.StartDuelExchange(winner="c1", loser="c2"))
    s.run(p1, xc.PickCards(cards=[]))
    assert s.state.exchange is None
    assert sorted(deck_of(s, p1)) == sorted(ANA_DEAL)


def test_tied_duellists_swap_two_random_cards_seen_by_both_in_phase_2() -> None:
    s, p1, p2 = table(skip_phase_1=True)
    mine, theirs = list(deck_of(s, p1)), list(deck_of(s, p2))

    s.run(MAYOR, xc.StartDuelExchange(tied=["c1", "c2"]))

    swaps = moved(s, "duel_tie")
    assert [len(e.cards) for e in swaps] == [2, 2]
    assert all(e.seen_by == sorted([p1, p2]) for e in swaps)
    assert len(deck_of(s, p1)) == len(mine) and set(deck_of(s, p1)) != set(mine)
    assert set(swaps[0].cards) <= set(mine) and set(swaps[1].cards) <= set(theirs)
    assert s.state.exchange is None


def test_the_duel_function_for_the_combat_engine_starts_the_same_exchange() -> None:
    """What the combat engine calls after a pistol duel, on the table in hand."""
    s, p1, p2 = table()
    loaded: Table = s.app.repository.get(s.table_id)
    fx.start_duel_exchange(loaded, MAYOR, p2, p1, None, s.app.keys(s.table_id))
    s.app.save(loaded)
    assert shown(s).seat == p2 and shown(s).zone == player_deck(p1)
    assert s.state.exchange is not None and s.state.exchange.steps[0].at_most == 2


# -- bets [L288] -----------------------------------------------------------------------------


def test_a_bet_winner_takes_one_card_and_gives_one_of_its_choice() -> None:
    s, p1, p2 = table(skip_phase_1=True)
    s.run(MAYOR, xc.StartBetExchange(winner="c2", loser="c1"))
    assert shown(s).seat == p2 and shown(s).zone == player_deck(p1)
    taken = deck_of(s, p1)[0]
    s.run(p2, xc.PickCards(cards=[taken]))
    assert moved(s, "bet")[-1].seen_by == sorted([p1, p2])  # phase 2: both see their decks
    assert taken not in shown(s).cards  # it cannot go straight back
    given = shown(s).cards[0]
    s.run(p2, xc.PickCards(cards=[given]))
    assert taken in deck_of(s, p2) and given in deck_of(s, p1)
    assert s.state.exchange is None


def test_a_bet_tie_takes_a_random_card_each_way_face_down_in_phase_1() -> None:
    s, p1, _ = table()
    s.run(MAYOR, xc.StartBetExchange(tied=["c1", "c3"]))
    swaps = moved(s, "bet_tie")
    assert [e.seen_by for e in swaps] == [[], []]
    assert len(deck_of(s, p1)) == 8 and len(set(deck_of(s, p1)) & set(MAYOR_DEAL)) == 1


def test_a_caught_cheater_loses_a_card_and_gets_nothing_back() -> None:
    s, p1, _ = table()
    s.run(MAYOR, xc.StartBetExchange(winner="c3", cheater="c1"))
    assert shown(s).seat == MAYOR
    s.run(MAYOR, xc.PickCards(cards=["d0:9S"]))
    assert s.state.exchange is None
    assert len(deck_of(s, p1)) == 7 and "d0:9S" in deck_of(s, MAYOR)


# -- drunk and coma [L313-L322] ------------------------------------------------------------


def test_getting_drunk_swaps_a_random_card_with_the_mayor_face_down_in_phase_1() -> None:
    s, p1, _ = table()
    s.run(MAYOR, cmd.ChangeCondition(character="c1", track="sobriety", change=-1, reason="rye"))
    assert not moved(s, "drunk")
    s.run(MAYOR, cmd.ChangeCondition(character="c1", track="sobriety", change=-1, reason="rye"))
    swaps = moved(s, "drunk")
    assert [e.seen_by for e in swaps] == [[], []]
    assert len(set(deck_of(s, p1)) & set(MAYOR_DEAL)) == 1
    assert len(set(deck_of(s, MAYOR)) & set(ANA_DEAL)) == 1
    # an NPC's drinking swaps nothing
    s.run(MAYOR, cmd.ChangeCondition(character="c3", track="sobriety", change=-2, reason="rye"))
    assert len(moved(s, "drunk")) == 2


def test_a_coma_gives_a_random_card_to_the_mayor_who_picks_one_to_give_back() -> None:
    s, p1, _ = table()
    s.run(MAYOR, cmd.ChangeCondition(character="c1", track="sobriety", change=-3, reason="gin"))
    assert not moved(s, "drunk")  # straight to coma: only the coma swap
    (given,) = [e for e in moved(s, "exchange")]
    assert given.seen_by == [] and given.target == player_deck(MAYOR)
    # the Mayor sees the Mayor's deck, not the card received
    offer = shown(s)
    assert offer.seat == MAYOR and sorted(offer.cards) == sorted(MAYOR_DEAL)
    assert s.refused(p1, xc.PickCards(cards=["d0:2D"])).code == "not_your_pick"
    s.run(MAYOR, xc.PickCards(cards=["d0:2D"]))
    assert "d0:2D" in deck_of(s, p1) and moved(s, "coma")[-1].seen_by == [MAYOR]
    assert s.state.exchange is None


# -- death [L309] -------------------------------------------------------------------------


# -- never a gift [L343]: a random swap with a short or empty deck ----------------------------


def short_decks(cards: int) -> tuple[Session, str, str]:
    """Phase 2 from the start with only `cards` play cards dealt, the Mayor's deck first, then
    Ana's and Bea's (as evenly as they go); the other play cards are set aside."""
    return table(skip_phase_1=True, removed_at_random=50 - cards)


def test_drunk_with_a_spent_deck_the_discards_come_back_and_the_swap_is_one_for_one() -> None:
    s, p1, _ = short_decks(3)
    s.run(MAYOR, cmd.OpenTraitTest(character="c1", trait=Trait.HANDS))
    (only,) = s.run(p1, cmd.Draw(character="c1")).result
    suits = {only: Suit.SPADES} if card(only).is_joker else {}  # the deal is random
    s.run(p1, cmd.Choose(character="c1", cards=[only], joker_suits=suits))
    assert deck_of(s, p1) == [] and s.state.zone(player_discard(p1)) == [only]
    (mayors,) = deck_of(s, MAYOR)
    s.run(MAYOR, cmd.ChangeCondition(character="c1", track="sobriety", change=-2, reason="gin"))
    assert deck_of(s, p1) == [mayors] and deck_of(s, MAYOR) == [only]
    assert s.state.zone(player_discard(p1)) == []


def test_a_tie_with_a_seat_that_has_no_card_swaps_nothing() -> None:
    s, p1, p2 = short_decks(2)  # the Mayor and Ana hold one card each, Bea none
    mine, mayors = deck_of(s, p1), deck_of(s, MAYOR)
    s.run(MAYOR, xc.StartBetExchange(tied=["c1", "c2"]))
    s.run(MAYOR, xc.StartDuelExchange(tied=["c3", "c2"]))
    assert not moved(s, "bet_tie") and not moved(s, "duel_tie")
    assert (deck_of(s, p1), deck_of(s, p2), deck_of(s, MAYOR)) == (mine, [], mayors)


def test_tied_duellists_swap_as_many_cards_as_the_shorter_deck_holds() -> None:
    s, p1, _ = short_decks(4)  # the Mayor holds two cards, Ana one
    s.run(MAYOR, xc.StartDuelExchange(tied=["c1", "c3"]))
    assert [len(e.cards) for e in moved(s, "duel_tie")] == [1, 1]
    assert (len(deck_of(s, p1)), len(deck_of(s, MAYOR))) == (1, 2)


def test_a_coma_with_no_card_to_give_swaps_nothing() -> None:
    s, _, p2 = short_decks(2)  # Bea holds no card
    s.run(MAYOR, cmd.ChangeCondition(character="c2", track="sobriety", change=-3, reason="gin"))
    assert s.state.exchange is None and not moved(s, "exchange")
    assert (deck_of(s, p2), len(deck_of(s, MAYOR))) == ([], 1)


def test_a_dead_protagonist_who_leaves_sends_the_seats_cards_to_the_treasure() -> None:
    s, p1, _ = table()
    assert s.refused(MAYOR, xc.ProtagonistLeaves(character="c1", reason="rip")).code == "not_dead"
    s.run(MAYOR, cmd.ChangeCondition(character="c1", track="health", change=-4, reason="shot"))
    s.run(MAYOR, xc.ProtagonistLeaves(character="c1", reason="buried at boot hill"))
    assert deck_of(s, p1) == [] and s.state.zone(player_discard(p1)) == []
    assert sorted(s.state.zone(TREASURE)) == sorted(ANA_DEAL)
    assert s.state.characters["c1"].left_game
    assert s.refused(MAYOR, xc.ProtagonistLeaves(character="c1", reason="x")).code == (
        "character_left"
    )


# -- loot [L326] ---------------------------------------------------------------------------


def test_loot_a_random_treasure_card_shown_to_the_sharers_then_the_others_swap() -> None:
    s, p1, p2 = table()
    s.run(MAYOR, xc.SeedTreasure(cards=5, reason="the bank's vault"))
    assert len(s.state.zone(TREASURE)) == 5 and s.state.decks == 2
    bad = xc.ShareLoot(characters=["c1", "c3"], reason="the Mayor's NPC was there")
    assert s.refused(MAYOR, bad).code == "mayor_takes_no_treasure"

    s.run(MAYOR, xc.ShareLoot(characters=["c1", "c2"], reason="the train's safe"))
    (loot,) = moved(s, "loot")
    assert loot.seen_by == sorted([p1, p2]) and len(loot.cards) == 1
    s.run(p2, xc.KeepLoot(character="c1"))  # they agreed that Ana keeps it
    assert loot.cards[0] in deck_of(s, p1)
    # Bea kept nothing: she may swap one card with Ana (random, face down, in phase 1)
    assert s.refused(p2, xc.SwapCards(character="c2", partner="c1", card="d0:2H")).code == (
        "card_not_allowed"
    )
    s.run(p2, xc.SwapCards(character="c2", partner="c1"))
    assert [e.seen_by for e in moved(s, "loot_swap")] == [[], []]
    assert s.state.exchange is None


def test_loot_with_an_empty_treasure_lets_each_swap_and_in_phase_2_pick_the_cards() -> None:
    s, p1, p2 = table(skip_phase_1=True)
    s.run(MAYOR, xc.ShareLoot(characters=["c1", "c2"], reason="a reward"))
    mine = deck_of(s, p1)[0]
    s.run(p1, xc.SwapCards(character="c1", partner="c2", card=mine))
    offer = shown(s)
    assert offer.seat == p2 and mine not in offer.cards
    back = offer.cards[0]
    s.run(p2, xc.PickCards(cards=[back]))
    assert mine in deck_of(s, p2) and back in deck_of(s, p1)
    s.run(p2, xc.SwapCards(character="c2"))  # Bea passes
    assert s.state.exchange is None


def test_a_rich_loot_gives_every_treasure_card_to_a_sharer_never_to_the_mayor() -> None:
    s, p1, p2 = table()
    s.run(MAYOR, xc.SeedTreasure(cards=5, reason="the bank's vault"))
    treasure = list(s.state.zone(TREASURE))
    before = all_cards(s.state)

    s.run(MAYOR, xc.ShareLoot(characters=["c1", "c2"], cards=3, reason="a rich train"))
    (loot,) = moved(s, "loot")
    assert loot.cards == treasure[:3] and loot.seen_by == sorted([p1, p2])
    exchange = s.state.exchange
    assert exchange is not None and [step.kind for step in exchange.steps] == ["keep_loot"] * 3
    # the Mayor's NPC shares nothing, even when the Mayor records the agreement
    assert s.refused(MAYOR, xc.KeepLoot(character="c3")).code == "not_sharing"
    s.run(p1, xc.KeepLoot(character="c1"))
    s.run(MAYOR, xc.KeepLoot(character="c2"))  # the Mayor records what they agreed
    assert s.refused(MAYOR, xc.KeepLoot(character="c3")).code == "not_sharing"
    s.run(p2, xc.KeepLoot(character="c1"))

    kept = moved(s, "loot_kept")
    assert [(e.cards, e.target) for e in kept] == [
        ([loot.cards[0]], player_deck(p1)),
        ([loot.cards[1]], player_deck(p2)),
        ([loot.cards[2]], player_deck(p1)),
    ]
    assert all(e.seen_by == sorted([p1, p2]) for e in kept)
    # each kept a card: nobody swaps, and the exchange is over
    assert s.state.exchange is None and not moved(s, "loot_swap")
    assert sorted(deck_of(s, p1)) == sorted([*ANA_DEAL, loot.cards[0], loot.cards[2]])
    assert sorted(deck_of(s, p2)) == sorted([*BEA_DEAL, loot.cards[1]])
    assert sorted(deck_of(s, MAYOR)) == sorted(MAYOR_DEAL)
    assert s.state.zone(TREASURE) == treasure[3:] and s.state.zone(xs.LOOT) == []
    assert all_cards(s.state) == before


def test_a_rich_loot_kept_by_one_sharer_lets_the_other_swap_as_many_times() -> None:
    s, p1, p2 = table()
    s.run(MAYOR, xc.SeedTreasure(cards=2, reason="a strongbox"))
    s.run(MAYOR, xc.ShareLoot(characters=["c1", "c2"], cards=2, reason="the strongbox"))
    s.run(p1, xc.KeepLoot(character="c1"))
    s.run(p1, xc.KeepLoot(character="c1"))
    (loot,) = moved(s, "loot")
    assert sorted(deck_of(s, p1)) == sorted([*ANA_DEAL, *loot.cards])
    assert s.state.zone(TREASURE) == [] and deck_of(s, MAYOR) == MAYOR_DEAL
    # Bea kept none: two swaps with Ana (random and face down in phase 1)
    exchange = s.state.exchange
    assert exchange is not None
    assert [(step.kind, step.character) for step in exchange.steps] == [("swap", "c2")] * 2
    assert exchange.steps[0].partners == ["c1"]
    s.run(p2, xc.SwapCards(character="c2", partner="c1"))
    s.run(p2, xc.SwapCards(character="c2", partner="c1"))
    assert [e.seen_by for e in moved(s, "loot_swap")] == [[]] * 4
    assert s.state.exchange is None
    assert (len(deck_of(s, p1)), len(deck_of(s, p2))) == (10, 8)


# -- late joiners [L246] -------------------------------------------------------------------


def test_a_late_joiner_gets_a_new_deck_and_the_table_returns_to_phase_1() -> None:
    s, _, _ = table(skip_phase_1=True)
    assert s.state.phase == 2
    late = s.run(MAYOR, AddSeat(name="Lou")).result
    s.run(MAYOR, xc.DealLateJoiner(seat=late, way="new_deck", reason="Lou came late"))
    assert len(deck_of(s, late)) == 8 and all(c.startswith("d1:") for c in deck_of(s, late))
    assert s.state.phase == 1 and len(s.state.zone("pile")) == 54 - 8
    again = xc.DealLateJoiner(seat=late, way="new_deck", reason="twice")
    assert s.refused(MAYOR, again).code == "seat_has_cards"


def test_a_late_joiner_takes_the_mayors_number_of_random_cards_from_each_deck() -> None:
    s, p1, p2 = table()
    late = s.run(MAYOR, AddSeat(name="Lou")).result
    bad = xc.DealLateJoiner(seat=late, way="from_others", cards_each=4, reason="x")
    assert s.refused(MAYOR, bad).code == "invalid_card_count"
    s.run(MAYOR, xc.DealLateJoiner(seat=late, way="from_others", cards_each=3, reason="x"))
    assert len(deck_of(s, late)) == 9
    assert [len(deck_of(s, seat)) for seat in (MAYOR, p1, p2)] == [5, 5, 5]
    assert all(e.seen_by == [] for e in moved(s, "late_joiner"))


def test_a_late_joiner_dealt_a_new_deck_in_phase_1_extends_the_pile() -> None:
    s, p1, p2 = table()
    assert s.state.phase == 1
    pile = list(s.state.zone("pile"))
    assert len(pile) == 54 - 4 - 3 * 8  # one deck, less the dead man's hand and the deal
    before = all_cards(s.state)
    late = s.run(MAYOR, AddSeat(name="Lou")).result
    s.run(MAYOR, xc.DealLateJoiner(seat=late, way="new_deck", reason="Lou came late"))

    dealt = last(s, ev.CardsDealt)
    assert dealt.decks == {player_deck(late): deck_of(s, late)} and dealt.seen_by == []
    assert len(deck_of(s, late)) == 8 and all(c.startswith("d1:") for c in deck_of(s, late))
    # the rest of the new deck joins the pile, which keeps its cards: phase 1 goes on
    assert s.state.phase == 1 and not events_of(s, ev.PhaseChanged)
    new_pile = s.state.zone("pile")
    assert len(new_pile) == len(pile) + 54 - 8 and set(pile) <= set(new_pile)
    assert s.state.decks == 2
    # nobody else's cards moved
    assert [deck_of(s, seat) for seat in (MAYOR, p1, p2)] == [MAYOR_DEAL, ANA_DEAL, BEA_DEAL]
    added = all_cards(s.state) - before
    assert sum(added.values()) == 54 and all(c.startswith("d1:") for c in added)


# -- rejections, one per category ------------------------------------------------------------


@pytest.mark.parametrize(
    ("actor", "command", "expected"),
    [
        ("p1", xc.StartDuelExchange(winner="c1", loser="c2"), "not_game_master"),
        (MAYOR, xc.PickCards(cards=[]), "no_exchange"),
        (MAYOR, xc.StartDuelExchange(winner="c1"), "invalid_exchange"),
        (MAYOR, xc.StartBetExchange(winner="c1", loser="c2", cheater="c2"), "invalid_exchange"),
        (MAYOR, xc.ShareLoot(characters=["c1"], cards=9, reason="x"), "invalid_card_count"),
        (MAYOR, xc.SeedTreasure(cards=0, reason="x"), "invalid_card_count"),
        (MAYOR, xc.CancelExchange(reason="x"), "no_exchange"),
        (MAYOR, xc.DealLateJoiner(seat="p1", way="new_deck", reason="x"), "seat_has_cards"),
    ],
    ids=lambda value: type(value).__name__ if not isinstance(value, str) else value,
)
def test_exchange_commands_that_break_a_rule_are_rejected(
    actor: str, command: Any, expected: str
) -> None:
    s, _, _ = table()
    assert s.refused(actor, command).code == expected


def test_nothing_else_happens_while_an_exchange_waits() -> None:
    s, p1, p2 = table()
    s.run(MAYOR, xc.StartDuelExchange(winner="c1", loser="c2"))
    opening = cmd.OpenTraitTest(character="c1", trait=Trait.HANDS)
    assert s.refused(MAYOR, opening).code == "exchange_in_progress"
    assert s.refused(MAYOR, xc.StartBetExchange(tied=["c1", "c2"])).code == "exchange_in_progress"
    assert s.refused(p2, xc.PickCards(cards=["d0:2H"])).code == "not_your_pick"
    assert s.refused(p1, xc.KeepLoot(character="c1")).code == "wrong_step"
    assert s.refused(p1, xc.PickCards(cards=["d0:2H", "d0:2H"])).code == "duplicate_card"
    s.run(MAYOR, xc.CancelExchange(reason="the sheriff intervenes"))
    assert s.state.exchange is None


def test_exchanges_belong_to_normal_mode() -> None:
    session = new_session(players=("Ana",), mode="no_management")
    p1 = session.seats["Ana"]
    session.run(p1, protagonist("Ana", SHEET, SKILLS))
    session.run(MAYOR, npc("Billy", SHEET, []))
    session.run(MAYOR, cmd.StartTable())
    command = xc.StartDuelExchange(winner="c1", loser="c2")
    assert session.refused(MAYOR, command).code == "not_normal_mode"
