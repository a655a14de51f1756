"""The rulebook's worked examples, replayed through the application with scripted decks.

Clementine's creation [L681], Policarpo's trait test [L754] and Ulises chasing Billy [L822]:
every card and every outcome the book gives is asserted.
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.frontera import commands as cmd
from domain.frontera import events as ev
from domain.frontera.character import Skill, Trait
from domain.frontera.state import DrawCount, Modifier
from tests.frontera_helpers import MAYOR, Session, new_session, npc, protagonist
from tests.frontera_scripts import drawn, events_of, last, skip_phase_1_script

# -- Clementine [L661-L700] --------------------------------------------------------------------

CLEMENTINE = protagonist(
    "Clementine",
    {"hands": 2, "senses": 4, "muscle": 3, "head": 3},
    ["aim", "agility", "cunning", "perception"],
)


def test_clementine_is_created_as_the_book_builds_her() -> None:
    session = new_session(players=("Judit",))
    judit = session.seats["Judit"]

    clementine = session.run(judit, CLEMENTINE).result

    sheet = session.state.characters[clementine]
    assert clementine == "c1"
    assert sheet.kind == "protagonist"
    assert sheet.seat == judit
    assert sheet.traits == {Trait.HANDS: 2, Trait.SENSES: 4, Trait.MUSCLE: 3, Trait.HEAD: 3}
    assert sorted(sheet.skills) == sorted(
        [Skill.AIM, Skill.AGILITY, Skill.CUNNING, Skill.PERCEPTION]
    )
    assert sheet.toughness == 7  # muscle 3 + 4
    assert sheet.confidence == 8  # senses 4, her highest trait, + 4
    assert (sheet.health, sheet.morale, sheet.sobriety) == (0, 0, 0)
    (created,) = events_of(session, ev.CharacterCreated)
    assert created.character.traits == sheet.traits
    assert created.actor == judit


def test_clementines_work_clothes_give_her_an_extra_card_in_agility() -> None:
    """Her work clothes ($3) give one card more in agility: muscle 3 + agility 2 + 1 = 6."""
    session = new_session(players=("Judit",), mode="no_management")
    judit = session.seats["Judit"]
    clementine = session.run(judit, CLEMENTINE).result
    session.run(MAYOR, cmd.StartTable())
    clothes = Modifier(amount=1, reason="work clothes")
    session.run(
        MAYOR,
        cmd.OpenTraitTest(
            character=clementine, trait=Trait.MUSCLE, skill=Skill.AGILITY, modifiers=[clothes]
        ),
    )

    cards = session.run(judit, cmd.Draw(character=clementine)).result

    assert len(cards) == 6
    count = drawn(session, clementine).count
    assert (count.trait, count.skill, count.total) == (3, 2, 6)
    assert count.modifiers == [clothes]


# -- Policarpo [L754-L766] ---------------------------------------------------------------------

POLICARPO_CARDS = ["d0:3C", "d0:9D", "d0:10S", "d0:KS"]  # 3♣ 9♦ 10♠ K♠


def policarpo(perception: bool = False) -> cmd.CreateCharacter:
    """Senses 4 and, as in the book, no perception (unless asked for the what-if)."""
    skills = ["brawl", "strength", "knowledge", "perception" if perception else "cunning"]
    return protagonist("Policarpo", {"hands": 3, "senses": 4, "muscle": 3, "head": 2}, skills)


#: (table options, the zone his cards come from): a dice-like single pile, and the book's own
#: normal mode in phase 2, where "David saca 4 cartas de su mazo"
POLICARPO_TABLES: dict[str, tuple[dict[str, Any], str]] = {
    "no_management": (
        {"mode": "no_management", "scripted_order": POLICARPO_CARDS},
        "pile",
    ),
    "normal_phase_2": (
        {
            "mode": "normal",
            "skip_phase_1": True,
            "scripted_order": skip_phase_1_script(2, {1: POLICARPO_CARDS}),
        },
        "player_deck:p1",
    ),
}


def policarpo_draws(table: str, perception: bool = False) -> tuple[Session, str]:
    options, _ = POLICARPO_TABLES[table]
    session = new_session(players=("David",), **options)
    david = session.seats["David"]
    character = session.run(david, policarpo(perception)).result
    session.run(MAYOR, cmd.StartTable())
    session.run(
        MAYOR,
        cmd.OpenTraitTest(
            character=character, trait=Trait.SENSES, skill=Skill.PERCEPTION, difficulty=8
        ),
    )
    session.run(david, cmd.Draw(character=character))
    return session, character


@pytest.mark.parametrize("table", list(POLICARPO_TABLES))
def test_policarpo_draws_four_cards_and_his_three_of_clubs_is_a_partial_success(
    table: str,
) -> None:
    session, character = policarpo_draws(table)
    david = session.seats["David"]
    _, source = POLICARPO_TABLES[table]

    draw = drawn(session, character)
    assert draw.source == source
    assert draw.cards == POLICARPO_CARDS
    # 4 for senses, nothing for perception, which he lacks
    assert draw.count == DrawCount(
        trait=4,
        skill=0,
        fixed=False,
        modifiers=[],
        health=0,
        morale=0,
        sobriety=0,
        tipsy=0,
        total=4,
    )
    assert session.state.test is not None and session.state.test.difficulty == 8

    session.run(david, cmd.Choose(character=character, cards=["d0:3C"]))

    assert last(session, ev.CardsRevealed).cards == {character: ["d0:3C"]}
    resolved = last(session, ev.TestResolved)
    assert resolved.kind == "trait"
    assert resolved.outcomes == {character: "partial"}
    assert session.state.test is None


@pytest.mark.parametrize("played", ["d0:9D", "d0:10S", "d0:KS"])
def test_policarpo_without_a_club_would_have_failed_whatever_the_colour(played: str) -> None:
    """[L743] with a difficulty, no card of the right suit is a failure, whatever its colour
    (10♠ and K♠ are black like ♣, and K♠ is above the difficulty)."""
    session, character = policarpo_draws("no_management")

    session.run(session.seats["David"], cmd.Choose(character=character, cards=[played]))

    assert last(session, ev.TestResolved).outcomes == {character: "failure"}


def test_policarpo_with_perception_would_have_drawn_six() -> None:
    """ "Si hubiera tenido la habilidad Percepción habría robado 6, 4 por el rasgo y 2 por la
    habilidad." """
    session, character = policarpo_draws("no_management", perception=True)

    draw = drawn(session, character)
    assert (draw.count.trait, draw.count.skill, draw.count.total) == (4, 2, 6)
    assert draw.cards[:4] == POLICARPO_CARDS
    assert len(draw.cards) == 6


