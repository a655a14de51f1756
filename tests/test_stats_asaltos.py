"""Asaltos's figures of a table, folded from its log, against figures counted by hand.

The book's two knights [001:114-120] (the French, p1: AGI 7, Espada 3; the Spanish, the game
master's: AGI 5, Espada 5): a blind check, an opposed check, then A8's first round (a miss, a
hit for a light wound to the right leg, the pain roll, a parried attack) and a wound the game
master deals, which the French treats. The game master reads everything once the table is
closed; the French's player, during play, does not see the blind check.
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.asaltos import commands as cmd
from domain.commands import CloseTable
from projections.asaltos.stats import (
    AsaltosCharacterFigures,
    AsaltosCheckFigures,
    AsaltosCombatFigures,
    AsaltosDamagePoint,
    AsaltosFigures,
    AsaltosWoundFigures,
)
from projections.stats import TableStats
from tests.asaltos_helpers import GM, Session, actions, attack, check, new_session, sheet
from tests.stats_helpers import logged, stats_of

#: blind check 2 (≤ 5); opposed 1 (French, SL 2) and 4 (Spanish, SL 1); the French's
#: attack 8 (> 3, missed); the Spanish's 5 (hit, SL 0), location 1 (PD) and damage 1 (a light
#: wound); the pain roll 3 (+1: 4 ≤ RES 5); the Spanish's second attack 4 (+1 accumulation,
#: SL 1) and the French parry 1 (+2: 3 ≤ 3); the French's Medicine 4 (+1, his light wound
#: hurting again after the combat: 5 ≤ 6) on the Spanish's serious wound
FACES = [2, 1, 4, 8, 5, 1, 1, 3, 4, 1, 4]
FRENCH, SPANISH = "c1", "c2"


def play() -> Session:
    """The session, played up to the game master's wound; not closed."""
    session = new_session(*FACES, players=1)
    french = session.create("p1", "French", sheet(agi=7, skills={"Espada": 3, "Medicina": 6}))
    spanish = session.create(GM, "Spanish", sheet(agi=5, skills={"Espada": 5}))
    assert (french, spanish) == (FRENCH, SPANISH)
    session.run(GM, check(spanish, "Espada", visibility="blind"))
    contenders = [
        cmd.Contender(character=c, skill="Espada", base_difficulty=0, modifiers=[])
        for c in (french, spanish)
    ]
    assert session.resolve(GM, cmd.OpposedCheck(contenders=contenders)) == french
    session.run(GM, cmd.StartCombat(combatants=[french, spanish]))
    session.run("p1", cmd.DeclareActions(character=french, actions=actions("attack", "parry")))
    session.run(GM, cmd.DeclareActions(character=spanish, actions=actions("attack", "attack")))
    session.run(GM, cmd.StartTanda())
    assert session.resolve(GM, attack(french, spanish)).outcome == "missed"
    assert session.resolve(GM, attack(spanish, french)).outcome == "hit"
    session.resolve(GM, cmd.RollDamage())
    session.resolve(GM, cmd.PainRoll(character=french, wound=1, base_difficulty=0, modifiers=[]))
    session.run(GM, cmd.StartTanda())
    assert session.resolve(GM, attack(spanish, french, reaction="parry")).outcome == "parried"
    session.run(GM, cmd.EndCombat())
    session.run(GM, cmd.InflictWound(character=spanish, location="BI", level=2, reason="a fall"))
    care = cmd.MedicineRoll(
        healer=french, patient=spanish, wound=1, base_difficulty=0, modifiers=[]
    )
    assert session.resolve(GM, care).success
    return session


@pytest.fixture(scope="module")
def played() -> tuple[TableStats, TableStats]:
    """The French's player's figures during play, then the game master's after closing."""
    session = play()
    during = stats_of(session.app, session.table_id, "p1")
    session.run(GM, CloseTable())
    return during, stats_of(session.app, session.table_id, GM)


def row(kind: str, checked: str | None, difficulty: int, **outcomes: int) -> AsaltosCheckFigures:
    return AsaltosCheckFigures(kind=kind, checked=checked, difficulty=difficulty, outcomes=outcomes)


