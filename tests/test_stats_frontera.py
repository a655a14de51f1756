"""Frontera's figures of a table, folded from its log, against figures counted by hand.

The session is the book's combat turn [L1132-L1207] (a scripted no-management table, so
every card is known), then survival and dead man's hand tests, a threat, a trait test,
condition changes, drinks and money. The Mayor reads everything once the table is closed;
Djamal's player, during play, only what his log shows: his own draws, not the others'.
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.commands import CloseTable
from domain.frontera import combat_commands as cc
from domain.frontera import commands as cmd
from domain.frontera.character import Skill, Trait
from domain.frontera.drinking import Drink
from domain.frontera.gambling import SetMoney
from domain.frontera.morale import FaceThreat
from projections.frontera.stats import (
    FronteraCardFigures,
    FronteraCharacterFigures,
    FronteraCombatFigures,
    FronteraConditionFigures,
    FronteraDamagePoint,
    FronteraFigures,
    FronteraTestFigures,
)
from projections.stats import TableStats, totals
from projections.tally import summed
from tests.frontera_helpers import MAYOR, Session
from tests.stats_helpers import logged, stats_of, tallied
from tests.test_frontera_combat_turn import book_table, play_book_turn

DJAMAL, COYOTE, H1, H2, H3 = "c1", "c2", "c3", "c4", "c5"
#: what the threat and Coyote's trait test draw: the pile's next cards, canonical order
#: after the script (d0:2S, then the spades and clubs of deck 0 the script left)
THREAT_CARD = "d0:2S"
COYOTE_TRAIT_DRAW = ["d0:5S", "d0:8S", "d0:9S", "d0:10S", "d0:KS", "d0:2C"]


def play(session: Session) -> int:
    """Everything after the book's turn; returns Djamal's money before the Mayor's changes."""
    p1, p2 = session.seats["Djamal"], session.seats["Coyote"]
    play_book_turn(session)
    session.run(MAYOR, cc.EndCombat(reason="the henchmen are down"))
    # dead man's hand, in its scripted order A♠ A♥ 8♣ 8♦, each card going back under it
    session.run(MAYOR, cc.OpenSurvivalTest(character=H1))
    session.run(MAYOR, cmd.Draw(character=H1))  # A♠: incapacitated, health -4 → -3
    session.run(MAYOR, cmd.OpenDeadMansHandTest(character=DJAMAL, better="lucky"))
    session.run(p1, cmd.Draw(character=DJAMAL))  # A♥: better
    session.run(MAYOR, cmd.OpenDeadMansHandTest(character=COYOTE))
    session.run(p2, cmd.Draw(character=COYOTE))  # 8♣: worse
    session.run(MAYOR, cc.OpenSurvivalTest(character=H3))
    session.run(MAYOR, cmd.Draw(character=H3))  # 8♦: dead for good
    session.run(MAYOR, FaceThreat(character=DJAMAL, reason="a rattlesnake"))
    session.run(
        MAYOR,
        cmd.OpenTraitTest(character=COYOTE, trait=Trait.SENSES, skill=Skill.AIM, difficulty=8),
    )
    drawn = session.run(p2, cmd.Draw(character=COYOTE)).result
    assert drawn == COYOTE_TRAIT_DRAW
    session.run(p2, cmd.Choose(character=COYOTE, cards=["d0:2C"]))  # ♣ below 8: partial
    session.run(
        MAYOR, cmd.ChangeCondition(character=DJAMAL, track="health", change=-1, reason="a graze")
    )
    session.run(
        MAYOR, cmd.ChangeCondition(character=DJAMAL, track="health", change=1, reason="bandaged")
    )
    session.run(p2, Drink(character=COYOTE, drinks=2))
    money: int = session.state.characters[DJAMAL].money
    session.run(MAYOR, SetMoney(character=DJAMAL, money=money + 20, reason="a bounty"))
    session.run(MAYOR, SetMoney(character=DJAMAL, money=money + 5, reason="a round for all"))
    return money


def character(name: str, **figures: Any) -> FronteraCharacterFigures:
    counts: dict[str, Any] = {
        "outcomes": {},
        "drawn": 0,
        "played": 0,
        "jokers_drawn": 0,
        "jokers_played": 0,
        "damage_dealt": 0,
        "damage_taken": 0,
        "deaths": 0,
        "dead_for_good": 0,
        "recovered": {},
        "drinks": 0,
        "money_won": 0,
        "money_lost": 0,
    }
    return FronteraCharacterFigures(name=name, **{**counts, **figures})


