"""The third reading of the book [issue 26]: holding a grapple [L1090], the whip [L993], ties
at games of chance among three or more [L1407-L1408], cards of another deck [L226]; and the
weapons' limits and the ban on free exchanges [L341-L347] tested at their edges."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from hypothesis import find

from domain.errors import DomainError
from domain.frontera import combat_commands as cc
from domain.frontera import combat_events as ce
from domain.frontera import commands as cmd
from domain.frontera import exchange_commands as xc
from domain.frontera import gambling as gm
from domain.frontera.character import Character, Skill, Trait
from domain.frontera.combat import (
    MAX_RANGE_MODIFIER,
    MAX_WEAPON_DAMAGE,
    Technique,
    Weapon,
    max_attacks,
)
from domain.frontera.events import CardsMoved, TableStarted, TestResolved
from domain.frontera.setup import DEAL
from domain.frontera.state import PILE, player_deck
from tests import test_hidden_cards as hidden
from tests.frontera_helpers import MAYOR, Session, new_session, npc
from tests.frontera_scripts import events_of, last, normal_script
from tests.frontera_strategies import expected_cards, no_management_options, normal_options
from tests.test_frontera_combat_turn import (
    THROWS,
    ann_and_billy,
    arm,
    choose,
    declare,
    declaring,
    duel_table,
    seat_of,
)
from tests.test_frontera_exchanges import ANA_DEAL, BEA_DEAL, all_cards, deck_of, table
from tests.test_frontera_gambling import THREE, play, players

# -- holding a grapple [L1082-L1090] ---------------------------------------------------------

#: turn 1: Ann (hands 4 + brawl) draws 6 and grapples with the 5♠; turn 2, the hold's test:
#: Billy (muscle 2, neither strength nor agility) draws 2, Ann (muscle 3 + strength) 5
GRAPPLE = ["d0:5S", "d0:2S", "d0:3S", "d0:4S", "d0:6S", "d0:7S"]
BILLY_HOLD = ["d0:QH", "d0:2C"]
ANN_HOLD = ["d0:8S", "d0:9S", "d0:10S", "d0:JS", "d0:3H"]


def grappled() -> Session:
    """Ann (c1) holds Billy (c2) from the end of turn 1; turn 2 is started."""
    session = duel_table(range_="adjacent", script=GRAPPLE + BILLY_HOLD + ANN_HOLD)
    declare(session, "c2", action="move", move="adjacent")
    declare(session, "c1", action="attack", technique="brawl", targets=["c2"], variant="grapple")
    choose(session, "c1", {"d0:5S": "c2"})
    session.run(MAYOR, cc.StartCombatTurn())
    return session


def held_by(session: Session, character: str) -> str | None:
    combat = session.state.combat
    assert combat is not None
    return combat.combatants[character].held_by


@pytest.mark.parametrize(
    ("billy", "ann", "outcomes", "kept"),
    [
        ("d0:QH", "d0:8S", {"c2": "victory", "c1": "defeat"}, False),  # Billy's ♥ breaks it
        ("d0:2C", "d0:3H", {"c2": "defeat", "c1": "victory"}, True),  # Ann's ♥ keeps it
        ("d0:2C", "d0:8S", {"c2": "tie", "c1": "tie"}, True),  # neither: a tie keeps it
    ],
)
def test_the_hold_is_kept_or_broken_by_the_next_turns_opposed_muscle_test(
    billy: str, ann: str, outcomes: dict[str, str], kept: bool
) -> None:
    session = grappled()
    assert held_by(session, "c2") == "c1"
    # the hold's test is the only action of both sides; the Mayor's Billy first [L881]
    for character, rival in (("c2", "c1"), ("c1", "c2")):
        attack = declaring(character, action="attack", technique="brawl", targets=[rival])
        assert session.refused(seat_of(session, character), attack).code == "character_cannot_act"
    assert declare(session, "c2", action="hold") == BILLY_HOLD
    assert declare(session, "c1", action="hold") == ANN_HOLD
    participants = session.state.test.participants  # type: ignore[union-attr]
    assert (participants["c1"].trait, participants["c1"].skill) == (Trait.MUSCLE, Skill.STRENGTH)
    choose(session, "c2", {billy: "c1"})
    assert held_by(session, "c2") == "c1"  # nothing judged before every card is chosen
    choose(session, "c1", {ann: "c2"})
    (hold,) = [e.hold for e in events_of(session, ce.HoldTested)]
    assert (hold.held, hold.holder, hold.cards) == ("c2", "c1", {"c2": billy, "c1": ann})
    assert (hold.outcomes, hold.kept) == (outcomes, kept)
    assert held_by(session, "c2") == ("c1" if kept else None)
    word = "kept" if kept else "broken"
    assert last(session, TestResolved).outcomes == {"c2": word, "c1": word}
    assert session.state.characters["c2"].health == 0


def test_a_broken_hold_frees_both_sides_for_the_next_turn() -> None:
    session = grappled()
    declare(session, "c2", action="hold")
    declare(session, "c1", action="hold")
    choose(session, "c2", {"d0:QH": "c1"})
    choose(session, "c1", {"d0:8S": "c2"})
    session.run(MAYOR, cc.StartCombatTurn())
    assert session.refused(MAYOR, declaring("c2", action="hold")).code == "not_held"
    declare(session, "c2", action="move", move="adjacent")
    assert declare(session, "c1", action="move", move="adjacent") == []


def test_a_hold_plays_one_card_against_each_rival_and_nothing_else() -> None:
    session = grappled()
    moving = declaring("c2", action="hold", move="adjacent")
    assert session.refused(MAYOR, moving).code == "invalid_declaration"
    declare(session, "c2", action="hold")
    declare(session, "c1", action="hold")
    both = cc.ChooseAttacks(
        character="c2", attacks=[cc.Attack(card=c, target="c1") for c in BILLY_HOLD]
    )
    assert session.refused(MAYOR, both).code == "too_many_cards"
    elsewhere = cc.ChooseAttacks(character="c2", attacks=[cc.Attack(card="d0:QH", target="c2")])
    assert session.refused(MAYOR, elsewhere).code == "undeclared_target"


def test_a_holder_of_two_plays_a_card_against_each_and_each_hold_is_judged_on_its_own() -> None:
    carl_hold = ["d0:3C", "d0:4C"]
    session = ann_and_billy(GRAPPLE + BILLY_HOLD + carl_hold + ANN_HOLD)
    session.run(MAYOR, npc("Carl", {"hands": 2, "senses": 2, "muscle": 2, "head": 2}, []))
    three = [{"character": c} for c in ("c1", "c2", "c3")]
    opening = {"combatants": three, "range": "adjacent"}
    session.run(MAYOR, msgspec.convert(opening, cc.OpenCombat))
    session.run(MAYOR, cc.StartCombatTurn())
    for npc_id in ("c2", "c3"):
        declare(session, npc_id, action="move", move="adjacent")
    grapple = {"technique": "brawl", "variant": "grapple", "targets": ["c2", "c3"]}
    declare(session, "c1", action="attack", **grapple)
    choose(session, "c1", {"d0:5S": "c2", "d0:2S": "c3"})
    assert (held_by(session, "c2"), held_by(session, "c3")) == ("c1", "c1")
    session.run(MAYOR, cc.StartCombatTurn())
    assert declare(session, "c2", action="hold") == BILLY_HOLD
    assert declare(session, "c3", action="hold") == carl_hold
    declare(session, "c1", action="hold")
    assert session.state.test.participants["c1"].plays == 2  # type: ignore[union-attr]
    twice = cc.ChooseAttacks(
        character="c1", attacks=[cc.Attack(card=c, target="c2") for c in ("d0:8S", "d0:3H")]
    )
    assert session.refused("p1", twice).code == "invalid_targets"
    choose(session, "c2", {"d0:QH": "c1"})
    choose(session, "c3", {"d0:3C": "c1"})
    choose(session, "c1", {"d0:8S": "c2", "d0:3H": "c3"})
    judged = [(e.hold.held, e.hold.kept) for e in events_of(session, ce.HoldTested)]
    assert judged == [("c2", False), ("c3", True)]  # Billy's Q♥ breaks free, Carl's 3♣ not
    assert (held_by(session, "c2"), held_by(session, "c3")) == (None, "c1")
    outcomes = last(session, TestResolved).outcomes
    assert outcomes == {"c2": "broken", "c3": "kept", "c1": "broken"}


def test_a_side_that_cannot_act_plays_no_card_and_the_other_decides_the_hold() -> None:
    session = grappled()
    session.run(MAYOR, cmd.CancelTest(reason="Ann faints"))
    change = cmd.ChangeCondition(character="c1", track="morale", change=-3, reason="fright")
    session.run(MAYOR, change)
    session.run(MAYOR, cc.StartCombatTurn())
    declare(session, "c2", action="hold")  # Ann, paralysed, does not take part
    drawn = session.state.zone("hand:c2")
    heart = next(c for c in drawn if c.endswith("H") or c.endswith("D"))
    choose(session, "c2", {heart: "c1"})
    (hold,) = [e.hold for e in events_of(session, ce.HoldTested)]
    assert hold.cards == {"c2": heart, "c1": None} and not hold.kept
    assert held_by(session, "c2") is None


# -- the whip [L993] ---------------------------------------------------------------------------


def test_one_whip_lashes_once_more_per_two_points_of_hands_where_one_knife_throws_once() -> None:
    # Ann: hands 4 + brawl; at short range a whip or a thrown knife draws as is: 6 cards
    whipping = duel_table(range_="short", script=THROWS)
    arm(whipping, "c1", "whip", 1)
    declare(whipping, "c2", action="move", move="adjacent")
    lash = {"technique": "thrown", "weapon": "whip", "weapons": 1}
    assert declare(whipping, "c1", action="attack", targets=["c2"], **lash) == THROWS
    assert whipping.state.test.participants["c1"].plays == 3  # type: ignore[union-attr]
    choose(whipping, "c1", {"d0:QS": "c2", "d0:6S": "c2", "d0:5S": "c2"})
    assert len(last(whipping, ce.AttacksResolved).attacks) == 3
    throwing = duel_table(range_="short", script=THROWS)
    arm(throwing, "c1", "knife", 1)
    declare(throwing, "c2", action="move", move="adjacent")
    throw = {"technique": "thrown", "weapon": "thrown knife", "weapons": 1}
    declare(throwing, "c1", action="attack", targets=["c2"], **throw)
    assert throwing.state.test.participants["c1"].plays == 1  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("hands", "skills", "plays"),
    [(4, ["brawl"], 3), (5, ["brawl"], 3), (6, ["brawl"], 4), (1, ["brawl"], 1), (6, [], 1)],
)
def test_a_whip_needs_brawl_and_is_not_capped_by_the_weapons_at_hand(
    hands: int, skills: list[str], plays: int
) -> None:
    lasher = Character(
        id="c1",
        name="Lasher",
        kind="npc",
        seat=MAYOR,
        traits={Trait.HANDS: hands, Trait.SENSES: 1, Trait.MUSCLE: 1, Trait.HEAD: 1},
        skills=[Skill(s) for s in skills],
    )
    assert max_attacks(Technique.THROWN, lasher, 1, "whip") == plays
    assert max_attacks(Technique.THROWN, lasher, 1, "thrown knife") == 1


# -- ties at games of chance among three [L1407-L1408] ----------------------------------------


def bet_ties(session: Session) -> list[tuple[str, str]]:
    return [(e.source, e.target) for e in events_of(session, CardsMoved) if e.reason == "bet_tie"]


def test_two_tied_best_of_three_swap_a_random_card_and_each_exchanges_with_the_loser() -> None:
    # each draws 5 (head 3 + cunning); Ana and Bea play a K♦ each, Cid a Q♦
    pile = [
        *["d0:KD", "d0:2C", "d0:3C", "d0:4C", "d0:5C"],
        *["d1:KD", "d1:2C", "d1:3C", "d1:4C", "d1:5C"],
        *["d0:QD", "d0:6C", "d0:7C", "d0:9C", "d0:10C"],
    ]
    s = players(normal_script(4, pile=pile), names=THREE, decks=2)
    ana, bea, cid = (player_deck(s.seats[name]) for name in THREE)
    s.run(MAYOR, gm.StartChanceGame(participants=["c1", "c2", "c3"]))
    for character, chosen in (("c1", "d0:KD"), ("c2", "d1:KD"), ("c3", "d0:QD")):
        play(s, character, chosen)
    assert last(s, TestResolved).outcomes == {"c1": "tie", "c2": "tie", "c3": "defeat"}
    assert bet_ties(s) == [(ana, bea), (bea, ana)]  # the tie exchange between the tied
    for winner in (s.seats["Ana"], s.seats["Bea"]):  # then each winner with the loser
        exchange = s.state.exchange
        assert exchange is not None
        step = exchange.steps[0]
        assert (step.seat, step.source, step.give_back) == (winner, cid, True)
        taken = exchange.shown[0]
        s.run(winner, xc.PickCards(cards=[taken]))
        given = s.state.exchange.shown[0]  # type: ignore[union-attr]
        s.run(winner, xc.PickCards(cards=[given]))
        assert taken in s.state.zone(player_deck(winner)) and given in s.state.zone(cid)
    assert s.state.exchange is None
    assert [len(s.state.zone(deck)) for deck in (ana, bea, cid)] == [9, 9, 9]


def test_three_who_all_tie_at_a_game_of_chance_make_the_tie_exchange_pair_by_pair() -> None:
    # nobody plays a ♦ (head's suit) or a ♥ (its colour): all three tie
    pile = [
        *["d0:KC", "d0:2C", "d0:3C", "d0:4C", "d0:5C"],
        *["d0:KS", "d0:2S", "d0:3S", "d0:4S", "d0:5S"],
        *["d0:QC", "d0:6C", "d0:7C", "d0:9C", "d0:10C"],
    ]
    s = players(normal_script(4, pile=pile), names=THREE)
    ana, bea, cid = (player_deck(s.seats[name]) for name in THREE)
    s.run(MAYOR, gm.StartChanceGame(participants=["c1", "c2", "c3"]))
    for character, chosen in (("c1", "d0:KC"), ("c2", "d0:KS"), ("c3", "d0:QC")):
        play(s, character, chosen)
    assert set(last(s, TestResolved).outcomes.values()) == {"tie"}
    assert bet_ties(s) == [(ana, bea), (bea, ana), (ana, cid), (cid, ana), (bea, cid), (cid, bea)]
    assert s.state.exchange is None
    assert [s.state.characters[c].money for c in ("c1", "c2", "c3")] == [20, 20, 20]


# -- cards of another deck [L226] ---------------------------------------------------------------

EXTRA = ["d1:QS", "d1:JK1", "d1:7H"]


def test_cards_of_another_deck_join_the_pile_and_are_dealt_like_any_other() -> None:
    # one play deck for three seats; the extra cards scripted on top of the pile are dealt
    session = new_session(
        players=("Ana", "Bea"), extra_cards=EXTRA, scripted_order=["d1:7H", "d1:QS", "d1:JK1"]
    )
    session.run(MAYOR, cmd.StartTable())
    (started,) = events_of(session, TableStarted)
    assert len(started.zones[PILE]) == 50 + 3 and set(EXTRA) <= set(started.zones[PILE])
    assert session.state.decks == 1
    dealt = [c for seat in (MAYOR, "p1", "p2") for c in deck_of(session, seat)]
    assert len(dealt) == 3 * DEAL and set(EXTRA) <= set(dealt)


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"mode": "no_management", "extra_cards": ["d0:QS"]}, "invalid_options"),  # a play card
        ({"mode": "normal", "decks": 2, "extra_cards": ["d1:QS"]}, "invalid_options"),
        (  # the dead man's hand taken from that deck
            {
                "mode": "normal",
                "separate_dead_mans_hand": True,
                "decks": 1,
                "extra_cards": ["d1:AS"],
            },
            "invalid_options",
        ),
        ({"mode": "wear", "extra_cards": ["d1:QS"]}, "invalid_options"),
        ({"mode": "normal", "extra_cards": ["d9:QS"]}, "invalid_options"),
        ({"mode": "normal", "extra_cards": ["d1:QS", "d1:QS"]}, "invalid_options"),
    ],
)
def test_extra_cards_the_table_already_plays_with_are_refused_at_creation(
    options: dict[str, Any], code: str
) -> None:
    with pytest.raises(DomainError) as refused:
        new_session(**options)
    assert refused.value.code == code


def test_where_the_seats_decide_the_decks_an_extra_card_of_a_play_deck_is_refused_at_start() -> (
    None
):
    accepted = new_session(players=("Ana", "Bea", "Cid", "Dan"), extra_cards=["d1:QS", "d2:AS"])
    assert accepted.refused(MAYOR, cmd.StartTable()).code == "invalid_options"  # 5 seats
    session = new_session(players=("Ana", "Bea"), extra_cards=["d1:QS", "d2:AS"])
    session.run(MAYOR, cmd.StartTable())  # 3 seats: one play deck, d0
    assert {"d1:QS", "d2:AS"} <= set(all_cards(session.state))


def test_the_hidden_card_scans_deal_extra_cards_like_any_other() -> None:
    """The fork and audit scans run a table with extra cards, whose ids they recognise; the
    property sessions draw tables with extra cards and count them among the cards to keep."""
    scanned = [o["extra_cards"] for o in hidden.MODES.values() if "extra_cards" in o]
    assert scanned and all(hidden.cards(" ".join(extra)) == set(extra) for extra in scanned)
    for strategy in (normal_options(), no_management_options()):
        players_, options = find(strategy, lambda setup: bool(setup[1]["extra_cards"]))
        assert set(options["extra_cards"]) <= set(expected_cards(options, players_ + 1))


# -- the weapons' limits and no free exchanges, at their edges ---------------------------------


def sling(damage: int, modifier: int) -> dict[str, Any]:
    ranges = {"adjacent": -modifier, "short": modifier, "medium": None, "long": None}
    return {"name": "sling", "kind": "thrown", "damage": damage, "ranges": ranges}


EDGE = MAX_RANGE_MODIFIER


@pytest.mark.parametrize(
    ("damage", "modifier", "refused"),
    [
        (MAX_WEAPON_DAMAGE, EDGE, None),
        (MAX_WEAPON_DAMAGE + 1, EDGE, "invalid_weapon"),
        (MAX_WEAPON_DAMAGE, EDGE + 1, "invalid_weapon"),
    ],
)
def test_a_weapon_deals_6_at_most_and_changes_a_draw_by_10_at_most(
    damage: int, modifier: int, refused: str | None
) -> None:
    assert (MAX_WEAPON_DAMAGE, MAX_RANGE_MODIFIER) == (6, 10)
    session = new_session()
    command = cmd.SetWeapon(weapon=Weapon(**sling(damage, modifier)))
    if refused is None:
        session.run(MAYOR, command)
        weapon = session.state.weapons["sling"]
        assert (weapon.damage, weapon.ranges["adjacent"], weapon.ranges["short"]) == (6, -10, 10)
    else:
        assert session.refused(MAYOR, command).code == refused


@pytest.mark.parametrize(
    ("damage", "modifier", "refused"),
    [
        (MAX_WEAPON_DAMAGE, EDGE, None),
        (MAX_WEAPON_DAMAGE + 1, EDGE, "invalid_options"),
        (MAX_WEAPON_DAMAGE, EDGE + 1, "invalid_weapon"),
    ],
)
def test_at_creation_too_a_weapon_deals_6_at_most_and_changes_a_draw_by_10_at_most(
    damage: int, modifier: int, refused: str | None
) -> None:
    weapons = {"sling": sling(damage, modifier)}
    if refused is None:
        assert new_session(weapons=weapons).state.weapons["sling"].damage == 6
        return
    with pytest.raises(DomainError) as error:
        new_session(weapons=weapons)
    assert error.value.code == refused


def test_no_free_exchange_a_one_way_transfer_is_refused_and_moves_no_card() -> None:
    s, p1, p2 = table()
    before = all_cards(s.state)
    # no exchange under way: nobody takes a card of another's deck [L347]
    assert s.refused(p1, xc.PickCards(cards=[BEA_DEAL[0]])).code == "no_exchange"
    # a bet with a winner and no loser, or a loser and no winner, would be a gift [L343]
    assert s.refused(MAYOR, xc.StartBetExchange(winner="c1")).code == "invalid_exchange"
    assert s.refused(MAYOR, xc.StartBetExchange(loser="c2")).code == "invalid_exchange"
    # a bet's winner takes one card and must give one back: neither none nor two
    s.run(MAYOR, xc.StartBetExchange(winner="c1", loser="c2"))
    s.run(p1, xc.PickCards(cards=[BEA_DEAL[0]]))
    assert s.refused(p1, xc.PickCards(cards=[])).code == "wrong_card_count"
    assert s.refused(p1, xc.PickCards(cards=ANA_DEAL[:2])).code == "wrong_card_count"
    s.run(p1, xc.PickCards(cards=[ANA_DEAL[0]]))
    assert s.state.exchange is None
    assert [len(deck_of(s, seat)) for seat in (p1, p2)] == [8, 8]
    assert all_cards(s.state) == before
