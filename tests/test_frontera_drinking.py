"""Drinking [L1245-L1272] and sobriety's effects [L631-L663], through the application.

The dead man's hand of these tables lies A♠ A♥ 8♣ 8♦ and its shuffles keep the order (a
scripted table); each draw goes under it, so flips come out A♠, A♥, 8♣, 8♦, A♠ … one at a
time, and A♠ A♥, 8♣ 8♦ … two at a time. Every character has muscle 3: toughness 7, so half of
it rounded up is 4.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.frontera import commands as cmd
from domain.frontera import events as ev
from domain.frontera.character import Trait
from domain.frontera.drinking import (
    Drink,
    DrinkingDuelEnded,
    DrinkTaken,
    EndDrinkingDuel,
    StartDrinkingDuel,
)
from domain.frontera.gambling import SetMoney
from domain.frontera.recovery import AdvanceTime
from tests.frontera_helpers import MAYOR, Session, new_session, npc, protagonist
from tests.frontera_scripts import drawn, events_of, last

SHEET = {"hands": 3, "senses": 4, "muscle": 3, "head": 2}  # toughness 7, confidence 8
SKILLS = ["brawl", "strength", "knowledge", "cunning"]
PILE_TOP = ["d0:3C", "d0:9D", "d0:10S", "d0:KS", "d0:5D", "d0:8H"]


@dataclass
class Bar:
    session: Session
    p1: str
    p2: str
    c1: str  # Ana's protagonist, toughness 7
    c2: str  # Bea's protagonist, toughness 7
    npc: str  # the Mayor's Billy, muscle 4: toughness 8

    def run(self, actor: str, command: Any) -> Any:
        return self.session.run(actor, command).result

    def flips(self) -> list[tuple[str, list[str], bool]]:
        """(purpose, cards, better) of every dead man's hand draw so far."""
        return [
            (e.purpose, e.cards, e.better) for e in events_of(self.session, ev.DeadMansHandDrawn)
        ]

    def sobriety(self, character: str) -> int:
        return self.session.state.characters[character].sobriety


def bar(mode: str = "no_management") -> Bar:
    session = new_session(players=("Ana", "Bea"), mode=mode, scripted_order=PILE_TOP)
    p1, p2 = session.seats["Ana"], session.seats["Bea"]
    c1 = session.run(p1, protagonist("Ana", SHEET, SKILLS)).result
    c2 = session.run(p2, protagonist("Bea", SHEET, SKILLS)).result
    billy = session.run(
        MAYOR, npc("Billy", {"hands": 3, "senses": 2, "muscle": 4, "head": 2}, ["agility"])
    ).result
    session.run(MAYOR, cmd.StartTable())
    return Bar(session, p1, p2, c1, c2, billy)


def water(b: Bar, character: str) -> None:
    """The Mayor sobers a character up at once, so that the drinking can go on."""
    b.run(
        MAYOR,
        cmd.ChangeCondition(character=character, track="sobriety", change=3, reason="cold water"),
    )


# -- the drinking duel -------------------------------------------------------------------------


def test_drinking_duel_tests_from_half_the_toughness_drawing_two_then_one_past_it() -> None:
    """Toughness 7: drinks 1-3 take no test; 4 (= ceil(7/2)) to 7 take DMH(stays / -1) drawing
    2 and keeping the better; from 8 (toughness + 1) they draw 1. The first in a coma loses."""
    b = bar()
    b.run(MAYOR, StartDrinkingDuel(characters=[b.c1, b.c2]))

    assert b.run(b.p1, Drink(character=b.c1, drinks=3)) == 0
    assert b.flips() == []
    assert b.session.state.characters[b.c1].drinks == 3

    b.run(b.p1, Drink(character=b.c1))  # 4th: A♠ A♥, an Ace: stays sober
    b.run(b.p1, Drink(character=b.c1))  # 5th: 8♣ 8♦, no Ace: tipsy
    assert b.flips() == [
        ("drinking", ["d0:AS", "d0:AH"], True),
        ("drinking", ["d0:8C", "d0:8D"], False),
    ]
    assert b.sobriety(b.c1) == -1
    b.run(b.p1, Drink(character=b.c1, drinks=2))  # 6th stays, 7th: drunk
    assert b.sobriety(b.c1) == -2
    assert [len(cards) for _, cards, _ in b.flips()] == [2, 2, 2, 2]

    # from the 8th drink one card: A♠ stays, A♥ stays, 8♣ falls into a coma
    assert b.run(b.p1, Drink(character=b.c1, drinks=3)) == -3
    assert [len(cards) for _, cards, _ in b.flips()] == [2, 2, 2, 2, 1, 1, 1]
    assert b.flips()[-1] == ("drinking", ["d0:8C"], False)
    assert [e.mechanism for e in events_of(b.session, DrinkTaken)] == ["duel"] * 10

    ended = last(b.session, DrinkingDuelEnded)
    assert (ended.loser, ended.winners) == (b.c1, [b.c2])
    assert b.session.state.drinking_duel is None


