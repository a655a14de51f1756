"""Gambling [L1276-L1452]: the house's settlement arithmetic, chance games with cheating, skill
games for a stake, the money each character carries, and the bet exchange that follows."""

from __future__ import annotations

from typing import Any

import pytest

from domain.frontera import commands as cmd
from domain.frontera import drinking as dr
from domain.frontera import exchange_commands as xc
from domain.frontera import gambling as gm
from domain.frontera import recovery as rc
from domain.frontera.character import Skill, Trait
from domain.frontera.events import CardsMoved, DeadMansHandDrawn, TestResolved
from domain.frontera.state import player_deck
from tests.frontera_helpers import MAYOR, Session, new_session, protagonist
from tests.frontera_scripts import drawn, events_of, last, normal_script

SHEET = {"hands": 3, "senses": 3, "muscle": 3, "head": 3}
SKILLS = ["brawl", "agility", "cunning", "aim"]


@pytest.mark.parametrize(
    ("money", "result", "cheating", "after"),
    [
        (12, -6, False, 60),  # Clementine [L1340]: 4 x $3, doubled, doubled
        (12, -6, True, 108),  # a cheater wins twice as much
        (12, 0, False, 12),
        (12, 1, False, 9),
        (12, 4, False, 0),
        (12, 6, False, -6),  # past 4 points: a gambling debt
        (13, 1, False, 9),  # losses round up
        (13, -1, False, 16),  # winnings round down
        (12, 2, True, 0),  # a caught cheater loses all
    ],
)
def test_the_house_settles_a_quarter_of_the_money_per_point(
    money: int, result: int, cheating: bool, after: int
) -> None:
    assert gm.house_settlement(money, result, cheating) == after


def test_round_points_joker_5_ace_3_faces_2_rest_1_spades_for_the_player() -> None:
    assert gm.house_points("d0:JK1") == (5, True)
    assert gm.house_points("d0:AS") == (3, True)
    assert gm.house_points("d0:KH") == (2, False)
    assert gm.house_points("d0:8C") == (1, False)


def players(script: list[str], names: tuple[str, ...] = ("Ana", "Bea"), **options: Any) -> Session:
    session = new_session(players=names, scripted_order=script, **options)
    for name in names:
        sheet = protagonist(name, SHEET, SKILLS)
        sheet.money = 20
        session.run(session.seats[name], sheet)
    session.run(MAYOR, cmd.StartTable())
    return session


def play(session: Session, character: str, chosen: str) -> None:
    seat = session.state.characters[character].seat
    session.run(seat, cmd.Draw(character=character))
    session.run(seat, cmd.Choose(character=character, cards=[chosen]))


def test_a_game_of_chance_the_winner_doubles_on_an_ace_and_the_loser_pays_the_cards() -> None:
    # Ana draws 5 (head 3 + cunning): a ♦ wins; Bea's 5 have no ♦ and no ♥
    pile = [
        "d0:KD",
        "d0:2C",
        "d0:3C",
        "d0:4C",
        "d0:5C",
        "d0:2S",
        "d0:3S",
        "d0:4S",
        "d0:5S",
        "d0:6S",
    ]
    s = players(normal_script(3, pile=pile, deals={}), separate_dead_mans_hand=True)
    p1, p2 = s.seats["Ana"], s.seats["Bea"]
    s.run(MAYOR, gm.StartChanceGame(participants=["c1", "c2"]))
    play(s, "c1", "d0:KD")
    play(s, "c2", "d0:2S")
    assert last(s, TestResolved).outcomes == {"c1": "victory", "c2": "defeat"}
    flips = events_of(s, DeadMansHandDrawn)
    assert [f.character for f in flips] == ["c1", "c2"]
    # the scripted dead man's hand has its Ace of spades on top: both flips are better
    assert s.state.characters["c1"].money == 40 and s.state.characters["c2"].money == 20
    exchange = s.state.exchange
    assert exchange is not None and exchange.steps[0].seat == p1
    assert exchange.steps[0].source == f"player_deck:{p2}"


