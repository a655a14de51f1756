"""Commands the rules reject: each raises a DomainError with a stable code and appends nothing.

Every rejection goes through `rejected`, which also checks that the table's version and its
event count did not move.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from domain.commands import AddSeat, CloseTable
from domain.frontera import commands as cmd
from domain.frontera import events as ev
from domain.frontera.cards import Suit
from domain.frontera.character import Skill, Trait
from domain.frontera.state import Modifier
from tests.frontera_helpers import MAYOR, Session, new_session, npc, protagonist
from tests.frontera_scripts import last

#: the top of the scripted pile: 3♣ 9♦ 10♠ K♠, then 6♦ 6♥ 7♥ Q♠ 7♣ 2♥
SCRIPT = ["d0:3C", "d0:9D", "d0:10S", "d0:KS", "d0:6D", "d0:6H", "d0:7H", "d0:QS", "d0:7C"]
NOT_DRAWN = "d0:2H"

SHEET = {"hands": 3, "senses": 4, "muscle": 3, "head": 2}
SKILLS = ["brawl", "strength", "knowledge", "cunning"]


@dataclass
class Scene:
    """Two players with a protagonist each (c1 of p1, c2 of p2) and the Mayor's NPC c3."""

    session: Session
    p1: str
    p2: str
    c1: str
    c2: str
    npc: str

    def run(self, actor: str, command: Any) -> Any:
        return self.session.run(actor, command).result

    def trait_test(self, character: str = "", trait: Trait = Trait.SENSES) -> None:
        self.run(MAYOR, cmd.OpenTraitTest(character=character or self.c1, trait=trait))

    def chase(self) -> None:
        """An opposed muscle test between c1 and the NPC."""
        self.run(
            MAYOR,
            cmd.OpenOpposedTest(
                participants=[
                    cmd.Contender(character=self.c1, trait=Trait.MUSCLE),
                    cmd.Contender(character=self.npc, trait=Trait.MUSCLE, skill=Skill.AGILITY),
                ]
            ),
        )


def scene(started: bool = True, script: list[str] | None = None) -> Scene:
    session = new_session(
        players=("Ana", "Bea"), mode="no_management", scripted_order=script or SCRIPT
    )
    p1, p2 = session.seats["Ana"], session.seats["Bea"]
    c1 = session.run(p1, protagonist("Policarpo", SHEET, SKILLS)).result
    c2 = session.run(p2, protagonist("Rosa", SHEET, SKILLS)).result
    billy = session.run(
        MAYOR, npc("Billy", {"hands": 3, "senses": 2, "muscle": 4, "head": 2}, ["agility"])
    ).result
    if started:
        session.run(MAYOR, cmd.StartTable())
    return Scene(session, p1, p2, c1, c2, billy)


def code(scene: Scene, actor: str, command: Any) -> str:
    return scene.session.refused(actor, command).code


# -- choosing ----------------------------------------------------------------------------------


def test_choosing_a_card_that_was_not_drawn_is_rejected() -> None:
    s = scene()
    s.trait_test()
    assert s.run(s.p1, cmd.Draw(character=s.c1)) == SCRIPT[:4]

    assert code(s, s.p1, cmd.Choose(character=s.c1, cards=[NOT_DRAWN])) == "card_not_drawn"
    # a card another character drew is not this one's either
    assert code(s, s.p1, cmd.Choose(character=s.c1, cards=["d0:6D"])) == "card_not_drawn"
    assert s.session.state.test is not None


def test_choosing_twice_is_rejected() -> None:
    s = scene()
    s.chase()
    s.run(s.p1, cmd.Draw(character=s.c1))
    s.run(s.p1, cmd.Choose(character=s.c1, cards=["d0:3C"]))

    assert code(s, s.p1, cmd.Choose(character=s.c1, cards=["d0:9D"])) == "already_chosen"
    assert s.session.state.test is not None
    assert s.session.state.test.participants[s.c1].chosen == ["d0:3C"]


def test_choosing_more_cards_than_the_test_plays_is_rejected() -> None:
    s = scene()
    s.trait_test()
    s.run(s.p1, cmd.Draw(character=s.c1))

    assert code(s, s.p1, cmd.Choose(character=s.c1, cards=["d0:3C", "d0:KS"])) == "too_many_cards"


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ([], "too_few_cards"),
        (["d0:3C", "d0:3C"], "duplicate_card"),
        (["d9:ZZ"], "unknown_card"),
    ],
)
def test_other_malformed_choices_are_rejected(cards: list[str], expected: str) -> None:
    s = scene()
    s.trait_test()
    s.run(s.p1, cmd.Draw(character=s.c1))

    assert code(s, s.p1, cmd.Choose(character=s.c1, cards=cards)) == expected