def test_a_drinking_duel_for_a_stake_is_a_skill_game_the_first_in_a_coma_pays() -> None:
    """[L1420]: the loser pays the stake to the winner; in Normal mode the bet exchange follows
    (after the coma swap the loser's coma sets off)."""
    b = bar("normal")
    for character in (b.c1, b.c2):
        b.run(MAYOR, SetMoney(character=character, money=20, reason="pay day"))
    b.run(MAYOR, cmd.ChangeCondition(character=b.c1, track="sobriety", change=-2, reason="rum"))
    b.run(MAYOR, StartDrinkingDuel(characters=[b.c1, b.c2], stake=5))
    b.run(b.p1, Drink(character=b.c1, drinks=5))  # 4th: A♠ A♥ stays; 5th: 8♣ 8♦, a coma
    assert b.sobriety(b.c1) == -3
    money = {c: b.session.state.characters[c].money for c in (b.c1, b.c2)}
    assert money == {b.c1: 15, b.c2: 25}
    exchange = b.session.state.exchange
    assert exchange is not None
    assert [(step.kind, step.seat, step.source) for step in exchange.steps] == [
        ("pick", MAYOR, "player_deck:mayor"),  # the coma swap: the Mayor gives a card back
        ("pick", b.p2, f"player_deck:{b.p1}"),  # the bet: Bea takes one of Ana's, then gives
    ]


def test_a_character_in_a_coma_drinks_no_more_and_cannot_act() -> None:
    b = bar()
    b.run(MAYOR, cmd.ChangeCondition(character=b.c1, track="sobriety", change=-3, reason="gin"))

    assert b.session.refused(b.p1, Drink(character=b.c1)).code == "character_cannot_act"
    command = cmd.OpenTraitTest(character=b.c1, trait=Trait.SENSES)
    assert b.session.refused(MAYOR, command).code == "character_cannot_act"


def test_the_rest_of_a_round_is_left_undrunk_once_the_character_falls_into_a_coma() -> None:
    b = bar()
    b.run(MAYOR, cmd.ChangeCondition(character=b.c1, track="sobriety", change=-2, reason="rum"))
    b.run(MAYOR, StartDrinkingDuel(characters=[b.c1, b.npc]))
    b.run(b.p1, Drink(character=b.c1, drinks=4))  # no test before the 4th: A♠ A♥, stays
    assert b.session.state.characters[b.c1].drinks == 4
    assert b.run(b.p1, Drink(character=b.c1, drinks=5)) == -3  # 5th: 8♣ 8♦, a coma
    assert b.session.state.characters[b.c1].drinks == 5
    assert last(b.session, DrinkingDuelEnded).winners == [b.npc]


def test_the_mayor_may_end_a_drinking_duel_and_nobody_loses() -> None:
    b = bar()
    b.run(MAYOR, StartDrinkingDuel(characters=[b.c1, b.c2]))
    b.run(MAYOR, EndDrinkingDuel(reason="the sheriff comes in"))
    ended = last(b.session, DrinkingDuelEnded)
    assert (ended.loser, ended.winners, ended.reason) == (None, [], "the sheriff comes in")
    b.run(b.p1, Drink(character=b.c1, drinks=5))
    assert {e.mechanism for e in events_of(b.session, DrinkTaken)} == {"heavy"}


