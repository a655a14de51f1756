"""Where the cards go in each game mode [L205-L381], the dead man's hand [L717], the draw
count [L705] and the condition tracks [L537-L663], with scripted decks so every card is known.
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import DomainError
from domain.frontera import commands as cmd
from domain.frontera import events as ev
from domain.frontera.cards import Suit, sort_cards
from domain.frontera.character import Skill, Trait
from domain.frontera.state import DrawCount, Modifier
from tests.frontera_helpers import MAYOR, Session, in_memory_tables, new_session, npc, protagonist
from tests.frontera_scripts import (
    drawn,
    events_of,
    last,
    normal_script,
    play_cards,
    skip_phase_1_script,
)

#: a protagonist with hands 3 (no hands skill used), senses 4 and perception
SHEET = {"hands": 3, "senses": 4, "muscle": 3, "head": 2}
SKILLS = ["brawl", "agility", "perception", "knowledge"]
DEAD_MANS_HAND = ["d0:AS", "d0:AH", "d0:8C", "d0:8D"]
BILLY = npc("Billy", {"hands": 3, "senses": 2, "muscle": 4, "head": 2}, ["agility"])


def seated(players: int = 1, **options: Any) -> tuple[Session, list[str]]:
    """A table with `players` players, each with one protagonist (c1 for p1, c2 for p2 …)."""
    names = tuple(f"Player {n}" for n in range(1, players + 1))
    session = new_session(players=names, **options)
    characters = [
        session.run(session.seats[name], protagonist(f"Hero {name}", SHEET, SKILLS)).result
        for name in names
    ]
    return session, characters


def trait_test(
    session: Session,
    character: str,
    trait: Trait = Trait.HANDS,
    play: int = 0,
    **extra: Any,
) -> list[str]:
    """Open a trait test, draw, and play the drawn card at index `play`; returns the draw."""
    seat = session.state.characters[character].seat
    session.run(MAYOR, cmd.OpenTraitTest(character=character, trait=trait, **extra))
    cards: list[str] = session.run(seat, cmd.Draw(character=character)).result
    if cards:
        played = cards[play]
        suits = {played: Suit.SPADES} if "JK" in played else {}  # a random draw may hold one
        session.run(seat, cmd.Choose(character=character, cards=[played], joker_suits=suits))
    return cards


def names_since(session: Session, version: int) -> list[str]:
    return [type(e).__name__ for e in session.events()[version:]]


# -- normal mode: the start --------------------------------------------------------------------


def test_a_normal_table_deals_eight_face_down_cards_to_each_seat_in_join_order() -> None:
    script = normal_script(3)  # the Mayor, then p1, then p2
    session, _ = seated(2, scripted_order=script)

    session.run(MAYOR, cmd.StartTable())

    started = last(session, ev.TableStarted)
    assert (started.decks, started.phase) == (1, 1)
    dealt = last(session, ev.CardsDealt)
    assert dealt.source == "pile"
    assert dealt.seen_by == []  # nobody, the owner included, sees them before phase 2
    assert dealt.decks == {
        "player_deck:mayor": script[0:8],
        "player_deck:p1": script[8:16],
        "player_deck:p2": script[16:24],
    }
    zones = session.state.zones
    assert zones["pile"] == script[24:] + [c for c in play_cards() if c not in script]
    assert len(zones["pile"]) == 50 - 24
    assert sort_cards(zones["dead_mans_hand"]) == sort_cards(DEAD_MANS_HAND)
    assert zones["discard"] == zones["treasure"] == []
    assert session.state.phase == 1
    assert events_of(session, ev.PhaseChanged) == []


@pytest.mark.parametrize(("players", "decks"), [(3, 1), (4, 2), (7, 2), (8, 3)])
def test_a_normal_table_has_one_deck_per_four_seats_mayor_included(
    players: int, decks: int
) -> None:
    session, _ = seated(players)

    session.run(MAYOR, cmd.StartTable())

    assert session.state.decks == decks
    zones = session.state.zones
    total = sum(len(cards) for cards in zones.values())
    assert total == 54 * decks
    assert all(len(zones[f"player_deck:{seat}"]) == 8 for seat in session.table().seats)
    assert len(zones["pile"]) == 54 * decks - 4 - 8 * (players + 1)


def test_a_normal_table_deals_unscripted_cards_at_random_but_keeps_every_card() -> None:
    session, _ = seated(1)

    session.run(MAYOR, cmd.StartTable())

    zones = session.state.zones
    mayor, p1 = zones["player_deck:mayor"], zones["player_deck:p1"]
    assert len(mayor) == len(p1) == 8
    assert sort_cards(mayor + p1 + zones["pile"]) == sort_cards(play_cards())
    shuffle = last(session, ev.CardsShuffled)
    assert shuffle.zone == "pile" and shuffle.index == 0
    assert shuffle.order != play_cards()  # a real shuffle, not the canonical order


# -- normal mode: phase 1 and the move to phase 2 ----------------------------------------------

PILE = ["d0:2C", "d0:3C", "d0:4C", "d0:5C", "d0:6C"]


def small_pile_table(pile: list[str], removed: int) -> tuple[Session, str, list[str]]:
    """Normal mode, no Jokers (48 play cards), `removed` set aside, 8 to the Mayor and 8 to p1,
    then `pile` is all that is left of the pile. Returns p1's dealt cards too."""
    script = normal_script(2, pile=pile, removed=removed, jokers=0)
    session, (hero,) = seated(
        1, jokers_per_deck=0, removed_at_random=removed, scripted_order=script
    )
    session.run(MAYOR, cmd.StartTable())
    assert session.state.zones["pile"] == pile
    return session, hero, script[removed + 8 : removed + 16]