def test_choosing_before_drawing_and_drawing_twice_are_rejected() -> None:
    s = scene()
    s.chase()

    assert code(s, s.p1, cmd.Choose(character=s.c1, cards=["d0:3C"])) == "not_drawn_yet"
    s.run(s.p1, cmd.Draw(character=s.c1))
    assert code(s, s.p1, cmd.Draw(character=s.c1)) == "already_drawn"


# -- Jokers ------------------------------------------------------------------------------------

JOKER_SCRIPT = ["d0:JK1", "d0:3C", "d0:9D", "d0:10S"]


def test_playing_a_joker_without_declaring_its_suit_is_rejected() -> None:
    s = scene(script=JOKER_SCRIPT)
    s.trait_test()
    assert s.run(s.p1, cmd.Draw(character=s.c1)) == JOKER_SCRIPT

    assert code(s, s.p1, cmd.Choose(character=s.c1, cards=["d0:JK1"])) == "joker_suit_required"
    assert (
        code(s, s.p1, cmd.Choose(character=s.c1, cards=["d0:JK1"], joker_suits={}))
        == "joker_suit_required"
    )


def test_a_suit_declared_for_a_card_that_is_not_a_joker_is_rejected() -> None:
    s = scene(script=JOKER_SCRIPT)
    s.trait_test()
    s.run(s.p1, cmd.Draw(character=s.c1))

    command = cmd.Choose(character=s.c1, cards=["d0:3C"], joker_suits={"d0:3C": Suit.CLUBS})
    assert code(s, s.p1, command) == "unexpected_joker_suit"


def test_a_joker_declared_of_a_suit_that_does_not_exist_is_rejected() -> None:
    s = scene(script=JOKER_SCRIPT)
    s.trait_test()
    s.run(s.p1, cmd.Draw(character=s.c1))

    command = cmd.Choose(
        character=s.c1,
        cards=["d0:JK1"],
        joker_suits={"d0:JK1": "stars"},  # type: ignore[dict-item]
    )
    assert code(s, s.p1, command) == "unknown_suit"


def test_a_joker_with_its_declared_suit_is_accepted_and_counts_as_that_suit() -> None:
    """The contrast to the rejection: once the suit is declared, the Joker is a ♣ of 15."""
    s = scene(script=JOKER_SCRIPT)
    s.run(MAYOR, cmd.OpenTraitTest(character=s.c1, trait=Trait.SENSES, difficulty=15))
    s.run(s.p1, cmd.Draw(character=s.c1))

    s.run(s.p1, cmd.Choose(character=s.c1, cards=["d0:JK1"], joker_suits={"d0:JK1": Suit.CLUBS}))

    revealed = last(s.session, ev.CardsRevealed)
    assert revealed.joker_suits == {"d0:JK1": Suit.CLUBS}
    assert last(s.session, ev.TestResolved).outcomes == {s.c1: "success"}


# -- seats -------------------------------------------------------------------------------------


def _p2_draws_for_p1(s: Scene) -> tuple[str, Any]:
    s.trait_test()
    return s.p2, cmd.Draw(character=s.c1)


def _p1_draws_for_the_npc(s: Scene) -> tuple[str, Any]:
    s.chase()
    return s.p1, cmd.Draw(character=s.npc)


def _p1_chooses_for_the_npc(s: Scene) -> tuple[str, Any]:
    s.chase()
    s.run(MAYOR, cmd.Draw(character=s.npc))
    return s.p1, cmd.Choose(character=s.npc, cards=["d0:3C"])


def _the_mayor_chooses_for_p1(s: Scene) -> tuple[str, Any]:
    s.trait_test()
    s.run(s.p1, cmd.Draw(character=s.c1))
    return MAYOR, cmd.Choose(character=s.c1, cards=["d0:3C"])


def _p1_creates_a_protagonist_for_p2(s: Scene) -> tuple[str, Any]:
    return s.p1, protagonist("Intruso", SHEET, SKILLS, seat=s.p2)


@pytest.mark.parametrize(
    "setup",
    [
        _p2_draws_for_p1,
        _p1_draws_for_the_npc,
        _p1_chooses_for_the_npc,
        _the_mayor_chooses_for_p1,
        _p1_creates_a_protagonist_for_p2,
    ],
)
def test_acting_for_another_seats_character_is_rejected(
    setup: Callable[[Scene], tuple[str, Any]],
) -> None:
    s = scene()
    actor, command = setup(s)

    assert code(s, actor, command) == "not_your_seat"