# -- heavy drinking ----------------------------------------------------------------------------


def test_heavy_drinking_tests_above_half_the_toughness_and_is_at_least_tipsy_above_it() -> None:
    """Toughness 7: up to 4 drinks nothing; 5, 6 and 7 each take DMH(stays / -1) drawing 1;
    from the 8th (above toughness) the drinker is at least tipsy at once, then takes the test."""
    b = bar()
    b.run(b.p1, Drink(character=b.c1, drinks=4))
    assert b.flips() == []

    b.run(b.p1, Drink(character=b.c1, drinks=3))  # A♠ stays, A♥ stays, 8♣: tipsy
    assert b.flips() == [
        ("drinking", ["d0:AS"], True),
        ("drinking", ["d0:AH"], True),
        ("drinking", ["d0:8C"], False),
    ]
    assert b.sobriety(b.c1) == -1

    b.run(b.p1, Drink(character=b.c1))  # 8th: tipsy already, so nothing at once; 8♦: drunk
    changes = [(e.before, e.after) for e in events_of(b.session, ev.ConditionChanged)]
    assert changes == [(0, -1), (-1, -2)]
    assert b.flips()[-1] == ("drinking", ["d0:8D"], False)

    water(b, b.c1)
    b.run(b.p1, Drink(character=b.c1))  # 9th, sober: tipsy at once, then A♠ stays
    change = last(b.session, ev.ConditionChanged)
    assert (change.before, change.after) == (0, -1) and "9 drinks with toughness 7" in change.reason
    assert b.flips()[-1] == ("drinking", ["d0:AS"], True)
    assert b.sobriety(b.c1) == -1


def heavy(b: Bar, drinks: int) -> None:
    """Drink one by one, sobered up by the Mayor after any drink that leaves its mark."""
    for _ in range(drinks):
        b.run(b.p1, Drink(character=b.c1))
        if b.sobriety(b.c1) < 0:
            water(b, b.c1)


def test_heavy_drinking_at_twice_the_toughness_is_at_least_drunk_and_at_three_times_a_coma() -> (
    None
):
    """Toughness 7: the 14th drink takes a tipsy drinker one level down to drunk, not into a
    coma, then its test; past it a sober drinker is drunk at once. The 21st: a coma, no test."""
    b = bar()
    heavy(b, 13)
    b.run(MAYOR, cmd.ChangeCondition(character=b.c1, track="sobriety", change=-1, reason="gin"))
    flips_before = len(b.flips())

    b.run(b.p1, Drink(character=b.c1))  # 14 = 2 x 7: drunk at once, then A♥ stays
    change = last(b.session, ev.ConditionChanged)
    assert (change.before, change.after) == (-1, -2) and "14 drinks" in change.reason
    assert b.flips()[flips_before:] == [("drinking", ["d0:AH"], True)]
    assert b.sobriety(b.c1) == -2

    water(b, b.c1)
    b.run(b.p1, Drink(character=b.c1))  # 15: sober, so two levels at once
    change = [e for e in events_of(b.session, ev.ConditionChanged) if "heavy" in e.reason][-1]
    assert (change.before, change.after) == (0, -2) and "15 drinks" in change.reason
    water(b, b.c1)
    heavy(b, 5)
    flips_before = len(b.flips())

    assert b.run(b.p1, Drink(character=b.c1)) == -3  # 21 = 3 x 7: straight to coma, no test
    assert b.session.state.characters[b.c1].drinks == 21
    assert len(b.flips()) == flips_before
    assert "21 drinks" in last(b.session, ev.ConditionChanged).reason


# -- sobriety's effects on tests ---------------------------------------------------------------


