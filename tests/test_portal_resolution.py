"""PORTAL: collaboration and confrontations [002:884-1012]."""

from __future__ import annotations

import pytest

from domain.errors import Conflict, InvalidCommand
from domain.portal.absorption import absorb
from domain.portal.collaboration import (
    Member,
    collaborate,
    collaborative_difficulty,
    may_reroll_for,
)
from domain.portal.confrontation import (
    Extended,
    buy_aces,
    confront,
    deferred_difficulty,
    exchange,
    psychological,
    teams,
)
from domain.portal.options import Options
from domain.portal.pool import DieRef, Pool
from domain.portal.reading import ReadingSpec, read
from domain.portal.rerolls import Entitlement, begin, confrontation_reduction, reroll

DEFAULT = Options()
HIGH = ReadingSpec(name="sigilo", choice="HIGH")


def members(**results: int) -> list[Member]:
    return [Member(name=name, result=result) for name, result in results.items()]


def test_p10_collaboration_reductions_are_the_game_masters() -> None:
    """P10 [002:894-900]: a beam of 7 lowered to 5 by two helpers; no reduction for the
    infiltration; a rise is allowed [002:888]."""
    assert collaborative_difficulty(7, 2) == 5
    assert collaborative_difficulty(5, 0) == 5
    assert collaborative_difficulty(5, -1) == 6


def test_p11_alex_cannot_cover_bruno() -> None:
    """P11 [002:910]: D5, Alex 6, Bruno 4: an excess of 1 cannot pay Bruno's 1 point at 2;
    Bruno fails alone, the climb goes on for Alex."""
    with pytest.raises(Conflict) as error:
        collaborate(members(Alex=6, Bruno=4), 5, ["Bruno"], DEFAULT, shared_task=False)
    assert error.value.code == "not_enough_excess"
    result = collaborate(members(Alex=6, Bruno=4), 5, [], DEFAULT, shared_task=False)
    assert (result.excess, result.deficit) == (1, 2)
    assert [m.outcome for m in result.members] == ["success", "failure"]
    assert not result.task_failed


def test_p12_the_rock_moves_with_cosme_covered() -> None:
    """P12 [002:912]: D5, Alex 6, Bruno 6, Cosme 4: the pooled 2 raises Cosme to 5; the task
    cannot fail member by member, and succeeds (GAP `covered_member="succeeds"`)."""
    result = collaborate(members(Alex=6, Bruno=6, Cosme=4), 5, ["Cosme"], DEFAULT, True)
    cosme = result.members[2]
    assert (cosme.result, cosme.covered, cosme.outcome) == (5, True, "success")
    assert (result.spent, result.left, result.task_failed) == (2, 0, False)
    partial = collaborate(
        members(Alex=6, Bruno=6, Cosme=4), 5, ["Cosme"], Options(covered_member="partial"), True
    )
    assert partial.members[2].outcome == "partial"


def test_p13_infiltration_leader_rerolls_for_the_others_and_the_team_fails() -> None:
    """P13 [002:918]: D5, all HIGH: 5,5,3 / 6,6,6 / 2,2,2 / 1,1,1 read 5, 8, 2, -1: excess
    3, deficit 18. Alex's first Sigilo level rerolls one of David's 1s to a 6 (6,1,1: 6);
    his second one of Cosme's 2s to a 1 (2,2,1: 2): excess 4, Cosme short by 3 costs 6, the
    team fails."""
    rolls = {"Alex": [5, 5, 3], "Bruno": [6, 6, 6], "Cosme": [2, 2, 2], "David": [1, 1, 1]}
    results = {name: read(Pool(basic=basic), HIGH).result for name, basic in rolls.items()}
    assert list(results.values()) == [5, 8, 2, -1]
    first = collaborate(members(**results), 5, [], DEFAULT, shared_task=True)
    assert (first.excess, first.deficit) == (3, 18)
    assert may_reroll_for("Alex", "David", leader="Alex")
    assert not may_reroll_for("Bruno", "David", leader="Alex")
    # each of Alex's two Sigilo levels is one reroll, given to a member's die
    first_level = Entitlement(fortaleza=1)
    david = reroll(begin(Pool(basic=[1, 1, 1]), first_level), DieRef(kind="basic"), "fortaleza", 6)
    results["David"] = read(david.pool, HIGH).result
    second_level = Entitlement(fortaleza=1)
    cosme = reroll(begin(Pool(basic=[2, 2, 2]), second_level), DieRef(kind="basic"), "fortaleza", 1)
    results["Cosme"] = read(cosme.pool, HIGH).result
    assert (results["David"], results["Cosme"]) == (6, 2)
    final = collaborate(members(**results), 5, [], DEFAULT, shared_task=True)
    assert (final.excess, final.deficit) == (4, 6)
    with pytest.raises(Conflict):
        collaborate(members(**results), 5, ["Cosme"], DEFAULT, shared_task=True)
    assert final.task_failed