def test_a_seat_that_is_not_at_the_table_is_rejected() -> None:
    s = scene()
    s.trait_test()

    assert code(s, "p9", cmd.Draw(character=s.c1)) == "not_seated"
    assert code(s, "p9", cmd.OpenTraitTest(character=s.c1, trait=Trait.HANDS)) == "not_seated"


@pytest.mark.parametrize(
    "command",
    [
        cmd.StartTable(),
        cmd.OpenTraitTest(character="c1", trait=Trait.SENSES),
        cmd.OpenOpposedTest(
            participants=[
                cmd.Contender(character="c1", trait=Trait.MUSCLE),
                cmd.Contender(character="c3", trait=Trait.MUSCLE),
            ]
        ),
        cmd.OpenDeadMansHandTest(character="c1"),
        cmd.CancelTest(reason="bored"),
        cmd.ChangeCondition(character="c1", track="health", change=1, reason="I say so"),
        npc("Henchman", {"hands": 1, "senses": 1, "muscle": 1, "head": 1}, []),
        AddSeat(name="Friend"),
        CloseTable(),
    ],
    ids=lambda command: type(command).__name__,
)
def test_a_player_cannot_do_what_only_the_mayor_does(command: Any) -> None:
    s = scene()
    if isinstance(command, cmd.CancelTest):
        s.trait_test()

    assert code(s, s.p1, command) == "not_game_master"


# -- characters who cannot act -----------------------------------------------------------------

CANNOT_ACT = [
    pytest.param("health", -3, id="incapacitated"),
    pytest.param("health", -4, id="dead"),
    pytest.param("morale", -3, id="paralysed"),
    pytest.param("sobriety", -3, id="coma"),
]


@pytest.mark.parametrize(("track", "change"), CANNOT_ACT)
def test_no_test_opens_for_a_character_who_cannot_act(track: Any, change: int) -> None:
    s = scene()
    s.run(MAYOR, cmd.ChangeCondition(character=s.c1, track=track, change=change, reason="hurt"))

    assert code(s, MAYOR, cmd.OpenTraitTest(character=s.c1, trait=Trait.SENSES)) == (
        "character_cannot_act"
    )
    opposed = cmd.OpenOpposedTest(
        participants=[
            cmd.Contender(character=s.npc, trait=Trait.MUSCLE),
            cmd.Contender(character=s.c1, trait=Trait.MUSCLE),
        ]
    )
    assert code(s, MAYOR, opposed) == "character_cannot_act"


@pytest.mark.parametrize(("track", "change"), CANNOT_ACT)
def test_a_character_who_stops_being_able_to_act_cannot_draw(track: Any, change: int) -> None:
    s = scene()
    s.trait_test()
    s.run(MAYOR, cmd.ChangeCondition(character=s.c1, track=track, change=change, reason="hurt"))

    assert code(s, s.p1, cmd.Draw(character=s.c1)) == "character_cannot_act"


# -- the table's phase -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        cmd.OpenTraitTest(character="c1", trait=Trait.SENSES),
        cmd.OpenDeadMansHandTest(character="c1"),
        cmd.CancelTest(reason="nothing to cancel"),
    ],
    ids=lambda command: type(command).__name__,
)
def test_nothing_is_tested_before_the_table_starts(command: Any) -> None:
    s = scene(started=False)

    assert code(s, MAYOR, command) == "not_started"


def test_a_player_cannot_draw_before_the_table_starts() -> None:
    s = scene(started=False)

    assert code(s, s.p1, cmd.Draw(character=s.c1)) == "not_started"


def test_a_table_starts_only_once() -> None:
    s = scene()

    assert code(s, MAYOR, cmd.StartTable()) == "already_started"


@pytest.mark.parametrize(
    "command",
    [
        cmd.OpenTraitTest(character="c2", trait=Trait.HANDS),
        cmd.OpenDeadMansHandTest(character="c2"),
        cmd.OpenOpposedTest(
            participants=[
                cmd.Contender(character="c2", trait=Trait.MUSCLE),
                cmd.Contender(character="c3", trait=Trait.MUSCLE),
            ]
        ),
    ],
    ids=lambda command: type(command).__name__,
)
def test_no_second_test_opens_while_one_is_in_progress(command: Any) -> None:
    s = scene()
    s.trait_test()

    assert code(s, MAYOR, command) == "test_in_progress"