def test_phase_1_the_played_card_goes_to_the_players_deck_and_the_rest_to_the_discard() -> None:
    session, hero, dealt = small_pile_table(PILE, removed=27)

    cards = trait_test(session, hero, Trait.HANDS, play=1)  # hands 3: 2♣ 3♣ 4♣, plays 3♣

    assert cards == PILE[:3]
    draw = drawn(session, hero)
    assert draw.source == "pile"
    zones = session.state.zones
    assert zones["player_deck:p1"] == [*dealt, "d0:3C"]
    assert zones["discard"] == ["d0:2C", "d0:4C"]
    assert zones["pile"] == PILE[3:]
    assert zones["player_discard:p1"] == []
    played, unplayed = events_of(session, ev.CardsMoved)[-2:]
    assert (played.reason, played.target, played.cards, played.seen_by) == (
        "played",
        "player_deck:p1",
        ["d0:3C"],
        None,
    )
    assert (unplayed.reason, unplayed.target, unplayed.cards, unplayed.seen_by) == (
        "not_played",
        "discard",
        ["d0:2C", "d0:4C"],
        ["p1"],
    )


def test_phase_1_an_npcs_played_card_goes_to_the_mayors_deck() -> None:
    session, _, _ = small_pile_table(PILE, removed=27)
    billy = session.run(MAYOR, BILLY).result
    mayors_deck = list(session.state.zones["player_deck:mayor"])

    cards = trait_test(session, billy, Trait.HANDS)

    assert cards == PILE[:3]
    assert session.state.zones["player_deck:mayor"] == [*mayors_deck, "d0:2C"]
    assert session.state.zones["discard"] == ["d0:3C", "d0:4C"]