# -- Ulises chases Billy [L822-L850] -----------------------------------------------------------

ULISES_CARDS = ["d0:3C", "d0:5D", "d0:8H", "d0:AD"]  # 3♣ 5♦ 8♥ A♦
BILLY_CARDS = ["d0:6D", "d0:6H", "d0:7H", "d0:QS", "d0:7C", "d0:2H"]  # 6♦ 6♥ 7♥ Q♠ 7♣ 2♥

ULISES = protagonist(
    "Ulises",
    {"hands": 4, "senses": 3, "muscle": 2, "head": 3},
    ["quick_shot", "agility", "perception", "cunning"],
)
BILLY = npc("Billy Bala", {"hands": 3, "senses": 2, "muscle": 4, "head": 2}, ["agility"])

#: (options, Ulises' source, Billy's source): Ulises draws first in the book, so on a single
#: pile his four cards lie on top of Billy's six; in normal phase 2 each draws from his own deck
CHASE_TABLES: dict[str, tuple[dict[str, Any], str, str]] = {
    "no_management": (
        {"mode": "no_management", "scripted_order": ULISES_CARDS + BILLY_CARDS},
        "pile",
        "pile",
    ),
    "normal_phase_2": (
        {
            "mode": "normal",
            "skip_phase_1": True,
            "scripted_order": skip_phase_1_script(2, {0: BILLY_CARDS, 1: ULISES_CARDS}),
        },
        "player_deck:p1",
        "player_deck:mayor",
    ),
}


