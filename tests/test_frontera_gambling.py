"""Gambling [L1276-L1452]: the house's settlement arithmetic, chance games with cheating, skill
games for a stake, the money each character carries, and the bet exchange that follows."""

from __future__ import annotations

from typing import Any

import pytest

from domain.frontera import commands as cmd
from domain.frontera import exchanges as fx
from domain.frontera import gambling as gm
from domain.frontera.character import Skill, Trait
from domain.frontera.events import DeadMansHandDrawn, TestResolved
from tests.frontera_helpers import MAYOR, Session, new_session, protagonist
from tests.frontera_scripts import events_of, last, normal_script, rejected

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


def players(script: list[str], **options: Any) -> Session:
    session = new_session(players=("Ana", "Bea"), scripted_order=script, **options)
    for name in ("Ana", "Bea"):
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
    s.run(p1, fx.PickCards(cards=[card]))
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
    assert rejected(s, MAYOR, gm.SetMoney(character="c1", money=7, reason=" ")).code == (
        "reason_required"
    )
    assert rejected(s, s.seats["Ana"], gm.SetMoney(character="c1", money=70, reason="x")).code == (
        "not_game_master"
    )


def test_rejections_at_the_house() -> None:
    s = players(normal_script(3))
    p1 = s.seats["Ana"]
    assert rejected(s, p1, gm.PlayHouseRound(character="c1")).code == "no_house_game"
    s.run(MAYOR, gm.StartHouseGame(character="c1"))
    assert rejected(s, p1, gm.TryToStop(character="c1")).code == "no_round_yet"
    assert rejected(s, s.seats["Bea"], gm.PlayHouseRound(character="c1")).code == ("not_your_seat")
    opening = cmd.OpenTraitTest(character="c2", trait=Trait.HANDS)
    assert rejected(s, MAYOR, opening).code == "exchange_in_progress"
    assert rejected(s, MAYOR, gm.StartHouseGame(character="c2")).code == "exchange_in_progress"
    bad = gm.StartChanceGame(participants=["c1", "c1"])
    s2 = players(normal_script(3))
    assert rejected(s2, MAYOR, bad).code == "invalid_participants"
    assert rejected(
        s2, MAYOR, gm.StartChanceGame(participants=["c1", "c2"], cheaters=["c3"])
    ).code == ("invalid_cheaters")


def test_the_mayor_may_call_a_night_at_the_house_off_and_nothing_is_settled() -> None:
    s = players(normal_script(3))
    p1 = s.seats["Ana"]
    assert rejected(s, MAYOR, gm.CloseHouse(reason="fire")).code == "no_house_game"
    s.run(MAYOR, gm.StartHouseGame(character="c1"))
    s.run(p1, gm.PlayHouseRound(character="c1"))
    s.run(p1, gm.PlayHouseRound(character="c1"))
    assert rejected(s, p1, gm.CloseHouse(reason="I'm off")).code == "not_game_master"
    s.run(p1, gm.TryToStop(character="c1"))
    assert rejected(s, MAYOR, gm.CloseHouse(reason="fire")).code == "test_in_progress"
    s.run(MAYOR, cmd.CancelTest(reason="the saloon burns"))
    s.run(MAYOR, gm.CloseHouse(reason="the saloon burns"))
    state = s.state
    assert state.house_game is None and state.characters["c1"].money == 20
    assert sorted(state.zone("dead_mans_hand")) == ["d0:8C", "d0:8D", "d0:AH", "d0:AS"]
    assert not state.zone("house")
    s.run(MAYOR, cmd.OpenTraitTest(character="c2", trait=Trait.HANDS))  # the table goes on