def test_a_caught_cheater_loses_all_and_a_card_for_nothing() -> None:
    pile = ["d0:KD", "d0:2C", "d0:3C", "d0:4C", "d0:5C", "d0:2H", "d0:3H", "d0:4H"]
    s = players(normal_script(3, pile=pile), separate_dead_mans_hand=True)
    p1, p2 = s.seats["Ana"], s.seats["Bea"]
    s.run(MAYOR, gm.StartChanceGame(participants=["c1", "c2"], cheaters=["c2"]))
    test = s.state.test
    assert test is not None and test.participants["c2"].trait == Trait.HANDS
    assert test.participants["c2"].skill == Skill.DEFTNESS
    play(s, "c1", "d0:KD")
    play(s, "c2", "d0:2H")
    assert s.state.characters["c2"].money == 0
    exchange = s.state.exchange
    assert exchange is not None and len(exchange.steps) == 1  # a pick, and nothing given back
    assert exchange.steps[0].seat == p1 and not exchange.steps[0].give_back
    card = exchange.shown[0]
    s.run(p1, xc.PickCards(cards=[card]))
    assert s.state.exchange is None and card in s.state.zone(f"player_deck:{p1}")
    assert len(s.state.zone(f"player_deck:{p2}")) == 8  # 8 dealt + the card played - 1


def test_a_skill_game_the_loser_pays_the_stake_to_the_winner() -> None:
    pile = [
        "d0:KS",
        "d0:2C",
        "d0:3C",
        "d0:4C",
        "d0:5C",
        "d0:2H",
        "d0:3H",
        "d0:4H",
        "d0:5H",
        "d0:6H",
    ]
    s = players(normal_script(3, pile=pile))
    darts = [
        cmd.Contender(character="c1", trait=Trait.HANDS, skill=Skill.BRAWL),
        cmd.Contender(character="c2", trait=Trait.HANDS, skill=Skill.BRAWL),
    ]
    s.run(MAYOR, gm.StartSkillGame(participants=darts, stake=15))
    play(s, "c1", "d0:KS")
    play(s, "c2", "d0:2H")
    assert [s.state.characters[c].money for c in ("c1", "c2")] == [35, 5]


def test_the_mayor_sets_money_with_a_reason() -> None:
    s = players(normal_script(3))
    assert s.run(MAYOR, gm.SetMoney(character="c1", money=7, reason="a bounty")).result == 7
    assert last(s, gm.MoneyChanged).before == 20
    assert s.refused(MAYOR, gm.SetMoney(character="c1", money=7, reason=" ")).code == (
        "reason_required"
    )
    assert s.refused(s.seats["Ana"], gm.SetMoney(character="c1", money=70, reason="x")).code == (
        "not_game_master"
    )


def test_rejections_at_the_house() -> None:
    s = players(normal_script(3))
    p1 = s.seats["Ana"]
    assert s.refused(p1, gm.PlayHouseRound(character="c1")).code == "no_house_game"
    s.run(MAYOR, gm.StartHouseGame(character="c1"))
    assert s.refused(p1, gm.TryToStop(character="c1")).code == "no_round_yet"
    assert s.refused(s.seats["Bea"], gm.PlayHouseRound(character="c1")).code == "not_your_seat"
    opening = cmd.OpenTraitTest(character="c2", trait=Trait.HANDS)
    assert s.refused(MAYOR, opening).code == "exchange_in_progress"
    assert s.refused(MAYOR, gm.StartHouseGame(character="c2")).code == "exchange_in_progress"
    bad = gm.StartChanceGame(participants=["c1", "c1"])
    s2 = players(normal_script(3))
    assert s2.refused(MAYOR, bad).code == "invalid_participants"
    assert (
        s2.refused(MAYOR, gm.StartChanceGame(participants=["c1", "c2"], cheaters=["c3"])).code
        == "invalid_cheaters"
    )