#: every test, one outcome per participant, as played above: the turn's attackers (quick
#: shot: hands; aim: senses), four dead man's hands (2 Aces, 2 eights), Coyote's partial
TESTS = [
    FronteraTestFigures(
        kind="combat",
        trait="hands",
        skill="quick_shot",
        difficulty=None,
        outcomes={"hit": 3, "miss": 1},
    ),
    FronteraTestFigures(
        kind="combat", trait=Trait.SENSES, skill=Skill.AIM, difficulty=None, outcomes={"hit": 1}
    ),
    FronteraTestFigures(
        kind="dead_mans_hand",
        trait=None,
        skill=None,
        difficulty=None,
        outcomes={"better": 2, "worse": 2},
    ),
    FronteraTestFigures(
        kind="trait", trait=Trait.SENSES, skill=Skill.AIM, difficulty=8, outcomes={"partial": 1}
    ),
]
#: the book's attacks: 8 cards, 6 hits, Djamal 2 + 2 levels to henchman 1, Coyote 4 to
#: henchman 3 (both dead); then the Mayor's graze and its recovery, the survival test's
#: Ace (henchman 1 up to incapacitated) and its 8 (henchman 3 dead for good)
COMBAT = FronteraCombatFigures(combats=1, turns=1, attacks=8, hits=6, damage=8)
CONDITIONS = FronteraConditionFigures(
    damage_taken=9, deaths=2, dead_for_good=1, lost={"health": 9}, recovered={"health": 2}
)


#: each participant's outcomes: the turn's attackers (henchman 2's A♣ misses, every other
#: attacker hits), the survival tests (henchman 1's A♠ better, henchman 3's 8♦ worse),
#: Djamal's and Coyote's dead man's hands (A♥ better, 8♣ worse) and Coyote's partial
OUTCOMES = {
    DJAMAL: {"better": 1, "hit": 1},
    COYOTE: {"hit": 1, "partial": 1, "worse": 1},
    H1: {"better": 1, "hit": 1},
    H2: {"miss": 1},
    H3: {"hit": 1, "worse": 1},
}
#: the health levels lost, in the order of the log: the turn's 4 to henchman 1, then 4 to
#: henchman 3 (one `ConditionChanged` each, after the attacks are judged), then the
#: Mayor's graze of Djamal (its bandage a recovery, not a point)
DAMAGE = [(H1, 4), (H3, 4), (DJAMAL, 1)]
#: the versions of those `ConditionChanged`s in the table's log (the test below checks each
#: against the log: the event at that version is that character's health lost)
DAMAGE_VERSIONS = [43, 44, 75]


def damage_over_time() -> list[FronteraDamagePoint]:
    return [
        FronteraDamagePoint(version=version, character=who, amount=amount)
        for version, (who, amount) in zip(DAMAGE_VERSIONS, DAMAGE, strict=True)
    ]


def mayors_figures() -> dict[str, FronteraCharacterFigures]:
    return {
        DJAMAL: character(
            "Djamal",
            outcomes=OUTCOMES[DJAMAL],
            drawn=8,
            played=4,
            damage_dealt=4,
            damage_taken=1,
            recovered={"health": 1},
            money_won=20,
            money_lost=15,
        ),
        COYOTE: character(
            "Coyote Sonriente",
            outcomes=OUTCOMES[COYOTE],
            drawn=12,
            played=2,
            damage_dealt=4,
            drinks=2,
        ),
        H1: character(
            "Henchman 1",
            outcomes=OUTCOMES[H1],
            drawn=3,
            played=1,
            damage_taken=4,
            deaths=1,
            recovered={"health": 1},
        ),
        H2: character("Henchman 2", outcomes=OUTCOMES[H2], drawn=3, played=1),
        H3: character(
            "Henchman 3",
            outcomes=OUTCOMES[H3],
            drawn=3,
            played=1,
            damage_taken=4,
            deaths=1,
            dead_for_good=1,
        ),
    }