def test_phase_1_to_2_exactly_as_the_book_says() -> None:
    """Pile 2♣ 3♣ 4♣ 5♣ 6♣; three tests drawing 3, 3 and 4 cards."""
    session, hero, dealt = small_pile_table(PILE, removed=27)

    # test 1: 3 of the 5 pile cards; 2♣ played, 3♣ 4♣ discarded
    assert trait_test(session, hero, Trait.HANDS) == ["d0:2C", "d0:3C", "d0:4C"]
    assert session.state.zones["pile"] == ["d0:5C", "d0:6C"]
    assert session.state.zones["discard"] == ["d0:3C", "d0:4C"]

    # test 2: the pile has 2 < 3 cards: the discard is shuffled and goes under the pile
    before = session.version
    assert trait_test(session, hero, Trait.HANDS) == ["d0:5C", "d0:6C", "d0:3C"]
    assert names_since(session, before)[:5] == [
        "TestOpened",
        "CardsShuffled",
        "CardsMoved",
        "CardsDrawn",
        "CardsChosen",
    ]
    shuffle = [e for e in events_of(session, ev.CardsShuffled) if e.zone == "discard"]
    assert [s.order for s in shuffle] == [["d0:3C", "d0:4C"]]
    under = [e for e in events_of(session, ev.CardsMoved) if e.reason == "discard_under_pile"]
    assert [(e.source, e.target, e.cards) for e in under] == [
        ("discard", "pile", ["d0:3C", "d0:4C"])
    ]
    assert session.state.phase == 1
    assert session.state.zones["pile"] == ["d0:4C"]
    assert session.state.zones["discard"] == ["d0:6C", "d0:3C"]
    assert session.state.zones["player_deck:p1"] == [*dealt, "d0:2C", "d0:5C"]

    # test 3 draws 4: pile 1 + discard 2 < 4, so both go to the treasure, phase 2 starts and
    # the test is drawn from the player's own deck
    before = session.version
    session.run(MAYOR, cmd.OpenTraitTest(character=hero, trait=Trait.SENSES))
    cards = session.run("p1", cmd.Draw(character=hero)).result
    assert names_since(session, before) == [
        "TestOpened",
        "CardsMoved",
        "CardsMoved",
        "PhaseChanged",
        "CardsShuffled",
        "CardsDrawn",
    ]
    to_pile, to_treasure = events_of(session, ev.CardsMoved)[-2:]
    assert (to_pile.source, to_pile.target, to_pile.cards, to_pile.reason) == (
        "pile",
        "treasure",
        ["d0:4C"],
        "pile_exhausted",
    )
    assert (to_treasure.source, to_treasure.target, to_treasure.cards) == (
        "discard",
        "treasure",
        ["d0:6C", "d0:3C"],
    )
    changed = last(session, ev.PhaseChanged)
    assert changed.phase == 2
    assert changed.decks == {
        "mayor": sort_cards(session.state.zones["player_deck:mayor"]),
        "p1": sort_cards([*dealt, "d0:2C", "d0:5C"]),
    }
    assert session.state.phase == 2
    assert session.state.zones["pile"] == session.state.zones["discard"] == []
    assert session.state.zones["treasure"] == ["d0:4C", "d0:6C", "d0:3C"]
    draw = drawn(session, hero)
    assert draw.source == "player_deck:p1"
    assert cards == dealt[:4]

    # phase 2: the played card goes to the player's discard, the rest back to the deck
    session.run("p1", cmd.Choose(character=hero, cards=[dealt[1]]))
    assert session.state.zones["player_discard:p1"] == [dealt[1]]
    assert session.state.zones["player_deck:p1"] == [
        *dealt[4:],
        "d0:2C",
        "d0:5C",
        dealt[0],
        dealt[2],
        dealt[3],
    ]
    assert session.state.zones["treasure"] == ["d0:4C", "d0:6C", "d0:3C"]


def test_phase_2_deck_is_shuffled_before_every_test() -> None:
    session, hero, _ = small_pile_table([], removed=32)
    for _ in range(3):
        trait_test(session, hero, Trait.HANDS)

    shuffles = [e for e in events_of(session, ev.CardsShuffled) if e.zone == "player_deck:p1"]
    opened = events_of(session, ev.TestOpened)
    assert len(shuffles) == len(opened) == 3
    # each shuffle comes after its test opened and before its draw
    versions = [(e.originator_version, "shuffle") for e in shuffles] + [
        (e.originator_version, "open") for e in opened
    ]
    assert [kind for _, kind in sorted(versions)] == ["open", "shuffle"] * 3


def test_phase_2_an_empty_deck_takes_its_discards_back_and_a_short_deck_draws_what_it_has() -> None:
    """With no pile left, p1 plays its 8 dealt cards one test at a time, drawing 3 each time
    (fewer once fewer are left); the ninth test gets the 8 discards back."""
    session, hero, dealt = small_pile_table([], removed=32)

    for left in range(8, 0, -1):
        cards = trait_test(session, hero, Trait.HANDS)
        assert len(cards) == min(3, left)
        assert drawn(session, hero).count.total == 3
    assert session.state.phase == 2
    assert session.state.zones["player_deck:p1"] == []
    discards = session.state.zones["player_discard:p1"]
    assert sort_cards(discards) == sort_cards(dealt)

    before = session.version
    cards = trait_test(session, hero, Trait.HANDS)

    assert names_since(session, before)[:4] == [
        "TestOpened",
        "CardsMoved",
        "CardsShuffled",
        "CardsDrawn",
    ]
    returned = [e for e in events_of(session, ev.CardsMoved) if e.reason == "discards_returned"]
    assert [(e.source, e.target, e.cards, e.seen_by) for e in returned] == [
        ("player_discard:p1", "player_deck:p1", discards, ["p1"])
    ]
    assert cards == discards[:3]
    assert session.state.zones["player_discard:p1"] == [discards[0]]
    assert len(session.state.zones["player_deck:p1"]) == 7