@pytest.mark.parametrize(
    ("actor", "command"),
    [
        ("p1", cmd.Draw(character="c1")),
        ("p1", cmd.Choose(character="c1", cards=["d0:3C"])),
        (MAYOR, cmd.CancelTest(reason="nothing is open")),
    ],
    ids=lambda value: type(value).__name__ if not isinstance(value, str) else value,
)
def test_drawing_choosing_or_cancelling_without_an_open_test_is_rejected(
    actor: str, command: Any
) -> None:
    s = scene()
    # a test that came and went: there is no open test any more
    s.trait_test()
    s.run(s.p1, cmd.Draw(character=s.c1))
    s.run(s.p1, cmd.Choose(character=s.c1, cards=["d0:3C"]))
    assert s.session.state.test is None

    assert code(s, actor, command) == "no_open_test"


def test_a_character_outside_the_open_test_cannot_draw_in_it() -> None:
    s = scene()
    s.trait_test()

    assert code(s, s.p2, cmd.Draw(character=s.c2)) == "not_a_participant"


# -- character sheets --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("traits", "skills"),
    [
        pytest.param({"hands": 3, "senses": 4, "muscle": 3, "head": 1}, SKILLS, id="traits_sum_11"),
        pytest.param({"hands": 3, "senses": 4, "muscle": 3, "head": 3}, SKILLS, id="traits_sum_13"),
        pytest.param({"hands": 0, "senses": 5, "muscle": 4, "head": 3}, SKILLS, id="trait_below_1"),
        pytest.param({"hands": 4, "senses": 4, "muscle": 4}, SKILLS, id="missing_trait"),
        pytest.param(SHEET, ["brawl", "aim", "strength", "agility"], id="no_exploration_skill"),
        pytest.param(SHEET, ["brawl", "strength", "knowledge"], id="three_skills"),
        pytest.param(SHEET, ["brawl", "strength", "knowledge", "cunning", "aim"], id="five_skills"),
        pytest.param(SHEET, ["brawl", "strength", "knowledge", "knowledge"], id="duplicate_skill"),
    ],
)
def test_a_protagonist_sheet_against_the_creation_rules_is_rejected(
    traits: dict[str, int], skills: list[str]
) -> None:
    s = scene(started=False)

    assert code(s, s.p1, protagonist("Bad", traits, skills)) == "invalid_character"


@pytest.mark.parametrize(
    ("actor", "command"),
    [
        pytest.param(MAYOR, protagonist("Mayor's own", SHEET, SKILLS), id="mayor_protagonist"),
        pytest.param(
            "p1",
            cmd.CreateCharacter(
                name="Fixed",
                kind="protagonist",
                traits={Trait.HANDS: 3, Trait.SENSES: 4, Trait.MUSCLE: 3, Trait.HEAD: 2},
                skills=[Skill.BRAWL, Skill.STRENGTH, Skill.KNOWLEDGE, Skill.CUNNING],
                fixed_draw=3,
            ),
            id="protagonist_with_fixed_draw",
        ),
        pytest.param(
            MAYOR,
            npc("Ghost", {"hands": 1, "senses": 1, "muscle": 1, "head": 1}, [], fixed_draw=2),
            id="npc_with_fixed_draw",
        ),
        pytest.param(
            MAYOR,
            npc("Giant", {"hands": 21, "senses": 1, "muscle": 1, "head": 1}, []),
            id="npc_trait_above_20",
        ),
    ],
)
def test_other_impossible_sheets_are_rejected(actor: str, command: Any) -> None:
    s = scene(started=False)

    assert code(s, actor, command) == "invalid_character"


# -- unknown names (msgspec Structs do not validate on construction) ---------------------------


