"""Trait and opposed tests judged at their boundaries [L733-L850], through the application.

Each side is a henchman with a fixed draw of one card, so the scripted pile gives each the
card it plays: the first card to the first participant, the second to the second. The dead
man's hand (A♠ A♥ 8♣ 8♦) is set aside from the first deck, so its cards come from the second.
"""

from __future__ import annotations

import pytest

from domain.frontera import commands as cmd
from domain.frontera.character import Trait
from domain.frontera.events import TestResolved
from tests.frontera_helpers import MAYOR, Session, new_session, npc
from tests.frontera_scripts import last

HANDS, SENSES, MUSCLE = Trait.HANDS, Trait.SENSES, Trait.MUSCLE


def one_card_each(cards: list[str]) -> Session:
    """A started table whose henchmen c1, c2 … each draw one card, dealt in this order."""
    session = new_session(mode="no_management", decks=2, scripted_order=cards)
    for number in range(1, len(cards) + 1):
        traits = {"hands": 1, "senses": 1, "muscle": 1, "head": 1}
        session.run(MAYOR, npc(f"Henchman {number}", traits, [], kind="henchman", fixed_draw=1))
    session.run(MAYOR, cmd.StartTable())
    return session


def play_all(session: Session, cards: list[str]) -> dict[str, str]:
    """Each participant draws its one card (the scripted one) and plays it; the outcomes."""
    characters = list(session.state.test.participants)  # type: ignore[union-attr]
    for character, card in zip(characters, cards, strict=True):
        assert session.run(MAYOR, cmd.Draw(character=character)).result == [card]
    for character, card in zip(characters, cards, strict=True):
        session.run(MAYOR, cmd.Choose(character=character, cards=[card]))
    return last(session, TestResolved).outcomes


@pytest.mark.parametrize(
    ("difficulty", "card", "outcome"),
    [
        pytest.param(8, "d1:8C", "success", id="difficulty_8_eight_of_clubs"),
        pytest.param(8, "d0:7C", "partial", id="difficulty_8_seven_of_clubs"),
        pytest.param(8, "d0:KS", "failure", id="difficulty_8_black_not_clubs"),
        pytest.param(None, "d0:2C", "success", id="suit"),
        pytest.param(None, "d0:KS", "partial", id="colour"),
        pytest.param(None, "d1:AH", "failure", id="other_colour"),
    ],
)
def test_a_senses_test_is_a_success_with_clubs_partial_with_black_at_the_difficulty(
    difficulty: int | None, card: str, outcome: str
) -> None:
    session = one_card_each([card])
    session.run(MAYOR, cmd.OpenTraitTest(character="c1", trait=SENSES, difficulty=difficulty))
    assert play_all(session, [card]) == {"c1": outcome}


def opposed(first: tuple[Trait, str], second: tuple[Trait, str]) -> tuple[str, str]:
    session = one_card_each([first[1], second[1]])
    contenders = [
        cmd.Contender(character="c1", trait=first[0]),
        cmd.Contender(character="c2", trait=second[0]),
    ]
    session.run(MAYOR, cmd.OpenOpposedTest(participants=contenders))
    outcomes = play_all(session, [first[1], second[1]])
    return outcomes["c1"], outcomes["c2"]


@pytest.mark.parametrize(
    ("first", "second", "outcomes"),
    [
        pytest.param("d0:8H", "d0:7H", ("victory", "defeat"), id="suit_higher_value"),
        pytest.param("d0:7H", "d1:7H", ("tie", "tie"), id="suit_equal_value"),
        pytest.param("d0:2H", "d0:AD", ("victory", "defeat"), id="suit_beats_colour"),
        pytest.param("d0:9D", "d0:10D", ("defeat", "victory"), id="colour_only_higher_value"),
        pytest.param("d0:KS", "d0:2D", ("defeat", "victory"), id="colour_beats_other_colour"),
        pytest.param("d0:9D", "d1:9D", ("tie", "tie"), id="colour_only_equal_value"),
        pytest.param("d0:KS", "d0:QC", ("tie", "tie"), id="neither_suit_nor_colour"),
    ],
)
def test_a_chase_suit_first_then_value_then_colour_and_equal_values_tie(
    first: str, second: str, outcomes: tuple[str, str]
) -> None:
    assert opposed((MUSCLE, first), (MUSCLE, second)) == outcomes


@pytest.mark.parametrize(
    ("sneak", "watcher", "outcomes"),
    [
        # a ♥ is the sneak's suit (muscle) and not even the watcher's colour (senses, black)
        pytest.param("d0:5H", "d0:KH", ("victory", "defeat"), id="the_sneaks_suit"),
        pytest.param("d0:AD", "d0:3C", ("defeat", "victory"), id="the_watchers_suit"),
        # each side's own colour: red for muscle, black for senses
        pytest.param("d0:10D", "d0:9S", ("victory", "defeat"), id="each_its_own_colour"),
    ],
)
def test_stealth_is_muscle_against_senses_each_side_judged_by_its_own_trait(
    sneak: str, watcher: str, outcomes: tuple[str, str]
) -> None:
    assert opposed((MUSCLE, sneak), (SENSES, watcher)) == outcomes


@pytest.mark.parametrize(
    ("thief", "watcher", "outcomes"),
    [
        # both black: a 9♣ is only the thief's colour (hands, ♠), the watcher's 4♣ its suit
        pytest.param("d0:9C", "d0:4C", ("defeat", "victory"), id="clubs_are_the_watchers"),
        pytest.param("d0:QS", "d0:JC", ("victory", "defeat"), id="each_its_suit_higher_wins"),
    ],
)
def test_a_pickpocket_is_hands_against_senses_each_side_judged_by_its_own_trait(
    thief: str, watcher: str, outcomes: tuple[str, str]
) -> None:
    assert opposed((HANDS, thief), (SENSES, watcher)) == outcomes