def chase(table: str) -> tuple[Session, str, str]:
    """The Mayor opens the chase, Ulises draws, then Billy draws; nobody has chosen yet."""
    options, _, _ = CHASE_TABLES[table]
    session = new_session(players=("Player",), **options)
    player = session.seats["Player"]
    ulises = session.run(player, ULISES).result
    billy = session.run(MAYOR, BILLY).result
    session.run(MAYOR, cmd.StartTable())
    session.run(
        MAYOR,
        cmd.OpenOpposedTest(
            participants=[
                cmd.Contender(character=ulises, trait=Trait.MUSCLE, skill=Skill.AGILITY),
                cmd.Contender(character=billy, trait=Trait.MUSCLE, skill=Skill.AGILITY),
            ]
        ),
    )
    assert session.run(player, cmd.Draw(character=ulises)).result == ULISES_CARDS
    assert session.run(MAYOR, cmd.Draw(character=billy)).result == BILLY_CARDS
    return session, ulises, billy


@pytest.mark.parametrize("table", list(CHASE_TABLES))
def test_ulises_eight_of_hearts_beats_billys_seven_of_hearts(table: str) -> None:
    session, ulises, billy = chase(table)
    player = session.seats["Player"]
    _, ulises_source, billy_source = CHASE_TABLES[table]

    ulises_draw, billy_draw = drawn(session, ulises), drawn(session, billy)
    assert (ulises_draw.source, ulises_draw.cards) == (ulises_source, ULISES_CARDS)
    assert (ulises_draw.count.trait, ulises_draw.count.skill, ulises_draw.count.total) == (2, 2, 4)
    assert (billy_draw.source, billy_draw.cards) == (billy_source, BILLY_CARDS)
    assert (billy_draw.count.trait, billy_draw.count.skill, billy_draw.count.total) == (4, 2, 6)
    assert billy_draw.seat == MAYOR

    # Ulises picks his only heart and keeps it hidden: nothing is revealed yet
    session.run(player, cmd.Choose(character=ulises, cards=["d0:8H"]))
    assert events_of(session, ev.CardsRevealed) == []
    assert events_of(session, ev.TestResolved) == []
    assert session.state.test is not None
    assert session.state.test.waiting_for == [billy]

    session.run(MAYOR, cmd.Choose(character=billy, cards=["d0:7H"]))

    names = [type(e).__name__ for e in session.events()]
    assert names.index("CardsRevealed") > max(
        i for i, name in enumerate(names) if name == "CardsChosen"
    )
    assert len(events_of(session, ev.CardsChosen)) == 2
    assert last(session, ev.CardsRevealed).cards == {ulises: ["d0:8H"], billy: ["d0:7H"]}
    resolved = last(session, ev.TestResolved)
    assert resolved.kind == "opposed"
    assert resolved.outcomes == {ulises: "victory", billy: "defeat"}
    assert session.state.test is None


def test_with_no_heart_from_ulises_any_of_billys_hearts_would_have_won() -> None:
    """ "Tiene tres cartas de Corazones, si Ulises no ha obtenido ninguna, le vale cualquiera
    de ellas para ganar": Ulises' A♦ (red, value 14) loses to Billy's 2♥."""
    session, ulises, billy = chase("no_management")

    session.run(session.seats["Player"], cmd.Choose(character=ulises, cards=["d0:AD"]))
    session.run(MAYOR, cmd.Choose(character=billy, cards=["d0:2H"]))

    assert last(session, ev.TestResolved).outcomes == {ulises: "defeat", billy: "victory"}


def test_after_the_chase_in_phase_2_each_played_card_is_discarded_and_the_rest_go_back() -> None:
    session, ulises, billy = chase("normal_phase_2")
    session.run(session.seats["Player"], cmd.Choose(character=ulises, cards=["d0:8H"]))
    session.run(MAYOR, cmd.Choose(character=billy, cards=["d0:7H"]))

    zones = session.state.zones
    assert zones["player_discard:p1"] == ["d0:8H"]
    assert zones["player_discard:mayor"] == ["d0:7H"]
    assert zones["player_deck:p1"][-3:] == ["d0:3C", "d0:5D", "d0:AD"]
    assert zones["player_deck:mayor"][-5:] == ["d0:6D", "d0:6H", "d0:QS", "d0:7C", "d0:2H"]
    assert zones[f"hand:{ulises}"] == [] and zones[f"hand:{billy}"] == []
    played = [e for e in events_of(session, ev.CardsMoved) if e.reason == "played"]
    assert all(e.seen_by is None for e in played)  # played cards are public after the reveal
