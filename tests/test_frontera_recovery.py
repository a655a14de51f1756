"""Medical care [L768-L784] and recovery [L537-L663]: the Mayor advances time, the engine heals.

Tables are scripted: the pile's top cards are the ones a test names, and the dead man's hand
lies A♠ A♥ 8♣ 8♦, each flip going under it (so flips come out A♠, A♥, 8♣, 8♦, …). Ana (c1)
and Bea (c2) have head 2 and knowledge: 4 cards in medical care; muscle 3, toughness 7.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from domain.frontera import commands as cmd
from domain.frontera import events as ev
from domain.frontera.character import Track, Trait
from domain.frontera.recovery import (
    AdvanceTime,
    GiveMedicalCare,
    MedicalCareGiven,
    RecoveryProgressed,
    TimeAdvanced,
)
from domain.frontera.state import Modifier, player_deck, player_discard
from tests.frontera_helpers import MAYOR, Session, new_session, protagonist
from tests.frontera_scripts import drawn, events_of, last

SHEET = {"hands": 3, "senses": 4, "muscle": 3, "head": 2}
SKILLS = ["brawl", "strength", "knowledge", "cunning"]

#: medical care draws 4: a ♦ 5 (a success for others, below 8 for oneself), then ♥ 9 (a
#: partial success: red), then a ♦ 9 (a success even for oneself)
CARE_PILE = ["d0:5D", "d0:2S", "d0:3S", "d0:4S", "d0:9H", "d0:5S", "d0:6S", "d0:7S", "d0:9D"]


@dataclass
class Ward:
    session: Session
    p1: str
    p2: str
    c1: str
    c2: str

    def run(self, actor: str, command: Any) -> Any:
        return self.session.run(actor, command).result

    def hurt(self, character: str, track: Track, change: int) -> None:
        reason = "the Mayor's ruling"
        self.run(
            MAYOR,
            cmd.ChangeCondition(character=character, track=track, change=change, reason=reason),
        )

    def level(self, character: str, track: str) -> int:
        return self.session.state.characters[character].level(track)

    def advance(self, amount: int, unit: str, resting: list[str] | None = None) -> None:
        command = AdvanceTime(
            amount=amount,
            unit=unit,  # type: ignore[arg-type]
            resting=resting or [],
            reason="time passes",
        )
        self.run(MAYOR, command)

    def care(self, healer: str, patient: str, card: str) -> MedicalCareGiven:
        """Open medical care, draw for the healer and play `card`."""
        self.run(MAYOR, GiveMedicalCare(healer=healer, patient=patient))
        seat = self.p1 if healer == self.c1 else self.p2
        self.run(seat, cmd.Draw(character=healer))
        self.run(seat, cmd.Choose(character=healer, cards=[card]))
        return last(self.session, MedicalCareGiven)


def ward(pile: list[str] | None = None, mode: str = "no_management") -> Ward:
    session = new_session(players=("Ana", "Bea"), mode=mode, scripted_order=pile or CARE_PILE)
    p1, p2 = session.seats["Ana"], session.seats["Bea"]
    c1 = session.run(p1, protagonist("Ana", SHEET, SKILLS)).result
    c2 = session.run(p2, protagonist("Bea", SHEET, SKILLS)).result
    session.run(MAYOR, cmd.StartTable())
    return Ward(session, p1, p2, c1, c2)


# -- medical care ------------------------------------------------------------------------------


def test_medical_care_of_another_needs_a_success_and_heals_a_wound_in_one_hour() -> None:
    """Head (knowledge): 2 + 2 = 4 cards; a ♦ is a success. With care a wound heals in 1 h,
    where without rest it takes a day."""
    w = ward()
    w.hurt(w.c1, "health", -1)
    w.hurt(w.c2, "health", -1)

    given = w.care(w.c2, w.c1, "d0:5D")
    count = drawn(w.session, w.c2).count
    assert (count.trait, count.skill, count.health) == (2, 2, -1)  # Bea is wounded: 3 cards
    test = last(w.session, ev.TestOpened).test
    assert (test.participants[w.c2].trait, test.participants[w.c2].skill) == ("head", "knowledge")
    assert test.difficulty is None
    assert (given.healer, given.patient, given.level, given.effective) == (w.c2, w.c1, -1, True)

    w.advance(1, "hours")
    assert w.level(w.c1, "health") == 0
    assert w.level(w.c2, "health") == -1  # no care, no rest: a day


def test_a_partial_success_in_medical_care_is_no_use() -> None:
    w = ward(pile=["d0:9H", "d0:2S", "d0:3S", "d0:4S"])
    w.hurt(w.c1, "health", -1)

    given = w.care(w.c2, w.c1, "d0:9H")
    assert last(w.session, ev.TestResolved).outcomes == {w.c2: "partial"}
    assert not given.effective
    w.advance(1, "hours")
    assert w.level(w.c1, "health") == -1


@pytest.mark.parametrize(("card", "effective"), [("d0:5D", False), ("d0:9D", True)])
def test_healing_oneself_has_difficulty_8_and_a_lower_diamond_fails(
    card: str, effective: bool
) -> None:
    pile = [card, "d0:2S", "d0:3S", "d0:4S"]
    w = ward(pile=pile)
    w.hurt(w.c1, "health", -1)

    given = w.care(w.c1, w.c1, card)
    assert last(w.session, ev.TestOpened).test.difficulty == 8
    assert given.effective is effective
    w.advance(1, "hours")
    assert w.level(w.c1, "health") == (0 if effective else -1)


def test_a_healers_kit_adds_a_card() -> None:
    w = ward()
    w.hurt(w.c1, "health", -1)
    kit = Modifier(amount=1, reason="healer's kit")
    w.run(MAYOR, GiveMedicalCare(healer=w.c2, patient=w.c1, modifiers=[kit]))
    assert len(w.run(w.p2, cmd.Draw(character=w.c2))) == 5


def test_care_speeds_only_the_level_it_was_given_at() -> None:
    """Badly wounded with care: 8 h to wounded; then the wound needs new care (1 day without
    rest otherwise)."""
    w = ward()
    w.hurt(w.c1, "health", -2)
    w.care(w.c2, w.c1, "d0:5D")

    w.advance(8, "hours")
    assert w.level(w.c1, "health") == -1
    w.advance(23, "hours")
    assert w.level(w.c1, "health") == -1
    w.advance(1, "hours")
    assert w.level(w.c1, "health") == 0


# -- the recovery table ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "resting", "hours", "after"),
    [
        (-1, True, 8, 0),  # wounded: 8 h of rest
        (-1, False, 23, -1),  # wounded without rest: a day
        (-1, False, 24, 0),
        (-2, True, 24, -1),  # badly wounded: a day of rest
        (-2, False, 72, -1),  # badly wounded without rest: 3 days
        (-2, True, 24 + 8, 0),  # the time left goes on to the next level
        (-3, True, 30 * 24, -2),  # incapacitated: a month of rest
        (-3, False, 366 * 24, -3),  # incapacitated without rest: never
    ],
)
def test_health_recovers_one_level_at_a_time_as_the_table_says(
    level: int, resting: bool, hours: int, after: int
) -> None:
    w = ward()
    w.hurt(w.c1, "health", level)
    w.advance(hours, "hours", [w.c1] if resting else [])
    assert w.level(w.c1, "health") == after


def test_incapacitated_with_care_recover_in_seven_days() -> None:
    w = ward()
    w.hurt(w.c1, "health", -3)
    w.care(w.c2, w.c1, "d0:5D")
    w.advance(6, "days")
    assert w.level(w.c1, "health") == -3
    w.advance(1, "days")
    assert w.level(w.c1, "health") == -2


def test_stretches_of_rest_and_no_rest_add_up_at_their_own_rates() -> None:
    """Wounded: 4 h of rest is half of the 8 h; 12 h without rest is half of the day."""
    w = ward()
    w.hurt(w.c1, "health", -1)
    w.advance(4, "hours", [w.c1])
    progress = last(w.session, RecoveryProgressed).progress
    assert (progress.level, progress.seconds) == (-1, {"rest": 4 * 3600})
    w.advance(11, "hours")
    assert w.level(w.c1, "health") == -1
    w.advance(1, "hours")
    assert w.level(w.c1, "health") == 0


def test_a_dead_character_recovers_nothing_with_time() -> None:
    w = ward()
    w.hurt(w.c1, "health", -4)
    w.advance(100, "days", [w.c1])
    assert w.level(w.c1, "health") == -4


@pytest.mark.parametrize(
    ("level", "better", "worse"),
    [
        (-1, 8 * 3600, 86400),  # scared: DMH(8 h / 1 day)
        (-2, 3600, 8 * 3600),  # terrified: DMH(1 h / 8 h)
        (-3, 6, 60),  # paralysed: DMH(1 turn / 1 minute)
    ],
)
@pytest.mark.parametrize("first", ["d0:AS", "d0:8C"])
def test_morale_recovery_takes_the_time_its_dead_mans_hand_test_gives(
    level: int, better: int, worse: int, first: str
) -> None:
    w = ward(pile=[first, *CARE_PILE])  # the dead man's hand's first card is `first`
    w.hurt(w.c1, "morale", level)
    needed = better if first == "d0:AS" else worse
    turns = needed // 6  # a turn is 6 seconds
    w.advance(1, "turns")
    flip = last(w.session, ev.DeadMansHandDrawn)
    assert (flip.purpose, flip.character, flip.cards) == ("morale_recovery", w.c1, [first])
    if turns > 1:
        assert w.session.state.characters[w.c1].recovery["morale"].needed == needed
        if turns > 2:
            w.advance(turns - 2, "turns")
        assert w.level(w.c1, "morale") == level
        w.advance(1, "turns")
    assert w.level(w.c1, "morale") == level + 1


def test_each_morale_level_takes_its_own_test_and_progress_belongs_to_its_level() -> None:
    w = ward()
    w.hurt(w.c1, "morale", -1)
    w.advance(1, "hours")  # A♠: scared lasts 8 h; 1 h done
    progress = w.session.state.characters[w.c1].recovery["morale"]
    assert (progress.level, progress.needed, progress.seconds) == (-1, 8 * 3600, {"time": 3600})

    w.hurt(w.c1, "morale", -1)  # terrified now: the hour done for "scared" is gone
    assert "morale" not in w.session.state.characters[w.c1].recovery
    w.advance(1, "hours")  # A♥: terrified lasts 1 h
    assert w.level(w.c1, "morale") == -1
    w.advance(1, "hours")  # scared again: a new test, 8♣: a day
    progress = w.session.state.characters[w.c1].recovery["morale"]
    assert (progress.level, progress.needed, progress.seconds) == (-1, 86400, {"time": 3600})
    assert [e.cards for e in events_of(w.session, ev.DeadMansHandDrawn)] == [
        ["d0:AS"],
        ["d0:AH"],
        ["d0:8C"],
    ]


@pytest.mark.parametrize(
    ("level", "resting", "hours", "after"),
    [
        (-1, False, 4, -1),  # tipsy: 12 - toughness 7 = 5 hours
        (-1, False, 5, 0),
        (-2, True, 2, -1),  # drunk: 2 h in bed
        (-2, False, 3, -2),  # drunk: 4 h active
        (-2, False, 4, -1),
        (-3, True, 4, -2),  # coma: 4 h in bed
        (-3, False, 6, -2),  # coma: 6 h on the floor
        (-3, False, 5, -3),
    ],
)
def test_sobriety_recovers_as_the_table_says(
    level: int, resting: bool, hours: int, after: int
) -> None:
    w = ward()
    w.hurt(w.c1, "sobriety", level)
    w.advance(hours, "hours", [w.c1] if resting else [])
    assert w.level(w.c1, "sobriety") == after


@pytest.mark.parametrize(
    ("muscle", "amount", "unit", "after"),
    [
        (7, 59, "minutes", -1),  # toughness 11: 12 - 11 = 1 hour
        (7, 1, "hours", 0),
        (8, 1, "turns", 0),  # toughness 12: no time at all, so the first turn ends it
        (9, 1, "turns", 0),  # toughness 13: never a negative time
    ],
)
def test_tipsiness_lasts_12_minus_the_toughness_hours_and_no_time_from_12(
    muscle: int, amount: int, unit: str, after: int
) -> None:
    session = new_session(players=("Ana",), mode="no_management")
    sheet = {"hands": 1, "senses": 1, "muscle": muscle, "head": 10 - muscle}
    character = session.run(session.seats["Ana"], protagonist("Ana", sheet, SKILLS)).result
    session.run(MAYOR, cmd.StartTable())
    tipsy = cmd.ChangeCondition(character=character, track="sobriety", change=-1, reason="gin")
    session.run(MAYOR, tipsy)
    session.run(MAYOR, AdvanceTime(amount=amount, unit=unit, reason="time passes"))  # type: ignore[arg-type]
    assert session.state.characters[character].sobriety == after


def test_the_game_clock_advances_by_turns_minutes_hours_and_days() -> None:
    w = ward()
    for amount, unit in ((5, "turns"), (2, "minutes"), (1, "hours"), (1, "days")):
        w.advance(amount, unit)
    assert w.session.state.elapsed == 30 + 120 + 3600 + 86400
    assert last(w.session, TimeAdvanced).seconds == 86400


# -- wear mode: cards back with rest -----------------------------------------------------------


def test_wear_mode_returns_8_random_discarded_cards_per_hour_of_rest() -> None:
    w = ward(pile=[], mode="wear")
    for _ in range(10):  # ten tests: ten played cards in Ana's discard
        w.run(MAYOR, cmd.OpenTraitTest(character=w.c1, trait=Trait.SENSES))
        cards = w.run(w.p1, cmd.Draw(character=w.c1))
        w.run(w.p1, cmd.Choose(character=w.c1, cards=[c for c in cards if "JK" not in c][:1]))
    deck, discard = player_deck(w.p1), player_discard(w.p1)
    assert len(w.session.state.zone(discard)) == 10
    assert len(w.session.state.zone(deck)) == 44

    w.advance(30, "minutes", [w.c1])  # less than an hour: nothing
    assert len(w.session.state.zone(discard)) == 10
    w.advance(1, "hours")  # nobody rests: nothing
    assert len(w.session.state.zone(discard)) == 10
    w.advance(1, "hours", [w.c1])
    assert (len(w.session.state.zone(deck)), len(w.session.state.zone(discard))) == (52, 2)
    moved = last(w.session, ev.CardsMoved)
    assert (moved.reason, len(moved.cards), moved.seen_by) == ("rest", 8, [w.p1])
    w.advance(2, "hours", [w.c1])
    assert (len(w.session.state.zone(deck)), len(w.session.state.zone(discard))) == (54, 0)


# -- rejections --------------------------------------------------------------------------------


def test_medical_care_for_the_unhurt_the_fallen_or_twice_is_rejected() -> None:
    w = ward()
    care = GiveMedicalCare(healer=w.c2, patient=w.c1)
    assert w.session.refused(MAYOR, care).code == "not_hurt"
    w.hurt(w.c1, "health", -4)
    assert w.session.refused(MAYOR, care).code == "patient_fallen"
    w.hurt(w.c1, "health", 3)
    w.care(w.c2, w.c1, "d0:5D")
    assert w.session.refused(MAYOR, care).code == "already_cared_for"


def test_medical_care_by_a_player_an_unable_healer_or_during_a_test_is_rejected() -> None:
    w = ward()
    w.hurt(w.c1, "health", -1)
    care = GiveMedicalCare(healer=w.c2, patient=w.c1)
    assert w.session.refused(w.p2, care).code == "not_game_master"
    assert w.session.refused(MAYOR, GiveMedicalCare(healer="c9", patient=w.c1)).code == (
        "unknown_character"
    )
    w.hurt(w.c2, "morale", -3)
    assert w.session.refused(MAYOR, care).code == "character_cannot_act"
    w.hurt(w.c2, "morale", 3)
    w.run(MAYOR, care)
    assert w.session.refused(MAYOR, care).code == "test_in_progress"


def test_bad_advances_of_time_are_rejected() -> None:
    w = ward()

    def advance(**fields: Any) -> str:
        command = AdvanceTime(**{"amount": 1, "unit": "hours", "reason": "night", **fields})
        return w.session.refused(MAYOR, command).code

    assert advance(amount=0) == "invalid_duration"
    assert advance(amount=367, unit="days") == "invalid_duration"
    assert advance(unit="weeks") == "invalid_duration"
    assert advance(resting=["c9"]) == "unknown_character"
    assert advance(reason="  ") == "reason_required"
    command = AdvanceTime(amount=1, unit="hours", reason="night")
    assert w.session.refused(w.p1, command).code == "not_game_master"
    w.run(MAYOR, cmd.OpenTraitTest(character=w.c1, trait=Trait.SENSES))
    assert w.session.refused(MAYOR, command).code == "test_in_progress"