# -- skip phase 1 ------------------------------------------------------------------------------


def test_skip_phase_1_deals_every_card_and_starts_in_phase_2() -> None:
    top = {0: ["d0:KH"], 1: ["d0:3C", "d0:9D"], 2: ["d0:QS"]}
    script = skip_phase_1_script(3, top)
    session, (hero, _) = seated(2, skip_phase_1=True, scripted_order=script)

    session.run(MAYOR, cmd.StartTable())

    dealt = last(session, ev.CardsDealt)
    assert dealt.seen_by == []
    assert (
        dealt.decks
        == {  # 50 cards in blocks of 17, 17 and 16
            "player_deck:mayor": script[0:17],
            "player_deck:p1": script[17:34],
            "player_deck:p2": script[34:50],
        }
    )
    assert session.state.zones["pile"] == []
    assert session.state.phase == 2
    changed = last(session, ev.PhaseChanged)
    assert changed.phase == 2
    assert changed.decks == {
        "mayor": sort_cards(script[0:17]),
        "p1": sort_cards(script[17:34]),
        "p2": sort_cards(script[34:50]),
    }

    cards = trait_test(session, hero, Trait.HANDS)

    assert drawn(session, hero).source == "player_deck:p1"
    assert cards == script[17:20]
    assert session.state.zones["player_discard:p1"] == ["d0:3C"]


# -- without management ------------------------------------------------------------------------


def test_no_management_puts_every_card_back_in_the_pile_after_a_test() -> None:
    script = ["d0:3C", "d0:9D", "d0:10S", "d0:KS", "d0:6D", "d0:6H", "d0:7H"]
    session, (hero,) = seated(1, mode="no_management", scripted_order=script)
    billy = session.run(MAYOR, BILLY).result
    session.run(MAYOR, cmd.StartTable())
    assert last(session, ev.TableStarted).phase is None
    assert session.state.zones["pile"][:7] == script
    assert all(not cards for zone, cards in session.state.zones.items() if "player" in zone)

    session.run(
        MAYOR,
        cmd.OpenOpposedTest(
            participants=[
                cmd.Contender(character=hero, trait=Trait.MUSCLE),  # 3, no agility skill used
                cmd.Contender(character=billy, trait=Trait.MUSCLE),  # 4
            ]
        ),
    )
    assert session.run("p1", cmd.Draw(character=hero)).result == script[:3]
    assert session.run(MAYOR, cmd.Draw(character=billy)).result == script[3:7]
    session.run("p1", cmd.Choose(character=hero, cards=["d0:3C"]))
    session.run(MAYOR, cmd.Choose(character=billy, cards=["d0:6H"]))

    pile = session.state.zones["pile"]
    assert len(pile) == 50
    assert sort_cards(pile[-7:]) == sort_cards(script)
    assert session.state.zones["discard"] == []
    assert all(not cards for zone, cards in session.state.zones.items() if "player" in zone)
    moved = events_of(session, ev.CardsMoved)
    assert {e.target for e in moved} == {"pile"}
    # one shuffle of the pile for the whole test, before the first draw
    assert [e.zone for e in events_of(session, ev.CardsShuffled)] == ["pile"]

    trait_test(session, hero)
    assert [e.zone for e in events_of(session, ev.CardsShuffled)] == ["pile", "pile"]
    assert len(session.state.zones["pile"]) == 50


# -- wear --------------------------------------------------------------------------------------


