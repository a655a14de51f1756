"""Stepdice's figures of a table, folded from its log, against figures counted by hand.

A scripted session: a blind test (a clock's one step), a helped exceptional test, a pawn taken
out, a missed shot at the boss and its Venganza absorbed by the Armour token, an exceptional
shot with its extra wound, a cast, five Hearts lost (downed, then raised) and a rest. The game
master reads everything once the table is closed; the warrior's player, during play, does not
see the blind test.
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.commands import CloseTable
from domain.stepdice import commands as cmd
from projections.stats import TableStats
from projections.stepdice.stats import (
    StepdiceCharacterFigures,
    StepdiceDamagePoint,
    StepdiceEnemyFigures,
    StepdiceFigures,
    StepdiceHeartFigures,
    StepdiceRollFigures,
)
from tests.stats_helpers import logged, stats_of
from tests.stepdice_helpers import GM, Session, dice, new_session, roll_attack, roll_cast, roll_test

#: blind test 5 (TN 6: failure); helped d12 12 (exceptional); melee 8 on the pawn (TN 6);
#: ranged 3 at the boss (TN 12: failure); ranged 10 at the boss, one grade easier (TN 8:
#: the d10's maximum, exceptional); a cast's 9 (TN 6: success)
FACES = [5, 12, 8, 3, 10, 9]


def play() -> Session:
    """The session, played up to its rest; not closed."""
    session = new_session(scripted_rolls=FACES)
    rogue = session.run(
        "p1", cmd.CreateCharacter(name="Rogue", attributes=dice(fuerza=8), protected=True)
    ).result
    warrior = session.run("p2", cmd.CreateCharacter(name="Warrior", attributes=dice())).result
    pawn = session.run(GM, cmd.AddEnemy(name="Pawn", category="peon")).result
    boss = session.run(GM, cmd.AddEnemy(name="Boss", category="jefe")).result
    session.run(GM, cmd.StartClock(name="Guards", steps=1, consequence="the alarm"))
    session.run(GM, roll_test(rogue, "agilidad", "normal", visibility="blind"))
    helped = session.run(
        GM, roll_test(warrior, "fuerza", "normal", helper={"character": rogue, "how": "a lever"})
    ).result
    session.run(GM, cmd.GrantBenefit(roll=helped, benefit="extra_benefit", description="quiet"))
    session.run(GM, roll_attack(warrior, pawn, "melee"))
    miss = session.run(GM, roll_attack(rogue, boss, "ranged")).result
    session.run(GM, cmd.ResolveVenganza(roll=miss, reach=True, effect="heart"))
    session.run("p1", cmd.SpendArmour(character=rogue))
    shot = session.run(
        GM, roll_attack(rogue, boss, "ranged", shifts=[{"grades": -1, "reason": "high ground"}])
    ).result
    session.run(GM, cmd.GrantBenefit(roll=shot, benefit="extra_wound", description="2 wounds"))
    session.run(GM, roll_cast(rogue, "estandar", 1))
    for _ in range(5):  # 5 Hearts: the fifth downs the warrior
        session.run(GM, cmd.LoseHeart(character=warrior, reason="a thrown stone"))
    session.run("p1", cmd.RaiseAlly(helper=rogue, character=warrior, how="pulls him up"))
    session.run(GM, cmd.Rest(characters=[rogue, warrior], reason="a safe camp"))
    return session


@pytest.fixture(scope="module")
def played() -> tuple[TableStats, TableStats]:
    """The warrior's player's figures during play, then the game master's after closing."""
    session = play()
    during = stats_of(session.app, session.table_id, "p2")
    session.run(GM, CloseTable())
    return during, stats_of(session.app, session.table_id, GM)


def roll(kind: str, attribute: str, die: int, grade: str, target: int, **outcomes: int) -> Any:
    return StepdiceRollFigures(
        kind=kind, attribute=attribute, die=die, grade=grade, target=target, outcomes=outcomes
    )


def character(name: str, **figures: Any) -> StepdiceCharacterFigures:
    counts: dict[str, Any] = dict.fromkeys(
        (
            "rolls",
            "hidden",
            "helped",
            "wounds_dealt",
            "hearts_lost",
            "armour_spent",
            "downed",
            "died",
            "raised",
            "healed",
            "mana_spent",
            "venganzas",
        ),
        0,
    )
    return StepdiceCharacterFigures(name=name, **{**counts, "outcomes": {}, **figures})