def test_the_mayor_may_call_a_night_at_the_house_off_and_nothing_is_settled() -> None:
    s = players(normal_script(3))
    p1 = s.seats["Ana"]
    assert s.refused(MAYOR, gm.CloseHouse(reason="fire")).code == "no_house_game"
    s.run(MAYOR, gm.StartHouseGame(character="c1"))
    s.run(p1, gm.PlayHouseRound(character="c1"))
    s.run(p1, gm.PlayHouseRound(character="c1"))
    assert s.refused(p1, gm.CloseHouse(reason="I'm off")).code == "not_game_master"
    s.run(p1, gm.TryToStop(character="c1"))
    assert s.refused(MAYOR, gm.CloseHouse(reason="fire")).code == "test_in_progress"
    s.run(MAYOR, cmd.CancelTest(reason="the saloon burns"))
    s.run(MAYOR, gm.CloseHouse(reason="the saloon burns"))
    state = s.state
    assert state.house_game is None and state.characters["c1"].money == 20
    assert sorted(state.zone("dead_mans_hand")) == ["d0:8C", "d0:8D", "d0:AH", "d0:AS"]
    assert not state.zone("house")
    s.run(MAYOR, cmd.OpenTraitTest(character="c2", trait=Trait.HANDS))  # the table goes on


def test_a_house_result_of_0_keeps_the_money_and_swaps_a_random_card_each_way() -> None:
    # K♠ scores 2 for Ana, K♥ 2 for the house: 2 - 2 = 0 [L1336]; the stop card, 2♦, is below
    # the K♥, so the last round counts
    s = night_at_the_house(["d0:KS", "d0:KH"], cheating=False)
    p1 = s.seats["Ana"]
    ended = last(s, gm.HouseGameEnded)
    assert (ended.house, ended.player, ended.result) == (2, 2, 0)
    assert s.state.characters["c1"].money == 20
    # the bet's tie [L289]: a random card each way, face down in phase 1, and no pick
    swaps = [(e.source, e.target) for e in events_of(s, CardsMoved) if e.reason == "bet_tie"]
    assert sorted(swaps) == sorted(
        [(player_deck(p1), player_deck(MAYOR)), (player_deck(MAYOR), player_deck(p1))]
    )
    assert s.state.exchange is None
    assert (len(s.state.zone(player_deck(p1))), len(s.state.zone(player_deck(MAYOR)))) == (9, 8)


# -- more than two players at a game of chance [L1398] ---------------------------------------

THREE = ("Ana", "Bea", "Cid")


def test_three_at_a_game_of_chance_the_tied_best_hands_each_win_and_the_third_loses() -> None:
    # each draws 5 (head 3 + cunning); two decks give Ana and Bea a K♦ each, Cid a Q♦
    pile = [
        *["d0:KD", "d0:2C", "d0:3C", "d0:4C", "d0:5C"],
        *["d1:KD", "d1:2C", "d1:3C", "d1:4C", "d1:5C"],
        *["d0:QD", "d0:6C", "d0:7C", "d0:9C", "d0:10C"],
    ]
    s = players(normal_script(4, pile=pile), names=THREE, decks=2)
    p1, p3 = s.seats["Ana"], s.seats["Cid"]
    s.run(MAYOR, gm.StartChanceGame(participants=["c1", "c2", "c3"]))
    play(s, "c1", "d0:KD")
    play(s, "c2", "d1:KD")
    play(s, "c3", "d0:QD")
    assert last(s, TestResolved).outcomes == {"c1": "tie", "c2": "tie", "c3": "defeat"}
    # each flips the dead man's hand, winners first; a flipped card goes under the four
    flips = [(f.character, f.cards, f.better) for f in events_of(s, DeadMansHandDrawn)]
    assert flips == [
        ("c1", ["d0:AS"], True),
        ("c2", ["d0:AH"], True),
        ("c3", ["d0:8C"], False),
    ]
    # both tied winners double their $20 on an Ace; the loser's 8 loses all it carried
    assert [s.state.characters[c].money for c in ("c1", "c2", "c3")] == [40, 40, 0]
    # the bet exchange: each tied winner with the loser, the first winner first (the tie
    # exchange between the two winners: test_frontera_third_reading.py)
    exchange = s.state.exchange
    assert exchange is not None
    assert [(step.seat, step.source, step.give_back) for step in exchange.steps] == [
        (p1, player_deck(p3), True),
        (s.seats["Bea"], player_deck(p3), True),
    ]
    taken = exchange.shown[0]
    s.run(p1, xc.PickCards(cards=[taken]))
    given = s.state.exchange.shown[0]  # type: ignore[union-attr]
    s.run(p1, xc.PickCards(cards=[given]))
    assert taken in s.state.zone(player_deck(p1)) and given in s.state.zone(player_deck(p3))