def test_wear_mode_gives_each_seat_a_deck_and_keeps_played_cards_out() -> None:
    mine = ["d1:3C", "d1:9D", "d1:10S", "d1:KS", "d1:2H", "d1:4H", "d1:5H", "d1:6H"]
    session, (hero,) = seated(1, mode="wear", scripted_order=mine)
    billy = session.run(MAYOR, BILLY).result
    session.run(MAYOR, cmd.StartTable())
    zones = session.state.zones
    assert len(zones["player_deck:mayor"]) == 50  # the Mayor's deck gives up the dead man's hand
    assert sort_cards(zones["dead_mans_hand"]) == sort_cards(DEAD_MANS_HAND)
    assert len(zones["player_deck:p1"]) == 54
    assert zones["player_deck:p1"][:8] == mine
    assert all(c.startswith("d0:") for c in zones["player_deck:mayor"])
    assert "pile" not in zones or zones["pile"] == []

    assert trait_test(session, hero, Trait.SENSES) == mine[:4]  # plays 3♣

    zones = session.state.zones
    assert drawn(session, hero).source == "player_deck:p1"
    assert zones["player_discard:p1"] == ["d1:3C"]
    assert zones["player_deck:p1"][-3:] == ["d1:9D", "d1:10S", "d1:KS"]
    assert len(zones["player_deck:p1"]) == 53

    # the next test draws from the rest: the played 3♣ does not come back
    assert trait_test(session, hero, Trait.SENSES) == [*mine[4:8]]
    assert session.state.zones["player_discard:p1"] == ["d1:3C", "d1:2H"]
    assert len(session.state.zones["player_deck:p1"]) == 52

    # the Mayor's NPCs draw from the Mayor's own deck
    trait_test(session, billy, Trait.HANDS)
    assert drawn(session, billy).source == "player_deck:mayor"
    assert len(session.state.zones["player_discard:mayor"]) == 1


# -- the dead man's hand -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("script", "cards", "outcome"),
    [
        pytest.param(["d0:AH"], 1, "keeps shooting", id="one_ace"),
        pytest.param(["d0:8D"], 1, "loses the turn", id="one_eight"),
        pytest.param(["d0:8C", "d0:AS"], 1, "loses the turn", id="one_card_only_counts"),
        pytest.param(["d0:8C", "d0:AS"], 2, "keeps shooting", id="two_with_an_ace"),
        pytest.param(["d0:8C", "d0:8D"], 2, "loses the turn", id="two_eights"),
    ],
)
def test_the_dead_mans_hand_gives_the_better_outcome_with_an_ace(
    script: list[str], cards: int, outcome: str
) -> None:
    session, (hero,) = seated(1, mode="no_management", scripted_order=script)
    session.run(MAYOR, cmd.StartTable())
    session.run(
        MAYOR,
        cmd.OpenDeadMansHandTest(
            character=hero,
            cards=cards,  # type: ignore[arg-type]
            better="keeps shooting",
            worse="loses the turn",
        ),
    )

    result = session.run("p1", cmd.Draw(character=hero)).result

    assert result == script[:cards]
    flip = last(session, ev.DeadMansHandDrawn)
    assert (flip.purpose, flip.cards, flip.character) == ("test", script[:cards], hero)
    assert flip.better is (outcome == "keeps shooting")
    resolved = last(session, ev.TestResolved)
    assert resolved.kind == "dead_mans_hand"
    assert resolved.outcomes == {hero: outcome}
    assert session.state.test is None
    assert events_of(session, ev.CardsRevealed) == []
    # the four cards stay set aside; the drawn ones go back under the others
    dmh = session.state.zones["dead_mans_hand"]
    assert sort_cards(dmh) == sort_cards(DEAD_MANS_HAND)
    assert dmh[-cards:] == script[:cards]
    assert len(session.state.zones["pile"]) == 50


def test_the_dead_take_the_dead_mans_hand_test_to_survive() -> None:
    """[L563] a dead character makes a DMH(incapacitated/permanent) test within 5 turns."""
    session, (hero,) = seated(1, mode="no_management", scripted_order=["d0:AS"])
    session.run(MAYOR, cmd.StartTable())
    session.run(
        MAYOR, cmd.ChangeCondition(character=hero, track="health", change=-4, reason="shot")
    )
    session.run(
        MAYOR,
        cmd.OpenDeadMansHandTest(
            character=hero, cards=2, better="incapacitated", worse="permanent"
        ),
    )

    session.run("p1", cmd.Draw(character=hero))

    assert last(session, ev.TestResolved).outcomes == {hero: "incapacitated"}


def test_a_scripted_table_keeps_the_dead_mans_hand_in_its_set_aside_order() -> None:
    session, _ = seated(1, mode="no_management", scripted_order=["d0:3C"])

    session.run(MAYOR, cmd.StartTable())

    assert session.state.zones["dead_mans_hand"] == ["d0:AS", "d0:AH", "d0:8C", "d0:8D"]