@pytest.mark.parametrize(
    ("actor", "command", "expected"),
    [
        pytest.param(
            "p1",
            protagonist("Odd", {"hands": 3, "luck": 4, "muscle": 3, "head": 2}, SKILLS),
            "unknown_trait",
            id="sheet_trait",
        ),
        pytest.param(
            "p1",
            protagonist("Odd", SHEET, ["brawl", "strength", "knowledge", "lasso"]),
            "unknown_skill",
            id="sheet_skill",
        ),
        pytest.param(
            MAYOR,
            cmd.OpenTraitTest(character="c1", trait="luck"),  # type: ignore[arg-type]
            "unknown_trait",
            id="trait_test_trait",
        ),
        pytest.param(
            MAYOR,
            cmd.OpenTraitTest(character="c1", trait=Trait.HANDS, skill="lasso"),  # type: ignore[arg-type]
            "unknown_skill",
            id="trait_test_skill",
        ),
        pytest.param(
            MAYOR,
            cmd.OpenOpposedTest(
                participants=[
                    cmd.Contender(character="c1", trait=Trait.MUSCLE),
                    cmd.Contender(character="c3", trait="speed"),  # type: ignore[arg-type]
                ]
            ),
            "unknown_trait",
            id="opposed_trait",
        ),
        pytest.param(
            MAYOR,
            cmd.OpenOpposedTest(
                participants=[
                    cmd.Contender(character="c1", trait=Trait.MUSCLE, skill="running"),  # type: ignore[arg-type]
                    cmd.Contender(character="c3", trait=Trait.MUSCLE),
                ]
            ),
            "unknown_skill",
            id="opposed_skill",
        ),
        pytest.param(
            MAYOR,
            cmd.ChangeCondition(character="c1", track="luck", change=-1, reason="x"),  # type: ignore[arg-type]
            "unknown_track",
            id="condition_track",
        ),
        pytest.param(
            MAYOR,
            cmd.OpenTraitTest(character="c99", trait=Trait.HANDS),
            "unknown_character",
            id="unknown_character",
        ),
    ],
)
def test_unknown_names_are_rejected(actor: str, command: Any, expected: str) -> None:
    s = scene()

    assert code(s, actor, command) == expected


# -- the Mayor's rulings must make sense -------------------------------------------------------


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        pytest.param(
            cmd.OpenTraitTest(character="c1", trait=Trait.HEAD, skill=Skill.AGILITY),
            "skill_trait_mismatch",
            id="skill_of_another_trait",
        ),
        pytest.param(
            cmd.OpenTraitTest(character="c1", trait=Trait.HANDS, difficulty=16),
            "invalid_difficulty",
            id="difficulty_16",
        ),
        pytest.param(
            cmd.OpenTraitTest(
                character="c1",
                trait=Trait.HANDS,
                modifiers=[Modifier(amount=1, reason="  ")],
            ),
            "reason_required",
            id="modifier_without_reason",
        ),
        pytest.param(
            cmd.OpenTraitTest(
                character="c1", trait=Trait.HANDS, modifiers=[Modifier(amount=0, reason="x")]
            ),
            "invalid_modifier",
            id="modifier_of_0",
        ),
        pytest.param(
            cmd.OpenOpposedTest(participants=[cmd.Contender(character="c1", trait=Trait.HANDS)]),
            "invalid_participants",
            id="opposed_alone",
        ),
        pytest.param(
            cmd.OpenOpposedTest(
                participants=[
                    cmd.Contender(character="c1", trait=Trait.HANDS),
                    cmd.Contender(character="c1", trait=Trait.SENSES),
                ]
            ),
            "invalid_participants",
            id="opposed_against_oneself",
        ),
        pytest.param(
            cmd.OpenDeadMansHandTest(character="c1", cards=3),  # type: ignore[arg-type]
            "invalid_card_count",
            id="dead_mans_hand_3_cards",
        ),
        pytest.param(
            cmd.ChangeCondition(character="c1", track="health", change=0, reason="x"),
            "invalid_change",
            id="condition_change_0",
        ),
        pytest.param(
            cmd.ChangeCondition(character="c1", track="health", change=-1, reason=""),
            "reason_required",
            id="condition_without_reason",
        ),
    ],
)
def test_rulings_that_make_no_sense_are_rejected(command: Any, expected: str) -> None:
    s = scene()

    assert code(s, MAYOR, command) == expected


# -- a closed table ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("actor", "command"),
    [
        ("p1", cmd.Draw(character="c1")),
        (MAYOR, cmd.CancelTest(reason="too late")),
        (MAYOR, cmd.OpenDeadMansHandTest(character="c2")),
        ("p2", protagonist("Latecomer", SHEET, SKILLS)),
        (MAYOR, cmd.ChangeCondition(character="c1", track="health", change=-1, reason="x")),
        (MAYOR, AddSeat(name="Latecomer")),
        (MAYOR, CloseTable()),
    ],
    ids=lambda value: type(value).__name__ if not isinstance(value, str) else value,
)
def test_a_closed_table_accepts_no_command(actor: str, command: Any) -> None:
    s = scene()
    s.trait_test()  # left open when the table closes
    s.run(MAYOR, CloseTable())
    assert s.session.table().closed

    assert code(s, actor, command) == "table_closed"