def test_collaboration_refuses_covering_a_member_who_reached_the_difficulty() -> None:
    with pytest.raises(InvalidCommand):
        collaborate(members(Alex=6, Bruno=5), 5, ["Bruno"], DEFAULT, shared_task=False)
    with pytest.raises(InvalidCommand):
        collaborate(members(Alex=6), 5, [], DEFAULT, shared_task=False)


def test_p14_simple_confrontation_cuts_both_sides_levels() -> None:
    """P14 [002:928]: Stealth 2 against Alert 1: Estallido keeps 1 reroll, Omnium none."""
    cut = confrontation_reduction(2, 1)
    assert (2 - cut, 1 - cut) == (1, 0)


def test_combat_reduction_cuts_fortalezas_and_aces_together() -> None:
    """[002:1094]: attack and defence are confrontations; Fortalezas and aces are cut until one
    side has none: 2 levels + 1 ace against Vorok's 7 leave 0 against 4."""
    cut = confrontation_reduction(2 + 1, 7)
    assert (3 - cut, 7 - cut) == (0, 4)


def test_simple_confrontation_compares_the_results() -> None:
    """[002:924]; a tie stands as a tie by default (GAP `confrontation_tie`)."""
    assert confront(5, 3, DEFAULT).winner == "first"
    assert confront(3, 3, DEFAULT).winner == "tie"
    assert confront(3, 3, Options(confrontation_tie="second")).winner == "second"


def test_unequal_confrontation_advantage_goes_on_the_difference_not_the_fumble() -> None:
    """[002:948-950]: a virtual advantage changes who wins, not a fumble; or the advantaged
    result is doubled [002:954]."""
    result = confront(-1, 1, DEFAULT, advantage=3)
    assert (result.winner, result.first_fumbled, result.first) == ("first", True, -1)
    assert confront(4, 7, DEFAULT, doubled="first").winner == "first"


def test_p15_calvins_knot_doubled_is_peters_difficulty() -> None:
    """P15 [002:962]: a knot of 3, doubled: difficulty 6, Peter needs 7."""
    assert deferred_difficulty(3, factor=2) == 6


def test_extended_confrontation_banks_levels_and_buys_aces() -> None:
    """[002:938-940]: the differential to win is the game master's; banked levels buy aces
    at 1 each by default (GAP `levels_per_ace`)."""
    state = exchange(Extended(target=5), 6, 3)
    assert (state.balance, state.winner) == (3, None)
    state = buy_aces(state, "first", 2, DEFAULT)
    assert state.balance == 1
    with pytest.raises(Conflict):
        buy_aces(state, "second", 1, DEFAULT)
    with pytest.raises(Conflict):
        buy_aces(state, "first", 1, Options(levels_per_ace=2))
    state = exchange(state, 7, 3)
    assert state.winner == "first"
    with pytest.raises(Conflict):
        exchange(state, 1, 1)


def test_psychological_confrontation_fumbles() -> None:
    """[002:972, 998-1000]: the manipulator must win; a victim's fumble lets the game master
    dictate; a manipulator's fumble turns the discomfort on him."""
    assert psychological(5, 3).influenced and psychological(5, 3).margin == 2
    assert not psychological(3, 3).influenced
    assert psychological(4, -1).victim_dictated
    assert psychological(-2, 3).backfires


def test_p16_psychological_confrontations_and_the_game_masters_discomfort() -> None:
    """P16 [002:990-994]: Susan beats Robert by 2, Sir Lanmark Sir Volos by 2, Viktor Martha
    by 3; the discomfort each takes for how they answered is the game master's: 3, 2 and 0,
    given as any discomfort dice are [002:974, 248]."""
    for margin in (2, 2, 3):
        assert psychological(4 + margin, 4).influenced
    given = [absorb(0, 0, dice) for dice in (3, 2, 0)]
    assert [(a.discomfort, a.wound) for a in given] == [(3, 0), (2, 0), (0, 0)]


def test_team_confrontation_sums_each_side() -> None:
    """[002:1010]."""
    assert teams([5, 4], [6, 2]) == (1, "first")
    with pytest.raises(InvalidCommand):
        teams([], [1])