def test_three_at_a_game_of_chance_who_all_tie_change_no_money() -> None:
    # nobody plays a ♦ (head's suit) or a ♥ (its colour): all three tie
    pile = [
        *["d0:KC", "d0:2C", "d0:3C", "d0:4C", "d0:5C"],
        *["d0:KS", "d0:2S", "d0:3S", "d0:4S", "d0:5S"],
        *["d0:QC", "d0:6C", "d0:7C", "d0:9C", "d0:10C"],
    ]
    s = players(normal_script(4, pile=pile), names=THREE)
    s.run(MAYOR, gm.StartChanceGame(participants=["c1", "c2", "c3"]))
    for character, chosen in (("c1", "d0:KC"), ("c2", "d0:KS"), ("c3", "d0:QC")):
        play(s, character, chosen)
    assert last(s, TestResolved).outcomes == {"c1": "tie", "c2": "tie", "c3": "tie"}
    assert not events_of(s, DeadMansHandDrawn) and not events_of(s, gm.MoneyChanged)
    assert [s.state.characters[c].money for c in ("c1", "c2", "c3")] == [20, 20, 20]
    # the tie exchange, pair by pair, swaps cards and keeps every deck's size
    assert s.state.exchange is None
    assert [len(s.state.zone(player_deck(seat))) for seat in s.seats.values()] == [9, 9, 9]


# -- a cheater at the house [L1340] ------------------------------------------------------------

# the stop test draws from the pile: a cheater 3 (hands 3, no deftness), an honest player 5
STOP_PILE = ["d0:2S", "d0:2D", "d0:3C", "d0:4C", "d0:5C"]


def night_at_the_house(rounds: list[str], cheating: bool) -> Session:
    """Ana ($20) plays one round per card of `rounds` (the top of the Mayor's deck), then
    stops with a success: the ♠ of hands (deftness) for a cheater, the ♦ of head (cunning)."""
    s = players(normal_script(3, deals={0: rounds}, pile=STOP_PILE))
    p1 = s.seats["Ana"]
    s.run(MAYOR, gm.StartHouseGame(character="c1", cheating=cheating))
    for _ in rounds:
        s.run(p1, gm.PlayHouseRound(character="c1"))
    s.run(p1, gm.TryToStop(character="c1"))
    test = s.state.test
    assert test is not None
    trait = test.participants["c1"].trait
    assert trait == (Trait.HANDS if cheating else Trait.HEAD)
    play(s, "c1", "d0:2S" if cheating else "d0:2D")
    assert last(s, TestResolved).outcomes == {"c1": "success"}
    return s


@pytest.mark.parametrize(("cheating", "after"), [(False, 100), (True, 180)])
def test_a_cheater_who_beats_the_house_wins_twice_the_winnings(cheating: bool, after: int) -> None:
    s = night_at_the_house(["d0:KS", "d0:QS", "d0:JS"], cheating)
    p1 = s.seats["Ana"]
    ended = last(s, gm.HouseGameEnded)
    assert (ended.house, ended.player, ended.result) == (0, 6, -6)
    # -6: 4 quarters of $20 = $20, doubled twice = $80; a cheater wins $160
    assert s.state.characters["c1"].money == after
    # a victory: the player takes one of the Mayor's cards and gives one back
    exchange = s.state.exchange
    assert exchange is not None and len(exchange.steps) == 1
    step = exchange.steps[0]
    assert (step.seat, step.source, step.give_back) == (p1, player_deck(MAYOR), True)