def test_a_tipsy_drinker_flips_before_a_test_and_a_drunk_one_draws_two_fewer() -> None:
    """Tipsy: before each test a card of the dead man's hand, an Ace +1 card, an 8 -1 card.
    Drunk: 2 cards fewer in every test."""
    b = bar()
    b.run(b.p1, Drink(character=b.c1, drinks=7))  # A♠, A♥, 8♣: tipsy
    assert b.sobriety(b.c1) == -1

    b.run(MAYOR, cmd.OpenTraitTest(character=b.c1, trait=Trait.SENSES))
    b.run(b.p1, cmd.Draw(character=b.c1))  # the tipsy flip draws 8♦: one card fewer
    assert b.flips()[-1] == ("tipsy", ["d0:8D"], False)
    count = drawn(b.session, b.c1).count
    assert (count.trait, count.tipsy, count.sobriety, count.total) == (4, -1, 0, 3)
    b.run(b.p1, cmd.Choose(character=b.c1, cards=[drawn(b.session, b.c1).cards[0]]))

    b.run(MAYOR, cmd.ChangeCondition(character=b.c1, track="sobriety", change=-1, reason="gin"))
    b.run(MAYOR, cmd.OpenTraitTest(character=b.c1, trait=Trait.SENSES))
    b.run(b.p1, cmd.Draw(character=b.c1))
    count = drawn(b.session, b.c1).count
    assert (count.trait, count.tipsy, count.sobriety, count.total) == (4, 0, -2, 2)
    assert b.flips()[-1][0] == "tipsy"  # the drunk take no tipsy flip: it is still the last


def test_the_drink_count_is_slept_off_once_sober_again() -> None:
    """Tipsy lasts 12 - toughness hours: 5 h for toughness 7; sober again, the count restarts."""
    b = bar()
    b.run(b.p1, Drink(character=b.c1, drinks=7))
    assert (b.sobriety(b.c1), b.session.state.characters[b.c1].drinks) == (-1, 7)

    b.run(MAYOR, AdvanceTime(amount=4, unit="hours", reason="a nap"))
    assert (b.sobriety(b.c1), b.session.state.characters[b.c1].drinks) == (-1, 7)
    b.run(MAYOR, AdvanceTime(amount=1, unit="hours", reason="a nap"))
    assert (b.sobriety(b.c1), b.session.state.characters[b.c1].drinks) == (0, 0)


# -- rejections --------------------------------------------------------------------------------


def test_drinking_for_another_seats_character_is_rejected() -> None:
    b = bar()
    assert b.session.refused(b.p2, Drink(character=b.c1)).code == "not_your_seat"
    assert b.session.refused(b.p1, Drink(character=b.npc)).code == "not_your_seat"
    b.run(MAYOR, Drink(character=b.c1))  # the Mayor's estimate of what was drunk


def test_a_round_of_no_drinks_or_too_many_is_rejected() -> None:
    b = bar()
    assert b.session.refused(b.p1, Drink(character=b.c1, drinks=0)).code == "invalid_drinks"
    assert b.session.refused(b.p1, Drink(character=b.c1, drinks=11)).code == "invalid_drinks"


def test_drinking_for_an_unknown_character_or_before_the_start_is_rejected() -> None:
    b = bar()
    assert b.session.refused(b.p1, Drink(character="c9")).code == "unknown_character"
    session = new_session(players=("Ana",), mode="no_management")
    hero = session.run(session.seats["Ana"], protagonist("Ana", SHEET, SKILLS)).result
    assert session.refused(session.seats["Ana"], Drink(character=hero)).code == "not_started"


def test_bad_drinking_duels_are_rejected() -> None:
    b = bar()
    start = StartDrinkingDuel(characters=[b.c1, b.c2])
    assert b.session.refused(b.p1, start).code == "not_game_master"
    one = StartDrinkingDuel(characters=[b.c1, b.c1])
    assert b.session.refused(MAYOR, one).code == "invalid_participants"
    ghost = StartDrinkingDuel(characters=[b.c1, "c9"])
    assert b.session.refused(MAYOR, ghost).code == "unknown_character"
    end = EndDrinkingDuel(reason="closing time")
    assert b.session.refused(MAYOR, end).code == "no_drinking_duel"

    b.run(MAYOR, start)
    assert b.session.refused(MAYOR, start).code == "drinking_duel_in_progress"
    assert b.session.refused(MAYOR, EndDrinkingDuel(reason=" ")).code == "reason_required"