def test_the_dead_mans_hand_from_an_extra_deck_leaves_the_play_deck_whole() -> None:
    session, (hero,) = seated(
        1, mode="no_management", separate_dead_mans_hand=True, scripted_order=["d1:8C"]
    )
    session.run(MAYOR, cmd.StartTable())
    assert session.state.zones["dead_mans_hand"] == ["d1:8C", "d1:AS", "d1:AH", "d1:8D"]
    pile = session.state.zones["pile"]
    assert len(pile) == 54 and set(DEAD_MANS_HAND) <= set(pile)  # 52 + 2 Jokers, A♠ A♥ 8♣ 8♦ in
    open_flip = cmd.OpenDeadMansHandTest(character=hero, cards=1, better="ace", worse="eight")
    session.run(MAYOR, open_flip)
    assert session.run("p1", cmd.Draw(character=hero)).result == ["d1:8C"]
    assert last(session, ev.TestResolved).outcomes == {hero: "eight"}


@pytest.mark.parametrize(
    ("options", "script"),
    [
        pytest.param({"mode": "no_management"}, ["d1:QS"], id="one_deck"),
        pytest.param({"mode": "normal", "decks": 2}, ["d2:QS"], id="two_decks"),
        pytest.param({"mode": "normal", "jokers_per_deck": 1}, ["d0:JK2"], id="one_joker"),
        pytest.param(
            {"mode": "no_management", "separate_dead_mans_hand": True},
            ["d1:QS"],  # the extra deck gives only its dead man's hand
            id="extra_deck",
        ),
    ],
)
def test_a_script_naming_a_card_the_table_cannot_hold_is_refused_at_creation(
    options: dict[str, Any], script: list[str]
) -> None:
    app = in_memory_tables()
    with pytest.raises(DomainError) as refused:
        app.create_table("frontera", "T", "Ana", {**options, "scripted_order": script})
    assert refused.value.code == "invalid_options" and script[0] in str(refused.value)


def test_where_the_seats_decide_the_decks_a_missing_deck_is_refused_at_the_start() -> None:
    # normal mode without `decks`: one deck per four seats, known only at the start
    session, _ = seated(1, scripted_order=["d1:QS"])
    assert session.refused(MAYOR, cmd.StartTable()).code == "invalid_options"
    session, _ = seated(4, scripted_order=["d1:QS"])
    session.run(MAYOR, cmd.StartTable())
    assert session.state.decks == 2


# -- tipsy -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("flip", "tipsy"),
    [("d0:AS", 1), ("d0:AH", 1), ("d0:8C", -1), ("d0:8D", -1)],
)
def test_a_tipsy_character_draws_from_the_dead_mans_hand_before_each_test(
    flip: str, tipsy: int
) -> None:
    session, (hero,) = seated(1, mode="no_management", scripted_order=[flip])
    session.run(MAYOR, cmd.StartTable())
    session.run(
        MAYOR, cmd.ChangeCondition(character=hero, track="sobriety", change=-1, reason="gin")
    )
    session.run(MAYOR, cmd.OpenTraitTest(character=hero, trait=Trait.SENSES))

    before = session.version
    cards = session.run("p1", cmd.Draw(character=hero)).result

    assert names_since(session, before) == [
        "CardsShuffled",  # the dead man's hand
        "DeadMansHandDrawn",
        "CardsShuffled",  # the pile
        "CardsDrawn",
    ]
    flipped = last(session, ev.DeadMansHandDrawn)
    assert (flipped.purpose, flipped.cards, flipped.character) == ("tipsy", [flip], hero)
    count = drawn(session, hero).count
    assert (count.trait, count.tipsy, count.sobriety, count.total) == (4, tipsy, 0, 4 + tipsy)
    assert len(cards) == 4 + tipsy
    assert session.state.test is not None  # the flip decides no test by itself


def test_a_sober_character_draws_nothing_from_the_dead_mans_hand() -> None:
    session, (hero,) = seated(1, mode="no_management")
    session.run(MAYOR, cmd.StartTable())

    trait_test(session, hero, Trait.SENSES)

    assert events_of(session, ev.DeadMansHandDrawn) == []
    assert drawn(session, hero).count.tipsy == 0


# -- the draw count ----------------------------------------------------------------------------

CLOTHES = Modifier(amount=1, reason="work clothes")
ADJACENT = Modifier(amount=-1, reason="revolver against an adjacent enemy")


def count(**fields: Any) -> DrawCount:
    base: dict[str, Any] = dict(
        trait=4, skill=0, fixed=False, modifiers=[], health=0, morale=0, sobriety=0, tipsy=0
    )
    base.update(fields)
    return DrawCount(**base)