@pytest.mark.parametrize(("cheating", "after"), [(False, -10), (True, 0)])
def test_a_cheater_the_house_beats_is_caught_loses_all_and_a_card_for_nothing(
    cheating: bool, after: int
) -> None:
    s = night_at_the_house(["d0:KH", "d0:QH", "d0:JH"], cheating)
    p1 = s.seats["Ana"]
    ended = last(s, gm.HouseGameEnded)
    # the 2 played to stop is below the J♥: the last round counts
    assert (ended.house, ended.player, ended.result, ended.ignored_last_round) == (6, 0, 6, False)
    # honest: 6 quarters of $20 = $30, a $10 debt; caught cheating: all $20, and no debt
    assert s.state.characters["c1"].money == after
    mine, mayors = len(s.state.zone(player_deck(p1))), len(s.state.zone(player_deck(MAYOR)))
    assert (mine, mayors) == (9, 8)  # 8 dealt + the card played to stop; the rounds went back
    exchange = s.state.exchange
    assert exchange is not None and len(exchange.steps) == 1
    step = exchange.steps[0]
    assert (step.seat, step.source, step.give_back) == (MAYOR, player_deck(p1), not cheating)
    s.run(MAYOR, xc.PickCards(cards=[exchange.shown[0]]))
    if cheating:  # the Mayor keeps the card and gives nothing
        assert s.state.exchange is None
        assert len(s.state.zone(player_deck(p1))) == 8
        assert len(s.state.zone(player_deck(MAYOR))) == 9
    else:
        assert s.state.exchange is not None and s.state.exchange.steps[0].seat == MAYOR


# -- the stop test [L1329] -------------------------------------------------------------------


def test_a_failed_stop_test_plays_on_and_the_next_try_waits_for_another_round() -> None:
    # Ana's stop test draws 5 (head 3 + cunning), all black: no ♦ and no ♥, a failure
    s = players(normal_script(3, pile=["d0:2S", "d0:3S", "d0:4C", "d0:5C", "d0:6C"]))
    p1 = s.seats["Ana"]
    s.run(MAYOR, gm.StartHouseGame(character="c1"))
    s.run(p1, gm.PlayHouseRound(character="c1"))
    s.run(p1, gm.TryToStop(character="c1"))
    play(s, "c1", "d0:2S")
    decided = last(s, gm.HouseStopDecided)
    assert (decided.outcome, decided.leaves, decided.last_round) == ("failure", False, False)
    assert s.refused(p1, gm.TryToStop(character="c1")).code == "no_round_yet"
    s.run(p1, gm.PlayHouseRound(character="c1"))
    s.run(p1, gm.TryToStop(character="c1"))
    test = s.state.test
    assert test is not None and test.purpose == "house_stop"
    # boundary: a stop test the Mayor cancels is no failure, the player may try again at once
    s.run(MAYOR, cmd.CancelTest(reason="a brawl breaks out"))
    s.run(p1, gm.TryToStop(character="c1"))
    assert s.state.test is not None and s.state.test.purpose == "house_stop"


# -- the dead man's hand during a night at the house [L1296, L1310] ---------------------------

HAND = ["d0:8C", "d0:8D", "d0:AH", "d0:AS"]


def hand_of_the_dead(session: Session) -> list[str]:
    return sorted(session.state.zone("dead_mans_hand"))