BLIND_CHECK = row("check", "Espada", 0, success=1)
#: what an attack checks is its weapon; a parry names nothing
SHOWN_CHECKS = [
    row("attack", "espada", 0, failure=1, success=1),
    row("attack", "espada", 1, success=1),
    row("medicine", None, 1, success=1),
    row("opposed", "Espada", 0, success=2),
    row("pain", "RES", 1, success=1),
    row("parry", None, 2, success=1),
]
COMBAT = AsaltosCombatFigures(
    combats=1,
    rounds=1,
    attacks={"hit": 1, "missed": 1, "parried": 1},
    criticals=0,
    criticals_confirmed=0,
    aims=0,
)
WOUNDS = AsaltosWoundFigures(
    by_level={"1": 1, "2": 1},
    by_location={"BI": 1, "PD": 1},
    shocks=0,
    death_timers=0,
    death_timers_stopped=0,
    deaths=0,
    healed=0,
    characteristics_lost=0,
)


#: the wound levels noted on the sheets: the Spanish's hit, a light wound (1) to the French;
#: the game master's fall, a serious one (2) to the Spanish; at the versions of their
#: `WoundInflicted` (checked against the log below)
DAMAGE = [
    AsaltosDamagePoint(version=22, character=FRENCH, amount=1),
    AsaltosDamagePoint(version=31, character=SPANISH, amount=2),
]


def french() -> AsaltosCharacterFigures:
    """Opposed, attack, pain, parry and Medicine: 4 of 5 succeeded; he won the opposed
    check and treated the Spanish's wound."""
    return AsaltosCharacterFigures(
        name="French",
        checks=5,
        hidden=0,
        outcomes={"failure": 1, "success": 4},
        attacks={"missed": 1},
        opposed_won=1,
        wounds_dealt=0,
        wounds_taken=1,
        levels_taken=1,
        died=0,
        medicine_successes=1,
    )


def spanish(**shown: Any) -> AsaltosCharacterFigures:
    """The blind check, the opposed check and two attacks; a light wound dealt, a serious
    one taken from the game master's fall."""
    figures: dict[str, Any] = {
        "name": "Spanish",
        "checks": 4,
        "hidden": 0,
        "outcomes": {"success": 4},
        "attacks": {"hit": 1, "parried": 1},
        "opposed_won": 0,
        "wounds_dealt": 1,
        "wounds_taken": 1,
        "levels_taken": 2,
        "died": 0,
        "medicine_successes": 0,
    }
    return AsaltosCharacterFigures(**{**figures, **shown})


def test_the_game_master_counts_every_check_once_closed(
    played: tuple[TableStats, TableStats],
) -> None:
    _, closed = played
    checks = [*SHOWN_CHECKS[:2], BLIND_CHECK, *SHOWN_CHECKS[2:]]
    assert closed.rules == AsaltosFigures(
        checks=checks,
        checks_hidden=0,
        combat=COMBAT,
        wounds=WOUNDS,
        characters={FRENCH: french(), SPANISH: spanish()},
        damage_over_time=DAMAGE,
    )
    assert closed.fairness[0].distribution == "d10"
    assert sum(closed.fairness[0].observed.values()) == len(FACES)


def test_a_player_during_play_counts_a_blind_check_as_made_not_by_outcome(
    played: tuple[TableStats, TableStats],
) -> None:
    during, _ = played
    assert during.rules == AsaltosFigures(
        checks=SHOWN_CHECKS,
        checks_hidden=1,
        combat=COMBAT,
        wounds=WOUNDS,
        characters={FRENCH: french(), SPANISH: spanish(hidden=1, outcomes={"success": 3})},
        damage_over_time=DAMAGE,
    )


def test_each_damage_point_is_a_wound_noted_at_its_version() -> None:
    session = play()
    noted = [
        (e.version, e.data["character"], e.data["wound"]["level"])
        for e in logged(session.app, session.table_id, GM)
        if e.type == "asaltos.WoundInflicted"
    ]
    assert noted == [(p.version, p.character, p.amount) for p in DAMAGE]
    assert sum(p.amount for p in DAMAGE if p.character == SPANISH) == spanish().levels_taken