@pytest.mark.parametrize(
    ("conditions", "opening", "expected"),
    [
        pytest.param([], {"skill": Skill.PERCEPTION}, count(skill=2, total=6), id="skill_held"),
        pytest.param([], {"skill": Skill.AIM}, count(total=4), id="skill_not_held"),
        pytest.param([], {}, count(total=4), id="no_skill_ruled"),
        pytest.param(
            [],
            {"skill": Skill.PERCEPTION, "modifiers": [CLOTHES, ADJACENT, CLOTHES]},
            count(skill=2, modifiers=[CLOTHES, ADJACENT, CLOTHES], total=7),
            id="modifiers",
        ),
        pytest.param([("health", -1)], {}, count(health=-1, total=3), id="wounded"),
        pytest.param([("health", -2)], {}, count(health=-2, total=2), id="badly_wounded"),
        pytest.param([("morale", -1)], {}, count(morale=-1, total=3), id="scared"),
        pytest.param([("morale", -2)], {}, count(morale=-2, total=2), id="terrified"),
        pytest.param([("sobriety", -2)], {}, count(sobriety=-2, total=2), id="drunk"),
        pytest.param(
            [("health", -1), ("morale", -2), ("sobriety", -2)],
            {"skill": Skill.PERCEPTION},
            count(skill=2, health=-1, morale=-2, sobriety=-2, total=1),
            id="all_at_once",
        ),
    ],
)
def test_the_draw_count_is_trait_plus_skill_plus_modifiers_minus_conditions(
    conditions: list[tuple[Any, int]], opening: dict[str, Any], expected: DrawCount
) -> None:
    session, (hero,) = seated(1, mode="no_management")
    session.run(MAYOR, cmd.StartTable())
    for track, change in conditions:
        session.run(
            MAYOR, cmd.ChangeCondition(character=hero, track=track, change=change, reason="x")
        )
    session.run(MAYOR, cmd.OpenTraitTest(character=hero, trait=Trait.SENSES, **opening))

    cards = session.run("p1", cmd.Draw(character=hero)).result

    assert drawn(session, hero).count == expected
    assert len(cards) == expected.total


def test_the_draw_count_never_goes_below_zero_and_a_test_with_no_cards_fails() -> None:
    session, (hero,) = seated(1, mode="no_management")
    session.run(MAYOR, cmd.StartTable())
    for track in ("health", "morale", "sobriety"):
        session.run(MAYOR, cmd.ChangeCondition(character=hero, track=track, change=-2, reason="x"))
    session.run(MAYOR, cmd.OpenTraitTest(character=hero, trait=Trait.SENSES))  # 4 - 6

    cards = session.run("p1", cmd.Draw(character=hero)).result

    assert cards == []
    assert drawn(session, hero).count.total == 0
    assert last(session, ev.CardsRevealed).cards == {hero: []}
    assert last(session, ev.TestResolved).outcomes == {hero: "failure"}
    assert session.state.test is None
    assert len(session.state.zones["pile"]) == 50


def test_a_henchman_with_a_fixed_draw_ignores_trait_and_skill() -> None:
    session, _ = seated(1, mode="no_management")
    henchman = session.run(
        MAYOR,
        npc(
            "Henchman",
            {"hands": 1, "senses": 1, "muscle": 5, "head": 1},
            ["agility"],
            kind="henchman",
            fixed_draw=2,
        ),
    ).result
    session.run(MAYOR, cmd.StartTable())
    session.run(
        MAYOR, cmd.ChangeCondition(character=henchman, track="health", change=-1, reason="x")
    )
    session.run(
        MAYOR,
        cmd.OpenTraitTest(
            character=henchman, trait=Trait.MUSCLE, skill=Skill.AGILITY, modifiers=[CLOTHES]
        ),
    )

    cards = session.run(MAYOR, cmd.Draw(character=henchman)).result

    assert drawn(session, henchman).count == DrawCount(
        trait=2,
        skill=0,
        fixed=True,
        modifiers=[CLOTHES],
        health=-1,
        morale=0,
        sobriety=0,
        tipsy=0,
        total=2,
    )
    assert len(cards) == 2


# -- condition tracks --------------------------------------------------------------------------