def test_during_a_night_at_the_house_every_rule_finds_the_dead_mans_hand_whole() -> None:
    s = players(normal_script(3))
    p1 = s.seats["Ana"]
    s.run(MAYOR, gm.StartHouseGame(character="c1"))
    s.run(p1, gm.PlayHouseRound(character="c1"))
    assert hand_of_the_dead(s) == HAND
    # heavy drinking: the fifth drink, above half of toughness 7, takes its test drawing 1
    s.run(p1, dr.Drink(character="c1", drinks=5))
    # time passing draws the recovery test of Bea's fear
    s.run(MAYOR, cmd.ChangeCondition(character="c2", track="morale", change=-1, reason="a ghost"))
    s.run(MAYOR, rc.AdvanceTime(amount=1, unit="hours", reason="the night goes on"))
    flips = [(f.purpose, f.cards) for f in events_of(s, DeadMansHandDrawn)]
    assert flips == [("drinking", ["d0:AS"]), ("morale_recovery", ["d0:AH"])]
    assert s.state.characters["c1"].sobriety == 0  # the Ace: Ana stays sober
    assert hand_of_the_dead(s) == HAND


def test_a_tipsy_player_plays_at_the_house_and_flips_before_the_stop_test() -> None:
    s = players(normal_script(3, pile=STOP_PILE))
    p1 = s.seats["Ana"]
    s.run(MAYOR, cmd.ChangeCondition(character="c1", track="sobriety", change=-1, reason="rye"))
    s.run(MAYOR, gm.StartHouseGame(character="c1"))
    s.run(p1, gm.PlayHouseRound(character="c1"))
    s.run(p1, gm.TryToStop(character="c1"))
    s.run(p1, cmd.Draw(character="c1"))
    flip = last(s, DeadMansHandDrawn)
    assert (flip.purpose, flip.cards, flip.better) == ("tipsy", ["d0:AS"], True)
    count = drawn(s, "c1").count
    assert (count.trait, count.skill, count.tipsy, count.total) == (3, 2, 1, 6)


def test_a_drunk_swap_during_a_night_at_the_house_takes_no_card_of_the_dead_mans_hand() -> None:
    s = players(normal_script(3))
    p1 = s.seats["Ana"]
    s.run(MAYOR, gm.StartHouseGame(character="c1"))
    for _ in range(8):  # every card the Mayor was dealt
        s.run(p1, gm.PlayHouseRound(character="c1"))
    s.run(MAYOR, cmd.ChangeCondition(character="c1", track="sobriety", change=-2, reason="gin"))
    assert not set(HAND) & set(s.state.zone(player_deck(p1)))
    assert hand_of_the_dead(s) == HAND


def test_a_character_in_a_coma_plays_no_round_at_the_house() -> None:
    s = players(["d0:2S"], mode="no_management")
    p1 = s.seats["Ana"]
    s.run(MAYOR, gm.StartHouseGame(character="c1"))
    s.run(p1, gm.PlayHouseRound(character="c1"))
    s.run(MAYOR, cmd.ChangeCondition(character="c1", track="sobriety", change=-3, reason="gin"))
    assert s.refused(p1, gm.PlayHouseRound(character="c1")).code == "character_cannot_act"
    assert s.refused(p1, gm.TryToStop(character="c1")).code == "character_cannot_act"
    s.run(MAYOR, gm.CloseHouse(reason="carried out cold"))
    assert s.state.house_game is None and hand_of_the_dead(s) == HAND


def test_rounds_at_the_house_wait_for_the_coma_swap_the_mayor_picks_from_the_houses_deck() -> None:
    s = players(normal_script(3))
    p1 = s.seats["Ana"]
    s.run(MAYOR, gm.StartHouseGame(character="c1"))
    s.run(MAYOR, cmd.ChangeCondition(character="c2", track="sobriety", change=-3, reason="gin"))
    exchange = s.state.exchange
    assert exchange is not None and exchange.steps[0].seat == MAYOR
    assert s.refused(p1, gm.PlayHouseRound(character="c1")).code == "exchange_in_progress"
    s.run(MAYOR, xc.PickCards(cards=[exchange.shown[0]]))
    s.run(p1, gm.PlayHouseRound(character="c1"))