@pytest.fixture(scope="module")
def played() -> tuple[TableStats, TableStats]:
    """Djamal's figures during play, then the Mayor's once the table is closed."""
    session = book_table()
    play(session)
    during = stats_of(session.app, session.table_id, session.seats["Djamal"])
    session.run(MAYOR, CloseTable())
    return during, stats_of(session.app, session.table_id, MAYOR)


def test_the_mayor_counts_every_card_test_and_character_once_closed(
    played: tuple[TableStats, TableStats],
) -> None:
    _, closed = played
    assert closed.complete
    # drawn: the turn's 3 + 3 + 3 + 8 + 6, the threat's 2♠, Coyote's 6 for his trait test
    # (the script: henchmen QC 6S 9C | 8H 2H AC | 3C KC 4S, Djamal 6C 5C 9H 5D 7S 6H JS QS,
    # Coyote d1:9C JH 9D 3S KD 5H; then 2S; then 5S 8S 9S 10S KS 2C)
    cards = FronteraCardFigures(
        drawn=30,
        hidden=0,
        played=9,
        jokers_drawn=0,
        jokers_played=0,
        threats=1,
        by_suit={"clubs": 9, "diamonds": 3, "hearts": 6, "spades": 12},
        by_value={
            "2": 3,
            "3": 2,
            "4": 1,
            "5": 4,
            "6": 3,
            "7": 1,
            "8": 2,
            "9": 5,
            "10": 1,
            "11": 2,
            "12": 2,
            "13": 3,
            "14": 1,
        },
        by_source={"pile": 30},
    )
    assert closed.rules == FronteraFigures(
        tests=TESTS,
        tests_cancelled=0,
        cards=cards,
        combat=COMBAT,
        conditions=CONDITIONS,
        drinks=2,
        money_won=20,
        money_lost=15,
        dead_mans_hand={"test": {"better": 2, "worse": 2}},
        characters=mayors_figures(),
        damage_over_time=damage_over_time(),
    )


def test_a_player_during_play_counts_only_the_cards_shown_to_him(
    played: tuple[TableStats, TableStats],
) -> None:
    during, _ = played
    assert not during.complete and during.fairness == []
    # shown to Djamal: his own 8 cards and the threat's 2♠, face up; the rest are counted
    # by number only. Every played card was revealed to all.
    assert during.rules.cards == FronteraCardFigures(
        drawn=30,
        hidden=21,
        played=9,
        jokers_drawn=0,
        jokers_played=0,
        threats=1,
        by_suit={"clubs": 2, "diamonds": 1, "hearts": 2, "spades": 4},
        by_value={"2": 1, "5": 2, "6": 2, "7": 1, "9": 1, "11": 1, "12": 1},
        by_source={"pile": 30},
    )
    # what the log shows every seat is counted alike
    assert during.rules.tests == TESTS
    assert during.rules.combat == COMBAT
    assert during.rules.conditions == CONDITIONS
    assert during.rules.characters == mayors_figures()
    assert during.rules.damage_over_time == damage_over_time()


def test_damage_over_time_adds_up_to_each_characters_damage_taken(
    played: tuple[TableStats, TableStats],
) -> None:
    _, closed = played
    for who, figures in closed.rules.characters.items():
        points = [p.amount for p in closed.rules.damage_over_time if p.character == who]
        assert sum(points) == figures.damage_taken


def test_each_point_is_the_version_of_the_health_lost() -> None:
    session = book_table()
    play(session)
    changed = {
        e.version: (e.data["character"], e.data["before"] - e.data["after"])
        for e in logged(session.app, session.table_id, MAYOR)
        if e.type == "ConditionChanged" and e.data["after"] < e.data["before"]
    }
    assert changed == dict(zip(DAMAGE_VERSIONS, DAMAGE, strict=True))


def test_the_figures_are_summed_across_tables_without_the_characters() -> None:
    session = book_table()
    play(session)
    session.run(MAYOR, CloseTable())
    one = tallied(logged(session.app, session.table_id, MAYOR))
    both = totals("frontera", "no_management", 2, summed([one, one]))
    assert both.rules.characters == {}
    assert both.rules.damage_over_time == []
    assert both.rules.cards.drawn == 60
    assert both.rules.combat.damage == 16
    assert both.rules.tests[0].outcomes == {"hit": 6, "miss": 2}