#: the shown rolls, the boss's grade heroico (TN 12, 8 after one easier grade)
SHOWN_ROLLS = [
    roll("attack", "destreza", 10, "heroico", 8, exceptional=1),
    roll("attack", "destreza", 10, "heroico", 12, failure=1),
    roll("attack", "fuerza", 10, "normal", 6, success=1),
    roll("cast", "magia", 10, "normal", 6, success=1),
]
BLIND_TEST = roll("test", "agilidad", 10, "normal", 6, failure=1)
HELPED_TEST = roll("test", "fuerza", 12, "normal", 6, exceptional=1)
#: the pawn out (1 wound), the boss's hit and its extra wound (standing, 3 → 2 → 1 Hearts)
ENEMIES = StepdiceEnemyFigures(added=2, strikes=3, wounds=3, by_status={"out": 1, "standing": 2})
#: the rogue's Armour absorbs the Venganza; the warrior loses his 5 Hearts, is downed and
#: raised by the rogue
HEARTS = StepdiceHeartFigures(lost=5, armour_spent=1, downed=1, died=0, raised=1, healed=0)
#: the warrior's five Hearts, one `HeartLost` each: the last events before the raise and the
#: rest (versions 33 to 37 of the log, which the test below checks); the rogue's absorbed
#: Venganza costs no Heart
DAMAGE = [StepdiceDamagePoint(version=v, character="c2", amount=1) for v in range(33, 38)]


def figures(rolls: list[StepdiceRollFigures], hidden: int, rogue: StepdiceCharacterFigures) -> Any:
    return StepdiceFigures(
        rolls=rolls,
        rolls_hidden=hidden,
        benefits={"extra_benefit": 1, "extra_wound": 1},
        complications=0,
        venganza={"reach": 1},
        hearts=HEARTS,
        enemies=ENEMIES,
        mana_spent=1,
        mana_refunded=0,
        clocks={"advanced": 1, "ran_out": 1, "started": 1},  # the blind failure's step
        scenes=0,
        rests=1,
        characters={
            "c1": rogue,
            "c2": character(
                "Warrior",
                rolls=2,
                outcomes={"exceptional": 1, "success": 1},
                wounds_dealt=1,
                hearts_lost=5,
                downed=1,
                raised=1,
            ),
        },
        damage_over_time=DAMAGE,
    )


ROGUE = {"helped": 1, "wounds_dealt": 2, "armour_spent": 1, "mana_spent": 1, "venganzas": 1}


def test_the_game_master_counts_every_roll_once_closed(
    played: tuple[TableStats, TableStats],
) -> None:
    _, closed = played
    rogue = character(
        "Rogue", rolls=4, outcomes={"exceptional": 1, "failure": 2, "success": 1}, **ROGUE
    )
    assert closed.rules == figures([*SHOWN_ROLLS, BLIND_TEST, HELPED_TEST], 0, rogue)


def test_a_player_during_play_counts_a_blind_roll_as_made_not_by_outcome(
    played: tuple[TableStats, TableStats],
) -> None:
    during, _ = played
    rogue = character(
        "Rogue",
        rolls=4,
        hidden=1,
        outcomes={"exceptional": 1, "failure": 1, "success": 1},
        **ROGUE,
    )
    assert during.rules == figures([*SHOWN_ROLLS, HELPED_TEST], 1, rogue)
    assert during.fairness == []


def test_the_dice_faces_are_judged_once_closed(played: tuple[TableStats, TableStats]) -> None:
    _, closed = played
    judged = {f.distribution: f for f in closed.fairness}
    assert judged["d10"].observed == {str(f): int(f in (3, 5, 8, 9, 10)) for f in range(1, 11)}
    assert judged["d12"].observed == {str(f): int(f == 12) for f in range(1, 13)}
    assert judged["d10"].scripted == 5 and judged["d12"].scripted == 1


def test_each_damage_point_is_a_heart_lost_at_its_version() -> None:
    session = play()
    lost = [
        (e.version, e.data["character"])
        for e in logged(session.app, session.table_id, GM)
        if e.type == "stepdice.HeartLost"
    ]
    assert lost == [(p.version, p.character) for p in DAMAGE]