@pytest.mark.parametrize(("track", "floor"), [("health", -4), ("morale", -3), ("sobriety", -3)])
def test_a_condition_change_stops_at_the_tracks_floor(track: Any, floor: int) -> None:
    session, (hero,) = seated(1)

    after = session.run(
        MAYOR, cmd.ChangeCondition(character=hero, track=track, change=-10, reason="disaster")
    ).result

    assert after == floor
    assert session.state.characters[hero].level(track) == floor
    changed = last(session, ev.ConditionChanged)
    assert (changed.track, changed.before, changed.after, changed.reason) == (
        track,
        0,
        floor,
        "disaster",
    )
    again = session.run(
        MAYOR, cmd.ChangeCondition(character=hero, track=track, change=-1, reason="worse")
    ).result
    assert again == floor
    assert (
        last(session, ev.ConditionChanged).before,
        last(session, ev.ConditionChanged).after,
    ) == (
        floor,
        floor,
    )


@pytest.mark.parametrize("track", ["health", "morale", "sobriety"])
def test_a_condition_recovers_step_by_step_and_not_beyond_zero(track: Any) -> None:
    session, (hero,) = seated(1)
    session.run(MAYOR, cmd.ChangeCondition(character=hero, track=track, change=-2, reason="x"))

    levels = [
        session.run(
            MAYOR, cmd.ChangeCondition(character=hero, track=track, change=1, reason="r")
        ).result
        for _ in range(3)
    ]

    assert levels == [-1, 0, 0]
    assert session.state.characters[hero].level(track) == 0


# -- cancelling a test -------------------------------------------------------------------------


def test_cancelling_returns_the_drawn_cards_to_the_pile_without_management() -> None:
    script = ["d0:3C", "d0:9D", "d0:10S", "d0:KS"]
    session, (hero,) = seated(1, mode="no_management", scripted_order=script)
    session.run(MAYOR, cmd.StartTable())
    session.run(MAYOR, cmd.OpenTraitTest(character=hero, trait=Trait.SENSES))
    session.run("p1", cmd.Draw(character=hero))

    session.run(MAYOR, cmd.CancelTest(reason="the saloon caught fire"))

    cancelled = last(session, ev.TestCancelled)
    assert (cancelled.test, cancelled.reason) == (1, "the saloon caught fire")
    assert session.state.test is None
    assert session.state.zones[f"hand:{hero}"] == []
    assert session.state.zones["pile"][-4:] == script
    assert len(session.state.zones["pile"]) == 50
    assert events_of(session, ev.TestResolved) == []
    assert events_of(session, ev.CardsRevealed) == []


def test_cancelling_in_phase_1_sends_drawn_and_chosen_cards_where_unplayed_cards_go() -> None:
    session, hero, dealt = small_pile_table(PILE, removed=27)
    billy = session.run(MAYOR, BILLY).result
    session.run(
        MAYOR,
        cmd.OpenOpposedTest(
            participants=[
                cmd.Contender(character=hero, trait=Trait.HANDS),
                cmd.Contender(character=billy, trait=Trait.HANDS),
            ]
        ),
    )
    session.run("p1", cmd.Draw(character=hero))  # 2♣ 3♣ 4♣
    session.run("p1", cmd.Choose(character=hero, cards=["d0:3C"]))

    session.run(MAYOR, cmd.CancelTest(reason="the sheriff arrives"))

    zones = session.state.zones
    assert zones["discard"] == ["d0:2C", "d0:3C", "d0:4C"]  # none was played
    assert zones["player_deck:p1"] == dealt
    assert zones["pile"] == ["d0:5C", "d0:6C"]  # Billy never drew
    assert session.state.test is None


def test_cancelling_in_phase_2_puts_the_drawn_cards_back_in_the_deck() -> None:
    script = skip_phase_1_script(2, {1: ["d0:3C", "d0:9D", "d0:10S", "d0:KS"]})
    session, (hero,) = seated(1, skip_phase_1=True, scripted_order=script)
    session.run(MAYOR, cmd.StartTable())
    session.run(MAYOR, cmd.OpenTraitTest(character=hero, trait=Trait.SENSES))
    session.run("p1", cmd.Draw(character=hero))

    session.run(MAYOR, cmd.CancelTest(reason="never mind"))

    zones = session.state.zones
    assert zones["player_discard:p1"] == []
    assert len(zones["player_deck:p1"]) == 25
    assert zones["player_deck:p1"][-4:] == ["d0:3C", "d0:9D", "d0:10S", "d0:KS"]
