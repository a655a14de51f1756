"""Harm and threats outside combat: falls and being run over with the agility save [L1209-L1233],
frightening threats against confidence [L627, L1239], challenge and provoke [L854-L867, L1243].

Scripted tables: the pile's top cards are the ones a test names. Ana (c1): muscle 3 with
agility (5 cards), head 2 with silver tongue (4 cards), senses 4: confidence 8. Bea (c2): head
2 with cunning (4 cards), confidence 8.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from domain.frontera import commands as cmd
from domain.frontera import events as ev
from domain.frontera.character import Trait
from domain.frontera.harm import AccidentSuffered, SufferAccident
from domain.frontera.morale import (
    AnswerChallenge,
    Challenge,
    ChallengeLost,
    FaceThreat,
    Provoke,
    ThreatFaced,
)
from domain.frontera.state import Modifier
from tests.frontera_helpers import MAYOR, Session, new_session, protagonist
from tests.frontera_scripts import drawn, events_of, last, normal_script

ANA = {"hands": 3, "senses": 4, "muscle": 3, "head": 2}
ANA_SKILLS = ["brawl", "agility", "knowledge", "silver_tongue"]
BEA_SKILLS = ["brawl", "strength", "perception", "cunning"]
FILLERS = ["d0:2S", "d0:3S", "d0:4S", "d0:5S"]


@dataclass
class Street:
    session: Session
    p1: str
    p2: str
    c1: str
    c2: str

    def run(self, actor: str, command: Any) -> Any:
        return self.session.run(actor, command).result

    def level(self, character: str, track: str) -> int:
        return self.session.state.characters[character].level(track)

    def play(self, character: str, card: str) -> None:
        seat = self.p1 if character == self.c1 else self.p2
        self.run(seat, cmd.Draw(character=character))
        self.run(seat, cmd.Choose(character=character, cards=[card]))


def street(pile: list[str], **options: Any) -> Street:
    options = {"mode": "no_management", "scripted_order": pile, **options}
    session = new_session(players=("Ana", "Bea"), **options)
    p1, p2 = session.seats["Ana"], session.seats["Bea"]
    c1 = session.run(p1, protagonist("Ana", ANA, ANA_SKILLS)).result
    c2 = session.run(p2, protagonist("Bea", ANA, BEA_SKILLS)).result
    session.run(MAYOR, cmd.StartTable())
    return Street(session, p1, p2, c1, c2)


# -- falls and being run over ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cause", "metres", "card", "outcome", "harm", "health"),
    [
        ("fall", 10, "d0:7H", "success", 2, 0),  # -1 per 5 m; a success saves 2
        ("fall", 10, "d0:7D", "partial", 2, -1),  # a partial success saves 1
        ("fall", 14, "d0:7S", "failure", 2, -2),  # whole 5 m stretches
        ("train", None, "d0:7H", "success", 4, -2),  # a train: -4
        ("coach", None, "d0:7D", "partial", 2, -1),  # a coach: -2
        ("horse", None, "d0:7S", "failure", 2, -2),  # a horse: -2
    ],
)
def test_an_accident_costs_its_harm_less_what_the_agility_save_saves(
    cause: str, metres: int | None, card: str, outcome: str, harm: int, health: int
) -> None:
    s = street([card, *FILLERS])
    test = s.run(
        MAYOR,
        SufferAccident(character=s.c1, cause=cause, metres=metres, reason="the bridge"),  # type: ignore[arg-type]
    )
    opened = last(s.session, ev.TestOpened).test
    assert (opened.number, opened.purpose) == (test, "accident")
    participant = opened.participants[s.c1]
    assert (participant.trait, participant.skill) == (Trait.MUSCLE, "agility")

    s.play(s.c1, card)
    assert drawn(s.session, s.c1).count.total == 5  # muscle 3 + agility 2
    assert last(s.session, ev.TestResolved).outcomes == {s.c1: outcome}
    suffered = last(s.session, AccidentSuffered)
    assert (suffered.harm, suffered.saved, suffered.lost) == (harm, harm + health, -health)
    assert s.level(s.c1, "health") == health


def test_work_clothes_add_a_card_to_the_agility_save() -> None:
    s = street(["d0:7H", *FILLERS, "d0:6S"])
    clothes = Modifier(amount=1, reason="work clothes")
    s.run(
        MAYOR,
        SufferAccident(character=s.c1, cause="horse", modifiers=[clothes], reason="stampede"),
    )
    assert len(s.run(s.p1, cmd.Draw(character=s.c1))) == 6


def test_a_character_that_cannot_act_takes_the_whole_harm_without_a_save() -> None:
    s = street(FILLERS)
    reason = "the Mayor's ruling"
    s.run(MAYOR, cmd.ChangeCondition(character=s.c1, track="morale", change=-3, reason=reason))

    assert s.run(MAYOR, SufferAccident(character=s.c1, cause="coach", reason="runaway")) is None
    assert s.session.state.test is None
    assert s.level(s.c1, "health") == -2
    assert (last(s.session, AccidentSuffered).saved, s.session.state.tests_opened) == (0, 0)


def test_bad_accidents_are_rejected() -> None:
    s = street(FILLERS)

    def code(actor: str = MAYOR, **fields: Any) -> str:
        command = SufferAccident(**{"character": s.c1, "cause": "fall", "reason": "r", **fields})
        return s.session.refused(actor, command).code

    assert code(metres=4) == "no_harm"  # under 5 m: no level lost
    assert code() == "invalid_accident"  # a fall needs its height
    assert code(cause="train", metres=3) == "invalid_accident"
    assert code(cause="meteor") == "invalid_accident"
    assert code(metres=10, reason=" ") == "reason_required"
    assert code(metres=10, character="c9") == "unknown_character"
    assert code(s.p1, metres=10) == "not_game_master"
    s.run(MAYOR, SufferAccident(character=s.c1, cause="fall", metres=10, reason="r"))
    assert code(metres=10) == "test_in_progress"


# -- frightening threats -----------------------------------------------------------------------


@pytest.mark.parametrize(("card", "morale"), [("d0:9S", -1), ("d0:8S", 0), ("d0:JK1", -1)])
def test_a_threat_whose_card_is_above_confidence_lowers_morale(card: str, morale: int) -> None:
    """Confidence 8 (senses 4 + 4): a 9 scares, an 8 does not (it must be above), a Joker is 15."""
    s = street([card, *FILLERS])

    assert s.run(MAYOR, FaceThreat(character=s.c1, reason="a grizzly")) == morale

    faced = last(s.session, ThreatFaced)
    assert (faced.card, faced.confidence, faced.frightened) == (card, 8, morale < 0)
    assert s.level(s.c1, "morale") == morale
    moved = last(s.session, ev.CardsMoved)
    assert (moved.cards, moved.seen_by, moved.reason) == ([card], None, "threat")


@pytest.mark.parametrize(
    ("mode", "zone"),
    [("no_management", "pile"), ("normal", "player_deck:mayor"), ("wear", "player_discard:mayor")],
)
def test_the_threats_card_is_put_away_as_a_card_the_mayor_played(mode: str, zone: str) -> None:
    script = normal_script(3, pile=["d0:9S"]) if mode == "normal" else ["d0:9S"]
    s = street(script, mode=mode)
    s.run(MAYOR, FaceThreat(character=s.c1, reason="gunfire"))
    assert last(s.session, ThreatFaced).card == "d0:9S"
    assert "d0:9S" in s.session.state.zone(zone)


def test_bad_threats_are_rejected() -> None:
    s = street(FILLERS)
    threat = FaceThreat(character=s.c1, reason="a grizzly")
    assert s.session.refused(s.p1, threat).code == "not_game_master"
    assert s.session.refused(MAYOR, FaceThreat(character=s.c1, reason="")).code == (
        "reason_required"
    )
    assert s.session.refused(MAYOR, FaceThreat(character="c9", reason="x")).code == (
        "unknown_character"
    )
    s.run(MAYOR, cmd.OpenTraitTest(character=s.c2, trait=Trait.SENSES))
    assert s.session.refused(MAYOR, threat).code == "test_in_progress"


# -- challenge and provoke ---------------------------------------------------------------------

ANA_WINS = ["d0:9D", "d0:2S", "d0:3S", "d0:4S", "d0:5D", "d0:6S", "d0:7S", "d0:8S"]
BEA_WINS = ["d0:5D", "d0:2S", "d0:3S", "d0:4S", "d0:9D", "d0:6S", "d0:7S", "d0:8S"]
TIE = ["d0:2S", "d0:3S", "d0:4S", "d0:5S", "d0:6S", "d0:7S", "d0:8S", "d0:9S"]


def contest(s: Street, command: Any, pile: list[str]) -> None:
    """Ana draws the first 4 cards and plays the first; Bea the next 4, and plays the first."""
    s.run(MAYOR, command)
    test = last(s.session, ev.TestOpened).test
    assert test.participants[s.c1].skill == "silver_tongue"
    assert test.participants[s.c2].skill == "cunning"
    s.play(s.c1, pile[0])
    s.play(s.c2, pile[4])


def test_a_challenged_loser_who_refuses_to_face_the_rival_loses_a_level_of_morale() -> None:
    s = street(ANA_WINS)
    contest(s, Challenge(challenger=s.c1, challenged=s.c2), ANA_WINS)
    assert last(s.session, ev.TestResolved).outcomes == {s.c1: "victory", s.c2: "defeat"}
    assert last(s.session, ChallengeLost).challenged == s.c2
    assert s.session.state.challenges == {s.c2: s.c1}
    assert s.level(s.c2, "morale") == 0

    assert s.run(s.p2, AnswerChallenge(character=s.c2, accept=False)) == -1
    assert s.session.state.challenges == {}


def test_a_challenged_loser_who_faces_the_rival_keeps_its_morale() -> None:
    s = street(ANA_WINS)
    contest(s, Challenge(challenger=s.c1, challenged=s.c2), ANA_WINS)
    assert s.run(s.p2, AnswerChallenge(character=s.c2, accept=True)) == 0
    assert s.session.state.challenges == {}


def test_a_challenger_who_loses_loses_a_level_of_morale_and_a_tie_changes_nothing() -> None:
    s = street(BEA_WINS)
    contest(s, Challenge(challenger=s.c1, challenged=s.c2), BEA_WINS)
    assert last(s.session, ev.TestResolved).outcomes == {s.c1: "defeat", s.c2: "victory"}
    assert (s.level(s.c1, "morale"), s.level(s.c2, "morale")) == (-1, 0)
    assert s.session.state.challenges == {}

    t = street(TIE)
    contest(t, Challenge(challenger=t.c1, challenged=t.c2), TIE)
    assert set(last(t.session, ev.TestResolved).outcomes.values()) == {"tie"}
    assert (t.level(t.c1, "morale"), t.level(t.c2, "morale"), t.session.state.challenges) == (
        0,
        0,
        {},
    )


@pytest.mark.parametrize(("pile", "loser"), [(ANA_WINS, "c2"), (BEA_WINS, "c1")])
def test_the_loser_of_a_provocation_loses_a_level_of_morale(pile: list[str], loser: str) -> None:
    s = street(pile)
    contest(s, Provoke(provoker=s.c1, provoked=s.c2), pile)
    levels = {c: s.level(c, "morale") for c in (s.c1, s.c2)}
    assert levels == {s.c1: -1 if loser == "c1" else 0, s.c2: -1 if loser == "c2" else 0}
    assert [e.reason for e in events_of(s.session, ev.ConditionChanged)][-1].startswith(
        "lost the provocation"
    )


def test_bad_challenges_and_answers_are_rejected() -> None:
    s = street(ANA_WINS)
    answer = AnswerChallenge(character=s.c2, accept=False)
    assert s.session.refused(s.p2, answer).code == "no_pending_challenge"
    itself = Challenge(challenger=s.c1, challenged=s.c1)
    assert s.session.refused(MAYOR, itself).code == "invalid_participants"
    by_player = Provoke(provoker=s.c1, provoked=s.c2)
    assert s.session.refused(s.p1, by_player).code == "not_game_master"

    contest(s, Challenge(challenger=s.c1, challenged=s.c2), ANA_WINS)
    assert s.session.refused(s.p1, answer).code == "not_your_seat"
    assert s.session.refused(MAYOR, answer).code == "not_your_seat"
    again = Challenge(challenger=s.c1, challenged=s.c2)
    assert s.session.refused(MAYOR, again).code == "challenge_pending"
